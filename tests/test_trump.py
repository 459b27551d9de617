"""Trump modes: rank orders and points (RULES.md section 1).

Every expected value is worked out by hand from RULES.md section 1 and the seeds.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference
import strategies as js
from jass.cards import FULL_DECK, Card, CardSet, Rank, Suit
from jass.errors import InvalidNotationError, InvalidRulesError
from jass.tricks import trick_winner
from jass.trump import DEFAULT_TRUMP_JACK_POINTS, LAST_TRICK_BONUS, PerTrickMode, Trump, parse_mode, point_table



def _any(value: object) -> Any:
    """Pass a deliberately ill-typed value past the type checker."""
    return value


A, K, O, U, T = Rank.ACE, Rank.KING, Rank.OBER, Rank.UNDER, Rank.TEN
N9, N8, N7, N6 = Rank.NINE, Rank.EIGHT, Rank.SEVEN, Rank.SIX

# Strongest first, straight from RULES.md 1.
PLAIN = (A, K, O, U, T, N9, N8, N7, N6)
TRUMP = (U, N9, A, K, O, T, N8, N7, N6)
UNDENUFE = (N6, N7, N8, N9, T, U, O, K, A)


# --- RULES.md 1: orders -------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "suit", "order"),
    [
        pytest.param(Trump.EICHELN, Suit.EICHELN, TRUMP, id="1 trump order U>9>A>K>O>10>8>7>6 (Eicheln)"),
        pytest.param(Trump.ROSEN, Suit.ROSEN, TRUMP, id="1 trump order (Rosen)"),
        pytest.param(Trump.SCHILTEN, Suit.SCHILTEN, TRUMP, id="1 trump order (Schilten)"),
        pytest.param(Trump.SCHELLEN, Suit.SCHELLEN, TRUMP, id="1 trump order (Schellen)"),
        pytest.param(Trump.EICHELN, Suit.SCHILTEN, PLAIN, id="1 plain-suit order A>K>O>U>10>9>8>7>6 beside a trump"),
        pytest.param(Trump.SCHELLEN, Suit.EICHELN, PLAIN, id="1 plain-suit order (Eicheln when Schellen is trump)"),
        pytest.param(Trump.OBENABE, Suit.EICHELN, PLAIN, id="1 Obenabe order = plain order (Eicheln)"),
        pytest.param(Trump.OBENABE, Suit.SCHELLEN, PLAIN, id="1 Obenabe order = plain order (Schellen)"),
        pytest.param(Trump.UNDENUFE, Suit.ROSEN, UNDENUFE, id="1 Undenufe order 6>7>8>9>10>U>O>K>A (Rosen)"),
        pytest.param(Trump.UNDENUFE, Suit.SCHILTEN, UNDENUFE, id="1 Undenufe order (Schilten)"),
    ],
)
def test_rank_order(mode: Trump, suit: Suit, order: tuple[Rank, ...]) -> None:
    assert mode.rank_order(suit) == order
    # The order is what decides a trick of that suit: the stronger of two cards wins,
    # whichever of them is led.
    for stronger, weaker in itertools.combinations(order, 2):
        a, b = Card.of(suit, stronger), Card.of(suit, weaker)
        assert trick_winner([a, b], mode) == 0, (a, b)
        assert trick_winner([b, a], mode) == 1, (b, a)


def test_1_the_ten_ranks_below_the_under_although_it_scores_ten() -> None:
    # RULES.md 1: "the 10 ranks below U although it scores 10".
    assert trick_winner([Card.H10, Card.HJ], Trump.EICHELN) == 1
    assert Trump.EICHELN.card_points(Card.H10) == 10 > Trump.EICHELN.card_points(Card.HJ) == 2


def test_seed001_order_of_strength() -> None:
    # seed 001: "De slagkracht van de kaarten is oplopend: 6, 7, 8, 9, 10, boer, vrouw,
    # koning, aas." and "De boer in deze troefkleur telt als hoogste troef ... De 9 is de
    # tweede hoogste troef ... De overige troefen (van Aas aflopend) behouden de volgorde".
    assert Trump.ROSEN.rank_order(Suit.SCHILTEN)[::-1] == (N6, N7, N8, N9, T, U, O, K, A)
    assert Trump.ROSEN.rank_order(Suit.ROSEN)[:2] == (U, N9)
    assert Trump.ROSEN.rank_order(Suit.ROSEN)[2:] == (A, K, O, T, N8, N7, N6)


# --- RULES.md 1: points ------------------------------------------------------------

_POINT_ROWS = [
    # trump mode, the trump suit (Schellen is trump)
    (Trump.SCHELLEN, Card.DJ, 20, "1 points trump mode: trump U 20"),
    (Trump.SCHELLEN, Card.D9, 14, "1 points trump mode: trump 9 14"),
    (Trump.SCHELLEN, Card.DA, 11, "1 points trump mode: trump A 11"),
    (Trump.SCHELLEN, Card.DK, 4, "1 points trump mode: trump K 4"),
    (Trump.SCHELLEN, Card.DQ, 3, "1 points trump mode: trump O 3"),
    (Trump.SCHELLEN, Card.D10, 10, "1 points trump mode: trump 10 10"),
    (Trump.SCHELLEN, Card.D8, 0, "1 points trump mode: trump 8 0"),
    (Trump.SCHELLEN, Card.D7, 0, "1 points trump mode: trump 7 0"),
    (Trump.SCHELLEN, Card.D6, 0, "1 points trump mode: trump 6 0"),
    # trump mode, a plain suit
    (Trump.SCHELLEN, Card.HA, 11, "1 points trump mode: plain A 11"),
    (Trump.SCHELLEN, Card.HK, 4, "1 points trump mode: plain K 4"),
    (Trump.SCHELLEN, Card.HQ, 3, "1 points trump mode: plain O 3"),
    (Trump.SCHELLEN, Card.HJ, 2, "1 points trump mode: plain U 2"),
    (Trump.SCHELLEN, Card.H10, 10, "1 points trump mode: plain 10 10"),
    (Trump.SCHELLEN, Card.H9, 0, "1 points trump mode: plain 9 0"),
    (Trump.SCHELLEN, Card.H8, 0, "1 points trump mode: plain 8 0"),
    (Trump.SCHELLEN, Card.H7, 0, "1 points trump mode: plain 7 0"),
    (Trump.SCHELLEN, Card.H6, 0, "1 points trump mode: plain 6 0"),
    (Trump.EICHELN, Card.CJ, 20, "1 points trump mode: trump U 20 (Eicheln)"),
    (Trump.EICHELN, Card.DJ, 2, "1 points trump mode: the Schellen U is plain when Eicheln is trump"),
    (Trump.EICHELN, Card.D9, 0, "1 points trump mode: the Schellen 9 is plain when Eicheln is trump"),
    # Obenabe
    (Trump.OBENABE, Card.SA, 11, "1 points Obenabe: A 11"),
    (Trump.OBENABE, Card.SK, 4, "1 points Obenabe: K 4"),
    (Trump.OBENABE, Card.SQ, 3, "1 points Obenabe: O 3"),
    (Trump.OBENABE, Card.SJ, 2, "1 points Obenabe: U 2 (no trump U)"),
    (Trump.OBENABE, Card.S10, 10, "1 points Obenabe: 10 10"),
    (Trump.OBENABE, Card.S9, 0, "1 points Obenabe: 9 0 (no trump 9)"),
    (Trump.OBENABE, Card.S8, 8, "1 points Obenabe: 8 = 8"),
    (Trump.OBENABE, Card.C8, 8, "1 points Obenabe: 8 = 8 in every suit"),
    (Trump.OBENABE, Card.S7, 0, "1 points Obenabe: 7 0"),
    (Trump.OBENABE, Card.S6, 0, "1 points Obenabe: 6 0"),
    # Undenufe
    (Trump.UNDENUFE, Card.H6, 11, "1 points Undenufe: 6 = 11"),
    (Trump.UNDENUFE, Card.H7, 0, "1 points Undenufe: 7 0"),
    (Trump.UNDENUFE, Card.H8, 8, "1 points Undenufe: 8 = 8"),
    (Trump.UNDENUFE, Card.H9, 0, "1 points Undenufe: 9 0"),
    (Trump.UNDENUFE, Card.H10, 10, "1 points Undenufe: 10 10"),
    (Trump.UNDENUFE, Card.HJ, 2, "1 points Undenufe: U 2"),
    (Trump.UNDENUFE, Card.HQ, 3, "1 points Undenufe: O 3"),
    (Trump.UNDENUFE, Card.HK, 4, "1 points Undenufe: K 4"),
    (Trump.UNDENUFE, Card.HA, 0, "1 points Undenufe: A 0"),
    (Trump.UNDENUFE, Card.D6, 11, "1 points Undenufe: 6 = 11 in every suit"),
]


@pytest.mark.parametrize(
    ("mode", "card", "points"), [pytest.param(m, c, p, id=i) for m, c, p, i in _POINT_ROWS]
)
def test_card_points(mode: Trump, card: Card, points: int) -> None:
    assert mode.card_points(card) == points
    assert mode.points([card]) == points
    assert mode.points(CardSet([card])) == points
    assert point_table(mode)[card.index] == points


@pytest.mark.parametrize(
    ("mode", "card", "points"),
    [
        # seed 000: "Valet d'atout : 21 points et le 9 d'atout: 14 points."
        pytest.param(Trump.EICHELN, Card.CJ, 21, id="1 trump_jack_points=21: trump U 21 (seed 000, trèfle)"),
        pytest.param(Trump.EICHELN, Card.C9, 14, id="1 trump_jack_points=21: trump 9 stays 14"),
        pytest.param(Trump.EICHELN, Card.HJ, 2, id="1 trump_jack_points=21: a plain U stays 2"),
        pytest.param(Trump.EICHELN, Card.CA, 11, id="1 trump_jack_points=21: trump A stays 11"),
        pytest.param(Trump.SCHILTEN, Card.HJ, 21, id="1 trump_jack_points=21: trump U 21 (Schilten)"),
        pytest.param(Trump.OBENABE, Card.CJ, 2, id="1 trump_jack_points=21: no trump in Obenabe, U 2"),
        pytest.param(Trump.UNDENUFE, Card.CJ, 2, id="1 trump_jack_points=21: no trump in Undenufe, U 2"),
    ],
)
def test_card_points_with_21_point_trump_jack(mode: Trump, card: Card, points: int) -> None:
    assert mode.card_points(card, trump_jack_points=21) == points
    assert mode.points(CardSet([card]), trump_jack_points=21) == points
    assert mode.points([card], trump_jack_points=21) == points


def test_seed001_point_values() -> None:
    # seed 001: "De boer in deze troefkleur telt als hoogste troef en is 20 punten waard.
    # De 9 is de tweede hoogste troef en is 14 punten waard."
    assert (Trump.ROSEN.card_points(Card.SJ), Trump.ROSEN.card_points(Card.S9)) == (20, 14)
    # seed 001 (Unenufe): "De zessen zijn in de slagen elk elf punten waard en de azen nul."
    # "Om het in evenwicht te houden zijn de 8en 8 punten waard." (both no-trump modes)
    assert [Trump.UNDENUFE.card_points(Card.of(s, N6)) for s in Suit] == [11] * 4
    assert [Trump.UNDENUFE.card_points(Card.of(s, A)) for s in Suit] == [0] * 4
    assert [Trump.OBENABE.card_points(Card.of(s, N8)) for s in Suit] == [8] * 4
    assert [Trump.UNDENUFE.card_points(Card.of(s, N8)) for s in Suit] == [8] * 4
    # seed 001: "Omdat er geen troef in het spel is, zijn er ook geen punten voor troef-boer en 9."
    assert {Trump.OBENABE.card_points(Card.of(s, U)) for s in Suit} == {2}
    assert {Trump.OBENABE.card_points(Card.of(s, N9)) for s in Suit} == {0}


@pytest.mark.parametrize(
    ("mode", "jack", "total"),
    [
        # Suit modes: three plain suits 11+4+3+2+10 = 30 each, the trump suit
        # 20+14+11+4+3+10 = 62: 90 + 62 = 152.
        pytest.param(Trump.EICHELN, 20, 152, id="1 total 152: Eicheln"),
        pytest.param(Trump.ROSEN, 20, 152, id="1 total 152: Rosen"),
        pytest.param(Trump.SCHILTEN, 20, 152, id="1 total 152: Schilten"),
        pytest.param(Trump.SCHELLEN, 20, 152, id="1 total 152: Schellen"),
        # Obenabe: 11+4+3+2+10+8 = 38 per suit; Undenufe: 11+8+10+2+3+4 = 38 per suit.
        pytest.param(Trump.OBENABE, 20, 152, id="1 total 152: Obenabe"),
        pytest.param(Trump.UNDENUFE, 20, 152, id="1 total 152: Undenufe"),
        pytest.param(Trump.EICHELN, 21, 153, id="1 total 153 with trump_jack_points=21: Eicheln"),
        pytest.param(Trump.SCHELLEN, 21, 153, id="1 total 153 with trump_jack_points=21: Schellen"),
        pytest.param(Trump.OBENABE, 21, 152, id="1 total with trump_jack_points=21: Obenabe stays 152"),
        pytest.param(Trump.UNDENUFE, 21, 152, id="1 total with trump_jack_points=21: Undenufe stays 152"),
    ],
)
def test_total_points_per_mode(mode: Trump, jack: int, total: int) -> None:
    assert mode.points(FULL_DECK, trump_jack_points=jack) == total
    assert mode.points(list(Card), trump_jack_points=jack) == total
    assert sum(point_table(mode, jack)) == total


@pytest.mark.parametrize(
    ("mode", "suit", "total"),
    [
        pytest.param(Trump.SCHILTEN, Suit.SCHILTEN, 62, id="1 trump suit worth 20+14+11+4+3+10 = 62"),
        pytest.param(Trump.SCHILTEN, Suit.ROSEN, 30, id="1 plain suit worth 11+4+3+2+10 = 30"),
        pytest.param(Trump.OBENABE, Suit.ROSEN, 38, id="1 Obenabe suit worth 30 + 8 = 38"),
        pytest.param(Trump.UNDENUFE, Suit.ROSEN, 38, id="1 Undenufe suit worth 11+8+10+2+3+4 = 38"),
    ],
)
def test_points_per_suit(mode: Trump, suit: Suit, total: int) -> None:
    assert mode.points(FULL_DECK.suit(suit)) == total


def test_1_last_trick_and_157() -> None:
    # RULES.md 1 "last trick +5"; "total 157 per 4-player round in every mode (152 + 5)".
    # seed 001: "De laatste slag van een ronde telt 5 punten extra. Daardoor onstaat er een
    # som van 157 punten (3 maal 10+2+3+4+11, 10+3+4+11+14+20, 5)."
    assert LAST_TRICK_BONUS == 5
    assert DEFAULT_TRUMP_JACK_POINTS == 20
    assert 3 * (10 + 2 + 3 + 4 + 11) + (10 + 3 + 4 + 11 + 14 + 20) + 5 == 157
    for mode in js.MODES:
        assert mode.points(FULL_DECK) + LAST_TRICK_BONUS == 157


@pytest.mark.parametrize("bad", [True, -1, 1001, "20", 20.0, None])
def test_bad_trump_jack_points(bad: Any) -> None:
    with pytest.raises(InvalidRulesError):
        point_table(Trump.EICHELN, bad)


def test_bad_trump_jack_points_after_a_cached_good_one() -> None:
    # 20.0 == 20 and True == 1 with equal hashes: the table cache must not let them through.
    for good, bad in ((20, 20.0), (1, True), (0, False)):
        assert len(point_table(Trump.ROSEN, good)) == 36
        with pytest.raises(InvalidRulesError):
            point_table(Trump.ROSEN, _any(bad))
        with pytest.raises(InvalidRulesError):
            Trump.ROSEN.points(FULL_DECK, trump_jack_points=_any(bad))


@given(js.trumps(), st.sampled_from([20, 21]))
@js.examples(30)
def test_property_deck_total(mode: Trump, jack: int) -> None:
    expected = 153 if (mode.is_suit and jack == 21) else 152
    assert mode.points(FULL_DECK, trump_jack_points=jack) == expected
    assert sum(reference.card_points(c, mode, jack) for c in Card) == expected


@given(js.card_sets(), js.trumps(), st.sampled_from([20, 21]))
@js.examples(300)
def test_property_points_of_any_set(cards: CardSet, mode: Trump, jack: int) -> None:
    expected = sum(reference.card_points(c, mode, jack) for c in cards)
    assert mode.points(cards, trump_jack_points=jack) == expected  # the per-suit table path
    assert mode.points(list(cards), trump_jack_points=jack) == expected  # the iterable path
    assert sum(mode.card_points(c, trump_jack_points=jack) for c in cards) == expected


# --- modes ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "suit", "name", "symbol"),
    [
        pytest.param(Trump.EICHELN, Suit.EICHELN, "Eicheln", "♣", id="mode: Eicheln is the suit Eicheln"),
        pytest.param(Trump.ROSEN, Suit.ROSEN, "Rosen", "♠", id="mode: Rosen"),
        pytest.param(Trump.SCHILTEN, Suit.SCHILTEN, "Schilten", "♥", id="mode: Schilten"),
        pytest.param(Trump.SCHELLEN, Suit.SCHELLEN, "Schellen", "♦", id="mode: Schellen"),
        pytest.param(Trump.OBENABE, None, "Obenabe", "⬇", id="mode: Obenabe has no trump suit"),
        pytest.param(Trump.UNDENUFE, None, "Undenufe", "⬆", id="mode: Undenufe has no trump suit"),
    ],
)
def test_modes(mode: Trump, suit: Suit | None, name: str, symbol: str) -> None:
    assert mode.suit is suit
    assert mode.is_suit == (suit is not None)
    assert str(mode) == name and mode.symbol == symbol
    if suit is not None:
        assert Trump(suit) is mode


def test_french_mode_aliases() -> None:
    assert [Trump.CLUBS, Trump.SPADES, Trump.HEARTS, Trump.DIAMONDS] == js.SUIT_MODES
    assert len(list(Trump)) == 6


@pytest.mark.parametrize(
    ("text", "mode"),
    [
        pytest.param("C", Trump.EICHELN, id="parse: suit letter C"),
        pytest.param("♥", Trump.SCHILTEN, id="parse: symbol ♥"),
        pytest.param("Rosen", Trump.ROSEN, id="parse: Swiss name Rosen"),
        pytest.param("schellen", Trump.SCHELLEN, id="parse: schellen lower case"),
        pytest.param("trèfle", Trump.EICHELN, id="parse: seed 000 trèfle"),
        pytest.param("harten", Trump.SCHILTEN, id="parse: seed 001 harten"),
        pytest.param("hearts", Trump.SCHILTEN, id="parse: hearts"),
        pytest.param("Obenabe", Trump.OBENABE, id="parse: Obenabe"),
        pytest.param("Undenufe", Trump.UNDENUFE, id="parse: Undenufe"),
        pytest.param("Unenufe", Trump.UNDENUFE, id="parse: seed 001 spelling Unenufe"),
        pytest.param(" OBENABE ", Trump.OBENABE, id="parse: upper case with spaces"),
        pytest.param("diamonds", Trump.SCHELLEN, id="parse: diamonds"),
    ],
)
def test_trump_parse(text: str, mode: Trump) -> None:
    assert Trump.parse(text) is mode
    assert Trump.parse(_any(mode)) is mode  # a mode passes through


@pytest.mark.parametrize("bad", ["", "X", "trump", "obenab", 42, None, 2.0])
def test_trump_parse_rejects(bad: Any) -> None:
    with pytest.raises(InvalidNotationError) as info:
        Trump.parse(bad)
    assert repr(bad) in str(info.value)


# --- 5a: modes that change from trick to trick (Slalom, Guschti) ----------------------------

@pytest.mark.parametrize(
    ("mode", "tricks"),
    [
        # Swisslos: "Beim Slalom-Obenabe wird der erste Stich Obenabe gespielt. Beim
        # Slalom-Undenufe wird hingegen mit Undenufe begonnen."
        pytest.param(PerTrickMode.SLALOM_OBENABE, "OUOUOUOUO", id="5a Slalom-Obenabe: O U O U ... from Obenabe"),
        pytest.param(PerTrickMode.SLALOM_UNDENUFE, "UOUOUOUOU", id="5a Slalom-Undenufe: U O U O ... from Undenufe"),
        # Swisslos: "Beim Guschti-Obenabe werden zuerst fünf Stiche Obenabe und dann vier Stiche
        # Undenufe und beim Guschti-Undenufe zuerst fünf Stiche Undenufe und dann vier Stiche
        # Obenabe gejasst."
        pytest.param(PerTrickMode.GUSCHTI_OBENABE, "OOOOOUUUU", id="5a Guschti-Obenabe: five Obenabe, four Undenufe"),
        pytest.param(PerTrickMode.GUSCHTI_UNDENUFE, "UUUUUOOOO", id="5a Guschti-Undenufe: five Undenufe, four Obenabe"),
    ],
)
def test_per_trick_modes(mode: PerTrickMode, tricks: str) -> None:
    modes = {"O": Trump.OBENABE, "U": Trump.UNDENUFE}
    assert [mode.trick_mode(n) for n in range(9)] == [modes[c] for c in tricks]
    assert mode.first is modes[tricks[0]] and mode.second is not mode.first
    assert mode.suit is None and not mode.is_suit
    assert mode.is_slalom == tricks.startswith(("OU", "UO"))
    kind = "slalom" if mode.is_slalom else "guschti"
    assert [mode.trick_mode(n) for n in range(18)] == reference.per_trick_modes(kind, mode.first)


def test_a_classic_mode_is_its_own_trick_mode() -> None:
    assert all(mode.trick_mode(n) is mode for mode in Trump for n in range(9))


@pytest.mark.parametrize(
    ("text", "mode"),
    [
        pytest.param("slalom obenabe", PerTrickMode.SLALOM_OBENABE, id="parse_mode: slalom obenabe"),
        pytest.param("Slalom-Undenufe", PerTrickMode.SLALOM_UNDENUFE, id="parse_mode: Slalom-Undenufe"),
        pytest.param("guschti_obenabe", PerTrickMode.GUSCHTI_OBENABE, id="parse_mode: the JSON name"),
        pytest.param("GUSCHTI une", PerTrickMode.GUSCHTI_UNDENUFE, id="parse_mode: Undenufe's short name"),
        pytest.param("obenabe", Trump.OBENABE, id="parse_mode: a classic mode"),
        pytest.param("♥", Trump.SCHILTEN, id="parse_mode: a suit"),
        pytest.param("misere obenabe", PerTrickMode.MISERE_OBENABE, id="parse_mode: misere obenabe"),
        pytest.param("Misère Undenufe", PerTrickMode.MISERE_UNDENUFE, id="parse_mode: Misère with its accent"),
        pytest.param("misere_slalom_undenufe", PerTrickMode.MISERE_SLALOM_UNDENUFE, id="parse_mode: misère slalom"),
    ],
)
def test_parse_mode(text: str, mode: Trump | PerTrickMode) -> None:
    assert parse_mode(text) is mode
    assert parse_mode(mode) is mode


@pytest.mark.parametrize("bad", ["slalom", "guschti rosen", "slalom obenabe undenufe", "zebra", 7, None, "misere",
                                 "misere rosen", "misere guschti obenabe"])
def test_parse_mode_rejects(bad: Any) -> None:
    with pytest.raises(InvalidNotationError, match="is not a"):
        parse_mode(bad)


def test_per_trick_mode_names_and_no_points_of_their_own() -> None:
    assert [str(m) for m in PerTrickMode] == [
        "Slalom Obenabe", "Slalom Undenufe", "Guschti Obenabe", "Guschti Undenufe", "Misère Obenabe",
        "Misère Undenufe", "Misère Slalom Obenabe", "Misère Slalom Undenufe"]
    assert [m.symbol for m in PerTrickMode] == ["⬇⬆", "⬆⬇", "⬇⬇⬆", "⬆⬆⬇", "−⬇", "−⬆", "−⬇⬆", "−⬆⬇"]
    # After the six classic modes; the Misère modes came later and follow (values stay).
    assert [int(m) for m in PerTrickMode] == [6, 7, 8, 9, 10, 11, 12, 13]
    with pytest.raises(InvalidNotationError):
        point_table(PerTrickMode.SLALOM_OBENABE)  # each trick has its own


@pytest.mark.parametrize(
    ("mode", "base", "tricks"),
    [
        # quoi-faire.ch: «Bei Misère ist immer “Obenabe“, «Undeufe» oder «Slalom» Trumpf [...] Gezählt
        # wird wie beim „Obenabe“, resp. «Undeufe»»: every trick in the mode it is played as.
        pytest.param(PerTrickMode.MISERE_OBENABE, Trump.OBENABE, "OOOOOOOOO", id="misère obenabe: every trick obenabe"),
        pytest.param(PerTrickMode.MISERE_UNDENUFE, Trump.UNDENUFE, "UUUUUUUUU",
                     id="misère undenufe: every trick undenufe"),
        pytest.param(PerTrickMode.MISERE_SLALOM_OBENABE, PerTrickMode.SLALOM_OBENABE, "OUOUOUOUO",
                     id="misère slalom obenabe: the slalom's tricks"),
        pytest.param(PerTrickMode.MISERE_SLALOM_UNDENUFE, PerTrickMode.SLALOM_UNDENUFE, "UOUOUOUOU",
                     id="misère slalom undenufe: the slalom's tricks"),
    ],
)
def test_a_misere_plays_every_trick_as_its_base_mode(mode: PerTrickMode, base: Trump | PerTrickMode,
                                                     tricks: str) -> None:
    assert mode.is_misere and not base.is_suit and mode.base is base
    assert "".join(str(mode.trick_mode(n))[0] for n in range(9)) == tricks
    assert not any(m.is_misere for m in PerTrickMode if m.value < 10)
