"""The campaign service on a real database: scenarios are ordinary games, and the log follows them (spec 7.1,
7.2, 7.8; C 12.5, 14.8)."""

from __future__ import annotations

import json

import pytest

from bot.service import NotAllowed, Service, ServiceError
from bot.service.campaign import Campaigns
from bot.store.database import Database
from bot.store.models import CampaignRow, GameRow
from engines import registry
from engines.core import RuleError
from engines.lcg.campaign import export
from engines.lcg.campaign import plan as campaign_plan
from engines.lcg.campaign.log import Change
from tests.conftest import ALICE, BOB, CARA, RecordingMessenger

registry.load(list(registry.BUILTIN))


async def a_campaign(service: Service, decks: tuple[str, ...] = ("core-leadership", "core-tactics")) -> tuple[
        Campaigns, int]:
    campaigns = Campaigns(service)
    ref, _ = await campaigns.start("core", ALICE, list(zip((ALICE, BOB, CARA), decks, strict=False)))
    return campaigns, ref.id


async def through_setup(service: Service, game_id: int) -> None:
    """Every seat votes for p1 and keeps its hand."""
    state = await service.stored_state(game_id)
    users = {s.seat: s.user_id for s in await service.seats(game_id)}
    by_id = {u.id: u for u in (ALICE, BOB, CARA)}
    while state.phase == "setup" and state.decisions:
        decision = state.decisions[0]
        choice = "keep" if decision.context == "mulligan" else "p1"
        await service.act(game_id, by_id[users[decision.seat]], f"answer {decision.id} {choice}")
        state = await service.stored_state(game_id)


async def test_next_starts_the_scenario_as_a_game_with_the_log_in_its_options(service: Service, db: Database):
    campaigns, cid = await a_campaign(service)
    ref, game_id, said = await campaigns.next(cid, BOB)
    assert ref.game_id == game_id and said[-1].startswith("Passage Through Mirkwood (scenario 1 of 3, attempt 1)")
    async with db.session() as s:
        row = await s.get(GameRow, game_id)
    assert row is not None
    options = json.loads(row.options_json)
    assert options["scenario"] == "passage-through-mirkwood"
    setup = campaign_plan.decode(options["campaign"])
    assert setup.decks == {"p1": "core-leadership", "p2": "core-tactics"}
    assert {s.seat: s.user_id for s in await service.seats(game_id)} == {"p1": ALICE.id, "p2": BOB.id}
    with pytest.raises(RuleError, match="being played"):
        await campaigns.next(cid, ALICE)


async def test_a_lost_scenario_is_logged_at_game_over_and_played_again(service: Service):  # spec 7.1.3
    announced: list[str] = []
    campaigns, cid = await a_campaign(service, ("core-leadership",))

    async def tell(_ref, lines: list[str]) -> None:
        announced.extend(lines)

    campaigns.announce = tell
    _, game_id, _ = await campaigns.next(cid, ALICE)
    await through_setup(service, game_id)
    await campaigns.stage(cid, ALICE, Change(kind="note", text="staged during a lost attempt"))
    await service.act(game_id, ALICE, "threat +60")  # eliminated: the players lose (RR p.22)
    assert any("The players lost Passage Through Mirkwood" in line for line in announced)
    _, book = await campaigns.book(cid)
    assert [(a.status, a.recorded) for a in book.history] == [("lost", False)]
    assert book.notes == [] and book.index == 0  # nothing recorded, the staged note dropped
    _, again, said = await campaigns.next(cid, ALICE)
    assert again != game_id and "attempt 2" in said[-1]


async def test_a_result_missed_by_the_listener_is_caught_up_by_the_next_verb(db: Database):
    """The bot stopped between the game's last command and the listener: the next process still logs it."""
    first = Service(db, RecordingMessenger(), seed_source=lambda: 7)
    campaigns, cid = await a_campaign(first, ("core-leadership",))
    _, game_id, _ = await campaigns.next(cid, ALICE)
    first.on_game_over.clear()  # as if the process died before telling the campaign
    await through_setup(first, game_id)
    await first.act(game_id, ALICE, "threat +60")
    restarted = Campaigns(Service(db, RecordingMessenger(), seed_source=lambda: 7))
    _, book = await restarted.book(cid)
    assert book.history[-1].status == "lost"


async def test_an_abandoned_scenario_is_played_again(service: Service):
    campaigns, cid = await a_campaign(service, ("core-leadership",))
    _, game_id, _ = await campaigns.next(cid, ALICE)
    await service.abandon(game_id, ALICE)
    _, book = await campaigns.book(cid)
    assert book.history[-1].status == "abandoned"
    _, _, said = await campaigns.next(cid, ALICE)
    assert "attempt 2" in said[-1]


