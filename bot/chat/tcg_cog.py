"""`/tcg`: the Decipher TCG's own verbs (act from one's own options, standing orders, adjust for unscripted
text) and its reference (card facts, deck check). Every move is a text command through `service.act`, exactly
as typed in `/game act`; hands reach each player by DM only (the service's private views, spec 1.3).

Standing orders are what make an action procedure cheap by post: a player says in advance which windows to
pass and when the Ring-bearer puts the Ring on. They are kept by the kernel (`order <key> <value>`) and apply
whatever the hand holds, so none of them tells the table anything about a hand."""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.chat import io
from bot.chat.components import reply_done
from bot.chat.game_verbs import MAX_CHOICES, MAX_TEXT, GameVerbs, choice, fold
from bot.service import ServiceError
from engines.core import CommandError
from engines.core.orders import KERNEL_ORDERS
from engines.tcg import GAME
from engines.tcg.cards import CHARACTERS, SITE_TYPE, CardDef
from engines.tcg.decks import Deck, builtin_decks, parse
from engines.tcg.game import ADJUST
from engines.tcg.view import TcgView

if TYPE_CHECKING:
    from bot.chat.host import Host

MAX_CARDS = 5
ADJUST_HELP = ("wound <card> +1 | burden +1 | threat -1 | twilight +2 | strength <card> +2 (this skirmish or phase) | "
               "discard <card> (from play) | draw 1")
ORDER_HELP = {
    "shadow": "your own Shadow phase: ask you, or end it at once",
    "maneuver": "the maneuver action window (auto: asked unless the table can see you have nothing to use)",
    "archery": "the archery action window (auto, as for maneuver)",
    "skirmish": "every skirmish action window (auto: as for maneuver, and a Shadow player only in skirmishes "
                "with his minions and while the pool pays for one of his list's skirmish events)",
    "regroup": "the regroup action window (auto, as for maneuver)",
    "ring": "before a skirmish wound to your Ring-bearer: ask, always put The One Ring on, or never",
    "respond": "before a wound to a companion, when a response of your deck could answer it (Intimidate with "
               "Gandalf spotted): ask, or never",
    "forced": "a decision with one answer the whole table can see: answered by itself, or ask you",
}
NO_LEAK = ("No standing order depends on what your hand holds: each applies whatever you hold, so passing by order "
           "tells nobody anything. `auto` reads only what the table sees: your cards in play, your hand's size, "
           "a built-in deck's published list, the twilight pool and who is in the skirmish. Set one with "
           "`/tcg orders key:<window> value:<auto|ask|pass>`.")
ENTRY = re.compile(r"\d+\s*x\s*\d+_\d+", re.IGNORECASE)


def orders_allowed() -> dict[str, tuple[str, ...]]:
    return {**GAME.standing_orders, **KERNEL_ORDERS}


def orders_text(view: TcgView) -> str:
    """The caller's standing orders, each with its values and what it governs, and the no-leak sentence."""
    mine = next((p.orders for p in view.players if p.seat == view.seat), {})
    lines = [f"Your standing orders in game as {view.seat}:"]
    for key, values in orders_allowed().items():
        current = mine.get(key, values[0])
        default = " (default)" if key not in mine else ""
        lines.append(f"`{key}` = **{current}**{default} ({' | '.join(values)}): {ORDER_HELP.get(key, '')}")
    lines.append(NO_LEAK)
    return "\n".join(lines)


def card_facts(card: CardDef) -> str:
    """A card's printed facts in one line: what the pack holds (never its text)."""
    parts = [f"**{card.name}** ({card.id}{', unique' if card.unique else ''}): "
             + " ".join(w for w in (card.culture, card.type) if w)]
    if card.type == SITE_TYPE:
        parts.append(f"site {card.site}, Shadow number {card.twilight}" + (f", arrow {card.direction}"
                                                                           if card.direction else ""))
    else:
        parts.append(f"twilight cost {card.twilight}")
    if card.type in CHARACTERS:
        parts.append(f"strength {card.strength}, vitality {card.vitality}")
        if card.resistance:
            parts.append(f"resistance {card.resistance}")
        if card.site:
            parts.append(f"site number {card.site}")
    elif card.strength or card.vitality:
        parts.append(f"strength {card.strength:+d}, vitality {card.vitality:+d} to the bearer")
    for label, value in (("race", card.race), ("class", card.item_class), ("signet", card.signet),
                         ("keywords", ", ".join(card.keywords)), ("phases", ", ".join(card.phases))):
        if value:
            parts.append(f"{label} {value}")
    if card.ring_bearer:
        parts.append("may be the Ring-bearer")
    parts.append("has game text (see the card itself; unscripted text is resolved with /tcg adjust)"
                 if card.has_text else "no game text")
    return "; ".join(parts) + "."


