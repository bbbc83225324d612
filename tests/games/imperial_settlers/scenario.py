"""Helpers to build Imperial Settlers positions and run one action at a time.

game, st = fresh("Barbarians", "Japanese")         # 2 players, round 1, seat 0's turn
give(game, st, 0, "COM046", "locations")           # a Castle built in seat 0's empire
supply(st, 0, worker=2, wood=1)                    # seat 0's personal supply
act(game, st, 0, "activate", "COM046")             # activate it
answer(game, st, 0, A.CARD_EMPIRE)                  # answer the pending decision
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from epochal.engine import Decision, IllegalAction
from epochal.games.imperial_settlers import actions as A
from epochal.games.imperial_settlers import cards as C
from epochal.games.imperial_settlers import make_game
from tests.support.cards import covers as covers  # the tests import it from here

_GAME = None
SUPPLY = ("wood", "stone", "food", "gold", "worker", "raze", "defence")


def settlers():
    global _GAME
    if _GAME is None:
        _GAME = make_game()
    return _GAME


def edited_data(tmp_path: Path, changes: dict[str, dict[str, dict]]) -> Path:
    """A copy of the built-in data in which the cards ``changes`` names, by deck file and card
    id (``{"japanese": {"JAP012": {...}}}``), have these fields. Each set of changes gets its
    own directory, so one test may build several games."""
    out = tmp_path / f"data{abs(hash(json.dumps(changes, sort_keys=True)))}"
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(C.DATA_DIR, out)
    for deck, cards in changes.items():
        path = out / f"{deck}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        found = [entry.update(cards[entry["id"]]) for entry in data["cards"] if entry["id"] in cards]
        assert len(found) == len(cards), f"{deck}: no card among {sorted(cards)}"
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return out


def idx(game, card_id: str) -> int:
    return game.index_of[card_id]


def take_anywhere(st, k: int) -> None:
    """Remove card ``k`` from wherever it lies (so a test can place it)."""
    for pile in (st.common_deck, st.common_discard, st.table, *st.packets, st.virtual, st.trophies):
        while k in pile:
            pile.remove(k)
    for p in st.seats:
        for zone in (
            "hand",
            "deck",
            "discard",
            "locations",
            "foundations",
            "hidden_foundations",
            "deals",
            "defended",
            "samurai",
        ):
            cards = getattr(p, zone)
            while k in cards:
                cards.remove(k)
        for cards in p.under.values():
            while k in cards:
                cards.remove(k)
        p.used.pop(k, None)


ANCHORS = ("COM074", "COM073", "COM072", "COM071")  # Ruins: free to build


def fresh(*factions: str, seed: int = 0, seat: int = 0, empty: bool = True, anchor: bool = True, **options):
    """A new game with these empires, put into round 1's Action phase with ``seat`` to act.

    ``empty``: hands go back to their decks and supplies are empty, so a test sets up exactly
    what it needs (``give``, ``supply``). ``anchor``: every seat holds a Ruins (free to build;
    ``ANCHORS[seat]``), so its turns are real decisions and the game never passes for it on its
    own (a seat whose only legal action is to pass passes automatically)."""
    game = settlers()
    st = game.new(len(factions), seed, {"factions": ",".join(factions), **options})
    st.stack.clear()
    st.run.clear()
    st.schedule = []
    st.common_deck.extend(st.table)
    st.table = []
    for packet in st.packets:
        st.common_deck.extend(packet)
    st.packets = []
    if empty:
        for p in st.seats:
            for k in p.hand:
                (st.common_deck if game.cards[k].common else p.deck).append(k)
            p.hand = []
            for good in SUPPLY:
                setattr(p, good, 0)
    st.round = 1
    st.first = st.turn = seat
    st.phase = "action"
    for p in st.seats:
        p.passed = False
    if anchor:
        for other in range(len(factions)):
            give(game, st, other, ANCHORS[other])
    begin(st, seat)
    return game, st


def begin(st, seat: int) -> None:
    """Hand ``seat`` its Action-phase turn (without the automatic steps of ``advance``)."""
    st.stack = [Decision(kind="turn", seats=[seat])]
    st.turn = seat
    st.phase = "action"


def give(game, st, seat: int, card_id: str, zone: str = "hand") -> int:
    """Put a card in a zone of ``seat`` (hand, locations, deals, ...); in solo also the virtual
    opponent's locations (``virtual``) or its trophy pile (``trophies``)."""
    k = idx(game, card_id)
    take_anywhere(st, k)
    getattr(st if zone in ("virtual", "trophies") else st.seats[seat], zone).append(k)
    st.edited()
    return k


