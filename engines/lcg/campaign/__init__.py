"""LCG campaign mode (spec 7; C 12.5, 13.2, 14.8): the campaign log and its rules, kept apart from the game.

`catalogue` holds what a campaign is made of (facts), `log` the log and its rules, `heroes` the fellowship's
rules (fallen heroes, hero changes and the threat penalty, deck legality), `plan` what one scenario's game
receives at setup, `table` how a game applies it and what a finished game tells the log, `export` the log
as JSON and Markdown. Only `table` knows the game's state; the rest is plain data and rules.
"""
