"""Quest scripts (meq spec 5.6 Quests; spec 2 step 3e Starting Quests; spec 3.2 step 3c Explore, step 4 Encounter;
scenario 6.44): what completes each Starting, Advanced and Encounter Quest, and its reward."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engines.meq import flow, quests, stock
from engines.meq.cards import index
from engines.meq.state import Hero, MeqState
from tests.engines.meq.table import a_table, answer, contexts, from_deck, hero_turn, options, turn_on

OTHER = {"beravor": "argalad", "argalad": "beravor", "eleanor": "thalin", "eometh": "thalin", "thalin": "eometh"}


def exploring(ref: str, owner: str = "argalad") -> MeqState:
    """`owner` holds the quest and stands on its location, in Travel with nothing open."""
    state = hero_turn(a_table(f"{owner},{OTHER[owner]}"), 0, quests.QUESTS[ref].explore)
    state.decisions.clear()
    state.queue.clear()
    state.step = "travel"
    state.characters.clear()
    h = state.heroes[0]
    h.quests = [ref]
    h.locked = next((q.id for q in index().pack.quests if q.owner == h.key and q.kind == "advanced"), "")
    if ref == h.locked:
        h.locked = ""
    state.queue.append("explore")
    flow.advance(turn_on(state))
    return state


def complete(state: MeqState, ref: str) -> MeqState:
    assert f"complete:{ref}" in options(state, "explore")
    state = answer(state, "explore", f"complete:{ref}")
    h = state.heroes[0]
    assert ref in h.done and ref not in h.quests
    return state


def trained(state: MeqState) -> MeqState:
    """Answer the training (two Skill cards, one kept in hand)."""
    assert "train" in contexts(state)
    return answer(state, "train", sorted(options(state, "train"))[0])


def pick(state: MeqState, context: str, choice: str) -> MeqState:
    return answer(state, context, choice)


def advanced_of(h: Hero) -> str:
    return next(q.id for q in index().pack.quests if q.owner == h.key and q.kind == "advanced")


Check = Callable[[MeqState, MeqState], MeqState]

# quest id, its owner (hero quests) or "argalad" (Encounter Quests), and what the reward must do:
# (favor gained, then a function answering what the reward asks and checking the rest)


def starting_reward(char: str, where: str, train: bool = True) -> Check:
    def run(before: MeqState, state: MeqState) -> MeqState:
        if train:
            state = trained(state)
        assert state.characters.get(char) == where
        h = state.heroes[0]
        assert advanced_of(h) in h.quests and not h.locked  # spec 5.6: the Advanced Quest is now usable
        return state
    return run


def level(attribute: str) -> Check:
    def run(before: MeqState, state: MeqState) -> MeqState:
        assert state.heroes[0].raises.get(attribute) == 1
        return state
    return run


def favor_or_level(attribute: str, then: Check | None = None) -> Check:
    def run(before: MeqState, state: MeqState) -> MeqState:
        assert options(state, "fx_level") == {"favor", "level"}
        state = pick(state, "fx_level", "level")
        assert state.heroes[0].raises.get(attribute) == 1
        return then(before, state) if then else state
    return run


def pool_down(n: int) -> Check:
    def run(before: MeqState, state: MeqState) -> MeqState:
        assert state.pool == before.pool - n
        return state
    return run


def train_only(before: MeqState, state: MeqState) -> MeqState:
    state = trained(state)
    skills = [c for c in state.heroes[0].hand.cards if index().combat[c.ref].deck == "skill"]
    assert len(skills) == 1 and len(state.skill_discard.cards) == 1  # spec 5.5: one kept, one discarded
    return state


def rest_back(before: MeqState, state: MeqState) -> MeqState:
    assert not state.heroes[0].rest.cards
    return state


def uncorrupt(before: MeqState, state: MeqState) -> MeqState:
    assert not state.heroes[0].corruption.cards
    return state


EXPLORE: list[tuple[str, str, int, Check]] = [
    ("quest-beravor-guarding-the-dimrill-stair", "beravor", 2, starting_reward("char-gandalf", "bree")),
    ("quest-beravor-bones-of-a-darkness-past", "beravor", 2, level("agility")),
    ("quest-argalad-they-have-become-queer-and-wild", "argalad", 2,
     starting_reward("char-thranduil", "the-woodland-realm")),
    ("quest-argalad-echoes-of-bolg-s-army", "argalad", 0, favor_or_level("fortitude")),
    ("quest-eleanor-an-appeal-to-golasgil", "eleanor", 1, starting_reward("char-boromir", "osgiliath")),
    ("quest-eleanor-where-the-stars-are-strange", "eleanor", 0, starting_reward("char-denethor", "minas-tirith")),
    ("quest-eleanor-hidden-in-the-ash-mountains", "eleanor", 0, favor_or_level("agility", pool_down(1))),
    ("quest-eometh-drive-back-the-evil-men", "eometh", 2, starting_reward("char-saruman", "isengard", train=False)),
    ("quest-eometh-hill-of-sorcery", "eometh", 0, favor_or_level("agility", pool_down(2))),
    ("quest-th-lin-the-ered-luin", "thalin", 3, starting_reward("char-dain-ii", "erebor", train=False)),
    ("quest-th-lin-to-look-into-the-mirrormere", "thalin", 0, favor_or_level("wisdom")),
    ("enc-quest-isildurs-heir-20", "argalad", 1, train_only),
    ("enc-quest-smoke-on-22", "argalad", 2, pool_down(1)),
    ("enc-quest-the-mounts-37", "argalad", 2, train_only),
    ("enc-quest-the-palantir-38", "argalad", 1, uncorrupt),
    ("enc-quest-captain-of-44", "argalad", 1, train_only),
    ("enc-quest-a-shadow-52", "argalad", 2, rest_back),
    ("enc-quest-greenleaf-59", "argalad", 0, favor_or_level("agility")),
    ("enc-quest-beyond-the-67", "argalad", 2, train_only),
    ("enc-quest-the-haunted-70", "argalad", 2, uncorrupt),
    ("enc-quest-the-son-74", "argalad", 1, level("fortitude")),
    ("enc-quest-find-the-84", "argalad", 1, pool_down(1)),
    ("enc-quest-the-squint-86", "argalad", 0, pool_down(2)),
    ("enc-quest-the-black-87", "argalad", 2, train_only),
]


@pytest.mark.parametrize(("ref", "owner", "gain", "check"), EXPLORE, ids=[e[0] for e in EXPLORE])
def test_exploring_the_quests_location_completes_it_with_its_reward(ref: str, owner: str, gain: int,
                                                                    check: Check) -> None:
    # meq spec 5.6 and 3.2 step 3c (Complete Quests during Explore): the reward is given, the quest leaves play
    state = exploring(ref, owner)
    h = state.heroes[0]
    state.pool = 3
    h.favor = 0
    h.rest.cards.append(from_deck(state, stock.life(h), stock.refs(state, stock.life(h))[0]))
    if "uncorrupt" in "".join(quests.QUESTS[ref].reward):
        state = with_one_corruption(state)
    before = state
    state = complete(state, ref)
    assert state.heroes[0].favor == gain
    state = check(before, state)
    assert "explore" in contexts(state)  # exploring goes on after the reward


def with_one_corruption(state: MeqState) -> MeqState:
    from engines.meq import rules

    rules.gain_corruption(turn_on(state), state.heroes[0])
    assert len(state.heroes[0].corruption.cards) == 1
    return state


def test_no_completion_elsewhere_and_the_shadow_card_loss() -> None:
    # meq spec 5.6: the requirement must be met; Echoes of Bolg's Army also costs Sauron a random Shadow card
    state = exploring("quest-argalad-echoes-of-bolg-s-army", "argalad")
    state.shadow_hand.cards.append(from_deck(state, "shadow", stock.refs(state, "shadow")[0]))
    state = complete(state, "quest-argalad-echoes-of-bolg-s-army")
    state = pick(state, "fx_level", "favor")
    assert state.heroes[0].favor == 2 and not state.shadow_hand.cards and len(state.shadow_discard.cards) == 1
    away = exploring("enc-quest-the-mounts-37", "argalad")
    away.heroes[0].quests.append("enc-quest-greenleaf-59")
    assert "complete:enc-quest-greenleaf-59" not in options(away, "explore")


def test_hill_of_sorcery_sauron_may_give_up_a_plot_card() -> None:
    # meq spec 5.6: Sauron picks what he loses: one Plot in hand, or two Pool tokens
    state = exploring("quest-eometh-hill-of-sorcery", "eometh")
    state.pool = 3
    state.plot_hand.cards.append(from_deck(state, "plot", stock.refs(state, "plot")[0]))
    state = complete(state, "quest-eometh-hill-of-sorcery")
    state = pick(state, "fx_level", "favor")
    uid = state.plot_hand.cards[0].uid
    state = pick(state, "fx_plot_pool", uid)
    assert not state.plot_hand.cards and state.pool == 3 and state.plot_discard.cards[-1].uid == uid


def test_the_seat_of_saurons_power_sheds_every_corruption_card_or_cuts_the_pool() -> None:
    # meq spec 5.6, 5.5 (Corruption cards leave through some Encounter cards)
    state = exploring("enc-quest-the-seat-29")
    from engines.meq import rules

    for _ in range(2):
        rules.gain_corruption(turn_on(state), state.heroes[0])
    state = complete(state, "enc-quest-the-seat-29")
    state = pick(state, "quest_seat", "favor")
    assert state.heroes[0].favor == 2 and not state.heroes[0].corruption.cards
    other = exploring("enc-quest-the-seat-29")
    other.pool = 2
    other = complete(other, "enc-quest-the-seat-29")
    other = pick(other, "quest_seat", "pool")
    assert other.pool == 1 and other.heroes[0].favor == 0


def test_the_evenstar_gives_an_elven_cloak() -> None:
    # meq spec 5.5 (Items) and 5.6: the reward is an Item
    state = complete(exploring("enc-quest-the-evenstar-55"), "enc-quest-the-evenstar-55")
    assert "item-elven-cloak" in state.heroes[0].items


def test_a_starting_quest_takes_a_boat_after_the_crebain() -> None:
    # spec 5.6: the advanced quest stays locked until the starting one is done
    state = fight_instead("quest-beravor-spies-in-mithlond", "beravor")
    state = trained(state)
    h = state.heroes[0]
    assert "item-boat" in h.items and "quest-beravor-bones-of-a-darkness-past" in h.quests and not h.locked


FIGHTS = [("quest-beravor-spies-in-mithlond", "beravor", "mon-crebain"),
          ("quest-argalad-the-forest-must-provide-no-refuge", "argalad", "mon-orc"),
          ("quest-eometh-a-message-to-the-white-wizard", "eometh", "mon-agent"),
          ("quest-th-lin-a-new-threat", "thalin", "mon-snaga")]


def fight_instead(ref: str, owner: str, win: bool = True) -> MeqState:
    """The hero's Encounter step on the quest's location: a fight instead of cards, won (or not)."""
    rule = quests.QUESTS[ref]
    state = hero_turn(a_table(f"{owner},{OTHER[owner]}"), 0, rule.fight_at)
    state.decisions.clear()
    state.queue.clear()
    h = state.heroes[0]
    h.quests = [ref]
    h.locked = advanced_of(h)
    drawn = len(state.encounter_discards[state.map.group_of(h.at)].cards)
    state.step = "encounter"
    flow.advance(turn_on(state))
    c = state.combat
    assert c is not None and c.foe == rule.foe  # spec 3.2 step 4 replaced: no Encounter card is drawn
    assert len(state.encounter_discards[state.map.group_of(h.at)].cards) == drawn
    state.decisions.clear()
    state.queue.clear()
    c.stage, c.foe_defeated = "over", win
    flow.advance(turn_on(state))
    return state


@pytest.mark.parametrize(("ref", "owner", "foe"), FIGHTS, ids=[f[0] for f in FIGHTS])
def test_a_fight_replaces_the_encounter_and_a_win_completes_the_quest(ref: str, owner: str, foe: str) -> None:
    # meq spec 2 step 3e (the quest's setup), 3.2 step 4, 5.6: a character is placed at setup; winning completes it
    fresh = a_table(f"{owner},{OTHER[owner]}")
    start = quests.QUESTS[ref].start[0].split(":")
    if ref in fresh.heroes[0].quests:
        assert fresh.characters.get(start[2]) == start[3]
    lost = fight_instead(ref, owner, win=False)
    assert ref in lost.heroes[0].quests and ref not in lost.heroes[0].done
    state = fight_instead(ref, owner)
    assert ref in state.heroes[0].done
    assert "train" in contexts(state) or state.heroes[0].favor > 0


def test_any_combat_with_the_black_serpent_completes_where_the_stars_are_strange() -> None:
    # meq spec 5.6: this Starting Quest is also met by a combat with a minion, won or not
    ref = "quest-eleanor-where-the-stars-are-strange"
    state = hero_turn(a_table("eleanor,thalin"), 0)
    state.decisions.clear()
    state.queue.clear()
    h = state.heroes[0]
    h.quests = [ref]
    flow.FIGHTS[0](turn_on(state), h, "minion-black-serpent", "card")
    state.decisions.clear()
    state.queue.clear()
    assert state.combat is not None
    state.combat.stage = "over"
    flow.advance(turn_on(state))
    assert ref in state.heroes[0].done and state.heroes[0].raises.get("strength") == 1


TAKEN = [("enc-quest-isildurs-heir-20", "char-aragorn", "rhun"),
         ("enc-quest-captain-of-44", "char-boromir", "minas-tirith"),
         ("enc-quest-the-evenstar-55", "char-aragorn", "rivendell"),
         ("enc-quest-find-the-84", "char-gandalf", "bree")]


@pytest.mark.parametrize(("ref", "char", "where"), TAKEN, ids=[t[0] for t in TAKEN])
def test_taking_an_encounter_quest_places_its_character(ref: str, char: str, where: str) -> None:
    # meq spec 3.2 step 4 (6.44): the quest is kept and what it sets up happens at once
    state = hero_turn(a_table(), 0)
    state.decisions.clear()
    state.queue.clear()
    state.characters.pop(char, None)
    quests.take(turn_on(state), state.heroes[0], ref)
    flow.advance(turn_on(state))
    assert ref in state.heroes[0].quests and state.characters[char] == where


def test_taking_the_squint_eyed_southerner_and_the_black_pit_feeds_sauron() -> None:
    # meq spec 5.4 (card effects put influence on the board and in the Pool)
    state = hero_turn(a_table(), 0)
    state.decisions.clear()
    state.queue.clear()
    quests.take(turn_on(state), state.heroes[0], "enc-quest-the-squint-86")
    flow.advance(turn_on(state))
    spots = options(state, "quest_influence")
    assert "dunland" in spots and all(state.map.location(x).region == "enedwaith" for x in spots)
    state = answer(state, "quest_influence", "dunland")
    assert state.influence["dunland"] == 1
    pool = state.pool
    state.decisions.clear()
    quests.take(turn_on(state), state.heroes[0], "enc-quest-the-black-87")
    flow.advance(turn_on(state))
    assert state.pool == pool + 1


def test_an_encounter_quest_drawn_in_the_encounter_step_is_kept_and_set_up() -> None:
    # meq scenario 6.44: a matching Quest goes into the hero's play area; its setup happens
    state = hero_turn(a_table(), 0, "plains-of-gorgoroth")
    state.decisions.clear()
    state.queue.clear()
    state.characters.pop("char-aragorn", None)
    card = from_deck(state, "encounter:brown-lands-mordor", "enc-quest-isildurs-heir-20")
    state.stock["encounter:brown-lands-mordor"] = (stock.entry(card),)
    state.step = "encounter"
    flow.advance(turn_on(state))
    assert "enc-quest-isildurs-heir-20" in state.heroes[0].quests
    assert state.characters["char-aragorn"] == "rhun"


def test_both_own_quests_done_meet_the_spear_of_the_west() -> None:
    # meq spec 5.10 (The Spear of the West) and 5.6: the Starting Quest unlocks the Advanced one, both count
    from engines.meq import finale

    state = exploring("quest-th-lin-the-ered-luin", "thalin")
    spear = next(m for m in index().pack.missions if m.test == "all_quests")
    state.heroes[1].done = [q.id for q in index().pack.quests if q.owner == state.heroes[1].key]
    assert not finale.MISSIONS["all_quests"](state, spear)
    state = complete(state, "quest-th-lin-the-ered-luin")
    h = state.heroes[0]
    assert h.quests == ["quest-th-lin-to-look-into-the-mirrormere"]
    state.decisions.clear()
    h.at = "moria"
    state.queue = ["explore"]
    flow.advance(turn_on(state))
    state = complete(state, "quest-th-lin-to-look-into-the-mirrormere")
    assert finale.MISSIONS["all_quests"](state, spear)


def test_the_log_names_a_quest_once() -> None:
    """Found playing: "Beravor takes the Quest Quest: The Squint-eyed Southerner" (an Encounter Quest's name
    says "Quest:" itself)."""
    state = hero_turn(a_table(), 0)
    turn = turn_on(state)
    quests.take(turn, state.heroes[0], "enc-quest-the-squint-86")
    said = [e.text for e in turn.events if "takes" in e.text]
    assert said == [f"{state.heroes[0].name} takes {quests.name('enc-quest-the-squint-86')}."], said
    assert quests.name("enc-quest-the-squint-86").startswith("Quest: ")
