"""The generic random-play check every engine must pass (DESIGN.md, 'Habits'): play random legal games and
check, after every step, that nothing crashes, nothing dead-ends, the state round-trips through JSON,
`apply` leaves its input alone, commands round-trip through text, replay reproduces the state byte for
byte, and no view shows a seat a card hidden from it."""

from __future__ import annotations

import dataclasses
import pickle
import random
import re
from collections.abc import Sequence
from typing import Any

from engines.core import Answer, Config, Decision, DecisionKind, Zone, codec, visible_to
from engines.core.zones import Card


def random_answer(decision: Decision, rnd: random.Random) -> Answer:
    ids = [o.id for o in decision.options]
    kind = decision.kind
    if kind in (DecisionKind.CHOOSE_ONE, DecisionKind.ACT_OR_PASS):
        choice: tuple[str, ...] = (rnd.choice(ids),)
    elif kind is DecisionKind.CHOOSE_MANY:
        k = rnd.randint(decision.low, min(decision.high, len(ids)))
        choice = tuple(rnd.sample(ids, k))
    elif kind is DecisionKind.NUMBER:
        choice = (str(rnd.randint(decision.low, decision.high)),)
    elif kind is DecisionKind.ORDER:
        choice = tuple(rnd.sample(ids, len(ids)))
    else:  # ASSIGN
        amounts = dict.fromkeys(ids, 0)
        caps = {o.id: decision.amount if o.cap is None else o.cap for o in decision.options}
        for _ in range(decision.amount):
            room = [i for i in ids if amounts[i] < caps[i]]
            amounts[rnd.choice(room)] += 1
        choice = tuple(f"{k}={v}" for k, v in amounts.items())
    return Answer(decision=decision.id, choice=choice)


def zones_of(obj: Any) -> list[Zone]:
    """Every Zone anywhere inside a state, found by walking its dataclasses, lists and dicts."""
    listed = getattr(obj, "zones", None)
    if callable(listed):  # a state that lists its own zones (faster than walking card definitions)
        return list(listed())
    found: list[Zone] = []
    if isinstance(obj, Zone):
        found.append(obj)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            found.extend(zones_of(getattr(obj, f.name)))
    elif isinstance(obj, list | tuple):
        for x in obj:
            found.extend(zones_of(x))
    elif isinstance(obj, dict):
        for x in obj.values():
            found.extend(zones_of(x))
    return found


def visible_uids(state: Any, seat: str | None) -> set[str]:
    out: set[str] = set()

    def walk(zone: Zone, card: Card) -> None:
        if visible_to(zone, card, seat):
            out.add(card.uid)
        for a in card.attached:
            walk(zone, a)

    for zone in zones_of(state):
        for card in zone.cards:
            walk(zone, card)
    return out


def shown_uids(data: Any) -> set[str]:
    """Every card uid a view's JSON form names, anywhere."""
    out: set[str] = set()
    if isinstance(data, dict):
        if isinstance(data.get("uid"), str):
            out.add(data["uid"])
        if data.get("uid") is None and "uid" in data:
            assert data.get("name") is None, f"a hidden card shows its name: {data}"
            assert data.get("ref") is None, f"a hidden card shows its definition: {data}"
        for v in data.values():
            out |= shown_uids(v)
    elif isinstance(data, list):
        for v in data:
            out |= shown_uids(v)
    return out


def hidden_names(state: Any, seat: str | None) -> set[str]:
    """Names of cards hidden from `seat` that no card it can see shares: naming one anywhere is a leak."""
    seen: set[str] = set()
    unseen: set[str] = set()

    def walk(zone: Zone, card: Card) -> None:
        (seen if visible_to(zone, card, seat) else unseen).add(card.name)
        for a in card.attached:
            walk(zone, a)

    for zone in zones_of(state):
        for card in zone.cards:
            walk(zone, card)
    return unseen - seen


def without_labels(text: str, state: Any) -> str:
    """Blank the seats' public labels. A WotR deck is a role named for a character ("p3 Aragorn: reserve",
    "p3: Aragorn hand 7", "Aragorn: hand (7)") whose card may well be hidden: the label says who plays, not
    what is in a hand."""
    for deck in getattr(state, "decks", []):
        text = re.sub(rf"\b{re.escape(deck.seat)}:? {re.escape(deck.name)}\b", "\x00", text)
        zones = "|".join(re.escape(z.name.split(": ")[-1]) for z in deck.zones())
        text = re.sub(rf"\b{re.escape(deck.name)}(?=: (?:{zones})\b)", "\x00", text)  # its zones' names
    return text


