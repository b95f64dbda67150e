"""The table's log tells copies of a card apart (two Gondorian Captains in the fellowship, two Morgul Spearmen
among the minions): a copy is named with its id while another card of its name is in play, as a decision's
options name twins (engines/core/turn.py), and a wound prevented again and again reads as one counted line."""

from __future__ import annotations

from engines.core import Answer
from engines.tcg import GAME, actions, flow
from engines.tcg.state import WOUNDS
from tests.engines.player_words import citations
from tests.engines.tcg.table import a_game, at_site, fight, pippin_game, proc, put, turn_of, window

CAPTAIN, SPEARMAN = "7_96", "7_201"  # Gondorian Captain (the Pippin starter's), Morgul Spearman
STEED, DOOM, SCOUT, RAIDER_BOW = "7_253", "8_86", "7_134", "7_155"  # Swift Steed, Doom Drove Them, Desert Scout
BOROMIR, ARMOR, SAVAGE = "1_97", "1_92", "1_151"



def test_two_captains_wounded_are_told_apart_and_a_lone_card_keeps_its_plain_name() -> None:
    # seed 002 p. 9 (wounds one at a time): each wound is its own line, naming the copy it went on
    s = pippin_game()
    frodo, _pippin, first = s.players[0].fellowship.cards
    second = put(s, CAPTAIN, "fellowship")
    turn = turn_of(s)
    for card in (first, second, frodo):
        proc.wound_now(turn, card.uid, "effect")
    assert [e.text for e in turn.events] == [
        f"Gondorian Captain ({first.uid}) takes a wound (1 of 3).",
        f"Gondorian Captain ({second.uid}) takes a wound (1 of 3).",
        f"{frodo.name} takes a wound (1 of 4).",
    ]
    # the ids named are those the table's own view shows for those cards: nothing hidden is told
    table = GAME.view(s, None)
    shown = {c.uid for z in table.table for c in z.cards}
    assert {first.uid, second.uid} <= shown


def test_a_copy_in_a_hand_does_not_make_the_one_in_play_a_twin() -> None:
    s = pippin_game()
    captain = s.players[0].fellowship.cards[2]
    hidden = put(s, CAPTAIN, "hand")
    turn = turn_of(s)
    proc.wound_now(turn, captain.uid, "effect")
    assert [e.text for e in turn.events] == ["Gondorian Captain takes a wound (1 of 3)."]
    assert hidden.uid not in " ".join(e.text for e in turn.events)


def test_a_copy_in_a_hand_is_never_named_with_its_id_even_with_a_twin_in_play() -> None:
    # A hidden card's id follows the deck list (spec 1.2: the hand is the owner's only), so no line names it
    s = pippin_game()
    hidden = put(s, CAPTAIN, "hand")
    assert proc.called(s, hidden) == "Gondorian Captain"
    assert proc.name(s, hidden.uid) == "Gondorian Captain"


def test_three_captains_healed_are_three_lines_each_naming_its_copy() -> None:
    # Minas Tirith Sixth Circle heals each Gondor companion once: the three lines used to read alike
    s = pippin_game()
    captains = [s.players[0].fellowship.cards[2], put(s, CAPTAIN, "fellowship"), put(s, CAPTAIN, "fellowship")]
    for c in captains:
        c.tokens[WOUNDS] = 1
    turn = turn_of(s)
    for c in captains:
        proc.heal(turn, c.uid)
    assert [e.text for e in turn.events] == [f"Gondorian Captain ({c.uid}) is healed of 1 wound." for c in captains]


def test_a_companion_assigned_to_each_of_two_spearmen_names_which() -> None:
    # tcg spec 4.7: the assignment lines the table reads, answered through the engine's own decision
    s = pippin_game()
    _frodo, pippin, captain = s.players[0].fellowship.cards
    one, two = put(s, SPEARMAN, "minions", "p2"), put(s, SPEARMAN, "minions", "p2")
    s.decisions.clear()
    s.phase, s.step = "assignment", "assignment"
    flow.advance(turn_of(s))
    d = s.decisions[0]
    step = GAME.apply(s, d.seat, Answer(decision=d.id, choice=(f"{one.uid}>{pippin.uid}",)))
    assert step.events[0].text == f"{pippin.name} is assigned to Morgul Spearman ({one.uid})."
    d = step.state.decisions[0]
    step = GAME.apply(step.state, d.seat, Answer(decision=d.id, choice=(f"{two.uid}>{captain.uid}",)))
    assert step.events[0].text == f"Gondorian Captain is assigned to Morgul Spearman ({two.uid})."


