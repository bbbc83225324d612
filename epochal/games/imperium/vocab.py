"""Imperium's effect vocabulary: every operation a card's ``play``, ``exhaust`` and ``solstice``
lists may hold, the passives, filters, counts, conditions and VP lines, as ``msgspec`` structs.

The card loader (``cards.py``) decodes the data straight into these types: an unknown operation,
an unknown key, a value of the wrong type or out of range is refused there, naming the card.
Each operation is documented in docs/games/imperium-data.md; its handler is in ``effects.py``.
Defaults declared here are the rules' defaults ("discard a card": ``n`` 1).

``HOOKS`` is the registry of the named hooks (``hooks/``): the loader checks a ``hook``
operation's name against it, so this module imports none of the rules.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from epochal.engine.effects import Op, Registry  # Op: the subclasses below are the whole vocabulary
from epochal.problems import KERNEL, Problems

# The loader's problems (cards.py's ``PROBLEMS``): msgspec words a ValueError of a struct below
# as "<the sentence> - at `$[3].vp`", read back by the ``.at`` template of the same key.
say = Problems("epochal.games.imperium", KERNEL).say

HOOKS = Registry("hook")

MAX_COUNT = 20  # tokens, cards and counts in an operation or a passive
MAX_VP = 20  # a card's fixed VP, and the VP of one line, either sign
MAX_OPS = 30  # operations in one list
MAX_OPTIONS = 8  # options in a choose (the action ids have 8: actions.py)

Res = Literal["materials", "population", "progress"]
Suit = Literal["region", "uncivilised", "civilised", "tributary", "fame", "unrest"]
MarketSuit = Literal["region", "uncivilised", "civilised", "tributary"]
CardType = Literal["city", "metropolis", "scroll", "mask", "knight"]
RegionType = Literal["production", "fertile", "river"]
StateName = Literal["barbarian", "empire"]
N = Annotated[int, Meta(ge=0, le=MAX_COUNT)]
VPInt = Annotated[int, Meta(ge=-MAX_VP, le=MAX_VP)]
Text = Annotated[str, Meta(max_length=200)]
Tokens = dict[Res, N]


def _unique(name: str, values: list | None) -> None:
    if values and len(set(values)) != len(values):
        raise ValueError(say("vocab.twice", name=name))


def _one_of(problem: str, **given: object) -> None:
    """Exactly one of ``given`` is set (not None): the form of a count, condition or VP line
    (``problem``: the key of its sentence)."""
    if sum(v is not None for v in given.values()) != 1:
        raise ValueError(say(problem, keys=", ".join(given)))


# --- filters, counts, conditions ------------------------------------------------------------------


class Filter(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """Which cards: every given key must match (``suit`` and ``region_type``: any one of the
    list; ``type`` and ``id``: any one of the list)."""

    suit: Suit | Annotated[list[Suit], Meta(min_length=1, max_length=6)] | None = None
    not_suit: Suit | None = None
    type: Annotated[list[CardType], Meta(min_length=1, max_length=5)] | None = None
    region_type: RegionType | Annotated[list[RegionType], Meta(min_length=1, max_length=3)] | None = None
    not_region_type: RegionType | None = None  # without that icon (Mining)
    pinned: bool = False
    id: Annotated[list[Annotated[str, Meta(max_length=40)]], Meta(min_length=1, max_length=50)] | None = None
    name: Text | None = None
    state: StateName | None = None
    variable_vp: bool = False
    attack: bool | None = None  # true: an {attack} card; false: any other
    not_id: Annotated[list[Annotated[str, Meta(max_length=40)]], Meta(min_length=1, max_length=50)] | None = None
    not_type: CardType | None = None

    def __post_init__(self) -> None:
        for key in ("suit", "type", "region_type"):
            value = getattr(self, key)
            _unique(key, value if isinstance(value, list) else None)


Zone = Literal["all", "hand", "deck", "discard", "history", "play", "exile"]


class Count(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """What to count: a variable of the running effect, a token, cards in the play area (with
    ``region_type`` their region icons), cards in a zone (``all``: the scoring zones; ``exile``:
    the exile pile, everyone's), the unrest of the other players, or (VP lines only) the cards
    garrisoned under this one."""

    var: Text | None = None
    resource: Res | None = None
    in_play: Filter | None = None
    zone: Zone | None = None
    filter: Filter | None = None  # with zone
    unrest_others: Literal[True] | None = None
    garrison: Literal["self"] | None = None  # a VP line's count (Sagas)
    fewer: Res | None = None  # the other players with fewer of these tokens than you (Sacred Grove)
    garrisoned: Filter | None = None  # the matching garrison cards under your cards in play (Gawain)

    def __post_init__(self) -> None:
        _one_of(
            "vocab.count_one_of",
            var=self.var,
            resource=self.resource,
            in_play=self.in_play,
            zone=self.zone,
            unrest_others=self.unrest_others,
            garrison=self.garrison,
            fewer=self.fewer,
            garrisoned=self.garrisoned,
        )
        if self.filter is not None and self.zone is None:
            raise ValueError(say("vocab.count_filter"))


def _effect_count(count: Count | None) -> None:
    if count is not None and count.garrison is not None:
        raise ValueError(say("vocab.count_garrison"))


class Cond(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """An ``if``'s condition: your state, a card in your play area, a variable of the running
    effect at least ``min``, tokens you hold, or at least ``min`` matching cards garrisoned
    under this card (Lost Tomes)."""

    state: StateName | None = None
    in_play: Filter | None = None
    var: Text | None = None
    min: N = 1  # with var or garrisoned
    has: dict[Res, Annotated[int, Meta(ge=0, le=50)]] | None = None  # Shangri-La: 24 population (R218)
    garrisoned: Filter | None = None

    def __post_init__(self) -> None:
        _one_of(
            "vocab.cond_one_of",
            state=self.state,
            in_play=self.in_play,
            var=self.var,
            has=self.has,
            garrisoned=self.garrisoned,
        )


# --- VP -------------------------------------------------------------------------------------------


class VPWhere(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    in_: Literal["history", "play", "garrison"] = msgspec.field(name="in")  # garrison: under a card (Proud)


class VP(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A VP line that is not a plain number: ``fixed``; ``if`` (with ``vp``, ``else``);
    ``per`` a count (``vp`` for every ``every``, at most 10, R233); or the ``sum`` of lines."""

    fixed: VPInt | None = None
    if_: VPWhere | None = msgspec.field(default=None, name="if")
    per: Count | None = None
    sum: Annotated[list[VPInt | VP], Meta(min_length=1, max_length=5)] | None = None
    vp: VPInt | None = None  # with if (required) or per (default 1)
    else_: VPInt | VP | None = msgspec.field(default=None, name="else")  # with if; a line: another if (Proud)
    every: Annotated[int, Meta(ge=1, le=50)] | None = None  # with per

    def __post_init__(self) -> None:
        _one_of("vocab.vp_one_of", fixed=self.fixed, **{"if": self.if_}, per=self.per, sum=self.sum)
        if self.if_ is not None and self.vp is None:
            raise ValueError(say("vocab.vp_if"))
        if self.vp is not None and self.if_ is None and self.per is None:
            raise ValueError(say("vocab.vp_vp"))
        if self.else_ is not None and self.if_ is None:
            raise ValueError(say("vocab.vp_else"))
        if self.every is not None and self.per is None:
            raise ValueError(say("vocab.vp_every"))


# --- operations -----------------------------------------------------------------------------------


class Gain(Op, tag="gain"):
    """Take tokens (R152, R160); ``via`` marks materials gained through a river (R265) or a
    fertile card (R267)."""

    materials: N = 0
    population: N = 0
    progress: N = 0
    action: N = 0
    via: Literal["river", "fertile"] | None = None


class GainPer(Op, tag="gain_per"):
    """``n`` tokens of ``res`` per ``count``."""

    res: Res
    count: Count
    n: N = 1

    def __post_init__(self) -> None:
        _effect_count(self.count)


class Pay(Op, tag="pay"):
    """Spend tokens; progress stands in for the shortfall (R165)."""

    materials: N = 0
    population: N = 0
    progress: N = 0
    action: N = 0


class Steal(Op, tag="steal"):
    """Take ``n`` ``res`` from each other player (in ``state``, with a card ``in_play``);
    ``else_unrest``: one who cannot pay in full takes an unrest (R170). ``total``: ``n`` in all
    from the other players, the stealer choosing whom for each token (R170, G29: "each" or "in
    total" is the card's)."""

    res: Res
    n: N = 1
    else_unrest: bool = False
    state: StateName | None = None
    in_play: Filter | None = None
    total: bool = False

    def __post_init__(self) -> None:
        if self.total and self.else_unrest:
            raise ValueError(say("vocab.steal_total"))


class ReturnExhaust(Op, tag="return_exhaust"):
    """An exhaust token goes back to the state card."""


class Draw(Op, tag="draw"):
    """Draw ``n`` cards (``per`` a count), reshuffling (R95) unless ``if_able`` (R96)."""

    n: N = 1
    if_able: bool = False
    per: Count | None = None

    def __post_init__(self) -> None:
        _effect_count(self.per)


class Discard(Op, tag="discard"):
    """Discard ``n`` cards from hand (``from: drawn``: of the cards just drawn) (R169);
    ``filter``: only matching cards ("discard 2 {mask}"); ``any_number``: as many as you like
    (Arthashastra)."""

    n: N = 1
    may: bool = False
    from_: Literal["hand", "drawn"] | None = msgspec.field(default=None, name="from")
    filter: Filter | None = None
    any_number: bool = False


class History(Op, tag="history"):
    """Put a card into your history (R183): this card, or one from a zone (``hand_or_garrison``:
    the hand or under a card in play, R168)."""

    from_: Literal["self", "hand", "discard", "hand_or_discard", "play", "hand_or_garrison"] = msgspec.field(
        default="self", name="from"
    )
    may: bool = False
    filter: Filter | None = None


class TopOfDeck(Op, tag="top_of_deck"):
    """Put ``n`` cards on top of your deck."""

    from_: Literal["hand", "discard"] = msgspec.field(default="hand", name="from")
    may: bool = False
    n: N = 1


class Retrieve(Op, tag="retrieve"):
    """Take ``n`` matching cards from your discard pile (or history, R184) to hand or deck."""

    filter: Filter | None = None
    n: N = 1
    may: bool = False
    to: Literal["hand", "deck"] = "hand"
    from_: Literal["discard", "history"] = msgspec.field(default="discard", name="from")


class Garrison(Op, tag="garrison"):
    """A card from hand under this card (R176)."""

    may: bool = True
    filter: Filter | None = None


class Recall(Op, tag="recall"):
    """A pinned card from play to hand with its garrison (R158), or this card (``self``); with
    ``garrisoned`` a card garrisoned under this one, alone (R168); ``count_var`` counts them."""

    filter: Filter | None = None
    may: bool = False
    count_var: Text | None = None
    itself: bool = msgspec.field(default=False, name="self")
    garrisoned: bool = False


class Abandon(Op, tag="abandon"):
    """``n`` cards (or this one: ``self``) from play to the discard pile (R167); ``holding``: a
    card with a matching garrison card; ``garrisoned``: garrison cards alone, under a card
    matching ``under`` (R168)."""

    filter: Filter | None = None
    n: N = 1
    may: bool = False
    count_var: Text | None = None
    itself: bool = msgspec.field(default=False, name="self")
    holding: Filter | None = None
    garrisoned: bool = False
    under: Filter | None = None

    def __post_init__(self) -> None:
        if self.under is not None and not self.garrisoned:
            raise ValueError(say("vocab.abandon_under"))
        if self.holding is not None and self.garrisoned:
            raise ValueError(say("vocab.abandon_holding"))


class TakeUnrest(Op, tag="take_unrest"):
    """``n`` unrest from the pile to hand (R147)."""

    n: N = 1


class ReturnUnrest(Op, tag="return_unrest"):
    """Return ``n`` unrest (up to ``n``) from the zones, or this card itself, to the pile (R146);
    ``garrison``: every unrest garrisoned under this card; ``count_var`` counts them (Cacao,
    Utopians A)."""

    from_: Annotated[list[Literal["self", "hand", "discard", "garrison"]], Meta(min_length=1, max_length=2)] = (
        msgspec.field(default_factory=lambda: ["hand"], name="from")
    )
    n: N = 1
    up_to: bool = False
    may: bool = False
    count_var: Text | None = None

    def __post_init__(self) -> None:
        _unique("from", self.from_)
        for alone in ("self", "garrison"):
            if alone in self.from_ and self.from_ != [alone]:
                raise ValueError(say("vocab.return_from"))


class ExileMarket(Op, tag="exile_market"):
    """``n`` market cards without tokens to the exile pile (R139-R141)."""

    may: bool = False
    n: N = 1


class Acquire(Op, tag="acquire"):
    """Acquire ``n`` market cards of the ``suits`` (R130-R133), from the exile pile too (R143);
    ``per``: ``n`` for each of a count (School of Diplomacy);
    ``market: false``: from the exile pile only, any category when ``suits`` is empty."""

    suits: Annotated[list[MarketSuit], Meta(max_length=4)]
    may: bool = False
    filter: Filter | None = None
    n: N = 1
    exile: bool = False
    then_play: bool = False
    token: Res | None = None
    per: Count | None = None
    market: bool = True

    def __post_init__(self) -> None:
        _unique("suits", self.suits)
        _effect_count(self.per)
        if not self.market and not self.exile:
            raise ValueError(say("vocab.acquire_exile"))


class BreakThrough(Op, tag="break_through"):
    """Declare a category and break through for it (R134-R137), from the exile pile too (R143)."""

    suits: Annotated[list[MarketSuit], Meta(min_length=1, max_length=4)]
    may: bool = False
    filter: Filter | None = None
    exile: bool = False

    def __post_init__(self) -> None:
        _unique("suits", self.suits)


class Develop(Op, tag="develop"):
    """A development card to your discard pile, paying its cost unless ``free`` (R171-R173)."""

    free: bool = False
    may: bool = False


class LookFame(Op, tag="look_fame"):
    """Look at the top ``n`` fame cards and take one (``take``); King of Kings when none (R255)."""

    n: Annotated[int, Meta(ge=1, le=8)] = 1
    take: Annotated[int, Meta(ge=0, le=1)] = 1


class NationTopToDiscard(Op, tag="nation_top_to_discard"):
    """The top of your nation deck to your discard pile (R99)."""


class NationLook(Op, tag="nation_look"):
    """Look at the top of your nation deck (R161); ``then`` you may move it down or shuffle."""

    then: Literal["bottom", "shuffle"] | None = None


class Find(Op, tag="find"):
    """A matching card from your hand, discard pile, deck or nation deck (R154-R155, G28), or from
    the zones ``from`` names, into your hand or (``to``) your discard pile (Chandragupta) or your
    history (Lancelot); ``count_var`` counts it."""

    filter: Filter | None = None
    from_: (
        Annotated[list[Literal["hand", "discard", "deck", "nation_deck"]], Meta(min_length=1, max_length=4)] | None
    ) = msgspec.field(default=None, name="from")
    to: Literal["hand", "discard", "history"] = "hand"
    count_var: Text | None = None

    def __post_init__(self) -> None:
        _unique("from", self.from_)


class ExileSelf(Op, tag="exile_self"):
    """This card, with its garrison, to the exile pile (R139, R180)."""


class GiveCard(Op, tag="give_card"):
    """Each other player gets a card from your hand or discard pile; one given a card
    matching ``unrest_if`` also takes an unrest (Olmec Traders)."""

    from_: Literal["hand", "discard", "hand_or_discard"] | None = msgspec.field(default=None, name="from")
    unrest_if: Filter | None = None


class Choose(Op, tag="choose"):
    """Pick one option you can afford (R150)."""

    options: Annotated[list[Ops], Meta(min_length=1, max_length=MAX_OPTIONS)]


class May(Op, tag="may"):
    """Yes or no (R111)."""

    do: Ops


class If(Op, tag="if"):
    """``do`` when ``cond`` holds, else ``else``."""

    cond: Cond
    do: Ops
    else_: Ops = msgspec.field(default_factory=list, name="else")


class EachOther(Op, tag="each_other"):
    """Each other player runs ``do``; an attack's targets may shield unless ``safe`` (R144-R149)."""

    do: Ops
    safe: bool = False


class AllPlayers(Op, tag="all_players"):
    """Every player, you first, runs ``do``."""

    do: Ops
    safe: bool = False


Event = Literal[
    "return_unrest",
    "materials_from_river",
    "materials_from_fertile",
    "play",
    "take_card",
    "acquire",
    "market_materials",
    "attacked",
    "market_population",
    "discard",
    "sink",
]


class When(Op, tag="when"):
    """A reactive exhaust (a card's whole exhaust effect): ``do`` is offered when ``event``
    happens on your Activate turn (G24), caused by a card matching ``filter``; ``attacked``
    is a shield (R145); ``discard`` (with ``do`` empty) lowers by 1 a ``discard`` whose
    filter is ``filter`` (Step Pyramids)."""

    event: Event
    do: Ops
    filter: Filter | None = None

    def __post_init__(self) -> None:
        if self.event == "attacked" and not all(isinstance(op, Pay) for op in self.do):
            raise ValueError(say("vocab.shield"))


class Repeat(Op, tag="repeat"):
    """Run ``do`` once for each ``count`` (Arthashastra: a choice per card discarded)."""

    count: Count
    do: Ops

    def __post_init__(self) -> None:
        _effect_count(self.count)


class Hook(Op, tag="hook"):
    """A named effect of ``hooks/`` (``HOOKS``)."""

    name: Annotated[str, Meta(max_length=60)]


class EndTrigger(Op, tag="end_trigger"):
    """Trigger the end of the game (R212)."""

    why: Text | None = None


class Require(Op, tag="require"):
    """Only a precondition: a matching card in your play area (each of a list; ``n`` of a
    single filter) or history."""

    in_play: Filter | Annotated[list[Filter], Meta(min_length=1, max_length=5)] | None = None
    in_history: Filter | None = None
    n: Annotated[int, Meta(ge=1, le=MAX_COUNT)] = 1


class PlayCard(Op, tag="play_card"):
    """Play a matching card from ``from`` as from the hand (R71); ``empire``: an {empire} card
    even in the Barbarian state (R122)."""

    from_: Literal["discard", "hand"] = msgspec.field(default="discard", name="from")
    filter: Filter | None = None
    free: bool = False
    may: bool = False
    empire: bool = False


class MarketAdd(Op, tag="market_add"):
    """Put these tokens on a market card of your choice (R130, R141)."""

    materials: N = 0
    population: N = 0
    progress: N = 0


class AsProduction(Op, tag="as_production"):
    """One ``region_type`` icon in your play area counts as 3 {production} this turn (Qanat)."""

    region_type: Literal["fertile", "river"]


class SwapExile(Op, tag="swap_exile"):
    """Swap a card of the exile pile with a market card (R142)."""

    may: bool = False


class Line(Op, tag="line"):
    """One printed line run on its own: when its "X to Y" cost cannot be met, only this line
    gives nothing, and the card's next lines still apply (R73)."""

    do: Ops


class Sink(Op, tag="sink"):
    """Sink a card: this one, or one from a zone, with its garrison (R180, R186); under the
    Atlanteans' power card, anyone else's goes to their discard pile (R187)."""

    from_: Literal["self", "play", "hand", "discard"] = msgspec.field(default="self", name="from")
    filter: Filter | None = None
    may: bool = False


class PayAll(Op, tag="pay_all"):
    """Spend every token of ``res`` you hold, at least ``min`` (the Utopians' path, R206)."""

    res: Res
    min: N = 0


class PathStep(Op, tag="path_step"):
    """The active path card takes the next step (R206, R207): ``flip`` turns it to its side B,
    ``next`` replaces it with the path card under it, which comes into play on its side A."""

    step: Literal["flip", "next"]


class EnterEmpire(Op, tag="enter_empire"):
    """Flip your state card to its Empire side (Gates of Shangri-La, G23)."""


class Quest(Op, tag="quest"):
    """King Arthur's quests (R197-R203): ``activate`` garrisons King Arthur's Court with an
    inactive quest of the development area, which becomes the active quest, when there is none
    (R198, R199), a card matching ``last`` only when no other quest is left (R201); ``hand`` or
    ``discard`` moves the active quest there (R200); ``exile`` sends a matching inactive quest
    to the exile pile."""

    move: Literal["activate", "hand", "discard", "exile"]
    filter: Filter | None = None
    last: Filter | None = None
    may: bool = False


AnyOp = (
    Gain
    | GainPer
    | Pay
    | Steal
    | ReturnExhaust
    | Draw
    | Discard
    | History
    | TopOfDeck
    | Retrieve
    | Garrison
    | Recall
    | Abandon
    | TakeUnrest
    | ReturnUnrest
    | ExileMarket
    | Acquire
    | BreakThrough
    | Develop
    | LookFame
    | NationTopToDiscard
    | NationLook
    | Find
    | ExileSelf
    | GiveCard
    | Choose
    | May
    | If
    | EachOther
    | AllPlayers
    | When
    | Repeat
    | Hook
    | EndTrigger
    | Require
    | PlayCard
    | MarketAdd
    | SwapExile
    | Line
    | AsProduction
    | Sink
    | PayAll
    | PathStep
    | EnterEmpire
    | Quest
)
Ops = Annotated[list[AnyOp], Meta(max_length=MAX_OPS)]  # an effect: operations run in order


# --- passives -------------------------------------------------------------------------------------


class Passive(msgspec.Struct, tag_field="hook", tag="_passive", forbid_unknown_fields=True, omit_defaults=True):
    """A passive effect, active while its card is in the play area (the power card's all
    game, R159): ``{"hook": NAME, "args": {...}}``; the rules consult it by its type."""


class Filtered(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    filter: Filter | None = None


class FilteredGain(Filtered, frozen=True):
    gain: Tokens = {}


class NoArgs(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The arguments of a passive that takes none: any field given is refused."""


class HandSizeArgs(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    n: Annotated[int, Meta(ge=-5, le=10)]


class FameLookArgs(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    n: Annotated[int, Meta(ge=0, le=8)] = 1
    progress: N = 0


class ExhaustTokensArgs(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    n: Annotated[int, Meta(ge=0, le=10)] = 5


class ReturnUnrestArgs(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    n: N = 2


class CostDiscountArgs(Filtered, frozen=True):
    materials: N = 0
    cards: N = 0
    min: N = 1


class OnTakeUnrestArgs(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    do: Ops = []


class CountsAsArgs(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    n: Annotated[int, Meta(ge=1, le=5)] = 2


class WhenGoneArgs(Filtered, frozen=True):
    do: Ops = []


class GainInsteadArgs(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    res: Res = "materials"
    gain: Tokens = {}
    others: Tokens = {}


class HandSize(Passive, tag="hand_size"):
    """The hand limit is ``n`` higher (R91)."""

    args: HandSizeArgs


class AttackToll(Passive, tag="attack_toll"):
    """An attacker pays these tokens to you, or leaves you alone (Standing Army, R257)."""

    args: Tokens


class RecallToAvoidAttack(Passive, tag="recall_to_avoid_attack"):
    """Recall this card (``filter``: any matching card in play) to ignore an attack (Cape,
    Wilderness, Long Walls II, R145)."""

    args: Filtered = Filtered()


class GarrisonDiscards(Passive, tag="garrison_discards"):
    """A ``discard`` of matching cards may abandon cards garrisoned under this card instead
    (Stone Heads)."""

    args: Filtered = Filtered()


class FameLookExtra(Passive, tag="fame_look_extra"):
    """``look_fame`` sees ``n`` more cards and gives ``progress`` (Romans A)."""

    args: FameLookArgs = FameLookArgs()


class DropBarbarian(Passive, tag="drop_barbarian"):
    """Matching {barbarian} cards may be played in the Empire state (Legions)."""

    args: Filtered = Filtered()


class PlayEmpire(Passive, tag="play_empire"):
    """Matching {empire} cards may be played in the Barbarian state."""

    args: Filtered = Filtered()


class MarketToken(Passive, tag="market_token"):
    """The tokens placed at clean-up instead of 1 progress (Carthaginians, R84)."""

    args: Tokens = {}


class ExhaustTokens(Passive, tag="exhaust_tokens"):
    """``n`` exhaust tokens at clean-up instead of 5 (R88)."""

    args: ExhaustTokensArgs = ExhaustTokensArgs()


class DeckOutUnrest(Passive, tag="deck_out_unrest"):
    """Take an unrest each time your deck runs out (R208)."""

    args: NoArgs = NoArgs()


class ReturnUnrestAtEnd(Passive, tag="return_unrest_at_end"):
    """Return ``n`` unrest before the game is scored (Sumerians, R237)."""

    args: ReturnUnrestArgs = ReturnUnrestArgs()


class PlayFromDiscardGain(Passive, tag="play_from_discard_gain"):
    """Tokens when you play a matching card from your discard pile (Macedonians A, R242)."""

    args: FilteredGain = FilteredGain()


class CostDiscount(Passive, tag="cost_discount"):
    """A matching card's own ``pay`` materials and ``discard`` cards are ``materials`` and
    ``cards`` lower, to at least ``min`` (Direct Democracy, R75)."""

    args: CostDiscountArgs = CostDiscountArgs()


class NoHistory(Passive, tag="no_history"):
    """Cards that would go into your history go to your discard pile (R185, R240)."""

    args: NoArgs = NoArgs()


class OnTakeUnrest(Passive, tag="on_take_unrest"):
    """``do`` runs as your own effect each time you take an unrest from the pile (R147)."""

    args: OnTakeUnrestArgs = OnTakeUnrestArgs()


class OnPlayGain(Passive, tag="on_play_gain"):
    """Tokens each time you play a matching card (Chainmail)."""

    args: FilteredGain = FilteredGain()


class AcquireExiled(Passive, tag="acquire_exiled"):
    """Your ``acquire`` may also take matching exiled cards, with ``gain`` (R143)."""

    args: FilteredGain = FilteredGain()


class FreePlay(Passive, tag="free_play"):
    """Matching cards are free play (R74): no action token (Masonry)."""

    args: Filtered = Filtered()


class OnPayPopulation(Passive, tag="on_pay_population"):
    """``do`` runs as your own effect each time you spend population tokens from your supply,
    not when progress pays it all (Embalming, R262)."""

    args: OnTakeUnrestArgs = OnTakeUnrestArgs()


class DevelopDiscount(Passive, tag="develop_discount"):
    """Your development costs are these tokens lower, each to at least 0 (Medicine,
    Architecture, Vast Wealth; R171)."""

    args: Tokens = {}


class WhenGone(Passive, tag="when_gone"):
    """``do`` runs as your own effect once no card matching ``filter`` is left in your play
    area while this card is there (Palace of Poseidon: its Mountain left play)."""

    args: WhenGoneArgs = WhenGoneArgs()


class CountsAsRegions(Passive, tag="counts_as_regions"):
    """This card counts as ``n`` region cards wherever region cards are counted or abandoned
    by number (Grand Trunk Road, R263)."""

    args: CountsAsArgs = CountsAsArgs()


class GainInstead(Passive, tag="gain_instead"):
    """Each time you would gain ``res`` (a gain, not a steal nor a market card's tokens), you
    gain ``gain`` and each other player ``others`` instead (Shangri-La)."""

    args: GainInsteadArgs = GainInsteadArgs()


class PayToAvoidAttack(Passive, tag="pay_to_avoid_attack"):
    """When another player's attack would affect you, you may pay these tokens to ignore it
    (Daochang, R145)."""

    args: Tokens = {}


class ActiveQuest(Passive, tag="active_quest"):
    """The quest garrisoned under this card is the active quest (King Arthur's Court, R198)."""

    args: NoArgs = NoArgs()


AnyPassive = (
    HandSize
    | AttackToll
    | RecallToAvoidAttack
    | GarrisonDiscards
    | FameLookExtra
    | DropBarbarian
    | PlayEmpire
    | MarketToken
    | ExhaustTokens
    | DeckOutUnrest
    | ReturnUnrestAtEnd
    | PlayFromDiscardGain
    | CostDiscount
    | NoHistory
    | OnTakeUnrest
    | OnPlayGain
    | AcquireExiled
    | FreePlay
    | OnPayPopulation
    | DevelopDiscount
    | CountsAsRegions
    | WhenGone
    | GainInstead
    | PayToAvoidAttack
    | ActiveQuest
)
Passives = Annotated[list[AnyPassive], Meta(max_length=MAX_OPS)]


# --- the rules programs' own operations (never in card data) -------------------------------------


class Step(msgspec.Struct):
    """A step of a rules program (clean-up, Innovate, a reactive exhaust's offer)."""


class PlaceMarketToken(Step):
    """R84-R86: a token on a market card."""


class ResetTokens(Step):
    """R88-R89: the state card's tokens back."""


class CleanupDiscard(Step):
    """R90: discard any cards from hand."""


class DrawToLimit(Step):
    """R91: draw up to the hand limit."""


class DiscardHand(Step):
    """R82: Innovate discards the hand."""


class OfferReaction(Step):
    """G24: offer a reactive exhaust (the frame's var ``card``)."""


class SolsticeOrder(Step):
    """R108-R113: the seat applies its solstice effects one by one, in the order it chooses."""


STEPS = (PlaceMarketToken, ResetTokens, CleanupDiscard, DrawToLimit, DiscardHand, OfferReaction, SolsticeOrder)


# --- walking the data -----------------------------------------------------------------------------


def nested(op: Op) -> Iterator[list]:
    """The op lists inside ``op`` (a choose's options, a may's or an if's branches ...)."""
    if isinstance(op, Choose):
        yield from op.options
    elif isinstance(op, If):
        yield op.do
        yield op.else_
    elif isinstance(op, May | EachOther | AllPlayers | When | Line | Repeat):
        yield op.do


def walk(ops: list) -> Iterator[Op]:
    """Every operation of ``ops``, nested ones included."""
    for op in ops:
        yield op
        for inner in nested(op):
            yield from walk(inner)
