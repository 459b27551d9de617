# Sphinx's configuration is not a module to test.
collect_ignore = ["docs/conf.py", "benchmarks"]

# jass.batch is the optional extra jass[batch]: without numpy its doctests cannot be collected.
try:
    import numpy  # noqa: F401
except ImportError:
    collect_ignore.append("jass/batch")

# jass.serve.app is the optional extra jass[serve]: without Starlette its doctests cannot be collected.
try:
    import starlette  # noqa: F401
except ImportError:
    collect_ignore.append("jass/serve/app.py")
