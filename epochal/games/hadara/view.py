"""What one seat may see, action texts, and determinization for search.

Hidden (spec Appendix A): deck contents and order, the cards returned to the box, another
seat's drawn cards and its Phase A sales, the backs of colonies not annexed, and every
simultaneous choice until all seats have chosen.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from epochal.engine.hidden import Places, SpanRedeal, runs

from . import actions as A
from .cards import TRACKS
from .decisions import feed_all_cards
from .rules import BOARD, CRESTS
from .rules import HadaraRules as Hadara
from .state import HadaraState
from .words import display_name


def card_info(game: Hadara, k: int) -> dict:
    c = game.data.cards[k]
    info = {
        "id": c.id,
        "epoch": c.epoch,
        "color": c.color,
        "cost": c.cost,
        "vp": c.vp,
        "bonus": dict(zip(TRACKS, c.bonus.as_tuple(), strict=False)),
        "provenance": c.provenance,
    }
    if c.effect is not None:
        info["effect"] = {
            "pe": type(c.effect).__struct_config__.tag,
            **{f: getattr(c.effect, f) for f in c.effect.__struct_fields__},
        }
    if c.star:
        info["star"] = True
    return info


def colony_front(game: Hadara, token: int) -> dict:
    col = game.colonies[token]
    return {
        "id": col.id,
        "requirement": col.requirement,
        "vp": col.front_vp,
        "plunder": col.plunder,
        "annex_cost": col.annex_cost,
        "provenance": col.provenance,
    }


def colony_back(game: Hadara, token: int) -> dict:
    col = game.colonies[token]
    return {"bonus": dict(zip(TRACKS, col.back_bonus.as_tuple(), strict=False)), "vp": col.back_vp}


def view(game: Hadara, st: HadaraState, seat: int | None, face_up: bool = False) -> dict:
    """``face_up``: with ``seat`` None, the finished game's replay with every seat's own cards
    shown (``open_view``)."""
    frame = st.stack[-1] if st.stack else None
    seats = []
    for i, s in enumerate(st.seats):
        start = game.data.start_cards[s.start]
        entry = {
            "seat": i,
            "crest": CRESTS[i],
            "coins": s.coins,
            "tracks": dict(zip(TRACKS, s.tracks, strict=False)),
            "start_card": start.number if s.side else None,
            "side": s.side or None,
            "initiative": getattr(start, s.side).initiative if s.side else None,
            "cards": [game.card_id[k] for k in s.cards],
            "colonies": [
                {**colony_front(game, c), "annexed": a, **({"back": colony_back(game, c)} if a else {})}
                for c, a in zip(s.colonies, s.annexed, strict=False)
            ],
            "statues": [
                None if code < 0 else {"track": TRACKS[code // 2], "face_down": bool(code % 2)} for code in s.statues
            ],
            "unused_tiles": dict(zip(TRACKS, s.tiles, strict=False)),
            "silver": [TRACKS[t] for t in s.silver],
            "gold": s.gold,
            "held_tiles": {game.card_id[k]: TRACKS[t] for k, t in s.held.items()},
            "hand_size": len(s.hand),
        }
        if i == seat or face_up:
            entry["hand"] = [game.card_id[k] for k in s.hand]
            entry["sold_this_epoch"] = [game.card_id[k] for k in s.sold_secret]
        seats.append(entry)
    decision: dict[str, Any] | None = None
    if frame is not None:
        decision = {"kind": frame.kind, "seats": list(frame.seats), "waiting": frame.waiting()}
        if seat is not None and seat in frame.chosen:
            decision["your_choice"] = frame.chosen[seat]
        if face_up and frame.chosen:
            decision["chosen"] = {str(s): a for s, a in frame.chosen.items()}
    # a spectator has no legal actions
    legal = (
        [{"id": a, "text": action_text(game, st, seat, a)} for a in game.legal(st, seat)] if seat is not None else []
    )
    shown = set()
    for s in st.seats:
        shown.update(s.cards)
    for pile in st.piles:
        if pile:
            shown.add(pile[-1])
    if seat is not None:
        shown.update(st.seats[seat].hand)
        shown.update(st.seats[seat].sold_secret)  # the seller knows what he sold
    if face_up:
        for s in st.seats:
            shown.update(s.hand + s.sold_secret)
    return {
        "game": game.name,
        "players": st.players,
        "options": dict(st.options),
        "data": {"name": game.data.name, "status": game.data_status(), "provisional": game.data.provisional},
        "epoch": st.epoch,
        "step": st.step,
        "over": st.over,
        "ply": st.ply,
        "first_players": list(st.first),
        "wheel": st.wheel,
        "round": st.round,
        "board": [
            {
                "color": BOARD[p],
                "deck": len(st.decks[p]),
                "pile": len(st.piles[p]),
                "top": game.card_id[st.piles[p][-1]] if st.piles[p] else None,
            }
            for p in range(len(BOARD))
        ],
        "crest_decks": ({CRESTS[i]: BOARD[game.deck_at(st, i)] for i in range(st.players)} if st.step == "A2" else {}),
        "colonies": [
            {
                "requirement": game.requirements[v],
                "left": len(stack),
                "top": colony_front(game, stack[-1]) if stack else None,
            }
            for v, stack in enumerate(st.stacks)
        ],
        "out_pile": len(st.out),
        "seats": seats,
        "you": seat,
        "decision": decision,
        "legal": legal,
        "cards": {game.card_id[k]: card_info(game, k) for k in sorted(shown)},
        "scores": (
            [{"total": sc.total, **sc.breakdown, "tiebreak": list(sc.tiebreak)} for sc in game.scores(st)]
            if st.over
            else None
        ),
        "winners": game.winners(st) if st.over else None,
        "score_notes": [game.score_notes(st, s) for s in st.seats] if st.over else None,
    }


def open_view(game: Hadara, st: HadaraState) -> dict:
    """Every seat's hidden cards face up (its drawn cards, its secret sales) and every seat's
    simultaneous choice; the decks' order and the backs of colonies not annexed stay hidden, as
    they were from every seat."""
    return view(game, st, None, face_up=True)


def short(game: Hadara, k: int) -> str:
    """A card in the engine's English: its name (words.py) and price, never its id."""
    return f"{display_name(game, game.card_id[k], 'en')} (cost {game.cost_of[k]})"


