"""The Core Set quests' own rules (their setup, their stage texts, their win conditions), scripted.

Each hook has a neutral default, so a scenario imported from a recipe file plays by the generic rules and
its quest text is resolved by hand. Quest stages are recognised by their stage number and the title of
their side B, which are facts, not text.
"""

from __future__ import annotations

from engines.core import Card, Decision, DecisionKind, Option
from engines.lcg import hooks
from engines.lcg.cards import CardDef, Scenario
from engines.lcg.flow import T, answer, push
from engines.lcg.scripts import scripted
from engines.lcg.state import DAMAGE, PRISONER, LcgState, Task
from engines.lcg.table import FROM_DISCARD, OUT_OF_PLAY, add_tokens, current_stage, enter_staging, heroes, win

PTM, JDTA, EFDG = "passage-through-mirkwood", "journey-down-the-anduin", "escape-from-dol-guldur"
JDTA_ALIASES = (JDTA, "journey-along-the-anduin")  # DragnCards' own name for it, from a user's import
ORC_GUARD = "westmarch:orc-guard"


def definition(state: LcgState) -> Scenario:
    assert state.recipe is not None, "the scenario is set at setup"
    return state.recipe


def _stage(state: LcgState) -> tuple[int, str]:
    stage = current_stage(state)
    if stage is None:
        return 0, ""
    d = state.card_def(stage)
    return d.stage, d.stage_name


def _in_play_named(state: LcgState, name: str) -> list[Card]:
    zones = [state.staging, state.active, *[p.engaged for p in state.players]]
    return [c for z in zones for c in z.cards if c.name == name]


def _enemies_in_play(state: LcgState) -> list[Card]:
    zones = [state.staging, *[p.engaged for p in state.players]]
    return [c for z in zones for c in z.cards if state.card_def(c).type == "enemy"]


# --- setup and stages ------------------------------------------------------------------------------------
def setup(turn: T) -> None:
    state = turn.state
    hooks.nightmare_setup(turn)
    if state.scenario in JDTA_ALIASES:  # 1A: one encounter card revealed per player
        push(state, *[Task(kind="reveal", note="setup") for _ in state.active_players()])
    elif state.scenario == EFDG:  # 1A: one encounter card guards each objective; the Nazgûl waits aside
        for objective in [c for c in state.staging.cards if state.card_def(c).type == "objective"]:
            if state.encounter_deck.cards:
                guard = state.encounter_deck.cards.pop()
                objective.attached.append(guard)
                turn.say(f"{guard.name} guards {objective.name}.")
        turn.reveal()


def stage_revealed(turn: T, uid: str) -> None:
    state = turn.state
    number, name = _stage(state)
    if state.scenario == PTM and number == 3 and name.startswith("Don't Leave"):
        push(state, *[Task(kind="spider-search", seat=p.seat) for p in state.active_players()])
    elif state.scenario in JDTA_ALIASES and number == 1:
        if not _in_play_named(state, "Hill Troll"):
            troll = next((c for c in state.encounter_deck.cards if c.name == "Hill Troll"), None)
            if troll is not None:
                state.encounter_deck.cards.remove(troll)
                enter_staging(turn, troll, OUT_OF_PLAY)
                turn.say("A Hill Troll is put into the staging area.")
            state.rng.shuffle(state.encounter_deck.cards)
    elif state.scenario in JDTA_ALIASES and number == 3:
        state.skip_staging = True
        turn.say("Two encounter cards per player are revealed; the staging step is skipped from now on.")
        push(state, *[Task(kind="reveal", note="staging") for _ in range(2 * len(state.active_players()))])
    elif state.scenario == EFDG and number == 1:
        for _ in range(hooks.prisoners(state)):  # 1, or more in Nightmare mode
            candidates = [h for p in state.active_players() for h in heroes(p, state) if PRISONER not in h.flags]
            if candidates:
                # The campaign log may name the prisoner (the Core campaign's Escape card); else a random hero.
                prisoner = hooks.prisoner_choice(state, candidates) or state.rng.choice(candidates)
                prisoner.flags.append(PRISONER)
                turn.say(f"{prisoner.name} is taken prisoner: it cannot be used, damaged or collect resources "
                         "until rescued.")
                hooks.taken_prisoner(turn)


def extra_staging(state: LcgState) -> int:
    number, _ = _stage(state)
    return 1 if state.scenario in JDTA_ALIASES and number == 2 else 0


def engagement_checks(state: LcgState) -> bool:
    number, _ = _stage(state)
    return not (state.scenario in JDTA_ALIASES and number == 2)


def beginning_of_quest(turn: T) -> None:
    """EfDG 3B: each player's top deck card becomes an Orc Guard engaged with them."""
    state = turn.state
    number, _ = _stage(state)
    if state.scenario != EFDG or number != 3:
        return
    orc_guards(turn)


def orc_guards(turn: T) -> None:
    """Each player's top deck card engages them, face down, as an Orc Guard (EfDG 3B, Tower Gate)."""
    state = turn.state
    state.defs.setdefault(ORC_GUARD, CardDef(id=ORC_GUARD, name="Orc Guard", type="enemy", attack=1, defense=1,
                                             hit_points=1))
    for player in state.active_players():
        if player.deck.cards:
            card = player.deck.cards.pop()
            state.disguised[card.uid] = card.ref
            card.ref, card.name = ORC_GUARD, "Orc Guard"
            player.engaged.cards.append(card)
            turn.say(f"An Orc Guard engages {player.seat}.")


