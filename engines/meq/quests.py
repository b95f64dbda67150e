"""Quests (spec 5.6): each hero's Starting and Advanced Quest and the Encounter Quests, as a registry of what
completes them and what they give, in our own words; no card text is kept.

A quest is completed by the hero holding it: by exploring a named location (the Explore part of Travel, spec
3.2 step 3c), by defeating the foe that replaces the Encounter step at a location, or by any combat with a
named foe. Its reward is a list of queued follow-ups (`fx:<op>:<args>`, engines.meq.effects), run in order so a
choice inside a reward waits for its answer. A completed Starting Quest unlocks the hero's Advanced Quest."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engines.core import Decision, Turn
from engines.meq import effects as fx
from engines.meq import fights, influence, sheet
from engines.meq.cards import index
from engines.meq.flow import answer, ask, moment, task
from engines.meq.state import Hero, MeqState


@dataclass(frozen=True, kw_only=True)
class QuestRule:
    explore: str = ""  # exploring this location completes the quest
    fight_at: str = ""  # on this location the Encounter step becomes a fight with `foe`; a win completes it
    foe: str = ""
    combat: str = ""  # any combat with this foe completes it (won or not)
    start: tuple[str, ...] = ()  # follow-ups when the hero receives the quest (setup, or an Encounter taken)
    reward: tuple[str, ...] = ()  # follow-ups of the reward; "{h}" is the hero's key
    about: str = ""  # a short description for the coverage list


QUESTS: dict[str, QuestRule] = {}


def quest(ref: str, **kw: object) -> None:
    QUESTS[ref] = QuestRule(**kw)  # type: ignore[arg-type]


GANDALF, ARAGORN, BOROMIR, DAIN = "char-gandalf", "char-aragorn", "char-boromir", "char-dain-ii"
SARUMAN, THRANDUIL, DENETHOR = "char-saruman", "char-thranduil", "char-denethor"
TRAIN = "fx:train:{h}"


def favor(n: int) -> str:
    return f"fx:favor:{{h}}:{n}"


def char(who: str, where: str) -> str:
    return f"fx:character:{who}:{where}"


def favor_or_level(attribute: str) -> str:
    return f"fx:favor_or_level:{{h}}:2:{attribute}"


# --- Starting and Advanced Quests (spec 2 step 3e, 5.6) --------------------------------------------------------

quest("quest-beravor-guarding-the-dimrill-stair", explore="the-redhorn-gate",
      reward=(favor(2), TRAIN, char(GANDALF, "bree")), about="explore a pass: favor, training, Gandalf to Bree")
quest("quest-beravor-spies-in-mithlond", fight_at="the-grey-havens", foe="mon-crebain",
      start=(char(GANDALF, "the-grey-havens"),), reward=("fx:item:{h}:item-boat", TRAIN),
      about="birds replace the Encounter at a port: a Boat and training")
quest("quest-beravor-bones-of-a-darkness-past", explore="ruins-of-angmar",
      reward=(favor(2), "fx:level:{h}:agility"), about="explore old ruins: favor and agility")
quest("quest-argalad-they-have-become-queer-and-wild", explore="fangorn",
      reward=(favor(2), TRAIN, char(THRANDUIL, "the-woodland-realm")),
      about="explore a forest: favor, training, Thranduil home")
quest("quest-argalad-the-forest-must-provide-no-refuge", fight_at="south-eaves", foe="mon-orc",
      start=(char(ARAGORN, "south-eaves"),), reward=(TRAIN,), about="an Orc replaces the Encounter: training")
quest("quest-argalad-echoes-of-bolg-s-army", explore="mount-gundabad",
      reward=(favor_or_level("fortitude"), "fx:shadow_random"),
      about="explore a Stronghold: favor or fortitude; Sauron loses a random Shadow card")
quest("quest-eleanor-an-appeal-to-golasgil", explore="anfalas",
      reward=(favor(1), TRAIN, char(BOROMIR, "osgiliath"), "fx:rest_to_life:{h}"),
      about="explore the coast: favor, training, Boromir, the rest pool back")
quest("quest-eleanor-where-the-stars-are-strange", explore="near-harad", combat="minion-black-serpent",
      start=(char(BOROMIR, "near-harad"),), reward=("fx:level:{h}:strength", TRAIN, char(DENETHOR, "minas-tirith")),
      about="explore the south or fight the Serpent: strength, training, Denethor")
quest("quest-eleanor-hidden-in-the-ash-mountains", explore="barad-dur",
      reward=(favor_or_level("agility"), "fx:pool:-1"), about="explore the Dark Tower: favor or agility; Pool -1")
quest("quest-eometh-drive-back-the-evil-men", explore="mouth-of-the-greyflood",
      reward=(favor(2), char(SARUMAN, "isengard")), about="explore a river mouth: favor and Saruman")
quest("quest-eometh-a-message-to-the-white-wizard", fight_at="isengard", foe="mon-agent",
      start=(char(SARUMAN, "isengard"),), reward=(favor(1), TRAIN),
      about="an Agent replaces the Encounter: favor and training")
quest("quest-eometh-hill-of-sorcery", explore="dol-guldur", reward=(favor_or_level("agility"), "fx:plot_or_pool"),
      about="explore a Stronghold: favor or agility; Sauron loses a Plot card or 2 Pool")
quest("quest-th-lin-the-ered-luin", explore="blue-mountains",
      reward=(favor(3), char(DAIN, "erebor"), "fx:rest_to_life:{h}"),
      about="explore the west hills: favor, Dain, the rest pool back")
quest("quest-th-lin-a-new-threat", fight_at="the-northern-waste", foe="mon-snaga",
      start=(char(DAIN, "the-northern-waste"),), reward=(TRAIN,), about="a Snaga replaces the Encounter: training")
quest("quest-th-lin-to-look-into-the-mirrormere", explore="moria", reward=(favor_or_level("wisdom"),),
      about="explore the mines: favor or wisdom")

# --- Encounter Quests (spec 3.2 step 4, 5.6) -------------------------------------------------------------------

quest("enc-quest-isildurs-heir-20", explore="rhun", start=(char(ARAGORN, "rhun"),), reward=(favor(1), TRAIN),
      about="Aragorn in the east; explore there: favor and training")
quest("enc-quest-smoke-on-22", explore="plains-of-gorgoroth", reward=(favor(2), "fx:pool:-1"),
      about="explore a plain of Mordor: favor; Pool -1")
quest("enc-quest-the-seat-29", explore="barad-dur", reward=("fx:seat_reward:{h}",),
      about="explore the Dark Tower: favor and may shed Corruption, or Pool -1")
quest("enc-quest-the-mounts-37", explore="near-harad", reward=(favor(2), TRAIN),
      about="explore the south: favor and training")
quest("enc-quest-the-palantir-38", explore="isengard", reward=(favor(1), "fx:uncorrupt:{h}:1"),
      about="explore Isengard: favor and one Corruption card away")
quest("enc-quest-captain-of-44", explore="minas-tirith", start=(char(BOROMIR, "minas-tirith"),),
      reward=(favor(1), TRAIN), about="Boromir at the White City; explore there: favor and training")
quest("enc-quest-a-shadow-52", explore="south-eaves", reward=(favor(2), "fx:rest_to_life:{h}"),
      about="explore a forest edge: favor and the rest pool back")
quest("enc-quest-the-evenstar-55", explore="rivendell", start=(char(ARAGORN, "rivendell"),),
      reward=("fx:item:{h}:item-elven-cloak",), about="Aragorn at Rivendell; explore there: an Elven Cloak")
quest("enc-quest-greenleaf-59", explore="the-woodland-realm", reward=(favor_or_level("agility"),),
      about="explore the elven halls: favor or agility")
quest("enc-quest-beyond-the-67", explore="the-northern-waste", reward=(favor(2), TRAIN),
      about="explore the far north: favor and training")
quest("enc-quest-the-haunted-70", explore="ruins-of-angmar", reward=(favor(2), "fx:uncorrupt:{h}:1"),
      about="explore old ruins: favor and one Corruption card away")
quest("enc-quest-the-son-74", explore="erebor", reward=(favor(1), "fx:level:{h}:fortitude"),
      about="explore the Lonely Mountain: favor and fortitude")
quest("enc-quest-find-the-84", explore="bree", start=(char(GANDALF, "bree"),), reward=(favor(1), "fx:pool:-1"),
      about="Gandalf at Bree; explore there: favor; Pool -1")
quest("enc-quest-the-squint-86", explore="dunland", start=("fx:region_influence:enedwaith",),
      reward=("fx:pool:-2",), about="Sauron adds influence in Enedwaith; explore Dunland: Pool -2")
quest("enc-quest-the-black-87", explore="moria", start=("fx:pool:1",), reward=(favor(2), TRAIN),
      about="the Pool gains 1; explore the mines: favor and training")


# --- the registry at work ----------------------------------------------------------------------------------


def name(ref: str) -> str:
    idx = index()
    return idx.quests[ref].name if ref in idx.quests else idx.encounters[ref].name if ref in idx.encounters else ref


def titled(ref: str) -> str:
    """A Quest as the log names it: an Encounter Quest's name says "Quest:" itself ("Beravor takes the Quest Quest:
    The Squint-eyed Southerner" was the log's line)."""
    title = name(ref)
    return title if title.lower().startswith("quest") else f"the Quest {title}"


