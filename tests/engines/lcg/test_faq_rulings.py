"""The FAQ rulings of spec 5.3, as the scripted Core Set cards meet them. Each test cites its ruling.

Two rulings have no test, because nothing here could apply them: no Core Set or Core Set Nightmare card
switches anything (FAQ 1.26: a switch needs something on both sides), and none says its effect "does not stack"
(C 4.11.8: copies of such an effect count once). The engine has no switching or non-stacking effect either:
passive effects always add up (FAQ 1.55), and a card of another pack that needs one is resolved by hand."""

from __future__ import annotations

from engines.core import Turn
from engines.lcg import GAME
from engines.lcg.effects import responses
from engines.lcg.state import DAMAGE, EXHAUSTED, PROGRESS, RESOURCE, Modifier, Task
from engines.lcg.table import deal_damage, stat
from tests.engines.lcg.table import (
    answer,
    attack,
    card,
    core_card,
    hero,
    nightmare_card,
    on_top,
    pay,
    run,
    started,
)


def a_table(players: int = 1, **options):
    state = started(players, **options)
    state.staging.cards.clear()
    state.decisions.clear()
    return state


def in_play(state, title, seat="p1"):
    made = core_card(state, title, owner=seat)
    state.player(seat).play.cards.append(made)
    return made


def test_faq_1_00_card_text_overrides_the_rules_only_where_they_clash():
    """FAQ 1.00: travel is optional, but The East Bight says the players must go there; everything else of
    the travel phase (one location, from the staging area) still holds."""
    state = a_table(1)
    bight = core_card(state, "The East Bight")
    state.staging.cards += [core_card(state, "Forest Gate"), bight]
    state, _ = run(state, Task(kind="travel"))
    assert [o.id for o in state.decisions[0].options] == [bight.uid]  # no "do not travel" option


def test_faq_1_37_a_cancel_comes_at_once_before_the_effect_resolves():
    """FAQ 1.37: the cancel opportunity opens before the When Revealed effect resolves."""
    state = a_table(3)
    state.phase = "quest"
    state.quest.cards[0].tokens[PROGRESS] = 4
    on_top(state, core_card(state, "Despair"))
    state, _ = run(state, Task(kind="reveal", note="staging"))
    assert state.decisions and state.decisions[0].context.startswith("resp:cancel-reveal")
    assert state.quest.cards[0].tokens[PROGRESS] == 4  # nothing resolved yet
    state, _ = answer(state, "pass", seat="p3")
    assert PROGRESS not in state.quest.cards[0].tokens


def test_faq_1_02_once_a_card_has_left_play_a_second_simultaneous_effect_no_longer_applies():
    """FAQ 1.02's example: when the phase ends Sneak Attack returns Beorn to hand, and his own effect
    would shuffle him into the deck: once he has left play the second does nothing (the engine resolves
    end-of-phase events before allies' effects)."""
    state = a_table(1)
    beorn = core_card(state, "Beorn")
    state.player("p1").play.cards.append(beorn)
    state.marks += [f"sneak:{beorn.uid}:planning", f"beorn:{beorn.uid}:planning"]
    state.phase = "planning"
    size = len(state.player("p1").deck.cards)
    state, _ = run(state, Task(kind="phase", note="quest"))
    assert state.player("p1").hand.find(beorn.uid) is not None
    assert len(state.player("p1").deck.cards) == size


def test_faq_1_03_the_first_player_breaks_a_tie_for_an_encounter_effects_single_player():
    """FAQ 1.03: Caught in a Web goes to the highest-threat player; on a tie the first player picks."""
    state = a_table(2)
    state.phase = "quest"
    for p in state.players:
        p.threat = 30
    on_top(state, core_card(state, "Caught in a Web"))
    state, _ = run(state, Task(kind="reveal", note="staging"))
    tie = next(d for d in state.decisions if d.context.startswith("fx:web-player"))
    assert tie.seat == state.first_seat and {o.id for o in tie.options} == {"p1", "p2"}


def test_faq_1_51_a_limit_counts_per_copy():
    """FAQ 1.51: each Protector of Lórien has its own 3 uses a phase."""
    from engines.lcg.scripts import card_actions

    state = a_table(1)
    one, two = core_card(state, "Protector of Lórien"), core_card(state, "Protector of Lórien")
    hero(state, "p1", "Aragorn").attached.append(one)
    hero(state, "p1", "Glóin").attached.append(two)
    state.marks += [f"phase:{one.uid}"] * 3
    usable = [c.uid for c, _rule in card_actions(state, state.player("p1"))]
    assert one.uid not in usable and two.uid in usable


def test_faq_1_08_a_response_is_offered_once_per_occurrence():
    """FAQ 1.08: one ally leaving play is one chance for Valiant Sacrifice, even with two copies in hand."""
    state = a_table(1)
    copies = [core_card(state, "Valiant Sacrifice"), core_card(state, "Valiant Sacrifice")]
    state.player("p1").hand.cards += copies
    hero(state, "p1", "Aragorn").tokens[RESOURCE] = 2
    ally = in_play(state, "Snowbourn Scout")
    deal_damage(Turn(state=state, seat=""), ally, 5)
    assert len([d for d in state.decisions if d.context.startswith("resp:")]) == 1
    state, _ = answer(state, copies[0].uid)
    while state.decisions and state.decisions[0].context.startswith("pay"):
        d = state.decisions[0]
        state, _ = answer(state, tuple(f"{o.id}={1 if i == 0 else 0}" for i, o in enumerate(d.options)))
    assert not [d for d in state.decisions if d.context.startswith("resp:")]


