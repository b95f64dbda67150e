"""Card effects as scripts over a few primitives (spec 7.3), in our own words; no card text is kept.

Combat abilities are keyed by the ability tag a combat card carries (the pack's `ability`); other cards by
id. A card with no script is announced and resolved by hand with `adjust` (its name only is shown); `coverage`
lists what is scripted and what is not (the `python -m bot cards coverage meq` list)."""

from __future__ import annotations

from dataclasses import dataclass

from engines.core import Turn
from engines.meq import effects, events_t1, events_t2, events_t3, perils, rules, shadows, stock
from engines.meq.cards import CombatDef, index
from engines.meq.effects import Effect
from engines.meq.state import Combat, Hero, MeqState

__all__ = ["events_t1", "events_t2", "events_t3", "perils", "shadows"]  # imported for their registrations

# --- combat abilities (spec 4.3) -------------------------------------------------------------------------------

CANCELS = {"cancel_opp_melee": "melee", "cancel_opp_ranged": "ranged", "cancel_opp_any": "any"}
NEXT_CANCELS = {"next_cancel_opp_melee": "melee", "next_cancel_opp_ranged": "ranged"}
ATK_VS = {"atk_bonus_vs_ranged_2": ("ranged", 2), "atk_bonus_vs_melee_1": ("melee", 1),
          "atk_bonus_vs_melee_3": ("melee", 3)}
DEF_VS = {"def_bonus_vs_melee_2": ("melee", 2)}
ATK_IF_DEF0 = {"atk_bonus_if_opp_def0_5": 5, "atk_bonus_if_opp_def0_3": 3}
# Next round: (needs own type or "", attack bonus, defense bonus)
NEXT_BONUS = {"next_def_2": ("", 0, 2), "next_atk_2": ("", 2, 0), "next_atk_def_2": ("", 2, 2),
              "next_atk_if_ranged_2": ("ranged", 2, 0), "next_atk_if_melee_2": ("melee", 2, 0),
              "next_def_if_ranged_2": ("ranged", 0, 2)}
OTHER_COMBAT = ("uncancelable", "reduce_opp_def_0", "atk_bonus_if_opp_repeat_3", "bonus_dmg_if_dealt_2",
                "self_extra_dmg_if_hit_2", "reduce_opp_atk_def_1", "reveal_opp_hand", "draw_2")
COMBAT_SCRIPTED = frozenset([*CANCELS, *NEXT_CANCELS, *ATK_VS, *DEF_VS, *ATK_IF_DEF0, *NEXT_BONUS, *OTHER_COMBAT])


@dataclass
class Side:
    card: CombatDef | None
    cancelled: bool
    atk: int = 0
    defense: int = 0
    def_locked: bool = False


def other(side: str) -> str:
    return "foe" if side == "hero" else "hero"


