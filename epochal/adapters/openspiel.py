"""Every registered epochal game as an OpenSpiel Python game: ``python_epochal_<name>``.

    import pyspiel
    import epochal.adapters.openspiel            # registers the games with pyspiel
    game = pyspiel.load_game("python_epochal_hadara", {"players": 3})

The games are sequential, imperfect-information, explicit-stochastic and constant-sum:

* Chance is explicit, at the root only. The engine draws every random event from an RNG held
  in its state and seeded once by ``Game.new``; so the whole deal is one 64-bit engine seed.
  The first ``DEAL_NODES`` (8) moves of a game are chance nodes, each drawing one byte of that
  seed uniformly (256 outcomes); the bytes are big-endian, so drawing ``s.to_bytes(8, "big")``
  plays the same game as ``epochal play --seed s``. No seat observes these moves.
  ``game.new_initial_state({"seed": s})`` returns the state after them. The parameter
  ``seed`` >= 0 fixes the deal instead: then the game has no chance node at all.
  (OpenSpiel's SAMPLED_STOCHASTIC mode is not used: pyspiel cannot serialize a Python game
  of that mode, since the RNG state of the game object is out of reach from Python.)
* Simultaneous steps are sequentialized: the current player is the lowest seat that still owes
  its choice. The engine keeps each choice hidden until all have chosen, so the next seat's
  information state does not show it.
* Returns: the winners (ties share the victory, ``Game.winners``) share 1 equally, everyone
  else gets 0; so the returns sum to 1 (``CONSTANT_SUM``, ``utility_sum=1``). Rewards come at
  the end only.
* Information state strings have perfect recall: the seat, then one line per action of the
  game with the events that seat saw (its own actions by id, other seats' as ``acted``) and
  a digest of the seat's view after it;
  the last line is the current view. Observation strings are the view (JSON); observation
  tensors are ``Game.observation``.

Docs: docs/adapters.md.
"""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass

import msgspec

from epochal.extras import missing

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as exc:
    raise missing(exc.name or "pyspiel", "research", "the OpenSpiel adapter") from None

from epochal.engine import OptionError, State, game_names, get_game, visible

from . import max_game_length, option_from_text, require_observation, win_shares

PREFIX = "python_epochal_"
DEAL_NODES = 8  # chance nodes at the root, one byte of the 64-bit engine seed each
DEAL_OUTCOMES = 256


def _json(value) -> str:
    """Canonical JSON: sorted keys, no spaces, text as it is. msgspec writes it ten times faster
    (every action writes each seat's view); it sorts only text keys, so a view keyed by numbers
    takes the standard library's way."""
    try:
        return msgspec.json.encode(value, order="sorted").decode()
    except TypeError:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def short_name(name: str) -> str:
    """The pyspiel name of the epochal game ``name``."""
    return PREFIX + name


def parameter_specification(name: str) -> dict[str, int | str]:
    """OpenSpiel parameters and defaults: players, seed (-1: dealt by chance), each option as a
    string."""
    game = get_game(name)
    spec: dict[str, int | str] = {"players": game.min_players, "seed": -1}
    for opt in game.options:
        if opt.name in spec:
            raise OptionError(f"{name}: option {opt.name!r} clashes with a pyspiel parameter")
        spec[opt.name] = str(opt.default)
    return spec


def game_type(name: str) -> pyspiel.GameType:
    game = get_game(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Epochal {game.title} (Python)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(name),
        default_loadable=True,
        provides_factored_observation_string=False,
    )


def load(name: str = "hadara", players: int | None = None, seed: int = -1, **options):
    """``pyspiel.load_game`` for an epochal game, options given by their values."""
    params = {"seed": int(seed), **{k: str(v) for k, v in options.items()}}
    if players is not None:
        params["players"] = int(players)
    return pyspiel.load_game(short_name(name), params)


# --- the Python side of a state ------------------------------------------------------------------


@dataclass(frozen=True)
class _Config:
    name: str
    players: int
    options: tuple  # ((option, value), ...)

    def __deepcopy__(self, memo):
        return self


def _digest(view: dict) -> str:
    return hashlib.blake2b(_json(view).encode(), digest_size=8).hexdigest()


