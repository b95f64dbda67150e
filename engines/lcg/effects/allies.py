"""The Core Set's allies: what happens when they enter play (played, or put into play, FAQ 1.16), their
Actions, their Responses to committing and defending, and allies leaving play (Valiant Sacrifice, Brok
Ironfist, Horn of Gondor). A cost-free Response that only helps (Lórien Guide, Northern Tracker, Gondorian
Spearman, Longbeard Orc Slayer) is taken for the player."""

from __future__ import annotations

from engines.core import Card, Decision, Option
from engines.lcg import hooks
from engines.lcg.effects.primitives import discard_from_play, draw, find, peeked, progress_on_location
from engines.lcg.scripts import T, action, ask, core, effect, follow, fx_args, modify, scripted, use, used
from engines.lcg.state import DAMAGE, EXHAUSTED, RESOURCE, LcgState, Player
from engines.lcg.table import (
    add_tokens,
    characters,
    deal_damage,
    exhaust,
    heroes,
    immune_to_players,
    label,
    leave_play,
    player_targets,
    tokens,
)


def _ready(card: Card) -> bool:
    return EXHAUSTED not in card.flags


# --- entering play ---------------------------------------------------------------------------------------------
def put_into_play(turn: T, player: Player, ally: Card) -> None:
    """Put into play, not played: no cost, no play limit, but 'enters play' responses happen (FAQ 1.16)."""
    ally.face_up = True
    player.play.cards.append(ally)
    turn.say(f"{ally.name} is put into play under {player.seat}'s control.")
    entered(turn, player, ally, False)  # put into play, not played


@hooks.ally_entered.register
def entered(turn: T, player: Player, ally: Card, played: bool) -> None:
    """Responses after an ally enters play. Each concerns the ally that entered, this copy alone (FAQ 1.31);
    an encounter card immune to player card effects is neither chosen nor damaged (FAQ 1.47)."""
    state = turn.state
    if core(state, ally, "Longbeard Orc Slayer"):
        for enemy in player_targets(state, [e for p in state.players for e in p.engaged.cards] + state.staging.cards):
            if "Orc" in state.card_def(enemy).traits:
                deal_damage(turn, enemy, 1, ally.name)
    elif core(state, ally, "Snowbourn Scout"):
        locations = player_targets(state, [c for c in [*state.active.cards, *state.staging.cards]
                                           if state.card_def(c).type == "location"])
        if locations:
            ask(turn, player.seat, "Snowbourn Scout: place 1 progress on which location?",
                [Option(id=c.uid, label=label(state, c)) for c in locations], "scout")
    elif core(state, ally, "Son of Arnor"):
        enemies = player_targets(state, [c for c in state.staging.cards if state.card_def(c).type == "enemy"] +
                                 [e for p in state.active_players() if p is not player for e in p.engaged.cards])
        if enemies:
            ask(turn, player.seat, "Son of Arnor: engage which enemy?",
                [*(Option(id=e.uid, label=label(state, e)) for e in enemies), Option(id="no", label="None")],
                "son-of-arnor")
    elif core(state, ally, "Miner of the Iron Hills"):
        conditions = [a for p in state.players for h in p.play.cards for a in h.attached
                      if core(state, a, "Caught in a Web")]
        if conditions:
            ask(turn, player.seat, "Miner of the Iron Hills: discard which Condition?",
                [Option(id=c.uid, label=c.name) for c in conditions], "miner")
    elif core(state, ally, "Erebor Hammersmith") and played:
        owners = [p for p in state.players if any(state.card_def(c).type == "attachment" for c in p.discard.cards)]
        if owners:
            ask(turn, player.seat, "Erebor Hammersmith: return the top attachment of whose discard pile?",
                [Option(id=p.seat, label=p.seat) for p in owners], "hammersmith")
    elif core(state, ally, "Gandalf"):
        enemies = player_targets(state, [e for p in state.players for e in p.engaged.cards] +
                                 [c for c in state.staging.cards if state.card_def(c).type == "enemy"])
        ask(turn, player.seat, "Gandalf: choose one",
            [Option(id="draw", label="Draw 3 cards"), Option(id="threat", label="Reduce your threat by 5"),
             *(Option(id=e.uid, label=f"4 damage to {label(state, e)}") for e in enemies)], "gandalf")


