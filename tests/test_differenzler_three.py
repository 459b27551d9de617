"""Differenzler for three players (issue 29): twelve cards each, and jasswiki's dealer credit.

Every scenario's id names the rule it checks and its source: the Jassreglement as tagblatt.ch
quotes it («Er wird mit vier Spielern (auch drei sind möglich, mit 12 Karten) gespielt»),
jasswiki ("Jassbuch") for the exact bonus and the dealer's credit. Every expected value is
worked out by hand, trick by trick where a round is played; none is copied from the code.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import strategies as js
from jass import differenzler as dz
from jass import records, serial
from jass.cards import FULL_DECK, Card, CardSet
from jass.errors import IllegalMoveError, InvalidCardsError, InvalidRulesError, RecordError
from jass.play import PlayCard
from jass.testing import check_variant
from jass.trump import Trump
from jass.variant import find_variant

GOLDEN = Path(__file__).resolve().parent / "golden" / "differenzler_three.jsonl"
THREE = dz.Rules.three()
DECK = list(FULL_DECK)


def cards(text: str) -> list[Card]:
    return [Card.parse(token) for token in text.split()]


# --- the deal: twelve each, the dealer's last card face up -----------------------------------

# FULL_DECK in order dealt twelve at a time: seat 0 C6..CA S6 S7 S8, seat 1 S9..SA H6..HJ,
# seat 2 HQ HK HA D6..DA. The dealer's twelfth card is the 12th, 24th or 36th of the order.
@pytest.mark.parametrize(
    ("dealer", "face_up", "trump"),
    [
        pytest.param(0, Card.S8, Trump.ROSEN, id="deal-face-up-is-dealer-0s-12th-card-S8"),
        pytest.param(1, Card.HJ, Trump.SCHILTEN, id="deal-face-up-is-dealer-1s-12th-card-HJ"),
        pytest.param(2, Card.DA, Trump.SCHELLEN, id="deal-face-up-is-dealer-2s-12th-card-DA"),
    ],
)
def test_the_dealers_last_card_of_twelve_makes_trump(dealer: int, face_up: Card, trump: Trump) -> None:
    state = dz.new_game(dz.Rules(seats=3, first_dealer=dealer), deal=list(FULL_DECK))
    assert state.face_up is face_up and state.trump is trump
    assert state.play.hands[0] == CardSet.parse("C6 C7 C8 C9 C10 CJ CQ CK CA S6 S7 S8")
    assert face_up in state.play.hands[dealer]


def test_a_seeded_deal_gives_twelve_cards_to_each_of_three() -> None:
    """Jassreglement (tagblatt.ch): «auch drei sind möglich, mit 12 Karten»."""
    state = dz.new_game(THREE, seed=4)
    assert state.play.hand_sizes == (12, 12, 12)
    assert state.predictions == (None, None, None) and state.penalties == (0, 0, 0)
    assert state.face_up in state.play.hands[state.dealer]
    assert dz.observe(state, 1).hand_sizes == (12, 12, 12)


@pytest.mark.parametrize(
    ("dealer", "order"),
    [
        pytest.param(2, [0, 1, 2], id="predict-from-vorhand-round-to-the-dealer-2"),
        pytest.param(0, [1, 2, 0], id="predict-from-vorhand-round-to-the-dealer-0"),
        pytest.param(1, [2, 0, 1], id="predict-from-vorhand-round-to-the-dealer-1"),
    ],
)
def test_three_predict_from_vorhand_round_to_the_dealer(dealer: int, order: list[int]) -> None:
    state = dz.new_game(dz.Rules(seats=3, first_dealer=dealer), seed=1)
    seen = []
    for points in (10, 20, 30):
        seen.append(dz.to_act(state))
        state = dz.apply(state, dz.Predict(points))
    assert seen == order and state.phase is dz.Phase.PLAY
    assert dz.to_act(state) == order[0]  # Vorhand leads


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        pytest.param({"seats": 5}, "seats=5: expected 3 or 4 (no source gives Differenzler's deal",
                     id="five-players-no-source"),
        pytest.param({"seats": 2}, "seats=2: expected 3 or 4", id="two-players-no-source"),
        pytest.param({"seats": 3, "first_dealer": 3}, "first_dealer=3: expected a seat 0..2 of the 3 players",
                     id="first-dealer-is-one-of-three"),
        pytest.param({"dealer_credit": 1}, "dealer_credit=1", id="dealer-credit-is-a-bool"),
    ],
)
def test_rules_for_other_counts_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidRulesError, match="^" + message.replace("(", r"\(").replace(".", r"\.")):
        dz.Rules(**kwargs)


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        pytest.param(["C6 C7 C8 C9 C10 CJ CQ CK CA"] * 4, "expected 3 hands of 12 cards", id="deal-four-hands-at-three"),
        pytest.param(list(FULL_DECK)[:35], "got 35 cards, 1 missing", id="deal-order-of-35"),
    ],
)
def test_a_wrong_deal_for_three_is_refused(deal: Any, message: str) -> None:
    with pytest.raises(InvalidCardsError, match=message):
        dz.new_game(THREE, deal=deal)


# --- a round worked by hand ------------------------------------------------------------------

# Dealer seat 2, so the face-up card is the 36th, DA: Schellen trump, and seat 0 (Vorhand)
# leads. Trick by trick (leader first; the order of play is 0, 1, 2, 0, ...):
#  1 (seat 0): CA S9 HQ   no trump, CA is highest in Eicheln: seat 0, 11 + 0 + 3 = 14
#  2 (seat 0): CK S10 D6  seat 2 is void in Eicheln and trumps: seat 2, 4 + 10 + 0 = 14
#  3-10 (seat 2): D7 D8 D9 D10 DJ DQ DK DA led; nobody else holds a trump, so seat 2 takes all
#     eight: trumps 0+0+14+10+20+3+4+11 = 62; seat 0 throws C6 C7 C8 C9 C10 CJ CQ S6 (15),
#     seat 1 SJ SQ SK SA H6 H7 H8 H9 (20): 97
#  11 (seat 2): HA S7 H10  seat 1 must follow hearts: seat 2, 11 + 0 + 10 = 21
#  12 (seat 2): HK S8 HJ   seat 2, 4 + 0 + 2 = 6, and 5 for the last trick: 11
# Points: seat 0 14, seat 1 0, seat 2 14 + 97 + 21 + 11 = 143; together 157 in 12 tricks.
ROUND_CARDS = (
    "CA S9 HQ  CK S10 D6  "
    "D7 C6 SJ  D8 C7 SQ  D9 C8 SK  D10 C9 SA  DJ C10 H6  DQ CJ H7  DK CQ H8  DA S6 H9  "
    "HA S7 H10  HK S8 HJ"
)
ROUND_POINTS = (14, 0, 143)
ROUND_TRICKS = (1, 0, 11)


@pytest.mark.parametrize(
    ("rules", "predictions", "penalties"),
    [
        # abs(points - prediction): 0, 5, |143 - 120| = 23.
        pytest.param(dz.Rules(seats=3, first_dealer=2), (14, 5, 120), (0, 5, 23), id="penalty-is-the-difference"),
        # jasswiki: exact -> 10 off; the predictions add up to 139, 18 off 157: the dealer (seat 2)
        # is credited 18 // 5 = 3, so 23 - 3 = 20.
        pytest.param(dz.Rules(seats=3, first_dealer=2, exact_bonus=10, dealer_credit=True), (14, 5, 120),
                     (-10, 5, 20), id="jasswiki-exact-bonus-and-dealer-credit"),
        # jasswiki: «Wer 0 Punkte ansagt und keinen Stich erzielt, erhält keine Minuspunkte»: seat 1
        # took no trick, so its exact 0 earns nothing. Sum 134, 23 off: credit 4, 23 - 4 = 19.
        pytest.param(dz.Rules(seats=3, first_dealer=2, exact_bonus=10, dealer_credit=True), (14, 0, 120),
                     (-10, 0, 19), id="jasswiki-zero-without-a-trick-earns-no-bonus"),
    ],
)
def test_a_round_of_three_worked_by_hand(
    rules: dz.Rules, predictions: tuple[int, ...], penalties: tuple[int, ...]
) -> None:
    state = dz.new_game(rules, deal=list(FULL_DECK))
    for seat in (0, 1, 2):
        state = dz.apply(state, dz.Predict(predictions[seat]), seat=seat)
    for card in cards(ROUND_CARDS):
        state = dz.apply(state, PlayCard(card))
    score = state.history[-1]
    assert score.points == ROUND_POINTS and score.tricks_won == ROUND_TRICKS
    assert len(state.play.tricks) == 12 and all(len(trick.cards) == 3 for trick in state.play.tricks)
    assert score.penalties == penalties and state.penalties == penalties


def test_a_player_who_holds_the_led_suit_must_follow_at_three() -> None:
    """Trick 11 of the worked round: seat 1 holds H10 HJ and must follow the led HA."""
    state = dz.new_game(dz.Rules(seats=3, first_dealer=2), deal=list(FULL_DECK))
    for points in (14, 5, 120):
        state = dz.apply(state, dz.Predict(points))
    for card in cards(ROUND_CARDS)[:30] + [Card.HA, Card.S7]:
        state = dz.apply(state, PlayCard(card))
    assert dz.to_act(state) == 1
    assert set(dz.legal_moves(state)) == {PlayCard("H10"), PlayCard("HJ")}
    with pytest.raises(IllegalMoveError, match=r"PlayCard\(Card\.S8\) is not a legal move now"):
        dz.apply(state, PlayCard("S8"))


@pytest.mark.parametrize(
    ("predictions", "credit"),
    [
        pytest.param((50, 50, 57), 0, id="credit-none-when-157"),
        pytest.param((50, 50, 53), 0, id="credit-none-for-4-off"),
        pytest.param((50, 50, 52), 1, id="credit-1-for-5-under"),
        pytest.param((60, 50, 56), 1, id="credit-1-for-9-over"),
        pytest.param((14, 5, 120), 3, id="credit-3-for-18-under"),
        pytest.param((0, 0, 0), 31, id="credit-31-for-157-under"),
        pytest.param((157, 157, 157), 62, id="credit-62-for-314-over"),
    ],
)
def test_the_dealers_credit(predictions: tuple[int, ...], credit: int) -> None:
    """jasswiki: «pro 5 Punkte unter oder über 157 Schätzpunkten 1 Punkt gutgeschrieben»."""
    assert dz.dealer_credit(dz.Rules.jasswiki_three(), predictions) == credit
    assert dz.dealer_credit(THREE, predictions) == 0  # off by default


def test_a_deal_move_of_three_hands_deals_the_next_round() -> None:
    state = dz.new_game(dz.Rules(seats=3, first_dealer=2, rounds=2), deal=list(FULL_DECK))
    for points in (14, 5, 120):
        state = dz.apply(state, dz.Predict(points))
    for card in cards(ROUND_CARDS):
        state = dz.apply(state, PlayCard(card))
    assert state.phase is dz.Phase.ROUND_OVER and dz.to_act(state) == 0  # the next dealer deals
    hands = (CardSet(DECK[24:]), CardSet(DECK[:12]), CardSet(DECK[12:24]))
    with pytest.raises(IllegalMoveError):
        dz.apply(state, dz.Deal(hands))  # a client may not choose the deal
    with pytest.raises(IllegalMoveError, match="4 hands for 3 players"):
        four = tuple(CardSet(DECK[9 * k: 9 * k + 9]) for k in range(4))
        dz.apply_trusted(state, dz.Deal(four))
    dealt = dz.apply_trusted(state, dz.Deal(hands))
    assert dealt.dealer == 0 and dealt.face_up is Card.DA and dealt.play.hands == hands
    assert dealt.predictions == (None, None, None) and dz.to_act(dealt) == 1


def test_a_deal_of_three_hands_is_written_and_read() -> None:
    move = dz.Deal((CardSet.parse("C6 C7 C8 C9 C10 CJ CQ CK CA S6 S7 S8"),
                    CardSet.parse("S9 S10 SJ SQ SK SA H6 H7 H8 H9 H10 HJ"),
                    CardSet.parse("HQ HK HA D6 D7 D8 D9 D10 DJ DQ DK DA")), Card.DA)
    text = dz.format_move(move)
    assert text == ("deal C6 C7 C8 C9 C10 CJ CQ CK CA S6 S7 S8 / S9 S10 SJ SQ SK SA H6 H7 H8 H9 H10 HJ / "
                    "HQ HK HA D6 D7 D8 D9 D10 DJ DQ DK DA face-up DA")
    assert dz.parse_move(text) == move
    with pytest.raises(RecordError, match="a deal is four hands"):
        dz.parse_move("deal C6 / C7")


def test_the_batch_engine_refuses_three_players() -> None:
    pytest.importorskip("numpy")
    from jass.differenzler import batch

    with pytest.raises(InvalidRulesError, match="seats=3: the batch engine plays Differenzler for four players"):
        batch.init([1], rules=THREE)
    with pytest.raises(InvalidRulesError, match="dealer_credit=True"):
        batch.init([1], rules=dz.Rules(dealer_credit=True))


# --- the registry, the encoding, the golden record -----------------------------------------------


def test_the_registry_seats_three_for_the_rules_of_three() -> None:
    variant = find_variant("differenzler")
    assert variant.seats_for(THREE) == 3 and variant.teams_for(THREE) == ((0,), (1,), (2,))
    assert variant.seats_for(dz.Rules()) == 4 and variant.seats_for(None) == 4
    assert variant.preset("three") == THREE and variant.preset("jasswiki_three").dealer_credit


def test_three_players_encode_in_the_blocks_of_four() -> None:
    """One vector size for both tables; the fourth seat's blocks stay 0 and a hand of twelve is
    1.0 (12 / 12)."""
    encoding = find_variant("differenzler").encoding
    assert encoding is not None
    view = dz.observe(dz.new_game(THREE, seed=3), 0)
    vector = encoding.encode(view)
    assert len(vector) == encoding.size == len(encoding.encode(dz.observe(dz.new_game(seed=3), 0)))
    start = 0
    blocks = {}
    for name, length in encoding.layout:
        blocks[name] = vector[start:start + length]
        start += length
    assert blocks["hand_sizes"] == [1.0, 1.0, 1.0, 0.0]
    assert blocks["trick[3]"] == [0.0] * 36 and blocks["taken[3]"] == [0.0] * 36
    assert blocks["predicted"][3] == 0.0 and blocks["penalties"][3] == 0.0


def test_the_golden_record_of_three_worked_by_hand_replays() -> None:
    """``differenzler_three.jsonl`` was written by hand: the worked round above, one round, the
    deal written out (no seed). It replays to the penalties worked out by hand, and the library
    writes the same bytes."""
    line = GOLDEN.read_text(encoding="utf-8").splitlines()[0]
    record = records.read_record(line)
    final = records.final_state(record)
    assert final.history[-1].points == ROUND_POINTS
    assert final.penalties == (-10, 5, 20) and final.winner == 0
    assert record.to_text() == line
    rules = json.loads(line)["rules"]
    assert serial.from_dict({"format": "jass/1", **rules}) == final.rules


def test_the_harness_passes_for_three() -> None:
    report = check_variant("differenzler", rules=dz.Rules(seats=3, rounds=1, dealer_credit=True), games=2, seed=3)
    assert report.steps > 2 * (3 + 36)


# --- properties ------------------------------------------------------------------------------


@given(js.differenzler_rules(), js.game_seeds(), st.integers(0, 2**32))
def test_a_move_is_due_exactly_while_legal_moves_exist(rules: dz.Rules, seed: int, move_seed: int) -> None:
    rng = random.Random(move_seed)
    state = dz.new_game(rules, seed)
    for _ in range(80):  # two rounds at most
        moves = dz.legal_moves(state)
        acting = dz.to_act(state)
        assert bool(moves) == (acting is not None) and (acting is None or 0 <= acting < rules.seats)
        if acting is None:
            break
        others = [s for s in range(rules.seats) if s != acting]
        # Another seat's view never holds a card of the acting seat's hand.
        for seat in others:
            assert not dz.observe(state, seat).hand & state.play.hands[acting]
        state = dz.apply(state, rng.choice(moves))


# --- the bots and the sampler at a table of three ----------------------------------------------


def test_the_sampler_deals_the_unseen_cards_to_two_hands_of_twelve() -> None:
    """At the start seat 0 sees its twelve cards and the dealer's face-up card: every draw gives
    the others twelve cards each, the face-up card in the dealer's hand."""
    state = dz.new_game(dz.Rules(seats=3, first_dealer=2), seed=6)
    view = dz.observe(state, 0)
    for draw in range(5):
        hands = dz.sample_hands(view, random.Random(draw))
        assert [len(hand) for hand in hands] == [12, 12, 12] and hands[0] == view.hand
        assert state.face_up in hands[2]
        assert dz.observe(dz.determinize(view, random.Random(draw)), 0) == view


@pytest.mark.parametrize("bot", ["montecarlo", "ismcts"])
def test_the_search_bots_play_a_round_of_three(bot: str) -> None:
    from jass.ai.players import make_bot
    from jass.ai.search import ISMCTSBot, MonteCarloBot
    from jass.ai.tournament import play_game

    def quick(seed: int) -> Any:
        return MonteCarloBot(seed, samples=3) if bot == "montecarlo" else ISMCTSBot(seed, iterations=15)

    assert make_bot(bot, seed=1) is not None
    final = play_game(dz.VARIANT, [quick(seat) for seat in range(3)], rules=dz.Rules(seats=3, rounds=1), seed=8)
    assert dz.is_over(final) and len(final.history) >= 1
    assert sum(final.history[0].points) == 157 and sum(final.history[0].tricks_won) == 12