async def test_a_newcomer_takes_a_seat_and_plays_it_next_time(service: Service):  # spec 7.2 players
    campaigns, cid = await a_campaign(service)
    with pytest.raises(NotAllowed, match="seat's player or the campaign's host"):
        await campaigns.change_seat(cid, CARA, "p2", CARA)
    text = await campaigns.change_seat(cid, BOB, "p2", CARA)
    assert text.startswith("Bob leaves the campaign; Cara takes seat p2")
    _, game_id, _ = await campaigns.next(cid, ALICE)
    assert {s.seat: s.user_id for s in await service.seats(game_id)} == {"p1": ALICE.id, "p2": CARA.id}
    with pytest.raises(NotAllowed, match="not in the fellowship"):
        await campaigns.stage(cid, BOB, Change(kind="note", text="Bob has left"))


async def test_deck_changes_follow_section_9_between_scenarios(service: Service):  # spec 7.1.5, 9
    campaigns, cid = await a_campaign(service)
    with pytest.raises(RuleError, match="already one of p2's heroes"):
        await campaigns.change_deck(cid, ALICE, "core-tactics")
    with pytest.raises(RuleError, match="only 1 living hero"):
        await campaigns.change_deck(cid, ALICE, "core-spirit")  # all three heroes at once
    lines = await campaigns.replace_hero(cid, ALICE, "Glóin", "Beravor")
    assert "changes deck to Core Set: Leadership, with Beravor" in lines[0]
    _, book = await campaigns.book(cid)
    assert book.member("p1").deck_heroes == ["Aragorn", "Théodred", "Beravor"]
    _, _, said = await campaigns.next(cid, ALICE)
    assert "hero change: p1 Glóin -> Beravor (+1 threat penalty)" in said  # a voluntary swap (C 12.5.2)


async def test_unknown_campaigns_and_bad_exports_are_refused(service: Service):
    campaigns = Campaigns(service)
    with pytest.raises(Exception, match="Unknown campaign 'nope'"):
        await campaigns.start("nope", ALICE, [(ALICE, "core-leadership")])
    with pytest.raises(ServiceError, match="only one seat"):
        await campaigns.start("core", ALICE, [(ALICE, "core-leadership"), (ALICE, "core-tactics")])
    _, cid = await a_campaign(service)
    with pytest.raises(ServiceError, match="json or md"):
        await campaigns.export(cid, "pdf")


async def test_a_campaign_on_postgresql_follows_a_lost_scenario(pg_url: str):
    database = Database(pg_url)
    try:
        service = Service(database, RecordingMessenger(), seed_source=lambda: 9)
        campaigns, cid = await a_campaign(service, ("core-leadership",))
        _, game_id, _ = await campaigns.next(cid, ALICE)
        await through_setup(service, game_id)
        await service.act(game_id, ALICE, "threat +60")
        _, book = await campaigns.book(cid)
        assert book.history[-1].status == "lost"
        _, _, said = await campaigns.next(cid, ALICE)
        assert "attempt 2" in said[-1]
    finally:
        await database.close()


async def test_only_the_host_abandons_a_campaign_and_then_nothing_more_is_played(service: Service):
    campaigns, cid = await a_campaign(service)
    _, game_id, _ = await campaigns.next(cid, ALICE)
    with pytest.raises(NotAllowed, match="host or a server admin"):
        await campaigns.abandon(cid, BOB)
    with pytest.raises(RuleError, match="abandon that game first"):
        await campaigns.abandon(cid, ALICE)
    await service.abandon(game_id, ALICE)
    assert "abandoned after 0 recorded" in await campaigns.abandon(cid, ALICE)
    with pytest.raises(RuleError, match="abandoned"):
        await campaigns.next(cid, ALICE)
    assert "| p1 | Alice |" in await campaigns.export(cid, "md")  # still readable


async def test_a_fallen_hero_s_title_is_refused_in_every_deck_at_the_next_setup(service: Service):  # spec 10.6 #92
    campaigns, cid = await a_campaign(service)
    _, book = await campaigns.book(cid)
    book.fallen.append("Gandalf")  # as if a Gandalf hero had fallen: both starter decks hold the Gandalf ally
    async with service.db.session() as s:
        row = await s.get(CampaignRow, cid)
        assert row is not None
        row.log_json = export.to_json(book)
    with pytest.raises(RuleError, match="p1's deck Core Set: Leadership holds Gandalf"):
        await campaigns.next(cid, ALICE)
    with pytest.raises(RuleError, match="holds Gandalf"):
        await campaigns.check_next(cid, BOB)