# The actions whose text does not depend on the position.
FIXED_TEXTS = {
    A.PLUNDER: "plunder the colony (take its coins)",
    A.ANNEX: "annex the colony (pay, flip, gain its back)",
    A.GOLD: "buy a gold medal",
    A.FEED_PAY: "pay coins instead of removing a card",
    A.PASS: "pass",
}


def action_text(game: Hadara, st: HadaraState, seat: int, a: int) -> str:
    if a in FIXED_TEXTS:
        return FIXED_TEXTS[a]
    s = st.seats[seat]  # only a seat has legal actions to word
    if A.WHEEL <= a < A.SIDE:
        crest = CRESTS[seat]
        return f"set the wheel: {crest} draws first from the {BOARD[(seat + a) % len(BOARD)]} deck"
    if A.SIDE <= a < A.DRAW:
        side = "AB"[a - A.SIDE]
        sc = game.data.start_cards[s.start]
        v = getattr(sc, side)
        tr = ", ".join(f"{t} {x}" for t, x in zip(TRACKS, v.tracks.as_tuple(), strict=False))
        return f"use side {side} of start card {sc.number}: initiative {v.initiative}, {tr}, {v.coins} coins"
    if A.DRAW <= a < A.TAKE:
        d, sell = divmod(a - A.DRAW, 2)
        if len(s.hand) < 2:
            return "discard one drawn card, buy or sell the other"
        discard, keep = s.hand[d], s.hand[1 - d]
        verb = (
            f"sell {short(game, keep)} for {game.sale_value(s, keep)}"
            if sell
            else f"buy {short(game, keep)} for {game.price(s, keep)}"
        )
        return f"discard {short(game, discard)}, {verb}"
    if A.TAKE <= a < A.COLONY:
        p, sell = divmod(a - A.TAKE, 2)
        pile = st.piles[p]
        if not pile:
            return f"take from the empty {BOARD[p]} pile"
        k = pile[-1]
        verb = f"sell it for {game.sale_value(s, k)}" if sell else f"buy it for {game.price(s, k)}"
        return f"take {short(game, k)} from the {BOARD[p]} pile and {verb}"
    if A.COLONY <= a < A.PLUNDER:
        return f"take a colony with requirement {game.requirements[a - A.COLONY]}"
    if A.STATUE <= a < A.SILVER:
        code = a - A.STATUE
        slot, track, fd = code // 8, (code % 8) // 2, code % 2
        sl = game.slots[slot]
        side = f"face down for {sl.bonus} VP" if fd else f"face up: {TRACKS[track]} +{sl.bonus}"
        return f"statue in slot {slot + 1} (culture {sl.requirement}, {sl.vp} VP) with the {TRACKS[track]} tile {side}"
    if A.SILVER <= a < A.GOLD:
        return f"buy a silver medal on {TRACKS[a - A.SILVER]}"
    if A.TILE <= a < A.FEED_PAY:
        return f"place the {TRACKS[a - A.TILE]} tile on the card (+2)"
    if a == game.feed_all:
        return "remove " + ", ".join(short(game, k) for k in feed_all_cards(game, s))
    if a >= A.REMOVE:
        return f"remove {short(game, a - A.REMOVE)}"
    return f"action {a}"


