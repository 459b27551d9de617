"""Card pictures: well-formed SVG with one element per card, in both decks (the Swiss-suited
cards with one element per pip), the French cards drawn with the symbols of their pairing."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given

from jass import Card, CardSet, schieber
from jass.cards import Rank, Suit
from jass.faces import Pairing
from jass.pictures import card_svg, hand_svg, table_svg, trick_svg
from jass.play import Trick
from strategies import card_sets

SVG = "{http://www.w3.org/2000/svg}"


def cards_in(svg: str) -> list[str]:
    root = ET.fromstring(svg)  # raises on malformed XML
    assert root.tag == f"{SVG}svg"
    return [g.attrib["data-card"] for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "card"]


def test_every_card_draws() -> None:
    for card in Card:
        assert cards_in(card_svg(card)) == [card.code]
        assert card._repr_svg_() == card_svg(card)  # type: ignore[attr-defined]


@given(card_sets())
def test_a_hand_has_one_element_per_card_in_index_order(cards: CardSet) -> None:
    assert cards_in(hand_svg(cards)) == [c.code for c in cards]
    assert cards._repr_svg_() == hand_svg(cards)


def test_a_trick_keeps_play_order() -> None:
    trick = Trick(leader=1, cards=(Card.HA, Card.C6, Card.H6, Card.HK), winner=2, points=15)
    assert cards_in(trick._repr_svg_()) == ["HA", "C6", "H6", "HK"]
    assert cards_in(trick_svg([])) == []


def test_the_table_shows_the_trick_and_the_own_hand_only() -> None:
    state = schieber.new_game(schieber.Rules(first_dealer=3), seed=8)
    state = schieber.apply(state, schieber.ChooseTrump("obenabe"))
    first = next(m for m in schieber.legal_moves(state) if isinstance(m, schieber.PlayCard))
    state = schieber.apply(state, first)
    view = schieber.observe(state, 1)
    shown = cards_in(table_svg(view))
    assert shown == [first.card.code] + [c.code for c in view.hand]


# --- both decks: the Swiss pack drawn as SVG, the French pack through a pairing ------------------

#: The suit symbols a Swiss card shows: a 6 six, ..., the Banner one on its flag, the Ass two
#: large ones, the Under, Ober and König one in each half of their double-headed picture.
SWISS_PIPS = {Rank.SIX: 6, Rank.SEVEN: 7, Rank.EIGHT: 8, Rank.NINE: 9, Rank.TEN: 1, Rank.JACK: 2,
              Rank.QUEEN: 2, Rank.KING: 2, Rank.ACE: 2}
WORDS = {Rank.JACK: "UNDER", Rank.QUEEN: "OBER", Rank.KING: "KÖNIG"}


def _swiss_card(card: Card) -> ET.Element:
    root = ET.fromstring(card_svg(card, deck="swiss"))  # well-formed XML, or this raises
    groups = [g for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "card"]
    assert len(groups) == 1 and groups[0].attrib["data-card"] == card.code
    assert groups[0].attrib["data-deck"] == "swiss"
    return groups[0]


def test_every_swiss_card_has_one_symbol_element_per_pip_of_its_own_suit() -> None:
    for card in Card:
        group = _swiss_card(card)
        pips = [g for g in group.iter(f"{SVG}g") if g.attrib.get("class") == "pip"]
        assert len(pips) == SWISS_PIPS[card.rank], card
        assert {pip.attrib["data-suit"] for pip in pips} == {card.suit.swiss_name.lower()}
        index = [t.text for t in group.iter(f"{SVG}text") if t.attrib.get("class") == "index"]
        assert index == [("6", "7", "8", "9", "10", "U", "O", "K", "A")[card.rank]] * 2


def test_swiss_court_cards_are_double_headed_and_named() -> None:
    for card in Card:
        group = _swiss_card(card)
        figures = [g for g in group.iter(f"{SVG}g") if g.attrib.get("class") == "figure"]
        words = [t.text for t in group.iter(f"{SVG}text") if t.attrib.get("class") == "word"]
        if card.rank in WORDS:
            assert len(figures) == 2 and {f.attrib["data-rank"] for f in figures} == {WORDS[card.rank].lower()}
            assert "rotate(180" in figures[1].attrib["transform"] and words == [WORDS[card.rank]]
        else:
            assert figures == [] and words == []


def test_the_ober_holds_the_symbol_high_the_under_low() -> None:
    """steve-p.org, newtraditiongames: "The Unter figures hold the pip symbol below them, the
    Obers raise them high." In the top half, the Ober's symbol sits above the Under's."""
    def symbol_height(card: Card) -> float:
        figure = next(g for g in _swiss_card(card).iter(f"{SVG}g") if g.attrib.get("class") == "figure")
        pip = next(g for g in figure.iter(f"{SVG}g") if g.attrib.get("class") == "pip")
        return float(pip.attrib["transform"].split(",")[1].split(")")[0])

    for suit in Suit:
        assert symbol_height(Card.of(suit, Rank.QUEEN)) < 20 < symbol_height(Card.of(suit, Rank.JACK))


@pytest.mark.parametrize(
    ("pairing", "symbols"),
    [
        pytest.param(Pairing.SEED, "♣♠♥♦", id="seed 001"),
        pytest.param(Pairing.SWISSLOS, "♦♥♠♣", id="Swisslos: Schilten/Schaufel, Schellen/Kreuz"),
        pytest.param(Pairing.JASSVERZEICHNIS, "♠♣♦♥", id="jassverzeichnis: Eichle oder Schaufel"),
    ],
)
def test_a_french_card_is_drawn_with_the_symbol_of_its_pairing(pairing: Pairing, symbols: str) -> None:
    for suit, symbol in zip(Suit, symbols):
        svg = card_svg(Card.of(suit, Rank.ACE), pairing=pairing)
        texts = [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]
        assert texts.count(symbol) == 2 and not set("♣♠♥♦") - {symbol} & set("".join(texts))
        assert ('fill="#c0392b"' in svg) == (symbol in "♥♦")  # red as the French symbol is


def test_a_swiss_hand_and_trick_keep_their_order() -> None:
    hand = CardSet.parse("SA C6 HJ")
    assert cards_in(hand_svg(hand, deck="swiss")) == ["C6", "SA", "HJ"]
    assert cards_in(trick_svg([Card.HJ, Card.C6], deck="swiss")) == ["HJ", "C6"]
    assert "<title>Eicheln 6 · Rosen Ass · Schilten Under</title>" in hand_svg(hand, deck="swiss")
