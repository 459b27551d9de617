"""Schieber's moves as the text of records (``"trump obenabe"``, ``"weis H6-H8"``), and what a
record writes of a game (its deal and result).
"""

from __future__ import annotations

from typing import Any, Final

from jass.errors import RecordError
from jass.play import PlayCard, parse_play
from jass.schieber.dealing import new_game
from jass.schieber.moves import ANNOUNCE, DEAL, PUSH, Announce, ChooseTrump, Deal, DeclareWeis, Move, Push
from jass.schieber.rules import Rules
from jass.schieber.state import State
from jass.teams.notation import (
    deal_text,
    explicit_deal,
    explicit_move,
    game_from_record,
    parse_deal,
    parse_weis,
    weis_text,
)
from jass.trump import Trump
from jass.variant.facets import Notation, RecordFormat
from jass.variant.notation import no_argument, record_deal, split_move

__all__ = ["format_move", "parse_move"]


_VERBS: Final = ("trump", "push", "weis", "play", "announce", "deal")


def format_move(move: Move) -> str:
    """The short text of a move, as records write it.

    >>> format_move(ChooseTrump("obenabe")), format_move(PlayCard("H10")), format_move(Deal())
    ('trump obenabe', 'play H10', 'deal')
    """
    kind = type(move)
    if kind is PlayCard:
        return f"play {move.card}"  # type: ignore[union-attr]
    if kind is ChooseTrump:
        return f"trump {str(move.trump).lower()}"  # type: ignore[union-attr]
    if kind is Push:
        return "push"
    if kind is DeclareWeis:
        return "weis " + weis_text(move)  # type: ignore[arg-type]
    if kind is Announce:
        return "announce"
    if kind is Deal:
        return deal_text(move)  # type: ignore[arg-type]
    raise RecordError(f"{move!r:.80} is not a Schieber move")


def parse_move(text: str, rules: Rules | None = None) -> Move:
    """The move written as ``text`` (see :func:`format_move`); ``rules`` give the points of a
    Weis (the defaults if ``None``). Raises :class:`~jass.errors.RecordError`.

    >>> parse_move("weis H6-H8")
    DeclareWeis(weis=(Weis(kind=WeisKind.SEQUENCE, cards=CardSet('H6 H7 H8'), points=20),))
    """
    verb, rest = split_move(text, _VERBS, "Schieber")
    if verb == "play":
        return parse_play(rest)
    if verb == "trump":
        return ChooseTrump(Trump.parse(rest))
    if verb == "push":
        return no_argument(verb, rest, PUSH)
    if verb == "announce":
        return no_argument(verb, rest, ANNOUNCE)
    if verb == "weis":
        return parse_weis(rest, rules.weis if isinstance(rules, Rules) else None, DeclareWeis)
    return parse_deal(rest, DEAL, Deal)


def _result(state: State) -> dict[str, Any]:
    return {"scores": list(state.scores), "end": None if state.end is None else state.end.value}


#: Schieber's moves as text (:class:`~jass.variant.Notation`).
NOTATION: Final = Notation(format_move=format_move, parse_move=parse_move)

#: What a record writes of a Schieber game (:class:`~jass.variant.RecordFormat`).
RECORDS: Final[RecordFormat[Rules, State, Move]] = RecordFormat(
    result=_result,
    record_deal=lambda state: record_deal(state, new_game, lambda s: explicit_deal(s, new_game)),
    game_from_record=lambda rules, seed, fields: game_from_record(new_game, rules, seed, fields),
    explicit_deal=lambda state: explicit_deal(state, new_game),
    explicit_move=explicit_move,
)
