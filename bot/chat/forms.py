"""A decision's form as Discord shows it (a modal: words, text boxes and menus, each field under its label), and
what a sent form held, read from the interaction's own data (bot/service/forms.py says what a form asks and how
it reads).

A form is shown once and forgotten: what it sends is read by its custom_id, as a decision button is, by the
bot's listener (bot/chat/components.py `form_sent`), so a form left open across a restart still answers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import discord

from bot.service.forms import Field, Form


def modal_of(custom_id: str, form: Form) -> discord.ui.Modal:
    modal = discord.ui.Modal(title=form.title, custom_id=custom_id, timeout=None)
    if form.words:
        modal.add_item(discord.ui.TextDisplay(form.words))
    for field in form.fields:
        modal.add_item(discord.ui.Label(text=field.label, description=field.hint or None, component=_control(field)))
    return modal


def _control(field: Field) -> discord.ui.Item[Any]:
    if field.text is not None:
        return discord.ui.TextInput(
            custom_id=field.id, default=field.text, required=field.required,
            style=discord.TextStyle.paragraph if field.lines else discord.TextStyle.short,
        )
    return discord.ui.Select(
        custom_id=field.id, required=field.required, min_values=1 if field.required else 0, max_values=field.most,
        options=[discord.SelectOption(label=label, value=value, default=value in field.chosen)
                 for value, label in field.choices],
    )


def sent(data: Mapping[str, Any]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each field of a sent form (a modal submit's data) with what it held: a text box's text, a menu's values."""
    return tuple(_fields(data.get("components") or ()))


def _fields(components: Iterable[Any]) -> Iterable[tuple[str, tuple[str, ...]]]:
    for component in components:
        if not isinstance(component, Mapping):
            continue
        inner = component.get("component")  # a label's field
        if isinstance(inner, Mapping):
            yield from _fields([inner])
        yield from _fields(component.get("components") or ())  # an action row's
        custom_id = component.get("custom_id")
        if not isinstance(custom_id, str):
            continue
        if "values" in component:
            yield custom_id, tuple(str(v) for v in component.get("values") or ())
        elif "value" in component:
            yield custom_id, (str(component.get("value") or ""),)