def test_faq_1_09_forced_effects_resolve_before_responses_to_the_same_moment():
    """FAQ 1.09: after travelling to Tower Gate, its Orc Guards engage before Strength of Will is offered."""
    state = a_table(3)
    will = core_card(state, "Strength of Will", owner="p3")
    state.player("p3").hand.cards.append(will)
    gate = core_card(state, "Tower Gate")
    state.staging.cards.append(gate)
    state, _ = run(state, Task(kind="travel"))
    state, _ = answer(state, gate.uid)
    assert any(d.context.startswith("resp:travelled") for d in state.decisions)
    assert all([c.name for c in p.engaged.cards] == ["Orc Guard"] for p in state.players)


def test_faq_1_10_actions_repeat_while_their_cost_can_be_paid():
    """FAQ 1.10: two Blade Mastery in one window, both resolve (no printed limit)."""
    state = a_table(2)
    gimli = hero(state, "p2", "Gimli")
    for _ in range(2):
        blade = core_card(state, "Blade Mastery", owner="p2")
        state.player("p2").hand.cards.append(blade)
        gimli.tokens[RESOURCE] = 1
        state, _ = run(state, Task(kind="window", note="test"))
        state, _ = answer(state, blade.uid, seat="p2")
        while any(d.context.startswith("pay") for d in state.decisions):
            d = next(d for d in state.decisions if d.context.startswith("pay"))
            state, _ = answer(state, tuple(f"{o.id}={1 if o.id == gimli.uid else 0}" for o in d.options), seat="p2")
        state, _ = answer(state, gimli.uid, seat="p2")
        gimli = hero(state, "p2", "Gimli")
    assert stat(state, gimli, "attack") == 2 + 2


def test_faq_1_36_passive_abilities_apply_without_being_triggered():
    """FAQ 1.36: Gimli's bonus follows his damage at every moment; nothing is 'used'."""
    state = a_table(2)
    gimli = hero(state, "p2", "Gimli")
    assert stat(state, gimli, "attack") == 2
    gimli.tokens[DAMAGE] = 2
    assert stat(state, gimli, "attack") == 4
    gimli.tokens[DAMAGE] = 1
    assert stat(state, gimli, "attack") == 3


def test_faq_1_53_cancelling_a_when_revealed_effect_leaves_the_rest_of_the_card():
    """FAQ 1.53: with its When Revealed effect cancelled, a Doomed card still raises threat."""
    state = a_table(1)
    state.phase = "quest"
    doomed = card(state, name="Despair", type="treachery", keywords=("Doomed 2",))
    state.quest.cards[0].tokens[PROGRESS] = 3
    on_top(state, doomed)
    threat = state.player("p1").threat
    work, _ = run(state)
    turn = Turn(state=work, seat="")
    from engines.lcg.quest import reveal

    responses.cancel(work, work.encounter_deck.cards[-1], "effect")
    reveal(turn)
    assert work.player("p1").threat == threat + 2 and work.quest.cards[0].tokens[PROGRESS] == 3


def test_faq_1_54_a_cancelled_card_is_as_if_never_revealed_but_counts_as_a_reveal():
    """FAQ 1.54: no Doomed and no Surge; it goes to the discard pile."""
    state = a_table(1)
    state.phase = "quest"
    surging = card(state, name="Endless Caverns", type="location", keywords=("Doomed 1", "Surge"), threat=1,
                   quest_points=3)
    on_top(state, core_card(state, "Hill Troll"), surging)
    threat = state.player("p1").threat
    work, _ = run(state)
    from engines.lcg.quest import reveal

    responses.cancel(work, work.encounter_deck.cards[-1], "card")
    reveal(Turn(state=work, seat=""))
    work, _ = run(work)
    assert work.player("p1").threat == threat and not work.staging.cards
    assert work.encounter_discard.cards[-1].uid == surging.uid


def test_faq_1_55_player_effects_are_computed_once_encounter_effects_continuously():
    """FAQ 1.55: Faramir's +1 willpower goes to the characters there when he is used (an ally arriving later
    gets none); Chieftain Ufthak's attack follows his resource tokens at every moment."""
    state = a_table(1)
    faramir = in_play(state, "Faramir")
    state, _ = run(state, Task(kind="window", note="test"))
    state, _ = answer(state, faramir.uid)
    late = in_play(state, "Snowbourn Scout")
    assert stat(state, late, "willpower") == state.card_def(late).willpower
    ufthak = core_card(state, "Chieftan Ufthak")
    base = stat(state, ufthak, "attack")
    ufthak.tokens[RESOURCE] = 2
    assert stat(state, ufthak, "attack") == base + 4


