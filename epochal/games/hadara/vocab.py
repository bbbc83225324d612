"""Hadara's effect vocabulary: the purple cards' effects PE1-PE15 (spec section 4.9), typed.

Unlike the other games, no Hadara card carries a list of operations for the effect kernel
(``epochal.engine.effects``) to run: every effect is passive, a standing capability with its
parameters, so the vocabulary is one struct per effect and ``effects.py`` holds the queries the
rules ask of a seat's cards (``PassiveEffects``) instead of operation handlers. A card's
``effect`` in the data file is one of these structs, named by its ``pe`` tag; an unknown tag or
field is refused when the file loads (``cards.load``).
"""

from __future__ import annotations

from typing import Literal

import msgspec


class _Effect(msgspec.Struct, forbid_unknown_fields=True, tag_field="pe"):
    """A purple effect; its ``pe`` tag names it in the data file."""


class SaleBonus(_Effect, tag="PE1"):
    """PE1: each card you sell brings ``coins`` more than its back shows."""

    coins: int = 1


class BuyDownRequirement(_Effect, tag="PE2"):
    """PE2: in a Colony or Statue step, pay ``coins_per_point`` per point a requirement is
    lowered, at most ``max_points_per_step`` points a step."""

    coins_per_point: int = 3
    max_points_per_step: int = 10


class TileHolder(_Effect, tag="PE3"):
    """PE3: when bought, one of your unused bonus tiles goes on it: its track +``track_bonus``."""

    track_bonus: int = 2


class StatueBooster(_Effect, tag="PE4"):
    """PE4: each statue with its tile face up gives its track +``track_bonus``; face down,
    ``facedown_vp`` VP at the end (A3)."""

    track_bonus: int = 2
    facedown_vp: int = 2  # the RU reading (A3); option pe4_facedown=hu gives 0


class MedalPrices(_Effect, tag="PE5"):
    """PE5: your medal prices in epochs II and III."""

    # index 0/1/2 = epoch I/II/III; null = no change in that epoch
    silver: list[int | None] = msgspec.field(default_factory=lambda: [None, 4, 15])
    gold: list[int | None] = msgspec.field(default_factory=lambda: [None, 6, 22])


class FeedPayment(_Effect, tag="PE6"):
    """PE6: in Feeding, pay ``coins_per_card`` instead of removing a card, at most
    ``max_cards_per_step`` cards a step."""

    coins_per_card: int = 2
    max_cards_per_step: int = 6


class FoodSurplus(_Effect, tag="PE7"):
    """PE7: in Feeding, ``coins_per_point`` per point FOOD is above your card count, at most
    ``max_coins_per_step``."""

    coins_per_point: int = 3
    max_coins_per_step: int = 12


class DevelopmentTax(_Effect, tag="PE8"):
    """PE8: in each Income step, ``coins_per_track`` for each of MILITARY, CULTURE, FOOD above
    your INCOME."""

    coins_per_track: int = 2


class ColonyTribute(_Effect, tag="PE9"):
    """PE9: ``coins`` each time you take a colony."""

    coins: int = 4


class LowerRequirements(_Effect, tag="PE10"):
    """PE10: your colony and statue requirements are ``points`` lower."""

    points: int = 4


class SetBonus(_Effect, tag="PE11"):
    """PE11: ``vp_per_set`` VP at the end per set of five colours."""

    vp_per_set: int = 4


class SetJoker(_Effect, tag="PE12"):
    """PE12: counts as the missing card of one colour set for the gold medals (no parameters)."""


class DoubleActions(_Effect, tag="PE13"):
    """PE13: ``per_step`` colonies in a Colony step, ``per_step`` statues in a Statue step."""

    per_step: int = 2


class FullSilver(_Effect, tag="PE14"):
    """PE14: one silver medal scores its whole track at the end (no parameters)."""


class ColorPatron(_Effect, tag="PE15"):
    """PE15: its track (R7) +``per_card`` for each card of ``color`` you own, and for each one
    you buy later."""

    color: Literal["blue", "yellow", "green", "red"] = "green"
    per_card: int = 1


Effect = (
    SaleBonus
    | BuyDownRequirement
    | TileHolder
    | StatueBooster
    | MedalPrices
    | FeedPayment
    | FoodSurplus
    | DevelopmentTax
    | ColonyTribute
    | LowerRequirements
    | SetBonus
    | SetJoker
    | DoubleActions
    | FullSilver
    | ColorPatron
)
