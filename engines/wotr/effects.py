"""Scripted card text (spec 8.3), in the engine's own words. Each entry names the card and the behaviour; the
tests in tests/engines/wotr/test_effects.py exercise every one. Cards with text not listed here are resolved
by adjustment; `scripts.unscripted` lists them (the coverage list)."""

from __future__ import annotations

from engines.core import Card, DecisionKind, Option
from engines.wotr import chains, moments
from engines.wotr import procedures as proc
from engines.wotr.answers import answer
from engines.wotr.cards import BATTLEGROUND, FP, HOBBIT_FACTION, PATH, SHADOW
from engines.wotr.round import activate, replace_path
from engines.wotr.scripts import needs, script
from engines.wotr.state import ATK, DEF, REACTIVATED_ACROSS, Deck, WotrState

T = proc.T


def _host(state: WotrState, card: Card) -> Card | None:
    """The location a card (or its wielder) stands on, or None in reserve."""
    for loc in state.active.cards:
        for unit in loc.attached:
            if unit is card or card in unit.attached:
                return loc
    return None


def _on(kind: str) -> object:
    def check(state: WotrState, deck: Deck, card: Card) -> bool:
        loc = _host(state, card)
        return loc is not None and (kind == "any" or state.card_def(loc).kind == kind)

    return check


def _in_reserve(state: WotrState, deck: Deck, card: Card) -> bool:
    return any(card in d.reserve.cards or any(card in u.attached for u in d.reserve.cards) for d in state.decks)


def _draw(n: int) -> object:
    def hook(turn: T, deck: Deck, card: Card) -> None:
        proc.draw(turn, deck, n, card.name)

    return hook


def _each_shadow(verb: str) -> object:
    def hook(turn: T, deck: Deck, card: Card) -> None:
        turn.state.queue.extend(f"{verb}:{d.key}|{card.name}" for d in proc.each_side_player(turn.state, SHADOW))

    return hook


def _cycle_self_then(then: object) -> object:
    def hook(turn: T, deck: Deck, card: Card) -> None:
        proc.cycle(turn, proc.detach(turn.state, card.uid), public=True)
        then(turn, deck, card)  # type: ignore[operator]

    return hook


def _corrupt(turn: T, n: int = 1) -> None:
    proc.add_corruption(turn, n)


def _eliminate_self_corrupt(turn: T, deck: Deck, card: Card) -> None:
    proc.eliminate(turn, proc.detach(turn.state, card.uid), public=True)
    _corrupt(turn)


def _black_breath(turn: T, deck: Deck, card: Card) -> None:
    state = turn.state
    _, _, wielder = state.locate(card.uid)
    if wielder is not None:  # the wielder goes too, with every item it carries
        proc.cycle(turn, proc.detach(state, wielder.uid), public=True)
    _corrupt(turn)


def _token(kind: str, where: str) -> object:
    def hook(turn: T, deck: Deck, card: Card) -> None:
        state = turn.state
        targets = state.active_battlegrounds() if where == BATTLEGROUND else state.active_paths()
        if len(targets) == 1:
            _add_token(turn, targets[0], kind)
        else:
            options = [Option(id=c.uid, label=c.name) for c in targets]
            icon = "attack" if kind == ATK else "defense"
            turn.ask(deck.seat, DecisionKind.CHOOSE_ONE, f"{deck.name}'s deck: choose the battleground for the "
                     f"{icon} icon.", options, context=f"token:{deck.key}:{kind}")

    return hook


def _add_token(turn: T, loc: Card, kind: str) -> None:
    loc.tokens[kind] = loc.tokens.get(kind, 0) + 1
    turn.say(f"{loc.name} gains a combat token ({'attack' if kind == ATK else 'defense'}).")


@answer("token")
def _token_answer(turn: T, deck: Deck, args: list[str], choice: tuple[str, ...]) -> None:
    loc = turn.state.active.find(choice[0])
    assert loc is not None
    _add_token(turn, loc, args[1])


