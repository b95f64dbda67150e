"""Combat card abilities (spec 4.3), keyed by the ability tag a combat card carries (the pack's `ability`), in
our own words; no card text is kept. `combat_round` resolves one revealed round for engines.meq.combat: Next
Round abilities, this round's (hero first), then damage. A few abilities reach outside the round: who commits
first next round (`first_to_commit`), a Ranged card played for free (`mark_free`, `spent`), and choices the
owner makes after the reveal (a type to name, a card back to hand, an escape)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engines.core import Card, Decision, Turn, Zone, card_list
from engines.meq import stock
from engines.meq.cards import MELEE, RANGED, CombatDef, index
from engines.meq.flow import answer, ask
from engines.meq.state import Combat, MeqState

CANCELS = {"cancel_opp_melee": "melee", "cancel_opp_ranged": "ranged", "cancel_opp_any": "any"}
# Next round, the opponent's card is cancelled when this holds of its printed values (the argument: a type the
# owner named when the card was played).
NEXT_CANCELS: dict[str, Callable[[CombatDef, str], bool]] = {
    "next_cancel_opp_melee": lambda d, _: d.type == MELEE,
    "next_cancel_opp_ranged": lambda d, _: d.type == RANGED,
    "concussive_shot": lambda d, _: d.defense >= 2,
    "shield_smash": lambda d, _: d.cost >= 2,
    "heightened_senses": lambda d, named: d.type != named,
    "outmaneuver": lambda d, named: d.type != named,
}
NAMES_A_TYPE = ("heightened_senses", "outmaneuver")
ATK_VS = {"atk_bonus_vs_ranged_2": ("ranged", 2), "atk_bonus_vs_melee_1": ("melee", 1),
          "atk_bonus_vs_melee_3": ("melee", 3)}
DEF_VS = {"def_bonus_vs_melee_2": ("melee", 2)}
ATK_IF_DEF0 = {"atk_bonus_if_opp_def0_5": 5, "atk_bonus_if_opp_def0_3": 3}
# Next round: (needs own type or "", attack bonus, defense bonus)
NEXT_BONUS = {"next_def_2": ("", 0, 2), "next_atk_2": ("", 2, 0), "next_atk_def_2": ("", 2, 2),
              "next_atk_if_ranged_2": ("ranged", 2, 0), "next_atk_if_melee_2": ("melee", 2, 0),
              "next_def_if_ranged_2": ("ranged", 0, 2)}
NEXT_OTHER = ("flaming_arrow", "set_trap", "ready_free_ranged", "next_opp_reveal_first")
UNCANCELABLE = ("uncancelable", "uncancelable_def_floor_2")
DISCARDS = {"opp_discard_random_1": 1, "opp_discard_random_2": 2}
OTHER_COMBAT = ("uncancelable", "reduce_opp_def_0", "atk_bonus_if_opp_repeat_3", "bonus_dmg_if_dealt_2",
                "self_extra_dmg_if_hit_2", "reduce_opp_atk_def_1", "reveal_opp_hand", "draw_2",
                "uncancelable_def_floor_2", "dmg_cap_1", "brutal_finisher", "focused_assault", "crushing_blow",
                "reversal", "execute", "wear_down", "retaliate", "hamstring", "endure", "escape_if_unhurt",
                "shrewd_planning")
COMBAT_SCRIPTED = frozenset([*CANCELS, *NEXT_CANCELS, *ATK_VS, *DEF_VS, *ATK_IF_DEF0, *NEXT_BONUS, *NEXT_OTHER,
                             *DISCARDS, *OTHER_COMBAT])
FREE = "free"  # a card flag: its strength cost does not count this round

# Each ability as a player reads it, in our own words from what its script does (no card text).
_WORDS = {
    "uncancelable": "cannot be cancelled",
    "uncancelable_def_floor_2": "cannot be cancelled; its defense is at least 2",
    "reduce_opp_def_0": "the opponent's defense becomes 0 this round",
    "atk_bonus_if_opp_repeat_3": "attack +3 if the opponent plays the same type as last round",
    "bonus_dmg_if_dealt_2": "2 more damage to the opponent if it deals any",
    "self_extra_dmg_if_hit_2": "its player takes 2 more damage if hit",
    "reduce_opp_atk_def_1": "the opponent's attack and defense -1",
    "reveal_opp_hand": "tells you how many Melee and Ranged cards the opponent holds",
    "draw_2": "draw 2 cards",
    "dmg_cap_1": "you take at most 1 damage this round",
    "brutal_finisher": "attack +1 for each card under it in your stack",
    "focused_assault": "attack and defense +1 for each Melee card under it in your stack",
    "crushing_blow": "against a card of defense 1 or less: attack +2 and that card is cancelled",
    "reversal": "against a Melee card: adds its attack to yours and cancels it",
    "execute": "a monster whose card has defense 0 is struck down",
    "wear_down": "the opponent discards a random card and takes damage equal to its attack",
    "retaliate": "damage you take is dealt back to the opponent",
    "hamstring": "if it deals damage, the opponent's top deck card goes under their stack, costing strength",
    "endure": "if the foe falls, your rest pool and played cards go back to your life pool",
    "escape_if_unhurt": "if unhurt, you may end the combat and move to a neighbouring location",
    "shrewd_planning": "take one card of your combat stack back into your hand after the round",
    "flaming_arrow": "next round: the opponent's defense becomes 0",
    "set_trap": "next round: a Melee card played against you takes 2 damage",
    "ready_free_ranged": "next round: a Ranged card of yours costs no strength",
    "next_opp_reveal_first": "next round: the opponent commits first, face up",
    "next_cancel_opp_melee": "next round: cancels the opponent's Melee card",
    "next_cancel_opp_ranged": "next round: cancels the opponent's Ranged card",
    "concussive_shot": "next round: cancels the opponent's card of defense 2 or more",
    "shield_smash": "next round: cancels the opponent's card costing 2 or more",
    "heightened_senses": "name Melee or Ranged: next round an opponent's card of the other type is cancelled",
    "outmaneuver": "name Melee or Ranged: next round an opponent's card of the other type is cancelled",
}


def ability_words(tag: str) -> str:
    """A combat card's ability tag as a player reads it ("defense +2 against Melee"); "" for none."""
    if not tag:
        return ""
    if tag in ATK_VS:
        return f"attack +{ATK_VS[tag][1]} against {ATK_VS[tag][0].capitalize()}"
    if tag in DEF_VS:
        return f"defense +{DEF_VS[tag][1]} against {DEF_VS[tag][0].capitalize()}"
    if tag in ATK_IF_DEF0:
        return f"attack +{ATK_IF_DEF0[tag]} against a card of defense 0"
    if tag in CANCELS:
        kind = CANCELS[tag]
        return "cancels the opponent's card" if kind == "any" else f"cancels the opponent's {kind.capitalize()} card"
    if tag in NEXT_BONUS:
        needs, a, d = NEXT_BONUS[tag]
        bonus = " and ".join(f"{what} +{n}" for what, n in (("attack", a), ("defense", d)) if n)
        return f"next round: {bonus}" + (f" if that card is {needs.capitalize()}" if needs else "")
    if tag in DISCARDS:
        n = DISCARDS[tag]
        return f"the opponent discards {n} random card{'s' * (n != 1)}"
    return _WORDS.get(tag, tag.replace("_", " "))


