"""Every input refused cleanly, every game saveable, seeds kept secret (issue 21).

Each finding of the issue's fuzzing campaign is a test here, named after what now holds; two
properties run over every parser and every variant:

- arbitrary Unicode text fed to every parser (cards, sets of cards, trump modes, the moves of
  every variant, records, jass-kit games, log entries and Swisslos lines) raises nothing but
  :class:`~jass.errors.JassError`;
- every preset and random valid ``Rules`` of every variant finish a random game, which can be
  saved and loaded.
"""

from __future__ import annotations

import functools
import io
import json
import math
import random
import sys
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import strategies as jst
from jass import differenzler, jasskit, pomme, records, schieber, serial
from jass.__main__ import main
from jass.cards import NOTATION, SUIT_WORDS, Card, CardSet, foreign_character, validate_deck
from jass.errors import (
    IllegalMoveError,
    InvalidCardsError,
    InvalidNotationError,
    InvalidRulesError,
    InvalidSeedError,
    JassError,
    RecordError,
    SerialError,
)
from jass.play import PlayCard
from jass.trump import Trump
from jass.variant import MAX_ROUNDS, SEED_LIMIT, VARIANTS, AnyVariant

VARIANT_NAMES = ("schieber", "differenzler", "pomme")
#: The 19 characters beyond ASCII that str.split() and the regular expression \s take for spaces.
UNICODE_SPACES = [chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace() and c > 0x7F]
#: ASCII control characters that Python also splits at.
ASCII_CONTROL_SPACES = ["\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f"]


def play_until(variant: AnyVariant, state: Any, rng: random.Random, stop: Callable[[Any], bool]) -> Any:
    while not variant.is_over(state) and not stop(state):
        state = variant.apply(state, rng.choice(variant.legal_moves(state)))
    return state


def round_over(variant: AnyVariant, seed: int = 1) -> Any:
    """A state of ``variant`` whose first round has just ended (the next dealer deals)."""
    for attempt in range(50):
        state = play_until(variant, variant.new_game(seed=seed + attempt), random.Random(attempt),
                           lambda s: s.phase.value == "round_over")
        if state.phase.value == "round_over":
            return state
    raise AssertionError("no game outlived its first round")


# --- bad input escapes as the right exception ----------------------------------------------------


def test_the_19_unicode_spaces_are_what_the_issue_counted() -> None:
    assert len(UNICODE_SPACES) == 19 and "\u00a0" in UNICODE_SPACES and "\u3000" in UNICODE_SPACES


@pytest.mark.parametrize("text", ["predict ²", "predict ١٢", "predict ¹⁵⁷", "predict ４０"],
                         ids=["superscript two", "Arabic-Indic 12", "superscripts 157", "fullwidth 40"])
def test_a_prediction_in_digits_beyond_ascii_is_a_record_error(text: str) -> None:
    """Issue: records.parse_move("predict ²", "differenzler") raised a bare ValueError, and
    "predict ١٢" returned Predict(12)."""
    with pytest.raises(RecordError, match="is not a move: .* is not a character of notation") as error:
        records.parse_move(text, "differenzler")
    assert repr(text) in str(error.value)  # quotes the input
    record = {"format": "jass-record/1", "variant": "differenzler", "rules": {"type": "differenzler.Rules"},
              "seed": 1, "moves": [text]}
    with pytest.raises(RecordError) as error:
        records.read_record(json.dumps(record))
    assert error.value.move_number == 1 and error.value.path == "$.moves[0]"


def test_jass_play_takes_a_superscript_or_a_number_of_5000_digits_as_a_wrong_answer() -> None:
    """Issue: answering ``²`` or a 5,000-digit number crashed the command line."""
    for variant in VARIANT_NAMES:
        out = io.StringIO()
        answers = iter(["²", "9" * 5000, "١"])
        assert main(["play", variant, "--seed", "3"], out=out, read=lambda prompt: next(answers, "1")) == 0
        text = out.getvalue()
        assert "'²' is not a move" in text and "'١' is not a move" in text
        assert "'99999999999" in text and "9" * 100 not in text  # quoted, shortened
        assert "Game over" in text


