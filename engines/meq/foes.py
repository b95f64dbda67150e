"""Monsters' own abilities (each monster's reference card; spec 4 combat), in our own words; no card text is
kept. Each is registered by foe id on one of the round's hooks in engines.meq.abilities: after this round's
cancels, after the printed numbers are set, and on the damage. `SCRIPTED` says, for `cards coverage meq`, what
each does."""

from __future__ import annotations

from engines.core import Card, Decision, Turn
from engines.meq import abilities, rules, stock
from engines.meq.abilities import FOE_CANCELS, FOE_DAMAGE, FOE_DISCOUNT, FOE_END, FOE_VALUES, FREE, UNCANCELABLE, Side
from engines.meq.cards import MELEE, RANGED, index
from engines.meq.flow import answer, ask, moment
from engines.meq.state import Combat, MeqState

SCRIPTED = {
    "mon-snaga": "its Ranged cards hit one harder",
    "mon-huorn": "its Melee cards hit one harder",
    "mon-cave-troll": "its Ranged card blanks the hero's Melee card that round",
    "mon-orc": "a round of Melee against Melee costs the hero one more damage",
    "mon-dunlending": "when its Melee card's defense stops damage, the hero takes one damage",
    "mon-giant-spider": "two or more damage from its Melee card: the hero loses a random hand card",
    "mon-agent": "the first time its Ranged card wounds the hero in a combat, the hero is corrupted",
    "mon-barrow-wight": "a round it survives after playing a Ranged card heals it by one",
    "mon-oliphaunt": "when its Melee card wounds the hero, one point at least comes from the hero's hand",
    "mon-uruk-hai": "when its Melee card wounds the hero, Sauron may draw a combat card",
    "mon-balrog": "a Melee hit of three or more: the hero's next card is picked at random from the hand",
    "mon-crebain": "the damage its Ranged card would deal the hero becomes influence Sauron places instead",
    "minion-gothmog": "the locations around it (itself too), Havens aside, are perilous",
    "minion-witch-king": "a hero on or next to its location may neither rest nor heal, unless on a Haven",
    "minion-black-serpent": "a command takes it up to two steps; a new token may sit beside it with no "
                            "influence there",
    "minion-ringwraiths": "a command takes them up to two steps (their return and the Finale are the engine's "
                          "own rules)",
    "mon-southron": "each Melee card in its stack costs one strength less (not below zero)",
    "mon-warg-rider": "the Melee card at the bottom of its stack costs no strength",
}


def live(sides: dict[str, Side], side: str, kind: str) -> bool:
    """The side played a card of `kind` this round and it was not cancelled."""
    x = sides[side]
    return x.card is not None and not x.cancelled and x.card.type == kind


def name(c: Combat) -> str:
    return index().foes[c.foe].name


def attack_up(kind: str) -> abilities.FoeHook:
    def hook(turn: Turn[MeqState], c: Combat, sides: dict[str, Side]) -> None:
        if live(sides, "foe", kind):
            sides["foe"].atk += 1
            turn.say(f"{name(c)}'s own ability: +1 attack to its {kind.title()} card.")
    return hook


FOE_VALUES["mon-snaga"] = attack_up(RANGED)
FOE_VALUES["mon-huorn"] = attack_up(MELEE)


def cave_troll(turn: Turn[MeqState], c: Combat, sides: dict[str, Side]) -> None:
    """Runs after the cards' own cancels: a Melee card already blank, or one that cannot be cancelled, stays so."""
    hero = sides["hero"]
    if live(sides, "foe", RANGED) and live(sides, "hero", MELEE) and hero.card is not None \
            and hero.card.ability not in UNCANCELABLE:
        hero.cancelled = True
        hero.atk = hero.defense = 0
        turn.say(f"{turn.state.hero(c.hero).name}'s {hero.card.name} is cancelled ({name(c)}'s own ability).")


FOE_CANCELS["mon-cave-troll"] = cave_troll


def orc(turn: Turn[MeqState], c: Combat, sides: dict[str, Side], exchange: dict[str, int],
        taken: dict[str, int]) -> None:
    if live(sides, "foe", MELEE) and live(sides, "hero", MELEE):
        taken["hero"] += 1
        turn.say(f"{name(c)}'s own ability: Melee met Melee, 1 more damage to the hero.")


def oliphaunt(turn: Turn[MeqState], c: Combat, sides: dict[str, Side], exchange: dict[str, int],
              taken: dict[str, int]) -> None:
    """engines.meq.combat's hero_damage keeps one point for the hand when the hero chooses where damage goes."""
    if live(sides, "foe", MELEE) and exchange["hero"] > 0 and taken["hero"] > 0:
        c.hand_damage = 1
        turn.say(f"{name(c)}'s own ability: {turn.state.hero(c.hero).name} must put one point or more of it "
                 "into the damage pool from the hand.")


def uruk_hai(turn: Turn[MeqState], c: Combat, sides: dict[str, Side], exchange: dict[str, int],
             taken: dict[str, int]) -> None:
    if live(sides, "foe", MELEE) and exchange["hero"] > 0 and taken["hero"] > 0:
        ask(turn, turn.state.sauron, "foe_draw", f"{name(c)}'s own ability: draw one combat card?",
            [("draw", "draw a combat card"), ("pass", "do not draw")])


