"""Decision buttons, menus and form buttons, and undo consent buttons, as DynamicItems: their custom_id carries
the game and decision ids, so they keep working after a restart (registered once in setup_hook). A form (a
modal) sent is read by its custom_id too (`form_sent`, a listener registered beside them).

A decision's custom_id also carries its stamp (`:h<stamp>`, bot/service/asked.py), so a button or menu
posted for decision 2 does not answer another decision 2 asked after an undo: the service refuses it as
stale. Buttons and menus posted before stamps (no `:h` part) keep working as they always did: they answer
the decision open under their number, as typing `answer <number> <option>` would."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any, cast

import discord

from bot.chat import io
from bot.chat.forms import modal_of, sent
from bot.chat.host import Host, host_of
from bot.chat.players import drawn, names_of, option_label, said
from bot.chat.refusals import refusal
from bot.service import forms
from bot.service.asked import STAMP, Pressed, option_key, stamp
from bot.service.types import ActResult, DeadlineAsk
from engines.core import NONE, Decision, DecisionKind, WestmarchError
from render.players import in_words

ROWS = 5  # a message's rows of components
BUTTON_LIMIT = 25  # 5 rows of 5
MENU_LIMIT = forms.MENU  # options in one menu
CUSTOM_ID_LIMIT = 100  # Discord's longest custom_id, and longest menu option value
# Any option id the engines make ("move:fornost", "shadow:c312", "tok|c147", "c12>c40"): ids never hold a space,
# since an answer is words. It ends the custom_id, so the parts before it are read unambiguously.
OPTION_ID = r"\S+"


def _bot(interaction: discord.Interaction) -> Host:
    return host_of(interaction)


async def answer(interaction: discord.Interaction, game_id: int, pressed: Pressed) -> None:
    """A button or menu was used: the same path as typing the command, the decision checked to be the one the
    button was posted for."""
    bot = _bot(interaction)
    await io.defer(interaction, ephemeral=True)
    typed = " ".join(["answer", str(pressed.decision), *(pressed.picks or (NONE,))])  # as the service works it out
    try:
        result = await bot.service.act(
            game_id, bot.user_of(interaction), typed, at=interaction.created_at, pressed=pressed
        )
    except WestmarchError as exc:
        await io.reply(interaction, await refusal(bot, interaction, exc, game_id), ephemeral=True)
        return
    await reply_done(bot, interaction, game_id, result)


def _asked(game: int, decision: int, stamped: str | None) -> str:
    """The start of a decision's custom_id: its game, its number and (new buttons) its stamp."""
    return f"wm:g{game}:d{decision}" + (f":h{stamped}" if stamped is not None else "")


ASKED = rf"wm:g(?P<game>\d+):d(?P<decision>\d+)(?::h(?P<stamp>{STAMP}))?"
STAMPED = rf"wm:g(?P<game>\d+):d(?P<decision>\d+):h(?P<stamp>{STAMP})"  # a form's: always stamped


class DecisionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{ASKED}:(?:o(?P<option>{OPTION_ID})|i(?P<index>\d+)|k(?P<key>{STAMP}))",
):
    """One option of a decision: its id (`:o<id>`), or, when the id does not fit in a custom_id, a digest of it
    (`:k<key>`, bot/service/asked.py `option_key`). Buttons posted before keys name such an option by its place
    among the decision's options (`:i<index>`), which their stamp pins."""

    def __init__(
        self,
        game: int,
        decision: int,
        option: str | None,
        label: str = "?",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        stamped: str | None = None,
        index: int | None = None,
    ) -> None:
        head = _asked(game, decision, stamped)
        if option is None:  # by place: only from a custom id posted before keys (the tests make one so)
            custom_id, self.pick = f"{head}:i{index}", f"#{index}"
        elif option.startswith("~"):  # by key
            custom_id, self.pick = f"{head}:k{option[1:]}", option
        else:
            custom_id, self.pick = f"{head}:o{option}", option  # self.pick: what bot/service/asked.py reads
        super().__init__(discord.ui.Button(label=label[:80], style=style, custom_id=custom_id))
        self.game, self.decision, self.stamped = game, decision, stamped

    @classmethod
    def of(
        cls, game: int, decision: Decision, index: int, style: discord.ButtonStyle = discord.ButtonStyle.primary,
        whose: str | None = None, names: Mapping[str, str] | None = None,
    ) -> DecisionButton:
        """The button of the decision's option `index`, by id where the id fits; `whose`: the player it is for,
        before its label, where one post asks several players; `names`: the game's players, who its label names."""
        option, stamped = decision.options[index], stamp(decision)
        label = _whose(whose, option_label(option.label, names or {}))
        fits = len(f"{_asked(game, decision.id, stamped)}:o{option.id}") <= CUSTOM_ID_LIMIT
        if fits and re.fullmatch(OPTION_ID, option.id):
            return cls(game, decision.id, option.id, label, style, stamped)
        return cls(game, decision.id, option_key(option.id), label, style, stamped)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DecisionButton:
        label = item.label if isinstance(item, discord.ui.Button) else None
        index = int(match["index"]) if match["index"] is not None else None
        game, decision = int(match["game"]), int(match["decision"])
        option = f"~{match['key']}" if match["key"] is not None else match["option"]
        return cls(game, decision, option, label or "?", stamped=match["stamp"], index=index)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await _bot(interaction).admit(interaction)  # the per-user rate limit, as for slash commands

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.game, Pressed(self.decision, self.stamped, (self.pick,)))


class DecisionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"{ASKED}:m(?P<part>\d*)"):
    """A menu for choose-many decisions, for choices with more options than buttons fit, and for a number from a
    short range. A choice with more options than one menu holds has several (`:m`, `:m1`, `:m2`...), each of them
    an answer: its values are the options' ids, or their places among all the decision's options."""

    def __init__(
        self, game: int, decision: int, select: discord.ui.Select[Any] | None = None, stamped: str | None = None
    ) -> None:
        super().__init__(select or discord.ui.Select(custom_id=f"{_asked(game, decision, stamped)}:m"))
        self.game, self.decision, self.stamped = game, decision, stamped

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DecisionSelect:
        select = item if isinstance(item, discord.ui.Select) else None
        return cls(int(match["game"]), int(match["decision"]), select, stamped=match["stamp"])

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await _bot(interaction).admit(interaction)  # the per-user rate limit, as for slash commands

    async def callback(self, interaction: discord.Interaction) -> None:
        # Nothing chosen, where the decision takes that (a choose-many with a minimum of 0): answered with none.
        await answer(interaction, self.game, Pressed(self.decision, self.stamped, tuple(self.item.values)))


class DecisionForm(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"{STAMPED}:f"):
    """A button opening a decision's form (a modal, bot/chat/forms.py): an order, a number from a long range, a
    share-out, or a choice among more options than a post's menus hold. It first checks, as the answer will be
    checked, that the decision is open as posted and the presser's to answer, so nobody fills in a form to be
    refused, and a form shows the options to their seat alone. The form carries the button's custom_id."""

    def __init__(self, game: int, decision: int, stamped: str, label: str = "Answer…") -> None:
        custom_id = f"{_asked(game, decision, stamped)}:f"
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.primary, custom_id=custom_id))
        self.game, self.decision, self.stamped = game, decision, stamped

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DecisionForm:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(int(match["game"]), int(match["decision"]), match["stamp"], label or "Answer…")

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await _bot(interaction).admit(interaction)  # the per-user rate limit, as for slash commands

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
        try:
            decision = await bot.service.form_opened(
                self.game, bot.user_of(interaction), Pressed(self.decision, self.stamped)
            )
        except WestmarchError as exc:
            await io.reply(interaction, await refusal(bot, interaction, exc, self.game), ephemeral=True)
            return
        form = forms.form_of(decision)
        if form is None:  # the stamp pins the decision this button was made for, which has a form
            await io.reply(interaction, f"Decision {decision.id} has no form: type its answer.", ephemeral=True)
            return
        await io.show_form(interaction, modal_of(self.custom_id, form))


FORM = re.compile(rf"{STAMPED}:f")


