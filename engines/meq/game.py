"""Middle-earth Quest as a Westmarch engine: options (each ambiguity of spec 7.5 and each number the text
lacks, with its default), setup (spec 2), the answer grammar and the manual adjustments for unscripted text."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from typing import Any

from engines.core import (
    Answer,
    Card,
    CommandError,
    Config,
    Decision,
    DecisionKind,
    NotACommand,
    Option,
    Rng,
    RuleError,
    Rules,
    Step,
    Turn,
    View,
    Visibility,
)
from engines.core.decisions import plain_label
from engines.core.zones import ZoneView
from engines.meq import board as mb
from engines.meq import (  # noqa: F401  (registrations)
    characters,
    combat,
    defeat,
    effects,
    explore,
    finale,
    flow,
    hero,
    influence,
    pools,
    quests,
    rules,
    sauron,
    sauron_cards,
    sheet,
    stock,
    travel,
)
from engines.meq.cards import MARKERS, index
from engines.meq.state import ATTRIBUTES, HERO_MARKER, Hero, MeqState, Minion, copy_card, zone
from engines.meq.view import build, hand_zones, quest_name

CHOICES: dict[str, tuple[str | int | bool, tuple[str | bool, ...] | None]] = {
    "map": ("base", None),  # a built-in map key, or a map file's text (docs/meq-map.md)
    "heroes": ("", None),  # hero ids in seat order, comma separated; "" = at random
    "story_length": (18, None),  # the Finale space (scenario.json: 18 spaces); the text gives no number
    "stage2": (7, None),  # first space of stage II (not in the text)
    "stage3": (13, None),  # first space of stage III (not in the text)
    "shadow_falls": (15, None),  # The Shadow Falls (not in the text)
    "hero_advance": (2, None),  # the heroes' marker per Story step
    "track_influence": ("6,5,4", None),  # spec 7.1: known
    "track_draw": ("3,2,1", None),  # only a "2" is known
    "track_command": ("3,2,1", None),  # only the leftmost "3" is known
    "ambush": ("must", ("must", "may")),  # 7.5.1
    "minion_arrival": ("must", ("must", "off")),  # 7.5.2: mandatory, on any first entry into a stage
    # ask Sauron at each timing point where public facts allow a Shadow card (engines.meq.sauron.shadow_window_opens,
    # whatever his hand holds; his own `order shadow-... pass` skips a kind of window), or never
    "shadow_windows": ("ask", ("ask", "never")),
    "high_stakes": (False, (False, True)),  # 5.11
}
SAURON_SEAT = "p1"


def _folded(text: str) -> str:
    """A name as it may be typed: accents, case, quotation marks, hyphens and a leading "The" aside."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    bare = re.sub(r"[\"'‘’“”`]", "", bare.casefold()).replace("-", " ").replace("_", " ")
    return " ".join(bare.split()).removeprefix("the ")


def named_choice(decision: Decision, choice: tuple[str, ...]) -> tuple[str, ...]:
    """`choice` as option ids: an answer to a choice of one that names its option by its label (a place's or a
    card's name, without the note in brackets after it) instead of its id. Unchanged when it is already an id,
    when nothing matches, or when the name fits more than one option (the kernel then refuses it, saying the
    options); several words are refused as one name."""
    if decision.kind not in (DecisionKind.CHOOSE_ONE, DecisionKind.ACT_OR_PASS) or not choice:
        return choice
    ids = {o.id for o in decision.options}
    if len(choice) == 1 and choice[0] in ids:
        return choice
    said = _folded(" ".join(choice))
    if not said:
        return choice

    def names(option: Option) -> set[str]:
        label = plain_label(option)
        return {_folded(label), _folded(re.sub(r"\s*\(.*\)\s*$", "", label)), _folded(option.id)}

    exact = [o.id for o in decision.options if said in names(o)]
    if len(exact) == 1:
        return (exact[0],)
    words = f" {said} "
    near = [] if exact else [o.id for o in decision.options if any(words in f" {n} " for n in names(o))]
    if len(near) == 1:
        return (near[0],)
    # A name of several words that fits no option is refused as that name, with the options listed, not as
    # "choose exactly one option" for the several words it was typed as.
    return (" ".join(choice),) if len(choice) > 1 else choice