def test_faq_1_43_a_modified_value_never_drops_below_zero():
    """FAQ 1.43: Dark Knowledge's -1 willpower on a hero with no willpower leaves 0."""
    state = a_table(2)
    gimli = hero(state, "p2", "Gimli")
    gimli.attached.append(core_card(state, "Dark Knowledge", owner="p2"))
    gimli.attached.append(core_card(state, "Dark Knowledge", owner="p2"))
    gimli.attached.append(core_card(state, "Dark Knowledge", owner="p2"))
    assert stat(state, gimli, "willpower") == 0


def test_faq_1_14_cannot_is_absolute():
    """FAQ 1.14: the bearer of Gandalf's Map cannot defend, even as a Sentinel for another player."""
    state = a_table(2)
    aragorn = hero(state, "p1", "Aragorn")  # a Sentinel
    aragorn.attached.append(core_card(state, "Gandalf's Map"))
    state, _ = attack(state, core_card(state, "Wargs"), seat="p2")
    state, _ = answer(state, "undefended", seat="p2")
    assert not any(d.context.startswith("sentinel") for d in state.decisions)


def test_faq_1_15_then_needs_the_first_part_done():
    """FAQ 1.15: Common Cause readies a hero only by exhausting one first; with no ready hero of yours it
    cannot be played at all."""
    from engines.lcg.playing import why_unplayable

    state = a_table(1)
    for h in state.player("p1").play.cards:
        h.flags.append(EXHAUSTED)
    cause = core_card(state, "Common Cause")
    assert "ready hero" in str(why_unplayable(state, state.player("p1"), cause, planning=False))


def test_faq_1_16_put_into_play_ignores_play_limits_but_triggers_entering_play():
    """FAQ 1.16: in Escape from Dol Guldur the group may play one ally a round, yet Sneak Attack puts a
    second one into play, and Snowbourn Scout's arrival response still happens."""
    state = a_table(1, scenario="escape-from-dol-guldur")
    state.orders["p1"] = {"forced": "ask"}  # show the Scout's response even with one location to choose
    state.allies_played = 1
    scout = core_card(state, "Snowbourn Scout")
    state.player("p1").hand.cards = [scout, core_card(state, "Sneak Attack")]
    state.staging.cards.append(core_card(state, "Tower Gate"))
    hero(state, "p1", "Aragorn").tokens[RESOURCE] = 1
    state, _ = run(state, Task(kind="window", note="test"))
    state, _ = answer(state, state.player("p1").hand.cards[1].uid)
    while any(d.context.startswith("pay") for d in state.decisions):
        d = next(d for d in state.decisions if d.context.startswith("pay"))
        state, _ = answer(state, tuple(f"{o.id}={1 if i == 0 else 0}" for i, o in enumerate(d.options)))
    assert state.player("p1").play.find(scout.uid) is not None
    assert any("Snowbourn Scout" in d.prompt for d in state.decisions)


def test_faq_1_21_a_searched_deck_is_shuffled():
    """FAQ 1.21: after Mountains of Mirkwood's search the rest of the deck is shuffled."""
    state = a_table(1)
    draws = state.rng.draws
    state, _ = run(state, Task(kind="mountains-search", seat="p1"))
    state, _ = answer(state, "no")
    assert state.rng.draws > draws


def test_faq_1_44_must_x_or_y_does_y_only_when_x_cannot_be_done():
    """FAQ 1.44: Pursued by Shadow's shadow returns an exhausted ally if there is one, else costs 3 threat."""
    state = a_table(1)
    ally = in_play(state, "Snowbourn Scout")
    ally.flags.append(EXHAUSTED)
    threat = state.player("p1").threat
    state, _ = attack(state, core_card(state, "Wargs"), shadow=core_card(state, "Pursued by Shadow"))
    state, _ = answer(state, hero(state, "p1", "Aragorn").uid)
    assert state.player("p1").threat == threat and state.player("p1").hand.find(ally.uid) is not None


def test_faq_1_45_reveal_and_add_to_staging_is_a_reveal():
    """FAQ 1.45: the card Mountains of Mirkwood reveals to be travelled to resolves its When Revealed."""
    state = a_table(1)
    state.quest.cards[0].tokens[PROGRESS] = 2
    on_top(state, core_card(state, "Despair"))
    mountains = core_card(state, "Mountains of Mirkwood")
    state.staging.cards.append(mountains)
    state, _ = run(state, Task(kind="travel"))
    state, _ = answer(state, mountains.uid)
    assert PROGRESS not in state.quest.cards[0].tokens


def test_faq_1_39_a_revealed_objective_goes_to_the_staging_area():
    """FAQ 1.39."""
    state = a_table(1, scenario="escape-from-dol-guldur")
    state.phase = "quest"
    key = core_card(state, "Shadow Key")
    on_top(state, core_card(state, "Hill Troll"), core_card(state, "Wargs"), key)
    state, _ = run(state, Task(kind="reveal", note="staging"))
    assert any(c.uid == key.uid for c in state.staging.cards)