@answer("foe_draw")
def foe_draw(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    c = turn.state.combat
    if c is None or choice[0] != "draw":
        return
    got = stock.draw_from(turn, f"combat:{index().foes[c.foe].deck}", None, c.foe_hand, 1)
    for card in got:
        card.face_up = True  # Sauron's combat hand is his alone to see
    turn.say(f"Sauron draws {len(got)} combat card(s).")


def balrog(turn: Turn[MeqState], c: Combat, sides: dict[str, Side], exchange: dict[str, int],
           taken: dict[str, int]) -> None:
    """engines.meq.combat's ask_commit picks the hero's next card (no exhaustion may be declared instead)."""
    if live(sides, "foe", MELEE) and exchange["hero"] >= 3:
        c.hero_random = True
        turn.say(f"{name(c)}'s own ability: next round {turn.state.hero(c.hero).name} plays a random card.")


def crebain(turn: Turn[MeqState], c: Combat, sides: dict[str, Side], exchange: dict[str, int],
            taken: dict[str, int]) -> None:
    """Only its card's own hit (not damage from other sources this round) is turned into influence, placed one
    token at a time in extension as for an undefeated foe's wisdom (spec 5.4)."""
    n = min(exchange["hero"], taken["hero"]) if live(sides, "foe", RANGED) else 0
    if n <= 0:
        return
    taken["hero"] -= n
    turn.state.queue.insert(0, f"place:{n}")
    turn.say(f"{name(c)}'s own ability: instead of {n} damage to {turn.state.hero(c.hero).name}, Sauron places "
             f"{n} influence.")


def dunlending(turn: Turn[MeqState], c: Combat, sides: dict[str, Side], exchange: dict[str, int],
               taken: dict[str, int]) -> None:
    """Damage stopped by its Melee card's defense: the hero's attack met some of that defense."""
    if live(sides, "foe", MELEE) and min(sides["hero"].atk, sides["foe"].defense) > 0:
        taken["hero"] += 1
        turn.say(f"{name(c)}'s own ability: its defense stopped damage, 1 damage back to the hero.")


def giant_spider(turn: Turn[MeqState], c: Combat, sides: dict[str, Side], exchange: dict[str, int],
                 taken: dict[str, int]) -> None:
    if live(sides, "foe", MELEE) and exchange["hero"] >= 2:
        abilities.discard_random(turn, c, "hero", 1)


def agent(turn: Turn[MeqState], c: Combat, sides: dict[str, Side], exchange: dict[str, int],
          taken: dict[str, int]) -> None:
    if not c.foe_ability_used and live(sides, "foe", RANGED) and exchange["hero"] > 0:
        c.foe_ability_used = True
        hero = turn.state.hero(c.hero)
        turn.say(f"{name(c)}'s own ability corrupts {hero.name} (once a combat).")
        rules.gain_corruption(turn, hero)


def barrow_wight(turn: Turn[MeqState], c: Combat, sides: dict[str, Side], exchange: dict[str, int],
                 taken: dict[str, int]) -> None:
    """Played, not necessarily live: a cancelled Ranged card was still played. The heal comes off this round's
    damage first, then off the combat's earlier damage."""
    card = sides["foe"].card
    left = c.health - abilities.prior_damage(turn.state, c) - c.foe_damage
    if card is None or card.type != RANGED or taken["foe"] >= left:
        return
    if taken["foe"]:
        taken["foe"] -= 1
    elif c.foe_damage:
        c.foe_damage -= 1
    else:
        return
    turn.say(f"{name(c)}'s own ability: it heals 1 damage at the end of the round.")


FOE_END["mon-oliphaunt"] = oliphaunt
FOE_END["mon-uruk-hai"] = uruk_hai
FOE_END["mon-balrog"] = balrog
FOE_END["mon-crebain"] = crebain
FOE_DAMAGE["mon-orc"] = orc
FOE_DAMAGE["mon-dunlending"] = dunlending
FOE_DAMAGE["mon-giant-spider"] = giant_spider
FOE_DAMAGE["mon-agent"] = agent
FOE_END["mon-barrow-wight"] = barrow_wight


def costs(card: Card) -> tuple[str, int]:
    """A stacked card's type and the strength it counts for (a card played for free counts none already)."""
    d = index().combat[card.ref]
    return d.type, 0 if FREE in card.flags else d.cost


def southron(cards: list[Card]) -> int:
    return sum(1 for k in cards if costs(k)[0] == MELEE and costs(k)[1] > 0)


def warg_rider(cards: list[Card]) -> int:
    """The bottom card is the first one stacked (or one a card's ability slid under the stack)."""
    if not cards:
        return 0
    kind, cost = costs(cards[0])
    return cost if kind == MELEE else 0


FOE_DISCOUNT["mon-southron"] = southron
FOE_DISCOUNT["mon-warg-rider"] = warg_rider


# --- minions' own abilities outside combat (their Minion spaces) ------------------------------------------------


def near_minion(state: MeqState, key: str, loc: str) -> bool:
    """`loc` is a non-Haven location on or next to the minion, which is on the board."""
    m = next((m for m in state.minions if m.key == key), None)
    if m is None or m.status != "in" or not m.at or state.map.location(loc).haven:
        return False
    return loc == m.at or loc in state.map.neighbours(m.at)


@moment("perilous")
def gothmog(state: MeqState, loc: str) -> bool:
    return near_minion(state, "minion-gothmog", loc)


@moment("no_rest")
def witch_king_no_rest(state: MeqState, loc: str) -> bool:
    return near_minion(state, "minion-witch-king", loc)


@moment("no_heal")
def witch_king_no_heal(state: MeqState, loc: str) -> bool:
    return near_minion(state, "minion-witch-king", loc)


@moment("minion_moves_two")
def moves_two(state: MeqState, key: str) -> bool:
    return key in ("minion-black-serpent", "minion-ringwraiths")


@moment("token_without_influence")
def black_serpent_tokens(state: MeqState, loc: str) -> bool:
    return near_minion(state, "minion-black-serpent", loc)
