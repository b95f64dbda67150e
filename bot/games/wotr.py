"""War of the Ring: The Card Game."""

from bot.plugins import Plugin

PLUGIN = Plugin(
    name="wotr",
    engine="engines.wotr",
    renderer="render.wotr",
    discord="bot.chat.wotr_cog",
    console="bot.console.wotr_verbs",
    coverage="bot.content.wotr.coverage:report",
    content="bot.content.wotr",
)
