"""The tables. Alembic owns the schema (migrations/); these classes are its source of truth.

Ids only, never Discord objects: a restart rebuilds everything from these rows.
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import BigInteger, Column, DateTime, Dialect, Index, MetaData, Text, UniqueConstraint, false
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel

# Named constraints, so migrations can drop and alter them on every backend (SQLite batch mode included).
SQLModel.metadata.naming_convention = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
metadata: MetaData = SQLModel.metadata


def utcnow() -> datetime:
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """An aware UTC datetime on every backend. SQLite keeps no offset and hands back naive values, which
    cannot be compared with the aware `now` the scheduler works with; this stores UTC and reads UTC."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetimes are refused: use an aware UTC time")
        return value.astimezone(UTC)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        moment: datetime = value
        return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _ts(nullable: bool = False) -> Column[datetime]:
    return Column(UTCDateTime(), nullable=nullable)


class GameStatus(StrEnum):
    LOBBY = "lobby"
    ACTIVE = "active"
    PAUSED = "paused"
    FINISHED = "finished"
    ABANDONED = "abandoned"


OPEN_STATUSES = (GameStatus.LOBBY, GameStatus.ACTIVE, GameStatus.PAUSED)


class GuildSettings(SQLModel, table=True):
    __tablename__ = "guild_settings"

    guild_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    max_open_games: int = 50
    created_at: datetime = Field(default_factory=utcnow, sa_column=_ts())


class GameRow(SQLModel, table=True):
    __tablename__ = "game"
    __table_args__ = (Index("ix_game_guild_status", "guild_id", "status"),)

    id: int | None = Field(default=None, primary_key=True)
    game: str = Field(max_length=32)
    status: str = Field(default=GameStatus.LOBBY, max_length=16)
    guild_id: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    channel_id: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    thread_id: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    board_message_id: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    host_user_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    options_json: str = Field(default="{}", sa_column=Column(Text, nullable=False))
    seed: int = Field(default=0, sa_column=Column(BigInteger, nullable=False))
    state_json: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    # Bumped by every commit: `UPDATE ... WHERE version = :seen` is what stops two processes both applying.
    version: int = 0
    journal_seq: int = 0
    engine_version: str = Field(default="", max_length=32)
    # The pace, set by the host (bot/pace.py reads it): reminders after and every so many hours, a deadline per
    # decision in days (0: none), whether the table may hand an absent seat to the bot, and what happens by
    # itself when a deadline passes ("ask": nothing; "skip"; "auto").
    remind_after_hours: int = Field(default=24, sa_column_kwargs={"server_default": "24"})
    remind_every_hours: int = Field(default=24, sa_column_kwargs={"server_default": "24"})
    deadline_days: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    allow_auto: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
    at_deadline: str = Field(default="ask", max_length=8, sa_column_kwargs={"server_default": "ask"})
    # When the game was paused (status "paused"): on resume, reminders and deadlines move back by as much.
    paused_at: datetime | None = Field(default=None, sa_column=_ts(nullable=True))
    created_at: datetime = Field(default_factory=utcnow, sa_column=_ts())
    updated_at: datetime = Field(default_factory=utcnow, sa_column=_ts())