def needs(ref: str, map_name: Callable[[str], str]) -> str:
    """What completes a quest and what it gives, in our own words, for the hero holding it: "explore Blue
    Mountains; gives favor, Dain, the rest pool back". `map_name` names a location (the game's board)."""
    rule = QUESTS.get(ref)
    if rule is None:
        return "resolved by hand"
    foes = index().foes
    if rule.explore:
        goal = f"explore {map_name(rule.explore)}"
    elif rule.fight_at:
        goal = f"on {map_name(rule.fight_at)}, defeat {foes[rule.foe].name} instead of the Encounter"
    elif rule.combat:
        goal = f"any combat with {foes[rule.combat].name}"
    else:
        goal = ""
    gives = rule.about.rpartition(": ")[2] if ": " in rule.about else ""
    return "; ".join(part for part in (goal, f"gives {gives}" if gives else "") if part)


def _ops(ops: tuple[str, ...], hero: Hero) -> list[str]:
    return [op.replace("{h}", hero.key) for op in ops]


def setup(turn: Turn[MeqState], hero: Hero) -> None:
    """Spec 2 step 3e: the Starting Quest's own setup (characters on the board)."""
    for ref in hero.quests:
        rule = QUESTS.get(ref)
        if rule is not None:
            fx.push(turn.state, *_ops(rule.start, hero))


