"""War of the Ring: The Card Game content: the importer from the community data to a facts-only pack."""
