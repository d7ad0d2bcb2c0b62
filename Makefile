# rules-explorer: everyday commands. Each target creates the virtual environment .venv on first
# use and re-installs the project into it whenever pyproject.toml changes.
#
#   make lab     JupyterLab at the repository root, the start notebook open (notebooks/00_start_here.ipynb)
#   make app     serve the apps (notebooks/apps: scenario designer, replay, odds comparison, Beyond reveal and
#                replay, D&D battle map and attack odds, Behold: Rome play and scoring) with Voila;
#                one app: make app APP=odds_comparison
#   make test    everything: unit, property, notebook (nbval) and real-browser tests
#   make bench   run every benchmarks/bench_*.py in turn
#   make clean   remove the venv, caches and test artifacts

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip --disable-pip-version-check

APPS := notebooks/apps
# Jupyter servers refuse to start as root unless told to (CI and these machines run as root).
ALLOW_ROOT   := $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: lab app test bench clean venv venv-test

# --- the virtual environment -------------------------------------------------------------------

$(PY):
	$(PYTHON) -m venv $(VENV)

# Runtime dependencies only (lab, app, bench).
$(VENV)/.installed: pyproject.toml | $(PY)
	$(PIP) install --quiet -e .
	touch $@

# Runtime + the `test` extra (a superset: it counts as the runtime install too).
$(VENV)/.installed-test: pyproject.toml | $(PY)
	$(PIP) install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

venv: $(VENV)/.installed
venv-test: $(VENV)/.installed-test

# --- everyday targets --------------------------------------------------------------------------

# JupyterLab's root is the repository (the lessons point to data/ and explorer/ files), with the start
# notebook open. Extra options through LAB_ARGS, e.g. `make lab LAB_ARGS="--no-browser --port=8890"`.
lab: venv
	$(PY) -m jupyterlab $(ALLOW_ROOT) --ServerApp.root_dir=. $(LAB_ARGS) notebooks/00_start_here.ipynb

# All apps (Voila's list of notebooks/apps opens in the browser), or one: `make app APP=odds_comparison`.
app: venv
	$(PY) -m voila $(if $(APP),$(APPS)/$(basename $(APP)).ipynb,$(APPS))

test: venv-test
	$(PY) -m pytest

# Runs them all, then fails if any of them crashed (exited non-zero).
bench: venv
	@found=0; crashed=""; \
	for script in benchmarks/bench_*.py; do \
		[ -e "$$script" ] || continue; \
		found=1; \
		echo "== $$script"; \
		$(PY) "$$script" || crashed="$$crashed $$script"; \
	done; \
	[ $$found = 1 ] || echo "no benchmarks/bench_*.py to run"; \
	if [ -n "$$crashed" ]; then echo "benchmarks that crashed:$$crashed"; exit 1; fi

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis test-artifacts
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
