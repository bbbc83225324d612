"""Every symbol the pages draw is in the font they ship, so no browser shows an empty box."""

from __future__ import annotations

import importlib.util

from fontTools.ttLib import TTFont

from tests.conftest import ROOT

spec = importlib.util.spec_from_file_location("symbols_font", ROOT / "tools" / "symbols_font.py")
symbols_font = importlib.util.module_from_spec(spec)
spec.loader.exec_module(symbols_font)


def test_the_shipped_symbols_font_holds_every_symbol_of_the_pages():
    cmap = TTFont(symbols_font.OUT).getBestCmap()
    missing = sorted(ch for ch in symbols_font.symbols() if ord(ch) not in cmap)
    assert missing == [], "run tools/symbols_font.py (and draw what DejaVu Sans lacks differently)"


def test_the_pages_load_the_font_first_and_its_licence_ships_beside_it():
    css = (ROOT / "epochal" / "web" / "css" / "epochal.css").read_text()
    assert 'url("/static/fonts/epochal-symbols.woff")' in css
    assert 'font: 14px/1.4 "Epochal Symbols"' in css
    assert (symbols_font.OUT.parent / "LICENSE-DejaVu.txt").exists()
