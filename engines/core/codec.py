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
from collections.abc import Callable
from functools import cache, lru_cache
from sys import intern
from typing import Any, TypeVar, get_args, get_origin, get_type_hints

T = TypeVar("T")

JSON = dict[str, Any] | list[Any] | str | int | float | bool | None


_SCALARS = (str, int, float, bool, type(None))


def to_data(obj: Any) -> Any:
    """Convert a state value into JSON-ready data (dicts, lists, scalars).

    Dispatches on the exact type first (the common cases), because this runs over the whole state on every
    command the service stores; frozen dataclasses (card definitions) are converted once and cached."""
    kind: Any = type(obj)
    if kind in _SCALARS:
        return obj
    if kind is list or kind is tuple:
        return [to_data(x) for x in obj]
    if kind is dict:
        out: dict[str, Any] = {}
        for k, v in obj.items():
            if type(k) is not str:
                raise TypeError(f"dict keys in state must be str, got {k!r}")
            out[k] = to_data(v)
        return out
    if isinstance(obj, enum.Enum):
        return obj.value
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        if _is_frozen(kind):
            frozen: Any = obj
            return _frozen_data(frozen)
        return {f.name: to_data(getattr(obj, f.name)) for f in _fields(kind)}
    if isinstance(obj, bool | int | float | str):
        return obj
    raise TypeError(f"cannot serialize {type(obj).__name__} in engine state")


@cache
def _is_frozen(kind: Any) -> bool:
    params = getattr(kind, "__dataclass_params__", None)
    return bool(params is not None and params.frozen)


@lru_cache(maxsize=16384)
def _frozen_data(obj: Any) -> Any:
    # Shared between callers: JSON encoding only reads it. Frozen dataclasses of hashable fields only.
    kind: Any = type(obj)
    return {f.name: to_data(getattr(obj, f.name)) for f in _fields(kind)}


def from_data(tp: Any, data: Any) -> Any:
    """Rebuild a value of type `tp` from `to_data` output."""
    return _decoder(tp)(data)


Decoder = Callable[[Any], Any]


@cache
def _decoder(tp: Any) -> Decoder:
    """A function that decodes data of type `tp`, built once per type from its hints (decoding a stored
    game runs over thousands of values; interpreting the hints each time was most of the cost)."""
    origin = get_origin(tp)
    if tp is Any:
        return lambda data: data
    if origin in (typing.Union, types.UnionType):
        args = get_args(tp)
        non_none = [a for a in args if a is not type(None)]
        optional = type(None) in args
        if len(non_none) == 1:
            inner = _decoder(non_none[0])
            return lambda data: None if data is None and optional else inner(data)

        def union(data: Any) -> Any:
            if data is None and optional:
                return None
            for a in non_none:  # scalars only: int | str and the like
                if isinstance(a, type) and isinstance(data, a):
                    return data
            raise TypeError(f"cannot decide which of {tp} holds {data!r}")

        return union
    if origin is typing.Literal:
        allowed = get_args(tp)

        def literal(data: Any) -> Any:
            if data not in allowed:
                raise ValueError(f"{data!r} is not one of {allowed}")
            return data

        return literal
    if origin is list:
        item = _decoder((get_args(tp) or (Any,))[0])
        return lambda data: [item(x) for x in _expect(list, data)]
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _decoder(args[0])
            return lambda data: tuple(item(x) for x in _expect(list, data))
        parts = [_decoder(a) for a in args]

        def fixed(data: Any) -> Any:
            items = _expect(list, data)
            if len(items) != len(parts):
                raise TypeError(f"expected {len(parts)} items for {tp}, got {len(items)}")
            return tuple(p(x) for p, x in zip(parts, items, strict=True))

        return fixed
    if origin is dict:
        value = _decoder((get_args(tp) or (str, Any))[1])
        return lambda data: {intern(k): value(v) for k, v in _expect(dict, data).items()}
    if isinstance(tp, type):
        if issubclass(tp, enum.Enum):
            return tp
        if dataclasses.is_dataclass(tp):
            return _dataclass_decoder(tp)
        if tp is float:
            def real(data: Any) -> Any:
                if isinstance(data, bool) or not isinstance(data, int | float):
                    raise TypeError(f"expected float, got {data!r}")
                return float(data)

            return real
        if tp is str:
            def text(data: Any) -> Any:
                if not isinstance(data, str):
                    raise TypeError(f"expected str, got {data!r}")
                # Interned: a thousand loaded games repeat the same names, refs, seats and keys, and one copy
                # of each is far smaller than a thousand (the memory benchmark's figure halves).
                return intern(data)

            return text
        if tp in (bool, int):
            def scalar(data: Any) -> Any:
                if not isinstance(data, tp) or (tp is int and isinstance(data, bool)):
                    raise TypeError(f"expected {tp.__name__}, got {data!r}")
                return data

            return scalar
    raise TypeError(f"cannot deserialize into {tp!r}")


def _dataclass_decoder(tp: type) -> Decoder:
    fields: list[tuple[str, Decoder]] = []

    def decode(data: Any) -> Any:
        # Field decoders are built on first use: a card holds a list of cards, so building them eagerly
        # would recurse into this very decoder before it is cached.
        if not fields and _fields(tp):
            hints = _hints(tp)
            fields.extend((f.name, _decoder(hints[f.name])) for f in _fields(tp))
        raw = _expect(dict, data)
        return tp(**{name: dec(raw[name]) for name, dec in fields if name in raw})

    return decode


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
def _fields(tp: Any) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(tp) if f.init)


@cache
def _hints(tp: type) -> dict[str, Any]:
    return get_type_hints(tp)
