"""A small, strict reader for the HJSON dialect GEMP's card files use (no `hjson` package is installed).

It reads objects and arrays with or without commas, quoteless keys, quoted strings ("..." and '...'),
quoteless values that run to the end of the line, numbers, true/false/null and the three comment styles.
Anything else (a multi-line ''' string, an unclosed bracket, a stray character) is refused with the line
number, so a malformed source never yields a half-read pack. A repeated key keeps its last value, as the
reference reader does (the data folder's README lists the two cards that repeat one).
"""

from __future__ import annotations

import json
import re
from typing import Any

_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?")
_PUNCT = set("{}[],:")


class HjsonError(ValueError):
    """The text is not HJSON this reader accepts; the message names the line."""


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, what: str) -> HjsonError:
        line = self.text.count("\n", 0, self.pos) + 1
        return HjsonError(f"line {line}: {what}")

    def skip(self) -> None:
        """Skip whitespace, newlines and comments."""
        text, n = self.text, len(self.text)
        while self.pos < n:
            c = text[self.pos]
            if c in " \t\r\n\ufeff":
                self.pos += 1
            elif c == "#" or text.startswith("//", self.pos):
                end = text.find("\n", self.pos)
                self.pos = n if end < 0 else end
            elif text.startswith("/*", self.pos):
                end = text.find("*/", self.pos + 2)
                if end < 0:
                    raise self.fail("a /* comment is never closed")
                self.pos = end + 2
            else:
                return

    def value(self) -> Any:
        self.skip()
        if self.pos >= len(self.text):
            raise self.fail("a value is missing at the end of the text")
        c = self.text[self.pos]
        if c == "{":
            return self.obj()
        if c == "[":
            return self.array()
        if c in "\"'":
            return self.quoted()
        if c in "}],:":
            raise self.fail(f"unexpected '{c}' where a value should be")
        return self.quoteless()

    def quoted(self) -> str:
        quote = self.text[self.pos]
        if self.text.startswith("'''", self.pos):
            raise self.fail("multi-line ''' strings are not supported")
        i = self.pos + 1
        out: list[str] = []
        while True:
            if i >= len(self.text) or self.text[i] == "\n":
                raise self.fail("a quoted string is never closed")
            ch = self.text[i]
            if ch == "\\":
                esc = self.text[i:i + 2]
                if esc[1:] == "u":
                    out.append(json.loads(f'"{self.text[i:i + 6]}"'))
                    i += 6
                    continue
                table = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "/": "/", "\\": "\\", '"': '"',
                         "'": "'"}
                if esc[1:] not in table:
                    raise self.fail(f"unknown escape {esc!r}")
                out.append(table[esc[1:]])
                i += 2
                continue
            if ch == quote:
                self.pos = i + 1
                return "".join(out)
            out.append(ch)
            i += 1

    def quoteless(self) -> Any:
        end = self.text.find("\n", self.pos)
        end = len(self.text) if end < 0 else end
        raw = self.text[self.pos:end].rstrip()
        self.pos = end
        # A number or keyword may be followed by a comma or a comment; a string takes the whole line.
        head = re.split(r"\s*(?:,|#|//|/\*)", raw, maxsplit=1)[0].strip()
        if _NUMBER.fullmatch(head):
            return float(head) if any(ch in head for ch in ".eE") else int(head)
        if head in ("true", "false", "null"):
            return {"true": True, "false": False, "null": None}[head]
        return raw

    def key(self) -> str:
        self.skip()
        if self.pos >= len(self.text):
            raise self.fail("an object is never closed")
        if self.text[self.pos] in "\"'":
            name = self.quoted()
        else:
            start = self.pos
            while self.pos < len(self.text) and self.text[self.pos] not in _PUNCT and not self.text[self.pos].isspace():
                self.pos += 1
            name = self.text[start:self.pos]
            if not name:
                raise self.fail(f"a key is missing before '{self.text[self.pos:self.pos + 1]}'")
        self.skip()
        if self.text[self.pos:self.pos + 1] != ":":
            raise self.fail(f"expected ':' after the key {name!r}")
        self.pos += 1
        return name

    def separator(self, close: str) -> bool:
        """Skip an optional comma; True when the container closes here."""
        self.skip()
        if self.text[self.pos:self.pos + 1] == ",":
            self.pos += 1
            self.skip()
        if self.pos >= len(self.text):
            raise self.fail(f"a '{'{' if close == '}' else '['}' is never closed")
        if self.text[self.pos] == close:
            self.pos += 1
            return True
        return False

    def obj(self) -> dict[str, Any]:
        self.pos += 1
        out: dict[str, Any] = {}
        self.skip()
        if self.text[self.pos:self.pos + 1] == "}":
            self.pos += 1
            return out
        while True:
            name = self.key()
            out[name] = self.value()
            if self.separator("}"):
                return out

    def array(self) -> list[Any]:
        self.pos += 1
        out: list[Any] = []
        self.skip()
        if self.text[self.pos:self.pos + 1] == "]":
            self.pos += 1
            return out
        while True:
            out.append(self.value())
            if self.separator("]"):
                return out


def loads(text: str) -> Any:
    """Parse one HJSON document (a root object may also be written without its braces: not used by GEMP, refused)."""
    reader = _Reader(text)
    result = reader.value()
    reader.skip()
    if reader.pos != len(text):
        raise reader.fail("text follows the end of the document")
    return result
