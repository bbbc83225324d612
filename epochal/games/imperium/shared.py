"""What the card effects share: choosing a card, paying, moving cards between zones, filters,
passives, reactive exhausts, attacks, and the glue that runs Imperium's frames on the effect
kernel (``epochal.engine.effects``).

Every function takes the game (its card list, ``action_space`` and ``runner``) and the state; none
keeps anything outside the state. The vocabulary is documented in docs/games/imperium-data.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from epochal.engine import event
from epochal.engine.effects import ANSWER, WAIT

from .state import Frame
from .vocab import (
    VP,
    AcquireExiled,
    AnyPassive,
    CountsAsRegions,
    DeckOutUnrest,
    DevelopDiscount,
    Filter,
    GainInstead,
    GarrisonDiscards,
    HandSize,
    NoHistory,
    OnPayPopulation,
    OnPlayGain,
    OnTakeUnrest,
    Passive,
    Pay,
    When,
    WhenGone,
    walk,
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
    c = game.cards[frame.card]  # game.face, written out: this runs at every step
    return getattr(c.side_b if frame.face == "B" and c.side_b is not None else c, frame.part)


def push(game: ImperiumRules, st, seat: int, card: int, part: str, face: str = "", path=(), vars_=None) -> None:
    """A new frame for ``seat`` running ``card``'s ``part`` (on ``face``), or a rules program."""
    game.runner.push(st, seat, card, part, path, vars_, face=face, by=seat)


def between_ops(game: ImperiumRules, st) -> None:
    """Reactive exhausts and the passives that ask are offered between operations, never
    inside one (G24)."""
    while st.reactions:
        seat, card, *amount = st.reactions.pop()
        push(game, st, seat, -1, "reaction", vars_={"card": card, "amount": sum(amount)})
    if st.triggered:
        flush_triggered(game, st)
    # Asked between every two operations, and nearly always there is nothing to watch: each
    # watch runs only in a game whose cards include a watcher of its kind (set at setup), and
    # then only when some seat has something for it (over every seat, in their order).
    if st.watch_play:
        for p in st.seats:
            if not game.when_gone.isdisjoint(p.play):
                watch_gone(game, st)
                break
    if st.watch_decks:
        for p in st.seats:
            if p.deck:
                if p.deck_out:
                    p.deck_out = False
            elif not p.deck_out:
                watch_deck_out(game, st)
                break


def watch_gone(game: ImperiumRules, st) -> None:
    """Passives ``when_gone`` (Palace of Poseidon): once no card matching the filter is left in
    the play area beside the card, its ``do`` starts as the seat's own effect (once)."""
    for seat, p in enumerate(st.seats):
        if game.when_gone.isdisjoint(p.play):  # asked between every two operations; most seats have none
            continue
        for k in p.play:
            if k not in game.when_gone:
                continue
            for i, x in enumerate(game.cards[k].passive):
                if type(x) is not WhenGone or any(matches(game, j, x.args.filter) for j in p.play):
                    continue
                if any(f.seat == seat and f.card == k and f.part == "passive" for f in st.run):
                    continue
                push(game, st, seat, k, "passive", path=[i, "args", "do"])


def watch_deck_out(game: ImperiumRules, st) -> None:
    """R208: a seat whose passive takes an unrest when its personal deck runs out takes it each
    time the deck becomes empty, however it was emptied (a draw deals with it at once)."""
    for seat, p in enumerate(st.seats):
        if p.deck:
            p.deck_out = False
        elif not p.deck_out and active(game, st, seat, DeckOutUnrest):
            p.deck_out = True
            push(game, st, seat, -1, "deck_out")


def power_cards(p) -> list[int]:
    """The seat's power cards: its power card and the active path card, which counts as one
    (R206)."""
    out = [p.power] if p.power >= 0 else []
    if p.path:
        out.append(p.path[-1])
    return out


def side_of(p, k: int) -> str:
    """The face card ``k`` shows: the power card's chosen side, the active path card's side."""
    if k == p.power:
        return p.side
    if p.path and k == p.path[-1]:
        return p.path_side
    return ""


def gain(game: ImperiumRules, st, seat: int, res: str, n: int, ev: list) -> bool:
    """The seat gains ``n`` tokens (R160), unless a passive ``gain_instead`` replaces the gain
    (Shangri-La): then its tokens go to the seat and to each other player instead (False)."""
    if not n:
        return False
    for x in active(game, st, seat, GainInstead):
        if x.args.res == res:
            for target, tokens in [(seat, x.args.gain)] + [(o, x.args.others) for o in others(st, seat)]:
                for r, m in tokens.items():
                    setattr(st.seats[target], r, getattr(st.seats[target], r) + m)
                    ev.append(event("gain", seat=target, res=r, n=m))
            return False
    attr = "actions" if res == "action" else res
    p = st.seats[seat]
    setattr(p, attr, getattr(p, attr) + n)
    ev.append(event("gain", seat=seat, res=res, n=n))
    return True


