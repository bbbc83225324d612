"""Guns & Steel's action id space. Ids are stable: records and agents depend on them.

Fixed ids first, then blocks offset by a civilization card's index (start cards once per colour,
then C06-C55) and by a wonder's index (W01-W20). Pyramid slots are numbered over the largest
pyramid (7-6-5-4-3), so a slot keeps its id in the smaller pyramids. ``pay_all`` (one id, after
every block) pays the rest of a payment at once when the rest leaves nothing to choose. ``take`` names an opponent's
resource card by its zone position, never by identity: the card's other side is hidden (A33).
"""

from epochal.engine.actions import ActionSpace

MAX_ROWS = (7, 6, 5, 4, 3)  # R39.4
ROW_OFFSET = tuple(sum(MAX_ROWS[:r]) for r in range(5))  # 0, 7, 13, 18, 22
SLOTS = sum(MAX_ROWS)
ZONE_MAX = 64
SEATS = 4
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


def space(n_cards: int, n_wonders: int) -> ActionSpace:
    """The action ids: fixed blocks, then one block per card action (by card index) and per
    wonder action (by wonder index)."""
    s = ActionSpace()
    s.add("pass")
    s.add("activate")  # R51
    s.add("skip")  # R52
    s.add("spend_res", 7)  # pay with a temporary resource of type r (R78)
    s.add("target", SEATS)  # choose this opponent (R55)
    s.add("buy_stack", 5)  # [COMB] buy the top of this epoch's stack (R113)
    s.add("move_glory", 5, 5)  # move a glory token (to epoch, from epoch) (A24)
    s.add("buy", SLOTS)  # buy the pyramid card in slot s (R74)
    s.add("take", SEATS, ZONE_MAX)  # use an opponent's resource card: (seat, zone position)
    for name in CARD_BLOCKS:
        s.add(name, n_cards, cards=True)
    for name in WONDER_BLOCKS:
        s.add(name, n_wonders)
    # pay the rest of a payment at once (R78, R79): added last, so that no earlier id moves
    s.add("pay_all")
    return s


_FIXED = space(0, 0)
# MOVE_GLORY: + 5 * to_epoch + from_epoch
# TAKE: + ZONE_MAX * seat + position
PASS, ACTIVATE, SKIP, SPEND_RES, TARGET, BUY_STACK, MOVE_GLORY, BUY, TAKE, CARD_BASE = _FIXED.starts(
    "pass", "activate", "skip", "spend_res", "target", "buy_stack", "move_glory", "buy", "take", "start_resource"
)


def slot_id(row: int, i: int) -> int:
    return ROW_OFFSET[row] + i


def slot_of(s: int) -> tuple[int, int]:
    for row in range(4, -1, -1):
        if s >= ROW_OFFSET[row]:
            return row, s - ROW_OFFSET[row]
    raise ValueError(s)
