"""Card play: legal cards and trick winners (RULES.md section 2 and the section 6 edge cases).

Every expected value in the tables is worked out by hand from RULES.md and the seeds;
the same rows are also run through the independent reference implementation
(tests/reference.py), so that the reference is itself checked against the hand values
before the property tests trust it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference
import strategies as js
from jass.cards import FULL_DECK, Card, CardSet, deal
from jass.errors import InvalidCardsError, InvalidNotationError, InvalidRulesError, JassError
from jass.tricks import PlayRules, Undertrump, legal_bits, legal_cards, trick_winner, winning_position
from jass.trump import LAST_TRICK_BONUS, Trump

C, S, H, D = Trump.EICHELN, Trump.ROSEN, Trump.SCHILTEN, Trump.SCHELLEN
OBE, UNE = Trump.OBENABE, Trump.UNDENUFE

DEFAULT = PlayRules()  # Schieber: Bauer exception on, undertrumping forbidden unless only trumps
NO_BAUER = PlayRules(bauer_exception=False)
ALLOW = PlayRules(undertrump=Undertrump.ALLOWED)  # always
IF_VOID = PlayRules(undertrump=Undertrump.ALLOWED_IF_VOID)  # Differenzler
NO_BAUER_ALLOW = PlayRules(bauer_exception=False, undertrump=Undertrump.ALLOWED)


def _any(value: object) -> Any:
    """Pass a deliberately ill-typed value past the type checker."""
    return value


def _trick(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def row(hand: str, trick: str, mode: Trump, rules: PlayRules, legal: str, id: str) -> Any:
    return pytest.param(hand, trick, mode, rules, legal, id=id)


LEGAL_ROWS = [
    # --- 2.1 follow suit; may always trump instead --------------------------------
    row("H6 HA S7 D9", "HK", C, DEFAULT, "H6 HA", "2.1 follow suit: holding the led suit, play it"),
    row("H6 HA C7 S7", "HK", C, DEFAULT, "H6 HA C7", "2.1 may always trump instead of following"),
    row("H6 C7 CJ C9 S7", "HK", C, DEFAULT, "H6 C7 CJ C9", "2.1 may trump instead: with any of the trumps"),
    row("H6 HA C7 S7", "HK", C, NO_BAUER_ALLOW, "H6 HA C7", "2.1 may trump instead: the same under every option"),
    # seed 000: "Il est obligé de suivre la couleur (6a) (s'il en a) ou de jouer un atout
    # (6c)" / "le joueur 1 a posé le valet de pique. Le joueur 2 suit dans cette couleur et
    # pose un 7 de pique." (trèfle = Eicheln is trump)
    row("S7 SA D9 C6", "SJ", C, DEFAULT, "S7 SA C6", "2.1 seed 000: follow spades (6a) or trump (6c)"),
    # seed 000: "Si je possède des atouts, je peux en jouer un à tout moment, même si je
    # possède la couleur pour suivre."
    row("HA H7 C8", "H6", C, DEFAULT, "HA H7 C8", "2.1 seed 000: a trump at any time, even able to follow"),
    # seed 001: "Er is kleurdwang: wie kaarten in de uitgespeelde kleur in bezit heeft, moet
    # deze kleur spelen" / "Spelers mogen ook altijd, in plaats van kleur te bekennen, met
    # een troef slaan."
    row("D6 DK S9 H9", "D10", S, DEFAULT, "D6 DK S9", "2.1 seed 001: kleurdwang, or a trump instead (Rosen)"),
    # --- 2.2 void -> any card ------------------------------------------------------
    row("S7 D9 C7", "HK", C, DEFAULT, "S7 D9 C7", "2.2 void in the led suit: any card"),
    row("S7 SA D9", "HK", C, DEFAULT, "S7 SA D9", "2.2 void and no trump: any card"),
    # seed 000: "S'il n'a pas de carte (6b) dans la couleur posée, il peut jouer n'importe
    # quelle couleur." / "le joueur 1 a posé une dame de carreaux. Le joueur 2 n'ayant pas
    # de carreaux dans son jeu, il pose une autre couleur, pique."
    row("S6 SA H7", "DQ", C, DEFAULT, "S6 SA H7", "2.2 seed 000: no diamonds (6b), any colour"),
    # seed 001: "(hebben ze geen, dan mogen ze een willekeurige kaart spelen)"
    row("C6 CA H9", "DA", H, DEFAULT, "C6 CA H9", "2.2 seed 001: willekeurige kaart when void"),
    # --- 2.3 trump led: must trump; the Bauer exception -----------------------------
    row("C6 CA H6 S7", "CK", C, DEFAULT, "C6 CA", "2.3 trump led: must play trump"),
    row("H6 S7 D9", "CK", C, DEFAULT, "H6 S7 D9", "2.3 trump led, no trump in hand: any card"),
    row("CJ H6 S7", "C6", C, DEFAULT, "CJ H6 S7", "2.3 bauer exception ON: only the trump Jack -> any card"),
    row("CJ H6 S7", "C6", C, NO_BAUER, "CJ", "2.3 bauer exception OFF: only the trump Jack -> must play it"),
    row("CJ C7 H6 S7", "C6", C, DEFAULT, "CJ C7", "6 bauer exception: Jack plus other trumps -> any trump (on)"),
    row("CJ C7 H6 S7", "C6", C, NO_BAUER, "CJ C7", "6 bauer exception: Jack plus other trumps -> any trump (off)"),
    row("CJ D6 D7", "C9 H6", C, DEFAULT, "CJ D6 D7", "2.3 bauer exception: also as third to play"),
    row("CJ HJ SJ", "C6", C, DEFAULT, "CJ HJ SJ", "2.3 bauer exception: the other Jacks are no trumps"),
    row("HJ C6 CA", "HA", H, DEFAULT, "HJ C6 CA", "2.3 bauer exception in Schilten: the Bauer HJ alone"),
    row("HJ C6 CA", "HA", H, NO_BAUER, "HJ", "2.3 bauer exception off in Schilten"),
    row("CJ H6 S7", "HK", C, DEFAULT, "CJ H6", "2.3 bauer exception only on a trump lead: plain lead, follow or trump"),
    # seed 001: "Mocht er een troefkaart uitgespeeld worden, moeten de andere ook een
    # troefkaart spelen (met uitzondering van troef-boer. Mocht u naast de troef-boer geen
    # andere troef meer in bezit hebben, dan mag u in plaats daarvan ook een andere kaart
    # spelen)."
    row("DJ S6 HA", "D7", D, DEFAULT, "DJ S6 HA", "2.3 seed 001: troef-boer alone, any other card"),
    row("DJ D8 S6 HA", "D7", D, DEFAULT, "DJ D8", "2.3 seed 001: troef-boer and another trump, trump"),
    # --- 2.4 undertrumping -------------------------------------------------------------
    row("C6 H7 D9", "SA CK", C, DEFAULT, "H7 D9", "2.4 undertrump forbidden: void, lower trump, other cards"),
    row("CA C6 H7", "SA CK", C, DEFAULT, "CA H7", "2.4 overtrump allowed, undertrump not"),
    row("C6 H7 D9", "SA CK", C, ALLOW, "C6 H7 D9", "2.4 undertrump allowed (Differenzler option)"),
    row("S6 C6 CA", "SA CK", C, DEFAULT, "S6 CA", "2.4 undertrump forbidden while able to follow"),
    row("S6 C6 CA", "SA CK", C, ALLOW, "S6 C6 CA", "2.4 undertrump allowed while able to follow"),
    # RULES.md 2.4, Differenzler (Swisslos: "Wer keine Karte der ausgespielten Farbe hat, darf
    # irgendeine Karte spielen (Untertrumpfen ist in diesem Fall erlaubt)"): allowed_if_void.
    row("H7 C6", "HK C9", C, IF_VOID, "H7", "2.4 allowed_if_void: the issue's case, holding hearts: no C6 under C9"),
    row("S6 C6 CA", "SA CK", C, IF_VOID, "S6 CA", "2.4 allowed_if_void: holding the led suit, follow or overtrump"),
    row("S6 C6 C7", "SA CK", C, IF_VOID, "S6", "2.4 allowed_if_void: holding the led suit, only lower trumps: follow"),
    row("C6 H7 D9", "SA CK", C, IF_VOID, "C6 H7 D9", "2.4 allowed_if_void: void in the led suit, any card"),
    row("C6 CA H7", "SA CK", C, IF_VOID, "C6 CA H7", "2.4 allowed_if_void: void, under- or overtrump"),
    row("CA C7 H7", "SK C9 C6", C, IF_VOID, "CA C7 H7", "2.4 allowed_if_void: void, under the HIGHEST trump too"),
    row("S7 CA C7", "SK C9 C6", C, IF_VOID, "S7", "2.4 allowed_if_void: follow, nothing beats the trump 9"),
    row("C6 H7", "CA", C, IF_VOID, "C6", "2.4 allowed_if_void: trump led, a lower trump is following"),
    row("CJ H6 S7", "C6", C, IF_VOID, "CJ H6 S7", "2.4 allowed_if_void keeps the Bauer exception"),
    row("D7 DA S7", "D9 D6", UNE, IF_VOID, "D7 DA", "2.5 Undenufe: allowed_if_void changes nothing"),
    row("S6 C6 C7", "SA CK", C, DEFAULT, "S6", "2.4 follow cards and only lower trumps: follow"),
    row("C6 C7", "SA CK", C, DEFAULT, "C6 C7", "2.4 undertrump forbidden unless the hand holds only trumps"),
    row("C6 H7", "SA CJ", C, DEFAULT, "H7", "2.4 nothing beats the trump Jack: no trump playable"),
    row("C6 H7", "SA SK", C, DEFAULT, "C6 H7", "2.4 no trump in the trick yet: any trump"),
    row("S6 C6", "SA", C, DEFAULT, "S6 C6", "2.4 second to play: any trump instead of following"),
    row("CA CJ H7", "SK C9", C, DEFAULT, "CJ H7", "2.4 compare by trump rank: trump A is below trump 9"),
    row("C9 H7", "SK CA", C, DEFAULT, "C9 H7", "2.4 compare by trump rank: trump 9 over trump A is overtrumping"),
    row("C10 H7", "SK CQ", C, DEFAULT, "H7", "2.4 compare by trump rank: trump 10 is below trump O"),
    row("CQ H7", "SK C10", C, DEFAULT, "CQ H7", "2.4 compare by trump rank: trump O over trump 10"),
    row("C6 C7 HA", "SK C8", C, DEFAULT, "HA", "2.4 compare by trump rank: 6 and 7 are below the 8"),
    row("HA H9 CK", "CQ HK", H, DEFAULT, "HA H9 CK", "2.4 Schilten trump, Eicheln led: A and 9 overtrump the K"),
    row("H7 H9 CK", "CQ HK", H, DEFAULT, "H9 CK", "2.4 Schilten trump: H7 would undertrump the HK"),
    # seed 001: "Als een niet-troefkleur uitgespeeld en reeds met een troef geslagen is, dan is
    # het niet mogelijk een lagere troef daar nog bij te doen, behalve als men alleen maar
    # troefen heeft."
    row("S6 S7 DA", "HA S8", S, DEFAULT, "DA", "2.4 seed 001 ondertroefen: no lower trump on a trumped trick"),
    row("S6 S7", "HA S8", S, DEFAULT, "S6 S7", "2.4 seed 001 ondertroefen: unless only trumps"),
    # --- 6 edge cases ----------------------------------------------------------------
    row("CA C7 H7", "SK C9 C6", C, DEFAULT, "H7", "6 undertrump ban compares with the HIGHEST trump, not the last"),
    row("C10 CA H7", "SK C6 C9", C, DEFAULT, "H7", "6 undertrump ban compares with the HIGHEST trump, not the first"),
    row("CJ CA H7", "SK C6 C9", C, DEFAULT, "CJ H7", "6 overtrump the highest of several trumps"),
    row("CA C10 H7", "SK C9 CK", C, ALLOW, "CA C10 H7", "6 highest trump in the trick, undertrump allowed: all"),
    row("C6 H7", "CA", C, DEFAULT, "C6", "6 a trump lead followed by a lower trump is not undertrumping"),
    row("C6 C7 H7", "C9 CJ", C, DEFAULT, "C6 C7", "6 trump lead: any trump follows, however low"),
    row("C6 C7 C8", "SA CJ", C, DEFAULT, "C6 C7 C8", "6 void with only trumps all lower than the best: all legal"),
    row("C6 CJ", "SA C9", C, DEFAULT, "C6 CJ", "6 only trumps, one higher and one lower: both legal"),
    # --- 2.5 Obenabe / Undenufe ----------------------------------------------------------
    row("H6 HA C7", "HK", OBE, DEFAULT, "H6 HA", "2.5 Obenabe: follow suit"),
    row("H6 CJ C9", "HK", OBE, DEFAULT, "H6", "2.5 Obenabe: no trump, an Eicheln card may not replace following"),
    row("C7 S8", "HK", OBE, DEFAULT, "C7 S8", "2.5 Obenabe: void -> any card"),
    row("CJ H6", "C6", OBE, DEFAULT, "CJ", "2.5 Obenabe: no Bauer exception (the Jack is no trump)"),
    row("C6 H7", "SA CK", OBE, DEFAULT, "C6 H7", "2.5 Obenabe: no undertrumping (no trump)"),
    row("D6 DA S7", "D9", UNE, DEFAULT, "D6 DA", "2.5 Undenufe: follow suit"),
    row("S7 C8", "D9", UNE, DEFAULT, "S7 C8", "2.5 Undenufe: void -> any card"),
    row("D6 DA S7", "D9", UNE, NO_BAUER_ALLOW, "D6 DA", "2.5 Undenufe: the same under every option"),
    # --- the leader ------------------------------------------------------------------
    row("C6 H7 DA", "", C, DEFAULT, "C6 H7 DA", "2 leading: any card"),
    row("CJ", "", C, NO_BAUER, "CJ", "2 leading: a single card"),
]


@pytest.mark.parametrize(("hand", "trick", "mode", "rules", "legal"), LEGAL_ROWS)
def test_legal_cards(hand: str, trick: str, mode: Trump, rules: PlayRules, legal: str) -> None:
    hand_set, trick_cards, expected = CardSet.parse(hand), _trick(trick), CardSet.parse(legal)
    assert legal_cards(hand_set, trick_cards, mode, rules) == expected
    assert legal_cards(list(hand_set), trick_cards, mode, rules) == expected  # any iterable hand
    raw = legal_bits(hand_set.bits, [c.index for c in trick_cards], mode.value, *rules.legal_flags)
    assert raw == expected.bits
    # the reference implementation agrees with the hand-worked value too
    assert reference.legal_cards(hand_set, trick_cards, mode, rules.bauer_exception, rules.undertrump.value) == set(expected)


def test_legal_cards_default_rules_are_schieber() -> None:
    # RULES.md 2.3/2.4: Bauer exception on, undertrumping forbidden unless only trumps.
    assert DEFAULT.bauer_exception is True
    assert DEFAULT.undertrump is Undertrump.FORBIDDEN_UNLESS_ONLY_TRUMPS
    assert legal_cards(CardSet.parse("C6 H7 D9"), _trick("SA CK"), C) == CardSet.parse("H7 D9")
    assert legal_cards(CardSet.parse("CJ H6"), _trick("C6"), C) == CardSet.parse("CJ H6")


def test_legal_cards_reads_text() -> None:
    assert legal_cards(_any("H6 HA C7 S7"), _trick("HK"), _any("eicheln")) == CardSet.parse("H6 HA C7")


# --- trick winner (2.6) ------------------------------------------------------------------


def wrow(trick: str, mode: Trump, position: int, id: str) -> Any:
    return pytest.param(trick, mode, position, id=id)


WINNER_ROWS = [
    # seed 000 (trèfle = Eicheln is trump):
    # "Ici le joueur 1 a posé le valet de pique. Le joueur 2 suit dans cette couleur et pose
    # un 7 de pique." -> the Jack is higher and wins.
    wrow("SJ S7", C, 0, "2.6 seed 000: J of spades followed by the 7 of spades, the J wins"),
    # "le joueur 1 a posé une dame de carreaux. Le joueur 2 n'ayant pas de carreaux dans son
    # jeu, il pose une autre couleur, pique. Le jour 1 remporte le pli."
    wrow("DQ S8", C, 0, "2.6 seed 000: Q of diamonds answered by a spade, the leader wins"),
    # "si le joueur 2 avait posé une carte plus forte ... (par ex. as de pique), le joueur 1
    # remporte tout de même le pli car le joueur 2 n'a pas suivi la couleur."
    wrow("DQ SA", C, 0, "2.6 seed 000: ... even if it is the ace of spades"),
    # "le joueur 1 a posé un as de cœur, le joueur 2 « coupe » avec un atout et remporte le pli."
    wrow("HA C6", C, 1, "2.6 seed 000: A of hearts trumped (even by the trump 6), the trump wins"),
    # seed 000: "Les cartes d'atout l'emportent sur n'importe quel rang d'une couleur mineure."
    wrow("HK HA C6", C, 2, "2.6 the lowest trump beats the led suit's Ace"),
    wrow("CA C9", C, 1, "2.6 trump led: trump 9 beats trump A"),
    wrow("HA CA C9", C, 2, "2.6 two trumps on a plain lead: trump 9 beats trump A"),
    wrow("HA C9 CJ", C, 2, "2.6 trump U beats trump 9"),
    wrow("C9 CJ", C, 1, "2.6 trump U is the highest trump"),
    wrow("C10 CQ", C, 1, "2.6 trump order: O beats 10"),
    wrow("CK CA", C, 1, "2.6 trump order: A beats K"),
    wrow("C6 C8 C7", C, 1, "2.6 trump order: 8 beats 7 and 6"),
    wrow("HK C7 C6 HA", C, 1, "2.6 highest trump, the later lower trump does not win"),
    wrow("H6 H10 HK H9", C, 2, "2.6 no trump played: highest card of the led suit"),
    wrow("H6 SA DA H7", C, 3, "2.6 off-suit cards cannot win, however high"),
    wrow("H6 SA DA D10", C, 0, "2.6 only the leader followed suit: the leader wins with a 6"),
    wrow("H10 HJ", C, 1, "2.6 plain order: U beats 10"),
    wrow("H8 H9", C, 1, "2.6 plain order: 9 beats 8 (a plain 9 is not the Näll)"),
    wrow("DJ D9", C, 0, "2.6 plain order: a plain U beats a plain 9"),
    wrow("H10 HA HK", OBE, 1, "2.6 Obenabe: highest of the led suit (A)"),
    wrow("H6 CJ C9 CA", OBE, 0, "2.6 Obenabe: no trump, Eicheln cannot win a Schilten trick"),
    wrow("HA H6", UNE, 1, "2.6 Undenufe: the 6 beats the A"),
    wrow("H10 HJ", UNE, 0, "2.6 Undenufe: the 10 beats the U"),
    wrow("H7 H8 H6 HA", UNE, 2, "2.6 Undenufe: the 6 is the highest"),
    wrow("H9 C6", UNE, 0, "2.6 Undenufe: an off-suit 6 cannot win"),
    wrow("HK HA", UNE, 0, "2.6 Undenufe: K beats A"),
    wrow("SQ", S, 0, "2.6 a single card wins its trick so far"),
]


@pytest.mark.parametrize(("trick", "mode", "position"), WINNER_ROWS)
def test_trick_winner(trick: str, mode: Trump, position: int) -> None:
    cards = _trick(trick)
    assert winning_position(cards, mode) == position
    assert trick_winner(cards, mode) == position  # leader 0: the seat is the position
    assert reference.winning_position(cards, mode) == position


@pytest.mark.parametrize(
    ("trick", "mode", "leader", "seats", "seat"),
    [
        # seed 000, two players: the non-dealer (seat 1) leads the A of hearts, seat 0 trumps.
        pytest.param("HA C6", C, 1, 2, 0, id="2.6 two players: seat 1 leads, seat 0 trumps and wins"),
        pytest.param("HA C6", C, 0, 2, 1, id="2.6 two players: seat 0 leads, seat 1 trumps and wins"),
        pytest.param("DQ SA", C, 1, 2, 1, id="2.6 two players: leader 1 wins, the spade did not follow"),
        pytest.param("HA C6 H7 H8", C, 2, 4, 3, id="2.6 four players: leader 2, the second card wins -> seat 3"),
        pytest.param("HK HA H6 H7", OBE, 3, 4, 0, id="2.6 four players: leader 3, the second card wins -> seat 0"),
        pytest.param("H6 H7 H8 HA", C, 1, 4, 0, id="2.6 four players: leader 1, the fourth card wins -> seat 0"),
        pytest.param("H6 H7 H8 HA", C, 0, 4, 3, id="2.6 four players: leader 0, the fourth card wins -> seat 3"),
    ],
)
def test_trick_winner_seats(trick: str, mode: Trump, leader: int, seats: int, seat: int) -> None:
    # RULES.md 2.6 "Winner leads next": the seat returned is the next leader.
    assert trick_winner(_trick(trick), mode, leader=leader, seats=seats) == seat


# --- errors ------------------------------------------------------------------------------

H6_TRICK = [Card.HA]


@pytest.mark.parametrize(
    ("call", "error"),
    [
        pytest.param(lambda: legal_cards(CardSet(), [], C), InvalidCardsError, id="legal_cards: empty hand"),
        pytest.param(lambda: legal_cards([], [Card.HA], C), InvalidCardsError, id="legal_cards: empty list hand"),
        pytest.param(lambda: legal_cards(_any(None), [], C), InvalidCardsError, id="legal_cards: hand None"),
        pytest.param(lambda: legal_cards(_any(42), [], C), InvalidCardsError, id="legal_cards: hand 42"),
        pytest.param(lambda: legal_cards(_any([Card.H6, 42]), [], C), InvalidCardsError, id="legal_cards: 42 in hand"),
        pytest.param(lambda: legal_cards(_any("H6 X9"), [], C), InvalidNotationError, id="legal_cards: bad text hand"),
        pytest.param(
            lambda: legal_cards(CardSet.parse("HA H6"), [Card.HA], C), InvalidCardsError,
            id="legal_cards: a trick card also in the hand",
        ),
        pytest.param(lambda: legal_cards(CardSet.parse("H6"), _any(None), C), InvalidCardsError, id="legal_cards: trick None"),
        pytest.param(lambda: legal_cards(CardSet.parse("H6"), _any(42), C), InvalidCardsError, id="legal_cards: trick 42"),
        pytest.param(lambda: legal_cards(CardSet.parse("H6"), _any("HA"), C), InvalidCardsError, id="legal_cards: trick as text"),
        pytest.param(
            lambda: legal_cards(CardSet.parse("H6"), _any(CardSet.parse("HA")), C), InvalidCardsError,
            id="legal_cards: trick as an (unordered) CardSet",
        ),
        pytest.param(lambda: legal_cards(CardSet.parse("H6"), _any([42]), C), InvalidCardsError, id="legal_cards: 42 in trick"),
        pytest.param(lambda: legal_cards(CardSet.parse("H6"), _any(["HA"]), C), InvalidCardsError, id="legal_cards: str in trick"),
        pytest.param(lambda: legal_cards(CardSet.parse("H6"), [Card.HA, Card.HA], C), InvalidCardsError, id="legal_cards: card twice in trick"),
        pytest.param(lambda: legal_cards(CardSet.parse("H6"), H6_TRICK, _any("X")), InvalidNotationError, id="legal_cards: trump 'X'"),
        pytest.param(lambda: legal_cards(CardSet.parse("H6"), H6_TRICK, _any(None)), InvalidNotationError, id="legal_cards: trump None"),
        pytest.param(lambda: legal_cards(CardSet.parse("H6"), H6_TRICK, _any(7)), InvalidNotationError, id="legal_cards: trump 7"),
        pytest.param(lambda: legal_cards(CardSet.parse("H6"), H6_TRICK, C, _any(None)), InvalidRulesError, id="legal_cards: rules None"),
        pytest.param(lambda: PlayRules(bauer_exception=_any("yes")), InvalidRulesError, id="PlayRules: bauer_exception 'yes'"),
        pytest.param(lambda: PlayRules(bauer_exception=_any(1)), InvalidRulesError, id="PlayRules: bauer_exception 1"),
        pytest.param(lambda: PlayRules(undertrump=_any("allowed")), InvalidRulesError, id="PlayRules: undertrump as text"),
        pytest.param(lambda: trick_winner([], C), InvalidCardsError, id="trick_winner: empty trick"),
        pytest.param(lambda: trick_winner(_any(None), C), InvalidCardsError, id="trick_winner: trick None"),
        pytest.param(lambda: trick_winner(_any(42), C), InvalidCardsError, id="trick_winner: trick 42"),
        pytest.param(lambda: trick_winner(_any(iter([Card.HA])), C), InvalidCardsError, id="trick_winner: an iterator"),
        pytest.param(lambda: trick_winner(_any("HA C6"), C), InvalidCardsError, id="trick_winner: trick as text"),
        pytest.param(lambda: trick_winner(_any([Card.HA, 42]), C), InvalidCardsError, id="trick_winner: 42 in trick"),
        pytest.param(lambda: trick_winner(_any([Card.HA, None]), C), InvalidCardsError, id="trick_winner: None in trick"),
        pytest.param(lambda: trick_winner([Card.HA, Card.HA], C), InvalidCardsError, id="trick_winner: card twice"),
        pytest.param(lambda: trick_winner(_trick("H6 H7 H8 H9 H10"), C), InvalidCardsError, id="trick_winner: 5 cards, 4 seats"),
        pytest.param(lambda: trick_winner(_trick("H6 H7 H8"), C, seats=2), InvalidCardsError, id="trick_winner: 3 cards, 2 seats"),
        pytest.param(lambda: trick_winner(H6_TRICK, _any("X")), InvalidNotationError, id="trick_winner: trump 'X'"),
        pytest.param(lambda: trick_winner(H6_TRICK, _any(None)), InvalidNotationError, id="trick_winner: trump None"),
        pytest.param(lambda: trick_winner(H6_TRICK, C, leader=4), InvalidCardsError, id="trick_winner: leader 4 of 4"),
        pytest.param(lambda: trick_winner(H6_TRICK, C, leader=-1), InvalidCardsError, id="trick_winner: leader -1"),
        pytest.param(lambda: trick_winner(H6_TRICK, C, leader=_any(None)), InvalidCardsError, id="trick_winner: leader None"),
        pytest.param(lambda: trick_winner(H6_TRICK, C, leader=_any(True)), InvalidCardsError, id="trick_winner: leader True"),
        pytest.param(lambda: trick_winner(H6_TRICK, C, seats=0), InvalidCardsError, id="trick_winner: 0 seats"),
        pytest.param(lambda: trick_winner(H6_TRICK, C, seats=_any("4")), InvalidCardsError, id="trick_winner: seats '4'"),
        pytest.param(lambda: winning_position([], C), InvalidCardsError, id="winning_position: empty trick"),
        pytest.param(lambda: winning_position(_any(None), C), InvalidCardsError, id="winning_position: None"),
    ],
)
def test_bad_input_raises_jass_error(call: Callable[[], object], error: type[JassError]) -> None:
    with pytest.raises(error):
        call()


def test_error_messages_quote_the_input() -> None:
    with pytest.raises(InvalidCardsError, match="HA"):
        legal_cards(CardSet.parse("HA H6"), [Card.HA], C)
    with pytest.raises(InvalidCardsError, match="42"):
        trick_winner(_any([Card.HA, 42]), C)
    with pytest.raises(InvalidCardsError, match="leader=7"):
        trick_winner([Card.HA], C, leader=7)


# --- properties --------------------------------------------------------------------------


@given(js.positions())
@js.examples(400)
def test_property_legal_cards_matches_reference(position: js.Position) -> None:
    hand, trick, mode, rules = position.hand, list(position.trick), position.trump, position.rules
    legal = legal_cards(hand, trick, mode, rules)
    # a non-empty subset of a non-empty hand
    assert legal and legal <= hand
    # equal to the independent reference, for every PlayRules combination
    expected = reference.legal_cards(hand, trick, mode, rules.bauer_exception, position.undertrump)
    assert set(legal) == expected
    # the raw-int form agrees
    assert legal_bits(hand.bits, [c.index for c in trick], mode.value, *rules.legal_flags) == legal.bits


@given(js.positions())
@js.examples(200)
def test_property_legal_cards_for_every_rules_combination(position: js.Position) -> None:
    hand, trick, mode = position.hand, list(position.trick), position.trump
    results = {}
    for bauer in (True, False):
        for undertrump in Undertrump:
            legal = legal_cards(hand, trick, mode, PlayRules(bauer, undertrump))
            assert set(legal) == reference.legal_cards(hand, trick, mode, bauer, undertrump.value)
            results[bauer, undertrump] = legal
    forbidden, if_void, allowed = (
        Undertrump.FORBIDDEN_UNLESS_ONLY_TRUMPS, Undertrump.ALLOWED_IF_VOID, Undertrump.ALLOWED
    )
    # each option only ever adds cards: the Bauer exception, and each policy to the next
    for policy in Undertrump:
        assert results[False, policy] <= results[True, policy]
    for bauer in (True, False):
        assert results[bauer, forbidden] <= results[bauer, if_void] <= results[bauer, allowed]
    if not mode.is_suit:  # no trump: the options change nothing
        assert len(set(results.values())) == 1
    if not trick:  # the leader plays anything
        assert all(legal == hand for legal in results.values())


@given(js.positions())
@js.examples(200)
def test_property_legal_cards_basic_laws(position: js.Position) -> None:
    hand, trick, mode, rules = position.hand, list(position.trick), position.trump, position.rules
    legal = legal_cards(hand, trick, mode, rules)
    if not trick:
        return
    led = trick[0].suit
    trump_suit = mode.suit
    follow = hand.suit(led)
    if follow and led != trump_suit:
        # 2.1: holding the led suit, only led-suit cards or trumps are legal, every
        # led-suit card among them
        assert follow <= legal
        assert all(c.suit in (led, trump_suit) for c in legal)
    if not follow and (trump_suit is None or not hand.suit(trump_suit)):
        assert legal == hand  # 2.2: void and no trump at all -> any card


@given(js.tricks(1, 4), js.trumps(), st.integers(min_value=0, max_value=3))
@js.examples(400)
def test_property_trick_winner_matches_reference(trick: list[Card], mode: Trump, leader: int) -> None:
    position = winning_position(trick, mode)
    assert position == reference.winning_position(trick, mode)
    assert trick_winner(trick, mode, leader) == (leader + position) % 4 == reference.trick_winner(trick, mode, leader)
    # the holder of the highest eligible card: a trump if any trump was played, else a
    # card of the led suit, and no eligible card is higher
    best = trick[position]
    trump_suit = mode.suit
    trumps_played = [c for c in trick if c.suit == trump_suit]
    if trumps_played:
        assert best.suit == trump_suit
        order = reference.TRUMP_ORDER
        assert all(order.index(c.rank) <= order.index(best.rank) for c in trumps_played)
    else:
        assert best.suit == trick[0].suit
        order = reference.UNDENUFE_ORDER if mode is UNE else reference.PLAIN_ORDER
        assert all(order.index(c.rank) <= order.index(best.rank) for c in trick if c.suit == best.suit)
    # adding a card either keeps the winner or makes the new card the winner
    if len(trick) > 1:
        before = winning_position(trick[:-1], mode)
        assert position in (before, len(trick) - 1)


@given(js.tricks(1, 2), js.trumps(), st.integers(min_value=1, max_value=6), st.data())
@js.examples(100)
def test_property_trick_winner_seats(trick: list[Card], mode: Trump, seats: int, data: st.DataObject) -> None:
    trick = trick[:seats]
    leader = data.draw(st.integers(min_value=0, max_value=seats - 1))
    assert trick_winner(trick, mode, leader, seats) == (leader + reference.winning_position(trick, mode)) % seats


@given(st.integers(min_value=0, max_value=2**64 - 1), js.trumps(), js.play_rules(), st.data())
@js.examples(40)
def test_property_random_games(seed: int, mode: Trump, rules: PlayRules, data: st.DataObject) -> None:
    """Whole rounds of random legal play: library and reference agree at every move, and the
    tricks hold all 36 cards, 152 points, 157 with the last trick (RULES.md 1)."""
    hands = [set(h) for h in deal(seed)]
    leader = data.draw(st.integers(min_value=0, max_value=3))
    taken: list[int] = [0, 0, 0, 0]
    played: list[Card] = []
    for number in range(9):
        trick: list[Card] = []
        for k in range(4):
            seat = (leader + k) % 4
            legal = legal_cards(hands[seat], trick, mode, rules)
            assert set(legal) == reference.legal_cards(hands[seat], trick, mode, rules.bauer_exception,
                                                       rules.undertrump.value)
            card = data.draw(st.sampled_from(sorted(legal)))
            hands[seat].remove(card)
            trick.append(card)
        winner = trick_winner(trick, mode, leader)  # 2.6: the winner leads the next trick
        assert winner == reference.trick_winner(trick, mode, leader)
        leader = winner
        taken[leader] += mode.points(trick) + (LAST_TRICK_BONUS if number == 8 else 0)
        played += trick
    assert CardSet(played) == FULL_DECK and len(played) == 36
    assert sum(taken) == 157


@given(js.positions())
@js.examples(100)
def test_property_legal_cards_accepts_any_hand_type(position: js.Position) -> None:
    trick, mode, rules = list(position.trick), position.trump, position.rules
    legal = legal_cards(position.hand, trick, mode, rules)
    assert legal_cards(set(position.hand), trick, mode, rules) == legal
    assert legal_cards(frozenset(position.hand), tuple(trick), mode, rules) == legal
    assert legal_cards(sorted(position.hand, reverse=True), trick, mode, rules) == legal
    assert legal_bits(position.hand.bits, [c.index for c in trick], mode.value, *rules.legal_flags) == legal.bits
