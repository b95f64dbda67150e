"""The service path (DESIGN.md, 'The service and the database') on a real SQLite file."""

from __future__ import annotations

import pytest
from sqlalchemy import select
from sqlmodel import col

from bot.service import NotAllowed, NotSeated, Place, Service
from bot.service.service import parse_for_seat
from bot.store.database import Database
from bot.store.models import SnapshotRow
from engines.core import CommandError, RuleError, StaleDecision, codec
from tests.bot.storm import race_undos, storm_game, take_turns
from tests.conftest import ALICE, BOB, CARA, RecordingMessenger, started_game


async def open_decision(service: Service, game_id: int, seat: str):
    state = await service.stored_state(game_id)
    return next(d for d in state.decisions if d.seat == seat)


async def bid_all(service: Service, game_id: int, users=(ALICE, BOB)) -> None:
    """Both players bid their first card (the simultaneous opening step of Tally)."""
    for user, seat in zip(users, ("p1", "p2"), strict=False):
        d = await open_decision(service, game_id, seat)
        await service.answer(game_id, user, d.id, d.options[0].id)


async def test_a_game_is_created_joined_started_and_played(service: Service, messenger: RecordingMessenger):
    """Given a lobby, when the host starts it, then each seat has its private decision and the table is told."""
    game_id = await started_game(service, players=2)
    start = messenger.notices[-1]
    assert "begins" in start.public_lines[0]
    assert sorted(start.waiting_after) == ["p1", "p2"]
    assert {p.seat for p in start.private if p.hand_changed} == {"p1", "p2"}
    await bid_all(service, game_id)
    state = await service.stored_state(game_id)
    assert not state.bids.cards and len(state.pile.cards) == 2
    assert len(state.decisions) == 1  # the opening player's turn


async def test_lobby_rules(service: Service):
    ref = await service.create("tally", ALICE)
    with pytest.raises(RuleError, match="already joined"):
        await service.join(ref.id, ALICE)
    await service.join(ref.id, BOB)
    with pytest.raises(NotAllowed, match="Only the host"):
        await service.start(ref.id, BOB)
    await service.start(ref.id, ALICE)
    with pytest.raises(RuleError, match="already started"):
        await service.join(ref.id, CARA)
    with pytest.raises(CommandError, match="Unknown game 'chess'"):
        await service.create("chess", ALICE)
    with pytest.raises(CommandError, match="Unknown option 'colour=red'"):
        await service.create("tally", ALICE, options="colour=red")


async def test_a_command_from_someone_not_seated_changes_nothing(service: Service):
    game_id = await started_game(service, players=2)
    before = codec.dumps(await service.stored_state(game_id))
    with pytest.raises(NotSeated, match=f"not seated in game {game_id}"):
        await service.act(game_id, CARA, "answer 1 c1")
    assert codec.dumps(await service.stored_state(game_id)) == before


async def test_a_bare_option_typed_out_of_turn_says_whose_turn_it_is(service: Service):
    """A bare option answers the seat's only open question; typed when the seat has none, it was refused as an
    unknown command alone, as if the word meant nothing in the game. Now the refusal says whom the game waits on,
    and nothing changes."""
    game_id = await started_game(service, players=2)
    await bid_all(service, game_id)
    state = await service.stored_state(game_id)
    (turn,) = state.decisions
    idle, idle_seat = (ALICE, "p1") if turn.seat == "p2" else (BOB, "p2")
    before = codec.dumps(state)
    word = turn.options[0].id
    with pytest.raises(CommandError) as refused:
        await service.act(game_id, idle, word)
    # The turn's question is private (its options are the hand): whether the word answers it is not said.
    assert str(refused.value) == (f"Nothing is asked of you ({idle_seat}) right now: the game waits on {turn.seat}. "
                                  f"(Unknown command '{word}'. Try 'answer <decision> <option>'.)")
    assert codec.dumps(await service.stored_state(game_id)) == before
    # A word of a public question is said to be an answer, not "Unknown command" (a play-tester, in WotR: 'pass')
    from dataclasses import replace

    from engines import registry

    tally = registry.get("tally")
    state.decisions[:] = [replace(turn, private=False)]
    with pytest.raises(CommandError) as refused:
        parse_for_seat(tally, state, idle_seat, word)
    assert str(refused.value) == (f"Nothing is asked of you ({idle_seat}) right now: the game waits on {turn.seat}. "
                                  f"('{word}' is an answer: write it when a decision of yours is open ('answer <n> "
                                  f"{word}' names which).)")
    with pytest.raises(CommandError, match=r"the game waits on .*\(Unknown command 'bogus'"):  # no answer of anyone's
        parse_for_seat(tally, state, idle_seat, "bogus")


