"""Set-1 (The Fellowship of the Ring) starter cards, in our own words (spec 8.3): Sam first, whose taking of the
Ring is a rule of the starter rulebook (spec 5.3, 7.56), and Frodo. The rest of the set-1 starters are in
cards_fotr_free.py, cards_fotr_shadow.py and cards_fotr_sites.py; what is still resolved by adjustment is listed by
`python -m bot cards coverage tcg`. Intimidate is a response event: the window it needs is the rules' own
(engines/tcg/windows.py), asked from public facts whatever the hand holds."""

from __future__ import annotations

from engines.core import Card
from engines.tcg import kit, rules
from engines.tcg import procedures as proc
from engines.tcg.scripts import Ability, script
from engines.tcg.state import TcgState

T = kit.T


# Sam, Son of Hamfast: Fellowship, he exerts and the Ring-bearer loses one burden. When Frodo is killed, Sam may
# become the Ring-bearer (his resistance is 5).
def _sam(state: TcgState, seat: str, src: Card) -> list[Ability]:
    if state.phase != "fellowship" or not kit.is_fp(state, seat) or not state.fp_player.burdens \
            or not rules.can_exert(state, src):
        return []

    def run(turn: T) -> None:
        proc.exert(turn, src.uid)
        proc.remove_burdens(turn, 1)

    return [kit.ability(src, "", "exert him; one burden goes", run)]


script("1_311", abilities=_sam, ring_heir=True)


# Frodo, Son of Drogo: Fellowship, another companion bearing the Frodo signet exerts, and Frodo heals once.
def _frodo(state: TcgState, seat: str, src: Card) -> list[Ability]:
    if state.phase != "fellowship" or not kit.is_fp(state, seat) or not rules.wounds(src):
        return []
    helpers = [c for c in rules.companions(state) if c is not src and rules.cdef(state, c).signet == "frodo"
               and rules.can_exert(state, c)]
    return [kit.ability(src, h.uid, f"{h.name} exerts; Frodo heals", kit.exerting([h.uid], _heal(src.uid)))
            for h in helpers]


def _heal(uid: str) -> kit.Run:
    def run(turn: T) -> None:
        proc.heal(turn, uid)

    return run


script("1_290", abilities=_frodo)


# Intimidate (response): while Gandalf can be spotted, the wound about to be placed on a companion does not land.
def _gandalf_spotted(state: TcgState, seat: str) -> bool:
    return kit.is_fp(state, seat) and any(rules.cdef(state, c).title == "Gandalf"
                                          for c in state.fp_player.fellowship.cards)


script("1_76", wound_response=_gandalf_spotted)
# Text the rules carry out in full, as for their Siege of Gondor printings (effects.py): the set-1 Ruling Ring and
# Hobbit Sword (a bearer restriction, which is card data).
script("1_2")
script("1_299")