def _has(where: str) -> object:
    def check(state: WotrState, deck: Deck, card: Card) -> bool:
        active = state.active_battlegrounds() if where == BATTLEGROUND else state.active_paths()
        return bool(active) and _in_reserve(state, deck, card)

    return check


def _eligible_paths(state: WotrState) -> list[Card]:
    """Unused paths numbered one above the active path (L199-206)."""
    active = state.active_paths()
    if not active:
        return []
    number = state.card_def(active[0]).path_number + 1
    return [c for c in state.path_deck.cards if state.card_def(c).path_number == number]


def _can_advance(state: WotrState, deck: Deck, card: Card) -> bool:
    loc = _host(state, card)
    return loc is not None and state.card_def(loc).kind == PATH and bool(_eligible_paths(state))


def _advance(turn: T, deck: Deck, card: Card) -> None:
    paths = _eligible_paths(turn.state)
    if len(paths) == 1:
        replace_path(turn, paths[0], "by card text")
    else:
        turn.ask(deck.seat, DecisionKind.CHOOSE_ONE, f"{deck.name}'s deck: choose the path to activate.",
                 [Option(id=c.uid, label=c.name) for c in paths], context=f"newpath:{deck.key}")


def _smeagol(turn: T, deck: Deck, card: Card) -> None:
    _corrupt(turn)
    _advance(turn, deck, card)


@answer("newpath")
def _newpath(turn: T, deck: Deck, args: list[str], choice: tuple[str, ...]) -> None:
    replace_path(turn, turn.state.path_deck.find(choice[0]), "by card text")


def _hobbit_player_draws(turn: T, deck: Deck, card: Card) -> None:
    state = turn.state
    hobbits = [d for d in state.decks if any(state.defs[c.ref].faction == HOBBIT_FACTION
                                             for z in d.zones() for c in z.cards)]
    for d in hobbits[:1]:
        proc.draw(turn, d, 2, card.name)


def _at(name: str) -> object:
    def bonus(state: WotrState, card: Card, loc: Card) -> int:
        return 1 if loc.name == name else 0

    return bonus


script("Elrond", on_play=_draw(1), carryover=1)
script("Gandalf's Staff", carryover_in_play=1)
script("The Lidless Eye", no_path_if_shadow_bg=True, on_play=_each_shadow("draw1"), carryover=1)
script("Mouth of Sauron", no_path_if_shadow_bg=True, extra_draw=1)
script("The Witch-king", extra_draw=1, forsaken_top_cycles=True)
script("Gandalf the White", removes="Gandalf the Grey", extra_draw=1, forsaken_top_cycles=True)
script("Gothmog", removes="The Witch-king", extra_draw=1)
script("The Black Easterling", on_play=_draw(1), bonus=_at("Dol Guldur"))
script("Grishnákh", use=_eliminate_self_corrupt, can_use=_on(PATH), use_label="eliminate it for 1 corruption")
script("Morgul Blade", use=_eliminate_self_corrupt, can_use=_on(PATH), use_label="eliminate it for 1 corruption")
script("Black Breath", use=_black_breath, can_use=_on("any"),
       use_label="cycle it with its wielder for 1 corruption")
script("The Commander", use=_cycle_self_then(_each_shadow("draw1")), can_use=_in_reserve,
       use_label="cycle it; each Shadow deck draws 1")
script("Narya, Ring of Fire", use=_cycle_self_then(_each_shadow("cycle1")), can_use=_in_reserve,
       use_label="cycle it; each Shadow deck cycles 1 from hand")
script("The Warrior", use=_cycle_self_then(_token(DEF, BATTLEGROUND)), can_use=_has(BATTLEGROUND),
       use_label="cycle it; a battleground gains a defense icon")
script("The Destroyer", use=_cycle_self_then(_token(ATK, BATTLEGROUND)), can_use=_has(BATTLEGROUND),
       use_label="cycle it; a battleground gains an attack icon")
script("The Hunter", use=_cycle_self_then(_token(ATK, PATH)), can_use=_has(PATH),
       use_label="cycle it; the path gains an attack icon")
