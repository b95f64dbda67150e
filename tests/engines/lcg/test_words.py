"""The words an LCG player reads (prompts, refusals, the log, the adjustments' help) say the rule, never where a
rulebook, the FAQ or our spec has it: players have none of those, and "Planning phase (RR p.13): play a card" put
a page reference in every prompt of the round. The citations stay in the comments, for developers."""

from __future__ import annotations

from tests.engines.player_words import CITATION, citations


def test_no_player_message_cites_a_rule_source() -> None:
    """No string the engine builds cites the rulebook's page, the FAQ, the spec or the campaign rules ("C 12.5"),
    outside docstrings and comments."""
    assert citations("engines/lcg") == []


def test_the_scanner_knows_the_campaign_rules_way_of_citing() -> None:
    """The campaign and tournament sections ("C 12.5.3.2") are citations too; a hero's +1 is not."""
    assert all(CITATION.search(s) for s in ("attached to Aragorn (C 12.5.3.2).", "(spec 7.3, 9.8; C 12.5)",
                                            "a hero may be used by one player only (C 16)."))
    assert not any(CITATION.search(s) for s in ("Aragorn leaves the Fallen Heroes (+1 threat penalty each)",
                                                "p1 plays Gandalf (cost 5)."))
