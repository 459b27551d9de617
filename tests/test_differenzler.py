"""Differenzler (RULES.md section 4, and the Differenzler edge case of section 6).

Every scenario's id names the RULES.md row it checks. Every expected value is
worked out by hand from RULES.md and seed 001 ("Spelregels voor Differenzler"),
trick by trick where a round is played; none is copied from the code's output.
The properties at the end play random complete games.
"""

from __future__ import annotations

import copy
import re
import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import strategies as js
from jass import differenzler as dz
from jass.cards import FULL_DECK, Card, CardSet, deal, shuffled_deck
from jass.errors import InvalidSeedError, IllegalMoveError, InvalidCardsError, InvalidRulesError, JassError
from jass.play import PlayCard, round_seed
from jass.variant import random_playout
from jass.tricks import PlayRules, Undertrump
from jass.trump import Trump

Phase = dz.Phase
Predict = dz.Predict
Deal = dz.Deal


def _any(value: object) -> Any:
    """Pass a deliberately ill-typed value past the type checker."""
    return value


def cards(text: str) -> list[Card]:
    return [Card.parse(token) for token in text.split()]


def order_of(*hands: str) -> list[Card]:
    """A 36-card order from four 9-card hands, seat 0 first (seat k gets cards 9k..9k+8)."""
    order = [card for hand in hands for card in cards(hand)]
    assert len(order) == 36
    return order


def predict_all(state: dz.State, by_seat: Sequence[int]) -> dz.State:
    """Every seat predicts ``by_seat[seat]``, in the order the rules ask for."""
    for _ in range(4):
        seat = dz.to_act(state)
        assert seat is not None
        state = dz.apply(state, Predict(by_seat[seat]))
    return state


def play_cards(state: dz.State, text: str) -> dz.State:
    for card in cards(text):
        state = dz.apply(state, PlayCard(card))
    return state


def play_rest(state: dz.State) -> dz.State:
    """Play the round to its end, each seat playing its first legal card."""
    while state.phase is Phase.PLAY:
        state = dz.apply(state, dz.legal_moves(state)[0])
    return state


# A deal where seat k holds suit k: clubs, spades, hearts, diamonds. With dealer 3, the
# dealer's last card is the 36th card, DA: Schellen is trump and seat 3 holds all nine
# trumps, so it wins every trick whatever anyone plays (it trumps every plain lead and
# nobody can beat or follow its trump leads): points (0, 0, 0, 152 + 5).
ONE_SUIT_EACH = list(FULL_DECK)


def dealer_takes_all(dealer: int) -> tuple[CardSet, ...]:
    """Hands where the dealer holds every Schellen (♦) card and the others one suit each.

    With the default face-up card (the dealer's highest-index card, DA) Schellen is
    trump, so the dealer takes all nine tricks, 157 points, and the others 0: a round
    whose penalties are set by the predictions alone.
    """
    others = iter(["C6 C7 C8 C9 C10 CJ CQ CK CA", "S6 S7 S8 S9 S10 SJ SQ SK SA",
                   "H6 H7 H8 H9 H10 HJ HQ HK HA"])
    return tuple(
        CardSet.parse("D6 D7 D8 D9 D10 DJ DQ DK DA") if seat == dealer else CardSet.parse(next(others))
        for seat in range(4)
    )


def play_round_with_penalties(state: dz.State, penalties: Sequence[int]) -> dz.State:
    """Play a ``dealer_takes_all`` round whose penalties are ``penalties``: a non-dealer
    takes 0 points, so predicting p costs p; the dealer takes 157, so it predicts 157 - p."""
    dealer = state.dealer
    assert state.play.hands[dealer] == CardSet.parse("D6 D7 D8 D9 D10 DJ DQ DK DA")
    by_seat = [157 - p if seat == dealer else p for seat, p in enumerate(penalties)]
    return play_rest(predict_all(state, by_seat))


def last_round_state(rules: dz.Rules, before: tuple[int, ...]) -> dz.State:
    """The last regular round (dealer 3) just dealt, with penalty totals ``before``."""
    state = dz.new_game(rules, seed=0, deal=dealer_takes_all(3))
    return state.replace(round_number=rules.rounds - 1, penalties=before)


# --- 4. deal ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "face_up", "trump"),
    [
        # In FULL_DECK order seat k's nine cards are suit k, 6 to A: the ninth is the Ace.
        pytest.param(0, Card.CA, Trump.EICHELN, id="4.deal: dealer 0's last card CA is face up, Eicheln trump"),
        pytest.param(1, Card.SA, Trump.ROSEN, id="4.deal: dealer 1's last card SA is face up, Rosen trump"),
        pytest.param(2, Card.HA, Trump.SCHILTEN, id="4.deal: dealer 2's last card HA is face up, Schilten trump"),
        pytest.param(3, Card.DA, Trump.SCHELLEN, id="4.deal: dealer 3's last card DA is face up, Schellen trump"),
    ],
)
def test_face_up_card_of_an_order_is_the_dealers_last(dealer: int, face_up: Card, trump: Trump) -> None:
    state = dz.new_game(dz.Rules(first_dealer=dealer), seed=5, deal=ONE_SUIT_EACH)
    assert state.dealer == dealer
    assert state.face_up is face_up
    assert state.trump is trump
    assert face_up in state.play.hands[dealer]  # it stays in the dealer's hand
    assert [len(hand) for hand in state.play.hands] == [9, 9, 9, 9]


