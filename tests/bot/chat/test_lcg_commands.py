"""`/lcg` end to end through discord.py: RingsDB imports that survive a restart, choosing decks in setup,
playing from one's own hand, adjustments, and the card and scenario reference."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace

import pytest
from sqlalchemy import select

from bot.content.lcg.ringsdb import Response
from bot.service import User
from bot.store.models import DeckRow
from engines import registry
from engines.core import Answer
from engines.lcg import GAME
from engines.lcg.cards import Pack
from engines.lcg.library import builtin
from tests.bot.chat.conftest import make_bot
from tests.bot.content.helpers import Recorded, o8d

SHARED_DECK = "https://ringsdb.com/deck/view/678"  # Frodo, Théodred, Beravor; two cards RingsDB must be asked


@pytest.fixture(autouse=True)
def fresh_library() -> Iterator[None]:
    """Each test starts from the shipped packs alone, as a new process would; the LCG is installed."""
    registry.register(GAME)
    shipped = GAME.library
    GAME.library = builtin()
    yield
    GAME.library = shipped


@pytest.fixture
def recorded(world) -> Recorded:
    fetch = Recorded()
    world[0].bot.get_cog("LcgCog").ringsdb_fetch = fetch
    return fetch


async def lcg_lobby(world, *, seed: int = 7):
    """Alice creates an LCG game (it gets a thread), Bob joins, Alice starts: both must choose a deck."""
    env, guild, channel, alice, bob = world
    env.bot.service.seed_source = lambda: seed
    created = await alice.slash(channel, "game new", name="lcg")
    assert "The Lord of the Rings: The Card Game" in created.response.content
    thread = channel.threads[-1]
    await bob.slash(thread, "game join")
    started = await alice.slash(thread, "game start")
    assert "has started" in started.response.content
    return thread


async def test_game_new_says_the_scenario_and_difficulty_chosen_or_the_default(world):
    """`/game new name:lcg` names the scenario and difficulty it will play (the default, Passage Through Mirkwood,
    standard), in the reply and the lobby post, before the board ever shows it."""
    env, guild, channel, alice, bob = world
    created = await alice.slash(channel, "game new", name="lcg")
    said = "Scenario: Passage Through Mirkwood, standard difficulty."
    assert created.response.content.endswith(f". {said}"), created.response.content
    lobby = channel.threads[-1].history()[0].content
    assert f"The Lord of the Rings: The Card Game. {said} Join with" in lobby, lobby
    chosen = await alice.slash(channel, "game new", name="lcg", options="scenario=journey-down-the-anduin "
                                                                        "difficulty=easy expert=yes")
    assert chosen.response.content.endswith(
        ". Scenarios: Journey Down the Anduin, then Escape from Dol Guldur (expert game), easy difficulty."), \
        chosen.response.content


async def choose_decks(world, thread, alice_deck: str = "core-leadership", bob_deck: str = "core-lore"):
    env, guild, channel, alice, bob = world
    for actor, key in ((alice, alice_deck), (bob, bob_deck)):
        chosen = await actor.slash(thread, "lcg deck choose", key=key)
        assert chosen.ephemeral and f"Done: `deck {key}`" in chosen.response.content


async def answer_only_decision(actor, thread, option: str) -> None:
    done = await actor.slash(thread, "game act", command=option)
    assert "Done: `answer" in done.response.content, done.response.content


async def deal_hands(world, thread) -> None:
    """Both vote for Alice as first player: setup then deals six cards each."""
    env, guild, channel, alice, bob = world
    for actor in (alice, bob):
        await answer_only_decision(actor, thread, "p1")


async def kept_hands(world, thread) -> None:
    """Decks chosen, hands dealt, and both players keep theirs: the first planning step is open."""
    env, guild, channel, alice, bob = world
    await choose_decks(world, thread)
    await deal_hands(world, thread)
    for actor in (alice, bob):
        await answer_only_decision(actor, thread, "keep")


async def test_a_ringsdb_deck_is_imported_kept_across_a_restart_and_chosen_in_a_new_game(world, db_url, recorded):
    env, guild, channel, alice, bob = world
    imported = await alice.slash(channel, "lcg deck import", source=SHARED_DECK)
    text = imported.response.content
    assert imported.ephemeral
    assert "Imported **Frodo and friends** as `ringsdb-deck-678`" in text
    assert "Heroes: Frodo Baggins, Théodred, Beravor. Cards: 7." in text
    assert "below the 50-card tournament minimum" in text
    assert "RingsDB card 99999" in text and "2 sideboard card(s) not imported" in text
    callbacks = [r for r in env.http_requests if r.path.endswith("/callback")]
    assert callbacks[-1].json["type"] == 5  # deferred before going to RingsDB

    GAME.library = builtin()  # a new process knows only the shipped packs...
    await env.restart_bot(make_bot(db_url))  # ...and its start-up loads the stored decks

    listed = await bob.slash(channel, "lcg deck list")
    assert "`core-leadership` Core Set: Leadership" in listed.response.content
    assert "**Imported decks**\n`ringsdb-deck-678` Frodo and friends: Frodo Baggins, Théodred, Beravor (7 cards)" in (
        listed.response.content
    )
    thread = await lcg_lobby(world)
    offered = await alice.autocomplete(thread, "lcg deck choose", "key", "frodo")
    assert [c["value"] for c in offered] == ["ringsdb-deck-678"]
    await choose_decks(world, thread, "ringsdb-deck-678", "core-spirit")
    played = "alice plays Frodo and friends: Frodo Baggins; Théodred; Beravor."
    assert any(played in m.content for m in thread.history())


async def test_decks_that_cannot_be_had_are_refused_privately_and_nothing_is_stored(world, recorded):
    env, guild, channel, alice, bob = world
    cases = {
        "https://ringsdb.com/decklist/view/404": "RingsDB decklist 404 does not exist (HTTP 404).",
        "https://ringsdb.com/deck/view/679": "A private deck can be imported only when its owner shares",
        "55555": "RingsDB's answer is not valid JSON",
        "https://example.com/deck/1": "is not a RingsDB deck",
    }
    for source, message in cases.items():
        refused = await alice.slash(channel, "lcg deck import", source=source)
        assert refused.ephemeral and "Nothing was imported." in refused.response.content
        assert message in refused.response.content
    illegal = {  # answers RingsDB could give for decks no game would accept
        "1": ({"name": "Nobody", "heroes": {}, "slots": {"01013": 3}}, "A deck needs 1 to 3 heroes; Nobody has 0"),
        "2": ({"name": "Crowd", "heroes": {"01001": 1}, "slots": {"01013": 4}},
              "Crowd has more than 3 copies of Guard of the Citadel."),
    }  # fmt: skip
    env.bot.get_cog("LcgCog").ringsdb_fetch = lambda url: Response(
        200, json.dumps(illegal[url.rsplit("/", 1)[1][:-5]][0]).encode()
    )
    for source, (_, message) in illegal.items():
        refused = await alice.slash(channel, "lcg deck import", source=source)
        assert refused.ephemeral and f"Nothing was imported. {message}" in refused.response.content
    async with env.bot.database.session() as s:
        assert list((await s.execute(select(DeckRow))).scalars()) == []
    assert sorted(GAME.library.decks) == ["core-leadership", "core-lore", "core-spirit", "core-tactics"]


async def test_a_reimport_of_the_same_deck_stores_nothing_new(world, recorded):
    """Stored decks never change (games replay `deck <key>`); the same deck again is recognised."""
    env, guild, channel, alice, bob = world
    await alice.slash(channel, "lcg deck import", source="12345")
    again = await bob.slash(channel, "lcg deck import", source="https://ringsdb.com/decklist/view/12345/x")
    assert "Already stored: **Core Leadership, straight from the box** as `ringsdb-12345`" in again.response.content
    async with env.bot.database.session() as s:
        [row] = (await s.execute(select(DeckRow))).scalars()
    assert (row.key, row.owner_user_id, row.card_defs_json) == ("ringsdb-12345", alice.id, "[]")  # Core cards ship


def core(*names: str) -> list[tuple[str, str]]:
    """Core Set cards' ids and names (facts) for an OCTGN deck file."""
    return [(c.id, c.name) for n in names for c in builtin().find(n)]


