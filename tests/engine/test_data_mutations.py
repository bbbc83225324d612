"""F5: a card data file that validates plays; one that does not is refused, naming what is wrong.

Each game's built-in data is mutated one place at a time: a key deleted, a value of another type,
huge, negative or zero numbers, empty lists, nested garbage, a value moved from elsewhere in the
file, a duplicated entry, truncated JSON. Every mutation must end one of two ways:

* loading raises the data error (``epochal.datafile.DataError``, the base of every game's
  ``cards.DataError``) and its message names the file, and, for a change inside an entry, the
  entry (its id or index) or the field; the CLI prints that as one ``error:`` line;
* or the data loads, and random games with it (the fewest and the most players) run to the end,
  with every seat's view, without any exception.

Nothing else: no TypeError from the validator, no crash in play, no unbounded allocation (the
tests run under an address-space limit, and ``copies: 10**18`` must be refused before anything is
allocated). Before the deep validation this found tracebacks in the Imperium and Imperial Settlers
validators, files accepted that then crashed in play, and a MemoryError (finding F5).
"""

from __future__ import annotations

import contextlib
import copy
import importlib
import json
import os
import re
import resource
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as hst

from epochal.agents import RandomAgent
from epochal.datafile import DataError
from epochal.problems import KERNEL, Problems

GAMES_DIR = Path(__file__).resolve().parents[2] / "epochal" / "games"
SOURCES = {  # game: the built-in data (a file, or a directory of files)
    "hadara": GAMES_DIR / "hadara" / "data" / "hadara.json",
    "guns_and_steel": GAMES_DIR / "guns_and_steel" / "data" / "guns_and_steel.json",
    "imperium": GAMES_DIR / "imperium" / "data",
    "imperial_settlers": GAMES_DIR / "imperial_settlers" / "data",
}
MAX_DECISIONS = 30_000  # a random game of any of the four ends well before this
MEMORY_HEADROOM = 2 << 30  # bytes of address space a test may add to what it holds


def _files(game: str) -> dict[str, object]:
    source = SOURCES[game]
    paths = sorted(source.glob("*.json")) if source.is_dir() else [source]
    return {p.name: json.loads(p.read_text(encoding="utf-8")) for p in paths}


DOCS = {game: _files(game) for game in SOURCES}


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, path + (i,))


def _get(node, path):
    for step in path:
        node = node[step]
    return node


PATHS = {(game, name): [p for p in _paths(doc) if p] for game, docs in DOCS.items() for name, doc in docs.items()}
NUMBERS = {key: [p for p in paths if type(_get(DOCS[key[0]][key[1]], p)) is int] for key, paths in PATHS.items()}


# --- mutations ---------------------------------------------------------------------------------

