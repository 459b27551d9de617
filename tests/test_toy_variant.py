"""The toy variant (tests/toy_variant.py), defined only in the tests, gets everything above the
variants from the registry alone: JSON, records, the conformance harness, the arena, the bots
and ``jass simulate``, with no line of the library changed for it."""

from __future__ import annotations

import io
import json

import pytest

import toy_variant as toy
from jass import records, serial
from jass.cli import main
from jass.errors import SerialError
from jass.play import PlayCard
from jass.testing import check_variant, hooks_for
from jass.ai.tournament import run_arena
from jass.variant import VARIANTS, find_variant, random_playout, variant_of


def test_it_is_registered_and_found() -> None:
    assert VARIANTS["toy"] is toy.VARIANT is find_variant("TOY")
    state = toy.new_game(seed=1)
    assert variant_of(state) is toy.VARIANT and variant_of(toy.observe(state, 0)) is toy.VARIANT
    assert list(VARIANTS)[:3] == ["schieber", "differenzler", "pomme"] and "toy" in VARIANTS


def test_json_round_trips_and_checks_by_replaying() -> None:
    state = toy.new_game(seed=5)
    for _ in range(3):
        state = toy.apply(state, toy.legal_moves(state)[-1])
    data = serial.to_dict(state)
    assert data["type"] == "toy.State" and data["play"]["type"] == "CardPlay"
    assert serial.loads(serial.dumps(state)) == state
    view = toy.observe(state, 1)
    assert serial.loads(serial.dumps(view)) == view
    assert serial.loads(serial.dumps(toy.Rules(first_dealer=1), compact=True)) == toy.Rules(first_dealer=1)
    forged = json.loads(serial.dumps(state))
    forged["play"]["hands"][0], forged["play"]["hands"][1] = forged["play"]["hands"][1], forged["play"]["hands"][0]
    with pytest.raises(SerialError):
        serial.from_dict(forged)


def test_records_write_and_replay() -> None:
    initial = toy.new_game(seed=9)
    state, moves = initial, []
    while not toy.is_over(state):
        move = toy.legal_moves(state)[0]
        moves.append(move)
        state = toy.apply(state, move)
    text = records.write_record(moves, initial, state)
    data = json.loads(text)
    assert data["variant"] == "toy" and data["moves"][0].startswith("play ")
    assert data["result"]["points"] == list(toy.score_round(state))
    assert records.final_state(records.read_record(text)) == state
    assert records.parse_move("play CA", "toy") == PlayCard("CA")


def test_the_conformance_harness_checks_it() -> None:
    report = check_variant(toy.VARIANT, games=20, seed=4)
    assert report.games == 20 and report.steps == 20 * 6 and report.hidden_variations > 0
    assert [name for name, _ in hooks_for("toy").roundtrips or ()] == ["copy.deepcopy", "pickle", "json"]


@pytest.mark.slow  # processes
def test_random_playout_and_the_arena() -> None:
    assert toy.is_over(random_playout("toy", toy.new_game(seed=2), seed=3))
    report = run_arena("toy", ("rule", "random"), games=10, seed=1)
    assert report.variant == "toy" and sum(report.wins.values()) + report.draws == 10
    assert run_arena("toy", ("rule", "random"), games=10, seed=1, processes=2).records == report.records


def test_jass_simulate_and_rules_take_it() -> None:
    out = io.StringIO()
    assert main(["simulate", "toy", "--games", "8", "--seed", "2", "--quiet"], out=out) == 0
    assert "8 games of toy, seed 2" in out.getvalue()
    out = io.StringIO()
    assert main(["rules", "toy"], out=out) == 0
    text = out.getvalue()
    assert "first_dealer = none: The dealer; None draws it from the game's seed." in text
    assert "from none, the toy's own rule." in text
    assert "  default: " in text  # its one preset


def test_jass_play_takes_it_without_describe_or_end_reason() -> None:
    """The toy has neither Variant.describe nor Variant.end_reason: the table is drawn from the
    card play alone, and the end names the winner."""
    out = io.StringIO()
    assert main(["play", "toy", "--seed", "3"], out=out, read=lambda prompt: "1") == 0
    text = out.getvalue()
    assert "Your hand:" in text and "Game over" in text