async def test_a_bare_answer_goes_to_the_one_open_question_of_the_seat_that_takes_it(service: Service):
    """Found playing (WotR Trilogy for two: each seat runs two decks, each asked its opening cycle at once): a
    bare answer was refused whenever the seat had two questions open, even when only one of them could take it.
    It now answers that one; one that both could take, or neither, is refused saying so, and nothing changes."""
    from engines import registry

    registry.load()
    service.seed_source = lambda: 7
    ref = await service.create("wotr", ALICE, options="scenario=trilogy")
    await service.join(ref.id, BOB)
    await service.start(ref.id, ALICE)
    state = await service.stored_state(ref.id)
    witch_king, saruman = [d for d in state.decisions if d.seat == "p2"]
    before = codec.dumps(state)
    with pytest.raises(CommandError, match=rf"'c1' is not an answer to any of your open questions \(decisions "
                                           rf"{witch_king.id}, {saruman.id}\)"):
        await service.act(ref.id, BOB, "c1")
    assert codec.dumps(await service.stored_state(ref.id)) == before
    cycled = [o.id for o in witch_king.options[:2]]
    await service.act(ref.id, BOB, " ".join(cycled))
    after = await service.stored_state(ref.id)
    assert witch_king.id not in [d.id for d in after.decisions] and saruman.id in [d.id for d in after.decisions]
    assert set(cycled) <= {c.uid for c in after.deck("witch-king").cycle.cards}


async def test_a_command_written_wrong_keeps_its_own_words_whoever_is_asked(service: Service):
    """Found checking the README: 'autopass bogus' was read as options for the seat's one open question and refused
    as "Choose exactly one option", and with no question open as "Nothing is asked of you", though autopass may be
    set at any time. A command of the game written wrong now keeps the game's words, how to write it; a bare
    option still answers, and nothing changes."""
    from engines import registry

    registry.load()
    ref = await service.create("lcg", ALICE)
    await service.join(ref.id, BOB)
    await service.start(ref.id, ALICE)
    state = await service.stored_state(ref.id)
    assert [d.seat for d in state.decisions].count("p1") == 1  # each seat chooses its deck
    before = codec.dumps(state)
    for text in ("autopass bogus", "play"):
        with pytest.raises(CommandError, match=r"^Write '(autopass off|play <card>)'"):
            await service.act(ref.id, ALICE, text)
    assert codec.dumps(await service.stored_state(ref.id)) == before
    deck = next(d for d in state.decisions if d.seat == "p1").options[0].id
    await service.act(ref.id, ALICE, deck)  # a bare option answers the seat's one question, as before
    with pytest.raises(CommandError, match=r"^Write 'autopass off'"):  # with nothing asked of p1 now
        await service.act(ref.id, ALICE, "autopass bogus")
    with pytest.raises(CommandError, match=r"^Nothing is asked of you \(p1\) right now: the game waits on p2"):
        await service.act(ref.id, ALICE, deck)


