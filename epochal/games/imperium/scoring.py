"""Counting and scoring (R227-R237): the scoring zones, VP of a card, counts used by effects
and VP lines, and what happens before the winner is found."""

from __future__ import annotations

from itertools import repeat
from typing import TYPE_CHECKING

import msgspec

from epochal.engine import event

from . import shared
from .state import Seat
from .vocab import VP, Count, Filter, ReturnUnrestAtEnd

if TYPE_CHECKING:
    from .rules import ImperiumRules


def count(game: ImperiumRules, st, seat: int, spec: Count, fr=None, zones: list[int] | None = None) -> int:
    """``zones``: the seat's scoring zones, if worked out already (a score counts them for
    every card)."""
    p = st.seats[seat]
    if spec.var is not None:
        return int(game.runner.shared_vars(st, fr).get(spec.var, 0)) if fr else 0
    if spec.resource is not None:
        return getattr(p, spec.resource)
    if spec.in_play is not None:
        f = spec.in_play
        total = weighed(counted(game, f), p.play)  # R263; a filter of region icons counts them
        if f.region_type is not None and "production" in region_types(f):  # Agriculture, Qanat
            for kind in ("fertile", "river"):
                icons = sum(game.cards[k].regions.count(kind) for k in p.play)
                total += 3 * min(as_production(p, kind), icons)
        return total
    if spec.zone is not None:
        if spec.zone == "all":
            zone = scoring_zones(p) if zones is None else zones
        else:
            zone = st.exile if spec.zone == "exile" else getattr(p, spec.zone)
        return weighed(counted(game, spec.filter), zone)  # "2 VP per {fertile}": the icons, repeats counted
    if spec.unrest_others:
        return sum(unrest_in_scoring(game, st, s) for s in range(st.players) if s != seat)
    if spec.fewer is not None:  # Sacred Grove
        mine = getattr(p, spec.fewer)
        return sum(1 for s in range(st.players) if s != seat and getattr(st.seats[s], spec.fewer) < mine)
    if spec.garrisoned is not None:  # "per garrisoned {knight}" (Gawain)
        return sum(1 for host in p.play for g in p.garrison.get(host, []) if shared.matches(game, g, spec.garrisoned))
    raise ValueError(f"unknown count {spec}")


def counted(game: ImperiumRules, f: Filter | None) -> dict[int, int]:
    """The cards a count of filter ``f`` matches, each with how many it counts for: as many
    cards as ``shared.region_weight`` says (R263), or, for a filter of region icons ("2 VP per
    {fertile}"), as many icons of its types as the card shows, repeats counted. Both depend on
    the card data alone, and the filters are the card data's own, so each filter's are worked
    out once per game (the search scores every card of every seat at every iteration); the
    entry holds its filter, so its id stays its own."""
    entry = game.filter_weights.get(id(f))
    if entry is not None:
        return entry[1]
    if f is not None and f.region_type is not None:
        wanted = region_types(f)
        rest = msgspec.structs.replace(f, region_type=None)
        icons = {k: sum(game.cards[k].regions.count(w) for w in wanted) for k in range(game.n_cards)}
        weights = {k: n for k, n in icons.items() if n and shared.matches(game, k, rest)}
    else:
        weights = {k: shared.region_weight(game, k, f) for k in range(game.n_cards) if shared.matches(game, k, f)}
    game.filter_weights[id(f)] = (f, weights)
    return weights


def weighed(weights: dict[int, int], cards: list[int]) -> int:
    """The cards' weights added up, 0 for a card without one (a count of ``counted``'s cards;
    the search counts at every iteration, so the look-ups run in C)."""
    return sum(map(weights.get, cards, repeat(0)))


def as_production(p: Seat, kind: str) -> int:
    """How many ``kind`` icons count as 3 production this turn (Agriculture, Qanat)."""
    return p.region_as_production if kind == "fertile" else p.river_as_production if kind == "river" else 0


def region_types(f: Filter) -> list[str]:
    return [f.region_type] if isinstance(f.region_type, str) else list(f.region_type or ())


def unrest_in_scoring(game: ImperiumRules, st, seat: int) -> int:
    unrest = game.unrest_cards
    return sum(1 for k in scoring_zones(st.seats[seat]) if k in unrest)


def card_vp(
    game: ImperiumRules, st, seat: int, k: int, vp: int | VP | None, cap: bool = True, zones: list[int] | None = None
) -> int:
    if vp is None:
        return 0
    if isinstance(vp, int):
        return vp
    if vp.fixed is not None:
        return vp.fixed
    if vp.if_ is not None:
        p = st.seats[seat]
        if vp.if_.in_ == "garrison":  # under one of the owner's cards (Proud)
            where = [under for cards in p.garrison.values() for under in cards]
        else:
            where = p.history if vp.if_.in_ == "history" else p.play  # play: Vinland
        if k in where:
            return vp.vp or 0
        return card_vp(game, st, seat, k, vp.else_, cap, zones) if isinstance(vp.else_, VP) else vp.else_ or 0
    if vp.per is not None:
        if vp.per.garrison == "self":  # the cards under this one (Sagas)
            n = len(st.seats[seat].garrison.get(k, []))
        else:
            n = count(game, st, seat, vp.per, zones=zones)
        value = (1 if vp.vp is None else vp.vp) * (n // (vp.every or 1))
        return min(value, 10) if cap else value  # R233
    if vp.sum is not None:  # several VP lines on one card, capped together
        value = sum(card_vp(game, st, seat, k, part, cap=False, zones=zones) for part in vp.sum)
        return min(value, 10) if cap else value  # R233, G35
    return 0


def before_scoring(game: ImperiumRules, st, ev: list) -> None:
    """End-of-game effects that move cards, before the winner is found (R237)."""
    for seat, p in enumerate(st.seats):
        for k in scoring_zones(p):
            for x in game.cards[k].passive:
                if type(x) is ReturnUnrestAtEnd:
                    _return_unrest_anywhere(game, st, seat, x.args.n, ev)


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
    unrest = game.unrest_cards
    return sum(1 for k in zones if k in unrest)


def scoring_zones(p: Seat) -> list[int]:
    cards = p.hand + p.play + p.deck + p.discard + p.history + p.sunken  # R228: the sunken pile too
    for under in p.garrison.values():
        cards = cards + under
    return cards


def result_events(game: ImperiumRules, st, scores: list | None = None) -> list[dict]:
    """The end in log lines a person reads: each seat's score (and unrest cards, after a
    collapse), then each winner, named by seat (R224-R236). ``scores``: the scores, if worked
    out already (the game is over: they do not change)."""
    scores = game.scores(st) if scores is None else scores
    out = []
    for seat, score in enumerate(scores):
        line = event("final_score", seat=seat, total=score.total, collapsed=st.collapsed)
        if st.collapsed:
            line["unrest"] = unrest_count(game, st, seat)
        out.append(line)
    out += [event("winner", seat=seat) for seat in game.winners(st, scores)]
    return out
