"""Named hooks: the few card effects no operation of the vocabulary can say.

A hook is ``{"op": "hook", "name": "...", "args": {...}}`` in a card's data. Each module of this
package registers its hooks with ``@hook("name")``; a hook is called as
``fn(game, state, frame, args, events)`` and returns True when done or ``WAIT`` after asking
(exactly like an operation handler in ``ops.py``). Every module here is imported on start-up.
"""

from __future__ import annotations

import importlib
import pkgutil

HOOKS: dict = {}


def hook(name: str):
    def register(fn):
        if name in HOOKS:
            raise ValueError(f"hook {name!r} registered twice")
        HOOKS[name] = fn
        return fn

    return register


for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
