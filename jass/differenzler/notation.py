"""Differenzler's moves as the text of records (``"predict 40"``), and what a record writes of
a game (its deal, the face-up card, the result).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from jass.cards import Card, CardSet
from jass.differenzler.dealing import new_game
from jass.differenzler.moves import DEAL, Deal, Move, Predict
from jass.differenzler.rules import MAX_PREDICTION, SEAT_COUNTS, Rules
from jass.differenzler.state import State
from jass.errors import RecordError
from jass.play import PlayCard, parse_play
from jass.variant.facets import Notation, RecordFormat
from jass.variant.notation import record_deal, split_move

__all__ = ["format_move", "parse_move"]


_VERBS: Final = ("predict", "play", "deal")


def format_move(move: Move) -> str:
    """The short text of a move, as records write it.

    >>> format_move(Predict(40)), format_move(PlayCard("H10")), format_move(Deal())
    ('predict 40', 'play H10', 'deal')
    """
    kind = type(move)
    if kind is PlayCard:
        return f"play {move.card}"  # type: ignore[union-attr]
    if kind is Predict:
        return f"predict {move.points}"  # type: ignore[union-attr]
    if kind is Deal:
        hands, face_up = move.hands, move.face_up  # type: ignore[union-attr]
        if hands is None:
            return "deal"
        return "deal " + " / ".join(str(h) for h in hands) + ("" if face_up is None else f" face-up {face_up}")
    raise RecordError(f"{move!r:.80} is not a Differenzler move")


def parse_move(text: str, rules: Rules | None = None) -> Move:
    """The move written as ``text`` (see :func:`format_move`). Raises
    :class:`~jass.errors.RecordError`.

    >>> parse_move("predict 40")
    Predict(40)
    """
    verb, rest = split_move(text, _VERBS, "Differenzler")
    if verb == "play":
        return parse_play(rest)
    if verb == "predict":
        if not (rest.isascii() and rest.isdigit()) or len(rest) > 3:
            raise RecordError(f"a prediction is a number 0..{MAX_PREDICTION}, got {rest!r:.40}")
        return Predict(int(rest))
    if not rest:
        return DEAL
    hands_text, _, face_up = rest.partition("face-up")
    parts = hands_text.split("/")
    if len(parts) not in SEAT_COUNTS:
        raise RecordError(f"{hands_text!r:.80}: a deal is four hands (three with three players) separated by '/'")
    return Deal(tuple(CardSet.parse(part) for part in parts), Card.parse(face_up) if face_up.strip() else None)


def _result(state: State) -> dict[str, Any]:
    return {"penalties": list(state.penalties)}


def _explicit_deal(state: State) -> tuple[dict[str, Any], State]:
    """The record fields of the deal of ``state`` (the hands and the face-up card) and the game
    they start."""
    hands = state.play.hands
    fields = {"deal": [str(hand) for hand in hands], "face_up": state.face_up.name}
    return fields, new_game(state.rules, state.seed, deal=hands, face_up=state.face_up)


def _explicit_move(move: Move, after: State) -> Move:
    """``move`` as a record without the seed writes it: a deal from the seed as the hands it dealt
    and the face-up card."""
    if type(move) is Deal and move.hands is None:
        return Deal(after.play.hands, after.face_up)
    return move


def _game_from_record(rules: Rules, seed: int, fields: Mapping[str, Any]) -> State:
    deal = fields.get("deal")
    face_up = fields.get("face_up")
    if face_up is not None and not isinstance(face_up, str):
        raise RecordError("expected the face-up card, a card code", "$.face_up")
    if deal is None:
        return new_game(rules, seed, face_up=face_up)
    if not isinstance(deal, list) or len(deal) != rules.seats or not all(isinstance(h, str) for h in deal):
        raise RecordError(f"expected {rules.seats} hands, strings of card codes", "$.deal")
    return new_game(rules, seed, deal=[CardSet.parse(hand) for hand in deal], face_up=face_up)


#: Differenzler's moves as text (:class:`~jass.variant.Notation`).
NOTATION: Final = Notation(format_move=format_move, parse_move=parse_move)

#: What a record writes of a Differenzler game (:class:`~jass.variant.RecordFormat`).
RECORDS: Final[RecordFormat[Rules, State, Move]] = RecordFormat(
    result=_result,
    record_deal=lambda state: record_deal(state, new_game, _explicit_deal),
    game_from_record=_game_from_record,
    explicit_deal=_explicit_deal,
    explicit_move=_explicit_move,
    record_fields=("deal", "face_up"),
)
