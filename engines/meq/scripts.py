"""Card effects as scripts over a few primitives (spec 7.3), in our own words; no card text is kept.

Combat abilities live in engines.meq.abilities, keyed by the ability tag a combat card carries; other cards by
id. A card with no script is announced and resolved by hand with `adjust` (its name only is shown); `coverage`
lists what is scripted and what is not (the `python -m bot cards coverage meq` list)."""

from __future__ import annotations

from engines.core import Turn
from engines.meq import (
    corruption,
    effects,
    enc_brown_lands_mordor,
    enc_eriador_enedwaith,
    enc_haven,
    enc_misty_mirkwood,
    enc_rhudaur_grey,
    enc_rohan_gondor,
    events_t1,
    events_t2,
    events_t3,
    foes,
    perils,
    plots,
    quests,
    rules,
    shadows,
)
from engines.meq.abilities import COMBAT_SCRIPTED
from engines.meq.cards import index
from engines.meq.effects import Effect
from engines.meq.state import Hero, MeqState

# imported for their registrations
__all__ = ["enc_brown_lands_mordor", "enc_eriador_enedwaith", "enc_haven", "enc_misty_mirkwood", "enc_rhudaur_grey",
           "enc_rohan_gondor", "events_t1", "events_t2", "events_t3", "foes", "perils", "plots", "quests", "shadows"]

# --- other cards -----------------------------------------------------------------------------------------------

CARD_SCRIPTS: dict[str, Effect] = effects.SCRIPTS  # filled by the card modules imported above
OTHER_SCRIPTED = {
    "minion-mouth-of-sauron": "a hero who starts a combat with it gains a Corruption card",
    "thalin": "Iron Will: his turn goes on after failing to defeat a foe in Travel",
    "item-boat": "a water path costs one card of any icon",
    "item-horse": "each path costs one card fewer (at least one)",
    **foes.SCRIPTED,  # monsters' own abilities, on the combat round's hooks
}


def run_card(turn: Turn[MeqState], ref: str, hero: Hero | None, location_ability: bool = False) -> None:
    script = CARD_SCRIPTS.get(ref)
    if script is not None:
        script(turn, hero)
        return
    idx = index()
    card = (idx.events.get(ref) or idx.encounters.get(ref) or idx.perils.get(ref) or idx.shadows.get(ref))
    name = getattr(card, "name", ref)
    target = f" for {hero.name}" if hero is not None else ""
    turn.say(f"{name}{target}: its effect is not scripted; resolve it by hand (adjust) if it applies.")


def minion_engages(turn: Turn[MeqState], hero: Hero, foe: str) -> None:
    if foe == "minion-mouth-of-sauron":
        turn.say(f"{index().foes[foe].name} corrupts {hero.name} as the combat begins.")
        rules.gain_corruption(turn, hero)


def coverage() -> dict[str, list[str]]:
    """Scripted and unscripted components by kind (what `cards coverage meq` prints)."""
    idx = index()
    tags = sorted({c.ability for c in idx.pack.combat if c.ability})
    out: dict[str, list[str]] = {
        "combat abilities scripted": [t for t in tags if t in COMBAT_SCRIPTED],
        "combat abilities by hand": [t for t in tags if t not in COMBAT_SCRIPTED],
        "cards scripted": sorted(CARD_SCRIPTS),
        "other scripted": sorted(OTHER_SCRIPTED),
        "corruption scripted": sorted(c for c in idx.corruption if c in corruption.WHAT),
    }
    for kind in ("events", "encounters", "perils", "shadows"):
        out[f"{kind} by hand"] = sorted(c for c in getattr(idx, kind) if c not in CARD_SCRIPTS
                                        and c not in quests.QUESTS)  # Encounter Quests are counted as quests
    quest_ids = [*idx.quests, *(c for c in idx.encounters if idx.encounters[c].quest)]
    out["plots scripted"] = sorted(p for p in idx.plots if p in plots.PLOTS)
    out["plots by hand"] = sorted(p for p in idx.plots if p not in plots.PLOTS)
    out["quests scripted"] = sorted(q for q in quest_ids if q in quests.QUESTS)
    out["quests by hand"] = sorted(q for q in quest_ids if q not in quests.QUESTS)
    out["by hand (corruption, characters)"] = sorted(
        [*(c for c in idx.corruption if c not in corruption.WHAT), *idx.characters])
    out["monster and minion abilities by hand"] = sorted(f for f in idx.foes if f not in OTHER_SCRIPTED)
    return out


def foe_ability_by_hand(turn: Turn[MeqState], foe: str) -> None:
    """Every monster and minion has an ability of its own (its reference card or Minion space); the ones not
    scripted are said at the start of each combat, so the table resolves them with `adjust` rather than
    forgetting them."""
    if foe not in OTHER_SCRIPTED:
        turn.say(f"{index().foes[foe].name}'s own ability is not scripted: resolve it by hand (adjust) when it "
                 "applies.")
