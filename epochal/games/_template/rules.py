"""Tribute's rules (RULES.md): set-up, the forward model and the score.

The rules class is small on purpose: the effects (effects.py), the decisions (decisions.py) and
the automatic steps (phases.py) are functions registered in dispatch tables, composed here.
"""

from __future__ import annotations

from epochal.engine import Game, Score, event
from epochal.engine import rng as rngmod
from epochal.engine.effects import EffectRunner, Frame

from . import actions as A
from .cards import DataSet
from .decisions import legal, resolve
from .effects import handlers
from .phases import phases
from .state import Seat, TributeState

HAND = 3  # R2


class TributeRules(Game):
    name = "template"
    title = "Tribute (the template game)"
    min_players = 2  # R1
    max_players = 4

    def __init__(self, data: DataSet) -> None:
        self.data = data
        self.cards = data.cards
        self.index_of = {c.id: k for k, c in enumerate(self.cards)}
        self.action_space = A.space(len(self.cards))
        self.num_actions = self.action_space.size
        self.runner = EffectRunner(self, self.card_effect, handlers)
        missing = handlers.missing({type(op) for c in self.cards for op in c.effect})
        if missing:
            raise TypeError(f"operations without a handler: {missing}")

    def card_effect(self, frame: Frame) -> list:
        return self.cards[frame.card].effect

    # --- the forward model --------------------------------------------------------------------
    def new(self, players: int, seed: int, options: dict | None = None) -> TributeState:
        opts = self.configure(players, options)
        st = TributeState(game=self.name, players=players, options=opts, rng=rngmod.seed_state(seed))
        deck = list(range(len(self.cards)))
        rngmod.shuffle(st, deck)  # R2
        st.seats = [Seat() for _ in range(players)]
        st.deck = deck
        events: list = []
        for seat in range(players):
            self.draw(st, seat, HAND, events)
        self.advance(st, events)
        return st

    def proceed(self, st, ev: list) -> None:
        phases[st.phase](self, st, ev)

    def decision_legal(self, st, decision, seat: int) -> list[int]:
        return legal[decision.kind](self, st, decision, seat)

    def why_illegal(self, st, decision, seat: int, action: int) -> tuple[str, str]:
        if decision.kind == "play":
            return (f"action {action} does not play a card from your hand", "R3")
        return (f"action {action} is not one of the offered choices", "R7")

    def resolve(self, st, seat: int, action: int, ev: list) -> None:
        decision = st.stack.pop()
        resolve[decision.kind](self, st, decision, seat, action, ev)

    # --- helpers the effects share ------------------------------------------------------------
    def draw(self, st, seat: int, n: int, ev: list) -> None:
        got = [st.deck.pop() for _ in range(min(n, len(st.deck)))]  # R5
        st.seats[seat].hand += got
        if got:
            ev.append(event("draw", seat=seat, n=len(got)))
            ev.append(event("drew", to=[seat], cards=[self.cards[k].id for k in got]))

    # --- scores -------------------------------------------------------------------------------
    def scores(self, st) -> list[Score]:
        return [Score(total=s.gold, breakdown={"gold": s.gold}) for s in st.seats]  # R8

    def check_invariants(self, st) -> list[str]:
        held = sorted([*st.deck, *st.discard, *(k for s in st.seats for k in s.hand)])
        if held != list(range(len(self.cards))):
            return ["every card is in exactly one place"]
        return [f"seat {i} has negative gold" for i, s in enumerate(st.seats) if s.gold < 0]

    def card_catalog(self) -> list[dict]:
        return [{"id": c.id, "deck": "main", "implemented": True, "provenance": "exact"} for c in self.cards]
