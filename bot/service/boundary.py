"""Server boundaries: a game (a campaign, a tournament) belongs to the server it was made in.

Game ids are sequential, so an id typed anywhere must not reach a game of another server: a command that
names a game from another server is refused with the same words as a game that does not exist, and a
server admin's rights count only in their own server. In a direct message with the bot, a user reaches only
the games they sit in (or act in as a delegate), where their decision buttons arrive. A user from neither a
server nor a DM is the local console, which runs on the machine that holds the database.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from bot.service.types import User
from bot.store.models import SeatRow


def is_console(user: User) -> bool:
    return user.guild_id is None and not user.in_dm


def same_server(owner_guild: int | None, user: User) -> bool:
    """Whether something made in `owner_guild` may be named from where `user` typed (DMs excluded)."""
    if is_console(user):
        return True
    return user.guild_id is not None and owner_guild == user.guild_id


def admin_of(user: User, owner_guild: int | None) -> bool:
    """A server admin (Manage Server) runs only their own server's tables, not one named from elsewhere; in a
    DM nobody is an admin. The local console (and the tools beside it) is trusted with what it says."""
    if is_console(user):
        return user.is_admin
    return user.is_admin and user.guild_id is not None and user.guild_id == owner_guild


def not_here(kind: str, number: int, user: User | None) -> str:
    """The refusal for an id that is unknown or out of reach: the same words either way, so that nobody can
    learn by walking ids which exist on other servers."""
    if user is not None and user.in_dm:
        return f"You have no {kind} {number}: in direct messages you can reach only the games you play in."
    if user is not None and user.guild_id is not None:
        return f"There is no {kind} {number} on this server."
    return f"There is no {kind} {number}."


async def seated_or_delegate(s: AsyncSession, game_id: int, user_id: int) -> bool:
    result = await s.execute(
        select(func.count())
        .select_from(SeatRow)
        .where(col(SeatRow.game_id) == game_id)
        .where(or_(col(SeatRow.user_id) == user_id, col(SeatRow.delegate_user_id) == user_id))
    )
    return int(result.scalar_one()) > 0


def reaches_seated(owner_guild: int | None, seats: Sequence[SeatRow], user: User) -> bool:
    """`reaches_game` for a game whose seats are in hand (the command path keeps them in memory)."""
    if user.in_dm:
        return owner_guild is not None and any(user.id in (r.user_id, r.delegate_user_id) for r in seats)
    return same_server(owner_guild, user)


async def reaches_game(s: AsyncSession, game_id: int, owner_guild: int | None, user: User) -> bool:
    if user.in_dm:
        return owner_guild is not None and await seated_or_delegate(s, game_id, user.id)
    return same_server(owner_guild, user)