@dataclass
class Side:
    card: CombatDef | None
    cancelled: bool
    atk: int = 0
    defense: int = 0
    def_locked: bool = False
    cap: int = -1  # the most damage this side may be dealt this round (-1: no cap)
    extra: int = 0  # damage dealt to this side after the exchange, ignoring defense
    flags: list[str] = field(default_factory=list)


# A monster's or minion's own ability (engines.meq.foes registers them by foe id), run at three points of the
# round: after this round's cancels, after the cards' printed numbers are set, and on the damage (`taken`: side
# -> damage it takes; the "end" hook runs once caps are applied and knows whether the foe falls).
FoeHook = Callable[[Turn[MeqState], Combat, dict[str, Side]], None]
DamageHook = Callable[[Turn[MeqState], Combat, dict[str, Side], dict[str, int], dict[str, int]], None]
FOE_CANCELS: dict[str, FoeHook] = {}
FOE_VALUES: dict[str, FoeHook] = {}
FOE_DAMAGE: dict[str, DamageHook] = {}  # before caps; gets (exchange, taken)
FOE_END: dict[str, DamageHook] = {}  # after caps; gets (exchange, taken)
FOE_DISCOUNT: dict[str, Callable[[list[Card]], int]] = {}  # strength its stack costs less (see `spent`)


