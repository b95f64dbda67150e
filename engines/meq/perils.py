"""Peril cards as scripts (spec 3.2 step 3b, 7.3), in our own words over engines.meq.effects. The hero facing
the peril is `hero`; Sauron's and the hero's choices go through `ask_card`."""

from __future__ import annotations

from engines.core import DecisionKind, Turn
from engines.meq import effects as fx
from engines.meq import fights, influence, moves, pools, regions, sauron_cards, sheet, stock, tokens
from engines.meq.cards import BLACK, index
from engines.meq.state import Hero, MeqState

HOUNDS = "peril-hounds-of-sauron-1"
BETRAYAL = "peril-an-unexpected-betrayal-2"
ILL_MET = "peril-ill-met-company-5"
DARK_TOWER = "peril-dark-tower-8"
WEAKNESS = "peril-weakness-of-men-12"
BUSINESS = "peril-its-a-dangerous-13"
REGRET = "peril-undying-regret-14"
NINE = "peril-nine-for-mortal-15"


@fx.card(HOUNDS)
def hounds(turn: Turn[MeqState], hero: Hero | None) -> None:
    """6 damage, less 1 per shield (defense) on the hand cards the hero chooses to throw away; none left: a
    reward."""
    assert hero is not None
    if not hero.hand.cards:
        pools.damage(turn.state, hero, 6)
        return
    fx.ask_card(turn, hero.seat, HOUNDS, hero, "shields", f"{hero.name} takes 6 damage: discard hand cards to "
                "block 1 per shield?", [(c.uid, f"{c.name} ({index().combat[c.ref].defense} shields)")
                                         for c in hero.hand.cards], DecisionKind.CHOOSE_MANY, low=0,
                high=len(hero.hand.cards), private=True)


@fx.choice(HOUNDS)
def hounds_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    shields = sum(index().combat[c.ref].defense for c in hero.hand.cards if c.uid in picked)
    pools.discard(turn, hero, list(picked), "blocking the hounds")
    left = max(0, 6 - shields)
    if left:
        pools.damage(turn.state, hero, left)
    else:
        fx.push(turn.state, f"fx:favor_or_train:{hero.key}")


