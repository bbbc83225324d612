"""What a seat may answer to each kind of decision, what the answer does, and why an answer is
refused: ``legal`` and ``resolve`` map a decision's kind to ``legal(game, st, seat)`` and
``resolve(game, st, seat, action, decision, events)``; ``why`` words a refused action. Buying,
selling and removing cards (R37-R43, R68) are here too: answers are what does them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine import Decision, event
from epochal.engine.effects import Registry

from . import actions as A
from .cards import COLORS, TRACKS
from .state import BOARD, CRESTS, DONE, Seat
from .steps import next_step

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
                tracks=list(seat.tracks),
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
    for i in bonus:
        st.seats[i].coins += 1
    ev.append(event("first_players", first=list(st.first), compensated=bonus))


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
            decks={CRESTS[s]: BOARD[game.deck_at(st, s)] for s in range(st.players)},
        )
    )
    next_step(game, st, ev)


@legal.on("draw")
def legal_draw(game: HadaraRules, st: HadaraState, i: int) -> list[int]:
    seat = st.seats[i]
    out = []
    for d in (0, 1):
        keep = seat.hand[1 - d]
        if game.price(seat, keep) <= seat.coins:
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
    ev.append(event("wheel_turned", round=st.round))


# --- Phase B: taking from the piles (R63-R65) --------------------------------------------------


@legal.on("take")
def legal_take(game: HadaraRules, st: HadaraState, i: int) -> list[int]:
    seat = st.seats[i]
    out = []
    for p, pile in enumerate(st.piles):
        if pile:
            if game.price(seat, pile[-1]) <= seat.coins:
                out.append(A.take(p, False))
            out.append(A.take(p, True))
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
    for v, stack in enumerate(st.stacks):
        if stack and game._colony_cost(st, seat, v) is not None:
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
    if st.stacks[v]:
        ev.append(event("colony_top", requirement=game.requirements[v], reveals=True))
    seat.colonies.append(token)
    seat.annexed.append(False)
    seat.took += 1
    tribute = game.fx.colony_tribute(seat)  # PE9
    seat.coins += tribute
    col = game.colonies[token]
    ev.append(event("colony", seat=i, colony=col.id, requirement=col.requirement, paid=cost, tribute=tribute))
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
        ev.append(event("plundered", seat=i, colony=col.id, coins=col.plunder))
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
                bonus=list(col.back_bonus.as_tuple()),
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
    for s, slot in enumerate(game.slots):
        if seat.statues[s] == -1 and game._buy_down(seat, slot.requirement, seat.tracks[2]) is not None:
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
    ev.append(event("statue", seat=i, slot=slot_index, track=TRACKS[track], face_down=bool(face_down), paid=cost))


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
    ev.append(event("tile_held", seat=i, card=game.card_id[card], track=TRACKS[track]))


# --- feeding (R67-R71, PE6) and medals (R72-R74) -------------------------------------------------


@legal.on("feed")
def legal_feed(game: HadaraRules, st: HadaraState, i: int) -> list[int]:
    seat = st.seats[i]
    out = []
    pay = game.fx.feed_payment(seat)
    if pay and seat.fed_paid < pay[1] and seat.coins >= pay[0]:
        out.append(A.FEED_PAY)
    out.extend(sorted(A.REMOVE + k for k in set(seat.cards)))
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
    card = action - A.REMOVE
    remove(game, st, seat, card)
    ev.append(event("removed", seat=i, card=game.card_id[card]))


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
        ev.append(event("sold", seat=i, coins=coins, card=game.card_id[card]))


def remove(game: HadaraRules, st: HadaraState, seat: Seat, card: int) -> None:  # R68-R69
    seat.cards.remove(card)
    patron_shift(game, seat, card, -1)
    gain(seat, game.bonus_of[card], -1)
    st.out.append(card)
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
    "tile": ("place a bonus tile on the card", "PE3"),
    "feed": ("remove a card (or pay with PE6)", "R67"),
    "medals": ("buy medals or pass", "R72"),
}


def why(game: HadaraRules, st: HadaraState, d: Decision, i: int, action: int) -> tuple[str, str]:
    """(reason, rule) for an action that is not among the decision's legal answers."""
    if not 0 <= action < game.num_actions:
        return f"unknown action id {action} (ids are 0..{game.num_actions - 1})", "protocol"
    refusal = WHY.get(d.kind)
    found = refusal(game, st, st.seats[i], action) if refusal is not None else None
    if found is not None:
        return found
    expected, rule = EXPECTED[d.kind]
    return f"now you must {expected}", rule