def test_faq_1_29_the_victory_display_is_not_the_discard_pile():
    """FAQ 1.29: Eastern Crows come back from the discard pile or the victory display alike; a defeated
    enemy with Victory points stays in the display."""
    state = a_table(1)
    crows = core_card(state, "Eastern Crows")
    state.player("p1").engaged.cards.append(crows)
    deal_damage(Turn(state=state, seat=""), crows, 3)
    assert crows not in state.encounter_discard.cards and crows not in state.victory.cards


def pay_all(state):
    """Answer every payment question by taking the whole price from the first hero offered."""
    while any(d.context.startswith("pay") for d in state.decisions):
        d = next(d for d in state.decisions if d.context.startswith("pay"))
        state, _ = answer(state, tuple(f"{o.id}={1 if i == 0 else 0}" for i, o in enumerate(d.options)))
    return state


def test_faq_1_31_a_second_snowbourn_scout_answers_only_for_itself():
    """FAQ 1.31: a card naming its own title means that copy. With a Scout already in play, playing a second
    one asks once, for the newcomer's progress token; the first does not answer its twin's arrival."""
    state = a_table(1)
    state.orders["p1"] = {"forced": "ask"}  # one location: asked anyway, to count the questions
    in_play(state, "Snowbourn Scout")
    second = core_card(state, "Snowbourn Scout")
    state.player("p1").hand.cards.append(second)
    gate = core_card(state, "Forest Gate")
    state.staging.cards.append(gate)
    state, _ = run(state, Task(kind="plan-turn", seat="p1"))
    state, _ = answer(state, second.uid)
    state = pay_all(state)
    assert len([d for d in state.decisions if d.context.startswith("fx:scout")]) == 1
    state, _ = answer(state, gate.uid)
    assert gate.uid in [c.uid for c in state.staging.cards]
    assert next(c for c in state.staging.cards if c.uid == gate.uid).tokens[PROGRESS] == 1
    assert not any(d.context.startswith("fx:scout") for d in state.decisions)


def test_faq_1_31_a_defeated_eastern_crows_sends_only_itself_back_into_the_deck():
    """FAQ 1.31: of two Eastern Crows, the one defeated is shuffled back into the encounter deck; the other
    stays where it is."""
    state = a_table(1)
    beaten, other = core_card(state, "Eastern Crows"), core_card(state, "Eastern Crows")
    state.player("p1").engaged.cards.append(beaten)
    state.staging.cards.append(other)
    size = len(state.encounter_deck.cards)
    deal_damage(Turn(state=state, seat=""), beaten, 5)
    assert beaten.uid in [c.uid for c in state.encounter_deck.cards]
    assert len(state.encounter_deck.cards) == size + 1
    assert [c.uid for c in state.staging.cards] == [other.uid]


def test_faq_1_35_every_way_into_the_staging_area_counts_as_entering_it(monkeypatch):
    """FAQ 1.35: a card enters the staging area when it is revealed, brought in from out of play (the Nazgûl
    of Dol Guldur on the rescue), returned from the discard pile (Backtrack!), or sent back by the player it was
    engaged with (Wargs after a shadow card without effect); the engine's arrival rules see all four."""
    from engines.lcg import table as table_rules
    from engines.lcg.effects.enemies import prisoner_rescued

    seen = []
    monkeypatch.setattr(table_rules, "STAGING_ARRIVALS",
                        [*table_rules.STAGING_ARRIVALS, lambda _turn, c, source: seen.append((c.name, source))])
    state = a_table(1)
    state.phase = "quest"
    on_top(state, core_card(state, "Forest Gate"))
    run(state, Task(kind="reveal", note="staging"))
    nazgul = core_card(state, "Nazgûl of Dol Guldur")
    state.set_aside.cards.append(nazgul)
    prisoner_rescued(Turn(state=state, seat=""))
    state.encounter_discard.cards.append(core_card(state, "Hill Troll"))
    on_top(state, nightmare_card(state, "Backtrack!"))
    run(state, Task(kind="reveal", note="staging"))
    wargs = core_card(state, "Wargs")
    state, _ = attack(state, wargs, shadow=core_card(state, "Forest Gate"))  # a location: no shadow effect
    state, _ = answer(state, hero(state, "p1", "Aragorn").uid)
    assert wargs.uid in [c.uid for c in state.staging.cards]
    assert {("Forest Gate", "revealed"), ("Nazgûl of Dol Guldur", "out of play"), ("Hill Troll", "discard pile"),
            ("Wargs", "in play")} <= set(seen)


def test_faq_1_35_a_spider_back_from_the_discard_pile_enters_play_under_glade_of_the_spawn():
    """FAQ 1.35, with the Nightmare Glade of the Spawn active: Backtrack! bringing a Forest Spider back from the
    discard pile puts a Spider into play as a reveal would, so each player must exhaust a character. An
    engaged Spider sent back to the staging area was in play already: the Glade asks nothing."""
    from engines.lcg.effects.primitives import to_staging

    state = a_table(1)
    state.phase = "quest"
    state.active.cards.append(nightmare_card(state, "Glade of the Spawn"))
    state.encounter_discard.cards.append(core_card(state, "Forest Spider"))
    state.encounter_deck.cards.clear()
    on_top(state, nightmare_card(state, "Backtrack!"))
    back, _ = run(state, Task(kind="reveal", note="staging"))
    assert [c.name for c in back.staging.cards] == ["Forest Spider"]
    assert [d.prompt.split(":")[0] for d in back.decisions] == ["Glade of the Spawn"]

    engaged = core_card(state, "Forest Spider")
    state.player("p1").engaged.cards.append(engaged)
    turn = Turn(state=state, seat="")
    to_staging(turn, engaged)
    assert engaged in state.staging.cards and not state.decisions


