"""Standing orders of the action windows and the response window (tcg spec 1.3, 4.4, 4.11): who is asked follows
from public facts only, never from what a hand holds; and Intimidate, the set-1 response event (spec 6.6)."""

from __future__ import annotations

import copy

from engines.core import Card
from engines.tcg import GAME, flow
from engines.tcg.state import WOUNDS, TcgState
from tests.engines.tcg.table import a_game, answer, put, turn_of, window

SNEAK, NEW_STRENGTH, GANDALF_FOTR, INTIMIDATE = "7_135", "7_154", "1_364", "1_76"


def _skirmish(s: TcgState, comp: Card, *minions: Card) -> None:
    for m in minions:
        s.assign[m.uid] = comp.uid
    s.skirmish = comp.uid


def _asked(s: TcgState) -> list[tuple[str, str, str]]:
    """Who is asked what, as the table sees it (seat, phase, prompt): never the private options."""
    return [(d.seat, s.phase, d.prompt) for d in s.decisions]


def _pass_through(s: TcgState, phase: str, limit: int = 12) -> tuple[list[tuple[str, str, str]], TcgState]:
    """Answer pass to every decision of the window `phase` and record who was asked, until the window is over."""
    seen: list[tuple[str, str, str]] = []
    for _ in range(limit):
        if not s.decisions or s.phase != phase or s.decisions[0].context != "act":
            break
        seen += _asked(s)
        s = answer(s, "pass")
    return seen, s


def test_auto_skips_a_window_no_card_of_the_seat_could_use() -> None:
    # tcg spec 1.3, 4.11: neither Siege of Gondor list holds a maneuver event, and nothing in play acts then
    s = a_game(asks=False)
    put(s, SNEAK, "minions", "p2")
    window(s, "maneuver")
    assert s.phase != "maneuver"
    s = a_game()  # every window asked
    put(s, SNEAK, "minions", "p2")
    window(s, "maneuver")
    assert s.phase == "maneuver" and s.decisions[0].seat == "p1"


def test_auto_asks_the_shadow_in_a_skirmish_only_with_his_minion_there_and_twilight_for_an_event() -> None:
    # tcg spec 4.8, 4.11: three players; p3 has no minion in this skirmish, p2 has one
    s = a_game(3, asks=False)
    merry = s.players[0].fellowship.cards[1]
    frodo = s.players[0].fellowship.cards[0]
    mine = put(s, SNEAK, "minions", "p2")
    other = put(s, SNEAK, "minions", "p3")
    s.assign[other.uid] = frodo.uid
    _skirmish(s, merry, mine)
    s.twilight = 5
    s.decisions.clear()
    flow.start_procedure(s, "skirmish", "site9")
    flow.advance(turn_of(s))
    seen, _ = _pass_through(s, "skirmish")
    assert [a[0] for a in seen] == ["p1", "p2"]  # p3 is skipped
    s.orders["p3"] = {"skirmish": "ask"}
    s.decisions.clear()
    flow.start_procedure(s, "skirmish", "site9")
    flow.advance(turn_of(s))
    seen, _ = _pass_through(s, "skirmish")
    assert [a[0] for a in seen] == ["p1", "p3", "p2"]
    # the pool cannot pay for any Shadow skirmish event of p2's published list (New Strength Came Now costs 2)
    s.orders.pop("p3")
    s.twilight = 1
    s.decisions.clear()
    flow.start_procedure(s, "skirmish", "site9")
    flow.advance(turn_of(s))
    seen, _ = _pass_through(s, "skirmish")
    assert [a[0] for a in seen] == ["p1"]


def test_a_seat_that_passed_is_asked_again_only_after_someone_acted() -> None:
    # tcg spec 4.4: the window closes when all pass in a row; an action reopens the round
    s = a_game(asks=False)
    merry = s.players[0].fellowship.cards[1]
    m = put(s, SNEAK, "minions", "p2")
    _skirmish(s, merry, m)
    s.phase = "skirmish"
    s.twilight = 4
    new = put(s, NEW_STRENGTH, "hand", "p2")
    s.decisions.clear()
    flow.start_procedure(s, "skirmish", "site9")
    flow.advance(turn_of(s))
    s = answer(s, "pass")  # p1
    assert s.decisions[0].seat == "p2"
    s = answer(s, f"ev:{new.uid}:{m.uid}")
    assert s.decisions[0].seat == "p1" and s.phase == "skirmish"  # asked again: p2 acted after his pass
    s = answer(s, "pass")
    assert s.decisions[0].seat == "p2"
    s = answer(s, "pass")
    assert s.phase != "skirmish" or s.step != "procedure"  # both passed in a row: closed, nobody asked again


