"""Weis and Stöck (RULES.md section 3's Weis/Stöck rows and the section 6 edge cases).

Every expected value is worked out by hand from RULES.md and seed 001 ("Weis: de volgende
kaartencombinaties kunnen aangekondigd worden").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference
import strategies as js
from jass.cards import Card, CardSet, Rank, Suit
from jass.errors import InvalidCardsError, InvalidNotationError, InvalidRulesError, JassError
from jass.trump import Trump
from jass.weis import (
    STOECK_POINTS,
    UndenufeOrder,
    Weis,
    WeisKind,
    WeisRules,
    WeisTiebreak,
    best_weis,
    detect_weis,
    has_stoeck,
    stoeck_cards,
    weis_strength,
)

SEQ, FOUR = WeisKind.SEQUENCE, WeisKind.FOUR_OF_A_KIND
QUARTET_FIRST, MORE_CARDS_FIRST = WeisTiebreak.QUARTET_FIRST, WeisTiebreak.MORE_CARDS_FIRST
NATURAL, REVERSED = UndenufeOrder.NATURAL, UndenufeOrder.REVERSED
LOW = WeisRules(low_quartets=True)
NO_CROSS = WeisRules(cross_weis=False)


def _any(value: object) -> Any:
    """Pass a deliberately ill-typed value past the type checker."""
    return value


def W(cards: str) -> Weis:
    return Weis.from_cards(CardSet.parse(cards))


# --- values --------------------------------------------------------------------------

VALUE_ROWS = [
    # seed 001: "3 kaarten op volgorde in dezelfde kleur: 20 punten"
    pytest.param("H6 H7 H8", WeisRules(), SEQ, 20, id="3 sequence of 3 = 20 (seed 001)"),
    pytest.param("SQ SK SA", WeisRules(), SEQ, 20, id="3 sequence of 3 = 20, up to the Ace"),
    pytest.param("H8 H9 H10", WeisRules(), SEQ, 20, id="3 sequence 8-9-10 = 20"),
    pytest.param("H10 HJ HQ", WeisRules(), SEQ, 20, id="3 sequence 10-U-O = 20 (the 10 is next to the U)"),
    # seed 001: "4 kaarten op volgorde in dezelfde kleur: 50 punten"
    pytest.param("C9 C10 CJ CQ", WeisRules(), SEQ, 50, id="3 sequence of 4 = 50 (seed 001)"),
    # seed 001: "5 kaarten op volgorde in dezelfde kleur: 100 punten"
    pytest.param("D10 DJ DQ DK DA", WeisRules(), SEQ, 100, id="3 sequence of 5 = 100 (seed 001)"),
    pytest.param("H6 H7 H8 H9 H10 HJ", WeisRules(), SEQ, 150, id="3 sequence of 6 = 150"),
    pytest.param("S6 S7 S8 S9 S10 SJ SQ", WeisRules(), SEQ, 200, id="3 sequence of 7 = 200"),
    pytest.param("C7 C8 C9 C10 CJ CQ CK CA", WeisRules(), SEQ, 250, id="3 sequence of 8 = 250"),
    pytest.param("D6 D7 D8 D9 D10 DJ DQ DK DA", WeisRules(), SEQ, 300, id="3 sequence of 9 = 300"),
    # seed 001: "4 10en, 4 vrouwen, 4 heeren, 4 Azen: 100 punten"
    pytest.param("C10 S10 H10 D10", WeisRules(), FOUR, 100, id="3 four 10s = 100 (seed 001)"),
    pytest.param("CQ SQ HQ DQ", WeisRules(), FOUR, 100, id="3 four O (Queens) = 100 (seed 001)"),
    pytest.param("CK SK HK DK", WeisRules(), FOUR, 100, id="3 four K = 100 (seed 001)"),
    pytest.param("CA SA HA DA", WeisRules(), FOUR, 100, id="3 four A = 100 (seed 001)"),
    # seed 001: "4 9en: 150 punten"
    pytest.param("C9 S9 H9 D9", WeisRules(), FOUR, 150, id="3 four 9s = 150 (seed 001)"),
    # seed 001: "4 boeren: 200 punten"
    pytest.param("CJ SJ HJ DJ", WeisRules(), FOUR, 200, id="3 four U (Jacks) = 200 (seed 001)"),
    pytest.param("C6 S6 H6 D6", LOW, FOUR, 100, id="3 low_quartets on: four 6s = 100"),
    pytest.param("C7 S7 H7 D7", LOW, FOUR, 100, id="3 low_quartets on: four 7s = 100"),
    pytest.param("C8 S8 H8 D8", LOW, FOUR, 100, id="3 low_quartets on: four 8s = 100"),
    pytest.param("CJ SJ HJ DJ", LOW, FOUR, 200, id="3 low_quartets on: four U stay 200"),
    pytest.param("H6 H7 H8", LOW, SEQ, 20, id="3 low_quartets on: sequences unchanged"),
]


@pytest.mark.parametrize(("cards", "rules", "kind", "points"), VALUE_ROWS)
def test_weis_values(cards: str, rules: WeisRules, kind: WeisKind, points: int) -> None:
    weis = Weis.from_cards(cards, rules)
    assert (weis.kind, weis.cards, weis.points) == (kind, CardSet.parse(cards), points)
    # a hand that is exactly these cards declares exactly this Weis
    assert detect_weis(CardSet.parse(cards), rules) == (weis,)
    assert reference.weis_points(CardSet.parse(cards), rules.low_quartets) == [points]


def test_default_weis_rules() -> None:
    rules = WeisRules()
    assert rules.sequence_points == (20, 50, 100, 150, 200, 250, 300)
    assert rules.low_quartets is False and rules.cross_weis is True
    assert rules.equal_weis_tiebreak is QUARTET_FIRST
    assert [rules.quartet_points(r) for r in Rank] == [0, 0, 0, 150, 100, 200, 100, 100, 100]
    assert [LOW.quartet_points(r) for r in Rank] == [100, 100, 100, 150, 100, 200, 100, 100, 100]


@pytest.mark.parametrize(
    ("cards", "rules"),
    [
        pytest.param("C6 S6 H6 D6", WeisRules(), id="3 four 6s: no Weis by default (seed lists none)"),
        pytest.param("C7 S7 H7 D7", WeisRules(), id="3 four 7s: no Weis by default"),
        pytest.param("C8 S8 H8 D8", WeisRules(), id="3 four 8s: no Weis by default"),
        pytest.param("HK HA H6", WeisRules(), id="3 no wrap-around: K-A-6 is no sequence"),
        pytest.param("HA H6 H7", WeisRules(), id="3 no wrap-around: A-6-7 is no sequence"),
        pytest.param("SQ SK", WeisRules(), id="3 two cards are no sequence"),
        pytest.param("H6 H7 H9", WeisRules(), id="3 a gap breaks a sequence"),
        pytest.param("H6 H7 S8", WeisRules(), id="3 a sequence is in one suit"),
        pytest.param("HJ H9 HA", WeisRules(), id="3 natural order, not trump order: U-9-A is no sequence"),
        pytest.param("C10 S10 H10", WeisRules(), id="3 three of a kind is no Weis"),
        pytest.param("C10 S10 H10 D10 DJ", WeisRules(), id="3 four of a kind plus a card is no one Weis"),
        pytest.param("", WeisRules(), id="3 no cards, no Weis"),
    ],
)
def test_no_weis(cards: str, rules: WeisRules) -> None:
    with pytest.raises(InvalidCardsError, match="is no Weis"):
        Weis.from_cards(cards, rules)


# --- detect_weis ---------------------------------------------------------------------

DETECT_ROWS = [
    pytest.param("H6 H7 H8 H9 H10 CA SK D7 D9", WeisRules(), ["H6 H7 H8 H9 H10"],
                 id="3 a run of N counts once, as N (5 cards = one 100)"),
    pytest.param("HQ HK HA H6 H7 C9", WeisRules(), ["HQ HK HA"],
                 id="3 no wrap: Q-K-A-6-7 is only Q-K-A"),
    pytest.param("HK HA H6 H7 C9", WeisRules(), [], id="3 no wrap: K-A and 6-7 are no Weis"),
    pytest.param("H6 H7 H8 H10 HJ HQ", WeisRules(), ["H6 H7 H8", "H10 HJ HQ"],
                 id="3 a gap makes two sequences in one suit"),
    pytest.param("C6 C7 C8 S9 S10 SJ SQ", WeisRules(), ["S9 S10 SJ SQ", "C6 C7 C8"],
                 id="3 sequences in two suits, most points first"),
    pytest.param("D6 D7 D8 D9 D10 DJ DQ DK DA", WeisRules(), ["D6 D7 D8 D9 D10 DJ DQ DK DA"],
                 id="3 a whole suit is one sequence of 9 = 300"),
    pytest.param("CJ SJ HJ DJ C9 S9 H9 D9", WeisRules(), ["CJ SJ HJ DJ", "C9 S9 H9 D9"],
                 id="3 two quartets: 200 and 150"),
    pytest.param("C6 S6 H6 D6 C7 S7 H7 D7", WeisRules(), [], id="3 four 6s and four 7s: nothing by default"),
    pytest.param("C6 S6 H6 D6 C7 S7 H7 D7", LOW, ["C6 S6 H6 D6", "C7 S7 H7 D7"],
                 id="3 four 6s and four 7s with low_quartets: 100 + 100"),
    # Kreuzweis
    pytest.param("C9 C10 CJ SJ HJ DJ", WeisRules(), ["CJ SJ HJ DJ", "C9 C10 CJ"],
                 id="3 cross_weis on: the CJ counts in the quartet and the sequence"),
    pytest.param("C9 C10 CJ SJ HJ DJ", NO_CROSS, ["CJ SJ HJ DJ"],
                 id="3 cross_weis off: each card once, the quartet (200) beats the sequence (20)"),
    pytest.param("C6 C7 C8 C9 S9 H9 D9", WeisRules(), ["C9 S9 H9 D9", "C6 C7 C8 C9"],
                 id="3 cross_weis on: four 9s 150 and 6-7-8-9 50"),
    pytest.param("C6 C7 C8 C9 S9 H9 D9", NO_CROSS, ["C9 S9 H9 D9", "C6 C7 C8"],
                 id="3 cross_weis off: four 9s 150 and the rest 6-7-8 20 (170 > 50)"),
    pytest.param("C8 C9 C10 CJ CQ CK S10 H10 D10", WeisRules(), ["C8 C9 C10 CJ CQ CK", "C10 S10 H10 D10"],
                 id="3 cross_weis on: sequence of 6 150 and four 10s 100"),
    pytest.param("C8 C9 C10 CJ CQ CK S10 H10 D10", NO_CROSS, ["C8 C9 C10 CJ CQ CK"],
                 id="3 cross_weis off: the sequence 150 beats four 10s + U-O-K (100 + 20)"),
    # 6: without Kreuzweis, equal-point splits keep the strongest single Weis (RULES.md 6)
    pytest.param("CQ SQ HQ D10 DJ DQ DK DA", NO_CROSS, ["CQ SQ HQ DQ"],
                 id="6 cross_weis off, equal points: four Queens (100) beat D10-DA (100) sharing the DQ"),
    pytest.param("CQ SQ HQ D10 DJ DQ DK DA", WeisRules(cross_weis=False, equal_weis_tiebreak=MORE_CARDS_FIRST),
                 ["D10 DJ DQ DK DA"],
                 id="6 cross_weis off, more_cards_first: the five-card sequence beats four Queens"),
    pytest.param("C10 S10 H10 D10 D6 D7 D8 D9", NO_CROSS, ["C10 S10 H10 D10", "D6 D7 D8 D9"],
                 id="3 cross_weis off: four 10s + D6-D9 (100 + 50) beat D6-D10 (100)"),
    # 6: Stöck inside a sequence
    pytest.param("HQ HK HA C6", WeisRules(), ["HQ HK HA"], id="6 Stöck inside a sequence O-K-A: the sequence counts"),
    pytest.param("H9 H10 HJ", WeisRules(), ["H9 H10 HJ"], id="3 sequences use natural order in every mode"),
    pytest.param("", WeisRules(), [], id="3 an empty hand has no Weis"),
]


@pytest.mark.parametrize(("hand", "rules", "expected"), DETECT_ROWS)
def test_detect_weis(hand: str, rules: WeisRules, expected: list[str]) -> None:
    found = detect_weis(CardSet.parse(hand), rules)
    assert [w.cards for w in found] == [CardSet.parse(e) for e in expected]
    assert found == tuple(Weis.from_cards(e, rules) for e in expected)
    assert detect_weis([Card.parse(c) for c in hand.split()], rules) == found  # any iterable


def test_weis_properties_and_text() -> None:
    seq = W("H6 H7 H8 H9")
    assert (seq.top, seq.suit) == (Rank.NINE, Suit.SCHILTEN)
    assert str(seq) == "sequence H6-H9: 50"
    four = W("CJ SJ HJ DJ")
    assert (four.top, four.suit) == (Rank.JACK, None)
    assert str(four) == "four J (CJ SJ HJ DJ): 200"
    assert repr(W("SQ SK SA")) == "Weis(kind=WeisKind.SEQUENCE, cards=CardSet('SQ SK SA'), points=20)"
    assert W("SQ SK SA") == Weis.from_cards(["SA", "SQ", "SK"]) and hash(W("SQ SK SA")) == hash(W("SA SK SQ"))


# --- comparing Weis ----------------------------------------------------------------------

# weis_strength: (stronger, weaker) under a tie-break, or equal.
STRENGTH_ROWS = [
    pytest.param("S6 S7 S8 S9", "C6 C7 C8", Trump.EICHELN, QUARTET_FIRST, ">",
                 id="3 compare: points first, a plain 4-sequence (50) beats a trump 3-sequence (20)"),
    pytest.param("CA SA HA DA", "S6 S7 S8 S9", Trump.ROSEN, MORE_CARDS_FIRST, ">",
                 id="3 compare: points first, four A (100) beat a trump 4-sequence (50) under either tie-break"),
    pytest.param("C9 S9 H9 D9", "D6 D7 D8 D9 D10", Trump.SCHELLEN, QUARTET_FIRST, ">",
                 id="3 compare: points first, four 9s 150 beat a trump sequence of 5 (100)"),
    pytest.param("CK SK HK DK", "S6 S7 S8 S9 S10", Trump.ROSEN, QUARTET_FIRST, ">",
                 id="3 compare: equal points, quartet beats sequence (QUARTET_FIRST, seed 001)"),
    pytest.param("S6 S7 S8 S9 S10", "CK SK HK DK", Trump.ROSEN, MORE_CARDS_FIRST, ">",
                 id="3 compare: equal points, 5-card sequence beats quartet (MORE_CARDS_FIRST)"),
    pytest.param("C10 S10 H10 D10", "HJ HQ HK HA H10", Trump.SCHILTEN, QUARTET_FIRST, ">",
                 id="3 compare: QUARTET_FIRST comes before the top card: four 10s beat a trump U-A"),
    pytest.param("HJ HQ HK HA H10", "C10 S10 H10 D10", Trump.SCHILTEN, MORE_CARDS_FIRST, ">",
                 id="3 compare: MORE_CARDS_FIRST: the 5-sequence beats four 10s"),
    pytest.param("C9 S9 H9 D9", "H6 H7 H8 H9 H10 HJ", Trump.SCHILTEN, QUARTET_FIRST, ">",
                 id="3 compare: four 9s (150) beat a sequence of 6 (150), QUARTET_FIRST"),
    pytest.param("H6 H7 H8 H9 H10 HJ", "C9 S9 H9 D9", Trump.SCHILTEN, MORE_CARDS_FIRST, ">",
                 id="3 compare: a sequence of 6 beats four 9s, MORE_CARDS_FIRST"),
    pytest.param("CJ SJ HJ DJ", "S6 S7 S8 S9 S10 SJ SQ", Trump.ROSEN, QUARTET_FIRST, ">",
                 id="3 compare: four U (200) beat a sequence of 7 (200), QUARTET_FIRST"),
    pytest.param("S6 S7 S8 S9 S10 SJ SQ", "CJ SJ HJ DJ", Trump.ROSEN, MORE_CARDS_FIRST, ">",
                 id="3 compare: a sequence of 7 beats four U, MORE_CARDS_FIRST"),
    pytest.param("S8 S9 S10", "H7 H8 H9", Trump.SCHELLEN, QUARTET_FIRST, ">",
                 id="3 compare: equal points, the higher top card (10 > 9)"),
    pytest.param("H7 H8 H9", "C6 C7 C8", Trump.EICHELN, QUARTET_FIRST, ">",
                 id="3 compare: the top card comes before the trump suit"),
    pytest.param("CA SA HA DA", "CK SK HK DK", Trump.SCHELLEN, QUARTET_FIRST, ">",
                 id="3 compare: four A beat four K (top card)"),
    pytest.param("CQ SQ HQ DQ", "C10 S10 H10 D10", Trump.SCHELLEN, QUARTET_FIRST, ">",
                 id="3 compare: four O beat four 10s (natural order)"),
    pytest.param("C6 C7 C8", "H6 H7 H8", Trump.EICHELN, QUARTET_FIRST, ">",
                 id="3 compare: equal top card, the trump suit wins"),
    pytest.param("C6 C7 C8", "H6 H7 H8", Trump.EICHELN, MORE_CARDS_FIRST, ">",
                 id="3 compare: equal top card, the trump suit wins (MORE_CARDS_FIRST too)"),
    pytest.param("H6 H7 H8", "S6 S7 S8", Trump.SCHELLEN, QUARTET_FIRST, "=",
                 id="3 compare: two plain-suit sequences alike: equal (seats decide)"),
    pytest.param("H6 H7 H8", "C6 C7 C8", Trump.OBENABE, QUARTET_FIRST, "=",
                 id="3 compare: no trump suit in Obenabe: equal"),
    pytest.param("HQ HK HA", "CQ CK CA", Trump.UNDENUFE, QUARTET_FIRST, "=",
                 id="3 compare: no trump suit in Undenufe: equal"),
]


@pytest.mark.parametrize(("a", "b", "mode", "tiebreak", "relation"), STRENGTH_ROWS)
def test_weis_strength(a: str, b: str, mode: Trump, tiebreak: WeisTiebreak, relation: str) -> None:
    ka, kb = weis_strength(W(a), mode, tiebreak), weis_strength(W(b), mode, tiebreak)
    if relation == ">":
        assert ka > kb
        # whoever sits nearer Vorhand, the stronger Weis wins
        assert best_weis([[W(a)], [W(b)]], mode, vorhand=1, tiebreak=tiebreak) == 0
        assert best_weis([[W(b)], [W(a)]], mode, vorhand=0, tiebreak=tiebreak) == 1
    else:
        assert ka == kb


BEST_ROWS = [
    # declared per seat (4 seats), trump, Vorhand, tie-break, winning seat
    pytest.param(["H6 H7 H8", "", "", "S6 S7 S8 S9"], Trump.SCHELLEN, 0, QUARTET_FIRST, 3,
                 id="3 compare: points first (50 beats 20 held by Vorhand)"),
    pytest.param(["S6 S7 S8 S9 S10", "CK SK HK DK", "", ""], Trump.ROSEN, 0, QUARTET_FIRST, 1,
                 id="3 compare: four K beat the trump 6-10 (equal 100), QUARTET_FIRST (seed 001)"),
    pytest.param(["S6 S7 S8 S9 S10", "CK SK HK DK", "", ""], Trump.ROSEN, 0, MORE_CARDS_FIRST, 0,
                 id="3 compare: the 6-10 beats four K, MORE_CARDS_FIRST"),
    pytest.param(["H7 H8 H9", "S8 S9 S10", "", ""], Trump.SCHELLEN, 0, QUARTET_FIRST, 1,
                 id="3 compare: higher top card (seed 001: 'diegene hoger die de hoogste kaart heeft')"),
    pytest.param(["CQ SQ HQ DQ", "", "", "CA SA HA DA"], Trump.SCHELLEN, 0, QUARTET_FIRST, 3,
                 id="3 compare: four A beat four O"),
    pytest.param(["", "H6 H7 H8", "", "C6 C7 C8"], Trump.EICHELN, 1, QUARTET_FIRST, 3,
                 id="3 compare: trump suit (seed 001: 'dan heeft de troefkleur voorrang')"),
    pytest.param(["", "C6 C7 C8", "", "H6 H7 H8"], Trump.EICHELN, 3, QUARTET_FIRST, 1,
                 id="3 compare: trump suit beats the seat order"),
    # seed 001: "Mocht dit alsnog hetzelfde zijn dan wint de speler die het dichtsbij de eerste
    # speler zit de 'Weis'."  RULES.md 6: two identical plain-suit sequences: seat order.
    pytest.param(["", "H6 H7 H8", "", "S6 S7 S8"], Trump.SCHELLEN, 2, QUARTET_FIRST, 3,
                 id="6 identical plain-suit sequences: seat nearest Vorhand (V=2: 3 before 1)"),
    pytest.param(["", "H6 H7 H8", "", "S6 S7 S8"], Trump.SCHELLEN, 0, QUARTET_FIRST, 1,
                 id="6 identical plain-suit sequences: seat nearest Vorhand (V=0: 1 before 3)"),
    pytest.param(["", "H6 H7 H8", "", "S6 S7 S8"], Trump.SCHELLEN, 1, QUARTET_FIRST, 1,
                 id="6 identical plain-suit sequences: Vorhand itself first"),
    pytest.param(["", "H6 H7 H8", "", "S6 S7 S8"], Trump.SCHELLEN, 3, QUARTET_FIRST, 3,
                 id="6 identical plain-suit sequences: Vorhand itself first (V=3)"),
    pytest.param(["C6 C7 C8", "", "D6 D7 D8", ""], Trump.OBENABE, 3, QUARTET_FIRST, 0,
                 id="6 identical sequences in Obenabe (no trump suit): V=3, 0 before 2"),
    pytest.param(["C6 C7 C8", "", "D6 D7 D8", ""], Trump.UNDENUFE, 1, QUARTET_FIRST, 2,
                 id="6 identical sequences in Undenufe: V=1, 2 before 0"),
    pytest.param(["H6 H7 H8|C6 C7 C8|D9 D10 DJ", "S6 S7 S8 S9", "", ""], Trump.EICHELN, 0, QUARTET_FIRST, 1,
                 id="3 compare: each seat's single best Weis, not their number or sum"),
    pytest.param(["CJ SJ HJ DJ|H6 H7 H8", "C9 S9 H9 D9|S6 S7 S8 S9 S10", "", ""], Trump.ROSEN, 1, QUARTET_FIRST, 0,
                 id="3 compare: best of each seat: four U (200) beat four 9s (150) held by Vorhand"),
    pytest.param(["", "", "", ""], Trump.ROSEN, 0, QUARTET_FIRST, None, id="3 nobody declared: no best Weis"),
]


# RULES.md 3 "Weis ties in Undenufe", option undenufe_order: (a, b, mode, order, relation).
UNDENUFE_ROWS = [
    pytest.param("CQ CK CA", "S6 S7 S8", Trump.UNDENUFE, NATURAL, ">",
                 id="3 undenufe_order natural (default): Q-K-A beats 6-7-8 in Undenufe"),
    pytest.param("S6 S7 S8", "CQ CK CA", Trump.UNDENUFE, REVERSED, ">",
                 id="3 undenufe_order reversed: 6-7-8 beats Q-K-A in Undenufe (Parlett)"),
    pytest.param("H7 H8 H9 H10", "D8 D9 D10 DJ", Trump.UNDENUFE, REVERSED, ">",
                 id="3 undenufe_order reversed: 7-10 beats 8-J (the lower bottom card)"),
    pytest.param("H7 H8 H9 H10", "D7 D8 D9 D10", Trump.UNDENUFE, REVERSED, "=",
                 id="3 undenufe_order reversed: equal sequences stay equal (seats decide)"),
    pytest.param("CQ CK CA", "S6 S7 S8", Trump.OBENABE, REVERSED, ">",
                 id="3 undenufe_order reversed changes nothing in Obenabe"),
    pytest.param("CQ CK CA", "S6 S7 S8", Trump.SCHILTEN, REVERSED, ">",
                 id="3 undenufe_order reversed changes nothing with a trump suit"),
    pytest.param("S6 S7 S8 S9", "CQ CK CA", Trump.UNDENUFE, NATURAL, ">",
                 id="3 undenufe_order: points come first in either order (50 beats 20)"),
    pytest.param("CQ CK CA", "S6 S7 S8 S9", Trump.UNDENUFE, REVERSED, "<",
                 id="3 undenufe_order reversed: points come first (50 beats 20)"),
    pytest.param("CA SA HA DA", "CK SK HK DK", Trump.UNDENUFE, NATURAL, ">",
                 id="3 undenufe_order natural (default): four Aces beat four Kings in Undenufe too"),
    pytest.param("CK SK HK DK", "CA SA HA DA", Trump.UNDENUFE, REVERSED, ">",
                 id="3 undenufe_order reversed: four Kings beat four Aces (Parlett: 'Kings beat Aces')"),
    pytest.param("CQ SQ HQ DQ", "CK SK HK DK", Trump.UNDENUFE, REVERSED, ">",
                 id="3 undenufe_order reversed: four Queens beat four Kings (Parlett: 'Queens beat Kings')"),
    pytest.param("C10 S10 H10 D10", "CA SA HA DA", Trump.UNDENUFE, REVERSED, ">",
                 id="3 undenufe_order reversed: four 10s beat four Aces"),
    pytest.param("CA SA HA DA", "CK SK HK DK", Trump.OBENABE, REVERSED, ">",
                 id="3 undenufe_order reversed changes nothing in Obenabe: four Aces beat four Kings"),
    pytest.param("CJ SJ HJ DJ", "CK SK HK DK", Trump.UNDENUFE, REVERSED, ">",
                 id="3 undenufe_order reversed: points come first, four U (200) beat four Kings (100)"),
]


# anzeigervonsaanen.ch (2020): with Undenufe four 6s beat four Aces; four 6s are a Weis only with
# low_quartets (100, as four Aces).
LOW = WeisRules(low_quartets=True)
LOW_ROWS = [
    pytest.param("C6 S6 H6 D6", "CA SA HA DA", REVERSED, ">",
                 id="3 undenufe_order reversed, low_quartets: four 6s beat four Aces (anzeigervonsaanen.ch)"),
    pytest.param("C6 S6 H6 D6", "CA SA HA DA", NATURAL, "<",
                 id="3 undenufe_order natural, low_quartets: four Aces beat four 6s"),
    pytest.param("C6 S6 H6 D6", "C8 S8 H8 D8", REVERSED, ">",
                 id="3 undenufe_order reversed, low_quartets: four 6s beat four 8s"),
    pytest.param("C9 S9 H9 D9", "C6 S6 H6 D6", REVERSED, ">",
                 id="3 undenufe_order reversed, low_quartets: four 9s (150) beat four 6s (100)"),
]


@pytest.mark.parametrize(("a", "b", "order", "relation"), LOW_ROWS)
def test_undenufe_order_of_low_quartets(a: str, b: str, order: UndenufeOrder, relation: str) -> None:
    first, second = Weis.from_cards(a, LOW), Weis.from_cards(b, LOW)
    winner = 0 if relation == ">" else 1
    assert best_weis([[first], [second]], Trump.UNDENUFE, 1, QUARTET_FIRST, order) == winner
    assert best_weis([[second], [first]], Trump.UNDENUFE, 0, QUARTET_FIRST, order) == 1 - winner


@pytest.mark.parametrize(("a", "b", "mode", "order", "relation"), UNDENUFE_ROWS)
def test_undenufe_order(a: str, b: str, mode: Trump, order: UndenufeOrder, relation: str) -> None:
    ka = weis_strength(W(a), mode, QUARTET_FIRST, order)
    kb = weis_strength(W(b), mode, QUARTET_FIRST, order)
    assert {">": ka > kb, "<": ka < kb, "=": ka == kb}[relation]
    if relation != "=":  # whoever sits nearer Vorhand
        winner = 0 if relation == ">" else 1
        assert best_weis([[W(a)], [W(b)]], mode, 1, QUARTET_FIRST, order) == winner
        assert best_weis([[W(b)], [W(a)]], mode, 0, QUARTET_FIRST, order) == 1 - winner
    assert WeisRules().undenufe_order is NATURAL


@pytest.mark.parametrize(("declared", "mode", "vorhand", "tiebreak", "seat"), BEST_ROWS)
def test_best_weis(declared: list[str], mode: Trump, vorhand: int, tiebreak: WeisTiebreak, seat: int | None) -> None:
    weis = [[W(group) for group in text.split("|")] if text else [] for text in declared]
    assert best_weis(weis, mode, vorhand, tiebreak) == seat


def test_best_weis_two_players() -> None:
    # The same chain with two seats: equal sequences go to Vorhand.
    a, b = W("H6 H7 H8"), W("S6 S7 S8")
    assert best_weis([[a], [b]], Trump.SCHELLEN, vorhand=1) == 1
    assert best_weis([[a], [b]], Trump.SCHELLEN, vorhand=0) == 0
    assert best_weis([], Trump.SCHELLEN, vorhand=0) is None


# --- Stöck -----------------------------------------------------------------------------

STOECK_ROWS = [
    # seed 001: "Paar: als u aan het begin van de ronde de heer en vrouw in troefkleur in uw
    # hand heeft, krijgt u ... 20 punten extra."
    pytest.param("HK HQ C6", Trump.SCHILTEN, True, id="3 Stöck: trump K + O in one hand"),
    pytest.param("HK C6 HA", Trump.SCHILTEN, False, id="3 Stöck: the K alone is no Stöck"),
    pytest.param("HQ C6", Trump.SCHILTEN, False, id="3 Stöck: the O alone is no Stöck"),
    pytest.param("HK HQ", Trump.EICHELN, False, id="3 Stöck: K + O of a plain suit are no Stöck"),
    pytest.param("CK CQ", Trump.EICHELN, True, id="3 Stöck: K + O of Eicheln when Eicheln is trump"),
    pytest.param("CK CQ SK SQ HK HQ DK DQ", Trump.OBENABE, False, id="3 Stöck: none in Obenabe"),
    pytest.param("CK CQ SK SQ HK HQ DK DQ", Trump.UNDENUFE, False, id="3 Stöck: none in Undenufe"),
    pytest.param("CK CQ SK SQ HK HQ DK DQ", Trump.SCHELLEN, True, id="3 Stöck: every suit's pair, trump Schellen"),
    pytest.param("HQ HK HA C6", Trump.SCHILTEN, True, id="6 Stöck inside the sequence O-K-A: Stöck counts"),
    pytest.param("HQ HK CK SK DK", Trump.SCHILTEN, True, id="6 Stöck and four K: Stöck counts"),
    pytest.param("", Trump.SCHILTEN, False, id="3 Stöck: an empty hand"),
]


@pytest.mark.parametrize(("hand", "mode", "expected"), STOECK_ROWS)
def test_has_stoeck(hand: str, mode: Trump, expected: bool) -> None:
    cards = CardSet.parse(hand)
    assert has_stoeck(cards, mode) is expected
    assert has_stoeck(list(cards), mode) is expected


def test_stoeck_cards_and_points() -> None:
    assert STOECK_POINTS == 20
    assert stoeck_cards(Trump.SCHILTEN) == CardSet.parse("HQ HK")
    assert stoeck_cards(Trump.EICHELN) == CardSet.parse("CQ CK")
    assert stoeck_cards(Trump.OBENABE) == CardSet() == stoeck_cards(Trump.UNDENUFE)


def test_6_stoeck_inside_a_weis_sequence_both_count() -> None:
    # RULES.md 6 "Stöck inside a weis sequence (trump O-K-A): both count"; RULES.md 3: Stöck
    # is "not compared with weis".
    hand = CardSet.parse("HQ HK HA C6 S7 D8")
    assert has_stoeck(hand, Trump.SCHILTEN)
    assert detect_weis(hand) == (Weis(SEQ, CardSet.parse("HQ HK HA"), 20),)
    assert detect_weis(hand, NO_CROSS) == (Weis(SEQ, CardSet.parse("HQ HK HA"), 20),)


# --- errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error"),
    [
        pytest.param(lambda: Weis.from_cards(_any(None)), InvalidCardsError, id="Weis.from_cards: None"),
        pytest.param(lambda: Weis.from_cards(_any(42)), InvalidCardsError, id="Weis.from_cards: 42"),
        pytest.param(lambda: Weis.from_cards("SQ SK"), InvalidCardsError, id="Weis.from_cards: two cards"),
        pytest.param(lambda: Weis.from_cards(_any(["SQ", 42])), InvalidCardsError, id="Weis.from_cards: 42 in the list"),
        pytest.param(lambda: Weis.from_cards("SQ SK X9"), InvalidNotationError, id="Weis.from_cards: bad notation"),
        pytest.param(lambda: Weis.from_cards("SQ SK SA", _any(None)), InvalidRulesError, id="Weis.from_cards: rules None"),
        pytest.param(lambda: detect_weis(_any(None)), InvalidCardsError, id="detect_weis: None"),
        pytest.param(lambda: detect_weis(_any(42)), InvalidCardsError, id="detect_weis: 42"),
        pytest.param(lambda: detect_weis(CardSet(), _any("cross")), InvalidRulesError, id="detect_weis: rules str"),
        pytest.param(lambda: best_weis([[]], Trump.ROSEN, 1), InvalidCardsError, id="best_weis: vorhand 1 of 1 seat"),
        pytest.param(lambda: best_weis([[], []], Trump.ROSEN, -1), InvalidCardsError, id="best_weis: vorhand -1"),
        pytest.param(lambda: best_weis([[], []], Trump.ROSEN, _any(None)), InvalidCardsError, id="best_weis: vorhand None"),
        pytest.param(lambda: best_weis([[], []], Trump.ROSEN, _any("0")), InvalidCardsError, id="best_weis: vorhand '0'"),
        pytest.param(lambda: best_weis(_any(None), Trump.ROSEN, 0), InvalidCardsError, id="best_weis: declared None"),
        pytest.param(lambda: best_weis(_any([[42]]), Trump.ROSEN, 0), InvalidCardsError, id="best_weis: 42 as a Weis"),
        pytest.param(lambda: best_weis([[W("H6 H7 H8")]], _any("X"), 0), InvalidNotationError, id="best_weis: trump 'X'"),
        pytest.param(lambda: best_weis([[W("H6 H7 H8")]], Trump.ROSEN, 0, _any("quartet_first")), InvalidRulesError,
                     id="best_weis: tiebreak as text"),
        pytest.param(lambda: has_stoeck(_any(None), Trump.ROSEN), InvalidCardsError, id="has_stoeck: hand None"),
        pytest.param(lambda: has_stoeck(CardSet(), _any(None)), InvalidNotationError, id="has_stoeck: trump None"),
        pytest.param(lambda: WeisRules(sequence_points=(20, 50)), InvalidRulesError, id="WeisRules: 2 sequence values"),
        pytest.param(lambda: WeisRules(sequence_points=_any((20, 50, 100, 150, 200, 250, -1))), InvalidRulesError,
                     id="WeisRules: a negative value"),
    ],
)
def test_bad_input_raises_jass_error(call: Callable[[], object], error: type[JassError]) -> None:
    with pytest.raises(error):
        call()


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda: WeisRules(low_quartets=_any("yes")), id="WeisRules: low_quartets 'yes'"),
        pytest.param(lambda: WeisRules(cross_weis=_any(None)), id="WeisRules: cross_weis None"),
        pytest.param(lambda: WeisRules(equal_weis_tiebreak=_any("quartet_first")), id="WeisRules: tiebreak as text"),
    ],
)
def test_weis_rules_reject_wrong_types(make: Callable[[], object]) -> None:
    # DESIGN: bad input raises a JassError (a ValueError), never a bare TypeError.
    with pytest.raises(InvalidRulesError):
        make()


def test_stoeck_reads_text_modes() -> None:
    assert has_stoeck(CardSet.parse("HK HQ"), _any("Schilten"))
    assert stoeck_cards(_any("obenabe")) == CardSet()


# --- properties --------------------------------------------------------------------------


@given(js.card_sets(max_size=12), st.booleans())
@js.examples(300)
def test_property_detect_weis_matches_reference(hand: CardSet, low: bool) -> None:
    rules = WeisRules(low_quartets=low)
    found = detect_weis(hand, rules)
    assert [w.points for w in found] == reference.weis_points(hand, low)
    for weis in found:
        assert weis == Weis.from_cards(weis.cards, rules)  # each is a real Weis ...
        assert weis.cards <= hand  # ... of cards in the hand
    sequences = [w for w in found if w.kind is SEQ]
    assert {(w.suit, tuple(c.rank for c in w.cards)) for w in sequences} == {
        (suit, tuple(run)) for suit, run in reference.sequences(hand)
    }
    assert [w.points for w in found] == sorted((w.points for w in found), reverse=True)


@given(js.card_sets(max_size=12), js.weis_rules())
@js.examples(300)
def test_property_without_cross_weis_no_card_counts_twice(hand: CardSet, rules: WeisRules) -> None:
    crossed = detect_weis(hand, WeisRules(low_quartets=rules.low_quartets, cross_weis=True))
    single = detect_weis(hand, WeisRules(low_quartets=rules.low_quartets, cross_weis=False))
    used = CardSet()
    for weis in single:
        assert weis.cards.isdisjoint(used)
        assert weis == Weis.from_cards(weis.cards, rules)
        used |= weis.cards
    assert sum(w.points for w in single) <= sum(w.points for w in crossed)
    # without overlaps both rules find the same
    if all(a.cards.isdisjoint(b.cards) for i, a in enumerate(crossed) for b in crossed[i + 1 :]):
        assert single == crossed


@st.composite
def _declarations(draw: st.DrawFn) -> list[list[Weis]]:
    seats = draw(st.integers(min_value=2, max_value=4))
    hands = draw(st.lists(js.card_sets(max_size=9), min_size=seats, max_size=seats))
    return [list(detect_weis(h, LOW)) for h in hands]


@given(_declarations(), js.trumps(), st.sampled_from([QUARTET_FIRST, MORE_CARDS_FIRST]), st.data())
@js.examples(200)
def test_property_best_weis(declared: list[list[Weis]], mode: Trump, tiebreak: WeisTiebreak, data: st.DataObject) -> None:
    seats = len(declared)
    vorhand = data.draw(st.integers(min_value=0, max_value=seats - 1))
    winner = best_weis(declared, mode, vorhand, tiebreak)
    if not any(declared):
        assert winner is None
        return
    assert winner is not None and declared[winner]
    best = max(weis_strength(w, mode, tiebreak) for w in declared[winner])
    for seat, weis_list in enumerate(declared):
        for weis in weis_list:
            key = weis_strength(weis, mode, tiebreak)
            assert key <= best
            if key == best:  # a tie goes to the seat nearer Vorhand
                assert (winner - vorhand) % seats <= (seat - vorhand) % seats
    # turning the table: the same declarations one seat further on win one seat further on
    shift = data.draw(st.integers(min_value=1, max_value=seats - 1))
    turned = declared[-shift:] + declared[:-shift]
    assert best_weis(turned, mode, (vorhand + shift) % seats, tiebreak) == (winner + shift) % seats