def test_faq_1_46_a_solo_game_has_no_next_player_and_its_player_is_also_the_last():
    """FAQ 1.46 (C 8.2-8.3): alone at the table, nobody is the next player, so the refresh phase's token pass
    does nothing; the one player is both first and last. With more players the next is on the left (skipping
    the eliminated) and the last is on the first player's right."""
    solo = a_table(1)
    assert solo.next_player("p1") is None and solo.last_player().seat == "p1"
    solo, log = run(solo, Task(kind="refresh"))
    assert solo.first_seat == "p1" and not any("becomes the first player" in line for line in log)

    trio = a_table(3)
    assert trio.next_player("p3").seat == "p1" and trio.last_player().seat == "p3"
    trio.player("p2").eliminated = True
    assert trio.next_player("p1").seat == "p3"
    trio, _ = run(trio, Task(kind="refresh"))
    assert trio.first_seat == "p3" and trio.last_player().seat == "p1"


def test_faq_1_47_player_cards_cannot_choose_or_touch_a_card_immune_to_them():
    """FAQ 1.47, with the Nightmare Abandoned Camp (immune to player card effects) beside Forest Gate in the
    staging area: Snowbourn Scout may only put its progress on the Gate, Northern Tracker's progress passes
    the Camp by, Power in the Earth cannot be attached to it, and Secret Paths has nothing to choose once the
    Camp is the only location there."""
    from engines.lcg.effects import allies, events
    from engines.lcg.playing import hosts

    state = a_table(1)
    camp, gate = nightmare_card(state, "Abandoned Camp"), core_card(state, "Forest Gate")
    state.staging.cards += [camp, gate]
    player = state.player("p1")
    turn = Turn(state=state, seat="")
    allies.put_into_play(turn, player, core_card(state, "Snowbourn Scout"))
    scout = next(d for d in state.decisions if d.context.startswith("fx:scout"))
    assert [o.id for o in scout.options] == [gate.uid]
    state.decisions.clear()
    allies.committed(turn, player, [in_play(state, "Northern Tracker")])
    assert gate.tokens[PROGRESS] == 1 and PROGRESS not in camp.tokens
    assert [c.uid for c in hosts(state, player, core_card(state, "Power in the Earth"))] == [gate.uid]
    state.staging.cards.remove(gate)
    state.phase = "quest"
    assert "can be chosen" in events.refusal(state, player, core_card(state, "Secret Paths"))


def test_faq_1_47_the_games_own_procedure_still_reaches_an_immune_card():
    """FAQ 1.47: travelling and a successful quest's progress are the game's, not a player card's: the players
    may travel to the Abandoned Camp, and questing progress lands on it."""
    from engines.lcg.quest import place_progress

    state = a_table(1)
    camp = nightmare_card(state, "Abandoned Camp")
    state.staging.cards.append(camp)
    state, _ = run(state, Task(kind="travel"))
    state, _ = answer(state, camp.uid)
    assert [c.uid for c in state.active.cards] == [camp.uid]
    place_progress(Turn(state=state, seat=""), 1)
    assert state.active.cards[0].tokens[PROGRESS] == 1


def test_faq_1_48_being_discarded_is_not_being_destroyed():
    """FAQ 1.48: Horn of Gondor answers a character's destruction. Gandalf leaving as the round ends is
    discarded by his own text, not destroyed: no resource. An ally killed by damage is destroyed and placed in
    its owner's discard pile: one resource. Both end up in the discard pile."""
    state = a_table(1)
    aragorn = hero(state, "p1", "Aragorn")
    aragorn.attached.append(core_card(state, "Horn of Gondor"))
    before = aragorn.tokens.get(RESOURCE, 0)
    gandalf = in_play(state, "Gandalf")
    state, _ = run(state, Task(kind="round-end"))
    aragorn = hero(state, "p1", "Aragorn")
    assert gandalf.uid in [c.uid for c in state.player("p1").discard.cards]
    assert aragorn.tokens.get(RESOURCE, 0) == before
    ally = in_play(state, "Guard of the Citadel")
    state.decisions.clear()
    deal_damage(Turn(state=state, seat=""), ally, 5)
    assert ally.uid in [c.uid for c in state.player("p1").discard.cards]
    assert aragorn.tokens[RESOURCE] == before + 1


