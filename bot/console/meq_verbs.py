"""Middle-earth Quest's console verbs (its registration names this module): `meq card <name>`, the same
reference as `/meq card`: a card's facts, and its words where the user imported them from their own copy; and
`meq location <name>`, as `/meq location`: a location of the base map, its decks and its paths."""

from __future__ import annotations

from bot.console.host import ConsoleHost, Verb
from bot.content.meq.lookup import location_facts, lookup, lookup_seen
from bot.service import ServiceError
from engines.meq import board as mb

USAGE = "Usage: 'meq card <name or id>' (e.g. 'meq card Orc') or 'meq location <name>' (e.g. 'meq location Bree')."


def verbs(host: ConsoleHost) -> list[Verb]:
    async def meq(args: list[str]) -> None:
        if len(args) < 2 or args[0].lower() not in ("card", "location"):
            raise ServiceError(USAGE)
        name = " ".join(args[1:])
        if args[0].lower() == "location":
            host.out(location_facts(mb.builtin("base"), name, markdown=False))
            return
        found = lookup(name)
        if not found and host.game_id is not None:  # an id shown in a prompt ('c23'), as this seat sees it
            found = lookup_seen(name, (await host.service.hand(host.game_id, host.user()))[1])
        if not found:
            raise ServiceError(f"Nothing is called '{name}'.")
        for line in found:
            host.out(line)

    return [Verb("meq", "Middle-earth Quest reference: 'meq card <name>' (facts, and your words), "
                 "'meq location <name>' (its decks and paths)", meq)]