async def test_a_mistyped_command_says_it_is_no_command_and_lists_the_options(service: Service):
    """Found by a play-tester: 'anwser 15 play-c15-c122' (the decision its seat's only one) was read as three
    options and refused as "Choose exactly one option for: ...", which said nothing of the typo nor what to type.
    The refusal now says the word is no command, and no option of the question either, with its options; nothing
    changes, and an answer typed right still answers."""
    from engines import registry

    registry.load()
    ref = await service.create("lcg", ALICE)
    await service.join(ref.id, BOB)
    await service.start(ref.id, ALICE)
    state = await service.stored_state(ref.id)
    mine = next(d for d in state.decisions if d.seat == "p1")
    deck = mine.options[0].id
    before = codec.dumps(state)
    with pytest.raises(CommandError) as refused:
        await service.act(ref.id, ALICE, f"anwser {mine.id} {deck}")
    said = str(refused.value)
    assert said.startswith("Unknown command 'anwser'.")
    assert f"'anwser' is not an option of decision {mine.id}." in said and f"The options are: {deck} (" in said
    assert codec.dumps(await service.stored_state(ref.id)) == before
    await service.act(ref.id, ALICE, f"answer {mine.id} {deck}")


def test_a_haven_typed_bare_with_two_questions_open_is_refused_with_the_rules_reason() -> None:
    # meq spec 6.22 (Havens), through the bot's reading of a bare word: with Sauron asked two things at once, a
    # Haven typed alone matches neither question; the refusal says why the rules forbid it, as an answer naming
    # the decision does, not only that it answers neither
    from dataclasses import replace

    from engines.meq import GAME as MEQ
    from tests.engines.meq.table import open_decision
    from tests.engines.meq.test_scenarios_influence import placing

    state = placing({"dol-guldur": 3, "dagorlad": 1, "sea-of-udun": 1, "minas-morgul": 1, "osgiliath": 1})
    place = open_decision(state, "place")
    state.decisions.append(replace(place, id=place.id + 1000, context="other", options=place.options[:1]))
    with pytest.raises(CommandError, match=r"not an answer to any of your open questions .* Minas Tirith is a Haven: "
                                           r"influence never goes there\."):
        parse_for_seat(MEQ, state, place.seat, "minas-tirith")


async def test_a_stale_decision_id_is_refused(service: Service):
    """Given a decision already answered, when it is answered again, then the player is told it is closed."""
    game_id = await started_game(service, players=2)
    d = await open_decision(service, game_id, "p1")
    await service.answer(game_id, ALICE, d.id, d.options[0].id)
    journal_before = len(await service.log(game_id, None, limit=1000))
    with pytest.raises(StaleDecision, match="no longer open"):
        await service.answer(game_id, ALICE, d.id, d.options[1].id)
    assert len(await service.log(game_id, None, limit=1000)) == journal_before


async def test_64_concurrent_commands_apply_exactly_one_answer_per_decision(service: Service):
    """Given a four-seat game, when 64 commands from the seated players and from onlookers hit its open
    decisions at once (four simultaneous bids, then single turns), then each decision takes exactly one
    answer, every other command is told "no longer open" or "not seated", nothing deadlocks, and the journal
    has no gap and replays to the stored state."""
    game_id = await started_game(service, players=4)
    await storm_game([service], game_id, rounds=4)


async def test_two_processes_sharing_one_sqlite_file_never_both_apply(sqlite_url: str):
    """The same storm through two services with their own Database on one file (two processes' worth):
    only the file's own locking and the version check keep them apart."""
    db_a, db_b = Database(sqlite_url), Database(sqlite_url)
    try:
        a, b = Service(db_a, seed_source=lambda: 31), Service(db_b)
        game_id = await started_game(a, players=4)
        await storm_game([a, b], game_id, rounds=4)
    finally:
        await db_a.close()
        await db_b.close()


async def test_shorthand_answers_the_seats_only_decision(service: Service):
    game_id = await started_game(service, players=1)
    d = await open_decision(service, game_id, "p1")
    result = await service.act(game_id, ALICE, d.options[0].id)
    assert result.command == f"answer {d.id} {d.options[0].id}"


