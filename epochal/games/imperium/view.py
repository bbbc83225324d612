"""What one seat may see, action texts, and determinization for search.

Hidden: every hand but your own, every deck's order and content, the nation decks, the fame deck,
the market decks, the cards removed at setup, the exile pile (G26), other players' history
(R184) and their sunken piles (R188; their sizes are open). Public: play areas with their
garrisons and tokens, discard piles, development areas (King Arthur's inactive quests, R36), King
Arthur's active quest (a garrison card, R182), the active path cards (R206), tokens, the market
with its tokens and tucked unrest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from epochal.engine.hidden import Lookups, SpanRedeal, Spans, follow, follow_action, offered_cards, runs
from epochal.engine.locale import describe_text

from . import prompts, table
from .cards import Card
from .rules import ImperiumRules
from .state import ImperiumState
from .vocab import ActiveQuest

SUITS = ("region", "uncivilised", "civilised", "tributary")


def card_info(game: ImperiumRules, k: int) -> dict:
    """A card's facts as views show them (a copy, worked out once per card)."""
    info = game.card_infos.get(k)
    if info is None:
        info = game.card_infos[k] = _card_info(game, k)
    return dict(info)


def _card_info(game: ImperiumRules, k: int) -> dict:
    c: Card = game.cards[k]
    info = {
        "id": c.id,
        "name": c.name,
        "suits": c.suits,
        "state": c.state,
        "pinned": c.pinned,
        "attack": c.attack,
        "types": c.types,
        "regions": c.regions,
        "vp": msgspec.to_builtins(c.vp),
        "free": c.free,
        "cost": c.cost,
        "nation": c.deck,
        "provenance": c.provenance,
    }
    return info


def view(game: ImperiumRules, st: ImperiumState, seat: int | None, face_up: bool = False) -> dict:
    """``face_up``: with ``seat`` None, the finished game's replay with every seat's own cards
    shown (``open_view``)."""
    shown: set[int] = set()
    seats = []
    for i, p in enumerate(st.seats):
        entry = {
            "seat": i,
            "nation": p.nation,
            "power": game.cards[p.power].id if p.power >= 0 else None,
            "side": p.side,
            "state": "empire" if p.empire else "barbarian",
            "materials": p.materials,
            "population": p.population,
            "progress": p.progress,
            "actions": p.actions,
            "exhausts": p.exhausts,
            "hand_size": len(p.hand),
            "deck_size": len(p.deck),
            "discard": [game.cards[k].id for k in p.discard],
            "play": [
                {
                    "card": game.cards[k].id,
                    "exhausted": k in p.exhausted,
                    "garrison": [game.cards[g].id for g in p.garrison.get(k, [])],
                    **({"tokens": dict(p.tokens_on[k])} if p.tokens_on.get(k) else {}),  # Pottery: open
                }
                for k in p.play
            ],
            "power_exhausted": p.power in p.exhausted,
            "nation_deck": len(p.nation_deck),
            "nation_exhausted": p.nation_exhausted,
            "development": [game.cards[k].id for k in p.development],
            "development_exhausted": p.dev_exhausted,
            "history_size": len(p.history),
            "sunken_size": len(p.sunken),  # R188: the pile's size is open, its cards the owner's
            "path": (
                {"card": game.cards[p.path[-1]].id, "side": p.path_side, "exhausted": p.path[-1] in p.exhausted}
                if p.path
                else None
            ),  # R206: the active path card, open to all
            "path_size": len(p.path),
        }
        if p.path:
            shown.add(p.path[-1])
        if any(isinstance(x, ActiveQuest) for k in p.play for x in game.cards[k].passive):  # R197, R198
            entry["quests"] = True  # the development area holds inactive quests
            entry["active_quest"] = game.cards[p.quest].id if p.quest >= 0 else None
            shown.add(p.quest)
        shown.update(p.discard + p.play + p.development + [p.power])
        for under in p.garrison.values():
            shown.update(under)
        if i == seat or face_up:
            entry["hand"] = [game.cards[k].id for k in p.hand]
            entry["history"] = [game.cards[k].id for k in p.history]
            entry["sunken"] = [game.cards[k].id for k in p.sunken]
            shown.update(p.hand + p.history + p.sunken)
        seats.append(entry)
    market = []
    for slot in st.market:
        market.append(
            {
                "card": game.cards[slot.card].id if slot.card >= 0 else None,
                "tokens": dict(slot.tokens),
                "unrest": slot.unrest >= 0,
            }
        )
        if slot.card >= 0:
            shown.add(slot.card)
    frame = st.stack[-1] if st.stack else None
    legal = game.legal(st, seat) if seat is not None else []
    offered = [a for i in game.actors(st) for a in game.legal(st, i)] if face_up else legal
    for a in offered:  # face up: the cards every deciding seat is being offered
        k = game.action_space.card_of(a)
        if k >= 0:
            shown.add(k)
    decision = None
    if frame is not None:
        decision = {
            "kind": frame.kind,
            "seats": list(frame.seats),
            "purpose": purpose_for(game, frame, seat, shown) if "purpose" in frame.args else None,
            "form": prompts.form(frame) or None,
            "rule": frame.args.get("rule"),
        }
    return {
        "game": game.name,
        "players": st.players,
        "options": dict(st.options),
        "data": {"status": game.data_status(), "provisional": False},
        "round": st.round,
        "turn": st.turn,
        "first": st.first,
        "phase": st.phase,
        "over": st.over,
        "ply": st.ply,
        "scoring_triggered": st.scoring_triggered,
        "final_round": st.final_round,
        "collapsed": st.collapsed,
        "market": market,
        "decks": {k: len(v) for k, v in st.decks.items()},
        "fame": len(st.fame),
        "king_of_kings": st.kok_side,
        "unrest_pile": len(st.unrest),
        "exile": len(st.exile),
        "seats": seats,
        "you": seat,
        "decision": decision,
        "legal": [{"id": a, "text": action_text(game, st, seat, a)} for a in legal],
        "cards": {game.cards[k].id: card_info(game, k) for k in sorted(shown) if k >= 0},
        "scores": ([{"total": s.total, **s.breakdown} for s in game.scores(st)] if st.over else None),
        "winners": game.winners(st) if st.over else None,
    }


