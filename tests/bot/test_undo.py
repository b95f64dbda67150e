"""Undo delivered twice (DESIGN.md 'Undo'): a request sent again (Discord retried the interaction, a double
click) takes back nothing more, and says so, as a repeated answer to a decision is "no longer open"."""

from __future__ import annotations

from bot.service import Service
from engines.core import codec
from tests.bot.test_service import bid_all
from tests.conftest import ALICE, BOB, FakeClock, RecordingMessenger, started_game


async def play_a_card(service: Service, game_id: int) -> None:
    state = await service.stored_state(game_id)
    decision = state.decisions[0]
    card = next(o for o in decision.options if o.id != "draw")
    await service.answer(game_id, ALICE, decision.id, card.id)


async def test_an_undo_sent_twice_takes_back_one_step(timed: Service, clock: FakeClock):
    """Given Alice alone, who bid and then played a card, when her undo arrives twice (both sent before the
    first was done), then only the card comes back, and the second is told it was already undone; an undo
    she asks for afterwards takes back the bid."""
    game_id = await started_game(timed, players=1)
    await bid_all(timed, game_id, users=(ALICE,))
    after_bid = codec.dumps(await timed.stored_state(game_id))
    await play_a_card(timed, game_id)
    asked = clock.advance(seconds=5)
    clock.advance(seconds=1)  # the first request is applied a second after the click
    assert await timed.undo(game_id, ALICE, at=asked) == "Undone."
    again = await timed.undo(game_id, ALICE, at=asked)
    # the step named as the table saw it, never by its command (a step may be another seat's: bot/service/undo.py)
    assert again.startswith("Already undone: step ") and "answer" not in again
    assert codec.dumps(await timed.stored_state(game_id)) == after_bid
    assert codec.dumps(await timed.replay(game_id)) == after_bid
    assert await timed.undo(game_id, ALICE, at=clock.advance(seconds=30)) == "Undone."  # a new request
    assert codec.dumps(await timed.stored_state(game_id)) != after_bid


async def test_an_undo_request_sent_twice_asks_the_table_once(
    timed: Service, clock: FakeClock, messenger: RecordingMessenger
):
    """Past a barrier: the repeated request keeps the first one open and asks nobody again; a repeated
    consent after the undo is applied is told it is done."""
    game_id = await started_game(timed, players=2)
    await bid_all(timed, game_id)  # Bob's bid revealed both: a barrier
    asked = clock.advance(seconds=5)
    await timed.undo(game_id, BOB, at=asked)
    asks = [n.undo_ask for n in messenger.notices if n.undo_ask is not None]
    again = await timed.undo(game_id, BOB, at=asked)
    assert again.startswith("You have already asked")
    assert [n.undo_ask for n in messenger.notices if n.undo_ask is not None] == asks
    request = asks[0]
    assert request is not None
    clock.advance(minutes=3)  # Alice agrees a little later
    assert await timed.consent_undo(game_id, ALICE, request.request_id, True) == "Undone."
    assert (await timed.consent_undo(game_id, ALICE, request.request_id, True)).startswith("Already undone")
    assert (await timed.undo(game_id, BOB, at=asked)).startswith("Already undone")
    state = await timed.stored_state(game_id)
    assert len(state.bids.cards) == 1  # one step back, not two


async def test_an_undo_names_the_step_as_the_table_saw_it_never_by_its_hidden_card_ids(
    service: Service, messenger: RecordingMessenger
):
    """Found playing: the table was told "p1 took back 'answer 1 play-c37-c135 then c28'", and asked to agree to
    undo that command. Card ids follow the deck lists (engines/core/zones.py `Card`), so c28 named the card
    cycled face down to pay, in every game of the scenario. An undo now names the step by what the table was
    told of it; the command itself goes to the seat that gave it alone."""
    from engines import registry

    registry.load()
    service.seed_source = lambda: 7  # a game whose first question is an action
    ref = await service.create("wotr", ALICE, options="scenario=duel2")
    await service.join(ref.id, BOB)
    await service.start(ref.id, ALICE)
    state = await service.stored_state(ref.id)
    act = next(d for d in state.decisions if d.context.startswith("act"))
    play = next(o.id for o in act.options if o.id.startswith("play-"))
    deck = state.deck(act.context.split(":")[1])
    paid = next(c.uid for c in deck.hand.cards if c.uid != play.split("-")[1])
    command = f"answer {act.id} {play} then {paid}"
    seat = act.seat
    user = ALICE if seat == "p1" else BOB
    other = BOB if user is ALICE else ALICE
    await service.act(ref.id, user, command)
    mark = len(messenger.notices)
    assert await service.undo(ref.id, other) == "The other players have been asked to agree to the undo."
    asked = messenger.notices[mark:]
    again = await service.undo(ref.id, other)  # the same request twice: told to the requester, the step as seen
    assert again.startswith("You have already asked to undo step ") and paid not in again and command not in again
    (ask,) = [n.undo_ask for n in asked if n.undo_ask is not None]
    public = [line for n in asked for line in n.public_lines] + [ask.step]
    assert all(paid not in line and command not in line for line in public), public
    assert any(line.startswith(f"{'p2' if seat == 'p1' else 'p1'} asks to undo step ") for line in public)
    mark = len(messenger.notices)
    assert await service.consent_undo(ref.id, user, ask.request_id, True) == "Undone."
    undone = messenger.notices[mark:]
    told = [line for n in undone for line in n.public_lines]
    assert any(" took back step " in line for line in told) and all(paid not in line for line in told), told
    assert not any(".;" in line for line in told), told  # the step's lines, one after the other
    mine = [line for n in undone for p in n.private if p.seat == seat for line in p.lines]
    theirs = [line for n in undone for p in n.private if p.seat != seat for line in p.lines]
    assert f"(The command taken back: '{command}'.)" in mine and not any(paid in line for line in theirs)
    assert not any(paid in line for line in await service.log(ref.id, None, limit=100))