def other(side: str) -> str:
    return "foe" if side == "hero" else "hero"


def owner_seat(state: MeqState, c: Combat, side: str) -> str:
    return state.hero(c.hero).seat if side == "hero" else state.sauron


def stack_of(c: Combat, side: str) -> Zone:
    return c.hero_stack if side == "hero" else c.foe_stack


def prior_damage(state: MeqState, c: Combat) -> int:
    """A minion's damage from earlier combats (spec 4.4); none in the Finale, where the Ringwraiths start fresh."""
    return state.minion(c.foe).damage if index().foes[c.foe].minion and c.context != "finale" else 0


def pending(c: Combat) -> list[tuple[str, str, str]]:
    """The Next Round entries as (side, tag, argument)."""
    return [(p[0], p[1], p[2] if len(p) > 2 else "") for p in (e.split("|") for e in c.pending_next)]


# --- outside the round: commit order and strength ------------------------------------------------------------


def first_to_commit(c: Combat) -> str:
    """The side that must commit first and face up this round (an opponent's Next Round ability), or ""."""
    for s, tag, _ in pending(c):
        if tag == "next_opp_reveal_first" and not (c.hero_out if s == "hero" else c.foe_out):
            return other(s)
    return ""


def mark_free(c: Combat, played: dict[str, CombatDef | None]) -> None:
    """A side owed a free Ranged card: this round's card, if Ranged, costs no strength (run before step c)."""
    for s, tag, _ in pending(c):
        card = played[s]
        if tag == "ready_free_ranged" and card is not None and card.type == RANGED and stack_of(c, s).cards:
            stack_of(c, s).cards[-1].flags.append(FREE)


def spent(stack: Zone, foe: str = "") -> int:
    """The strength a combat stack costs; `foe`: the stack is that foe's, whose own ability may lower it."""
    total = sum(index().combat[x.ref].cost for x in stack.cards if FREE not in x.flags)
    return total - (FOE_DISCOUNT[foe](stack.cards) if foe in FOE_DISCOUNT else 0)


# --- one round -----------------------------------------------------------------------------------------------


