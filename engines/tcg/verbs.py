"""The TCG's typed verbs for its actions: `play c60`, `play c26 c4` (a card and its target), `use c12`, `heal c5 c30`.
Each names one of the seat's open options by its verb and the ids after it: `play c26 c4` is the option
`play:c26:c4`, and `play` also plays events (`ev:...`). A card named by its name is not taken but answered with the
command that plays it ("'play Morgul Destroyer': write 'play c60'"), as the kernel answers a button's name typed
for its id, so the journal keeps ids only (engines/core/decisions.py). A refusal changes nothing."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from engines.core import (
    NONE,
    THEN,
    Answer,
    CommandError,
    Decision,
    Option,
    RuleError,
    card_list,
    plain_label,
    waits_on,
)
from engines.core.turn import chained
from engines.tcg.state import TcgState
from engines.tcg.view import waiting_for

# Each verb and the option ids it names (the part before the first colon).
VERBS: dict[str, tuple[str, ...]] = {"play": ("play", "ev"), "use": ("use",), "heal": ("heal",)}
PREFIXES = {prefix: verb for verb, prefixes in VERBS.items() for prefix in prefixes}
DOING = {"play": "play", "use": "use", "heal": "heal by discarding"}
# The fixed words the TCG's decisions take as answers (an option's id: "pass", "yes", "move"...), besides card ids.
# A test reads every `Option(id="...")` of engines/tcg and checks it is here (tests/engines/tcg/test_verbs.py).
ANSWER_WORDS = frozenset({"burdens", "done", "end", "hand", "move", "no", "none", "pass", "probe", "skip", "two",
                          "wear", "yes"})
# An option's id naming cards or seats: "c60", "play:c26:c4", "c119>c17" (an assignment), "c5=2" (a share), "p2".
_OPTION_ID = re.compile(r"(?:[a-z]+:)?c\d+(?:[:>]c\d+)*(?:=\d+)?|p\d|[a-z]+=\d+", re.IGNORECASE)


@dataclass(frozen=True)
class Act:
    """`<verb> <id> [<id>...] [then <option>...]`: the option `<prefix>:<id>:<id>...` of one of the seat's open
    decisions, and what it asks next (a chained answer, engines/core/decisions.Answer)."""

    verb: str
    words: tuple[str, ...]
    then: tuple[tuple[str, ...], ...] = ()

    def text(self) -> str:
        steps = [w for step in self.then for w in (THEN, *(step or (NONE,)))]
        return " ".join([self.verb, *self.words, *steps])


def parse(words: list[str]) -> Act:
    verb = words[0].lower()
    first, *then = chained(words[1:])
    if not first or any(not step for step in then):
        raise CommandError(f"Write '{verb} <card>', with the card's id as your options show it, e.g. '{verb} c60'; "
                           f"a target's id may follow ('{verb} c26 c4'), and what it asks next after "
                           f"'{THEN}'.")
    return Act(verb=verb, words=first, then=tuple(() if s == (NONE,) else s for s in then))


def answer(state: TcgState, seat: str, act: Act) -> Answer:
    """The answer `act` names, or a refusal that says what to write instead."""
    mine = [d for d in state.decisions if d.seat == seat]
    offered = [(d, o) for d in mine for o in d.options if o.id.split(":")[0] in VERBS[act.verb]]
    typed = " ".join([act.verb, *act.words])
    if not offered:
        waiting = waits_on(state.decisions, waiting_for)
        raise RuleError(f"You have nothing to {DOING[act.verb]} now." + (
            f" {_asked(mine)}" if mine else f" Nothing is asked of you ({seat}): the game waits on {waiting}."
            if waiting else " Nothing is asked of you."))
    wanted = [w.lower() for w in act.words]
    found = [(d, o) for d, o in offered if o.id.lower() == wanted[0] and len(wanted) == 1]
    found = found or [(d, o) for d, o in offered if [p.lower() for p in o.id.split(":")[1:len(wanted) + 1]] == wanted]
    if found and _alike(state, found):
        d, o = found[0]
        return Answer(decision=d.id, choice=(o.id,), then=act.then)
    if found:
        raise RuleError(f"'{typed}' could be any of {len(found)} options; write one of them: {_forms(act, found)}.")
    named = [(d, o) for d, o in offered if _names(state, o, " ".join(act.words))]
    if named:
        if _alike(state, named):
            raise RuleError(f"Name the card by its id: write '{_form(act, named[0][1])}' "
                            f"({plain_label(named[0][1])}).")
        raise RuleError(f"'{typed}' could be any of {len(named)} options; write one of them: {_forms(act, named)}.")
    held = [c for c in state.player(seat).hand.cards if c.uid.lower() == wanted[0] or _named(c.name, act.words)]
    now = f"{card_list(dict.fromkeys(c.name for c in held))} cannot be played now" if act.verb == "play" and held \
        else f"'{typed}' names none of your options"
    raise RuleError(f"{now}. You may write: {_forms(act, offered)}.")


def answer_word(word: str) -> bool:
    """`word` is one a TCG decision takes as its answer (`pass`, `yes`, a card's id, an option's id), though no verb:
    typed when nothing is asked of the seat, the refusal says so rather than calling it unknown."""
    return word.lower() in ANSWER_WORDS or _OPTION_ID.fullmatch(word) is not None


def not_asked(word: str) -> str:
    """The refusal of an answer typed as a command: what it is, and when it may be written."""
    return f"'{word}' is an answer: write it when a decision of yours is open ('answer <n> {word}' names which)."


def hint(decision: Decision, word: str) -> str:
    """What to write for a card's id typed alone as an answer ('c60' for the option play:c60), or ""."""
    found = [(decision, o) for o in decision.options
             if [p.lower() for p in o.id.split(":")[:2]][1:] == [word.lower()] and o.id.split(":")[0] in PREFIXES]
    if not found:
        return ""
    verb = PREFIXES[found[0][1].id.split(":")[0]]
    return f"'{word}' is a card: write {_forms(Act(verb=verb, words=(word,)), found)}."


