"""Purple card effects (PE1-PE15, spec section 4.9) as queries over a seat's cards.

Each effect is data (``cards.py``); these functions read it. Several copies of an effect
stack where a number is involved (A20), except capabilities that cannot add up (PE2, PE13).
"""

from __future__ import annotations

from .vocab import (
    BuyDownRequirement,
    ColonyTribute,
    ColorPatron,
    DevelopmentTax,
    DoubleActions,
    FeedPayment,
    FoodSurplus,
    LowerRequirements,
    MedalPrices,
    SaleBonus,
    SetBonus,
    SetJoker,
    StatueBooster,
    TileHolder,
)


class _CardsOf(dict):
    """Effect class -> frozenset of the card indices whose effect is an instance of it, each
    filled on its first query."""

    def __init__(self, effect_of: list):
        super().__init__()
        self.effect_of = effect_of

    def __missing__(self, kind) -> frozenset[int]:
        found = self[kind] = frozenset(k for k, e in enumerate(self.effect_of) if isinstance(e, kind))
        return found


class PassiveEffects:
    """Per-card effect lookup, built once per data set: the purple cards' effects are standing
    modifiers the rules ask about, not operations that run."""

    def __init__(self, effect_of: list):
        self.effect_of = effect_of
        # effect class -> the card indices whose effect is one: derived from ``effect_of`` alone
        # (static data, so a cloned state can never meet a stale entry). Most seats hold no
        # card of a given kind, and one C-level isdisjoint answers those.
        self.cards_of = _CardsOf(effect_of)

    def of(self, seat, kind) -> list:
        """The effects of ``kind`` among the seat's cards, in the order the seat holds them."""
        ks = self.cards_of[kind]
        if ks.isdisjoint(seat.cards):
            return []
        eff = self.effect_of
        return [eff[k] for k in seat.cards if k in ks]

    def has(self, seat, kind) -> bool:
        return not self.cards_of[kind].isdisjoint(seat.cards)

    # PE1
    def sale_bonus(self, seat) -> int:
        return sum(e.coins for e in self.of(seat, SaleBonus))

    # PE2: (coins per point, points per step) or None
    def buy_down(self, seat):
        found = self.of(seat, BuyDownRequirement)
        if not found:
            return None
        return min(e.coins_per_point for e in found), max(e.max_points_per_step for e in found)

    # PE10
    def requirement_reduction(self, seat) -> int:
        return sum(e.points for e in self.of(seat, LowerRequirements))

    # PE13
    def per_step(self, seat) -> int:
        return max([1] + [e.per_step for e in self.of(seat, DoubleActions)])

    # PE9
    def colony_tribute(self, seat) -> int:
        return sum(e.coins for e in self.of(seat, ColonyTribute))

    # PE8: coins in an Income step; "at most 6 per step" holds however many copies pay
    def development_tax(self, seat) -> int:
        found = self.of(seat, DevelopmentTax)
        if not found:
            return 0
        income = seat.tracks[0]
        above = sum(1 for value in seat.tracks[1:] if value > income)
        return min(sum(e.coins_per_track for e in found) * above, 3 * max(e.coins_per_track for e in found))

    # PE6: (coins per card, payments allowed this step); the cap is per step, not per copy
    def feed_payment(self, seat):
        found = self.of(seat, FeedPayment)
        if not found:
            return None
        return min(e.coins_per_card for e in found), max(e.max_cards_per_step for e in found)

    # PE7: coins when food exceeds the card count; copies add up to the per-step cap
    def food_surplus(self, seat, surplus: int) -> int:
        found = self.of(seat, FoodSurplus)
        if surplus <= 0 or not found:
            return 0
        return min(sum(e.coins_per_point for e in found) * surplus, max(e.max_coins_per_step for e in found))

    # PE5: (silver, gold) price override for an epoch (1-based), None where unchanged
    def medal_prices(self, seat, epoch: int):
        silver = gold = None
        for e in self.of(seat, MedalPrices):
            s, g = e.silver[epoch - 1], e.gold[epoch - 1]
            if s is not None:
                silver = s if silver is None else min(silver, s)
            if g is not None:
                gold = g if gold is None else min(gold, g)
        return silver, gold

    # PE4
    def statue_boost(self, seat) -> int:
        return sum(e.track_bonus for e in self.of(seat, StatueBooster))

    def statue_boost_of(self, card: int) -> int:
        e = self.effect_of[card]
        return e.track_bonus if isinstance(e, StatueBooster) else 0

    def statue_facedown_vp(self, seat) -> int:
        return sum(e.facedown_vp for e in self.of(seat, StatueBooster))

    # PE3
    def tile_holder(self, card: int):
        e = self.effect_of[card]
        return e if isinstance(e, TileHolder) else None

    # PE15
    def patrons(self, seat) -> list[ColorPatron]:
        return self.of(seat, ColorPatron)

    def patron(self, card: int):
        e = self.effect_of[card]
        return e if isinstance(e, ColorPatron) else None

    # PE11, PE12
    def set_bonus(self, seat) -> int:
        return sum(e.vp_per_set for e in self.of(seat, SetBonus))

    def jokers(self, seat) -> int:
        return len(self.of(seat, SetJoker))

    def is_joker(self, card: int) -> bool:
        return isinstance(self.effect_of[card], SetJoker)


def complete_sets(color_counts: list[int], jokers: int) -> int:
    """Sets of five colours (R88) when each joker fills one missing card of a different set (PE12).

    ``s`` sets are possible when the missing cards sum(max(0, s - count)) can be filled with at
    most one joker per set: missing <= min(jokers, s).
    """
    s = min(color_counts)
    while True:
        missing = sum(max(0, s + 1 - c) for c in color_counts)
        if missing <= min(jokers, s + 1):
            s += 1
        else:
            return s
