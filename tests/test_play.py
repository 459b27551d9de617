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
from jass import serial
from jass.cards import FULL_DECK, Card, CardSet, deal
from jass.errors import IllegalMoveError, InvalidCardsError, InvalidNotationError, InvalidRulesError
from jass.play import HAND_BITS, CardPlay, PlayCard, PlaySetup, Trick, card_moves
from jass.tricks import PlayRules, Undertrump, winning_position
from jass.trump import PerTrickMode, Trump, point_table


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
    ("at most six players", {"hands": parse_hands("C6", "C7", "C8", "C9", "C10", "CJ", "CQ")},
     InvalidCardsError, "seats=7: expected 1..6 players"),
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
        (Trump.ROSEN, True, PlayRules(), 20, InvalidCardsError, "seats=True: expected 1..6 players"),
        (Trump.ROSEN, [4], PlayRules(), 20, InvalidCardsError, r"seats=\[4\]: expected 1..6 players"),
        (Trump.ROSEN, 7, PlayRules(), 20, InvalidCardsError, "seats=7: expected 1..6 players"),
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


# --- 5a: a mode per trick (Slalom, Guschti) ------------------------------------------------------
# RULES.md 6: "Slalom/Guschti: the trick's own mode decides legal cards, winner and points
# (8 = 8, 6 = 11 in Undenufe tricks)". Obenabe: A 11, K 4, Q 3, J 2, 10 10, 8 8; Undenufe: the
# same but 6 11 and A 0; the 6 is Undenufe's highest card, the Ace Obenabe's.

PER_TRICK_ROUNDS = [
    pytest.param(
        PerTrickMode.SLALOM_UNDENUFE, ("H6 HA C8", "H7 HK C6"), "HA H7 | HK H6 | C6 C8",
        # trick 1 Undenufe: H7 beats the Ace, 0 + 0; trick 2 Obenabe: HK beats H6, 4 + 0;
        # trick 3 Undenufe: C6 beats C8, 11 + 8, and 5 for the last trick.
        [(1, 0, Trump.UNDENUFE), (1, 4, Trump.OBENABE), (1, 19, Trump.UNDENUFE)], (0, 28),
        id="5a Slalom-Undenufe: U, O, U; the 7 beats the Ace in trick 1, the 6 is 11 in trick 3",
    ),
    pytest.param(
        PerTrickMode.SLALOM_OBENABE, ("H6 HA C8", "H7 HK C6"), "HA H7 | H6 HK | C8 C6",
        # trick 1 Obenabe: HA 11 + H7 0 to seat 0; trick 2 Undenufe: H6 beats HK, 11 + 4;
        # trick 3 Obenabe: C8 beats C6, 8 + 0, + 5.
        [(0, 11, Trump.OBENABE), (0, 15, Trump.UNDENUFE), (0, 8, Trump.OBENABE)], (39, 0),
        id="5a Slalom-Obenabe: O, U, O; the Ace 11 in trick 1, the 6 beats the King in trick 2",
    ),
    pytest.param(
        PerTrickMode.GUSCHTI_OBENABE, ("CA C6 S6 SA D8 H6", "CK C7 S7 SK D9 HA"),
        "CA CK | SA S7 | D8 D9 | SK S6 | C7 C6 | HA H6",
        # tricks 1-5 Obenabe: CA+CK 15 (seat 0), SA+S7 11 (seat 0), D9 beats D8: 8 (seat 1),
        # SK+S6 4 (seat 1), C7 beats C6: 0 (seat 1); trick 6 Undenufe: H6 beats HA, 11 + 0, + 5.
        [(0, 15, Trump.OBENABE), (0, 11, Trump.OBENABE), (1, 8, Trump.OBENABE), (1, 4, Trump.OBENABE),
         (1, 0, Trump.OBENABE), (0, 11, Trump.UNDENUFE)], (42, 12),
        id="5a Guschti-Obenabe: five Obenabe tricks, then Undenufe: the 6 takes the Ace in trick 6",
    ),
]


