"""Manual adjustment (DESIGN: 'a rule, not a hack'): card text overrides the rules and not every card is
scripted, so any seated player may move cards and tokens, ready or exhaust, change threat, or modify a stat
for the rest of the phase or round. Each adjustment is journaled and announced like any other command."""

from __future__ import annotations

from dataclasses import dataclass

from engines.core import Card, CommandError, RuleError, Turn, Zone, visible_to
from engines.lcg import hooks
from engines.lcg.state import DAMAGE, PROGRESS, RESOURCE, TIME, LcgState, Modifier, Player
from engines.lcg.table import check_destroyed, draw, label, leave_play, raise_threat

T = Turn[LcgState]

TOKEN_VERBS = {"damage": DAMAGE, "progress": PROGRESS, "resource": RESOURCE, "time": TIME}
DESTINATIONS = (
    "hand",
    "discard",
    "deck-top",
    "deck-bottom",
    "play",
    "engaged",
    "staging",
    "active",
    "victory",
    "encounter-discard",
    "encounter-top",
    "encounter-bottom",
    "removed",
    "set-aside",
)
MODIFIABLE = ("willpower", "attack", "defense", "hit_points", "threat", "engagement_cost", "quest_points")

HELP = (
    """Adjustments (any seated player, any time; announced to the table):
  damage|progress|resource|time <card> <+n|-n>   add or remove tokens
  ready <card> / exhaust <card>                  ready or exhaust a card
  threat <+n|-n> [seat]                          change a threat dial (yours by default)
  move <card> <where> [seat]                     where: """
    + ", ".join(DESTINATIONS)
    + """
  attach <card> <host>                           attach a card in play or in your hand to another card
  modify <card> <stat> <+n|-n> <phase|round>     a lasting change: willpower, attack, defense, hit_points, threat
  draw [n] / reveal                              draw from your deck / reveal an encounter card
  claim <objective> [hero]                       claim an objective no encounter card guards"""
)


@dataclass(frozen=True)
class Adjust:
    verb: str
    args: tuple[str, ...]

    def text(self) -> str:
        return " ".join([self.verb, *self.args])


VERBS = (*TOKEN_VERBS, "ready", "exhaust", "threat", "move", "attach", "modify", "draw", "reveal", "claim")


def parse(words: list[str]) -> Adjust:
    verb, args = words[0].lower(), tuple(words[1:])
    need = {"ready": 1, "exhaust": 1, "move": 2, "attach": 2, "modify": 4, "claim": 1}
    if verb in TOKEN_VERBS and (len(args) != 2 or not _signed(args[1])):
        raise CommandError(f"Write '{verb} <card> <+n|-n>', for example '{verb} c12 +2'.")
    if verb in need and len(args) < need[verb]:
        raise CommandError(f"'{verb}' needs {need[verb]} argument(s). Type 'help adjust' for the forms.")
    if verb == "threat" and (not args or not _signed(args[0])):
        raise CommandError("Write 'threat <+n|-n> [seat]', for example 'threat -2'.")
    if verb == "modify" and (args[1] not in MODIFIABLE or not _signed(args[2]) or args[3] not in ("phase", "round")):
        raise CommandError("Write 'modify <card> <stat> <+n|-n> <phase|round>'; stats: " + ", ".join(MODIFIABLE))
    if verb == "move" and args[1] not in DESTINATIONS:
        raise CommandError(f"Unknown place '{args[1]}'. Places: {', '.join(DESTINATIONS)}.")
    if verb == "draw" and args and not args[0].isdigit():
        raise CommandError("Write 'draw [n]'.")
    return Adjust(verb=verb, args=args)


def _signed(text: str) -> bool:
    return text.lstrip("+-").isdigit() and text[:1] in "+-0123456789"


def _target(state: LcgState, seat: str, uid: str) -> tuple[Zone, Card, Card | None]:
    try:
        zone, card, host = state.locate(uid)
    except KeyError:
        raise RuleError(f"There is no card {uid} in the game.") from None
    if not visible_to(zone, card, seat):  # nobody may act on a card they cannot see (hidden information)
        raise RuleError(f"There is no card {uid} that you can see.")
    return zone, card, host