def test_faq_1_55_an_enemy_whose_hit_points_an_effect_brings_to_zero_is_discarded_not_defeated():
    """FAQ 1.55 (C 4.11.7): hit points taken to 0 or less by effects discard the card; it is not defeated, so a
    Victory enemy goes to the encounter discard pile, not the victory display. A made-to-order enemy."""
    state = a_table(1)
    foe = card(state, name="Made Foe", type="enemy", engagement_cost=40, attack=2, defense=1, hit_points=2,
               victory=3)
    state.staging.cards.append(foe)
    step = GAME.apply(state, "p1", GAME.parse(f"modify {foe.uid} hit_points -2 round"))
    after = step.state
    assert [c.uid for c in after.encounter_discard.cards][-1:] == [foe.uid]
    assert foe.uid not in {c.uid for c in after.victory.cards}
    assert any("discarded" in e.text for e in step.events)
    assert not any("defeated" in e.text for e in step.events)


def test_faq_1_55_a_character_whose_hit_points_fall_to_zero_is_discarded_not_destroyed():
    """FAQ 1.55: an ally brought to 0 hit points by an effect goes to its owner's discard pile, discarded."""
    state = a_table(1)
    ally = card(state, name="Made Ally", type="ally", willpower=1, hit_points=1, owner="p1")
    state.player("p1").play.cards.append(ally)
    step = GAME.apply(state, "p1", GAME.parse(f"modify {ally.uid} hit_points -3 phase"))
    assert ally.uid in {c.uid for c in step.state.player("p1").discard.cards}
    assert any("Made Ally is discarded" in e.text for e in step.events)


def test_faq_1_19_an_effect_made_during_setup_until_the_end_of_the_phase_lasts_through_the_first_resource_phase():
    """FAQ 1.19 (spec 3): a lasting effect created during setup "until the end of the phase" ends with round 1's
    resource phase, not when it begins."""
    state = a_table(1)
    state.phase = "setup"
    aragorn = hero(state, "p1", "Aragorn")
    base = stat(state, aragorn, "willpower")
    state.modifiers.append(Modifier(uid=aragorn.uid, stat="willpower", amount=2, until="phase"))
    state.marks.append("phase:setup-effect")
    state, _ = run(state, Task(kind="phase", note="resource"))
    assert state.phase == "resource"
    assert stat(state, hero(state, "p1", "Aragorn"), "willpower") == base + 2
    assert "phase:setup-effect" in state.marks
    state, _ = run(state, Task(kind="phase", note="planning"))
    assert stat(state, hero(state, "p1", "Aragorn"), "willpower") == base
    assert "phase:setup-effect" not in state.marks


def test_faq_1_55_despairs_shadow_is_recalculated_so_a_later_defense_bonus_does_not_count_either():
    """FAQ 1.55: an encounter card's lasting effect is recalculated at every moment. After Despair's shadow,
    +1 defense given to the defender before damage (a player's action) must not count in that attack."""
    state = a_table(1)
    aragorn = hero(state, "p1", "Aragorn")
    wargs = core_card(state, "Wargs")  # 3 attack
    despair = core_card(state, "Despair")
    state.player("p1").engaged.cards.append(wargs)
    despair.face_up = True
    wargs.attached.append(despair)
    state, _ = run(state, Task(kind="shadow-resolve", ref=despair.uid, note=wargs.uid),
                   Task(kind="window", note="before damage"),
                   Task(kind="attack-damage", seat="p1", ref=wargs.uid, note=aragorn.uid))
    assert stat(state, hero(state, "p1", "Aragorn"), "defense") == 0
    state.modifiers.append(Modifier(uid=aragorn.uid, stat="defense", amount=1, until="phase"))
    assert stat(state, hero(state, "p1", "Aragorn"), "defense") == 0
    state, _ = answer(state, "pass")
    assert hero(state, "p1", "Aragorn").tokens[DAMAGE] == 3


def test_faq_1_34_with_two_active_locations_an_effect_on_the_active_location_affects_one_the_first_player_picks():
    """FAQ 1.34: Lórien Guide's progress on "the active location" goes on one of two active locations, chosen
    by the first player, not on both."""
    state = a_table(2)
    state.phase = "quest"
    guide = in_play(state, "Lórien Guide", seat="p2")
    road, gate = core_card(state, "Old Forest Road"), core_card(state, "Forest Gate")
    state.active.cards += [road, gate]
    state, _ = run(state, Task(kind="commit", seat="p2"))
    state, _ = answer(state, (guide.uid,), seat="p2")
    pick = next(d for d in state.decisions if d.context.startswith("fx:"))
    assert pick.seat == state.first_seat and {o.id for o in pick.options} == {road.uid, gate.uid}
    state, _ = answer(state, gate.uid, seat=pick.seat)
    progress = {c.uid: c.tokens.get(PROGRESS, 0) for c in state.active.cards}
    assert progress == {road.uid: 0, gate.uid: 1}


def test_faq_1_34_the_first_player_splits_progress_between_two_active_locations():
    """FAQ 1.34: both active locations are buffers; the players divide the progress between them as they choose
    (the first player answers). 3 progress, Forest Gate (4) and Old Forest Road (3) active: all on the gate."""
    from engines.lcg.quest import place_progress

    state = a_table(2)
    gate, road = core_card(state, "Forest Gate"), core_card(state, "Old Forest Road")
    state.active.cards += [road, gate]
    work = GAME.copy(state)
    turn = Turn(state=work, seat="")
    place_progress(turn, 3)
    split = work.decisions[-1]
    assert split.seat == work.first_seat and split.amount == 3 and {o.id for o in split.options} == {road.uid, gate.uid}
    after, _ = answer(work, (f"{road.uid}=0", f"{gate.uid}=3"))
    progress = {c.uid: c.tokens.get(PROGRESS, 0) for c in after.active.cards}
    assert progress == {road.uid: 0, gate.uid: 3}
    assert not after.quest.cards[0].tokens.get(PROGRESS)


