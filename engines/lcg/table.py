"""Operations on the table shared by every phase: stats, threat, damage and destruction, elimination,
progress and exploring. Each takes the working Turn and says what happened to the table (spec 2.9, 4.8)."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Card, Outcome, Turn, Zone, card_list
from engines.lcg import hooks
from engines.lcg.scripts import fire
from engines.lcg.state import (
    ATTACKED,
    ATTACKING,
    COMMITTED,
    DAMAGE,
    EXHAUSTED,
    PRISONER,
    PROGRESS,
    RESOURCE,
    LcgState,
    Player,
)

T = Turn[LcgState]
STATS = ("willpower", "attack", "defense", "hit_points", "threat", "engagement_cost", "quest_points")


# Passive effects of cards (registered by engines.lcg.effects with `passive`), by the stat they move:
# (state, card, stat) -> a bonus. Each looks only at the card itself and what is attached to it, so computing a
# stat stays cheap; a view asks for every stat of every card in play, so a stat asks only the passives naming it.
Passive = Callable[[LcgState, Card, str], int]
PASSIVES: dict[str, list[Passive]] = {name: [] for name in STATS}


def passive(*stats: str) -> Callable[[Passive], Passive]:
    """Register a passive effect on `stats`."""

    def register(fn: Passive) -> Passive:
        for name in stats:
            PASSIVES[name].append(fn)
        return fn

    return register


# Rules that a card cannot be damaged now (registered by engines.lcg.effects): (state, card) -> the reason or "".
DAMAGE_GUARDS: list[Callable[[LcgState, Card], str]] = []
# Rules that react to a card arriving in the staging area (registered by engines.lcg.effects):
# (turn, card, where it came from: one of ARRIVALS).
STAGING_ARRIVALS: list[Callable[[T, Card, str], None]] = []
# Where a card arriving in the staging area comes from. FAQ 1.35: "enters the staging area" means every one of
# them; only the last is a card already in play (engaged with a player, or an objective coming off its hero).
REVEALED, OUT_OF_PLAY, FROM_DISCARD, FROM_PLAY = "revealed", "out of play", "discard pile", "in play"
ARRIVALS = (REVEALED, OUT_OF_PLAY, FROM_DISCARD, FROM_PLAY)


def immune_to_players(state: LcgState, card: Card) -> bool:
    """Immune to player card effects (or to every card effect): no player card may choose it, attach to it, or
    act on it directly (damage, progress, stats, moving or engaging it). The game's own procedure still reaches
    it: questing progress, travel, engagement checks, attacks (C 4.11.10-11; FAQ 1.47)."""
    d = state.card_def(card)
    return d.has("Immune to player card effects") or d.has("Immune to card effects")


def player_targets(state: LcgState, cards: list[Card]) -> list[Card]:
    """The cards of `cards` a player card's effect may choose or act on (FAQ 1.47)."""
    return [c for c in cards if not immune_to_players(state, c)]


def stat(state: LcgState, card: Card, name: str) -> int:
    """A card's current value: printed, plus passive effects and lasting modifiers, floored at 0 (spec 2.9;
    FAQ 1.43). A 'blank' modifier makes the stat count for nothing until it expires (Secret Paths)."""
    return max(0, net_stat(state, card, name))


def net_stat(state: LcgState, card: Card, name: str) -> int:
    """The printed value plus every effect, not yet floored: below 0 matters for hit points (FAQ 1.55)."""
    base: int = getattr(state.card_def(card), name)
    bonus = 0
    for m in state.modifiers:
        if m.uid == card.uid:
            if m.stat == name:
                bonus += m.amount
            elif m.stat == f"blank-{name}":
                return 0
    for moves in PASSIVES.get(name, ()):
        bonus += moves(state, card, name)
    return base + bonus


def label(state: LcgState, card: Card) -> str:
    return f"{card.name} ({card.uid})"


def twins(state: LcgState) -> set[str]:
    """The uids of the cards in play (face up: in the staging area, the active location, the play and engagement
    areas, and attached there) that share their name with another such card: two Forest Spiders, two Gondorian
    Spearmen. Only cards whose ids the table's view shows already; a hand's or a deck's follow the deck lists. A
    shadow card is no card in play of its own (a turned Forest Flies under the Forest Flies it was dealt to)."""
    seen: dict[str, list[str]] = {}
    for zone in [state.staging, state.active, *(z for p in state.players for z in (p.play, p.engaged))]:
        for card in zone.cards:
            for shown in [c for c in [card, *card.attached] if c.face_up and "shadow" not in c.flags]:
                seen.setdefault(shown.name, []).append(shown.uid)
    return {uid for uids in seen.values() if len(uids) > 1 for uid in uids}