def determinize(game: Hadara, st: HadaraState, seat: int, rng) -> HadaraState:
    """Re-deal what ``seat`` cannot see, keeping every colour and every visible front in place."""
    return dealer(game, st, seat)(rng)


def dealer(game: Hadara, st: HadaraState, seat: int) -> Callable[[Any], HadaraState]:
    """``determinize``'s deals of ``st`` for ``seat``, planned once: which places of which
    lists are re-dealt together. No running effect holds on to a hidden card."""
    # Card places hidden from `seat`, grouped by colour (a card's back shows epoch and colour):
    # the decks, this epoch's cards in the box, the other seats' hands and secret sales.
    color_of, epoch_of = game.color_of, game.epoch_of
    slots: dict[int, Places] = {}
    hidden: list[tuple[list, bool]] = [(deck, False) for deck in st.decks]
    hidden.append((st.box, True))
    for i, other in enumerate(st.seats):
        if i != seat:
            hidden += [(other.hand, False), (other.sold_secret, False)]
    for zone, this_epoch in hidden:
        for j, k in enumerate(zone):
            if not this_epoch or epoch_of[k] == st.epoch:
                slots.setdefault(color_of[k], []).append((zone, j))
    groups = [runs(places) for places in slots.values()]
    # Colony backs: below each stack's visible top, in the box and under plundered fronts,
    # tokens with equal fronts may swap.
    requirement, front = _colony_keys(game)
    unseen: dict[int, Places] = {}  # requirement -> places in the box, plundered
    for j, t in enumerate(st.colony_box):
        unseen.setdefault(requirement[t], []).append((st.colony_box, j))
    for other in st.seats:
        for j, (t, annexed) in enumerate(zip(other.colonies, other.annexed, strict=False)):
            if not annexed:
                unseen.setdefault(requirement[t], []).append((other.colonies, j))
    for v, stack in enumerate(st.stacks):
        alike: dict[tuple, Places] = {}
        for j in range(len(stack) - 1):
            alike.setdefault(front[stack[j]], []).append((stack, j))
        for c, j in unseen.get(game.requirements[v], ()):
            alike.setdefault(front[c[j]], []).append((c, j))
        groups += [runs(places) for places in alike.values()]
    plan = SpanRedeal(hiding_zones(st), groups)
    # Another seat's simultaneous choice is unknown, only that it was made: each deal guesses one.
    guessed = [s for s in st.stack[-1].chosen if s != seat] if st.stack else []
    copy = st.copier()

    def deal(rng) -> HadaraState:
        out = copy()
        out.rng = rng.getrandbits(64)  # future deals must not be the real ones
        plan.deal(hiding_zones(out), rng)
        if guessed:
            frame = out.stack[-1]
            for s in guessed:
                frame.chosen[s] = rng.choice(game.decision_legal(out, frame, s))
        return out

    return deal


def hiding_zones(st: HadaraState) -> list[list[int]]:
    """The lists ``determinize`` re-deals cards and colony tokens in, in an order every clone
    of ``st`` shares."""
    seats = [zone for p in st.seats for zone in (p.hand, p.sold_secret, p.colonies)]
    return [*st.decks, st.box, *seats, st.colony_box, *st.stacks]


@cache
def _colony_keys(game: Hadara) -> tuple[list[int], list[tuple]]:
    """Each colony token's requirement, and what its front shows: tokens with equal fronts look
    alike face up."""
    requirement = [col.requirement for col in game.colonies]
    front = [(col.requirement, col.front_vp, col.plunder, col.annex_cost) for col in game.colonies]
    return requirement, front
