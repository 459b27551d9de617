"""The command line driven as a person would: typed answers, bad ones included."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import pytest

from jass.__main__ import main
from jass.variant import find_variant


def typist(script: list[str], then: str = "1") -> Callable[[str], str]:
    """Answers the prompts with ``script``, then with ``then`` for ever."""
    answers: Iterator[str] = iter(script)

    def read(prompt: str) -> str:
        return next(answers, then)

    return read


@pytest.mark.parametrize("variant", ["schieber", "differenzler", "pomme", "coiffeur"])
def test_a_person_plays_a_whole_game_with_bad_answers_on_the_way(variant: str) -> None:
    out = io.StringIO()
    bad = ["zzz", "999", "", "H11"]
    code = main(["play", variant, "--seed", "5"], out=out, read=typist(bad))
    text = out.getvalue()
    assert code == 0
    assert "'zzz' is not a move" in text
    assert "'999' is not a choice" in text or "'999': Predict(999): a prediction is an int 0..157" in text
    assert "Game over" in text
    assert text.count("Your hand:") > 5


def test_differenzler_prediction_typed_as_a_number() -> None:
    out = io.StringIO()
    main(["play", "differenzler", "--seed", "2"], out=out, read=typist(["200", "40"]))
    text = out.getvalue()
    assert "'200': Predict(200): a prediction is an int 0..157" in text
    assert "Game over" in text


def test_pomme_exchange_typed_with_cards() -> None:
    out = io.StringIO()
    # Seed 5 deals seat 0 (the non-dealer or dealer) a hand that holds C6 C10 CQ.
    main(["play", "pomme", "--seed", "5"], out=out, read=typist(["exchange C6 C10", "exchange C6 C10 CQ"]))
    text = out.getvalue()
    assert "'exchange C6 C10': an exchange names 3 different cards" in text
    assert "Game over" in text


def test_ctrl_c_leaves_cleanly() -> None:
    def interrupt(prompt: str) -> str:
        raise KeyboardInterrupt

    out = io.StringIO()
    assert main(["play", "schieber", "--seed", "1", "--seat", "1"], out=out, read=interrupt) == 130
    assert "Bye" in out.getvalue()


def test_end_of_input_leaves_cleanly() -> None:
    def closed(prompt: str) -> str:
        raise EOFError

    assert main(["play", "pomme", "--seed", "1"], out=io.StringIO(), read=closed) == 130


@pytest.mark.parametrize("variant", ["schieber", "differenzler", "pomme", "coiffeur"])
def test_rules_lists_every_option_and_preset(variant: str) -> None:
    import attrs

    from jass.tournament import variant_module

    out = io.StringIO()
    assert main(["rules", variant], out=out) == 0
    text = out.getvalue()
    for field in attrs.fields(variant_module(variant).Rules):
        assert field.name in text
    for preset in find_variant(variant).presets:
        assert f"preset Rules.{preset}()" in text


@pytest.mark.parametrize("variant", ["schieber", "differenzler", "pomme", "coiffeur"])
def test_simulate_prints_a_summary(variant: str) -> None:
    out = io.StringIO()
    assert main(["simulate", variant, "--games", "6", "--seed", "3", "--quiet"], out=out) == 0
    text = out.getvalue()
    assert f"6 games of {variant}, seed 3" in text
    assert "rule" in text and "random" in text


def test_simulate_refuses_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "schieber", "--bots", "rule,clever", "--quiet"], out=io.StringIO()) == 2
    assert "no bot called 'clever'" in capsys.readouterr().err


def test_simulate_refuses_an_unknown_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "schieber", "--preset", "nonsense", "--quiet"], out=io.StringIO()) == 2
    assert "swisslos" in capsys.readouterr().err


def test_play_refuses_a_seat_that_does_not_exist(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "pomme", "--seat", "3"], out=io.StringIO()) == 2
    assert "choose a seat 0..1" in capsys.readouterr().err


def test_deal_shows_four_hands_with_weis() -> None:
    out = io.StringIO()
    assert main(["deal", "--seed", "7"], out=out) == 0
    text = out.getvalue()
    assert text.count("seat ") == 4
    # deal(7) gives seat 3 HQ HK HA: a sequence of three, and Stöck if Schilten is trump.
    assert "sequence HQ-HA: 20" in text and "Stöck if Schilten is trump" in text


def test_a_closed_pipe_ends_quietly() -> None:
    """`jass rules schieber | head -1`: the reader goes away; exit 0, no traceback."""
    import subprocess
    import sys

    result = subprocess.run(
        f"{sys.executable} -m jass rules schieber | head -1",
        shell=True, capture_output=True, text=True, check=False,
    )
    assert result.stdout.startswith("schieber options")
    assert "Traceback" not in result.stderr
