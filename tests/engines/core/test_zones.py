"""Zones and who may see them: `visible_to` decides, and every view is built through it, so a hidden card
leaves the engine as a back with no name, no uid and no tokens."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import Card, Visibility, Zone, card_view, visible_to, zone_view

SEATS = ["p1", "p2", "p3"]
EVERYONE: list[str | None] = [None, *SEATS]


def a_zone(visibility: Visibility, *cards: Card, owner: str | None = None, seats: list[str] | None = None) -> Zone:
    return Zone(name="zone", visibility=visibility, owner=owner, seats=seats or [], cards=list(cards))


def a_card(uid: str = "c1", name: str = "Gandalf", **kw: Any) -> Card:
    return Card(uid=uid, name=name, **kw)


def who_sees(zone: Zone, card: Card) -> list[str | None]:
    return [seat for seat in EVERYONE if visible_to(zone, card, seat)]


# --- visible_to ------------------------------------------------------------------------------------


def test_a_face_up_card_in_a_public_zone_is_seen_by_everyone() -> None:
    """Given a face-up card in the staging area, then every seat and the table see it."""
    card = a_card()
    assert who_sees(a_zone(Visibility.PUBLIC, card), card) == EVERYONE


def test_a_card_in_hand_is_seen_by_its_owner_only() -> None:
    """Given a card in p1's hand, then p1 sees it, and neither the other seats nor the table do."""
    card = a_card()
    assert who_sees(a_zone(Visibility.OWNER, card, owner="p1"), card) == ["p1"]


def test_an_owner_zone_without_an_owner_is_seen_by_nobody() -> None:
    """Given an owner-only zone that has no owner, then nobody sees its cards."""
    card = a_card()
    assert who_sees(a_zone(Visibility.OWNER, card), card) == []


def test_a_seats_zone_is_seen_by_its_named_seats_only() -> None:
    """Given the heroes' mission shared by p1 and p3, then they see it, and Sauron (p2) and the table
    do not."""
    card = a_card()
    zone = a_zone(Visibility.SEATS, card, seats=["p1", "p3"])
    assert who_sees(zone, card) == ["p1", "p3"]


def test_a_hidden_zone_is_seen_by_nobody_not_even_its_owner() -> None:
    """Given a card in p1's deck, then nobody sees its face, p1 included."""
    card = a_card()
    assert who_sees(a_zone(Visibility.HIDDEN, card, owner="p1"), card) == []


def test_a_face_down_card_in_a_public_zone_is_seen_by_nobody() -> None:
    """Given a face-down shadow card in the public staging area, then nobody sees its face."""
    card = a_card(face_up=False)
    assert who_sees(a_zone(Visibility.PUBLIC, card), card) == []


@pytest.mark.parametrize(
    "zone",
    [
        a_zone(Visibility.HIDDEN, owner="p1"),
        a_zone(Visibility.OWNER, owner="p1"),
        a_zone(Visibility.SEATS, seats=["p1"]),
        a_zone(Visibility.PUBLIC),
    ],
    ids=lambda z: z.visibility.value,
)
def test_a_seat_that_looked_at_a_card_sees_it_wherever_it_lies(zone: Zone) -> None:
    """Given a face-down card p2 has looked at (known_to), when it lies in any zone, then p2 sees it
    and the table still does not."""
    card = a_card(face_up=False, known_to=["p2"])
    zone.cards.append(card)
    assert visible_to(zone, card, "p2")
    assert not visible_to(zone, card, None)
    assert "p2" in who_sees(zone, card)
    assert "p3" not in who_sees(zone, card)


def test_known_to_widens_and_never_narrows() -> None:
    """Given a face-up card in p1's hand that p2 has also seen, then both see it and p3 does not."""
    card = a_card(known_to=["p2"])
    assert who_sees(a_zone(Visibility.OWNER, card, owner="p1"), card) == ["p1", "p2"]


# --- Zone ------------------------------------------------------------------------------------------