def called(state: LcgState, card: Card) -> str:
    """A card as the log and the prompts name it: with its id ("Forest Spider (c107)") while another card of its
    name is in play, so a reader can tell which copy attacked or was attacked, as a decision's options tell twins
    apart (engines/core/turn.py); plainly otherwise. A card leaving play is named before it goes."""
    return label(state, card) if card.uid in twins(state) else card.name


def characters(player: Player, state: LcgState) -> list[Card]:
    return [c for c in player.play.cards if state.card_def(c).is_character and PRISONER not in c.flags]


def heroes(player: Player, state: LcgState) -> list[Card]:
    return [c for c in player.play.cards if state.card_def(c).type == "hero"]


def ready(card: Card) -> bool:
    return EXHAUSTED not in card.flags


def exhaust(card: Card) -> None:
    if EXHAUSTED not in card.flags:
        card.flags.append(EXHAUSTED)



def clear_flag(cards: list[Card], *flags: str) -> None:
    for card in cards:
        for flag in flags:
            if flag in card.flags:
                card.flags.remove(flag)


def add_tokens(card: Card, kind: str, amount: int) -> None:
    card.tokens[kind] = max(0, card.tokens.get(kind, 0) + amount)
    if card.tokens[kind] == 0:
        del card.tokens[kind]


def tokens(card: Card, kind: str) -> int:
    return card.tokens.get(kind, 0)


def draw(turn: T, player: Player, count: int) -> list[Card]:
    """Draw from the top; an empty deck draws nothing and is no loss (RR p.12, p.25)."""
    drawn = turn.draw(player.deck, player.hand, count)
    if drawn:
        turn.say(f"{player.seat} draws {len(drawn)} card{'s' if len(drawn) > 1 else ''}.")
        turn.say("You draw " + card_list(c.name for c in drawn) + ".", audience=[player.seat])
    return drawn


# --- threat and elimination (spec 4.8) -----------------------------------------------------------
def raise_threat(turn: T, player: Player, amount: int) -> None:
    if player.eliminated or amount == 0:
        return
    player.threat = max(0, player.threat + amount)
    if player.threat >= turn.state.elimination:
        turn.say(f"{player.seat}'s threat reaches {player.threat}.")
        eliminate(turn, player, f"threat {player.threat}")


def eliminate(turn: T, player: Player, reason: str) -> None:
    """RR p.22: the player's cards go to discard piles; engaged enemies return to staging with their damage."""
    state = turn.state
    if player.eliminated:
        return
    player.eliminated = True
    turn.say(f"{player.seat} is eliminated ({reason}).")
    for card in list(player.play.cards):
        player.play.cards.remove(card)
        leave_play(state, card)
        to_discard(state, card)
        hooks.eliminated_card_left(turn, card)  # Mendor leaves with his controller's cards
    player.discard.cards.extend(player.hand.cards)
    player.hand.cards = []
    for card in player.deck.cards:
        card.face_up = True
    player.discard.cards.extend(player.deck.cards)
    player.deck.cards = []
    for enemy in list(player.engaged.cards):
        player.engaged.cards.remove(enemy)
        # Its mark stays until combat ends: it attacks no one else (FAQ 1.32); it has not left play, so its shadow
        # cards stay on it until then too (C 14.6.1.4).
        enter_staging(turn, enemy, FROM_PLAY)
    if state.players[state.first] is player:  # FAQ 1.30: the token passes at once
        nxt = state.next_player(player.seat)
        if nxt is not None:
            state.first = state.players.index(nxt)
            turn.say(f"{nxt.seat} is now the first player.")
    state.decisions[:] = [d for d in state.decisions if d.seat != player.seat]
    if not state.active_players():
        lose(turn, "every player has been eliminated")


def to_discard(state: LcgState, card: Card) -> None:
    """A card leaving play goes to its owner's discard pile, or the encounter discard pile (spec 2.10)."""
    card.face_up = True
    owner = state.owner(card)
    (owner.discard if owner is not None else state.encounter_discard).cards.append(card)


def lose(turn: T, reason: str) -> None:
    if turn.state.outcome is None:
        turn.finish(Outcome(winners=[], reason=f"The players lose: {reason}."))