def perform(turn: T, seat: str, adjust: Adjust) -> None:
    state = turn.state
    verb, args = adjust.verb, adjust.args
    who = f"{seat} (by hand)"
    if verb in TOKEN_VERBS:
        _zone, card, _ = _target(state, seat, args[0])
        kind, amount = TOKEN_VERBS[verb], int(args[1])
        card.tokens[kind] = max(0, card.tokens.get(kind, 0) + amount)
        if not card.tokens[kind]:
            del card.tokens[kind]
        turn.say(f"{who}: {args[1]} {verb} on {label(state, card)}.")
        if verb == "damage":
            check_destroyed(turn, card)
        if verb == "progress":
            from engines.lcg.quest import check_advance

            if state.quest.find(card.uid) is not None:
                check_advance(turn)
    elif verb in ("ready", "exhaust"):
        _zone, card, _ = _target(state, seat, args[0])
        card.flags = [f for f in card.flags if f != "exhausted"] + (["exhausted"] if verb == "exhaust" else [])
        turn.say(f"{who}: {verb} {label(state, card)}.")
    elif verb == "threat":
        target = (
            state.player(args[1])
            if len(args) > 1 and args[1] in [p.seat for p in state.players]
            else state.player(seat)
        )
        if len(args) > 1 and args[1] != target.seat:
            raise RuleError(f"No seat '{args[1]}'.")
        turn.say(f"{who}: threat {args[0]} for {target.seat}.")
        raise_threat(turn, target, int(args[0]))
    elif verb == "modify":
        _zone, card, _ = _target(state, seat, args[0])
        state.modifiers.append(Modifier(uid=card.uid, stat=args[1], amount=int(args[2]), until=args[3]))
        turn.say(f"{who}: {label(state, card)} gets {args[2]} {args[1]} until the end of the {args[3]}.")
        check_destroyed(turn, card)
    elif verb == "move":
        _move(turn, seat, args)
    elif verb == "attach":
        zone, card, host = _target(state, seat, args[0])
        _hz, new_host, _ = _target(state, seat, args[1])
        if new_host is card or any(a is new_host for a in card.attached):
            raise RuleError(f"{card.name} cannot be attached to itself or to a card attached to it.")
        (host.attached if host else zone.cards).remove(card)
        new_host.attached.append(card)
        card.face_up = True
        turn.say(f"{who}: {card.name} is attached to {new_host.name}.")
    elif verb == "claim":
        _claim(turn, seat, args)
    elif verb == "draw":
        draw(turn, state.player(seat), int(args[0]) if args else 1)
    elif verb == "reveal":
        from engines.lcg.quest import reveal

        reveal(turn, in_quest_phase=state.phase == "quest")
    else:  # a verb the grammar accepts must do something: never a silent no-op
        raise CommandError(f"'{verb}' is not an adjustment.")
    from engines.lcg.scenarios import check_victory

    check_victory(turn)


def _move(turn: T, seat: str, args: tuple[str, ...]) -> None:
    state = turn.state
    zone, card, host = _target(state, seat, args[0])
    where = args[1]
    player = _seat(state, args[2]) if len(args) > 2 else (state.owner(card) or state.player(seat))
    (host.attached if host else zone.cards).remove(card)
    leaving_play = where not in ("play", "engaged", "staging", "active")
    if leaving_play:
        leave_play(state, card)
    card.face_up = True
    card.known_to = []
    targets: dict[str, Zone] = {
        "hand": player.hand,
        "discard": player.discard,
        "play": player.play,
        "engaged": player.engaged,
        "staging": state.staging,
        "active": state.active,
        "victory": state.victory,
        "encounter-discard": state.encounter_discard,
        "removed": state.removed,
        "set-aside": state.set_aside,
    }
    if where in targets:
        targets[where].cards.append(card)
    elif where == "deck-top":
        player.deck.cards.append(card)
    elif where == "deck-bottom":
        player.deck.cards.insert(0, card)
    elif where == "encounter-top":
        state.encounter_deck.cards.append(card)
    else:
        state.encounter_deck.cards.insert(0, card)
    turn.say(
        f"{seat} (by hand): {card.name} moves to {where.replace('-', ' ')}"
        + (f" ({player.seat})" if where in ("hand", "discard", "play", "engaged", "deck-top", "deck-bottom") else "")
        + "."
    )
    if where == "hand" and player.seat != seat:
        pass  # a card moved into someone's hand is known to the table already: it was visible to move it


def _claim(turn: T, seat: str, args: tuple[str, ...]) -> None:
    """An objective is claimed only when no encounter card guards it; the claimer controls it (FAQ 1.07)."""
    from engines.lcg.scenarios import claim_cost

    state = turn.state
    zone, objective, host = _target(state, seat, args[0])
    if (
        zone is not state.staging
        or host is not None
        or state.card_def(objective).type not in ("objective", "objective_ally")
    ):
        raise RuleError(f"{objective.name} is not an objective in the staging area.")
    guards = [a for a in objective.attached if not state.card_def(a).is_player_card]
    if guards:
        raise RuleError(f"{objective.name} is guarded by {', '.join(g.name for g in guards)}: deal with it first.")
    player = state.player(seat)
    bearer = None
    if len(args) > 1:
        bearer = next((c for c in player.play.cards if c.uid == args[1]), None)
        if bearer is None:
            raise RuleError(f"{args[1]} is not a character you control.")
    from engines.lcg.scripts import core

    if any(core(state, objective, t) for t in ("Gandalf's Map", "Dungeon Torch", "Shadow Key")) and (
            bearer is None or state.card_def(bearer).type != "hero"):  # its own text: it goes onto a hero
        raise RuleError(f"{objective.name} is claimed onto a hero you control: 'claim {objective.uid} <hero>'.")
    state.staging.cards.remove(objective)
    (bearer.attached if bearer is not None else player.play.cards).append(objective)
    turn.say(f"{seat} claims {objective.name}" + (f" and attaches it to {bearer.name}." if bearer else "."))
    cost = claim_cost(state)
    if cost:
        raise_threat(turn, player, cost)
        turn.say(f"{seat} raises their threat by {cost} to claim it.")
    hooks.objective_claimed(turn)


def _seat(state: LcgState, name: str) -> Player:
    try:
        return state.player(name)
    except KeyError:
        raise RuleError(f"No seat '{name}'. Seats: {', '.join(state.seats)}.") from None
