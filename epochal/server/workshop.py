"""Owners' card data sets (the workshop): stored in the database, checked by the game's own loader.

A data set is the data file an owner transcribed (for games whose data is a directory, one bundle
file, ``datafile.pack``), stored as its exact bytes with a name and the hash of its owner's
secret. Every file is checked by ``load_game``, the code path of ``epochal cards validate`` and
``--data``: the game's loader and validator, run on the bytes written to a scratch directory. A
file with problems is kept as a draft (the workshop saves work in progress) but never bound to a
table; a playable one is written to the data cache as a file named by its digest, which is the
path every part of the server (bots, replays, analyses) reads it by, as it reads a configured set.

A stored set is replaced only while no game was set up with it: a stored game replays with the
bytes it was played with (its record names their data id), so a set that a game used is final;
the owner saves a changed copy as a new set.
"""

from __future__ import annotations

import logging
import re
import secrets
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import msgspec

from epochal import datafile
from epochal.engine import Game, game_package, get_game, load_game
from epochal.problems import KERNEL, Problems

from .db import Store, now

log = logging.getLogger("epochal.server")

MAX_DATA = 2 << 20  # bytes of a stored data file (2 MiB; the built-in ones hold at most 0.3 MiB)
MAX_BODY = 5 << 20  # bytes of a request that carries one (the file's text escaped in JSON)
MOST_SETS = 200  # stored data sets per game
NAME_LENGTH = 60
MOST_PROBLEMS = 200  # problems an answer lists
RULE = re.compile(r"\b((?:R|EX|PE|D|A)\d+[a-z]?)\b")  # a rule, example or data note of the rules' spec
WHERE = re.compile(r"^((?:[\w.-]+\.json:? )?(?:card|colony|wonder|start card|statue slot|entry|board)\b[^:]{0,60}):")


class BadData(ValueError):
    """A data file the workshop will not store at all (not JSON, too large, not UTF-8)."""


@dataclass
class Verdict:
    """What the game's loader said of a data file."""

    problems: list[dict]  # each {"message", "rule"?, "path"?}
    status: str  # "draft", or the game's data status ("exact", "provisional: ...")
    data_id: str | None  # the data id a record of a game with it names (None: a draft)

    @property
    def playable(self) -> bool:
        return not self.problems


@dataclass
class DataSet:
    """A stored set as the service knows it (its bytes stay in the database and the cache file)."""

    key: str
    game: str
    name: str
    owner_hash: str
    playable: bool
    status: str
    data_id: str | None
    problems: list[dict]
    path: str | None = None  # the cache file a playable set is read from


def builtin_bytes(game_name: str) -> bytes:
    """The built-in data as one file, in the format ``--data`` reads: the game's data file, or
    for a game whose ``data`` folder holds several data files, their bundle."""
    folder = resources.files(game_package(game_name)) / "data"
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".json")), key=lambda f: f.name)
    if len(files) == 1:
        return files[0].read_bytes()
    return datafile.pack(Path(str(folder)), game_name)


def file_bytes(data: str | dict | list) -> bytes:
    """The bytes to store for a request's ``data``: the file's text exactly, or a JSON value
    written one entry per line. Raises ``BadData``."""
    if isinstance(data, str):
        try:
            raw = data.encode("utf-8")
        except UnicodeEncodeError:
            raise BadData("data: the file's text holds a character UTF-8 cannot write (a lone surrogate)") from None
    else:
        raw = datafile.render_file(data).encode("utf-8")
    if len(raw) > MAX_DATA:
        raise BadData(f"data: {len(raw)} bytes; a data file may have at most {MAX_DATA} bytes")
    try:
        msgspec.json.decode(raw)
    except msgspec.DecodeError as exc:
        raise BadData(f"data: not valid JSON: {exc}") from None
    except RecursionError:
        raise BadData("data: nested too deeply") from None
    return raw


def check(game_name: str, raw: bytes) -> Verdict:
    """The game's own loader and validator on ``raw``, in a scratch directory (nothing kept:
    the game is not cached). Slow for a large file: call it in a worker thread."""
    return _loaded(game_name, raw)[0]


