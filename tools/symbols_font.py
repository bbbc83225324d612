"""Build the symbols font the web pages ship (``epochal/web/fonts/epochal-symbols.woff``).

    .venv/bin/python tools/symbols_font.py [--font /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf]

The pages draw tokens, resources and marks with Unicode symbols (⚔ ♛ …). A person's browser may
have no font with them and show empty boxes, so the pages ship the ones they use, cut from DejaVu
Sans (free: its licence is beside the font) with fontTools' subsetter: every character outside
the Latin, Cyrillic and general punctuation blocks found in the pages, their scripts and styles,
and the games' web and locale folders. ``tests/test_glyphs.py`` fails when a page uses a symbol
the font lacks: run this again (the font must hold it), and commit the new file.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "epochal" / "web" / "fonts" / "epochal-symbols.woff"


def page_files() -> list[Path]:
    web = ROOT / "epochal" / "web"
    games = ROOT / "epochal" / "games"
    files = [p for p in web.rglob("*") if p.suffix in (".js", ".css", ".html")]
    files += [p for p in games.glob("*/web/*") if p.suffix in (".js", ".css")]
    files += list(games.glob("*/locale/*.json"))
    return sorted(files)


def is_symbol(ch: str) -> bool:
    """A character the text fonts of a page may lack: not Latin (with Hungarian's accents), not
    Cyrillic, not the general punctuation every font has."""
    code = ord(ch)
    return code > 0x24F and not 0x400 <= code <= 0x4FF and not 0x2000 <= code <= 0x206F


def symbols() -> set[str]:
    return {ch for path in page_files() for ch in path.read_text(encoding="utf-8") if is_symbol(ch)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--font", default="/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    args = parser.parse_args()
    wanted = symbols()
    font = TTFont(args.font, recalcTimestamp=False)
    missing = sorted(ch for ch in wanted if ord(ch) not in font.getBestCmap())
    if missing:
        sys.exit(f"{args.font} lacks {' '.join(missing)}: draw these differently")
    options = subset.Options()
    options.flavor = "woff"
    options.name_IDs = ["*"]  # keep the licence and the copyright notice
    options.notdef_outline = True
    options.recalc_timestamp = False  # the same symbols give the same bytes
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(ch) for ch in wanted))
    subsetter.subset(font)
    font["name"].setName("Epochal Symbols", 1, 3, 1, 0x409)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    font.save(OUT)
    print(f"wrote {OUT.relative_to(ROOT)}: {len(wanted)} symbols, {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
