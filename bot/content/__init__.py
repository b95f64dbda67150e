"""Content importers: community card databases and deck sites in, Westmarch packs and decks out.

All reading of files and the network lives here; the engines only ever see the packs these produce.
"""

from bot.content.errors import ContentError

__all__ = ["ContentError"]
