"""Guns & Steel's effect vocabulary (D15): a card's technology effect is a list of these
operations, decoded from the card data (``cards.py``) into the tagged union ``AnyOp`` and run by
the effect kernel (``effects.py`` registers one handler per operation).

Each op is a JSON object whose "op" names it; unknown fields are refused when the data loads.
"You" is the player carrying the effect out.
"""

from __future__ import annotations

from epochal.engine.effects import Op  # the subclasses below are the whole vocabulary


class Pay(Op, tag="pay"):
    """The activation cost (R34b, R51): spend resources worth ``res``; Information and Space
    stand in (R13, R14), no exchanges (A5). An effect whose cost cannot be paid cannot be
    activated."""

    res: dict[str, int]


class PayVp(Op, tag="pay_vp"):
    """A cost paid in VP on activation [REN/COMB]: lower your VP card by ``n``. You never go
    below 0 VP, so a card whose VP cost you cannot pay cannot be activated (R71); it stands with
    the ``pay`` ops at the head of the effect (R51)."""

    n: int = 1


class Gain(Op, tag="gain"):
    """Gain temporary resources, usable this turn only (R15b, R56)."""

    res: dict[str, int]


class Restore(Op, tag="restore"):
    """Flip up to ``n`` of your technology-side cards whose resource side is ``res`` ("any":
    any card) back to their resource side (R35); the card itself may be one (R56, E3)."""

    res: str = "any"
    n: int = 1


class Vp(Op, tag="vp"):
    """Gain ``n`` VP on your VP card (R70) [REN/COMB; without a VP card it does nothing, R73]."""

    n: int = 1


class Use(Op, tag="use"):
    """Use one opponent's resource (Trade, Tribute; R55, E4): choose an opponent with a
    resource card of type ``res`` ("any": any) in his zone; that card is flipped to its
    technology side and yields him nothing (A16); you gain it as a temporary resource when
    ``gain`` is set."""

    res: str = "any"
    n: int = 1
    gain: bool = True


class EachPlayer(Op, tag="each_player"):
    """Every player, you first and then clockwise (A34), carries out ``do`` as "you" (R23,
    R55: done even when no other player can)."""

    do: list[AnyOp]


class EachOther(Op, tag="each_other"):
    """Every other player, clockwise from you (A34), carries out ``do`` as "you", as far as
    possible (R51, R54): e.g. ``lose``, each spending resources of his own choosing, or
    ``lose_vp``, never below 0 (A21). Outside an attack: nobody is defeated, nobody responds."""

    do: list[AnyOp]


class Attack(Op, tag="attack"):
    """Attack all opponents (R60-R69). After their responses, every opponent weaker than you
    is defeated and carries out ``defeated`` as "you" (the attacker is "the attacker");
    you and every undefeated opponent gain ``vp`` VP (R68)."""

    defeated: list[AnyOp] = []
    vp: int = 0


class Lose(Op, tag="lose"):
    """Spend ``n`` resources of your choice from your zone (R66; a Space pays 2); as far as
    possible (R54). In an attack's ``defeated``, in ``each_other`` or in ``each_player``."""

    n: int = 1


class HandOver(Op, tag="hand_over"):
    """Spend ``n`` resources of your choice; the attacker gains them as temporary resources."""

    n: int = 1


class GiveWonder(Op, tag="give_wonder"):
    """Give the attacker one of your wonders, your choice (R66, E6)."""


class LoseVp(Op, tag="lose_vp"):
    """Lose ``n`` VP, never below 0 (A21); with ``to_attacker`` (in an attack only) the attacker
    gains what you lost. In an attack's ``defeated``, in ``each_other``, or in ``each_player``,
    where it is refused to a player it could take below 0 VP (R71)."""

    n: int = 1
    to_attacker: bool = False


class PlayAttacks(Op, tag="play_attacks"):
    """Play up to ``n`` Attack cards from your hand, technology side up, and activate each
    (R57, R58; at least one if you hold one, A18)."""

    n: int = 1


class ActivateAttacks(Op, tag="activate_attacks"):
    """Activate up to ``n`` Attack cards lying technology side up in your zone (R53, R57)."""

    n: int = 1


class Reactivate(Op, tag="reactivate"):
    """Re-activate up to ``n`` technologies already lying technology side up in your zone, of
    type ``type`` ("any": any type), each paying its own activation cost (R51, R53; L164-166).
    "Another technology's effect": never the card itself, nor a card whose effect is still being
    carried out, nor one this op activated already. Like any activation it is optional (R51);
    cards that came there by spending, responding or buying count too (R53, audit note)."""

    type: str = "any"
    n: int = 1


AnyOp = (
    Pay
    | PayVp
    | Gain
    | Restore
    | Vp
    | Use
    | EachPlayer
    | EachOther
    | Attack
    | Lose
    | HandOver
    | GiveWonder
    | LoseVp
    | PlayAttacks
    | ActivateAttacks
    | Reactivate
)
ATTACK_ONLY = (HandOver, GiveWonder)  # ops that need an attacker
COSTS = (Pay, PayVp)  # the ops that may head an effect as its activation cost (R51, R71)