async def form_sent(interaction: discord.Interaction) -> None:
    """A decision's form was sent: answered as its button's decision, by the same path as typing the answer. Read
    from the interaction by its custom_id (a listener of every interaction), so a form shown before a restart
    still answers after it."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return
    data = cast(Mapping[str, Any], interaction.data or {})
    match = FORM.fullmatch(str(data.get("custom_id", "")))
    if match is None or not await _bot(interaction).admit(interaction):
        return
    pressed = Pressed(int(match["decision"]), match["stamp"], form=sent(data))
    await answer(interaction, int(match["game"]), pressed)


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"wm:g(?P<game>\d+):u(?P<request>\d+):(?P<vote>[yn])"
):
    def __init__(self, game: int, request: int, vote: str) -> None:
        agree = vote == "y"
        super().__init__(
            discord.ui.Button(
                label="Agree to undo" if agree else "Refuse",
                style=discord.ButtonStyle.success if agree else discord.ButtonStyle.danger,
                custom_id=f"wm:g{game}:u{request}:{vote}",
            )
        )
        self.game, self.request, self.vote = game, request, vote

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> UndoButton:
        return cls(int(match["game"]), int(match["request"]), match["vote"])

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await _bot(interaction).admit(interaction)  # the per-user rate limit, as for slash commands

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
        await io.defer(interaction, ephemeral=True)
        try:
            message = await bot.service.consent_undo(
                self.game, bot.user_of(interaction), self.request, self.vote == "y"
            )
        except WestmarchError as exc:
            message = await refusal(bot, interaction, exc, self.game)
        await io.reply(interaction, message, ephemeral=True)


class DeadlineButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"wm:g(?P<game>\d+):w(?P<wait>\d+):(?P<action>extend|skip|auto)",
):
    """What the table does about a passed deadline. The wait id names one wait: a later wait on the same
    seat is a new row with a new id, so an old button cannot act on it. Who may press is the service's to
    say (the host, or a majority of the other seats)."""

    LABELS = {"extend": "Extend", "skip": "Skip", "auto": "Automatic seat"}  # noqa: RUF012

    def __init__(self, game: int, wait: int, action: str, label: str | None = None) -> None:
        style = discord.ButtonStyle.success if action == "extend" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=(label or self.LABELS[action])[:80], style=style, custom_id=f"wm:g{game}:w{wait}:{action}"
            )
        )
        self.game, self.wait, self.action = game, wait, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DeadlineButton:
        return cls(int(match["game"]), int(match["wait"]), match["action"])

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await _bot(interaction).admit(interaction)  # the per-user rate limit, as for slash commands

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
        await io.defer(interaction, ephemeral=True)
        try:
            message = await bot.service.tempo.decide(self.game, bot.user_of(interaction), self.wait, self.action)
        except WestmarchError as exc:
            message = await refusal(bot, interaction, exc, self.game)
        await io.reply(interaction, message, ephemeral=True)


def deadline_view(game_id: int, ask: DeadlineAsk) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(DeadlineButton(game_id, ask.wait_id, "extend", f"Extend {ask.extend_days} day(s)"))
    view.add_item(DeadlineButton(game_id, ask.wait_id, "skip", f"Skip {ask.name}'s decision"))
    if ask.allow_auto:
        view.add_item(DeadlineButton(game_id, ask.wait_id, "auto"))
    return view


async def reply_done(bot: Host, interaction: discord.Interaction, game_id: int, result: ActResult) -> None:
    """What a player reads after their move, only for them: what was done, what happened, and at once what
    they are asked next, with its buttons (issue 16), so nobody types a command to find their next choice."""
    players = names_of(result.seats)
    lines = [f"Done: `{result.command}`", *said(result.lines, players)]
    mine: list[Decision] = []
    try:
        _, view = await bot.service.view(game_id, bot.user_of(interaction))
        mine = [d for d in view.decisions if d.seat == result.seat]
    except WestmarchError:  # the game ended or went out of reach meanwhile: the move itself is done
        pass
    lines += [f"Next, decision {d.id}: {in_words(asking(d), players)}" for d in mine]
    buttons = decision_view(game_id, mine, players)
    await io.reply(interaction, "\n".join(lines), ephemeral=True, **({"view": buttons} if buttons else {}))


Layout = list[list[discord.ui.Item[Any]]]  # rows of components


def decision_view(
    game_id: int, decisions: list[Decision], names: Mapping[str, str] | None = None
) -> discord.ui.View | None:
    """Buttons, menus or a form's button for each decision that fits, each decision from a row of its own; None
    when nothing fits. Where the decisions are several seats' (each seat's vote, or deck, in the thread), every
    button and menu says whose it is, by the seat's player in `names` ('alice: p2'), since the same buttons
    stand once for each."""
    view = discord.ui.View(timeout=None)
    several = len({d.seat for d in decisions}) > 1
    row = 0
    for d in decisions:
        whose = drawn((names or {}).get(d.seat, d.seat)) if several else None
        for layout in _layouts(game_id, d, whose, names or {}):
            if row + len(layout) <= ROWS:
                for offset, items in enumerate(layout):
                    for item in items:
                        item.row = row + offset
                        view.add_item(item)
                row += len(layout)
                break
    return view if view.children else None


def _layouts(game_id: int, d: Decision, whose: str | None = None, names: Mapping[str, str] | None = None,
             ) -> Iterator[Layout]:
    """The ways to show decision `d`, best first, each as its rows of components: a button per option; one menu
    (with a 'Choose none' button where none is an answer); a menu for each 25 (a choice of one); a button opening
    its form (any other choice of more than 25)."""
    kind, count = d.kind, len(d.options)
    one = kind in (DecisionKind.CHOOSE_ONE, DecisionKind.ACT_OR_PASS)
    if one and 0 < count <= BUTTON_LIMIT:
        buttons: list[discord.ui.Item[Any]] = [
            DecisionButton.of(game_id, d, i, _style(o.id), whose, names) for i, o in enumerate(d.options)
        ]
        yield [buttons[i : i + 5] for i in range(0, count, 5)]
    if (one or kind is DecisionKind.CHOOSE_MANY) and 0 < count <= MENU_LIMIT:
        if kind is DecisionKind.CHOOSE_MANY and d.low <= 0:
            # An empty menu answers too, but a player may not think to send one: say it with a button.
            label = _whose(whose, "Choose none")
            none = DecisionButton(game_id, d.id, NONE, label, discord.ButtonStyle.secondary, stamp(d))
            yield [[_menu(game_id, d, range(count), whose, names=names)], [none]]
        yield [[_menu(game_id, d, range(count), whose, names=names)]]
    if one and MENU_LIMIT < count <= forms.LONGEST:  # each menu an answer: one pick answers a choice of one
        yield [[_menu(game_id, d, range(start, min(start + MENU_LIMIT, count)), whose, part, names)]
               for part, start in enumerate(range(0, count, MENU_LIMIT))]
    if kind is DecisionKind.NUMBER and 0 < d.high - d.low + 1 <= MENU_LIMIT:
        yield [[_number_menu(game_id, d, whose)]]
    if forms.form_of(d) is not None:
        yield [[DecisionForm(game_id, d.id, stamp(d), _whose(whose, _form_label(d)))]]


def _style(option_id: str) -> discord.ButtonStyle:
    return discord.ButtonStyle.secondary if option_id == "pass" else discord.ButtonStyle.primary


def _whose(whose: str | None, label: str) -> str:
    return f"{whose}: {label}" if whose else label


def _menu(game_id: int, d: Decision, places: range, whose: str | None, part: int = 0,
          names: Mapping[str, str] | None = None) -> DecisionSelect:
    """A menu of the decision's options at `places`: all of them, or part `part` of a long choice of one; `names`:
    the game's players, who its labels name."""
    count, many = len(d.options), d.kind is DecisionKind.CHOOSE_MANY
    low = d.low if many else 1
    high = min(d.high, count) if many else 1
    if len(places) < count:
        placeholder = f"Options {places[0] + 1} to {places[-1] + 1} of {count}: {d.prompt}"
    else:
        placeholder = f"Up to {high}, or none: {d.prompt}" if many and low <= 0 else d.prompt
    stamped = stamp(d)
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=f"{_asked(game_id, d.id, stamped)}:m{part or ''}",
        placeholder=_whose(whose, placeholder)[:150],
        min_values=max(low, 0),
        max_values=max(high, 1),
        options=[discord.SelectOption(label=option_label(d.options[i].label, names or {})[:100],
                                      value=menu_value(d.options[i].id))
                 for i in places],
    )
    return DecisionSelect(game_id, d.id, select, stamped)