def open_view(game: ImperiumRules, st: ImperiumState) -> dict:
    """Every seat's hand, history and sunken pile face up; the decks' order stays hidden, as it
    was from every seat."""
    return view(game, st, None, face_up=True)


def purpose_for(game: ImperiumRules, frame, seat: int | None, shown: set[int]) -> str:
    """The decision's purpose as ``seat`` may read it: a card it names is named to the seats
    deciding and to those that can see the card, and is "a hidden card" to everyone else."""
    return game.purpose(frame, seat in frame.seats or frame.args.get("card", -1) in shown)


def action_text(game: ImperiumRules, st: ImperiumState, seat: int | None, a: int) -> str:
    """The seat's own legal action in the engine's English: its description (table.describe)
    through the English templates."""
    text = describe_text(game, table.describe(game, st, seat if seat is not None else 0, a), "en")
    return text or f"action {a}"


def determinize(game: ImperiumRules, st: ImperiumState, seat: int, rng) -> ImperiumState:
    """Re-deal what ``seat`` cannot see: the others' hands, decks and history together, every
    deck's order, the nation decks above their accession cards, the fame deck with the fame
    cards removed unseen at setup. The cards running effects hold on to (the fame cards being
    looked at, the cards just drawn, the offered choices) are re-dealt too, and every reference
    follows its card, unless ``seat`` itself is shown them; cards whose own effect is running
    stay where they are."""
    return dealer(game, st, seat)(rng)


def dealer(game: ImperiumRules, st: ImperiumState, seat: int) -> Callable[[Any], ImperiumState]:
    """``determinize``'s deals of ``st`` for ``seat``, planned once: which runs of which lists
    are re-dealt together, and which re-dealt cards a reference names."""
    keep = {frame.card for frame in st.run} | seen_by(game, st, seat)
    groups: dict[str, Spans] = {}

    def hide(group: str, cards: list, start: int = 0) -> None:
        spans = groups.setdefault(group, [])
        for j in range(start, len(cards)):  # the runs between the cards kept in place
            if cards[j] in keep:
                spans.append((cards, start, j))
                start = j + 1
        spans.append((cards, start, len(cards)))

    for i, p in enumerate(st.seats):
        if i != seat:
            for zone in (p.hand, p.deck, p.history, p.sunken):  # the sunken pile is its owner's (R188)
                hide(f"seat{i}", zone)
        else:
            hide("own deck", p.deck)
        accession = 1 if p.nation_deck and game.cards[p.nation_deck[0]].location == "accession" else 0
        hide(f"nation{i}", p.nation_deck, accession)
    for name, deck in st.decks.items():
        hide(name, deck)
    hide("fame", st.fame)
    groups["fame"] += runs(  # the fame cards removed unseen at setup (R49); the box holds others too
        [(st.box, j) for j, k in enumerate(st.box) if k not in keep and "fame" in game.cards[k].suits]
    )
    hide("unrest", st.unrest)
    copy = st.copier()
    named = Lookups()
    follow_cards(game, copy(), named)  # the cards a reference names: the deals follow them
    plan = SpanRedeal(hiding_zones(st), groups.values(), named.cards)

    def deal(rng) -> ImperiumState:
        out = copy()
        out.rng = rng.getrandbits(64)
        moved = plan.deal(hiding_zones(out), rng)
        if moved:
            follow_cards(game, out, moved)
        return out

    return deal


def hiding_zones(st: ImperiumState) -> list[list[int]]:
    """The lists ``determinize`` re-deals cards in, in an order every clone of ``st`` shares."""
    zones = [zone for p in st.seats for zone in (p.hand, p.deck, p.history, p.sunken, p.nation_deck)]
    return [*zones, *st.decks.values(), st.fame, st.box, st.unrest]


# Frame variables that name cards: they follow their cards when a determinization re-deals them.
CARD_VARS = ("_seen", "drawn", "_card", "card", "_in")


def seen_by(game: ImperiumRules, st: ImperiumState, seat: int) -> set[int]:
    """Cards ``seat``'s own running effects and decisions show it (looked at, offered)."""
    cards: set[int] = set()
    for frame in st.run:
        if frame.seat == seat:
            for key in CARD_VARS:
                value = frame.vars.get(key)
                cards.update(
                    value
                    if isinstance(value, list)
                    else [value]
                    if isinstance(value, int) and not isinstance(value, bool)
                    else []
                )
    return cards | offered_cards(game.action_space, st.stack, seat)


def follow_cards(game: ImperiumRules, st: ImperiumState, moved: dict[int, int]) -> None:
    for frame in st.run:
        for key in CARD_VARS:
            if key in frame.vars:
                frame.vars[key] = follow(frame.vars[key], moved)
    for decision in st.stack:
        args = decision.args
        if "card" in args:
            args["card"] = follow(args["card"], moved)
        if "options" in args:
            args["options"] = [follow_action(game.action_space, a, moved) for a in args["options"]]
    st.reactions = [[s, follow(k, moved), *rest] for s, k, *rest in st.reactions]
    st.triggered = [[s, follow(k, moved), *rest] for s, k, *rest in st.triggered]
