"""The Lord of the Rings Trading Card Game (Decipher), from the Siege of Gondor starters."""

from bot.plugins import Plugin

PLUGIN = Plugin(
    name="tcg",
    engine="engines.tcg",
    renderer="render.tcg",
    discord="bot.chat.tcg_cog",
    coverage="bot.content.tcg.coverage:report",
    content="bot.content.tcg",
)