@dataclass(frozen=True)
class Adjust:
    """A manual adjustment for text the engine does not script, announced to the table (spec 7.3):
    favor <hero> +N | influence <location> +N | pool +N | marker <hero|yellow|red|black> +N | damage <hero> N |
    corruption <hero> +1 | level <hero> <attribute> | item <hero> <item> | train <hero> | quest <hero> <quest> |
    move <hero> <location> | character <character> <location>."""

    verb: str
    args: tuple[str, ...]

    def text(self) -> str:
        return " ".join(["adjust", self.verb, *self.args])


SHAPES = {"favor": 2, "influence": 2, "pool": 1, "marker": 2, "damage": 2, "corruption": 2, "level": 2, "item": 2,
          "train": 1, "quest": 2, "move": 2, "character": 2}


class Meq(Rules[MeqState]):
    name = "meq"
    title = "Middle-earth Quest"
    # 2: Encounter Quests kept (spec 6.44), the Shadow start-of-combat window before agility, Perils and Shadows
    # scripted: a journal written by version 1 does not replay the same. 3: Plots and Quests scripted (the
    # Starting Plot's setup runs at setup, Plot conditions are checked).
    # 4: every combat ability and Corruption card scripted. 5: every Event scripted.
    # 6: a card's uid is handed out when its deck or token pile is shuffled, at setup and at every reshuffle, in
    # the shuffled order (stock.shuffle): uids in the pack's order named the same monster behind the same token
    # id in every game, and the heroes' options show those ids. The same seed deals the same cards, under other
    # uids, so an older journal's answers name uids this version does not give.
    # 7: a lone enemy confronting a hero, a token with one place to go and a drawn token with one spot are forced
    # (answered by themselves, the reason told in words), and the Ithil-Stone's and Smeagol's searches of the Plot
    # deck name a card by its definition, not its id: an older journal answers decisions this version no longer
    # asks, or names a card as this version does not. A game started under 6 loads from its newest snapshot, which
    # the shutdown checkpoint and a game leaving memory write (bot/service/keeping.py), so no tail of it replays.
    # 8: a Shadow window (the start of a hero's turn or of a combat, a hero entering a location or defeated) opens
    # on public facts alone, whatever Sauron's hand holds: it opened only when he held a card he could play then,
    # so the pause told the heroes so. He is asked with nothing playable too (told so privately), and may pass a
    # kind of window for good with a standing order (`order shadow-combat pass`). An older journal does not ask
    # the windows this version asks.
    version = "8"
    min_seats = 2
    max_seats = 4
    state_type = MeqState
    shared_fields = ("board", "stock")  # the map never changes; decks are tuples, changed by replacing
    options = {k: v[0] for k, v in CHOICES.items()}  # noqa: RUF012
    standing_orders = dict.fromkeys(sauron.SHADOW_ORDERS, sauron.SHADOW_ORDER_VALUES)  # spec 3.1: Sauron's

    def check_options(self, options: dict[str, Any]) -> dict[str, str | int | bool]:
        out = dict(self.options)
        for key, value in options.items():
            if key not in CHOICES:
                raise CommandError(f"Unknown option '{key}'. Options: {', '.join(CHOICES)}.")
            default, allowed = CHOICES[key]
            if allowed is not None and value not in allowed:
                raise CommandError(f"Option {key} must be one of {', '.join(str(a) for a in allowed)}.")
            if isinstance(default, int) and not isinstance(default, bool) and (
                    isinstance(value, bool) or not isinstance(value, int) or value < 1):
                raise CommandError(f"Option {key} takes a whole number of 1 or more.")
            out[key] = value
        for t in ("influence", "draw", "command"):
            parts = str(out[f"track_{t}"]).split(",")
            if len(parts) != 3 or not all(p.strip().isdigit() for p in parts):
                raise CommandError(f"Option track_{t} takes three numbers like 6,5,4.")
        if not int(out["stage2"]) < int(out["stage3"]) <= int(out["shadow_falls"]) < int(out["story_length"]):
            raise CommandError("The Story Track needs stage2 < stage3 <= shadow_falls < story_length.")
        return out

    def copy(self, state: MeqState) -> MeqState:
        """`apply`'s copy-then-change, made cheap: the decks are shared tuples (`stock`), and the hundred-odd cards
        in hands, pools and discards are copied by hand, several times faster than pickling them with the rest."""
        zones = state.zones()
        held = [z.cards for z in zones]
        try:
            for z in zones:
                z.cards = []
            work = super().copy(state)
        finally:
            for z, cards in zip(zones, held, strict=True):
                z.cards = cards
        for z, cards in zip(work.zones(), held, strict=True):
            z.cards = [copy_card(c) for c in cards]
        return work

    def seat_names(self, count: int) -> list[str]:
        return [f"p{i}" for i in range(1, count + 1)]

    def start(self, config: Config, seed: int) -> Step[MeqState]:
        options = self.check_options(config.options)
        if not self.min_seats <= len(config.seats) <= self.max_seats:
            raise RuleError("Middle-earth Quest is played by 2 to 4 players: Sauron and 1 to 3 heroes.")
        text = str(options["map"])
        board = mb.parse(text) if text.lstrip().startswith(mb.FORMAT) else mb.builtin(text)
        options["map"] = board.key
        idx = index()
        state = MeqState(seats=list(config.seats), rng=Rng.seeded(seed), options=options, board=board,
                         sauron=config.seats[0])
        for z in (state.shadow_hand, state.plot_hand, state.plot_drawn, state.peril_drawn, state.sauron_mission):
            z.owner = state.sauron
        turn = Turn(state=state, seat="")
        hero_seats = config.seats[1:]
        # By id or by name, as the table calls them ("heroes=Thalin,Eleanor"): each is read as the hero's id.
        by_name = {_folded(h.name): key for key, h in idx.heroes.items()} | {key: key for key in idx.heroes}
        wanted = [by_name.get(_folded(h), h) for h in str(options["heroes"]).split(",") if h.strip()]
        if wanted and (len(wanted) != len(hero_seats) or len(set(wanted)) != len(wanted)
                       or any(h not in idx.heroes for h in wanted)):
            raise RuleError(f"Name {len(hero_seats)} different heroes: "
                            + ", ".join(h.name for h in idx.heroes.values()) + ".")
        if not wanted:
            pool = list(idx.heroes)
            state.rng.shuffle(pool)
            wanted = pool[:len(hero_seats)]
        state.markers = {HERO_MARKER: 0, **dict.fromkeys(MARKERS, 0)}
        for seat, key in zip(hero_seats, wanted, strict=True):
            self._setup_hero(state, seat, key)
        state.hero_mission.seats = list(hero_seats)
        for foe_def in idx.pack.foes:
            if foe_def.minion:
                state.minions.append(Minion(key=foe_def.id))
        decks: dict[str, list[Card]] = {}
        for card_id, copies in ((c.id, c.copies) for c in idx.pack.combat):
            cdef = idx.combat[card_id]
            if cdef.deck in ("zealot", "ravager", "behemoth"):
                decks.setdefault(f"combat:{cdef.deck}", []).extend(
                    unnumbered(cdef.name, cdef.id) for _ in range(copies))
            elif cdef.deck == "skill":
                decks.setdefault("skill", []).extend(unnumbered(cdef.name, cdef.id) for _ in range(copies))
        for pile in idx.pack.piles:
            tokens: list[Card] = []
            for mid, n in pile.tokens:
                tokens += [unnumbered(idx.foes[mid].name, f"{pile.group}|{mid}", pile.group) for _ in range(n)]
            tokens += [unnumbered("Blank", f"{pile.group}|blank", pile.group) for _ in range(pile.blanks)]
            decks[f"pile:{pile.group}"] = tokens
        for ev in idx.pack.events:
            decks.setdefault(f"event:{ev.stage}", []).append(unnumbered(ev.name, ev.id))
        for enc in idx.pack.encounters:
            decks.setdefault(f"encounter:{enc.deck}", []).append(unnumbered(enc.name, enc.id))
            state.encounter_discards.setdefault(enc.deck, zone(f"{enc.deck} Encounter discard", Visibility.PUBLIC))
        decks["peril"] = [unnumbered(p.name, p.id) for p in idx.pack.perils]
        decks["shadow"] = [unnumbered(p.name, p.id) for p in idx.pack.shadows]
        decks["corruption"] = [unnumbered(p.name, p.id) for p in idx.pack.corruption]
        state.item_supply = {i.id: i.value for i in idx.pack.items}
        for h in state.heroes:
            for item in idx.heroes[h.key].items:
                state.item_supply[item] -= 1
        starting = [p for p in idx.pack.plots if p.starting]
        decks["plot"] = [unnumbered(p.name, p.id) for p in idx.pack.plots if not p.starting]
        # Shuffled in the order the decks were always shuffled, so a seed deals the same cards as before; each
        # card's uid is handed out by that shuffle, in the deck's new order (stock.shuffle), not in list order.
        kinds = ("combat:", "skill", "pile:", "event:", "encounter:", "peril", "shadow", "corruption", "plot")
        for key in [k for kind in kinds for k in decks if k.startswith(kind)]:
            stock.put(state, key, decks[key])
            stock.shuffle(state, key)  # the uids are handed out here, in the shuffled order
        first = starting[state.rng.below(len(starting))]
        card = state.new_card(first.name, first.id)
        state.plots.cards.append(card)
        state.plot_slot[card.uid] = 1
        turn.say(f"Starting Plot: {first.name} on space 1.")
        if first.affects:
            sauron.set_plot_marker(turn, card.uid, first.affects)
        for side, zone_ in (("sauron", state.sauron_mission), ("heroes", state.hero_mission)):
            missions = [x for x in idx.pack.missions if x.side == side]
            mission = missions[state.rng.below(len(missions))]
            zone_.cards.append(state.new_card(mission.name, mission.id))
        for minion in state.minions:
            foe = idx.foes[minion.key]
            if foe.stage == 1:
                sauron.put_minion(turn, minion.key, foe.starts[0])
        for h in state.heroes:
            quests.setup(turn, h)
        turn.say(f"Map: {board.title} ({len(board.locations)} locations, {len(board.paths)} paths). Sauron: "
                 f"{state.sauron}; heroes: " + ", ".join(f"{h.name} ({h.seat})" for h in state.heroes) + ".")
        state.step = "round"
        flow.advance(turn)
        return Step(state=state, events=turn.events)

    def _setup_hero(self, state: MeqState, seat: str, key: str) -> None:
        idx = index()
        hdef = idx.heroes[key]
        h = Hero(key=key, name=hdef.name, seat=seat, at=hdef.start,
                 hand=zone(f"{hdef.name}'s hand", Visibility.OWNER, seat),
                 rest=zone(f"{hdef.name}'s rest pool", Visibility.PUBLIC, seat),
                 corruption=zone(f"{hdef.name}'s Corruption cards", Visibility.PUBLIC, seat),
                 items=list(hdef.items))
        life: list[Card] = []
        for c in idx.pack.combat:
            if c.deck == key:
                life += [unnumbered(c.name, c.id) for _ in range(c.copies)]
        stock.put(state, stock.life(h), life)
        stock.shuffle(state, stock.life(h))
        state.stock[stock.damage(h)] = ()
        quests = [q for q in idx.pack.quests if q.owner == key]
        starts = [q for q in quests if q.kind == "starting"]
        if starts:
            h.quests.append(starts[state.rng.below(len(starts))].id)
        h.locked = next((q.id for q in quests if q.kind == "advanced"), "")
        state.heroes.append(h)

    def orders_changed(self, turn: Turn[MeqState]) -> None:
        """The Shadow windows' orders are Sauron's (spec 3.1); an open window of a kind he now passes closes."""
        state = turn.state
        if turn.seat != state.sauron and set(state.orders.get(turn.seat, {})) & set(sauron.SHADOW_ORDERS):
            raise RuleError("Only Sauron plays Shadow cards: the shadow-... standing orders are his.")
        for d in [d for d in state.decisions if d.context.startswith("shadow:")]:
            if not sauron.shadow_window_opens(state, tuple(d.context.split(":")[1].split(","))):
                state.decisions.remove(d)
                turn.say("Sauron passes this Shadow window (his standing order).")
                flow.resolve(turn, d, ("pass",))

    def why_not(self, state: MeqState, decision: Decision, option: str) -> str:
        """Why Sauron may not place influence on a location he named (spec 5.4): the kernel alone said "not an
        option", which read as if the location were unknown."""
        if not decision.context.startswith("place:") or not state.map.has(option):
            return ""
        name, where = state.map.name(option), state.map.location(option)
        if where.haven:
            return f"{name} is a Haven: influence never goes there."  # spec 5.4
        cap = rules.cap_of(state, option)
        if not cap:
            return (f"{name} is not in extension of a Shadow Stronghold, nor next to a location that is: influence "
                    "goes only there.")  # spec 5.4
        held = state.influence.get(option, 0)
        if held >= cap:
            return f"{name} holds {held} influence, all it may hold now (its linked Stronghold's strength)."  # 5.4
        return ""

    def resolve(self, turn: Turn[MeqState], decision: Decision, choice: tuple[str, ...]) -> None:
        flow.resolve(turn, decision, choice)

    def apply(self, state: MeqState, seat: str, command: Any) -> Step[MeqState]:
        """An answer may name its option as the button reads ("answer 10 The Nindalf", "nindalf", "Pelargir" for
        the id 'pelagir'): it is read as that option's id here, against the open decision, and the step carries the
        answer with the id, which the journal keeps (bot/service/core.py), so replays never read names."""
        if isinstance(command, Answer):
            decision = next((d for d in state.decisions if d.id == command.decision and d.seat == seat), None)
            choice = command.choice if decision is None else named_choice(decision, command.choice)
            if choice != command.choice:
                read = replace(command, choice=choice)
                return replace(super().apply(state, seat, read), command=read)  # the journal keeps the ids
        return super().apply(state, seat, command)

    # --- adjustments --------------------------------------------------------------------------------------------
    def parse_verb(self, words: list[str]) -> Any:
        if words[0].lower() != "adjust" or len(words) < 2:
            refusal = NotACommand if words[0].lower() != "adjust" else CommandError  # a word alone may be an answer
            raise refusal("Unknown command. Answer a decision ('answer <n> <option>') or adjust: "
                          + ", ".join(f"adjust {v}" for v in SHAPES) + ".")
        verb = words[1].lower()
        if verb not in SHAPES or len(words) - 2 != SHAPES[verb]:
            raise CommandError(f"Adjustments: {', '.join(SHAPES)}; '{verb}' takes {SHAPES.get(verb, '?')} word(s).")
        return Adjust(verb=verb, args=tuple(words[2:]))

    def format_verb(self, command: Any) -> str:
        if isinstance(command, Adjust):
            return command.text()
        return super().format_verb(command)

    def perform(self, turn: Turn[MeqState], command: Any) -> None:
        if not isinstance(command, Adjust):
            super().perform(turn, command)
            return
        state, seat = turn.state, turn.seat
        if seat not in state.seats:
            raise RuleError(f"{seat} is not a seat in this game.")
        verb, args = command.verb, command.args
        turn.say(f"{seat} adjusts by card text: {command.text().removeprefix('adjust ')}.")
        if verb == "pool":
            state.pool = max(0, min(rules.pool_cap(state), state.pool + _signed(args[0])))
        elif verb == "marker":
            if args[0] not in state.markers:
                raise RuleError(f"Markers: {', '.join(state.markers)}.")
            rules.move_marker(turn, args[0], _signed(args[1]), "adjustment")
        elif verb == "influence":
            _loc(state, args[0])
            n = _signed(args[1])
            if n < 0:
                rules.remove_influence(turn, args[0], -n, "adjustment")
            for _ in range(n):
                rules.place_influence(turn, args[0])
        elif verb == "character":
            if args[0] not in index().characters:
                raise RuleError(f"Characters: {', '.join(index().characters)}.")
            state.characters.pop(args[0], None)
            if args[1] != "off":
                _loc(state, args[1])
                characters.put_character(turn, args[0], args[1])
        else:
            self._adjust_hero(turn, verb, _hero(state, args[0]), args[1:])
        flow.advance(turn)

    def _adjust_hero(self, turn: Turn[MeqState], verb: str, h: Hero, args: tuple[str, ...]) -> None:
        state = turn.state
        if verb == "favor":
            n = _signed(args[0])
            if h.favor + n < 0:
                raise RuleError(f"{h.name} has only {h.favor} favor.")
            h.favor += n
        elif verb == "damage":
            state.queue.insert(0, f"hero_damage:{h.key}:{_count(args[0])}")
        elif verb == "corruption":
            n = _signed(args[0])
            if n > 0:
                for _ in range(n):
                    rules.gain_corruption(turn, h)
            elif h.corruption.cards:
                state.corruption_discard.cards.append(h.corruption.cards.pop())
        elif verb == "level":
            if args[0] not in ATTRIBUTES:
                raise RuleError(f"Attributes: {', '.join(ATTRIBUTES)}.")
            rules.raise_level(turn, h, args[0])
        elif verb == "item":
            if args[0] not in index().items:
                raise RuleError(f"Items: {', '.join(index().items)}.")
            rules.gain_item(turn, h, args[0])
        elif verb == "train":
            sheet.train(turn, h)
        elif verb == "quest":
            if args[0] not in h.quests:
                raise RuleError(f"{h.name} does not hold the quest {args[0]}.")
            h.quests.remove(args[0])
            h.done.append(args[0])
            turn.say(f"{h.name} completes the quest {quest_name(args[0])}.")
            if h.locked and index().quests.get(args[0]) and index().quests[args[0]].kind == "starting":
                h.quests.append(h.locked)
                h.locked = ""
        elif verb == "move":
            _loc(state, args[0])
            h.at = args[0]
            turn.say(f"{h.name} is moved to {state.map.name(args[0])}.")

    def view(self, state: MeqState, seat: str | None) -> View:
        return build(state, seat)

    def private(self, state: MeqState, seat: str) -> list[ZoneView]:
        return hand_zones(state, seat)  # without the map, the panels and the rest of a whole view


