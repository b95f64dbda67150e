"""What the Event cards (engines.meq.events_t1, _t2, _t3) share: the two ways an Event acts, the heroes'
choices as a side, and the sweeps that take influence and monster tokens off the board; and what the turn
modules read of an Event (whether it stays in play, when a hero may use it, its Story-step effect).

An Event's script runs in Sauron's Event step with no hero (spec 3.1 step 4: the ability resolves at once,
before its favor and characters are placed). An Event that stays in play on a location acts later instead,
when a hero exploring there uses it (spec 3.2 step 3c); the same script then runs with that hero, and the
engine discards the card afterwards. A card the heroes answer "as a side" asks the first hero's seat: the
heroes agree at the table or flip a coin (spec 3.1 step 4, Hero Decision Making)."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Turn
from engines.meq import effects as fx
from engines.meq import rules, sheet, tokens
from engines.meq.state import HERO_MARKER, Hero, MeqState

Use = Callable[[Turn[MeqState], Hero], None]


# --- what the turn modules read (meq-events) -------------------------------------------------------------------
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


# --- what the Event scripts share ------------------------------------------------------------------------------


def side(state: MeqState) -> str:
    """The seat that answers for the heroes together."""
    return state.heroes[0].seat


def on_use(*refs: str, usable: Usable | None = None) -> Callable[[Use], Use]:
    """Register an Event whose ability waits on its location: nothing happens when it is drawn (the engine puts
    it on the Current Event space and its marker on the location); `fn` runs for the hero who uses it."""
    def deco(fn: Use) -> Use:
        def script(turn: Turn[MeqState], hero: Hero | None) -> None:
            if hero is not None:
                fn(turn, hero)
        for ref in refs:
            fx.SCRIPTS[ref] = script
            if usable is not None:
                EVENT_USABLE[ref] = usable
        return fn
    return deco


def on_marker(state: MeqState, hero: Hero) -> bool:
    return bool(state.event_at) and state.event_at == hero.at


def with_favor(n: int) -> Usable:
    """Usable on the Event's location by a hero who can pay `n` favor."""
    def test(state: MeqState, hero: Hero) -> bool:
        return on_marker(state, hero) and hero.favor >= n
    return test


def favor_on(turn: Turn[MeqState], loc: str) -> None:
    state = turn.state
    state.favor_at[loc] = state.favor_at.get(loc, 0) + 1
    turn.say(f"1 favor is placed on {state.map.name(loc)}.")


def pay_to_move(turn: Turn[MeqState], hero: Hero, cost: int, marker: str, n: int) -> None:
    """The hero pays favor to move a story marker (forward for the heroes', back for one of Sauron's)."""
    sheet.favor(turn, hero, -cost, "an Event")
    rules.move_marker(turn, marker, n, f"{hero.name} uses an Event")


def heroes_forward(turn: Turn[MeqState], hero: Hero) -> None:
    """3 favor: the heroes' marker one space on (three Events in three stages do this)."""
    pay_to_move(turn, hero, 3, HERO_MARKER, 1)


# --- sweeps: the heroes take influence and monster tokens off some locations ------------------------------------


def sweep_options(state: MeqState, area: list[str], inf: int, tok: int) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for loc in area:
        if inf and state.influence.get(loc, 0):
            out.append((f"inf|{loc}", f"1 influence from {state.map.name(loc)} ({state.influence[loc]})"))
        if tok:
            out += [(f"tok|{c.uid}", f"the {state.map.group_name(c.back)} token on {state.map.name(loc)}")
                    for c in state.tokens_at(loc)]
    return out


def sweep(turn: Turn[MeqState], ref: str, hero: Hero | None, area: list[str], total: int, inf: int,
          tok: int) -> bool:
    """Ask the heroes for the next piece to remove: at most `total` in all, `inf` influence and `tok` tokens.
    The answer comes back to the card's continuation with stage "sweep.<total>.<inf>.<tok>", for `swept`.
    False when nothing is left to take."""
    state = turn.state
    options = sweep_options(state, area, inf, tok) if total > 0 else []
    if not options:
        return False
    seat = hero.seat if hero is not None else side(state)
    fx.ask_card(turn, seat, ref, hero, f"sweep.{total}.{inf}.{tok}", f"Remove a piece ({total} left), or stop.",
                [*options, ("stop", "remove no more")])
    return True


def swept(turn: Turn[MeqState], ref: str, hero: Hero | None, stage: str, picked: str, area: list[str],
          why: str) -> None:
    """Take the piece picked at a sweep's stage off the board and ask for the next one."""
    _, total, inf, tok = (int(x) if x.isdigit() else x for x in stage.split("."))
    assert isinstance(total, int) and isinstance(inf, int) and isinstance(tok, int)
    if picked == "stop":
        return
    kind, what = picked.split("|", 1)
    if kind == "inf":
        rules.remove_influence(turn, what, 1, why)
        inf -= 1
    else:
        tokens.remove_token(turn, what, why)
        tok -= 1
    sweep(turn, ref, hero, area, total - 1, inf, tok)


def sweep_or_favor(turn: Turn[MeqState], ref: str, what: str, favor_at: str) -> None:
    """The common "remove some pieces, or place 1 favor" choice the heroes make as a side."""
    state = turn.state
    fx.ask_card(turn, side(state), ref, None, "pick", f"The heroes choose together: {what}, or 1 favor on "
                f"{state.map.name(favor_at)}?", [("sweep", what), ("favor", f"1 favor on {state.map.name(favor_at)}"),
                                                  ("skip", "neither")])


def sweep_or_favor_then(turn: Turn[MeqState], ref: str, stage: str, picked: str, area: list[str],
                        limits: tuple[int, int, int], favor_at: str) -> None:
    if stage == "pick":
        if picked == "favor":
            favor_on(turn, favor_at)
        elif picked == "sweep" and not sweep(turn, ref, None, area, *limits):
            turn.say("There is nothing there to remove.")
        return
    swept(turn, ref, None, stage, picked, area, "an Event")


def corruption_or(turn: Turn[MeqState], ref: str, hero: Hero, other: tuple[str, str]) -> None:
    """Explore abilities of the form "discard a Corruption card, or <other>": the hero picks."""
    options = [("corrupt", "discard 1 Corruption card")] if hero.corruption.cards else []
    fx.ask_card(turn, hero.seat, ref, hero, "pick", f"{hero.name} uses the Event:", [*options, other])


def pick_corruption(turn: Turn[MeqState], ref: str, hero: Hero) -> None:
    if len(hero.corruption.cards) == 1:
        sheet.cleanse(turn, hero, [hero.corruption.cards[0].uid])
    else:
        fx.ask_card(turn, hero.seat, ref, hero, "drop", f"{hero.name}: which Corruption card goes?",
                    [(c.uid, c.name) for c in hero.corruption.cards])


def any_location(state: MeqState, but: str = "") -> list[tuple[str, str]]:
    return [(x.id, x.name) for x in state.map.locations if x.id != but]



def marks_story(ref: str, marker: str) -> None:
    """An Event that acts like a Plot: while in play, `marker` moves 1 in every Story step; a hero exploring its
    location ends it (the engine then discards it)."""
    def story(turn: Turn[MeqState]) -> None:
        name = turn.state.current_event.cards[0].name
        rules.move_marker(turn, marker, 1, f"the Event {name}")

    def use(turn: Turn[MeqState], hero: Hero) -> None:
        turn.say(f"{hero.name} puts an end to it: the {marker} marker stops moving for it.")

    EVENT_STORY[ref] = story
    on_use(ref)(use)