def test_the_audience_of_each_kind_of_zone() -> None:
    """Given one zone of each visibility, then its audience lists the seats that see face-up cards."""
    assert a_zone(Visibility.PUBLIC).audience(SEATS) == SEATS
    assert a_zone(Visibility.OWNER, owner="p2").audience(SEATS) == ["p2"]
    assert a_zone(Visibility.OWNER).audience(SEATS) == []
    assert a_zone(Visibility.SEATS, seats=["p1", "p3"]).audience(SEATS) == ["p1", "p3"]
    assert a_zone(Visibility.HIDDEN, owner="p1").audience(SEATS) == []


def test_take_removes_a_card_and_find_does_not() -> None:
    """Given a zone of three cards, when one is found, then it stays; when taken, then it leaves and the
    order of the rest is kept; taking a missing card raises KeyError."""
    a, b, c = a_card("a", "A"), a_card("b", "B"), a_card("c", "C")
    zone = a_zone(Visibility.PUBLIC, a, b, c)
    assert zone.find("b") is b and len(zone.cards) == 3
    assert zone.find("z") is None
    assert zone.take("b") is b
    assert [x.uid for x in zone.cards] == ["a", "c"]
    with pytest.raises(KeyError):
        zone.take("b")


# --- card_view -------------------------------------------------------------------------------------


def test_a_visible_card_shows_its_face_tokens_and_flags() -> None:
    """Given a damaged, exhausted hero in play, when viewed, then uid, name, tokens and flags show."""
    card = a_card(tokens={"damage": 2}, flags=["exhausted"])
    view = card_view(a_zone(Visibility.PUBLIC, card), card, "p1")
    assert (view.uid, view.name, view.tokens, view.flags) == ("c1", "Gandalf", {"damage": 2}, ["exhausted"])
    assert not view.hidden


def test_a_view_does_not_share_the_cards_tokens() -> None:
    """Given a view of a card, when the view's tokens are changed, then the card's are not."""
    card = a_card(tokens={"damage": 2}, flags=["exhausted"])
    view = card_view(a_zone(Visibility.PUBLIC, card), card, None)
    view.tokens["damage"] = 9
    view.flags.append("x")
    assert card.tokens == {"damage": 2} and card.flags == ["exhausted"]


def test_a_hidden_card_shows_only_its_back() -> None:
    """Given a face-down shadow card with tokens and flags, when viewed by anyone, then name, uid,
    tokens and flags are all withheld and only the back is shown."""
    card = a_card(uid="c17", name="Gollum", face_up=False, tokens={"resource": 1}, flags=["shadow"])
    zone = a_zone(Visibility.PUBLIC, card)
    for seat in EVERYONE:
        view = card_view(zone, card, seat, back="encounter")
        assert view.hidden
        assert (view.uid, view.name, view.tokens, view.flags, view.back) == (None, None, {}, [], "encounter")


def test_a_card_is_redacted_for_one_seat_and_not_another() -> None:
    """Given a card in p1's hand, when viewed by p1 and by p2, then p1 sees Gandalf and p2 a back."""
    card = a_card()
    zone = a_zone(Visibility.OWNER, card, owner="p1")
    assert card_view(zone, card, "p1").name == "Gandalf"
    assert card_view(zone, card, "p2").hidden
    assert card_view(zone, card, None).hidden


def test_attached_cards_keep_their_own_visibility() -> None:
    """Given a face-up enemy carrying a face-down shadow card, and a face-down card carrying a face-up
    attachment, when viewed, then each card is judged on its own: the shadow is a back under a visible
    enemy, and the attachment shows although its host does not."""
    shadow = a_card(uid="s1", name="Treachery", face_up=False)
    enemy = a_card(uid="e1", name="Hill Troll", attached=[shadow])
    blade = a_card(uid="a1", name="Sting")
    facedown = a_card(uid="f1", name="Secret", face_up=False, attached=[blade])
    zone = a_zone(Visibility.PUBLIC, enemy, facedown)

    enemy_view = card_view(zone, enemy, "p1", back="encounter")
    assert enemy_view.name == "Hill Troll"
    assert len(enemy_view.attached) == 1
    assert enemy_view.attached[0].hidden and enemy_view.attached[0].uid is None
    assert enemy_view.attached[0].back == "encounter"

    host_view = card_view(zone, facedown, "p1")
    assert host_view.hidden
    assert [a.name for a in host_view.attached] == ["Sting"]