def preview(game_name: str, raw: bytes, card: str, langs: tuple[str, ...]) -> tuple[Verdict, dict | None]:
    """What the validator says of ``raw`` and the card ``card`` as the table words it (its name
    and text) in each of ``langs``; None for a card the data has not. While the file has
    problems the card is worded from the file read leniently (``datafile.lenient``: the loader
    notes the problems and goes on), so an owner sees the card they type even while another
    card, or this one, breaks a rule; a file that cannot be decoded has no words. Slow: call it
    in a worker thread."""
    use = lambda game: _card_words(game, card, langs)  # noqa: E731
    verdict, words = _loaded(game_name, raw, use)
    if verdict.playable:
        return verdict, words
    # the draft itself; else, when the game cannot be built from it (a deck short of a card),
    # the built-in data with this one card of the draft in its place
    for source in (raw, _swapped(game_name, raw, card)):
        if source is None:
            continue
        with datafile.lenient(), tempfile.TemporaryDirectory(prefix="epochal-draft-") as tmp:
            try:
                words = use(load_game(game_name, str(_scratch(source, game_name, Path(tmp)))))
            except Exception:  # a draft the game cannot even build: the problems say why
                continue
        if words is not None:
            return verdict, words
    return verdict, None


def _swapped(game_name: str, raw: bytes, card: str) -> bytes | None:
    """The built-in data file with the item ``card`` of the draft ``raw`` in place of the
    built-in one, found through the game's form (``Game.data_form``: its lists, by id); None
    when the form, the draft or the built-in data has no such item."""
    form = get_game(game_name).data_form()
    if form is None:
        return None
    try:
        draft, builtin = _opened(raw, form), _opened(builtin_bytes(game_name), form)
    except (ValueError, TypeError, msgspec.DecodeError):
        return None
    for spec in form["lists"]:
        if spec["id"] is None:
            continue
        mine, theirs = _list_at(draft, spec["list"]), _list_at(builtin, spec["list"])
        found = next((item for item in mine if isinstance(item, dict) and str(item.get(spec["id"])) == card), None)
        at = next((i for i, item in enumerate(theirs) if str(item.get(spec["id"])) == card), None)
        if found is not None and at is not None:
            theirs[at] = found
            return datafile.render_file(builtin).encode("utf-8")
    return None


def _opened(raw: bytes, form: dict) -> dict:
    """A data file's JSON as the workshop edits it (a bundle's deck files read as JSON)."""
    doc = msgspec.json.decode(raw)
    if form.get("bundle") and isinstance(doc, dict) and isinstance(doc.get("files"), dict):
        doc["files"] = {k: msgspec.json.decode(v) if isinstance(v, str) else v for k, v in doc["files"].items()}
    return doc


def _list_at(doc, path) -> list:
    for key in path if isinstance(path, list) else [path]:
        doc = doc.get(key) if isinstance(doc, dict) else None
    return doc if isinstance(doc, list) else []


def _card_words(game: Game, card: str, langs: tuple[str, ...]) -> dict | None:
    if not any(entry["id"] == card for entry in game.card_catalog()):
        return None
    return {lang: {"name": game.display_name(card, lang) or card, "text": game.card_text(card, lang)} for lang in langs}


def _loaded(
    game_name: str, raw: bytes, use: Callable[[Game], dict | None] | None = None
) -> tuple[Verdict, dict | None]:
    """``check``, and ``use`` applied to the loaded game (while its scratch files exist)."""
    with tempfile.TemporaryDirectory(prefix="epochal-check-") as tmp:
        source = Path(tmp) / "data.json"
        try:
            source = _scratch(raw, game_name, Path(tmp))
            game = load_game(game_name, str(source))
        except datafile.DataError as exc:
            found = exc.problems if exc.problems is not None else [str(exc)]
            return Verdict([problem(_unnamed(p, str(source))) for p in found[:MOST_PROBLEMS]], "draft", None), None
        except Exception as exc:  # a loader that trips over a shape its checks missed
            log.warning("checking %s card data raised %s: %s", game_name, type(exc).__name__, exc)
            return Verdict([problem(f"the data could not be read ({type(exc).__name__}: {exc})")], "draft", None), None
        return Verdict([], game.data_status(), game.data_id()), use(game) if use is not None else None


def _scratch(raw: bytes, game_name: str, tmp: Path) -> Path:
    """``raw`` written in the scratch directory ``tmp`` as the game reads it: the file, or a
    bundle unpacked there (not in the cache: a draft leaves nothing behind)."""
    files = datafile.bundle_files(raw, game_name, "the file")
    if files is not None:
        return datafile.write_files(files, tmp / "data")
    source = tmp / "data.json"
    source.write_bytes(raw)
    return source


