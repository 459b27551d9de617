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


def test_read_the_docs_builds_what_ci_builds() -> None:
    # RTD installs what .ci/run installs (.[all,dev]) and fails on a warning like `-W`; conf.py's
    # nitpicky stands for `-n`, so the hosted docs are the docs CI checks.
    rtd = (ROOT / ".readthedocs.yaml").read_text(encoding="utf-8")
    assert re.search(r"extra_requirements:\s*\n\s*- all\s*\n\s*- dev\b", rtd)
    assert re.search(r"^\s*path: \.\s*$", rtd, flags=re.M)
    assert re.search(r"^\s*configuration: docs/conf\.py\s*$", rtd, flags=re.M)
    assert re.search(r"^\s*fail_on_warning: true\s*$", rtd, flags=re.M)
    conf = (ROOT / "docs" / "conf.py").read_text(encoding="utf-8")
    assert re.search(r"^nitpicky = True$", conf, flags=re.M)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "sphinx-build -q -W --keep-going -n -b html docs docs/_build/html" in ci


def test_the_readme_links_every_project_url() -> None:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and newer

    urls = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    assert set(urls) == {"Documentation", "Source", "Changelog", "Issues"}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name, url in urls.items():
        assert url in readme, f"the README does not link the {name} URL {url}"
