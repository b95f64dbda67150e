"""The state codec: any engine state made of plain dataclasses goes to JSON and comes back equal, with
canonical bytes, and a value of the wrong shape is refused loudly rather than guessed at."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import Enum, IntEnum, StrEnum
from typing import Any, Literal

import pytest

from engines.core import Card, Visibility, Zone, clone, dumps, from_data, loads, to_data


class Sphere(StrEnum):
    LEADERSHIP = "leadership"
    LORE = "lore"


class Phase(IntEnum):
    RESOURCE = 1
    QUEST = 3


class Region(Enum):
    ERIADOR = "eriador"
    RHOVANION = "rhovanion"


@dataclass(kw_only=True)
class Hero:
    name: str
    sphere: Sphere
    threat: int
    wounds: float = 0.0
    exhausted: bool = False
    mount: Hero | None = None


@dataclass(kw_only=True)
class Table:
    heroes: dict[str, Hero] = field(default_factory=dict)
    staging: list[Hero] = field(default_factory=list)
    phase: Phase = Phase.RESOURCE
    region: Region = Region.ERIADOR
    round_score: tuple[int, str] = (0, "")
    threats: tuple[int, ...] = ()
    first_player: str | None = None
    mode: Literal["easy", "standard", "nightmare"] = "standard"
    notes: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    extra: Any = None


@dataclass(kw_only=True)
class Versioned:
    schema: int = 2
    name: str


def a_table() -> Table:
    aragorn = Hero(name="Aragorn", sphere=Sphere.LEADERSHIP, threat=12, wounds=1.5,
                   mount=Hero(name="Roheryn", sphere=Sphere.LORE, threat=0, exhausted=True))
    return Table(
        heroes={"p1": aragorn, "p2": Hero(name="Glóin", sphere=Sphere.LEADERSHIP, threat=9)},
        staging=[Hero(name="Hill Troll", sphere=Sphere.LORE, threat=1)],
        phase=Phase.QUEST,
        region=Region.RHOVANION,
        round_score=(3, "p2"),
        threats=(28, 31, 30),
        first_player="p2",
        mode="nightmare",
        notes={"p1": [("drew", 2), ("played", 1)], "p2": []},
        extra={"anything": [1, "two", None]},
    )


# --- the round trip --------------------------------------------------------------------------------


def test_a_nested_state_round_trips_through_json() -> None:
    """Given a state of nested dataclasses with enums, Optional, dicts, lists, tuples and a Literal,
    when written as JSON and read back, then it equals the original, types included."""
    table = a_table()
    back = loads(Table, dumps(table))
    assert back == table
    assert type(back.phase) is Phase and back.phase is Phase.QUEST
    assert type(back.region) is Region and back.region is Region.RHOVANION
    assert type(back.heroes["p1"].sphere) is Sphere
    assert isinstance(back.heroes["p1"].mount, Hero)
    assert back.heroes["p1"].mount.exhausted is True
    assert back.round_score == (3, "p2") and isinstance(back.round_score, tuple)
    assert back.threats == (28, 31, 30) and isinstance(back.threats, tuple)
    assert back.notes["p1"] == [("drew", 2), ("played", 1)]
    assert isinstance(back.notes["p1"][0], tuple)


def test_defaults_and_none_round_trip() -> None:
    """Given a state left at its defaults (None, empty containers, an empty tuple), when round-tripped,
    then it is still equal."""
    assert loads(Table, dumps(Table())) == Table()
    assert Table().first_player is None and loads(Table, dumps(Table())).first_player is None


def test_a_real_zone_of_cards_round_trips() -> None:
    """Given a zone with face-down cards, tokens and attachments, when cloned, then nothing is lost."""
    zone = Zone(name="staging", visibility=Visibility.PUBLIC, cards=[
        Card(uid="c1", name="Hill Troll", tokens={"damage": 3}, flags=["engaged"],
             attached=[Card(uid="c2", name="Shadow", face_up=False, known_to=["p1"])]),
    ])
    assert clone(zone) == zone


def test_to_data_gives_plain_json_types() -> None:
    """Given enums in a state, when converted, then the data holds their plain values (a str, an int),
    not enum members."""
    data = to_data(a_table())
    assert type(data["phase"]) is int and data["phase"] == 3
    assert type(data["region"]) is str and data["region"] == "rhovanion"
    assert type(data["heroes"]["p1"]["sphere"]) is str
    assert data["round_score"] == [3, "p2"], "tuples become JSON lists"


def test_floats_and_whole_numbers() -> None:
    """Given a float field written as a whole number (as JSON may store 2.0), when read, then it is a
    float; a bool is not accepted as a number."""
    hero = from_data(Hero, {"name": "Bilbo", "sphere": "lore", "threat": 9, "wounds": 2})
    assert hero.wounds == 2.0 and type(hero.wounds) is float
    with pytest.raises(TypeError):
        from_data(float, True)
    with pytest.raises(TypeError):
        from_data(int, True)


def test_clone_is_a_deep_copy() -> None:
    """Given a cloned state, when the copy is changed deep inside, then the original is untouched."""
    table = a_table()
    copy = clone(table)
    copy.heroes["p1"].threat = 50
    copy.notes["p1"].append(("lost", 1))
    copy.staging.clear()
    assert table == a_table()


def test_a_field_missing_from_old_data_takes_its_default() -> None:
    """Given JSON written before a field with a default existed, when read, then the field takes its
    default (old journals stay readable)."""
    assert loads(Versioned, '{"name":"old"}') == Versioned(schema=2, name="old")


# --- canonical text --------------------------------------------------------------------------------


def test_dumps_is_canonical_with_sorted_keys_and_no_spaces() -> None:
    """Given a state, when dumped, then keys are sorted at every depth, there are no spaces, and
    non-ASCII names are kept as written."""
    text = dumps(a_table())
    assert ": " not in text and ", " not in text
    assert "Glóin" in text
    assert text == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    top_keys = list(json.loads(text))
    assert top_keys == sorted(top_keys)
    hero_keys = list(json.loads(text)["heroes"]["p1"])
    assert hero_keys == sorted(hero_keys)


def test_equal_states_give_equal_bytes_whatever_the_insertion_order() -> None:
    """Given two equal states whose dicts were filled in different orders, when dumped, then the text
    is identical byte for byte."""
    a = Table(notes={"b": [], "a": [("x", 1)]})
    b = Table(notes={"a": [("x", 1)], "b": []})
    assert dumps(a) == dumps(b)
    assert dumps(a).index('"a"') < dumps(a).index('"b"')


# --- bad shapes ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tp", "data"),
    [
        (Hero, ["Aragorn"]),  # a list where a dataclass belongs
        (list[int], {"a": 1}),  # a dict where a list belongs
        (dict[str, int], [1, 2]),  # a list where a dict belongs
        (int, "3"),  # a string where a number belongs
        (str, 3),
        (bool, 1),
        (int, True),  # a bool is not an int in state
        (tuple[int, str], [1]),  # too short
        (tuple[int, str], [1, "a", 2]),  # too long
        (int | str, 1.5),  # no member of the union holds it
        (Hero | Table, {}),  # a union of dataclasses cannot be decided
        (set[int], [1]),  # a type the codec does not know
    ],
)
def test_data_of_the_wrong_shape_is_refused_with_type_error(tp: Any, data: Any) -> None:
    """Given data that does not fit the declared type, when read, then TypeError is raised rather than a
    wrong value returned."""
    with pytest.raises(TypeError):
        from_data(tp, data)


def test_a_missing_required_field_is_refused() -> None:
    """Given JSON for a dataclass that lacks a field without a default, when read, then TypeError."""
    with pytest.raises(TypeError):
        from_data(Hero, {"name": "Frodo", "sphere": "lore"})


def test_a_literal_or_enum_outside_its_values_is_refused() -> None:
    """Given a value that is not one of a Literal's or an enum's values, when read, then ValueError
    names the problem."""
    with pytest.raises(ValueError, match="not one of"):
        from_data(Literal["easy", "standard"], "heroic")
    with pytest.raises(ValueError):
        from_data(Sphere, "spirit")


def test_values_that_cannot_be_json_are_refused_on_the_way_out() -> None:
    """Given a set or a dict with non-str keys in a state, when converted, then TypeError says why."""
    with pytest.raises(TypeError, match="cannot serialize set"):
        to_data({"seen": {1, 2}})
    with pytest.raises(TypeError, match="keys in state must be str"):
        to_data({1: "one"})
    with pytest.raises(TypeError):
        dumps(Table(extra=object()))
