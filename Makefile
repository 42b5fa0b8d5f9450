# Build, run and test numbrix-curses. Needs only python3 on PATH: the first target that
# needs it creates .venv and installs the package there (editable, so source changes are
# live; it is reinstalled only when setup.cfg or pyproject.toml change).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# the stamps record which install of the package the venv holds
STAMP_RUN   := $(VENV)/.installed-run
STAMP_TEST  := $(VENV)/.installed-test
STAMP_BENCH := $(VENV)/.installed-bench
PACKAGE_CONFIG := setup.cfg pyproject.toml

.PHONY: run test bench soak clean distclean

# straight into the first bundled puzzle (or the game in progress on it); q leads to the menu
run: $(STAMP_RUN)
	$(BIN)/numbrix play --menu

# The tests run in as many processes as there are cores, at most four (pytest-xdist): most
# of their time is spent waiting on programs they start in a pseudo-terminal, so on two
# cores the suite takes half as long. TEST_PROCESSES=0 runs them in this process alone.
TEST_PROCESSES ?= auto
test: $(STAMP_TEST)
	$(BIN)/python -m pytest -n $(TEST_PROCESSES) --maxprocesses 4 $(PYTEST_ARGS)

bench: $(STAMP_BENCH)
	$(BIN)/python benchmarks/bench.py
	$(BIN)/python benchmarks/grading.py
	$(BIN)/python benchmarks/ui_redraw.py
	$(BIN)/python benchmarks/slips.py

# rebuild the bundled puzzles (src/numbrix_curses/puzzles/*.txt) and the printable booklet
# puzzles/library-booklet.txt from fixed seeds; PUZZLES_ARGS=--jobs N to choose processes
.PHONY: puzzles
puzzles: $(STAMP_RUN)
	$(BIN)/python puzzles/build_library.py $(PUZZLES_ARGS)

# not part of `make test`: makes and solves random puzzles for SOAK_MINUTES (default 10),
# checking every verdict by a second method; exit code 1 on any disagreement
SOAK_MINUTES ?= 10
soak: $(STAMP_BENCH)
	$(BIN)/python benchmarks/soak.py --minutes $(SOAK_MINUTES) $(SOAK_ARGS)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP_RUN): $(PACKAGE_CONFIG) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(STAMP_TEST): $(PACKAGE_CONFIG) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

$(STAMP_BENCH): $(PACKAGE_CONFIG) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	touch $@

# build products and caches; the venv stays (see distclean)
clean:
	rm -rf build dist src/*.egg-info .pytest_cache .hypothesis benchmarks/.cache
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -exec rm -rf {} +

# everything `make` made, the venv too
distclean: clean
	rm -rf $(VENV)
