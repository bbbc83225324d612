"""The engine protocol every game implements, and the registry that finds games.

A ``Game`` object is static: rules and card data. Everything that changes lives in a
``State``. The protocol follows OpenSpiel's split (game vs state, stable integer action ids)
and TAG's forward model (pending decisions as a stack inside the state).
"""

from __future__ import annotations

import importlib.metadata
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, cached_property, partial
from typing import Any, ClassVar

from epochal import datafile

from .effects import EffectRunner
from .errors import IllegalAction, OptionError
from .observe import VectorLayout
from .state import State

# Decisions after which a game with no ``max_game_length`` is taken not to end (the engine
# battery's "the game does not end"): ten times the longest games seen here.
DEFAULT_MAX_GAME_LENGTH = 20_000


@dataclass(frozen=True)
class Option:
    """A rules option: its name, allowed values, default, and which rule it concerns."""

    name: str
    choices: tuple
    default: Any
    help: str = ""
    # The sides (nations, empires) a seat may be given by name, for an option of ``engine.sides``
    # whose value may also be a comma list of them: the lobby offers each seat these names.
    sides: tuple[str, ...] = ()


@dataclass
class Score:
    """A seat's final result. ``tiebreak`` keys compare after ``total`` (higher is better)."""

    total: int
    breakdown: dict[str, int] = field(default_factory=dict)
    tiebreak: tuple = ()

    def key(self) -> tuple:
        return (self.total, *self.tiebreak)


