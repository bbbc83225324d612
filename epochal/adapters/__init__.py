"""Research adapters: every registered game as an OpenSpiel game and a PettingZoo environment.

``epochal.adapters.openspiel`` registers ``python_epochal_<name>`` with pyspiel;
``epochal.adapters.pettingzoo`` builds AEC environments. Both are generic: a registered game
(an ``epochal.games`` entry point, ``epochal.engine.game_names``) that provides ``observation``
gets both for free. This module holds what they share and imports neither library. Docs:
docs/adapters.md.
"""

from __future__ import annotations

from epochal.engine import Game, OptionError, State


def require_observation(game: Game) -> int:
    """The game's observation length; OptionError when the game provides no tensor."""
    size = game.observation_size
    if not isinstance(size, int) or size <= 0:
        raise OptionError(
            f"{game.name} provides no observation tensor "
            f"(Game.observation_layout_class); the research adapters need one"
        )
    return size


def max_game_length(game: Game, players: int) -> int:
    return game.decision_limit(players)


def win_shares(game: Game, state: State) -> list[float]:
    """The return convention of both adapters: the winners share 1 equally, the others get 0.

    The returns of a finished game always sum to 1 (constant-sum); before the end they are 0.
    """
    if not state.over:
        return [0.0] * state.players
    winners = game.winners(state)
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.players)]


def option_from_text(game: Game, name: str, text) -> object:
    """An option value from its text form (game parameters are strings)."""
    for opt in game.options:
        if opt.name == name:
            for choice in opt.choices:
                if str(choice) == str(text):
                    return choice
            raise OptionError(f"option {name}={text!r} is not one of {', '.join(map(str, opt.choices))}")
    raise OptionError(f"{game.name} has no option {name!r}")
