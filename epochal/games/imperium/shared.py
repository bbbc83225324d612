"""What the card effects share: choosing a card, paying, moving cards between zones, filters,
passives, reactive exhausts, attacks, and the glue that runs Imperium's frames on the effect
kernel (``epochal.engine.effects``).

Every function takes the game (its card list, ``action_space`` and ``runner``) and the state; none
keeps anything outside the state. The vocabulary is documented in docs/games/imperium-data.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from epochal.engine import event
from epochal.engine.effects import WAIT

from .state import Frame
from .vocab import (
    VP,
    AcquireExiled,
    AnyPassive,
    Filter,
    HandSize,
    NoHistory,
    OnPlayGain,
    OnTakeUnrest,
    Passive,
    Pay,
    When,
)

P = TypeVar("P", bound=Passive)

if TYPE_CHECKING:
    from .rules import ImperiumRules

RES = ("materials", "population", "progress")
GAINS = (*RES, "action")


# --- frames on the kernel ------------------------------------------------------------------------
def ops_of(game: ImperiumRules, frame: Frame) -> list:
    """The op list a frame runs (before its path): a card face's part, or a rules program."""
    if frame.card < 0:
        return game.programs[frame.part]
    return getattr(game.face(frame.card, frame.face), frame.part)


def push(game: ImperiumRules, st, seat: int, card: int, part: str, face: str = "", path=(), vars_=None) -> None:
    """A new frame for ``seat`` running ``card``'s ``part`` (on ``face``), or a rules program."""
    game.runner.push(st, seat, card, part, path, vars_, face=face, by=seat)


def between_ops(game: ImperiumRules, st) -> None:
    """Reactive exhausts and the passives that ask are offered between operations, never
    inside one (G24)."""
    while st.reactions:
        seat, card, *amount = st.reactions.pop()
        push(game, st, seat, -1, "reaction", vars_={"card": card, "amount": sum(amount)})
    flush_triggered(game, st)


def costs(op: Pay) -> dict[str, int]:
    """What a ``pay`` costs, as a cost dict (the tokens it names)."""
    cost = {"materials": op.materials, "population": op.population, "progress": op.progress, "action": op.action}
    return {k: v for k, v in cost.items() if v}


def frame_done(game: ImperiumRules, st, fr, ev: list) -> None:
    if fr.part == "play" and not fr.path and fr.card >= 0:  # R71 steps 3-4
        p = st.seats[fr.seat]
        card = game.cards[fr.card]
        if fr.card in p.play and not card.pinned:
            leave_play(st, fr.seat, fr.card)
            p.discard.append(fr.card)


def pick_card(
    game: ImperiumRules,
    st,
    fr,
    cards: list[int],
    optional: bool,
    purpose: str,
    rule: str = "",
    seat: int | None = None,
    **args,
):
    """A card index chosen from ``cards``, None, or WAIT."""
    options = [game.action_space.card + k for k in dict.fromkeys(cards)]
    answer = game.runner.choose(st, fr, "card", options, optional, seat=seat, purpose=purpose, rule=rule, **args)
    if answer is None or answer == WAIT:
        return answer
    return answer - game.action_space.card


def can_pay(p, cost: dict) -> bool:
    return _plan(p, cost) is not None


def _plan(p, cost: dict):
    """How to pay: the named tokens first, progress for the shortfall (1 per population,
    1 per 2 materials). Progress is VP, so it is spent only when it must be (R165)."""
    materials = cost.get("materials", 0)
    population = cost.get("population", 0)
    progress = cost.get("progress", 0)
    actions = cost.get("action", 0)
    if p.actions < actions:
        return None
    use_m = min(materials, p.materials)
    use_p = min(population, p.population)
    need_g = progress + (population - use_p) + (materials - use_m + 1) // 2
    if need_g > p.progress:
        return None
    return use_m, use_p, need_g, actions


