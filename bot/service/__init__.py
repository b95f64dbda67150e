"""The service layer: every verb of every adapter goes through `Service`."""

from bot.service.lobby import parse_options
from bot.service.service import Messenger, Service, SilentMessenger, parse_for_seat
from bot.service.types import (
    ActResult,
    GameRef,
    NoSuchGame,
    NotAllowed,
    Notice,
    NotSeated,
    Place,
    PrivateNotice,
    SeatInfo,
    ServiceError,
    UndoAsk,
    User,
)

__all__ = [
    "ActResult",
    "GameRef",
    "Messenger",
    "NoSuchGame",
    "NotAllowed",
    "NotSeated",
    "Notice",
    "Place",
    "PrivateNotice",
    "SeatInfo",
    "Service",
    "ServiceError",
    "SilentMessenger",
    "UndoAsk",
    "User",
    "parse_for_seat",
    "parse_options",
]