def test_a_copy_killed_is_named_as_it_was_in_play() -> None:
    s = pippin_game()
    first = s.players[0].fellowship.cards[2]
    put(s, CAPTAIN, "fellowship")
    first.tokens[WOUNDS] = 2
    turn = turn_of(s)
    proc.wound_now(turn, first.uid, "effect")
    assert [e.text for e in turn.events] == [
        f"Gondorian Captain ({first.uid}) takes a wound (3 of 3).",
        f"Gondorian Captain ({first.uid}) is killed and goes to the dead pile.",
    ]


def test_wounds_prevented_one_after_another_read_as_one_counted_line() -> None:
    # Armor: its bearer takes at most one wound in each skirmish; Aragorn "takes three wounds" (seed 002 p. 28)
    s = a_game(deck_p1="fotr-aragorn-starter", deck_p2="fotr-gandalf-starter")
    boromir = put(s, BOROMIR, "fellowship")
    armor = put(s, ARMOR, "", on=boromir)
    fight(s, boromir, put(s, SAVAGE, "minions", "p2"))
    s.decisions.clear()
    s.queue[:] = [f"wound:{boromir.uid}:skirmish"] * 3
    s.step = "skirmish_end"
    turn = turn_of(s)
    flow.advance(turn)
    lines = [e.text for e in turn.events if boromir.name in e.text]
    assert lines == [f"{boromir.name} takes a wound (1 of {GAME.cards[BOROMIR].vitality}).",
                     f"2 wounds to {boromir.name} are prevented by {armor.name}."]


def test_a_twin_played_reads_with_one_aside_its_id_and_the_twilight_after_a_comma() -> None:
    # play-tester: "p2 plays Gondorian Captain (c92) (adds 2 twilight)" read as two asides in a row
    s = pippin_game()
    first = s.players[0].fellowship.cards[2]
    second = put(s, CAPTAIN, "hand")
    window(s, "fellowship")
    before = s.twilight
    step = GAME.apply(s, "p1", Answer(decision=s.decisions[0].id, choice=(f"play:{second.uid}",)))
    cost = step.state.twilight - before
    line = next(e.text for e in step.events if "plays" in e.text)
    assert line == f"p1 plays Gondorian Captain ({second.uid}), adding {cost} twilight."
    assert cost > 0 and first.uid != second.uid and line.count("(") == 1


def test_a_shadow_twin_played_reads_removing_its_twilight() -> None:
    s = pippin_game()
    put(s, SPEARMAN, "minions", "p2")
    second = put(s, SPEARMAN, "hand", "p2")
    s.twilight = 9
    window(s, "shadow", "p2")
    step = GAME.apply(s, "p2", Answer(decision=s.decisions[0].id, choice=(f"play:{second.uid}",)))
    line = next(e.text for e in step.events if "plays" in e.text)
    assert line.startswith(f"p2 plays Morgul Spearman ({second.uid})")
    # The roaming penalty is said after the cost, not as a second aside in brackets (spec 4.3; seed 002 L720-731).
    assert ", removing " in line and line.count("(") == 1
    assert line.endswith(" twilight: cost 2, +2 roaming.") if "roaming" in line else line.endswith(" twilight.")


def test_cards_drawn_together_are_one_line_to_the_drawer_and_a_count_to_the_table() -> None:
    # The play-tester's DMs listed a hand of eight as eight lines ("p1 draws Enraged Horseman." x8).
    s = pippin_game()
    player = s.players[0]
    held = len(player.hand.cards)
    turn = turn_of(s)
    assert proc.draw(turn, player, 3) == 3
    coming = [c.name for c in player.hand.cards[held:]]
    said = [(e.text, e.audience) for e in turn.events]
    assert said == [(f"p1 draws {'; '.join(coming)}.", ["p1"]), ("p1 draws 3 cards.", None)]


def test_the_last_player_left_wins_in_words_that_say_who_lost_and_why() -> None:
    # Spec 5.4 (multiplayer elimination); it read "p2 wins: the last player left (their Ring-bearer was killed
    # for p1)", the loss's words cut in two around the loser.
    s = pippin_game()
    turn = turn_of(s)
    proc.lose(turn, s.players[0], "their Ring-bearer was killed")
    assert s.outcome is not None
    assert s.outcome.reason == "p2 wins: the last player left, after p1 lost (their Ring-bearer was killed)."


