"""Hostile numbers and nestings (issue 18), found while writing the attack suite and fixed since; each failed
on the main of the day. What they shared: a number or a nesting too big for Python's own parsers (json.loads
recurses; int() refuses more than 4300 digits) escaped as RecursionError or ValueError instead of the
importer's own refusal, so the user was told "Something went wrong" and the error was logged as a bug."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from bot.content.errors import ContentError
from bot.content.lcg.octgn import deck_from_o8d, parse_o8d
from bot.content.lcg.ringsdb import Response
from bot.store.models import CampaignRow, DeckRow
from engines.lcg.library import builtin

SOMETHING_WRONG = "Something went wrong"
HUGE = "9" * 5000  # a whole number with more digits than int() accepts (sys.get_int_max_str_digits(): 4300)


async def test_a_ringsdb_answer_nested_a_hundred_thousand_deep_is_refused_in_words(world):
    """Whatever answers for RingsDB (a hostile mirror, a proxy, a compromised site; the suite's threat model
    for RingsDB answers, as in test_cheap_refusals.py) sends JSON nested 100,000 deep."""
    env, guild, channel, alice, bob = world

    def fetch(url: str) -> Response:
        return Response(200, b"[" * 100_000 + b"]" * 100_000)

    env.bot.get_cog("LcgCog").ringsdb_fetch = fetch
    refused = await alice.slash(channel, "lcg deck import", source="12345")
    assert refused.ephemeral and refused.response.content.startswith("Nothing was imported. ")
    assert SOMETHING_WRONG not in refused.response.content
    async with env.bot.database.session() as s:
        assert (await s.execute(select(func.count()).select_from(DeckRow))).scalar_one() == 0


async def test_a_campaign_file_with_a_five_thousand_digit_number_is_refused_in_words(world):
    """Mallory uploads a campaign "backup" whose one number has 5,000 digits."""
    env, guild, channel, alice, bob = world
    hostile = ('{"format": "westmarch-lcg-campaign", "version": ' + HUGE + "}").encode()
    refused = await alice.slash(channel, "campaign import", file=("campaign-1.json", hostile))
    assert refused.ephemeral and SOMETHING_WRONG not in refused.response.content
    assert "campaign log" in refused.response.content or "JSON" in refused.response.content
    async with env.bot.database.session() as s:
        assert (await s.execute(select(func.count()).select_from(CampaignRow))).scalar_one() == 0


@pytest.mark.parametrize("qty", ["³", HUGE])
def test_an_o8d_count_that_int_cannot_read_is_refused_with_its_line(qty: str) -> None:
    text = f'<deck>\n<section name="Hero">\n<card qty="{qty}" id="x">Hero</card>\n</section>\n</deck>'
    with pytest.raises(ContentError, match=r"^deck\.o8d line 3: card 'Hero' has qty"):
        parse_o8d(text, source="deck.o8d")


def test_an_o8d_deck_with_absurd_counts_is_refused_before_any_work() -> None:
    library = builtin()
    hero = next(c for c in library.cards.values() if c.type == "hero")
    ally = next(c for c in library.cards.values() if c.type == "ally")
    text = (f'<deck><section name="Hero"><card qty="1" id="{hero.id}">{hero.name}</card></section>'
            f'<section name="Ally"><card qty="10000000" id="{ally.id}">{ally.name}</card></section></deck>')
    with pytest.raises(ContentError, match="10000000"):
        deck_from_o8d(parse_o8d(text), library.cards, key="k", name="n")