class Game(ABC):
    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str] = "1"
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    # The size of the action id space (ids are 0..num_actions-1); an instance attribute, because
    # every game sizes its space by the card data it is bound to.
    num_actions: int

    # --- configuration -------------------------------------------------------------------
    def configure(self, players: int, options: dict | None) -> dict:
        """Check the player count and options; return the options with defaults filled in."""
        if (
            not isinstance(players, int)
            or isinstance(players, bool)
            or not (self.min_players <= players <= self.max_players)
        ):
            raise OptionError(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, not {players!r}"
            )
        known = {o.name: o for o in self.options}
        out = {}
        for key, value in (options or {}).items():
            if key not in known:
                raise OptionError(f"{self.name} has no option {key!r} (options: {', '.join(known) or 'none'})")
            opt = known[key]
            if value not in opt.choices:
                raise OptionError(f"option {key}={value!r} is not one of {', '.join(map(str, opt.choices))}")
            out[key] = value
        for opt in self.options:
            out.setdefault(opt.name, opt.default)
        return out

    def option_sets(self) -> list[dict]:
        """Option combinations the engine battery runs: the defaults, then each other choice."""
        sets: list[dict] = [{}]
        for opt in self.options:
            sets += [{opt.name: c} for c in opt.choices if c != opt.default]
        return sets

    # --- the forward model ---------------------------------------------------------------
    @abstractmethod
    def new(self, players: int, seed: int, options: dict | None = None) -> State:
        """A new game: every random choice comes from ``seed`` through the state's RNG."""

    def actors(self, state: State) -> list[int]:
        """Seats that owe a decision now; several in a simultaneous step; [] when over."""
        if state.over or not state.stack:
            return []
        return state.stack[-1].waiting()

    def legal(self, state: State, seat: int) -> list[int]:
        if state.over or not state.stack:
            return []
        decision = state.stack[-1]
        if seat not in decision.seats or seat in decision.chosen:  # not waiting(): no list built
            return []
        kept = decision.__dict__.get("kept")  # kept_legal's look-up, written out: once per action
        if kept is not None and kept[0] == state.ply and kept[1] == seat and not self.check_kept:
            return list(kept[2])  # a copy: callers may change theirs
        return list(self.kept_legal(state, decision, seat))

    check_kept = False  # the test suite turns it on: every kept list is compared with a fresh one

    def kept_legal(self, state: State, decision, seat: int) -> list[int]:
        """``decision_legal``, worked out once per decision, seat and ply.

        ``advance`` keeps the list it computed to look for a single answer; the agent's
        ``legal`` and ``apply``'s check then reuse it instead of building it twice more. A
        state changes only by ``apply`` (which counts a ply) and, inside it, by the automatic
        steps of ``advance`` (which work out the list afresh after each one), so a list kept for
        the current ply is the current one. Code that edits a state by hand (a test setting up a
        position) says so with ``state.edited()``.
        """
        kept = decision.__dict__.get("kept")
        if kept is not None and kept[0] == state.ply and kept[1] == seat:
            if self.check_kept and kept[2] != self.decision_legal(state, decision, seat):
                raise AssertionError(
                    f"the answers kept for {decision.kind!r} at ply {state.ply} are stale: the state "
                    "was edited by hand without state.edited(), or the engine changed it without a ply"
                )
            return kept[2]
        legal = self.decision_legal(state, decision, seat)
        self.keep(state, decision, seat, legal)
        return legal

    @staticmethod
    def keep(state: State, decision, seat: int, legal: list[int]) -> None:
        """Keep ``legal`` as ``seat``'s answers to ``decision`` for the current ply; a step that
        worked them out to decide whether to ask does so as it pushes the decision, and
        ``advance`` then reuses them (the test suite's ``check_kept`` compares them afresh)."""
        decision.__dict__["kept"] = (state.ply, seat, legal)

    def timeout_action(self, state: State, seat: int) -> int | None:
        """The action that passes when a seat's turn clock runs out, if the rules allow one
        now; None: the server lets a bot choose instead."""
        return None

    def apply(self, state: State, seat: int, action: int) -> list[dict]:
        """Apply ``action`` for ``seat``; raise IllegalAction before any change.

        Validation comes first and changes nothing; then the game resolves the decision on top
        of the stack and advances its automatic steps to the next decision.
        """
        stack = state.stack
        decision = stack[-1] if stack else None
        # check_turn's test, written out for the usual case (it runs once per action); anything
        # else goes through check_turn, which refuses it in words
        if (
            state.over
            or decision is None
            or type(seat) is not int
            or seat not in decision.seats
            or seat in decision.chosen
        ):
            self.check_turn(state, seat)
            decision = stack[-1]
        if type(action) is not int and (not isinstance(action, int) or isinstance(action, bool)):
            raise IllegalAction(f"an action is an integer id, not {action!r}", "protocol")
        kept = decision.__dict__.get("kept")  # kept_legal's look-up, written out likewise
        if kept is not None and kept[0] == state.ply and kept[1] == seat and not self.check_kept:
            legal = kept[2]
        else:
            legal = self.kept_legal(state, decision, seat)
        if action not in legal:
            raise IllegalAction(*self.why_illegal(state, decision, seat, action))
        events: list = []
        self.resolve(state, seat, action, events)
        state.ply += 1
        self.advance(state, events)
        return events

    def random_plies(self, state: State, rng, plies: int) -> None:
        """Play up to ``plies`` uniformly random legal actions, each by the lowest waiting seat,
        as a search's rollout does: ``apply`` with ``rng.choice`` of ``legal``, the same draws
        and the same states, without the checks an action from outside needs (the action comes
        from the decision's own kept answers) or the copies of the list."""
        kept_legal, resolve, advance = self.kept_legal, self.resolve, self.advance
        for _ in range(plies):
            if state.over:
                return
            decision = state.stack[-1]
            seat = min(decision.waiting())
            legal = kept_legal(state, decision, seat)
            events: list = []
            resolve(state, seat, rng.choice(legal), events)
            state.ply += 1
            advance(state, events)

    # The four steps a game provides for the shared ``apply``:
    @abstractmethod
    def decision_legal(self, state: State, decision, seat: int) -> list[int]:
        """The answers ``seat`` may give to ``decision`` (the top of the stack)."""

    def why_illegal(self, state: State, decision, seat: int, action: int) -> tuple[str, str]:
        """(reason, rule) for an action that is not among ``decision_legal``."""
        return (f"action {action} is not allowed now", "protocol")

    @abstractmethod
    def resolve(self, state: State, seat: int, action: int, events: list) -> None:
        """Carry out a legal answer to the top decision."""

    runner: EffectRunner | None = None  # the effect kernel running the cards' operations, if any

    # Decisions with a single answer that ``advance`` answered itself, over every state this
    # game object has played (a running count for ``epochal bench``: a state's ``ply`` counts
    # only the answers given to ``apply``). One addition per such answer, so it costs nothing
    # measurable; it is not part of any state, so it changes no replay or clone.
    answered: int = 0

    def advance(self, state: State, events: list) -> None:
        """Run automatic steps until some seat owes a real decision or the game ends: answer
        every decision of one seat that has a single answer, run effect frames, and otherwise
        let the game ``proceed`` with its next automatic step."""
        decision_legal, resolve, runner, proceed = self.decision_legal, self.resolve, self.runner, self.proceed
        running, step = (runner.running, runner.step) if runner is not None else (None, None)
        while not state.over:
            if state.stack:
                d = state.stack[-1]
                if len(d.seats) == 1:
                    seat = d.seats[0]
                    # the answers the step that asked it kept (Game.keep), else worked out
                    # afresh and not kept: a single answer is resolved here at once
                    kept = d.__dict__.get("kept")
                    if kept is not None and kept[0] == state.ply and kept[1] == seat:
                        legal = self.kept_legal(state, d, seat)
                    else:
                        legal = decision_legal(state, d, seat)
                    if len(legal) == 1:
                        resolve(state, seat, legal[0], events)
                        self.answered += 1
                        continue
                    self.keep(state, d, seat, legal)
                return
            if running is not None and running(state):
                step(state, events)  # type: ignore[misc]  # set with running
                continue
            proceed(state, events)

    @abstractmethod
    def proceed(self, state: State, events: list) -> None:
        """The game's next automatic step when no decision is pending and no effect runs: it
        asks a decision, starts an effect, or ends the game (``advance`` loops until one does)."""

    def action_text(self, state: State, seat: int, action: int) -> str:
        return f"action {action}"

    def describe_action(self, state: State, seat: int, action: int) -> dict:
        """``seat``'s legal ``action`` as parts, for the server, the terminal and the web page to
        word in the reader's language (``engine.locale.action_words``) or to put on the thing it
        acts on. JSON-ready; the parts:

        ``verb`` (always)
            what the action does; the template ``action.<verb>`` of the game's
            ``locale/<lang>.json`` words it;
        ``form``
            a variant of the verb's wording (a take that sells rather than buys), worded by
            ``action.<verb>.<form>``;
        ``card``
            the id of the card it acts on (a card the seat may see);
        ``target``
            the seat (an int) or the thing (a string) it acts on;
        ``cost``, ``gain``
            resource -> n: what it costs, what it brings;
        ``n``
            a count or a number (an option's, the cards returned);
        ``rule``
            the rule that makes it legal ("R71");

        and the game's own parts (a track, a pile, a slot) that its templates or its board drawing
        (``table_ui``'s ``actions`` are these descriptions) use. It is given the true state, so it
        names only what ``seat`` may see: the engine battery compares the descriptions of a
        seat's legal actions with those of re-dealt states. Default: the verb ``action``, which no
        template words, so the action reads as ``action_text``."""
        return {"verb": "action", "id": action}

    def describe_decision(self, state: State, seat: int) -> dict | None:
        """What ``seat`` is deciding now, as parts for ``engine.locale.prompt_words`` to word
        through the template ``prompt.<kind>`` (``.<form>``) of ``locale/<lang>.json``: ``kind``
        (always), ``card`` (the card the decision is for, shown beside the prompt) and the parts
        its template names (the same kinds of parts as ``describe_action``'s). It names only what
        ``seat`` may see. None: ``seat`` decides nothing now (the default)."""
        return None

    def prompt_keys(self) -> set[str]:
        """Every template key ``describe_decision`` may ask for (``prompt.<kind>``,
        ``prompt.<kind>.<form>``), so a test can check each language has them all."""
        return set()

    def why_not(self, state: State, seat: int) -> list[dict]:
        """What ``seat`` would expect to be able to do now but cannot, each as parts: ``reason``
        (worded by the template ``why.<reason>``), ``verb`` and ``card`` (what it would act on),
        ``rule`` (the rule that forbids it) and the parts the template names ("needs {cost}, you
        have {have}"). Only what ``seat`` may see. Default: nothing."""
        return []

    def card_text(self, card: str, lang: str = "en") -> list[str]:
        """The card's effects in words of ``lang``, a line per part of the card (its cost, what
        playing it does, its passive), generated from its typed operations through the game's
        templates (``engine.locale.struct_text``). Default: none."""
        return []

    def board_panels(self, state: State, seat: int, lang: str = "en") -> list[dict]:
        """The table as the terminal client draws it for ``seat``, in words of ``lang``: panels
        ``{"title", "rows": [[cell, ...], ...], "header": bool}`` (Rich tables), naming only what
        ``seat`` may see. Default: none (the client shows the decision and its cards alone)."""
        return []

    def display_name(self, text: str, lang: str = "en") -> str | None:
        """How event texts show ``text``, a card id or a term of the game (a resource name) in
        ``lang``; None: as it is."""
        return None

    # --- the web table ----------------------------------------------------------------------
    def table_ui(self, state: State, seat: int | None) -> dict:
        """What the web table's board drawing (the game's ``web/board.js``) needs beside the
        view, for ``seat`` (None: a spectator): the parts of each legal action, keyed by its id
        (what it acts on, what it costs), so the page can put it on that thing and word it in its
        own language, and tables the view does not carry. It is given the true state, so it must
        name only what ``seat`` may see (the no-leak tests read it too). Default: nothing; the
        page then lists the engine's action texts."""
        return {}

    def table_constants(self) -> dict:
        """Fixed lists the board drawing lays things out by (tracks, resources, colours, phases in
        order), so the page keeps no copy of the game's constants. The server sends them with the
        table's words (``GET /api/meta/<game>/table``). Default: none."""
        return {}

    # --- information ----------------------------------------------------------------------
    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict:
        """JSON-ready: exactly what ``seat`` may know (``None``: a spectator)."""

    def open_view(self, state: State) -> dict | None:
        """JSON-ready, for the replay of a finished game: the position with every seat's own
        hidden cards face up (its hand, its simultaneous choice, the cards it keeps face down),
        in the shape of a spectator's view (no legal actions) where each seat's entry carries
        what that seat's own view shows of it. What no seat could see (a deck's order) may stay
        hidden. Never for a game in progress: it shows what the seats hide from each other.
        None: the game offers no face-up view (the default)."""
        return None

    @abstractmethod
    def determinize(self, state: State, seat: int, rng) -> State:
        """A clone in which everything ``seat`` cannot see is re-dealt at random."""

    def dealer(self, state: State, seat: int) -> Callable[[Any], State]:
        """A function of ``rng`` that deals ``determinize(state, seat, rng)``, the same deal
        from the same draws, for a search that re-deals one root at every iteration: a game may
        work out once what the deals share (which cards to re-deal, where they lie). ``state``
        must not change while the function is used. Default: ``determinize`` at each call."""
        return partial(self.determinize, state, seat)

    @abstractmethod
    def scores(self, state: State) -> list[Score]:
        """Each seat's score as it stands (final once the game is over)."""

    # --- research adapters (epochal.adapters: OpenSpiel, PettingZoo) ---------------------------
    # The game's VectorLayout subclass (engine/observe.py); None: the game provides no
    # observation tensor, and the adapters refuse it.
    observation_layout_class: ClassVar[type[VectorLayout] | None] = None

    @cached_property
    def observation_layout(self) -> VectorLayout | None:
        """The layout for this game object, whose card data fixes the lengths of the parts."""
        layout_class = self.observation_layout_class
        return None if layout_class is None else layout_class(self)

    @property
    def observation_size(self) -> int | None:
        """Length of ``observation``'s vector; None: the game has no tensor."""
        layout = self.observation_layout
        return None if layout is None else layout.size

    def observation(self, state: State, seat: int | None) -> list[float] | None:
        """A fixed-length (``observation_size``) float vector of what ``seat`` may see.

        Built from ``view(state, seat)`` content only, so it never holds hidden information.
        None: the game has no tensor.
        """
        layout = self.observation_layout
        return None if layout is None else layout.encode(self.view(state, seat))

    def max_game_length(self, players: int) -> int | None:
        """A true upper bound on the actions of one game, or None (``decision_limit`` then
        assumes DEFAULT_MAX_GAME_LENGTH)."""
        return None

    def decision_limit(self, players: int) -> int:
        """The decisions after which a game is taken not to end: ``max_game_length``, else
        DEFAULT_MAX_GAME_LENGTH. The research adapters truncate there and the simulator stops
        a game there with an error, so no series waits forever on a game its agents never end."""
        bound = self.max_game_length(players)
        return DEFAULT_MAX_GAME_LENGTH if bound is None else int(bound)

    # Uniformly random plies a search iteration plays before ``estimate`` scores the position:
    # 0 when the estimate counts what the coming turns bring (the search's default, and its
    # speed); more when it misses it, as Hadara's misses what a track point will buy.
    rollout_plies: ClassVar[int] = 0

    def estimate(self, state: State) -> list[float]:
        """Each seat's expected final score, for search that stops before the end.

        The default is the score as it stands; a game refines it with what is still to come.
        """
        return [float(s.total) for s in self.scores(state)]

    def winners(self, state: State, scores: list[Score] | None = None) -> list[int]:
        """Seats sharing first place (all tied seats share the victory); ``scores``: the
        state's ``scores`` when the caller has them already."""
        keys = [s.key() for s in (self.scores(state) if scores is None else scores)]
        best = max(keys)
        return [i for i, k in enumerate(keys) if k == best]

    def closes_simultaneous(self, state: State, seat: int) -> bool:
        """Would ``seat``'s answer now close a simultaneous decision? Closing one unveils every
        seat's hidden choice, so such an answer reveals information whatever its events say."""
        stack = state.stack
        return bool(stack) and len(stack[-1].seats) > 1 and stack[-1].waiting() == [seat]

    def options_for_game(self, options: dict | None, index: int, players: int) -> dict | None:
        """The options of game ``index`` of a series (a game may rotate nations across games)."""
        return options

    def card_catalog(self) -> list[dict]:
        """Every card: ``{"id", "deck", "implemented", "provenance"}`` (for card coverage)."""
        return []

    @cached_property
    def _card_ids(self) -> frozenset[str]:
        ids: set[str] = set()
        for entry in self.card_catalog():
            ids.add(entry["id"])
            ids.update(entry.get("copies", ()))
        return frozenset(ids)

    def card_ids(self) -> frozenset[str]:
        """Every string by which views name a card (one per copy where copies differ): what
        ``engine.hidden`` looks for to tell which cards a seat can see. Default: the ids and
        copies of ``card_catalog``."""
        return self._card_ids

    def seat_labels(self, state: State) -> list[str]:
        """What each seat played as (nation, faction, start card), for per-label statistics."""
        return []

    def first_player(self, state: State) -> int | None:
        """The seat that started the game, for first-player advantage statistics."""
        return None

    def check_invariants(self, state: State) -> list[str]:
        """Game-specific conservation laws; the battery calls it after every action."""
        return []

    def data_status(self) -> str:
        """'exact', or 'provisional: ...' when card data includes stand-ins."""
        return "exact"

    def data_id(self) -> str | None:
        """Identifies the card data set in records (None: the game has no data file)."""
        return None

    def data_form(self, lang: str = "en") -> dict | None:
        """What the card workshop's form needs to edit the game's data file (None: no form yet),
        its words in ``lang``:

        * ``schema``: the file's JSON schema (``msgspec.json.schema`` of its struct); a tagged
          union (the typed operations) is an ``anyOf`` with a ``discriminator``. A field the
          rules fix to a few values is an ``enum`` (a map's keys: ``propertyNames``).
        * ``lists``: the file's lists of items the owner walks, in printed order, each
          ``{"list": <top-level field, or a path of keys to it>, "id": <field naming an item,
          or None: its number>, "group": <field grouping items into decks, or None>, "kind":
          <the word the validator names an item by, "card">, "label": <the list's name>}``;
          with a path, the list's file (``"file"``) and ``"citations"`` are those of the object
          holding the list.
        * ``bundle``: True when the file is a bundle of deck files (``datafile.pack``), whose
          ``files`` the page reads as JSON.
        * ``labels``: ``{"field": {name: word}, "value": {value: word}, "op": {tag: word}}``
          (``datafile.form_labels``): no raw key reaches the owner's eyes.
        * ``exact``: how an item says which fields are established: ``{"by": "item", "field":
          "provenance", "value": "exact", "source": "source"}`` (the whole item; ``"default"``:
          the value an item without the field has) or ``{"by":
          "field", "field": "sources", "citations": "sources"}`` (a map field -> citation, the
          file's own ``citations`` map naming what each citation key is).

        ``ModuleGame`` gives it from the game's ``data_module`` (its ``data_form()``).
        """
        return None

    # The web lobby's levels (random, easy, normal, hard) that this game plays with another
    # agent than the server's (level -> agent spec): where its own bot is stronger than a search.
    bot_levels: ClassVar[dict[str, str]] = {}

    def heuristic_agent(self, seed: int = 0):
        """The game's own bot, or None."""
        return None

    def planner_agent(self, seed: int = 0):
        """The game's bot that plays its turn out before it chooses (``GreedyAgent.plays_out``),
        or None."""
        return None

    # --- helpers for games ----------------------------------------------------------------
    def check_turn(self, state: State, seat: int) -> None:
        if state.over:
            raise IllegalAction("the game is over", "end")
        if not isinstance(seat, int) or not 0 <= seat < state.players:
            raise IllegalAction(f"no seat {seat!r} in a {state.players}-player game", "seats")
        decision = state.stack[-1] if state.stack else None
        if decision is None or seat not in decision.seats or seat in decision.chosen:  # not in actors()
            waiting = ", ".join(str(s) for s in self.actors(state))
            raise IllegalAction(f"seat {seat} has no decision to make now (waiting for seat {waiting})", "turn order")


