"""The card play every variant shares (jass.play): CardPlay, its PlaySetup, card_moves.

The rules of card play themselves are tested in test_tricks.py; here: that a CardPlay applies
them at every step (checked against the naive reference in tests/reference.py), keeps the
cards, scores tricks as worked out by hand, refuses what it must, and that its compact
representation (hands in one int, legal cards worked out when built) reads back exactly.
"""

from __future__ import annotations

import pickle
import re
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference
import strategies as js
from jass.cards import Card, CardSet
from jass.errors import IllegalMoveError, InvalidCardsError, InvalidNotationError, InvalidRulesError
from jass.play import HAND_BITS, CardPlay, PlayCard, PlaySetup, Trick, card_moves
from jass.tricks import PlayRules, Undertrump
from jass.trump import Trump, point_table


def parse_hands(*hands: str) -> tuple[CardSet, ...]:
    return tuple(CardSet.parse(hand) for hand in hands)


# --- refused starts --------------------------------------------------------------------------------

START_ERRORS: list[tuple[str, dict[str, Any], type[Exception], str]] = [
    ("every seat is dealt as many cards", {"hands": parse_hands("C6 C7", "H6")},
     InvalidCardsError, "every hand must hold the same number of cards (at least one), got [1, 2]"),
    ("no card is dealt twice", {"hands": parse_hands("C6 C7", "C7 H6")},
     InvalidCardsError, "C7 dealt twice"),
    ("empty hands are no start", {"hands": parse_hands("", "")},
     InvalidCardsError, "at least one"),
    ("hands are CardSets", {"hands": (CardSet.parse("C6"), "H6")},
     InvalidCardsError, "expected a sequence of CardSet"),
    ("the leader is a seat", {"leader": 2},
     InvalidCardsError, "leader=2: expected a seat 0..1"),
    ("at most four players", {"hands": parse_hands("C6", "C7", "C8", "C9", "C10")},
     InvalidCardsError, "seats=5: expected 1..4 players"),
    ("the options are PlayRules", {"rules": "strict"},
     InvalidRulesError, "rules='strict': expected a PlayRules"),
    ("the trump Jack's points are 0..1000", {"trump_jack_points": -1},
     InvalidRulesError, "trump_jack_points=-1"),
]


@pytest.mark.parametrize(("rule", "changes", "error", "message"), START_ERRORS, ids=[row[0] for row in START_ERRORS])
def test_start_refuses(rule: str, changes: dict[str, Any], error: type[Exception], message: str) -> None:
    arguments: dict[str, Any] = {"trump": Trump.EICHELN, "hands": parse_hands("C6 HA", "CJ H6"), "leader": 0}
    arguments.update(changes)
    with pytest.raises(error, match=re.escape(message)):
        CardPlay.start(**arguments)


# --- tricks worked out by hand ---------------------------------------------------------------------

TRICKS: list[tuple[str, Trump, int, str, int, int]] = [
    # (rule, mode, leader, cards in play order, winning seat, card points)
    ("RULES 2.6: the trump Jack takes the led Ace; 11 + 20", Trump.EICHELN, 0, "HA CJ", 1, 31),
    ("RULES 2.6 Obenabe: the highest of the led suit; 0 + 8 + 11 + 10", Trump.OBENABE, 1, "C6 C8 CA H10", 3, 29),
    ("RULES 2.6 Undenufe: the lowest of the led suit; 11 + 0 + 0 + 10", Trump.UNDENUFE, 2, "C6 CA C7 D10", 2, 21),
    ("RULES 2.6: a trump 9 beats the trump Ace; 11 + 14 + 0 + 3", Trump.ROSEN, 3, "SA S9 H6 HQ", 0, 28),
]


@pytest.mark.parametrize(
    ("rule", "mode", "leader", "cards", "winner", "points"), TRICKS, ids=[row[0] for row in TRICKS]
)
def test_trick_scored_as_worked_out_by_hand(
    rule: str, mode: Trump, leader: int, cards: str, winner: int, points: int
) -> None:
    order = [Card.parse(code) for code in cards.split()]
    seats = len(order)
    hands: list[set[Card]] = [set() for _ in range(seats)]
    for position, card in enumerate(order):
        hands[(leader + position) % seats].add(card)
    play = CardPlay.start(mode, [CardSet(hand) for hand in hands], leader)
    for card in order:
        play = play.play(card)
    assert play.tricks == (Trick(leader, tuple(order), winner, points),)
    assert play.is_done and play.to_play is None and play.legal_bits == 0
    points_by_seat = [0] * seats
    points_by_seat[winner] = points + 5  # the last trick's bonus
    assert play.points() == tuple(points_by_seat)


# --- refused cards ---------------------------------------------------------------------------------


def test_an_illegal_card_says_why_and_what_is_legal() -> None:
    """The text names only the card and the seat to play (a server may send it to anyone); why,
    and what would be legal, are in the error's attributes (they show the seat's hand)."""
    play = CardPlay.start(Trump.SCHILTEN, parse_hands("SA C8", "H6 C9", "D6 D7"), leader=0)
    play = play.play(Card.SA)
    with pytest.raises(IllegalMoveError, match=r"^PlayCard\(Card.CA\) is not a legal move now \(phase play, seat 1 to act\)$") as error:
        play.play(Card.CA)
    assert error.value.detail == "seat 1 does not hold CA (seat 1 may play C9 H6)"
    assert error.value.legal_moves == (PlayCard(Card.C9), PlayCard(Card.H6))
    with pytest.raises(IllegalMoveError, match=r"'SA' is not a card"):
        play.play("SA")  # type: ignore[arg-type]