class SeatRow(SQLModel, table=True):
    __tablename__ = "seat"
    __table_args__ = (
        UniqueConstraint("game_id", "user_id", name="uq_seat_game_user"),
        Index("ix_seat_user", "user_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    user_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    display_name: str = Field(max_length=100)
    position: int = 0  # join order; seats are handed out in this order at start
    seat: str | None = Field(default=None, max_length=32)  # the engine's seat name, set at start
    dm_ok: bool | None = None  # None: not probed yet
    # The bot plays this seat's decisions (pass, or the minimal choice) until its player is back.
    auto_play: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
    # Someone the seated player named to act for their seat (`/game delegate`), until they revoke it.
    delegate_user_id: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    joined_at: datetime = Field(default_factory=utcnow, sa_column=_ts())


class PlayerRow(SQLModel, table=True):
    """A player's own time, the same in every game they sit in: time zone, quiet hours, vacation, and when
    they were last nudged (one nudge a day across all games, claimed by compare-and-set on this row)."""

    __tablename__ = "player"

    user_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    timezone: str = Field(default="UTC", max_length=64)
    quiet_start: int | None = None  # local hour quiet hours begin; None: no quiet hours
    quiet_end: int | None = None
    vacation_until: datetime | None = Field(default=None, sa_column=_ts(nullable=True))
    nudged_at: datetime | None = Field(default=None, sa_column=_ts(nullable=True))
    nudged_by: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    updated_at: datetime = Field(default_factory=utcnow, sa_column=_ts())


class WaitRow(SQLModel, table=True):
    """The game waits on `seat`: one row per seat with open decisions, kept in step with the state by every
    commit (bot/service/waits.py). The scheduler's jobs are rebuilt from these rows at start-up, and every
    job re-reads its row before acting. A seat that stops being waited on loses its row; a deadline button
    names the row and acts only while that row's deadline is passed and unsettled."""

    __tablename__ = "wait"
    __table_args__ = (
        UniqueConstraint("game_id", "seat", name="uq_wait_game_seat"),
        {"sqlite_autoincrement": True},  # ids are never reused: buttons carry them
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    seat: str = Field(max_length=32)
    since: datetime = Field(sa_column=_ts())
    # The decisions open when the wait began (for reading; a skip answers whatever the seat has open then).
    decision_ids_json: str = Field(default="[]", sa_column=Column(Text, nullable=False, default="[]"))
    reminders_sent: int = 0
    last_reminded_at: datetime | None = Field(default=None, sa_column=_ts(nullable=True))
    next_reminder_at: datetime | None = Field(default=None, sa_column=_ts(nullable=True))
    deadline_at: datetime | None = Field(default=None, sa_column=_ts(nullable=True))
    deadline_told_at: datetime | None = Field(default=None, sa_column=_ts(nullable=True))  # the table was told
    paused_ms: int = Field(default=0, sa_column=Column(BigInteger, nullable=False, default=0))  # away, bot down
    votes_json: str = Field(default="{}", sa_column=Column(Text, nullable=False, default="{}"))  # seat -> vote


class HeartbeatRow(SQLModel, table=True):
    """The last moment the bot was known alive, written every minute: at start-up the gap since then is the
    downtime, which is charged to nobody."""

    __tablename__ = "heartbeat"

    name: str = Field(default="bot", primary_key=True, max_length=32)
    seen_at: datetime = Field(sa_column=_ts())
    started_at: datetime = Field(sa_column=_ts())


class JournalKind(StrEnum):
    START = "start"  # the game's setup: seed, seats and options
    COMMAND = "command"  # a command the engine applied
    UNDO = "undo"  # takes back the command `ref_seq`
    SYSTEM = "system"  # abandon, pause and other table events that are not engine moves


class JournalRow(SQLModel, table=True):
    """Append-only. The current state is always the replay of the START row and every COMMAND row that no
    UNDO row names; snapshots only make that replay shorter."""

    __tablename__ = "journal"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_journal_game_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    seq: int
    kind: str = Field(max_length=16)
    seat: str | None = Field(default=None, max_length=32)
    user_id: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    text: str = Field(default="", sa_column=Column(Text, nullable=False))
    decision_id: int | None = None
    ref_seq: int | None = None
    barrier: bool = False
    events_json: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    engine_version: str = Field(default="", max_length=32)
    data_version: str = Field(default="", max_length=32)
    rng: str = Field(default="", max_length=32)
    created_at: datetime = Field(default_factory=utcnow, sa_column=_ts())


class SnapshotRow(SQLModel, table=True):
    """The state right after journal row `seq` (an undo keeps the snapshots of what it took back: each is still
    the state at its own seq, and the undo writes the state it restores at its own)."""

    __tablename__ = "snapshot"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_snapshot_game_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    seq: int
    state_json: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_column=_ts())


class UndoRequest(SQLModel, table=True):
    """An undo past a barrier, waiting for the consent of the seats it affects."""

    __tablename__ = "undo_request"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    requested_by: str = Field(max_length=32)
    target_seq: int
    needs_json: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    consents_json: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    status: str = Field(default="open", max_length=16)  # open, applied, refused, stale
    created_at: datetime = Field(default_factory=utcnow, sa_column=_ts())


class DeckRow(SQLModel, table=True):
    """A player deck imported from outside (RingsDB), kept so it survives restarts and games that chose it
    replay the same way. The built-in starter decks ship with the engine and are not stored here.

    `card_defs_json` holds facts-only definitions of the deck's cards the built-in packs lack (numbers,
    traits; never card text), so the deck can be loaded without asking the site again."""

    __tablename__ = "deck"
    __table_args__ = (UniqueConstraint("key", name="uq_deck_key"),)

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=64)  # the library key: "ringsdb-12345", "ringsdb-deck-678"
    name: str = Field(max_length=200)
    owner_user_id: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))  # who imported it
    source: str = Field(default="", sa_column=Column(Text, nullable=False))  # the deck's page
    heroes_json: str = Field(default="[]", sa_column=Column(Text, nullable=False))  # [card id, ...]
    cards_json: str = Field(default="[]", sa_column=Column(Text, nullable=False))  # [{"card": id, "count": n}]
    card_defs_json: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_column=_ts())
    updated_at: datetime = Field(default_factory=utcnow, sa_column=_ts())