def test_cards_discarded_from_hand_read_as_the_cards_they_are_though_a_name_holds_a_comma() -> None:
    # Found playing: "p1 discards 4 cards from hand: Úlairë Otsëa, Black-Mantled Wraith, Swift Steed, Morgul
    # Lurker, Unhindered" read as five cards; "; " parts them, as a hand's DM does
    s = a_game()
    cards = [put(s, ref, "hand") for ref in ("7_218", "7_253", "8_76", "8_82")]
    turn = turn_of(s)
    proc.discard_from_hand(turn, "p1", [c.uid for c in cards])
    assert [e.text for e in turn.events] == [
        "p1 discards 4 cards from hand: Úlairë Otsëa, Black-Mantled Wraith; Swift Steed; Morgul Lurker; Unhindered."]


def test_no_line_a_player_reads_cites_the_spec() -> None:
    # Found playing: "Fierce minions must be defended against again (spec 4.8.5)." Players have no spec: the
    # sections stay in comments and tests.
    assert citations("engines/tcg") == []


def test_the_fierce_line_reads_without_a_spec_section() -> None:
    # tcg spec 4.8.5: after the skirmishes, fierce minions are assigned again
    s = a_game()
    fierce = next(ref for ref, d in s.defs.items() if d.type == "minion" and "fierce" in d.keywords)
    minion = put(s, fierce, "minions", "p2")
    s.decisions.clear()
    s.phase, s.step, s.assign, s.fought = "assignment", "skirmish_pick", {}, []
    turn = turn_of(s)
    flow.advance(turn)
    assert "Fierce minions must be defended against again." in [e.text for e in turn.events]
    assert minion.uid in {o.id.split(">")[0] for o in s.decisions[0].options}


# --- an effect says its reason: the card (or rule) that made it, by name only, never the card's text -------------
def test_a_roaming_minion_says_the_roaming_penalty_and_one_at_home_says_nothing_more() -> None:
    # tcg spec 4.3 (roaming: 2 more twilight); seed 002 p. 24 (L720-731)
    s = pippin_game()
    spearman = put(s, SPEARMAN, "hand", "p2")
    s.twilight = 9
    window(s, "shadow", "p2")
    step = GAME.apply(s, "p2", GAME.parse(f"play {spearman.uid}"))
    assert "p2 plays Morgul Spearman as a roaming minion, removing 4 twilight: cost 2, +2 roaming." in [
        e.text for e in step.events]
    s = pippin_game()
    at_site(s, "7_345")  # Pelennor Flat, site 5: the Spearman's site number is lower, so it is not roaming
    spearman = put(s, SPEARMAN, "hand", "p2")
    s.twilight = 9
    window(s, "shadow", "p2")
    step = GAME.apply(s, "p2", GAME.parse(f"play {spearman.uid}"))
    assert "p2 plays Morgul Spearman, removing 2 twilight." in [e.text for e in step.events]


def test_a_site_that_cuts_a_cost_is_named_in_the_play_line() -> None:
    # tcg spec 7.5, 6.7 (a site's text is active while the fellowship is there); Edoras Hall
    s = a_game()  # the Merry deck's site 1 is Edoras Hall
    steed = put(s, STEED, "hand")
    horseman = s.players[0].fellowship.cards[2]
    window(s, "fellowship")
    step = GAME.apply(s, "p1", GAME.parse(f"play {steed.uid} {horseman.uid}"))
    assert f"p1 plays Swift Steed on {horseman.name}, adding 1 twilight: cost 2, -1 Edoras Hall." in [
        e.text for e in step.events]


def test_a_triggered_effect_begins_with_the_card_that_made_it() -> None:
    # tcg spec 6.4 (triggers), 4.8 (start of a skirmish); Swift Steed: the minions it fights exert
    s = a_game()
    at_site(s, "7_345")  # Pelennor Flat: plains
    horseman = s.players[0].fellowship.cards[2]
    put(s, STEED, "", on=horseman)
    scout = put(s, SCOUT, "minions", "p2")
    s.assign[scout.uid] = horseman.uid
    s.phase, s.step = "assignment", "skirmish_pick"
    s.decisions.clear()
    turn = turn_of(s)
    flow.advance(turn)
    assert "Swift Steed: Desert Scout exerts." in [e.text for e in turn.events]


