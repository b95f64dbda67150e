"""Rules every step shares: the Story Track and dominance (spec 5.1, 5.2), influence in extension of the
Strongholds with its caps and clean-up (5.4), perilousness, hero attributes and levels (5.5), damage and the
defeat of a hero (4.4), drawing with reshuffles (5.12)."""

from __future__ import annotations

from collections import deque

from engines.core import Turn
from engines.meq import corruption, stock
from engines.meq.cards import MARKERS, index
from engines.meq.flow import fire
from engines.meq.state import ATTRIBUTES, HERO_MARKER, SAURON, Hero, MeqState

# --- the Story Track ---------------------------------------------------------------------------------------


def finale_space(state: MeqState) -> int:
    return int(state.opt("story_length"))


def stage_of(state: MeqState, space: int) -> int:
    if space >= int(state.opt("stage3")):
        return 3
    return 2 if space >= int(state.opt("stage2")) else 1


def stage(state: MeqState) -> int:
    """The rightmost stage holding a marker (spec 5.1)."""
    return max(stage_of(state, s) for s in state.markers.values())


def pool_cap(state: MeqState) -> int:
    return 4 * stage(state)


def hero_distance(state: MeqState) -> int:
    return finale_space(state) - state.markers[HERO_MARKER]


def sauron_distance(state: MeqState) -> int:
    """S of spec 5.2: the closest Sauron marker's distance to the Finale, or the sum of their distances to
    The Shadow Falls, whichever is smaller."""
    fin = finale_space(state)
    falls = int(state.opt("shadow_falls"))
    closest = min(fin - state.markers[m] for m in MARKERS)
    return min(closest, sum(max(0, falls - state.markers[m]) for m in MARKERS))


def dominant(state: MeqState) -> str:
    """'heroes', 'sauron' or '' (neither)."""
    h, s = hero_distance(state), sauron_distance(state)
    return "heroes" if h < s else "sauron" if s < h else ""


def move_marker(turn: Turn[MeqState], marker: str, n: int, why: str) -> None:
    """Move a story marker (never beyond the Finale space); a first entry into a stage brings minions."""
    state = turn.state
    before = state.markers[marker]
    state.markers[marker] = max(0, min(finale_space(state), before + n))
    moved = state.markers[marker] - before
    label = "The heroes' marker" if marker == HERO_MARKER else f"The {marker} marker"
    turn.say(f"{label} moves {moved:+d} ({why}): now on space {state.markers[marker]} of {finale_space(state)}.")
    new = stage(state)
    if new > state.stage_reached:
        for s in range(state.stage_reached + 1, new + 1):
            turn.say(f"Stage {'I' * s if s < 4 else s} begins.")
            if state.opt("minion_arrival") != "off":
                state.queue.append(f"arrive:{s}")
        state.stage_reached = new


def leftmost_sauron(state: MeqState) -> list[str]:
    low = min(state.markers[m] for m in MARKERS)
    return [m for m in MARKERS if state.markers[m] == low]


# --- influence ---------------------------------------------------------------------------------------------


def links(state: MeqState) -> dict[str, int]:
    """Every location in extension with the highest strength among the Strongholds it links to (spec 5.4):
    a chain of adjacent locations, each holding influence, from a Stronghold with influence."""
    board = state.map
    best: dict[str, int] = {}
    for loc in board.locations:
        power = state.influence.get(loc.id, 0)
        if not loc.stronghold or power <= 0:
            continue
        seen = {loc.id}
        todo = deque([loc.id])
        while todo:
            here = todo.popleft()
            best[here] = max(best.get(here, 0), power)
            for nxt in board.neighbours(here):
                if nxt not in seen and state.influence.get(nxt, 0) > 0 and not board.location(nxt).haven:
                    seen.add(nxt)
                    todo.append(nxt)
    return best


