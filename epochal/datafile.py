"""Card data files: reading an owner's file safely, and the files a generator script writes.

Every game reads its data through ``read_bytes``: a regular file of at most ``MAX_BYTES``
(16 MiB), so that no path (a device, a pipe, a huge file) can hang the loader or exhaust memory.
``Schema`` checks the untyped parts of a data file (effect operations) deeply: types, value
ranges, required and unknown keys, naming the field of every problem. ``located`` names the entry
a msgspec validation error points into.

A generated data file keeps one card (colony, wonder ...) per line, so that a diff shows which
entries changed and an owner can edit a copy by hand. The generator is run as
``python -m <module>`` to rewrite the file, or with ``--check`` to fail when it is stale (a test
runs the check, so the committed file is never edited by hand).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import shutil
import stat
import sys
import tempfile
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Protocol, TypeVar

import msgspec

from epochal.problems import KERNEL

say = KERNEL.say  # every problem sentence from locale/problems.en.json, so the workshop can translate it

D = TypeVar("D")  # a generator's data set, as its build function returns it
T = TypeVar("T")  # the type a data file decodes into


class Main(Protocol):
    """A generator script's ``main``: the command-line arguments (None: ``sys.argv``) -> exit status."""

    def __call__(self, argv: list[str] | None = None) -> int: ...


def render(top: dict, expand: tuple[str, ...] = ()) -> str:
    """``top`` as JSON: each list of objects one object per line, and so each dict named in
    ``expand`` one key per line; everything else on the key's own line."""
    lines = ["{"]
    for i, (key, value) in enumerate(top.items()):
        end = "," if i < len(top) - 1 else ""
        if isinstance(value, list) and value and isinstance(value[0], dict):
            items = ["  " + json.dumps(item, ensure_ascii=False) for item in value]
            lines.append(f' "{key}": [\n' + ",\n".join(items) + f"\n ]{end}")
        elif key in expand and isinstance(value, dict):
            items = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in value.items()]
            lines.append(f' "{key}": {{\n' + ",\n".join(items) + f"\n }}{end}")
        else:
            lines.append(f' "{key}": {json.dumps(value, ensure_ascii=False)}{end}')
    return "\n".join(lines) + "\n}\n"


def generator(
    build: Callable[[], D], validate: Callable[[D], list[str]], render: Callable[[D], str], path: Path
) -> Main:
    """The ``main(argv)`` of a data generator script: build the data, refuse it if ``validate``
    finds problems (exit 2), then write ``path``, or with ``--check`` only compare it (exit 1
    when stale). The script's module, which the stale message names, is ``build``'s."""

    def main(argv: list[str] | None = None) -> int:
        args = sys.argv[1:] if argv is None else argv
        data = build()
        problems = validate(data)
        if problems:
            print("\n".join(problems), file=sys.stderr)
            return 2
        text = render(data)
        if "--check" in args:
            current = path.read_text(encoding="utf-8") if path.exists() else ""
            if current != text:
                print(f"{path} is stale; run python -m {_module_of(build)}", file=sys.stderr)
                return 1
            return 0
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}: {_summary(data)}")
        return 0

    return main


def _module_of(fn: Callable) -> str:
    """The module name ``python -m`` runs ``fn``'s module by (run so, it is ``__main__``, and
    its spec keeps the name)."""
    module = sys.modules.get(fn.__module__)
    spec = module.__spec__ if module is not None else None
    return spec.name if spec is not None else fn.__module__


def _summary(data: object) -> str:
    """How many entries each list of the data holds: ``162 cards, 25 colonies``."""
    top = msgspec.to_builtins(data)
    return ", ".join(f"{len(v)} {k}" for k, v in top.items() if isinstance(v, list) and v and isinstance(v[0], dict))


# --- reading an owner's data file ----------------------------------------------------------------

MAX_BYTES = 16 << 20  # a data file, or a data directory's *.json files together (16 MiB)