@follow("scout")
def _scout(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    """One progress on the chosen location (Snowbourn Scout's; Lórien Guide's when two are active)."""
    location = find(turn.state, choice[0])
    if location is not None:
        progress_on_location(turn, location, 1, (fx_args(decision) or ["Snowbourn Scout"])[0])


@follow("son-of-arnor")
def _son(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    from engines.lcg.combat import engage

    state = turn.state
    if choice[0] == "no":
        return
    enemy = find(state, choice[0])
    player = state.player(decision.seat)
    if enemy is None:
        return
    for p in state.players:
        if enemy in p.engaged.cards:
            p.engaged.cards.remove(enemy)
            player.engaged.cards.append(enemy)
            turn.say(f"{enemy.name} engages {player.seat} (Son of Arnor).")
            return
    if enemy in state.staging.cards:
        engage(turn, player, enemy)


@follow("miner")
def _miner(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    condition = find(turn.state, choice[0])
    if condition is not None:
        discard_from_play(turn, condition)
        turn.say(f"Miner of the Iron Hills discards {condition.name}.")


@follow("hammersmith")
def _hammersmith(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    owner = state.player(choice[0])
    top = next((c for c in reversed(owner.discard.cards) if state.card_def(c).type == "attachment"), None)
    if top is not None:
        owner.discard.cards.remove(top)
        owner.hand.cards.append(top)
        turn.say(f"Erebor Hammersmith returns {top.name} to {owner.seat}'s hand.")


@follow("gandalf")
def _gandalf(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    from engines.lcg.table import raise_threat

    state = turn.state
    player = state.player(decision.seat)
    if choice[0] == "draw":
        draw(turn, player, 3)
    elif choice[0] == "threat":
        raise_threat(turn, player, -5)
        turn.say(f"{player.seat} reduces their threat by 5.")
    else:
        enemy = find(state, choice[0])
        if enemy is not None:
            deal_damage(turn, enemy, 4, "Gandalf")


for _title in ("Longbeard Orc Slayer", "Snowbourn Scout", "Son of Arnor", "Miner of the Iron Hills",
               "Erebor Hammersmith", "Gandalf"):
    scripted(_title, "response after entering play")


@effect("Gandalf", "round_end")
def _gandalf_leaves(turn: T, card: Card, _o: Card | None) -> None:
    """Gandalf leaves: he is discarded as the round ends."""
    discard_from_play(turn, card)
    turn.say("Gandalf leaves: he is discarded as the round ends.")


# --- committing and defending --------------------------------------------------------------------------------------
def committed(turn: T, player: Player, chosen: list[Card]) -> None:
    """Progress from allies that commit, on every location they name but those immune to them (FAQ 1.47)."""
    state = turn.state
    for card in chosen:
        if core(state, card, "Lórien Guide"):
            active = player_targets(state, list(state.active.cards))
            if len(active) > 1:  # FAQ 1.34: "the active location" is one of them, chosen by the first player
                ask(turn, state.first_seat, "Lórien Guide: which active location takes his progress?",
                    [Option(id=c.uid, label=c.name) for c in active], "scout", "Lórien Guide")
            elif active:
                progress_on_location(turn, active[0], 1, "Lórien Guide")
        elif core(state, card, "Northern Tracker"):
            for location in player_targets(state, [c for c in state.staging.cards
                                                   if state.card_def(c).type == "location"]):
                progress_on_location(turn, location, 1, "Northern Tracker")


scripted("Lórien Guide", "progress on the active location after committing")
scripted("Northern Tracker", "progress on each staged location after committing")


@hooks.defender_declared.register
def defender_declared(turn: T, defender: Card, enemy: Card) -> None:
    if core(turn.state, defender, "Gondorian Spearman") and not immune_to_players(turn.state, enemy):
        deal_damage(turn, enemy, 1, "Gondorian Spearman")


scripted("Gondorian Spearman", "1 damage to the attacker when it defends")


# --- leaving play ----------------------------------------------------------------------------------------------
def character_left(turn: T, card: Card, controller: Player, destroyed: bool) -> None:
    """A character left play: Horn of Gondor (destroyed), Brok Ironfist (a Dwarf hero). The whole moment,
    with the campaign's cards and Valiant Sacrifice, is the `left_play` hook's handler (effects/__init__)."""
    state = turn.state
    d = state.card_def(card)
    if destroyed:
        for p in state.active_players():
            for hero in p.play.cards:
                for horn in [a for a in hero.attached if core(state, a, "Horn of Gondor")]:
                    add_tokens(hero, RESOURCE, 1)
                    turn.say(f"{horn.name}: {hero.name} gains a resource.")
    if d.type == "hero" and "Dwarf" in d.traits and not controller.eliminated:
        brok = next((c for c in controller.hand.cards if core(state, c, "Brok Ironfist")), None)
        if brok is not None:
            ask(turn, controller.seat, f"{card.name} left play: bring Brok Ironfist from your hand into play?",
                [Option(id="yes", label="Put him into play"), Option(id="no", label="No")], "brok", brok.uid,
                private=True)


@follow("brok")
def _brok(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    player = turn.state.player(decision.seat)
    brok = player.hand.find(fx_args(decision)[0])
    if brok is not None and choice[0] == "yes":
        player.hand.cards.remove(brok)
        put_into_play(turn, player, brok)


scripted("Brok Ironfist", "a response from hand when a Dwarf hero is gone")
scripted("Horn of Gondor", "a resource when a character is destroyed")


# --- Actions ---------------------------------------------------------------------------------------------------
def _choose_player(turn: T, player: Player, prompt: str, then: str, *args: str) -> None:
    from engines.lcg.effects.heroes import FOLLOW_NOW as NOW

    active = turn.state.active_players()
    if len(active) == 1:
        if then == "draw":
            NOW["draw"](turn, active[0].seat, args)
        else:
            _faramir_for(turn, active[0])
        return
    ask(turn, player.seat, prompt, [Option(id=p.seat, label=p.seat) for p in active], "player-" + then, *args)


@action("Faramir", "exhaust him: a player's characters get +1 willpower", lambda s, p, c: _ready(c))
def _faramir(turn: T, player: Player, card: Card) -> None:
    """Exhausting, Faramir gives each character of a chosen player +1 willpower for the phase."""
    exhaust(card)
    _choose_player(turn, player, "Faramir: which player's characters?", "faramir")


def _faramir_for(turn: T, target: Player) -> None:
    for c in characters(target, turn.state):
        modify(turn.state, c, "willpower", 1, "phase")
    turn.say(f"Each character of {target.seat} gets +1 willpower for the rest of the phase.")


@follow("player-faramir")
def _faramir_chosen(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    _faramir_for(turn, turn.state.player(choice[0]))


@action("Gléowine", "exhaust him: a player draws 1", lambda s, p, c: _ready(c))
def _gleowine(turn: T, player: Player, card: Card) -> None:
    """Exhausting, Gléowine lets a chosen player draw a card."""
    exhaust(card)
    _choose_player(turn, player, "Gléowine: which player draws a card?", "draw", "1")


@action("Beorn", "+5 attack this phase, then back into your deck", lambda s, p, c: not used(s, f"round:{c.uid}"))
def _beorn(turn: T, player: Player, card: Card) -> None:
    """Once per round Beorn gets +5 attack for the phase; when that phase ends he is shuffled into his
    owner's deck."""
    state = turn.state
    use(state, f"round:{card.uid}")
    modify(state, card, "attack", 5, "phase")
    state.marks.append(f"beorn:{card.uid}:{state.phase}")
    turn.say("Beorn gets +5 attack for the rest of the phase.")


def phase_ends(turn: T, phase: str) -> None:
    state = turn.state
    for mark in [m for m in state.marks if m.startswith("beorn:") and m.endswith(f":{phase}")]:
        state.marks.remove(mark)
        uid = mark.split(":")[1]
        for p in state.players:
            beorn = p.play.find(uid)
            if beorn is not None:
                p.play.cards.remove(beorn)
                leave_play(state, beorn)
                owner = state.owner(beorn) or p
                owner.deck.cards.append(beorn)
                state.rng.shuffle(owner.deck.cards)
                turn.say("Beorn is shuffled back into his owner's deck.")
                hooks.left_play(turn, beorn, p, False)


@action("Wandering Took", "give him to another player (-3 threat for you, +3 for them)",
        lambda s, p, c: len(s.active_players()) > 1)
def _took(turn: T, player: Player, card: Card) -> None:
    """His controller lowers their threat by 3 and hands him to another player, whose threat rises by 3."""
    others = [p for p in turn.state.active_players() if p is not player]
    ask(turn, player.seat, "Wandering Took: give him to whom?", [Option(id=p.seat, label=p.seat) for p in others],
        "took", card.uid)


@follow("took")
def _took_chosen(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    from engines.lcg.table import raise_threat

    state = turn.state
    giver, taker = state.player(decision.seat), state.player(choice[0])
    took = giver.play.find(fx_args(decision)[0])
    if took is None:
        return
    giver.play.cards.remove(took)
    taker.play.cards.append(took)
    raise_threat(turn, giver, -3)
    raise_threat(turn, taker, 3)
    turn.say(f"Wandering Took goes to {taker.seat}: {giver.seat} -3 threat, {taker.seat} +3 threat.")


def _wounded_heroes(state: LcgState) -> list[Card]:
    return [h for p in state.active_players() for h in heroes(p, state) if tokens(h, DAMAGE)]


@action("Daughter of the Nimrodel", "exhaust her: heal up to 2 on a hero",
        lambda s, p, c: _ready(c) and bool(_wounded_heroes(s)))
def _daughter(turn: T, player: Player, card: Card) -> None:
    """Exhausting, she heals up to 2 damage on one hero."""
    exhaust(card)
    ask(turn, player.seat, "Daughter of the Nimrodel: heal which hero?",
        [Option(id=h.uid, label=label(turn.state, h)) for h in _wounded_heroes(turn.state)], "heal", "2")


@action("Henamarth Riversong", "exhaust him: look at the encounter deck's top card",
        lambda s, p, c: _ready(c) and bool(s.encounter_deck.cards))
def _henamarth(turn: T, player: Player, card: Card) -> None:
    """Exhausting, he lets his controller see the encounter deck's top card."""
    exhaust(card)
    top = turn.state.encounter_deck.cards[-1]
    top.known_to = sorted({*top.known_to, player.seat})
    turn.say(f"{player.seat} looks at the encounter deck's top card.")
    peeked(turn, player.seat, f"The top encounter card is {top.name}.")
