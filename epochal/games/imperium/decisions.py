"""The decisions a seat answers, one entry per decision kind in three dispatch tables: its legal
answers (``LEGAL``), what an answer does (``RESOLVE``) and why an answer is not allowed
(``WHY``). The turn choice (R67) and the Activate step (R69) are the rules' own; the choices a
running effect asks through the kernel's ``choose`` (``CHOICES``) are answered by the frame that
asked.

Rule numbers refer to shared/rules/imperium.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine import Decision, event
from epochal.engine.effects import Registry

from . import actions as A
from . import playing, shared

if TYPE_CHECKING:
    from .rules import ImperiumRules

LEGAL = Registry("legal answers")
RESOLVE = Registry("resolution")
WHY = Registry("reason")
CHOICES = ("card", "may", "option", "suit", "bt_source")  # asked by a running effect


# --- the turn: Activate, Innovate or Revolt (R67) ------------------------------------------------


@LEGAL.on("turn")
def turn_legal(game: ImperiumRules, st, d: Decision, seat: int) -> list[int]:
    p = st.seats[seat]
    unrest = sum(1 for k in p.hand if "unrest" in game.cards[k].suits)
    return [A.ACTIVATE, A.INNOVATE] + [A.REVOLT + n for n in range(min(unrest, A.MAX_REVOLT) + 1)]


@RESOLVE.on("turn")
def turn_resolve(game: ImperiumRules, st, d: Decision, seat: int, action: int, ev: list) -> None:
    p = st.seats[seat]
    if action == A.ACTIVATE:  # R69
        p.turn_mode = "activate"
        st.phase = "activate"
        ev.append(event("activate", seat=seat))
    elif action == A.INNOVATE:  # R82
        p.turn_mode = "innovate"
        st.phase = "cleanup"
        ev.append(event("innovate", seat=seat))
        shared.push(game, st, seat, -1, "innovate")
    else:  # R83
        p.turn_mode = "revolt"
        n = action - A.REVOLT
        returned = [k for k in p.hand if "unrest" in game.cards[k].suits][:n]
        for k in returned:
            p.hand.remove(k)
            st.unrest.append(k)
        st.phase = "cleanup"
        ev.append(event("revolt", seat=seat, returned=n))


@WHY.on("turn")
def turn_why(game: ImperiumRules, st, d: Decision, seat: int, action: int) -> tuple[str, str]:
    if action >= A.REVOLT and action < A.END:
        return "you cannot return more unrest cards than you hold", "R83"
    if game.action_space.kind(action)[0] == "exhaust":  # R80
        return "you may exhaust cards only after choosing Activate", "R80"
    return "choose Activate, Innovate or Revolt", "R67"


# --- Activate: play and exhaust cards until you end (R69-R81) ------------------------------------


@LEGAL.on("activate")
def activate_legal(game: ImperiumRules, st, d: Decision, seat: int) -> list[int]:
    p = st.seats[seat]
    out = [A.END]
    seen = set()
    never = game.never_played  # what can_play refuses first, known from the card alone
    # a plain card with an action token left is playable unless it was played free already
    token = p.actions >= 1
    plain = game.plain_play
    for k in p.hand:
        if k not in seen and k not in never:
            if (token and k in plain and k not in p.free_played) or playing.can_play(game, st, seat, k):
                out.append(game.action_space.play + k)
        seen.add(k)
    if p.exhausts >= 1:  # without an exhaust token (R78) or on an exhausted card (R77) can_exhaust refuses
        exhausted, exhausting = p.exhausted, game.exhausting
        for k in [*p.play, *shared.power_cards(p)]:
            if k in exhausting and k not in exhausted and playing.can_exhaust(game, st, seat, k):
                out.append(game.action_space.exhaust + k)
    return out


@RESOLVE.on("activate")
def activate_resolve(game: ImperiumRules, st, d: Decision, seat: int, action: int, ev: list) -> None:
    p = st.seats[seat]
    kind, k = game.action_space.kind(action)
    if action == A.END:
        st.phase = "cleanup"
        ev.append(event("end_activate", seat=seat))
    elif kind == "play":  # R71
        card = game.cards[k]
        if playing.is_free(game, st, seat, k):  # R74, Masonry
            p.free_played.append(k)
        else:
            p.actions -= 1
        p.hand.remove(k)
        p.play.append(k)
        ev.append(event("play", seat=seat, card=card.id))
        shared.push(game, st, seat, k, "play")
        shared.react_now(game, st, seat, "play", ev, card=k)  # Tents
    elif kind == "exhaust":  # R78
        p.exhausts -= 1
        p.exhausted.append(k)
        ev.append(event("exhaust", seat=seat, card=game.cards[k].id))
        shared.push(game, st, seat, k, "exhaust", shared.side_of(p, k))


@WHY.on("activate")
def activate_why(game: ImperiumRules, st, d: Decision, seat: int, action: int) -> tuple[str, str]:
    p = st.seats[seat]
    kind, k = game.action_space.kind(action)
    if kind == "play":
        card = game.cards[k]
        if k not in p.hand:
            return f"{card.id} is not in your hand", "R71"
        if card.unplayable or not (card.play or card.pinned):  # as can_play
            return f"{card.id} cannot be played", "R71"
        if card.state == "empire" and not p.empire:
            return f"{card.id} needs the Empire state", "R72"
        if card.state == "barbarian" and p.empire:
            return f"{card.id} needs the Barbarian state", "R72"
        free = playing.is_free(game, st, seat, k)
        if free and k in p.free_played:
            return f"{card.id} was already free-played this turn", "R74"
        if not free and p.actions < 1:
            return "no action token left on your state card", "R71"
        return f"{card.id} can be played only when what it requires is there", "R71"
    if kind == "exhaust":
        card = game.cards[k]
        if k not in p.play and k not in shared.power_cards(p):
            return f"{card.id} is not in your play area", "R76"
        if k in p.exhausted:
            return f"{card.id} is already exhausted this round", "R77"
        if p.exhausts < 1:
            return "no exhaust token left on your state card", "R78"
        if not game.face(k, shared.side_of(p, k)).exhaust:
            return f"{card.id} has no exhaust effect", "R76"
        return f"you cannot pay what exhausting {card.id} asks", "R78"
    return "play a card from your hand, exhaust a card in play, or end", "R69"


# --- a running effect's choice (R150) -------------------------------------------------------------


@LEGAL.on(*CHOICES)
def choice_legal(game: ImperiumRules, st, d: Decision, seat: int) -> list[int]:
    options = list(d.args["options"])
    if d.args.get("optional"):
        options.append(A.END)
    return options


@RESOLVE.on(*CHOICES)
def choice_resolve(game: ImperiumRules, st, d: Decision, seat: int, action: int, ev: list) -> None:
    game.runner.answer(st, d, action)


@WHY.on(*CHOICES)
def choice_why(game: ImperiumRules, st, d: Decision, seat: int, action: int) -> tuple[str, str]:
    return f"not one of the offered choices ({game.purpose(d)})", d.args.get("rule", "R150")


def why_not(game: ImperiumRules, st, d: Decision, seat: int, action: int) -> tuple[str, str]:
    """(reason, rule) for an action that is not among the decision's legal answers."""
    if not 0 <= action < game.num_actions:
        return f"unknown action id {action} (ids are 0..{game.num_actions - 1})", "protocol"
    return WHY[d.kind](game, st, d, seat, action)