def test_every_line_a_trigger_logs_names_its_card_once() -> None:
    # tcg spec 6.4 (triggers), 4.8; Swift Steed against two minions. Play-tested: only the first exertion said
    # which card made it, and the second read as if the rules had done it. Every line now begins with the card.
    s = a_game()
    at_site(s, "7_345")  # Pelennor Flat: plains
    horseman = s.players[0].fellowship.cards[2]
    put(s, STEED, "", on=horseman)
    scout, sneak = put(s, SCOUT, "minions", "p2"), put(s, "7_135", "minions", "p2")  # Desert Scout, Desert Sneak
    s.assign[scout.uid] = s.assign[sneak.uid] = horseman.uid
    s.phase, s.step = "assignment", "skirmish_pick"
    s.decisions.clear()
    turn = turn_of(s)
    flow.advance(turn)
    texts = [e.text for e in turn.events]
    at = texts.index("Swift Steed: Desert Scout exerts.")
    assert texts[at + 1] == "Swift Steed: Desert Sneak exerts."


def test_a_line_credited_to_one_card_is_not_credited_again_to_another() -> None:
    # A trigger's lines that another card's trigger, run within it, credited already keep that card alone;
    # a line that names the card already is not prefixed either.
    s = a_game()
    steed = put(s, STEED, "", on=s.players[0].fellowship.cards[2])
    turn = turn_of(s)
    turn.say("Desert Scout: Merry, Noble Warrior exerts.")  # credited already, to a trigger within this one
    turn.say(f"Swift Steed ({steed.uid}): Enraged Horseman exerts.")  # a twin's name and id
    turn.say("p1 discards Swift Steed.")  # names the card
    turn.say("Enraged Horseman exerts.")
    actions.credit(turn, 0, steed)
    assert [e.text for e in turn.events] == ["Desert Scout: Merry, Noble Warrior exerts.",
                                             f"Swift Steed ({steed.uid}): Enraged Horseman exerts.",
                                             "p1 discards Swift Steed.", "Swift Steed: Enraged Horseman exerts."]


def test_a_special_ability_used_names_its_card_before_what_it_does() -> None:
    # tcg spec 6.3 (special abilities); Doom Drove Them, used from the support area
    s = a_game()
    doom = put(s, DOOM, "support")
    _, merry, horseman = s.players[0].fellowship.cards
    window(s, "fellowship")
    step = GAME.apply(s, "p1", GAME.parse(f"use {doom.uid} {horseman.uid} {merry.uid}"))
    texts = [e.text for e in step.events]
    assert texts[0] == "p1 uses Doom Drove Them." and f"{merry.name} exerts." in texts


def test_the_move_says_what_its_twilight_is_for() -> None:
    # tcg spec 4.2 steps 6-7: the new site's Shadow number, and 1 per companion (allies do not count)
    s = pippin_game()
    s.decisions.clear()
    s.step = "move"
    turn = turn_of(s)
    flow.advance(turn)
    site = s.current_site()
    assert site is not None
    line = next(e.text for e in turn.events if " moves to site 2" in e.text)
    assert line == (f"p1 moves to site 2 ({site.name}): {s.defs[site.ref].twilight} twilight for the site and 3 for "
                    f"the companions, pool {s.defs[site.ref].twilight + 3}.")


def test_the_end_of_the_turn_says_which_minions_and_borne_cards_are_discarded() -> None:
    # tcg spec 4.9(b), 7.50; seed 002 p. 32 (L980-982): the Shadow players discard every minion and what it bears
    s = a_game(3)
    scout = put(s, SCOUT, "minions", "p2")
    put(s, RAIDER_BOW, "", "p2", on=scout)
    put(s, "7_135", "minions", "p3")  # Desert Sneak
    put(s, SPEARMAN, "minions", "p3")
    s.decisions.clear()
    s.step = "end_turn"
    turn = turn_of(s)
    flow.advance(turn)
    texts = [e.text for e in turn.events]
    assert "End of the turn: p2 discards their minions and what those bear: Desert Scout; Raider Bow." in texts
    assert "End of the turn: p3 discards their minions and what those bear: Desert Sneak; Morgul Spearman." in texts
    assert not s.minions.cards