def take(turn: Turn[MeqState], hero: Hero, ref: str) -> None:
    """Spec 3.2 step 4 (6.44): an Encounter Quest goes into the hero's play area; what it sets up happens now."""
    hero.quests.append(ref)
    rule = QUESTS.get(ref)
    if rule is None:
        turn.say(f"{hero.name} takes {titled(ref)}; its requirements and reward are resolved by hand.")
        return
    turn.say(f"{hero.name} takes {titled(ref)}.")
    fx.push(turn.state, *_ops(rule.start, hero))


def ready(state: MeqState, hero: Hero) -> list[str]:
    """The held quests exploring here completes (spec 3.2 step 3c)."""
    return [q for q in hero.quests if (rule := QUESTS.get(q)) is not None and rule.explore == hero.at]


def explore_options(state: MeqState, hero: Hero) -> list[tuple[str, str]]:
    return [(f"complete:{q}", f"complete the quest {name(q)}") for q in ready(state, hero)]


def complete(turn: Turn[MeqState], hero: Hero, ref: str, then: str = "") -> None:
    """The reward, then the quest leaves the game; a Starting Quest unlocks the Advanced one (spec 5.6). `then`
    is queued after the reward."""
    if ref not in hero.quests:
        return
    hero.quests.remove(ref)
    hero.done.append(ref)
    turn.say(f"{hero.name} completes the quest {name(ref)}.")
    ops = _ops(QUESTS[ref].reward, hero)
    own = index().quests.get(ref)
    if own is not None and own.kind == "starting" and hero.locked:
        ops.append(f"fx:unlock:{hero.key}")
    fx.push(turn.state, *ops, *([then] if then else []))


