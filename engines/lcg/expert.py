"""The expert game (C 15.2; spec 6.2): the three Core Set scenarios in a row with the same players, decks and
heroes. Threat, damage on heroes and discard piles carry over; everything else is reset between scenarios,
and the campaign's score is the sum of the three."""

from __future__ import annotations

from engines.core import DecisionKind, Option, Outcome
from engines.lcg import hooks
from engines.lcg.flow import T, push
from engines.lcg.setup import build_encounter_deck, scenario_slots
from engines.lcg.state import DAMAGE, LcgState, Task
from engines.lcg.table import draw, group_score, heroes

SEQUENCE = ("passage-through-mirkwood", "journey-down-the-anduin", "escape-from-dol-guldur")



@hooks.expert_won.register
def won(turn: T, reason: str) -> None:
    """A scenario of the expert game is won (table.win): the next one is set up, or the game ends."""
    state = turn.state
    if state.expert_queue:
        next_scenario(turn, reason)
        return
    state.won = True
    turn.finish(final(state, reason))


def next_scenario(turn: T, reason: str) -> None:
    """The scenario is won: score it, reset the table (C 15.2, in order) and set up the next one."""
    state = turn.state
    score = group_score(state)
    state.expert_scores.append(score)
    done = state.recipe.name if state.recipe else state.scenario
    upcoming = state.expert_queue.pop(0)
    turn.say(f"The players win {done} ({reason}) with a score of {score}. The expert game goes on: "
             f"{upcoming.name}.")
    state.tasks.clear()
    state.decisions.clear()
    state.modifiers.clear()
    for player in state.players:
        if player.eliminated:
            continue
        # 1. every non-hero card in play or in hand is shuffled into its owner's deck
        keep = []
        for card in player.play.cards:
            if state.card_def(card).type == "hero":
                player.deck.cards.extend(a for a in card.attached if state.card_def(a).is_player_card)
                card.attached = []
                card.flags = []
                card.tokens = {DAMAGE: card.tokens[DAMAGE]} if card.tokens.get(DAMAGE) else {}  # 3. resources go
                keep.append(card)
            else:
                player.deck.cards.append(card)
                player.deck.cards.extend(a for a in card.attached if state.card_def(a).is_player_card)
                card.attached, card.tokens, card.flags = [], {}, []
        player.play.cards = keep
        player.deck.cards.extend(player.hand.cards)
        player.hand.cards = []
        player.engaged.cards = []
        player.attacked = []
        for card in player.deck.cards:
            card.face_up, card.known_to, card.tokens, card.flags = True, [], {}, []
        state.rng.shuffle(player.deck.cards)
        # 5. threat never below the heroes' total
        player.threat = max(player.threat, sum(state.card_def(h).threat_cost for h in heroes(player, state)))
        player.mulligan_done = False
    # 2. every encounter card goes back to its set: the new scenario's decks are built afresh
    for zone in (state.encounter_deck, state.encounter_discard, state.staging, state.active, state.victory,
                 state.set_aside, state.removed, state.quest_deck, state.quest, state.quest_done, state.resolving):
        zone.cards = []
    state.scenario, state.recipe = upcoming.key, upcoming
    state.round, state.phase = 0, "setup"
    state.skip_staging, state.allies_played = False, 0
    state.marks, state.disguised = [], {}
    build_encounter_deck(turn, scenario_slots(state, upcoming))
    push(state, Task(kind="expert-hands"), Task(kind="setup-quest"))


def expert_hands(turn: T, _t: Task) -> None:
    """4. a new setup hand, with one mulligan allowed."""
    state = turn.state
    for player in state.active_players():
        draw(turn, player, 6)
        turn.ask(player.seat, DecisionKind.CHOOSE_ONE,
                 "Setup: keep this setup hand, or take your one mulligan?",  # RR p.10
                 [Option(id="keep", label="Keep"), Option(id="mulligan", label="Mulligan")], private=True,
                 context="mulligan")


def final(state: LcgState, reason: str) -> Outcome:
    total = sum(state.expert_scores) + group_score(state)
    parts = " + ".join(str(s) for s in [*state.expert_scores, group_score(state)])
    return Outcome(winners=[p.seat for p in state.players],
                   reason=f"The players win the expert game: {reason}. Total score {parts} = {total} "
                          "(lower is better).",
                   scores={"total": total})


def _register() -> None:
    from engines.lcg.flow import TASKS

    TASKS["expert-hands"] = expert_hands


_register()
