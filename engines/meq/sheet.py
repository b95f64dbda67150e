"""What a card gives a hero or takes from him (spec 5.5): favor, levels, Items, Skill training and Corruption
cards, and the attribute a card weighs against a count: the hero sheet and what lies beside it. These are the
words card scripts use; favor, Corruption, levels and Items go through engines.meq.rules, so its caps and the
Corruption cards' penalties apply. The rewards queued by a Quest, an Encounter or a card's fight (`fx:favor`,
`fx:train`, `fx:level`, ...) are registered here."""

from __future__ import annotations

from engines.core import Decision, DecisionKind, Turn
from engines.meq import rules, stock
from engines.meq.effects import FX, push
from engines.meq.flow import answer, ask
from engines.meq.state import Hero, MeqState

# --- favor, Items, levels, Corruption --------------------------------------------------------------------------


def favor(turn: Turn[MeqState], hero: Hero, n: int, why: str) -> None:
    if n >= 0:
        rules.gain_favor(turn, hero, n, why)
    else:
        rules.lose_favor(turn, hero, -n, why)


def corrupt(turn: Turn[MeqState], hero: Hero, n: int = 1) -> None:
    for _ in range(n):
        rules.gain_corruption(turn, hero)


def corruption(hero: Hero) -> int:
    return len(hero.corruption.cards)


def wisdom(state: MeqState, hero: Hero) -> int:
    return rules.attribute(state, hero, "wisdom")


def compare(turn: Turn[MeqState], hero: Hero, attribute: str, test: str, n: int, what: str) -> bool:
    """Weigh an attribute (levels counted) against a count; `test` is ">", ">=" or "<". Says the outcome."""
    have = rules.attribute(turn.state, hero, attribute)
    ok = {">": have > n, ">=": have >= n, "<": have < n}[test]
    turn.say(f"{hero.name}'s {attribute} {have} against {what} {n}: " + ("it applies." if ok else "no effect."))
    return ok


def train(turn: Turn[MeqState], h: Hero) -> None:
    """Spec 5.5 (6.62): two Skill cards, one into the hand (hidden), the other to the Skill discard."""
    state = turn.state
    got = stock.draw_from(turn, "skill", state.skill_discard, h.hand, 2)
    for c in got:
        c.face_up = True
    if len(got) == 2:
        ask(turn, h.seat, f"train:{h.key}", f"{h.name} trains: keep one Skill card.",
                 [(c.uid, c.name) for c in got], private=True)


@answer("train")
def train_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    state = turn.state
    h = state.hero(args[0])
    drawn = [o.id for o in d.options]
    for uid in drawn:
        if uid != choice[0]:
            card = h.hand.take(uid)
            state.skill_discard.cards.append(card)
            turn.say(f"{h.name} trains and discards the Skill card {card.name}.")


def trainings(state: MeqState, hero: Hero, n: int = 1) -> None:
    """Queue `n` trainings, one after the other (each asks which Skill card to keep)."""
    push(state, *[f"fx:train:{hero.key}"] * n)


def item(turn: Turn[MeqState], hero: Hero, item_id: str) -> None:
    rules.gain_item(turn, hero, item_id)


def level(turn: Turn[MeqState], hero: Hero, attribute: str) -> None:
    rules.raise_level(turn, hero, attribute)


# --- Corruption cards off the hero -----------------------------------------------------------------------------


def cleanse(turn: Turn[MeqState], hero: Hero, uids: list[str]) -> None:
    """Corruption cards off the hero, to the Corruption discard."""
    for uid in uids:
        got = hero.corruption.take(uid)
        turn.state.corruption_discard.cards.append(got)
        turn.say(f"{hero.name} discards the Corruption card {got.name}.")