script("Nazgûl's Mantle", mantle="combat")
script("Gandalf the Grey", use=_advance, can_use=_can_advance, use_label="activate the next path")
script("Sméagol", cycle_when_eliminated_in="path", use=_smeagol, can_use=_can_advance,
       use_label="1 corruption; activate the next path")
script("Bag End", on_activate=_hobbit_player_draws)


def _paths_of_the_dead(turn: T, deck: Deck, card: Card) -> None:
    """Two forsakes (each a choice: hand, reserve or the blind top of the deck), then the draw, whose size
    is settled when it happens (a forsaken Strider no longer counts)."""
    # Numbered in the prompt, so the second of two identical questions does not read as the first again.
    turn.state.queue.extend([f"forsake1:{deck.key}|{card.name} (1 of 2)", f"forsake1:{deck.key}|{card.name} (2 of 2)",
                             f"draw-dead:{deck.key}"])


script("Paths of the Dead", on_play=_paths_of_the_dead)


@moments.on("draw-dead")
def _draw_dead(turn: T, task: str) -> None:
    """Paths of the Dead's draw: 4 cards, 5 while Strider or Aragorn is in the reserve, counted now."""
    deck = turn.state.deck(task.partition(":")[2])
    kings = any(c.name in ("Strider", "Aragorn") for c in deck.reserve.cards)
    proc.draw(turn, deck, 5 if kings else 4, "Paths of the Dead")


script("The Day Without Dawn", on_play=chains.chain(7, "army", 2, eliminate=True))
script("The Ringwraiths Are Abroad", on_play=chains.chain(7, "Nazgûl", 2, eliminate=True))
script("Éomer", on_play=chains.chain(5, "Rohan army"))
script("Helm's Deep", on_activate=chains.chain(5, "army+character", where="Helm's Deep", who="Rohan"))
script("Minas Morgul", on_activate=chains.chain(5, "Nazgûl", where="reserve", who="Mordor"))
script("Morannon", on_activate=chains.chain(5, "army", who="Mordor"))
script("Cirith Ungol", on_activate=chains.chain(5, "army", who="Mordor"))
script("Morgul Vale", on_activate=chains.chain(5, "Nazgûl", who="Mordor"))


# --- simple activation texts, as data: who does what ---------------------------------------------------------------
def _steps(*steps: str) -> object:
    """Steps "<who> <verb><n>": who is "fp" or "shadow" (each player of that side, doubled in the Duels) or a
    faction (that player); verbs: draw, forsake, cycle (from hand), may-forsake-draw (a choice)."""

    def hook(turn: T, deck: Deck, card: Card) -> None:
        state = turn.state
        tasks: list[str] = []
        for step in steps:
            who, task = step.rsplit(" ", 1)
            decks = proc.each_side_player(state, who) if who in ("fp", "shadow") else \
                [d for d in [proc.faction_player(state, who)] if d is not None]
            tasks.extend(f"{task}:{d.key}|{card.name}" for d in decks)
        state.queue.extend(tasks)  # after what earlier activations queued: texts resolve in activation order

    return hook


def _self_token(kind: str) -> object:
    def hook(turn: T, deck: Deck, card: Card) -> None:
        _add_token(turn, card, kind)

    return hook


def _also(name: str, *, reactivate: bool = True) -> object:
    """Another battleground must be activated too (from its deck) or, if `reactivate`, reactivated (from a
    scoring area); one already active is left alone, so Lórien and Dol Guldur call each other only once
    (ENGINE 10.6). Edoras calls Helm's Deep from the Free Peoples deck only: `reactivate` False."""

    def hook(turn: T, deck: Deck, card: Card) -> None:
        state = turn.state
        for zone in (state.bg_fp, state.bg_shadow):
            other = next((c for c in zone.cards if c.name == name), None)
            if other is not None:
                zone.cards.remove(other)
                activate(turn, other, f"because {card.name} calls it")
                return
        if not reactivate:
            turn.say(f"{name} is not in its battleground deck: {card.name} does not bring it in.")
            return
        for side in ("fp", "shadow"):
            other = next((c for c in state.area(side).cards if c.name == name), None)
            if other is not None and state.card_def(other).kind == BATTLEGROUND:
                state.area(side).cards.remove(other)
                if side != state.card_def(other).side:
                    other.flags.append(REACTIVATED_ACROSS)
                activate(turn, other, f"again because {card.name} calls it")
                return

    return hook


