"""A scenario's game in campaign mode: the log's state applied at setup (spec 7.4, 7.5, 7.7; C 13.2), and what a
finished game tells the log (C 14.8; spec 7.3 fallen heroes, 4.10 and 7.6 the score).

The one part of the campaign that knows the game's state, so it sits beside the rules rather than inside the
`campaign` package, which the cards and the state themselves use. Setup calls it (`setup.start_campaign`)."""

from __future__ import annotations

from engines.core import RuleError, Turn, card_list
from engines.lcg.campaign.catalogue import fold
from engines.lcg.campaign.heroes import DeckFacts
from engines.lcg.campaign.log import Result, Score
from engines.lcg.campaign.plan import Attachment, CampaignSetup
from engines.lcg.cards import Deck
from engines.lcg.library import Library
from engines.lcg.state import DAMAGE, LcgState, Player
from engines.lcg.table import heroes, tokens

T = Turn[LcgState]


def load_defs(state: LcgState, library: Library, plan: CampaignSetup) -> None:
    """The game keeps its own copy of every card the campaign brings (boons, burdens, the campaign card)."""
    for card_id in plan.card_ids():
        state.defs[card_id] = library.card(card_id)


def at_setup(turn: T) -> None:
    """After heroes and threat, before the setup hands (C 13.2): the permanent penalty, Permanent cards on their
    heroes, encounter-back boons and every burden into the encounter deck, the campaign card by the quest."""
    state = turn.state
    plan = state.campaign
    if plan is None:
        return
    for player in state.players:
        extra = plan.penalty.get(player.seat, 0)
        if extra:  # spec 7.4
            player.threat += extra
            turn.say(f"{player.seat} takes the campaign's threat penalty of {extra}: threat {player.threat}.")
        for attachment in plan.permanent.get(player.seat, ()):
            _attach_permanent(turn, player, attachment)
    for attachment in plan.permanent.get("*", ()):  # the Fellowship Aragorn's, on whoever controls him
        holder = next((p for p in state.players if any(fold(h.name) == fold(attachment.hero)
                                                      for h in heroes(p, state))), state.players[state.first])
        _attach_permanent(turn, holder, attachment)
    if plan.encounter:
        for card_id in plan.encounter:
            state.encounter_deck.cards.append(state.new_card(card_id))
        state.rng.shuffle(state.encounter_deck.cards)
        turn.say("Shuffled into the encounter deck from the campaign pool: "
                 + card_list(state.defs[c].name for c in plan.encounter) + ".")
    first = state.players[state.first]
    for card_id in plan.in_play:  # C 12.5.3.4
        first.play.cards.append(state.new_card(card_id))
        turn.say(f"{first.seat} takes control of {state.defs[card_id].name}, as the campaign card says.")
    for card_id in plan.set_aside:  # out of play until the campaign card's own effects bring them in
        state.set_aside.cards.append(state.new_card(card_id))
    if plan.set_aside:
        names = sorted({state.defs[c].name for c in plan.set_aside})
        turn.say(f"Set aside by the campaign card: {', '.join(names)}.")
    if plan.campaign_card:  # C 12.5.3.4
        state.set_aside.cards.append(state.new_card(plan.campaign_card))
        turn.say(f"The campaign card {state.defs[plan.campaign_card].name} is beside the quest deck: follow its "
                 "setup.")


def _attach_permanent(turn: T, player: Player, attachment: Attachment) -> None:
    """A Permanent boon or burden on the hero it was recorded on (C 12.5.3.2; 13.2)."""
    state = turn.state
    hero = next((h for h in heroes(player, state) if fold(h.name) == fold(attachment.hero)), None)
    if hero is None:
        turn.say(f"{state.defs[attachment.card].name} belongs on {attachment.hero}, who is not in play; it stays "
                 "out of this game.")
        return
    card = state.new_card(attachment.card)
    if state.defs[attachment.card].is_player_card:
        state.owners[card.uid] = player.seat
    hero.attached.append(card)
    turn.say(f"{card.name} is attached to {hero.name} (Permanent).")


def after_hands(turn: T) -> None:
    """Burdens with a player back go into their player's deck after the setup hand (C 12.5.3.1, 12.5.3.3)."""
    state = turn.state
    plan = state.campaign
    if plan is None:
        return
    for seat, cards in plan.player_burdens.items():
        player = state.player(seat)
        for card_id in cards:
            card = state.new_card(card_id)
            state.owners[card.uid] = seat
            player.deck.cards.append(card)
        state.rng.shuffle(player.deck.cards)
        turn.say(f"{seat} shuffles the burden{'s' if len(cards) > 1 else ''} "
                 f"{', '.join(state.defs[c].name for c in cards)} into their deck.")


def result(state: LcgState) -> Result:
    """What the log needs from a finished game: win or loss, the score's parts and who fell."""
    outcome = state.outcome
    if outcome is None:
        raise RuleError("The game is not over yet.")
    won = bool(outcome.winners)
    fallen = {}
    for player in state.players:
        titles = [c.name for c in player.discard.cards
                  if state.card_def(c).type == "hero" and state.owners.get(c.uid, player.seat) == player.seat]
        fallen[player.seat] = titles
    return Result(won=won, reason=outcome.reason, fallen=fallen, score=score(state) if won else None)


def score(state: LcgState) -> Score:
    """RR p.22 (spec 4.10), by parts: final threat, dead heroes' threat cost, damage on heroes, less victory."""
    parts = Score(rounds=state.round, victory=sum(state.card_def(c).victory for c in state.victory.cards))
    for p in state.players:
        parts.threat[p.seat] = state.elimination if p.eliminated else min(p.threat, state.elimination)
        parts.dead[p.seat] = sum(state.card_def(c).threat_cost for c in p.discard.cards
                                 if state.card_def(c).type == "hero")
        parts.damage[p.seat] = 0 if p.eliminated else sum(tokens(h, DAMAGE) for h in heroes(p, state))
    parts.total = sum(parts.threat.values()) + sum(parts.dead.values()) + sum(parts.damage.values()) - parts.victory
    return parts


def deck_facts(deck: Deck, library: Library) -> DeckFacts:
    """A deck's titles and kinds, as the campaign's deck rules read them (spec 9)."""
    def kind(card_id: str) -> str:
        card = library.card(card_id)
        return card.sphere if card.sphere in ("boon", "burden") else card.type

    return DeckFacts(key=deck.key, name=deck.name, heroes=tuple(library.card(h).name for h in deck.heroes),
                     cards=tuple((library.card(s.card).name, s.count, kind(s.card)) for s in deck.cards))
