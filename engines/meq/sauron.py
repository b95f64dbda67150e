"""Sauron's turn (spec 3.1): Hero Rally, Story, Plot, Event, Action (three tracks, token recycling, influence,
cards, commands) and Hero Draw; plus Shadow card windows, which open in every player-turn."""

from __future__ import annotations

from engines.core import Card, Decision, DecisionKind, RuleError, Turn
from engines.core.orders import FORCED, KERNEL_ORDERS, order_of
from engines.meq import characters, corruption, events, plots, rules, sauron_cards, scripts, stock
from engines.meq.cards import index
from engines.meq.flow import answer, ask, fire, goto, step, task
from engines.meq.plots import with_need
from engines.meq.state import HERO_MARKER, TRACKS, MeqState
from engines.meq.tokens import draw_token, token_targets

TRACK_NAMES = {"influence": "Place Influence", "draw": "Draw Shadow and Plot Cards",
               "command": "Command Monsters and Minions"}


def track_values(state: MeqState, track: str) -> list[int]:
    return [int(x) for x in str(state.opt(f"track_{track}")).split(",")]


def actions_allowed(state: MeqState) -> int:
    return 3 if len(state.heroes) == 3 else 2


# --- 1 Hero Rally --------------------------------------------------------------------------------------------


@step("round")
def new_round(turn: Turn[MeqState]) -> None:
    state = turn.state
    state.round += 1
    state.active = -1
    state.hero_turns = 0
    state.shadow_played = False
    turn.say(f"Round {state.round}: Sauron's turn.")
    turn.checkpoint = True
    goto(state, "rally")


@step("rally")
def hero_rally(turn: Turn[MeqState]) -> None:
    """Spec 3.1 step 1 (scenarios 6.1, 6.2): influence where a hero stands goes back, unless a Stronghold."""
    state = turn.state
    for hero in state.heroes:
        if not state.map.location(hero.at).stronghold:
            rules.remove_influence(turn, hero.at, state.influence.get(hero.at, 0), f"Hero Rally: {hero.name} is there")
    if state.step == "rally2":
        goto(state, "hero_draw")
    else:
        goto(state, "event" if state.first_turn else "story")


@step("rally2")
def interlude_rally(turn: Turn[MeqState]) -> None:
    turn.say("Two-player interlude: a Hero Rally step and a Hero Draw step before the hero's second turn.")
    hero_rally(turn)


# --- 2 Story -------------------------------------------------------------------------------------------------


@step("story")
def story(turn: Turn[MeqState]) -> None:
    """Spec 3.1 step 2 (scenario 6.5): heroes +2, each active Plot moves its marker; minions arrive; then the
    Finale check, only now (6.8)."""
    state = turn.state
    rules.move_marker(turn, HERO_MARKER, max(0, int(state.opt("hero_advance")) - state.story_cut), "Story step")
    state.story_cut = 0
    for card in sorted(state.plots.cards, key=lambda c: state.plot_slot[c.uid]):
        plot = index().plots[card.ref]
        rules.move_marker(turn, plot.marker, plot.advance, f"Plot {plot.name}")
    events.event_story(turn)  # an Event in play may move a marker too (engines.meq.events_t2, _t3)
    goto(state, "story_end")


@step("story_end")
def story_end(turn: Turn[MeqState]) -> None:
    state = turn.state
    fin = rules.finale_space(state)
    falls = int(state.opt("shadow_falls"))
    if any(v >= fin for v in state.markers.values()) or all(state.markers[m] >= falls for m in ("yellow", "red",
                                                                                                  "black")):
        turn.say("A marker has reached the Finale (or every Sauron marker has reached The Shadow Falls): the Finale "
                 "begins.")
        goto(state, "finale")
    else:
        goto(state, "plot")


