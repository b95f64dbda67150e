"""A card's id tells no secret in Middle-earth Quest (a play-tester's find): the heroes' options name the face-down
monster tokens on the board by uid ("Remove a piece": `tok|c116`; "Remove which monster token?"; the Encounters
that take a token off), and a hero reads that id in the answer the bot echoes to them and in a refusal listing
the options. Uids were handed out in the pack's order before each pile was shuffled, so c116 was a Crebain in
every 3-player game whatever the seed, and a group learnt the ids after a few games; and a token discarded face
up (its id and face in the table's view) came back under the same id when its pile was reshuffled.

Now a deck's or pile's cards get their uids when it is shuffled, in the shuffled order (engines/meq/stock.py
`shuffle`): across games an id names no fixed face, within a game a reshuffled card is a stranger again, and
what a seat is shown never names a hidden card by an id that seat once saw with its face."""

from __future__ import annotations

import random
import re
from collections import defaultdict
from functools import cache
from typing import Any

import pytest

from engines.core import Config, Turn, codec
from engines.meq import GAME, events, scripts, stock
from engines.meq.shadows import ITHIL, MADNESS_PLOTS
from engines.meq.state import MeqState
from engines.meq.tokens import draw_token, remove_token
from tests.engines.meq.table import a_table, answer, on_top, options, turn_on
from tests.engines.randomplay import random_answer, visible_uids, zones_of

SEEDS = range(8)
UID = re.compile(r"\bc\d+\b")


def faces_by_id(players: int, heroes: str) -> dict[str, dict[str, set[str]]]:
    """For each kind of deck ("pile", "plot", "shadow", "life"...), every uid its face-down cards carry at setup,
    with the faces (card definitions) it named over the seeds."""
    found: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for seed in SEEDS:
        state = GAME.setup(Config(seats=GAME.seat_names(players), options={"heroes": heroes}), seed)
        for key, deck in state.stock.items():
            for entry in deck:
                card = stock.card_of(entry)
                found[key.split(":")[0]][card.uid].add(card.ref)
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_id_names_the_same_face_in_every_game(players: int) -> None:
    """The same heroes, the same player count, eight seeds: no face-down card's id, a monster token's above all,
    names the same face in all of them (in pack order, every one of the 50 tokens' ids did)."""
    heroes = ",".join(["argalad", "beravor", "eleanor"][:players - 1])
    found = faces_by_id(players, heroes)
    assert {"pile", "plot", "shadow", "event", "encounter", "peril", "corruption", "combat", "skill",
            "life"} <= set(found)
    assert len(found["pile"]) == 50  # the 50 tokens carry the same 50 ids in every seed: which face each names varies
    for kind, ids in sorted(found.items(), key=lambda item: item[0] != "pile"):  # the tokens first
        fixed = sorted(uid for uid, faces in ids.items() if len(faces) == 1)
        assert not fixed, f"in every {players}-player game the {kind} cards {fixed[:5]} are the same faces"


def a_game(seed: int = 5) -> MeqState:
    return GAME.setup(Config(seats=GAME.seat_names(3), options={"heroes": "argalad,beravor"}), seed)


def test_a_token_discarded_face_up_comes_back_under_a_new_id() -> None:
    """A pile drawn out, every token fought off the board and discarded face up, where the table reads its id
    and face; the pile empty, the next token drawn reshuffles the discards. Placed on the board, it is offered
    to the heroes by an id nobody has seen with a face."""
    state = a_game()
    turn = Turn(state=state, seat="")
    group = sorted(k.removeprefix("pile:") for k in state.stock if k.startswith("pile:"))[0]
    where = next(loc.id for loc in state.map.locations if state.map.region(loc.region).group == group)
    hero = state.heroes[0].seat
    seen: dict[str, str] = {}
    while stock.count(state, f"pile:{group}"):
        token = draw_token(turn, group)
        state.token_at[token.uid] = where
        remove_token(turn, token.uid, "a test")
        seen[token.uid] = token.ref
    table = codec.to_data(GAME.view(state, hero))
    assert set(seen) <= set(UID.findall(str(table)))  # the hero's view shows each discarded token, id and face
    for _ in range(len(seen)):
        token = draw_token(turn, group)
        state.token_at[token.uid] = where
        assert not token.face_up and hero not in token.known_to
        assert token.uid not in seen, f"token {token.uid} came back face down under the id it was discarded with"
    offered = [o for o, _ in events.sweep_options(state, [where], 0, 1)]
    assert len(offered) == len(seen)
    assert not {o.removeprefix("tok|") for o in offered} & set(seen)


