"""The package as PyPI would get it: the sdist and the wheel ``python -m build`` makes (the wheel
built from the sdist), their contents and metadata, the wheel working on its own, and a README
whose links work on the project page."""

from __future__ import annotations

import email.message
import email.parser
import os
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import attrs
import cattrs
import pytest

import jass

ROOT = Path(__file__).resolve().parent.parent
# Where PyPI and the README send people: pyproject.toml's [project.urls] (read below) name them.
SOURCE = "https://github.com/jass-py/jass"
DOCUMENTATION = "https://jass.readthedocs.io"


@attrs.frozen
class Dist:
    """The two files of a release, built once for the module."""

    sdist: Path
    wheel: Path


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Dist:
    pytest.importorskip("build", reason="the build tool comes with the dev extra")
    out = tmp_path_factory.mktemp("dist")
    # Without --sdist/--wheel, build makes the sdist and then the wheel from it: a file the
    # sdist forgot breaks the wheel, not only the sdist.
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
                   check=True, capture_output=True, text=True)
    (sdist,), (wheel,) = sorted(out.glob("*.tar.gz")), sorted(out.glob("*.whl"))
    return Dist(sdist, wheel)


def metadata(dist: Dist) -> email.message.Message:
    with zipfile.ZipFile(dist.wheel) as wheel:
        text = wheel.read(f"jass-{jass.__version__}.dist-info/METADATA").decode()
    return email.parser.Parser().parsestr(text)


def modules_in_the_tree() -> set[str]:
    """Every module of the package, and the files of jass serve's page."""
    files = [*(ROOT / "jass").rglob("*.py"), *(ROOT / "jass" / "serve" / "static").glob("*")]
    assert any(path.suffix == ".js" for path in files)
    return {path.relative_to(ROOT).as_posix() for path in files if "__pycache__" not in path.parts}


@pytest.mark.slow  # builds the package
def test_the_wheel_holds_every_module_the_type_marker_and_the_command(dist: Dist) -> None:
    assert dist.wheel.name == f"jass-{jass.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(dist.wheel) as wheel:
        names = set(wheel.namelist())
        entry_points = wheel.read(f"jass-{jass.__version__}.dist-info/entry_points.txt").decode()
    info = f"jass-{jass.__version__}.dist-info"
    assert modules_in_the_tree() <= names
    assert "jass/py.typed" in names  # PEP 561: type checkers read the package's own hints
    assert f"{info}/licenses/LICENSE" in names
    assert "[console_scripts]\njass = jass.cli:main" in entry_points
    # Only the package: no tests, docs, benchmarks or byte code.
    assert {name.split("/")[0] for name in names} == {"jass", info}
    assert not [name for name in names if name.endswith(".pyc")]


@pytest.mark.slow  # builds the package
def test_the_metadata_pypi_shows(dist: Dist) -> None:
    meta = metadata(dist)
    assert meta["Name"] == "jass" and meta["Version"] == jass.__version__
    assert meta["Requires-Python"] == ">=3.10" and meta["License-Expression"] == "MIT"
    assert "Typing :: Typed" in meta.get_all("Classifier", [])
    # attrs and cattrs at run time; everything else only behind an extra.
    requires = meta.get_all("Requires-Dist", [])
    assert sorted(r for r in requires if "extra ==" not in r) == ["attrs>=23.1", "cattrs>=24.1"]
    assert set(meta.get_all("Provides-Extra", [])) == {"batch", "dask", "rl", "serve", "postgres", "train", "all",
                                                         "dev"}
    urls = dict(url.split(", ", 1) for url in meta.get_all("Project-URL", []))
    assert urls["Documentation"] == DOCUMENTATION
    assert urls["Source"] == SOURCE and urls["Issues"] == f"{SOURCE}/issues"
    assert meta["Description-Content-Type"] == "text/markdown"
    assert meta.get_payload() == (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.slow  # builds the package
def test_the_sdist_holds_what_tests_and_docs_need(dist: Dist) -> None:
    assert dist.sdist.name == f"jass-{jass.__version__}.tar.gz"
    top = f"jass-{jass.__version__}/"
    with tarfile.open(dist.sdist) as sdist:
        names = {name.removeprefix(top) for name in sdist.getnames()}
    needed = {
        "pyproject.toml", "MANIFEST.in", "README.md", "CHANGELOG.md", "LICENSE", "conftest.py",
        "jass/py.typed", "tests/conftest.py", "tests/strategies.py", "tests/reference.py",
        "tests/toy_variant.py", "tests/golden/schieber.jsonl", "tests/data/swisslos.log",
        "docs/conf.py", "docs/_ext/jass_options.py", "docs/rules/schieber.rst",
        "seeds/001_4f84d1d95f40f590.txt",
    }
    assert needed | modules_in_the_tree() <= names
    assert not [name for name in names if name.startswith("docs/_build") or name.endswith(".pyc")]


@pytest.mark.slow  # builds the package
def test_the_wheel_works_on_its_own(dist: Dist, tmp_path: Path) -> None:
    """Unpacked next to attrs and cattrs only, and without this checkout on the path, the
    wheel's ``jass`` answers ``--version`` and reads its options' text from its own files."""
    with zipfile.ZipFile(dist.wheel) as wheel:
        wheel.extractall(tmp_path)
    # -S: no site-packages, so neither this checkout's editable install nor anything else.
    site = {Path(str(module.__file__)).parent.parent for module in (attrs, cattrs)}
    path = os.pathsep.join(map(str, (tmp_path, *site)))
    env = {**os.environ, "PYTHONPATH": path}

    def run(*args: str) -> str:
        return subprocess.run([sys.executable, "-S", *args], cwd=tmp_path, env=env,
                              check=True, capture_output=True, text=True).stdout

    assert run("-c", "import jass; print(jass.__file__)") == f"{tmp_path / 'jass' / '__init__.py'}\n"
    assert run("-m", "jass", "--version") == f"jass {jass.__version__}\n"
    rules = run("-m", "jass", "rules", "schieber")
    assert "target_score" in rules and "The score that ends the game." in rules


def test_the_readme_links_work_on_pypi() -> None:
    """PyPI shows the README without the repository around it: a relative link (``docs/``,
    ``benchmarks/README.md``) would lead nowhere there, so every link is absolute, and a file of
    the repository is linked under pyproject.toml's Source URL."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s]*)\)", readme) + re.findall(r"<([^>\s]+://[^>\s]*)>", readme)
    assert [t for t in targets if not t.startswith("https://")] == []
    assert f"{SOURCE}/blob/main/benchmarks/README.md" in targets and DOCUMENTATION in targets
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'Source = "{SOURCE}"' in pyproject and f'Documentation = "{DOCUMENTATION}"' in pyproject