def _number_menu(game_id: int, d: Decision, whose: str | None) -> DecisionSelect:
    """A number from a short range, picked from a menu (a longer range is typed in the decision's form)."""
    stamped = stamp(d)
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=f"{_asked(game_id, d.id, stamped)}:m",
        placeholder=_whose(whose, d.prompt)[:150],
        options=[discord.SelectOption(label=str(n), value=str(n)) for n in range(d.low, d.high + 1)],
    )
    return DecisionSelect(game_id, d.id, select, stamped)


def _form_label(d: Decision) -> str:
    """What a form's button says it asks."""
    if d.kind is DecisionKind.ORDER:
        return f"Put {len(d.options)} in order…"
    if d.kind is DecisionKind.NUMBER:
        return f"Choose a number, {d.low} to {d.high}…"
    if d.kind is DecisionKind.ASSIGN:
        return f"Share out {d.amount}…"
    return f"Choose from all {len(d.options)}…"


def asking(decision: Decision) -> str:
    """A decision's prompt as a player reads it, saying when choosing nothing is an answer."""
    if decision.kind is DecisionKind.CHOOSE_MANY and decision.low <= 0 and decision.options:
        return f"{decision.prompt} (choose up to {min(decision.high, len(decision.options))}, or none)"
    return decision.prompt


def menu_value(option_id: str) -> str:
    """A menu option's value: the option id, or a digest of it (`~<key>`, bot/service/asked.py) for an id longer
    than Discord takes."""
    return option_id if len(option_id) <= CUSTOM_ID_LIMIT else option_key(option_id)


def undo_view(game_id: int, request_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(UndoButton(game_id, request_id, "y"))
    view.add_item(UndoButton(game_id, request_id, "n"))
    return view
