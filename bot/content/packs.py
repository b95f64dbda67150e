"""A user's own pack file (PACK_DIR/*.json, e.g. their import of the DragnCards files), read with a refusal
that names the line (bad JSON) or the field (`cards[12].cost: expected a whole number, got 'two'`), so the
owner can mend the file; the engine's own `pack_from_json` only says that something is wrong."""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from typing import Any, get_args, get_origin, get_type_hints

from bot.content.errors import ContentError
from engines.core.codec import from_data
from engines.lcg.cards import Pack

PACK_FORMAT = "westmarch-lcg-pack"
KINDS = {int: "a whole number", str: "text", bool: "true or false", float: "a number"}


def read_pack(text: str, *, source: str = "pack.json") -> Pack:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ContentError(
            f"not valid JSON ({error.msg} at column {error.colno})", where=f"{source} line {error.lineno}"
        ) from None
    except RecursionError:
        raise ContentError("not valid JSON (nested too deeply)", where=source) from None
    if not isinstance(data, dict) or data.get("format") != PACK_FORMAT:
        raise ContentError(f"not a Westmarch LCG pack (its 'format' must be '{PACK_FORMAT}')", where=source)
    problem = locate(Pack, data, "")
    if problem is not None:
        path, reason = problem
        raise ContentError(reason, where=f"{source}: {path or 'the pack'}")
    try:
        pack: Pack = from_data(Pack, data)
    except (TypeError, ValueError, KeyError) as error:  # a shape `locate` does not know: still a refusal
        raise ContentError(f"cannot be read ({error})", where=source) from None
    return pack


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def locate(tp: Any, data: Any, path: str) -> tuple[str, str] | None:
    """The first place in `data` that does not fit type `tp`, and what is wrong there; None if it all fits.
    Follows the same rules as the codec's `from_data`."""
    origin = get_origin(tp)
    if tp is Any:
        return None
    if origin in (typing.Union, types.UnionType):
        members = [a for a in get_args(tp) if a is not type(None)]
        if data is None and len(members) < len(get_args(tp)):
            return None
        if len(members) == 1:
            return locate(members[0], data, path)
        if any(isinstance(a, type) and isinstance(data, a) for a in members):
            return None
        return path, f"expected {' or '.join(KINDS.get(a, str(a)) for a in members)}, got {_shown(data)}"
    if origin is typing.Literal:
        allowed = get_args(tp)
        if data in allowed:
            return None
        return path, f"expected one of {', '.join(map(repr, allowed))}, got {_shown(data)}"
    if origin in (list, tuple):
        if not isinstance(data, list):
            return path, f"expected a list, got {_shown(data)}"
        args: tuple[Any, ...] = get_args(tp)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(data) != len(args):
                return path, f"expected a list of {len(args)} items, got {len(data)}"
            items = list(args)
        else:
            items = [args[0] if args else Any] * len(data)
        for i, (item_tp, item) in enumerate(zip(items, data, strict=True)):
            found = locate(item_tp, item, f"{path}[{i}]")
            if found:
                return found
        return None
    if origin is dict:
        if not isinstance(data, dict):
            return path, f"expected an object, got {_shown(data)}"
        value_tp = (get_args(tp) or (str, Any))[1]
        for key, value in data.items():
            found = locate(value_tp, value, f"{path}.{key}" if path else key)
            if found:
                return found
        return None
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            tp(data)
        except ValueError:
            return path, f"expected one of {', '.join(repr(m.value) for m in tp)}, got {_shown(data)}"
        return None
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            return path, f"expected an object, got {_shown(data)}"
        hints = get_type_hints(tp)
        for f in dataclasses.fields(tp):
            here = f"{path}.{f.name}" if path else f.name
            if f.name not in data:
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                    return here, "is missing"
                continue
            found = locate(hints[f.name], data[f.name], here)
            if found:
                return found
        return None
    if tp in KINDS:
        ok = isinstance(data, tp) and not (tp is not bool and isinstance(data, bool))
        if tp is float:
            ok = isinstance(data, int | float) and not isinstance(data, bool)
        return None if ok else (path, f"expected {KINDS[tp]}, got {_shown(data)}")
    return None
