"""Shadow cards as scripts (spec 3.1, 5.12, 7.3), in our own words over engines.meq.effects. The engine offers
each card only in its timing window and with enough Shadow Pool (engines.meq.sauron.shadow_options); `hero`
is the hero whose turn it is (None in Sauron's Action step) or, in combat, the fighting hero."""

from __future__ import annotations

from engines.core import DecisionKind, Turn
from engines.meq import effects as fx
from engines.meq import fights, influence, pools, sheet, stock, tokens
from engines.meq.cards import BLACK, YELLOW, index
from engines.meq.state import Hero, MeqState

FOG = "shadow-an-evil-fog-2"
TEMPT = "shadow-do-not-tempt-me-9"
NEW_POWER = "shadow-a-new-power-is-rising-10"
STORMS = ("shadow-storms-of-mordor-11", "shadow-storms-of-mordor-2-12")
LIES = "shadow-saruman-s-lies-13"
MORGUL = "shadow-morgul-blade-14"
LORD = "shadow-lord-of-the-rings-15"
ITHIL = "shadow-the-ithil-stone-19"
TERRIBLE = "shadow-they-are-terrible-20"
LIDLESS = "shadow-the-lidless-eye-21"
GRIEVOUS = "shadow-grievous-loss-24"
PROMISES = ("shadow-dark-promises-7", "shadow-dark-promises-2-8")
DARK_MESSENGER = "a-dark-messenger-4"
MADNESS_PLOTS = ("denethor-falls-into-madness-9", "saruman-falls-to-corruption-7")
MORDOR = ("mount-doom", "plains-of-gorgoroth", "sea-of-udun", "barad-dur", "minas-morgul")


def _hero_options(state: MeqState) -> list[tuple[str, str]]:
    return [(h.key, h.name) for h in state.heroes]


# --- start of combat ---------------------------------------------------------------------------------------


