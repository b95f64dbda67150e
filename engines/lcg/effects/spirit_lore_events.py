"""The Core Set's Spirit and Lore events (the Leadership and Tactics ones, and the machinery they share, are in
events.py)."""

from __future__ import annotations

from engines.core import Card, Decision, DecisionKind, Option
from engines.lcg import hooks
from engines.lcg.effects.events import (
    all_characters,
    check,
    chosen_enemies,
    owner_of_event,
    pick,
    pick_player,
    picked,
    player_picked,
)
from engines.lcg.effects.primitives import draw, find, to_staging
from engines.lcg.effects.responses import cancel, event_response, offer, subject
from engines.lcg.scripts import T, ask, effect, follow, fx_args, modify
from engines.lcg.state import DAMAGE, EXHAUSTED, RESOURCE, LcgState, Player
from engines.lcg.table import (
    add_tokens,
    characters,
    heroes,
    immune_to_players,
    player_targets,
    raise_threat,
    resources,
    tokens,
)


# --- Spirit -----------------------------------------------------------------------------------------------------
@effect("The Galadhrim's Greeting", "event")
def _greeting(turn: T, card: Card, _o: Card | None) -> None:
    """Either one player's threat drops by 6, or every player's by 2 (the player chooses)."""
    player = owner_of_event(turn, card)
    options = [Option(id=f"six-{p.seat}", label=f"{p.seat}: -6 threat") for p in turn.state.active_players()]
    ask(turn, player.seat, "The Galadhrim's Greeting: reduce threat how?",
        [*options, Option(id="each", label="Each player: -2 threat")], "greeting")


