"""What a test types at ``jass play``: the first choice of the list the game last showed."""

from __future__ import annotations

import re
from typing import Any

#: A typist's answer: the first choice of the list last shown.
FIRST: Any = object()


def first_choice(shown: str) -> str:
    """What to type for the first choice of the list last shown in ``shown``: ``1``, or for a
    Coiffeur slate the first open row's number (with the first of its modes, if it has several),
    or in a Sidi Barrani auction «pass» (always a call the auction allows)."""
    lines = shown.splitlines()
    numbered = max((i for i, line in enumerate(lines) if re.match(r"  1\. ", line)), default=-1)
    slate = max((i for i, line in enumerate(lines) if line.startswith("  Type a row's number")), default=-1)
    auction = max((i for i, line in enumerate(lines) if line.startswith("  Call: ")), default=-1)
    if auction > max(numbered, slate):
        return "pass"
    if numbered >= slate:  # a numbered list, or none (a prediction: "1" is one)
        return "1"
    row = re.match(r"\s+(\d+)  .*? x\d+(?:: (\S+))?", lines[slate + 1])
    assert row is not None, lines[slate + 1]
    return row.group(1) + (f" {row.group(2).casefold()}" if row.group(2) else "")