class _Core:
    """Everything of a pyspiel state on the Python side.

    ``dealt`` holds the seed bytes drawn so far; ``seed`` is the engine seed once known;
    ``state`` the engine state, built lazily (a state OpenSpiel makes only to overwrite it, in
    Clone and DeserializeState, costs nothing). ``logs[p]`` holds what seat p saw, one line per
    action; ``logs[players]`` what a spectator saw. Clone copies the engine state with its fast
    ``clone``; pickling (OpenSpiel's serialization) stores the engine state as its JSON.
    """

    __slots__ = ("config", "dealt", "seed", "state", "logs")

    def __init__(self, config: _Config, dealt=(), seed=None, state=None, logs=None):
        self.config = config
        self.dealt = tuple(dealt)
        self.seed = seed
        self.state = state
        self.logs = logs

    @property
    def game(self):
        return get_game(self.config.name)

    @property
    def dealing(self) -> bool:
        return self.seed is None

    def deal(self, byte: int) -> None:
        self.dealt += (byte,)
        if len(self.dealt) == DEAL_NODES:
            self.seed = int.from_bytes(bytes(self.dealt), "big")

    def ready(self):
        """The engine state (None while the deal is being drawn)."""
        if self.state is None and self.seed is not None:
            game = self.game
            self.state = game.new(self.config.players, self.seed, dict(self.config.options))
            seats = [*range(self.config.players), None]
            self.logs = [[f"start obs {_digest(game.view(self.state, s))}"] for s in seats]
        return self.state

    def __deepcopy__(self, memo):
        state = self.ready()
        return _Core(
            self.config, self.dealt, self.seed, state and state.clone(), self.logs and [list(log) for log in self.logs]
        )

    def __reduce__(self):
        state = self.ready()
        return (_thaw, (self.config, self.dealt, self.seed, state and state.to_json(), self.logs))


_STATE_TYPES: dict[str, type[State]] = {}


def _thaw(config: _Config, dealt, seed, raw, logs) -> _Core:
    state = None
    if raw is not None:
        cls = _STATE_TYPES.get(config.name)
        if cls is None:
            game = get_game(config.name)
            cls = _STATE_TYPES[config.name] = type(game.new(game.min_players, 0))
        state = cls.from_json(raw)
    return _Core(config, dealt, seed, state, logs)


# --- pyspiel game, state and observer --------------------------------------------------------


class EpochalGame(pyspiel.Game):
    """One epochal game with fixed players and options (and maybe a fixed deal)."""

    def __init__(self, name: str, params: dict | None = None):
        game = get_game(name)
        require_observation(game)
        spec = parameter_specification(name)
        values = dict(spec)
        for key, value in (params or {}).items():
            if key not in spec:
                raise OptionError(f"{short_name(name)} has no parameter {key!r} (parameters: {', '.join(spec)})")
            values[key] = value
        players = int(values["players"])
        options = {opt.name: option_from_text(game, opt.name, values[opt.name]) for opt in game.options}
        game.configure(players, options)  # OptionError on a bad count
        self.epochal = game
        self.config = _Config(name, players, tuple(options.items()))  # the game's order
        self.fixed_seed = int(values["seed"]) if int(values["seed"]) >= 0 else None
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=DEAL_OUTCOMES,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=max_game_length(game, players),
        )
        super().__init__(game_type(name), info, values)

    def new_initial_state(self, deal=None):
        """The root; with ``{"seed": s}`` (or ``s``) the state after the chance nodes that deal
        engine seed ``s``."""
        if self.fixed_seed is not None:
            if deal is not None:
                raise OptionError("this game has a fixed deal (parameter seed); load it with seed=-1 to choose deals")
            return EpochalState(self, _Core(self.config, seed=self.fixed_seed))
        state = EpochalState(self, _Core(self.config))
        if deal is not None:
            seed = deal.get("seed") if isinstance(deal, dict) else deal
            if isinstance(seed, str) and seed.isdigit():
                seed = int(seed)
            if not isinstance(seed, int) or not 0 <= seed < 2 ** (8 * DEAL_NODES):
                raise OptionError(f"new_initial_state takes {{'seed': s}} with 0 <= s < 2**64, not {deal!r}")
            for byte in seed.to_bytes(DEAL_NODES, "big"):
                state.apply_action(byte)
        return state

    def max_chance_nodes_in_history(self):
        return 0 if self.fixed_seed is not None else DEAL_NODES

    def make_py_observer(self, iig_obs_type=None, params=None):
        if isinstance(iig_obs_type, dict):  # C++ calls make_py_observer(params)
            iig_obs_type, params = None, iig_obs_type
        return EpochalObserver(self.epochal, iig_obs_type, params)


