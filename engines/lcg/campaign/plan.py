"""What one scenario's game receives from the campaign log at setup (spec 7.4, 7.5, 7.7; C 13.2): plain data,
carried in the game's `campaign` option as JSON so a game replays from its own journal and never reads the
log again."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from engines.core.codec import from_data, to_data
from engines.core.errors import CommandError


@dataclass(frozen=True, kw_only=True)
class Attachment:
    card: str  # CardDef id of a Permanent boon or burden
    hero: str  # the recorded hero's title it goes on (C 12.5.3.2)


@dataclass(kw_only=True)
class CampaignSetup:
    campaign: str  # the campaign's name, for the table's messages
    scenario_number: int  # 1-based position of this scenario in the campaign
    decks: dict[str, str] = field(default_factory=dict)  # seat -> deck key, chosen for the seat (no deck vote)
    penalty: dict[str, int] = field(default_factory=dict)  # seat -> permanent starting threat penalty (7.4)
    banned: tuple[str, ...] = ()  # titles no deck may hold: fallen heroes (7.3) and product rules
    boons: dict[str, tuple[str, ...]] = field(default_factory=dict)  # seat -> player-back boons in its deck
    permanent: dict[str, tuple[Attachment, ...]] = field(default_factory=dict)  # seat -> attached at setup
    encounter: tuple[str, ...] = ()  # encounter-back boons and burdens shuffled into the encounter deck
    player_burdens: dict[str, tuple[str, ...]] = field(default_factory=dict)  # after the setup hand (12.5.3.1)
    campaign_card: str = ""  # beside the quest deck (C 12.5.3.4)
    in_play: tuple[str, ...] = ()  # cards the campaign card's setup gives the first player (the Core's Mendor)
    set_aside: tuple[str, ...] = ()  # cards (one id per copy) the campaign card's setup sets aside
    prisoner: str = ""  # the hero title the log names as the prisoner (the Core's Escape from Dol Guldur)

    def card_ids(self) -> list[str]:
        ids = [*self.encounter, *(c for cards in self.boons.values() for c in cards),
               *(a.card for cards in self.permanent.values() for a in cards),
               *(c for cards in self.player_burdens.values() for c in cards)]
        if self.campaign_card:
            ids.append(self.campaign_card)
        ids += self.in_play
        ids += self.set_aside
        return sorted(set(ids))


def encode(setup: CampaignSetup) -> str:
    return json.dumps(to_data(setup), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def decode(text: str) -> CampaignSetup:
    try:
        setup: CampaignSetup = from_data(CampaignSetup, json.loads(text))
    except (ValueError, TypeError, KeyError) as error:
        raise CommandError(f"The campaign option is not a campaign setup ({error}).") from None
    return setup