class DataError(ValueError):
    """A card data file that cannot be used. The message names the file, the entry (card,
    wonder, colony ...) and the field. Each game's ``cards.DataError`` derives from it.

    ``problems``: every problem a validator found, one sentence each, when the error lists
    them (``refuse``); None when the message is the only problem (a file that is not JSON)."""

    def __init__(self, message: str, problems: list[str] | None = None):
        super().__init__(message)
        self.problems = list(problems) if problems is not None else None


def read_bytes(path: str | Path, error: type[Exception] = DataError, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a file (card data, a game record): a regular file of at most ``limit``
    bytes, else ``error``.

    Devices, pipes and directories are refused before anything is read, and at most
    ``limit + 1`` bytes are ever read, so no input can exhaust memory."""
    path = Path(path)
    try:
        info = os.stat(path)  # before opening: opening a pipe would block
        if not stat.S_ISREG(info.st_mode):
            kind = say("directory") if stat.S_ISDIR(info.st_mode) else say("not_regular")
            raise error(say("cannot_read", file=path, why=kind))
        if info.st_size > limit:
            raise error(say("too_large", file=path, size=info.st_size, limit=_size(limit)))
        with open(path, "rb") as f:
            raw = f.read(limit + 1)
    except OSError as exc:
        raise error(say("cannot_read", file=path, why=exc.strerror or exc)) from None
    if len(raw) > limit:
        raise error(say("too_large_read", file=path, limit=_size(limit)))
    return raw


def decode(
    raw: bytes,
    path: str | Path,
    into: type[T],
    error: type[Exception] = DataError,
    labels: dict[str, str] | None = None,
) -> T:
    """``raw``, the bytes of ``path``, decoded into ``into``: a file that is not JSON, or a field
    that does not fit, raises ``error`` naming the file and the entry (``located``)."""
    try:
        return msgspec.json.decode(raw, type=into)
    except msgspec.ValidationError as exc:
        raise error(f"{path}: {located(str(exc), raw, labels)}") from None
    except msgspec.DecodeError as exc:
        raise error(say("file_not_json", file=path, detail=exc)) from None


def refuse(path: str | Path, problems: list[str], error: type[Exception] = DataError, most: int | None = None) -> None:
    """Raise ``error`` naming ``path`` and the ``problems`` a check found, if it found any (the
    first ``most`` of them and how many more)."""
    if noted(problems):
        return
    more = f" (and {len(problems) - most} more)" if most is not None and len(problems) > most else ""
    message = f"{path}: " + "; ".join(problems[:most]) + more
    raise error(message, problems) if issubclass(error, DataError) else error(message)


def check_source(path: str | Path, error: type[Exception] = DataError, limit: int = MAX_BYTES) -> None:
    """Refuse, before any game reads it, a data path that is not a regular file of at most
    ``limit`` bytes, or a directory whose ``*.json`` entries are not all regular files of at
    most ``limit`` bytes together."""
    path = Path(path)
    try:
        info = os.stat(path)
    except OSError as exc:
        raise error(say("cannot_read", file=path, why=exc.strerror or exc)) from None
    if stat.S_ISDIR(info.st_mode):
        total = 0
        try:
            entries = sorted(path.glob("*.json"))
            for entry in entries:
                sub = os.stat(entry)
                if not stat.S_ISREG(sub.st_mode):
                    raise error(say("cannot_read", file=entry, why=say("not_regular")))
                total += sub.st_size
        except OSError as exc:
            raise error(say("cannot_read", file=path, why=exc.strerror or exc)) from None
        if total > limit:
            raise error(say("directory_too_large", file=path, size=total, limit=_size(limit)))
        return
    if not stat.S_ISREG(info.st_mode):
        raise error(say("cannot_read", file=path, why=say("not_regular")))
    if info.st_size > limit:
        raise error(say("too_large", file=path, size=info.st_size, limit=_size(limit)))


def _size(n: int) -> str:
    return say("mib", n=n >> 20) if n % (1 << 20) == 0 else say("bytes", n=n)


def located(message: str, raw: bytes, labels: dict[str, str] | None = None, top: str = "card") -> str:
    """A msgspec validation message (``... - at `$[22].play[0]```) with the entry it points
    into named by its ``id`` (``card 1GRE10: ...``), so that an owner finds it in the file.
    ``labels`` names the entries of each top-level list (``{"cards": "card"}``); the entries of
    a top-level list are ``top``."""
    match = re.search(r" - at `\$(.*)`$", message)
    if not match:
        return message
    steps = re.findall(r"\[(\d+)\]|\.([A-Za-z_][A-Za-z0-9_]*)", match.group(1))
    try:
        node = msgspec.json.decode(raw)
    except (msgspec.DecodeError, RecursionError):  # garbage elsewhere; nested too deeply
        return message
    label, name = None, None
    kind = top
    for index, key in steps:
        if key:
            if not isinstance(node, dict) or key not in node:
                break
            kind = (labels or {}).get(key, kind)
            node = node[key]
        else:
            if not isinstance(node, list) or int(index) >= len(node):
                break
            node = node[int(index)]
            if label is None and isinstance(node, dict):
                ident = node.get("id", node.get("number"))
                if isinstance(ident, str) or type(ident) is int and "number" in node:
                    label, name = kind, ident
    if label is None:
        return message
    return f"{label} {str(name)[:40]}: {message}"


# --- a data directory as one file (a bundle) ----------------------------------------------------
# Games whose data is a directory of deck files (Imperium, Imperial Settlers) travel as one file:
# ``{"format": "epochal-card-data", "game": ..., "files": {"common.json": "<the file's text>"}}``.
# Each file is its exact text (a JSON value instead is written one entry per line), so a bundle
# of the built-in directory unpacks into the same bytes and the same data id. ``get_game``
# unpacks a bundle named as ``--data`` into a directory of the cache, named by its digest.

BUNDLE_FORMAT = "epochal-card-data"
BUNDLE_KEYS = {"format", "game", "files", "note"}
BUNDLE_FILE = re.compile(r"[a-z0-9_]{1,40}\.json")
BUNDLE_FILES = 64  # files a bundle may hold


def pack(directory: str | Path, game: str) -> bytes:
    """The ``*.json`` files of a data directory as one bundle file."""
    files = {p.name: read_bytes(p).decode("utf-8") for p in sorted(Path(directory).glob("*.json"))}
    return render({"format": BUNDLE_FORMAT, "game": game, "files": files}, expand=("files",)).encode()


def bundle_files(raw: bytes, game: str, where: str | Path = "bundle", error: type[Exception] = DataError):
    """The files of a bundle (name -> bytes), or None when ``raw`` is not a bundle; a bundle
    that is broken, or for another game, raises ``error``."""
    if BUNDLE_FORMAT.encode() not in raw:
        return None
    try:
        doc = msgspec.json.decode(raw)
    except (msgspec.DecodeError, RecursionError):
        return None  # the game's loader words the problem
    if not isinstance(doc, dict) or doc.get("format") != BUNDLE_FORMAT:
        return None
    unknown = sorted(set(doc) - BUNDLE_KEYS)
    if unknown:
        raise error(say("bundle_key", file=where, key=repr(unknown[0]), keys=", ".join(sorted(BUNDLE_KEYS))))
    if doc.get("game") != game:
        raise error(say("bundle_game", file=where, other=_show(doc.get("game")), game=game))
    files = doc.get("files")
    if not isinstance(files, dict) or not 0 < len(files) <= BUNDLE_FILES:
        raise error(say("bundle_files", file=where, most=BUNDLE_FILES))
    out: dict[str, bytes] = {}
    for name, content in files.items():
        if not BUNDLE_FILE.fullmatch(name):
            raise error(say("bundle_name", file=where, name=_show(name)))
        if isinstance(content, str):
            out[name] = content.encode("utf-8")
        elif isinstance(content, (list, dict)):
            out[name] = render_file(content).encode("utf-8")
        else:
            raise error(say("bundle_content", file=where, name=name, value=_show(content)))
    return out


def render_file(value: list | dict) -> str:
    """A data file's JSON one entry per line: a list's items, an object's keys (and the items of
    its lists of objects, and the keys of its objects, each on a line)."""

    def one(v) -> str:
        if isinstance(v, list) and v and all(isinstance(i, dict) for i in v):
            return "[\n" + ",\n".join(json.dumps(i, ensure_ascii=False) for i in v) + "\n]"
        if isinstance(v, dict) and v:
            keys = [f" {json.dumps(k)}: {json.dumps(x, ensure_ascii=False)}" for k, x in v.items()]
            return "{\n" + ",\n".join(keys) + "\n}"
        return json.dumps(v, ensure_ascii=False)

    if isinstance(value, list):
        return one(value) + "\n"
    return "{\n" + ",\n".join(f"{json.dumps(k)}: {one(x)}" for k, x in value.items()) + "\n}\n"


def cache_dir() -> Path:
    """Where unpacked bundles and a server's stored data sets are written as files:
    ``EPOCHAL_DATA_CACHE``, else a folder of this user's in the temporary directory."""
    uid = os.getuid() if hasattr(os, "getuid") else 0
    folder = Path(os.environ.get("EPOCHAL_DATA_CACHE") or Path(tempfile.gettempdir()) / f"epochal-data-{uid}")
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    info = os.stat(folder)
    if hasattr(os, "getuid") and info.st_uid != uid:
        raise DataError(f"{folder}: the data cache belongs to another user")
    return folder