def pay(game: ImperiumRules, st, seat: int, cost: dict, ev: list) -> bool:
    p = st.seats[seat]
    plan = _plan(p, cost)
    if plan is None:
        return False
    use_m, use_p, use_g, actions = plan
    p.materials -= use_m
    p.population -= use_p
    p.progress -= use_g
    p.actions -= actions
    for res, n in zip(GAINS, plan, strict=True):  # an event per kind of token, each with its count
        if n:
            ev.append(event("pay", seat=seat, res=res, n=n))
    return True


def leave_play(st, seat: int, k: int) -> list[int]:
    """Take ``k`` out of the play area; returns its garrison cards, which follow it (R180)."""
    p = st.seats[seat]
    if k in p.play:
        p.play.remove(k)
    if k in p.exhausted:
        p.exhausted.remove(k)
    return p.garrison.pop(k, [])


def ungarrison(st, seat: int, k: int) -> None:
    """Take garrison card ``k`` alone from under the card it garrisons (R168)."""
    p = st.seats[seat]
    for host, under in list(p.garrison.items()):
        if k in under:
            under.remove(k)
            if not under:
                del p.garrison[host]
            return


def to_history(game: ImperiumRules, st, seat: int, k: int, ev: list) -> None:
    p = st.seats[seat]
    if p.nation in ("Vikings",) or active(game, st, seat, NoHistory):  # R185, R240
        p.discard.append(k)
    else:
        p.history.append(k)
    ev.append(event("history", seat=seat, card=game.cards[k].id, to=[seat]))


def remove_from(p, k: int, zones=("hand", "discard", "deck")) -> str | None:
    for zone in zones:
        cards = getattr(p, zone)
        if k in cards:
            cards.remove(k)
            return zone
    return None


def matches(game: ImperiumRules, k: int, f: Filter | None) -> bool:
    if f is None:
        return True
    c = game.cards[k]
    if f.suit is not None:
        if isinstance(f.suit, str):
            if f.suit not in c.suits:
                return False
        elif not any(s in c.suits for s in f.suit):
            return False
    if f.not_suit is not None and f.not_suit in c.suits:
        return False
    if f.type is not None and not any(t in c.types for t in f.type):
        return False
    if f.region_type is not None:
        wanted = [f.region_type] if isinstance(f.region_type, str) else f.region_type
        if not any(r in c.regions for r in wanted):
            return False
    if f.pinned and not c.pinned:
        return False
    if f.id is not None and c.id not in f.id:
        return False
    if f.name is not None and c.name != f.name:
        return False
    if f.variable_vp and not (isinstance(c.vp, VP) and c.vp.per is not None):
        return False
    if f.state is not None and c.state != f.state:
        return False
    if f.attack is not None and c.attack != f.attack:
        return False
    if f.not_id is not None and c.id in f.not_id:
        return False
    if f.not_type is not None and f.not_type in c.types:
        return False
    return True


def passives(game: ImperiumRules, st, seat: int) -> list[AnyPassive]:
    p = st.seats[seat]
    out = []
    for k in p.play:
        out += game.cards[k].passive
    if p.power >= 0:
        out += game.face(p.power, p.side).passive
    return out


def active(game: ImperiumRules, st, seat: int, kind: type[P]) -> list[P]:
    """The seat's active passives of one kind."""
    return [x for x in passives(game, st, seat) if type(x) is kind]


def flush_triggered(game: ImperiumRules, st) -> None:
    """Start the queued passive effects that ask (``st.triggered``), between operations."""
    while st.triggered:
        seat, card, i = st.triggered.pop()
        p = st.seats[seat]
        push(game, st, seat, card, "passive", p.side if card == p.power else "", path=[i, "args", "do"])


def trigger_passives(game: ImperiumRules, st, seat: int) -> None:
    """Queue the ``do`` ops of each active passive ``on_take_unrest``; they run as the seat's
    own frames once the operation ends."""
    p = st.seats[seat]
    for k in [*p.play, p.power]:
        if k < 0:
            continue
        for i, x in enumerate(game.face(k, p.side if k == p.power else "").passive):
            if type(x) is OnTakeUnrest and x.args.do:
                st.triggered.append([seat, k, i])


