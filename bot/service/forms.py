"""A decision answered in a form (Discord's modal, opened by a button): what the form asks, filled in at first
with an answer the rules take where a simple one exists, and how what was sent reads as the answer's words.

Forms answer what buttons and menus cannot: an order, a number from a long range, a share-out, and a choice of
several among more options than one menu holds. A form holds five parts at most (Discord), its words above and
its fields, so a small order has a menu per place and a small share-out a box per option, below the question; a
longer order is typed as the numbers of its list, a longer share-out as 'name: amount' lines, and a long choice
is up to five menus of 25, sent together.

The words are worked out under the game's lock, against the decision open now (bot/service/asked.py), so a
form never answers a question other than the one it showed; what the rules refuse they refuse in their own
words, as for a typed answer, and what cannot be read as an answer is refused here, saying what is wrong."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

from engines.core import CommandError, Decision, DecisionKind, minimal_choices

PARTS = 5  # a form's parts: its words and its fields (Discord)
MENU = 25  # options in one menu (Discord)
WORDS = 4000  # characters of a form's words, and of a text box (Discord)
LABEL = 45  # characters of a field's label, and of a form's title (Discord)
HINT = 100  # characters of a field's description, and of a menu option's label (Discord)
SMALL = PARTS - 1  # an order or a share-out of up to this many gets a field each, below its words
LONGEST = PARTS * MENU  # the most options a form offers to choose from
CHOICE_KINDS = (DecisionKind.CHOOSE_ONE, DecisionKind.ACT_OR_PASS, DecisionKind.CHOOSE_MANY)
PLACES = ("First", "Second", "Third", "Fourth")


@dataclass(frozen=True)
class Field:
    """One field of a form: a text box holding `text` at first, or (`text` None) a menu of `choices`."""

    id: str  # its custom_id within the form
    label: str
    hint: str = ""
    text: str | None = None
    lines: bool = False  # a box of several lines
    choices: tuple[tuple[str, str], ...] = ()  # (value, label)
    chosen: tuple[str, ...] = ()  # the values chosen at first
    most: int = 1  # how many values the menu takes
    required: bool = True


@dataclass(frozen=True)
class Form:
    title: str
    words: str  # shown above the fields ("": none)
    fields: tuple[Field, ...]


Sent = Mapping[str, tuple[str, ...]]  # a field's id -> what it held when sent: a box's text, or a menu's values


def form_of(decision: Decision) -> Form | None:
    """The form that answers `decision`; None where it has none (a choice whose options fit a menu, for buttons or
    a menu, or more than a form holds)."""
    kind, count = decision.kind, len(decision.options)
    if kind is DecisionKind.NUMBER:
        return _number(decision)
    if kind is DecisionKind.ORDER and count:
        return _order_menus(decision) if count <= SMALL else _order_numbers(decision)
    if kind is DecisionKind.ASSIGN and count:
        return _share_boxes(decision) if count <= SMALL else _share_lines(decision)
    if kind in CHOICE_KINDS and MENU < count <= LONGEST:
        return _long_choice(decision)
    return None


def read(decision: Decision, sent: Sent) -> tuple[str, ...]:
    """The words of the answer `sent` gives `decision` (option ids, a number, or `id=amount` pairs), as
    `answer <decision> ...` would take them. Raises CommandError, saying what is wrong, where they cannot be read."""
    kind, count = decision.kind, len(decision.options)
    if kind is DecisionKind.NUMBER:
        return _read_number(decision, sent)
    if kind is DecisionKind.ORDER and count:
        return _read_order_menus(decision, sent) if count <= SMALL else _read_order_numbers(decision, sent)
    if kind is DecisionKind.ASSIGN and count:
        return _read_share_boxes(decision, sent) if count <= SMALL else _read_share_lines(decision, sent)
    if kind in CHOICE_KINDS and MENU < count <= LONGEST:
        return _read_long_choice(decision, sent)
    raise CommandError(f"Decision {decision.id} is not answered with a form: use its buttons, or type the answer.")


# --- a number ---------------------------------------------------------------------------------------------------
def _number(decision: Decision) -> Form:
    first = minimal_choices(decision)
    box = Field(id="number", label=_cut(f"A number from {decision.low} to {decision.high}", LABEL),
                text=first[0][0] if first else str(decision.low))
    return Form(title=_cut(decision.prompt, LABEL), words=_cut(decision.prompt, WORDS), fields=(box,))


def _read_number(decision: Decision, sent: Sent) -> tuple[str, ...]:
    text = _text(sent, "number").strip()
    if not re.fullmatch(r"[+-]?[0-9]+", text):
        raise CommandError(f"'{text}' is not a whole number: type one from {decision.low} to {decision.high}.")
    return (str(int(text)),)  # out of range: the rules say so, as for a typed answer


# --- an order ---------------------------------------------------------------------------------------------------
def _order_menus(decision: Decision) -> Form:
    choices = _choices(decision, range(len(decision.options)))
    menus = tuple(Field(id=f"place{i}", label=PLACES[i], choices=choices, chosen=(str(i),))
                  for i in range(len(decision.options)))
    words = f"{decision.prompt}\nEach menu is a place, first to last; they start in the order asked."
    return Form(title=_cut(decision.prompt, LABEL), words=_cut(words, WORDS), fields=menus)


def _read_order_menus(decision: Decision, sent: Sent) -> tuple[str, ...]:
    places = []
    for i in range(len(decision.options)):
        values = sent.get(f"place{i}", ())
        if len(values) != 1:
            raise CommandError(f"Choose one card for the {PLACES[i].lower()} place.")
        places.append(_index(decision, values[0]))
    twice = [i for i in dict.fromkeys(places) if places.count(i) > 1]
    if twice:
        missing = [i for i in range(len(decision.options)) if i not in places]
        raise CommandError(f"{_names(decision, twice)} is in more than one place, and {_names(decision, missing)} in "
                           "none: give each a place of its own.")
    return tuple(decision.options[i].id for i in places)


def _order_numbers(decision: Decision) -> Form:
    listed = "\n".join(f"{i}. {o.label}" for i, o in enumerate(decision.options, start=1))
    words = f"{decision.prompt}\n{listed}"
    count = len(decision.options)
    box = Field(id="order", label="The numbers, first to last",
                hint=_cut(f"The list's numbers in your order, e.g. '2 1 {' '.join(map(str, range(3, count + 1)))}'",
                          HINT),
                text=" ".join(str(i) for i in range(1, count + 1)))
    return Form(title=_cut(decision.prompt, LABEL), words=_cut(words, WORDS), fields=(box,))


def _read_order_numbers(decision: Decision, sent: Sent) -> tuple[str, ...]:
    count = len(decision.options)
    numbers: list[int] = []
    for word in re.split(r"[\s,;>]+", _text(sent, "order")):
        if not word:
            continue
        if not (word.isascii() and word.isdigit() and 1 <= int(word) <= count):
            raise CommandError(f"'{word}' is not one of the numbers 1 to {count} of the list.")
        if int(word) in numbers:
            raise CommandError(f"{word} ({decision.options[int(word) - 1].label}) is in the order twice: give each "
                               "number once.")
        numbers.append(int(word))
    missing = [i for i in range(count) if i + 1 not in numbers]
    if missing:
        named = ", ".join(f"{i + 1} ({decision.options[i].label})" for i in missing)
        raise CommandError(f"{named} {'is' if len(missing) == 1 else 'are'} missing: give every number from 1 to "
                           f"{count}, once each.")
    return tuple(decision.options[n - 1].id for n in numbers)


# --- a share-out ------------------------------------------------------------------------------------------------
def _shares(decision: Decision) -> list[int]:
    """What each option gets at first: the rules' simplest share-out (an even one, within the caps)."""
    first = dict.fromkeys((o.id for o in decision.options), 0)
    for part in next(iter(minimal_choices(decision)), ()):
        target, _, amount = part.partition("=")
        first[target] = int(amount)
    return list(first.values())


