"""Safe for servers: a move from an untrusted client changes nothing it should not, and nothing
hidden leaks (to the sender of a move, to a seat's observation, to a spectator, to the command
line).

Every reproducer of the issue "Safe for servers" is a test here, and three properties run on
random states of every variant:

- ``apply`` accepts exactly ``legal_moves`` (by equality), and an error's text holds no card
  the sender may not see (nor the seed);
- two states that differ only in what a seat cannot see (the other hands, the talon, a secret
  prediction, the seed) give that seat equal observations: object, JSON, repr and pickle; the
  same for a spectator's public view.
"""

from __future__ import annotations

import io
import pickle
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import strategies as jst
from jass import pomme, schieber, serial
from jass.cli import main
from jass.cards import Card, CardSet, FULL_DECK, deal
from jass.errors import IllegalMoveError, InvalidCardsError, InvalidSeedError, JassError, WrongSeatError
from jass.play import PlayCard
from jass.variant import VARIANTS, AnyVariant, SEED_LIMIT

VARIANT_NAMES = ("schieber", "differenzler", "pomme", "coiffeur", "handjass", "sidi", "molotow", "bieter", "zweierjass")
CARD_CODE = re.compile(r"(?<![A-Za-z0-9])([CSHD](?:10|[6-9JQKA]))(?![A-Za-z0-9])")


@st.composite
def positions(draw: st.DrawFn) -> tuple[AnyVariant, Any]:
    """A variant and a state of a random game of it (any phase, big seeds)."""
    variant = VARIANTS[draw(st.sampled_from(VARIANT_NAMES))]
    state = variant.new_game(draw(jst.variant_rules(variant.name)), seed=draw(st.integers(10**12, SEED_LIMIT - 1)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 150))):
        legal = variant.legal_moves(state)
        if not legal:
            break
        state = variant.apply(state, rng.choice(legal))
    return variant, state


def known_to(variant: AnyVariant, state: Any, seat: int | None) -> CardSet:
    """The cards ``seat`` may know (a spectator: those every seat knows)."""
    known_cards = variant.checks.known_cards
    assert known_cards is not None
    if seat is not None:
        return known_cards(state, seat)
    shared = FULL_DECK
    for each in range(variant.seats_for(state.rules)):  # the rules may choose the players
        shared &= known_cards(state, each)
    return shared


def cards_in(text: str) -> CardSet:
    return CardSet(Card.parse(code) for code in CARD_CODE.findall(text))


def candidate_moves(variant: AnyVariant, state: Any, rng: random.Random) -> list[Any]:
    """Moves a client might send: every card, every move of every variant seen legal at the
    start, junk."""
    moves: list[Any] = [PlayCard(card) for card in rng.sample(list(Card), 6)]
    for other in VARIANTS.values():
        moves += list(other.legal_moves(other.new_game(seed=rng.randrange(1000))))[:5]
    moves += [None, "play C6", 42, schieber.Deal(deal(rng.randrange(1000))), pomme.Deal(list(FULL_DECK))]
    return moves


# --- one rule for untrusted moves: exactly the legal moves, and errors safe to show --------------


@settings(jst.examples(60))
@given(positions(), st.integers(0, 2**32))
def test_apply_takes_exactly_the_legal_moves_and_its_errors_hide_what_the_sender_may_not_see(
    position: tuple[AnyVariant, Any], seed: int,
) -> None:
    variant, state = position
    rng = random.Random(seed)
    legal = variant.legal_moves(state)
    acting = variant.to_act(state)
    before = pickle.dumps(state)
    for move in candidate_moves(variant, state, rng):
        sender = rng.randrange(variant.seats_for(state.rules))
        try:
            variant.apply(state, move, seat=sender)
        except WrongSeatError as error:
            assert sender != acting
            text = str(error)
        except IllegalMoveError as error:
            assert sender == acting and move not in legal
            text = str(error)
        else:
            assert sender == acting and move in legal
            continue
        leaked = cards_in(text) - known_to(variant, state, sender) - cards_in(repr(move))
        assert not leaked, f"the error text {text!r} shows {leaked} to seat {sender}"
        assert str(state.seed) not in text
    assert pickle.dumps(state) == before  # refused moves changed nothing
    for move in legal:
        variant.apply(state, move)  # every legal move is taken (without a sender too)