def test_faq_1_34_progress_that_fills_both_active_locations_needs_no_question():
    """FAQ 1.34: enough progress to explore both leaves nothing to divide; the rest goes on the quest."""
    from engines.lcg.quest import place_progress

    state = a_table(2)
    gate, road = core_card(state, "Forest Gate"), core_card(state, "Old Forest Road")
    state.active.cards += [road, gate]
    turn = Turn(state=state, seat="")
    room = sum(stat(state, c, "quest_points") for c in (road, gate))
    place_progress(turn, room + 1)
    assert not state.decisions and not state.active.cards
    assert state.quest.cards[0].tokens[PROGRESS] == 1


# --- FAQ 1.32: an enemy that changes engagement or goes back to the staging area mid-combat ---------------------
def an_orc(state, attack: int = 3):
    """A made-to-order enemy, so that no card text of its own takes part."""
    return card(state, name="Made Orc", type="enemy", engagement_cost=20, attack=attack, defense=1, hit_points=4,
                threat=1)


def in_hand_with_resources(state, seat: str, *titles: str, resources: int = 2):
    """`seat` holds only these Core Set cards, with `resources` on each of its heroes to pay for them."""
    cards = [core_card(state, title, owner=seat) for title in titles]
    state.player(seat).hand.cards = cards
    for h in state.player(seat).play.cards:
        if state.card_def(h).type == "hero":
            h.tokens[RESOURCE] = resources
    return cards


def play_from_window(state, seat: str, event):
    """`seat` answers its open action window with `event` and pays for it, from each hero in turn."""
    state, lines = answer(state, event.uid, seat=seat)
    return pay(state, seat, lines)


def all_pass(state):
    """Every seat asked in the open action window passes; what the table is told meanwhile is kept."""
    said: list[str] = []
    while any(d.context.startswith("window:") for d in state.decisions):
        d = next(d for d in state.decisions if d.context.startswith("window:"))
        state, lines = answer(state, "pass", seat=d.seat)
        said += lines
    return state, said


def test_faq_1_32_an_attack_still_resolves_when_its_enemy_is_sent_back_to_the_staging_area():
    """FAQ 1.32 (C 14.6.1.8; spec 4.6 step 4): a card involved in combat that is returned to the staging area during
    an attack's resolution still takes part in it from its new state: the attack resolves. Given an orc (3 attack)
    attacking p1, defended by Aragorn (2 defense), when p3 plays A Light in the Dark on it before damage, then
    Aragorn still takes 1 damage, and the orc, now in the staging area, has attacked."""
    state = a_table(3, windows="key")  # the attack's "before damage" window
    state.phase = "combat"
    orc = an_orc(state)
    state.player("p1").engaged.cards.append(orc)
    (light,) = in_hand_with_resources(state, "p3", "A Light in the Dark")
    aragorn = hero(state, "p1", "Aragorn")
    state, _ = run(state, Task(kind="defend", seat="p1", ref=orc.uid))
    state, _ = answer(state, aragorn.uid)
    assert any(d.context.startswith("window:before damage") for d in state.decisions)
    state, said = play_from_window(state, "p3", light)
    assert "Made Orc returns to the staging area." in said
    state, said = all_pass(state)
    assert f"Aragorn ({aragorn.uid}) takes 1 damage from Made Orc." in said
    assert hero(state, "p1", "Aragorn").tokens[DAMAGE] == 1
    assert [c.uid for c in state.staging.cards] == [orc.uid]
    assert state.staging.cards[0].flags == ["attacked"]


def test_faq_1_32_an_enemy_that_has_attacked_does_not_attack_again_when_it_engages_another_player():
    """FAQ 1.32 Q&A (spec scenario 58): an enemy that has already made its attack and then engages a new player in
    the same combat phase does not attack again, unless a card effect directs it to. Given p2 the first player, an
    orc engaged with p2 attacks p2; then p3 sends it back to the staging area (A Light in the Dark) and p1 engages it
    (Son of Arnor, put into play by Sneak Attack): when p1's enemies attack, the orc does not."""
    state = a_table(3)
    state.first = 1  # p2 first: p2's enemies attack before p1's (RR p.18)
    state.phase = "combat"
    orc = an_orc(state)
    state.player("p2").engaged.cards.append(orc)
    (light,) = in_hand_with_resources(state, "p3", "A Light in the Dark")
    sneak, son = in_hand_with_resources(state, "p1", "Sneak Attack", "Son of Arnor")
    state, _ = run(state, Task(kind="enemy-attacks", seat="p2"))
    gimli = hero(state, "p2", "Gimli")
    state, said = answer(state, gimli.uid)
    assert f"Gimli ({gimli.uid}) takes 1 damage from Made Orc." in said  # its attack has resolved
    state, _ = run(state, Task(kind="window", note="combat"))
    state, said = play_from_window(state, "p3", light)
    assert "Made Orc returns to the staging area." in said
    state, _ = play_from_window(state, "p1", sneak)
    state, said = answer(state, orc.uid, seat="p1")  # Son of Arnor: engage which enemy?
    assert "Made Orc engages p1." in said
    state, _ = all_pass(state)
    assert [e.uid for e in state.player("p1").engaged.cards] == [orc.uid]
    state, said = run(state, Task(kind="enemy-attacks", seat="p1"))
    assert not state.decisions
    assert "Made Orc attacks p1." not in said


