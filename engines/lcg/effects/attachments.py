"""The Core Set's attachments."""

from __future__ import annotations

from engines.core import Card, Decision, Option
from engines.lcg import hooks
from engines.lcg.scripts import T, action, follow, fx_args
from engines.lcg.state import LcgState, Player


@hooks.cannot_attack.register
def cannot_attack(state: LcgState, enemy: Card, player: Player) -> str:
    """Why `enemy` may not attack `player` now ("" if it may): Forest Snare on it, or a Feint or Thicket of
    Spears played this phase."""
    from engines.lcg.scripts import core

    if any(core(state, a, "Forest Snare") for a in enemy.attached):
        return "Forest Snare"
    if f"phase:no-attack:{enemy.uid}" in state.marks:
        return "Feint"
    if f"phase:no-attacks-on:{player.seat}" in state.marks:
        return "Thicket of Spears"
    return ""


# --- Caught in a Web (a treachery that becomes a Condition attachment) -------------------------------------------
@hooks.stays_exhausted.register
def held_by_web(state: LcgState, hero: Card) -> bool:
    from engines.lcg.scripts import core

    return any(core(state, a, "Caught in a Web") for a in hero.attached)


@hooks.after_readying.register
def webs_in_refresh(turn: T) -> None:
    """A hero held by Caught in a Web readies in the refresh phase only if its player pays 2 of its
    resources; the player is asked when the hero has them."""
    from engines.lcg.scripts import ask
    from engines.lcg.state import EXHAUSTED
    from engines.lcg.table import resources

    state = turn.state
    for player in state.active_players():
        for hero in player.play.cards:
            if held_by_web(state, hero) and EXHAUSTED in hero.flags:
                if resources(hero) >= 2:
                    ask(turn, player.seat, f"Caught in a Web: pay 2 of {hero.name}'s resources to ready it?",
                        [Option(id="pay", label="Pay 2 and ready"), Option(id="no", label="Stay exhausted")],
                        "web-ready", hero.uid)
                else:
                    turn.say(f"{hero.name} is caught in a web and does not ready.")