def _share_words(decision: Decision) -> str:
    return f"{decision.prompt}\nShare out {decision.amount} in all."


def _share_boxes(decision: Decision) -> Form:
    boxes = tuple(
        Field(id=f"share{i}", label=_cut(o.label, LABEL), hint=f"0 to {decision.amount if o.cap is None else o.cap}",
              text=str(n), required=False)
        for i, (o, n) in enumerate(zip(decision.options, _shares(decision), strict=True))
    )
    return Form(title=_cut(decision.prompt, LABEL), words=_cut(_share_words(decision), WORDS), fields=boxes)


def _read_share_boxes(decision: Decision, sent: Sent) -> tuple[str, ...]:
    words = []
    for i, option in enumerate(decision.options):
        amount = _amount(_text(sent, f"share{i}"), option.label)
        if amount:
            words.append(f"{option.id}={amount}")
    return tuple(words)


def _share_lines(decision: Decision) -> Form:
    lines = "\n".join(f"{o.label}: {n}" for o, n in zip(decision.options, _shares(decision), strict=True))
    box = Field(id="amounts", label="Amounts", hint=_cut(f"'name: amount' on each line, {decision.amount} in all; a "
                                                        "name left out gets 0", HINT), text=lines, lines=True)
    return Form(title=_cut(decision.prompt, LABEL), words=_cut(_share_words(decision), WORDS), fields=(box,))


