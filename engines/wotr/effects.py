"""Scripted card text (spec 8.3), in the engine's own words. Each entry names the card and the behaviour; the
tests in tests/engines/wotr/test_effects.py exercise every one. Cards with text not listed here are resolved
by adjustment; `scripts.unscripted` lists them (the coverage list)."""

from __future__ import annotations

from engines.core import Card, DecisionKind, Option
from engines.wotr import procedures as proc
from engines.wotr.answers import answer
from engines.wotr.cards import BATTLEGROUND, HOBBIT_FACTION, PATH, SHADOW
from engines.wotr.round import replace_path
from engines.wotr.scripts import script
from engines.wotr.state import ATK, DEF, Chain, Deck, WotrState

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
        proc.draw(turn, deck, n)

    return hook


def _each_shadow(verb: str) -> object:
    def hook(turn: T, deck: Deck, card: Card) -> None:
        turn.state.queue.extend(f"{verb}:{d.key}" for d in proc.each_side_player(turn.state, SHADOW))

    return hook


def _cycle_self_then(then: object) -> object:
    def hook(turn: T, deck: Deck, card: Card) -> None:
        proc.cycle(turn, proc.detach(turn.state, card.uid), public=True)
        then(turn, deck, card)  # type: ignore[operator]

    return hook


def _corrupt(turn: T, n: int = 1) -> None:
    turn.state.corruption += n
    turn.say(f"The Shadow gain {proc.plural(n, 'corruption token')}.")


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
        proc.draw(turn, d, 2)


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
script("Nazgûl's Mantle", mantle=True)
script("Gandalf the Grey", use=_advance, can_use=_can_advance, use_label="activate the next path")
script("Sméagol", cycle_when_eliminated_in="path", use=_smeagol, can_use=_can_advance,
       use_label="1 corruption; activate the next path")
script("Bag End", on_activate=_hobbit_player_draws)


def _paths_of_the_dead(turn: T, deck: Deck, card: Card) -> None:
    """Two forsakes (each a choice: hand, reserve or the blind top of the deck), then the draw, whose size
    is settled when it happens (a forsaken Strider no longer counts)."""
    turn.state.queue.extend([f"forsake1:{deck.key}", f"forsake1:{deck.key}", f"draw-dead:{deck.key}"])


script("Paths of the Dead", on_play=_paths_of_the_dead)


# --- "draw 7: from these, eliminate 1, play up to 2 ..., cycle the rest" (L336-339) ----------------------------
def _chain(kind: str) -> object:
    def hook(turn: T, deck: Deck, card: Card) -> None:
        drawn = proc.draw(turn, deck, 7)
        turn.state.chain = Chain(deck=deck.key, cards=[c.uid for c in drawn], kind=kind)
        turn.state.queue.insert(0, f"chain:{deck.key}")

    return hook


def _name(deck: Deck, uid: str) -> str:
    card = deck.hand.find(uid)
    return card.name if card else uid


def _chain_options(state: WotrState, deck: Deck, chain: Chain) -> list[Option]:
    from engines.wotr import actions

    opts = []
    for uid in chain.cards:
        card = deck.hand.find(uid)
        if card is None:
            continue
        cdef = state.card_def(card)
        fits = cdef.kind == "army" if chain.kind == "army" else (cdef.kind == "character"
                                                                  and chain.kind in cdef.keywords)
        if not fits:
            continue
        for dest, label in actions.destinations(state, cdef):
            if not actions.why_not_play(state, deck, card, dest):
                opts.append(Option(id=f"play-{uid}-{dest}", label=f"Play {card.name} {label}"))
    return opts


def chain_step(turn: T, deck: Deck) -> None:
    """One step of the chain: the elimination, then each play (or 'done'), then the rest is cycled, which
    pays for the plays; plays beyond the cards left cost a cycle from hand each (ENGINE 10.11)."""
    state = turn.state
    chain = state.chain
    assert chain is not None
    chain.cards = [u for u in chain.cards if deck.hand.find(u) is not None]
    if not chain.eliminated and chain.cards:
        turn.ask(deck.seat, DecisionKind.CHOOSE_ONE, f"{deck.name}'s deck: eliminate 1 of the drawn cards.",
                 [Option(id=u, label=_name(deck, u)) for u in chain.cards], private=True,
                 context=f"chain-elim:{deck.key}")
        return
    options = _chain_options(state, deck, chain) if chain.plays_left > 0 else []
    if options:
        turn.ask(deck.seat, DecisionKind.CHOOSE_ONE, f"{deck.name}'s deck: play one of the drawn cards "
                 f"({chain.plays_left} left), or stop.", [*options, Option(id="done", label="Play no more")],
                 private=True, context=f"chain-play:{deck.key}")
        return
    for uid in chain.cards:
        proc.cycle(turn, deck.hand.take(uid), public=False)
    turn.say(f"{deck.name}'s deck cycles the other {proc.plural(len(chain.cards), 'drawn card')}.")
    extra = chain.played - len(chain.cards)
    if extra > 0 and state.opt("chain_extra_cost"):
        state.queue[:0] = [f"cycle1:{deck.key}"] * extra
    state.chain = None


@answer("chain-elim")
def _chain_elim(turn: T, deck: Deck, args: list[str], choice: tuple[str, ...]) -> None:
    chain = turn.state.chain
    assert chain is not None
    proc.eliminate_from_hand(turn, deck, choice[0])
    chain.eliminated = True
    turn.state.queue.insert(0, f"chain:{deck.key}")


@answer("chain-play")
def _chain_play(turn: T, deck: Deck, args: list[str], choice: tuple[str, ...]) -> None:
    from engines.wotr import actions

    chain = turn.state.chain
    assert chain is not None
    turn.state.queue.insert(0, f"chain:{deck.key}")
    if choice[0] == "done":
        chain.plays_left = 0
        return
    _, uid, dest = choice[0].split("-", 2)
    card = deck.hand.take(uid)
    turn.state.resolving.cards.append(card)
    turn.say(f"{deck.name}'s deck plays {card.name} from the drawn cards.")
    chain.plays_left -= 1
    chain.played += 1
    actions.place(turn, deck, uid, dest)


script("The Day Without Dawn", on_play=_chain("army"))
script("The Ringwraiths Are Abroad", on_play=_chain("Nazgûl"))
