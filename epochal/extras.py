"""The optional parts of the install (pyproject.toml's extras).

The web table and the basic commands (play, simulate, bench, replay, cards, serve) need only
the base install. ``epochal[research]`` adds OpenSpiel, PettingZoo and Gymnasium for the
research adapters (epochal.adapters); ``epochal[lab]`` adds Ray (``tournament --backend ray``)
and matplotlib (the plots of ``tournament --out``). The modules that need them import them
where they are used, and a missing one is a ``MissingExtra``: one line naming the extra.
"""

from __future__ import annotations

import importlib
from types import ModuleType


class MissingExtra(ImportError):
    """An optional dependency is not installed; the message says which extra provides it."""


def missing(module: str, extra: str, purpose: str) -> MissingExtra:
    return MissingExtra(f"{purpose} needs {module}, which is not installed: pip install 'epochal[{extra}]'")


def require(module: str, extra: str, purpose: str) -> ModuleType:
    """The module, or ``MissingExtra`` when it is not installed."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        raise missing(exc.name or module, extra, purpose) from None
