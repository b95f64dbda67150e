"""Middle-earth Quest's console verbs (its registration names this module): `meq card <name>`, the same
reference as `/meq card`: a card's facts, and its words where the user imported them from their own copy."""

from __future__ import annotations

from bot.console.host import ConsoleHost, Verb
from bot.content.meq.lookup import lookup, lookup_seen
from bot.service import ServiceError


def verbs(host: ConsoleHost) -> list[Verb]:
    async def meq(args: list[str]) -> None:
        if len(args) < 2 or args[0].lower() != "card":
            raise ServiceError("Usage: meq card <name or id>, e.g. 'meq card Orc'.")
        name = " ".join(args[1:])
        found = lookup(name)
        if not found and host.game_id is not None:  # an id shown in a prompt ('c23'), as this seat sees it
            found = lookup_seen(name, (await host.service.hand(host.game_id, host.user()))[1])
        if not found:
            raise ServiceError(f"Nothing is called '{name}'.")
        for line in found:
            host.out(line)

    return [Verb("meq", "Middle-earth Quest reference: 'meq card <name>' (facts, and your words)", meq)]