def test_a_swisslos_line_with_milliseconds_beyond_ascii_keeps_only_its_date() -> None:
    """Issue: read_swisslos_line('27.11.17 20:10:08,²²² | INFO | {"rounds": []}') raised ValueError."""
    line = jasskit.read_swisslos_line('27.11.17 20:10:08,²²² | INFO | {"rounds": []}')
    assert line.date is not None and (line.date.second, line.date.microsecond) == (8, 0)  # "²²²" is no milliseconds
    line = jasskit.read_swisslos_line('27.11.17 20:10:08,140 | INFO | {"rounds": []}')
    assert line.date is not None and line.date.microsecond == 140_000
    with pytest.raises(SerialError, match=r"^\$\.date: expected a date"):  # strptime would read these digits
        jasskit.read_swisslos_line('٢٧.11.17 20:10:08,140 | INFO | {"rounds": []}')


def test_a_differenzler_observation_with_the_face_up_card_in_the_trick_is_a_serial_error() -> None:
    """Issue: such an observation, the card played by a non-dealer, raised IndexError in play.py."""
    checked = 0
    for seed in range(40):
        state = differenzler.new_game(differenzler.Rules(first_dealer=3), seed=seed)
        rng = random.Random(seed)
        state = play_until(differenzler.VARIANT, state, rng, lambda s: len(s.play.trick) == 2)
        for seat in (0, 1, 2, 3, None):
            data = serial.to_dict(differenzler.observe(state, seat))
            for card in state.play.trick:  # played by seats 0 and 1, never the dealer (3)
                data["face_up"] = card.name
                data["trump"] = str(Trump(card.suit)).lower()
                with pytest.raises(SerialError, match="face_up|trump|hand|legal_moves"):
                    serial.from_dict(data)
                checked += 1
    assert checked == 40 * 5 * 2


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_a_deal_of_bad_hands_is_an_illegal_move_like_every_bad_move(name: str) -> None:
    """Issue: apply(round_over, schieber.Deal(hands=[1, 2, 3, 4])) raised InvalidCardsError."""
    variant = VARIANTS[name]
    state = round_over(variant)
    deal_type = next(t for t in variant.move_types if t.__name__ == "Deal")
    bad: list[Callable[[], Any]] = (
        [lambda: deal_type(["C6"] * 36)] if name == "pomme"
        else [lambda: deal_type(hands=[1, 2, 3, 4]), lambda: deal_type(hands=["C6 C7"] * 4)]
    )
    for build in bad:
        with pytest.raises(IllegalMoveError, match="^Deal: "):
            variant.apply(state, build())


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_a_deal_built_from_strings_is_written_by_serial_and_refused_by_apply(name: str) -> None:
    """Issue: a schieber.Deal built from strings was applied but could not be written."""
    variant = VARIANTS[name]
    state = round_over(variant)
    deal_type = next(t for t in variant.move_types if t.__name__ == "Deal")
    codes = [card.name for card in Card]
    move = deal_type(" ".join(codes)) if name == "pomme" else deal_type(
        hands=[" ".join(codes[k * 9:(k + 1) * 9]) for k in range(4)])
    assert serial.loads(serial.dumps(move)) == move
    with pytest.raises(IllegalMoveError, match="is not a legal move now"):
        variant.apply(state, move)  # a client never chooses the deal
    assert variant.apply_trusted is not None
    assert variant.apply_trusted(state, move).round_number == 1


# --- notation: exactly ASCII, the suit symbols and the names ---------------------------------------