@follow("web-ready")
def _web_ready(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    from engines.lcg.effects.primitives import find
    from engines.lcg.state import EXHAUSTED, RESOURCE
    from engines.lcg.table import add_tokens, resources

    hero = find(turn.state, fx_args(decision)[0])
    if hero is None or choice[0] != "pay" or resources(hero) < 2:
        return
    add_tokens(hero, RESOURCE, -2)
    if EXHAUSTED in hero.flags:
        hero.flags.remove(EXHAUSTED)
    turn.say(f"{decision.seat} pays 2 of {hero.name}'s resources: it readies.")


# --- passive modifiers of attachments (computed continuously while attached) ----------------------------------
def _passive(state: LcgState, card: Card, stat: str) -> int:
    if not card.attached:  # most cards: asked for every stat shown, on every view
        return 0
    from engines.lcg.scripts import core

    bonus = 0
    for a in card.attached:
        if not a.face_up or a.ref not in state.defs:
            continue
        if stat == "willpower" and core(state, a, "Celebrían's Stone"):
            bonus += 2
        elif stat == "willpower" and core(state, a, "The Favor of the Lady"):
            bonus += 1
        elif stat == "willpower" and core(state, a, "Dark Knowledge"):
            bonus -= 1
        elif stat == "hit_points" and core(state, a, "Citadel Plate"):
            bonus += 4
        elif stat == "attack" and core(state, a, "Dwarven Axe"):
            bonus += 2 if "Dwarf" in state.card_def(card).traits else 1
        elif stat == "threat" and core(state, a, "Power in the Earth"):
            bonus -= 1
    return bonus


def _register() -> None:
    from engines.lcg.scripts import scripted
    from engines.lcg.table import passive

    passive("willpower", "hit_points", "attack", "threat")(_passive)
    for title, what in (("Celebrían's Stone", "+2 willpower; Aragorn may pay Spirit costs"),
                        ("The Favor of the Lady", "+1 willpower"), ("Citadel Plate", "+4 hit points"),
                        ("Dwarven Axe", "+1 attack, +2 on a Dwarf"), ("Power in the Earth", "-1 threat"),
                        ("Forest Snare", "the enemy cannot attack"),
                        ("Blade of Gondolin", "+1 attack against Orcs; progress when its hero kills"),
                        ("Caught in a Web", "a Condition: the hero readies only by paying 2")):
        scripted(title, what)


_register()


@hooks.attack_bonus.register
def attack_bonus(state: LcgState, attacker: Card, enemy: Card) -> int:
    """Blade of Gondolin: +1 attack when its hero attacks an Orc."""
    from engines.lcg.scripts import core

    if "Orc" not in state.card_def(enemy).traits:
        return 0
    return sum(1 for a in attacker.attached if core(state, a, "Blade of Gondolin"))


@hooks.spirit_payer.register
def spirit_payer(state: LcgState, hero: Card) -> bool:
    """Celebrían's Stone on Aragorn gives him a Spirit resource icon."""
    from engines.lcg.scripts import core

    return core(state, hero, "Aragorn") and any(core(state, a, "Celebrían's Stone") for a in hero.attached)


# --- Actions of attachments ---------------------------------------------------------------------------------
def _host(state: LcgState, card: Card) -> Card | None:
    for p in state.players:
        for h in p.play.cards:
            if card in h.attached:
                return h
    return None


def _ready(card: Card) -> bool:
    from engines.lcg.state import EXHAUSTED

    return EXHAUSTED not in card.flags


def _exhaust(card: Card) -> None:
    from engines.lcg.table import exhaust

    exhaust(card)


@action("Steward of Gondor", "exhaust it: 2 resources to its hero", lambda s, p, c: _ready(c))
def _steward(turn: T, player: Player, card: Card) -> None:
    """Exhausting it adds 2 resources to the hero it is attached to (who also counts as Gondor)."""
    from engines.lcg.state import RESOURCE
    from engines.lcg.table import add_tokens

    _exhaust(card)
    host = _host(turn.state, card)
    if host is not None:
        add_tokens(host, RESOURCE, 2)
        turn.say(f"{host.name} gains 2 resources.")


@action("Unexpected Courage", "exhaust it: ready its hero",
        lambda s, p, c: _ready(c) and (h := _host(s, c)) is not None and not _ready(h))
def _courage(turn: T, player: Player, card: Card) -> None:
    """Exhausting it readies the hero it is attached to."""
    from engines.lcg.state import EXHAUSTED

    _exhaust(card)
    host = _host(turn.state, card)
    if host is not None and EXHAUSTED in host.flags:
        host.flags.remove(EXHAUSTED)
        turn.say(f"{host.name} readies.")


@action("Self Preservation", "exhaust it: heal 2 on its character",
        lambda s, p, c: _ready(c) and (h := _host(s, c)) is not None and bool(h.tokens.get("damage")))
def _self_preservation(turn: T, player: Player, card: Card) -> None:
    """Exhausting it heals 2 damage on the character it is attached to."""
    from engines.lcg.state import DAMAGE
    from engines.lcg.table import add_tokens

    _exhaust(card)
    host = _host(turn.state, card)
    if host is not None:
        add_tokens(host, DAMAGE, -2)
        turn.say(f"{host.name} is healed of up to 2 damage.")


@action("Protector of Lórien", "discard a card: +1 defense or willpower this phase",
        lambda s, p, c: bool(p.hand.cards) and sum(1 for m in s.marks if m == f"phase:{c.uid}") < 3)
def _protector(turn: T, player: Player, card: Card) -> None:
    """Up to 3 times a phase: discard a card from hand, and its hero gets +1 defense or +1 willpower for the
    phase."""
    from engines.lcg.scripts import ask

    turn.state.marks.append(f"phase:{card.uid}")
    options = [Option(id=f"{stat}-{c.uid}", label=f"Discard {c.name}: +1 {stat}") for c in player.hand.cards
               for stat in ("defense", "willpower")]
    ask(turn, player.seat, "Protector of Lórien: discard which card, for which bonus?", options, "protector",
        card.uid, private=True)


@follow("protector")
def _protector_chosen(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    from engines.lcg.effects.primitives import find
    from engines.lcg.scripts import modify

    state = turn.state
    player = state.player(decision.seat)
    stat, _, uid = choice[0].partition("-")
    discarded = player.hand.find(uid)
    card = find(state, fx_args(decision)[0])
    host = _host(state, card) if card is not None else None
    if discarded is None or host is None:
        return
    player.hand.cards.remove(discarded)
    player.discard.cards.append(discarded)
    modify(state, host, stat, 1, "phase")
    turn.say(f"{player.seat} discards a card: {host.name} gets +1 {stat} for the rest of the phase.")


@action("Dark Knowledge", "exhaust it: look at a shadow card on an enemy engaged with you",
        lambda s, p, c: _ready(c) and any(not a.face_up and "shadow" in a.flags for e in p.engaged.cards
                                          for a in e.attached))
def _dark_knowledge(turn: T, player: Player, card: Card) -> None:
    """Exhausting it lets its controller look at a face-down shadow card on an enemy engaged with them (its
    hero also has -1 willpower)."""
    from engines.lcg.effects.primitives import peeked

    _exhaust(card)
    for enemy in player.engaged.cards:
        for shadow in [a for a in enemy.attached if not a.face_up and "shadow" in a.flags]:
            if player.seat not in shadow.known_to:
                shadow.known_to.append(player.seat)
                turn.say(f"{player.seat} looks at a shadow card on {enemy.name}.")
                peeked(turn, player.seat, f"The shadow card on {enemy.name} is {shadow.name}.")
                return
