"""The four scenarios of seed 003 (spec 3): roles (decks), who runs them for each player count, turn order,
opening and draw-step counts, Ring tokens, the last path and FotR's fixed lists and schedule."""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.wotr.cards import FP, FP_FACTIONS, SHADOW, SHADOW_FACTIONS, CardDef, fold

TRILOGY_RING, DUEL_RING, NO_RING = "trilogy", "duel", "none"


@dataclass(frozen=True, kw_only=True)
class Role:
    key: str  # "frodo"
    name: str  # "Frodo"
    side: str
    factions: tuple[str, ...] = ()  # the deck is every card of these factions...
    fixed: tuple[str, ...] = ()  # ...or exactly these cards, by name (FotR)
    opening_draw: int = 7
    opening_cycle: int = 2
    draw_step: int = 3
    ring: str = TRILOGY_RING


@dataclass(frozen=True, kw_only=True)
class Scenario:
    key: str
    name: str
    roles: tuple[Role, ...]
    order: tuple[str, ...]  # the seats of the turn order, as role keys (a role may sit twice: 3PD)
    seating: dict[int, tuple[tuple[str, ...], ...]]  # people -> the roles each person runs
    duel_rules: bool = False  # strict-majority path scoring and "each player" doubling (L1173-1184)
    last_path: int = 9
    battlegrounds: tuple[str, ...] = ()  # FotR: only these (empty: all)
    paths: tuple[str, ...] = ()  # FotR: only these (empty: all)
    schedule: tuple[tuple[str, ...], ...] = ()  # FotR: the battlegrounds of each round, fixed
    notes: tuple[str, ...] = field(default_factory=tuple)

    def role(self, key: str) -> Role:
        return next(r for r in self.roles if r.key == key)


FRODO = Role(key="frodo", name="Frodo", side=FP, factions=("Dwarf", "Hobbit", "Rohan", "Wizard"))
ARAGORN = Role(key="aragorn", name="Aragorn", side=FP, factions=("Dúnedain", "Elf"))
WITCH_KING = Role(key="witch-king", name="Witch-king", side=SHADOW, factions=("Mordor",), draw_step=4)
SARUMAN = Role(key="saruman", name="Saruman", side=SHADOW, factions=("Isengard", "Monstrous", "Southron"),
               draw_step=4)

TRILOGY = Scenario(  # L1117-1150
    key="trilogy", name="Trilogy", roles=(FRODO, WITCH_KING, ARAGORN, SARUMAN),
    order=("frodo", "witch-king", "aragorn", "saruman"),
    seating={4: (("frodo",), ("witch-king",), ("aragorn",), ("saruman",)),
             3: (("frodo",), ("witch-king", "saruman"), ("aragorn",)),
             2: (("frodo", "aragorn"), ("witch-king", "saruman"))},
)

DUEL_GANDALF = Role(key="gandalf", name="Gandalf", side=FP, factions=FP_FACTIONS, opening_draw=4, opening_cycle=0,
                    draw_step=4, ring=DUEL_RING)
DUEL_WITCH_KING = Role(key="witch-king", name="Witch-king", side=SHADOW, factions=SHADOW_FACTIONS, opening_draw=6,
                       opening_cycle=0, draw_step=6, ring=DUEL_RING)
DUEL2 = Scenario(  # L1152-1184
    key="duel2", name="2 Player Duel", roles=(DUEL_GANDALF, DUEL_WITCH_KING), order=("gandalf", "witch-king"),
    seating={2: (("gandalf",), ("witch-king",))}, duel_rules=True,
)

DUEL3_GANDALF = Role(key="gandalf", name="Gandalf", side=FP, factions=FP_FACTIONS, opening_draw=6, opening_cycle=0,
                     draw_step=6, ring=DUEL_RING)
DUEL3 = Scenario(  # L1186-1214: Gandalf sits twice in the turn order
    key="duel3", name="3 Player Duel", roles=(DUEL3_GANDALF, WITCH_KING, SARUMAN),
    order=("gandalf", "witch-king", "gandalf", "saruman"),
    seating={3: (("gandalf",), ("witch-king",), ("saruman",))}, duel_rules=True,
)

