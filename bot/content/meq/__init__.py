"""Middle-earth Quest content: importers from the community data to facts-only packs."""
