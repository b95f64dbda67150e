"""The Lord of the Rings Trading Card Game (Decipher), from the Siege of Gondor starters."""

from bot.plugins import Plugin

PLUGIN = Plugin(
    name="tcg",
    engine="engines.tcg",
    coverage="bot.content.tcg.coverage:report",
    content="bot.content.tcg",
)
