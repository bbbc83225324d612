"""Errors the kernel and every game raise."""


class IllegalAction(Exception):
    """An action that the rules forbid. Raised before the state changes.

    ``rule`` names the rule in the game's specification (e.g. ``"R38"``) so that a player, a
    log and a test can all point at the same sentence.
    """

    def __init__(self, reason: str, rule: str | None = None):
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} [{rule}]" if rule else reason)


class OptionError(ValueError):
    """Unknown option, or a value outside the option's choices, or a bad player count."""


class RecordError(ValueError):
    """A game record that cannot be replayed: corrupt, truncated or inconsistent."""
