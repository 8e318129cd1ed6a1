# voidwar — `make play` starts the game, `make test` runs every check. Both set up .venv first.
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)
EXTRAS ?= dev,web,rl,openspiel,ray

.PHONY: play test lint typecheck unit browser bench clean compiled clean-compiled screenshots
# the page's type checker and type generator (package.json, pinned by package-lock.json)
NODE_STAMP := node_modules/.installed-$(shell cat package-lock.json | cksum | cut -d' ' -f1)

$(STAMP): pyproject.toml
	@test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[$(EXTRAS)]'
	@rm -f $(VENV)/.installed-*
	@touch $@

# The web page (lobby → any ruleset, against a person or the computer). The terminal game is
# `.venv/bin/voidwar play antilles` (or any ruleset).
play: $(STAMP)
	$(VENV)/bin/voidwar serve --host 127.0.0.1 --port $(or $(PORT),8000)

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

# ruff, and the web page's JavaScript type-checked: tsc --checkJs (tsconfig.json) against
# JSDoc types, the board view's generated from its schema (scripts/board-types)
lint: $(STAMP) $(NODE_STAMP)
	$(VENV)/bin/ruff check src tests benchmarks scripts/board-types
	$(PY) scripts/board-types --check
	node_modules/.bin/tsc -p tsconfig.json

typecheck: $(STAMP)
	$(VENV)/bin/mypy

unit: $(STAMP)
	$(VENV)/bin/pytest -n 2

test: lint typecheck browser unit

browser:
	@scripts/ensure-chromium

# The pictures in docs/screenshots/, refreshed on purpose: the browser tests write them there
# (a plain test run writes them to a temporary folder and leaves the checkout as it was).
screenshots: $(STAMP) browser
	VOIDWAR_SCREENSHOTS=$(CURDIR)/docs/screenshots $(VENV)/bin/pytest -q -n 2 tests/web/test_browser.py \
		tests/web/test_browser_av.py tests/web/test_browser_table.py tests/web/test_browser_phone.py \
		tests/web/test_browser_sight.py

bench: $(STAMP)
	$(PY) benchmarks/antilles.py

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache .hypothesis

# Optional: the hot modules (core game/tabletop/hexgrid, Antilles) compiled with mypyc, in place
# (build_compiled.py; docs/architecture.md "Compiled build"). Pure Python stays the default.
compiled: $(STAMP)
	$(PY) build_compiled.py

clean-compiled:
	find src -name '*.so' -delete
	rm -rf build/mypyc build/temp.* build/lib.*
