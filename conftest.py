# Sphinx's configuration is not a module to test.
collect_ignore = ["docs/conf.py", "docs/_ext", "benchmarks"]

# jass.batch is the optional extra jass[batch]: without numpy its doctests cannot be collected.
try:
    import numpy  # noqa: F401
except ImportError:
    collect_ignore.extend(["jass/batch", "jass/schieber/batch", "jass/differenzler/batch", "jass/pomme/batch",
                           "jass/rl/policy.py", "jass/rl/rewards.py"])

# The environments of jass.rl and the examples that train on them need jass[rl] (Gymnasium).
try:
    import gymnasium  # noqa: F401
except ImportError:
    collect_ignore.extend(["jass/rl/gymnasium.py", "jass/rl/vector.py", "jass/rl/pettingzoo.py", "docs/examples"])

# jass.serve.app is the optional extra jass[serve]: without Starlette its doctests cannot be collected.
try:
    import starlette  # noqa: F401
except ImportError:
    collect_ignore.append("jass/serve/app.py")


import importlib  # noqa: E402

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _package_names(request: pytest.FixtureRequest) -> None:
    """The doctests in a file of a package (``jass/schieber/game.py``) run with the package's
    public names (``from jass.schieber import *``) beside the file's own: the API reference
    shows them as ``jass.schieber.new_game``, and the examples read as a user writes them."""
    item = request.node
    dtest = getattr(item, "dtest", None)
    if dtest is None:
        return
    module = dtest.globs.get("__name__", "")
    package = module.rpartition(".")[0]
    if not package.startswith("jass.") or module.endswith(".__init__"):
        return
    found = importlib.import_module(package)
    for name in getattr(found, "__all__", ()):
        dtest.globs.setdefault(name, getattr(found, name))
