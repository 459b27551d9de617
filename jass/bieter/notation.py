"""Bieter's moves as the text of records (``"bid 600"``, ``"fort"``, ``"discard HA"``,
``"name obenabe"``), and what a record writes of a game (its deal order and result).
"""

from __future__ import annotations

import re
from typing import Any, Final

from jass.bieter.dealing import dealt_order, new_game
from jass.bieter.moves import DEAL, Announce, Bid, Concede, Deal, Discard, GameMode, Move, Pass, PlayGame
from jass.bieter.rules import TITLE, Rules
from jass.bieter.score import schneider
from jass.bieter.state import State
from jass.errors import RecordError
from jass.play import PlayCard, parse_play
from jass.variant.facets import Notation, RecordFormat
from jass.variant.notation import deck_order_records, no_argument, split_move

__all__ = ["format_move", "parse_move"]


_NUMBER: Final = re.compile(r"[0-9]{1,5}")
_VERBS: Final = ("bid", "fort", "discard", "name", "playgame", "concede", "play", "deal")
_WORDS: Final[dict[type, str]] = {Pass: "fort", PlayGame: "playgame", Concede: "concede"}
_MOVES: Final[dict[str, Move]] = {"fort": Pass(), "playgame": PlayGame(), "concede": Concede()}


def format_move(move: Move) -> str:
    """The short text of a move, as records write it.

    >>> format_move(Bid(600)), format_move(Pass()), format_move(Discard("HA")), format_move(Announce(GameMode.HINDERSI))
    ('bid 600', 'fort', 'discard HA', 'name hindersi')
    """
    match move:
        case PlayCard(card=card):
            return f"play {card}"
        case Bid(points=points):
            return f"bid {points}"
        case Discard(card=card):
            return f"discard {card}"
        case Announce(mode=mode):
            return f"name {mode.value}"
        case Deal(order=order):
            return "deal" if order is None else "deal " + " ".join(c.name for c in order)
    word = _WORDS.get(type(move))
    if word is None:
        raise RecordError(f"{move!r:.80} is not a move of {TITLE}")
    return word


def parse_move(text: str, rules: Rules | None = None) -> Move:
    """The move written as ``text`` (see :func:`format_move`). Raises
    :class:`~jass.errors.RecordError`.

    >>> parse_move("bid 650"), parse_move("name rosen"), parse_move("play S9")
    (Bid(points=650), Announce(mode=GameMode.ROSEN), PlayCard(Card.S9))
    """
    verb, rest = split_move(text, _VERBS, "bieter")
    if verb == "play":
        return parse_play(rest)
    if verb == "deal":
        return DEAL if not rest else Deal(rest.split())
    if verb == "bid":
        if not _NUMBER.fullmatch(rest):
            raise RecordError(f"{text!r:.60}: expected 'bid' and a number of points")
        return Bid(int(rest))
    if verb == "discard":
        return Discard(parse_play(rest).card)
    if verb == "name":
        try:
            return Announce(GameMode(rest))
        except ValueError:
            raise RecordError(f"{text!r:.60}: expected 'name' and one of "
                              f"{', '.join(mode.value for mode in GameMode)}") from None
    return no_argument(verb, rest, _MOVES[verb])


def _result(state: State) -> dict[str, Any]:
    return {"king": state.king, "bid": state.bid, "scores": list(state.scores), "king_won": state.king_won,
            "schneider": schneider(state)}


#: Bieter's moves as text (:class:`~jass.variant.Notation`).
NOTATION: Final = Notation(format_move=format_move, parse_move=parse_move)

#: What a record writes of a game of Bieter (:class:`~jass.variant.RecordFormat`).
RECORDS: Final[RecordFormat[Rules, State, Move]] = deck_order_records(_result, new_game, dealt_order, Deal)
