"""The words a player reads (the log, a decision's prompt and options, the text board) name places, regions and
token colours as the map names them, never by the ids the state files them under: a play-tester read "the
brown-lands-mordor token". The ids are taken from the engine's own map, so a map with new places is covered."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from engines.core import Config, Decision, Event
from engines.core.zones import CardView
from engines.meq import GAME, stock, tokens
from engines.meq import enc_brown_lands_mordor as bm
from engines.meq.board import Board
from engines.meq.state import MeqState
from engines.meq.view import MeqView
from tests.engines.meq.enc_fixtures import at_encounter, run
from tests.engines.meq.table import a_table, open_decision, place_token, turn_on
from tests.engines.player_words import citations
from tests.engines.randomplay import random_answer


def raw_ids(board: Board) -> re.Pattern[str]:
    """Every location, region and colour-group id of `board`, as a whole word (an id is lower case and joined by
    hyphens, so within a sentence it can only be an id that leaked: "Bree" is a name, "bree" an id)."""
    ids = {loc.id for loc in board.locations} | {r.id for r in board.regions} | {r.group for r in board.regions}
    alternatives = "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])({alternatives})(?![\w-])")


def card_names(cards: list[CardView]) -> Iterator[str]:
    for c in cards:
        if c.name:
            yield c.name
        yield from card_names(c.attached)


def view_words(view: MeqView) -> Iterator[str]:
    """What a seat reads of its view: not the ids the renderer places things by (`PlaceView.id`, `HeroPanel.at`)."""
    yield from (view.title, view.status, *view.lines, *view.plots, view.event, *view.minions)
    for h in view.heroes:
        yield from (h.name, *h.items, *h.quests)
    for zone in (*view.table, *view.private):
        yield zone.name
        yield from card_names(zone.cards)


def decision_words(decisions: list[Decision]) -> Iterator[str]:
    for d in decisions:
        yield d.prompt
        yield from (o.label for o in d.options)


def leaks(board: Board, words: Iterator[str]) -> list[str]:
    pattern = raw_ids(board)
    return sorted({w for w in words if pattern.search(w)})


def test_the_pattern_finds_an_id_and_passes_a_name() -> None:
    pattern = raw_ids(a_table().map)
    assert pattern.search("move the brown-lands-mordor token on Dagorlad")
    assert pattern.search("1 influence off Dol Guldur: dol-guldur|1")
    assert not pattern.search("Argalad moves from Fornost to Bree.")
    assert not pattern.search("the Brown Lands and Mordor token on Minas Tirith")


def test_no_word_of_a_random_game_shows_a_raw_map_id() -> None:
    for seed, seats in ((0, 2), (1, 3), (2, 4), (3, 3)):
        state: MeqState = GAME.setup(Config(seats=GAME.seat_names(seats), options={}), seed)
        rnd = random.Random(seed)
        events: list[Event] = []
        for step in range(600):
            if GAME.outcome(state) is not None:
                break
            d = rnd.choice(GAME.pending(state))
            result = GAME.apply(state, d.seat, random_answer(d, rnd))
            state = result.state
            events += result.events
            words = [*(e.text for e in result.events), *decision_words(state.decisions)]
            if step % 30 == 0:
                for seat in (None, *state.seats):
                    view = GAME.view(state, seat)
                    assert isinstance(view, MeqView)
                    words += view_words(view)
            assert not leaks(state.map, iter(words)), (seed, step, leaks(state.map, iter(words)))
        assert len(events) > 100  # the game went far enough to say something


def test_a_regions_decks_piles_and_tokens_are_named_by_the_regions() -> None:
    state = a_table()
    board = state.map
    hero = state.heroes[0]
    assert stock.name(state, "encounter:brown-lands-mordor") == "Brown Lands and Mordor Encounter deck"
    assert stock.name(state, "pile:rohan-gondor") == "Rohan and Gondor token pile"
    assert stock.name(state, stock.life(hero)) == f"{hero.name}'s life pool"
    spots = tokens.token_spots(state, [loc.id for loc in board.locations])[:5]
    assert spots and not leaks(board, (label for _, label in tokens.spot_options(state, spots)))
    token = place_token(state, "brown-lands-mordor", "blank", "dagorlad")
    turn = turn_on(state)
    tokens.remove_token(turn, token.uid, "a test")
    assert turn.events[-1].text.startswith("The Brown Lands and Mordor token on Dagorlad is removed (a test)")


def test_sting_of_the_wests_options_differ_by_their_words_not_by_an_id() -> None:
    # Several "1 influence off Dol Guldur" options were told apart by the kernel with their ids ("dol-guldur|2: ")
    state = at_encounter("emyn-muil")
    state.influence.update({"dol-guldur": 3, "rhun": 1})
    state = run(state, bm.STING)
    labels = [o.label for o in open_decision(state, "card").options]
    assert len(set(labels)) == len(labels) == 4 and not leaks(state.map, iter(labels))
    assert "1 influence off Dol Guldur (2 of 3)" in labels


def test_no_player_message_cites_the_spec() -> None:
    """What a player reads says the rule, not where our spec file has it ("(spec 5.4)" meant nothing to a
    play-tester): no string the engine builds cites a spec section, outside docstrings and comments."""
    assert citations("engines/meq") == []