@pytest.mark.parametrize(
    ("dealer_hand", "face_up", "expected"),
    [
        # Hands have no order: by default the dealer's highest-index card (indices run
        # C6..CA, S6..SA, H6..HA, D6..DA), here H6 (index 18) above S-cards and clubs.
        pytest.param("C6 C7 C8 S9 S10 SJ SQ SK H6", None, Card.H6,
                     id="4.deal: hands without order: the dealer's highest-index card (H6)"),
        pytest.param("CA SA HA DA C6 S6 H6 D6 C7", None, Card.DA,
                     id="4.deal: hands without order: DA is the highest index of all"),
        pytest.param("CA SA HA DA C6 S6 H6 D6 C7", "S6", Card.S6,
                     id="4.deal: face_up keyword picks the dealer's card (S6, Rosen trump)"),
    ],
)
def test_face_up_card_of_hands(dealer_hand: str, face_up: str | None, expected: Card) -> None:
    mine = CardSet.parse(dealer_hand)
    rest = [card for card in FULL_DECK if card not in mine]
    hands = [CardSet(rest[0:9]), CardSet(rest[9:18]), CardSet(rest[18:27]), mine]
    state = dz.new_game(dz.Rules(first_dealer=3), seed=1, deal=hands, face_up=face_up)
    assert state.face_up is expected
    assert state.trump is Trump(expected.suit)
    assert state.play.hands == tuple(hands)


def test_seeded_deal_shows_the_dealers_ninth_card() -> None:
    """4.deal: with a seed, the order is shuffled_deck(seed); the dealer's last card is the
    ninth of the dealer's block, and the hands are jass.cards.deal(seed)."""
    for seed in (0, 1, 7, 2**63 + 5):
        for dealer in range(4):
            state = dz.new_game(dz.Rules(first_dealer=dealer), seed=seed)
            assert state.play.hands == deal(seed)
            assert state.face_up is shuffled_deck(seed)[9 * dealer + 8]
            assert state.face_up in state.play.hands[dealer]


def test_first_dealer_drawn_from_the_seed_when_not_given() -> None:
    """4.deal: first dealer from the game's seed (the same seed, the same dealer)."""
    dealers = {dz.new_game(seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert dz.new_game(seed=9).dealer == dz.new_game(seed=9).dealer


def test_face_up_card_is_public() -> None:
    """4.deal: the face-up card is public information: every seat's observation shows it,
    though it stays in the dealer's hand (only the dealer's own observation has it in hand)."""
    state = dz.new_game(dz.Rules(first_dealer=3), deal=ONE_SUIT_EACH)
    for seat in range(4):
        view = dz.observe(state, seat)
        assert view.face_up is Card.DA and view.trump is Trump.SCHELLEN
        assert (Card.DA in view.hand) == (seat == 3)


def test_next_round_is_dealt_by_the_next_dealer_from_the_round_seed() -> None:
    """4.deal: the dealer rotates each round; the seeded deal of round r uses round_seed."""
    rules = dz.Rules(first_dealer=2)
    state = play_rest(predict_all(dz.new_game(rules, seed=77), [0, 0, 0, 0]))
    assert state.phase is Phase.ROUND_OVER
    assert dz.to_act(state) == 3
    assert dz.legal_moves(state) == (Deal(),)
    state = dz.apply(state, Deal())
    seed = round_seed(77, 1)
    assert (state.round_number, state.dealer, state.phase) == (1, 3, Phase.PREDICT)
    assert state.play.hands == deal(seed)
    assert state.face_up is shuffled_deck(seed)[9 * 3 + 8]
    assert state.predictions == (None, None, None, None)
    assert dz.to_act(state) == 0  # Vorhand of dealer 3


def test_explicit_deal_move() -> None:
    """4.deal: trusted code may deal the next round's hands (apply_trusted; a player may not:
    apply refuses it); the face-up card must be the new dealer's."""
    state = play_rest(predict_all(dz.new_game(dz.Rules(first_dealer=3), deal=ONE_SUIT_EACH), [0] * 4))
    hands = dealer_takes_all(0)  # the next dealer is seat 0
    dealt = dz.apply_trusted(state, Deal(hands=hands))
    assert dealt.dealer == 0 and dealt.face_up is Card.DA and dealt.trump is Trump.SCHELLEN
    chosen = dz.apply_trusted(state, Deal(hands=hands, face_up="D6"))
    assert chosen.face_up is Card.D6
    with pytest.raises(IllegalMoveError, match=r"CA.*seat 0 \(the dealer\)"):
        dz.apply_trusted(state, Deal(hands=hands, face_up=Card.CA))
    with pytest.raises(IllegalMoveError, match=r"Deal\(hands=.* is not a legal move now .phase round_over"):
        dz.apply(state, Deal(hands=hands))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        pytest.param({"deal": ONE_SUIT_EACH[:35]}, r"got 35 cards, 1 missing \(DA\)", id="4.deal: 35 cards"),
        pytest.param({"deal": ONE_SUIT_EACH[:35] + [Card.C6]}, "C6 repeated", id="4.deal: a card twice"),
        pytest.param({"deal": [CardSet(ONE_SUIT_EACH[:9])] * 4}, "dealt twice", id="4.deal: hands overlap"),
        pytest.param({"deal": [CardSet(ONE_SUIT_EACH[:8]), CardSet(ONE_SUIT_EACH[8:18]),
                               CardSet(ONE_SUIT_EACH[18:27]), CardSet(ONE_SUIT_EACH[27:])]},
                     r"deal\[0\]: expected 9 cards, got 8", id="4.deal: 8 and 10 cards"),
        pytest.param({"deal": ONE_SUIT_EACH, "face_up": Card.DK}, "DA", id="4.deal: face_up contradicts the order"),
        pytest.param({"deal": dealer_takes_all(3), "face_up": Card.CA}, "holds", id="4.deal: face_up not the dealer's"),
        pytest.param({"face_up": Card.CA}, "seeded", id="4.deal: face_up without a deal"),
        pytest.param({"deal": 17}, "expected 4 hands", id="4.deal: not a deal"),
    ],
)
def test_bad_deals_raise_invalid_cards(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidCardsError, match=message):
        dz.new_game(dz.Rules(first_dealer=3), seed=1, **kwargs)


