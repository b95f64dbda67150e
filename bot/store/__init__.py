"""Persistence: sqlmodel tables, the async database handle and migrations."""