def win(turn: T, reason: str) -> None:
    state = turn.state
    if state.outcome is not None:
        return
    if state.expert_queue or state.expert_scores:  # the expert game goes on, or ends with its total (expert.py)
        hooks.expert_won(turn, reason)
        return
    state.won = True
    score = group_score(state)
    scores = {p.seat: player_score(state, p) for p in state.players}
    turn.finish(Outcome(winners=[p.seat for p in state.players], reason=f"The players win: {reason.rstrip('.')}. "
                        f"Score {score} (lower is better): {score_parts(state)}.", scores=scores))


def score_parts(state: LcgState) -> str:
    """What the score is made of (RR p.22), player by player, then the victory points taken off: found playing,
    the players read a total and no way to check it."""
    parts = []
    for p in state.players:
        threat, dead, damage = _score_terms(state, p)
        parts.append(f"{p.seat} {threat + dead + damage} (threat {threat}, dead heroes {dead}, damage {damage})")
    victory = sum(state.card_def(c).victory for c in state.victory.cards)
    return "; ".join(parts) + (f"; victory points -{victory}" if victory else "")


def _score_terms(state: LcgState, p: Player) -> tuple[int, int, int]:
    threat = state.elimination if p.eliminated else min(p.threat, state.elimination)
    dead = sum(state.card_def(c).threat_cost for c in p.discard.cards if state.card_def(c).type == "hero")
    damage = 0 if p.eliminated else sum(tokens(h, DAMAGE) for h in heroes(p, state))
    return threat, dead, damage


def player_score(state: LcgState, p: Player) -> int:
    """RR p.22: final threat (the elimination level if eliminated) + dead heroes' threat + damage on heroes."""
    return sum(_score_terms(state, p))


def group_score(state: LcgState) -> int:
    victory = sum(state.card_def(c).victory for c in state.victory.cards)
    return sum(player_score(state, p) for p in state.players) - victory


# --- damage and destruction (spec 2.9) ---------------------------------------------------------------
def deal_damage(turn: T, card: Card, amount: int, source: str = "") -> None:
    if amount <= 0:
        return
    state = turn.state
    for guard in DAMAGE_GUARDS:
        reason = guard(state, card)
        if reason:
            turn.say(f"{card.name} takes no damage ({reason}).")
            return
    add_tokens(card, DAMAGE, amount)
    turn.say(f"{label(state, card)} takes {amount} damage{f' from {source}' if source else ''}.")
    if not check_destroyed(turn, card):
        hooks.damaged(turn, card, amount)


def check_destroyed(turn: T, card: Card) -> bool:
    state = turn.state
    try:
        zone, found, _host = state.locate(card.uid)
    except KeyError:
        return False
    d = state.card_def(found)
    hp = stat(state, found, "hit_points")
    if hp == 0 and d.hit_points == 0:
        return False
    if net_stat(state, found, "hit_points") <= 0 and (d.is_character or d.type in ("enemy", "ship_enemy")):
        discard_without_hit_points(turn, found, zone)  # FAQ 1.55: effects took its hit points away: not defeated
        return True
    if tokens(found, DAMAGE) < hp:
        return False
    if d.type == "enemy" or d.type == "ship_enemy":
        if d.has("Indestructible"):
            return False
        defeat_enemy(turn, found, zone)
        return True
    if d.is_character:
        destroy_character(turn, found, zone)
        return True
    return False


def destroy_character(turn: T, card: Card, zone: Zone) -> None:
    state = turn.state
    name = called(state, card)  # while it is still in play, beside its twin
    zone.cards.remove(card)
    controller_player = next((p for p in state.players if p.play is zone), None)
    leave_play(state, card)
    to_discard(state, card)
    turn.say(f"{name} is destroyed.")
    if controller_player is not None:
        hooks.left_play(turn, card, controller_player, True)
    if controller_player is not None and not heroes(controller_player, state) and not controller_player.eliminated:
        eliminate(turn, controller_player, "no heroes left")


def discard_without_hit_points(turn: T, card: Card, zone: Zone) -> None:
    """A character or enemy whose hit points effects brought to 0 or less is discarded (FAQ 1.55): neither
    destroyed nor defeated, so no Victory points and no 'destroyed' or 'defeated' responses."""
    state = turn.state
    zone.cards.remove(card)
    controller_player = next((p for p in state.players if p.play is zone), None)
    leave_play(state, card)
    to_discard(state, card)
    turn.say(f"{card.name} is discarded (its hit points are gone).")
    if controller_player is not None:
        hooks.left_play(turn, card, controller_player, False)
        if not heroes(controller_player, state) and not controller_player.eliminated:
            eliminate(turn, controller_player, "no heroes left")


