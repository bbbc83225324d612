"""Guns & Steel's action id space. Ids are stable: records and agents depend on them.

Fixed ids first, then blocks offset by a civilization card's index (start cards once per colour,
then C06-C55) and by a wonder's index (W01-W20). Pyramid slots are numbered over the largest
pyramid (7-6-5-4-3), so a slot keeps its id in the smaller pyramids. ``take`` names an opponent's
resource card by its zone position, never by identity: the card's other side is hidden (A33).
"""

PASS = 0
ACTIVATE = 1  # R51
SKIP = 2  # R52
SPEND_RES = 3  # 3..9: pay with a temporary resource of type r (R78)
TARGET = 10  # 10..13: choose this opponent (R55)
BUY_STACK = 14  # 14..18: [COMB] buy the top of this epoch's stack (R113)
MOVE_GLORY = 19  # 19..43: move a glory token: 19 + 5 * to_epoch + from_epoch (A24)
BUY = 44  # 44..68: buy the pyramid card in slot s (R74)
MAX_ROWS = (7, 6, 5, 4, 3)  # R39.4
ROW_OFFSET = tuple(sum(MAX_ROWS[:r]) for r in range(5))  # 0, 7, 13, 18, 22
SLOTS = sum(MAX_ROWS)
TAKE = BUY + SLOTS  # 69..324: use an opponent's resource card: 69 + 64 * seat + position
ZONE_MAX = 64
SEATS = 4
CARD_BASE = TAKE + SEATS * ZONE_MAX
CARD_BLOCKS = (
    "start_resource",
    "play_resource",
    "play_technology",
    "spend",
    "respond",
    "respond_spend",
    "restore",
    "lose",
    "recall",
    "play_attack",
    "activate_attack",
)
WONDER_BLOCKS = ("claim", "glory", "give_wonder")
# The fixed ranges below CARD_BASE by their first id, highest first, so that the first one an id
# reaches is its own.
FIXED_RANGES = (
    ("take", TAKE),
    ("buy", BUY),
    ("move_glory", MOVE_GLORY),
    ("buy_stack", BUY_STACK),
    ("target", TARGET),
    ("spend_res", SPEND_RES),
)


def slot_id(row: int, i: int) -> int:
    return ROW_OFFSET[row] + i


def slot_of(s: int) -> tuple[int, int]:
    for row in range(4, -1, -1):
        if s >= ROW_OFFSET[row]:
            return row, s - ROW_OFFSET[row]
    raise ValueError(s)


class Layout:
    def __init__(self, n_cards: int, n_wonders: int):
        self.n = n_cards
        self.nw = n_wonders
        for i, name in enumerate(CARD_BLOCKS):
            setattr(self, name, CARD_BASE + i * n_cards)
        self.wonder_base = CARD_BASE + len(CARD_BLOCKS) * n_cards
        for i, name in enumerate(WONDER_BLOCKS):
            setattr(self, name, self.wonder_base + i * n_wonders)
        self.size = self.wonder_base + len(WONDER_BLOCKS) * n_wonders

    def kind(self, action: int) -> tuple[str, int]:
        """(kind, argument) of an action id: a block name with a card or wonder index, or one
        of the fixed kinds with its argument."""
        if action >= self.wonder_base:
            block, w = divmod(action - self.wonder_base, self.nw)
            return WONDER_BLOCKS[block], w
        if action >= CARD_BASE:
            block, k = divmod(action - CARD_BASE, self.n)
            return CARD_BLOCKS[block], k
        for name, first in FIXED_RANGES:
            if action >= first:
                return name, action - first
        return ("pass", "activate", "skip")[action], 0
