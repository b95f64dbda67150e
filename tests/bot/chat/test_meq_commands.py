"""`/meq` end to end through discord.py (simcord): a 3-player game (Sauron and two heroes) created, started,
each seat's secrets sent by DM to that seat only (meq spec 1.4: Sauron's Mission and hands to Sauron, the Hero
Mission and each hand to the heroes), nothing hidden in the thread; options from one's own view; reference."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from bot.chat.painter import Painter
from bot.content.meq.lookup import location_facts
from engines import registry
from engines.core import CommandError
from engines.meq import GAME
from engines.meq import board as mb
from engines.meq.cards import index
from render import meq as meq_render
from tests.bot.chat.conftest import painted_by
from tests.render.test_kit import TextRecorder


@pytest.fixture(autouse=True)
def installed() -> None:
    registry.register(GAME)


async def three_players(world, *, seed: int = 3):
    env, guild, channel, alice, bob = world
    carol = guild.add_member(env.create_user("carol"))
    env.bot.service.seed_source = lambda: seed
    created = await alice.slash(channel, "game new", name="meq", options="heroes=argalad,beravor")
    assert "Middle-earth Quest" in created.response.content
    thread = channel.threads[-1]
    await bob.slash(thread, "game join")
    await carol.slash(thread, "game join")
    started = await alice.slash(thread, "game start")
    assert "has started" in started.response.content
    return thread, carol


def dm_texts(actor) -> str:
    return "\n".join(m.content for m in actor.user.dm_channel.history())


async def test_each_seats_secrets_go_by_dm_to_that_seat_only(world):
    # meq spec 1.4
    env, guild, channel, alice, bob = world
    thread, carol = await three_players(world)
    missions = index().pack.missions
    sauron_missions = [m.name for m in missions if m.side == "sauron"]
    hero_missions = [m.name for m in missions if m.side == "heroes"]
    sauron_dm, bob_dm, carol_dm = dm_texts(alice), dm_texts(bob), dm_texts(carol)
    public = "\n".join(m.content for m in thread.history())
    assert any(n in sauron_dm for n in sauron_missions)
    assert not any(n in bob_dm or n in carol_dm or n in public for n in sauron_missions)
    assert any(n in bob_dm for n in hero_missions) and any(n in carol_dm for n in hero_missions)
    assert not any(n in sauron_dm or n in public for n in hero_missions)
    assert "Monster tokens on the board (faces)" in sauron_dm  # the token faces reach Sauron's DM only
    assert "Monster tokens on the board (faces)" not in bob_dm + carol_dm + public


async def test_act_offers_only_ones_own_options(world):
    env, guild, channel, alice, bob = world
    thread, carol = await three_players(world)
    offered = {who: await actor.autocomplete(thread, "meq act", "option", "")
               for who, actor in (("sauron", alice), ("bob", bob), ("carol", carol))}
    assert any(offered.values())
    for choices in offered.values():
        assert all(c["value"].startswith("answer ") for c in choices)
    mover, choices = next((a, offered[w]) for w, a in (("sauron", alice), ("bob", bob), ("carol", carol))
                          if offered[w])
    done = await mover.slash(thread, "meq act", option=choices[0]["value"])
    assert done.ephemeral and "Done: `answer" in done.response.content, done.response.content
    refused = await bob.slash(thread, "meq act", option="no such thing")
    assert refused.ephemeral and "is not one of your open options" in refused.response.content


async def test_adjust_and_reference(world):
    env, guild, channel, alice, bob = world
    thread, carol = await three_players(world)
    helped = await alice.slash(thread, "meq adjust", command="help")
    assert "influence <location> +N" in helped.response.content
    done = await bob.slash(thread, "meq adjust", command="favor argalad +1")
    assert "Done: `adjust favor argalad +1`" in done.response.content, done.response.content
    assert any("adjusts by card text: favor argalad +1" in m.content for m in thread.history())
    card = await alice.slash(channel, "meq card", name="Orc")
    assert "**Orc** (monster or minion" in card.response.content
    where = await alice.slash(channel, "meq location", name="bree")
    assert "**Bree** (`bree`)" in where.response.content and "Weathertop" in where.response.content
    assert "the Eriador and Enedwaith Encounter deck" in where.response.content


def test_a_locations_facts_name_its_encounter_deck_and_token_pile_as_the_log_does() -> None:
    # meq spec 1.2: a location's colour is its regional Encounter deck and monster-token pile; a player reads
    # "the Eriador and Enedwaith Encounter deck", as the log names it, never the map file's key for the colour
    board = mb.builtin("base")
    bree = location_facts(board, "Bree")
    assert bree.startswith("**Bree** (`bree`), Eriador: the Eriador and Enedwaith Encounter deck and monster tokens.")
    # spec 3.2, step 4: on a Haven the hero draws from the Haven deck; tokens still come by the colour
    rivendell = location_facts(board, "Rivendell")
    assert rivendell.startswith("**Rivendell** (`rivendell`), Misty Mountains: the Haven Encounter deck, Misty "
                                "Mountains and Mirkwood monster tokens; Haven. Paths: ")
    groups = {r.group for r in board.regions}
    for loc in board.locations:
        said = location_facts(board, loc.id)
        assert not [g for g in groups if g in said], said
    with pytest.raises(CommandError, match="No location is called 'Minas Ithil' on the map Middle-earth Quest"):
        location_facts(board, "Minas Ithil")

async def test_saurons_private_map_goes_by_dm_with_the_token_faces(world, monkeypatch):
    # meq spec 1.4 and issue 14 (hidden information): "a private map image by DM shows the faces"
    meq_render.forget()  # blocks already drawn by other tests would not pass the recorder below
    drawn = TextRecorder().install(monkeypatch)
    env, guild, channel, alice, bob = world
    # The recorder hooks the drawing of this process: the boards are drawn on its thread, not in the bot's painter.
    await painted_by(env, Painter(own_process=False))
    thread, carol = await three_players(world)
    images = [a for m in alice.user.dm_channel.history() for a in m.attachments if a.filename == "your-board.png"]
    assert images, "Sauron's DM carries his own map"
    img = Image.open(io.BytesIO(await images[-1].read()))
    assert img.format == "PNG" and img.width == meq_render.WIDTH
    assert any(s.startswith("Only you see: Monster tokens on the board (faces)") for s in drawn.strings)
    for hero in (bob, carol):  # a hero's own board shows that hero's hand, never the faces
        for m in hero.user.dm_channel.history():
            assert all(a.filename == "your-board.png" for a in m.attachments)
    assert not any(a.filename == "your-board.png" for m in thread.history() for a in m.attachments)


async def test_a_game_on_a_map_file_with_its_own_pace(world):
    # issue 14 (the map): a host plays on a map file of their own, with the pace options every game has
    env, guild, channel, alice, bob = world
    text = (Path(mb.__file__).parent / "packs" / "base.map").read_bytes()
    created = await alice.slash(channel, "meq new", map=("my-map.map", text), reminder_hours=6, deadline_days=2)
    assert "Created game 1" in created.response.content, created.response.content
    [thread] = channel.threads
    assert any("on the map my-map.map" in m.content for m in thread.history())
    pace = await alice.slash(thread, "game pace")
    assert "reminders after 6 h" in pace.response.content, pace.response.content
    assert "a deadline of 2 day(s)" in pace.response.content, pace.response.content


async def test_a_bad_map_file_names_its_line_and_opens_no_game(world):
    env, guild, channel, alice, bob = world
    broken = b"meq-map 1\nmap mine 'Mine'\nregion r R g\nlocation a A r x=1 y=1\npath a nowhere land 1\n"
    refused = await alice.slash(channel, "meq new", map=("broken.map", broken))
    assert refused.ephemeral and "line 5" in refused.response.content, refused.response.content
    assert not channel.threads
    listed = await alice.slash(channel, "game list")
    assert "game 1" not in listed.response.content.lower()


async def test_card_shows_the_words_the_owner_imported_and_else_the_facts_only(world, tmp_path, monkeypatch):
    # issue 14 (Cards): no card text ships; the words come from the owner's own copy (made-up words here)
    from bot.content.meq.words import import_words
    from bot.settings import settings

    env, guild, channel, alice, bob = world
    before = await alice.slash(channel, "meq card", name="Argalad")
    assert "**Argalad** (hero, `argalad`)" in before.response.content and ">" not in before.response.content
    source = tmp_path / "mine.csv"
    source.write_text("card,text\nargalad,Test words for a made-up effect.\n", encoding="utf-8")
    monkeypatch.setenv("PACK_DIR", str(tmp_path / "packs"))
    settings.cache_clear()
    try:
        import_words(source)  # to PACK_DIR/meq/words.json, where the bot reads them
        after = await alice.slash(channel, "meq card", name="Argalad")
        other = await alice.slash(channel, "meq card", name="Thalin")
    finally:
        monkeypatch.undo()
        settings.cache_clear()
    assert after.ephemeral and after.response.content.endswith("\n> Test words for a made-up effect.")
    assert "**Thálin** (hero, `thalin`)" in other.response.content and ">" not in other.response.content


async def test_card_finds_an_id_a_prompt_showed_in_the_callers_own_view(world):
    # meq spec 1.4: an id names its card only for a seat whose view shows the face (Sauron's Mission is his)
    env, guild, channel, alice, bob = world
    thread, carol = await three_players(world)
    state = await env.bot.service.stored_state(1)  # the world's only game
    mission = state.sauron_mission.cards[0]
    mine = await alice.slash(thread, "meq card", name=mission.uid)
    assert f"**{mission.name}** (Mission" in mine.response.content
    theirs = await bob.slash(thread, "meq card", name=mission.uid)
    assert f"Nothing is called '{mission.uid}'" in theirs.response.content