def combat_round(turn: Turn[MeqState], c: Combat, played: dict[str, CombatDef | None],
                 cancelled: dict[str, bool], notes: list[str] | None = None) -> tuple[int, int]:
    """Resolve one revealed round; returns (damage to the hero, damage to the foe). An exhausted side has no
    card: attack 0, defense 0, no type (spec 4.2 b). `notes` gets each bonus a card's ability gave this round
    ("Argalad's Parry: defense +2 against Melee"), for the damage line."""
    notes = [] if notes is None else notes
    state = turn.state
    sides = {s: Side(card=played[s], cancelled=cancelled[s]) for s in ("hero", "foe")}
    hero_name = state.hero(c.hero).name

    def who(s: str) -> str:
        return hero_name if s == "hero" else "Sauron"

    def typ(s: str) -> str:
        x = sides[s]
        return x.card.type if x.card is not None and not x.cancelled else ""

    def cancel(s: str, why: str) -> None:
        """Spec 4.3: a cancelled card's text is ignored and its attack and defense are 0."""
        x = sides[s]
        if x.card is None or x.cancelled or x.card.ability in UNCANCELABLE:
            return
        x.cancelled = True
        x.atk = x.defense = 0
        turn.say(f"{who(s)}'s {x.card.name} is cancelled ({why}).")

    # d) Next Round abilities from last round, hero first; a side exhausted this round loses them.
    carried = [(s, tag, arg) for s, tag, arg in pending(c) if not (c.hero_out if s == "hero" else c.foe_out)]
    c.pending_next = []
    for s, tag, arg in carried:
        opp_card = played[other(s)]
        if tag in NEXT_CANCELS and opp_card is not None and NEXT_CANCELS[tag](opp_card, arg):
            cancel(other(s), "a Next Round ability")
    # e) this round's cancels: simultaneous, so two cards cancelling each other are both blank
    hits = [(s, CANCELS[x.card.ability]) for s, x in sides.items()
            if x.card is not None and not x.cancelled and x.card.ability in CANCELS]
    for s, kind in hits:
        opp = sides[other(s)]
        if opp.card is not None and kind in ("any", opp.card.type):
            cancel(other(s), f"{who(s)}'s {sides[s].card.name}")  # type: ignore[union-attr]
    if c.foe in FOE_CANCELS:
        FOE_CANCELS[c.foe](turn, c, sides)
    for x in sides.values():
        if x.card is not None and not x.cancelled:
            x.atk, x.defense = x.card.attack, x.card.defense
    if c.foe in FOE_VALUES:
        FOE_VALUES[c.foe](turn, c, sides)
    for s, tag, _ in carried:
        x, o = sides[s], sides[other(s)]
        if tag in NEXT_BONUS and not x.cancelled and x.card is not None:
            need, a, d = NEXT_BONUS[tag]
            if not need or typ(s) == need:
                x.atk += a
                x.defense += d
                turn.say(f"{who(s)}'s Next Round ability: +{a} attack, +{d} defense.")
        elif tag == "flaming_arrow" and o.card is not None:
            o.defense, o.def_locked = 0, True  # spec 4.3: reduced to 0, it cannot go up this round
        elif tag == "set_trap" and o.card is not None and o.card.type == MELEE:
            o.extra += 2
            turn.say(f"{who(s)}'s trap deals 2 damage to {who(other(s))}.")
    executed = False
    for s in ("hero", "foe"):
        x, o = sides[s], sides[other(s)]
        if x.card is None or x.cancelled:
            continue
        tag = x.card.ability
        bonus = f"{who(s)}'s {x.card.name}: {ability_words(tag)}"
        if tag in ATK_VS and typ(other(s)) == ATK_VS[tag][0]:
            x.atk += ATK_VS[tag][1]
            notes.append(bonus)
        elif tag in DEF_VS and typ(other(s)) == DEF_VS[tag][0]:
            x.defense += DEF_VS[tag][1]
            notes.append(bonus)
        elif tag in ATK_IF_DEF0 and o.card is not None and o.card.defense == 0:
            x.atk += ATK_IF_DEF0[tag]
            notes.append(bonus)
        elif tag == "atk_bonus_if_opp_repeat_3" and typ(other(s)) and typ(other(s)) == c.last_types.get(other(s)):
            x.atk += 3
            notes.append(bonus)
        elif tag == "reduce_opp_def_0":
            o.defense, o.def_locked = 0, True
        elif tag == "reduce_opp_atk_def_1":
            o.atk, o.defense = max(0, o.atk - 1), max(0, o.defense - 1)
        elif tag in NEXT_BONUS or tag in NEXT_CANCELS or tag in NEXT_OTHER:
            c.pending_next.append(f"{s}|{tag}")
            if tag in NAMES_A_TYPE:
                ask(turn, owner_seat(state, c, s), f"name_type:{s}:{tag}", f"{x.card.name}: Melee or Ranged? In the "
                    "coming round, a card Sauron or the hero plays against you that is not of it loses its effect.",
                    [(MELEE, "Melee"), (RANGED, "Ranged")])
        elif tag == "draw_2":
            draw_two(turn, c, s)
        elif tag == "reveal_opp_hand":
            tell_hand(turn, c, s)
        elif tag == "brutal_finisher":  # attack grows with the stack under it (itself not counted)
            x.atk += len(stack_of(c, s).cards) - 1
        elif tag == "focused_assault":  # attack and defense grow with the Melee cards under it
            n = sum(1 for k in stack_of(c, s).cards if index().combat[k.ref].type == MELEE) - 1
            x.atk, x.defense = x.atk + n, x.defense + n
        elif tag == "crushing_blow" and o.card is not None and o.card.defense <= 1:
            x.atk += 2
            cancel(other(s), f"{who(s)}'s {x.card.name}")
        elif tag == "reversal" and o.card is not None and o.card.type == MELEE:
            x.atk += o.atk
            cancel(other(s), f"{who(s)}'s {x.card.name}")
        elif tag == "execute" and o.card is not None and o.card.defense == 0 and s == "hero":
            executed = True
        elif tag == "dmg_cap_1":
            x.cap = 1
        elif tag in DISCARDS:
            discard_random(turn, c, other(s), DISCARDS[tag])
        elif tag == "wear_down":
            gone = discard_random(turn, c, other(s), 1)
            o.extra += sum(index().combat[k.ref].attack for k in gone)
    for x in sides.values():
        if x.def_locked:
            x.defense = 0
        if x.card is not None and not x.cancelled and x.card.ability == "uncancelable_def_floor_2":
            x.defense = max(x.defense, 2)
    return damage(turn, c, sides, executed)