@pytest.mark.parametrize(
    "hands",
    [
        pytest.param([CardSet(ONE_SUIT_EACH[:9])] * 4, id="4.deal: Deal move with overlapping hands"),
        pytest.param("C6 C7", id="4.deal: Deal move with a string"),
        pytest.param([FULL_DECK], id="4.deal: Deal move with one hand"),
    ],
)
def test_bad_deal_moves_cannot_be_built(hands: Any) -> None:
    with pytest.raises(IllegalMoveError, match="^Deal: "):  # as every bad move (issue 21)
        Deal(hands=hands)


# --- 4. predictions ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "order"),
    [
        pytest.param(3, [0, 1, 2, 3], id="4.predictions: Vorhand (seat 0) first, dealer 3 last"),
        pytest.param(1, [2, 3, 0, 1], id="4.predictions: Vorhand (seat 2) first, dealer 1 last"),
    ],
)
def test_predictions_go_from_vorhand_to_the_dealer(dealer: int, order: list[int]) -> None:
    state = dz.new_game(dz.Rules(first_dealer=dealer), seed=3)
    seen = []
    for points in (10, 20, 30, 40):
        assert state.phase is Phase.PREDICT
        seen.append(dz.to_act(state))
        state = dz.apply(state, Predict(points))
    assert seen == order
    assert state.phase is Phase.PLAY
    # Seed 001: "De speler op de eerste hand speelt een kaart uit": Vorhand leads.
    assert dz.to_act(state) == order[0]
    assert state.predictions == tuple({seat: p for seat, p in zip(order, (10, 20, 30, 40))}[s] for s in range(4))


def test_every_prediction_from_0_to_157_is_legal() -> None:
    """4.predictions: 0..157 (the round's 152 card points and 5 for the last trick)."""
    state = dz.new_game(seed=2)
    assert dz.legal_moves(state) == tuple(Predict(p) for p in range(158))
    assert dz.apply(state, Predict(0)).predictions.count(0) == 1
    assert dz.apply(state, Predict(157)).predictions.count(157) == 1


@pytest.mark.parametrize(
    ("points", "quoted"),
    [
        pytest.param(158, "Predict(158)", id="4.predictions: 158 is out of range"),
        pytest.param(200, "Predict(200)", id="4.predictions: 200 is out of range"),
        pytest.param(-1, "Predict(-1)", id="4.predictions: -1 is out of range"),
        pytest.param("12", "Predict('12')", id="4.predictions: a string is not an int"),
        pytest.param(True, "Predict(True)", id="4.predictions: a bool is not an int"),
        pytest.param(12.0, "Predict(12.0)", id="4.predictions: a float is not an int"),
        pytest.param(None, "Predict(None)", id="4.predictions: None is not an int"),
        pytest.param([12], "Predict([12])", id="4.predictions: a list is not an int"),
    ],
)
def test_bad_predictions_raise(points: Any, quoted: str) -> None:
    """A prediction out of range or not an int cannot even be built, so no state sees it."""
    with pytest.raises(IllegalMoveError) as raised:
        Predict(points)
    assert quoted in str(raised.value) and "0..157" in str(raised.value)


def test_a_second_prediction_raises() -> None:
    """4.predictions: one prediction per player: once all four have predicted, another
    Predict is refused; the seat to play may read the cards it may play instead."""
    state = predict_all(dz.new_game(dz.Rules(first_dealer=3), deal=ONE_SUIT_EACH), [1, 2, 3, 4])
    with pytest.raises(IllegalMoveError, match=r"Predict\(50\) is not a legal move now \(phase play, seat 0") as error:
        dz.apply(state, Predict(50))
    assert "seat 0 may make: play C6, play C7" in error.value.detail


def test_a_card_before_all_have_predicted_raises() -> None:
    """4.predictions: "before the first card": no card until the dealer has predicted."""
    state = dz.new_game(dz.Rules(first_dealer=3), deal=ONE_SUIT_EACH)
    for made in range(4):
        seat = dz.to_act(state)
        assert seat == made
        with pytest.raises(IllegalMoveError, match=rf"PlayCard\(Card.C6\) is not a legal move now \(phase predict, seat {seat}"):
            dz.apply(state, PlayCard(Card.C6))
        state = dz.apply(state, Predict(5))
    assert dz.apply(state, PlayCard(Card.C6)).play.trick == (Card.C6,)


# Predictions of the visibility table: dealer 3, so seats predict in order 0, 1, 2, 3.
PREDICTIONS = (60, 43, 30, 20)


@pytest.mark.parametrize(
    ("mode", "made", "seat", "visible"),
    [
        pytest.param(dz.PredictionMode.SECRET, 2, 2, (None, None, None, None),
                     id="4.predictions secret: seat 2 sees none before predicting"),
        pytest.param(dz.PredictionMode.SECRET, 2, 0, (60, None, None, None),
                     id="4.predictions secret: seat 0 sees only its own"),
        pytest.param(dz.PredictionMode.SECRET, 4, 1, (None, 43, None, None),
                     id="4.predictions secret: during play only one's own"),
        pytest.param(dz.PredictionMode.OPEN, 2, 2, (60, 43, None, None),
                     id="4.predictions open: seen as soon as made"),
        pytest.param(dz.PredictionMode.OPEN, 4, 3, PREDICTIONS,
                     id="4.predictions open: all four during play"),
    ],
)
def test_prediction_visibility(mode: dz.PredictionMode, made: int, seat: int, visible: tuple[int | None, ...]) -> None:
    state = dz.new_game(dz.Rules(prediction_mode=mode, first_dealer=3), deal=ONE_SUIT_EACH)
    for points in PREDICTIONS[:made]:
        state = dz.apply(state, Predict(points))
    view = dz.observe(state, seat)
    assert view.predictions == visible
    assert view.predicted == tuple(s < made for s in range(4))
    assert f"predictions={visible!r}" in repr(view)