def test_who_is_asked_does_not_depend_on_the_hand() -> None:
    # tcg spec 1.3: same public state, different hands of the same size -> the same prompts to the same seats
    base = a_game(asks=False)
    merry = base.players[0].fellowship.cards[1]
    m = put(base, SNEAK, "minions", "p2")
    _skirmish(base, merry, m)
    for phase, twilight in (("skirmish", 0), ("skirmish", 3), ("maneuver", 3), ("regroup", 0), ("archery", 5)):
        runs = []
        for hand_refs in ((NEW_STRENGTH, "7_84", "8_85", "7_258"), (SNEAK, SNEAK, SNEAK, SNEAK)):
            s = copy.deepcopy(base)
            s.twilight = twilight
            for p in s.players:  # both seats hold four cards, of these ids
                p.hand.cards = [s.new_card(ref, p.seat) for ref in hand_refs]
            s.decisions.clear()
            flow.start_procedure(s, phase, "site9")
            flow.advance(turn_of(s))
            runs.append(_pass_through(s, phase)[0])
        assert runs[0] == runs[1], phase
    # and the richer hand had something to play where it was asked: the skip was not the hand's doing
    s = copy.deepcopy(base)
    s.twilight = 3
    s.players[1].hand.cards = [s.new_card(NEW_STRENGTH, "p2")]
    s.decisions.clear()
    flow.start_procedure(s, "skirmish", "site9")
    flow.advance(turn_of(s))
    s = answer(s, "pass")
    assert any(o.id.startswith("ev:") for o in s.decisions[0].options)


def test_an_empty_hand_is_public_and_skips_events_but_not_abilities() -> None:
    # tcg spec 1.2 (hand sizes are public), 4.11
    s = a_game(asks=False)
    merry = s.players[0].fellowship.cards[1]
    m = put(s, SNEAK, "minions", "p2")
    _skirmish(s, merry, m)
    s.twilight = 5
    s.players[1].hand.cards = []
    s.decisions.clear()
    flow.start_procedure(s, "skirmish", "site9")
    flow.advance(turn_of(s))
    seen, _ = _pass_through(s, "skirmish")
    assert [a[0] for a in seen] == ["p1"]


def _gandalf_game() -> TcgState:
    s = a_game(asks=False, deck_p1="fotr-gandalf-starter", deck_p2="sog-pippin-starter")
    assert any(s.defs[c.ref].title == "Gandalf" for c in s.players[0].fellowship.cards)
    s.decisions.clear()
    return s


def test_intimidate_prevents_a_wound_to_a_companion_while_gandalf_is_spotted() -> None:
    # tcg spec 6.6 (responses), 4.11 ("any response window a scripted card opens")
    s = _gandalf_game()
    gandalf = next(c for c in s.players[0].fellowship.cards if c.ref == GANDALF_FOTR)
    s.players[0].hand.cards = [s.new_card(SNEAK, "p1")]
    card = put(s, INTIMIDATE, "hand")
    s.twilight = 0
    s.queue.append(f"wound:{gandalf.uid}:archery")
    flow.advance(turn_of(s))
    d = s.decisions[0]
    assert d.seat == "p1" and d.context == f"respond:{gandalf.uid}" and d.private
    assert [o.id for o in d.options] == ["no", card.uid]
    s = answer(s, card.uid)
    g = s.find(gandalf.uid)
    assert g is not None and not g.tokens.get(WOUNDS)
    assert s.twilight == 2 and s.find(card.uid) in s.players[0].discard.cards
    # declined: the wound lands
    s = _gandalf_game()
    gandalf = next(c for c in s.players[0].fellowship.cards if c.ref == GANDALF_FOTR)
    put(s, INTIMIDATE, "hand")
    s.queue.append(f"wound:{gandalf.uid}:archery")
    flow.advance(turn_of(s))
    s = answer(s, "no")
    assert s.find(gandalf.uid).tokens[WOUNDS] == 1  # type: ignore[union-attr]


def test_the_response_window_is_asked_whatever_the_hand_and_only_on_public_grounds() -> None:
    # tcg spec 1.3: the FP holding Intimidate or not is asked the same; no Gandalf, or `order respond never`: not
    prompts = []
    for ref in (INTIMIDATE, SNEAK):
        s = _gandalf_game()
        frodo = s.players[0].fellowship.cards[0]
        s.players[0].hand.cards = [s.new_card(ref, "p1")]
        s.queue.append(f"wound:{frodo.uid}:archery")
        flow.advance(turn_of(s))
        prompts.append(_asked(s))
    assert prompts[0] == prompts[1] and prompts[0][0][0] == "p1"
    s = _gandalf_game()
    s.players[0].fellowship.cards = [c for c in s.players[0].fellowship.cards if c.ref != GANDALF_FOTR]
    put(s, INTIMIDATE, "hand")
    frodo = s.players[0].fellowship.cards[0]
    s.queue.append(f"wound:{frodo.uid}:archery")
    flow.advance(turn_of(s))
    assert s.find(frodo.uid).tokens[WOUNDS] == 1  # type: ignore[union-attr]
    s = _gandalf_game()
    s = GAME.apply(s, "p1", GAME.parse("order respond never")).state
    put(s, INTIMIDATE, "hand")
    frodo = s.players[0].fellowship.cards[0]
    s.queue.append(f"wound:{frodo.uid}:archery")
    s.decisions.clear()
    flow.advance(turn_of(s))
    assert s.find(frodo.uid).tokens[WOUNDS] == 1  # type: ignore[union-attr]