@fx.card("shadow-betrayed-1")
def betrayed(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Two random hand cards away; -1 strength per Corruption card for this combat."""
    c = turn.state.combat
    assert hero is not None and c is not None
    pools.discard_random(turn, hero, 2, "a Shadow card")
    c.strength_mod -= sheet.corruption(hero)
    turn.say(f"{hero.name} has {c.strength_mod:+d} strength for this combat.")


@fx.card(*PROMISES)
def promises(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    fx.ask_card(turn, hero.seat, PROMISES[0], hero, "pick", f"{hero.name}: a Corruption card or 5 damage?",
                [("corrupt", "take a Corruption card"), ("damage", "take 5 damage")])


@fx.choice(*PROMISES)
def promises_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "corrupt":
        sheet.corrupt(turn, hero)
    else:
        pools.damage(turn.state, hero, 5)


@fx.card(MORGUL)
def morgul_blade(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    n = sheet.corruption(hero)
    fx.ask_card(turn, turn.state.sauron, MORGUL, hero, "pick", f"Morgul-Blade against {hero.name}:",
                [("per", f"{5 * n} damage (5 per Corruption card)"), ("one", "3 damage and a Corruption card")])


@fx.choice(MORGUL)
def morgul_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "per":
        pools.damage(turn.state, hero, 5 * sheet.corruption(hero))
    else:
        pools.damage(turn.state, hero, 3)
        sheet.corrupt(turn, hero)


@fx.card("shadow-the-black-breath-22")
def black_breath(turn: Turn[MeqState], hero: Hero | None) -> None:
    """A Corruption card; then -1 strength and -1 agility per Corruption card for this combat."""
    c = turn.state.combat
    assert hero is not None and c is not None
    sheet.corrupt(turn, hero)
    n = sheet.corruption(hero)
    c.strength_mod -= n
    c.agility_mod -= n
    turn.say(f"{hero.name} has -{n} strength and -{n} agility for this combat.")


# --- start of a hero's turn, entering a location ---------------------------------------------------------------


def _ambush_fight(turn: Turn[MeqState], hero: Hero, foe: str, agility_zero: bool = False) -> None:
    turn.state.skip_ambush = True
    fights.fight(turn, hero, foe, ends_turn=False, agility_zero=agility_zero)


@fx.card("shadow-flocks-of-crebain-3")
def crebain(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    _ambush_fight(turn, hero, "mon-crebain", agility_zero=True)


@fx.card("shadow-seem-fairer-feel-fouler-6")
def seem_fairer(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    turn.state.skip_ambush = True
    fights.fight(turn, hero, "mon-agent", ends_turn=False, on_end=(f"fx:plot_if_corrupt:{hero.key}",))


@fx.card("shadow-creatures-of-the-wild-18")
def creatures(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    _ambush_fight(turn, hero, "mon-cave-troll" if sheet.corruption(hero) >= 2 else "mon-giant-spider")


@fx.card("shadow-his-arm-has-grown-long-4", "shadow-his-arm-has-grown-long-2-5")
def long_arm(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    turn.state.perilous_now = hero.at
    turn.say(f"{turn.state.map.name(hero.at)} is perilous for the rest of {hero.name}'s turn.")


@fx.card("shadow-winter-storm-23")
def winter_storm(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    turn.state.one_move = True
    turn.say(f"{hero.name} may move only once in this turn's Travel.")


# --- after a hero is defeated ----------------------------------------------------------------------------------


@fx.card("shadow-evil-wound-16")
def evil_wound(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    pools.damage(turn.state, hero, 4 + 2 * sheet.corruption(hero))


@fx.card(GRIEVOUS)
def grievous(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Per Corruption card, 1 influence to the Pool or in extension; the heroes' next Story move is 1 less."""
    assert hero is not None
    state = turn.state
    state.story_cut += 1
    n = sheet.corruption(hero)
    turn.say(f"The heroes' marker will move 1 less in the next Story step; Sauron gains {n} influence.")
    if n:
        fx.ask_card(turn, state.sauron, GRIEVOUS, hero, "pool", f"How many of the {n} influence go to the Shadow "
                    "Pool (the rest on the board)?", [], DecisionKind.NUMBER, low=0, high=n)


@fx.choice(GRIEVOUS)
def grievous_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    k = int(picked[0])
    influence.to_pool(turn, k)
    rest = sheet.corruption(hero) - k
    if rest > 0:
        fx.push(turn.state, f"place:{rest}")


# --- Sauron's Action step --------------------------------------------------------------------------------------


def _pick_hero(turn: Turn[MeqState], ref: str, prompt: str) -> None:
    fx.ask_card(turn, turn.state.sauron, ref, None, "hero", prompt, _hero_options(turn.state))


@fx.card(FOG)
def fog(turn: Turn[MeqState], hero: Hero | None) -> None:
    _pick_hero(turn, FOG, "Choose the hero lost in the fog.")


@fx.choice(FOG)
def fog_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    state = turn.state
    if stage == "hero":
        target = state.hero(picked[0])
        fx.ask_card(turn, state.sauron, FOG, target, "move", f"Move {target.name}?",
                    [(loc, state.map.name(loc)) for loc in state.map.neighbours(target.at)] + [("stay", "stay")])
        return
    assert hero is not None
    if picked[0] != "stay":
        turn.say(f"{hero.name} is moved from {state.map.name(hero.at)} to {state.map.name(picked[0])}.")
        hero.at = picked[0]
    pools.discard_random(turn, hero, sheet.corruption(hero), "a Shadow card")


@fx.card(TEMPT)
def tempt(turn: Turn[MeqState], hero: Hero | None) -> None:
    _pick_hero(turn, TEMPT, "Choose the hero to tempt.")


@fx.choice(TEMPT)
def tempt_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    state = turn.state
    if stage == "hero":
        target = state.hero(picked[0])
        if influence.influence_room(state, target.at):
            fx.ask_card(turn, state.sauron, TEMPT, target, "influence", f"Put 1 influence on "
                        f"{state.map.name(target.at)}?", [("yes", "place it"), ("no", "do not")])
        else:
            tempt_then(turn, target, "influence", ("no",))
        return
    assert hero is not None
    if picked[0] == "yes":
        influence.add_influence(turn, hero.at, 1)
    sheet.favor(turn, hero, -sheet.corruption(hero), "a Shadow card")


@fx.card(NEW_POWER)
def new_power(turn: Turn[MeqState], hero: Hero | None) -> None:
    fx.ask_card(turn, turn.state.sauron, NEW_POWER, None, "pick", "Influence in Mordor, or monster tokens?",
                [("mordor", "2 influence on each Mordor location (within caps)"),
                 ("tokens", "place up to 2 monster tokens")])


@fx.choice(NEW_POWER)
def new_power_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    state = turn.state
    if picked[0] == "mordor":
        for loc in MORDOR:
            if state.map.has(loc):
                influence.add_influence(turn, loc, 2)
        return
    if picked[0] == "tokens":
        left = 2
    elif picked[0] == "skip":
        return
    else:
        group, loc = picked[0].split("|")
        tokens.place_token(turn, group, loc)
        left = int(stage)
    spots = tokens.token_spots(state, [loc.id for loc in state.map.locations])
    if left and spots:
        fx.ask_card(turn, state.sauron, NEW_POWER, None, str(left - 1), f"Place a monster token ({left} left).",
                    [*tokens.spot_options(state, spots), ("skip", "no more")], private=True)


@fx.card(*STORMS)
def storms(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Every hero cuts his hand to 5 (his pick), then loses 1 random card per Corruption card."""
    for h in turn.state.heroes:
        if not pools.ask_discard(turn, STORMS[0], h, "cut", len(h.hand.cards) - 5, f"{h.name}: discard down to 5."):
            pools.discard_random(turn, h, sheet.corruption(h), "a Shadow card")


@fx.choice(*STORMS)
def storms_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    pools.discard(turn, hero, list(picked), "a Shadow card")
    pools.discard_random(turn, hero, sheet.corruption(hero), "a Shadow card")


@fx.card(LIES)
def lies(turn: Turn[MeqState], hero: Hero | None) -> None:
    state = turn.state
    deck = stock.cards(state, "plot")
    if deck:
        fx.ask_card(turn, state.sauron, LIES, None, "where", f"The top Plot card is {deck[-1].name}: keep it on top?",
                    [("top", "leave it on top"), ("bottom", "put it at the bottom")], private=True)
    else:
        lies_then(turn, None, "where", ("top",))


@fx.choice(LIES)
def lies_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    state = turn.state
    if picked[0] == "bottom":
        top = stock.pop(state, "plot")
        stock.put(state, "plot", [top], bottom=True)
        turn.say("Sauron puts the top Plot card at the bottom of the Plot deck.")
    if any(sheet.corruption(h) >= sheet.wisdom(state, h) for h in state.heroes):
        influence.advance(turn, BLACK, 1, "a hero's Corruption reaches his wisdom")


@fx.card(LORD)
def lord(turn: Turn[MeqState], hero: Hero | None) -> None:
    state = turn.state
    options = [(c.uid, f"Plot {c.name}") for c in state.plot_discard.cards]
    options += [(c.uid, f"Shadow {c.name}") for c in state.shadow_discard.cards if c.ref != LORD]
    if options:
        fx.ask_card(turn, state.sauron, LORD, None, "take", "Take back a discarded Plot or Shadow card.", options)
    else:
        lord_then(turn, None, "take", ("",))


@fx.choice(LORD)
def lord_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    state = turn.state
    for pile, hand in ((state.plot_discard, state.plot_hand), (state.shadow_discard, state.shadow_hand)):
        got = pile.find(picked[0]) if picked[0] else None
        if got is not None:
            hand.cards.append(pile.take(got.uid))
            turn.say(f"Sauron shows {got.name} and takes it back into his hand.")
    if any(c.ref == DARK_MESSENGER for c in state.plots.cards):
        influence.advance(turn, YELLOW, 1, "A Dark Messenger is active")


@fx.card(ITHIL)
def ithil(turn: Turn[MeqState], hero: Hero | None) -> None:
    """One of two named Plots, from the Plot deck or its discard, into Sauron's hand (he plays it in a Plot
    step; playing it at once is left to `adjust`)."""
    state = turn.state
    # Named by definition, not by id: Plots Sauron put at the bottom of the deck after a draw keep the ids he read
    # them under, and a face-down card is never shown under an id its seer met on a face (each ref is one card).
    found = [(c.ref, c.name) for c in stock.cards(state, "plot") + state.plot_discard.cards if c.ref in MADNESS_PLOTS]
    if found:
        fx.ask_card(turn, state.sauron, ITHIL, None, "take", "Take which Plot card?", found, private=True)
    else:
        turn.say("Neither Plot card is in the Plot deck or its discard.")


@fx.choice(ITHIL)
def ithil_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    state = turn.state
    got = next((c for c in state.plot_discard.cards if c.ref == picked[0]), None)
    if got is not None:
        state.plot_hand.cards.append(state.plot_discard.take(got.uid))
    else:
        deck = list(state.stock["plot"])
        at = next(i for i, e in enumerate(deck) if stock.card_of(e).ref == picked[0])
        card = stock.card_of(deck.pop(at))
        card.face_up = True
        state.stock["plot"] = tuple(deck)
        stock.shuffle(state, "plot")
        state.plot_hand.cards.append(card)
    turn.say("Sauron takes a Plot card into his hand.")


@fx.card(TERRIBLE)
def terrible(turn: Turn[MeqState], hero: Hero | None) -> None:
    state = turn.state
    options = [(m.key, index().foes[m.key].name) for m in state.minions if m.status in ("in", "gone", "out")]
    if options and state.influence:
        fx.ask_card(turn, state.sauron, TERRIBLE, None, "who", "Which minion returns, healed?", options)
    else:
        turn.say("No minion can return (none on the board or defeated, or no influence on the board).")


@fx.choice(TERRIBLE)
def terrible_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    state = turn.state
    if stage == "who":
        fx.ask_card(turn, state.sauron, TERRIBLE, None, f"at|{picked[0]}", "Place it where?",
                    [(loc, state.map.name(loc)) for loc in sorted(state.influence)])
        return
    m = state.minion(stage.split("|")[1])
    m.damage, m.status, m.at = 0, "in", picked[0]
    turn.say(f"{index().foes[m.key].name} returns with no damage on {state.map.name(m.at)}.")


@fx.card(LIDLESS)
def lidless(turn: Turn[MeqState], hero: Hero | None) -> None:
    state = turn.state
    if len(state.heroes) >= 2:
        fx.ask_card(turn, state.sauron, LIDLESS, None, "two", "Choose two heroes to share out Corruption cards.",
                    _hero_options(state), DecisionKind.CHOOSE_MANY, low=2, high=2)
    else:
        lidless_then(turn, None, "give", (state.heroes[0].key,))


@fx.choice(LIDLESS)
def lidless_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    state = turn.state
    if stage == "two":
        a, b = picked
        cards = state.hero(a).corruption.cards + state.hero(b).corruption.cards
        fx.ask_card(turn, state.sauron, LIDLESS, None, f"split|{a}|{b}", f"Which Corruption cards go to "
                    f"{state.hero(a).name} (the others to {state.hero(b).name})?", [(c.uid, c.name) for c in cards],
                    DecisionKind.CHOOSE_MANY, low=0, high=len(cards))
    elif stage.startswith("split"):
        _, a, b = stage.split("|")
        ha, hb = state.hero(a), state.hero(b)
        pool = ha.corruption.cards + hb.corruption.cards
        ha.corruption.cards = [c for c in pool if c.uid in picked]
        hb.corruption.cards = [c for c in pool if c.uid not in picked]
        turn.say(f"Corruption cards now: {ha.name} {len(ha.corruption.cards)}, {hb.name} {len(hb.corruption.cards)}.")
        fx.ask_card(turn, state.sauron, LIDLESS, None, "give", "Which hero takes a Corruption card?",
                    _hero_options(state))
    else:
        sheet.corrupt(turn, state.hero(picked[0]))


@fx.card("shadow-shire-baggins-17")
def shire(turn: Turn[MeqState], hero: Hero | None) -> None:
    state = turn.state
    influence.to_pool(turn, 1)
    influence.add_influence(turn, "the-shire", 1, named=True)
    if state.influence.get("the-shire", 0) >= 3 or state.minions_at("the-shire"):
        influence.advance(turn, YELLOW, 2, "Sauron's grip on the Shire")