def test_secret_predictions_are_revealed_when_the_round_is_over() -> None:
    """4.predictions secret: "hidden from the others until the round ends"."""
    state = predict_all(dz.new_game(dz.Rules(first_dealer=3), deal=ONE_SUIT_EACH), PREDICTIONS)
    state = play_rest(state)
    assert state.phase is Phase.ROUND_OVER
    for seat in range(4):
        assert dz.observe(state, seat).predictions == PREDICTIONS
    state = dz.apply(state, Deal())
    assert dz.observe(state, 1).predictions == (None, None, None, None)
    assert dz.observe(state, 1).history[0].predictions == PREDICTIONS


def test_secret_prediction_absent_from_every_field_and_repr() -> None:
    """4.predictions secret: nothing reachable from another seat's observation depends on
    a hidden prediction: changing it changes neither the observation nor its repr."""
    state = dz.new_game(dz.Rules(first_dealer=3), deal=ONE_SUIT_EACH)
    state = dz.apply(dz.apply(state, Predict(131)), Predict(7))
    other = state.replace(predictions=(99, 7, None, None))
    for seat in (1, 2, 3):
        assert dz.observe(state, seat) == dz.observe(other, seat)
        assert repr(dz.observe(state, seat)) == repr(dz.observe(other, seat))
    for seat in (1, 3):  # (seat 2, to act, has Predict(0) .. Predict(157) as its legal moves)
        assert "131" not in repr(dz.observe(state, seat))
    assert "131" in repr(dz.observe(state, 0))


# --- 4. undertrump (and card play, RULES.md 2) -----------------------------------------

# Schilten (♥) trump (face-up H6, dealer 3). Seat 0 leads; seat 1 is void in clubs and has
# trumps H9 and HA; seat 2 holds clubs, spades' void, and the low trumps H7, H8.
UNDERTRUMP_HANDS = (
    CardSet.parse("CA CK C10 CQ S6 S7 S8 D6 D7"),
    CardSet.parse("H9 HA SA SK SQ SJ S10 D8 D9"),
    CardSet.parse("C6 C7 H7 H8 DA DK DQ DJ D10"),
    CardSet.parse("HJ HK HQ H10 H6 C8 C9 CJ S9"),
)


@pytest.mark.parametrize(
    ("undertrump", "trick", "legal"),
    [
        # CA led, seat 1 trumps with H9; seat 2 holds clubs: it follows (C6, C7), as its
        # trumps H7, H8 are below the H9 (RULES.md 2.4, 6: holding the led suit, no undertrump).
        pytest.param(Undertrump.ALLOWED_IF_VOID, "CA H9", "C6 C7",
                     id="4.undertrump default allowed_if_void: holding the led suit, no H7/H8 under H9"),
        pytest.param(Undertrump.ALLOWED, "CA H9", "C6 C7 H7 H8",
                     id="4.undertrump option allowed: under the H9 while holding the led suit too"),
        pytest.param(Undertrump.FORBIDDEN_UNLESS_ONLY_TRUMPS, "CA H9", "C6 C7",
                     id="4.undertrump option: Schieber rule forbids H7/H8 under H9"),
        # S6 led, seat 1 trumps with H9; seat 2 has no spade: any card, the low trumps too.
        pytest.param(Undertrump.ALLOWED_IF_VOID, "S6 H9", "C6 C7 H7 H8 D10 DJ DQ DK DA",
                     id="4.undertrump default allowed_if_void: void in the led suit, H7/H8 under H9"),
        pytest.param(Undertrump.ALLOWED, "S6 H9", "C6 C7 H7 H8 D10 DJ DQ DK DA",
                     id="4.undertrump option allowed: void in the led suit"),
        pytest.param(Undertrump.FORBIDDEN_UNLESS_ONLY_TRUMPS, "S6 H9", "C6 C7 D10 DJ DQ DK DA",
                     id="4.undertrump option: void, Schieber rule: anything but a lower trump"),
    ],
)
def test_undertrumping(undertrump: Undertrump, trick: str, legal: str) -> None:
    rules = dz.Rules(first_dealer=3, play=PlayRules(undertrump=undertrump))
    state = dz.new_game(rules, deal=UNDERTRUMP_HANDS, face_up=Card.H6)
    assert state.trump is Trump.SCHILTEN
    state = play_cards(predict_all(state, [0, 0, 0, 0]), trick)
    assert dz.to_act(state) == 2
    assert dz.legal_moves(state) == tuple(PlayCard(c) for c in cards(legal))


def test_default_play_rules_allow_undertrumping_only_when_void_and_keep_the_bauer_exception() -> None:
    """4.undertrump: allowed only when void in the led suit by default; 2.3: the Bauer exception on."""
    assert dz.Rules().play == PlayRules(bauer_exception=True, undertrump=Undertrump.ALLOWED_IF_VOID)


def test_illegal_card_is_refused_with_the_legal_ones() -> None:
    """2.1: must follow the led suit (or trump): seat 2 holds clubs and may not play DA."""
    state = play_cards(predict_all(dz.new_game(dz.Rules(first_dealer=3), deal=UNDERTRUMP_HANDS,
                                               face_up="H6"), [0] * 4), "CA H9")
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMoveError) as error:
        dz.apply(state, PlayCard(Card.DA))
    assert re.search("DA does not follow the led suit.*seat 2 may play C6 C7\\)", error.value.detail)
    assert "C6" not in str(error.value)  # the public text shows no card of the hand
    with pytest.raises(IllegalMoveError) as error:
        dz.apply(state, PlayCard(Card.H7))  # 4.undertrump: seat 2 holds clubs, H7 is under the H9
    assert error.value.detail == ("H7 would undertrump H9 in a trick of Eicheln (♣) with Schilten (♥) trump "
                                  "while seat 2 holds Eicheln (♣) (seat 2 may play C6 C7)")
    with pytest.raises(IllegalMoveError) as error:
        dz.apply(state, PlayCard(Card.SA))
    assert "does not hold SA" in error.value.detail
    assert state == before


