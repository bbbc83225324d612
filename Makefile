# The two commands of the README. Both set up .venv when it is missing or stale.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := pip==26.3
# Every transitive dependency pinned (pip-compile, see the file's header); installs take it as
# constraints, so they are the same on every machine.
LOCK := requirements.lock
# make run: the base install (the web table and the CLI); everything else: all the extras (the
# PostgreSQL driver included, which the type check of the cluster code reads).
RUN_STAMP := $(VENV)/.installed-run
STAMP := $(VENV)/.installed

.PHONY: run test check test-postgres setup clean chromium lint contracts typecheck bench

$(RUN_STAMP): pyproject.toml $(LOCK)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet $(PIP)
	$(BIN)/python -m pip install --quiet -c $(LOCK) -e .
	touch $(RUN_STAMP)

$(STAMP): pyproject.toml $(LOCK)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet $(PIP)
	$(BIN)/python -m pip install --quiet -c $(LOCK) -e '.[test,dev,research,lab,postgres]'
	touch $(STAMP) $(RUN_STAMP)

setup: $(STAMP)

run: $(RUN_STAMP)
	$(BIN)/epochal serve

# The browser tests wait on pages and servers more than they compute, so they run beside the
# others (whose two workers keep both cores busy); their report follows when both are done.
# Each report ends with its slowest tests: the whole must stay under 15 minutes on 2 cores.
test: $(STAMP) chromium
	@log=$$(mktemp); \
	$(BIN)/python -m pytest -p no:xdist -m browser --durations=10 tests/browser > $$log 2>&1 & browser=$$!; \
	$(BIN)/python -m pytest -n 2 -m "not browser" --durations=10; others=$$?; \
	wait $$browser; pages=$$?; \
	echo "--- the browser tests:"; cat $$log; rm -f $$log; \
	test $$others -eq 0 && test $$pages -eq 0

# The fast lane for development: lint, then every test but the browser and slow ones (under
# 3 minutes on 2 cores). make test runs them all.
check: lint
	$(BIN)/python -m pytest -n 2 -m "not browser and not slow"

# Style: ruff's checks (pyproject.toml [tool.ruff]) and its formatting.
lint: $(STAMP)
	$(BIN)/ruff check epochal tests bench tools
	$(BIN)/ruff format --check epochal tests bench tools
	$(MAKE) --no-print-directory contracts

# Architecture: the import contracts of .importlinter (the engine imports no game, server,
# simulation or adapter; no game imports another game or the server; the server imports no
# game; no import circle inside a game package).
contracts: $(STAMP)
	$(BIN)/lint-imports

# Types: mypy over the whole package, the games included (pyproject.toml [tool.mypy]).
typecheck: $(STAMP)
	$(BIN)/mypy epochal

# The server tests again on a scratch PostgreSQL server (.ci/postgres.sh), with the tests of
# several server processes on one database (tests/server/test_cluster.py) that need it.
test-postgres: $(STAMP)
	@dir=$$(mktemp -d /tmp/epochal-pg.XXXXXX); \
	trap '.ci/postgres.sh stop "$$dir"; rm -rf "$$dir"' EXIT; \
	url=$$(.ci/postgres.sh start "$$dir") && \
	EPOCHAL_TEST_DATABASE_URL=$$url $(BIN)/python -m pytest -n 2 tests/server

# The throughput bar (docs/benchmarks.md): random play of every game against Catanatron's
# four-player random Catan, in CPU time, alternated. Catanatron comes with the bench extra, which
# setup and test leave out (they need nothing of it). make bench ARGS="--only hadara --json"
BENCH_STAMP := $(VENV)/.installed-bench

$(BENCH_STAMP): pyproject.toml $(LOCK)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet $(PIP)
	$(BIN)/python -m pip install --quiet -c $(LOCK) -e '.[bench]'
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	$(BIN)/python bench/catan.py $(ARGS)

# The browser tests drive Debian's Chromium (Playwright cannot download its own browser here).
chromium:
	@command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium)

clean:
	rm -rf $(VENV) .pytest_cache