def sink(game: ImperiumRules, st, seat: int, k: int, ev: list) -> None:
    """Sink ``k`` (already out of its zone): under the Atlanteans' power card, into the sunken
    pile only they may look at (R186, R188); anyone else's goes to their discard pile (R187).
    The event names the card to its owner alone."""
    p = st.seats[seat]
    if p.nation == "Atlanteans":
        p.sunken.append(k)
    else:
        p.discard.append(k)
    ev.append(event("sink", seat=seat, card=game.cards[k].id, to=[seat]))
    react(game, st, seat, "sink", ev, card=k)  # Atlanteans A


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
    if ANSWER in fr.vars:  # the answer to the question asked: the candidates are not needed again
        answer = fr.vars.pop(ANSWER)
        return None if answer == game.runner.end else answer - game.action_space.card
    if not cards:
        return None
    if len(cards) == 1 and not optional:  # as choose takes a single option without asking
        return cards[0]
    base = game.action_space.card
    options = [base + k for k in dict.fromkeys(cards)]
    answer = game.runner.choose(st, fr, "card", options, optional, seat=seat, purpose=purpose, rule=rule, **args)
    if answer is None or answer == WAIT:
        return answer
    return answer - base


def can_pay(p, cost: dict) -> bool:
    return _plan(p, cost) is not None


def can_pay_op(p, op: Pay) -> bool:
    """``can_pay(p, costs(op))`` without building the cost: asked at every legality check of
    a card whose effect opens with a payment."""
    if p.actions < op.action:
        return False
    short_m = op.materials - p.materials if op.materials > p.materials else 0
    short_p = op.population - p.population if op.population > p.population else 0
    return op.progress + short_p + (short_m + 1) // 2 <= p.progress


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
    if use_p:  # population tokens left the supply: Embalming (R262), not when progress paid it all
        trigger_passives(game, st, seat, OnPayPopulation)
    return True


def dev_cost(game: ImperiumRules, st, seat: int, k: int) -> dict[str, int]:
    """What developing ``k`` costs the seat (R171): its printed cost, lowered by the passives
    ``develop_discount`` (Medicine, Architecture), each token to at least 0."""
    cost = dict(game.cards[k].cost)
    for x in active(game, st, seat, DevelopDiscount):
        for res, n in x.args.items():
            if cost.get(res):
                cost[res] = max(0, cost[res] - n)
    return {res: n for res, n in cost.items() if n}


def region_weight(game: ImperiumRules, k: int, f: Filter | None) -> int:
    """How many cards ``k`` counts as for a count or an abandon of filter ``f``: a card with
    the passive ``counts_as_regions`` counts as that many region cards when ``f`` asks for
    region cards, not for region icons (Grand Trunk Road, R263); any other card as 1."""
    if f is None or f.region_type is not None:
        return 1
    suits = [f.suit] if isinstance(f.suit, str) else list(f.suit or ())
    if "region" not in suits:
        return 1
    return max([x.args.n for x in game.cards[k].passive if type(x) is CountsAsRegions] or [1])


def leave_play(st, seat: int, k: int) -> list[int]:
    """Take ``k`` out of the play area; returns its garrison cards, which follow it (R180)."""
    p = st.seats[seat]
    if k in p.play:
        p.play.remove(k)
    if k in p.exhausted:
        p.exhausted.remove(k)
    p.tokens_on.pop(k, None)  # tokens on it go back to the supply (R192, D14: no rule keeps them)
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
    if p.nation in ("Vikings", "Atlanteans") or active(game, st, seat, NoHistory):  # R185, R240, R195
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
    if f.not_region_type is not None and f.not_region_type in c.regions:  # Mining
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
        if k in game.bearing:
            out += game.cards[k].passive
    for k in power_cards(p):  # the power card's all game; the active path card too (R159, R206)
        out += game.face(k, side_of(p, k)).passive
    return out


def active(game: ImperiumRules, st, seat: int, kind: type[P]) -> list[P]:
    """The seat's active passives of one kind (the play area's cards, the power cards)."""
    holders = game.passive_holders.get(kind)
    if holders is None:
        return []
    p = st.seats[seat]
    out = []
    if not holders.isdisjoint(p.play):
        cards = game.cards
        out = [x for k in p.play if k in holders for x in cards[k].passive if type(x) is kind]
    # the power cards (power_cards, written out: asked several times per legal list)
    if p.power >= 0 and p.power in holders:
        out += [x for x in game.face(p.power, p.side).passive if type(x) is kind]
    if p.path and p.path[-1] in holders:
        k = p.path[-1]
        out += [x for x in game.face(k, side_of(p, k)).passive if type(x) is kind]
    return out