for _name_, _steps_ in {
    "Harad": ("shadow draw1",), "Umbar": ("shadow draw1",), "Inn of the Prancing Pony": ("shadow draw2",),
    "Moria": ("Monstrous draw2",), "Khazad-dûm": ("Monstrous draw2",), "Dead Marshes": ("Monstrous draw2",),
    "Shelob's Lair": ("Monstrous draw2",), "Crack of Doom": ("Monstrous draw2",),
    "Weathertop": ("Mordor draw2",), "Orodruin": ("Mordor draw2",), "Imladris": ("Elf draw2",),
    "Henneth Annûn": ("Dúnedain draw1",), "The Council of Elrond": ("fp draw1",), "The Cross-roads": ("fp draw1",),
    "The Old Forest": ("fp forsake1",), "Caradhras": ("fp forsake1",), "Emyn Muil": ("fp forsake1",),
    "Fords of Bruinen": ("fp forsake1", "fp draw3"), "Dimrill Dale": ("shadow cycle1", "shadow cycle1"),
    "Egladil": ("fp draw2", "fp cycle1"), "Rivendell": ("Elf draw1", "Elf cycle1"),
    "Gildor's Encampment": ("Elf draw1", "Elf cycle1"), "Lothlórien": ("Elf draw1", "Elf cycle1"),
    "Amon Hen": ("Mordor draw1", "Mordor cycle1"), "Buckleberry Ferry": ("Mordor draw1", "Hobbit draw1"),
    "Dol Amroth": ("Dúnedain may-forsake-draw1",), "Pelargir": ("Dúnedain may-forsake-draw1",),
    "Minas Tirith": ("Dúnedain may-forsake-draw3",), "Osgiliath": ("Dúnedain may-forsake-draw3",),
}.items():
    script(_name_, on_activate=_steps(*_steps_))
script("Morgai", on_activate=_self_token(ATK))
script("Edoras", on_activate=_also("Helm's Deep", reactivate=False))
script("Lórien", on_activate=_also("Dol Guldur"))
script("Dol Guldur", on_activate=_also("Lórien"))

# --- more faction cards -----------------------------------------------------------------------------------------
for _keyword_only in ("Blade of Westernesse", "Dwarven Axe", "Glamdring"):
    script(_keyword_only)  # a keyword alone: it matters only to other cards' text
script("Knights of Dol Amroth", bonus=_at("Dol Amroth"))
script("Guards of the Citadel", bonus=_at("Minas Tirith"))


def _great_gate(state: WotrState, card: Card, loc: Card) -> int:
    return 3 if loc.name == "Minas Tirith" else 0


script("The Great Gate", bonus=_great_gate, no_shadow_bg=True)
script("Whip of Many Thongs", on_play=_draw(1))
script("Aragorn", removes="Strider", extra_draw=1, forsaken_top_cycles=True)
script("Saruman", extra_draw=1, forsaken_top_cycles=True)
script("Saruman's Staff", carryover_in_play=1)
script("Frodo Baggins", cycle_when_eliminated_in="any", items_not_saved=True)
script("Bilbo Baggins", cycle_when_eliminated_in="any", use=_cycle_self_then(_draw(2)), can_use=_in_reserve,
       use_label="cycle it; draw 2")
script("Merry Brandybuck", cycle_when_eliminated_in="path", battles_with="Rohan")
script("Pippin Took", cycle_when_eliminated_in="path", battles_with="Dúnedain")
script("Elven Cloak", mantle="path")
script("Woven of All Colours", mantle="combat")
script("Phial of Galadriel", path_defense=2)