# --- 4. a complete round, worked by hand ----------------------------------------------

# Schilten (♥) trump: the dealer (seat 3) deals H6 as its ninth card. Points in this mode:
# HJ 20, H9 14, A 11, 10 10, K 4, Q 3, other J 2, the rest 0.
HAND_ROUND = order_of(
    "HJ H9 CA CK C10 S6 S7 D6 D7",
    "HA HK SA SK S10 C6 C7 D8 D9",
    "HQ H10 DA DK D10 C8 C9 S8 S9",
    "H8 H7 CJ CQ SJ SQ DJ DQ H6",
)
# The cards in play order, and each trick's winner and card points, worked by hand:
HAND_TRICKS = [
    ("HJ HK HQ H7", 0, 27),    # trump led, all must trump; the Bauer wins: 20+4+3+0
    ("H9 HA H10 H8", 0, 35),   # the trump 9 beats the trump Ace: 14+11+10+0
    ("CA C6 C8 H6", 3, 11),    # seat 3 trumps instead of following clubs: 11
    ("SQ S6 SA S8", 1, 14),    # seat 3 leads; the Ace wins: 3+0+11+0
    ("SK S9 SJ S7", 1, 6),     # 4+0+2+0
    ("S10 D10 DQ D6", 1, 23),  # the others are void in spades: 10+10+3+0
    ("D9 DA DJ D7", 2, 13),    # 0+11+2+0
    ("C9 CQ CK C7", 0, 7),     # 0+3+4+0
    ("C10 D8 DK CJ", 3, 16),   # the Jack beats the 10 in a plain suit: 10+0+4+2, +5 last
]
HAND_POINTS = (27 + 35 + 7, 14 + 6 + 23, 13, 11 + 16 + 5)  # (69, 43, 13, 32), sum 157
HAND_PREDICTIONS = (60, 43, 30, 20)


@pytest.mark.parametrize(
    ("exact_bonus", "penalties"),
    [
        pytest.param(0, (9, 0, 17, 12), id="4.penalty: abs(actual - predicted) per seat"),
        pytest.param(10, (9, -10, 17, 12), id="4.penalty exact_bonus=10: seat 1's exact 43 scores -10"),
    ],
)
def test_complete_round_worked_by_hand(exact_bonus: int, penalties: tuple[int, ...]) -> None:
    rules = dz.Rules(first_dealer=3, exact_bonus=exact_bonus)
    state = dz.new_game(rules, seed=123, deal=HAND_ROUND)
    assert state.face_up is Card.H6 and state.trump is Trump.SCHILTEN
    state = predict_all(state, HAND_PREDICTIONS)
    for number, (played, winner, points) in enumerate(HAND_TRICKS):
        state = play_cards(state, played)
        trick = state.play.tricks[number]
        assert (trick.winner, trick.points) == (winner, points), f"trick {number + 1}"
    assert state.phase is Phase.ROUND_OVER
    score = dz.score_round(state)
    assert score.points == HAND_POINTS == (69, 43, 13, 32)
    assert score.tricks_won == (3, 3, 1, 2)
    assert score.predictions == HAND_PREDICTIONS
    assert score.penalties == penalties
    assert score.differences == (9, 0, 17, 12)
    assert state.penalties == penalties
    assert state.history == (score,)
    assert dz.to_act(state) == 0  # seat 0 deals the next round


def test_score_round_while_the_round_is_in_play() -> None:
    """4.penalty: points so far; penalties only once the round is complete."""
    state = predict_all(dz.new_game(dz.Rules(first_dealer=3), deal=HAND_ROUND), HAND_PREDICTIONS)
    state = play_cards(state, "HJ HK HQ H7 H9 HA")
    score = dz.score_round(state)
    assert score.points == (27, 0, 0, 0)  # the trick in progress counts nothing yet
    assert score.penalties is None and not score.complete
    assert dz.observe(state, 2).points == (27, 0, 0, 0)


def test_no_weis_no_stoeck_and_a_match_counts_157() -> None:
    """4.weis, Stöck, match bonus: none. Seat 3 holds all nine trumps (a nine-card
    sequence, four-of-a-kind-free, with the trump K and Q: Stöck in Schieber) and takes
    every trick: 152 + 5 = 157, no match bonus, no Stöck, no Weis. Before the first card
    only Predict moves exist, afterwards only PlayCard moves."""
    state = dz.new_game(dz.Rules(first_dealer=3), deal=ONE_SUIT_EACH)
    assert all(isinstance(m, Predict) for m in dz.legal_moves(state))
    state = predict_all(state, [0, 0, 0, 157])
    while state.phase is Phase.PLAY:
        moves = dz.legal_moves(state)
        assert moves and all(isinstance(m, PlayCard) for m in moves)
        state = dz.apply(state, moves[-1])
    score = dz.score_round(state)
    assert score.points == (0, 0, 0, 157)
    assert score.tricks_won == (0, 0, 0, 9)
    assert score.penalties == (0, 0, 0, 0)


# The exact-bonus deal: Schellen trump (DA face up, dealer 3). Trick 1: C6 S7 H6 S6: no
# trump, seat 0's C6 is the only club: seat 0 takes a 0-point trick. Trick 2: C7, seat 1
# trumps with its only trump D6, seat 2 H7, seat 3 overtrumps with D7: seat 3, 0 points.
# Seat 3 then holds only trumps, nobody else has one: it takes the rest, 152 + 5.
# Points (0, 0, 0, 157); seat 0 took one trick, seats 1 and 2 none.
ZERO_DEAL = order_of(
    "C6 C7 C8 C9 C10 CJ CQ CK CA",
    "D6 S7 S8 S9 S10 SJ SQ SK SA",
    "H6 H7 H8 H9 H10 HJ HQ HK HA",
    "S6 D7 D8 D9 D10 DJ DQ DK DA",
)


