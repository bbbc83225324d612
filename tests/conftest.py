import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from epochal.engine import Game  # noqa: E402

# Every answer list the engine keeps with a decision is checked against a fresh one, so a test
# that edits a state by hand without ``state.edited()`` (or an engine step that changes the state
# without counting a ply) fails at once instead of playing on stale answers.
Game.check_kept = True
