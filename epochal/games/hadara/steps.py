"""The steps of an epoch (R27): ``RUN`` maps each step to the function that carries it out when no
decision is pending (the game's ``proceed``); a step either asks the decision it needs or finishes
and moves ``st.step`` on (``next_step``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from epochal.engine import Decision, event
from epochal.engine import rng as rngmod

from .state import BOARD, DONE, ROUNDS, STEPS

if TYPE_CHECKING:
    from .rules import HadaraRules
    from .state import HadaraState


def start_epoch(game: HadaraRules, st: HadaraState, ev: list) -> None:  # R29-R30, R14
    st.epoch += 1
    n = st.players
    basic = st.options["mode"] == "basic"
    for pos, color in enumerate(game.board_color):
        cards = list(game.deck_cards.get((st.epoch, color, basic), ()))
        rngmod.shuffle(st, cards)
        st.decks[pos] = cards[: 2 * n]
        st.box.extend(cards[2 * n :])
    for seat in st.seats:  # last epoch's secret sales no longer matter to anyone
        st.out.extend(seat.sold_secret)
        seat.sold_secret = []
    st.step = "A1"
    st.turn = st.round = 0
    ev.append(event("epoch", epoch=st.epoch, first=st.first[st.epoch - 1]))


def next_step(game: HadaraRules, st: HadaraState, ev: list) -> None:
    if st.step == "B6":
        if st.epoch == 3:  # R77
            st.over = True
            st.step = "end"
            final = game.scores(st)
            scores = [s.total for s in final]
            winners = game.winners(st, final)
            ev.append(event("game_over", scores=scores, winners=winners))
            for i in winners:  # R97-R98: a line per winner, naming them
                ev.append(event("winner", seat=i, total=scores[i], shared="yes" if len(winners) > 1 else "no"))
            return
        start_epoch(game, st, ev)
        return
    st.step = STEPS[STEPS.index(st.step) + 1]
    st.turn = 0
    for seat in st.seats:
        seat.took = seat.bought_points = seat.fed_paid = 0
    ev.append(event("step", step=st.step, epoch=st.epoch))


# A1 (R31)
def wheel(game: HadaraRules, st: HadaraState, ev: list) -> None:
    st.stack.append(Decision(kind="wheel", seats=[st.first[st.epoch - 1]]))


# A2 (R33-R36)
def draw(game: HadaraRules, st: HadaraState, ev: list) -> None:
    if st.round == ROUNDS:
        next_step(game, st, ev)
        return
    for i, seat in enumerate(st.seats):
        deck = st.decks[game.deck_at(st, i)]
        seat.hand = [deck.pop(), deck.pop()]
        first, other = (game.card_id[k] for k in seat.hand)
        ev.append(event("drew", to=[i], card=first, other=other, deck=BOARD[game.deck_at(st, i)], round=st.round + 1))
    st.stack.append(Decision(kind="draw", seats=list(game.order(st))))


# A3, B2 (R45, PE8)
def income(game: HadaraRules, st: HadaraState, ev: list) -> None:
    for i in game.order(st):
        seat = st.seats[i]
        tax = game.fx.development_tax(seat)
        seat.coins += seat.tracks[0] + tax
        ev.append(event("income", seat=i, coins=seat.tracks[0], tax=tax))
    next_step(game, st, ev)


def sequential(kind: str) -> Callable[[HadaraRules, HadaraState, list], None]:
    """Colony, statue, medal steps: each seat in turn order may act, then passes on."""

    def run(game: HadaraRules, st: HadaraState, ev: list) -> None:
        order = game.order(st)
        legal = game.legal_of[kind]
        while st.turn < len(order):
            i = order[st.turn]
            if st.seats[i].took != DONE:
                answers = legal(game, st, i)
                if len(answers) > 1:
                    frame = Decision(kind=kind, seats=[i])
                    game.keep(st, frame, i, answers)
                    st.stack.append(frame)
                    return
            st.turn += 1
        next_step(game, st, ev)

    return run


# B1 (R63-R65)
def take(game: HadaraRules, st: HadaraState, ev: list) -> None:
    if not any(st.piles):
        next_step(game, st, ev)
        return
    order = game.order(st)
    st.stack.append(Decision(kind="take", seats=[order[st.turn % len(order)]]))


# B5 (R67-R71, PE6, PE7)
def feed(game: HadaraRules, st: HadaraState, ev: list) -> None:
    order = game.order(st)
    while st.turn < len(order):
        i = order[st.turn]
        seat = st.seats[i]
        if game.hunger(seat) > 0:
            st.stack.append(Decision(kind="feed", seats=[i]))
            return
        surplus = game.fx.food_surplus(seat, seat.tracks[3] - len(seat.cards))
        if surplus:
            seat.coins += surplus
            ev.append(event("food_surplus", seat=i, coins=surplus))
        ev.append(event("fed", seat=i))
        st.turn += 1
    next_step(game, st, ev)


colony = sequential("colony")  # A4, B3
statue = sequential("statue")  # A5, B4
medals = sequential("medals")  # B6

RUN: dict[str, Callable[[HadaraRules, HadaraState, list], None]] = {
    "A1": wheel,
    "A2": draw,
    "A3": income,
    "A4": colony,
    "A5": statue,
    "B1": take,
    "B2": income,
    "B3": colony,
    "B4": statue,
    "B5": feed,
    "B6": medals,
}