@follow("greeting")
def _greeting_chosen(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    if choice[0] == "each":
        for p in state.active_players():
            raise_threat(turn, p, -2)
        turn.say("Each player reduces their threat by 2.")
    else:
        target = state.player(choice[0].removeprefix("six-"))
        raise_threat(turn, target, -6)
        turn.say(f"{target.seat} reduces their threat by 6.")


def _spirit_ready(state: LcgState, player: Player) -> list[Card]:
    return [c for c in characters(player, state) if state.card_def(c).sphere == "spirit" and EXHAUSTED not in c.flags]


def _sow_eligible(state: LcgState, player: Player, card: Card, location: Card) -> bool:
    return bool(_spirit_ready(state, player)) and location in state.active.cards \
        and not immune_to_players(state, location)


event_response("Strength of Will", "travelled", _sow_eligible, "2 progress on the location")


@effect("Strength of Will", "event")
def _strength(turn: T, card: Card, _o: Card | None) -> None:
    """After travelling, the player exhausts a Spirit character to put 2 progress on the new location."""
    player = owner_of_event(turn, card)
    location = subject(turn.state, player.seat)
    spirits = _spirit_ready(turn.state, player)
    if location is not None and spirits:
        pick(turn, player, "Strength of Will: exhaust which Spirit character?", spirits, "sow", location.uid)


@picked("sow")
def _sow(turn: T, player: Player, spirit: Card, args: list[str]) -> None:
    from engines.lcg.effects.primitives import progress_on_location

    spirit.flags.append(EXHAUSTED)
    location = find(turn.state, args[0])
    if location is not None:
        progress_on_location(turn, location, 2, "Strength of Will")


@hooks.after_travel.register
def after_travel(turn: T, location: Card) -> None:
    """Responses to travelling (Strength of Will), after the location's own Forced effects (FAQ 1.09)."""
    offer(turn, "travelled", location, f"The players travelled to {location.name}: respond?")


def _any(state: LcgState, player: Player, card: Card, other: Card) -> bool:
    return True


event_response("Hasty Stroke", "cancel-shadow", _any, "cancel the shadow effect")
event_response("A Test of Will", "cancel-reveal", _any, "cancel the When Revealed effect")


@effect("Hasty Stroke", "event")
def _hasty(turn: T, card: Card, _o: Card | None) -> None:
    """Cancels the shadow effect just turned face up."""
    shadow = subject(turn.state, owner_of_event(turn, card).seat)
    if shadow is not None:
        cancel(turn.state, shadow, "effect")


@effect("A Test of Will", "event")
def _test_of_will(turn: T, card: Card, _o: Card | None) -> None:
    """Cancels the When Revealed effect of the encounter card just revealed (the rest of it resolves)."""
    revealed = subject(turn.state, owner_of_event(turn, card).seat)
    if revealed is not None:
        cancel(turn.state, revealed, "effect")


@effect("Will of the West", "event")
def _will_of_the_west(turn: T, card: Card, _o: Card | None) -> None:
    """A chosen player's discard pile is shuffled back into their deck, and the card itself is removed from the
    game (its own text): taken out of its owner's discard pile, where a played event lands as it resolves (RR
    p.9), before that pile can be shuffled, so it neither counts there nor comes back in the deck."""
    owner = owner_of_event(turn, card)
    if owner.discard.find(card.uid) is not None:
        turn.state.removed.cards.append(owner.discard.take(card.uid))
        turn.say(f"{card.name} is removed from the game.")
    pick_player(turn, owner, "Will of the West: whose discard pile?", "west")


@player_picked("west")
def _west(turn: T, player: Player, target: Player, _args: list[str]) -> None:
    target.deck.cards.extend(target.discard.cards)
    target.discard.cards = []
    turn.state.rng.shuffle(target.deck.cards)
    turn.say(f"{target.seat}'s discard pile is shuffled into their deck.")


def _discarded_allies(state: LcgState, budget: int) -> list[Card]:
    return [c for p in state.players for c in p.discard.cards
            if state.card_def(c).type == "ally" and (state.card_def(c).cost or 0) <= budget]


def _spirit_budget(state: LcgState, player: Player) -> int:
    return sum(resources(h) for h in heroes(player, state) if state.card_def(h).sphere == "spirit")


@check("Stand and Fight")
def _saf_check(state: LcgState, player: Player) -> str:
    return "" if _discarded_allies(state, _spirit_budget(state, player)) else \
        "No ally in a discard pile has a printed cost your Spirit heroes can pay as X."


@effect("Stand and Fight", "event")
def _stand_and_fight(turn: T, card: Card, _o: Card | None) -> None:
    """X is the printed cost of an ally in any discard pile: paid in Spirit resources, it puts that ally
    into play under the player's control."""
    player = owner_of_event(turn, card)
    allies = _discarded_allies(turn.state, _spirit_budget(turn.state, player))
    state = turn.state
    pick(turn, player, "Stand and Fight: which ally (X = its cost)?", allies, "saf",
         describe=lambda c: f"{c.name} ({c.uid}, cost {state.card_def(c).cost or 0})")


@picked("saf")
def _saf(turn: T, player: Player, ally: Card, _args: list[str]) -> None:
    """X is paid from the Spirit heroes' pools as the player splits it, as any cost is (RR p.13): asked when
    there is more than one way, taken at once when there is one (a hero that can pay it all alone, or every
    Spirit hero's whole pool)."""
    state = turn.state
    cost = state.card_def(ally).cost or 0
    spirit = [h for h in heroes(player, state) if state.card_def(h).sphere == "spirit" and resources(h) > 0]
    if cost and len(spirit) > 1 and sum(resources(h) for h in spirit) > cost:
        ask(turn, player.seat, f"Stand and Fight: pay X = {cost} for {ally.name}: how much from each Spirit hero?",
            [Option(id=h.uid, label=f"{h.name} ({resources(h)})", cap=resources(h)) for h in spirit],
            "saf-pay", ally.uid, kind=DecisionKind.ASSIGN, amount=cost)
        return
    shares = {h.uid: min(resources(h), cost) for h in spirit} if cost else {}
    if shares:
        turn.answered_alone(player.seat, DecisionKind.ASSIGN, [Option(id=h.uid, label=h.name, cap=resources(h))
                                                               for h in spirit],
                            tuple(f"{uid}={n}" for uid, n in shares.items()), amount=cost)
    _saf_paid(turn, player, ally, shares)


@follow("saf-pay")
def _saf_pay(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    ally = find(turn.state, fx_args(decision)[0])
    assert ally is not None  # nothing happens between the choice of the ally and its payment
    _saf_paid(turn, turn.state.player(decision.seat), ally, {p.split("=")[0]: int(p.split("=")[1]) for p in choice})


def _saf_paid(turn: T, player: Player, ally: Card, shares: dict[str, int]) -> None:
    from engines.lcg.effects.allies import put_into_play

    state = turn.state
    paid: list[str] = []
    for hero in heroes(player, state):
        take = shares.get(hero.uid, 0)
        if take:
            add_tokens(hero, RESOURCE, -take)
            paid.append(f"{take} from {hero.name}")
    # Said as a played card's cost is said: X left the heroes' pools, which the table should see.
    cost = sum(shares.values())
    turn.say(f"{player.seat} pays {cost} for Stand and Fight (X)" + (f" ({', '.join(paid)})." if paid else "."))
    for p in state.players:
        if ally in p.discard.cards:
            p.discard.cards.remove(ally)
    put_into_play(turn, player, ally)


@check("A Light in the Dark")
def _light_check(state: LcgState, player: Player) -> str:
    return "" if chosen_enemies(state) else "No enemy engaged with a player can be chosen."


@effect("A Light in the Dark", "event")
def _light(turn: T, card: Card, _o: Card | None) -> None:
    """A chosen engaged enemy goes back to the staging area."""
    pick(turn, owner_of_event(turn, card), "A Light in the Dark: which enemy?", chosen_enemies(turn.state), "light")


@picked("light")
def _light_picked(turn: T, player: Player, enemy: Card, _args: list[str]) -> None:
    to_staging(turn, enemy)


def _spirit_discards(state: LcgState, player: Player) -> list[Card]:
    return [c for c in player.discard.cards if state.card_def(c).sphere == "spirit"]


@check("Dwarven Tomb")
def _tomb_check(state: LcgState, player: Player) -> str:
    return "" if _spirit_discards(state, player) else "Your discard pile holds no Spirit card."


@effect("Dwarven Tomb", "event")
def _tomb(turn: T, card: Card, _o: Card | None) -> None:
    """A Spirit card from the player's own discard pile returns to their hand."""
    player = owner_of_event(turn, card)
    pick(turn, player, "Dwarven Tomb: which card?", [c for c in _spirit_discards(turn.state, player)
                                                       if c is not card] or [card], "tomb")


@picked("tomb")
def _tomb_picked(turn: T, player: Player, target: Card, _args: list[str]) -> None:
    if target in player.discard.cards:
        player.discard.cards.remove(target)
        player.hand.cards.append(target)
        turn.say(f"{player.seat} returns {target.name} from their discard pile to hand.")


def _dead_heroes(state: LcgState) -> list[Card]:
    return [c for p in state.active_players() for c in p.discard.cards if state.card_def(c).type == "hero"]


@check("Fortune or Fate")
def _fate_check(state: LcgState, player: Player) -> str:
    return "" if _dead_heroes(state) else "No hero is in a discard pile."


@effect("Fortune or Fate", "event")
def _fortune(turn: T, card: Card, _o: Card | None) -> None:
    """A hero from any discard pile comes back into play under its owner's control."""
    pick(turn, owner_of_event(turn, card), "Fortune or Fate: which hero?", _dead_heroes(turn.state), "fate")


@picked("fate")
def _fate(turn: T, player: Player, hero: Card, _args: list[str]) -> None:
    state = turn.state
    for p in state.players:
        if hero in p.discard.cards:
            p.discard.cards.remove(hero)
            (state.owner(hero) or p).play.cards.append(hero)
            turn.say(f"{hero.name} returns to play.")


# --- Lore ---------------------------------------------------------------------------------------------------------
def _wounded(state: LcgState) -> list[Card]:
    return [c for c in all_characters(state) if tokens(c, DAMAGE)]


@check("Lore of Imladris")
def _imladris_check(state: LcgState, player: Player) -> str:
    return "" if _wounded(state) else "No character has damage to heal."


@effect("Lore of Imladris", "event")
def _imladris(turn: T, card: Card, _o: Card | None) -> None:
    """A chosen character is healed of all its damage."""
    pick(turn, owner_of_event(turn, card), "Lore of Imladris: heal which character?", _wounded(turn.state),
          "heal-all")


@picked("heal-all")
def _heal_all(turn: T, player: Player, target: Card, _args: list[str]) -> None:
    target.tokens.pop(DAMAGE, None)
    turn.say(f"All damage on {target.name} is healed.")


@effect("Lórien's Wealth", "event")
def _wealth(turn: T, card: Card, _o: Card | None) -> None:
    """A chosen player draws 3 cards."""
    pick_player(turn, owner_of_event(turn, card), "Lórien's Wealth: which player draws 3?", "draw", "3")


@player_picked("draw")
def _draw(turn: T, player: Player, target: Player, args: list[str]) -> None:
    draw(turn, target, int(args[0]))


def _staged(state: LcgState, kind: str) -> list[Card]:
    """The staged cards of this type an event may choose (FAQ 1.47: not those immune to player cards)."""
    return player_targets(state, [c for c in state.staging.cards if state.card_def(c).type == kind])


@check("Radagast's Cunning")
def _cunning_check(state: LcgState, player: Player) -> str:
    return "" if _staged(state, "enemy") else "No enemy in the staging area can be chosen."


@check("Secret Paths")
def _paths_check(state: LcgState, player: Player) -> str:
    return "" if _staged(state, "location") else "No location in the staging area can be chosen."


@effect("Radagast's Cunning", "event")
def _cunning(turn: T, card: Card, _o: Card | None) -> None:
    """A chosen enemy in the staging area adds no threat for the rest of the phase."""
    pick(turn, owner_of_event(turn, card), "Radagast's Cunning: which enemy?", _staged(turn.state, "enemy"),
          "no-threat")


@effect("Secret Paths", "event")
def _paths(turn: T, card: Card, _o: Card | None) -> None:
    """A chosen location in the staging area adds no threat for the rest of the phase."""
    pick(turn, owner_of_event(turn, card), "Secret Paths: which location?", _staged(turn.state, "location"),
          "no-threat")


@picked("no-threat")
def _no_threat(turn: T, player: Player, target: Card, _args: list[str]) -> None:
    modify(turn.state, target, "blank-threat", 0, "phase")
    turn.say(f"{target.name} adds no threat for the rest of the phase.")


def _lore_budget(state: LcgState, player: Player) -> int:
    return sum(resources(h) for h in heroes(player, state) if state.card_def(h).sphere == "lore")


@check("Gandalf's Search")
def _search_check(state: LcgState, player: Player) -> str:
    return "" if _lore_budget(state, player) >= 1 else "X must be at least 1: your Lore heroes have no resources."


@effect("Gandalf's Search", "event")
def _gandalfs_search(turn: T, card: Card, _o: Card | None) -> None:
    """X paid in Lore resources: the player looks at the top X cards of a deck, gives one to that deck's
    owner's hand, and the rest stay on top."""
    player = owner_of_event(turn, card)
    ask(turn, player.seat, "Gandalf's Search: choose X (paid from your Lore heroes)", [], "search-x",
        kind=DecisionKind.NUMBER, low=1, high=_lore_budget(turn.state, player))


@follow("search-x")
def _search_x(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    player = state.player(decision.seat)
    x = int(choice[0])
    left = x
    for hero in heroes(player, state):
        if state.card_def(hero).sphere == "lore":
            take = min(left, resources(hero))
            add_tokens(hero, RESOURCE, -take)
            left -= take
    turn.say(f"{player.seat} pays {x} for Gandalf's Search.")
    pick_player(turn, player, "Gandalf's Search: whose deck?", "search", str(x))


@player_picked("search")
def _search_deck(turn: T, player: Player, target: Player, args: list[str]) -> None:
    top = target.deck.cards[-int(args[0]):]
    if not top:
        return
    for c in top:  # the searching player looks at them (and only they)
        c.known_to = sorted({*c.known_to, player.seat})
    turn.reveal()  # seen, even if taken back: see `peeked`
    ask(turn, player.seat, f"Gandalf's Search: which card goes to {target.seat}'s hand?",
        [Option(id=c.uid, label=c.name) for c in reversed(top)], "search-take", target.seat, private=True)


@follow("search-take")
def _search_take(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    target = turn.state.player(fx_args(decision)[0])
    for c in target.deck.cards:
        c.known_to = [s for s in c.known_to if s != decision.seat]
    card = target.deck.find(choice[0])
    if card is not None:
        target.deck.cards.remove(card)
        target.hand.cards.append(card)
        turn.say(f"{target.seat} takes a card from the top of their deck into hand.")
        turn.reveal()


@effect("Beorn's Hospitality", "event")
def _hospitality(turn: T, card: Card, _o: Card | None) -> None:
    """Every hero of a chosen player is healed of all damage."""
    pick_player(turn, owner_of_event(turn, card), "Beorn's Hospitality: which player?", "hospitality")


@player_picked("hospitality")
def _hospitality_player(turn: T, player: Player, target: Player, _args: list[str]) -> None:
    for hero in heroes(target, turn.state):
        hero.tokens.pop(DAMAGE, None)
    turn.say(f"Every hero of {target.seat} is healed.")