def passive_gain(
    game: ImperiumRules, st, seat: int, kind: type[OnPlayGain | AcquireExiled], card: int, ev: list
) -> None:
    """Passives of ``kind`` (``{"filter": F, "gain": {...}}``) whose filter ``card`` matches:
    their tokens at once."""
    p = st.seats[seat]
    for x in active(game, st, seat, kind):
        if matches(game, card, x.args.filter):
            for res, n in x.args.gain.items():
                setattr(p, res, getattr(p, res) + n)
                ev.append(event("gain", seat=seat, res=res, n=n))


def unrest_taken(game: ImperiumRules, st, seat: int, ev: list) -> None:
    """The seat took an unrest from the unrest pile (R147): Vikings look at their nation
    deck (R240, passive ``on_take_unrest``)."""
    trigger_passives(game, st, seat)


def card_gained(game: ImperiumRules, st, seat: int, k: int, ev: list) -> None:
    """The seat acquired or broke through for ``k`` (R130, R135): reactive exhausts
    ``when take_card`` (Celts A)."""
    react(game, st, seat, "take_card", ev, card=k)


def on_played(game: ImperiumRules, st, seat: int, k: int, ev: list) -> None:
    """The seat played ``k`` (R71): Combs' exemption is used up; passives
    ``on_play_gain`` pay out (Chainmail)."""
    st.seats[seat].empire_next = False
    passive_gain(game, st, seat, OnPlayGain, k, ev)


def cannot_develop(p) -> bool:
    return p.nation in ("Vikings", "Arthurians")  # R174, R196


def others(st, seat: int) -> list[int]:
    return [(seat + i) % st.players for i in range(1, st.players)]


def is_attack(game: ImperiumRules, fr) -> bool:
    return fr.card >= 0 and game.cards[fr.card].attack


def react(game: ImperiumRules, st, seat: int, event_name: str, ev: list, card: int = -1, amount: int = 0) -> None:
    """Queue reactive exhausts ('when X, exhaust this card to ...') for the seat, on its own
    Activate turn only (G24). A ``when`` with a ``filter`` reacts only when the card that
    caused the event (``card``) matches it. The power card's face reacts too (Carthaginians
    A); ``amount`` (materials gained from a market card) reaches the body as var "amount"."""
    p = st.seats[seat]
    if st.turn != seat or p.turn_mode != "activate" or p.exhausts < 1:
        return
    for k in [*p.play, p.power]:
        if k < 0:
            continue
        ops = game.face(k, p.side if k == p.power else "").exhaust
        if (
            ops
            and type(ops[0]) is When
            and ops[0].event == event_name
            and k not in p.exhausted
            and all(r[:2] != [seat, k] for r in st.reactions)
        ):
            if ops[0].filter is not None and (card < 0 or not matches(game, card, ops[0].filter)):
                continue
            st.reactions.append([seat, k, amount] if amount else [seat, k])


def react_now(game: ImperiumRules, st, seat: int, event_name: str, ev: list, card: int = -1) -> None:
    """React to an event that happens outside any operation (playing a card, R71): the
    reactive exhausts are offered at once, before the card's effect runs (Tents)."""
    if event_name == "play" and card >= 0:
        on_played(game, st, seat, card, ev)  # Combs, Chainmail
    react(game, st, seat, event_name, ev, card)
    while st.reactions:
        s, k, *amount = st.reactions.pop()
        push(game, st, s, -1, "reaction", vars_={"card": k, "amount": sum(amount)})


def hand_limit(game: ImperiumRules, st, seat: int) -> int:
    return 5 + sum(x.args.n for x in active(game, st, seat, HandSize))  # R91


def trigger_end(st, why: str, ev: list, rule: str = "", **parts) -> None:
    """``why`` names the trigger (main_deck, king_of_kings, zenith, developed, card), ``rule``
    the rule; ``parts`` what the log line names (the card, the seat)."""
    if not st.scoring_triggered:
        st.scoring_triggered = True
        ev.append(event("end_triggered", why=why, rule=rule, **parts))
    st.log_triggers.append(f"{why} {rule}".strip())
