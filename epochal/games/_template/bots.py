"""The game's own bot's judgement: the gold a card's effect is worth (agents.greedy asks it)."""

from __future__ import annotations

from .vocab import Choose, Draw, EachOther, Gain, Lose


def worth(ops: list) -> float:
    """Gold for you, less for the others; a card drawn counts as one gold; a choice its best."""
    total = 0.0
    for op in ops:
        if isinstance(op, Gain):
            total += op.n
        elif isinstance(op, Lose):
            total -= op.n
        elif isinstance(op, Draw):
            total += op.n
        elif isinstance(op, EachOther):
            total -= worth(op.do)
        elif isinstance(op, Choose):
            total += max(worth(o) for o in op.options)
    return total


def prefer(game, state, seat: int, legal: list[int]) -> int:
    """The card worth most; in a choice, the option worth most (ties: the lowest id)."""
    decision = state.stack[-1]
    if decision.kind == "play":
        return max(legal, key=lambda a: (worth(game.cards[a - game.action_space.play].effect), -a))
    frame = state.run[decision.args["frame"]]
    op = game.runner.ops(frame)[frame.pc]
    return max(legal, key=lambda a: (worth(op.options[a - game.action_space.option]), -a))