@pytest.mark.parametrize(
    ("bonus", "zero", "predictions", "penalties"),
    [
        pytest.param(0, dz.ZeroBonus.WITH_TRICK, (0, 0, 0, 157), (0, 0, 0, 0),
                     id="4.penalty exact_bonus=0 (seed): exact predictions cost 0"),
        pytest.param(10, dz.ZeroBonus.WITH_TRICK, (0, 0, 0, 157), (-10, 0, 0, -10),
                     id="4.penalty exact_bonus=10: a 0 needs a (0-point) trick (jasswelt)"),
        pytest.param(10, dz.ZeroBonus.NEVER, (0, 0, 0, 157), (0, 0, 0, -10),
                     id="4.penalty exact_bonus=10, zero NEVER: no bonus for 0 (gambiter.com)"),
        pytest.param(10, dz.ZeroBonus.ALWAYS, (0, 0, 0, 157), (-10, -10, -10, -10),
                     id="4.penalty exact_bonus=10, zero ALWAYS: every exact 0 earns it"),
        pytest.param(25, dz.ZeroBonus.WITH_TRICK, (1, 0, 2, 150), (1, 0, 2, 7),
                     id="4.penalty exact_bonus=25: nothing for a near miss"),
    ],
)
def test_exact_bonus(bonus: int, zero: dz.ZeroBonus, predictions: tuple[int, ...], penalties: tuple[int, ...]) -> None:
    rules = dz.Rules(first_dealer=3, exact_bonus=bonus, zero_prediction_bonus=zero)
    state = predict_all(dz.new_game(rules, deal=ZERO_DEAL), predictions)
    state = play_rest(play_cards(state, "C6 S7 H6 S6 C7 D6 H7 D7"))
    score = dz.score_round(state)
    assert score.points == (0, 0, 0, 157) and score.tricks_won == (1, 0, 0, 8)
    assert score.penalties == penalties
    assert state.penalties == penalties  # totals may go below zero


# --- 4. game ----------------------------------------------------------------------------


def test_four_rounds_and_the_lowest_total_wins() -> None:
    """4.game: 4 rounds (seed: "in vier ronden"), the dealer rotating; lowest total wins."""
    state = dz.new_game(dz.Rules(first_dealer=3), deal=dealer_takes_all(3))
    rounds = [(1, 2, 3, 4), (0, 5, 0, 5), (10, 0, 0, 0), (0, 0, 0, 0)]
    for number, penalties in enumerate(rounds):
        if number:
            assert state.phase is Phase.ROUND_OVER and dz.winner(state) is None
            state = dz.apply_trusted(state, Deal(hands=dealer_takes_all((3 + number) % 4)))
        assert state.dealer == (3 + number) % 4
        state = play_round_with_penalties(state, penalties)
    assert state.penalties == (11, 7, 3, 9)
    assert state.phase is Phase.GAME_OVER and dz.is_over(state)
    assert dz.winner(state) == 2
    assert dz.to_act(state) is None and dz.legal_moves(state) == ()
    assert [r.dealer for r in state.history] == [3, 0, 1, 2]
    with pytest.raises(IllegalMoveError, match="the game is over, no move is legal"):
        dz.apply(state, Deal())


@pytest.mark.parametrize(
    ("rounds", "penalties", "over_after", "winner"),
    [
        pytest.param(1, [(5, 1, 9, 9)], 1, 1, id="4.game rounds=1: over after one round, seat 1 (1)"),
        pytest.param(2, [(5, 1, 9, 9), (0, 9, 0, 0)], 2, 0,
                     id="4.game rounds=2: totals 5, 10, 9, 9: seat 0 wins"),
    ],
)
def test_rounds_option(rounds: int, penalties: list[tuple[int, ...]], over_after: int, winner: int) -> None:
    state = dz.new_game(dz.Rules(rounds=rounds, first_dealer=3), deal=dealer_takes_all(3))
    for number, round_penalties in enumerate(penalties):
        if number:
            state = dz.apply_trusted(state, Deal(hands=dealer_takes_all((state.dealer + 1) % 4)))
        state = play_round_with_penalties(state, round_penalties)
    assert len(state.history) == over_after
    assert dz.is_over(state) and dz.winner(state) == winner


@pytest.mark.parametrize(
    ("before", "last", "extra", "totals", "winner"),
    [
        pytest.param((10, 20, 10, 30), (0, 0, 0, 0), [(4, 1, 2, 0)], (14, 21, 12, 30), 2,
                     id="6.tie: two tied for lowest play one more round"),
        pytest.param((10, 10, 10, 30), (0, 0, 0, 0), [(3, 3, 1, 0)], (13, 13, 11, 30), 2,
                     id="6.tie: three tied for lowest play one more round"),
        pytest.param((20, 20, 20, 20), (0, 0, 0, 0), [(5, 5, 5, 5), (1, 2, 3, 4)], (26, 27, 28, 29), 0,
                     id="6.tie: four tied, still tied after the extra round: another"),
        pytest.param((7, 20, 5, 30), (0, 0, 2, 0), [(2, 0, 2, 0), (0, 3, 1, 1)], (9, 23, 10, 31), 0,
                     id="6.tie: seats 0 and 2 tie at 7, tie again at 9, then broken"),
        pytest.param((10, 20, 10, 12), (0, 0, 0, 0), [(5, 0, 5, 0)], (15, 20, 15, 12), 3,
                     id="6.tie: the extra round counts for all: seat 3 overtakes"),
        pytest.param((10, 20, 20, 30), (0, 0, 0, 0), [], (10, 20, 20, 30), 0,
                     id="4.game: a tie that is not for the lowest plays no extra round"),
        pytest.param((10, 20, 10, 30), (1, 0, 0, 0), [], (11, 20, 10, 30), 2,
                     id="4.game: the last round breaks the tie: no extra round"),
    ],
)
def test_tie_for_the_lowest_plays_further_rounds(
    before: tuple[int, ...],
    last: tuple[int, ...],
    extra: list[tuple[int, ...]],
    totals: tuple[int, ...],
    winner: int,
) -> None:
    """Seed 001: "bij gelijkspel wordt een ronde meer gespeeld", repeated until broken."""
    state = play_round_with_penalties(last_round_state(dz.Rules(), before), last)
    for penalties in extra:
        assert state.phase is Phase.ROUND_OVER, "a tie for the lowest: one more round"
        assert dz.winner(state) is None and not dz.is_over(state)
        next_dealer = (state.dealer + 1) % 4
        assert dz.to_act(state) == next_dealer and dz.legal_moves(state) == (Deal(),)
        state = dz.apply_trusted(state, Deal(hands=dealer_takes_all(next_dealer)))
        state = play_round_with_penalties(state, penalties)
    assert state.penalties == totals
    assert state.phase is Phase.GAME_OVER
    assert dz.winner(state) == winner
    assert state.round_number == 3 + len(extra)