class TournamentRow(SQLModel, table=True):
    """A Race Against the Shadow tournament (spec 8). `state_json` is the engine's `Tournament` (teams,
    rounds, pairings, results): the truth; the team and match rows index it for lookups."""

    __tablename__ = "tournament"

    id: int | None = Field(default=None, primary_key=True)
    guild_id: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    channel_id: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    name: str = Field(max_length=100)
    organizer_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    status: str = Field(default="registering", max_length=16)  # registering, running, finished
    state_json: str = Field(sa_column=Column(Text, nullable=False))
    version: int = 0  # compare-and-set, like the game row
    created_at: datetime = Field(default_factory=utcnow, sa_column=_ts())
    updated_at: datetime = Field(default_factory=utcnow, sa_column=_ts())


class TeamRow(SQLModel, table=True):
    """A registered team: who may act for it (its players' user ids)."""

    __tablename__ = "team"
    __table_args__ = (UniqueConstraint("tournament_id", "number", name="uq_team_tournament_number"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    number: int
    name: str = Field(max_length=100)
    members_json: str = Field(default="[]", sa_column=Column(Text, nullable=False))  # [user id, ...]
    dropped: bool = Field(default=False, sa_column_kwargs={"server_default": false()})


class MatchRow(SQLModel, table=True):
    """One table of one round: the two teams (A plays first in each phase group), each team's LCG game,
    the phase group each team declared done by hitting the clock by hand, and the result once decided."""

    __tablename__ = "match"
    __table_args__ = (
        UniqueConstraint("tournament_id", "round", "table_no", name="uq_match_tournament_round_table"),
        Index("ix_match_game_a", "game_a"),
        Index("ix_match_game_b", "game_b"),
    )

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id")
    round: int
    table_no: int
    team_a: int
    team_b: int = 0  # 0: a bye
    scenario: str = Field(max_length=64)
    game_a: int | None = Field(default=None, foreign_key="game.id")
    game_b: int | None = Field(default=None, foreign_key="game.id")
    done_a: str = Field(default="", max_length=16)  # "round,group" declared done with /rats clock
    done_b: str = Field(default="", max_length=16)
    status: str = Field(default="playing", max_length=16)  # playing, decided
    result_json: str | None = Field(default=None, sa_column=Column(Text, nullable=True))


class ClockRow(SQLModel, table=True):
    """A match's two-sided clock (engines/clock): the whole `MatchClock` as JSON, and when it next has
    something to say (a warning or the flag fall), which the timers are armed for and the sweep reads."""

    __tablename__ = "clock"

    match_id: int = Field(foreign_key="match.id", primary_key=True)
    state_json: str = Field(sa_column=Column(Text, nullable=False))
    alarm_at: datetime | None = Field(default=None, sa_column=_ts(nullable=True))
    version: int = 0
    updated_at: datetime = Field(default_factory=utcnow, sa_column=_ts())


class CampaignRow(SQLModel, table=True):
    """An LCG campaign (spec 7.2, 7.8): its log as JSON (engines/lcg/campaign/log.py) and the game now being played
    for it. The log is the truth; each scenario is an ordinary game linked by `game_id`."""

    __tablename__ = "campaign"
    __table_args__ = (Index("ix_campaign_guild_status", "guild_id", "status"),)

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=64)  # the campaign's definition in the library ("core", "ccl-1")
    name: str = Field(max_length=200)
    status: str = Field(default="active", max_length=16)  # active | finished
    guild_id: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    channel_id: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    host_user_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    game_id: int | None = Field(default=None, foreign_key="game.id")  # the scenario in play, or the last one
    log_json: str = Field(sa_column=Column(Text, nullable=False))
    version: int = 0  # bumped by every change, like the game row's
    created_at: datetime = Field(default_factory=utcnow, sa_column=_ts())
    updated_at: datetime = Field(default_factory=utcnow, sa_column=_ts())