@pytest.mark.parametrize(
    ("text", "character"),
    [
        pytest.param("ſ6", "ſ", id="U+017F long s folds to S"),
        pytest.param("H\u212a", "\u212a", id="U+212A Kelvin sign lowers to K"),
        pytest.param("\u212aH", "\u212a", id="Kelvin sign, rank first"),
        pytest.param("ſchilten Aſſ", "ſ", id="long s in a name"),
        pytest.param("H١٠", "١", id="Arabic-Indic digits"),
        pytest.param("H¹⁰", "¹", id="superscript digits"),
        pytest.param("Ｈ６", "Ｈ", id="fullwidth letters"),
    ],
)
def test_card_parse_refuses_look_alikes(text: str, character: str) -> None:
    """Issue: Card.parse accepted U+017F as S and U+212A as K."""
    with pytest.raises(InvalidNotationError, match="is not a character of notation") as error:
        Card.parse(text)
    assert repr(text) in str(error.value) and repr(character) in str(error.value)
    with pytest.raises(InvalidNotationError):
        CardSet.parse(f"C6 {text}")
    with pytest.raises(RecordError, match="is not a character of notation"):
        records.parse_move(f"play {text}", "schieber")


@pytest.mark.parametrize("space", UNICODE_SPACES + ASCII_CONTROL_SPACES, ids=lambda c: f"U+{ord(c):04X}")
def test_no_unicode_space_separates_notation(space: str) -> None:
    """Issue: 19 Unicode space characters separated cards, names and moves."""
    for parse in (lambda: Card.parse(f"Rosen{space}Ass"), lambda: Card.parse(f"{space}H6"),
                  lambda: CardSet.parse(f"H6{space}H7"), lambda: Trump.parse(f"obenabe{space}"),
                  lambda: validate_deck(space.join(card.name for card in Card))):
        with pytest.raises(InvalidNotationError, match="is not a character of notation"):
            parse()
    for name in VARIANT_NAMES:
        with pytest.raises(RecordError, match="is not a character of notation"):
            records.parse_move(f"play{space}H6", name)
    with pytest.raises(InvalidNotationError):
        schieber.new_game(deal=space.join(card.name for card in Card))


def test_notation_still_reads_every_documented_form() -> None:
    """ASCII in any case, tabs and line breaks, the suit symbols, the names with their letters."""
    assert [Card.parse(t) for t in ("h10", "\tH10\n", "10♥", "♡10", "Schilten Banner", "AS DE CŒUR")] == [
        Card.H10, Card.H10, Card.H10, Card.H10, Card.H10, Card.HA]
    assert [Card.parse(t) for t in ("Grün Ass", "GRÜN-KÖNIG", "Rosen Näll", "6 de trèfle")] == [
        Card.SA, Card.SK, Card.S9, Card.C6]
    assert CardSet.parse("H6\tH7\r\nH8") == CardSet.parse("H6 H7 H8")
    assert (Trump.parse("⬇"), Trump.parse("⬆"), Trump.parse(" Obenabe ")) == (Trump.OBENABE, Trump.UNDENUFE,
                                                                          Trump.OBENABE)
    assert records.parse_move("trump ⬇", "schieber") == schieber.ChooseTrump(Trump.OBENABE)
    assert records.parse_move("PLAY grün ass", "pomme") == PlayCard(Card.SA)


def test_every_symbol_and_name_the_library_writes_or_reads_is_notation() -> None:
    written = [card.symbol for card in Card] + [mode.symbol for mode in Trump] + [str(mode) for mode in Trump]
    for text in written + list(SUIT_WORDS):
        assert foreign_character(text) is None and foreign_character(text.upper()) is None, text
    assert "ASCII" in NOTATION


def test_a_card_named_twice_is_an_error() -> None:
    """Issue: CardSet.parse("H6 H6 h6") returned CardSet('H6')."""
    for text in ("H6 H6 h6", "H6, ♥6", "Schilten 6, H6", "H6;H6"):
        with pytest.raises(InvalidCardsError, match="names H6 twice") as error:
            CardSet.parse(text)
        assert repr(text) in str(error.value)
    with pytest.raises(RecordError, match="names C6 twice"):
        records.parse_move("exchange C6 C6 C7", "pomme")
    assert CardSet(["H6", Card.H6]) == CardSet.parse("H6")  # a collection of cards stays a set