@fx.card(BETRAYAL)
def betrayal(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    fx.ask_card(turn, hero.seat, BETRAYAL, hero, "pick", f"{hero.name}: take 5 damage, or Sauron draws a Plot and "
                "a Shadow card?", [("damage", "take 5 damage"), ("draw", "Sauron draws 1 Plot and 1 Shadow")])


@fx.choice(BETRAYAL)
def betrayal_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "damage":
        pools.damage(turn.state, hero, 5)
    else:
        sauron_cards.draw_plot(turn)
        sauron_cards.draw_shadow(turn)


@fx.card("peril-a-shadow-in-3")
def memories(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Wisdom at most the count of neighbouring locations holding influence: Corruption and 1 favor lost."""
    assert hero is not None
    state = turn.state
    near = regions.influenced_neighbours(state, hero.at)
    if sheet.wisdom(state, hero) <= near:
        sheet.corrupt(turn, hero)
        sheet.favor(turn, hero, -1, "a Peril")
    else:
        turn.say(f"{hero.name}'s wisdom is above {near}: nothing happens.")


@fx.card("peril-orc-scouts-4")
def scouts(turn: Turn[MeqState], hero: Hero | None) -> None:
    """A Corruption card, then the Peril discard (this card with it) goes back into the deck, shuffled."""
    assert hero is not None
    state = turn.state
    sheet.corrupt(turn, hero)
    stock.put(state, "peril", state.peril_discard.cards)
    state.peril_discard.cards.clear()
    stock.shuffle(state, "peril")
    turn.say("The Peril discard pile is shuffled back into the Peril deck.")


@fx.card(ILL_MET)
def ill_met(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    fx.ask_card(turn, hero.seat, ILL_MET, hero, "pick", f"{hero.name}: lose 2 favor, or take a Corruption card "
                "Sauron picks from two?", [("favor", "lose 2 favor"), ("corrupt", "Sauron picks a Corruption card")])


@fx.choice(ILL_MET)
def ill_met_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    state = turn.state
    if stage == "pick" and picked[0] == "favor":
        sheet.favor(turn, hero, -2, "a Peril")
    elif stage == "pick":
        got = stock.draw_from(turn, "corruption", state.corruption_discard, state.drawn, 2)
        for c in got:
            c.face_up = True
        if len(got) < 2:
            for c in got:
                hero.corruption.cards.append(state.drawn.take(c.uid))
                turn.say(f"{hero.name} receives a Corruption card: {c.name}.")
            return
        fx.ask_card(turn, state.sauron, ILL_MET, hero, "give", f"Give {hero.name} one of these Corruption cards.",
                    [(c.uid, c.name) for c in got])
    else:
        for c in list(state.drawn.cards):
            if index().corruption.get(c.ref) is None:
                continue
            state.drawn.cards.remove(c)
            if c.uid == picked[0]:
                hero.corruption.cards.append(c)
                turn.say(f"{hero.name} receives a Corruption card: {c.name}.")
            else:
                state.corruption_discard.cards.append(c)


@fx.card("peril-armies-underground-6")
def armies(turn: Turn[MeqState], hero: Hero | None) -> None:
    """One random hand card away per Corruption card, then a fight with an Orc."""
    assert hero is not None
    pools.discard_random(turn, hero, sheet.corruption(hero), "a Peril")
    if f"defeat:{hero.key}" not in turn.state.queue:
        fights.fight(turn, hero, "mon-orc", ends_turn=True)


@fx.card("peril-hill-of-black-7")
def black_hill(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    state = turn.state
    if sheet.wisdom(state, hero) <= sauron_cards.plots_in_play(state):
        pools.damage(state, hero, 5)
        moves.end_turn(turn, hero)
    else:
        turn.say(f"{hero.name}'s wisdom is above the {sauron_cards.plots_in_play(state)} active Plot(s): nothing "
                 "happens.")


@fx.card(DARK_TOWER)
def dark_tower(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Sauron sends one of his minions on the board to fight; a win is worth 2 favor; the turn goes on."""
    assert hero is not None
    ready = fights.minions_in_play(turn.state)
    if not ready:
        turn.say("No minion is on the board: nothing happens.")
        return
    fx.ask_card(turn, turn.state.sauron, DARK_TOWER, hero, "who", f"Which minion fights {hero.name}?",
                [(k, index().foes[k].name) for k in ready])


@fx.choice(DARK_TOWER)
def dark_tower_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    fights.fight(turn, hero, picked[0], ends_turn=False, on_win=(f"fx:favor:{hero.key}:2",))


@fx.card("peril-khazad-dum-9")
def khazad_dum(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    fights.fight(turn, hero, "mon-balrog", ends_turn=True, on_win=(f"fx:favor:{hero.key}:2", f"fx:train:{hero.key}"))


@fx.card("peril-an-enduring-evil-10")
def enduring(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    if turn.state.influence.get(hero.at, 0) >= 1:
        sheet.corrupt(turn, hero)
        moves.end_turn(turn, hero)
    else:
        turn.say(f"No influence on {turn.state.map.name(hero.at)}: nothing happens.")


@fx.card("peril-trapped-11")
def trapped(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    influence.to_pool(turn, 2)
    if not pools.ask_discard(turn, "peril-trapped-11", hero, "discard", 2, f"{hero.name}: discard 2 cards."):
        turn.say(f"{hero.name} has no card to discard.")


@fx.choice("peril-trapped-11")
def trapped_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    pools.discard(turn, hero, list(picked), "a Peril")


@fx.card(WEAKNESS)
def weakness(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    fx.ask_card(turn, hero.seat, WEAKNESS, hero, "pick", f"{hero.name}: take 5 damage, or the black marker moves "
                "1?", [("damage", "take 5 damage"), ("black", "the black marker moves 1 space")])


@fx.choice(WEAKNESS)
def weakness_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "damage":
        pools.damage(turn.state, hero, 5)
    else:
        influence.advance(turn, BLACK, 1, "a Peril")


def _region_spots(state: MeqState, hero: Hero, *, skip_here: bool) -> list[str]:
    return [loc for loc in regions.region_of(state, hero.at)
            if influence.influence_room(state, loc) and not (skip_here and loc == hero.at)]


@fx.card(BUSINESS)
def business(turn: Turn[MeqState], hero: Hero | None) -> None:
    """2 to the Pool; then 1 influence on each of up to 3 locations of the hero's region."""
    assert hero is not None
    state = turn.state
    influence.to_pool(turn, 2)
    spots = _region_spots(state, hero, skip_here=False)
    if spots:
        fx.ask_card(turn, state.sauron, BUSINESS, hero, "where", "Put 1 influence on up to 3 of these locations.",
                    [(loc, state.map.name(loc)) for loc in spots], DecisionKind.CHOOSE_MANY, low=0,
                    high=min(3, len(spots)))


@fx.choice(BUSINESS)
def business_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    for loc in picked:
        influence.add_influence(turn, loc, 1)


@fx.card(REGRET)
def regret(turn: Turn[MeqState], hero: Hero | None) -> None:
    """2 to the Pool; then 1 influence and 1 monster token in the hero's region, not where the hero stands."""
    assert hero is not None
    state = turn.state
    influence.to_pool(turn, 2)
    spots = _region_spots(state, hero, skip_here=True)
    if spots:
        fx.ask_card(turn, state.sauron, REGRET, hero, "influence", "Put 1 influence on a location (or none).",
                    [(loc, state.map.name(loc)) for loc in spots] + [("skip", "nowhere")])
    else:
        regret_then(turn, hero, "influence", ("skip",))


@fx.choice(REGRET)
def regret_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    state = turn.state
    if stage == "influence":
        if picked[0] != "skip":
            influence.add_influence(turn, picked[0], 1)
        region = [loc for loc in regions.region_of(state, hero.at) if loc != hero.at]
        spots = tokens.token_spots(state, region)
        if spots:
            fx.ask_card(turn, state.sauron, REGRET, hero, "token", "Place a monster token (or none).",
                        [*tokens.spot_options(state, spots), ("skip", "nowhere")], private=True)
    elif picked[0] != "skip":
        group, loc = picked[0].split("|")
        tokens.place_token(turn, group, loc)


@fx.card(NINE)
def nine(turn: Turn[MeqState], hero: Hero | None) -> None:
    """A Corruption card; then Sauron moves one minion a step or draws a Plot. A minion moved onto the hero
    fights at once; the turn goes on whatever the outcome."""
    assert hero is not None
    state = turn.state
    sheet.corrupt(turn, hero)
    options = [("plot", "draw 1 Plot card")]
    for key in fights.minions_in_play(state):
        m = state.minion(key)
        for loc in state.map.neighbours(m.at):
            options.append((f"{key}|{loc}", f"move {index().foes[key].name} to {state.map.name(loc)}"))
    fx.ask_card(turn, state.sauron, NINE, hero, "pick", "Move a minion or draw a Plot.", options, private=True)


@fx.choice(NINE)
def nine_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    state = turn.state
    if picked[0] == "plot":
        sauron_cards.draw_plot(turn)
        return
    key, loc = picked[0].split("|")
    state.minion(key).at = loc
    turn.say(f"{index().foes[key].name} moves to {state.map.name(loc)}.")
    if loc == hero.at:
        fights.fight(turn, hero, key, ends_turn=False)
