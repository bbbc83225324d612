"""What a seat may answer to each kind of decision, what the answer does, and why an answer is
refused: ``legal`` and ``resolve`` map a decision's kind to ``legal(game, st, seat)`` and
``resolve(game, st, seat, action, decision, events)``; ``refusal`` says, as parts a template
words (``why.<reason>``), why an answer is not legal now, and ``why`` words it in English for a
refused action. Buying, selling and removing cards (R37-R43, R68) are here too: answers are what
does them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from epochal.engine import Decision, event
from epochal.engine.effects import Registry

from . import actions as A
from .cards import COLORS, TRACKS
from .state import BOARD, CRESTS, DONE, ROUNDS, Seat
from .steps import next_step
from .words import refusal_text

if TYPE_CHECKING:
    from .rules import HadaraRules
    from .state import HadaraState

MAX_MEDALS = 2  # R72: two silver and two gold per game

legal = Registry("legal")
resolve = Registry("resolve")


# --- set-up: the start card side (R21-R24) ---------------------------------------------------------


@legal.on("side")
def legal_side(game: HadaraRules, st: HadaraState, i: int) -> list[int]:
    return [A.SIDE, A.SIDE + 1]


@resolve.on("side")
def resolve_side(game: HadaraRules, st: HadaraState, i: int, action: int, d: Decision, ev: list) -> None:  # R21
    for s, choice in d.chosen.items():
        st.seats[s].side = "AB"[choice - A.SIDE]
    apply_start_cards(game, st, ev)


def start_side(game: HadaraRules, seat: Seat):
    card = game.data.start_cards[seat.start]
    return card.A if seat.side == "A" else card.B


def apply_start_cards(game: HadaraRules, st: HadaraState, ev: list) -> None:
    for i, seat in enumerate(st.seats):  # R23
        side = start_side(game, seat)
        seat.base = list(side.tracks.as_tuple())
        seat.tracks = list(seat.base)
        seat.coins = side.coins
        ev.append(
            event(
                "start",
                seat=i,
                card=game.data.start_cards[seat.start].number,
                side=seat.side,
                income=seat.tracks[0],
                military=seat.tracks[1],
                culture=seat.tracks[2],
                food=seat.tracks[3],
                coins=seat.coins,
                initiative=side.initiative,
            )
        )
    order = sorted(range(st.players), key=lambda i: start_side(game, st.seats[i]).initiative)
    if st.players == 2:  # R24.3, R29
        st.first = [order[0], order[1], order[0]]
        bonus = [order[1]]
    else:
        st.first = order[:3]
        bonus = order[3:]  # R24.2 (N = 4, 5)
    ev.append(event("first_players", epoch1_seat=st.first[0], epoch2_seat=st.first[1], epoch3_seat=st.first[2]))
    for i in bonus:
        st.seats[i].coins += 1
        ev.append(event("compensation", seat=i, coins=1, players=st.players))


# --- Phase A: the wheel and the drawing rounds (R31-R36) -----------------------------------------


@legal.on("wheel")
def legal_wheel(game: HadaraRules, st: HadaraState, i: int) -> list[int]:
    return list(range(A.WHEEL, A.WHEEL + len(BOARD)))


@resolve.on("wheel")
def resolve_wheel(game: HadaraRules, st: HadaraState, i: int, action: int, d: Decision, ev: list) -> None:  # R31
    st.wheel = action - A.WHEEL
    ev.append(
        event(
            "wheel",
            seat=i,
            orientation=st.wheel,
            deck=BOARD[game.deck_at(st, i)],
            decks={CRESTS[s]: BOARD[game.deck_at(st, s)] for s in range(st.players)},
        )
    )
    next_step(game, st, ev)


@legal.on("draw")
def legal_draw(game: HadaraRules, st: HadaraState, i: int) -> list[int]:
    seat = st.seats[i]
    counts = game.color_counts(seat)
    cost_of, color_of, coins = game.cost_of, game.color_of, seat.coins
    out = []
    for d in (0, 1):
        keep = seat.hand[1 - d]
        if cost_of[keep] - counts[color_of[keep]] <= coins:  # game.price (R37), written out
            out.append(A.draw(d, False))
        out.append(A.draw(d, True))
    return out


@resolve.on("draw")
def resolve_draw(game: HadaraRules, st: HadaraState, i: int, action: int, d: Decision, ev: list) -> None:  # R33-R35
    for s in game.order(st):
        seat = st.seats[s]
        code = d.chosen[s] - A.DRAW
        discard, keep = seat.hand[code // 2], seat.hand[1 - code // 2]
        seat.hand = []
        st.piles[game.deck_at(st, s)].append(discard)
        ev.append(event("discarded", seat=s, card=game.card_id[discard]))
        if code % 2:
            sell(game, st, s, keep, ev, secret=True)
        else:
            buy(game, st, s, keep, ev)
    st.round += 1  # R35: turn the wheel
    ev.append(event("wheel_turned", round=st.round, rounds=ROUNDS))


# --- Phase B: taking from the piles (R63-R65) --------------------------------------------------


@legal.on("take")
def legal_take(game: HadaraRules, st: HadaraState, i: int) -> list[int]:
    seat = st.seats[i]
    counts = game.color_counts(seat)
    cost_of, color_of, coins = game.cost_of, game.color_of, seat.coins
    out = []
    for p, pile in enumerate(st.piles):
        if pile:
            buy_id, sell_id = A.TAKES[p]
            top = pile[-1]
            if cost_of[top] - counts[color_of[top]] <= coins:  # game.price (R37), written out
                out.append(buy_id)
            out.append(sell_id)
    return out


@resolve.on("take")
def resolve_take(game: HadaraRules, st: HadaraState, i: int, action: int, d: Decision, ev: list) -> None:  # R63-R64
    code = action - A.TAKE
    pile = st.piles[code // 2]
    card = pile.pop()
    ev.append(
        event("took", seat=i, card=game.card_id[card], pile=BOARD[code // 2], reveals=bool(pile))
    )  # the next card shows
    if code % 2:
        sell(game, st, i, card, ev, secret=False)
    else:
        buy(game, st, i, card, ev)
    st.turn += 1


# --- colonies (R46-R53) ------------------------------------------------------------------------


@legal.on("colony")
def legal_colony(game: HadaraRules, st: HadaraState, i: int) -> list[int]:
    seat = st.seats[i]
    out = [A.PASS]
    if seat.took >= game.fx.per_step(seat):
        return out
    reach = game._reach(seat, seat.tracks[1])
    for v, stack in enumerate(st.stacks):
        if stack and game._colony_cost(st, seat, v, reach) is not None:
            out.append(A.COLONY + v)
    return out


@resolve.on("colony")
def resolve_colony(game: HadaraRules, st: HadaraState, i: int, action: int, d: Decision, ev: list) -> None:  # R46-R49
    seat = st.seats[i]
    if action == A.PASS:
        seat.took = DONE
        ev.append(event("passed", seat=i, step="colony"))
        return
    v = action - A.COLONY
    cost = game._colony_cost(st, seat, v)
    pay_buy_down(game, seat, cost)
    token = st.stacks[v].pop()
    seat.colonies.append(token)
    seat.annexed.append(False)
    seat.took += 1
    tribute = game.fx.colony_tribute(seat)  # PE9
    seat.coins += tribute
    col = game.colonies[token]
    ev.append(event("colony", seat=i, colony=col.id, requirement=col.requirement, paid=cost, tribute=tribute))
    if st.stacks[v]:  # after the colony taken, the next one shows
        ev.append(event("colony_top", requirement=game.requirements[v], reveals=True))
    st.stack.append(Decision(kind="colony_mode", seats=[i]))


def pay_buy_down(game: HadaraRules, seat: Seat, coins: int | None) -> None:  # PE2
    if coins:
        per_point = game.fx.buy_down(seat)[0]
        seat.bought_points += coins // per_point
        seat.coins -= coins


@legal.on("colony_mode")
def legal_colony_mode(game: HadaraRules, st: HadaraState, i: int) -> list[int]:
    seat = st.seats[i]
    token = game.colonies[seat.colonies[-1]]
    if seat.coins >= token.annex_cost:
        return [A.PLUNDER, A.ANNEX]
    return [A.PLUNDER]  # R51


@resolve.on("colony_mode")
def resolve_colony_mode(game: HadaraRules, st: HadaraState, i: int, action: int, d: Decision, ev: list) -> None:
    seat = st.seats[i]  # R49-R50
    token = seat.colonies[-1]
    col = game.colonies[token]
    if action == A.PLUNDER:
        seat.coins += col.plunder
        ev.append(event("plundered", seat=i, colony=col.id, coins=col.plunder, vp=col.front_vp))
    else:
        seat.coins -= col.annex_cost
        seat.annexed[-1] = True
        gain(seat, col.back_bonus.as_tuple())
        ev.append(
            event(
                "annexed",
                seat=i,
                colony=col.id,
                paid=col.annex_cost,
                income=col.back_bonus.income,
                military=col.back_bonus.military,
                culture=col.back_bonus.culture,
                food=col.back_bonus.food,
                vp=col.back_vp,
                reveals=True,
            )
        )  # the back is shown


# --- statues and bonus tiles (R54-R62, PE3) ------------------------------------------------------


@legal.on("statue")
def legal_statue(game: HadaraRules, st: HadaraState, i: int) -> list[int]:
    seat = st.seats[i]
    out = [A.PASS]
    if seat.took >= game.fx.per_step(seat):
        return out
    tracks = [t for t in range(4) if seat.tiles[t] > 0]
    reach = game._reach(seat, seat.tracks[2])
    for s, slot in enumerate(game.slots):
        if seat.statues[s] == -1 and game._buy_down(seat, slot.requirement, seat.tracks[2], reach) is not None:
            out.extend(A.statue(s, t, fd) for t in tracks for fd in (False, True))
    return out


@resolve.on("statue")
def resolve_statue(game: HadaraRules, st: HadaraState, i: int, action: int, d: Decision, ev: list) -> None:  # R56-R58
    seat = st.seats[i]
    if action == A.PASS:
        seat.took = DONE
        ev.append(event("passed", seat=i, step="statue"))
        return
    code = action - A.STATUE
    slot_index, track, face_down = code // 8, (code % 8) // 2, code % 2
    slot = game.slots[slot_index]
    cost = game._buy_down(seat, slot.requirement, seat.tracks[2])
    pay_buy_down(game, seat, cost)
    seat.tiles[track] -= 1
    seat.statues[slot_index] = track * 2 + face_down
    seat.took += 1
    if not face_down:
        seat.tracks[track] += slot.bonus + game.fx.statue_boost(seat)  # R57, PE4
    ev.append(
        event(
            "statue",
            seat=i,
            slot=slot_index,
            n=slot_index + 1,
            track=TRACKS[track],
            face="down" if face_down else "up",
            bonus=slot.bonus + (0 if face_down else game.fx.statue_boost(seat)),
            paid=cost or 0,
        )
    )


@legal.on("tile")
def legal_tile(game: HadaraRules, st: HadaraState, i: int) -> list[int]:
    seat = st.seats[i]
    return [A.TILE + t for t in range(4) if seat.tiles[t] > 0]


@resolve.on("tile")
def resolve_tile(game: HadaraRules, st: HadaraState, i: int, action: int, d: Decision, ev: list) -> None:  # PE3
    seat = st.seats[i]
    track = action - A.TILE
    card = d.args["card"]
    seat.tiles[track] -= 1
    seat.held[card] = track
    seat.tracks[track] += game.fx.tile_holder(card).track_bonus
    ev.append(
        event(
            "tile_held",
            seat=i,
            card=game.card_id[card],
            track=TRACKS[track],
            bonus=game.fx.tile_holder(card).track_bonus,
        )
    )


# --- feeding (R67-R71, PE6) and medals (R72-R74) -------------------------------------------------


@legal.on("feed")
def legal_feed(game: HadaraRules, st: HadaraState, i: int) -> list[int]:
    seat = st.seats[i]
    out = []
    pay = game.fx.feed_payment(seat)
    if pay and seat.fed_paid < pay[1] and seat.coins >= pay[0]:
        out.append(A.FEED_PAY)
    out.extend(sorted(A.REMOVE + k for k in set(seat.cards)))
    if game.hunger(seat) >= 2:  # R67: the whole removal in one answer
        out.append(game.feed_all)
    return out


@resolve.on("feed")
def resolve_feed(game: HadaraRules, st: HadaraState, i: int, action: int, d: Decision, ev: list) -> None:  # R67-R69
    seat = st.seats[i]
    if action == A.FEED_PAY:  # PE6
        coins = game.fx.feed_payment(seat)[0]
        seat.coins -= coins
        seat.fed_paid += 1
        ev.append(event("fed_with_coins", seat=i, coins=coins))
        return
    cards = feed_all_cards(game, seat) if action == game.feed_all else [action - A.REMOVE]
    for card in cards:
        remove(game, st.out, seat, card)
        ev.append(event("removed", seat=i, card=game.card_id[card]))


_SEAT_COPY = (msgspec.msgpack.Encoder(), msgspec.msgpack.Decoder(Seat))


def copy_of(seat: Seat) -> Seat:
    """A deep copy of ``seat`` (a round trip through msgpack: several times faster than
    ``copy.deepcopy``, and the same fields, every one a number or a list or dict of them)."""
    encoder, decoder = _SEAT_COPY
    return decoder.decode(encoder.encode(seat))


def feed_all_cards(game: HadaraRules, seat: Seat) -> list[int]:
    """The cards the feed-all answer removes, in order (R67: which cards go is the player's
    choice; this answer is the choice of the cards that cost the least): each time the card
    whose removal lowers FOOD least (R69), then the one worth the fewest VP, the one raising the
    other tracks least, one without a purple effect, the one bought last; until fed."""
    trial = copy_of(seat)
    scratch: list[int] = []  # the removed cards' pile of the trial
    chosen: list[int] = []
    while game.hunger(trial) > 0 and trial.cards:

        def cost(card: int, position: int) -> tuple:
            after = copy_of(trial)
            remove(game, scratch, after, card)
            lost = [a - b for a, b in zip(trial.tracks, after.tracks, strict=True)]
            effect = game.fx.effect_of[card] is not None
            return (lost[3], game.vp_of[card], sum(lost), effect, -position)

        card = min(
            ((k, p) for p, k in enumerate(trial.cards)),
            key=lambda kp: cost(*kp),
        )[0]
        remove(game, scratch, trial, card)
        chosen.append(card)
    return chosen


@legal.on("medals")
def legal_medals(game: HadaraRules, st: HadaraState, i: int) -> list[int]:
    seat = st.seats[i]
    silver, gold = game.medal_prices(st, seat)
    out = [A.PASS]
    if len(seat.silver) < MAX_MEDALS and seat.coins >= silver:
        out.extend(A.SILVER + t for t in range(4) if seat.tiles[t] > 0)
    if seat.gold < MAX_MEDALS and seat.coins >= gold:
        out.append(A.GOLD)
    return out


@resolve.on("medals")
def resolve_medals(game: HadaraRules, st: HadaraState, i: int, action: int, d: Decision, ev: list) -> None:  # R72-R74
    seat = st.seats[i]
    silver, gold = game.medal_prices(st, seat)
    if action == A.PASS:
        seat.took = DONE
        ev.append(event("passed", seat=i, step="medals"))
    elif action == A.GOLD:
        seat.coins -= gold
        seat.gold += 1
        ev.append(event("gold_medal", seat=i, paid=gold))
    else:
        track = action - A.SILVER
        seat.coins -= silver
        seat.tiles[track] -= 1
        seat.silver.append(track)
        ev.append(event("silver_medal", seat=i, track=TRACKS[track], paid=silver))


# --- buying, selling, removing ---------------------------------------------------------------------


def gain(seat: Seat, deltas, sign: int = 1) -> None:
    tracks = seat.tracks
    for t in range(4):
        tracks[t] += sign * deltas[t]


def buy(game: HadaraRules, st: HadaraState, i: int, card: int, ev: list) -> None:  # R37-R41
    seat = st.seats[i]
    price = game.price(seat, card)
    seat.coins -= price
    patron_shift(game, seat, card, +1)
    seat.cards.append(card)
    gain(seat, game.bonus_of[card])
    booster_shift(game, seat, card, +1)
    ev.append(event("bought", seat=i, card=game.card_id[card], price=price))
    if game.fx.tile_holder(card) and any(seat.tiles):  # PE3: must place
        st.stack.append(Decision(kind="tile", seats=[i], args={"card": card}))


def patron_shift(game: HadaraRules, seat: Seat, card: int, sign: int) -> None:
    """PE15: gaining or losing ``card`` moves the tracks its colour patrons watch."""
    color = game.color_of[card]
    track = game.track_of_color[color]
    if track is not None:
        for patron in game.fx.patrons(seat):
            if COLORS.index(patron.color) == color:
                seat.tracks[track] += sign * patron.per_card
    patron = game.fx.patron(card)
    if patron is not None:
        watched = COLORS.index(patron.color)
        count = sum(1 for k in seat.cards if game.color_of[k] == watched)
        fed = game.track_of_color[watched]
        assert fed is not None  # a patron watches a colour that feeds a track (PE15)
        seat.tracks[fed] += sign * patron.per_card * count


def booster_shift(game: HadaraRules, seat: Seat, card: int, sign: int) -> None:
    """PE4 counts statues already created: gaining or losing the card moves their tracks."""
    boost = game.fx.statue_boost_of(card)
    if boost:
        for code in seat.statues:
            if code >= 0 and code % 2 == 0:
                seat.tracks[code // 2] += sign * boost


def sell(game: HadaraRules, st: HadaraState, i: int, card: int, ev: list, secret: bool) -> None:  # R43
    seat = st.seats[i]
    coins = game.sale_value(seat, card)
    seat.coins += coins
    if secret:  # a Phase A sale: the others never see the card
        seat.sold_secret.append(card)
        ev.append(event("sold", seat=i, coins=coins, color=COLORS[game.color_of[card]]))
        ev.append(event("sold_card", to=[i], card=game.card_id[card]))
    else:
        st.out.append(card)
        ev.append(event("sold_taken", seat=i, coins=coins, card=game.card_id[card]))


def remove(game: HadaraRules, out: list[int], seat: Seat, card: int) -> None:  # R68-R69
    seat.cards.remove(card)
    patron_shift(game, seat, card, -1)
    gain(seat, game.bonus_of[card], -1)
    out.append(card)
    if card in seat.held:  # PE3 tile returns
        track = seat.held.pop(card)
        seat.tiles[track] += 1
        seat.tracks[track] -= game.fx.tile_holder(card).track_bonus
    booster_shift(game, seat, card, -1)


# --- refused actions ---------------------------------------------------------------------------

# What each decision asks, and its rule: the reason given when no more precise one applies.
EXPECTED = {
    "side": ("choose a start card side", "R21"),
    "wheel": ("set the wheel", "R31"),
    "draw": ("discard one drawn card and buy or sell the other", "R33"),
    "take": ("take the top card of a discard pile", "R63"),
    "colony": ("take a colony or pass", "R46"),
    "colony_mode": ("plunder or annex the new colony", "R49"),
    "statue": ("create a statue or pass", "R56"),
    "tile": ("place a bonus tile on the card", "R41"),
    "feed": ("remove a card (or pay instead, with a card that allows it)", "R67"),
    "medals": ("buy medals or pass", "R72"),
}


def why(game: HadaraRules, st: HadaraState, d: Decision, i: int, action: int) -> tuple[str, str]:
    """(reason, rule) for an action that is not among the decision's legal answers: its refusal
    worded in English, else what the decision asks."""
    if not 0 <= action < game.num_actions:
        return f"unknown action id {action} (ids are 0..{game.num_actions - 1})", "protocol"
    found = refusal(game, st, d, i, action)
    if found is not None:
        return refusal_text(game, found, "en"), found["rule"]
    expected, rule = EXPECTED[d.kind]
    return f"now you must {expected}", rule


def refusal(game: HadaraRules, st: HadaraState, d: Decision, i: int, action: int) -> dict | None:
    """Why ``action`` is not a legal answer of seat ``i`` to ``d``, as parts: ``reason`` (the
    template ``why.<reason>``, ``form`` its variant), ``verb``, ``card``, ``rule`` and the numbers
    the sentence names. None: no more precise reason than what the decision asks."""
    found = WHY.get(d.kind)
    return found(game, st, st.seats[i], action) if found is not None else None


def unaffordable(game: HadaraRules, seat: Seat, card: int) -> dict:
    return {
        "reason": "unaffordable",
        "verb": "buy",
        "card": game.card_id[card],
        "cost": game.price(seat, card),
        "have": seat.coins,
        "rule": "R38",
    }


def short_of(game: HadaraRules, seat: Seat, requirement: int, value: int) -> dict:
    """The parts of a requirement ``value`` does not meet (R46a, R56), PE10 and PE2 included:
    ``need`` (the requirement after PE10), ``have``, and with PE2 the coins the missing points
    would cost (``form`` ``pay``) or the points a step allows (``form`` ``cap``)."""
    need = requirement - game.fx.requirement_reduction(seat)
    out: dict[str, Any] = {"need": need, "have": value}
    pe2 = game.fx.buy_down(seat)
    if pe2 is not None:
        per_point, cap = pe2
        missing = need - value
        if seat.bought_points + missing > cap:
            out.update(form="cap", cap=cap - seat.bought_points)
        else:
            out.update(form="pay", cost=missing * per_point, coins=seat.coins)
    return out


def why_draw(game: HadaraRules, st: HadaraState, seat: Seat, action: int) -> dict | None:
    if A.DRAW <= action < A.TAKE and len(seat.hand) == 2:
        return unaffordable(game, seat, seat.hand[1 - (action - A.DRAW) // 2])
    return None


def why_take(game: HadaraRules, st: HadaraState, seat: Seat, action: int) -> dict | None:
    if A.TAKE <= action < A.COLONY:
        pile = st.piles[(action - A.TAKE) // 2]
        if not pile:
            return {"reason": "empty_pile", "verb": "take", "pile": BOARD[(action - A.TAKE) // 2], "rule": "R63"}
        return unaffordable(game, seat, pile[-1])
    return None


def why_colony(game: HadaraRules, st: HadaraState, seat: Seat, action: int) -> dict | None:
    if not A.COLONY <= action < A.PLUNDER:
        return None
    v = action - A.COLONY
    req = game.requirements[v]
    out = {"verb": "colony", "requirement": req, "stack": v}
    if seat.took >= game.fx.per_step(seat):
        return {**out, "reason": "colony_limit", "n": game.fx.per_step(seat), "rule": "R46"}
    if not st.stacks[v]:
        return {**out, "reason": "colony_gone", "rule": "R16"}
    if any(game.colonies[c].requirement == req for c in seat.colonies):
        return {**out, "reason": "colony_owned", "rule": "R53"}
    return {**out, "reason": "colony_military", **short_of(game, seat, req, seat.tracks[1]), "rule": "R46"}


def why_colony_mode(game: HadaraRules, st: HadaraState, seat: Seat, action: int) -> dict | None:
    if action == A.ANNEX:
        col = game.colonies[seat.colonies[-1]]
        return {"reason": "annex_coins", "verb": "annex", "cost": col.annex_cost, "have": seat.coins, "rule": "R51"}
    return None


def why_statue(game: HadaraRules, st: HadaraState, seat: Seat, action: int) -> dict | None:
    if not A.STATUE <= action < A.SILVER:
        return None
    code = action - A.STATUE
    s, track = code // 8, (code % 8) // 2
    out = {"verb": "statue", "slot": s, "n": s + 1}
    if seat.took >= game.fx.per_step(seat):
        return {**out, "reason": "statue_limit", "per_step": game.fx.per_step(seat), "rule": "R54"}
    if all(x != -1 for x in seat.statues):
        return {**out, "reason": "statue_slots_full", "rule": "R54"}
    if seat.statues[s] != -1:
        return {**out, "reason": "statue_slot_used", "rule": "R56"}
    if not any(seat.tiles):
        return {**out, "reason": "no_tiles", "rule": "R56"}
    if seat.tiles[track] == 0:
        return {**out, "reason": "no_tile", "tile": TRACKS[track], "rule": "R62"}
    requirement = game.slots[s].requirement
    return {**out, "reason": "statue_culture", **short_of(game, seat, requirement, seat.tracks[2]), "rule": "R56"}


def why_medals(game: HadaraRules, st: HadaraState, seat: Seat, action: int) -> dict | None:
    if action != A.GOLD and not A.SILVER <= action < A.SILVER + 4:
        return None
    silver, gold = game.medal_prices(st, seat)
    if action == A.GOLD:
        if seat.gold >= MAX_MEDALS:
            return {"reason": "gold_limit", "verb": "gold", "n": MAX_MEDALS, "rule": "R72"}
        return {
            "reason": "medal_coins",
            "form": "gold",
            "verb": "gold",
            "cost": gold,
            "have": seat.coins,
            "rule": "R72",
        }
    if len(seat.silver) >= MAX_MEDALS:
        return {"reason": "silver_limit", "verb": "silver", "n": MAX_MEDALS, "rule": "R72"}
    if not any(seat.tiles):
        return {"reason": "no_tiles", "form": "silver", "verb": "silver", "rule": "R73"}
    if seat.tiles[action - A.SILVER] == 0:
        return {"reason": "no_tile", "verb": "silver", "tile": TRACKS[action - A.SILVER], "rule": "R73"}
    return {
        "reason": "medal_coins",
        "form": "silver",
        "verb": "silver",
        "cost": silver,
        "have": seat.coins,
        "rule": "R72",
    }


def why_feed(game: HadaraRules, st: HadaraState, seat: Seat, action: int) -> dict | None:
    if action == game.feed_all:
        return {"reason": "feed_all", "verb": "feed_all", "n": max(0, game.hunger(seat)), "rule": "R67"}
    if action >= A.REMOVE:
        return {"reason": "not_owned", "verb": "remove", "rule": "R67"}
    if action == A.FEED_PAY:
        out = {"reason": "feed_pay", "verb": "feed_pay", "rule": "R67"}
        pay = game.fx.feed_payment(seat)
        if pay is None:
            return {**out, "form": "no_card"}
        if seat.fed_paid >= pay[1]:
            return {**out, "form": "cap", "n": pay[1]}
        return {**out, "form": "coins", "cost": pay[0], "have": seat.coins}
    return None


def why_tile(game: HadaraRules, st: HadaraState, seat: Seat, action: int) -> dict | None:
    if A.TILE <= action < A.FEED_PAY:
        return {"reason": "no_tile", "verb": "tile", "tile": TRACKS[action - A.TILE], "rule": "R62"}
    return None


WHY = {
    "draw": why_draw,
    "take": why_take,
    "colony": why_colony,
    "colony_mode": why_colony_mode,
    "statue": why_statue,
    "medals": why_medals,
    "feed": why_feed,
    "tile": why_tile,
}
