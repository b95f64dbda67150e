"""JSON round trip for engine state: dataclasses of lists, dicts, ints, strs, bools, enums and None.

Engines keep state as plain dataclasses; this module turns them into JSON-ready data and back, guided by
the type hints, so no game needs hand-written serializers. Unknown shapes fail loudly: a state that cannot
round-trip is a bug, found by the generic random-play test.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import pickle
import types
import typing
from functools import cache
from typing import Any, TypeVar, get_args, get_origin, get_type_hints

T = TypeVar("T")

JSON = dict[str, Any] | list[Any] | str | int | float | bool | None


def to_data(obj: Any) -> Any:
    """Convert a state value into JSON-ready data (dicts, lists, scalars)."""
    if isinstance(obj, enum.Enum):  # before the scalars: a StrEnum is a str but should leave as plain data
        return obj.value
    if obj is None or isinstance(obj, bool | int | float | str):
        return obj
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_data(getattr(obj, f.name)) for f in _fields(type(obj))}
    if isinstance(obj, list | tuple):
        return [to_data(x) for x in obj]
    if isinstance(obj, dict):
        out: dict[str, Any] = {}
        for k, v in obj.items():
            if not isinstance(k, str):
                raise TypeError(f"dict keys in state must be str, got {k!r}")
            out[k] = to_data(v)
        return out
    raise TypeError(f"cannot serialize {type(obj).__name__} in engine state")


def from_data(tp: Any, data: Any) -> Any:
    """Rebuild a value of type `tp` from `to_data` output."""
    origin = get_origin(tp)
    if tp is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        args = get_args(tp)
        if data is None and type(None) in args:
            return None
        non_none = [a for a in args if a is not type(None)]
        if len(non_none) == 1:
            return from_data(non_none[0], data)
        for a in non_none:  # scalars only: int | str and the like
            if isinstance(a, type) and isinstance(data, a):
                return data
        raise TypeError(f"cannot decide which of {tp} holds {data!r}")
    if origin is typing.Literal:
        if data not in get_args(tp):
            raise ValueError(f"{data!r} is not one of {get_args(tp)}")
        return data
    if origin is list:
        (item,) = get_args(tp) or (Any,)
        return [from_data(item, x) for x in _expect(list, data)]
    if origin is tuple:
        args = get_args(tp)
        items = _expect(list, data)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_data(args[0], x) for x in items)
        if len(items) != len(args):
            raise TypeError(f"expected {len(args)} items for {tp}, got {len(items)}")
        return tuple(from_data(a, x) for a, x in zip(args, items, strict=True))
    if origin is dict:
        _, value_tp = get_args(tp) or (str, Any)
        return {k: from_data(value_tp, v) for k, v in _expect(dict, data).items()}
    if isinstance(tp, type):
        if issubclass(tp, enum.Enum):
            return tp(data)
        if dataclasses.is_dataclass(tp):
            raw = _expect(dict, data)
            hints = _hints(tp)
            kwargs = {f.name: from_data(hints[f.name], raw[f.name]) for f in _fields(tp) if f.name in raw}
            return tp(**kwargs)
        if tp is float and isinstance(data, int) and not isinstance(data, bool):
            return float(data)
        if tp in (bool, int, float, str):
            if not isinstance(data, tp) or (tp is int and isinstance(data, bool)):
                raise TypeError(f"expected {tp.__name__}, got {data!r}")
            return data
    raise TypeError(f"cannot deserialize into {tp!r}")


def dumps(obj: Any) -> str:
    """Canonical JSON text: sorted keys, no spaces, so equal states give equal bytes."""
    return json.dumps(to_data(obj), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def loads(tp: type[T], text: str) -> T:
    result: T = from_data(tp, json.loads(text))
    return result


def clone(obj: T) -> T:
    """A deep copy of a state, for `apply`'s copy-then-change. Pickle is several times faster than the JSON
    round trip (whose faithfulness the generic random-play test checks after every step)."""
    result: T = pickle.loads(pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL))
    return result


def _expect(kind: type[T], data: Any) -> T:
    if not isinstance(data, kind):
        raise TypeError(f"expected {kind.__name__}, got {type(data).__name__}")
    return data


@cache
def _fields(tp: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(tp) if f.init)


@cache
def _hints(tp: type) -> dict[str, Any]:
    return get_type_hints(tp)