def defeat_enemy(turn: T, card: Card, zone: Zone) -> None:
    _leave_for_good(turn, card, zone, "is defeated")
    fire(turn, "defeated", card)
    hooks.stage_enemy_defeated(turn, card)
    hooks.enemy_defeated(turn, card)


def leave_play(state: LcgState, card: Card) -> None:
    """Tokens and flags go; attachments and shadow cards go to their discard piles (RR p.9, p.20), except a
    campaign's Permanent cards, which are removed from the game (C 12.5.3.2)."""
    for sub in card.attached:
        leave_play(state, sub)
        if state.campaign is not None and state.card_def(sub).has("Permanent"):
            state.removed.cards.append(sub)
        else:
            to_discard(state, sub)
    card.attached = []
    card.tokens, card.flags, card.back = {}, [], ""
    state.modifiers = [m for m in state.modifiers if m.uid != card.uid]


# --- progress and locations (spec 4.3.5) ----------------------------------------------------------------
def explore(turn: T, location: Card, zone: Zone) -> None:
    _leave_for_good(turn, location, zone, "is explored")


def _leave_for_good(turn: T, card: Card, zone: Zone, what: str) -> None:
    """A defeated enemy or explored location: to the victory display with Victory X, else the discard pile
    (RR p.24, FAQ 1.18)."""
    state = turn.state
    name = called(state, card)  # while it is still in play, beside its twin
    zone.cards.remove(card)
    leave_play(state, card)
    (state.victory if state.card_def(card).victory else state.encounter_discard).cards.append(card)
    turn.say(f"{name} {what}.")


def current_stage(state: LcgState) -> Card | None:
    return state.quest.cards[0] if state.quest.cards else None


def clear_round_flags(state: LcgState) -> None:
    for p in state.players:
        clear_flag(p.play.cards, COMMITTED)
        clear_flag(p.engaged.cards, ATTACKED, ATTACKING)
        p.attacked = []
    clear_flag(state.staging.cards, ATTACKED, ATTACKING)


def resources(card: Card) -> int:
    return tokens(card, RESOURCE)


def progress(card: Card) -> int:
    return tokens(card, PROGRESS)


def staged(state: LcgState, types: tuple[str, ...]) -> list[Card]:
    """Cards of `types` in the staging area, including those guarding an objective there (RR p.24: a
    guarding enemy or location is still in the staging area; engaging it or travelling there frees the
    objective)."""
    loose = [c for c in state.staging.cards if state.card_def(c).type in types]
    guards = [a for c in state.staging.cards if state.card_def(c).type in ("objective", "objective_ally")
              for a in c.attached if a.face_up and state.card_def(a).type in types]
    return loose + guards


def enter_staging(turn: T, card: Card, source: str, host: Card | None = None) -> None:
    """`card` arrives in the staging area (attached to `host` there: an encounter card guarding an objective).
    Every arrival during the game comes through here, so a rule about cards entering the staging area sees
    them all, however they came (FAQ 1.35)."""
    assert source in ARRIVALS, source
    (host.attached if host is not None else turn.state.staging.cards).append(card)
    for rule in STAGING_ARRIVALS:
        rule(turn, card, source)


def enemy_in_play(state: LcgState, uid: str) -> Card | None:
    """The enemy `uid` if it is where an enemy in play is: engaged with a player, or in the staging area. An
    attack goes on while its enemy is in either, whichever it moved to mid-attack (FAQ 1.32), and ends once the
    enemy has left play (C 14.6.3 Q&A)."""
    return next((e for e in [*(e for p in state.players for e in p.engaged.cards), *state.staging.cards]
                 if e.uid == uid), None)


def attack_over(state: LcgState, enemy_uid: str) -> bool:
    """Is the attack `enemy_uid` is making over before its damage: its enemy has left play (C 14.6.3 Q&A), or the
    player it attacks has been eliminated? An enemy sent back to the staging area or engaged with another player
    attacks on (FAQ 1.32)."""
    if enemy_in_play(state, enemy_uid) is None:
        return True
    pending = next((t for t in state.tasks if t.kind == "attack-damage" and t.ref == enemy_uid), None)
    return pending is not None and bool(pending.seat) and state.player(pending.seat).eliminated


def take_from_staging(state: LcgState, card: Card) -> None:
    if card in state.staging.cards:
        state.staging.cards.remove(card)
        return
    for holder in state.staging.cards:
        if card in holder.attached:
            holder.attached.remove(card)
            return
    from engines.core import RuleError

    raise RuleError(f"{card.name} is no longer in the staging area.")
