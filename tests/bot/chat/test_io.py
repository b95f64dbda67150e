"""Posting to a game's table (bot/chat/io.py): a post over Discord's 2,000 characters used to be clipped to its
newest lines, so the end of a TCG game, which reveals every shuffle (about 480 characters each), lost its first
lines in a four-player game. It goes as several posts now, split between lines, the image and buttons on the last."""

from __future__ import annotations

from typing import Any

from bot.chat import io


class Table:
    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    async def send(self, content: str, **kwargs: Any) -> str:
        self.sent.append((content, kwargs))
        return f"message {len(self.sent)}"


def test_pieces_split_between_lines_and_keep_every_line() -> None:
    lines = [f"p{i % 4 + 1}'s draw deck: " + "7_248," * 80 for i in range(6)]  # 6 lines of about 500 characters
    text = "\n".join(lines)
    pieces = io.pieces(text)
    assert len(pieces) == 2 and all(len(p) <= 2000 for p in pieces)
    assert "\n".join(pieces) == text
    assert io.pieces("short") == ["short"] and io.pieces("") == [""]
    assert io.pieces("x" * 2500) == ["…\n" + "x" * 1998]  # one line longer than a post: clipped as before


async def test_a_long_post_goes_as_several_with_the_image_on_the_last() -> None:
    table = Table()
    text = "\n".join(["The game is over: p2 wins.", *("r" * 900 for _ in range(4))])
    message = await io.post(table, text, file="board.png")  # type: ignore[arg-type]
    assert message == "message 2"
    r = "r" * 900
    assert [c for c, _ in table.sent] == [f"The game is over: p2 wins.\n{r}\n{r}", f"{r}\n{r}"]
    assert [k for _, k in table.sent] == [{}, {"file": "board.png"}]