def test_seeded_tie_break_round_is_dealt_from_its_own_round_seed() -> None:
    """6.tie: an extra round is dealt like any other: round_seed(seed, 4) for round 4."""
    state = play_round_with_penalties(last_round_state(dz.Rules(), (3, 3, 8, 9)), (0, 0, 0, 0))
    state = dz.apply(state, Deal())
    assert state.round_number == 4 and state.dealer == 0
    assert state.play.hands == deal(round_seed(0, 4))


# --- rules, moves, errors -------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        pytest.param({"rounds": 0}, id="rules: rounds 0"),
        pytest.param({"rounds": "4"}, id="rules: rounds a string"),
        pytest.param({"rounds": True}, id="rules: rounds a bool"),
        pytest.param({"prediction_mode": "open"}, id="rules: prediction_mode a string"),
        pytest.param({"exact_bonus": -10}, id="rules: negative exact_bonus"),
        pytest.param({"exact_bonus": 2.5}, id="rules: float exact_bonus"),
        pytest.param({"zero_prediction_bonus": None}, id="rules: zero_prediction_bonus None"),
        pytest.param({"first_dealer": 4}, id="rules: first_dealer 4"),
        pytest.param({"play": None}, id="rules: play None"),
    ],
)
def test_bad_rules_raise_invalid_rules(kwargs: dict[str, Any]) -> None:
    with pytest.raises(InvalidRulesError):
        dz.Rules(**kwargs)


def test_presets() -> None:
    assert dz.Rules.seed() == dz.Rules()
    assert dz.Rules().rounds == 4 and dz.Rules().exact_bonus == 0
    assert dz.Rules().prediction_mode is dz.PredictionMode.SECRET
    assert dz.Rules.open().prediction_mode is dz.PredictionMode.OPEN
    jasswelt = dz.Rules.jasswelt()
    assert (jasswelt.rounds, jasswelt.prediction_mode, jasswelt.exact_bonus) == (
        12, dz.PredictionMode.OPEN, 10)


def test_bad_arguments_raise_library_errors() -> None:
    with pytest.raises(InvalidRulesError):
        dz.new_game(rules=_any("secret"))
    with pytest.raises(InvalidSeedError):
        dz.new_game(seed=_any("7"))
    state = dz.new_game(seed=4)
    for seat in (-1, 4, True, "0"):
        with pytest.raises(JassError):
            dz.observe(state, _any(seat))
    with pytest.raises(JassError):
        dz.apply(_any(None), Predict(3))


@attrs.frozen
class Foreign:
    """A move of some other game."""


@pytest.mark.parametrize(
    ("phase_moves", "move", "message"),
    [
        pytest.param(0, Foreign(), "Foreign.. is not a legal move now .phase predict", id="errors: another variant's move"),
        pytest.param(0, None, "None is not a legal move now .phase predict", id="errors: None as a move"),
        pytest.param(0, Deal(), "phase predict, seat 0 to act", id="errors: a Deal while predicting"),
        pytest.param(4, Deal(), "phase play, seat 0 to act", id="errors: a Deal during play"),
        pytest.param(40, Predict(3), "phase round_over, seat 0 to act", id="errors: Predict after the round"),
        pytest.param(40, PlayCard(Card.C6), "phase round_over", id="errors: a card after the round"),
    ],
)
def test_moves_out_of_phase(phase_moves: int, move: Any, message: str) -> None:
    state = dz.new_game(dz.Rules(first_dealer=3), deal=ONE_SUIT_EACH)
    for _ in range(phase_moves):
        state = dz.apply(state, dz.legal_moves(state)[0])
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMoveError, match=message):
        dz.apply(state, move)
    assert state == before


def test_move_records() -> None:
    assert repr(Predict(64)) == "Predict(64)" and str(Predict(64)) == "predict 64"
    assert Predict(12) == Predict(12) and hash(Predict(12)) == hash(Predict(12))
    assert len({Predict(12), Predict(12), Predict(13)}) == 2
    assert Deal() == Deal() and Deal(hands=dealer_takes_all(0)) == Deal(hands=dealer_takes_all(0))
    with pytest.raises(IllegalMoveError, match="seeded"):
        Deal(face_up=Card.C6)


def test_is_a_variant() -> None:
    """The shared protocol (jass.protocol): a random playout ends with a winner."""
    variant: Any = dz
    final = random_playout(variant, variant.new_game(seed=8), seed=9)
    assert variant.is_over(final) and variant.winner(final) in range(4)


# --- properties of random complete games -------------------------------------------------


def random_game(rules: dz.Rules, seed: int, move_seed: int) -> list[tuple[dz.State, dz.Move]]:
    """A random complete game: every (state, move) pair, then (final state, None)."""
    rng = random.Random(move_seed)
    state = dz.new_game(rules, seed)
    steps: list[tuple[dz.State, Any]] = []
    while not dz.is_over(state):
        move = rng.choice(dz.legal_moves(state))
        steps.append((state, move))
        state = dz.apply(state, move)
    steps.append((state, None))
    return steps


