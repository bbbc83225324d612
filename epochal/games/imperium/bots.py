"""Imperium's bots: the heuristic bot, one-ply greedy on ``estimate`` plus the rulebook's advice,
and the planner, which judges its turn's larger choices by playing the turn out.

The turn choice and the clean-up discards are where one ply sees nothing, so the heuristic bot
follows the advice of the rulebook (R93) there: activate when there is something to play or
exhaust (an exhaust alone only while a card is left in hand, deck or discard pile: a seat with no
card anywhere gets one only by innovating), revolt when unrest clogs the hand, otherwise
innovate; at clean-up discard the rest of the hand to cycle the deck towards the nation's
stronger cards.

The planner judges the turn choice and each play of an activation by the turn it leads to
(``plays_out``): every option is tried on a re-deal of what the seat sees, the rest of the
seat's turn is taken by the planner's own one-ply choices, and the options compare by the
position the turn ends in. What an Activate brings comes only with the plays after it, and
whether one card is better played before another shows only at the turn's end. It keeps the
advice for the clean-up and the rule for a seat with no card anywhere.

Both judge a play or an exhaust after the choices of its own effect (``follows``, each answered
at one ply): Tree of Knowledge's exhaust garrisons a scroll and then acquires a card, and judged
before the acquisition it is only the scroll lost, so the bot never used the Utopians' or the
Olmecs' engines of that kind.

Activating every turn can stall a game: the main deck shrinks only when someone breaks through
or acquires, and its running out is what ends most games (R213). Three heuristic bots that never
innovate can play on for ever (Utopians, Qin and Olmecs, seen past round 350), so past LATE_ROUND
both bots innovate on every turn, and the main deck runs down.
"""

from __future__ import annotations

from epochal.agents.greedy import GreedyAgent

from . import actions as A
from . import piles, playing, shared
from .effects import SUIT_ACTIONS

# Heuristic games end by round 26 or so (60 three-player games: rounds 10-26, two of 36 and 63,
# one endless); past this round the game has stalled.
LATE_ROUND = 30


def prefer(game, st, seat: int, legal: list[int]):
    """The heuristic bot's advice: the rulebook's at the turn choice, and ``advice``."""
    frame = st.stack[-1]
    if frame.kind != "turn":
        return advice(game, st, seat, legal)
    innovate = innovate_now(game, st, seat, legal)
    if innovate is not None:
        return innovate
    p = st.seats[seat]
    unrest = sum(1 for k in p.hand if "unrest" in game.cards[k].suits)
    playable = any(useful(game, st, seat, k) for k in p.hand)
    exhaustable = any(playing.can_exhaust(game, st, seat, k) for k in [*p.play, *shared.power_cards(p)])
    if unrest >= 2 and not playable:
        return A.REVOLT + min(unrest, A.MAX_REVOLT)
    if playable or exhaustable and (p.hand or p.deck or p.discard):
        return A.ACTIVATE
    return A.INNOVATE if A.INNOVATE in legal else A.ACTIVATE


def plan_prefer(game, st, seat: int, legal: list[int]):
    """The planner's advice: none at the turn choice, which it plays out, but ``innovate_now``'s."""
    if st.stack[-1].kind == "turn":
        return innovate_now(game, st, seat, legal)
    return advice(game, st, seat, legal)


def innovate_now(game, st, seat: int, legal: list[int]):
    """Innovate past LATE_ROUND, when the game has stalled (R82, R213), and with no card left in
    hand, deck or discard pile, since only a break through brings one (R82); else None."""
    p = st.seats[seat]
    if A.INNOVATE in legal and (st.round > LATE_ROUND or not (p.hand or p.deck or p.discard)):
        return A.INNOVATE
    return None


def advice(game, st, seat: int, legal: list[int]):
    """Both bots' advice below the turn choice: the clean-up discards and a break through's
    category."""
    frame = st.stack[-1]
    if frame.kind == "card" and frame.args.get("purpose") == "discard at clean-up":
        return next((a for a in legal if a != A.END), A.END)
    if frame.kind == "suit":
        # a break through is for a card: weigh only the categories that surely bring one, not
        # the 2 tokens of one that may find nothing (G11), else a seat with no card innovates for
        # tokens round after round and the game never ends
        suits = [a for a in legal if A.SUIT <= a < A.SUIT + len(SUIT_ACTIONS)]
        sure = [a for a in suits if stocked(game, st, SUIT_ACTIONS[a - A.SUIT])]
        return sure if sure and len(sure) < len(suits) else None
    return None


def stocked(game, st, suit: str) -> bool:
    """A break through for ``suit`` surely brings a card: the market row or the category's deck
    holds one (R135), as every seat sees."""
    return bool(piles.market_cards(game, st, [suit]) or st.decks.get(suit))


def useful(game, st, seat: int, k: int) -> bool:
    """Worth an Activate: a card that can be played (R71, R72) and whose opening cost can be met,
    since an unpaid "X to Y" gives nothing (R73); unrest cards are better revolted away."""
    card = game.cards[k]
    return (
        "unrest" not in card.suits
        and playing.can_play(game, st, seat, k)
        and playing.precondition(game, st, seat, card.play, k)
    )


def follows(game, st, seat: int) -> bool:
    """The seat's decision is a choice inside what the last action started (a card to garrison
    or to acquire, an option, a yes or no; after End activation, the clean-up's), not the next
    turn or activation."""
    return st.stack[-1].kind not in ("turn", "activate")


def plays_out(game, st, seat: int) -> bool:
    """The planner judges the turn choice and each play of an activation by the turn's end."""
    return st.stack[-1].kind in ("turn", "activate")


def new_turn(game, st, seat: int) -> bool:
    return st.stack[-1].kind == "turn"


class HeuristicBot(GreedyAgent):
    name = "heuristic"

    def __init__(self, seed: int = 0):
        super().__init__(seed, prefer, follows)


class PlannerBot(GreedyAgent):
    name = "planner"

    def __init__(self, seed: int = 0):
        super().__init__(seed, plan_prefer, follows, plays_out, new_turn)
