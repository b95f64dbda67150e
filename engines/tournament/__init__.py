"""Race Against the Shadow tournaments (C 15.3; spec 8): teams, Swiss rounds, match scoring, standings.

Pure like every engine: plain data in, new plain data out, no clock and no I/O. The tournament's random
generator (round 1's draw, who plays first) lives in its state.
"""

from engines.tournament.model import Match, Player, Result, Round, Team, Tournament

__all__ = ["Match", "Player", "Result", "Round", "Team", "Tournament"]