def _sting(state: WotrState, card: Card, loc: Card) -> int:
    monstrous = any(state.card_def(u).faction == "Monstrous" for u in loc.attached)
    return 1 if state.card_def(loc).kind == PATH and monstrous else 0


script("Sting", bonus=_sting)
script("Strider", use=_advance, can_use=_can_advance, use_label="activate the next path")


def _same_number(state: WotrState) -> list[Card]:
    active = state.active_paths()
    if not active:
        return []
    number = state.card_def(active[0]).path_number
    return [c for c in state.path_deck.cards if state.card_def(c).path_number == number]


def _can_sidestep(state: WotrState, deck: Deck, card: Card) -> bool:
    loc = _host(state, card)
    return loc is not None and state.card_def(loc).kind == PATH and bool(_same_number(state))


def _sidestep(turn: T, deck: Deck, card: Card) -> None:
    paths = _same_number(turn.state)
    if len(paths) == 1:
        replace_path(turn, paths[0], "by card text")
    else:
        turn.ask(deck.seat, DecisionKind.CHOOSE_ONE, f"{deck.name}'s deck: choose the path to activate.",
                 [Option(id=c.uid, label=c.name) for c in paths], context=f"newpath:{deck.key}")


for _n in ("Uglúk", "Flocks of Crebain"):
    script(_n, use=_sidestep, can_use=_can_sidestep, use_label="activate another path of this number")
script("Gollum", use=_sidestep, can_use=_can_sidestep, use_label="activate another path of this number",
       cycle_when_eliminated_in="path")


def _eliminate_self_then(then: object) -> object:
    def hook(turn: T, deck: Deck, card: Card) -> None:
        proc.eliminate(turn, proc.detach(turn.state, card.uid), public=True)
        then(turn, deck, card)  # type: ignore[operator]

    return hook


def _each_fp(verb: str) -> object:
    def hook(turn: T, deck: Deck, card: Card) -> None:
        turn.state.queue.extend(f"{verb}:{d.key}|{card.name}" for d in proc.each_side_player(turn.state, FP))

    return hook


for _n in ("Cave-Troll", "Hill-Troll", "Barrow-Wights"):
    script(_n, use=_eliminate_self_then(_each_fp("forsake1")), can_use=_in_reserve,
           use_label="eliminate it; each Free Peoples deck forsakes 1")
script("Candles of Corpses", bonus=_at("Dead Marshes"), use=_eliminate_self_then(_each_fp("forsake1")),
       can_use=_in_reserve, use_label="eliminate it; each Free Peoples deck forsakes 1")
def _forsake_own(turn: T, deck: Deck, card: Card) -> None:
    turn.state.queue.append(f"forsake1:{deck.key}|{card.name}")


def _khazad_dum(state: WotrState, card: Card, loc: Card) -> int:
    return 1 if loc.name == "Khazad-dûm" else 0


script("Boromir", on_play=_draw(1), on_enter=_forsake_own, enters=PATH)
script("Shelob", bonus=_at("Shelob's Lair"), on_enter=_each_fp("forsake1"), enters=PATH)
script("Balrog of Moria", bonus=_khazad_dum, on_enter=_each_fp("forsake1"))
script("Vilya, Ring of Air", use=_cycle_self_then(_each_fp("draw1")), can_use=_in_reserve,
       use_label="cycle it; each Free Peoples deck draws 1")
script("Sam Gamgee", use=_cycle_self_then(_token(DEF, PATH)), can_use=_has(PATH),
       use_label="cycle it; the path gains a defense icon")


