"""The campaign log image, opened and read: what it says (every string drawn), and the fallen heroes' red
chips on real pixels (spec 7.2)."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

from engines.lcg import GAME
from engines.lcg.campaign import log as campaign
from engines.lcg.campaign.log import Change, Member, Result, Score
from engines.lcg.campaign_table import deck_facts
from render import kit
from render.campaign import FALLEN, render_log
from tests.render.test_kit import TextRecorder

AT = "2026-11-22T07:00:00+00:00"


def a_log_after_one_scenario() -> campaign.CampaignLog:
    library = GAME.library
    members = [Member(seat="p1", user_id=1, name="Alice", deck="core-leadership"),
               Member(seat="p2", user_id=2, name="Bob", deck="core-tactics")]
    book, _ = campaign.new_campaign(library.campaign("core"), members,
                                    {m.seat: deck_facts(library.deck(m.deck), library) for m in members}, AT)
    campaign.begin_attempt(book, 1, AT)
    campaign.end_attempt(book, 1, Result(won=True, fallen={"p2": ["Thalin"]}, score=Score(total=72)), AT)
    campaign.stage(book, Change(kind="earn", title="Valor", hero="Aragorn"))
    campaign.stage(book, Change(kind="note", text="the spiders were many"))
    campaign.record(book, AT)
    return book


def test_the_log_image_says_what_the_log_says(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = TextRecorder().install(monkeypatch)
    png = render_log(a_log_after_one_scenario())
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG" and image.width == 1200 and image.height > 600
    said = drawn.strings
    assert "The Core Set campaign" in said
    assert "p1  Alice: Aragorn, Glóin, Théodred  (threat +0)" not in said  # no penalty yet: none shown
    assert "p2  Bob: Gimli, Thalin, Legolas" in said
    assert "Thalin" in said  # the fallen hero's chip
    assert "Valor (boon, Permanent) on Aragorn" in said
    assert "1. Passage Through Mirkwood: score 72" in said
    assert "2. Journey Down the Anduin: next" in said
    assert "3. Escape from Dol Guldur" in said
    assert "Campaign total: 72 (lower is better)" in said
    assert "- the spiders were many" in said


def test_fallen_heroes_are_red_chips_and_an_empty_log_has_none() -> None:
    def red_pixels(png: bytes) -> int:
        image = Image.open(io.BytesIO(png)).convert("RGB")
        colours = image.getcolors(image.width * image.height) or []
        return sum(count for count, colour in colours if colour == FALLEN)

    book = a_log_after_one_scenario()
    assert red_pixels(render_log(book)) > 500
    book.fallen = []
    assert red_pixels(render_log(book)) == 0
    assert kit.PALETTE.table != FALLEN


def test_the_log_image_shows_a_hero_change_and_its_penalty_before_the_next_setup(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """C 12.5.2: a swap between scenarios is recorded, and costs, at the next setup; the image says so before."""
    book = a_log_after_one_scenario()
    thalin_gone = deck_facts(GAME.library.deck("core-tactics"), GAME.library)
    campaign.change_deck(book, "p2", replace(thalin_gone, heroes=("Gimli", "Legolas", "Beravor")), AT)
    drawn = TextRecorder().install(monkeypatch)
    render_log(book)
    said = drawn.strings
    assert "p2  Bob: Gimli, Thalin, Legolas  (next: Gimli, Legolas, Beravor)" in said
    assert "Threat penalty: +0 to each player's starting threat; +1 each from the next scenario" in said
    assert "hero change: p2 Thalin -> Beravor (+1 threat penalty)" in said
