"""The layout shows the architecture (docs/design.rst), and stays that way: each variant a
package of small one-concern files, short functions, and the layers checked by import-linter."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from jass import variant

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "jass"
#: The library's variant packages, found as the registry finds them (by their files), so that a
#: new variant is checked without a line changed here.
VARIANTS = tuple(sorted(folder.name for folder in PACKAGE.iterdir()
                        if folder.is_dir() and all((folder / name).is_file() for name in variant.VARIANT_FILES)))
#: The variant packages and the packages they are built from, whose files are each one concern.
VARIANT_PACKAGES = (*VARIANTS, "teams", "variant")
#: The files every variant has, one concern each (docs/design.rst, "Inside a variant").
VARIANT_FILES = {
    "__init__", "rules", "moves", "state", "score", "dealing", "game", "view",
    "notation", "loading", "text", "ai", "encoding", "checks",
}


def _files(package: str) -> list[Path]:
    return sorted((PACKAGE / package).rglob("*.py"))


def _imported_names(tree: ast.Module) -> int:
    """The names a file imports: each ``import x``, each name of ``from m import a, b``, a star
    for one."""
    return sum(len(node.names) for node in ast.walk(tree)
               if isinstance(node, (ast.Import, ast.ImportFrom))
               and not (isinstance(node, ast.ImportFrom) and node.module == "__future__"))


@pytest.mark.parametrize("package", VARIANT_PACKAGES)
def test_every_file_of_a_variant_package_is_small(package: str) -> None:
    """No file of a variant package is over 400 lines or imports more than 30 names."""
    for path in _files(package):
        text = path.read_text(encoding="utf-8")
        lines = len(text.splitlines())
        names = _imported_names(ast.parse(text))
        where = path.relative_to(ROOT)
        assert lines <= 400, f"{where} has {lines} lines (at most 400): split its concerns"
        assert names <= 30, f"{where} imports {names} names (at most 30): import a module, or split the file"


@pytest.mark.parametrize("name", VARIANTS)
def test_every_variant_has_the_same_files(name: str) -> None:
    """Each variant has every file of the common layout; any other is what only it has
    (Schieber's ``target``, la pomme's ``exchange``, Coiffeur's ``slate``, the batch engines)."""
    files = {path.stem for path in (PACKAGE / name).glob("*.py")}
    assert VARIANT_FILES <= files, f"jass/{name} lacks {sorted(VARIANT_FILES - files)}"


def test_no_function_is_over_120_lines() -> None:
    """A long function becomes named pieces; nested functions count in their parent."""
    long = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1  # type: ignore[operator]
                if length > 120:
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({length} lines)")
    assert not long, "functions over 120 lines: " + "; ".join(long)


def test_no_module_imports_another_module_s_private_names() -> None:
    """An underscore name stays in its file; a name shared between files has no underscore."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("jass"):
                folder = ROOT.joinpath(*node.module.split("."))
                found += [f"{path.relative_to(ROOT)}: {alias.name} from {node.module}" for alias in node.names
                          if alias.name.startswith("_") and not alias.name.startswith("__")
                          and not (folder / f"{alias.name}.py").exists()]  # a module of the package
    assert not found, "; ".join(found)


def test_each_package_re_exports_what_its_files_declare() -> None:
    """A variant package's ``__all__`` is its files' ``__all__`` (and the names it adds from
    elsewhere), so that nothing public is defined twice or left out."""
    for variant in ("schieber", "differenzler", "pomme", "coiffeur"):
        module = __import__(f"jass.{variant}", fromlist=["__all__"])
        declared: set[str] = set()
        for path in (PACKAGE / variant).glob("*.py"):
            if path.stem == "batch":  # numpy, the optional extra: imported as jass.<variant>.batch
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in tree.body:
                if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
                    if path.stem != "__init__":
                        declared |= {elt.value for elt in node.value.elts}  # type: ignore[attr-defined]
        missing = declared - set(module.__all__)
        assert not missing, f"jass.{variant} does not re-export {sorted(missing)}"
        for name in module.__all__:
            assert hasattr(module, name), f"jass.{variant}.__all__ names {name}, which it lacks"


@pytest.mark.slow  # a subprocess that builds the import graph
def test_the_import_contracts_hold() -> None:
    """The contracts of pyproject.toml (layers, the registry only, the rules files, the
    variants independent, no cycles): the same ``lint-imports`` that CI runs."""
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which("lint-imports")
    if lint is None:
        pytest.skip("import-linter is not installed (it is in the dev extra)")
    done = subprocess.run([lint, "--no-cache"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-3000:]
    assert "BROKEN" not in done.stdout


#: A forbidden import written into a copy of the library, and the contract that must refuse it.
_VIOLATIONS = [
    ("jass/schieber/ai.py", "import jass.differenzler.game", "variants-independent"),
    ("jass/ai/bots.py", "import jass.schieber", "registry-only"),
    ("jass/schieber/rules.py", "import jass.schieber.text", "rules-files"),
    ("jass/pomme/game.py", "import jass.serial", "variants-below"),
    ("jass/cards.py", "import jass.variant", "layers"),
    ("jass/schieber/moves.py", "import jass.schieber.game", "acyclic"),
    # a variant the contracts have never seen: a copy of Coiffeur under another name
    ("jass/newgame/ai.py", "import jass.schieber.game", "variants-independent"),
    ("jass/newgame/game.py", "import jass.newgame.ai", "rules-files"),
]


@pytest.mark.slow  # copies the library and builds its import graph six times
@pytest.mark.parametrize(("path", "line", "contract"), _VIOLATIONS, ids=[v[2] for v in _VIOLATIONS])
def test_the_contracts_refuse_a_forbidden_import(tmp_path: Path, path: str, line: str, contract: str) -> None:
    """Each contract is broken by the import it forbids, in a copy of the library (including a
    new variant it has never seen: the contracts name none)."""
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which("lint-imports")
    if lint is None:
        pytest.skip("import-linter is not installed (it is in the dev extra)")
    shutil.copytree(PACKAGE, tmp_path / "jass", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    (tmp_path / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "contracts.py", tmp_path / "tests")
    original = ROOT / path
    if "newgame" in path:
        shutil.copytree(PACKAGE / "coiffeur", tmp_path / "jass" / "newgame", ignore=shutil.ignore_patterns("__pycache__"))
        for file in (tmp_path / "jass" / "newgame").glob("*.py"):
            file.write_text(file.read_text(encoding="utf-8").replace("jass.coiffeur", "jass.newgame"), encoding="utf-8")
        original = tmp_path / "without.py"
        shutil.copy(tmp_path / path, original)
    target = tmp_path / path
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}  # noqa\n", encoding="utf-8")
    done = subprocess.run([lint, "--no-cache", "--contract", contract], cwd=tmp_path, capture_output=True, text=True,
                          check=False)
    assert done.returncode != 0 and "BROKEN" in done.stdout, done.stdout[-3000:]
    shutil.copy(original, target)  # without the import, the same contract holds
    done = subprocess.run([lint, "--no-cache", "--contract", contract], cwd=tmp_path, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stdout[-3000:]


@pytest.mark.slow  # copies the library and imports it in a new interpreter
def test_a_new_variant_is_one_new_folder(tmp_path: Path) -> None:
    """A copy of Coiffeur in a folder of its own, under another name, is a registered variant
    that plays a whole game, with no line outside its folder changed."""
    shutil.copytree(PACKAGE, tmp_path / "jass", ignore=shutil.ignore_patterns("__pycache__"))
    folder = tmp_path / "jass" / "newgame"
    shutil.copytree(PACKAGE / "coiffeur", folder, ignore=shutil.ignore_patterns("__pycache__"))
    for file in folder.glob("*.py"):
        text = file.read_text(encoding="utf-8").replace("jass.coiffeur", "jass.newgame")
        text = text.replace('name="coiffeur"', 'name="newgame"').replace(
            'aliases=("coiffeur-schieber", "quoi faire")', 'aliases=()')
        file.write_text(text, encoding="utf-8")
    code = ("from jass.variant import VARIANTS, random_playout\n"
            "names = list(VARIANTS)\n"
            "game = VARIANTS['newgame']\n"
            "final = random_playout(game, game.new_game(seed=3), seed=4)\n"
            "print(names, game.module, game.is_over(final))")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": str(tmp_path)})
    names, module, over = done.stdout.rsplit(" ", 2)
    # The registry finds the library's folders by name (after the first ones it names), the new one
    # among them: Zweierjass's folder, jass/zweier, sorts after "newgame" (and its variant's name,
    # "zweierjass", is not its folder's).
    from jass.variant import VARIANTS as REGISTERED

    library = [name for name, variant in REGISTERED.items() if variant.module.startswith("jass.")]  # not tests' toys
    assert sorted(ast.literal_eval(names)) == sorted([*library, "newgame"])
    assert (module, over.strip()) == ("jass.newgame", "True")
