"""Exploring (spec 3.2 step 3c): what a hero may do where he stands during Travel, in any order: take the favor
there, consult a character, walk the Dark Path, complete a Quest, discard a Plot, use the current Event, trade
with the heroes there. A menu of its own, asked again after each choice until the hero stops; then Travel goes
on (engines.meq.travel)."""

from __future__ import annotations

from engines.core import Decision, DecisionKind, Turn
from engines.meq import corruption, events, quests, rules, sauron_cards, scripts
from engines.meq.cards import index
from engines.meq.flow import answer, ask, fire, task
from engines.meq.state import MeqState


@task("explore")
def explore_task(turn: Turn[MeqState], args: list[str]) -> None:
    """Spec 3.2 step 3c: favor, characters, the Dark Path, Plots, the Event, trading; then back to Travel."""
    state = turn.state
    hero = state.current
    if state.turn_over:
        return
    here = hero.at
    options: list[tuple[str, str]] = []
    if state.favor_at.get(here):
        options.append(("favor", f"take the {state.favor_at[here]} favor here"))
    for char, loc in sorted(state.characters.items()):
        if loc == here and corruption.may_trade(hero):
            name = index().characters[char].name
            options.append((f"consult:{char}:favor", f"consult {name} for {index().characters[char].value} favor"))
            options.append((f"consult:{char}:ability", f"consult {name} for its ability (resolved by hand)"))
    if not state.dark_path_used and len(hero.corruption.cards) <= 3:
        options.append(("darkpath", "walk the Dark Path (+1 favor, +1 Corruption card)"))
    for card in state.plots.cards:
        cost = index().plots[card.ref].favor
        if state.plot_at.get(card.uid) == here and hero.favor >= cost:
            options.append((f"plot:{card.uid}", f"discard the Plot {card.name} for {cost} favor"))
    if events.event_usable(state, hero):
        options.append(("event", f"use the Event {state.current_event.cards[0].name} here"))
    for other in state.heroes_at(here):
        if not (corruption.may_trade(hero) and corruption.may_trade(other)):
            continue
        if other is not hero and hero.favor and corruption.favor_room(state, other, 1):
            options.append((f"give:{other.key}", f"give 1 favor to {other.name}"))
        for item in hero.items:
            if other is not hero and item not in other.items:
                options.append((f"item:{other.key}:{item}", f"give the {index().items[item].name} to {other.name}"))
        for quest in hero.quests:  # 6.49: Encounter Quests only, never a Starting or Advanced Quest
            if other is not hero and quest in index().encounters:
                options.append((f"quest:{other.key}:{quest}", f"give the {index().encounters[quest].name} to "
                                f"{other.name}"))
    options += quests.explore_options(state, hero)
    options.append(("pass", "stop exploring"))
    ask(turn, hero.seat, "explore", f"{hero.name} explores {state.map.name(here)}.", options,
        DecisionKind.ACT_OR_PASS)


@answer("explore")
def explore_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:

    state = turn.state
    hero = state.current
    verb, *rest = choice[0].split(":")
    if verb == "pass":
        return
    if verb == "favor":
        n = state.favor_at.pop(hero.at)
        rules.gain_favor(turn, hero, n, f"retrieved on {state.map.name(hero.at)}")
    elif verb == "consult":
        char, how = rest
        del state.characters[char]
        name = index().characters[char].name
        if how == "favor":
            rules.gain_favor(turn, hero, index().characters[char].value, f"consulting {name}")
        else:
            turn.say(f"{hero.name} consults {name} for its ability: resolve it by hand (adjust); {name} returns "
                     "to the supply.")
        fire("consult", turn, hero, char)  # an active Plot may corrupt whoever consults this character
    elif verb == "darkpath":
        state.dark_path_used = True
        rules.gain_favor(turn, hero, 1, "the Dark Path")
        rules.gain_corruption(turn, hero)
    elif verb == "plot":
        cost = index().plots[state.plots.find(rest[0]).ref].favor  # type: ignore[union-attr]
        hero.favor -= cost
        sauron_cards.discard_active_plot(turn, rest[0], f"{hero.name} pays {cost} favor")
    elif verb == "event":
        card = state.current_event.cards[0]
        turn.say(f"{hero.name} uses the Event {card.name}.")
        scripts.run_card(turn, card.ref, hero, location_ability=True)
        state.current_event.cards.remove(card)
        state.event_discard.cards.append(card)
        state.event_at = ""
    elif verb == "give":
        other = state.hero(rest[0])
        hero.favor -= 1
        other.favor += 1
        turn.say(f"{hero.name} gives 1 favor to {other.name}.")
    elif verb == "item":
        other = state.hero(rest[0])
        hero.items.remove(rest[1])
        other.items.append(rest[1])
        turn.say(f"{hero.name} gives the {index().items[rest[1]].name} to {other.name}.")
    elif verb == "complete":  # the reward comes first, then exploring goes on
        quests.complete(turn, hero, rest[0], then="explore")
        return
    elif verb == "quest":
        other = state.hero(rest[0])
        hero.quests.remove(rest[1])
        other.quests.append(rest[1])
        turn.say(f"{hero.name} gives the {index().encounters[rest[1]].name} to {other.name}.")
    state.queue.insert(0, "explore")
