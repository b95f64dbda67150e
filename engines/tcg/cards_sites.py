"""The Siege of Gondor starters' site texts, in our own words (spec 6.7: a site's text works only while the
fellowship is there; its Shadow abilities are for Shadow players, its Fellowship ones for the FP)."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Card, Option
from engines.tcg import actions, kit, rules
from engines.tcg import procedures as proc
from engines.tcg.scripts import Ability, Script, script
from engines.tcg.state import TcgState

T = kit.T


# Steps of Edoras (site 1): Gondor companions are defender +1 for the rest of the turn.
def _steps_start(turn: T, site: Card) -> None:
    turn.state.flags.append(f"lasting:{site.uid}")
    turn.say("Steps of Edoras: Gondor companions are defender +1 this turn.")


script("7_334", triggers={"start of turn": _steps_start},
       lasting=Script(defender=lambda s, src, t: int(rules.cdef(s, t).type == "companion"
                                                     and rules.cdef(s, t).culture == "gondor")))


def _own_minion(state: TcgState, seat: str) -> bool:
    return kit.is_shadow(state, seat) and bool(rules.minions(state, seat))


# King's Tent (site 2): Shadow, with initiative and a minion of yours: the move limit is -1 this turn.
def _kings_tent(state: TcgState, seat: str, site: Card) -> list[Ability]:
    if state.phase != "shadow" or not _own_minion(state, seat) or not rules.shadow_has_initiative(state):
        return []

    def run(turn: T) -> None:
        kit.add_mod(turn, site.uid, "move_limit", -1, "turn")
        turn.say(f"The move limit is {rules.move_limit(turn.state)} this turn.")

    return [kit.ability(site, "", "move limit -1 this turn", run)]


script("7_335", abilities=_kings_tent)


# Hall of the Kings (site 3): Fellowship, below 3 threats: one more threat buys one card drawn.
def _hall(state: TcgState, seat: str, site: Card) -> list[Ability]:
    if state.phase != "fellowship" or not kit.is_fp(state, seat) or state.fp_player.threats >= 3 \
            or not kit.can_add_threat(state):
        return []

    def run(turn: T) -> None:
        proc.add_threats(turn, 1)
        proc.draw(turn, turn.state.player(seat), 1)

    return [kit.ability(site, "", "one more threat, one card drawn", run)]


script("7_339", abilities=_hall)


# Anduin Banks (site 4): Skirmish, a Shadow player removes a burden: his minion +2.
def _anduin(state: TcgState, seat: str, site: Card) -> list[Ability]:
    if not kit.in_skirmish_phase(state) or not _own_minion(state, seat) or state.fp_player.burdens < 1:
        return []

    def make(uid: str) -> kit.Run:
        def run(turn: T) -> None:
            proc.remove_burdens(turn, 1)
            kit.skirmish_mod(uid, "strength", 2)(turn)
        return run

    return [kit.ability(site, m.uid, f"remove a burden: {m.name} +2", make(m.uid))
            for m in kit.fighters(state, lambda c: c in rules.minions(state, seat))]


script("7_341", abilities=_anduin)


# Pelennor Plain (site 4): Archery, a Shadow player removes 3 burdens: minion archery total +3.
def _plain(state: TcgState, seat: str, site: Card) -> list[Ability]:
    if state.phase != "archery" or not _own_minion(state, seat) or state.fp_player.burdens < 3:
        return []

    def run(turn: T) -> None:
        proc.remove_burdens(turn, 3)
        kit.add_mod(turn, site.uid, "archery:shadow", 3, "phase")
        turn.say("The minion archery total is +3.")

    return [kit.ability(site, "", "remove 3 burdens: minion archery +3", run)]


script("7_343", abilities=_plain)


# Pelennor Flat (site 5): as maneuver begins, the FP either empties his hand into the discard pile or takes 2
# burdens.
def _flat(turn: T, site: Card) -> None:
    fp = turn.state.fp_player
    proc.ask_card(turn, fp.seat, f"Pelennor Flat: discard your hand ({proc.plural(len(fp.hand.cards), 'card')}) "
                  "or add 2 burdens?", [Option(id="hand", label="Discard my hand"),
                                        Option(id="burdens", label="Add 2 burdens")], "pelennor_flat")


@proc.handler("pelennor_flat")
def _flat_answer(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    fp = turn.state.fp_player
    if choice[0] == "hand":
        proc.discard_from_hand(turn, fp.seat, [c.uid for c in fp.hand.cards])
    else:
        proc.add_burdens(turn, 2)


script("7_345", triggers={"start of maneuver": _flat})


# Minas Tirith Fourth / Sixth Circle (site 6): leaving it in the regroup phase heals each Rohan / Gondor
# companion once.
def _heal_culture(culture: str) -> Callable[[T, Card], None]:
    def trigger(turn: T, site: Card) -> None:
        for c in rules.companions(turn.state):
            if rules.cdef(turn.state, c).culture == culture:
                proc.heal(turn, c.uid)

    return trigger


script("7_348", triggers={"moves from in regroup": _heal_culture("rohan")})
script("7_351", triggers={"moves from in regroup": _heal_culture("gondor")})


# Osgiliath Channel (site 7): Regroup, a Shadow player with a minion, spotting 6 companions: the FP must move
# again this turn (if the move limit allows).
def _channel(state: TcgState, seat: str, site: Card) -> list[Ability]:
    if state.phase != "regroup" or not _own_minion(state, seat) or len(rules.companions(state)) < 6 \
            or "must move" in state.flags:
        return []

    def run(turn: T) -> None:
        turn.state.flags.append("must move")
        turn.say("The Free Peoples player must move again this turn if able.")

    return [kit.ability(site, "", "the fellowship must move again", run)]


script("8_120", abilities=_channel)


# Morgulduin (site 8): Shadow, remove 2 threats: play a Nazgul from your discard pile at 2 less.
def _morgulduin(state: TcgState, seat: str, site: Card) -> list[Ability]:
    if state.phase != "shadow" or not kit.is_shadow(state, seat) or state.fp_player.threats < 2:
        return []
    out: list[Ability] = []
    seen: set[str] = set()
    for card in state.player(seat).discard.cards:
        d = rules.cdef(state, card)
        if d.race != "nazgul" or d.type != "minion" or d.id in seen or actions.unique_blocked(state, seat, d):
            continue
        seen.add(d.id)
        cost = max(0, actions.cost_of(state, card) - 2) + (2 if actions._would_roam(state, card) else 0)
        if state.twilight < cost:
            continue
        play = actions.play_ability(state, seat, card, cost, "minion", source="discard", by=site.name)

        def run(turn: T, play: Ability = play) -> None:
            proc.remove_threats(turn, 2)
            play.run(turn)
        out.append(Ability(key=f"use:{site.uid}:{card.uid}", label=f"{site.name}: remove 2 threats; "
                           f"{play.label}", run=run))
    return out


script("7_358", abilities=_morgulduin)


# Cross Roads (site 8): Shadow, spotting 2 Raider Men, remove a threat: add 2 twilight.
def _cross_roads(state: TcgState, seat: str, site: Card) -> list[Ability]:
    if state.phase != "shadow" or not kit.is_shadow(state, seat) or state.fp_player.threats < 1 \
            or len(kit.men(state, "raider")) < 2:
        return []

    def run(turn: T) -> None:
        proc.remove_threats(turn, 1)
        turn.state.twilight += 2
        turn.say(f"2 twilight added (pool {turn.state.twilight}).")

    return [kit.ability(site, "", "remove a threat to add 2 twilight", run)]


script("7_356", abilities=_cross_roads)


# Haunted Pass (site 9): Shadow, with a minion of yours, remove a threat: draw a card.
def _haunted(state: TcgState, seat: str, site: Card) -> list[Ability]:
    if state.phase != "shadow" or not _own_minion(state, seat) or state.fp_player.threats < 1:
        return []

    def run(turn: T) -> None:
        proc.remove_threats(turn, 1)
        proc.draw(turn, turn.state.player(seat), 1)

    return [kit.ability(site, "", "take away one threat, draw one card", run)]


script("7_361", abilities=_haunted)
