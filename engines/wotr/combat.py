"""The combat step (spec 4.3, L387-517; the detailed rules, not the quick-start summary: spec 9.8).

Location defense cancels first; then the defenders eliminate whole units, one at a time, until the attack is
cancelled (any unit that cancels even one icon is lost whole); surviving defenders are cycled and every
attacker is eliminated, whatever the result. Choosing one unit at a time makes every choice legal: the last
unit chosen always completes the cancellation, so the set never over-eliminates (spec 4.3.3)."""

from __future__ import annotations

from engines.core import Card, DecisionKind, Option
from engines.wotr import procedures as proc
from engines.wotr import scripts
from engines.wotr.cards import ARMY, BATTLEGROUND, CHARACTER, FP, SHADOW
from engines.wotr.scenarios import scenario
from engines.wotr.state import ATK, DEF, FACE_DOWN, REACTIVATED_ACROSS, Combat, Deck, WotrState, other

T = proc.T


def unit_value(state: WotrState, card: Card, loc: Card, *, attacking: bool, supported: bool) -> int:
    """A unit's icons at this location (spec 4.3.2): its own, its items', its tokens, leadership if supported,
    and any scripted bonus."""
    ldef = state.card_def(loc)
    parts = [card, *card.attached]
    if ldef.kind == BATTLEGROUND:
        field = "bg_atk" if attacking else "bg_def"
        value = sum(int(getattr(state.card_def(c), field)) for c in parts)
        if supported:
            value += state.card_def(card).lead_atk if attacking else state.card_def(card).lead_def
    else:
        value = sum(state.card_def(c).path_icons for c in parts)
    value += sum(c.tokens.get(ATK if attacking else DEF, 0) for c in parts)
    for c in parts:
        s = scripts.of(state.card_def(c))
        if s and s.bonus:
            value += s.bonus(state, c, loc)
    return max(0, value)


def supports(state: WotrState, units: list[Card], *, attacking: bool) -> dict[str, str]:
    """Support (L502-514): each army of a faction supports at most one character of that faction. Armies of a
    faction are interchangeable, so giving them to the characters with the most leadership first maximises
    the side's icons (ENGINE 10.7, the default); the assignment is then frozen for the combat."""
    field = "lead_atk" if attacking else "lead_def"
    armies = [u for u in units if state.card_def(u).kind == ARMY]
    chars = sorted((u for u in units if state.card_def(u).kind == CHARACTER and getattr(state.card_def(u), field)),
                   key=lambda u: -getattr(state.card_def(u), field))
    out: dict[str, str] = {}
    used: set[str] = set()
    for ch in chars:
        s = scripts.of(state.card_def(ch))
        factions = (state.card_def(ch).faction, s.battles_with if s else "")  # Merry leads Rohan armies
        army = next((a for a in armies if a.uid not in used and state.card_def(a).faction in factions), None)
        if army is not None:
            used.add(army.uid)
            out[ch.uid] = army.uid
    return out


def defender_of(state: WotrState, loc: Card) -> str:
    ldef = state.card_def(loc)
    return FP if ldef.kind != BATTLEGROUND else ldef.side


def split(state: WotrState, loc: Card) -> tuple[list[Card], list[Card]]:
    """(defending units, attacking units) at a location."""
    defender = defender_of(state, loc)
    units = list(loc.attached)
    return ([u for u in units if state.card_def(u).side == defender],
            [u for u in units if state.card_def(u).side != defender])


def location_defense(state: WotrState, loc: Card) -> int:
    """Printed icons (none when reactivated from the other side's area) plus DEF tokens (ENGINE 10.9: they
    still count there, unless the option says otherwise)."""
    across = REACTIVATED_ACROSS in loc.flags
    printed = 0 if across else state.card_def(loc).defense
    tokens = 0 if across and not state.opt("reactivated_tokens") else loc.tokens.get(DEF, 0)
    carried = 0  # items whose icons are the path's own (the Phial of Galadriel)
    if state.card_def(loc).kind != BATTLEGROUND:
        for unit in loc.attached:
            for item in unit.attached:
                s = scripts.of(state.card_def(item))
                carried += s.path_defense if s else 0
    return printed + tokens + carried


