"""Playing cards from hand (spec 2.5, 2.6, 4.2): who may pay, payment, the unique rule, attachments and
Restricted, events; and action windows (spec 4.0), where events are played."""

from __future__ import annotations

from engines.core import Card, Decision, DecisionKind, Option, RuleError
from engines.lcg import hooks
from engines.lcg.cards import CHARACTER_TYPES, SPHERES, HostRule, describe_hosts, host_rules
from engines.lcg.flow import T, answer, arg, push, task
from engines.lcg.library import fold
from engines.lcg.scripts import card_actions, core, resolve_event
from engines.lcg.state import PRISONER, RESOURCE, LcgState, Player, Task
from engines.lcg.table import (
    OUT_OF_PLAY,
    add_tokens,
    attack_over,
    characters,
    enter_staging,
    heroes,
    label,
    player_targets,
    resources,
    to_discard,
)

PASS = Option(id="pass", label="Pass")


# --- costs -----------------------------------------------------------------------------------------
def cost(state: LcgState, player: Player, card: Card) -> int:
    """Printed cost (X = 0, FAQ 1.40), less Secrecy X at threat 20 or lower when played from hand (C 4.10.10)."""
    d = state.card_def(card)
    printed = d.cost or 0
    secrecy = d.keyword_value("Secrecy")
    if secrecy and player.threat <= 20:
        printed = max(0, printed - secrecy)
    return printed


def payers(state: LcgState, player: Player, card: Card) -> list[Card]:
    """Heroes whose resources may pay: matching sphere, or any hero for a neutral card (RR p.12)."""
    sphere = state.card_def(card).sphere
    own = [h for h in heroes(player, state) if PRISONER not in h.flags]
    if sphere in ("", "neutral"):
        return own
    return [h for h in own
            if state.card_def(h).sphere == sphere or (sphere == "spirit" and hooks.spirit_payer(state, h))]


def why_unplayable(state: LcgState, player: Player, card: Card, planning: bool,
                   responding: bool = False) -> str | None:
    """None if the card can be played now; otherwise the reason, worded for the player. `responding`: the
    rules are offering it as a response to something that just happened."""
    d = state.card_def(card)
    if d.type in ("ally", "attachment", "player_side_quest") and not planning:
        return f"{d.name} is {'an' if d.type[0] in 'aeiou' else 'a'} {d.type.replace('_', ' ')}: it can only be "\
               "played during your planning turn."
    if d.type not in ("ally", "attachment", "event", "player_side_quest"):
        return f"{d.name} cannot be played from hand."
    if d.unique and any(c.name == d.name for c in in_play(state)):
        return f"{d.name} is unique and a copy is already in play."
    if d.type == "attachment" and not hosts(state, player, card):
        return f"{d.name} must be attached to {describe_hosts(d.attach_to)}; there is none to attach it to."
    if d.type == "event":
        refusal = hooks.event_refusal(state, player, card, responding)
        if refusal:
            return refusal
    if d.type == "ally" and state.scenario == "escape-from-dol-guldur" and state.allies_played >= 1:
        return "This quest lets the whole group play only one ally per round, and one has been played."
    price = cost(state, player, card)
    can_pay = payers(state, player, card)
    sphere = d.sphere or "neutral"
    if not can_pay:
        return f"You control no {sphere.capitalize()} hero to pay for {d.name}."
    available = sum(resources(h) for h in can_pay)
    if available < price:
        return f"{d.name} costs {price} {sphere.capitalize()}; your heroes who can pay have {available}."
    return None


def in_play(state: LcgState) -> list[Card]:
    out: list[Card] = []
    for zone in [state.staging, state.active, state.quest] + [z for p in state.players for z in (p.play, p.engaged)]:
        for card in zone.cards:
            out.append(card)
            out.extend(a for a in card.attached if a.face_up)
    return out


def playable(state: LcgState, player: Player, planning: bool) -> list[Card]:
    return [c for c in player.hand.cards if why_unplayable(state, player, c, planning) is None]


# --- the planning phase (spec 4.2) -------------------------------------------------------------------
@task("plan-turn")
def plan_turn(turn: T, t: Task) -> None:
    state = turn.state
    player = state.player(t.seat)
    if player.eliminated:
        return
    options = [Option(id=c.uid, label=f"Play {c.name} ({cost(state, player, c)})")
               for c in playable(state, player, planning=True)] + action_options(state, player)
    if not options and state.autopass_of(player.seat) != "off":  # the standing order: nothing to play, not asked
        # settled alone: `play c23 then c1=2 then pass`, as the README shows it, reads its 'pass' as this
        turn.answered_alone(player.seat, DecisionKind.ACT_OR_PASS, [PASS], (PASS.id,))
        turn.say(f"{player.seat} is done planning.")
        return
    turn.ask(player.seat, DecisionKind.ACT_OR_PASS, "Planning phase: play a card from your hand, or pass"  # RR p.13
             + chain_hint(state, player, planning=True), [*options, PASS], private=True, context="plan")


