"""The two ways a player's command can fail, each carrying the sentence the player reads."""

from __future__ import annotations


class WestmarchError(Exception):
    """Base class: `str(error)` is always a complete sentence fit to show a player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class CommandError(WestmarchError):
    """The text could not be understood (a typo, a missing argument)."""


class RuleError(WestmarchError):
    """The command was understood but the rules forbid it now."""


class StaleDecision(RuleError):
    """The command answers a decision that is no longer open (it was answered, or the game moved on)."""

    @classmethod
    def closed(cls, decision: int) -> StaleDecision:
        """The refusal of an answer to decision `decision`, which is not open: in the same words wherever it is
        found so (the kernel, a button checked by the bot)."""
        return cls(f"That choice is no longer open: decision {decision} was already answered or the game has "
                   "moved on.")


class NotYourDecision(RuleError):
    """The command answers a decision that belongs to another seat."""