async def test_a_game_specific_verb_goes_through_the_same_path(service: Service):
    game_id = await started_game(service, players=1)
    await bid_all(service, game_id, users=(ALICE,))
    state = await service.stored_state(game_id)
    card = state.hands["p1"].cards[0].name
    result = await service.act(game_id, ALICE, f"play {card}")
    assert result.command == f"play {card}"
    with pytest.raises(RuleError, match="You have no 9 Nowhere in hand"):
        await service.act(game_id, ALICE, "play 9 Nowhere")


async def test_after_a_restart_nothing_a_player_could_see_has_changed(sqlite_url: str):
    """Given a game mid-play, when the process restarts, then every view and the state are the same."""
    first_db = Database(sqlite_url)
    first = Service(first_db, seed_source=lambda: 7)
    game_id = await started_game(first, players=2)
    await bid_all(first, game_id)
    views_before = [codec.dumps((await first.view(game_id, u))[1]) for u in (ALICE, BOB, None)]
    state_before = codec.dumps(await first.stored_state(game_id))
    await first_db.close()

    second_db = Database(sqlite_url)
    second = Service(second_db)
    views_after = [codec.dumps((await second.view(game_id, u))[1]) for u in (ALICE, BOB, None)]
    assert views_after == views_before
    assert codec.dumps(await second.stored_state(game_id)) == state_before
    d = await open_decision(second, game_id, (await second.stored_state(game_id)).decisions[0].seat)
    user = ALICE if d.seat == "p1" else BOB
    await second.answer(game_id, user, d.id, d.options[0].id)  # play goes on
    await second_db.close()


async def test_the_journal_replayed_from_the_seed_reproduces_the_state(service: Service):
    game_id = await started_game(service, players=2)
    await bid_all(service, game_id)
    for _ in range(6):
        state = await service.stored_state(game_id)
        if state.outcome:
            break
        d = state.decisions[0]
        await service.answer(game_id, ALICE if d.seat == "p1" else BOB, d.id, d.options[-1].id)
    assert codec.dumps(await service.replay(game_id)) == codec.dumps(await service.stored_state(game_id))


async def test_snapshots_follow_the_policy(db: Database):
    service = Service(db, snapshot_every=2, seed_source=lambda: 5)
    game_id = await started_game(service, players=2)
    await bid_all(service, game_id)  # seqs 2 and 3: seq 2 is a multiple of 2
    async with db.session() as s:
        query = select(col(SnapshotRow.seq)).where(col(SnapshotRow.game_id) == game_id)
        seqs = sorted((await s.execute(query)).scalars())
    assert seqs == [1, 2]


async def test_a_failed_notification_never_rolls_back_the_move(service: Service, messenger: RecordingMessenger):
    game_id = await started_game(service, players=1)
    messenger.fail = True
    d = await open_decision(service, game_id, "p1")
    await service.answer(game_id, ALICE, d.id, d.options[0].id)
    state = await service.stored_state(game_id)
    assert all(x.id != d.id for x in state.decisions)


async def test_undo_of_your_own_move_before_a_barrier_is_free(service: Service):
    """DESIGN.md 'Undo': free back to the last barrier."""
    game_id = await started_game(service, players=1)
    await bid_all(service, game_id, users=(ALICE,))
    before = codec.dumps(await service.stored_state(game_id))
    state = await service.stored_state(game_id)
    play = next(o for o in state.decisions[0].options if o.id != "draw")
    await service.answer(game_id, ALICE, state.decisions[0].id, play.id)
    assert codec.dumps(await service.stored_state(game_id)) != before
    assert await service.undo(game_id, ALICE) == "Undone."
    assert codec.dumps(await service.stored_state(game_id)) == before
    assert codec.dumps(await service.replay(game_id)) == before


