"""A hero's defeat (spec 4.4, 6.58): the leftmost Sauron marker moves, the hero loses 1 favor or 1 Item, goes
to the nearest Haven (Sauron picks among ties) with his rest and damage pools shuffled back, and his turn ends.
Apart from the turn's steps because a defeat comes from anywhere (a combat, damage, a move that spends the last
card, a card), queued as a `defeat:<hero>` task."""

from __future__ import annotations

from engines.core import Decision, Turn
from engines.meq import rules, stock
from engines.meq.cards import index
from engines.meq.flow import answer, ask, task
from engines.meq.state import Hero, MeqState


@task("defeat")
def defeat(turn: Turn[MeqState], args: list[str]) -> None:
    """Spec 4.4 (6.58): a marker moves, 1 favor or 1 Item is lost, the nearest Haven, pools shuffle back, and the
    turn ends."""
    state = turn.state
    hero = state.hero(args[0])
    turn.say(f"{hero.name} is defeated.")
    if state.active >= 0 and state.current is hero:
        state.turn_over = True
    state.queue[0:0] = [f"sauron_step:{hero.key}:a hero was defeated", f"defeat_loss:{hero.key}",
                        f"defeat_haven:{hero.key}", "shadow:hero-defeated"]


@task("defeat_loss")
def defeat_loss(turn: Turn[MeqState], args: list[str]) -> None:
    state = turn.state
    hero = state.hero(args[0])
    options = ([("favor", "lose 1 favor")] if hero.favor else []) + [
        (f"item:{i}", f"lose the {index().items[i].name}") for i in hero.items]
    if len(options) == 1 and options[0][0] == "favor":
        rules.lose_favor(turn, hero, 1, "defeat")
    elif options:
        ask(turn, hero.seat, f"loss:{hero.key}", f"{hero.name} is defeated: lose 1 favor or 1 Item.", options)


@answer("loss")
def loss_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    state = turn.state
    hero = state.hero(args[0])
    if choice[0] == "favor":
        rules.lose_favor(turn, hero, 1, "defeat")
    else:
        item = choice[0].split(":", 1)[1]
        hero.items.remove(item)
        state.item_supply[item] = state.item_supply.get(item, 0) + 1
        turn.say(f"{hero.name} loses the {index().items[item].name}.")


@task("defeat_haven")
def defeat_haven(turn: Turn[MeqState], args: list[str]) -> None:
    state = turn.state
    hero = state.hero(args[0])
    havens = rules.nearest_havens(state, hero.at)
    if len(havens) > 1:
        ask(turn, state.sauron, f"haven:{hero.key}", f"{hero.name} goes to the nearest Haven: which one?",
            [(h, state.map.name(h)) for h in havens])
    else:
        send_to_haven(turn, hero, havens[0] if havens else hero.at)


@answer("haven")
def haven_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    send_to_haven(turn, turn.state.hero(args[0]), choice[0])


def send_to_haven(turn: Turn[MeqState], hero: Hero, loc: str) -> None:
    state = turn.state
    hero.at = loc
    stock.put(state, stock.life(hero), hero.rest.cards)
    stock.merge(state, stock.life(hero), stock.damage(hero))
    hero.rest.cards.clear()
    stock.shuffle(state, stock.life(hero))
    turn.say(f"{hero.name} goes to {state.map.name(loc)}; the rest and damage pools go back into the life pool.")
