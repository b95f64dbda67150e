"""War of the Ring's console verbs (its registration names this module): the reference `/wotr card`, `/wotr
scenarios` and `/wotr unscripted` give in Discord, as `wotr card <name or id>`, `wotr scenarios` and `wotr
unscripted` (bot/content/wotr/reference.py)."""

from __future__ import annotations

from bot.console.host import ConsoleHost, Verb
from bot.content.wotr.reference import card_facts, find_cards, scenario_lines, unscripted_text
from bot.service import ServiceError

USAGE = "Usage: 'wotr card <name>' (e.g. 'wotr card Sting'), 'wotr scenarios' or 'wotr unscripted'."


def verbs(host: ConsoleHost) -> list[Verb]:
    async def wotr(args: list[str]) -> None:
        what = args[0].lower() if args else ""
        if what == "card" and len(args) > 1:
            for card in find_cards(" ".join(args[1:])):
                host.out(card_facts(card, markdown=False, adjust="'adjust ...'"))
        elif what == "scenarios" and len(args) == 1:
            for line in scenario_lines(markdown=False, start="'new wotr <players> scenario=<key>'"):
                host.out(line)
        elif what == "unscripted" and len(args) == 1:
            host.out(unscripted_text(adjust="'adjust ...'"))
        else:
            raise ServiceError(USAGE)

    return [Verb("wotr", "War of the Ring reference: 'wotr card <name>', 'wotr scenarios', 'wotr unscripted'",
                 wotr)]
