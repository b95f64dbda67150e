"""The Lord of the Rings: The Card Game, with its campaign mode and Race Against the Shadow tournaments."""

from bot.plugins import Plugin

PLUGIN = Plugin(
    name="lcg",
    engine="engines.lcg",
    renderer="render.lcg",
    discord="bot.chat.lcg_cog",
    console="bot.console.lcg_verbs",
    coverage="bot.content.lcg.coverage:report",
    content="bot.content.lcg",
)
