#!/usr/bin/env bash
# Create (or reuse) the isolated virtual environment holding the peer library
# jass-kit 2.0.5.  jass-kit installs a top-level package named `jass`, which
# would clash with our own `jass`, so it must never be installed in our env.
#
# Idempotent: re-running only (re)creates/installs what is missing.
# Usage: bash benchmarks/peer/setup_peer.sh     (from anywhere)
# Env:   PYTHON=python3.x to choose the base interpreter (default python3).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="$HERE/.venv"
PY="$VENV/bin/python"
BASE_PY="${PYTHON:-python3}"
SPEC="jass-kit==2.0.5"

if [ ! -x "$PY" ]; then
    "$BASE_PY" -m venv "$VENV" >&2
fi

# Only talk to the registry if the pinned version is not installed yet.
if ! "$PY" - <<'PYEOF' >/dev/null 2>&1
import importlib.metadata as m, sys
sys.exit(0 if m.version("jass-kit") == "2.0.5" else 1)
PYEOF
then
    "$PY" -m pip install --disable-pip-version-check --quiet "$SPEC" >&2
fi

# Smoke check: the import must resolve inside the venv.
"$PY" -I -c 'import jass.game.rule_schieber as r, sys; assert r.__file__.startswith(sys.prefix), r.__file__' >&2

echo "$PY"
