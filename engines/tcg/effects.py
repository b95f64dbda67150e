"""Card scripts in our own words (spec 8.3), registered by card id. Each entry says what the card does in play."""

from __future__ import annotations
