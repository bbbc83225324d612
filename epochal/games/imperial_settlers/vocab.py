"""The effect vocabulary (docs/games/imperial-settlers-data.md) as typed operations, and the goods
and colours it names. It sits below both the card loader (``cards.py``) and the handlers
(``effects.py``), so neither imports the other for it.

A card's effect is a list of operations (``CardOp``, a tagged union on the key ``op``), decoded
and checked when the data loads: unknown operations and fields are refused, each value's type
and range is declared on its struct. The rules' own programs (building, exchanging, paying a card
or a deal) are operations too (``ProgramOp``, names starting with ``_``); they are not part of
the card union, so no data file can name them.
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

import msgspec

from epochal.engine.effects import Op  # the subclasses below are the whole vocabulary
from epochal.problems import KERNEL, Problems

from . import actions as A

Resource = Literal["wood", "stone", "food"]  # R11
Colour = Literal["black", "purple", "blue", "brown", "gold", "red", "pink", "grey"]  # R12; gold = yellow
PerGood = Literal["wood", "stone", "food", "gold", "worker", "raze", "vp"]

RESOURCES: tuple[str, ...] = get_args(Resource)
COLOURS: tuple[str, ...] = get_args(Colour)
PER_GOODS: tuple[str, ...] = get_args(PerGood)
SUPPLY = ("wood", "stone", "food", "gold", "worker", "raze", "defence")  # a personal supply
GOODS = (*SUPPLY, "vp", "card", "common_card", "empire_card", "samurai")  # R10 and card kinds
CARD_GAINS = ("card", "common_card", "empire_card")  # a gained card and the deck it comes from
TRACK_GAINS = (*SUPPLY, "vp")  # the goods a gain adds to the supply or the VP track
MAX_COUNT = 10  # goods in a cost, a payment, a gain or a raze bonus
MAX_VP = 20  # a card's end-game VP
MAX_OPS = 20  # operations in one list
MAX_OPTIONS = A.MAX_OPTIONS  # options of a "choose"
_PROBLEMS = Problems("epochal.games.imperial_settlers", KERNEL)  # cards.PROBLEMS: cards imports this module

Count = Annotated[int, msgspec.Meta(ge=1, le=MAX_COUNT)]
OpList = Annotated[list["CardOp"], msgspec.Meta(max_length=MAX_OPS)]


class Gain(Op, tag="gain", dict=True):
    """Gain these goods; each card asks for its deck (R43, R113, R115, R118). (``dict``: the
    handler keeps what it reads off the fields with the operation, effects.gain_plan.)"""

    wood: Count = 0
    stone: Count = 0
    food: Count = 0
    gold: Count = 0
    worker: Count = 0
    raze: Count = 0
    defence: Count = 0
    vp: Count = 0
    card: Count = 0
    common_card: Count = 0
    empire_card: Count = 0


class GainPer(Op, tag="gain_per"):
    """1 ``good`` per location of ``colour`` you have (itself included, R18b), or per samurai you
    have, at most ``max``."""

    good: PerGood
    colour: Colour | None = None
    samurai: bool = False
    max: Annotated[int, msgspec.Meta(ge=1, le=MAX_VP)] | None = None

    def __post_init__(self) -> None:
        if (self.colour is None) != self.samurai:
            raise ValueError(_PROBLEMS.say("op.gain_per"))  # msgspec adds where


class Choose(Op, tag="choose"):
    """The player picks one of the ``options``, each an operation list."""

    options: Annotated[list[OpList], msgspec.Meta(min_length=2, max_length=MAX_OPTIONS)]


class LookEmpire(Op, tag="look_empire"):
    """Look at the top ``n`` empire cards, keep ``keep``, discard the rest (R118)."""

    n: Count = 2
    keep: Annotated[int, msgspec.Meta(ge=0, le=MAX_COUNT)] = 1


class CopyProduction(Op, tag="copy_production"):
    """One of your production locations (another one, with ``other``) produces once more (R180)."""

    other: bool = False


class DealAgain(Op, tag="deal_again"):
    """One of your deals pays once more (R178)."""


class BuildFromHand(Op, tag="build_from_hand"):
    """Build an empire card from your hand at full cost, discarding no location (R65, R176)."""

    deck: Literal["empire"] = "empire"


class ActivateOther(Op, tag="activate_other"):
    """Another of your action locations acts, for its own cost (choice C6)."""


class Samurai(Op, tag="samurai"):
    """Place ``n`` samurai from the supply on your Japanese locations without one; the rest are
    lost (R154, A20)."""

    n: Count = 1


class Steal(Op, tag="steal"):
    """Take 1 resource from the supply of a player who has not passed (R169)."""


class RazeLocation(Op, tag="raze_location"):
    """Raze a location of a player who has not passed; its protection costs 1 raze token each
    (``pay``) or is ignored (R159, R170)."""

    protection: Literal["pay", "ignore"]


class RemoveLocation(Op, tag="remove_location"):
    """Discard a location of a player who has not passed; not razing (R151, R165, A36)."""


class TakeRazeGood(Op, tag="take_raze_good"):
    """Take 1 resource shown in an opponent location's raze bonus (R171, A37)."""