async def test_undo_past_a_barrier_needs_the_other_seats_consent(service: Service, messenger: RecordingMessenger):
    game_id = await started_game(service, players=2)
    await bid_all(service, game_id)  # Bob's bid revealed both bids: a barrier
    before = codec.dumps(await service.stored_state(game_id))
    message = await service.undo(game_id, BOB)
    assert "asked to agree" in message
    ask = messenger.notices[-1].undo_ask
    assert ask is not None and [s.seat for s in ask.needs] == ["p1"]
    assert codec.dumps(await service.stored_state(game_id)) == before  # nothing yet
    with pytest.raises(NotAllowed):
        await service.consent_undo(game_id, BOB, ask.request_id, True)
    assert await service.consent_undo(game_id, ALICE, ask.request_id, True) == "Undone."
    state = await service.stored_state(game_id)
    assert len(state.bids.cards) == 1 and [d.seat for d in state.decisions] == ["p2"]
    assert codec.dumps(await service.replay(game_id)) == codec.dumps(state)
    assert (await service.consent_undo(game_id, ALICE, ask.request_id, True)).startswith("Already undone")
    with pytest.raises(RuleError, match="no longer open"):  # the click of someone who did not consent
        await service.consent_undo(game_id, BOB, ask.request_id, True)


async def test_a_refused_undo_changes_nothing(service: Service):
    game_id = await started_game(service, players=2)
    await bid_all(service, game_id)
    before = codec.dumps(await service.stored_state(game_id))
    await service.undo(game_id, ALICE)
    ask_id = 1
    assert await service.consent_undo(game_id, BOB, ask_id, False) == "Undo refused."
    assert codec.dumps(await service.stored_state(game_id)) == before


async def test_abandon_is_for_the_host_or_an_admin(service: Service):
    from bot.service import User

    game_id = await started_game(service, players=2)
    with pytest.raises(NotAllowed):
        await service.abandon(game_id, BOB)
    await service.abandon(game_id, User(id=999, name="Admin", is_admin=True))
    with pytest.raises(RuleError, match="not being played"):
        await service.act(game_id, ALICE, "answer 1 c1")
    assert "abandoned" in (await service.log(game_id, None))[-1]


async def test_leaving_a_started_game_is_refused_with_what_to_do_instead(service: Service):
    """A started game's seats are fixed: `/game leave` says how to hand the seat on (a delegate), how to step
    away (a vacation) and who ends the game, rather than sending the player to a host who cannot remove them."""
    game_id = await started_game(service, players=2)
    for player in (BOB, ALICE):  # a guest, and the host
        with pytest.raises(RuleError) as refused:
            await service.leave(game_id, player)
        said = str(refused.value)
        assert said.startswith(f"Game {game_id} has started, so its seats are fixed and nobody can leave it.")
        assert "`/game delegate user:@them`" in said and "`/game vacation until:YYYY-MM-DD`" in said
        assert "the host or a server admin uses `/game abandon`" in said
    with pytest.raises(NotSeated, match=f"You are not in game {game_id}."):  # no advice on a seat one lacks
        await service.leave(game_id, CARA)
    assert [s.user_id for s in await service.seats(game_id)] == [ALICE.id, BOB.id]

async def test_the_public_log_never_shows_a_private_line(service: Service):
    game_id = await started_game(service, players=2)
    await bid_all(service, game_id)
    public = await service.log(game_id, None, limit=100)
    mine = await service.log(game_id, ALICE, limit=100)
    assert not any(line.startswith("You bid") for line in public)
    assert any(line.startswith("You bid") for line in mine)


