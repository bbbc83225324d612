"""The decisions a seat answers: for each kind, its legal answers and what an answer does."""

from __future__ import annotations

from epochal.engine import event
from epochal.engine.effects import Registry

legal = Registry("legal answers")
resolve = Registry("resolution")


@legal.on("play")
def play_legal(game, st, d, seat: int) -> list[int]:
    return [game.action_space.play + k for k in sorted(st.seats[seat].hand)]


@resolve.on("play")
def play(game, st, d, seat: int, action: int, ev: list) -> None:
    """R3-R4: the card leaves the hand and its effect runs; the card is discarded."""
    k = action - game.action_space.play
    st.seats[seat].hand.remove(k)
    st.discard.append(k)
    ev.append(event("play", seat=seat, card=game.cards[k].id))
    st.phase = "after"
    game.runner.push(st, seat, card=k, part="effect")


@legal.on("option")
def option_legal(game, st, d, seat: int) -> list[int]:
    return game.runner.offered(d)


@resolve.on("option")
def option(game, st, d, seat: int, action: int, ev: list) -> None:
    game.runner.answer(st, d, action)