def seen_names(state: Any, seat: str | None) -> list[str]:
    """Names of cards `seat` can see, longest first."""
    seen: set[str] = set()

    def walk(zone: Zone, card: Card) -> None:
        if visible_to(zone, card, seat):
            seen.add(card.name)
        for a in card.attached:
            walk(zone, a)

    for zone in zones_of(state):
        for card in zone.cards:
            walk(zone, card)
    return sorted(seen, key=len, reverse=True)


def check_words(texts: list[str], state: Any, seat: str | None, where: str, before: Any = None,
                shown: set[str] | None = None) -> None:
    """No text names a card hidden from `seat`. With `before` (the state the step started from), a card the seat
    could see then is no secret in that step's log: it was public when the log named it (a card in play that a
    later part of the same step shuffled back into a deck). So is a card in `shown`, turned face up for the
    whole table during the step."""
    secret = hidden_names(state, seat) - (shown or set()) - fighting(state) - fighting(before)
    if before is not None and secret:
        secret -= set(seen_names(before, seat))
    # Cards turned face up in this step are blanked too: "Orc Scouts" shown does not name a hidden "Orc".
    seen = sorted({*seen_names(state, seat), *(shown or set())}, key=len, reverse=True) if secret else []
    for text in texts:
        text = without_labels(text, state)
        # A visible card's name may contain a hidden one ("The Council of Elrond" and Elrond): blank those first.
        for name in seen:
            if name:
                text = text.replace(name, "\x00")
        # Whole names only: "Gandalf" hidden is not named by "Gandalf's Search" in hand.
        named = [n for n in secret if n and re.search(rf"(?<![\w'’]){re.escape(n)}(?![\w'’])", text)]
        assert not named, f"{where} for {seat or 'the table'} names hidden {named}: {text!r}"


def fighting(state: Any) -> set[str]:
    """The foe of an MEQ combat under way is public (spec 4.2). A monster a card sends to fight (a Quest's, a
    Peril's) shares its name with face-down monster tokens, which naming it does not reveal."""
    foe = getattr(getattr(state, "combat", None), "foe", "")
    if not foe:
        return set()
    from engines.meq.cards import index

    return {index().foes[foe].name}


def check_views(game: Any, state: Any, events: Sequence[Any] = (), before: Any = None) -> None:
    public, mine = game.views(state, state.seats)  # what the service builds: every audience's view at once
    for seat in [None, *state.seats]:
        view = public if seat is None else mine[seat]
        assert view == game.view(state, seat), f"views() and view() differ for {seat or 'the table'}"
        if seat is not None:  # what the service compares after every command to know whose hand changed
            assert game.private(state, seat) == view.private, f"private() and view().private differ for {seat}"
            basis = game.private_basis(state, seat)
            if basis is not None:
                assert bool(basis) == bool(view.private), f"private_basis() and private() disagree on {seat}'s zones"
            if basis is not None and before is not None and game.private_basis(before, seat) == basis:
                assert game.private(before, seat) == view.private, f"{seat}'s private view changed, its basis not"
        leaked = shown_uids(codec.to_data(view)) - visible_uids(state, seat)
        assert not leaked, f"{seat or 'the table'} sees hidden cards {sorted(leaked)}"
        for d in view.decisions:
            assert d.seat == seat, f"{seat} is shown {d.seat}'s decision {d.id}"
        words = [view.title, view.status, *(d.prompt for d in view.decisions),
                 *(o.label for d in view.decisions for o in d.options)]
        check_words(words, state, seat, "the view")
        shown = shown_in([e.text for e in events if e.audience is None])
        told = [e for e in events if e.visible_to(seat)]
        check_words([e.text for e in told if e.audience != [seat]], state, seat, "the log", before, shown)
        # A line told to this seat alone may name the seat's own cards wherever they went later in the same
        # step: a card it drew and then, in that step, cycled and shuffled back into its draw deck (a chain
        # that plays nothing, then a recycle) was seen by it when it was drawn.
        own = {c.name for z in zones_of(state) if seat is not None and z.owner == seat for c in z.cards}
        check_words([e.text for e in told if e.audience == [seat]], state, seat, "the log", before, shown | own)


