"""Middle-earth Quest: Sauron against one to three heroes, on the map."""

from bot.plugins import Plugin

PLUGIN = Plugin(
    name="meq",
    engine="engines.meq",
    renderer="render.meq",
    discord="bot.chat.meq_cog",
    console="bot.console.meq_verbs",
    coverage="bot.content.meq.coverage:report",
    content="bot.content.meq",
    seat_board=True,  # Sauron's private map shows the token faces (meq spec 1.4); a hero's shows its hand
)
