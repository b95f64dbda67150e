"""The two ways a player's command can fail, each carrying the sentence the player reads."""

from __future__ import annotations


class WestmarchError(Exception):
    """Base class: `str(error)` is always a complete sentence fit to show a player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class CommandError(WestmarchError):
    """The text could not be understood (a typo, a missing argument)."""


class NotACommand(CommandError):
    """The text's first word is none of the game's commands: it may be an answer's options typed alone ("pass",
    "c3 c5"), which the bot tries against the seat's open decisions. A command of the game written wrong raises a
    plain CommandError, whose words (how to write it) are what the player needs."""


class RuleError(WestmarchError):
    """The command was understood but the rules forbid it now."""


class StaleDecision(RuleError):
    """The command answers a decision that is not open: it was answered, the game moved on, or the game never
    asked it."""

    @classmethod
    def closed(cls, decision: int) -> StaleDecision:
        """The refusal of an answer to decision `decision`, which is not open: in the same words wherever it is
        found so (the kernel, a button checked by the bot)."""
        return cls(f"That choice is no longer open: decision {decision} was already answered or the game has "
                   "moved on.")

    @classmethod
    def unknown(cls, decision: int, asked: int) -> StaleDecision:
        """The refusal of an answer to decision `decision`, a number the game has never given (a typo): said so,
        rather than as a choice closed, with the numbers it has given (`asked` of them, from 1)."""
        if asked == 0:
            given = "this game has asked nothing yet"
        elif asked == 1:
            given = "this game has asked only decision 1 so far"
        else:
            given = f"this game's decisions so far are numbered 1 to {asked}"
        return cls(f"There is no decision {decision}: {given}.")


class NotYourDecision(RuleError):
    """The command answers a decision that belongs to another seat. Made by `of`, it also says which decision,
    whose it is (`owner`) and who answered (`actor`), as seat labels: the console shows the sentence, and the bot
    says it again naming the players (bot/chat/players.py `refused`)."""

    decision: int | None = None
    owner: str | None = None
    actor: str | None = None

    @classmethod
    def of(cls, decision: int, owner: str, actor: str) -> NotYourDecision:
        """Seat `actor`'s answer to decision `decision`, which is seat `owner`'s, refused in the same words wherever
        it is found so (the kernel, a button checked by the bot)."""
        error = cls(f"Decision {decision} is for {owner}, not for {actor}.")
        error.decision, error.owner, error.actor = decision, owner, actor
        return error
