"""The Missions (spec 5.10) as predicates on the state, and the Finale (spec 5.9)."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Decision, Outcome, Turn, Visibility
from engines.meq import combat, rules, stock
from engines.meq.cards import MARKERS, MissionDef, index
from engines.meq.flow import answer, ask, goto, step
from engines.meq.state import HERO_MARKER, MeqState

RINGWRAITHS = "minion-ringwraiths"


def _all_quests(state: MeqState, m: MissionDef) -> bool:
    idx = index()
    for hero in state.heroes:
        kinds = {idx.quests[q].kind for q in hero.done if q in idx.quests and idx.quests[q].owner == hero.key}
        if not {"starting", "advanced"} <= kinds:
            return False
    return True


def _find_them_all(state: MeqState, m: MissionDef) -> bool:
    """Scenario 6.68: the Ringwraiths on The Shire, or at least 6 influence there."""
    wraiths = next((x for x in state.minions if x.key == RINGWRAITHS), None)
    on_shire = wraiths is not None and wraiths.status == "in" and wraiths.at == "the-shire"
    return on_shire or state.influence.get("the-shire", 0) >= m.n


MISSIONS: dict[str, Callable[[MeqState, MissionDef], bool]] = {
    "corruption_at_most": lambda s, m: sum(len(h.corruption.cards) for h in s.heroes) <= m.n,
    "tokens_at_most": lambda s, m: len(s.tokens.cards) <= m.n,
    "favor_at_least": lambda s, m: sum(h.favor for h in s.heroes) >= m.n,
    "minions_at_most": lambda s, m: sum(1 for x in s.minions if x.status == "in") <= m.n,
    "all_quests": _all_quests,
    "plots_active": lambda s, m: len(s.plots.cards) >= m.n,
    "marker_stage3": lambda s, m: rules.stage_of(s, s.markers[m.marker]) == 3,
    "find_them_all": _find_them_all,
}


def mission_met(state: MeqState, side: str) -> bool:
    zone = state.sauron_mission if side == "sauron" else state.hero_mission
    m = index().missions[zone.cards[0].ref]
    return MISSIONS[m.test](state, m)


def reveal(turn: Turn[MeqState], side: str) -> bool:
    state = turn.state
    zone = state.sauron_mission if side == "sauron" else state.hero_mission
    card = zone.cards[0]
    zone.visibility = Visibility.PUBLIC
    met = mission_met(state, side)
    turn.reveal()
    turn.say(f"{'Sauron' if side == 'sauron' else 'The heroes'} reveal the Mission {card.name}: "
             + ("met." if met else "not met."))
    return met


def win(turn: Turn[MeqState], side: str, why: str) -> None:
    state = turn.state
    turn.finish(Outcome(winners=[state.sauron] if side == "sauron" else state.hero_seats(), reason=why))


@step("finale")
def finale(turn: Turn[MeqState]) -> None:
    """Spec 5.9 steps 1-4 (scenarios 6.64, 6.65), then the champion and the combat (6.67)."""
    state = turn.state
    state.finale = True
    side = rules.dominant(state)
    if side:
        if reveal(turn, side):
            win(turn, side, f"The Finale: the dominant side ({side}) meets its Mission and wins.")
            return
        met = {side: False, ("heroes" if side == "sauron" else "sauron"): mission_met(state, "heroes" if side ==
                                                                                     "sauron" else "sauron")}
    else:
        met = {"sauron": reveal(turn, "sauron"), "heroes": reveal(turn, "heroes")}
        if met["sauron"] != met["heroes"]:
            winner = "sauron" if met["sauron"] else "heroes"
            win(turn, winner, f"The Finale: only {winner}'s Mission is met.")
            return
    fin = rules.finale_space(state)
    if met["sauron"]:
        for m in MARKERS:
            state.markers[m] = min(fin, state.markers[m] + 1)
        turn.say("Sauron's Mission is met: each Sauron marker moves 1.")
    if met["heroes"]:
        state.markers[HERO_MARKER] = min(fin, state.markers[HERO_MARKER] + 1)
        turn.say("The heroes' Mission is met: their marker moves 1.")
    for x in state.minions:
        if x.key == RINGWRAITHS:
            x.damage = 0
    for hero in state.heroes:
        stock.put(state, stock.life(hero), hero.hand.cards + hero.rest.cards)
        stock.merge(state, stock.life(hero), stock.damage(hero))
        hero.hand.cards.clear()
        hero.rest.cards.clear()
        stock.shuffle(state, stock.life(hero))
        rules.draw_cards(turn, hero, rules.attribute(state, hero, "fortitude"))
    turn.say("Each hero shuffles every card into the life pool and draws up to fortitude.")
    goto(state, "champion")


def wraith_stats(state: MeqState) -> tuple[int, int]:
    """Spec 5.9 step 4 with dominance after step 2 (7.5.10); floors health 1, fortitude 0 (7.5.7)."""
    foe = index().foes[RINGWRAITHS]
    side = rules.dominant(state)
    delta = rules.hero_distance(state) if side == "sauron" else -rules.sauron_distance(state) if side == "heroes" else 0
    return max(1, foe.health + delta), max(0, foe.fortitude + delta)


@step("champion")
def champion(turn: Turn[MeqState]) -> None:
    state = turn.state
    goto(state, "over")
    if len(state.heroes) == 1:
        fight(turn, state.heroes[0].key)
        return
    ask(turn, state.heroes[0].seat, "champion", "The heroes choose their champion for the Finale (agree in the "
        "channel; the first hero's seat records it).", [(h.key, h.name) for h in state.heroes])


@answer("champion")
def champion_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    fight(turn, choice[0])


def fight(turn: Turn[MeqState], key: str) -> None:
    state = turn.state
    health, fortitude = wraith_stats(state)
    turn.say(f"The Ringwraiths fight the champion with health {health} and fortitude {fortitude}.")
    combat.start(turn, state.hero(key), RINGWRAITHS, "finale", health=health, fortitude=fortitude)


@step("over")
def over(turn: Turn[MeqState]) -> None:  # pragma: no cover - the Finale combat always ends the game
    win(turn, "sauron", "The Finale ended without a winner; Sauron wins by default.")