def _unnamed(message: str, path: str) -> str:
    """A loader's message without the scratch path it read (a bundle's files keep their names)."""
    return message.replace(path + "/", "").replace(path + ": ", "").replace(path, "the file")


def problem(message: str) -> dict:
    """A problem as the API lists it: the validator's sentence, the rule it names (the first
    ``R12``-like number, if any) and where in the file (the entry it names, if any)."""
    out: dict = {"message": message}
    rule = RULE.search(message)
    if rule:
        out["rule"] = rule.group(1)
    where = WHERE.match(message)
    if where:
        out["path"] = where.group(1)
    return out


def in_words(game_name: str, problems: list[dict], lang: str) -> list[dict]:
    """The problems, each with ``text``: its sentence in ``lang`` from the game's problem
    catalog (``epochal.problems``); the English ``message`` where the catalog has no words."""
    catalog = Problems(game_package(game_name), KERNEL)
    return [{**p, "text": catalog.translate(p["message"], lang)} for p in problems]


def check_name(name: str) -> str:
    """A set's name, trimmed: 1 to 60 characters, no control character. Raises ``BadData``."""
    name = name.strip()
    if not 0 < len(name) <= NAME_LENGTH:
        raise BadData(f"name: 1 to {NAME_LENGTH} characters")
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in name):
        raise BadData("name: no control characters")
    return name


def new_key() -> str:
    return "set-" + secrets.token_hex(6)


class Workshop:
    """The stored data sets the service knows, by game and key (bytes stay in the store)."""

    def __init__(self, store: Store):
        self.store = store
        self.sets: dict[str, dict[str, DataSet]] = {}  # game -> key -> set

    def load(self) -> int:
        """Read every playable set and write it to the cache (at start-up, before any game is
        restored)."""
        rows = self.store.playable_data_sets()
        for row in rows:
            self.remember(row)
        return len(rows)

    def remember(self, row: dict) -> DataSet:
        """A stored row as the service knows it; a playable one's bytes written to the cache."""
        path = str(datafile.write_file(row["data"])) if row["playable"] and "data" in row else None
        found = DataSet(
            row["key"],
            row["game"],
            row["name"],
            row["owner_hash"],
            row["playable"],
            row["status"],
            row["data_id"],
            row["problems"],
            path,
        )
        self.sets.setdefault(found.game, {})[found.key] = found
        return found

    def paths(self, game_name: str) -> dict[str, str]:
        """The playable sets' cache files, by key."""
        return {k: s.path for k, s in self.sets.get(game_name, {}).items() if s.playable and s.path}

    def find(self, game_name: str, key: str) -> DataSet | None:
        """A stored set of the game, read from the store when another process stored it."""
        found = self.sets.get(game_name, {}).get(key)
        if found is not None or not key.startswith("set-"):
            return found
        row = self.store.data_set(key, data=True)
        if row is None or row["game"] != game_name:
            return None
        return self.remember(row)

    def data_id(self, game_name: str, key: str) -> str | None:
        found = self.sets.get(game_name, {}).get(key)
        return found.data_id if found is not None else None

    def listed(self, game_name: str) -> list[DataSet]:
        """The playable sets the lobby offers, in the order they were stored."""
        return [s for s in self.sets.get(game_name, {}).values() if s.playable]


def row_for(key: str, game_name: str, name: str, owner_hash: str, raw: bytes, verdict: Verdict) -> dict:
    stamp = now()
    return {
        "key": key,
        "game": game_name,
        "name": name,
        "owner_hash": owner_hash,
        "data": raw,
        "playable": verdict.playable,
        "status": verdict.status,
        "problems": verdict.problems,
        "data_id": verdict.data_id,
        "created_at": stamp,
        "updated_at": stamp,
        "checked": [],
    }


MOST_MARKS = 5000  # checked marks of a set (the largest box has under 700 items)
MARK_LENGTH = 200


def check_marks(marks: list) -> list[str]:
    """The workshop's checked marks as stored: strings of 1 to 200 printable characters, at most
    5000, each once, in the order given. Raises ``BadData``."""
    if len(marks) > MOST_MARKS:
        raise BadData(f"checked: {len(marks)} marks; a set keeps at most {MOST_MARKS}")
    out: list[str] = []
    for mark in marks:
        if not isinstance(mark, str) or not 0 < len(mark) <= MARK_LENGTH:
            raise BadData(f"checked: each mark is a string of 1 to {MARK_LENGTH} characters")
        if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in mark):
            raise BadData("checked: no control characters")
        if mark not in out:
            out.append(mark)
    return out
