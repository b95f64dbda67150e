"""LCG campaign mode (spec 7; C 12.5, 13.2, 14.8): the campaign log and its rules, kept apart from the game.

`catalogue` holds what a campaign is made of (facts), `log` the log and its rules, `heroes` the fellowship's
rules (fallen heroes, hero changes and the threat penalty, deck legality), `plan` what one scenario's game
receives at setup, `export` the log as JSON and Markdown. None of them knows the game's state (the cards and
the state use `catalogue` and `plan`); how a game applies the plan and what a finished game tells the log is
`engines.lcg.campaign_table`, beside the rules.
"""