GAMES = st.tuples(js.differenzler_rules(), js.game_seeds(), st.integers(0, 2**32))


@given(GAMES)
def test_points_sum_to_157_every_round(game: tuple[dz.Rules, int, int]) -> None:
    final = random_game(*game)[-1][0]
    assert len(final.history) >= final.rules.rounds
    for score in final.history:
        assert sum(score.points) == 157
        assert sum(score.tricks_won) == 36 // final.rules.seats  # 9 tricks, 12 with three players


@given(GAMES)
def test_penalties_are_the_absolute_differences(game: tuple[dz.Rules, int, int]) -> None:
    final = random_game(*game)[-1][0]
    rules = final.rules
    totals = [0] * rules.seats
    for score in final.history:
        assert score.penalties is not None
        # jasswiki's dealer credit: a point per full five by which the predictions miss 157.
        off = abs(sum(p or 0 for p in score.predictions) - 157)
        credit = off // 5 if rules.dealer_credit else 0
        for seat in range(rules.seats):
            prediction = score.predictions[seat]
            assert prediction is not None
            difference = abs(score.points[seat] - prediction)
            own = score.penalties[seat] + (credit if seat == score.dealer else 0)
            if difference or not rules.exact_bonus:
                assert own == difference
            else:
                assert own in (0, -rules.exact_bonus)
            totals[seat] += score.penalties[seat]
    assert final.penalties == tuple(totals)


@given(GAMES)
def test_game_ends_exactly_when_one_seat_is_lowest(game: tuple[dz.Rules, int, int]) -> None:
    final = random_game(*game)[-1][0]
    totals = [0] * final.rules.seats
    for number, score in enumerate(final.history):
        assert score.penalties is not None
        totals = [t + p for t, p in zip(totals, score.penalties)]
        unique_lowest = totals.count(min(totals)) == 1
        last = number == len(final.history) - 1
        assert last == (number >= final.rules.rounds - 1 and unique_lowest)
    assert final.winner == totals.index(min(totals))


@given(GAMES)
def test_cards_are_conserved_at_every_step(game: tuple[dz.Rules, int, int]) -> None:
    for state, _ in random_game(*game):
        play = state.play
        held = 0
        for hand in play.hands:
            assert held & hand.bits == 0
            held |= hand.bits
        played = play.played()
        assert held & played.bits == 0
        assert held | played.bits == FULL_DECK.bits
        seats = state.rules.seats
        assert len(play.hands) == seats
        assert len(played) == seats * len(play.tricks) + len(play.trick)
        leader = play.leader
        for seat in range(seats):
            in_trick = (seat - leader) % seats < len(play.trick)
            assert len(play.hands[seat]) == 36 // seats - len(play.tricks) - in_trick
        assert (state.face_up in play.hands[state.dealer]) or (state.face_up in played)


@given(GAMES)
def test_apply_never_mutates(game: tuple[dz.Rules, int, int]) -> None:
    for state, move in random_game(*game)[:-1]:
        snapshot = copy.deepcopy(state)
        text = repr(state)
        dz.apply(state, move)
        assert state == snapshot and repr(state) == text


def illegal_candidates(state: dz.State, rng: random.Random) -> list[Any]:
    dealer = (state.dealer + 1) % 4
    four_hands_at_three = [Deal(hands=dealer_takes_all(3))] if state.rules.seats == 3 else []
    return four_hands_at_three + [
        Predict(rng.randint(0, 157)),
        PlayCard(Card.from_index(rng.randrange(36))),
        Deal(),
        Deal(hands=dealer_takes_all((dealer + 1) % 4), face_up=Card.DA),  # not the dealer's
        Foreign(),
        None,
    ]


@given(GAMES, st.integers(0, 2**32))
def test_illegal_moves_raise_and_change_nothing(game: tuple[dz.Rules, int, int], seed: int) -> None:
    rng = random.Random(seed)
    for state, _ in random_game(*game):
        legal = dz.legal_moves(state)
        snapshot = copy.deepcopy(state)
        for move in illegal_candidates(state, rng):
            if move in legal:
                continue
            with pytest.raises(IllegalMoveError):
                dz.apply(state, move)
            assert state == snapshot


def hide_others(state: dz.State, seat: int) -> dz.State:
    """The same state with every other seat's prediction replaced by a different value."""
    changed = tuple(
        p if p is None or s == seat else (p + 1 + s) % 158 for s, p in enumerate(state.predictions)
    )
    return state.replace(predictions=changed)


@given(GAMES)
def test_predictions_visible_only_as_the_mode_allows(game: tuple[dz.Rules, int, int]) -> None:
    for state, _ in random_game(*game):
        in_round = state.phase in (Phase.PREDICT, Phase.PLAY)
        secret = state.rules.prediction_mode is dz.PredictionMode.SECRET and in_round
        for seat in range(state.rules.seats):
            view = dz.observe(state, seat)
            assert view.hand == state.play.hands[seat]
            assert view.predicted == tuple(p is not None for p in state.predictions)
            assert view.face_up is state.face_up and view.trump is state.trump
            assert view.legal_moves == (dz.legal_moves(state) if dz.to_act(state) == seat else ())
            if secret:
                expected = tuple(p if s == seat else None for s, p in enumerate(state.predictions))
                assert view.predictions == expected
                # Nothing reachable from the view depends on the hidden predictions.
                other = dz.observe(hide_others(state, seat), seat)
                assert other == view and repr(other) == repr(view)
            else:
                assert view.predictions == state.predictions


@given(GAMES)
def test_replay_from_seed_is_exact(game: tuple[dz.Rules, int, int]) -> None:
    rules, seed, _ = game
    steps = random_game(*game)
    state = dz.new_game(rules, seed)
    for recorded, move in steps:
        assert state == recorded
        if move is not None:
            state = dz.apply(state, move)
    assert state == steps[-1][0]