def start(turn: T, uid: str) -> None:
    state = turn.state
    loc = state.active.find(uid)
    assert loc is not None
    defenders, attackers = split(state, loc)
    kind = state.card_def(loc).kind
    d_sup = supports(state, defenders, attacking=False) if kind == BATTLEGROUND else {}
    a_sup = supports(state, attackers, attacking=True) if kind == BATTLEGROUND else {}
    attack = sum(unit_value(state, u, loc, attacking=True, supported=u.uid in a_sup) for u in attackers)
    attack += loc.tokens.get(ATK, 0)
    loc_def = location_defense(state, loc)
    values = {u.uid: unit_value(state, u, loc, attacking=False, supported=u.uid in d_sup) for u in defenders}
    need = max(0, attack - loc_def)
    state.combat = Combat(loc=uid, kind=kind, defender=defender_of(state, loc), attack=attack, loc_def=loc_def,
                          values=values, need=need, supports={**d_sup, **a_sup})
    side = "the Free Peoples" if state.combat.defender == FP else "the Shadow"
    turn.say(f"Combat at {loc.name} ({side} defend): {attack} attack against {loc_def} location defense; "
             f"{need} left to cancel.")
    proceed(turn)


def chooser(state: WotrState, combat: Combat) -> Deck:
    """Who chooses the eliminations: the defending team (the attackers if the option says so, L447-448)."""
    side = combat.defender if state.opt("eliminations") == "defender" else other(combat.defender)
    n = len(state.order)
    for i in range(n):
        deck = state.deck(state.order[(state.start + i) % n])
        if deck.side == side:
            return deck
    return state.side_decks(side)[0]  # pragma: no cover - every side has a deck


def candidates(state: WotrState, combat: Combat) -> list[str]:
    floor = 0 if state.opt("zero_cancel") else 1  # ENGINE 10.8: a unit with no icons cannot cancel
    return [u for u, v in combat.values.items() if u not in combat.chosen and v >= floor]


def proceed(turn: T) -> None:
    state = turn.state
    combat = state.combat
    assert combat is not None
    left = candidates(state, combat)
    if combat.need <= 0 or not left:
        finish(turn)
        return
    if sum(combat.values[u] for u in left) <= combat.need:  # every one is needed: no choice to make
        for u in left:
            choose(turn, u, announce=False)
        finish(turn)
        return
    loc = state.active.find(combat.loc)
    assert loc is not None
    asked = choosers(state, combat, left)
    whose = "a defending card" if state.opt("eliminations") != "defender" else "one of your defending cards"
    team = " (or leave it to your teammate)" if len(asked) > 1 else ""
    # One candidate in play (a public fact) is the only possible choice: forced (issue 16).
    only = f"{state.locate(left[0])[1].name} is the only unit that can cancel the attack at {loc.name}" \
        if len(left) == 1 else ""
    for seat, decks, units in asked:
        options = [Option(id=u, label=f"{state.locate(u)[1].name} ({combat.values[u]})") for u in units]
        who = " and ".join(f"{d.name}'s" for d in decks) + (" decks" if len(decks) > 1 else " deck")
        turn.ask(seat, DecisionKind.CHOOSE_ONE, f"Combat at {loc.name}: {who}, {combat.need} attack left to cancel; "
                 f"choose {whose} to eliminate{team}.", options, context=f"eliminate:{combat.loc}", forced=only)


def choosers(state: WotrState, combat: Combat, left: list[str]) -> list[tuple[str, list[Deck], list[str]]]:
    """Who is asked, with which cards: (seat, the decks named in the prompt, the units offered). The defending
    team chooses its losses, and a card's elimination is chosen by the player who owns it (L439-448): each
    person of the team is asked about the cards of their own decks, at once; the first answer counts and the
    others are asked again if more must go. With the option 'attacker' the attackers choose all (L447-448)."""
    if state.opt("eliminations") != "defender":
        deck = chooser(state, combat)
        return [(deck.seat, [deck], left)]
    out: list[tuple[str, list[Deck], list[str]]] = []
    n = len(state.order)
    for i in range(n):  # from the starting player round the table
        deck = state.deck(state.order[(state.start + i) % n])
        mine = [u for u in left if state.owners.get(u) == deck.key]
        if deck.side != combat.defender or not mine:
            continue
        same = next((entry for entry in out if entry[0] == deck.seat), None)
        if same is None:
            out.append((deck.seat, [deck], mine))
        elif deck not in same[1]:
            same[1].append(deck)
            same[2].extend(mine)
    return out


def choose(turn: T, uid: str, *, announce: bool = True) -> None:
    combat = turn.state.combat
    assert combat is not None
    combat.chosen.append(uid)
    value, left = combat.values[uid], combat.need
    combat.need -= value
    if announce:
        name = turn.state.locate(uid)[1].name
        # A card worth more than the attack left cancels only what is left: "cancel 3 attack" with 1 left misread.
        turn.say(f"{name} is chosen to cancel {value} attack." if value <= left else
                 f"{name} is chosen to cancel the last {left} attack (it could cancel {value}).")