def find_cards(text: str) -> list[CardDef]:
    """By id (what autocomplete sends), else by exact name or title, else by part of a name."""
    text = text.strip()
    cards = GAME.cards
    if text in cards:
        return [cards[text]]
    wanted = fold(text)
    exact = [c for c in cards.values() if fold(c.name) == wanted or fold(c.title) == wanted]
    if exact:
        return exact
    return sorted((c for c in cards.values() if wanted and wanted in fold(c.name)), key=lambda c: c.name)


def deck_text(pasted: str) -> str:
    """A pasted deck as the engine's parser reads it. A slash command's text arrives on one line, so
    `NxSET_NUM` entries separated by spaces or commas are put back on lines of their own."""
    text = pasted.strip()
    if "|" in text or "\n" in text:
        return text
    entries = ENTRY.findall(text)
    rest = ENTRY.sub(" ", text).replace(",", " ").strip()
    if rest:  # something that is not an entry: let the parser name it on a line of its own
        return "\n".join([*entries, *rest.split()])
    return "\n".join(entries)


def gemp_string(deck: Deck) -> str:
    """The checked deck in GEMP's one-word form, fit for `/game new ... options:deck_p1=<it>`."""
    sites = ",".join(deck.sites[n] for n in sorted(deck.sites))
    return f"{deck.ring_bearer}|{deck.ring}|{sites}|{','.join([*deck.starting, *deck.draw])}"


def deck_report(deck: Deck) -> str:
    kinds = Counter(GAME.cards[c].type for c in deck.draw)
    sides = Counter(GAME.cards[c].side for c in deck.draw)
    lines = [f"The deck is valid: Ring-bearer {GAME.cards[deck.ring_bearer].name}, {GAME.cards[deck.ring].name}, "
             f"sites 1 to 9 ({', '.join(GAME.cards[deck.sites[n]].title for n in sorted(deck.sites))}).",
             f"Draw deck: {len(deck.draw)} cards, {sides.get('fp', 0)} Free Peoples and {sides.get('shadow', 0)} "
             "Shadow (" + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())) + ")."]
    return "\n".join(lines)


