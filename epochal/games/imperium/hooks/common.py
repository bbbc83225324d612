"""The named hooks of the common deck: card effects no operation of the vocabulary says."""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine import event
from epochal.engine.effects import WAIT

from .. import actions as A
from .. import playing, shared
from ..vocab import Hook, When
from . import hook

if TYPE_CHECKING:
    from ..rules import ImperiumRules

SUIT_ACTIONS = ("region", "uncivilised", "civilised", "tributary")


@hook("garrison_self_in_region")
def garrison_self_in_region(game: ImperiumRules, st, fr, op: Hook, ev: list) -> int | bool:
    """Cataphract (R181): tuck this card under a region in play, then run that region's play."""
    p = st.seats[fr.seat]
    if fr.card not in p.play:
        return True
    regions = [k for k in p.play if "region" in game.cards[k].suits]
    k = shared.pick_card(game, st, fr, regions, True, "garrison this card under a region", "R181")
    if k == WAIT:
        return WAIT
    if k is not None:
        shared.leave_play(st, fr.seat, fr.card)
        p.garrison.setdefault(k, []).append(fr.card)
        ev.append(event("garrison", seat=fr.seat, card=game.cards[fr.card].id, under=game.cards[k].id))
        shared.push(game, st, fr.seat, k, "play", path=[])
    return True


@hook("marvellous")
def marvellous(game: ImperiumRules, st, fr, op: Hook, ev: list) -> int | bool:
    """Draw the top card if able, then discard it, put it back on top, or into history."""
    p = st.seats[fr.seat]
    if "_card" not in fr.vars:
        if not p.deck:
            return True
        fr.vars["_card"] = p.deck.pop()
        p.hand.append(fr.vars["_card"])
    k = fr.vars["_card"]
    answer = game.runner.choose(
        st,
        fr,
        "option",
        [A.OPTION, A.OPTION + 1, A.OPTION + 2],
        False,
        purpose="{card}: discard / back on top / history",
        card=k,
    )
    if answer == WAIT:
        return WAIT
    p.hand.remove(k)
    if answer == A.OPTION:
        p.discard.append(k)
    elif answer == A.OPTION + 1:
        p.deck.append(k)
    else:
        shared.to_history(game, st, fr.seat, k, ev)
    return True


@hook("sacred_pass")
def sacred_pass(game: ImperiumRules, st, fr, op: Hook, ev: list) -> int | bool:
    """Look at the nation deck's top; you may abandon this card to swap a hand card with it.
    The accession card can never be taken this way (R269, R193)."""
    p = st.seats[fr.seat]
    if not p.nation_deck or game.cards[p.nation_deck[-1]].location == "accession":
        return True
    if "_looked" not in fr.vars:
        answer = game.runner.choose(
            st, fr, "may", [A.YES, A.NO], False, purpose="look at the top card of your nation deck", rule="R269"
        )
        if answer == WAIT:
            return WAIT
        if answer == A.NO:
            return True
        fr.vars["_looked"] = True
        ev.append(event("look_nation", seat=fr.seat, card=game.cards[p.nation_deck[-1]].id, to=[fr.seat]))
    if fr.card not in p.play:  # used through Ambassador: not yours to abandon
        return True
    k = shared.pick_card(
        game,
        st,
        fr,
        list(p.hand),
        True,
        "abandon {card} to swap a hand card with the top of your nation deck",
        "R269",
        card=fr.card,
    )
    if k == WAIT:
        return WAIT
    if k is not None:
        p.discard += [fr.card] + shared.leave_play(st, fr.seat, fr.card)
        p.hand.remove(k)
        p.hand.append(p.nation_deck.pop())
        p.nation_deck.append(k)
        ev.append(event("swap_nation", seat=fr.seat))
    return True


@hook("agriculture")
def agriculture(game: ImperiumRules, st, fr, op: Hook, ev: list) -> int | bool:
    st.seats[fr.seat].region_as_production += 1
    return True


@hook("ambassador")
def ambassador(game: ImperiumRules, st, fr, op: Hook, ev: list) -> int | bool:
    """Use an opponent's pinned card's exhaust effect as your own."""
    options = [
        k
        for s in shared.others(st, fr.seat)
        for k in st.seats[s].play
        if game.cards[k].pinned
        and game.cards[k].exhaust
        and type(game.cards[k].exhaust[0]) is not When
        and playing.precondition(game, st, fr.seat, game.cards[k].exhaust, k)
    ]
    k = shared.pick_card(game, st, fr, options, False, "use an opponent's exhaust effect", "R76")
    if k == WAIT:
        return WAIT
    if k is not None:
        shared.push(game, st, fr.seat, k, "exhaust")
    return True


@hook("gambling")
def gambling(game: ImperiumRules, st, fr, op: Hook, ev: list) -> int | bool:
    """Declare a category, reveal the main deck's top: keep it if it matches, else exile it."""
    answer = game.runner.choose(
        st, fr, "suit", [A.SUIT + i for i in range(4)], False, purpose="declare a category", rule="R134"
    )
    if answer == WAIT:
        return WAIT
    main = st.decks["main"]
    if main:
        k = main.pop()
        suit = SUIT_ACTIONS[answer - A.SUIT]
        if suit in game.cards[k].suits:
            st.seats[fr.seat].hand.append(k)
        else:
            st.exile.append(k)
        ev.append(event("gamble", seat=fr.seat, card=game.cards[k].id, declared=suit))
        if not main:
            shared.trigger_end(st, "main_deck", ev, "R213")
    return True
