# Westmarch: `make run` and `make test` do all set-up themselves on a fresh machine.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench sync migrate clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

## run: the Discord bot if DISCORD_TOKEN is set (in the environment or .env), else the console game
run: $(STAMP)
	$(PY) -m bot run

## test: lint, type-check and every test (PostgreSQL tests run when WESTMARCH_TEST_PG_URL is set)
test: $(STAMP) lint
	$(PY) -m pytest -q

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(VENV)/bin/lint-imports --no-logo

## bench: measure, print a table and rewrite BENCHMARKS.md
bench: $(STAMP)
	$(PY) -m tests.bench

sync: $(STAMP)
	$(PY) -m bot sync

migrate: $(STAMP)
	$(PY) -m bot migrate

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
