"""One registration per game (bot/plugins.py): a module here defining `PLUGIN` is a game the bot offers."""
