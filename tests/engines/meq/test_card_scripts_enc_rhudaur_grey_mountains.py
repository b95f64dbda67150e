"""Encounter cards of the Rhudaur and Grey Mountains deck (meq spec 3.2 step 4: an Encounter that applies is
resolved by its card; spec 7.3: Encounter effects are per-card scripts)."""

from __future__ import annotations

from engines.meq import enc_rhudaur_grey as rg
from engines.meq import sauron_cards, sheet, stock
from tests.engines.meq.enc_table import damage_due, hurt, life, no_damage, run, table, wound
from tests.engines.meq.table import answer, contexts, open_decision, options, place_token, turn_on

GROUP = "rhudaur-grey-mountains"


def test_hill_of_the_wind_shows_tokens_and_drains_the_pool() -> None:
    # spec 5.8 (token faces are hidden) and 5.4 (Shadow Pool): the hero learns the faces next to Weathertop
    state = table("weathertop")
    state.pool = 2
    near = place_token(state, "eriador-enedwaith", "blank", "bree")
    far = place_token(state, GROUP, "blank", "ettenmoors")
    run(state, rg.WIND)
    seat = state.heroes[0].seat
    assert seat in near.known_to and seat not in far.known_to and state.pool == 1


def test_ruins_of_amon_sul_heal_by_wisdom_then_rest_into_life() -> None:
    # spec 1.3 (hero pools): damage to rest, one per wisdom (2); then the rest pool into the life pool
    state = table("weathertop")
    wound(state, 4)
    before = life(state)
    run(state, rg.AMON_SUL)
    assert hurt(state) == 2 and life(state) == before + 2 and not state.heroes[0].rest.cards


def test_trolls_drain_the_pool_unless_too_corrupt() -> None:
    # spec 5.5 (Corruption) and 5.4 (Shadow Pool): wisdom 2 against the Corruption cards
    state = table("the-trollshaws")
    state.pool = 2
    run(state, rg.TROLLS)
    assert state.pool == 1
    sheet.corrupt(turn_on(state), state.heroes[0], 3)
    run(state, rg.TROLLS)
    assert state.pool == 1


def test_emyn_engrin_pool_or_training() -> None:
    # spec 5.4 and 5.5 (training)
    state = table("the-iron-hills")
    state.pool = 3
    state = answer(run(state, rg.ENGRIN), "card", "pool")
    assert state.pool == 1
    state = answer(run(table("the-iron-hills"), rg.ENGRIN), "card", "train")
    assert "train" in contexts(state)


def test_above_the_withered_heath_shadow_card_and_token() -> None:
    # spec 5.8 (a token discarded face up) and 1.3 (Sauron's Shadow hand)
    state = table("ered-mithrin")
    sauron_cards.draw_shadow(turn_on(state), 1)
    token = place_token(state, GROUP, "blank", "erebor")
    run(state, rg.HEATH)
    assert not state.shadow_hand.cards and len(state.shadow_discard.cards) == 1
    state = answer(state, "card", token.uid)
    assert token.uid not in state.token_at and any(c.uid == token.uid for c in state.token_discard.cards)


def test_forodwaith_hurts_when_the_north_is_dark() -> None:
    # spec 4.4 (damage outside combat): fortitude 5 below 6 influence in Rhudaur and the Grey Mountains
    state = table("the-northern-waste")
    state.influence.update({"mount-gundabad": 3, "ettenmoors": 3})
    run(state, rg.FORODWAITH)
    assert damage_due(state, 3)
    state = table("the-northern-waste")
    state.influence.update({"mount-gundabad": 3, "ettenmoors": 2})
    run(state, rg.FORODWAITH)
    assert no_damage(state)


def test_carn_dum_reborn_damage_or_influence_from_gundabad() -> None:
    # spec 5.4 (extension: Sauron's tokens go one at a time from the Stronghold) and 4.4
    state = answer(run(table("weathertop"), rg.CARN_DUM), "card", "damage")
    assert damage_due(state, 5)
    state = answer(run(table("weathertop"), rg.CARN_DUM), "card", "shadow")
    assert state.pool == 1 and options(state, "card") == {rg.GUNDABAD}
    assert open_decision(state, "card").seat == state.sauron
    state = answer(state, "card", rg.GUNDABAD)
    assert "ruins-of-angmar" in options(state, "card")
    state = answer(state, "card", "ruins-of-angmar")
    state = answer(state, "card", rg.GUNDABAD)
    assert state.influence[rg.GUNDABAD] == 2 and state.influence["ruins-of-angmar"] == 1
    assert "card" not in contexts(state)


