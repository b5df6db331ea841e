# Two commands take a fresh machine to a running system and to a passing suite:
#   make run    creates .venv, installs, serves the API and the web app (http://127.0.0.1:8000/app/)
#   make test   creates .venv, installs, runs the whole suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test lint bench bench-peers soak bench-aegra-e2e conformance chat-ui chat-ui-test clean

install: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "agentdesk needs Python 3.11+"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	@touch $(STAMP)

run: install
	$(BIN)/agentdesk serve

# The JS SDK check (tests/js) needs its locked npm package; without npm it is skipped.
JS_SDK := tests/js/node_modules/.package-lock.json

$(JS_SDK): tests/js/package-lock.json
	@if command -v npm >/dev/null; then npm ci --prefix tests/js --no-audit --no-fund --silent; fi

test: install $(JS_SDK)
	$(BIN)/pytest

lint: install
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy
	$(BIN)/lint-imports

bench: install
	$(BIN)/python -m bench.run
	$(BIN)/python -m bench.queue_cost

# agentdesk beside langgraph dev, Aegra and langgraph-runtime-pg on six shapes of graph
# (bench/peers/); installs each peer into its own venv under ~/.cache/agentdesk-peers.
# ARGS passes e.g. --shapes hitl,chat --servers agentdesk-sqlite,lgdev --clients 32.
bench-peers: install
	$(BIN)/python -m bench.peers $(ARGS)

# 5,000 whole HITL threads through agentdesk serve on SQLite and on PostgreSQL at 16 clients,
# sampling RSS, descriptors, database connections and loop lag (bench/soak.py); ARGS passes
# e.g. --threads 300 --db sqlite. Prints a table, writes a PNG (default /tmp/agentdesk-soak.png).
soak: install
	$(BIN)/python -m bench.soak $(ARGS)

# The SDK conformance suite on agentdesk and on langgraph dev; prints the parity table.
conformance: install
	$(BIN)/python -m bench.peers.install lgdev
	$(BIN)/python -m tests.conformance.parity

# Aegra's end-to-end suite, unchanged, against agentdesk and langgraph dev on Aegra's
# example graphs (bench/aegra_e2e/README.md); ARGS passes e.g. --tree or --aegra.
bench-aegra-e2e: install
	$(BIN)/python -m bench.aegra_e2e $(ARGS)

# Agent Chat UI (create-agent-chat-app's nextjs template from npm, locked in tests/chatui),
# built once into ~/.cache/agentdesk-chatui (about 7 minutes on 2 busy cores), then driven
# in Chromium against agentdesk on another origin. `make test` skips it until it is built.
chat-ui:
	tests/chatui/build.sh

chat-ui-test: install chat-ui
	$(BIN)/pytest tests/test_chat_ui.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache tests/js/node_modules
