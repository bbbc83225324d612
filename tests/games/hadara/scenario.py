"""Small helpers to build exact Hadara positions for rule, example and effect tests.

A Hadara state is plain data, so a test builds the position it needs by hand: start from
``blank`` (a quiet board in a chosen epoch and step), hand out cards, colonies and statues with
``give``/``give_colony``/``give_statue`` (these keep R81's track formula true), set the tracks with
``set_tracks``, place the decision under test with ``put`` and drive it with ``game.apply``.

``put`` normally slips a *stop* frame under the decision (a wheel decision, which always has
five answers and so is never auto-resolved): once the decision under test is resolved the
engine halts there instead of running on into later steps (income, the next epoch ...), so
the test sees exactly what the action did. Tests that want the real step flow pass
``stop=False``.

Rule numbers refer to shared/rules/hadara.md.
"""

from __future__ import annotations

import msgspec
import pytest

from epochal.engine import Decision, IllegalAction, get_game
from epochal.games.hadara import Hadara
from epochal.games.hadara import actions as A
from epochal.games.hadara.cards import COLORS, TRACKS

INCOME, MILITARY, CULTURE, FOOD = range(4)
STOP = "wheel"  # the kind of the stop frame put() places under a decision

_replace = msgspec.structs.replace


def hadara() -> Hadara:
    return get_game("hadara")


def fresh(players: int = 2, seed: int = 0, sides: str | None = None, game=None, **options):
    """(game, state) just after setup: side decision answered (advanced) and epoch I at A1."""
    game = game or hadara()
    st = game.new(players, seed, options)
    if st.stack and st.stack[-1].kind == "side":
        sides = sides or "A" * players
        for i in range(players):
            game.apply(st, i, A.SIDE + "AB".index(sides[i]))
    return game, st


def blank(players: int = 2, seed: int = 0, epoch: int = 1, step: str = "B3", game=None, **options):
    """A quiet position: ``epoch``/``step``, no pending decision, empty decks and piles.

    Every card of the epochs so far lies in the box (``give`` takes cards from there), the seats
    own nothing but their start cards, colonies wait in their stacks.
    """
    game, st = fresh(players, seed, game=game, **options)
    basic = st.options["mode"] == "basic"
    st.epoch, st.step, st.turn, st.round = epoch, step, 0, 0
    st.stack = []
    st.decks = [[] for _ in st.decks]
    st.piles = [[] for _ in st.piles]
    st.out = []
    st.box = [k for k in range(game.n_cards) if game.epoch_of[k] <= epoch and not (basic and game.star_of[k])]
    for seat in st.seats:
        seat.cards, seat.hand, seat.sold_secret = [], [], []
        seat.tracks = game.formula_tracks(seat)
    return game, st


def put(st, seat: int, kind: str, step: str | None = None, stop: bool = True, **args) -> Decision:
    """Make ``seat`` owe a ``kind`` decision now (in ``step``), its turn in the step's order."""
    if step is not None:
        st.step = step
    first = st.first[st.epoch - 1]
    st.turn = (seat - first) % st.players
    if stop:
        st.stack.append(Decision(kind=STOP, seats=[seat]))
    frame = Decision(kind=kind, seats=[seat], args=dict(args))
    st.stack.append(frame)
    return frame


def halted(st) -> bool:
    """The engine stopped at the stop frame of ``put``: nothing ran after the tested decision."""
    return len(st.stack) == 1 and st.stack[0].kind == STOP


def _take_from_anywhere(st, card: int) -> None:
    for place in (st.box, st.out, *st.decks, *st.piles):
        if card in place:
            place.remove(card)
            return
    for seat in st.seats:
        for place in (seat.cards, seat.hand, seat.sold_secret):
            if card in place:
                place.remove(card)
                return
    raise AssertionError(f"card {card} is nowhere (epoch later than the state's?)")


def sync(game, seat) -> None:
    """Set the tracks to R81's formula (after editing what the seat owns)."""
    seat.tracks = game.formula_tracks(seat)


def give(game, st, i: int, *cards: int) -> None:
    """Seat ``i`` owns ``cards`` (taken from wherever they lie); tracks follow R81."""
    seat = st.seats[i]
    for k in cards:
        _take_from_anywhere(st, k)
        seat.cards.append(k)
    sync(game, seat)
    st.edited()


def to_pile(game, st, *cards: int) -> None:
    """Put ``cards`` face up on the discard pile of their colour (the last one on top)."""
    from epochal.games.hadara.rules import BOARD

    for k in cards:
        _take_from_anywhere(st, k)
        st.piles[BOARD.index(COLORS[game.color_of[k]])].append(k)
    st.edited()


def pile_of(game, card: int) -> int:
    """Board position of the deck and discard pile of ``card``'s colour."""
    from epochal.games.hadara.rules import BOARD

    return BOARD.index(COLORS[game.color_of[card]])


def give_colony(game, st, i: int, token: int, annexed: bool = False) -> None:
    for place in (st.colony_box, *st.stacks):
        if token in place:
            place.remove(token)
            break
    else:
        raise AssertionError(f"colony {token} is not available")
    seat = st.seats[i]
    seat.colonies.append(token)
    seat.annexed.append(annexed)
    sync(game, seat)
    st.edited()


