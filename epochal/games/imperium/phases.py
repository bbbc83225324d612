"""The automatic steps of a round, one function per ``st.phase`` in a dispatch table (``PHASES``),
run by the kernel's advance loop (``Game.advance`` through ``proceed``) whenever no decision is
pending and no effect runs: a turn starts (R65-R68), Activate asks again (R69), clean-up runs
(R84-R94), the turn passes on or the solstice comes (R108-R112), and after it the next round or
the end (R212-R219).

Rule numbers refer to shared/rules/imperium.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine import Decision, event
from epochal.engine.effects import Registry

from . import scoring, shared

if TYPE_CHECKING:
    from .rules import ImperiumRules

PHASES = Registry("phase")


@PHASES.on("start")
def start(game: ImperiumRules, st, ev: list) -> None:
    """R65-R67: the seat to play chooses Activate, Innovate or Revolt."""
    p = st.seats[st.turn]
    p.free_played = []
    p.region_as_production = 0
    p.river_as_production = 0
    p.empire_next = False  # Combs: this turn only
    p.turn_mode = ""
    st.stack.append(Decision(kind="turn", seats=[st.turn]))


@PHASES.on("activate")
def activate(game: ImperiumRules, st, ev: list) -> None:
    """R69: play or exhaust another card, or end."""
    st.stack.append(Decision(kind="activate", seats=[st.turn]))


@PHASES.on("cleanup")
def cleanup(game: ImperiumRules, st, ev: list) -> None:
    """R84-R94: the clean-up program (a market token, tokens back, discard, draw)."""
    shared.push(game, st, st.turn, -1, "cleanup")
    st.phase = "next"


@PHASES.on("next")
def next_turn(game: ImperiumRules, st, ev: list) -> None:
    """R68: the next seat plays; after the last seat of the round, the solstice (R108-R113):
    seat by seat from the first (G25), each applies its solstice effects in the order it
    chooses (``SolsticeOrder``, R112)."""
    last = (st.first - 1) % st.players
    if st.turn != last:
        st.turn = (st.turn + 1) % st.players
        st.phase = "start"
        return
    st.phase = "after_solstice"  # R68, R108
    order = [(st.first + i) % st.players for i in range(st.players)]
    for seat in reversed(order):
        shared.push(game, st, seat, -1, "solstice_order")
    ev.append(event("solstice", round=st.round))


@PHASES.on("after_solstice")
def after_solstice(game: ImperiumRules, st, ev: list) -> None:
    """R212-R219: a triggered end gives one final round; after it, the game ends."""
    if st.final_round:  # R219
        finish(game, st, ev)
        return
    if st.scoring_triggered:
        st.final_round = True
        ev.append(event("final_round"))
    st.round += 1
    st.turn = st.first
    st.phase = "start"


def finish(game: ImperiumRules, st, ev: list) -> None:
    """R228-R237: end-of-game effects, then the scores."""
    scoring.before_scoring(game, st, ev)
    st.over = True
    st.phase = "end"
    scores = game.scores(st)  # once: the four readings below see the same final position
    ev += scoring.result_events(game, st, scores)  # each seat's score and the winners, then the end
    ev.append(event("game_over", scores=[s.total for s in scores], winners=game.winners(st, scores)))
