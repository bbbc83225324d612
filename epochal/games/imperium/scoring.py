"""Counting and scoring (R227-R237): the scoring zones, VP of a card, counts used by effects
and VP lines, and what happens before the winner is found."""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine import event

from . import effects
from .state import Player

if TYPE_CHECKING:
    from .rules import ImperiumRules


def count(game: ImperiumRules, st, seat: int, spec: dict, fr=None) -> int:
    p = st.seats[seat]
    if "var" in spec:
        return int(game.runner.shared_vars(st, fr).get(spec["var"], 0)) if fr else 0
    if "resource" in spec:
        return getattr(p, spec["resource"])
    if "in_play" in spec:
        f = spec["in_play"]
        if "region_type" in f:
            wanted = f["region_type"] if isinstance(f["region_type"], list) else [f["region_type"]]
            rest = {x: v for x, v in f.items() if x != "region_type"}
            total = sum(
                game.cards[k].regions.count(w) for k in p.play if effects.matches(game, k, rest) for w in wanted
            )
            if "production" in wanted and p.region_as_production:  # Agriculture
                fertile = sum(game.cards[k].regions.count("fertile") for k in p.play)
                total += 3 * min(p.region_as_production, fertile)
            return total
        return sum(1 for k in p.play if effects.matches(game, k, f))
    if "zone" in spec:
        zone = scoring_zones(p) if spec["zone"] == "all" else getattr(p, spec["zone"])
        f = spec.get("filter") or {}
        if "region_type" in f:  # "2 VP per {fertile}": the icons, repeats counted
            wanted = f["region_type"] if isinstance(f["region_type"], list) else [f["region_type"]]
            rest = {x: v for x, v in f.items() if x != "region_type"}
            return sum(game.cards[k].regions.count(w) for k in zone if effects.matches(game, k, rest) for w in wanted)
        return sum(1 for k in zone if effects.matches(game, k, spec.get("filter")))
    if "unrest_others" in spec:
        return sum(unrest_in_scoring(game, st, s) for s in range(st.players) if s != seat)
    raise ValueError(f"unknown count {spec}")


def unrest_in_scoring(game: ImperiumRules, st, seat: int) -> int:
    return sum(1 for k in scoring_zones(st.seats[seat]) if "unrest" in game.cards[k].suits)


def card_vp(game: ImperiumRules, st, seat: int, k: int, vp, cap: bool = True) -> int:
    if vp is None:
        return 0
    if isinstance(vp, int):
        return vp
    if "fixed" in vp:
        return vp["fixed"]
    if "if" in vp:
        cond = vp["if"]
        ok = False
        if cond.get("in") == "history":
            ok = k in st.seats[seat].history
        elif cond.get("in") == "play":  # Vinland
            ok = k in st.seats[seat].play
        return vp["vp"] if ok else vp.get("else", 0)
    if "per" in vp:
        if vp["per"].get("garrison") == "self":  # the cards under this one (Sagas)
            n = len(st.seats[seat].garrison.get(k, []))
        else:
            n = count(game, st, seat, vp["per"])
        value = vp.get("vp", 1) * (n // vp.get("every", 1))
        return min(value, 10) if cap else value  # R233
    if "sum" in vp:  # several VP lines on one card, capped together
        value = sum(card_vp(game, st, seat, k, part, cap=False) for part in vp["sum"])
        return min(value, 10) if cap else value  # R233, G35
    return 0


def before_scoring(game: ImperiumRules, st, ev: list) -> None:
    """End-of-game effects that move cards, before the winner is found (R237)."""
    for seat, p in enumerate(st.seats):
        for k in scoring_zones(p):
            for x in game.cards[k].passive:
                if x.get("hook") == "return_unrest_at_end":
                    _return_unrest_anywhere(game, st, seat, x.get("args", {}).get("n", 2), ev)


def _return_unrest_anywhere(game: ImperiumRules, st, seat: int, n: int, ev: list) -> None:
    p = st.seats[seat]
    for zone in ("hand", "play", "discard", "deck", "history"):
        for k in [k for k in getattr(p, zone) if "unrest" in game.cards[k].suits]:
            if n == 0:
                return
            getattr(p, zone).remove(k)
            st.unrest.append(k)
            n -= 1
            ev.append(event("return_unrest", seat=seat, card=game.cards[k].id))


def unrest_count(game: ImperiumRules, st, seat: int) -> int:
    p = st.seats[seat]
    zones = p.hand + p.play + p.deck + p.discard + p.history  # R224, G33
    return sum(1 for k in zones if "unrest" in game.cards[k].suits)


def scoring_zones(p: Player) -> list[int]:
    cards = p.hand + p.play + p.deck + p.discard + p.history
    for under in p.garrison.values():
        cards = cards + under
    return cards
