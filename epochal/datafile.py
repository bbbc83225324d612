"""Card data files that a generator script writes: the JSON layout and the script's command line.

A generated data file keeps one card (colony, wonder ...) per line, so that a diff shows which
entries changed and an owner can edit a copy by hand. The generator is run as
``python -m <module>`` to rewrite the file, or with ``--check`` to fail when it is stale (a test
runs the check, so the committed file is never edited by hand).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path


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
            items = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}"
                     for k, v in value.items()]
            lines.append(f' "{key}": {{\n' + ",\n".join(items) + f"\n }}{end}")
        else:
            lines.append(f' "{key}": {json.dumps(value, ensure_ascii=False)}{end}')
    return "\n".join(lines) + "\n}\n"


def generator_main(argv: list[str] | None, *, build: Callable, validate: Callable,
                   render: Callable, path: Path, module: str,
                   summary: Callable[[object], str]) -> int:
    """Build the data, refuse it if ``validate`` finds problems (exit 2), then write ``path`` —
    or with ``--check`` only compare it (exit 1 when stale)."""
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
            print(f"{path} is stale; run python -m {module}", file=sys.stderr)
            return 1
        return 0
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}: {summary(data)}")
    return 0
