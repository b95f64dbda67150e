"""`/campaign` end to end through discord.py (simcord): a campaign started in a channel, each scenario a game in
its own thread, the log as an embed and an image, the export files, deck and seat changes, a lost scenario
told in the campaign's channel and played again, and a restart that loses nothing (spec 7)."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

import pytest
from PIL import Image

from bot.chat.campaign_cog import buttons
from engines import registry
from engines.lcg import GAME
from engines.lcg.campaign import export
from engines.lcg.campaign import log as campaign
from engines.lcg.campaign.log import Member, Result
from engines.lcg.campaign_table import deck_facts
from engines.lcg.library import builtin
from tests.bot.chat.conftest import make_bot


@pytest.fixture(autouse=True)
def fresh_library() -> Iterator[None]:
    registry.register(GAME)
    shipped = GAME.library
    GAME.library = builtin()
    yield
    GAME.library = shipped


async def a_campaign(world):
    env, guild, channel, alice, bob = world
    env.bot.service.seed_source = lambda: 11
    started = await alice.slash(channel, "campaign start", name="core", deck="core-leadership", player2=bob,
                                deck2="core-tactics")
    text = started.response.content
    assert "Campaign 1: **The Core Set campaign** begins." in text, text
    assert f"p2 <@{bob.user.id}>: Gimli, Thalin, Legolas" in text
    return 1


async def test_start_next_and_the_log_as_an_embed_and_an_image(world):
    env, guild, channel, alice, bob = world
    await a_campaign(world)
    offered = await alice.autocomplete(channel, "campaign start", "name", "core")
    assert [c["value"] for c in offered] == ["core"]
    bad = await alice.slash(channel, "campaign start", name="core", deck="core-lore", penalty="nobody")
    assert bad.ephemeral and "The threat penalty rule is 'each' (every player takes +1 for a hero change) or " \
        "'player' (only the player who changed takes it), not 'nobody'." in bad.response.content
    begun = await bob.slash(channel, "campaign next")
    assert "Passage Through Mirkwood (scenario 1 of 3, attempt 1) begins as game 1." in begun.response.content
    [thread] = channel.threads
    assert thread.name == "The Core Set campaign: Passage Through Mirkwood"
    assert any("Seats: alice as p1, bob as p2" in m.content for m in thread.history())
    refused = await alice.slash(channel, "campaign next")
    assert refused.ephemeral and "Passage Through Mirkwood is being played (game 1)" in refused.response.content
    assert len(channel.threads) == 1  # refused before any thread was made

    shown = await bob.slash(thread, "campaign log")  # in the scenario's thread: that campaign
    [embed] = shown.response.embeds
    assert embed.title == "The Core Set campaign (campaign 1)"
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Fallen heroes"] == "none" and fields["Threat penalty"] == "+0 each"
    assert "Passage Through Mirkwood #1: playing" in fields["Scenarios"]  # the scenario by name, not its key
    [attachment] = shown.response.attachments
    image = Image.open(io.BytesIO(await attachment.read()))
    assert image.format == "PNG" and image.width == 1200


async def test_a_lost_scenario_is_told_in_the_channel_and_played_again_after_a_restart(world, db_url):
    env, guild, channel, alice, bob = world
    await a_campaign(world)
    await alice.slash(channel, "campaign next")
    [thread] = channel.threads
    for actor in (alice, bob):  # both vote for p1
        await actor.slash(thread, "game act", command="p1")
    for actor in (alice, bob):
        await actor.slash(thread, "game act", command="keep")
    staged = await alice.slash(thread, "campaign note", text="we went too slowly")
    assert "note: we went too slowly" in staged.response.content
    await alice.slash(thread, "lcg adjust", command="threat +60 p1")
    await alice.slash(thread, "lcg adjust", command="threat +60 p2")
    told = [m for m in channel.history() if "The players lost Passage Through Mirkwood" in m.content]
    assert told and "played again" in told[0].content
    assert any("The campaign goes on in" in m.content for m in thread.history())  # the thread is pointed there
    [button] = told[0].components[0].children
    assert button.custom_id == "wm:c1:next" and button.label == "Start the scenario"

    GAME.library = builtin()
    await env.restart_bot(make_bot(db_url))  # nothing is lost
    shown = await alice.slash(channel, "campaign log")
    fields = {f.name: f.value for f in shown.response.embeds[0].fields}
    assert "Passage Through Mirkwood #1: lost" in fields["Scenarios"]
    assert "Notes" not in fields  # the note staged in a lost attempt was dropped (spec 7.5)
    again = await bob.click(told[0], custom_id="wm:c1:next")  # the button still works after the restart
    assert "attempt 2" in again.response.content, again.response.content
    assert len(channel.threads) == 2


async def test_export_gives_json_that_reads_back_and_markdown(world):
    env, guild, channel, alice, bob = world
    await a_campaign(world)
    exported = await bob.slash(channel, "campaign export")
    assert exported.ephemeral
    files = {a.filename: (await a.read()).decode("utf-8") for a in exported.response.attachments}
    book = export.from_json(files["campaign-1.json"])
    assert export.to_json(book) == files["campaign-1.json"]
    assert json.loads(files["campaign-1.json"])["format"] == "westmarch-lcg-campaign"
    assert files["campaign-1.md"].startswith("# The Core Set campaign")
    restored = await alice.slash(channel, "campaign import", file=("campaign-1.json",
                                                                   files["campaign-1.json"].encode("utf-8")))
    assert "Campaign 2: **The Core Set campaign** restored from campaign-1.json." in restored.response.content
    again = await alice.slash(channel, "campaign export", campaign=2)
    assert {a.filename: (await a.read()).decode("utf-8") for a in again.response.attachments}[
        "campaign-2.json"] == files["campaign-1.json"]
    bad = await alice.slash(channel, "campaign import", file=("x.json", b'{"format": "other"}'))
    assert bad.ephemeral and "not a Westmarch campaign log" in bad.response.content


async def test_deck_hero_and_seat_changes_between_scenarios(world):
    env, guild, channel, alice, bob = world
    await a_campaign(world)
    cara = guild.add_member(env.create_user("cara"))
    taken = await alice.slash(channel, "campaign deck", key="core-tactics")
    assert taken.ephemeral and "already one of p2's heroes" in taken.response.content
    swapped = await alice.slash(channel, "campaign hero", old="Glóin", new="Beravor")
    assert "changes deck to Core Set: Leadership, with Beravor" in swapped.response.content
    # Before the next scenario starts, the log shows the swap it will record and the penalty it will cost.
    fields = {f.name: f.value for f in (await bob.slash(channel, "campaign log")).response.embeds[0].fields}
    assert f"p1 <@{alice.user.id}>: Aragorn, Glóin, Théodred (next scenario: Aragorn, Théodred, Beravor)" in (
        fields["Fellowship"]), fields
    assert fields["Threat penalty"] == "+0 each; +1 each from the next scenario", fields
    assert fields["At the next setup"] == "hero change: p1 Glóin -> Beravor (+1 threat penalty)", fields
    stranger = await cara.slash(channel, "campaign seat", seat="p2", player=cara)
    assert stranger.ephemeral and "Only the seat's player or the campaign's host" in stranger.response.content
    handed = await bob.slash(channel, "campaign seat", seat="p2", player=cara)
    assert "bob leaves the campaign; cara takes seat p2" in handed.response.content
    begun = await cara.slash(channel, "campaign next")
    assert "hero change: p1 Glóin -> Beravor (+1 threat penalty)" in begun.response.content
    fields = {f.name: f.value for f in (await alice.slash(channel, "campaign log")).response.embeds[0].fields}
    assert fields["Threat penalty"] == "+1 each" and "At the next setup" not in fields, fields  # recorded now
    assert f"p1 <@{alice.user.id}>: Aragorn, Théodred, Beravor" in fields["Fellowship"], fields
    thread = channel.threads[-1]
    assert any("Seats: alice as p1, cara as p2" in m.content for m in thread.history())
    listed = await alice.slash(channel, "campaign list")
    assert "1: The Core Set campaign (active)" in listed.response.content


def test_a_win_waiting_to_be_recorded_offers_record_and_decline_buttons() -> None:  # spec 7.8.3
    library = GAME.library
    members = [Member(seat="p1", user_id=1, name="A", deck="core-leadership")]
    book, _ = campaign.new_campaign(library.campaign("core"), members,
                                    {"p1": deck_facts(library.deck("core-leadership"), library)}, "2026-01-01")
    view = buttons(1, book)
    assert view is not None and [c.custom_id for c in view.children] == ["wm:c1:next"]  # type: ignore[attr-defined]
    campaign.begin_attempt(book, 5, "2026-01-01")
    assert buttons(1, book) is None  # a scenario in play: nothing to press
    campaign.end_attempt(book, 5, Result(won=True), "2026-01-02")
    view = buttons(1, book)
    assert view is not None
    assert [c.custom_id for c in view.children] == ["wm:c1:record", "wm:c1:decline"]  # type: ignore[attr-defined]
