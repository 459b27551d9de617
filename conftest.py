# Sphinx's configuration is not a module to test.
collect_ignore = ["docs/conf.py", "benchmarks"]
