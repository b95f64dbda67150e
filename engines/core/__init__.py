"""The shared kernel every game engine builds on."""

from engines.core.codec import clone, dumps, from_data, loads, to_data
from engines.core.contract import BaseState, Config, Event, Game, Outcome, SeatView, Step, View
from engines.core.decisions import (
    NONE,
    PASS,
    THEN,
    Answer,
    Decision,
    DecisionKind,
    Option,
    minimal_choices,
    plain_label,
    validate,
)
from engines.core.errors import CommandError, NotACommand, NotYourDecision, RuleError, StaleDecision, WestmarchError
from engines.core.rng import Rng
from engines.core.turn import Rules, Turn
from engines.core.words import card_list
from engines.core.zones import (
    Card,
    CardView,
    Seat,
    Visibility,
    Zone,
    ZoneView,
    ZoneViews,
    card_view,
    visible_to,
    zone_view,
)

__all__ = [
    "NONE",
    "PASS",
    "THEN",
    "Answer",
    "BaseState",
    "Card",
    "CardView",
    "CommandError",
    "Config",
    "Decision",
    "DecisionKind",
    "Event",
    "Game",
    "NotACommand",
    "NotYourDecision",
    "Option",
    "Outcome",
    "Rng",
    "RuleError",
    "Rules",
    "Seat",
    "SeatView",
    "StaleDecision",
    "Step",
    "Turn",
    "View",
    "Visibility",
    "WestmarchError",
    "Zone",
    "ZoneView",
    "ZoneViews",
    "card_list",
    "card_view",
    "clone",
    "dumps",
    "from_data",
    "loads",
    "minimal_choices",
    "plain_label",
    "to_data",
    "validate",
    "visible_to",
    "zone_view",
]