def _read_share_lines(decision: Decision, sent: Sent) -> tuple[str, ...]:
    given: dict[int, int] = {}
    for line in _text(sent, "amounts").splitlines():
        if not line.strip():
            continue
        name, colon, amount = line.rpartition(":")
        if not colon:
            raise CommandError(f"'{line.strip()}' is not 'name: amount'.")
        found = _named(decision, name)
        if found is None:
            known = ", ".join(o.label for o in decision.options)
            raise CommandError(f"'{name.strip()}' is not one of the names in the form ({known}).")
        if found in given:
            raise CommandError(f"{decision.options[found].label} is in the form twice.")
        given[found] = _amount(amount, decision.options[found].label)
    return tuple(f"{decision.options[i].id}={n}" for i, n in sorted(given.items()) if n)


def _amount(text: str, label: str) -> int:
    text = text.strip()
    if not text:
        return 0
    if not (text.isascii() and text.isdigit()):
        raise CommandError(f"'{text}' for {label} is not a whole number of 0 or more.")
    return int(text)


def _named(decision: Decision, name: str) -> int | None:
    """The option a line names: by its label as the form wrote it, in any case and without accents, or by its id."""
    name = name.strip()
    for same in (lambda o: o.label == name, lambda o: _folded(o.label) == _folded(name), lambda o: o.id == name):
        found = [i for i, o in enumerate(decision.options) if same(o)]
        if len(found) == 1:
            return found[0]
    return None


def _folded(text: str) -> str:
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


# --- a choice among more options than a menu holds ---------------------------------------------------------------
def _long_choice(decision: Decision) -> Form:
    count = len(decision.options)
    most = max(decision.high, 1) if decision.kind is DecisionKind.CHOOSE_MANY else 1
    menus = []
    for part, start in enumerate(range(0, count, MENU)):
        places = range(start, min(start + MENU, count))
        first, last = decision.options[places[0]].label, decision.options[places[-1]].label
        menus.append(Field(id=f"part{part}", label=f"Options {places[0] + 1} to {places[-1] + 1} of {count}",
                           hint=_cut(f"{first} … {last}", HINT), choices=_choices(decision, places),
                           most=min(most, len(places)), required=False))
    words = f"{decision.prompt}\n{_how_many(decision)}" if len(menus) < PARTS else ""
    return Form(title=_cut(decision.prompt, LABEL), words=_cut(words, WORDS), fields=tuple(menus))


def _how_many(decision: Decision) -> str:
    if decision.kind is not DecisionKind.CHOOSE_MANY:
        return "Choose one, from any of the menus."
    low, high = max(decision.low, 0), min(decision.high, len(decision.options))
    if low == 0:
        return f"Choose up to {high}, or none, from any of the menus."
    return f"Choose {low}" + (f" to {high}" if high != low else "") + ", from any of the menus."


def _read_long_choice(decision: Decision, sent: Sent) -> tuple[str, ...]:
    parts = (len(decision.options) + MENU - 1) // MENU
    picked = [_index(decision, v) for part in range(parts) for v in sent.get(f"part{part}", ())]
    return tuple(decision.options[i].id for i in dict.fromkeys(picked))  # the rules count them


# --- shared -----------------------------------------------------------------------------------------------------
def _choices(decision: Decision, places: range) -> tuple[tuple[str, str], ...]:
    """A menu's options: each the option's place (a menu value is short; the form's stamp pins the options)."""
    return tuple((str(i), _cut(decision.options[i].label, HINT)) for i in places)


def _index(decision: Decision, value: str) -> int:
    if not (value.isascii() and value.isdigit() and int(value) < len(decision.options)):
        raise CommandError(f"That form does not fit decision {decision.id} as it is now: open it again.")
    return int(value)


def _names(decision: Decision, places: list[int]) -> str:
    labels = [decision.options[i].label for i in places]
    return labels[0] if len(labels) == 1 else f"{', '.join(labels[:-1])} and {labels[-1]}"


def _text(sent: Sent, field: str) -> str:
    """What a text box held (nothing, where it was not sent)."""
    return "\n".join(sent.get(field, ()))


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