async def test_what_setting_up_said_begins_the_log_and_the_start_notice(service: Service,
                                                                          messenger: RecordingMessenger):
    """Setting up a game speaks (War of the Ring: each deck draws its opening hand, L118-121, each player seeing the
    cards they drew; round 1 begins, its starting player and the locations activated): that was lost, and the log
    began with the first command. It follows who sits where, in the start notice and in the log, each private line
    to its own seat alone."""
    from engines import registry

    registry.load()
    ref = await service.create("wotr", ALICE, options="scenario=duel2")
    await service.join(ref.id, BOB)
    await service.start(ref.id, ALICE)
    start = messenger.notices[-1]
    said = ["Gandalf's deck draws ", "Witch-king's deck draws ", "Round 1 begins; Gandalf's deck is the starting"]
    draws = [next(line for line in start.public_lines if line.startswith(begun)) for begun in said]
    assert "begins. Seats: Alice as p1, Bob as p2" in start.public_lines[0]
    seat = {p.user_id: p for p in start.private}
    alice, bob = seat[ALICE.id].lines, seat[BOB.id].lines
    assert alice and bob and not set(alice) & set(bob)  # each saw their own draw, and only theirs
    assert not any(line in start.public_lines for line in alice + bob)
    public = await service.log(ref.id, None, limit=100)
    assert public[0] == start.public_lines[0] and all(line in public for line in draws)
    assert set(alice) <= set(await service.log(ref.id, ALICE, limit=100)) and not set(alice) & set(public)


async def test_a_game_can_refuse_option_values_when_it_is_created(service: Service):
    """An unknown LCG scenario is refused at /game new, not when the host starts the game."""
    from engines import registry

    registry.load()
    with pytest.raises(CommandError, match="Unknown scenario 'the-shire'"):
        await service.create("lcg", ALICE, options="scenario=the-shire")
    ref = await service.create("lcg", ALICE, options="scenario=escape-from-dol-guldur difficulty=easy")
    assert ref.game == "lcg"


async def test_two_processes_taking_turns_each_see_the_others_move(sqlite_url: str):
    """Given two processes on one file, when they take turns committing to one game, then each one's next
    command starts from the state the other committed, never from a copy of its own last state."""
    await take_turns(sqlite_url)


async def test_undo_requests_consents_and_answers_racing_in_two_processes(sqlite_url: str):
    """Answers, undo requests and consents at once through two processes on one file: each applies or is
    refused with words, and the journal stays whole."""
    db_a, db_b = Database(sqlite_url), Database(sqlite_url)
    try:
        a, b = Service(db_a, seed_source=lambda: 12), Service(db_b)
        await race_undos([a, b], await started_game(a, players=2), rounds=15, seed=1)
    finally:
        await db_a.close()
        await db_b.close()


async def test_the_game_of_a_place_is_an_open_one_first_then_the_ended_game_whose_own_thread_it_is(service: Service):
    """Given game 1 played in its thread 20 and abandoned, and game 2 then started from that thread before it had a
    thread of its own: the place is game 2's, open, for every verb; once game 2 is over too, game 1's again for the
    verbs that read (`ended`), and nobody's for the others."""
    first = await service.create("tally", ALICE, Place(channel_id=10))
    await service.set_thread(first.id, 20)
    await service.abandon(first.id, ALICE)
    assert await service.game_for_place(20) is None
    assert await service.game_for_place(20, ended=True) == first.id
    assert await service.game_for_place(10, ended=True) is None  # only its own thread: a channel has many games
    second = await service.create("tally", ALICE, Place(channel_id=20))
    assert await service.game_for_place(20) == second.id
    assert await service.game_for_place(20, ended=True) == second.id
    await service.abandon(second.id, ALICE)
    assert await service.game_for_place(20, ended=True) == first.id
    assert await service.game_for_place(20) is None
    third = await service.create("tally", ALICE, Place(channel_id=10))
    assert await service.game_for_place(10, ended=True) == third.id


async def test_an_option_named_by_its_label_is_journaled_by_its_id(service: Service):
    """Middle-earth Quest reads a place typed by name as the option's id (engines/meq/game.py); the journal keeps
    the id, so a replay never has to read the name again, and replays to the same state."""
    from engines import registry

    registry.load()
    game_id = await started_game(service, players=2, game="meq")
    d = await open_decision(service, game_id, "p1")
    result = await service.act(game_id, ALICE, f'answer {d.id} "Mount Doom"')
    assert result.command == f"answer {d.id} mount-doom"
    assert codec.dumps(await service.replay(game_id)) == codec.dumps(await service.stored_state(game_id))
