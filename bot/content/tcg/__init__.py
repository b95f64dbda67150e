"""Decipher TCG content: the GEMP card importer (facts only)."""
