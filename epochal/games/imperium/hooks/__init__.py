"""Named hooks: the few card effects no operation of the vocabulary can say.

A hook is ``{"op": "hook", "name": "..."}`` in a card's data. Each module of this package
registers its hooks in ``HOOKS`` (the vocabulary's registry, which the loader checks a hook's
name against) with ``@hook("name")``; a hook is called as
``fn(game, state, frame, op, events)`` and returns ``DONE`` or ``WAIT`` after asking (exactly
like an operation handler in ``effects.py``). Every module here is imported on start-up.
"""

from __future__ import annotations

import importlib
import pkgutil

from ..vocab import HOOKS

hook = HOOKS.on

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
