"""The ``jass`` command line (``jass COMMAND``, also ``python -m jass``): ``jass.cli.main``
builds the parser and runs the commands, ``jass.cli.console`` draws a game in the terminal
and reads a player's moves. It sees variants only through the registry (:mod:`jass.variant`).
"""

from jass.cli.main import build_parser, main

__all__ = ["main", "build_parser"]