def test_a_move_of_a_seat_not_to_act_is_refused_first() -> None:
    state = schieber.new_game(schieber.Rules(first_dealer=3), seed=11)
    with pytest.raises(WrongSeatError, match="^seat 2 is not to act: seat 0 is$"):
        schieber.apply(state, schieber.Push(), seat=2)
    with pytest.raises(WrongSeatError, match="seat 2 is not to act"):
        schieber.apply(state, None, seat=2)  # type: ignore[arg-type]  # before the move is looked at
    with pytest.raises(WrongSeatError, match="expected a seat 0..3"):
        schieber.apply(state, schieber.Push(), seat=7)
    assert schieber.apply(state, schieber.Push(), seat=0).pushed == 1
    assert issubclass(WrongSeatError, IllegalMoveError) and issubclass(WrongSeatError, ValueError)


def test_error_text_does_not_show_the_hand() -> None:
    """The issue's reproducer: an illegal card's error named seat 0's whole hand."""
    state = schieber.apply(schieber.new_game(schieber.Rules(first_dealer=3), seed=7), schieber.ChooseTrump("H"))
    assert state.play is not None
    hand = state.play.hand(0)
    with pytest.raises(IllegalMoveError) as error:
        schieber.apply(state, PlayCard("SK"))
    assert str(error.value) == "PlayCard(Card.SK) is not a legal move now (phase play, seat 0 to act)"
    assert not cards_in(str(error.value)) & hand
    assert error.value.detail.startswith("seat 0 does not hold SK")  # for the seat to act only
    assert set(error.value.legal_moves) == set(schieber.legal_moves(state))
    again = pickle.loads(pickle.dumps(error.value))
    assert (str(again), again.detail, again.legal_moves) == (str(error.value), error.value.detail, error.value.legal_moves)


# --- a client cannot choose the deal -----------------------------------------------------------------


def finished_round(variant: AnyVariant, seed: int) -> Any:
    state = variant.new_game(variant.rules_type(), seed=seed)
    rng = random.Random(seed)
    while variant.to_act(state) is not None and state.phase.value != "round_over":
        state = variant.apply(state, rng.choice(variant.legal_moves(state)))
    return state


FORGED = '["C6 C7 C8 C9 C10 CJ CQ CK CA", "S6 S7 S8 S9 S10 SJ SQ SK SA", "H6 H7 H8 H9 H10 HJ HQ HK HA", "D6 D7 D8 D9 D10 DJ DQ DK DA"]'


@pytest.mark.parametrize(
    ("name", "forged"),
    [
        ("schieber", '{"format": "jass/1", "type": "schieber.Deal", "hands": ' + FORGED + "}"),
        ("differenzler", '{"format": "jass/1", "type": "differenzler.Deal", "hands": ' + FORGED + ', "face_up": null}'),
        ("pomme", '{"format": "jass/1", "type": "pomme.Deal", "order": "' + " ".join(c.name for c in FULL_DECK) + '"}'),
        ("coiffeur", '{"format": "jass/1", "type": "coiffeur.Deal", "hands": ' + FORGED + "}"),
    ],
)
def test_a_client_cannot_choose_the_deal(name: str, forged: str) -> None:
    variant = VARIANTS[name]
    state = next(s for s in (finished_round(variant, seed) for seed in range(50)) if s.phase.value == "round_over")
    move = serial.loads(forged)
    assert move not in variant.legal_moves(state)
    with pytest.raises(IllegalMoveError, match="is not a legal move now"):
        variant.apply(state, move)
    with pytest.raises(IllegalMoveError):
        variant.apply(state, move, seat=variant.to_act(state))
    assert variant.apply_trusted is not None
    dealt = variant.apply_trusted(state, move)  # trusted code (a record, a test) may
    assert dealt.round_number == state.round_number + 1


# --- seeds and deals -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", VARIANT_NAMES)
@pytest.mark.parametrize("seed", [2**300, 2**64, -1, 1.5, "7", True, None.__class__])
def test_a_seed_is_an_int_of_64_bits(name: str, seed: Any) -> None:
    with pytest.raises(InvalidSeedError, match="expected an int 0..2\\*\\*64-1"):
        VARIANTS[name].new_game(seed=seed)