def unnumbered(name: str, ref: str, back: str = "") -> Card:
    """A face-down card for a deck being built, without its uid yet: `stock.shuffle` gives it one. A uid given
    here, in the pack's order, would name the same face in every game (a monster token's, which the heroes'
    options show)."""
    return Card(uid="", name=name, ref=ref, back=back, face_up=False)


def _signed(text: str) -> int:
    body = text[1:] if text[:1] in "+-" else text
    if not body.isascii() or not body.isdigit() or len(body) > 3:
        raise CommandError(f"Write a signed number like +1 or -2, not '{text}'.")
    return int(text)


def _count(text: str) -> int:
    if not text.isascii() or not text.isdigit() or not 0 < int(text) <= 30:
        raise CommandError(f"Write a number from 1 to 30, not '{text}'.")
    return int(text)


def _hero(state: MeqState, key: str) -> Hero:
    found = next((h for h in state.heroes if h.key == key.lower() or h.seat == key), None)
    if found is None:
        raise RuleError(f"No hero '{key}'. Heroes: {', '.join(f'{h.key} ({h.seat})' for h in state.heroes)}.")
    return found


def _loc(state: MeqState, loc: str) -> None:
    if not state.map.has(loc):
        raise RuleError(f"No location '{loc}' on this map.")
