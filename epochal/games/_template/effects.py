"""One handler per operation of the vocabulary (vocab.py), run by the kernel's EffectRunner.

A handler returns DONE when its operation is over, or WAIT after asking a question or starting
child frames; it is then called again, and finds its answer in the frame.
"""

from __future__ import annotations

from epochal.engine import event
from epochal.engine.effects import DONE, WAIT, Registry

from . import actions as A
from .vocab import Choose, Draw, EachOther, Gain, Lose

handlers = Registry()


@handlers.on(Gain)
def gain(game, st, fr, op: Gain, ev: list):
    st.seats[fr.seat].gold += op.n
    ev.append(event("gain", seat=fr.seat, n=op.n))
    return DONE


@handlers.on(Lose)
def lose(game, st, fr, op: Lose, ev: list):
    seat = st.seats[fr.seat]
    n = min(op.n, seat.gold)  # R5
    seat.gold -= n
    ev.append(event("lose", seat=fr.seat, n=n))
    return DONE


@handlers.on(Draw)
def draw(game, st, fr, op: Draw, ev: list):
    game.draw(st, fr.seat, op.n, ev)  # R5: as many as the deck holds
    return DONE


@handlers.on(EachOther)
def each_other(game, st, fr, op: EachOther, ev: list):
    if fr.vars.get("_started"):
        return DONE
    fr.vars["_started"] = True
    others = [(fr.seat + i) % st.players for i in range(1, st.players)]  # R6: clockwise
    for seat in reversed(others):  # the top frame runs first
        game.runner.child(st, fr, [fr.pc, "do"], seat=seat)
    return WAIT


@handlers.on(Choose)
def choose(game, st, fr, op: Choose, ev: list):
    if fr.vars.get("_chosen") is not None:
        return DONE
    options = [A.OPTION + i for i in range(len(op.options))]
    answer = game.runner.choose(st, fr, "option", options, purpose="choose one effect", card=fr.card)
    if answer == WAIT:
        return WAIT
    fr.vars["_chosen"] = i = answer - A.OPTION
    ev.append(event("chose", seat=fr.seat, option=i + 1))
    game.runner.child(st, fr, [fr.pc, "options", i], share=False)
    return WAIT