def write_files(files: dict[str, bytes], folder: Path) -> Path:
    """``files`` as a directory ``folder`` (written aside and renamed, so that a reader never
    sees half of it); kept when it exists (its name is the digest of its content)."""
    if folder.is_dir():
        return folder
    work = Path(tempfile.mkdtemp(dir=folder.parent, prefix=".unpack-"))
    for name, content in files.items():
        (work / name).write_bytes(content)
    try:
        os.rename(work, folder)
    except OSError:  # another process wrote it first
        shutil.rmtree(work, ignore_errors=True)
    return folder


def write_file(raw: bytes, folder: Path | None = None) -> Path:
    """``raw`` as a file of the cache named by its digest (kept when it exists)."""
    folder = folder or cache_dir()
    path = folder / f"{hashlib.sha256(raw).hexdigest()[:32]}.json"
    if not path.is_file():
        work = Path(tempfile.mkstemp(dir=folder, prefix=".file-")[1])
        work.write_bytes(raw)
        os.replace(work, path)
    return path


def unpack(data: str, game: str, error: type[Exception] = DataError) -> str:
    """The data path a game reads for ``data``: a bundle file's unpacked directory (in the
    cache, named by the bundle's digest), anything else unchanged."""
    path = Path(data)
    if not path.is_file():
        return data
    raw = read_bytes(path, error)
    files = bundle_files(raw, game, path, error)
    if files is None:
        return data
    return str(write_files(files, cache_dir() / hashlib.sha256(raw).hexdigest()[:32]))