def core_deck(*, heroes: tuple[str, ...] = ("Aragorn", "Théodred", "Glóin"), sideboard: int = 0) -> bytes:
    cards = [(i, n, 3) for i, n in core("Guard of the Citadel", "Snowbourn Scout", "Veteran Axehand")]
    return o8d(core(*heroes), cards, sideboard=sideboard)


async def test_an_octgn_deck_file_is_imported_kept_across_a_restart_and_chosen_in_a_new_game(world, db_url):
    """`/lcg deck import file:` takes an .o8d upload: read from Discord's CDN, stored as a RingsDB deck is,
    and offered to `/lcg deck choose` after a restart."""
    env, guild, channel, alice, bob = world
    imported = await alice.slash(channel, "lcg deck import", file=("Sons_of_Gondor.o8d", core_deck(sideboard=2)))
    text = imported.response.content
    assert imported.ephemeral
    assert text.startswith("Imported **Sons of Gondor** as `octgn-sons-of-gondor`.\n"
                           "Heroes: Aragorn, Théodred, Glóin. Cards: 9.\n"), text
    assert "Warning: 9 cards is below the 50-card tournament minimum" in text
    assert "Also: section 'Sideboard' is not part of the deck." in text
    assert "Choose it in a game's setup with `/lcg deck choose key:octgn-sons-of-gondor`." in text
    callbacks = [r for r in env.http_requests if r.path.endswith("/callback")]
    assert callbacks[-1].json["type"] == 5  # deferred before the file is read
    async with env.bot.database.session() as s:
        [row] = (await s.execute(select(DeckRow))).scalars()
    assert (row.key, row.owner_user_id, row.source) == ("octgn-sons-of-gondor", alice.id, "Sons_of_Gondor.o8d")

    GAME.library = builtin()
    await env.restart_bot(make_bot(db_url))
    listed = await bob.slash(channel, "lcg deck list")
    assert "`octgn-sons-of-gondor` Sons of Gondor: Aragorn, Théodred, Glóin (9 cards)" in listed.response.content
    thread = await lcg_lobby(world)
    await choose_decks(world, thread, "octgn-sons-of-gondor", "core-spirit")
    assert any("alice plays Sons of Gondor: Aragorn; Théodred; Glóin." in m.content for m in thread.history())


