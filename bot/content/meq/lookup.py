"""What `/meq card` and the console's `meq card` answer: a card's facts from the pack, and its words only when
the user imported them from their own copy (bot.content.meq.words). Pure of Discord, so both adapters share it."""

from __future__ import annotations

from pathlib import Path

from bot.content.errors import ContentError
from bot.content.meq.words import fold, load_words, tables
from engines.meq.cards import Index, index


def card_facts(name: str, words: dict[str, str] | None = None, idx: Index | None = None) -> list[str]:
    """Every definition called `name` (or containing it; accents aside, so 'Thalin' finds Thálin): its facts,
    then its words when `words` has them."""
    wanted = fold(name)
    exact, near = [], []
    for kind, table in tables(idx or index()).items():
        for key, card in table.items():
            title = str(getattr(card, "name", key))
            facts = {f: v for f, v in vars(card).items() if f not in ("name", "id") and v not in ("", 0, (), None)}
            line = f"**{title}** ({kind}, `{key}`): " + "; ".join(f"{f} {v}" for f, v in facts.items())
            if words and key in words:
                line += "\n" + "\n".join(f"> {part}" for part in words[key].splitlines() if part.strip())
            if fold(title) == wanted or key == name.strip():
                exact.append(line)
            elif wanted and wanted in fold(title):
                near.append(line)
    return exact or near


def lookup(name: str, path: Path | None = None) -> list[str]:
    """`card_facts` with the user's stored words; a words file that cannot be read costs the words, not the
    facts, and the answer says so."""
    try:
        words = load_words(path)
    except ContentError as error:
        found = card_facts(name)
        return [*found, f"(Your card words were not shown: {error})"] if found else found
    return card_facts(name, words)