def damage(turn: Turn[MeqState], c: Combat, sides: dict[str, Side], executed: bool) -> tuple[int, int]:
    """f) Damage at once; then the abilities that look at the damage dealt this round."""
    state = turn.state
    exchange = {"hero": max(0, sides["foe"].atk - sides["hero"].defense),
                "foe": max(0, sides["hero"].atk - sides["foe"].defense)}  # side -> damage it takes

    def live(s: str, tag: str) -> bool:
        x = sides[s]
        return x.card is not None and not x.cancelled and x.card.ability == tag

    taken = {s: exchange[s] + sides[s].extra for s in sides}
    for s in ("hero", "foe"):
        if live(s, "bonus_dmg_if_dealt_2") and exchange[other(s)] > 0:
            taken[other(s)] += 2
        if live(s, "self_extra_dmg_if_hit_2") and exchange[s] > 0:
            taken[s] += 2
    if c.foe in FOE_DAMAGE:
        FOE_DAMAGE[c.foe](turn, c, sides, exchange, taken)

    def capped() -> None:
        for s, x in sides.items():
            if x.cap >= 0 and taken[s] > x.cap:
                taken[s] = x.cap
                turn.say(f"No more than {x.cap} damage can be dealt to {who(s)} this round.")

    def who(s: str) -> str:
        return state.hero(c.hero).name if s == "hero" else index().foes[c.foe].name

    capped()
    for s in ("hero", "foe"):
        if live(s, "retaliate") and taken[s]:
            taken[other(s)] += taken[s]
            turn.say(f"{who(s)} strikes back for {taken[s]} damage.")
    capped()
    left = c.health - prior_damage(state, c) - c.foe_damage
    if executed and taken["foe"] < left:
        taken["foe"] = left  # defeated outright: not damage, so no cap holds it back
        turn.say(f"{who('foe')} is struck down (its card's printed defense is 0).")
    if c.foe in FOE_END:
        FOE_END[c.foe](turn, c, sides, exchange, taken)
    foe_falls = taken["foe"] >= left
    for s in ("hero", "foe"):
        if live(s, "hamstring") and taken[other(s)]:
            hamstring(turn, c, s)
    if live("hero", "endure") and foe_falls:
        endure(turn, c)
    if live("hero", "shrewd_planning") and c.hero_stack.cards:
        hero = state.hero(c.hero)
        ask(turn, hero.seat, "shrewd:hero", f"{hero.name}: take one card of your combat stack back into your hand.",
            [(k.uid, k.name) for k in c.hero_stack.cards])
    if live("hero", "escape_if_unhurt") and not taken["hero"] and not foe_falls:
        hero = state.hero(c.hero)
        ask(turn, hero.seat, "escape:hero", f"{hero.name} is unhurt: end the combat and move to a neighbouring "
            "location (your turn goes on)?",
            [("stay", "fight on")] + [(n, state.map.name(n)) for n in state.map.neighbours(hero.at)])
    discard_free(turn, c)
    return taken["hero"], taken["foe"]


# --- the primitives the abilities use ------------------------------------------------------------------------


def discard_random(turn: Turn[MeqState], c: Combat, side: str, n: int) -> list[Card]:
    """`side` loses `n` random hand cards: a hero's go face up to the rest pool; Sauron's go under his face-down
    combat deck (he keeps no discard pile, and the deck is shuffled when the combat is over), so the table hears
    only how many."""
    state = turn.state
    hero = state.hero(c.hero)
    hand = hero.hand if side == "hero" else c.foe_hand
    gone: list[Card] = []
    for _ in range(min(n, len(hand.cards))):
        gone.append(hand.cards.pop(state.rng.below(len(hand.cards))))
    if not gone:
        return gone
    turn.reveal()
    for k in gone:
        k.face_up, k.known_to = True, []
    listed = card_list(k.name for k in gone)
    if side == "hero":
        hero.rest.cards.extend(gone)
        turn.say(f"{hero.name} discards at random: {listed}.")
    else:
        stock.put(state, f"combat:{index().foes[c.foe].deck}", gone, bottom=True)
        turn.say(f"Sauron discards {len(gone)} combat card(s) at random.")
        turn.say(f"You discard: {listed}.", [state.sauron])
    return gone