def test_an_attached_card_a_seat_looked_at_is_shown_to_that_seat_only() -> None:
    """Given a face-down shadow card p1 has looked at, attached to an enemy, when viewed, then p1 sees
    the shadow's name and p2 does not."""
    shadow = a_card(uid="s1", name="Treachery", face_up=False, known_to=["p1"])
    enemy = a_card(uid="e1", name="Hill Troll", attached=[shadow])
    zone = a_zone(Visibility.PUBLIC, enemy)
    assert card_view(zone, enemy, "p1").attached[0].name == "Treachery"
    assert card_view(zone, enemy, "p2").attached[0].name is None


# --- zone_view -------------------------------------------------------------------------------------


def test_a_zone_view_redacts_each_card_for_the_seat() -> None:
    """Given p1's hand of two cards, when p1 and p2 view it, then both see the count, p1 the names and
    p2 only backs."""
    zone = a_zone(Visibility.OWNER, a_card("c1", "Gandalf"), a_card("c2", "Frodo"), owner="p1")
    mine = zone_view(zone, "p1")
    theirs = zone_view(zone, "p2", back="player")
    assert (mine.name, mine.owner, mine.count) == ("zone", "p1", 2)
    assert [c.name for c in mine.cards] == ["Gandalf", "Frodo"]
    assert theirs.count == 2
    assert [(c.uid, c.name, c.back) for c in theirs.cards] == [(None, None, "player")] * 2


def test_a_deck_shown_as_counts_only_lists_no_cards() -> None:
    """Given a deck of three, when viewed as counts only, then the view has the count and no cards,
    even for a seat that has looked at one of them."""
    zone = a_zone(Visibility.HIDDEN, a_card("c1"), a_card("c2", known_to=["p1"]), a_card("c3"), owner="p1")
    view = zone_view(zone, "p1", counts_only=True)
    assert view.count == 3
    assert view.cards == []


def test_an_empty_zone_views_as_zero() -> None:
    """Given an empty discard pile, when viewed, then the count is 0 and there are no cards."""
    view = zone_view(a_zone(Visibility.PUBLIC), None)
    assert view.count == 0 and view.cards == []


def test_cards_and_zones_are_equal_field_by_field() -> None:
    """Equal when every field is (attachments compared in turn), whatever object holds them; never equal to
    anything else; unhashable, as mutable dataclasses are."""
    def card(**kw: Any) -> Card:
        return Card(uid="c1", name="a hero", tokens={"damage": 1}, attached=[Card(uid="c2", name="a blade")], **kw)

    assert card() == card()
    assert not (card() != card())  # noqa: SIM202 (the `!=` a zone's comparison of its cards goes through)
    assert card() != card(face_up=False)
    assert card() != Card(uid="c1", name="a hero", tokens={"damage": 1}, attached=[Card(uid="c2", name="a bow")])
    assert card() != "c1"
    zone = Zone(name="hand", visibility=Visibility.OWNER, owner="p1", cards=[card()])
    assert zone == Zone(name="hand", visibility=Visibility.OWNER, owner="p1", cards=[card()])
    assert zone != Zone(name="hand", visibility=Visibility.OWNER, owner="p2", cards=[card()])
    assert zone != Zone(name="hand", visibility=Visibility.OWNER, owner="p1", cards=[card(known_to=["p2"])])
    with pytest.raises(TypeError):
        hash(card())
