"""The README's check command is the one CI runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_the_readme_check_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)\n```", readme, flags=re.S)
    develop = [b for b in blocks if "pip install -e '.[all,dev]'" in b]
    assert len(develop) == 1, "the README must have exactly one develop command"
    check = develop[0].split("pip install -e '.[all,dev]' && ", 1)[1]
    assert check in ci.splitlines(), f"CI does not run the README's check command: {check}"
    assert "pip install --quiet -e '.[all,dev]'" in ci


def test_the_all_extra_is_every_optional_extra() -> None:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and newer

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    others = {requirement for name, requirements in extras.items() if name not in ("all", "dev")
              for requirement in requirements}
    assert set(extras["all"]) == others