# --- a deep check of untyped JSON (effect operations) --------------------------------------------


def _show(value) -> str:
    text = json.dumps(value, ensure_ascii=False) if _plain(value) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _plain(value) -> bool:
    try:
        json.dumps(value)
        return True
    except (TypeError, ValueError):
        return False


def _at(where: str, key) -> str:
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else str(key)


class Schema(ABC):
    """What one JSON value must be. ``problems(value, where)`` lists, each prefixed with the path
    of the field (``play[0].options[1][0].n``), every way the value breaks it; [] when it fits."""

    what = "a value"

    @abstractmethod
    def problems(self, value, where: str = "") -> list[str]:
        """Every way ``value`` breaks this schema, each prefixed with ``where``."""

    def fits(self, value) -> bool:
        return not self.problems(value)

    def wrong(self, value, where: str) -> list[str]:
        return [say("schema.wrong", where=where or say("schema.value"), value=_show(value), what=self.what)]


class Int(Schema):
    """An integer (not a boolean) from ``low`` to ``high``."""

    def __init__(self, low: int, high: int):
        self.low, self.high = low, high
        self.what = say("schema.integer", low=low, high=high)

    def problems(self, value, where=""):
        ok = isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high
        return [] if ok else self.wrong(value, where)


class Bool(Schema):
    what = say("schema.bool")

    def problems(self, value, where=""):
        return [] if isinstance(value, bool) else self.wrong(value, where)


