"""``python -m jass``: the command line of :mod:`jass.cli`."""

import sys

from jass.cli import main

if __name__ == "__main__":
    sys.exit(main())
