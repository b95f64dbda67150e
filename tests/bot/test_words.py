"""What the bot tells players and server admins (slash-command descriptions and choices, replies, refusals, the
tournament's posts and the campaign's news) says the rule, never where the spec or the campaign and tournament
rules have it: players and admins have none of those, and "each player (C 12.5.2)" in the /campaign start choices
or "(C 15.3.3)" after every round's time control meant nothing to them. The citations stay in the comments."""

from __future__ import annotations

from tests.engines.player_words import citations

# The MEQ importer's notes go to the developer who builds the map and packs (`python -m bot.content.meq build`),
# who has the spec.
DEVELOPER_NOTES = ("bot/content/meq/importer.py:",)


def test_no_tournament_message_cites_a_rule_source() -> None:
    """The tournament engine's refusals ("a deck has 1 to 3 heroes") cite nothing, outside docstrings and comments."""
    assert citations("engines/tournament") == []


def test_no_bot_message_cites_a_rule_source() -> None:
    """No string the bot builds for a player or an admin cites the spec or the rules' sections ("C 12.5.2"), outside
    docstrings and comments; only the importer's notes for developers may."""
    assert [c for c in citations("bot") if not c.startswith(DEVELOPER_NOTES)] == []