class Text(Schema):
    """A string of 1 to ``longest`` characters."""

    def __init__(self, longest: int = 200):
        self.longest = longest
        self.what = say("schema.text", longest=longest)

    def problems(self, value, where=""):
        ok = isinstance(value, str) and 0 < len(value) <= self.longest
        return [] if ok else self.wrong(value, where)


class Choice(Schema):
    """One of a fixed set of values (strings, integers, true, null), of the same type."""

    def __init__(self, *values):
        self.values = values
        self.what = say("schema.one_of", values=", ".join(_show(v) if not isinstance(v, str) else v for v in values))

    def problems(self, value, where=""):
        ok = any(type(value) is type(v) and value == v for v in self.values)
        return [] if ok else self.wrong(value, where)


class List(Schema):
    """A list of ``low`` to ``high`` items, each ``item``; ``unique``: no item twice."""

    def __init__(self, item: Schema, low: int = 0, high: int = 1000, unique: bool = False):
        self.item, self.low, self.high, self.unique = item, low, high, unique
        self.what = say("schema.list", low=low, high=high, item=item.what)

    def problems(self, value, where=""):
        if not isinstance(value, list) or not self.low <= len(value) <= self.high:
            return self.wrong(value, where)
        out = []
        for i, item in enumerate(value):
            out += self.item.problems(item, _at(where, i))
        if self.unique and not out and len({json.dumps(v, sort_keys=True) for v in value}) != len(value):
            out.append(say("schema.twice", where=where, value=_show(value)))
        return out


class Map(Schema):
    """An object whose keys are ``keys`` (a Choice) and whose values are each ``value``."""

    def __init__(self, keys: Choice, value: Schema):
        self.keys, self.value = keys, value
        self.what = say("schema.map", keys=", ".join(map(str, keys.values)), value=value.what)

    def problems(self, value, where=""):
        if not isinstance(value, dict):
            return self.wrong(value, where)
        out = []
        for key, item in value.items():
            if key not in self.keys.values:
                keys = ", ".join(map(str, self.keys.values))
                out.append(say("schema.unknown_key", where=_at(where, key), key=repr(key), keys=keys))
            else:
                out += self.value.problems(item, _at(where, key))
        return out


class Obj(Schema):
    """An object with exactly these keys: every ``required`` one and any ``optional`` ones.
    ``name`` says what it is in messages (``gain``: ``gain has no key 'x'``)."""

    def __init__(self, required: dict | None = None, optional: dict | None = None, name: str = "an object"):
        self.required, self.optional = dict(required or {}), dict(optional or {})
        self.name = name
        keys = ", ".join([*self.required, *self.optional]) or say("schema.none")
        named = name != "an object"
        self.what = say("schema.named", name=name, keys=keys) if named else say("schema.object_keys", keys=keys)

    def problems(self, value, where=""):
        if not isinstance(value, dict):
            return self.wrong(value, where)
        out = []
        for key in self.required:
            if key not in value:
                out.append(say("schema.needs_key", where=where or say("schema.value"), name=self.name, key=repr(key)))
        for key, item in value.items():
            spec = self.required.get(key) or self.optional.get(key)
            if spec is None:
                known = ", ".join([*self.required, *self.optional]) or say("schema.none")
                out.append(say("schema.no_key", where=_at(where, key), name=self.name, key=repr(key), keys=known))
            else:
                out += spec.problems(item, _at(where, key))
        return out


class AnyObject(Schema):
    """Any object: its keys are checked elsewhere (by a ``Rule`` around it)."""

    what = say("schema.object")

    def problems(self, value, where=""):
        return [] if isinstance(value, dict) else self.wrong(value, where)


