"""Card pictures: well-formed SVG with one element per card."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given

from jass import Card, CardSet, schieber
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