@task("arrive")
def arrive(turn: Turn[MeqState], args: list[str]) -> None:
    """Minions of a stage arrive on a starting location; Sauron picks when there are several (6.7)."""
    state = turn.state
    for minion in state.minions:
        foe = index().foes[minion.key]
        if foe.stage != int(args[0]) or minion.status != "waiting":
            continue
        if len(foe.starts) == 1:
            put_minion(turn, minion.key, foe.starts[0])
        else:
            ask(turn, state.sauron, f"arrive_at:{minion.key}", f"Where does {foe.name} arrive?",
                [(loc, state.map.name(loc)) for loc in foe.starts])
            state.queue.insert(0, f"arrive:{args[0]}")
            return


def put_minion(turn: Turn[MeqState], key: str, loc: str) -> None:
    minion = turn.state.minion(key)
    minion.status, minion.at, minion.damage = "in", loc, 0
    turn.say(f"{index().foes[key].name} arrives on {turn.state.map.name(loc)}.")


@answer("arrive_at")
def arrive_at(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    put_minion(turn, args[0], choice[0])


# --- 3 Plot --------------------------------------------------------------------------------------------------


def playable_plots(state: MeqState) -> list[str]:
    """Spec 3.1 step 3 (6.16, 6.17): the Pool reaches the card's number (not spent), a space is free, and the
    card's own condition holds somewhere (engines.meq.plots)."""
    if len(state.plots.cards) >= 3:
        return []
    return [c.uid for c in state.plot_hand.cards
            if state.pool >= index().plots[c.ref].influence and plots.places(state, c.ref)]


def held_back(state: MeqState) -> str:
    """Why each Plot Sauron holds cannot be played now (spec 3.1 step 3), for him alone: "" if all can."""
    if len(state.plots.cards) >= 3 and state.plot_hand.cards:
        return "The Active Plot Track is full: no Plot can be played until one leaves it."
    why = []
    for c in state.plot_hand.cards:
        needs = index().plots[c.ref].influence
        if state.pool < needs:
            why.append(f"{c.name} needs the Shadow Pool at {needs} (it is at {state.pool})")
        elif not plots.places(state, c.ref):
            why.append(f"{c.name}'s condition holds nowhere now")
    return f"Not playable now: {'; '.join(why)}." if why else ""


@step("plot")
def plot_step(turn: Turn[MeqState]) -> None:
    state = turn.state
    options = [(f"play:{u}", f"play {state.plot_hand.find(u).name}")  # type: ignore[union-attr]
               for u in playable_plots(state)]
    options += [(f"discard:{c.uid}", f"discard the active Plot {c.name}") for c in state.plots.cards]
    goto(state, "event")
    # Plots held but not offered are named with the reason: left out silently, a Plot whose condition fails
    # looked like one the game had lost.
    held = held_back(state)
    if not options:
        if held:
            turn.say(f"Plot step: nothing to do. {held}", [state.sauron])
        return
    prompt = "Plot step: play a Plot card, discard an active one, or do nothing." + (f" {held}" if held else "")
    ask(turn, state.sauron, "plot", prompt, [*options, ("pass", "do nothing")], DecisionKind.ACT_OR_PASS,
        private=True)


@answer("plot")
def plot_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    verb, _, uid = choice[0].partition(":")
    if verb == "play":
        play_plot(turn, uid)
    elif verb == "discard":
        sauron_cards.discard_active_plot(turn, uid, "Sauron discards it")


def play_plot(turn: Turn[MeqState], uid: str, at: str = "") -> None:
    state = turn.state
    if uid not in playable_plots(state):
        raise RuleError("That Plot cannot be played: the Shadow Pool is too low, the Active Plot Track is full, or "
                        "its condition is not met.")
    card = state.plot_hand.take(uid)
    plot = index().plots[card.ref]
    slot = min({1, 2, 3} - set(state.plot_slot.values()))
    state.plots.cards.append(card)
    state.plot_slot[uid] = slot
    turn.say(f"Sauron plays the Plot {plot.name} on space {slot} (Shadow Pool {state.pool}, needs {plot.influence}).")
    spots = plots.places(state, card.ref)
    if at in spots or len(spots) == 1:
        set_plot_marker(turn, uid, at if at in spots else spots[0])
    else:
        ask(turn, state.sauron, f"plot_at:{uid}", f"Where does plot marker {slot} go for {plot.name}?",
            [(loc, state.map.name(loc)) for loc in spots])


def set_plot_marker(turn: Turn[MeqState], uid: str, loc: str) -> None:
    state = turn.state
    state.plot_at[uid] = loc
    turn.say(f"Plot marker {state.plot_slot[uid]} goes on {state.map.name(loc)}.")
    plots.played(turn, uid)


@answer("plot_at")
def plot_at(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    set_plot_marker(turn, args[0], choice[0])


# --- 4 Event -------------------------------------------------------------------------------------------------


@step("event")
def event_step(turn: Turn[MeqState]) -> None:
    """Spec 3.1 step 4 (6.4, 6.11, 6.13, 6.14): 3 cards and the lowest (heroes dominant) or highest (Sauron
    dominant) priority, else 1 card; on the first turn always 1."""
    state = turn.state
    side = "" if state.first_turn else rules.dominant(state)
    stage = str(rules.stage(state))
    if not stock.count(state, f"event:{stage}"):
        back = [c for c in state.event_discard.cards if index().events[c.ref].stage == int(stage)]
        for c in back:
            state.event_discard.cards.remove(c)
        stock.put(state, f"event:{stage}", back)
        stock.shuffle(state, f"event:{stage}")
    drawn = stock.draw_from(turn, f"event:{stage}", None, state.drawn, 3 if side else 1)
    for c in drawn:
        c.face_up = True
    goto(state, "action_start")
    if not drawn:
        turn.say(f"The stage {stage} Event deck is empty: no Event this turn.")
        return
    ranked = sorted(drawn, key=lambda c: index().events[c.ref].priority)
    chosen = ranked[-1] if side == "sauron" else ranked[0]
    turn.say(f"Event step ({'no side is dominant' if not side else side + ' dominant'}): drawn "
             f"{', '.join(f'{c.name} ({index().events[c.ref].priority})' for c in ranked)}; {chosen.name} resolves.")
    for c in drawn:
        if c is not chosen:
            state.drawn.cards.remove(c)
            state.event_discard.cards.append(c)
    resolve_event(turn, chosen)


def resolve_event(turn: Turn[MeqState], card: Card) -> None:
    state = turn.state
    event = index().events[card.ref]
    scripts.run_card(turn, card.ref, None)
    for loc in event.favor:
        state.favor_at[loc] = state.favor_at.get(loc, 0) + 1
        turn.say(f"1 favor is placed on {state.map.name(loc)}.")
    if event.character and event.character_at:
        characters.put_character(turn, event.character, event.character_at)
    state.drawn.cards.remove(card)
    if events.event_stays(card.ref, event.ongoing_at):
        for old in list(state.current_event.cards):
            state.current_event.cards.remove(old)
            state.event_discard.cards.append(old)
            turn.say(f"The Event {old.name} is replaced and discarded.")
        state.current_event.cards.append(card)
        state.event_at = event.ongoing_at
        turn.say(f"{card.name} stays in play" + (f"; the event marker goes on {state.map.name(event.ongoing_at)}."
                                                 if event.ongoing_at else "."))
    else:
        state.event_discard.cards.append(card)


# --- 5 Action ------------------------------------------------------------------------------------------------


@step("action_start")
def action_start(turn: Turn[MeqState]) -> None:
    """The Ringwraiths, if defeated, return to Minas Morgul with no damage (6.56)."""
    state = turn.state
    for m in state.minions:
        if m.status == "out":
            foe = index().foes[m.key]
            m.status, m.at, m.damage = "in", foe.starts[0], 0
            turn.say(f"{foe.name} return to {state.map.name(m.at)}.")
    state.actions_taken = 0
    goto(state, "action")


def open_space(state: MeqState, track: str) -> int:
    """The leftmost empty space of a track, -1 if all three are filled (6.25)."""
    filled = state.tracks.get(track, [])
    return next((i for i in range(3) if i not in filled), -1)


@step("action")
def action_step(turn: Turn[MeqState]) -> None:
    state = turn.state
    if state.actions_taken >= actions_allowed(state):
        goto(state, "hero_draw")
        return
    options = []
    for track in TRACKS:
        space = open_space(state, track)
        if space >= 0:
            options.append((track, f"{TRACK_NAMES[track]} ({track_values(state, track)[space]})"))
    options += shadow_options(state, ("action",))
    options.append(("pass", "end the Action step"))
    ask(turn, state.sauron, "action", f"Action step: action {state.actions_taken + 1} of {actions_allowed(state)}.",
        options, DecisionKind.ACT_OR_PASS, private=True)


@answer("action")
def action_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    state = turn.state
    pick = choice[0]
    if pick == "pass":
        turn.say("Sauron ends his Action step.")
        goto(state, "hero_draw")
        return
    if pick.startswith("shadow:"):
        play_shadow(turn, pick.split(":", 1)[1])
        return
    take_action(turn, pick)


def take_action(turn: Turn[MeqState], track: str) -> None:
    """Put a token on the leftmost empty space; the fourth token on the board sends the other three back
    (spec 3.1 step 5.2)."""
    state = turn.state
    space = open_space(state, track)
    if space < 0:
        raise RuleError(f"The {TRACK_NAMES[track]} track is full until the action tokens cycle.")
    state.tracks.setdefault(track, []).append(space)
    state.action_tokens.append(f"{track}:{space}")
    if len(state.action_tokens) >= 4:
        for old in state.action_tokens[:-1]:
            t, s = old.split(":")
            state.tracks[t].remove(int(s))
        state.action_tokens = state.action_tokens[-1:]
        turn.say("The fourth action token is placed: the other three come off the tracks.")
    x = track_values(state, track)[space]
    state.actions_taken += 1
    state.action_x = x
    turn.say(f"Sauron takes the action {TRACK_NAMES[track]} ({x}).")
    if track == "influence":
        most = max(0, min(2, x, rules.pool_cap(state) - state.pool))
        full = f"The Shadow Pool is full ({state.pool}/{rules.pool_cap(state)}): all {x} go on the board"
        ask(turn, state.sauron, "to_pool", f"Place Influence ({x}): how many go to the Shadow Pool "
            f"({state.pool}/{rules.pool_cap(state)})?", [], DecisionKind.NUMBER, low=0, high=most,
            forced=full if most == 0 else "")
    elif track == "draw":
        draw_action(turn, x)
    else:
        state.action_left = x
        state.commanded = []
        state.placed_token = False
        state.queue.insert(0, "command")


@answer("to_pool")
def to_pool(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    """Scenario 6.20: at most 2 to the Pool and never over 4 x stage; the rest go on the board or nowhere."""
    state = turn.state
    n = int(choice[0])
    state.pool += n
    turn.say(f"{n} influence goes to the Shadow Pool (now {state.pool}/{rules.pool_cap(state)}).")
    if state.action_x - n > 0:
        state.queue.insert(0, f"place:{state.action_x - n}")


@task("place")
def place_task(turn: Turn[MeqState], args: list[str]) -> None:
    """Place influence one token at a time in extension (spec 5.4); Sauron may stop early."""
    state = turn.state
    left = int(args[0])
    targets = rules.placeable(state)
    if left <= 0 or not targets:
        return
    ask(turn, state.sauron, f"place:{left}", f"Place influence: {left} left to place.",
        [(loc, f"{state.map.name(loc)} ({state.influence.get(loc, 0)})") for loc in targets]
        + [("stop", "place no more")], DecisionKind.ACT_OR_PASS)


@answer("place")
def place_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    if choice[0] == "stop":
        return
    rules.place_influence(turn, choice[0])
    turn.state.queue.insert(0, f"place:{int(args[0]) - 1}")


def draw_action(turn: Turn[MeqState], x: int) -> None:
    """Scenario 6.19: X Shadow cards; X Plot cards of which one is kept, the rest to the bottom in an order
    Sauron chooses. The table learns only counts."""
    state = turn.state
    got = stock.draw_from(turn, "shadow", state.shadow_discard, state.shadow_hand, x)
    for c in got:
        c.face_up = True
    turn.say(f"Sauron draws {len(got)} Shadow card(s).")
    if got:
        turn.say(f"You draw: {', '.join(c.name for c in got)}.", [state.sauron])
    plots = stock.draw_from(turn, "plot", None, state.plot_drawn, x)
    for c in plots:
        c.face_up = True
    turn.say(f"Sauron draws {len(plots)} Plot card(s) and keeps one.")
    if len(plots) == 1:
        state.plot_hand.cards.append(state.plot_drawn.take(plots[0].uid))
    elif plots:
        ask(turn, state.sauron, "keep_plot", "Keep one Plot card; the others go to the bottom of the Plot deck.",
            [(c.uid, with_need("plot", c)) for c in plots], private=True)


@answer("keep_plot")
def keep_plot(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    state = turn.state
    state.plot_hand.cards.append(state.plot_drawn.take(choice[0]))
    rest = list(state.plot_drawn.cards)
    if len(rest) == 1:
        bottom(state, [rest[0].uid])
    elif rest:
        ask(turn, state.sauron, "plot_order", "Order the other Plot cards for the bottom of the deck (first = lowest).",
            [(c.uid, c.name) for c in rest], DecisionKind.ORDER, low=len(rest), high=len(rest), private=True)


@answer("plot_order")
def plot_order(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    bottom(turn.state, list(choice))


def bottom(state: MeqState, uids: list[str]) -> None:
    for uid in reversed(uids):  # the deck's top is the end of the list: the first chosen ends lowest
        stock.put(state, "plot", [state.plot_drawn.take(uid)], bottom=True)


# --- Command Monsters and Minions ------------------------------------------------------------------------------


def move_targets(state: MeqState, piece: str) -> list[str]:
    """A token moves to an adjacent location with influence; a minion anywhere adjacent (6.28)."""
    if piece in state.token_at:
        here = state.token_at[piece]
        return [n for n in state.map.neighbours(here) if state.influence.get(n, 0) >= 1]
    # a minion whose own ability lets it go two locations in one command (engines.meq.foes)
    reach = 2 if fire("minion_moves_two", state, piece) else 1
    return [loc for loc, k in state.map.distances(state.minion(piece).at).items() if 1 <= k <= reach]


@task("command")
def command_task(turn: Turn[MeqState], args: list[str]) -> None:
    state = turn.state
    if state.action_left <= 0:
        return
    options: list[tuple[str, str]] = []
    if not state.placed_token:
        for group in sorted(k.removeprefix("pile:") for k in state.stock if k.startswith("pile:")):
            discarded = any(c.ref.startswith(group + "|") for c in state.token_discard.cards)
            if (stock.count(state, f"pile:{group}") or discarded) and token_targets(state, group):
                options.append((f"place:{group}", f"place a monster token from the {state.map.group_name(group)} pile"))
    for card in state.tokens.cards:
        if card.uid not in state.commanded and move_targets(state, card.uid):
            where = state.map.name(state.token_at[card.uid])
            options.append((f"move:{card.uid}", f"move the {state.map.group_name(card.back)} token on {where}"))
    for m in state.minions:
        if m.status != "in" or m.key in state.commanded:
            continue
        name = index().foes[m.key].name
        options.append((f"move:{m.key}", f"move {name} from {state.map.name(m.at)}"))
        if m.damage and not state.heroes_at(m.at):
            options.append((f"heal:{m.key}", f"heal {name} (damage {m.damage})"))
    options.append(("pass", "end this Command action"))
    ask(turn, state.sauron, "command", f"Command: {state.action_left} command(s) left.", options,
        DecisionKind.ACT_OR_PASS, private=True)


@answer("command")
def command_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    state = turn.state
    verb, _, what = choice[0].partition(":")
    if verb == "pass":
        state.action_left = 0
        return
    state.action_left -= 1
    if verb == "place":
        card = draw_token(turn, what)
        state.placed_token = True
        state.commanded.append(card.uid)  # a token placed this action cannot move in it (6.29)
        spots = token_targets(state, what)
        # One spot for the drawn token: the kernel places it. The reason is the table's to read, so it names the
        # pile (the token's back) and the place, never the token's face or id; Sauron, who looks at it (spec 3.1
        # step 5), reads its face in a line of his own, as the question would have shown it to him (asked, under
        # 'order forced ask', the question shows it).
        if len(spots) == 1 and order_of(state.orders, state.sauron, FORCED, KERNEL_ORDERS) == "auto":
            turn.say(f"You drew {card.name} from the {state.map.group_name(what)} pile.", [state.sauron])
        ask(turn, state.sauron, f"token_at:{card.uid}", f"Place the token you drew ({card.name}) where?",
            [(loc, state.map.name(loc)) for loc in spots], private=True,
            forced=f"The drawn {state.map.group_name(what)} monster token has one place to go, "
                   f"{state.map.name(spots[0])}" if len(spots) == 1 else "")
    elif verb == "move":
        state.commanded.append(what)
        spots = move_targets(state, what)
        ask(turn, state.sauron, f"move_to:{what}", "Move it where?", [(loc, state.map.name(loc)) for loc in spots],
            forced=f"{piece_words(state, what)} has one place to go, {state.map.name(spots[0])}"
            if len(spots) == 1 else "")
    else:
        m = state.minion(what)
        healed = min(4, m.damage)
        m.damage -= healed
        state.commanded.append(what)
        turn.say(f"Sauron heals {healed} damage from {index().foes[what].name}.")
        state.queue.insert(0, "command")


def piece_words(state: MeqState, piece: str) -> str:
    """A piece on the board as the whole table may read it: a token by its pile and place (its back, never its
    face or id), a minion by name."""
    if piece in state.token_at:
        card = state.tokens.find(piece)
        assert card is not None
        return f"The {state.map.group_name(card.back)} monster token on {state.map.name(state.token_at[piece])}"
    m = state.minion(piece)
    return f"{index().foes[piece].name} on {state.map.name(m.at)}"


@answer("token_at")
def token_at(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    state = turn.state
    state.token_at[args[0]] = choice[0]
    card = state.tokens.find(args[0])
    assert card is not None
    turn.say(f"Sauron places a {state.map.group_name(card.back)} monster token on {state.map.name(choice[0])}.")
    state.queue.insert(0, "command")


@answer("move_to")
def move_to(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    state = turn.state
    piece = args[0]
    if piece in state.token_at:
        state.token_at[piece] = choice[0]
        card = state.tokens.find(piece)
        assert card is not None
        turn.say(f"A {state.map.group_name(card.back)} monster token moves to {state.map.name(choice[0])}.")
    else:
        state.minion(piece).at = choice[0]
        turn.say(f"{index().foes[piece].name} moves to {state.map.name(choice[0])}.")
    state.queue.insert(0, "command")


# --- 6 Hero Draw ---------------------------------------------------------------------------------------------


@step("hero_draw")
def hero_draw(turn: Turn[MeqState]) -> None:
    """Spec 3.1 step 6: each hero draws up to fortitude, all at once."""
    state = turn.state
    for hero in state.heroes:
        most = min(rules.attribute(state, hero, "fortitude"), stock.count(state, stock.life(hero)))
        room = corruption.hand_room(hero)
        most = most if room is None else min(most, room)
        if most > 0:
            ask(turn, hero.seat, f"draw:{hero.key}", f"Hero Draw: how many cards does {hero.name} draw (0 to {most})?",
                [], DecisionKind.NUMBER, low=0, high=most)
    goto(state, "hero_draw_done")


@answer("draw")
def draw_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    hero = turn.state.hero(args[0])
    n = rules.draw_cards(turn, hero, int(choice[0]))
    turn.say(f"{hero.name} draws {n} card(s).")


@step("hero_draw_done")
def hero_draw_done(turn: Turn[MeqState]) -> None:
    state = turn.state
    state.first_turn = False
    if state.active == -1:
        state.active = 0
    goto(state, "hero_start")


# --- Shadow cards ----------------------------------------------------------------------------------------------


def shadow_options(state: MeqState, timings: tuple[str, ...]) -> list[tuple[str, str]]:
    """At most one Shadow card a player-turn, and the Pool must reach its number (spec 3.1, 5.12)."""
    if state.shadow_played:
        return []
    out = []
    for c in state.shadow_hand.cards:
        card = index().shadows[c.ref]
        if card.timing in timings and state.pool >= card.pool:
            out.append((f"shadow:{c.uid}", f"play the Shadow card {c.name}"))
    return out


# Sauron's standing orders for the Shadow windows of a player-turn (spec 3.1, Playing Shadow Cards: "give Sauron a
# per-window auto-pass setting"), `order <key> pass`: each passes every window of its kind whatever his hand holds,
# so it tells the table nothing (`order shadow-combat ask` asks again). His own Action step always asks him.
SHADOW_ORDERS: dict[str, tuple[str, ...]] = {
    "shadow-start": ("hero-start", "hero-start-wild"),  # the start of a hero's turn
    "shadow-enters": ("hero-enters",),  # a hero enters a location
    "shadow-combat": ("combat", "minion-combat"),  # the start of a combat
    "shadow-defeated": ("hero-defeated",),  # a hero is defeated
}
SHADOW_ORDER_VALUES = ("ask", "pass")
ORDERS = {**KERNEL_ORDERS, **dict.fromkeys(SHADOW_ORDERS, SHADOW_ORDER_VALUES)}


def shadow_window_opens(state: MeqState, timings: tuple[str, ...]) -> bool:
    """Whether Sauron is asked at this timing point, from public facts alone (spec 1.4: his Shadow hand is his
    secret, its count public): the game option, his standing order, a Shadow card already played this player-turn
    (5.12), an empty hand, and whether any Shadow card not in the public discard pile has this timing and a number
    the Shadow Pool reaches. Never whether a card in his hand can be played: a pause only when he could play would
    tell the heroes what he holds. Asked with nothing playable, he is told so privately and passes."""
    if state.opt("shadow_windows") != "ask" or state.shadow_played or not state.shadow_hand.cards:
        return False
    passed = {t for key, ts in SHADOW_ORDERS.items() if order_of(state.orders, state.sauron, key, ORDERS) == "pass"
              for t in ts}
    open_timings = set(timings) - passed
    gone = {c.ref for c in state.shadow_discard.cards}
    return any(card.timing in open_timings and state.pool >= card.pool
               for card in index().shadows.values() if card.id not in gone)


@task("shadow")
def shadow_window(turn: Turn[MeqState], args: list[str]) -> None:
    state = turn.state
    timings = tuple(args[0].split(","))
    if not shadow_window_opens(state, timings):
        return
    options = shadow_options(state, timings)
    prompt = "You may play a Shadow card now."
    if not options:  # told to him alone (a private decision): the table sees only that he is asked
        key = next(k for k, ts in SHADOW_ORDERS.items() if set(ts) & set(timings))
        prompt += (" None of the Shadow cards in your hand can be played now (each needs another moment or a larger "
                   f"Shadow Pool), so pass. The standing order 'order {key} pass' passes every such window for you, "
                   "whatever you hold.")
    ask(turn, state.sauron, f"shadow:{args[0]}", prompt, [*options, ("pass", "play none")],
        DecisionKind.ACT_OR_PASS, private=True)


@answer("shadow")
def shadow_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    if choice[0] != "pass":
        play_shadow(turn, choice[0].split(":", 1)[1])


def play_shadow(turn: Turn[MeqState], uid: str) -> None:
    state = turn.state
    if state.shadow_played:
        raise RuleError("Sauron has already played a Shadow card this player-turn.")
    card = state.shadow_hand.take(uid)
    state.shadow_discard.cards.append(card)
    state.shadow_played = True
    turn.say(f"Sauron plays the Shadow card {card.name}.")
    target = state.current if state.active >= 0 else None
    scripts.run_card(turn, card.ref, target)
    if corruption.shadow_redraw(state):
        turn.say(f"{state.current.name} is greedy: Sauron draws a Shadow card.")
        sauron_cards.draw_shadow(turn)
