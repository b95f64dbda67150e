"""`python -m bot cards coverage lcg` (issue 9): per pack, scripted / nothing to script / by hand."""

from __future__ import annotations

from bot.__main__ import coverage_report, main


def test_the_coverage_report_counts_each_pack_and_names_the_cards_by_hand(capsys):
    report = coverage_report()
    assert "Core Set: 128 cards: 123 scripted, 5 nothing to script, 0 by hand" in report
    assert "Core Set - Nightmare: 27 cards: 21 scripted, 0 nothing to script, 6 by hand" in report
    assert "by hand: Marshland Outlaws #2" in report  # the Nightmare cards still by hand, named
    assert main(["cards", "coverage", "lcg"]) == 0
    assert capsys.readouterr().out.strip() == report
