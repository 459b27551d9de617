"""Sidi Barrani's moves as the text of records (``"bid 120 rosen"``, ``"pass"``, ``"double"``),
and what a record writes of a game.
"""

from __future__ import annotations

from typing import Any, Final

from jass.errors import JassError, RecordError
from jass.play import PlayCard, parse_play
from jass.sidi.dealing import new_game
from jass.sidi.moves import DEAL, DOUBLE, PASS, Bid, Deal, DeclareWeis, Double, Move, Pass
from jass.sidi.rules import Rules
from jass.sidi.state import State
from jass.teams import notation as teams
from jass.trump import Trump
from jass.variant.facets import Notation, RecordFormat
from jass.variant.notation import no_argument, record_deal, split_move

__all__ = ["format_move", "parse_move"]

_VERBS: Final = ("bid", "pass", "double", "weis", "play", "deal")


def format_move(move: Move) -> str:
    """The short text of a move, as records write it: a bid by its points and its mode's name.

    >>> format_move(Bid(120, "rosen")), format_move(Pass()), format_move(Double()), format_move(PlayCard("H10"))
    ('bid 120 rosen', 'pass', 'double', 'play H10')
    """
    kind = type(move)
    if kind is PlayCard:
        return f"play {move.card}"  # type: ignore[union-attr]
    if kind is Bid:
        return f"bid {move.points} {move.mode.name.lower()}"  # type: ignore[union-attr]
    if kind is Pass:
        return "pass"
    if kind is Double:
        return "double"
    if kind is DeclareWeis:
        return "weis " + teams.weis_text(move)  # type: ignore[arg-type]
    if kind is Deal:
        return teams.deal_text(move)  # type: ignore[arg-type]
    raise RecordError(f"{move!r:.80} is not a Sidi Barrani move")


def parse_move(text: str, rules: Rules | None = None) -> Move:
    """The move written as ``text`` (see :func:`format_move`); ``rules`` give the points of a
    Weis. Raises :class:`~jass.errors.RecordError`.

    >>> parse_move("bid 157 obenabe")
    Bid(points=157, mode=Trump.OBENABE)
    """
    verb, rest = split_move(text, _VERBS, "Sidi Barrani")
    if verb == "play":
        return parse_play(rest)
    if verb == "bid":
        points, _, mode = rest.partition(" ")
        if not (points.isascii() and points.isdigit()) or len(points) > 3 or not mode.strip():
            raise RecordError(f"{rest!r:.60}: a bid is written 'bid <points> <mode>', e.g. 'bid 120 rosen'")
        try:
            return Bid(int(points), Trump.parse(mode))
        except JassError as error:
            raise RecordError(f"{rest!r:.60}: {error}") from None
    if verb == "pass":
        return no_argument(verb, rest, PASS)
    if verb == "double":
        return no_argument(verb, rest, DOUBLE)
    if verb == "weis":
        return teams.parse_weis(rest, rules.weis if isinstance(rules, Rules) else None, DeclareWeis)
    return teams.parse_deal(rest, DEAL, Deal)


def _result(state: State) -> dict[str, Any]:
    return {"scores": list(state.scores)}


#: Sidi Barrani's moves as text (:class:`~jass.variant.Notation`).
NOTATION: Final = Notation(format_move=format_move, parse_move=parse_move)

#: What a record writes of a Sidi Barrani game (:class:`~jass.variant.RecordFormat`).
RECORDS: Final[RecordFormat[Rules, State, Move]] = RecordFormat(
    result=_result,
    record_deal=lambda state: record_deal(state, new_game, lambda s: teams.explicit_deal(s, new_game)),
    game_from_record=lambda rules, seed, fields: teams.game_from_record(new_game, rules, seed, fields),
    explicit_deal=lambda state: teams.explicit_deal(state, new_game),
    explicit_move=teams.explicit_move,
)
