# The two commands of the README. Both set up .venv when it is missing or stale.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test setup clean chromium

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/epochal serve

test: $(STAMP) chromium
	$(BIN)/python -m pytest -n 2 -m "not browser"
	$(BIN)/python -m pytest -p no:xdist -m browser tests/browser

# The browser tests drive Debian's Chromium (Playwright cannot download its own browser here).
chromium:
	@command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium)

clean:
	rm -rf $(VENV) .pytest_cache
