"""Weis and deals as text in records, and the deal a record writes or reads back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from jass.cards import Card, CardSet, Rank, hands_of
from jass.errors import RecordError
from jass.teams.moves import D, NextDeal, WeisDeclaration
from jass.teams.rules import SEATS, TRICKS
from jass.teams.state import TeamState
from jass.weis import Weis, WeisKind, WeisRules

__all__ = [
    "weis_text",
    "parse_weis",
    "deal_text",
    "parse_deal",
    "explicit_deal",
    "explicit_move",
    "game_from_record",
]


def weis_text(declaration: WeisDeclaration) -> str:
    """A declaration as records write it, after the verb: sequences by their first and last
    card, four of a kind by their rank (``"H6-H9 four-J"``)."""
    words = []
    for weis in declaration.weis:
        cards = list(weis.cards)
        words.append(f"{cards[0]}-{cards[-1]}" if weis.kind is WeisKind.SEQUENCE else f"four-{weis.top.code}")
    return " ".join(words)


def parse_weis(text: str, rules: WeisRules | None, move: type[D]) -> D:
    """The declaration (the variant's class ``move``) written as ``text`` (see :func:`weis_text`);
    ``rules`` give the points (the defaults if ``None``). Raises :class:`~jass.errors.RecordError`."""
    tokens = text.split()
    if not tokens:
        raise RecordError("'weis' names at least one Weis, e.g. 'weis H6-H8'")
    return move(tuple(_parse_one_weis(token, rules or WeisRules()) for token in tokens))


def _parse_one_weis(token: str, rules: WeisRules) -> Weis:
    if token.casefold().startswith("four-"):
        rank_text = token[5:].casefold()
        for rank in Rank:
            if rank.code.casefold() == rank_text:
                return Weis.from_cards([Card.of(suit, rank) for suit in range(4)], rules)  # type: ignore[arg-type]
        raise RecordError(f"{token!r}: four of a kind is written four-<rank>, e.g. four-J or four-10")
    first, sep, last = token.partition("-")
    if not sep:
        raise RecordError(f"{token!r}: a Weis is written as a sequence H6-H9 or four of a kind four-J")
    start, end = Card.parse(first), Card.parse(last)
    if start.suit != end.suit or end.rank - start.rank < 2:
        raise RecordError(f"{token!r}: a sequence runs from a lower to a higher card of one suit, 3 cards or more")
    return Weis.from_cards([Card.of(start.suit, Rank(r)) for r in range(start.rank, end.rank + 1)], rules)


def deal_text(move: NextDeal) -> str:
    """A deal as records write it: ``"deal"`` for a seeded one, else the four hands."""
    return "deal" if move.hands is None else "deal " + " / ".join(str(h) for h in move.hands)


DealMove = TypeVar("DealMove", bound=NextDeal)


def parse_deal(rest: str, seeded: DealMove, move: type[DealMove]) -> DealMove:
    """The deal written as ``rest`` after the verb: ``seeded`` when empty, else four hands
    separated by ``/`` (a ``move``). Raises :class:`~jass.errors.RecordError`."""
    if not rest:
        return seeded
    parts = rest.split("/")
    if len(parts) != SEATS:
        raise RecordError(f"{rest!r}: a deal is four hands separated by '/'")
    return move(hands_of([CardSet.parse(part) for part in parts], SEATS, TRICKS, "deal"))


def explicit_deal(state: TeamState, new_game: Callable[..., Any]) -> tuple[dict[str, Any], Any]:
    """The record fields of the first round's deal of ``state`` and the game they start."""
    return {"deal": [str(hand) for hand in state.dealt]}, new_game(state.rules, state.seed, deal=state.dealt)


def explicit_move(move: Any, after: TeamState) -> Any:
    """``move`` as a record without the seed writes it: a deal from the seed as the hands it
    dealt (``after`` is the state it led to); any other move itself."""
    if isinstance(move, NextDeal) and move.hands is None:
        return type(move)(after.dealt)
    return move


def game_from_record(new_game: Callable[..., Any], rules: Any, seed: int, fields: Mapping[str, Any]) -> Any:
    """The new game a record starts: from ``seed``, or from its ``"deal"`` (four hands)."""
    deal = fields.get("deal")
    if deal is None:
        return new_game(rules, seed)
    if not isinstance(deal, list) or len(deal) != SEATS or not all(isinstance(h, str) for h in deal):
        raise RecordError("expected four hands, strings of card codes", "$.deal")
    return new_game(rules, seed, deal=[CardSet.parse(hand) for hand in deal])
