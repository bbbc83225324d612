# The two commands of the README. Both set up .venv when it is missing or stale.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test setup clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/epochal play hadara --players 3 --seat 0 --vs heuristic

test: $(STAMP)
	$(BIN)/python -m pytest -n 2

clean:
	rm -rf $(VENV) .pytest_cache