def test_a_path_through_the_mountains_favor_and_a_free_step() -> None:
    # spec 5.5 (favor): the step costs no card
    state = run(table("ered-mithrin"), rg.PATH)
    assert state.heroes[0].favor == 1
    state = answer(state, "card", "the-northern-waste")
    assert state.heroes[0].at == "the-northern-waste" and len(state.heroes[0].hand.cards) == 4


def test_lost_in_the_wild_discard_or_be_moved() -> None:
    # spec 3.3 (who decides) and 1.3 (discards to the rest pool)
    state = answer(run(table("erebor"), rg.WILD), "card", "move")
    to = state.map.neighbours("erebor")[0]
    state = answer(state, "card", to)
    assert state.heroes[0].at == to
    state = answer(run(table("erebor"), rg.WILD), "card", "discard")
    state = answer(state, "card", *[c.uid for c in state.heroes[0].hand.cards[:2]])
    assert len(state.heroes[0].hand.cards) == 2 and len(state.heroes[0].rest.cards) == 2


def test_lost_in_the_wild_without_two_cards_only_the_move() -> None:
    # spec 3.3: a choice the hero cannot pay is not offered
    state = table("erebor")
    state.heroes[0].hand.cards[1:] = []
    run(state, rg.WILD)
    assert options(state, "card") == {"move"}


def test_iron_will_pays_for_training_and_a_corruption_card() -> None:
    # spec 5.5 (favor, training, Corruption cards leaving)
    state = table("erebor")
    state.heroes[0].favor = 1
    sheet.corrupt(turn_on(state), state.heroes[0], 2)
    run(state, rg.IRON_WILL)
    state = answer(state, "card", "pay")
    assert state.heroes[0].favor == 0
    state = answer(state, "card", state.heroes[0].corruption.cards[0].uid)
    assert len(state.heroes[0].corruption.cards) == 1 and len(state.corruption_discard.cards) == 1
    assert "train" in contexts(state)
    state = answer(run(table("erebor"), rg.IRON_WILL), "card", "favor")
    assert state.heroes[0].favor == 1


def test_a_common_purpose_by_wisdom() -> None:
    # spec 5.4 (influence) and 5.5 (favor): wisdom 2 against the region's influence
    state = run(table("erebor"), rg.PURPOSE)
    assert state.heroes[0].favor == 2
    state = table("erebor")
    state.influence["mount-gundabad"] = 3
    run(state, rg.PURPOSE)
    assert state.heroes[0].favor == 0


def test_the_world_is_grey_reshuffles_the_deck() -> None:
    # spec 5.12 (a discard pile into its deck) and 5.5 (favor)
    state = table("erebor")
    pile = state.encounter_discards[GROUP]
    pile.cards.append(stock.pop(state, f"encounter:{GROUP}"))
    deck = stock.count(state, f"encounter:{GROUP}")
    run(state, rg.GREY)
    assert not pile.cards and stock.count(state, f"encounter:{GROUP}") == deck + 1
    state = answer(state, "card", "favor")
    assert state.heroes[0].favor == 1
    state = table("erebor")
    state.pool = 1
    state = answer(run(state, rg.GREY), "card", "pool")
    assert state.pool == 0


def test_above_the_withered_heath_may_keep_every_token() -> None:
    # the hero may discard no token; that option is not the word an empty answer is written as (engines.core
    # .decisions.NONE), so its answer reads back as itself (random play found "none" offered here)
    from engines.core import Answer
    from engines.core.decisions import NONE
    from engines.meq import GAME

    state = table("ered-mithrin")
    token = place_token(state, GROUP, "blank", "erebor")
    run(state, rg.HEATH)
    d = open_decision(state, "card")
    assert NONE not in {o.id for o in d.options}
    text = GAME.format(Answer(decision=d.id, choice=("keep",)))
    state = GAME.apply(state, d.seat, GAME.parse(text)).state
    assert state.token_at.get(token.uid) == "erebor"
