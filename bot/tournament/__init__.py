"""Race Against the Shadow tournaments in the bot: the tables, the match games and clocks, the timers."""