def test_no_card_once_every_card_is_played() -> None:
    play = CardPlay.start(Trump.OBENABE, parse_hands("C6", "C7"), leader=1).play(Card.C7).play(Card.C6)
    with pytest.raises(IllegalMoveError, match="every card of the round has been played"):
        play.play(Card.C8)


# --- the compact representation reads back ---------------------------------------------------------


def test_hands_are_packed_36_bits_a_seat() -> None:
    hands = parse_hands("C6 HA", "CJ H6")
    play = CardPlay.start(Trump.EICHELN, hands, leader=1)
    assert play.hand_bits == hands[0].bits | hands[1].bits << HAND_BITS
    assert play.hands == hands and play.hand(1) == hands[1]
    assert play.legal_bits == hands[1].bits  # the leader may lead any card
    assert repr(play).startswith("CardPlay(trump=Trump.EICHELN, hands=(CardSet('C6 HA'), CardSet('CJ H6')), leader=1")


def test_one_setup_per_distinct_setup_also_after_pickling() -> None:
    rules = PlayRules(undertrump=Undertrump.ALLOWED)
    a = CardPlay.start(Trump.ROSEN, parse_hands("C6", "C7"), 0, rules)
    b = CardPlay.start(Trump.ROSEN, parse_hands("H6", "H7"), 1, PlayRules(undertrump=Undertrump.ALLOWED))
    assert a.setup is b.setup
    assert a.setup.points == point_table(Trump.ROSEN)
    again = pickle.loads(pickle.dumps(a))
    assert again == a and again.setup is a.setup


def test_card_moves_are_the_shared_moves_in_card_order() -> None:
    assert card_moves(0) == ()
    assert card_moves(CardSet.parse("DA C6 S10").bits) == (PlayCard(Card.C6), PlayCard(Card.S10), PlayCard(Card.DA))
    assert card_moves(Card.HK.bit)[0] is card_moves(Card.HK.bit | Card.C6.bit)[1]


@given(st.integers(min_value=0, max_value=(1 << 36) - 1))
def test_card_moves_match_the_cards(bits: int) -> None:
    assert card_moves(bits) == tuple(PlayCard(card) for card in CardSet.from_bits(bits))


# --- properties of random plays --------------------------------------------------------------------


@js.examples(60)
@given(js.card_play_starts(), st.randoms(use_true_random=False))
def test_random_plays_follow_the_rules_and_keep_the_cards(
    start: tuple[Trump, tuple[CardSet, ...], int, PlayRules], rng: random.Random
) -> None:
    mode, hands, leader, rules = start
    play = CardPlay.start(mode, hands, leader, rules)
    dealt = set().union(*hands)
    table = point_table(mode)
    while not play.is_done:
        seat = play.to_play
        assert seat is not None
        expected = reference.legal_cards(play.hand(seat), play.trick, mode, rules.bauer_exception, rules.undertrump.value)
        assert set(play.legal_cards()) == expected, "the rules of RULES.md section 2"
        # The compact parts read back: rebuilt from its public parts, the play is the same.
        assert CardPlay.from_parts(play.setup, play.hands, play.leader, play.trick, play.tricks) == play
        assert play.with_hands(play.hands) == play
        illegal = sorted(dealt - expected)
        before = pickle.dumps(play)
        if illegal:
            with pytest.raises(IllegalMoveError):
                play.play(rng.choice(illegal))
        after = play.play(rng.choice(sorted(expected)))
        assert pickle.dumps(play) == before, "play() leaves its input as it was"
        play = after
        zones = play.zones()
        assert set().union(*zones.values()) == dealt and sum(len(z) for z in zones.values()) == len(dealt)
    assert sum(play.points()) == sum(table[card.index] for card in dealt) + 5


@pytest.mark.parametrize(
    ("trump", "seats", "rules", "points", "error", "message"),
    [
        ("rosen", 4, PlayRules(), 20, None, ""),
        (1, 4, PlayRules(), 20, None, ""),
        ("zebra", 4, PlayRules(), 20, InvalidNotationError, "'zebra' is not a trump mode"),
        ([1], 4, PlayRules(), 20, InvalidNotationError, "is not a trump mode"),
        (Trump.ROSEN, True, PlayRules(), 20, InvalidCardsError, "seats=True: expected 1..4 players"),
        (Trump.ROSEN, [4], PlayRules(), 20, InvalidCardsError, r"seats=\[4\]: expected 1..4 players"),
        (Trump.ROSEN, 4, [PlayRules()], 20, InvalidRulesError, "expected a PlayRules"),
        (Trump.ROSEN, 4, PlayRules(), 20.0, InvalidRulesError, "trump_jack_points=20.0: expected an int"),
        (Trump.ROSEN, 4, PlayRules(), 1001, InvalidRulesError, "trump_jack_points=1001: expected 0..1000"),
    ],
)
def test_setup_checks_before_caching(trump: Any, seats: Any, rules: Any, points: Any, error: Any, message: str) -> None:
    """Invalid values are refused with our errors, also those the cache could not even hash."""
    if error is None:
        assert PlaySetup.of(trump, seats, rules, points) is PlaySetup.of(Trump.ROSEN, 4)
        return
    for _ in range(2):  # a refused setup is not cached
        with pytest.raises(error, match=message):
            PlaySetup.of(trump, seats, rules, points)