def _alike(state: TcgState, found: list[tuple[Decision, Option]]) -> bool:
    """Options that do the same: one, or copies of one card in hand played the same way (two Morgul Whelps):
    taking the first tells nothing and chooses nothing."""
    d0, o0 = found[0]
    parts0 = o0.id.split(":")
    for d, o in found[1:]:
        parts = o.id.split(":")
        a, b = state.find(parts0[1]) if len(parts0) > 1 else None, state.find(parts[1]) if len(parts) > 1 else None
        if (d is not d0 or plain_label(o) != plain_label(o0) or parts[0] != parts0[0] or parts[2:] != parts0[2:]
                or a is None or b is None or a.ref != b.ref):
            return False
    return True


def _names(state: TcgState, option: Option, text: str) -> bool:
    """`text` is the name of the option's card, or its start ("Morgul" for Morgul Destroyer), in any case and
    without accents."""
    parts = option.id.split(":")
    card = state.find(parts[1]) if len(parts) > 1 else None
    return card is not None and _named(card.name, (text,))


def _named(name: str, words: tuple[str, ...]) -> bool:
    text = _folded(" ".join(words))
    return bool(text) and _folded(name).startswith(text)


def _folded(text: str) -> str:
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def _form(act: Act, option: Option) -> str:
    return " ".join([act.verb, *option.id.split(":")[1:]])


def _forms(act: Act, found: list[tuple[Decision, Option]]) -> str:
    return "; ".join(f"'{_form(act, o)}' ({plain_label(o)})" for _, o in found)


def _asked(mine: list[Decision]) -> str:
    return "You are asked: " + "; ".join(f"decision {d.id}, {d.prompt}" for d in mine)
