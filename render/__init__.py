"""Views -> PNG bytes. A shared drawing kit (`kit`), a renderer that draws any game's View (`generic`),
and a registry that picks a game's own renderer when it has one (`registry`). Imports PIL and the
engines' view types only: never Discord, never the database (DESIGN.md, layers)."""