class Either(Schema):
    """One of several shapes. An object is checked against the shape sharing most of its keys,
    so the message points at the field that is wrong."""

    def __init__(self, *options: Schema, what: str | None = None):
        self.options = options
        either = functools.reduce(lambda a, b: say("schema.either", first=a, rest=b), (o.what for o in options))
        self.what = what or either

    def problems(self, value, where=""):
        best: tuple[int, list[str]] = (0, [])  # the first option sharing most keys, if any
        for option in self.options:
            found = option.problems(value, where)
            if not found:
                return []
            score = _overlap(option, value)
            if score > best[0]:
                best = (score, found)
        if best[0] > 0:
            return best[1]
        return self.wrong(value, where)


def _overlap(option: Schema, value) -> int:
    if isinstance(option, Obj) and isinstance(value, dict):
        return len(set(value) & (set(option.required) | set(option.optional)))
    if isinstance(option, Tagged) and isinstance(value, dict) and value.get(option.tag) in option.shapes:
        return 1
    if isinstance(option, List) and isinstance(value, list):
        return 1
    return 0


class Tagged(Schema):
    """An object whose ``tag`` key names its shape (``{"op": "gain", ...}``)."""

    def __init__(self, tag: str, shapes: dict[str, Obj], noun: str = "operation"):
        self.tag, self.shapes, self.noun = tag, shapes, noun
        self.what = say("schema.tagged", tag=repr(tag), shapes=", ".join(shapes))

    def problems(self, value, where=""):
        if not isinstance(value, dict):
            return [say("schema.not_object", where=where or say("schema.value"), noun=self.noun, value=_show(value))]
        name = value.get(self.tag)
        if not isinstance(name, str) or name not in self.shapes:
            shown = repr(name) if isinstance(name, str) else _show(name)
            return [say("schema.unknown_tagged", where=_at(where, self.tag), noun=self.noun, name=shown)]
        shape = self.shapes[name]
        rest = {k: v for k, v in value.items() if k != self.tag}
        return shape.problems(rest, where)


class Lazy(Schema):
    """A schema named before it is built (for recursive shapes: an op list inside an op)."""

    def __init__(self, build):
        self.build = build
        self._schema = None
        self.what = say("schema.op_list")

    def problems(self, value, where=""):
        if self._schema is None:
            self._schema = self.build()
        return self._schema.problems(value, where)


class Rule(Schema):
    """A shape plus a check of its own: ``check(value, where)`` runs once ``shape`` fits."""

    def __init__(self, shape: Schema, check):
        self.shape, self.check = shape, check
        self.what = shape.what

    def problems(self, value, where=""):
        return self.shape.problems(value, where) or self.check(value, where)


# --- the card workshop's form (``Game.data_form``) ----------------------------------------------
# A game's data_form() gives the workshop page the JSON schema of its data file, with the values
# a plain ``str`` field may take (``with_choices``) and the words a person reads for each field,
# value, operation and list (``form_labels``), so that the page draws selects of words rather
# than free text and raw keys.


def with_choices(schema: dict, choices: dict[tuple[str, str], tuple | list]) -> dict:
    """``schema`` with the allowed values of some fields, ``(struct name, field) -> values``: a
    string field becomes an enum, a list of strings a list of enum items, a map its keys
    (``propertyNames``); a nullable field's non-null part. The structs keep their plain types
    (the validator words a bad value with its rule); only the form offers the choices."""

    def narrow(part: dict, values: list) -> None:
        for option in part.get("anyOf", []):
            if option.get("type") != "null":
                narrow(option, values)
        if part.get("type") == "string":
            part["enum"] = values
        elif part.get("type") == "array" and part.get("items", {}).get("type") == "string":
            part["items"] = {**part["items"], "enum": values}
        elif part.get("type") == "object" and "additionalProperties" in part:
            part["propertyNames"] = {"enum": values}

    defs = schema.get("$defs", {})
    for (struct, field), values in choices.items():
        prop = defs.get(struct, {}).get("properties", {}).get(field)
        if prop is None:
            raise KeyError(f"no field {struct}.{field} in the schema")  # a renamed field: fix the form
        narrow(prop, list(values))
    return schema