async def test_octgn_deck_files_that_cannot_be_used_are_refused_privately_and_nothing_is_stored(world, recorded):
    env, guild, channel, alice, bob = world
    deck = core_deck()
    forged = deck.replace(core("Snowbourn Scout")[0][0].encode(), b"00000000-dead-4000-8000-000000000001")
    cases: list[tuple[dict[str, object], str]] = [
        ({}, "Nothing was imported. Give `source` (a RingsDB link or id) or `file` (an OCTGN .o8d deck file)."),
        ({"source": "12345", "file": ("mine.o8d", deck)}, "(an OCTGN .o8d deck file), not both."),
        ({"file": ("mine.xml", deck)}, "Nothing was imported. mine.xml is not an OCTGN deck file: those end in .o8d."),
        ({"file": ("big.o8d", deck + b" " * 300_000)},
         "Nothing was imported. big.o8d is 294 KiB; an OCTGN deck file may be at most 256 KiB."),
        ({"file": ("board.o8d", b"\x89PNG\r\n\x1a\n")}, "board.o8d line 1: not valid XML (not well-formed"),
        ({"file": ("nobody.o8d", core_deck(heroes=()))}, "nobody.o8d has no heroes (its Hero section is empty"),
        ({"file": ("crowd.o8d", core_deck(heroes=("Aragorn", "Théodred", "Glóin", "Gimli")))},
         "A deck needs 1 to 3 heroes; crowd has 4"),
        ({"file": ("forged.o8d", forged)}, "forged.o8d: 1 card(s) not in the card library: line 10: 'Snowbourn Scout' "
                                           "(00000000-dead-4000-8000-000000000001). Import the deck from RingsDB"),
    ]
    answered = []
    for options, message in cases:
        refused = await alice.slash(channel, "lcg deck import", **options)
        assert refused.ephemeral and message in refused.response.content, refused.response.content
        answered.append([r for r in env.http_requests if r.path.endswith("/callback")][-1].json["type"])
    # Refused at once (4), the file too big to be a deck never downloaded; a file worth reading is deferred (5).
    assert answered == [4, 4, 4, 4, 5, 5, 5, 5]
    async with env.bot.database.session() as s:
        assert list((await s.execute(select(DeckRow))).scalars()) == []
    assert sorted(GAME.library.decks) == ["core-leadership", "core-lore", "core-spirit", "core-tactics"]
    assert recorded.urls == []  # the RingsDB source given beside a file was not fetched either


