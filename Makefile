# The two commands of the README. Both set up .venv when it is missing or stale.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test check test-postgres setup clean chromium lint

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,dev]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/epochal serve

test: $(STAMP) chromium
	$(BIN)/python -m pytest -n 2 -m "not browser"
	$(BIN)/python -m pytest -p no:xdist -m browser tests/browser

# The fast lane for development: lint, then every test but the browser and slow ones (under
# 3 minutes on 2 cores). make test runs them all.
check: lint
	$(BIN)/python -m pytest -n 2 -m "not browser and not slow"

# Style: ruff's checks (pyproject.toml [tool.ruff]) and its formatting.
lint: $(STAMP)
	$(BIN)/ruff check epochal tests bench
	$(BIN)/ruff format --check epochal tests bench

# The server tests again on a scratch PostgreSQL server (.ci/postgres.sh), with the tests of
# several server processes on one database (tests/server/test_cluster.py) that need it.
test-postgres: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[postgres]'
	@dir=$$(mktemp -d /tmp/epochal-pg.XXXXXX); \
	trap '.ci/postgres.sh stop "$$dir"; rm -rf "$$dir"' EXIT; \
	url=$$(.ci/postgres.sh start "$$dir") && \
	EPOCHAL_TEST_DATABASE_URL=$$url $(BIN)/python -m pytest -n 2 tests/server

# The browser tests drive Debian's Chromium (Playwright cannot download its own browser here).
chromium:
	@command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium)

clean:
	rm -rf $(VENV) .pytest_cache
