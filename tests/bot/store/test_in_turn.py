"""At most a few at once, the others in the order they came (bot/store/in_turn.py): what keeps one PostgreSQL
command from waiting seconds for a connection while later ones cut in."""

from __future__ import annotations

import asyncio

import pytest

from bot.store.in_turn import InTurn


async def test_at_most_n_at_once_and_the_rest_in_the_order_they_came() -> None:
    turns = InTurn(2)
    inside: list[int] = []
    most = 0
    order: list[int] = []
    release: dict[int, asyncio.Event] = {i: asyncio.Event() for i in range(6)}

    async def one(i: int) -> None:
        nonlocal most
        async with turns:
            order.append(i)
            inside.append(i)
            most = max(most, len(inside))
            await release[i].wait()
            inside.remove(i)

    tasks = [asyncio.create_task(one(i)) for i in range(6)]
    await asyncio.sleep(0)
    assert order == [0, 1]
    for i in (1, 0, 3, 2, 5, 4):  # places freed out of order are still handed out in arrival order
        release[i].set()
        await asyncio.sleep(0.01)
    await asyncio.gather(*tasks)
    assert order == [0, 1, 2, 3, 4, 5]
    assert most == 2
    assert turns.running == 0 and not turns.waiting


async def test_a_newcomer_cannot_cut_in_when_a_place_frees_up() -> None:
    """The place passes straight to the waiter: a command arriving between the release and the waiter's wake-up
    waits behind it (asyncio.Queue, like the pool, would let it take the place)."""
    turns = InTurn(1)
    await turns.enter()
    got: list[str] = []

    async def take(name: str) -> None:
        async with turns:
            got.append(name)

    waiter = asyncio.create_task(take("waited"))
    await asyncio.sleep(0)
    turns.leave()  # the waiter is handed the place, but has not run yet
    await turns.enter()  # a newcomer, at once
    got.append("late")
    turns.leave()
    await waiter
    assert got == ["waited", "late"]


async def test_a_waiter_cancelled_leaves_no_place_taken() -> None:
    turns = InTurn(1)
    await turns.enter()
    gone = asyncio.create_task(turns.enter())
    await asyncio.sleep(0)
    gone.cancel()
    with pytest.raises(asyncio.CancelledError):
        await gone
    assert not turns.waiting
    turns.leave()
    assert turns.running == 0
    await asyncio.wait_for(turns.enter(), 1)  # free again


async def test_a_waiter_cancelled_after_it_was_handed_the_place_passes_it_on() -> None:
    turns = InTurn(1)
    await turns.enter()
    handed = asyncio.create_task(turns.enter())
    after = asyncio.create_task(turns.enter())
    await asyncio.sleep(0)
    turns.leave()  # handed the place...
    handed.cancel()  # ...and cancelled before it ran
    with pytest.raises(asyncio.CancelledError):
        await handed
    await asyncio.wait_for(after, 1)  # the place went on to the next
    assert turns.running == 1
    turns.leave()
    assert turns.running == 0