GARBAGE = [
    None,
    True,
    False,
    0.5,
    -1,
    0,
    1,
    10**18,
    -(10**18),
    10**100,
    1e308,
    "",
    "x",
    "\u0000<>'\"",
    [],
    {},
    [[]],
    {"": None},
    {"op": "gain", "x": [1, {"y": None}]},
    [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
]


@hst.composite
def mutations(draw, game: str):
    """(file name, path, what, new file text): one change to one of the game's files."""
    docs = DOCS[game]
    name = draw(hst.sampled_from(sorted(docs)))
    doc = copy.deepcopy(docs[name])
    kind = draw(
        hst.sampled_from(
            [
                "delete",
                "delete",
                "garbage",
                "garbage",
                "number",
                "number",
                "empty",
                "swap",
                "swap",
                "swap",
                "duplicate",
                "wrap",
                "unknown_key",
                "truncate",
            ]
        )
    )
    if kind == "truncate":
        text = json.dumps(doc, ensure_ascii=False)
        cut = draw(hst.integers(0, len(text) - 1))
        return name, (), f"truncated at {cut}", text[:cut]
    paths = NUMBERS[game, name] if kind == "number" and NUMBERS[game, name] else PATHS[game, name]
    path = draw(hst.sampled_from(paths))
    parent, key = _get(doc, path[:-1]), path[-1]
    value = parent[key]
    if kind == "delete":
        del parent[key]
    elif kind == "garbage":
        parent[key] = copy.deepcopy(draw(hst.sampled_from(GARBAGE)))
    elif kind == "number":
        parent[key] = draw(
            hst.one_of(hst.integers(-3, 12), hst.sampled_from([10**6, 10**18, -(10**18), 2**63, 10**100]))
        )
    elif kind == "empty":
        parent[key] = [] if isinstance(value, list) else {} if isinstance(value, dict) else ""
    elif kind == "swap":  # a value of the same key (or a sibling) elsewhere
        same = (
            [p for p in PATHS[game, name] if p[-1] == key and p != path]
            if isinstance(key, str)
            else [p for p in PATHS[game, name] if len(p) == len(path) and isinstance(p[-1], int) and p != path]
        )
        if same:
            parent[key] = copy.deepcopy(_get(docs[name], draw(hst.sampled_from(same))))
    elif kind == "duplicate":
        if isinstance(parent, list):
            parent.insert(key, copy.deepcopy(value))
        else:
            parent[key] = [value, value]
    elif kind == "wrap":
        parent[key] = draw(hst.sampled_from([[value], {"value": value}]))
    elif kind == "unknown_key":
        if isinstance(value, dict):
            value["unknown_field"] = 1
        else:
            parent[key] = {"unknown_field": value}
    return name, path, f"{kind} at {'/'.join(map(str, path))}", json.dumps(doc)


def _write(game: str, tmp: Path, name: str, text: str) -> Path:
    """The game's data with file ``name`` replaced by ``text``: the path to load."""
    source = SOURCES[game]
    if source.is_dir():
        target = tmp / "data"
        shutil.copytree(source, target)
        (target / name).write_text(text, encoding="utf-8")
        return target
    target = tmp / name
    target.write_text(text, encoding="utf-8")
    return target


# --- what must hold -----------------------------------------------------------------------------


def _entry_depth(doc) -> int:
    """How deep the entries (cards ...) sit: a list file's items, or a dict file's lists' items."""
    return 1 if isinstance(doc, list) else 2


def assert_names_the_problem(message: str, name: str, doc, path: tuple) -> None:
    """The message names the file; for a change inside an entry, also the entry (its id or
    index) or a field on the way to the change."""
    assert name in message, f"the message does not name {name}: {message}"
    if not path or (isinstance(path[-1], int) and len(path) <= _entry_depth(doc)):
        return  # the whole file, or a whole entry
    tokens = [f"[{step}]" for step in path if isinstance(step, int)]
    words = [step for step in path if isinstance(step, str)]
    node = doc
    for step in path:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(node, dict):
            ident = node.get("id", node.get("number"))
            if isinstance(ident, (str, int)) and not isinstance(ident, bool):
                tokens.append(str(ident))
    found = any(t in message for t in tokens) or any(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", message) for w in words)
    assert found, f"the message names neither the entry nor the field of {path}: {message}"


def assert_worded_in_every_language(game_name: str, exc: DataError) -> None:
    """Every problem is made from a template of the game's catalog (or the kernel's), so the
    workshop can word it in the reader's language (``epochal.problems``)."""
    catalog = Problems(f"epochal.games.{game_name}", KERNEL)
    unread = [p for p in exc.problems or [str(exc)] if not catalog.knows(p)]
    assert not unread, f"no template of the problem catalogs makes: {unread[:3]}"


@contextlib.contextmanager
def memory_cap(headroom: int = MEMORY_HEADROOM):
    """Cap this process's address space at what it uses now plus ``headroom`` (restored after):
    an unbounded allocation fails at once with MemoryError instead of eating the machine."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm") as f:
        used = int(f.read().split()[0]) * resource.getpagesize()
    cap = used + headroom
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def play_to_the_end(game, players: int, seed: int) -> None:
    """A random game with ``players`` seats, every seat's view looked at on the way."""
    options = game.options_for_game({}, seed, players)
    state = game.new(players, seed, options)
    agents = [RandomAgent(seed * 10 + s) for s in range(players)]
    decisions = 0
    while not state.over:
        actors = game.actors(state)
        assert actors, "the game is not over, but nobody is to act"
        for seat in actors:
            if seat in game.actors(state):
                game.apply(state, seat, agents[seat].choose(game, state, seat))
                decisions += 1
                if decisions % 97 == 0:
                    game.view(state, seat)
        assert decisions < MAX_DECISIONS, f"no end after {decisions} decisions"
    game.scores(state)
    game.winners(state)
    for seat in range(players):
        game.view(state, seat)


def check(game_name: str, tmp: Path, mutation, seed: int) -> str:
    """Load the mutated data; refused with a good message, or played: which one."""
    name, path, what, text = mutation
    module = importlib.import_module(f"epochal.games.{game_name}")
    data = _write(game_name, tmp, name, text)
    with memory_cap():
        try:
            game = module.make_game(str(data))
        except DataError as exc:
            assert_names_the_problem(str(exc), name, DOCS[game_name][name], path)
            assert_worded_in_every_language(game_name, exc)
            return "refused"
        for players in (game.min_players, game.max_players):
            play_to_the_end(game, players, seed)
    return "played"


# --- the tests ------------------------------------------------------------------------------------

# Examples per game: a fixed, reproducible set by default; EPOCHAL_MUTATIONS=N runs N fresh
# random ones per game instead (a deeper search, e.g. before changing a validator).
EXAMPLES = {"hadara": 150, "guns_and_steel": 150, "imperium": 250, "imperial_settlers": 250}
DEEPER = int(os.environ.get("EPOCHAL_MUTATIONS", "0"))


@pytest.mark.slow
@pytest.mark.parametrize("game_name", sorted(SOURCES))
def test_every_mutation_is_refused_by_name_or_plays_F5(game_name, tmp_path_factory):
    """F5: a mutated data file is either refused with a DataError naming the file and the entry
    or field, or it plays random games (fewest and most players) to the end."""

    @settings(
        max_examples=DEEPER or EXAMPLES[game_name],
        deadline=None,
        derandomize=not DEEPER,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(mutation=mutations(game_name), seed=hst.integers(0, 2**32))
    def run(mutation, seed):
        event(check(game_name, tmp_path_factory.mktemp(game_name), mutation, seed))

    run()


def _mutated(game: str, name: str, change) -> tuple:
    doc = copy.deepcopy(DOCS[game][name])
    path = change(doc) or ()
    return name, path, "audit case", json.dumps(doc)


def _drop_options(doc):
    del doc[22]["play"][0]["options"]
    return (22, "play", 0, "options")


def _huge_copies(doc):
    doc["cards"][0]["copies"] = 10**18
    return ("cards", 0, "copies")


@pytest.mark.parametrize(
    "game_name,name,change,words",
    [
        ("imperium", "greeks.json", _drop_options, "choose needs key 'options'"),
        ("imperium", "common.json", lambda doc: doc.clear(), "no cards"),
        ("imperial_settlers", "common.json", _huge_copies, "copies"),
        ("imperial_settlers", "romans.json", lambda doc: doc["cards"].clear(), "0 cards"),
        ("imperium", "romans.json", lambda doc: doc[0].update(vp={"per": {"zone": "all"}, "every": 0}), "every"),
        (
            "guns_and_steel",
            "guns_and_steel.json",
            lambda doc: doc["cards"][3]["effect"][0]["res"].update(food=10**18),
            "food",
        ),
    ],
)
def test_the_audit_cases_are_refused_by_name_F5(game_name, name, change, words, tmp_path):
    """F5: the audit's cases: a choose without options (accepted, then a KeyError in play), an
    empty common deck (reported valid), copies 10**18 (an unbounded allocation), an empty empire
    deck, a VP line dividing by zero, a gain that sent the payment search into a RecursionError."""
    mutation = _mutated(game_name, name, change)
    module = importlib.import_module(f"epochal.games.{game_name}")
    data = _write(game_name, tmp_path, name, mutation[3])
    with memory_cap(), pytest.raises(DataError) as info:
        module.make_game(str(data))
    assert words in str(info.value), str(info.value)
    assert_names_the_problem(str(info.value), name, DOCS[game_name][name], mutation[1])


@pytest.mark.parametrize("game_name,name", [(g, n) for g in sorted(SOURCES) for n in DOCS[g]])
def test_json_nested_200k_deep_is_refused_F5(game_name, name, tmp_path):
    """F5: a file of 200,000 nested brackets is refused with the data error (the Imperium
    validator and the Imperial Settlers attack deck loader ended in a RecursionError)."""
    data = _write(game_name, tmp_path, name, "[" * 200_000 + "]" * 200_000)
    module = importlib.import_module(f"epochal.games.{game_name}")
    with memory_cap(), pytest.raises(DataError) as info:
        module.make_game(str(data))
    assert name in str(info.value)