def chain_hint(state: LcgState, player: Player, planning: bool) -> str:
    """How to say a play and what it asks next in one command (a chained answer), with the seat's own first
    playable card (the prompt is private)."""
    card = next(iter(playable(state, player, planning)), None)
    if card is None:
        return ""
    said = f"play {card.uid} then <payment>" + (" then <next card, or pass>" if planning else "")
    return f". One command may carry what the play asks next: '{said}'."


@answer("plan")
def plan_answer(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    if choice[0] == "pass":
        turn.say(f"{decision.seat} is done planning.")
        return
    if use_action(turn, decision.seat, choice[0], then=Task(kind="plan-turn", seat=decision.seat)):
        return
    begin_play(turn, decision.seat, choice[0], planning=True,
               then=Task(kind="plan-turn", seat=decision.seat))


def begin_play(turn: T, seat: str, uid: str, planning: bool, then: Task) -> None:
    state = turn.state
    player = state.player(seat)
    card = player.hand.find(uid)
    if card is None:
        raise RuleError(f"{uid} is not in your hand.")
    reason = why_unplayable(state, player, card, planning)
    if reason:
        raise RuleError(reason)
    player.hand.cards.remove(card)  # playing a card reveals it (it is no longer a secret in hand)
    state.resolving.cards.append(card)
    push(state, Task(kind="pay", seat=seat, ref=uid), Task(kind="place", seat=seat, ref=uid), then)


@task("pay")
def pay(turn: T, t: Task) -> None:
    state = turn.state
    player = state.player(t.seat)
    card = state.resolving.find(t.ref)
    assert card is not None
    price = cost(state, player, card)
    can_pay = [h for h in payers(state, player, card) if resources(h) > 0]
    if price == 0:
        return
    spread = card.name == "Thicket of Spears"  # its own rule: 1 resource from each of 3 different heroes
    if sum(min(resources(h), 1 if spread else price) for h in can_pay) < price:  # it cannot be paid after all:
        state.resolving.cards.remove(card)
        player.hand.cards.append(card)
        state.tasks[:] = [x for x in state.tasks if not (x.kind == "place" and x.ref == card.uid)]
        turn.say(f"{player.seat} can no longer pay for {card.name}; it stays in hand.")  # (spent meanwhile)
        return
    if card.name != "Thicket of Spears" and (len(can_pay) == 1 or sum(resources(h) for h in can_pay) == price):
        shares = {h.uid: min(resources(h), price) for h in can_pay}  # one hero pays it all, or every hero all it has
        turn.answered_alone(player.seat, DecisionKind.ASSIGN, [Option(id=h.uid, label=h.name, cap=resources(h))
                                                               for h in can_pay],
                            tuple(f"{uid}={share}" for uid, share in shares.items()), amount=price)
        spend(turn, player, card, shares, price)
        return
    turn.ask(player.seat, DecisionKind.ASSIGN, f"Pay {price} for {card.name}: how much from each hero?",
             [Option(id=h.uid, label=f"{h.name} ({resources(h)})", cap=1 if spread else resources(h))
              for h in can_pay], amount=price,
             private=True, context=f"pay:{card.uid}")


def spend(turn: T, player: Player, card: Card, plan: dict[str, int], price: int) -> None:
    """Take `price` resources from the heroes in `plan` (in order, up to each one's share)."""
    state = turn.state
    left = price
    paid: list[str] = []
    for uid, share in plan.items():
        hero = next(h for h in heroes(player, state) if h.uid == uid)
        take = min(share, left, resources(hero))
        if take:
            add_tokens(hero, RESOURCE, -take)
            paid.append(f"{take} from {hero.name}")
            left -= take
    if left:
        raise RuleError(f"That pays only {price - left} of {price}.")
    turn.say(f"{player.seat} pays {price} for {card.name} ({', '.join(paid)}).")


@answer("pay")
def pay_answer(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    player = state.player(decision.seat)
    card = state.resolving.find(arg(decision))
    assert card is not None
    plan = {part.split("=")[0]: int(part.split("=")[1]) for part in choice}
    for uid, share in plan.items():
        hero = next(h for h in heroes(player, state) if h.uid == uid)
        if share > resources(hero):
            raise RuleError(f"{hero.name} has only {resources(hero)} resources.")
    spend(turn, player, card, plan, decision.amount)


@task("place")
def place(turn: T, t: Task) -> None:
    state = turn.state
    player = state.player(t.seat)
    card = state.resolving.take(t.ref)
    d = state.card_def(card)
    if d.type == "ally":
        player.play.cards.append(card)
        state.allies_played += 1
        turn.say(f"{player.seat} plays {card.name}.")
        hooks.ally_entered(turn, player, card, True)  # played from hand
    elif d.type == "attachment":
        legal = hosts(state, player, card)
        if not legal:  # why_unplayable refused it before payment; nothing in between removes a host
            raise RuleError(f"{d.name} must be attached to {describe_hosts(d.attach_to)}; there is none.")
        state.resolving.cards.append(card)  # on the table, waiting for its host
        turn.ask(player.seat, DecisionKind.CHOOSE_ONE, f"Attach {card.name} to which card?",
                 [Option(id=h.uid, label=label(state, h)) for h in legal], context=f"host:{card.uid}",
                 forced=f"{card.name} can go only on {legal[0].name}" if len(legal) == 1 else "")
    elif d.type == "player_side_quest":
        turn.say(f"{player.seat} plays the side quest {card.name} into the staging area.")
        enter_staging(turn, card, OUT_OF_PLAY)
    else:  # an event: it resolves, then is placed in its owner's discard pile (RR p.9)
        turn.say(f"{player.seat} plays {card.name}.")
        to_discard(state, card)
        resolve_event(turn, player, card)


# --- attachments' hosts (CardDef.attach_to) ------------------------------------------------------------------
HOST_TYPES = {
    "hero": ("hero",), "character": CHARACTER_TYPES, "ally": ("ally", "objective_ally"), "location": ("location",),
    "active location": ("location",), "staging location": ("location",), "enemy": ("enemy", "ship_enemy"),
    "engaged enemy": ("enemy", "ship_enemy"), "quest": ("quest",),
}  # fmt: skip  # the card types each kind of ATTACH_KINDS takes


def hosts(state: LcgState, player: Player, card: Card) -> list[Card]:
    """The cards `card` may be attached to now, by its play restriction ("" = any character in play), in table
    order: characters in every player's play area, the active location, the staging area, engaged enemies, the
    quest."""
    rules = host_rules(state.card_def(card).attach_to)
    table = [c for p in state.players for c in characters(p, state)] + state.active.cards + state.staging.cards + \
            [c for p in state.players for c in p.engaged.cards] + state.quest.cards
    # Attaching to a card chooses it: never one immune to player card effects (FAQ 1.47).
    return [c for c in player_targets(state, table) if any(fits(state, player, c, rule) for rule in rules)
            and not core(state, c, "Nazgûl of Dol Guldur")  # its own text: no attachments on it
            and not hooks.no_attachments(state, c)]


def fits(state: LcgState, player: Player, host: Card, rule: HostRule) -> bool:
    """Whether `host`, a card on the table, meets one alternative of a play restriction."""
    d = state.card_def(host)
    where = {"active location": state.active.cards, "staging location": state.staging.cards,
             "engaged enemy": [c for p in state.players for c in p.engaged.cards]}.get(rule.kind)
    if rule.title:
        return d.is_character and host in characters_in_play(state) and fold(d.name) == fold(rule.title)
    if d.type not in HOST_TYPES[rule.kind] or (where is not None and host not in where):
        return False
    if d.is_character and host not in characters_in_play(state):
        return False  # a character outside the play areas (a prisoner, one guarding the staging area)
    if rule.own and host not in player.play.cards:
        return False
    if rule.keyword and not d.has(rule.keyword):
        return False
    traits = {fold(t) for t in d.traits}
    return not rule.any_of or any(d.sphere == q if q in SPHERES else fold(q) in traits or d.has(q)
                                  for q in rule.any_of)


def characters_in_play(state: LcgState) -> list[Card]:
    return [c for p in state.players for c in characters(p, state)]


@answer("host")
def host_answer(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    player = state.player(decision.seat)
    card = state.resolving.take(arg(decision))
    _zone, host, _ = state.locate(choice[0])
    host.attached.append(card)
    turn.say(f"{player.seat} attaches {card.name} to {host.name}.")
    restricted = [a for a in host.attached if state.card_def(a).has("Restricted")]
    if len(restricted) > 2:  # RR p.24: a third Restricted attachment; the host's controller picks one to go
        owner = next((p for p in state.players if host in p.play.cards), player)
        turn.ask(owner.seat, DecisionKind.CHOOSE_ONE, f"Restricted: {host.name} has 3 Restricted attachments: "
                 "discard one",
                 [Option(id=a.uid, label=a.name) for a in restricted], context=f"restricted:{host.uid}")


@answer("restricted")
def restricted_answer(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    _zone, host, _ = state.locate(arg(decision))
    card = next(a for a in host.attached if a.uid == choice[0])
    host.attached.remove(card)
    to_discard(state, card)
    turn.say(f"{card.name} is discarded from {host.name} (Restricted).")


# --- action windows (spec 4.0) ------------------------------------------------------------------------
# The windows `windows=key` opens: where the Core Set's cards are most often played. The start of combat (spec 4.6
# step 1), when an enemy is engaged, came in when a player found Feint, Thicket of Spears and Quick Strike had no
# window before the first attack (with `autopass smart`, only a seat with a card or action to use is asked).
KEY_WINDOWS = ("start of combat", "after staging", "before damage")


def window(state: LcgState, where: str, attacker: str = "") -> list[Task]:
    """The window task to schedule at `where`, if the table's setting opens windows there; within an attack, with
    the `attacker`'s uid, whose leaving play ends the attack and its windows (spec 4.6 step 4.5)."""
    key = where in KEY_WINDOWS and (where != "start of combat" or any(p.engaged.cards for p in state.players))
    if state.windows == "all" or (state.windows == "key" and key):
        return [Task(kind="window", note=where, ref=attacker)]
    return []


@task("window")
def open_window(turn: T, t: Task) -> None:
    """Every player still in the game may act; the window closes when all have passed since the last
    action. Decisions open together, so nobody waits on anyone to pass (PBP)."""
    state = turn.state
    state.passed = []
    if t.ref and attack_over(state, t.ref):
        return  # the attacker left play (a response, a Quick Strike) or its player was eliminated: the attack,
        # and this window, are over (sent back to the staging area, it attacks on: FAQ 1.32)
    for player in state.active_players():
        options = [Option(id=c.uid, label=f"Play {c.name} ({cost(state, player, c)})")
                   for c in playable(state, player, planning=False)] + action_options(state, player)
        # A player's standing order (spec 4.0: "auto-pass"): 'all' never asks; 'smart' asks only with a
        # playable event or an action, which the player (or the game's default, said in the log at the start)
        # accepts may tell the table their hand holds none.
        mode = state.autopass_of(player.seat)
        if mode == "all" or (mode == "smart" and not options):
            turn.answered_alone(player.seat, DecisionKind.ACT_OR_PASS, [PASS], (PASS.id,))  # as in `plan_turn`
            state.passed.append(player.seat)
            continue
        turn.ask(player.seat, DecisionKind.ACT_OR_PASS, f"Action window ({t.note}): play an event, or pass"  # RR p.23
                 + chain_hint(state, player, planning=False), [*options, PASS], private=True,
                 context=f"window:{t.note}" + (f":{t.ref}" if t.ref else ""))


@answer("window")
def window_answer(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    if choice[0] == "pass":
        state.passed.append(decision.seat)
        return
    # Someone acted: the window opens again for everyone once the card has resolved.
    state.decisions[:] = [d for d in state.decisions if not d.context.startswith("window:")]
    again = Task(kind="window", note=arg(decision), ref=arg(decision, 2))
    if use_action(turn, decision.seat, choice[0], then=again):
        return
    begin_play(turn, decision.seat, choice[0], planning=False, then=again)



# --- Actions of cards in play -------------------------------------------------------------------------------
def action_options(state: LcgState, player: Player) -> list[Option]:
    return [Option(id=c.uid, label=f"{c.name}: {rule.label}") for c, rule in card_actions(state, player)]


def use_action(turn: T, seat: str, uid: str, then: Task) -> bool:
    """Use the Action of card `uid` in play (True), or False if `uid` is not such a card (a card in hand)."""
    state = turn.state
    player = state.player(seat)
    found = next(((c, rule) for c, rule in card_actions(state, player) if c.uid == uid), None)
    if found is None:
        if player.hand.find(uid) is None and any(c.uid == uid for h in player.play.cards for c in [h, *h.attached]):
            raise RuleError("That card's action cannot be used now.")
        return False
    card, rule = found
    push(state, then)
    turn.say(f"{seat} uses {card.name}: {rule.label}.")
    rule.act(turn, player, card)
    return True


__all__ = ["begin_play", "characters", "cost", "playable", "window"]
