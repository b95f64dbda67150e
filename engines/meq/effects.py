"""The primitives card scripts are made of (spec 7.3): favor, influence and the Shadow Pool, monster tokens,
fights, movement, damage and discards, levels and training, Items, Corruption, story markers, Sauron's draws.

A card script (engines.meq.perils, engines.meq.shadows) is a short function over these. Where a card leaves a
choice to a player, the script opens a decision with `ask_card`; its answer comes back to the card's registered
continuation (`@choice(ref)`) with the stage name the script gave, so a card may ask several times in a row.
Follow-ups that must wait for another step (a reward after a fight) are queued as `fx:<op>:<args>` tasks.
Nothing here holds card text: prompts and log lines are our own short words."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Decision, DecisionKind, Turn
from engines.meq import rules, stock
from engines.meq.cards import index
from engines.meq.flow import FIGHTS, answer, ask, goto, task
from engines.meq.state import Hero, MeqState
from engines.meq.tokens import draw_token, token_targets

Effect = Callable[[Turn[MeqState], Hero | None], None]
Then = Callable[[Turn[MeqState], Hero | None, str, tuple[str, ...]], None]

SCRIPTS: dict[str, Effect] = {}  # card id -> its script
CHOICES: dict[str, Then] = {}  # card id -> what its decisions' answers do


def card(*refs: str) -> Callable[[Effect], Effect]:
    """Register a script for one or more card ids (copies of a card share a script)."""
    def deco(fn: Effect) -> Effect:
        for ref in refs:
            SCRIPTS[ref] = fn
        return fn
    return deco


def choice(*refs: str) -> Callable[[Then], Then]:
    def deco(fn: Then) -> Then:
        for ref in refs:
            CHOICES[ref] = fn
        return fn
    return deco


# --- decisions -------------------------------------------------------------------------------------------------


def ask_card(turn: Turn[MeqState], seat: str, ref: str, hero: Hero | None, stage: str, prompt: str,
             options: list[tuple[str, str]], kind: DecisionKind = DecisionKind.CHOOSE_ONE, *, low: int = 1,
             high: int = 1, private: bool = False) -> None:
    """Open a decision whose answer goes to `CHOICES[ref]` with `stage`."""
    ask(turn, seat, f"card:{ref}:{hero.key if hero else '-'}:{stage}", prompt, options, kind, low=low, high=high,
        private=private)


@answer("card")
def card_answer(turn: Turn[MeqState], d: Decision, picked: tuple[str, ...], args: list[str]) -> None:
    ref, key, stage = args[0], args[1], args[2]
    hero = turn.state.hero(key) if key != "-" else None
    CHOICES[ref](turn, hero, stage, picked)


def push(state: MeqState, *entries: str) -> None:
    """Queue follow-ups to run next, in the order given."""
    state.queue[0:0] = list(entries)


# --- favor, Items, levels, Corruption --------------------------------------------------------------------------


def favor(turn: Turn[MeqState], hero: Hero, n: int, why: str) -> None:
    if n >= 0:
        rules.gain_favor(turn, hero, n, why)
    else:
        rules.lose_favor(turn, hero, -n, why)


def corrupt(turn: Turn[MeqState], hero: Hero, n: int = 1) -> None:
    for _ in range(n):
        rules.gain_corruption(turn, hero)


def corruption(hero: Hero) -> int:
    return len(hero.corruption.cards)


def wisdom(state: MeqState, hero: Hero) -> int:
    return rules.attribute(state, hero, "wisdom")


def train(turn: Turn[MeqState], h: Hero) -> None:
    """Spec 5.5 (6.62): two Skill cards, one into the hand (hidden), the other to the Skill discard."""
    state = turn.state
    got = stock.draw_from(turn, "skill", state.skill_discard, h.hand, 2)
    for c in got:
        c.face_up = True
    if len(got) == 2:
        ask(turn, h.seat, f"train:{h.key}", f"{h.name} trains: keep one Skill card.",
                 [(c.uid, c.name) for c in got], private=True)


@answer("train")
def train_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    state = turn.state
    h = state.hero(args[0])
    drawn = [o.id for o in d.options]
    for uid in drawn:
        if uid != choice[0]:
            card = h.hand.take(uid)
            state.skill_discard.cards.append(card)
            turn.say(f"{h.name} trains and discards the Skill card {card.name}.")


def item(turn: Turn[MeqState], hero: Hero, item_id: str) -> None:
    rules.gain_item(turn, hero, item_id)


def level(turn: Turn[MeqState], hero: Hero, attribute: str) -> None:
    rules.raise_level(turn, hero, attribute)


# --- damage and the hand ---------------------------------------------------------------------------------------


def damage(state: MeqState, hero: Hero, n: int) -> None:
    """Queue `n` damage for the hero (the hero picks life pool or hand cards point by point, spec 4.4)."""
    if n > 0:
        push(state, f"hero_damage:{hero.key}:{n}")


def discard(turn: Turn[MeqState], hero: Hero, uids: list[str], why: str) -> None:
    """Hand cards to the rest pool (where a hero's discards go)."""
    names = []
    for uid in uids:
        got = hero.hand.take(uid)
        hero.rest.cards.append(got)
        names.append(got.name)
    if names:
        turn.say(f"{hero.name} discards {len(names)} card(s) ({why}): {', '.join(names)}.")
    check_out(turn, hero)


def discard_random(turn: Turn[MeqState], hero: Hero, n: int, why: str) -> None:
    picks: list[str] = []
    pool = [c.uid for c in hero.hand.cards]
    for _ in range(min(n, len(pool))):
        picks.append(pool.pop(turn.state.rng.below(len(pool))))
    if picks:
        turn.reveal()
    discard(turn, hero, picks, why)


def ask_discard(turn: Turn[MeqState], ref: str, hero: Hero, stage: str, n: int, prompt: str, *,
                low: int | None = None) -> bool:
    """Ask the hero for `n` hand cards (all of them if fewer); False when there is nothing to ask."""
    n = min(n, len(hero.hand.cards))
    if n <= 0 and not low:
        return False
    ask_card(turn, hero.seat, ref, hero, stage, prompt, [(c.uid, c.name) for c in hero.hand.cards],
             DecisionKind.CHOOSE_MANY, low=n if low is None else low, high=n, private=True)
    return True


def check_out(turn: Turn[MeqState], hero: Hero) -> None:
    """Out of combat, a hero left with no cards at all is defeated (spec 4.4)."""
    state = turn.state
    if state.combat is None and rules.out_of_cards(state, hero) and f"defeat:{hero.key}" not in state.queue:
        push(state, f"defeat:{hero.key}")


def end_turn(turn: Turn[MeqState], hero: Hero) -> None:
    state = turn.state
    if state.active >= 0 and state.current is hero:
        state.turn_over = True
        turn.say(f"{hero.name}'s turn ends.")


# --- influence, the Shadow Pool, story markers ----------------------------------------------------------------


def to_pool(turn: Turn[MeqState], n: int) -> None:
    """Influence into the Shadow Pool, never above 4 x stage (spec 5.4)."""
    state = turn.state
    room = max(0, rules.pool_cap(state) - state.pool)
    got = min(n, room)
    state.pool += got
    turn.say(f"{got} influence goes to the Shadow Pool (now {state.pool}/{rules.pool_cap(state)}).")


def influence_room(state: MeqState, loc: str) -> int:
    """How many more tokens a card may put on `loc`: none on a Haven, a Stronghold up to its maximum, elsewhere
    up to the extension cap or, out of extension, one (what the clean-up of spec 5.4 would keep)."""
    where = state.map.location(loc)
    if where.haven:
        return 0
    cap = rules.cap_of(state, loc) or 1
    return max(0, cap - state.influence.get(loc, 0))


def add_influence(turn: Turn[MeqState], loc: str, n: int, *, named: bool = False) -> int:
    """`named`: the card names the location, so only a Haven refuses it (the card overrides the caps)."""
    state = turn.state
    room = (0 if state.map.location(loc).haven else n) if named else influence_room(state, loc)
    got = min(n, room)
    if got:
        state.influence[loc] = state.influence.get(loc, 0) + got
        turn.say(f"{got} influence is placed on {state.map.name(loc)} (now {state.influence[loc]}).")
    return got


def influenced_neighbours(state: MeqState, loc: str) -> int:
    return sum(1 for n in state.map.neighbours(loc) if state.influence.get(n, 0) > 0)


def region_of(state: MeqState, loc: str) -> list[str]:
    region = state.map.location(loc).region
    return [x.id for x in state.map.locations if x.region == region]


def advance(turn: Turn[MeqState], marker: str, n: int, why: str) -> None:
    rules.move_marker(turn, marker, n, why)


def plots_in_play(state: MeqState) -> int:
    return len(state.plots.cards)


# --- Sauron's cards ----------------------------------------------------------------------------------------


def draw_plot(turn: Turn[MeqState], n: int = 1) -> None:
    state = turn.state
    got = stock.draw_from(turn, "plot", state.plot_discard, state.plot_hand, n)
    for c in got:
        c.face_up = True
    turn.say(f"Sauron draws {len(got)} Plot card(s).")
    if got:
        turn.say(f"You draw: {'; '.join(c.name for c in got)}.", [state.sauron])


def draw_shadow(turn: Turn[MeqState], n: int = 1) -> None:
    state = turn.state
    got = stock.draw_from(turn, "shadow", state.shadow_discard, state.shadow_hand, n)
    for c in got:
        c.face_up = True
    turn.say(f"Sauron draws {len(got)} Shadow card(s).")
    if got:
        turn.say(f"You draw: {'; '.join(c.name for c in got)}.", [state.sauron])


# --- monsters, minions, fights ---------------------------------------------------------------------------------


def token_spots(state: MeqState, locs: list[str]) -> list[tuple[str, str]]:
    """(group, location) pairs where a new token may go among `locs` (its colour, influence, no hero)."""
    out = []
    for group in sorted(k.removeprefix("pile:") for k in state.stock if k.startswith("pile:")):
        for loc in token_targets(state, group):
            if loc in locs:
                out.append((group, loc))
    return out


def spot_options(state: MeqState, spots: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """`token_spots` as options: "group|location", read as "Rohan and Gondor token on Edoras"."""
    return [(f"{g}|{loc}", f"{state.map.group_name(g)} token on {state.map.name(loc)}") for g, loc in spots]


def place_token(turn: Turn[MeqState], group: str, loc: str) -> None:
    state = turn.state
    token = draw_token(turn, group)
    state.token_at[token.uid] = loc
    turn.say(f"Sauron places a {state.map.group_name(token.back)} monster token on {state.map.name(loc)}.")


def fight(turn: Turn[MeqState], hero: Hero, foe: str, *, ends_turn: bool, on_win: tuple[str, ...] = (),
          on_end: tuple[str, ...] = (), agility_zero: bool = False) -> None:
    """A combat a card starts (no token leaves the board). `on_win` and `on_end` are queue entries run after
    it; a card says whether failing to defeat the foe ends the hero's turn."""
    FIGHTS[0](turn, hero, foe, "card", agility_zero=agility_zero)
    c = turn.state.combat
    assert c is not None
    c.on_win, c.on_end, c.keep_turn = list(on_win), list(on_end), not ends_turn


def minions_in_play(state: MeqState) -> list[str]:
    return [m.key for m in state.minions if m.status == "in"]


# --- queued follow-ups (`fx:<op>:<args>`) ----------------------------------------------------------------------


def _fx_favor(turn: Turn[MeqState], args: list[str]) -> None:
    favor(turn, turn.state.hero(args[0]), int(args[1]), "a card's reward")


def _fx_train(turn: Turn[MeqState], args: list[str]) -> None:
    train(turn, turn.state.hero(args[0]))


def _fx_plot_if_corrupt(turn: Turn[MeqState], args: list[str]) -> None:
    if corruption(turn.state.hero(args[0])):
        draw_plot(turn)


def _fx_favor_or_train(turn: Turn[MeqState], args: list[str]) -> None:
    hero = turn.state.hero(args[0])
    ask(turn, hero.seat, f"fx_reward:{hero.key}", f"{hero.name}: take 1 favor or train?",
        [("favor", "gain 1 favor"), ("train", "train")])


@answer("fx_reward")
def fx_reward(turn: Turn[MeqState], d: Decision, picked: tuple[str, ...], args: list[str]) -> None:
    hero = turn.state.hero(args[0])
    if picked[0] == "favor":
        favor(turn, hero, 1, "a card's reward")
    else:
        train(turn, hero)


FX: dict[str, Callable[[Turn[MeqState], list[str]], None]] = {
    "favor": _fx_favor, "train": _fx_train, "plot_if_corrupt": _fx_plot_if_corrupt,
    "favor_or_train": _fx_favor_or_train,
}


@task("fx")
def fx_task(turn: Turn[MeqState], args: list[str]) -> None:
    FX[args[0]](turn, args[1:])


def names(refs: list[str]) -> str:
    idx = index()
    return ", ".join(idx.foes[r].name for r in refs)


# --- encounter primitives (meq-enc-a) --------------------------------------------------------------------------
# Encounter cards (spec 3.2 step 4, 7.3) mostly weigh one of the hero's attributes against a count in his region,
# offer the hero a choice, and then do something that depends on what was chosen. A script that must wait for a
# choice queues its continuation with `later` before asking: the queue runs only once every decision is answered.


def later(state: MeqState, ref: str, hero: Hero, stage: str) -> None:
    """Run `CHOICES[ref]` with `stage` (and no pick) once what is asked after this call is settled. Call it
    before the step it must follow: queued follow-ups run newest first."""
    push(state, f"fx:card:{ref}:{hero.key}:{stage}")


def _fx_card(turn: Turn[MeqState], args: list[str]) -> None:
    CHOICES[args[0]](turn, turn.state.hero(args[1]), args[2], ())


FX["card"] = _fx_card


def influence_in(state: MeqState, *regions: str) -> int:
    """The influence on all the locations of `regions` (a Haven belongs to a region too)."""
    return sum(n for loc, n in state.influence.items() if state.map.location(loc).region in regions)


def tokens_in(state: MeqState, region: str) -> list[str]:
    """Uids of the monster tokens (blank or not: nobody but Sauron knows) on the locations of `region`."""
    return [uid for uid, loc in sorted(state.token_at.items()) if state.map.location(loc).region == region]


def region_influence(state: MeqState, loc: str) -> int:
    """`influence_in` the region of `loc`."""
    return influence_in(state, state.map.location(loc).region)


def region_tokens(state: MeqState, loc: str) -> int:
    """How many monster tokens are in the region of `loc`."""
    return len(tokens_in(state, state.map.location(loc).region))


def compare(turn: Turn[MeqState], hero: Hero, attribute: str, test: str, n: int, what: str) -> bool:
    """Weigh an attribute (levels counted) against a count; `test` is ">", ">=" or "<". Says the outcome."""
    have = rules.attribute(turn.state, hero, attribute)
    ok = {">": have > n, ">=": have >= n, "<": have < n}[test]
    turn.say(f"{hero.name}'s {attribute} {have} against {what} {n}: " + ("it applies." if ok else "no effect."))
    return ok


# --- plot and quest primitives (meq-plots) ---


def within(state: MeqState, loc: str, n: int = 1) -> list[str]:
    """`loc` and every location at most `n` paths away ("within n spaces"); within 1, the location first and
    then its neighbours in the map's order."""
    if n == 1:
        return [loc, *state.map.neighbours(loc)]
    return [k for k, d in state.map.distances(loc).items() if d <= n]


def enemies_at(state: MeqState, loc: str) -> bool:
    """A monster token (blank or not) or a minion stands there."""
    return bool(state.tokens_at(loc) or state.minions_at(loc))


def plot_active(state: MeqState, ref: str) -> str:
    """The uid of the active Plot of definition `ref`, "" if none."""
    return next((c.uid for c in state.plots.cards if c.ref == ref), "")


def discard_active_plot(turn: Turn[MeqState], uid: str, why: str) -> None:
    """An active Plot to the Plot discard, face up; its marker leaves the board (spec 5.3)."""
    state = turn.state
    got = state.plots.take(uid)
    state.plot_discard.cards.append(got)
    state.plot_slot.pop(uid, None)
    state.plot_at.pop(uid, None)
    turn.say(f"The Plot {got.name} is discarded ({why}); its marker leaves the board.")


def put_character(turn: Turn[MeqState], char: str, loc: str) -> None:
    """A character from the supply onto a location; one already on the board stays where it is (6.14)."""
    state = turn.state
    name = index().characters[char].name
    if char in state.characters:
        turn.say(f"{name} is already on {state.map.name(state.characters[char])} and stays there.")
    else:
        state.characters[char] = loc
        turn.say(f"{name} is placed on {state.map.name(loc)}.")


def rest_to_life(turn: Turn[MeqState], hero: Hero) -> None:
    """The rest pool shuffled back into the life pool (as in resting, without the cost)."""
    state = turn.state
    n = len(hero.rest.cards)
    stock.put(state, stock.life(hero), hero.rest.cards)
    hero.rest.cards.clear()
    stock.shuffle(state, stock.life(hero))
    turn.say(f"{hero.name} shuffles {n} card(s) from the rest pool into the life pool.")


# --- event primitives (meq-events) ---------------------------------------------------------------------------
# Event cards (engines.meq.events_t1..t3) run in Sauron's Event step with no hero, and again, with the exploring
# hero, when one uses the current Event (spec 3.1 step 4, 3.2 step 3c). What the pack cannot say about them is
# registered here, so the turn modules read it without importing the card modules.

Usable = Callable[[MeqState, Hero], bool]
EVENT_USABLE: dict[str, Usable] = {}  # event id -> when a hero exploring may use it (default: on its marker)
EVENT_KEEP: dict[str, bool] = {}  # event id -> stays in play or not, where the pack's ongoing_at is wrong
EVENT_STORY: dict[str, Callable[[Turn[MeqState]], None]] = {}  # event id -> what it does each Story step


def event_stays(ref: str, ongoing_at: str) -> bool:
    """Whether a resolved Event goes on the Current Event space (spec 3.1 step 4.3)."""
    return EVENT_KEEP.get(ref, bool(ongoing_at))


def event_usable(state: MeqState, hero: Hero) -> bool:
    """Whether the hero exploring now may use the current Event (spec 3.2 step 3c)."""
    if not state.current_event.cards:
        return False
    test = EVENT_USABLE.get(state.current_event.cards[0].ref)
    return test(state, hero) if test is not None else bool(state.event_at) and state.event_at == hero.at


def event_story(turn: Turn[MeqState]) -> None:
    """The current Event's Story-step effect, if it has one (a Plot-like Event, spec 3.1 step 2)."""
    for card in list(turn.state.current_event.cards):
        run = EVENT_STORY.get(card.ref)
        if run is not None:
            run(turn)




def in_region(state: MeqState, region: str) -> list[str]:
    return [x.id for x in state.map.locations if x.region == region]


def remove_token(turn: Turn[MeqState], uid: str, why: str) -> None:
    """A monster token leaves the board by a card: discarded face up, as a fought one is (spec 5.8)."""
    state = turn.state
    card = state.tokens.take(uid)
    where = state.token_at.pop(uid)
    card.face_up = True
    card.known_to = []
    turn.reveal()
    state.token_discard.cards.append(card)
    turn.say(f"The {state.map.group_name(card.back)} token on {state.map.name(where)} is removed ({why}): it was "
             f"{card.name}.")


def pile_ready(state: MeqState, group: str) -> bool:
    """A token can be drawn from `group`'s pile (or its discards, reshuffled)."""
    return stock.count(state, f"pile:{group}") > 0 or any(c.ref.startswith(group + "|")
                                                          for c in state.token_discard.cards)


def wound_minion(turn: Turn[MeqState], key: str, n: int) -> None:
    """Damage dealt to a minion outside combat; at its health it is defeated as in combat (spec 4.2, 5.7)."""
    state = turn.state
    m = state.minion(key)
    foe = index().foes[key]
    m.damage += n
    turn.say(f"{foe.name} takes {n} damage (now {m.damage} of {foe.health}).")
    if m.damage >= foe.health:
        m.damage, m.at = 0, ""
        m.status = "out" if key == "minion-ringwraiths" else "gone"
        turn.say(f"{foe.name} is defeated.")


def move_character(turn: Turn[MeqState], char: str, loc: str) -> None:
    """Place a character from the supply, or move it if it is on the board already."""
    state = turn.state
    name = index().characters[char].name
    before = state.characters.get(char)
    state.characters[char] = loc
    turn.say(f"{name} {'moves' if before else 'is placed'} to {state.map.name(loc)}.")


def character_home(turn: Turn[MeqState], char: str) -> None:
    """A character leaves the board for the Favor and Character area."""
    state = turn.state
    loc = state.characters.pop(char)
    turn.say(f"{index().characters[char].name} leaves {state.map.name(loc)} for the supply.")


def from_pool(turn: Turn[MeqState], n: int) -> None:
    state = turn.state
    gone = min(n, state.pool)
    state.pool -= gone
    turn.say(f"{gone} influence leaves the Shadow Pool (now {state.pool}/{rules.pool_cap(state)}).")


def offer(turn: Turn[MeqState], ref: str, hero: Hero, stage: str, prompt: str, yes: str, no: str = "decline") -> None:
    """A may-do for the hero: the card's continuation gets `stage` with "yes" or "no"."""
    ask_card(turn, hero.seat, ref, hero, stage, prompt, [("yes", yes), ("no", no)])


def recover(turn: Turn[MeqState], hero: Hero, *, wounds: bool = True) -> None:
    """The rest pool, and with `wounds` the damage pool, shuffled back into the life pool."""
    state = turn.state
    n = len(hero.rest.cards)
    stock.put(state, stock.life(hero), hero.rest.cards)
    hero.rest.cards.clear()
    healed = stock.count(state, stock.damage(hero)) if wounds else 0
    if wounds:
        stock.merge(state, stock.life(hero), stock.damage(hero))
    stock.shuffle(state, stock.life(hero))
    turn.say(f"{hero.name} shuffles {n} rest card(s)" + (f" and {healed} damage card(s)" if wounds else "")
             + " into the life pool.")


def cleanse(turn: Turn[MeqState], hero: Hero, uids: list[str]) -> None:
    """Corruption cards off the hero, to the Corruption discard."""
    for uid in uids:
        got = hero.corruption.take(uid)
        turn.state.corruption_discard.cards.append(got)
        turn.say(f"{hero.name} discards the Corruption card {got.name}.")


def ask_cleanse(turn: Turn[MeqState], hero: Hero, low: int, high: int, cost: int = 0) -> None:
    """Let the hero pick `low`..`high` of his Corruption cards to discard, paying `cost` favor for each; with a
    single card and no way out, it goes at once."""
    cards = hero.corruption.cards
    high = min(high, len(cards), hero.favor // cost if cost else len(cards))
    if high <= 0:
        return
    if len(cards) == 1 and low >= 1 and not cost:
        cleanse(turn, hero, [cards[0].uid])
        return
    price = f" ({cost} favor each)" if cost else ""
    ask(turn, hero.seat, f"cleanse:{hero.key}:{cost}", f"{hero.name}: discard Corruption cards{price}.",
        [(c.uid, c.name) for c in cards], DecisionKind.CHOOSE_MANY, low=min(low, high), high=high)


@answer("cleanse")
def cleanse_answer(turn: Turn[MeqState], d: Decision, picked: tuple[str, ...], args: list[str]) -> None:
    hero = turn.state.hero(args[0])
    if picked and int(args[1]):
        favor(turn, hero, -int(args[1]) * len(picked), "discarding Corruption")
    cleanse(turn, hero, list(picked))


def favor_or_cleanse(turn: Turn[MeqState], hero: Hero) -> None:
    """The hero takes 1 favor or discards 1 Corruption card (a hero with none just takes the favor)."""
    if not hero.corruption.cards:
        favor(turn, hero, 1, "an Encounter")
        return
    ask(turn, hero.seat, f"boon:{hero.key}", f"{hero.name}: gain 1 favor or discard 1 Corruption card?",
        [("favor", "gain 1 favor"), ("cleanse", "discard 1 Corruption card")])


@answer("boon")
def boon_answer(turn: Turn[MeqState], d: Decision, picked: tuple[str, ...], args: list[str]) -> None:
    hero = turn.state.hero(args[0])
    if picked[0] == "favor":
        favor(turn, hero, 1, "an Encounter")
    else:
        ask_cleanse(turn, hero, 1, 1)


def trainings(state: MeqState, hero: Hero, n: int = 1) -> None:
    """Queue `n` trainings, one after the other (each asks which Skill card to keep)."""
    push(state, *[f"fx:train:{hero.key}"] * n)


def shield_block(turn: Turn[MeqState], ref: str, hero: Hero, n: int, stage: str = "block") -> None:
    """`n` damage the hero may cut by 1 per shield (defense) on the hand cards he throws away; the card's
    `stage` (by default "block") hears the pick and settles it with `blocked`."""
    if not hero.hand.cards:
        damage(turn.state, hero, n)
        return
    ask_card(turn, hero.seat, ref, hero, stage, f"{hero.name} is dealt {n} damage: discard hand cards to block 1 "
             "per shield?", [(c.uid, f"{c.name} ({index().combat[c.ref].defense} shields)") for c in hero.hand.cards],
             DecisionKind.CHOOSE_MANY, low=0, high=len(hero.hand.cards), private=True)


def blocked(turn: Turn[MeqState], hero: Hero, n: int, picked: tuple[str, ...]) -> bool:
    """Throw the picked cards away, deal what the shields did not stop; True when nothing got through."""
    shields = sum(index().combat[c.ref].defense for c in hero.hand.cards if c.uid in picked)
    discard(turn, hero, list(picked), "blocking damage")
    left = max(0, n - shields)
    damage(turn.state, hero, left)
    if not left:
        turn.say(f"{hero.name} blocks all {n} damage.")
    return not left


def reshuffle_encounters(turn: Turn[MeqState], ref: str) -> None:
    """The card's Encounter deck takes back its discard pile (the card itself is already in it), shuffled."""
    state = turn.state
    deck = index().encounters[ref].deck
    pile = state.encounter_discards[deck]
    stock.put(state, f"encounter:{deck}", pile.cards)
    pile.cards.clear()
    stock.shuffle(state, f"encounter:{deck}")
    turn.say(f"The {stock.name(state, f'encounter:{deck}')} takes back its discard pile and is shuffled.")


def ask_neighbour(turn: Turn[MeqState], seat: str, ref: str, hero: Hero, stage: str, prompt: str, *,
                  stay: bool) -> None:
    """Pick a location next to the hero (or, with `stay`, none) for `move_to`."""
    state = turn.state
    options = [(loc, state.map.name(loc)) for loc in state.map.neighbours(hero.at)]
    ask_card(turn, seat, ref, hero, stage, prompt, options + ([("stay", "stay")] if stay else []))


def move_to(turn: Turn[MeqState], hero: Hero, loc: str, why: str) -> None:
    """A card moves the hero: no path is paid, and no combat or Peril follows."""
    state = turn.state
    if loc == "stay" or loc == hero.at:
        return
    turn.say(f"{hero.name} moves from {state.map.name(hero.at)} to {state.map.name(loc)} ({why}).")
    hero.at = loc


def encounter_again(turn: Turn[MeqState], hero: Hero) -> None:
    """The hero whose turn it is has a new Encounter step where he now stands (after the card that sent him)."""
    state = turn.state
    if state.active >= 0 and state.current is hero and not state.turn_over:
        goto(state, "encounter")


def _fx_level(turn: Turn[MeqState], args: list[str]) -> None:
    level(turn, turn.state.hero(args[0]), args[1])


def _fx_item(turn: Turn[MeqState], args: list[str]) -> None:
    item(turn, turn.state.hero(args[0]), args[1])


def _fx_character(turn: Turn[MeqState], args: list[str]) -> None:
    put_character(turn, args[0], args[1])


def _fx_rest_to_life(turn: Turn[MeqState], args: list[str]) -> None:
    rest_to_life(turn, turn.state.hero(args[0]))


def _fx_pool(turn: Turn[MeqState], args: list[str]) -> None:
    n = int(args[0])
    if n < 0:
        from_pool(turn, -n)
    else:
        to_pool(turn, n)


def _fx_favor_or_level(turn: Turn[MeqState], args: list[str]) -> None:
    hero = turn.state.hero(args[0])
    ask(turn, hero.seat, f"fx_level:{hero.key}:{args[1]}:{args[2]}", f"{hero.name}: take {args[1]} favor or one "
        f"level of {args[2]}?", [("favor", f"gain {args[1]} favor"), ("level", f"gain a level of {args[2]}")])


@answer("fx_level")
def fx_level(turn: Turn[MeqState], d: Decision, picked: tuple[str, ...], args: list[str]) -> None:
    hero = turn.state.hero(args[0])
    if picked[0] == "favor":
        favor(turn, hero, int(args[1]), "a quest's reward")
    else:
        level(turn, hero, args[2])


def _fx_shadow_random(turn: Turn[MeqState], args: list[str]) -> None:
    """Sauron loses a Shadow card from his hand, picked at random (it goes to the Shadow discard, face up)."""
    state = turn.state
    if not state.shadow_hand.cards:
        turn.say("Sauron holds no Shadow card to discard.")
        return
    got = state.shadow_hand.cards.pop(state.rng.below(len(state.shadow_hand.cards)))
    state.shadow_discard.cards.append(got)
    turn.reveal()
    turn.say(f"Sauron discards the Shadow card {got.name}, taken at random from his hand.")


def _fx_plot_or_pool(turn: Turn[MeqState], args: list[str]) -> None:
    """Sauron picks his loss: one Plot in hand, or two tokens of the Shadow Pool."""
    state = turn.state
    options = [(c.uid, f"discard the Plot card {c.name}") for c in state.plot_hand.cards]
    if not options:
        from_pool(turn, 2)
        return
    ask(turn, state.sauron, "fx_plot_pool", "A Plot card from your hand goes to the discard, or the Shadow Pool "
        "loses 2.", [*options, ("pool", f"the Shadow Pool loses 2 (now {state.pool})")], private=True)


@answer("fx_plot_pool")
def fx_plot_pool(turn: Turn[MeqState], d: Decision, picked: tuple[str, ...], args: list[str]) -> None:
    state = turn.state
    if picked[0] == "pool":
        from_pool(turn, 2)
        return
    got = state.plot_hand.take(picked[0])
    got.face_up = True
    state.plot_discard.cards.append(got)
    turn.say(f"Sauron discards the Plot card {got.name} from his hand.")


def _fx_uncorrupt(turn: Turn[MeqState], args: list[str]) -> None:
    """The hero discards one Corruption card of his choice (all of them with "all")."""
    state = turn.state
    hero = state.hero(args[0])
    if not hero.corruption.cards:
        turn.say(f"{hero.name} holds no Corruption card.")
        return
    if args[1] == "all" or len(hero.corruption.cards) == 1:
        cleanse(turn, hero, [c.uid for c in hero.corruption.cards])
        return
    ask(turn, hero.seat, f"fx_uncorrupt:{hero.key}", f"{hero.name}: discard which Corruption card?",
        [(c.uid, c.name) for c in hero.corruption.cards])


@answer("fx_uncorrupt")
def fx_uncorrupt(turn: Turn[MeqState], d: Decision, picked: tuple[str, ...], args: list[str]) -> None:
    cleanse(turn, turn.state.hero(args[0]), list(picked))


FX.update({"level": _fx_level, "item": _fx_item, "character": _fx_character, "rest_to_life": _fx_rest_to_life,
           "pool": _fx_pool, "favor_or_level": _fx_favor_or_level, "shadow_random": _fx_shadow_random,
           "plot_or_pool": _fx_plot_or_pool, "uncorrupt": _fx_uncorrupt})


def damage_to_rest(turn: Turn[MeqState], hero: Hero) -> None:
    """The damage pool, shuffled, goes face up onto the rest pool."""
    state = turn.state
    key = stock.damage(hero)
    stock.shuffle(state, key)
    cards = [stock.card_of(e) for e in state.stock.get(key, ())]
    state.stock[key] = ()
    for c in cards:
        c.face_up = True
    hero.rest.cards.extend(cards)
    turn.reveal()
    turn.say(f"{hero.name}'s damage pool ({len(cards)} card(s)) goes onto the rest pool.")


def move_hero_to(turn: Turn[MeqState], hero: Hero, loc: str, why: str) -> None:
    """A card moves a hero (no path, no cost, no combat). In the hero's own Explore, what is left of that
    Explore stays behind: the hero goes on with Travel from the new place."""
    state = turn.state
    move_to(turn, hero, loc, why)
    if state.active >= 0 and state.current is hero and state.queue and state.queue[0] == "explore":
        state.queue.pop(0)