def flush_triggered(game: ImperiumRules, st) -> None:
    """Start the queued passive effects that ask (``st.triggered``), between operations."""
    while st.triggered:
        seat, card, i = st.triggered.pop()
        p = st.seats[seat]
        push(game, st, seat, card, "passive", side_of(p, card), path=[i, "args", "do"])


def trigger_passives(
    game: ImperiumRules, st, seat: int, kind: type[OnTakeUnrest | OnPayPopulation] = OnTakeUnrest
) -> None:
    """Queue the ``do`` ops of each active passive of ``kind`` (``on_take_unrest``,
    ``on_pay_population``); they run as the seat's own frames once the operation ends."""
    holders = game.passive_holders.get(kind)
    if holders is None:
        return
    p = st.seats[seat]
    for k in [*p.play, *power_cards(p)]:
        if k not in holders:
            continue
        for i, x in enumerate(game.face(k, side_of(p, k)).passive):
            if type(x) is kind and x.args.do:
                st.triggered.append([seat, k, i])


def passive_gain(
    game: ImperiumRules, st, seat: int, kind: type[OnPlayGain | AcquireExiled], card: int, ev: list
) -> None:
    """Passives of ``kind`` (``{"filter": F, "gain": {...}}``) whose filter ``card`` matches:
    their tokens at once."""
    for x in active(game, st, seat, kind):
        if matches(game, card, x.args.filter):
            for res, n in x.args.gain.items():
                gain(game, st, seat, res, n, ev)


def unrest_taken(game: ImperiumRules, st, seat: int, ev: list) -> None:
    """The seat took an unrest from the unrest pile (R147): Vikings look at their nation
    deck (R240, passive ``on_take_unrest``)."""
    trigger_passives(game, st, seat)


def card_gained(game: ImperiumRules, st, seat: int, k: int, ev: list, acquired: bool = False) -> None:
    """The seat acquired or broke through for ``k`` (R130, R135): reactive exhausts
    ``when take_card`` (Celts A), and ``when acquire`` if it acquired it (Astronomy)."""
    react(game, st, seat, "take_card", ev, card=k)
    if acquired:
        react(game, st, seat, "acquire", ev, card=k)


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
    reacting = game.reacting
    for k in [*p.play, *power_cards(p)]:
        if k not in reacting:
            continue
        ops = game.face(k, side_of(p, k)).exhaust
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


# --- discarding cards of a kind (Step Pyramids, Stone Heads) -----------------------------------


def discard_fewer_card(game: ImperiumRules, st, seat: int, f: Filter | None, tokens: int | None = None) -> int:
    """The card whose reactive exhaust lowers by 1 a ``discard`` of ``f`` cards (Step
    Pyramids: ``when`` event ``discard`` with that filter), usable now with ``tokens`` exhaust
    tokens (the seat's, unless given), or -1. Like every reactive exhaust, on the seat's own
    Activate turn only (G24)."""
    p = st.seats[seat]
    tokens = p.exhausts if tokens is None else tokens
    if f is None or tokens < 1 or st.turn != seat or p.turn_mode != "activate":
        return -1
    for k in [*p.play, p.power]:
        if k < 0 or k in p.exhausted:
            continue
        ops = game.face(k, p.side if k == p.power else "").exhaust
        if ops and type(ops[0]) is When and ops[0].event == "discard" and ops[0].filter == f:
            return k
    return -1


def garrison_discards(game: ImperiumRules, st, seat: int, f: Filter | None) -> dict[int, int]:
    """The garrison cards a ``discard`` of ``f`` cards may abandon instead (Stone Heads: the
    passive ``garrison_discards`` with that filter), each mapped to the card it lies under."""
    p = st.seats[seat]
    out: dict[int, int] = {}
    if f is None:
        return out
    for k in p.play:
        if any(type(x) is GarrisonDiscards and x.args.filter == f for x in game.cards[k].passive):
            for under in p.garrison.get(k, []):
                out[under] = k
    return out


def exhaust_pending(game: ImperiumRules, st, seat: int, op, card: int) -> bool:
    """Is ``op`` part of ``card``'s exhaust effect while the card is not exhausted yet (its
    check before exhausting: one exhaust token is spoken for)?"""
    p = st.seats[seat]
    if card < 0 or card in p.exhausted:
        return False
    face = game.face(card, p.side if card == p.power else "")
    return any(x is op for x in walk(face.exhaust))
