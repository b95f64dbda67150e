"""A three-scenario LCG campaign played through the console, and the two transcripts that replay it.

`play_campaign` drives a real `ConsoleSession` (real Service, real SQLite file) line by line: the campaign verbs
are scripted, and inside each scenario the autoplay policy (tests/engines/lcg/autoplay.py) answers every
decision while a few scripted adjustments, typed like any player's (`damage`, `progress`, `move`, `claim`),
make the story go as the test needs: Thalin is killed in the first scenario, and at each planning phase the
table is cleared and the quest given its progress, so each scenario is won within a few rounds.

The lines typed are written as two transcripts, cut between scenario 1 and scenario 2 so a replay can restart
the bot there; `python -m bot play --script` replays each, on one database file, with the same `--seed`.

    python -m tests.bot.console.campaign_play --rewrite      # after a rules change
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bot.console.session import ConsoleSession
from bot.content.decks import load_stored_decks
from bot.service import Service
from bot.store.database import Database
from bot.store.migrate import upgrade
from engines import registry
from engines.lcg.state import LcgState
from tests.engines.lcg.autoplay import next_move

SEED = 5
DECKS = ("core-leadership", "core-tactics")
HERE = Path(__file__).resolve().parent / "transcripts"
PARTS = (HERE / "campaign_1_first_scenario.txt", HERE / "campaign_2_after_restart.txt")
# p2's hero who falls in the first scenario. p1 is the first player, so p2's planning opens after the blow
# and its choices already know the hero is gone.
VICTIM = "Thalin"
REPLACEMENT = "Beravor"
MAX_COMMANDS = 600


@dataclass
class Played:
    parts: list[list[str]] = field(default_factory=lambda: [[], []])
    out: list[str] = field(default_factory=list)
    observed: dict[str, object] = field(default_factory=dict)  # facts read from the state for the tests


def clear_the_way(state: LcgState, seat: str, kill: str = "") -> list[str]:
    """The scripted adjustments of one planning phase: a hero killed if asked, enemies slain, locations and
    treacheries cleared, guarded objectives claimed onto a hero of the acting seat (some objectives' own text
    puts them on a hero), and the quest given its progress."""
    lines = []
    bearer = next(c for c in state.player(seat).play.cards
                  if state.card_def(c).type == "hero" and c.name != kill)
    if kill:
        victim = next(c for p in state.players for c in p.play.cards if c.name == kill)
        lines.append(f"damage {victim.uid} +20")
    for player in state.players:
        lines += [f"damage {e.uid} +20" for e in player.engaged.cards]
    for card in state.staging.cards:
        kind = state.card_def(card).type
        if kind == "enemy":
            lines.append(f"damage {card.uid} +20")
        elif kind == "objective":
            lines += [f"move {a.uid} encounter-discard" for a in card.attached]
            lines.append(f"claim {card.uid} {bearer.uid}")
        elif kind in ("location", "treachery"):
            lines.append(f"move {card.uid} encounter-discard")
    if state.quest.cards:
        lines.append(f"progress {state.quest.cards[0].uid} +30")
    return lines


class Driver:
    def __init__(self, db_url: str, out: Callable[[str], None]) -> None:
        self.db_url = db_url
        self.out = out
        self.lines: list[str] = []
        self.session: ConsoleSession | None = None
        self.db: Database | None = None
        self.first: LcgState | None = None  # the scenario's table once setup is over (threat set, decks built)

    async def open(self) -> None:
        """A fresh process: a new database connection, service and session on the same file."""
        registry.load(list(registry.BUILTIN))
        await asyncio.to_thread(upgrade, self.db_url)
        self.db = Database(self.db_url)
        service = Service(self.db, seed_source=lambda: SEED)
        await load_stored_decks(self.db)
        self.session = ConsoleSession(service, self.out)
        await self.session.resume()

    async def close(self) -> None:
        if self.db is not None:
            await self.db.close()

    async def type(self, line: str, refused: bool = False) -> None:
        assert self.session is not None
        errors = self.session.errors
        self.out(f"> {line}")
        await self.session.handle(line)
        if (self.session.errors > errors) != refused:
            raise AssertionError(f"{line!r}: {'accepted' if refused else 'refused'}; see the output")
        self.lines.append(("! " if refused else "") + line)

    async def state(self) -> LcgState:
        assert self.session is not None and self.session.game_id is not None
        state: LcgState = await self.session.service.stored_state(self.session.game_id)
        return state

    async def scenario(self, kill: str = "") -> LcgState:
        """Play the scenario just started until the game is over."""
        assert self.session is not None
        acting, helped = 0, set()
        self.first = None
        for _ in range(MAX_COMMANDS):
            state = await self.state()
            if self.first is None and state.phase != "setup":
                self.first = state
            if state.outcome is not None:
                return state
            move = next_move(state)
            if move is None:
                raise AssertionError(f"the game waits on nobody in round {state.round}")
            seat, command = move
            number = int(seat[1:])
            if number != acting:
                await self.type(f"as {number}")
                acting = number
            if state.phase == "planning" and state.round not in helped:
                helped.add(state.round)
                for line in clear_the_way(state, seat, kill if state.round == 1 else ""):
                    await self.type(line)
                    if (await self.state()).outcome is not None:
                        return await self.state()
                continue
            await self.type(command)
        raise AssertionError(f"no result after {MAX_COMMANDS} commands")


async def play_campaign(db_url: str, out: Callable[[str], None], export_dir: Path) -> Played:
    played = Played()
    driver = Driver(db_url, out)
    await driver.open()
    try:
        await driver.type(f"campaign start core {' '.join(DECKS)}")
        await driver.type("campaign next")
        state = await driver.scenario(kill=VICTIM)
        assert driver.first is not None
        played.observed["threat 1"] = {p.seat: p.threat for p in driver.first.players}
        played.observed["won 1"] = bool(state.outcome and state.outcome.winners)
        await driver.type("campaign earn Mendor's Support to p1", refused=True)  # the apostrophe needs quotes
        await driver.type('campaign earn "Mendor\'s Support" to p1')
        await driver.type('campaign earn "Mendor\'s Support" to p2')
        await driver.type('campaign earn "Ungoliant\'s Swarm"')
        await driver.type("campaign note stage 3B was chosen by the autoplay policy")
        await driver.type("campaign record")
        await driver.type("as 2")
        await driver.type(f"campaign deck {DECKS[1]}", refused=True)  # the fallen hero's deck is refused
        await driver.type(f"campaign hero {VICTIM} {REPLACEMENT}")
        await driver.type(f"campaign export json {export_dir / 'before-restart.json'}")
        played.parts[0] = driver.lines
    finally:
        await driver.close()

    driver = Driver(db_url, out)  # the bot restarts between the scenarios
    await driver.open()
    try:
        await driver.type("campaign open 1")  # a script does not resume the newest campaign; a person's console does
        await driver.type(f"campaign export json {export_dir / 'after-restart.json'}")
        await driver.type("campaign log")
        await driver.type("campaign next")
        state = await driver.scenario()
        first = driver.first
        assert first is not None
        played.observed["threat 2"] = {p.seat: p.threat for p in first.players}
        played.observed["heroes 2"] = {p.seat: sorted(c.name for c in p.play.cards if first.card_def(c).type == "hero")
                                       for p in first.players}
        played.observed["boons 2"] = {p.seat: sorted(c.name for c in (*p.deck.cards, *p.hand.cards)
                                                    if c.name == "Mendor's Support") for p in first.players}
        played.observed["encounter 2"] = sorted(
            c.name for z in (first.encounter_deck, first.staging, first.encounter_discard,
                             *(p.engaged for p in first.players))
            for c in z.cards if c.name == "Ungoliant's Swarm")
        played.observed["won 2"] = bool(state.outcome and state.outcome.winners)
        await driver.type("campaign earn Valor to Aragorn")
        await driver.type("campaign record")
        await driver.type("campaign next")
        state = await driver.scenario()
        assert driver.first is not None
        played.observed["valor 3"] = sorted(f"{h.name}: {a.name}" for p in driver.first.players
                                            for h in p.play.cards for a in h.attached)
        played.observed["won 3"] = bool(state.outcome and state.outcome.winners)
        await driver.type("campaign record")
        await driver.type(f"campaign export json {export_dir / 'final.json'}")
        await driver.type(f"campaign export md {export_dir / 'final.md'}")
        await driver.type(f"campaign import {export_dir / 'final.json'}")
        await driver.type(f"campaign export json {export_dir / 'imported.json'}")
        played.parts[1] = driver.lines
    finally:
        await driver.close()
    return played


HEADER = """\
# A three-scenario LCG campaign through the console, part {n} of 2 (tests/bot/console/campaign_play.py).
# Replayed by tests/bot/console/test_campaign_console.py with --seed {seed}, both parts on one database file,
# the bot restarted between them. Written by: python -m tests.bot.console.campaign_play --rewrite
# Exports go to the folder the EXPORTS placeholder names; the test puts its own there.
"""


def transcript(lines: list[str], n: int, export_dir: Path) -> str:
    body = [line.replace(str(export_dir), "EXPORTS") for line in lines]
    return HEADER.format(n=n, seed=SEED) + "\n" + "\n".join(body) + "\n"


def main(argv: list[str] | None = None) -> int:
    import tempfile

    parser = argparse.ArgumentParser(prog="python -m tests.bot.console.campaign_play")
    parser.add_argument("--rewrite", action="store_true", help="write the two transcripts again")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        exports = Path(folder)
        played = asyncio.run(play_campaign(f"sqlite+aiosqlite:///{exports / 'campaign.db'}", lambda _: None,
                                           exports))
        for n, (path, lines) in enumerate(zip(PARTS, played.parts, strict=True), start=1):
            if args.rewrite:
                path.write_text(transcript(lines, n, exports), encoding="utf-8")
            print(f"{path.name}: {len(lines)} lines")
        print(played.observed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
