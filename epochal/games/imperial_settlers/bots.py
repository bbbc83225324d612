"""Imperial Settlers' heuristic bot: one-ply greedy on ``estimate`` plus a few priors.

One ply cannot see why a card should come from one deck rather than the other, so a gained card
comes from the empire deck while it has cards (empire locations score 2 VP and give deals); and
the bot passes at once when it can neither build, deal, activate, raze nor exchange. Everything
else is the greedy comparison of ``estimate`` after each action, which knows that goods left when
passing are lost (unless stored) and that goods and cards are worth next to nothing in round 5.
"""

from __future__ import annotations

from epochal.agents.greedy import GreedyAgent

from . import actions as A


def prefer(game, st, seat: int, legal: list[int]):
    frame = st.stack[-1]
    if frame.kind == "card_source":
        return A.CARD_EMPIRE if A.CARD_EMPIRE in legal else None
    if frame.kind == "turn":
        productive = [a for a in legal if game.action_space.kind(a)[0] in ("build", "activate", "activate2", "deal")]
        if (
            not productive
            and A.PASS in legal
            and not any(A.EXCHANGE <= a < A.EXCHANGE + 5 for a in legal)
            and not any(game.action_space.kind(a)[0] in ("raze", "raze_hand") for a in legal)
        ):
            return A.PASS
    return None


class HeuristicBot(GreedyAgent):
    name = "heuristic"

    def __init__(self, seed: int = 0):
        super().__init__(seed, prefer)
