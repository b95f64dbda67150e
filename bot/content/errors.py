"""The one error an importer raises: a file or an answer it cannot use, named with where and why."""

from __future__ import annotations

from engines.core.errors import CommandError


class ContentError(CommandError):
    """The input is unusable as a whole (bad JSON, a truncated row, wrong columns, an unreachable site).

    Raised before anything is written, so a failed import changes nothing. `where` names the file and line
    (or the recipe and entry, or the URL) and `reason` says what is wrong there.
    """

    def __init__(self, reason: str, *, where: str = "", say_where: bool = True) -> None:
        # `say_where=False`: the reason already names the place in the player's own words (a deck's heroes);
        # `where` is still kept for logs and tests.
        super().__init__(f"{where}: {reason}" if where and say_where else reason)
        self.where = where
        self.reason = reason
