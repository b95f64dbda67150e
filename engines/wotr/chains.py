"""Chains (spec L336-339): a card's text that draws N cards, from which its player (eliminates one,) plays up to K
of the kinds it names, and cycles the rest. `chain` makes the text's hook; the chain then runs as queued moments
and private answers, one decision at a time, while its state is `WotrState.chain`."""

from __future__ import annotations

from engines.core import Card, DecisionKind, Option
from engines.wotr import actions, moments
from engines.wotr import procedures as proc
from engines.wotr.answers import answer
from engines.wotr.cards import CardDef
from engines.wotr.state import Chain, Deck, WotrState

T = proc.T


def chain(n: int, kinds: str, plays: int = 1, *, eliminate: bool = False, where: str = "", who: str = "") -> object:
    """`kinds`: what may be played, "+"-joined alternatives, each "army", "character", a keyword or a faction
    followed by a type ("Rohan army"); `who`: the faction whose player draws (a location's text), else the
    card's own deck."""

    def hook(turn: T, deck: Deck, card: Card) -> None:
        drawer = proc.faction_player(turn.state, who) if who else deck
        if drawer is not None:  # queued: two chains activated together (a battleground and a path) run in turn
            turn.state.queue.append("|".join(["chainstart", drawer.key, str(n), kinds, str(plays),
                                              "1" if eliminate else "", where, card.name]))

    return hook


@moments.on("chainstart")
def start_chain(turn: T, task: str) -> None:
    _, key, n, kinds, plays, eliminate, where, *source = task.split("|")  # a queue saved before has no source
    deck = turn.state.deck(key)
    drawn = proc.draw(turn, deck, int(n), "".join(source))
    turn.state.chain = Chain(deck=key, cards=[c.uid for c in drawn], kinds=kinds.split("+"), where=where,
                             plays_left=int(plays), eliminated=not eliminate, source="".join(source))
    turn.state.queue.insert(0, f"chain:{key}")


def _name(deck: Deck, uid: str) -> str:
    card = deck.hand.find(uid)
    return card.name if card else uid


def _fits(cdef: CardDef, kind: str) -> bool:
    words = kind.split()
    if len(words) == 2:  # "Rohan army"
        return cdef.faction == words[0] and cdef.kind == words[1]
    return kind in (cdef.kind, cdef.faction, *cdef.keywords) and cdef.kind in ("army", "character", "item")


def _chain_options(state: WotrState, deck: Deck, chain: Chain) -> list[Option]:
    opts = []
    for uid in chain.cards:
        card = deck.hand.find(uid)
        if card is None:
            continue
        cdef = state.card_def(card)
        if not any(_fits(cdef, k) for k in chain.kinds):
            continue
        for dest, label in actions.destinations(state, cdef):
            if chain.where == "reserve" and dest != "reserve":
                continue
            if chain.where not in ("", "reserve") and (dest == "reserve" or state.locate(dest)[1].name != chain.where):
                continue
            if not actions.why_not_play(state, deck, card, dest):
                opts.append(Option(id=f"play-{uid}-{dest}", label=f"Play {card.name} {label}"))
    return opts


@moments.on("chain")
def chain_step(turn: T, task: str) -> None:
    """One step of the chain: the elimination, then each play (or 'done'), then the rest is cycled, which
    pays for the plays; plays beyond the cards left cost a cycle from hand each (ENGINE 10.11)."""
    state = turn.state
    deck = state.deck(task.partition(":")[2])
    chain = state.chain
    assert chain is not None
    chain.cards = [u for u in chain.cards if deck.hand.find(u) is not None]
    why = f"{chain.source}: " if chain.source else ""
    if not chain.eliminated and chain.cards:
        turn.ask(deck.seat, DecisionKind.CHOOSE_ONE, f"{why}{deck.name}'s deck, eliminate 1 of the drawn cards.",
                 [Option(id=u, label=_name(deck, u)) for u in chain.cards], private=True,
                 context=f"chain-elim:{deck.key}")
        return
    options = _chain_options(state, deck, chain) if chain.plays_left > 0 else []
    if options:
        turn.ask(deck.seat, DecisionKind.CHOOSE_ONE, f"{why}{deck.name}'s deck, play one of the drawn cards "
                 f"({chain.plays_left} left), or stop.", [*options, Option(id="done", label="Play no more")],
                 private=True, context=f"chain-play:{deck.key}")
        return
    for uid in chain.cards:
        proc.cycle(turn, deck.hand.take(uid), public=False)
    rest = "the other" if chain.played else "the remaining"  # "the other 5" when none was played read oddly
    turn.say(f"{why}{deck.name}'s deck cycles {rest} {proc.plural(len(chain.cards), 'drawn card')}.")
    extra = chain.played - len(chain.cards)
    if extra > 0 and state.opt("chain_extra_cost"):
        state.queue[:0] = [f"cycle1:{deck.key}|a play beyond the drawn cards (it costs a cycle)"] * extra
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
    chain = turn.state.chain
    assert chain is not None
    turn.state.queue.insert(0, f"chain:{deck.key}")
    if choice[0] == "done":
        chain.plays_left = 0
        return
    _, uid, dest = choice[0].split("-", 2)
    card = deck.hand.take(uid)
    turn.state.resolving.cards.append(card)
    turn.say(f"{deck.name}'s deck plays {card.name} from the drawn cards{actions.where_to(turn.state, card, dest)}.")
    chain.plays_left -= 1
    chain.played += 1
    actions.place(turn, deck, uid, dest)