@pytest.mark.parametrize(("mode", "hands", "cards", "tricks", "points"), PER_TRICK_ROUNDS)
def test_per_trick_rounds(mode: PerTrickMode, hands: tuple[str, str], cards: str,
                          tricks: list[tuple[int, int, Trump]], points: tuple[int, int]) -> None:
    play = CardPlay.start(mode, parse_hands(*hands), 0)
    for number, trick in enumerate(cards.split("|")):
        assert play.trump is tricks[number][2] and play.mode is mode
        for card in trick.split():
            play = play.play(Card.parse(card))
        done = play.tricks[-1]
        assert (done.winner, done.points) == tricks[number][:2], f"trick {number + 1}"
        # The same trick in one mode for the whole round follows that mode: the trick's mode.
        assert done.winner == (done.leader + winning_position(done.cards, tricks[number][2])) % 2
    assert play.is_done and play.points() == points
    assert play.trump is tricks[-1][2]  # after the last trick: the last trick's mode
    # JSON and pickle keep the round's mode; a play rebuilt from its parts is the same.
    assert serial.loads(serial.dumps(play)) == play == pickle.loads(pickle.dumps(play))
    assert CardPlay.from_parts(play.setup, play.hands, play.leader, play.trick, play.tricks) == play


@st.composite
def per_trick_starts(draw: st.DrawFn) -> tuple[PerTrickMode, tuple[CardSet, ...], int, PlayRules]:
    seats = draw(st.sampled_from([2, 3, 4]))
    hands = deal(draw(st.integers(0, 2**64 - 1)), hands=seats, cards_each=36 // seats)
    return draw(st.sampled_from(list(PerTrickMode))), hands, draw(st.integers(0, seats - 1)), draw(js.play_rules())


@js.examples(40)
@given(per_trick_starts(), st.randoms(use_true_random=False))
def test_random_per_trick_plays_follow_each_trick_s_mode(
    start: tuple[PerTrickMode, tuple[CardSet, ...], int, PlayRules], rng: random.Random
) -> None:
    """Every card of a random Slalom, Guschti or Misère round, to the last trick (up to 18): the legal
    cards, winners and points of each trick are the reference's in that trick's mode
    (reference.per_trick_modes, from RULES.md 5a)."""
    mode, hands, leader, rules = start
    # A Misère Slalom plays the Slalom's tricks, a Misère of one mode every trick in it.
    kind = "slalom" if mode.is_slalom else "misere" if mode.is_misere else "guschti"
    modes = reference.per_trick_modes(kind, mode.first)
    play = CardPlay.start(mode, hands, leader, rules)
    while not play.is_done:
        seat = play.to_play
        assert seat is not None
        trick_mode = modes[len(play.tricks)]
        assert play.trump is trick_mode
        expected = reference.legal_cards(play.hand(seat), play.trick, trick_mode, rules.bauer_exception,
                                         rules.undertrump.value)
        assert set(play.legal_cards()) == expected
        assert CardPlay.from_parts(play.setup, play.hands, play.leader, play.trick, play.tricks) == play
        play = play.play(rng.choice(sorted(expected)))
    for number, done in enumerate(play.tricks):
        assert done.winner == reference.trick_winner(list(done.cards), modes[number], done.leader, len(hands))
        assert done.points == sum(reference.card_points(card, modes[number]) for card in done.cards)
    assert serial.loads(serial.dumps(play)) == play


@pytest.mark.parametrize(("seats", "each"), [(5, 7), (6, 6)])
def test_five_and_six_players_play_a_round(seats: int, each: int) -> None:
    """Five players (35 cards, one out of play: seven tricks of five) and six (six tricks of six):
    each trick holds a card of every seat, the winner leads, and the cards' points are those
    of the cards dealt. Worked by hand: the pack in order, Rosen trump, each seat plays its
    lowest legal card; with six, seat k holds cards 6k..6k+5 (seat 0 C6..CJ, seat 1 CQ..S8, ...)."""
    order = list(FULL_DECK)[: seats * each]
    hands = [CardSet(order[k * each:(k + 1) * each]) for k in range(seats)]
    play = CardPlay.start(Trump.ROSEN, hands, leader=0)
    first = []
    while play.legal_bits:
        card = min(play.legal_cards(), key=lambda c: c.index)
        if len(play.tricks) == 0:
            first.append(card)
        play = play.play(card)
    assert len(play.tricks) == each and all(len(trick.cards) == seats for trick in play.tricks)
    table = point_table(Trump.ROSEN)
    assert sum(play.points()) == sum(table[card.index] for card in order) + 5
    if seats == 6:
        # Seat 0 leads C6; seat 1 (CQ CK CA S6 S7 S8) follows CQ; the others hold no Eicheln and
        # throw their lowest card: seat 2 S9 (a trump: any card is legal when void), seat 3 H6,
        # seat 4 HQ, seat 5 D9. The Nell takes 0 + 3 + 14 + 0 + 3 + 0.
        assert first == [Card.C6, Card.CQ, Card.S9, Card.H6, Card.HQ, Card.D9]
        assert play.tricks[0].winner == 2 and play.tricks[0].points == 20