def shown_in(public: Sequence[str]) -> set[str]:
    """The cards a step's public log turned face up for the whole table: an encounter card revealed, then
    shuffled back in the same step; a card a player played, then shuffled back with its discard pile by its own
    effect once a forced choice let it resolve in that step; a WotR Frodo revealed from a hand and cycled instead
    of eliminated. Public at that moment, so the log may name them."""
    patterns = (r"(?:Revealed|Shadow card on [^:]+): ([^,.]+)", r"p\d+ plays ([^.:(]+)", r"([^,.]+?) is revealed\b")
    out = {m.group(1).strip() for text in public for pattern in patterns if (m := re.match(pattern, text))}
    # An MEQ Peril draw is discarded face up as a list (meq spec 3.2 step 3b); a later draw in the same step may
    # shuffle that discard pile back into the deck.
    for text in public:
        if m := re.match(r"Peril cards discarded face up: (.+)\.$", text):
            out |= {name.strip() for name in m.group(1).split(", ")}
    # An MEQ Shadow card Sauron plays is shown to the table (its name may hold a comma, so the whole name up to
    # the full stop); its discard pile may be shuffled into a new Shadow deck, and redrawn, later in that step.
    for text in public:
        if m := re.match(r"Sauron plays the Shadow card (.+)\.$", text):
            out.add(m.group(1).strip())
    # An MEQ hero's discards land face up on the rest pool (meq spec 1.3), named in the public log as they go. If
    # that hero is defeated in the same step (the last card spent on a move), the rest pool goes back into the
    # face-down life pool; the line named the card while it lay face up. Hero card names hold no comma.
    rest = (r".+, discarding (.+) to the rest pool\.$", r".+ discards \d+ card\(s\) \(.*?\): (.+)\.$",
            r".+ discards at random: (.+)\.$")
    for text in public:
        for pattern in rest:
            if m := re.match(pattern, text):
                out |= {name.strip() for name in m.group(1).split(", ")}
    # MEQ Encounter and Event draws are turned face up for the table and listed with their priorities (meq spec
    # 3.2 step 4, 3.0); an Encounter's own effect may shuffle the discard pile, the card with it, back into its
    # deck in that step. Such a card may share its name with a hidden one (an Encounter and a Sauron Mission
    # both "Where the Shadows Lie"): the line names the drawn card. Names may hold commas, so split on the
    # priorities.
    for text in public:
        if m := re.match(r"(?:Encounter \([^)]*\): |Event step \([^)]*\): drawn )(.+\(\d+\))[.;] ", text):
            out |= set(re.findall(r"(?:^|, |; )(.+?) \(\d+\)(?=, |; |$)", m.group(1)))
    return out


def play_random_game(game: Any, seats: int, seed: int, max_steps: int = 5000,
                     options: dict[str, Any] | None = None) -> tuple[Any, list[tuple[str, str]]]:
    """Play one random game, checking every property on the way; return the final state and journal."""
    rnd = random.Random(seed)
    config = Config(seats=game.seat_names(seats), options=dict(options or {}))
    state = game.setup(config, seed)
    journal: list[tuple[str, str]] = []
    check_views(game, state)
    for _ in range(max_steps):
        if game.outcome(state) is not None:
            break
        pending = game.pending(state)
        assert pending, "dead end: the game is not over but nobody has a decision"
        decision = rnd.choice(pending)
        answer = random_answer(decision, rnd)
        text = game.format(answer)
        assert game.parse(text) == answer, f"text round trip failed for {text!r}"
        before = pickle.dumps(state)
        step = game.apply(state, decision.seat, answer)
        assert pickle.dumps(state) == before, "apply mutated its input state"
        previous, state = state, step.state
        text_form = codec.dumps(state)
        assert codec.dumps(codec.loads(type(state), text_form)) == text_form, "state does not round-trip through JSON"
        for event in step.events:
            assert event.text, "an event without words"
        journal.append((decision.seat, text))
        check_views(game, state, step.events, previous)
    else:
        raise AssertionError(f"game did not end within {max_steps} steps")
    # Boards are drawn in another process (bot/chat/painter.py): every audience's view crosses to it pickled.
    public, mine = game.views(state, state.seats)
    for view in (public, *mine.values()):
        assert pickle.loads(pickle.dumps(view, protocol=pickle.HIGHEST_PROTOCOL)) == view, "a view does not pickle"
    replayed = game.setup(config, seed)
    for seat, text in journal:
        replayed = game.apply(replayed, seat, game.parse(text)).state
    assert codec.dumps(replayed) == codec.dumps(state), "replay from the seed does not reproduce the state"
    return state, journal