def top_colony(game, st, token: int) -> int:
    """Put colony ``token`` on top of its stack (from the box or deeper in the stack); its stack."""
    v = game.requirements.index(game.colonies[token].requirement)
    for place in (st.colony_box, *st.stacks):
        if token in place:
            place.remove(token)
            break
    st.stacks[v].append(token)
    return v


def give_statue(game, st, i: int, slot: int, track: int, face_down: bool = False) -> None:
    seat = st.seats[i]
    assert seat.statues[slot] == -1 and seat.tiles[track] > 0
    seat.tiles[track] -= 1
    seat.statues[slot] = track * 2 + int(face_down)
    sync(game, seat)


def set_tracks(game, seat, income=None, military=None, culture=None, food=None) -> None:
    """Give the seat these track values, moving its start values so that R81 still holds."""
    formula = game.formula_tracks(seat)
    for t, value in enumerate((income, military, culture, food)):
        if value is not None:
            seat.base[t] += value - formula[t]
    sync(game, seat)


def find_cards(game, pe=None, color=None, epoch=None, star=None, effect=None, exclude=(), **fields) -> list[int]:
    """Card indices matching every given property.

    ``pe``: an effect tag ("PE3") or effect class; ``effect=False``: cards without an effect;
    ``fields``: bonus tracks, e.g. ``food=0``.
    """
    out = []
    for k, card in enumerate(game.data.cards):
        eff = card.effect
        if pe is not None:
            if eff is None:
                continue
            if isinstance(pe, str) and type(eff).__struct_config__.tag != pe:
                continue
            if isinstance(pe, type) and not isinstance(eff, pe):
                continue
        if effect is False and eff is not None:
            continue
        if color is not None and card.color != color:
            continue
        if epoch is not None and card.epoch != epoch:
            continue
        if star is not None and card.star != star:
            continue
        if k in exclude:
            continue
        bonus = dict(zip(TRACKS, card.bonus.as_tuple(), strict=True))
        if any(bonus[name] != value for name, value in fields.items()):
            continue
        out.append(k)
    return out


def find_card(game, **query) -> int:
    found = find_cards(game, **query)
    assert found, f"no card matches {query}"
    return found[0]


def variant(game=None, cards=None, colonies=None, slots=None, starts=None, medals=None) -> Hadara:
    """A game bound to a copy of the data with some items changed, e.g. ``cards={k: {"cost": 5}}``.

    For numbers the built-in data only guesses (costs, VP, colony values ...) a test states the
    value it needs instead of trusting the stand-in.
    """
    game = game or hadara()
    data = game.data
    if cards:
        data = _replace(data, cards=[_replace(c, **cards[k]) if k in cards else c for k, c in enumerate(data.cards)])
    if colonies:
        data = _replace(
            data, colonies=[_replace(c, **colonies[k]) if k in colonies else c for k, c in enumerate(data.colonies)]
        )
    if slots:
        data = _replace(
            data, statue_slots=[_replace(s, **slots[k]) if k in slots else s for k, s in enumerate(data.statue_slots)]
        )
    if starts:

        def side(card, name):
            ch = starts.get(card.number, {}).get(name)
            return _replace(getattr(card, name), **ch) if ch else getattr(card, name)

        data = _replace(data, start_cards=[_replace(c, A=side(c, "A"), B=side(c, "B")) for c in data.start_cards])
    if medals:
        data = _replace(data, medal_prices=_replace(data.medal_prices, **medals))
    return Hadara(data)


def assert_illegal(game, st, seat: int, action: int, rule: str) -> IllegalAction:
    """The action raises IllegalAction citing ``rule`` and leaves the state byte-identical."""
    before = st.to_json()
    with pytest.raises(IllegalAction) as info:
        game.apply(st, seat, action)
    assert info.value.rule == rule, info.value
    assert st.to_json() == before
    return info.value


def colony_of(game, requirement: int, exclude=()) -> list[int]:
    return [t for t, c in enumerate(game.colonies) if c.requirement == requirement and t not in exclude]


def slot_with(game, **fields) -> int:
    for s, slot in enumerate(game.slots):
        if all(getattr(slot, name) == value for name, value in fields.items()):
            return s
    raise AssertionError(f"no statue slot with {fields}")


def run_step(game, st, step: str) -> list[dict]:
    """Run one automatic step (income, feeding checks ...) by itself: its events.

    Calls the game's ``proceed`` once, so nothing after it runs (the step pointer moves on).
    """
    st.step, st.turn = step, 0
    ev: list[dict] = []
    game.proceed(st, ev)
    return ev


def initiative(game, st, i: int) -> int:
    seat = st.seats[i]
    return getattr(game.data.start_cards[seat.start], seat.side).initiative


def start_side(game, st, i: int):
    seat = st.seats[i]
    return getattr(game.data.start_cards[seat.start], seat.side)


def spare(game, st, n: int = 1, **query) -> list[int]:
    """``n`` cards matching ``query`` (see ``find_cards``) that still lie unused in the box."""
    box = set(st.box)
    cards = [k for k in find_cards(game, **query) if k in box]
    assert len(cards) >= n, f"only {len(cards)} spare cards match {query}"
    return cards[:n]
