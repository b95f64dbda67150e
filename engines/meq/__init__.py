"""Middle-earth Quest (spec: ../shared/specs/meq.md, seed 004)."""
