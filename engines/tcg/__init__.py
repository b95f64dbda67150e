"""The Decipher Lord of the Rings Trading Card Game (spec: ../shared/specs/tcg.md, seed 002)."""