# --- take a named card from the draw deck or the cycle pile (L644-650, L775-776) ------------------------------------
def _take(names: tuple[str, ...], pile: str, *, optional: bool = True, label: str = "") -> object:
    """The deck searches its draw deck (privately: the matches become known to its player) or its cycle pile
    for one of `names` (titles, or a keyword such as "Nazgûl"), takes it into hand and shows it to all; a
    searched draw deck is shuffled afterwards."""

    def hook(turn: T, deck: Deck, card: Card) -> None:
        zone = deck.draw if pile == "draw" else deck.cycle
        pile_name = zone.name.split(": ")[-1]
        found = [c for c in zone.cards if c.uid != card.uid and (c.name in names or (
            turn.state.card_def(c).kind == "character" and any(k in names for k in turn.state.card_def(c).keywords)))]
        if not found:
            turn.say(f"{card.name}: {deck.name}'s deck finds nothing to take from its {pile_name}.")
            if pile == "draw":
                turn.state.rng.shuffle(deck.draw.cards)
            return
        for c in found:
            c.known_to = [deck.seat]
        options = [Option(id=c.uid, label=c.name) for c in found]
        if optional:
            options.append(Option(id="decline", label="Take nothing"))
        # The card that asks and the pile searched, named (issue 16: every prompt says why it is asked).
        turn.ask(deck.seat, DecisionKind.CHOOSE_ONE, f"{card.name}: {deck.name}'s deck, take a card from your "
                 f"{pile_name} into hand{label}.", options, private=True, context=f"take:{deck.key}:{pile}")

    return hook


@answer("take")
def _take_answer(turn: T, deck: Deck, args: list[str], choice: tuple[str, ...]) -> None:
    zone = deck.draw if args[1] == "draw" else deck.cycle
    for c in zone.cards:
        c.known_to = [deck.seat] if not c.face_up and zone is deck.cycle else []
    if choice[0] != "decline":
        card = zone.take(choice[0])
        # Shown to every player so they can check it (L644-650): it stays known to them while in that hand.
        card.face_up, card.known_to = True, list(turn.state.seats)
        deck.hand.cards.append(card)
        turn.say(f"{deck.name}'s deck takes {card.name} from its {zone.name.split(': ')[-1]} and shows it.",
                 audience=list(turn.state.seats))
        turn.say(f"{deck.name}'s deck takes a card from its {zone.name.split(': ')[-1]} and shows it to the players.")
        turn.reveal()
    else:
        turn.say(f"{deck.name}'s deck takes nothing.")
    if zone is deck.draw:
        turn.state.rng.shuffle(deck.draw.cards)
        if choice[0] != "decline":
            proc.refill(turn, deck)  # the card taken was the last (L566-570)


script("Legolas", on_play=_take(("Bow of the Galadhrim",), "draw"))
script("Gimli", on_play=_take(("Dwarven Axe",), "cycle"))
script("Halbarad", use=_cycle_self_then(_take(("Strider", "Aragorn"), "draw", optional=False)), can_use=_in_reserve,
       use_label="cycle it; search your draw deck for your captain")
script("Gwaihir the Windlord", use=_cycle_self_then(_take(("Gandalf the Grey", "Gandalf the White"), "cycle",
                                                          optional=False)),
       can_use=_in_reserve, use_label="cycle it; search your cycle pile for the wizard")
script("The Messenger", use=_cycle_self_then(_take(("Nazgûl",), "cycle", optional=False)), can_use=_in_reserve,
       use_label="cycle it; take a Nazgûl from your cycle pile")


# --- targets of texts resolved by adjustment: without one, the card cannot be played (L591-594) -----------------
def _in_own_reserve(name: str) -> object:
    def check(state: WotrState, deck: Deck, card: Card) -> bool:
        return any(c.name == name for c in deck.reserve.cards)

    return check


def _own_reserve_has(faction: str) -> object:
    def check(state: WotrState, deck: Deck, card: Card) -> bool:
        return any(state.card_def(c).faction == faction for c in deck.reserve.cards)

    return check


needs("The Black Captain", _in_own_reserve("The Witch-king"), "The Witch-king is not in your reserve")  # type: ignore[arg-type]
needs("Threats and Promises", _in_own_reserve("Saruman"), "Saruman is not in your reserve")  # type: ignore[arg-type]
needs("There is Another Way", lambda state, deck, card: bool(_same_number(state)),
      "no unused path has the active path's number")
needs("Death! Ride, Ride to Ruin!", _own_reserve_has("Rohan"), "you have no Rohan card in reserve")  # type: ignore[arg-type]
