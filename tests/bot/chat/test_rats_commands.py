"""`/rats` through discord.py (issue 5): an organizer opens a tournament, two teams register (a short deck is
refused), pairings are posted, the round starts with a thread per team, the clock is paused, resumed, hit
and shown as an image, and the organizer's result posts the standings and the champion."""

from __future__ import annotations

import io

from PIL import Image

from bot.service import User
from engines import registry
from engines.lcg import GAME
from tests.bot.tournament.helpers import tournament_deck
from tests.engines.lcg.autoplay import next_move


async def set_up(env, thread_games, users) -> None:
    """Each team finishes its setup (mulligan) through the service, as its buttons would."""
    service = env.bot.service
    for game_id in thread_games:
        while (state := await service.stored_state(game_id)).phase == "setup":
            move = next_move(state)
            assert move is not None
            seat, command = move
            seated = {s.seat: s.user_id for s in await service.seats(game_id)}
            user = next(u for u in users if u.id == seated[seat])
            with env.time_context():
                await service.act(game_id, user, command, at=env.now())


async def test_a_tournament_from_create_to_champion(world):
    registry.register(GAME)
    env, guild, channel, alice, bob = world
    deck_a, deck_b = tournament_deck("leadership", "lore"), tournament_deck("tactics", "spirit")
    carol = guild.add_member(env.create_user("carol"))
    created = await carol.slash(channel, "rats create", name="Autumn Race", scenarios="passage-through-mirkwood",
                                rounds=1)
    assert created.ephemeral and "Tournament 1 is open" in created.response.content
    assert any("opens the tournament **Autumn Race**" in m.content for m in channel.history())

    offered = await alice.autocomplete(channel, "rats register", "deck", "lore")
    values = [o["value"] for o in offered]
    assert deck_a in values and "core-lore" not in values  # only decks fit for a tournament (50 cards or more)
    short = await alice.slash(channel, "rats register", team="Rangers", deck="core-leadership")
    assert short.ephemeral and "30 cards; a tournament deck has at least 50" in short.response.content
    ok = await alice.slash(channel, "rats register", team="Rangers", deck=deck_a)
    assert "registered as team 1" in ok.response.content
    await bob.slash(channel, "rats register", team="Wardens", deck=deck_b)

    refused = await alice.slash(channel, "rats pair")
    assert refused.ephemeral and "organizer" in refused.response.content
    await carol.slash(channel, "rats pair")
    pairings = next(m.content for m in channel.history() if "round 1 of 1" in m.content)
    assert "Scenario: Passage Through Mirkwood." in pairings and "45 minutes per team" in pairings

    started = await carol.slash(channel, "rats start")
    assert "Round started: 1 matches" in started.response.content
    assert len(channel.threads) == 2  # each team plays in its own thread
    await env.bot.messenger.drain()
    for thread in channel.threads:
        # The registered decks are the ones played (C 15.3.2): chosen before the game opens, asked of nobody.
        posts = [m.content for m in thread.history()]
        assert not any("choose your deck" in p for p in posts), posts
        assert sum(" plays " in p for p in posts) == 1
    dms = [m.content for member in (alice, bob) for m in member.user.dm_channel.history()]
    assert not any("choose your deck" in d for d in dms)
    match = await env.bot.get_cog("RatsCog").tournaments.match_of_game(1)
    assert match is not None
    first = alice if match.team_a == 1 else bob
    second = bob if first is alice else alice
    await set_up(env, [match.game_a, match.game_b], [User(id=a.id, name=a.user.name) for a in (alice, bob)])

    wrong = await second.slash(channel, "rats clock")
    assert wrong.ephemeral and "not your phase group" in wrong.response.content
    paused = await second.slash(channel, "rats pause", reason="is that enemy engaged?")
    # The reason is read as typed: its own question mark ends the sentence, with no full stop after it.
    assert "paused by team" in paused.response.content and "?." not in paused.response.content
    assert ": is that enemy engaged? The time is charged to nobody;" in paused.response.content
    not_yours = await second.slash(channel, "rats resume")
    # The team that may resume is named as every message of the tournament names it, not "team A".
    active = f"team {match.team_a} ({'Rangers' if match.team_a == 1 else 'Wardens'})"
    assert not_yours.ephemeral and not_yours.response.content.endswith(
        f"Only {active}, the active team, restarts the clock."), not_yours.response.content
    again = await second.slash(channel, "rats pause")
    assert again.response.content.endswith(f"{active}, the active team, resumes it."), again.response.content
    assert "team A" not in again.response.content and "team B" not in again.response.content
    await env.advance_time(seconds=90)
    resumed = await first.slash(channel, "rats resume")
    assert "runs again" in resumed.response.content and "charged to nobody" in resumed.response.content
    await env.advance_time(seconds=30)
    hit = await first.slash(channel, "rats clock")
    assert "hits the clock" in hit.response.content

    shown = await first.slash(channel, "rats show")
    [attachment] = shown.response.attachments
    image = Image.open(io.BytesIO(await attachment.read()))
    assert image.format == "PNG" and image.size == (1200, 440)
    assert "Resource and Planning of round 1" in shown.response.content
    # 30 s charged to the first team; the 90 s paused to nobody (C 15.3.3)
    assert "44:30 |" in shown.response.content and "45:00 |" in shown.response.content

    result = await carol.slash(channel, "rats result", table=1, outcome=f"win {match.team_b}")
    assert "wins against" in result.response.content
    posts = [m.content for m in channel.history()]
    assert any("standings after 1 round" in p for p in posts)
    assert any("**Champion:" in p for p in posts)
    table = await alice.slash(channel, "rats standings")
    assert "Champion" in table.response.content
