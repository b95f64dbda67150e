"""The LCG's console verbs (its registration names this module): deck imports, campaign mode and Race Against
the Shadow tournaments."""

from __future__ import annotations

from bot.console.campaign import ConsoleCampaigns
from bot.console.decks import ConsoleDecks
from bot.console.host import ConsoleHost, Verb, console_user
from bot.console.rats import ConsoleRats


def verbs(host: ConsoleHost) -> list[Verb]:
    # Made at once, not on the first 'rats' verb: the tournament's gate must guard its games from the first line.
    tournaments = ConsoleRats(host.service, host.out, host.user, console_user)
    campaigns = ConsoleCampaigns(host)
    imports = ConsoleDecks(host)
    return [
        Verb("deck", "'deck import <file.o8d | RingsDB link or id>': import a deck", imports.handle,
             takes=imports.takes),
        Verb("rats", "Race Against the Shadow tournaments ('rats help')", tournaments.handle),
        Verb("campaign", "LCG campaign mode ('campaign help' lists its verbs)", campaigns.handle, campaigns.resume),
    ]
