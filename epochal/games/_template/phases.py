"""The automatic steps between decisions, one function per phase (the game's ``proceed``)."""

from __future__ import annotations

from epochal.engine import Decision, event
from epochal.engine.effects import Registry

phases = Registry("phase")
GOAL = 10  # R8


@phases.on("turn")
def turn(game, st, ev: list) -> None:
    """R3: the player whose turn it is plays a card."""
    st.stack.append(Decision(kind="play", seats=[st.turn], args={"purpose": "play a card", "rule": "R3"}))


@phases.on("after")
def after(game, st, ev: list) -> None:
    """R4: the played card is discarded and its player draws; then R8, or the next turn."""
    game.draw(st, st.turn, 1, ev)
    if any(s.gold >= GOAL for s in st.seats) or not any(s.hand for s in st.seats):  # R8
        st.over = True
        ev.append(event("game_over", scores=[s.gold for s in st.seats], winners=game.winners(st)))
        return
    st.turn = (st.turn + 1) % st.players
    while not st.seats[st.turn].hand:  # a player without cards is passed over
        st.turn = (st.turn + 1) % st.players
    st.phase = "turn"
