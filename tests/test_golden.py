"""Golden files: the ``jass/1`` JSON and ``jass-record/1`` records, byte for byte.

``tests/golden/recipe.py`` plays seeded games of every variant and writes states, settings,
card plays, observations for every seat, legal moves, round scores, rules and records; the
files were written by it before the serialiser was rebuilt. Here the recipe runs again and
every line must come out identical, and every line must load back to a value that writes the
same text (records: that replays to the recorded result).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from jass import records, serial

GOLDEN = Path(__file__).resolve().parent / "golden"
sys.path.insert(0, str(GOLDEN))

import recipe  # noqa: E402

FILES = ("schieber.jsonl", "differenzler.jsonl", "pomme.jsonl")


def golden_lines(file: str) -> list[str]:
    return (GOLDEN / file).read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="module")
def produced() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for file, line in recipe.lines():
        out.setdefault(file, []).append(line)
    return out


@pytest.mark.parametrize("file", FILES)
def test_the_recipe_writes_the_golden_bytes(file: str, produced: dict[str, list[str]]) -> None:
    expected = golden_lines(file)
    got = produced[file]
    for number, (want, have) in enumerate(zip(expected, got), start=1):
        assert have == want, f"{file} line {number} differs:\n want {want[:300]}\n have {have[:300]}"
    assert len(got) == len(expected)


@pytest.mark.parametrize("file", FILES)
def test_golden_lines_load_and_write_the_same_bytes(file: str) -> None:
    for number, line in enumerate(golden_lines(file), start=1):
        if json.loads(line)["format"] == records.RECORD_FORMAT:
            record = records.read_record(line)
            records.final_state(record)  # replays, and checks the recorded result
            assert record.to_text() == line, f"{file} line {number}"
        else:
            value = serial.loads(line)
            # The recipe writes rules both in full and compact (defaults left out).
            assert line in (serial.dumps(value), serial.dumps(value, compact=True)), f"{file} line {number}"
