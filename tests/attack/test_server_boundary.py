"""A game belongs to the server it was made in (issue 18): named by id from another server it is refused with
the same words as a game that does not exist, a server admin's rights count only in their own server, and a DM
sees only the caller's own games. Game ids are sequential, so any gap here would let one person with their own
server walk the ids and end every game."""

from __future__ import annotations

import pytest

from bot.service import NoSuchGame, Place, Service, User
from tests.bot.chat.test_game_commands import last_dm_with_buttons, lobby

NOT_HERE = "There is no game {} on this server."


async def test_an_admin_of_another_server_cannot_pause_or_abandon_a_game(two_servers):
    env, guild, channel, alice, bob, other, lobby_b, mallory = two_servers
    thread = await lobby((env, guild, channel, alice, bob))
    await alice.slash(thread, "game start")
    for command in ("game pause", "game resume", "game abandon"):
        refused = await mallory.slash(lobby_b, command, game=1)
        assert refused.ephemeral and refused.response.content == NOT_HERE.format(1)
    assert (await env.bot.service.ref(1)).status == "active"
    # The same words as for a game that exists nowhere: walking the ids tells nothing.
    unknown = await mallory.slash(lobby_b, "game abandon", game=999)
    assert unknown.response.content == NOT_HERE.format(999)


async def test_a_user_of_another_server_cannot_join_read_or_act_by_id(two_servers):
    env, guild, channel, alice, bob, other, lobby_b, mallory = two_servers
    created = await alice.slash(channel, "game new", name="tally")
    assert "Created game 1" in created.response.content
    for command in ("game join", "game status", "game log", "game hand", "game nudge"):
        refused = await mallory.slash(lobby_b, command, game=1)
        assert refused.ephemeral and refused.response.content == NOT_HERE.format(1), command
    refused = await mallory.slash(lobby_b, "game act", command="pass", game=1)
    assert refused.response.content == NOT_HERE.format(1)
    assert [s.name for s in await env.bot.service.seats(1)] == ["alice"]


async def test_a_dm_lists_and_reaches_only_the_callers_own_games(two_servers):
    env, guild, channel, alice, bob, other, lobby_b, mallory = two_servers
    thread = await lobby((env, guild, channel, alice, bob))
    await alice.slash(thread, "game start")
    await mallory.slash(lobby_b, "game new", name="tally")  # game 2, on the other server

    listed = await mallory.user.slash("game list")
    assert "alice" not in listed.response.content and "bob" not in listed.response.content
    assert "2" in listed.response.content
    mine = await bob.user.slash("game list")
    assert "1" in mine.response.content and "mallory" not in mine.response.content

    refused = await mallory.user.slash("game status", game=1)
    assert refused.response.content.startswith("You have no game 1")
    # A seated player still plays from their DMs: the decision buttons arrive there.
    bid = last_dm_with_buttons(bob)
    clicked = await bob.user.click(bid, custom_id=bid.components[0].children[0].custom_id)
    assert "Done: `answer" in clicked.response.content


async def test_a_campaign_stays_in_its_server(two_servers):
    env, guild, channel, alice, bob, other, lobby_b, mallory = two_servers
    started = await alice.slash(channel, "campaign start", name="core", deck="core-leadership", player2=bob,
                                deck2="core-lore")
    assert "Campaign 1" in started.response.content or "campaign 1" in started.response.content
    for command in ("campaign export", "campaign log", "campaign abandon"):
        refused = await mallory.slash(lobby_b, command, campaign=1)
        assert refused.response.content == "There is no campaign 1 on this server.", command
    refused = await mallory.user.slash("campaign export", campaign=1)
    assert refused.response.content.startswith("You have no campaign 1")
    listed = await mallory.user.slash("campaign list")
    assert "Core" not in listed.response.content.split("Campaigns to start")[0]


async def test_the_service_checks_the_boundary_below_the_adapter(service: Service):
    """Whatever adapter calls it, the service refuses a game of another server, and an admin flag set in
    another server counts for nothing."""
    host = User(id=1, name="alice", guild_id=10)
    ref = await service.create("tally", host, Place(guild_id=10, channel_id=11))
    await service.join(ref.id, User(id=2, name="bob", guild_id=10))
    await service.start(ref.id, host)
    intruder = User(id=3, name="mallory", is_admin=True, guild_id=20)
    verbs = (
        lambda: service.abandon(ref.id, intruder),
        lambda: service.guard.pause(ref.id, intruder),
        lambda: service.join(ref.id, intruder),
        lambda: service.view(ref.id, intruder),
        lambda: service.log(ref.id, intruder),
        lambda: service.act(ref.id, intruder, "pass"),
    )
    for verb in verbs:
        with pytest.raises(NoSuchGame) as refused:
            await verb()
        assert refused.value.message == NOT_HERE.format(ref.id)
    assert (await service.ref(ref.id)).status == "active"
    # An admin of the game's own server still may.
    admin = User(id=4, name="mod", is_admin=True, guild_id=10)
    assert await service.guard.pause(ref.id, admin) is not None


async def test_a_tournament_is_run_only_from_its_own_server(two_servers):
    env, guild, channel, alice, bob, other, lobby_b, mallory = two_servers
    created = await alice.slash(channel, "rats create", name="Autumn Race", scenarios="passage-through-mirkwood",
                                rounds=2)
    assert "Tournament 1 is open" in created.response.content
    for command in ("rats pair", "rats standings"):
        refused = await mallory.slash(lobby_b, command, tournament=1)
        assert refused.response.content == "There is no tournament 1 on this server.", command
    # And without a number, the other server's own (none) is meant, never the newest of any server.
    refused = await mallory.slash(lobby_b, "rats standings")
    assert "There is no tournament running here" in refused.response.content