class EpochalState(pyspiel.State):
    """A pyspiel state around an engine state (``engine_state()``; None while dealing)."""

    def __init__(self, game: EpochalGame, core: _Core):
        super().__init__(game)
        self._core = core

    # --- helpers for researchers -----------------------------------------------------------
    def engine_state(self):
        """The engine state, None before the deal (do not change it: use apply_action)."""
        return self._core.ready()

    @property
    def engine_seed(self) -> int | None:
        """The seed ``Game.new`` was called with (None before the deal)."""
        return self._core.seed

    def view(self, player: int | None) -> dict | None:
        state = self.engine_state()
        return None if state is None else self._core.game.view(state, player)

    # --- the pyspiel API -------------------------------------------------------------------
    def current_player(self):
        state = self.engine_state()
        if state is None:
            return pyspiel.PlayerId.CHANCE
        if state.over:
            return pyspiel.PlayerId.TERMINAL
        return min(self._core.game.actors(state))

    def chance_outcomes(self):
        p = 1.0 / DEAL_OUTCOMES
        return [(byte, p) for byte in range(DEAL_OUTCOMES)]

    def _legal_actions(self, player):
        return sorted(self._core.game.legal(self.engine_state(), player))

    def _apply_action(self, action):
        core = self._core
        action = int(action)
        if core.dealing:
            if not 0 <= action < DEAL_OUTCOMES:
                raise ValueError(f"a deal byte is 0..{DEAL_OUTCOMES - 1}, not {action}")
            core.deal(action)
            return
        game, state = core.game, core.ready()
        seat = min(game.actors(state))
        events = game.apply(state, seat, action)  # IllegalAction before any change
        for s, log in zip([*range(state.players), None], core.logs, strict=False):
            seen = _json(visible(events, s))
            line = f"{state.ply} seat {seat} {f'chose {action}' if s == seat else 'acted'} {seen}"
            # What the seat sees now, whether or not an event says so (a drawn hand, a refill).
            log.append(f"{line} obs {_digest(game.view(state, s))}")

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal byte {len(self._core.dealt)}: {action}"
        state = self.engine_state()
        if state is None or not 0 <= player < state.players:
            return f"action {action}"
        return f"{self._core.game.action_text(state, player, action)} (#{action})"

    def is_terminal(self):
        state = self.engine_state()
        return state is not None and state.over

    def returns(self):
        state = self.engine_state()
        if state is None:
            return [0.0] * self._core.config.players
        return win_shares(self._core.game, state)

    def rewards(self):
        return self.returns()  # terminal rewards only: zero until the end

    def __str__(self):
        state = self.engine_state()
        if state is None:
            return f"dealing: {list(self._core.dealt)}"
        return state.to_json().decode()

    # --- what a seat (None: a spectator) knows; used by the observer ----------------------
    def _observation_string(self, seat: int | None) -> str:
        view = self.view(seat)
        return "dealing" if view is None else _json(view)

    def _information_state_string(self, seat: int | None) -> str:
        head = "spectator" if seat is None else f"seat {seat}"
        if self.engine_state() is None:
            return head + "\ndealing"
        core = self._core
        log = core.logs[core.config.players if seat is None else seat]
        return "\n".join([head, *log, "now " + self._observation_string(seat)])

    def _observation_tensor(self, seat: int):
        core = self._core
        if core.state is None:
            if core.seed is None:
                return 0.0  # nothing is known before the deal
            # An unplayed root: pyspiel asks one for every tensor size check; spare the build.
            return _root_observation(core.config, core.seed, seat)
        return core.game.observation(core.state, seat)


@functools.lru_cache(maxsize=64)
def _root_observation(config: _Config, seed: int, seat: int) -> tuple:
    game = get_game(config.name)
    vector = game.observation(game.new(config.players, seed, dict(config.options)), seat)
    if vector is None:  # not reached: EpochalGame refuses a game without a tensor
        raise OptionError(f"{game.name} provides no observation tensor")
    return tuple(vector)


class EpochalObserver:
    """The PyObserver of OpenSpiel's python games (see open_spiel/python/observation.py).

    * default (``perfect_recall=False``, one player's private info): the view as JSON and the
      ``Game.observation`` tensor (one piece, ``"observation"``);
    * ``perfect_recall=True``: the information state string (no tensor);
    * ``private_info=NONE``: the spectator's view, or with perfect recall the spectator's log.
    """

    def __init__(self, game, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS or not iig_obs_type.public_info:
            raise ValueError(
                f"unsupported observation type {iig_obs_type}: epochal games "
                f"observe with public info, for one seat or for a spectator"
            )
        self.perfect_recall = iig_obs_type.perfect_recall
        self.spectator = private == pyspiel.PrivateInfoType.NONE
        if self.perfect_recall or self.spectator:
            self.tensor = None
            self.dict = {}
        else:
            self.tensor = np.zeros(require_observation(game), np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: EpochalState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = state._observation_tensor(player)

    def string_from(self, state: EpochalState, player: int) -> str:
        seat = None if self.spectator else player
        if self.perfect_recall:
            return state._information_state_string(seat)
        return state._observation_string(seat)


# --- registration -------------------------------------------------------------------------------

GAME_CLASSES: dict[str, type] = {}


def register(name: str) -> str:
    """Register ``python_epochal_<name>`` with pyspiel (once); returns the pyspiel name.

    pyspiel keeps the factory until the process ends; it gets a class (as OpenSpiel's own
    Python games do), not a closure: freeing a closure after the interpreter has finalized
    aborts the process.
    """
    short = short_name(name)
    if short not in pyspiel.registered_names():
        cls = GAME_CLASSES[name] = type(
            f"EpochalGame_{name}",
            (EpochalGame,),
            {
                "__init__": lambda self, params=None, _n=name: EpochalGame.__init__(self, _n, params),
                "__module__": __name__,
            },
        )
        globals()[cls.__name__] = cls  # found by name, as pickle needs
        pyspiel.register_game(game_type(name), cls)
    return short


REGISTERED = [register(name) for name in game_names()]