def cap_of(state: MeqState, loc: str, linked: dict[str, int] | None = None) -> int:
    """How much influence `loc` may hold now, 0 if none may go there (a Haven, unlinked)."""
    board = state.map
    where = board.location(loc)
    if where.haven:
        return 0
    if where.stronghold:
        return where.stronghold
    linked = links(state) if linked is None else linked
    if loc in linked:
        return linked[loc]
    return max((linked[n] for n in board.neighbours(loc) if n in linked), default=0)


def placeable(state: MeqState) -> list[str]:
    """Locations where one more influence token may go now (spec 5.4: one token at a time)."""
    linked = links(state)
    board, out = state.map, []
    for loc in board.locations:  # cap_of, inlined: this runs for every location at every placement
        if loc.haven:
            continue
        if loc.stronghold:
            cap = loc.stronghold
        elif loc.id in linked:
            cap = linked[loc.id]
        else:
            cap = max((linked[n] for n in board.neighbours(loc.id) if n in linked), default=0) if linked else 0
        if state.influence.get(loc.id, 0) < cap:
            out.append(loc.id)
    return out


def place_influence(turn: Turn[MeqState], loc: str) -> None:
    state = turn.state
    if loc not in placeable(state):
        where = state.map.location(loc) if state.map.has(loc) else None
        why = ("a Haven never holds influence" if where and where.haven else
               "it is not a Stronghold, not in extension and not next to a location in extension, or it is full")
        raise_rule(f"Influence cannot go on {where.name if where else loc}: {why}.")
    state.influence[loc] = state.influence.get(loc, 0) + 1
    turn.say(f"Sauron places 1 influence on {state.map.name(loc)} (now {state.influence[loc]}).")


def remove_influence(turn: Turn[MeqState], loc: str, n: int, why: str) -> int:
    state = turn.state
    have = state.influence.get(loc, 0)
    gone = min(have, n)
    if gone:
        state.influence[loc] = have - gone
        if not state.influence[loc]:
            del state.influence[loc]
        turn.say(f"{gone} influence leaves {state.map.name(loc)} ({why}).")
        cleanup(turn)
    return gone


def cleanup(turn: Turn[MeqState]) -> None:
    """After any removal: over-cap locations are cut to their cap (never below 1) and locations no longer in
    extension to 1 (spec 5.4). Repeated until nothing changes, since a cut can break a further chain."""
    state = turn.state
    while True:
        linked = links(state)
        changed = False
        for loc, have in sorted(state.influence.items()):
            where = state.map.location(loc)
            keep = where.stronghold if where.stronghold else (max(1, min(have, linked[loc])) if loc in linked else 1)
            if have > keep:
                state.influence[loc] = keep
                turn.say(f"{where.name} is cut from {have} to {keep} influence (extension clean-up).")
                changed = True
        if not changed:
            return


def perilous(state: MeqState, loc: str, hero: Hero) -> bool:
    where = state.map.location(loc)
    over = state.influence.get(loc, 0) > attribute(state, hero, "wisdom")
    # the last test: a card in play that makes the location perilous (a Plot)
    return where.perilous or loc == state.perilous_now or over or fire("perilous", state, loc)


# --- heroes ------------------------------------------------------------------------------------------------


def attribute(state: MeqState, hero: Hero, name: str) -> int:
    base = getattr(index().heroes[hero.key], name)
    return max(0, int(base) + hero.raises.get(name, 0) - corruption.attribute_loss(hero, name))


def raise_level(turn: Turn[MeqState], hero: Hero, name: str) -> None:
    """"Gain one X" (spec 5.5): +1, at most twice per attribute; a third raise is lost."""
    if name not in ATTRIBUTES:
        raise_rule(f"'{name}' is not an attribute ({', '.join(ATTRIBUTES)}).")
    if hero.raises.get(name, 0) >= 2:
        turn.say(f"{hero.name} already raised {name} twice: the raise is lost.")
        return
    hero.raises[name] = hero.raises.get(name, 0) + 1
    turn.say(f"{hero.name} gains a level: {name} is now {attribute(turn.state, hero, name)}.")