class TcgCog(GameVerbs):
    tcg = app_commands.Group(name="tcg", description="The Lord of the Rings Trading Card Game (Decipher)")
    game = GAME

    # --- play ----------------------------------------------------------------------------------
    @tcg.command(name="act", description="Take one of your options: play a card, heal, pass, move, the Ring...")
    @app_commands.describe(option="One of your open options (start typing: a card name, 'pass', 'move'...)")
    async def act(self, interaction: discord.Interaction, option: str, game: int | None = None) -> None:
        await io.defer(interaction, ephemeral=True)
        game_id, result = await self.take(interaction, game, option)
        await reply_done(self.bot, interaction, game_id, result)

    @act.autocomplete("option")
    async def _options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The caller's own open options, from the caller's own view only (so never another's hand)."""
        return await self.my_options(interaction, current)

    @tcg.command(name="orders", description="Show your standing orders, or set one (e.g. skirmish pass)")
    @app_commands.describe(key="A window (shadow, maneuver, archery, skirmish, regroup), ring or forced",
                           value="auto, ask or pass for a window; ask, always or never for ring")
    async def orders(self, interaction: discord.Interaction, key: str = "", value: str = "",
                     game: int | None = None) -> None:
        await io.defer(interaction, ephemeral=True)
        game_id = await self.game_id(interaction, game)
        user = self.bot.user_of(interaction)
        if key.strip() and value.strip():
            await self.act_text(interaction, game_id, f"order {key.strip().lower()} {value.strip().lower()}")
        elif key.strip() or value.strip():
            raise CommandError("Give both a key and a value (key:skirmish value:pass), or neither to see your "
                               "orders.")
        _, view = await self.service.view(game_id, user)
        if not isinstance(view, TcgView) or view.seat is None:
            raise ServiceError("You have no seat in this game, so no standing orders.")
        await io.reply(interaction, orders_text(view)[:MAX_TEXT], ephemeral=True)

    @orders.autocomplete("key")
    async def _order_keys(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [choice(f"{k}: {ORDER_HELP.get(k, '')}", k) for k in orders_allowed() if current.lower() in k]

    @orders.autocomplete("value")
    async def _order_values(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        key = str(getattr(interaction.namespace, "key", "") or "").lower()
        values = orders_allowed().get(key) or tuple(dict.fromkeys(v for vs in orders_allowed().values() for v in vs))
        return [choice(v, v) for v in values if current.lower() in v]

    @tcg.command(name="adjust", description="Resolve unscripted card text by hand (announced to the table)")
    @app_commands.describe(command="e.g. 'wound c12 +1', 'burden +1', 'twilight +2'; 'help' lists them")
    async def adjust(self, interaction: discord.Interaction, command: str, game: int | None = None) -> None:
        text = command.strip()
        if text.lower() in ("", "help", "help adjust"):
            await io.reply(interaction, f"Adjustments (card ids like c12 are on the board and in /game hand): "
                                        f"`{ADJUST_HELP}`. Each is announced to the table and can be undone.",
                           ephemeral=True)
            return
        what = text.split()[0].lower()
        if what == "adjust":
            text = text.split(None, 1)[1] if len(text.split()) > 1 else ""
            what = text.split()[0].lower() if text else ""
        if what not in ADJUST:
            raise CommandError(f"'{what}' is not an adjustment. Adjustments: {ADJUST_HELP}.")
        await io.defer(interaction, ephemeral=True)
        game_id = await self.game_id(interaction, game)
        result = await self.act_text(interaction, game_id, f"adjust {text}")
        await reply_done(self.bot, interaction, game_id, result)

    # --- reference -------------------------------------------------------------------------------
    @tcg.command(name="card", description="Look up a card: culture, cost, strength, vitality, site, keywords")
    @app_commands.describe(name="The card's name or id (7_317)")
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        found = find_cards(name)
        if not found:
            raise CommandError(f"No card is called '{name.strip()}'.")
        text = "\n".join(card_facts(c) for c in found[:MAX_CARDS])
        if len(found) > MAX_CARDS:
            text += f"\n…and {len(found) - MAX_CARDS} more whose names contain '{name.strip()}'."
        await io.reply(interaction, text[:MAX_TEXT], ephemeral=True)

    @card.autocomplete("name")
    async def _card_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        wanted = fold(current)
        cards = sorted(GAME.cards.values(), key=lambda c: (fold(c.name), c.id))
        starts = [c for c in cards if fold(c.name).startswith(wanted)]
        inside = [c for c in cards if wanted in fold(c.name) and not fold(c.name).startswith(wanted)]
        return [choice(f"{c.name} ({c.id})", c.id) for c in [*starts, *inside][:MAX_CHOICES]]

    @tcg.command(name="deck", description="Check a deck list (2x7_226 lines or a GEMP deck string) for a game")
    @app_commands.describe(deck="NxSET_NUM entries (spaces or commas between them), or GEMP's ring-bearer|ring|"
                                "sites|cards")
    async def deck(self, interaction: discord.Interaction, deck: str) -> None:
        checked = parse(deck_text(deck), GAME.cards)
        starters = ", ".join(f"`{k}`" for k in builtin_decks())
        text = (f"{deck_report(checked)}\nPlay it by creating the game with "
                f"`/game new name:tcg options:deck_p1={gemp_string(checked)}` (deck_p2 for the second seat, and "
                f"so on). Built-in decks: {starters}.")
        await io.reply(interaction, text if len(text) <= MAX_TEXT else text[:MAX_TEXT - 1] + "…", ephemeral=True)

    @tcg.command(name="decks", description="The built-in starter decks")
    async def decks(self, interaction: discord.Interaction) -> None:
        lines = [f"`{d.key}` **{d.name}**: {sum(int(e.split('x')[0]) for e in d.cards)} cards"
                 for d in builtin_decks().values()]
        lines.append("Seats take the Siege of Gondor starters by default (`options:decks=sog`); `decks=fotr` or "
                     "`decks=mixed` for the others, or `deck_p1=<key or GEMP string>` per seat.")
        await io.reply(interaction, "\n".join(lines)[:MAX_TEXT], ephemeral=True)


async def setup(bot: Host) -> None:
    """The Decipher TCG's plug-in (bot/games/tcg.py)."""
    await bot.add_cog(TcgCog(bot))