def test_every_seed_a_game_accepts_can_be_saved() -> None:
    for name in VARIANT_NAMES:
        variant = VARIANTS[name]
        for seed in (0, SEED_LIMIT - 1):
            state = variant.new_game(seed=seed)
            assert serial.loads(serial.dumps(state)) == state
    with pytest.raises(serial.SerialError if hasattr(serial, "SerialError") else JassError):
        data = serial.to_dict(schieber.new_game(seed=1))
        data["seed"] = -5
        serial.from_dict(data)


def test_a_deal_of_the_wrong_shape_says_so() -> None:
    with pytest.raises(InvalidCardsError, match="deal=.*expected 4 hands of 9 cards"):
        schieber.new_game(deal=[CardSet.parse("C6")] * 3)
    with pytest.raises(InvalidCardsError, match=r"deal\[0\]: expected 9 cards, got 1"):
        schieber.new_game(deal=[CardSet.parse("C6")] * 4)


# --- observations reveal nothing hidden ----------------------------------------------------------------


def views(variant: AnyVariant, state: Any, seat: int | None) -> tuple[Any, str, str, bytes]:
    view = variant.observe(state, seat)
    return view, serial.dumps(view), repr(view), pickle.dumps(view)


@settings(jst.examples(80))
@given(positions(), st.integers(0, 2**32))
def test_an_observation_depends_only_on_what_its_seat_may_see(position: tuple[AnyVariant, Any], seed: int) -> None:
    variant, state = position
    rng = random.Random(seed)
    variations = variant.checks.hidden_variations
    assert variations is not None
    seats = variant.seats_for(state.rules)  # three in Differenzler for three
    for seat in [*range(seats), None]:
        seen = views(variant, state, seat)
        # The seed decides every deal; a seat never sees it.
        siblings = [state.replace(seed=(state.seed + 1 + rng.randrange(10**6)) % SEED_LIMIT)]
        siblings += list(variations(state, rng.randrange(seats) if seat is None else seat, rng))
        if seat is None:
            # A spectator sees no hand: any seat's hidden cards may differ.
            for other in range(seats):
                siblings += list(variations(state, other, rng))
        for sibling in siblings:
            assert views(variant, sibling, seat) == seen, f"seat {seat} sees a difference"


def test_a_spectator_sees_no_hand_and_no_moves() -> None:
    for name in VARIANT_NAMES:
        variant = VARIANTS[name]
        state = variant.new_game(seed=3)
        view = variant.observe(state, None)
        assert view.seat is None and not view.hand and view.legal_moves == ()
        assert serial.loads(serial.dumps(view)) == view


# --- jass play shows what the human's seat sees, nothing more -------------------------------------------


def transcript(args: list[str]) -> str:
    out = io.StringIO()
    answers = iter(["1"] * 2000)
    main(["play", *args], out=out, read=lambda prompt: next(answers))
    return out.getvalue()


def test_jass_play_does_not_show_secret_predictions() -> None:
    text = transcript(["differenzler", "--seed", "5", "--seat", "3"])
    first_round = text.split("Round over")[0]
    assert re.search(r"seat [012]: predicts", first_round)
    assert not re.search(r"seat [012]: predict \d", first_round)


def test_jass_play_does_not_show_exchanged_cards() -> None:
    text = transcript(["pomme", "--seed", "5", "--seat", "0"])
    assert "seat 1: exchange" not in text or "seat 1: exchanges 3 cards" in text
    assert not re.search(r"seat 1: exchange [CSHD]", text)


def test_jass_play_shows_a_bot_s_weis_by_its_points_only() -> None:
    for seed in range(40):
        text = transcript(["schieber", "--seed", str(seed), "--seat", "1"])
        if "declares Weis" in text:
            assert not re.search(r"seat [023]: declare (sequence|four)", text)
            return
    pytest.fail("no bot declared Weis in 40 games")


def test_jass_play_does_not_print_the_seed() -> None:
    text = transcript(["pomme", "--seed", "987654321"])
    assert "987654321" not in text