async def test_both_players_choose_decks_and_play_only_from_their_own_hand(world):
    env, guild, channel, alice, bob = world
    thread = await lcg_lobby(world)
    starters = await bob.autocomplete(thread, "lcg deck choose", "key", "")
    assert [c["value"] for c in starters] == ["core-leadership", "core-lore", "core-spirit", "core-tactics"]
    await choose_decks(world, thread)
    await deal_hands(world, thread)

    offered = await alice.autocomplete(thread, "lcg play", "card", "")
    _, bobs = await env.bot.service.view(1, User(id=bob.id, name="bob"))
    _, alices = await env.bot.service.view(1, User(id=alice.id, name="alice"))
    bob_hand = {c.name for z in bobs.private for c in z.cards}
    alice_hand = {c.uid: c.name for z in alices.private for c in z.cards}
    assert len(offered) == 6 and {c["value"] for c in offered} == set(alice_hand)
    assert all(name not in c["name"] for c in offered for name in bob_hand)
    assert any("(2 leadership)" in c["name"] for c in offered)  # cost and sphere from Alice's own view

    for actor in (alice, bob):
        await answer_only_decision(actor, thread, "keep")
    offered = await alice.autocomplete(thread, "lcg play", "card", "")
    playable = [c for c in offered if "not playable now" not in c["name"]]
    assert playable and offered[: len(playable)] == playable  # what can be played now comes first
    played = await alice.slash(thread, "lcg play", card=playable[0]["value"])
    assert played.ephemeral and f"Done: `play {playable[0]['value']}`" in played.response.content
    bob_offered = {c["value"] for c in await bob.autocomplete(thread, "lcg play", "card", "")}
    assert bob_offered and not bob_offered & set(alice_hand)
    refused = await bob.slash(thread, "lcg play", card=playable[1]["value"] if len(playable) > 1 else "c1")
    assert refused.ephemeral and "neither is open for you now" in refused.response.content


async def test_setup_dms_ask_for_a_deck_without_telling_an_empty_hand_then_tell_the_hand_dealt(world):
    """Before any card is dealt, a player's DM asks for the deck and says nothing of a hand ("Your hand: 0
    cards" is no news); the six cards dealt after the vote are told."""
    env, guild, channel, alice, bob = world
    thread = await lcg_lobby(world)
    await env.bot.messenger.drain()
    for actor in (alice, bob):
        opening = [m.content for m in actor.user.dm_channel.history()][1:]  # after the DM probe of joining
        assert len(opening) == 1 and "choose your deck" in opening[0], opening
        assert "Your hand" not in opening[0], opening[0]
    await choose_decks(world, thread)
    await deal_hands(world, thread)
    await env.bot.messenger.drain()
    for actor in (alice, bob):
        dms = [m.content for m in actor.user.dm_channel.history()]
        assert not any("Your hand: 0 cards" in d for d in dms), dms
        assert "Your hand (6): " in dms[-1], dms[-1]


async def test_adjustments_go_through_the_engine_which_refuses_bad_ones_privately(world):
    env, guild, channel, alice, bob = world
    thread = await lcg_lobby(world)
    await choose_decks(world, thread)
    done = await alice.slash(thread, "lcg adjust", command="threat +1")
    assert done.ephemeral and "Done: `threat +1`" in done.response.content
    assert any("threat" in m.content and "alice" in m.content for m in thread.history()[-3:])  # the table is told
    early = await alice.slash(thread, "lcg adjust", command="damage c1 +1")
    assert early.ephemeral and early.response.content == "Adjustments can be made once setup is complete."
    malformed = await alice.slash(thread, "lcg adjust", command="damage c1")
    assert malformed.ephemeral and "Write 'damage <card> <+n|-n>'" in malformed.response.content
    not_one = await alice.slash(thread, "lcg adjust", command="play c1")
    assert not_one.ephemeral and "'play' is not an adjustment" in not_one.response.content
    forms = await bob.slash(thread, "lcg adjust", command="help")
    assert forms.ephemeral and "modify <card> <stat>" in forms.response.content


async def test_lcg_commands_are_refused_in_another_games_thread(world):
    env, guild, channel, alice, bob = world
    await alice.slash(channel, "game new", name="tally")
    [thread] = channel.threads
    refused = await alice.slash(thread, "lcg deck choose", key="core-lore")
    assert refused.ephemeral and "/lcg commands are for The Lord of the Rings" in refused.response.content
    assert await alice.autocomplete(thread, "lcg play", "card", "") == []


