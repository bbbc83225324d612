"""Whether a card can be played or exhausted now (R71-R78), whether an effect's opening cost
can be met (R150, R164: "as far as possible" still needs the cost), and playing a card from
elsewhere than the hand (Phalanx, Parmenion)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine import event

from . import effects
from .effects import costs

if TYPE_CHECKING:
    from .rules import ImperiumRules


def precondition(game: ImperiumRules, st, seat: int, ops: list, card: int) -> bool:
    """An effect that opens with a cost can only be used when the cost can be met (R78,
    R150, R164): a payment, discarding cards, or recalling a card of some kind."""
    if not ops:
        return True
    first = ops[0]
    p = st.seats[seat]
    name = first.get("op")
    if name in ("pay", "discard"):  # as a passive may lower it (Direct Democracy)
        first = discounted(game, st, seat, card, first)
    if name == "pay":  # a cost may follow another (Persians A)
        return effects.can_pay(p, costs(first)) and precondition(game, st, seat, ops[1:], card)
    if (
        name == "return_unrest" and not first.get("may") and not first.get("up_to") and first.get("from") != ["self"]
    ):  # "return an unrest to ..." (Druids)
        return any(
            k != card and "unrest" in game.cards[k].suits for z in first.get("from", ["hand"]) for k in getattr(p, z)
        )
    if name == "choose":  # at least one option must be affordable (R150)
        return any(precondition(game, st, seat, o, card) for o in first["options"])
    if name == "swap_exile" and not first.get("may"):  # R142
        return bool(st.exile) and any(s.card >= 0 for s in st.market)
    if name == "top_of_deck" and not first.get("may"):
        zone = getattr(p, first.get("from", "hand"))
        return len([k for k in zone if k != card]) >= first.get("n", 1)
    if name == "develop" and not first.get("free") and not first.get("may"):
        return not effects.cannot_develop(p) and any(effects.can_pay(p, game.cards[k].cost) for k in p.development)
    if name == "play_card" and not first.get("may"):
        return bool(play_card_candidates(game, st, seat, first, card))
    if name == "discard" and not first.get("may"):
        return len([k for k in p.hand if k != card]) >= first.get("n", 1)
    if name == "recall" and not first.get("may"):
        return any(game.cards[k].pinned and effects.matches(game, k, first.get("filter")) for k in p.play)
    if name == "abandon" and not first.get("may") and not first.get("self"):
        return sum(1 for k in p.play if effects.matches(game, k, first.get("filter"))) >= first.get("n", 1)
    if name == "require":
        if "in_history" in first and not any(effects.matches(game, k, first["in_history"]) for k in p.history):
            return False
        wanted = first.get("in_play", [])  # a list: each one in play (Vinland)
        return all(
            any(effects.matches(game, k, f) for k in p.play) for f in (wanted if isinstance(wanted, list) else [wanted])
        )
    return True


def discounted(game: ImperiumRules, st, seat: int, card: int, op: dict) -> dict:
    """A ``pay`` or ``discard`` of ``card``'s effect as it really costs: a passive
    ``cost_discount`` (Direct Democracy: an unrest costs 1 material or 1 card less, to at
    least 1) lowers ``materials`` or the cards to discard for the cards its filter matches."""
    if card < 0:
        return op
    for args in effects.passive_args(game, st, seat, "cost_discount"):
        if not effects.matches(game, card, args.get("filter")):
            continue
        op = dict(op)
        low = args.get("min", 1)
        if op.get("op") == "pay" and op.get("materials") and args.get("materials"):
            op["materials"] = max(min(low, op["materials"]), op["materials"] - args["materials"])
        if op.get("op") == "discard" and not op.get("from") and args.get("cards"):
            n = op.get("n", 1)
            op["n"] = max(min(low, n), n - args["cards"])
    return op


def may_play_empire(game: ImperiumRules, st, seat: int, k: int) -> bool:
    if st.seats[seat].empire_next:  # Combs, R122
        return True
    return any(effects.matches(game, k, a.get("filter")) for a in effects.passive_args(game, st, seat, "play_empire"))


def ignores_barbarian(game: ImperiumRules, st, seat: int, k: int) -> bool:
    return any(
        effects.matches(game, k, a.get("filter")) for a in effects.passive_args(game, st, seat, "drop_barbarian")
    )


def playable_now(game: ImperiumRules, st, seat: int, k: int, free: bool) -> bool:
    """Could ``k`` be played now (R71-R74)? ``free``: no action token is needed at all."""
    if not free:
        return can_play(game, st, seat, k)
    p = st.seats[seat]
    card = game.cards[k]
    if card.unplayable or not (card.play or card.pinned):
        return False
    if card.state == "empire" and not p.empire and not may_play_empire(game, st, seat, k):
        return False  # R72, R74
    if card.state == "barbarian" and p.empire and not ignores_barbarian(game, st, seat, k):
        return False
    return precondition(game, st, seat, card.play, k)


def play_card_candidates(game: ImperiumRules, st, seat: int, op: dict, card: int = -1) -> list[int]:
    p = st.seats[seat]
    zone = getattr(p, op.get("from", "discard"))
    return [
        k
        for k in dict.fromkeys(zone)
        if k != card
        and effects.matches(game, k, op.get("filter"))
        and playable_now(game, st, seat, k, op.get("free", False))
    ]


def put_into_play(game: ImperiumRules, st, seat: int, k: int, zone: str, free: bool, ev: list) -> None:
    """Play ``k`` from ``zone`` as from the hand (R71): an action token unless ``free`` or a
    free-play card, then its play effect. A passive ``play_from_discard_gain`` (Macedonians
    A, R242) pays out when a matching card is played from the discard pile."""
    p = st.seats[seat]
    card = game.cards[k]
    if not free:
        if card.free:
            p.free_played.append(k)
        else:
            p.actions -= 1
    getattr(p, zone).remove(k)
    p.play.append(k)
    ev.append(event("play", seat=seat, card=card.id, source=zone))
    if zone == "discard":
        for args in effects.passive_args(game, st, seat, "play_from_discard_gain"):
            if effects.matches(game, k, args.get("filter")):
                for res, n in args.get("gain", {}).items():
                    setattr(p, res, getattr(p, res) + n)
                    ev.append(event("gain", seat=seat, res=res, n=n))
    effects.push(game, st, seat, k, "play")
    effects.react_now(game, st, seat, "play", ev, card=k)


def can_play(game: ImperiumRules, st, seat: int, k: int) -> bool:
    p = st.seats[seat]
    card = game.cards[k]
    if card.unplayable or not (card.play or card.pinned):
        return False
    if card.state == "empire" and not p.empire and not may_play_empire(game, st, seat, k):
        return False  # R72, R122
    if card.state == "barbarian" and p.empire and not ignores_barbarian(game, st, seat, k):
        return False
    if card.free:
        if k in p.free_played:  # R74, G37
            return False
    elif p.actions < 1:  # R71
        return False
    return precondition(game, st, seat, card.play, k)


def can_exhaust(game: ImperiumRules, st, seat: int, k: int) -> bool:
    p = st.seats[seat]
    face = game.face(k, p.side if k == p.power else "")
    ops = face.exhaust
    if not ops or ops[0].get("op") == "when":  # reactive: on trigger
        return False
    if k in p.exhausted or p.exhausts < 1:  # R77, R78
        return False
    return precondition(game, st, seat, ops, k)