def _lose(turn: T, card: Card, *, path_combat: bool) -> None:
    """Eliminate a unit from combat, unless its own text (or an item's) cycles it instead."""
    state = turn.state
    if proc.cycled_instead(state, card, "path" if path_combat else "combat"):
        proc.save_instead(turn, card)
        return
    mantle = next((i for i in card.attached if (m := scripts.of(state.card_def(i))) is not None and (
        m.mantle == "combat" or (m.mantle == "path" and path_combat))), None)
    if mantle is not None:
        proc.cycle(turn, card, public=True)
        turn.say(f"{card.name} is cycled instead of eliminated, by {mantle.name}'s text.")
    else:
        proc.eliminate(turn, card, public=True)


def finish(turn: T) -> None:
    state = turn.state
    combat = state.combat
    assert combat is not None
    loc = state.active.take(combat.loc)
    ldef = state.card_def(loc)
    defenders, attackers = split(state, loc)
    path_combat = ldef.kind != BATTLEGROUND
    uncanceled = max(0, combat.need)
    fp_total = combat.loc_def + sum(combat.values.values())
    lost = [u for u in defenders if u.uid in combat.chosen]
    kept = [u for u in defenders if u.uid not in combat.chosen]
    # Named before they leave: an item goes with its wielder, and the log says which (issue 16).
    summary = [(f"Lost defending: {', '.join(proc.with_items(u) for u in lost)}.", lost),
               (f"Cycled (survived): {', '.join(proc.with_items(u) for u in kept)}.", kept),
               (f"Lost attacking: {', '.join(proc.with_items(u) for u in attackers)}.", attackers)]
    loc.attached = []
    for u in lost:
        _lose(turn, u, path_combat=path_combat)
    for u in kept:
        proc.cycle(turn, u, public=True)
    for u in attackers:
        _lose(turn, u, path_combat=path_combat)
    for line, units in summary:
        if units:
            turn.say(line)
    loc.tokens = {}
    loc.flags = [f for f in loc.flags if f != REACTIVATED_ACROSS]
    state.combat = None
    if path_combat:
        _score_path(turn, loc, uncanceled, fp_total, combat.attack)
        if ldef.path_number >= int(state.opt("last_path") or scenario(state.scenario).last_path):
            state.final_fought = True
    else:
        winner = combat.defender if uncanceled == 0 else other(combat.defender)
        state.area(winner).cards.append(loc)
        who = "Free Peoples" if winner == FP else "Shadow"
        turn.say(f"The {who} win {loc.name} ({ldef.vp} VP).")


def _score_path(turn: T, loc: Card, uncanceled: int, fp_total: int, attack: int) -> None:
    """Trilogy and FotR (L450-458): all attack cancelled -> the Free Peoples score the path face up; else the
    Shadow take it face down with one corruption per uncancelled icon. Duels (L1173-1176, spec 4.3.4): strict
    majority, a tie scores for nobody."""
    state = turn.state
    ldef = state.card_def(loc)
    majority = scenario(state.scenario).duel_rules and state.opt("duel_path") == "majority"
    majority = majority or (state.scenario == "fotr" and state.opt("fotr_path") == "majority")
    if majority:
        if fp_total > attack:
            uncanceled = 0
        elif fp_total == attack:
            state.set_aside.cards.append(loc)
            turn.say(f"{loc.name} is a tie ({fp_total} against {attack}): nobody scores it.")
            return
        else:
            uncanceled = attack - fp_total
    if uncanceled == 0:
        state.fp_area.cards.append(loc)
        turn.say(f"The Free Peoples hold {loc.name} ({ldef.vp} VP).")
        return
    loc.flags.append(FACE_DOWN)
    state.shadow_area.cards.append(loc)
    turn.say(f"The Shadow take {loc.name} face down.")
    proc.add_corruption(turn, uncanceled)


def score(state: WotrState, side: str, *, final: bool = False) -> int:
    """Spec 4.4: battlegrounds and face-up paths for the Free Peoples; battlegrounds and corruption for the
    Shadow; at final scoring, +1 per unused Trilogy-style Ring token (ENGINE 10.5 for the 3PD Shadow)."""
    total = sum(state.card_def(c).vp for c in state.area(side).cards if FACE_DOWN not in c.flags)
    if side == SHADOW:
        total += state.corruption
    if final:
        for deck in state.side_decks(side):
            if deck.ring == "unused" and deck.ring_mode == "trilogy":
                # ENGINE 10.5: the 3 Player Duel's Shadow tokens follow the Trilogy rule unless switched off.
                total += 0 if state.scenario == "duel3" and not state.opt("duel3_shadow_ring_vp") else 1
            elif deck.ring_mode == "duel" and deck.ring in ("unused", "flipped"):
                total += int(state.opt("duel_ring_vp"))
    return total
