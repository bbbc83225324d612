"""Hidden information, game-agnostic: re-dealing what a seat cannot see, and telling from the
views themselves whether an action showed somebody a card.

Two promises rest on this module:

* a view depends on nothing its seat cannot see. A game's ``determinize`` re-deals every card
  hidden from the seat (hands, decks, and the cards running effects hold on to), and
  ``redeal`` hands back how identities moved so that every reference to a re-dealt card follows
  it. The engine battery compares each seat's view of the true state with its view of such a
  re-deal: a text or field naming a hidden card makes them differ.
* an action that showed a seat something hidden cannot be taken back (the same action would
  deal the same cards again). ``revealing`` tells it from the views before and after, so a
  game cannot forget to say so.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .actions import ActionSpace
    from .game import Game
    from .state import State

Places = list[tuple[list, int]]  # (a list in the state, an index into it)
Spans = list[tuple[list, int, int]]  # (a list in the state, a start, a stop): cards[start:stop]


def redeal(groups: Mapping[Any, Places], rng) -> dict[int, int]:  # a group's key only names it
    """Shuffle the cards within each group of places; returns old card -> the card now lying
    where it lay, for every card that moved (cards are distinct ints within the state).

    The new order depends only on which cards are hidden, never on where they really were.
    """
    moved: dict[int, int] = {}
    for places in groups.values():
        if len(places) < 2:
            continue
        old = [c[j] for c, j in places]
        cards = sorted(old)
        shuffle(cards, rng)
        for (c, j), was, now in zip(places, old, cards, strict=False):
            c[j] = now
            if was != now:
                moved[was] = now
    return moved


class Lookups(dict):
    """A stand-in for ``moved`` that notes the cards looked up in it and moves none: a game's
    following of references, run on a copy with it, tells which cards the references name
    (the cards a ``SpanRedeal`` then follows)."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: set[int] = set()

    def get(self, card, default=None):
        self.cards.add(card)
        return default


def runs(places: Places) -> Spans:
    """Places as runs, in their order: neighbouring places of one list make one run (a deck of
    one colour is one run)."""
    spans: Spans = []
    for cards, j in places:
        if spans and spans[-1][0] is cards and spans[-1][2] == j:
            spans[-1] = (cards, spans[-1][1], j + 1)
        else:
            spans.append((cards, j, j + 1))
    return spans


class SpanRedeal:
    """``redeal`` for groups of whole runs of places, planned once and dealt many times from
    one position, as a game that groups hidden cards by where they lie (a deck, a seat's hand
    and deck together) re-deals its search's root at every iteration: the runs are read and
    sorted once, and each ``deal`` shuffles a copy of a group's cards into its runs as slices.

    ``zones``: the lists the cards lie in, in an order every clone of the state shares;
    ``groups``: each group's runs in those lists; ``follow``: the cards whose new card each
    deal reports.
    """

    def __init__(self, zones: list[list[int]], groups: Iterable[Spans], follow: Collection[int] = ()):
        index = {id(cards): z for z, cards in enumerate(zones)}
        # each group's runs as (a zone's index, a start, a stop), and its cards sorted
        self.groups: list[tuple[list[tuple[int, int, int]], list[int]]] = []
        self.follow: dict[int, tuple[int, int]] = {}  # card -> (its group, its place in the group)
        for spans in groups:
            old = [card for cards, start, stop in spans for card in cards[start:stop]]
            if len(old) < 2:
                continue
            for at, card in enumerate(old):
                if card in follow:
                    self.follow[card] = (len(self.groups), at)
            self.groups.append(([(index[id(cards)], start, stop) for cards, start, stop in spans], sorted(old)))

    def deal(self, zones: list[list[int]], rng) -> dict[int, int]:
        """Re-deal the cards into ``zones`` (the plan's lists in a clone of its state); returns
        each ``follow`` card -> the card now lying where it lay (itself when it stayed). The new
        order depends only on which cards are hidden, never on where they really were."""
        dealt = []
        for spans, cards in self.groups:
            new = cards[:]
            shuffle(new, rng)
            at = 0
            for z, start, stop in spans:
                zones[z][start:stop] = new[at : at + stop - start]
                at += stop - start
            dealt.append(new)
        return {card: dealt[g][at] for card, (g, at) in self.follow.items()}


def shuffle(items: list, rng) -> None:
    """``rng.shuffle(items)``, the same permutation and the same draws from ``rng``, faster for
    a ``random.Random``: its Fisher-Yates with ``_randbelow`` inlined (a search re-deals the
    hidden cards on every iteration, and the calls were most of the cost)."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:  # rejection, as random.Random._randbelow_with_getrandbits
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def follow(value, moved: dict[int, int]):
    """A card reference (an int, or a list of them) after ``redeal`` moved the cards."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return moved.get(value, value)
    if isinstance(value, list):
        return [follow(v, moved) for v in value]
    return value


def follow_action(space: ActionSpace, action: int, moved: dict[int, int]) -> int:
    """A card action id after ``redeal`` moved the cards: the same block, the moved card."""
    k = space.card_of(action)
    return action if k < 0 else action - k + follow(k, moved)


def offered_cards(space: ActionSpace, stack, seat: int) -> set[int]:
    """The cards that decisions ``seat`` must answer offer it (it is shown them)."""
    cards: set[int] = set()
    for decision in stack:
        if seat in decision.seats:
            for a in decision.args.get("options", []):
                k = space.card_of(a)
                if k >= 0:
                    cards.add(k)
    return cards


def seen_cards(game: Game, view) -> set[str]:
    """The card ids that appear anywhere in ``view``: the cards its seat can see now."""
    ids = game.card_ids()
    found: set[str] = set()
    stack = [view]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in ids:
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def seen_by_seat(game: Game, state: State) -> list[set[str]]:
    return [seen_cards(game, game.view(state, s)) for s in range(state.players)]


def revealing(game: Game, before: State, seat: int, action: int, after: State, rng, redeals: int = 3) -> bool:
    """Did ``seat``'s ``action``, which turned ``before`` into ``after``, show some seat
    something hidden? Then it cannot be taken back: the same action would deal the same cards
    again, and the actor would choose knowing them.

    Told from the states and views, not from events a game must remember to mark: yes when

    * it closed a simultaneous step (every seat's hidden choice is unveiled);
    * it drew on the state's random generator (a shuffle whose result may show);
    * a seat's view shows a card it did not show before, unless the actor could see that card
      before;
    * the same action in states re-dealt from the actor's point of view (``redeals`` of them)
      leaves the actor's view different: what it sees now depends on what it could not see.

    What the others learn of cards the actor knew (a card played from its hand, the back of
    its own resource card) does not count: taking the action back gives the actor nothing.
    """
    if game.closes_simultaneous(before, seat):
        return True
    if after.rng != before.rng:
        return True
    seen_before = seen_by_seat(game, before)
    known = seen_before[seat]
    if any(now - was - known for was, now in zip(seen_before, seen_by_seat(game, after), strict=False)):
        return True
    view = game.view(after, seat)
    for _ in range(redeals):
        other = game.determinize(before, seat, rng)
        game.apply(other, seat, action)  # legal: the actor's view, legal actions included,
        if game.view(other, seat) != view:  # is the same in a re-deal from its seat
            return True
    return False