def supply(st, seat: int, **goods) -> None:
    for good, n in goods.items():
        setattr(st.seats[seat], good, n)
    st.edited()


def goods(st, seat: int) -> dict:
    p = st.seats[seat]
    return {g: getattr(p, g) for g in (*SUPPLY, "vp") if getattr(p, g)}


def action_id(game, kind: str, card_id: str) -> int:
    return getattr(game.action_space, kind) + idx(game, card_id)


def act(game, st, seat: int, kind: str, card_id: str) -> list[dict]:
    """Apply a card action: kind is build, deal, raze_hand, raze, activate, activate2, defend,
    samurai or pick."""
    return game.apply(st, seat, action_id(game, kind, card_id))


def answer(game, st, seat: int, action: int) -> list[dict]:
    return game.apply(st, seat, action)


def pick(game, st, seat: int, card_id: str) -> list[dict]:
    return game.apply(st, seat, action_id(game, "pick", card_id))


def decision(st):
    return st.stack[-1] if st.stack else None


def ids(game, cards) -> list[str]:
    return [game.cards[k].id for k in cards]


def assert_illegal(game, st, seat: int, action: int, rule: str | None = None) -> IllegalAction:
    before = st.to_json()
    with pytest.raises(IllegalAction) as info:
        game.apply(st, seat, action)
    assert st.to_json() == before, "a rejected action changed the state"
    if rule is not None:
        assert info.value.rule == rule, info.value
    return info.value


def legal_kinds(game, st, seat: int) -> dict[str, list[str]]:
    """The legal actions of ``seat`` grouped by kind, cards by id."""
    out: dict[str, list[str]] = {}
    for a in game.legal(st, seat):
        kind, k = game.action_space.kind(a)
        out.setdefault(kind, []).append(game.cards[k].id if kind != "fixed" else a)
    return out


def end_turn(game, st, seat: int) -> None:
    """Finish ``seat``'s turn if it is left with free actions only."""
    d = decision(st)
    if d is not None and d.kind == "after" and seat in d.seats:
        game.apply(st, seat, A.END)


# --- the solo mode ---------------------------------------------------------------------------


def attack_of(game, target: str, taken=()) -> int:
    return next(i for i, a in enumerate(game.attacks) if a.target == target and i not in taken)


def arrange(game, st, row=(), reveal=()) -> tuple[list[int], list[int]]:
    """Put attack cards (targets or indices) in the row (newest first) and on top of the attack
    deck (``reveal``: the next card to be revealed first); the others stay in the deck below."""
    taken: list[int] = []

    def index(x) -> int:
        i = x if isinstance(x, int) else attack_of(game, x, taken)
        taken.append(i)
        return i

    row_i = [index(x) for x in row]
    top_i = [index(x) for x in reveal]
    st.attack_row = list(row_i)
    st.attack_deck = [i for i in range(len(game.attacks)) if i not in taken] + top_i[::-1]
    st.edited()
    return row_i, top_i


def attack(game, st, times: int = 1) -> list[dict]:
    """Run ``times`` attacks of the Attack phase (R209) from the current position."""
    st.stack.clear()
    st.run.clear()
    st.phase = "attack_next"
    st.attacks_left = times
    ev: list = []
    game.advance(st, ev)
    return ev