# --- registry ----------------------------------------------------------------------------------
# A game is a package that declares an entry point in the group ``epochal.games`` naming its
# ``make_game(data) -> Game`` (pyproject.toml: ``[project.entry-points."epochal.games"]``). The
# entry point's name is the game's name; its module is the game's package, where its locale files
# (``locale/``) and its web table files (``web/``) live.

ENTRY_POINTS = "epochal.games"
_loaded: dict[tuple[str, str | None], Game] = {}


@cache
def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=ENTRY_POINTS)}


def game_names() -> list[str]:
    """The registered games, sorted by name."""
    return sorted(_entry_points())


def game_package(name: str) -> str:
    """The package of the registered game ``name`` (e.g. for its locale and web files)."""
    ep = _entry_points().get(name)
    if ep is None:
        raise OptionError(f"unknown game {name!r} (games: {', '.join(game_names())})")
    return ep.module


def get_game(name: str, data: str | None = None) -> Game:
    """The game ``name``, bound to the card data file ``data`` (None: the built-in data)."""
    key = (name, data)
    if key not in _loaded:
        _loaded[key] = load_game(name, data)
    return _loaded[key]


def load_game(name: str, data: str | None = None) -> Game:
    """``get_game`` without keeping the game: for checking a data file. A bundle file (one file
    holding a data directory, ``datafile.pack``) is unpacked first; an error about its files
    names the bundle."""
    make_game = _entry_points()[name].load() if name in _entry_points() else None
    if make_game is None:
        raise OptionError(f"unknown game {name!r} (games: {', '.join(game_names())})")
    if data is None:
        return make_game(None)
    source = datafile.unpack(data, name)
    try:
        return make_game(source)
    except datafile.DataError as exc:
        if source == data:
            raise
        named = type(exc)(str(exc).replace(source, data), exc.problems)
        raise named from None