def form_terms(schema: dict) -> dict[str, set[str]]:
    """What a person reads of a form: every field name, every enum value (an operation's own
    tag field excepted: it is the operation) and every operation tag."""
    found: dict[str, set[str]] = {"field": set(), "value": set(), "op": set()}

    def walk(node, tag_field: str | None = None) -> None:
        if isinstance(node, list):
            for item in node:
                walk(item)
            return
        if not isinstance(node, dict):
            return
        disc = node.get("discriminator")
        if disc:
            found["op"].update(disc["mapping"])
        for name, sub in node.get("properties", {}).items():
            if name == tag_field:  # the operation's select, worded by its tags
                continue
            found["field"].add(name)
            walk(sub)
        if "enum" in node:
            found["value"].update(shown(v) for v in node["enum"] if v is not None)
        for key, sub in node.items():
            if key not in ("properties", "enum", "discriminator"):
                walk(sub)

    for name, sub in schema.get("$defs", {}).items():
        walk(sub, _tag_field(schema, name))
    walk({k: v for k, v in schema.items() if k != "$defs"})
    return found


def shown(value: object) -> str:
    """A choice as the page keys its word: a string as it is, anything else as JSON (``true``)."""
    return value if isinstance(value, str) else json.dumps(value)


def _tag_field(schema: dict, name: str) -> str | None:
    """The tag field of a tagged struct ``name`` (the discriminator a union names it by)."""
    ref = f"#/$defs/{name}"
    found: list[str] = []

    def walk(node) -> None:
        if isinstance(node, dict):
            disc = node.get("discriminator")
            if disc and ref in disc["mapping"].values():
                found.append(disc["propertyName"])
            for sub in node.values():
                walk(sub)
        elif isinstance(node, list):
            for sub in node:
                walk(sub)

    walk(schema)
    return found[0] if found else None


def form_labels(schema: dict, words: dict[str, str], aliases: dict[str, tuple[str, ...]] | None = None) -> dict:
    """The words of a form's fields, values and operations, ``{"field": {name: word}, "value":
    {...}, "op": {...}}``: ``words`` (the game's workshop words, keys ``field.<name>``,
    ``value.<value>``, ``op.<tag>``) first, then the game's other words under the prefixes
    ``aliases`` names per kind (``{"value": ("color.", "res.")}``: ``color.blue``). A term
    without a word is left out (the page then shows it in plain letters; a test finds it)."""
    aliases = aliases or {}
    out: dict[str, dict[str, str]] = {}
    for kind, terms in form_terms(schema).items():
        found = {}
        for term in sorted(terms):
            for key in (f"{kind}.{term}", *(prefix + term for prefix in aliases.get(kind, ()))):
                if words.get(key):
                    found[term] = words[key]
                    break
        out[kind] = found
    return out


def workshop_words(folder: Path, lang: str, ui: Callable[[str], dict[str, str]]) -> dict[str, str]:
    """A game's workshop words in ``lang`` (``locale/workshop.<lang>.json``) over its table's
    words (``ui(lang)``); a language without a workshop file reads the English one."""
    path = folder / f"workshop.{lang}.json"
    if not path.exists():
        path, lang = folder / "workshop.en.json", "en"
    own = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    return {**ui(lang), **own}


# --- reading a draft: the workshop previews a card while the file has problems ---------------------

_LENIENT: ContextVar[list[str] | None] = ContextVar("epochal_data_lenient", default=None)


@contextmanager
def lenient() -> Iterator[list[str]]:
    """Within it a loader's validation problems are noted in the yielded list instead of raised
    (``noted``), so that the game loads a draft and the workshop words one card of it; a file
    that cannot be decoded still raises. Only the workshop's preview uses it: a game loaded so
    never plays."""
    problems: list[str] = []
    token = _LENIENT.set(problems)
    try:
        yield problems
    finally:
        _LENIENT.reset(token)


def noted(problems: list[str]) -> bool:
    """True when ``problems`` were noted by ``lenient`` (the loader goes on); False when the
    loader must refuse them (there are some and no ``lenient`` is under way)."""
    kept = _LENIENT.get()
    if kept is None:
        return not problems
    kept.extend(problems)
    return True
