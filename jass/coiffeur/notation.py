"""Coiffeur's moves as the text of records (``"choose 3 obenabe"``), and what a record writes
of a game.
"""

from __future__ import annotations

from typing import Any, Final

from jass.coiffeur.dealing import new_game
from jass.coiffeur.moves import DEAL, PUSH, ChooseRow, Deal, DeclareWeis, Move, Push
from jass.coiffeur.rules import Rules
from jass.coiffeur.state import State
from jass.errors import RecordError
from jass.play import PlayCard, parse_play
from jass.teams.notation import (
    deal_text,
    explicit_deal,
    explicit_move,
    game_from_record,
    parse_deal,
    parse_weis,
    weis_text,
)
from jass.trump import parse_mode
from jass.variant.facets import Notation, RecordFormat
from jass.variant.notation import no_argument, record_deal, split_move

__all__ = ["format_move", "parse_move"]


_VERBS: Final = ("choose", "push", "weis", "play", "deal")


def format_move(move: Move) -> str:
    """The short text of a move, as records write it: the row by its index, the mode by its
    name.

    >>> format_move(ChooseRow(8, "slalom undenufe")), format_move(PlayCard("H10")), format_move(Push())
    ('choose 8 slalom_undenufe', 'play H10', 'push')
    """
    kind = type(move)
    if kind is PlayCard:
        return f"play {move.card}"  # type: ignore[union-attr]
    if kind is ChooseRow:
        return f"choose {move.row} {move.mode.name.lower()}"  # type: ignore[union-attr]
    if kind is Push:
        return "push"
    if kind is DeclareWeis:
        return "weis " + weis_text(move)  # type: ignore[arg-type]
    if kind is Deal:
        return deal_text(move)  # type: ignore[arg-type]
    raise RecordError(f"{move!r:.80} is not a Coiffeur move")


def parse_move(text: str, rules: Rules | None = None) -> Move:
    """The move written as ``text`` (see :func:`format_move`); ``rules`` give the points of a
    Weis. Raises :class:`~jass.errors.RecordError`.

    >>> parse_move("choose 6 obenabe")
    ChooseRow(row=6, mode=Trump.OBENABE)
    """
    verb, rest = split_move(text, _VERBS, "Coiffeur")
    if verb == "play":
        return parse_play(rest)
    if verb == "choose":
        row, _, mode = rest.partition(" ")
        if not (row.isascii() and row.isdigit()) or len(row) > 2 or not mode.strip():
            raise RecordError(f"{rest!r:.60}: a choice is written 'choose <row> <mode>', e.g. 'choose 6 obenabe'")
        return ChooseRow(int(row), parse_mode(mode))
    if verb == "push":
        return no_argument(verb, rest, PUSH)
    if verb == "weis":
        return parse_weis(rest, rules.weis if isinstance(rules, Rules) else None, DeclareWeis)
    return parse_deal(rest, DEAL, Deal)


def _result(state: State) -> dict[str, Any]:
    return {"scores": list(state.scores)}


#: Coiffeur's moves as text (:class:`~jass.variant.Notation`).
NOTATION: Final = Notation(format_move=format_move, parse_move=parse_move)

#: What a record writes of a Coiffeur game (:class:`~jass.variant.RecordFormat`).
RECORDS: Final[RecordFormat[Rules, State, Move]] = RecordFormat(
    result=_result,
    record_deal=lambda state: record_deal(state, new_game, lambda s: explicit_deal(s, new_game)),
    game_from_record=lambda rules, seed, fields: game_from_record(new_game, rules, seed, fields),
    explicit_deal=lambda state: explicit_deal(state, new_game),
    explicit_move=explicit_move,
)