def draw_cards(turn: Turn[MeqState], hero: Hero, n: int) -> int:
    """Draw from the life pool into hand (no reshuffle: an empty life pool stays empty), never past a hand limit
    a Corruption card sets."""
    room = corruption.hand_room(hero)
    if room is not None and room < n:
        turn.say(f"{hero.name} may hold no more than {len(hero.hand.cards) + room} cards: {room} drawn of {n}.")
        n = room
    got = stock.draw(turn, stock.life(hero), hero.hand, n)
    for card in got:
        card.face_up = True
    return len(got)


def out_of_cards(state: MeqState, hero: Hero) -> bool:
    return not stock.count(state, stock.life(hero)) and not hero.hand.cards


def gain_corruption(turn: Turn[MeqState], hero: Hero) -> None:
    state = turn.state
    cards = stock.draw_from(turn, "corruption", state.corruption_discard, hero.corruption, 1)
    for card in cards:
        card.face_up = True
        turn.say(f"{hero.name} receives a Corruption card: {card.name}.")
        corruption.received(turn, hero, card)
    if not cards:
        turn.say("The Corruption deck is empty: no card is received.")


def gain_favor(turn: Turn[MeqState], hero: Hero, n: int, why: str) -> None:
    room = corruption.favor_room(turn.state, hero, n)
    if room < n:
        turn.say(f"{hero.name} may gain only {room} of {n} favor now (a Corruption card).")
        n = room
    corruption.favor_gained(turn.state, hero, n)
    hero.favor += n
    turn.say(f"{hero.name} gains {n} favor ({why}): now {hero.favor}.")


def lose_favor(turn: Turn[MeqState], hero: Hero, n: int, why: str) -> None:
    gone = min(hero.favor, n)
    hero.favor -= gone
    turn.say(f"{hero.name} loses {gone} favor ({why}): now {hero.favor}.")


def gain_item(turn: Turn[MeqState], hero: Hero, item: str) -> None:
    state = turn.state
    name = index().items[item].name
    if item in hero.items:
        turn.say(f"{hero.name} already holds a {name}: a hero keeps one copy of each Item.")
    elif state.item_supply.get(item, 0) <= 0:
        turn.say(f"No {name} is left in the Item deck.")
    else:
        state.item_supply[item] -= 1
        hero.items.append(item)
        turn.say(f"{hero.name} gains the Item {name}.")


def heal(turn: Turn[MeqState], hero: Hero, why: str) -> None:
    """Shuffle the damage pool into the life pool (unless a minion nearby forbids it: the "no_heal" moment)."""
    if fire("no_heal", turn.state, hero.at):
        turn.say(f"{hero.name} cannot heal here ({why}): a minion nearby forbids it.")
        return
    n = stock.count(turn.state, stock.damage(hero))
    stock.merge(turn.state, stock.life(hero), stock.damage(hero))
    stock.shuffle(turn.state, stock.life(hero))
    turn.say(f"{hero.name} heals {n} damage ({why}).")


def take_damage(state: MeqState, hero: Hero, from_life: int, hand_uids: list[str]) -> None:
    """Put damage into the damage pool: the top of the life pool unseen, and the chosen hand cards."""
    for _ in range(from_life):
        if stock.count(state, stock.life(hero)):
            stock.put(state, stock.damage(hero), [stock.pop(state, stock.life(hero))])
    for uid in hand_uids:
        stock.put(state, stock.damage(hero), [hero.hand.take(uid)])


def nearest_havens(state: MeqState, loc: str) -> list[str]:
    dist = state.map.distances(loc)
    havens = [(d, k) for k, d in dist.items() if state.map.location(k).haven]
    if not havens:
        return []
    best = min(d for d, _ in havens)
    return sorted(k for d, k in havens if d == best)


def raise_rule(message: str) -> None:
    from engines.core import RuleError

    raise RuleError(message)


def is_sauron(state: MeqState, seat: str) -> bool:
    return seat == state.sauron


__all__ = ["SAURON"]