def unaffordable(game: HadaraRules, seat: Seat, card: int) -> tuple[str, str]:
    return (
        f"{game.card_id[card]} costs {game.price(seat, card)} coins after discounts, "
        f"you have {seat.coins}; sell it instead",
        "R38",
    )


def why_draw(game: HadaraRules, st: HadaraState, seat: Seat, action: int) -> tuple[str, str] | None:
    if A.DRAW <= action < A.TAKE:
        return unaffordable(game, seat, seat.hand[1 - (action - A.DRAW) // 2])
    return None


def why_take(game: HadaraRules, st: HadaraState, seat: Seat, action: int) -> tuple[str, str] | None:
    if A.TAKE <= action < A.COLONY:
        pile = st.piles[(action - A.TAKE) // 2]
        if not pile:
            return "that discard pile is empty", "R63"
        return unaffordable(game, seat, pile[-1])
    return None


def why_colony(game: HadaraRules, st: HadaraState, seat: Seat, action: int) -> tuple[str, str] | None:
    if not A.COLONY <= action < A.PLUNDER:
        return None
    v = action - A.COLONY
    req = game.requirements[v]
    if seat.took >= game.fx.per_step(seat):
        return "only one colony per Colony step (two with PE13)", "R46"
    if not st.stacks[v]:
        return f"no colony with requirement {req} is left", "R16"
    if any(game.colonies[c].requirement == req for c in seat.colonies):
        return f"you already own a colony with requirement {req}", "R53"
    return f"military {seat.tracks[1]} is below the requirement {req} (after PE10/PE2)", "R46"


def why_colony_mode(game: HadaraRules, st: HadaraState, seat: Seat, action: int) -> tuple[str, str] | None:
    if action == A.ANNEX:
        return "not enough coins to annex this colony; plunder it", "R51"
    return None


def why_statue(game: HadaraRules, st: HadaraState, seat: Seat, action: int) -> tuple[str, str] | None:
    if not A.STATUE <= action < A.SILVER:
        return None
    code = action - A.STATUE
    s, track = code // 8, (code % 8) // 2
    if seat.took >= game.fx.per_step(seat):
        return "only one statue per Statue step (two with PE13)", "R54"
    if all(x != -1 for x in seat.statues):
        return "all four statue slots are used", "R54"
    if seat.statues[s] != -1:
        return f"statue slot {s + 1} is already used", "R56"
    if seat.tiles[track] == 0:
        return f"no unused {TRACKS[track]} bonus tile left", "R62"
    return (
        f"culture {seat.tracks[2]} is below the slot's requirement {game.slots[s].requirement} (after PE10/PE2)",
        "R56",
    )


def why_medals(game: HadaraRules, st: HadaraState, seat: Seat, action: int) -> tuple[str, str] | None:
    if action != A.GOLD and not A.SILVER <= action < A.SILVER + 4:
        return None
    silver, gold = game.medal_prices(st, seat)
    if action == A.GOLD:
        if seat.gold >= MAX_MEDALS:
            return "at most two gold medals per game", "R72"
        return f"a gold medal costs {gold} coins, you have {seat.coins}", "R72"
    if len(seat.silver) >= MAX_MEDALS:
        return "at most two silver medals per game", "R72"
    if seat.tiles[action - A.SILVER] == 0:
        return f"no unused {TRACKS[action - A.SILVER]} bonus tile left", "R73"
    return f"a silver medal costs {silver} coins, you have {seat.coins}", "R72"


def why_feed(game: HadaraRules, st: HadaraState, seat: Seat, action: int) -> tuple[str, str] | None:
    if action >= A.REMOVE:
        return "you can only remove a card you own", "R67"
    if action == A.FEED_PAY:
        return "PE6 payment not available (no PE6 card, limit reached or too few coins)", "PE6"
    return None


def why_tile(game: HadaraRules, st: HadaraState, seat: Seat, action: int) -> tuple[str, str] | None:
    if A.TILE <= action < A.FEED_PAY:
        return f"no unused {TRACKS[action - A.TILE]} bonus tile left", "PE3"
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