def hamstring(turn: Turn[MeqState], c: Combat, side: str) -> None:
    """The top card of the opponent's deck goes under the opponent's combat stack: it counts in its strength."""
    state = turn.state
    opp = other(side)
    key = stock.life(state.hero(c.hero)) if opp == "hero" else f"combat:{index().foes[c.foe].deck}"
    if not stock.count(state, key):
        return
    card = stock.pop(state, key)
    turn.reveal()
    card.face_up = True
    stack_of(c, opp).cards.insert(0, card)
    turn.say(f"{card.name} goes from the top of the deck under {'Sauron' if opp == 'foe' else 'the hero'}'s "
             f"combat stack (strength spent now {spent(stack_of(c, opp), c.foe if opp == 'foe' else '')}).")


def endure(turn: Turn[MeqState], c: Combat) -> None:
    """Rest pool and played cards return to the life pool, which is then shuffled."""
    state = turn.state
    hero = state.hero(c.hero)
    back = hero.rest.cards + c.hero_stack.cards
    hero.rest.cards, c.hero_stack.cards = [], []
    stock.put(state, stock.life(hero), back)
    stock.shuffle(state, stock.life(hero))
    turn.reveal()
    turn.say(f"{hero.name}: {len(back)} rested and played card(s) go back to the life pool, shuffled.")


def discard_free(turn: Turn[MeqState], c: Combat) -> None:
    """A card that cost no strength leaves its stack once the round is over."""
    state = turn.state
    for side in ("hero", "foe"):
        stack = stack_of(c, side)
        free = [k for k in stack.cards if FREE in k.flags]
        for k in free:
            stack.cards.remove(k)
            k.flags.remove(FREE)
            if side == "hero":
                state.hero(c.hero).rest.cards.append(k)
            else:
                stock.put(state, f"combat:{index().foes[c.foe].deck}", [k], bottom=True)
            turn.say(f"{k.name}, played for no strength, is discarded.")


def draw_two(turn: Turn[MeqState], c: Combat, side: str) -> None:
    state = turn.state
    if side == "hero":
        hero = state.hero(c.hero)
        got = stock.draw(turn, stock.life(hero), hero.hand, 2)
        for card in got:
            card.face_up = True
        turn.say(f"{hero.name} draws {len(got)} card(s).")
    else:
        got = stock.draw_from(turn, f"combat:{index().foes[c.foe].deck}", None, c.foe_hand, 2)
        for card in got:
            card.face_up = True
        turn.say(f"Sauron draws {len(got)} combat card(s).")


def tell_hand(turn: Turn[MeqState], c: Combat, side: str) -> None:
    """The counts of each type in the opponent's hand, told to the card's owner only."""
    state = turn.state
    hand = c.foe_hand.cards if side == "hero" else state.hero(c.hero).hand.cards
    kinds = [index().combat[x.ref].type for x in hand]
    turn.say(f"Your opponent holds {kinds.count('ranged')} Ranged and {kinds.count('melee')} Melee card(s).",
             [owner_seat(state, c, side)])


# --- the owner's choices after the reveal --------------------------------------------------------------------


@answer("name_type")
def name_type(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    c = turn.state.combat
    assert c is not None
    side, tag = args
    entry = f"{side}|{tag}"
    c.pending_next = [f"{entry}|{choice[0]}" if e == entry else e for e in c.pending_next]
    turn.say(f"{'Sauron' if side == 'foe' else turn.state.hero(c.hero).name} names {choice[0].title()}.")


@answer("shrewd")
def shrewd(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    c = turn.state.combat
    assert c is not None
    hero = turn.state.hero(c.hero)
    card = c.hero_stack.take(choice[0])
    card.flags = [f for f in card.flags if f != FREE]
    hero.hand.cards.append(card)
    turn.say(f"{hero.name} takes {card.name} back from the combat stack (strength spent now "
             f"{spent(c.hero_stack)}).")


@answer("escape")
def escape(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    c = turn.state.combat
    assert c is not None
    if choice[0] != "stay":
        c.escape_to = choice[0]
        turn.say(f"{turn.state.hero(c.hero).name} breaks off the combat.")