def quested_successfully(turn: T) -> None:
    state = turn.state
    number, _ = _stage(state)
    if state.scenario == EFDG and number == 2:  # 2B's response: the prisoner is rescued, with 1 damage
        for p in state.players:
            for hero in heroes(p, state):
                if PRISONER in hero.flags:
                    hero.flags.remove(PRISONER)
                    add_tokens(hero, DAMAGE, 1)
                    turn.say(f"{hero.name} is rescued.")
                    hooks.prisoner_rescued(turn)


def cannot_advance(state: LcgState) -> str | None:
    """Why the complete current stage may not be defeated yet, or None."""
    number, _name = _stage(state)
    if state.scenario == PTM and number == 3 and _in_play_named(state, "Ungoliant's Spawn"):
        return "Ungoliant's Spawn is still in play"
    if state.scenario in JDTA_ALIASES and number == 1 and _in_play_named(state, "Hill Troll"):
        return "it cannot be defeated while a Hill Troll is in play"
    if state.scenario == EFDG:
        claimed = _claimed_objectives(state)
        if number == 1 and claimed < 1:
            return "the players need at least 1 objective card"
        if number == 2 and (claimed < 3 or _prisoner(state)):
            return "the players must rescue the prisoner and hold all 3 objective cards"
        if number == 3 and _in_play_named(state, "Nazgûl of Dol Guldur"):
            return "it cannot be defeated while the Nazgûl of Dol Guldur remains in play"
    return None


def claim_cost(state: LcgState) -> int:
    """Threat a player raises to claim an objective (EfDG's objectives: 2)."""
    return 2 if state.scenario == EFDG else 0


def _claimed_objectives(state: LcgState) -> int:
    return sum(1 for p in state.players for c in p.play.cards for a in [c, *c.attached]
               if state.card_def(a).type == "objective")


def _prisoner(state: LcgState) -> bool:
    return any(PRISONER in h.flags for p in state.players for h in heroes(p, state))


def won_on_completing(state: LcgState, stage: Card) -> bool:
    d = state.card_def(stage)
    if state.scenario == PTM and d.stage == 3:
        return True  # Beorn's Path: completing it is the win
    return not state.quest_deck.cards


def next_stage(turn: T, completed: Card) -> Card | None:
    state = turn.state
    if not state.quest_deck.cards:
        return None
    if state.scenario == PTM and state.card_def(completed).stage == 2:  # 2B: one of the two stage 3s, at random
        choices = [c for c in state.quest_deck.cards if state.card_def(c).stage == 3]
        chosen = state.rng.choice(choices)
        for other in choices:
            state.quest_deck.cards.remove(other)
            if other is not chosen:
                state.removed.cards.append(other)
        return chosen
    return state.quest_deck.cards.pop()


@hooks.stage_enemy_defeated.register
def on_enemy_defeated(turn: T, enemy: Card) -> None:
    state = turn.state
    number, name = _stage(state)
    if state.scenario == PTM and number == 3 and name.startswith("Don't Leave") and enemy.name == "Ungoliant's Spawn":
        state.marks.append("spawn-defeated")  # only defeating it wins; one discarded as a shadow card does not
    if enemy.uid in state.disguised:  # an Orc Guard was a player card all along
        ref = state.disguised.pop(enemy.uid)
        for zone in (state.encounter_discard, state.victory):
            if enemy in zone.cards:
                zone.cards.remove(enemy)
        enemy.ref, enemy.name = ref, state.defs[ref].name
        owner = state.owner(enemy)
        if owner is not None:
            owner.discard.cards.append(enemy)
    check_victory(turn)


def check_victory(turn: T) -> None:
    state = turn.state
    if state.outcome is not None or state.phase == "setup":
        return
    hooks.before_victory_check(turn)  # Brown Water Rats (Nightmare) leave when only Rats remain on stage 3
    number, name = _stage(state)
    if state.scenario == PTM and number == 3 and name.startswith("Don't Leave") and "spawn-defeated" in state.marks:
        win(turn, "they defeated Ungoliant's Spawn")
    elif state.scenario in JDTA_ALIASES and number == 3 and not _enemies_in_play(state) and not _pending_reveals(state):
        win(turn, "no enemies are left in play")


def _pending_reveals(state: LcgState) -> bool:
    return any(t.kind == "reveal" for t in state.tasks)


# --- Don't Leave the Path!: each player searches for a Spider --------------------------------------------
def spider_search(turn: T, t: Task) -> None:
    state = turn.state
    spiders = [c for c in state.encounter_deck.cards + state.encounter_discard.cards
               if "Spider" in state.card_def(c).traits]
    if not spiders:
        turn.say(f"{t.seat} finds no Spider card.")
        return
    turn.ask(t.seat, DecisionKind.CHOOSE_ONE, "Choose a Spider card to add to the staging area",
             [Option(id=c.uid, label=c.name) for c in spiders], private=True, context="spider")


@answer("spider")
def spider_answer(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    for zone in (state.encounter_deck, state.encounter_discard):
        card = zone.find(choice[0])
        if card is not None:
            zone.cards.remove(card)
            card.face_up = True
            turn.say(f"{decision.seat} adds {card.name} to the staging area.")
            enter_staging(turn, card, FROM_DISCARD if zone is state.encounter_discard else OUT_OF_PLAY)
    state.rng.shuffle(state.encounter_deck.cards)


def _register() -> None:
    from engines.lcg.flow import TASKS

    TASKS["spider-search"] = spider_search


_register()


def _coverage() -> None:
    """The Core Set's quest stages are scripted here (their setup, stage texts and win conditions)."""
    for title in ("Flies and Spiders", "A Fork in the Road", "A Chosen Path", "The Necromancer's Tower",
                  "Through the Caverns", "Out of the Dungeons", "To the River...", "Anduin Passage",
                  "Ambush on the Shore"):
        scripted(title, "quest stage (scenarios.py)")


_coverage()