def ask_cleanse(turn: Turn[MeqState], hero: Hero, low: int, high: int, cost: int = 0) -> None:
    """Let the hero pick `low`..`high` of his Corruption cards to discard, paying `cost` favor for each; with a
    single card and no way out, it goes at once."""
    cards = hero.corruption.cards
    high = min(high, len(cards), hero.favor // cost if cost else len(cards))
    if high <= 0:
        return
    if len(cards) == 1 and low >= 1 and not cost:
        cleanse(turn, hero, [cards[0].uid])
        return
    price = f" ({cost} favor each)" if cost else ""
    ask(turn, hero.seat, f"cleanse:{hero.key}:{cost}", f"{hero.name}: discard Corruption cards{price}.",
        [(c.uid, c.name) for c in cards], DecisionKind.CHOOSE_MANY, low=min(low, high), high=high)


@answer("cleanse")
def cleanse_answer(turn: Turn[MeqState], d: Decision, picked: tuple[str, ...], args: list[str]) -> None:
    hero = turn.state.hero(args[0])
    if picked and int(args[1]):
        favor(turn, hero, -int(args[1]) * len(picked), "discarding Corruption")
    cleanse(turn, hero, list(picked))


def favor_or_cleanse(turn: Turn[MeqState], hero: Hero) -> None:
    """The hero takes 1 favor or discards 1 Corruption card (a hero with none just takes the favor)."""
    if not hero.corruption.cards:
        favor(turn, hero, 1, "an Encounter")
        return
    ask(turn, hero.seat, f"boon:{hero.key}", f"{hero.name}: gain 1 favor or discard 1 Corruption card?",
        [("favor", "gain 1 favor"), ("cleanse", "discard 1 Corruption card")])


@answer("boon")
def boon_answer(turn: Turn[MeqState], d: Decision, picked: tuple[str, ...], args: list[str]) -> None:
    hero = turn.state.hero(args[0])
    if picked[0] == "favor":
        favor(turn, hero, 1, "an Encounter")
    else:
        ask_cleanse(turn, hero, 1, 1)


# --- queued rewards (`fx:<op>:<args>`) -------------------------------------------------------------------------


def _fx_favor(turn: Turn[MeqState], args: list[str]) -> None:
    favor(turn, turn.state.hero(args[0]), int(args[1]), "a card's reward")


def _fx_train(turn: Turn[MeqState], args: list[str]) -> None:
    train(turn, turn.state.hero(args[0]))


def _fx_favor_or_train(turn: Turn[MeqState], args: list[str]) -> None:
    hero = turn.state.hero(args[0])
    ask(turn, hero.seat, f"fx_reward:{hero.key}", f"{hero.name}: take 1 favor or train?",
        [("favor", "gain 1 favor"), ("train", "train")])


@answer("fx_reward")
def fx_reward(turn: Turn[MeqState], d: Decision, picked: tuple[str, ...], args: list[str]) -> None:
    hero = turn.state.hero(args[0])
    if picked[0] == "favor":
        favor(turn, hero, 1, "a card's reward")
    else:
        train(turn, hero)


def _fx_level(turn: Turn[MeqState], args: list[str]) -> None:
    level(turn, turn.state.hero(args[0]), args[1])


def _fx_item(turn: Turn[MeqState], args: list[str]) -> None:
    item(turn, turn.state.hero(args[0]), args[1])


def _fx_favor_or_level(turn: Turn[MeqState], args: list[str]) -> None:
    hero = turn.state.hero(args[0])
    ask(turn, hero.seat, f"fx_level:{hero.key}:{args[1]}:{args[2]}", f"{hero.name}: take {args[1]} favor or one "
        f"level of {args[2]}?", [("favor", f"gain {args[1]} favor"), ("level", f"gain a level of {args[2]}")])


@answer("fx_level")
def fx_level(turn: Turn[MeqState], d: Decision, picked: tuple[str, ...], args: list[str]) -> None:
    hero = turn.state.hero(args[0])
    if picked[0] == "favor":
        favor(turn, hero, int(args[1]), "a quest's reward")
    else:
        level(turn, hero, args[2])


def _fx_uncorrupt(turn: Turn[MeqState], args: list[str]) -> None:
    """The hero discards one Corruption card of his choice (all of them with "all")."""
    state = turn.state
    hero = state.hero(args[0])
    if not hero.corruption.cards:
        turn.say(f"{hero.name} holds no Corruption card.")
        return
    if args[1] == "all" or len(hero.corruption.cards) == 1:
        cleanse(turn, hero, [c.uid for c in hero.corruption.cards])
        return
    ask(turn, hero.seat, f"fx_uncorrupt:{hero.key}", f"{hero.name}: discard which Corruption card?",
        [(c.uid, c.name) for c in hero.corruption.cards])


@answer("fx_uncorrupt")
def fx_uncorrupt(turn: Turn[MeqState], d: Decision, picked: tuple[str, ...], args: list[str]) -> None:
    cleanse(turn, turn.state.hero(args[0]), list(picked))


FX.update({"favor": _fx_favor, "train": _fx_train, "favor_or_train": _fx_favor_or_train, "level": _fx_level,
           "item": _fx_item, "favor_or_level": _fx_favor_or_level, "uncorrupt": _fx_uncorrupt})