@task("quest_done")
def quest_done(turn: Turn[MeqState], args: list[str]) -> None:
    complete(turn, turn.state.hero(args[0]), args[1])


@moment("encounter")
def encounter_fight(turn: Turn[MeqState], hero: Hero) -> bool:
    """A Starting Quest that replaces the Encounter step on its location with a fight; a win completes it."""
    for ref in hero.quests:
        rule = QUESTS.get(ref)
        if rule is not None and rule.fight_at and rule.fight_at == hero.at:
            turn.say(f"{hero.name}'s quest {name(ref)}: instead of an Encounter, a fight with "
                     f"{index().foes[rule.foe].name}.")
            fights.fight(turn, hero, rule.foe, ends_turn=False, on_win=(f"quest_done:{hero.key}:{ref}",))
            return True
    return False


@moment("combat_over")
def fought(turn: Turn[MeqState], hero: Hero, foe: str, defeated: bool) -> bool:
    """A quest any combat with a named foe completes."""
    for ref in list(hero.quests):
        rule = QUESTS.get(ref)
        if rule is not None and rule.combat == foe:
            fx.push(turn.state, f"quest_done:{hero.key}:{ref}")
    return False


# --- follow-ups only quests use ----------------------------------------------------------------------------


def _unlock(turn: Turn[MeqState], args: list[str]) -> None:
    hero = turn.state.hero(args[0])
    if hero.locked:
        hero.quests.append(hero.locked)
        turn.say(f"{hero.name} reveals the Advanced Quest {name(hero.locked)}.")
        hero.locked = ""


def _region_influence(turn: Turn[MeqState], args: list[str]) -> None:
    """Sauron puts 1 influence on a location of his choice in a region the card names (never a Haven)."""
    state = turn.state
    spots = [x.id for x in state.map.locations if x.region == args[0] and not x.haven]
    if spots:
        ask(turn, state.sauron, "quest_influence", "Place 1 influence on a location of the region.",
            [(loc, f"{state.map.name(loc)} ({state.influence.get(loc, 0)})") for loc in spots])


@answer("quest_influence")
def quest_influence(turn: Turn[MeqState], d: Decision, picked: tuple[str, ...], args: list[str]) -> None:
    influence.add_influence(turn, picked[0], 1, named=True)


def _seat_reward(turn: Turn[MeqState], args: list[str]) -> None:
    hero = turn.state.hero(args[0])
    ask(turn, hero.seat, f"quest_seat:{hero.key}", f"{hero.name}: 2 favor (and you may shed every Corruption "
        "card), or 1 influence off the Shadow Pool?",
        [("favor", "gain 2 favor and discard all Corruption cards"), ("keep", "gain 2 favor only"),
         ("pool", "the Shadow Pool loses 1")])


@answer("quest_seat")
def quest_seat(turn: Turn[MeqState], d: Decision, picked: tuple[str, ...], args: list[str]) -> None:
    hero = turn.state.hero(args[0])
    if picked[0] == "pool":
        influence.from_pool(turn, 1)
        return
    sheet.favor(turn, hero, 2, "a quest's reward")
    if picked[0] == "favor":
        sheet.cleanse(turn, hero, [c.uid for c in hero.corruption.cards])


fx.FX.update({"unlock": _unlock, "region_influence": _region_influence, "seat_reward": _seat_reward})