async def test_card_lookup_shows_numbers_and_text_only_when_the_library_has_it(world):
    env, guild, channel, alice, bob = world
    offered = await alice.autocomplete(channel, "lcg card", "name", "guard of")
    [guard] = [c for c in offered if c["name"].startswith("Guard of the Citadel")]
    shown = await alice.slash(channel, "lcg card", name=guard["value"])
    text = shown.response.content
    assert shown.ephemeral and "**Guard of the Citadel**: Leadership ally, Core Set #13" in text
    assert "Cost 2 · Willpower 1 · Attack 1 · Defense 0 · Hit points 2" in text
    assert "Traits: Gondor. Warrior." in text and "Text:" not in text

    spider = await alice.slash(channel, "lcg card", name="king spider")  # typed, not picked
    assert "Engagement cost 20 · Threat 2 · Attack 3 · Defense 1 · Hit points 3" in spider.response.content

    card = GAME.library.cards[guard["value"]]  # a user's own import of the community file brings the words
    GAME.library.add(Pack(key="mine", name="Mine", cards=[replace(card, text="Invented words for a test.")]))
    shown = await alice.slash(channel, "lcg card", name=guard["value"])
    assert "Text: Invented words for a test." in shown.response.content
    missing = await alice.slash(channel, "lcg card", name="The One Ring of Testing")
    assert missing.ephemeral and "No card is called 'The One Ring of Testing'." in missing.response.content


async def test_scenarios_lists_the_core_set_quests_with_their_difficulty(world):
    env, guild, channel, alice, bob = world
    listed = await alice.slash(channel, "lcg scenarios")
    lines = listed.response.content.splitlines()
    assert lines[:3] == [
        "`passage-through-mirkwood` Passage Through Mirkwood: difficulty 1 (easy, standard, nightmare)",
        "`journey-down-the-anduin` Journey Down the Anduin: difficulty 4 (easy, standard, nightmare)",
        "`escape-from-dol-guldur` Escape from Dol Guldur: difficulty 7 (easy, standard, nightmare)",
    ]


async def test_play_takes_what_the_play_asks_next_in_the_same_command(world):
    """Issue 16: `/lcg play card:<c> then:<answer>` plays and answers the question the play asks next (its
    payment, its host, or the next planning question) in one command, as `play <c> then <answer>` does."""
    env, guild, channel, alice, bob = world
    thread = await lcg_lobby(world)
    await kept_hands(world, thread)
    state = await env.bot.service.stored_state(1)
    plan = next(d for d in state.decisions if d.seat == "p1" and d.context == "plan")
    for option in plan.options:  # a card whose play asks p1 one more question
        if option.id == "pass":
            continue
        after = GAME.apply(state, "p1", Answer(decision=plan.id, choice=(option.id,))).state
        asked = [d for d in after.decisions if d.seat == "p1" and d.id >= state.next_decision]
        if len(asked) == 1:
            break
    else:
        raise AssertionError("no card of this hand asks anything more when played")
    follow = GAME.default_answer(after, asked[0]).choice
    played = await alice.slash(thread, "lcg play", card=option.id, then=" ".join(follow))
    assert f"Done: `play {option.id} then {' '.join(follow)}`" in played.response.content, played.response.content
    two = GAME.apply(after, "p1", Answer(decision=asked[0].id, choice=follow)).state  # the same, typed twice
    assert GAME.dumps(await env.bot.service.stored_state(1)) == GAME.dumps(two)


async def test_look_shows_a_players_discard_pile_to_anyone_and_no_hand(world):
    """LCG spec 1.2, Z3: a player's discard pile is face up and public; the board image shows only its count, so
    `/game look` lists its cards (only for the asker). It reads the public view, so no hand is a zone to show."""
    env, guild, channel, alice, bob = world
    thread = await lcg_lobby(world)
    await kept_hands(world, thread)
    _, alices = await env.bot.service.view(1, User(id=alice.id, name="alice"))
    [hand] = alices.private
    thrown, *kept = hand.cards
    moved = await alice.slash(thread, "lcg adjust", command=f"move {thrown.uid} discard")
    assert f"Done: `move {thrown.uid} discard`" in moved.response.content

    offered = await bob.autocomplete(thread, "game look", "zone", "disc")
    assert [c["value"] for c in offered] == ["encounter discard", "p1 discard", "p2 discard"]
    looked = await bob.slash(thread, "game look", zone="p1 discard")
    assert looked.ephemeral and looked.response.content == f"p1 discard (1): {thrown.name}"
    hidden = await bob.slash(thread, "game look", zone="hand")
    assert hidden.response.content.startswith("No zone is called 'hand'.")
    assert not [c for c in kept if c.name != thrown.name and c.name in hidden.response.content]
