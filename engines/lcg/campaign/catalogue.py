"""What a campaign is made of, as facts (spec 7.1, 7.5; C 12.5): its scenarios in order, each with its campaign
card, and the boons and burdens it can earn. Plain data with no engine imports, so a `Pack` can carry it."""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("boon", "burden")
BACKS = ("player", "encounter")


@dataclass(frozen=True, kw_only=True)
class PoolEntry:
    """A card the campaign can put in its pool (C 12.5.3.1). `back` decides where it goes at setup: a player
    back into a deck (a boon) or its player's deck after the setup hand (a burden, C 12.5.3.3); an encounter
    back into the encounter deck."""

    card: str  # CardDef id
    title: str
    kind: str  # "boon" or "burden"
    back: str = "player"  # "player" or "encounter"
    permanent: bool = False  # C 12.5.3.2: attached to one recorded hero for the whole campaign
    copies: int = 1  # how many the campaign's box holds


@dataclass(frozen=True, kw_only=True)
class CampaignStep:
    scenario: str  # Scenario key in the library ("passage-through-mirkwood")
    name: str
    campaign_card: str = ""  # CardDef id of the scenario's campaign card, "" if none is known (C 12.5.3.4)
    banned: tuple[str, ...] = ()  # titles no one may use in this scenario (C 12.5.2.1-12.5.2.3)
    in_play: tuple[str, ...] = ()  # CardDef ids the campaign card's setup puts under the first player's control
    # CardDef ids (one per copy) the campaign card's setup sets aside, for its own effects to bring in later
    # (the Core's Journey: the Valor and Scarred copies its responses attach to heroes).
    set_aside: tuple[str, ...] = ()
    # The first player controls the Fellowship Aragorn here (The Treason of Saruman, The Flame of the West):
    # C 12.5.2.2's exchange of any recorded Aragorn applies at this setup.
    fellowship_aragorn: bool = False


@dataclass(frozen=True, kw_only=True)
class CampaignDef:
    key: str  # "core"
    name: str
    steps: tuple[CampaignStep, ...]
    pool: tuple[PoolEntry, ...] = ()
    # Titles no player may use in this campaign, any version (C 12.5.2.1-3 name such product rules).
    banned: tuple[str, ...] = ()
    source: str = ""

    def entry(self, title_or_id: str) -> PoolEntry | None:
        """A pool card by id or by title (case and accents aside)."""
        wanted = fold(title_or_id)
        return next((e for e in self.pool if e.card == title_or_id or fold(e.title) == wanted), None)


def fold(name: str) -> str:
    import unicodedata

    bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return " ".join(bare.lower().replace("’", "'").split())
