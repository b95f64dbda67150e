"""Opening a table: a new game in its own thread, with its pace, and the first word in that thread.

Shared by `/game new` and the games' own `new` commands (`/meq new map:<file>`), so every way to open a game
takes the same pace options (reminders, repeats, a deadline) and probes the host's DMs the same way."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any

import discord

from bot.chat import io
from bot.chat.messenger import WHERE_TO_LOOK
from bot.pace import Pace
from bot.service import GameRef, Place

if TYPE_CHECKING:
    from bot.chat.host import Host

# The `describe` texts of the pace parameters, for every command that opens a table.
PACE_HELP = {
    "reminder_hours": "Remind whoever the game waits on after this many hours (24)",
    "repeat_hours": "Then again every this many hours (24)",
    "deadline_days": "A deadline per decision, in days (0: none)",
}


def pace_of(reminder_hours: int, repeat_hours: int, deadline_days: int) -> Pace:
    return Pace(
        remind_after=timedelta(hours=reminder_hours),
        remind_every=timedelta(hours=repeat_hours),
        deadline=timedelta(days=deadline_days) if deadline_days else None,
    )


async def open_table(host: Host, interaction: discord.Interaction, name: str, options: str, pace: Pace, *,
                     preset: dict[str, Any] | None = None, on: str = "") -> GameRef:
    """Create the game, give it a thread (or use the thread the command was typed in) and say how to join.
    `on` names what it is played on, for the first word ("on the map my-map.txt")."""
    user = host.user_of(interaction)
    guild_id = interaction.guild_id
    assert guild_id is not None  # the commands that open tables are guild-only
    ref = await host.service.create(name, user, Place(guild_id=guild_id, channel_id=interaction.channel_id),
                                    options, pace=pace, preset=preset)
    await io.defer(interaction)  # creating the thread is a Discord round trip or two
    setting = await host.service.setting(ref.id)  # the scenario, chosen or the default: said from the first
    setting = f" {setting}" if setting else ""
    channel = interaction.channel
    thread: discord.abc.Messageable | None = channel if isinstance(channel, discord.Thread) else None
    if isinstance(channel, discord.TextChannel):
        thread = await channel.create_thread(name=f"{ref.title} #{ref.id}"[:100],
                                             type=discord.ChannelType.public_thread)
    thread_id = getattr(thread, "id", None)
    if thread is not None and thread_id is not None:
        await host.service.set_thread(ref.id, thread_id)
        played_on = f" {on}" if on else ""
        await io.send(thread, f"Game {ref.id}: {ref.title}{played_on}.{setting} Join with `/game join` here; "
                              f"<@{user.id}> starts it with `/game start`.")
    where = f" in <#{thread_id}>" if thread_id else ""
    await io.reply(interaction, f"Created game {ref.id} ({ref.title}){where}.{setting}")
    await probe_dm(host, interaction, ref.id)
    return ref


async def probe_dm(host: Host, interaction: discord.Interaction, game_id: int) -> None:
    """Find out now, not at the first hand, whether this player's DMs are open (LESSONS: DMs)."""
    ok = await host.messenger.dm_user(
        interaction.user.id, f"You are in game {game_id}. Your hand and private choices will come here."
    )
    if not ok:
        await io.reply(interaction, WHERE_TO_LOOK, ephemeral=True)