# The Nazgûl cards of the FotR list (L1228 says all 9): the community data lacks card 110, so its eight
# Nazgûl are listed and the Balrog deck holds 29 cards (tests/engines/wotr/test_scenarios.py records the gap).
NAZGUL = ("The Beguiler", "The Black Easterling", "The Commander", "The Destroyer", "The Hunter", "The Messenger",
          "The Warrior", "The Witch-king")
BALROG = Role(key="balrog", name="Balrog of Moria", side=SHADOW, draw_step=4, ring="none", fixed=(
    # Monstrous 8
    "Balrog of Moria", "Barrow-wights", "Caradhras the Cruel", "Cave-troll", "Flocks of Crebain", "Hill-troll",
    "Goblins of the Misty Mountains", "Goblins of the Misty Mountains",
    # Mordor 18
    "Black Breath", "Black Rider's Mount", "Grishnakh", "Mordor Orcs", "Mordor Orcs", "Mordor Orcs",
    "Morgul Blade", "Nazgûl's Mantle", "The Ringwraiths Are Abroad", *NAZGUL,
    # Isengard 4
    "Palantír of Orthanc", "Saruman", "Saruman's Staff", "Uglúk"))
FOTR_GANDALF = Role(key="gandalf", name="Gandalf", side=FP, ring="none", fixed=(
    "Blade of Westernesse", "Boromir", "Strider", "Dwarven Axe", "Gimli",
    "Arwen", "Bow of the Galadhrim", "Elrond", "Elven Cloak", "Galadriel", "High Elves", "High Elves", "Legolas",
    "Lembas", "Mirror of Galadriel", "Nenya, Ring of Adamant", "Phial of Galadriel", "Vilya, Ring of Air",
    "Bilbo Baggins", "Fatty Bolger", "Frodo Baggins", "Merry Brandybuck", "Mithril Coat", "Pippin Took",
    "Sam Gamgee", "Sting", "Gandalf the Grey", "Narya, Ring of Fire", "Gandalf's Staff", "Glamdring"))
FOTR = Scenario(  # L1216-1273
    key="fotr", name="Fellowship of the Ring", roles=(BALROG, FOTR_GANDALF), order=("balrog", "gandalf"),
    seating={2: (("gandalf",), ("balrog",))}, last_path=6,
    battlegrounds=("Minas Morgul", "Rivendell", "Moria", "Lórien", "Dol Guldur", "Orthanc", "Morannon"),
    schedule=(("Minas Morgul",), ("Rivendell",), ("Moria",), ("Lórien", "Dol Guldur"), ("Orthanc",),
              ("Morannon",)),
    paths=("Bucklebury Ferry", "Gildor's Encampment", "Inn of the Prancing Pony", "The Old Forest",
           "Fords of Bruinen", "Imladris", "Caradhras", "Khazad-dûm", "The Doors of Durin", "Egladil",
           "Dimrill Dale", "Lothlórien", "Amon Hen"),
)

SCENARIOS = {s.key: s for s in (TRILOGY, DUEL2, DUEL3, FOTR)}
# The community data spells the Shire's ferry "Buckleberry"; the rules spell it "Bucklebury" (L1254).
ALIASES = {fold("Bucklebury Ferry"): fold("Buckleberry Ferry")}


def scenario(key: str) -> Scenario:
    try:
        return SCENARIOS[key]
    except KeyError:
        raise KeyError(f"Unknown scenario '{key}'. Scenarios: {', '.join(SCENARIOS)}.") from None


def by_name(cards: list[CardDef], name: str) -> list[CardDef]:
    wanted = ALIASES.get(fold(name), fold(name))
    return [c for c in cards if fold(c.name) == wanted]


def deck_list(role: Role, cards: list[CardDef], *, promos: bool = False) -> tuple[list[CardDef], list[str]]:
    """The cards of a role's deck, and the names the data lacks (a gap in the community files, reported)."""
    faction_cards = [c for c in cards if not c.is_location]
    if not role.fixed:
        return [c for c in faction_cards if c.faction in role.factions and (promos or not c.promo)], []
    out: list[CardDef] = []
    missing: list[str] = []
    used: set[str] = set()
    for name in role.fixed:
        match = [c for c in by_name(faction_cards, name) if c.id not in used and not c.promo]
        if match:
            out.append(match[0])
            used.add(match[0].id)
        else:
            missing.append(name)
    return out, missing
