"""Structured events: ``{"type": ..., **args}``, rendered to text by locale templates.

An event meant for some seats only carries ``"to": [seats]``; everyone else never sees it.
"""

from __future__ import annotations


def event(type_: str, to: list[int] | None = None, **args) -> dict:
    ev = {"type": type_, **args}
    if to is not None:
        ev["to"] = list(to)
    return ev


def visible(events: list[dict], seat: int | None) -> list[dict]:
    """The events ``seat`` may see (``None``: a spectator, public events only)."""
    out = []
    for ev in events:
        to = ev.get("to")
        if to is None:
            out.append(ev)
        elif seat is not None and seat in to:
            out.append({k: v for k, v in ev.items() if k != "to"})
    return out