class RazeOwn(Op, tag="raze_own"):
    """Raze one of your own common locations (R172, A38)."""


class CancelDeal(Op, tag="cancel_deal"):
    """Cancel a deal of a player who has not passed (R174)."""


class TakeDeal(Op, tag="take_deal"):
    """Take a deal of a player who has not passed; it pays from the next Production (R167)."""


class BuildDeal(Op, tag="build_deal"):
    """Build one of your deals at full cost, discarding no location (R153)."""


class FoundationFromHand(Op, tag="foundation_from_hand"):
    """A card from your hand becomes a foundation; gain these resources (R161, A22)."""

    wood: Count = 0
    stone: Count = 0
    food: Count = 0


class Tuck(Op, tag="tuck"):
    """Put up to ``n`` cards from your hand under this location (the card's ``under``): they never
    go back to the hand, are not discarded at Cleanup and stay to the end of the game (Gate,
    R152); face down to the other players. The player chooses each card and may stop."""

    n: Count = 1


class PutOn(Op, tag="put_on"):
    """Put up to ``n`` goods of your supply on this location (the card's ``keeps``, of its
    goods): they leave the supply and stay on it to the end of the game, not discarded at Cleanup
    (Shrine, R155). The player chooses each good and may stop."""

    n: Count = 1


class TradeDeal(Op, tag="trade_deal"):
    """Make a deal with a location of an opponent who has not passed, as this card's ``trade``
    says (Trade Route, R73, D6): what the deal gives, when, with which locations, what becomes of
    it when that location leaves play. The deal is the maker's, kept apart from the deals under
    the board (R153, R167); it outlives the card that made it (R156)."""


class CaptureLocation(Op, tag="capture"):
    """Capture a location of an opponent who has not passed with one of this card's tokens, as
    its ``capture`` says (Temple of Ra, R163, R164, D7): who gains its production and who may
    activate it, how the capture ends, who scores it. A capture gives nothing at once (R163)."""


CardOp = (
    Gain
    | GainPer
    | Choose
    | LookEmpire
    | CopyProduction
    | DealAgain
    | BuildFromHand
    | ActivateOther
    | Samurai
    | Steal
    | RazeLocation
    | RemoveLocation
    | TakeRazeGood
    | RazeOwn
    | CancelDeal
    | TakeDeal
    | BuildDeal
    | FoundationFromHand
    | Tuck
    | PutOn
    | TradeDeal
    | CaptureLocation
)
CARD_OPS: tuple[type[Op], ...] = get_args(CardOp)
CardOps = Annotated[list[CardOp], msgspec.Meta(max_length=MAX_OPS)]  # what the loader converts


# --- the rules' programs ---------------------------------------------------------------------


class PayCard(Op, tag="_pay_card"):
    """Tavern: a card from hand is the cost; it is discarded (R93, R177)."""


class PayDeal(Op, tag="_pay_deal"):
    """Hanseatic League: one of your deals is the cost; it is given up."""


class DiscardLocation(Op, tag="_discard_location"):
    """An empire card's 'discard a location' cost (R59, R110)."""


class Place(Op, tag="_place"):
    """The card being built becomes a location (R61-R63, R18a)."""


class Exchange(Op, tag="_exchange"):
    """Exchange pairs of workers (R95-R98)."""


class Store(Op, tag="_store"):
    """Cleanup's storage step on one storage location (R126.1, R168): its owner puts goods of his
    supply on it, up to its capacity."""


ProgramOp = PayCard | PayDeal | DiscardLocation | Place | Exchange | Store
PROGRAM_OPS: tuple[type[Op], ...] = get_args(ProgramOp)
AnyOp = CardOp | ProgramOp


def gain(goods: dict[str, int]) -> Gain:
    """A gain of ``goods`` (a deal, a raze bonus, an attack card's good); goods a gain does not
    know (a samurai in a raze bonus) give nothing."""
    return Gain(**{good: n for good, n in goods.items() if good in Gain.__struct_fields__ and n > 0})