def all_uids(state: MeqState) -> set[str]:
    found = {c.uid for z in zones_of(state) for c in z.cards}
    return found | {stock.card_of(e).uid for deck in state.stock.values() for e in deck}


def shown_to(state: MeqState, seat: str | None, said: list[Any]) -> list[str]:
    """Everything `seat` (None: the table, in the thread) reads that may hold an id: the log lines it is told, and
    its decisions (prompt, context, option ids and labels); the table reads every decision not private, whose
    buttons carry the option ids (bot/chat/components.py), as Sauron's "move the red token" does."""
    texts = [e.text for e in said if e.visible_to(seat)]
    for d in state.decisions:
        if d.seat == seat or (seat is None and not d.private):
            texts += [d.prompt, d.context, *(o.id for o in d.options), *(o.label for o in d.options)]
    return texts


# 3, 4 and 2 players (seed % 3), two games of each but for 3 players
PLAYED = (1, 2, 5, 6, 9)


@cache
def hidden_ids_checked(seed: int) -> int:
    """A random game, checked at every step: whenever the table or a seat is shown the id of a card hidden from it,
    it never saw that id on a face earlier in the game. How many such ids it was shown (and checked)."""
    rnd = random.Random(seed)
    state = GAME.setup(Config(seats=GAME.seat_names(2 + seed % 3), options={}), seed)
    audiences: list[str | None] = [None, *state.seats]
    saw: dict[str | None, set[str]] = {a: set() for a in audiences}
    said: list[Any] = []
    named = 0
    for _ in range(2000):
        everything = all_uids(state)
        for who in audiences:
            visible = visible_uids(state, who)
            hidden = {u for text in shown_to(state, who, said) for u in UID.findall(text)} & everything - visible
            named += len(hidden)
            assert not hidden & saw[who], f"{who or 'the table'} is shown hidden cards {sorted(hidden & saw[who])}"
            saw[who] |= visible
        if GAME.outcome(state) is not None:
            break
        decision = rnd.choice(GAME.pending(state))
        step = GAME.apply(state, decision.seat, random_answer(decision, rnd))
        state, said = step.state, step.events
    assert GAME.outcome(state) is not None
    return named


@pytest.mark.parametrize("seed", PLAYED)
def test_no_one_is_shown_a_hidden_card_under_an_id_they_saw_with_a_face(seed: int) -> None:
    """Random games: whenever the table or a seat is shown the id of a card hidden from it, it never saw that id
    on a face earlier in the game (a card seen face up, then shuffled away, is under a new id). The decisions
    with one answer answer themselves (a token with one place to go is moved without the public "move it where?"
    that names it), and their reasons, told to the table, name no card by id."""
    hidden_ids_checked(seed)


def test_the_games_do_show_hidden_cards_by_id() -> None:
    """The check above is not empty: the games show hidden cards by id (a token in Sauron's public "move it
    where?", a token the heroes may remove), each checked. Now that a token with one place to go moves by itself,
    one game may show none, so this counts all of them."""
    assert sum(hidden_ids_checked(seed) for seed in PLAYED)


def test_a_search_of_the_plot_deck_does_not_name_a_plot_by_the_id_sauron_saw() -> None:
    """Sauron draws Plot cards, keeps one and puts the others at the bottom of the Plot deck, face down under the
    ids he read them with. The Ithil-Stone searches the deck for two named Plots: it offers them by definition,
    so a face-down card is never shown to him under an id he saw on a face (a random game found it: seed 2 of
    the test above, with a token's one-place moves answering themselves, played another way)."""
    state = a_table()
    on_top(state, "plot", MADNESS_PLOTS[1])
    state = answer(state, "action", "draw")
    drawn = {c.ref: c.uid for c in state.plot_drawn.cards}
    seen = drawn[MADNESS_PLOTS[1]]
    state = answer(state, "keep_plot", next(uid for ref, uid in drawn.items() if ref != MADNESS_PLOTS[1]))
    if any(d.context == "plot_order" for d in state.decisions):
        state = answer(state, "plot_order", *sorted(c.uid for c in state.plot_drawn.cards))
    assert seen in {stock.card_of(e).uid for e in state.stock["plot"]}  # at the bottom, under the id he read
    state.decisions.clear()
    scripts.run_card(turn_on(state), ITHIL, None)
    offered = options(state, "card")
    assert MADNESS_PLOTS[1] in offered and not UID.findall(" ".join(offered))
    state = answer(state, "card", MADNESS_PLOTS[1])
    assert MADNESS_PLOTS[1] in [c.ref for c in state.plot_hand.cards]