def combat_round(turn: Turn[MeqState], c: Combat, played: dict[str, CombatDef | None],
                 cancelled: dict[str, bool]) -> tuple[int, int]:
    """Resolve one revealed round; returns (damage to the hero, damage to the foe). An exhausted side has no
    card: attack 0, defense 0, no type (spec 4.2 b)."""
    state = turn.state
    sides = {s: Side(card=played[s], cancelled=cancelled[s]) for s in ("hero", "foe")}
    hero_name = state.hero(c.hero).name

    def who(s: str) -> str:
        return hero_name if s == "hero" else "Sauron"

    def typ(s: str) -> str:
        x = sides[s]
        return x.card.type if x.card is not None and not x.cancelled else ""

    def cancel(s: str, why: str) -> None:
        x = sides[s]
        if x.card is None or x.cancelled or x.card.ability == "uncancelable":
            return
        x.cancelled = True
        turn.say(f"{who(s)}'s {x.card.name} is cancelled ({why}).")

    # d) Next Round abilities from last round, hero first; a side exhausted this round loses them.
    pending = list(c.pending_next)
    c.pending_next = []
    for entry in pending:
        s, tag = entry.split("|")
        if (s == "hero" and c.hero_out) or (s == "foe" and c.foe_out):
            continue
        opp_card = played[other(s)]
        if tag in NEXT_CANCELS and opp_card is not None and opp_card.type == NEXT_CANCELS[tag]:
            cancel(other(s), "a Next Round ability")
    # e) this round's cancels: simultaneous, so two cards cancelling each other are both blank
    hits = [(s, CANCELS[x.card.ability]) for s, x in sides.items()
            if x.card is not None and not x.cancelled and x.card.ability in CANCELS]
    for s, kind in hits:
        opp = sides[other(s)]
        if opp.card is not None and kind in ("any", opp.card.type):
            cancel(other(s), f"{who(s)}'s {sides[s].card.name}")  # type: ignore[union-attr]
    for x in sides.values():
        if x.card is not None and not x.cancelled:
            x.atk, x.defense = x.card.attack, x.card.defense
    for entry in pending:
        s, tag = entry.split("|")
        if tag in NEXT_BONUS and not sides[s].cancelled and sides[s].card is not None:
            need, a, d = NEXT_BONUS[tag]
            if not need or typ(s) == need:
                sides[s].atk += a
                sides[s].defense += d
                turn.say(f"{who(s)}'s Next Round ability: +{a} attack, +{d} defense.")
    extra = {"hero": 0, "foe": 0}  # damage added after the exchange
    for s in ("hero", "foe"):
        x, o = sides[s], sides[other(s)]
        if x.card is None or x.cancelled:
            continue
        tag = x.card.ability
        if tag in ATK_VS and typ(other(s)) == ATK_VS[tag][0]:
            x.atk += ATK_VS[tag][1]
        elif tag in DEF_VS and typ(other(s)) == DEF_VS[tag][0]:
            x.defense += DEF_VS[tag][1]
        elif tag in ATK_IF_DEF0 and o.card is not None and o.card.defense == 0:
            x.atk += ATK_IF_DEF0[tag]
        elif tag == "atk_bonus_if_opp_repeat_3" and typ(other(s)) and typ(other(s)) == c.last_types.get(other(s)):
            x.atk += 3
        elif tag == "reduce_opp_def_0":
            o.defense, o.def_locked = 0, True
        elif tag == "reduce_opp_atk_def_1":
            o.atk, o.defense = max(0, o.atk - 1), max(0, o.defense - 1)
        elif tag in NEXT_BONUS or tag in NEXT_CANCELS:
            c.pending_next.append(f"{s}|{tag}")
        elif tag == "draw_2":
            draw_two(turn, c, s)
        elif tag == "reveal_opp_hand":
            tell_hand(turn, c, s)
        elif tag and tag not in COMBAT_SCRIPTED:
            turn.say(f"{who(s)}'s {x.card.name}: its ability is not scripted; resolve it by hand (adjust).")
    for x in sides.values():
        if x.def_locked:
            x.defense = 0
    to_hero = max(0, sides["foe"].atk - sides["hero"].defense)
    to_foe = max(0, sides["hero"].atk - sides["foe"].defense)
    dealt = {"hero": to_foe, "foe": to_hero}
    for s in ("hero", "foe"):
        x = sides[s]
        if x.card is None or x.cancelled:
            continue
        if x.card.ability == "bonus_dmg_if_dealt_2" and dealt[s] > 0:
            extra[other(s)] += 2
        if x.card.ability == "self_extra_dmg_if_hit_2" and dealt[other(s)] > 0:
            extra[s] += 2
    return to_hero + extra["hero"], to_foe + extra["foe"]


def draw_two(turn: Turn[MeqState], c: Combat, side: str) -> None:
    state = turn.state
    if side == "hero":
        n = rules.draw_cards(turn, state.hero(c.hero), 2)
        turn.say(f"{state.hero(c.hero).name} draws {n} card(s).")
    else:
        got = stock.draw_from(turn, f"combat:{index().foes[c.foe].deck}", None, c.foe_hand, 2)
        for card in got:
            card.face_up = True
        turn.say(f"Sauron draws {len(got)} combat card(s).")


def tell_hand(turn: Turn[MeqState], c: Combat, side: str) -> None:
    """The opponent tells how many Ranged and Melee cards it holds: told to the card's owner only."""
    state = turn.state
    hand = c.foe_hand.cards if side == "hero" else state.hero(c.hero).hand.cards
    kinds = [index().combat[x.ref].type for x in hand]
    seat = state.hero(c.hero).seat if side == "hero" else state.sauron
    turn.say(f"Your opponent holds {kinds.count('ranged')} Ranged and {kinds.count('melee')} Melee card(s).", [seat])


# --- other cards -----------------------------------------------------------------------------------------------

def _corrupt(turn: Turn[MeqState], hero: Hero | None) -> None:
    if hero is not None:
        rules.gain_corruption(turn, hero)


CARD_SCRIPTS: dict[str, Effect] = effects.SCRIPTS  # filled by the card modules imported above
CARD_SCRIPTS["enc-dangers-both-real-42"] = _corrupt  # the hero gains a Corruption card
OTHER_SCRIPTED = {
    "minion-mouth-of-sauron": "a hero who starts a combat with it gains a Corruption card",
    "thalin": "Iron Will: his turn goes on after failing to defeat a foe in Travel",
    "item-boat": "a water path costs one card of any icon",
    "item-horse": "each path costs one card fewer (at least one)",
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
    }
    for kind in ("events", "encounters", "perils", "shadows"):
        out[f"{kind} by hand"] = sorted(c for c in getattr(idx, kind) if c not in CARD_SCRIPTS)
    out["by hand (plots' conditions and effects, corruption, quests, characters)"] = sorted(
        [*idx.plots, *idx.corruption, *idx.quests, *idx.characters])
    return out
