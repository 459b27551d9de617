"""The README's check command is the one CI runs."""

from __future__ import annotations

import re
import subprocess
import sys
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


#: The one optional extra left out of `all`, as pyproject.toml and the README say: `train`
#: (sb3-contrib and PyTorch, gigabytes with a CUDA build), for the worked examples' training.
NOT_IN_ALL = ("train",)


def test_the_all_extra_is_every_optional_extra() -> None:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and newer

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    others = {requirement for name, requirements in extras.items() if name not in ("all", "dev", *NOT_IN_ALL)
              for requirement in requirements}
    assert set(extras["all"]) == others
    # The exception adds only its own packages, and says so where users read about extras.
    assert {r for r in extras["train"] if not r.startswith("sb3-contrib")} <= set(extras["all"])
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "jass[train]" in readme and "not part of `all`" in readme


def test_the_quick_loop_is_documented_and_its_marker_registered() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert '```sh\npython -m pytest -q -m "not slow"\n```' in readme
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"slow: ' in pyproject and "--strict-markers" in pyproject


@pytest.mark.slow  # a pytest process
def test_the_quick_loop_leaves_out_every_hypothesis_test() -> None:
    """tests/conftest.py marks each Hypothesis test ``slow``; plain tests stay in the quick loop."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "-m", "not slow",
         "tests/test_records.py"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )
    quick = {line.split("::", 1)[1] for line in done.stdout.splitlines() if "::" in line}
    assert "test_explicit_deals_are_recorded" in quick
    source = (ROOT / "tests" / "test_records.py").read_text(encoding="utf-8")
    given = re.findall(r"^@given\(.*?\n(?:@.*\n)*def (\w+)", source, flags=re.M)
    assert {"test_records_replay_to_the_same_states", "test_fuzz_records"} <= set(given)
    assert not quick & set(given)


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