def test_faq_1_32_an_enemy_back_from_an_eliminated_player_keeps_its_attack_spent():
    """FAQ 1.32 Q&A with RR p.22: an eliminated player's enemies return to the staging area; one that attacked in this
    combat phase has had its attack, should another player engage it. Given an orc's undefended attack with East Bight
    Patrol as its shadow taking p1 to threat 50, then p1 is eliminated, the attack on p1 ends there (no window before
    its damage), and the orc, back in the staging area, is marked as having attacked; it keeps its shadow card
    there until the end of combat (C 14.6.1.4: it has not left play)."""
    state = a_table(2, windows="key")
    state.phase = "combat"
    state.player("p1").threat = 47
    orc = an_orc(state)
    state, _ = attack(state, orc, shadow=core_card(state, "East Bight Patrol"))
    state, said = answer(state, "undefended")
    assert "p1 is eliminated (threat 50)." in said
    assert not any(d.context.startswith("window:") for d in state.decisions)
    assert [c.uid for c in state.staging.cards] == [orc.uid] and state.staging.cards[0].flags == ["attacked"]
    assert [a.name for a in state.staging.cards[0].attached] == ["East Bight Patrol"]


# --- C 14.6.1.4: shadow cards stay on their enemy through the combat phase -----------------------------------------
def test_c_14_6_1_4_a_shadow_card_stays_on_its_enemy_sent_back_to_the_staging_area_until_combat_ends():
    """C 14.6.1.4: a shadow card stays on the enemy it was dealt to for the whole combat phase; it is discarded early
    only if that enemy leaves play, and every shadow card of the round is discarded when combat ends. Going back to
    the staging area is not leaving play (FAQ 1.32: the enemy takes part from its new state). Given an orc attacking
    p1 with Forest Gate as its shadow card (a location, whose threat is not the staging area's), defended by Aragorn,
    when p3 plays A Light in the Dark on it before damage, then the orc in the staging area still carries its turned
    shadow card, which adds no threat there, until combat ends."""
    from engines.lcg.quest import staging_threat

    state = a_table(3, windows="key")
    state.phase = "combat"
    orc = an_orc(state)
    gate = core_card(state, "Forest Gate")
    (light,) = in_hand_with_resources(state, "p3", "A Light in the Dark")
    state, _ = attack(state, orc, shadow=gate)
    state, _ = answer(state, hero(state, "p1", "Aragorn").uid)
    state, said = play_from_window(state, "p3", light)
    assert "Made Orc returns to the staging area." in said
    state, _ = all_pass(state)
    (back,) = state.staging.cards
    assert [a.uid for a in back.attached] == [gate.uid] and back.attached[0].face_up
    assert gate.uid not in [c.uid for c in state.encounter_discard.cards]
    assert staging_threat(state) == 1  # the orc's own threat only
    state, _ = run(state, Task(kind="combat-end"))
    assert not state.staging.cards[0].attached
    assert state.encounter_discard.cards[-1].uid == gate.uid


def test_c_14_6_1_4_an_unresolved_shadow_card_goes_back_with_its_enemy_and_is_discarded_as_combat_ends():
    """C 14.6.1.4 with the C 14.6.1.3 Q&A (an enemy that does not attack keeps its shadow card unresolved, to be
    discarded as combat ends). Given an orc dealt a face-down shadow card and sent back to the staging area
    before it attacks, then the card stays on it, face down (the table knows only that it is a shadow card), and is
    discarded unresolved when combat ends."""
    from engines.lcg.effects.primitives import to_staging

    state = a_table(1)
    state.phase = "combat"
    orc = an_orc(state)
    state.player("p1").engaged.cards.append(orc)
    on_top(state, core_card(state, "East Bight Patrol"))
    state, _ = run(state, Task(kind="deal-shadows"))
    turn = Turn(state=state, seat="")
    to_staging(turn, state.player("p1").engaged.cards[0])
    (back,) = state.staging.cards
    (shadow,) = back.attached
    assert not shadow.face_up
    (shown,) = [c for z in GAME.view(state, None).table if z.name == "staging area" for c in z.cards]
    assert shown.attached[0].hidden  # the table sees a card back
    discarded = len(state.encounter_discard.cards)
    state, _ = run(state, Task(kind="combat-end"))
    assert not state.staging.cards[0].attached
    assert [c.uid for c in state.encounter_discard.cards[discarded:]] == [shadow.uid]
    assert state.player("p1").threat == a_table(1).player("p1").threat  # not resolved
