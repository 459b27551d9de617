"""What a Coiffeur player reads: a move in public words, the slate with both teams' columns,
and why the game ended.
"""

from __future__ import annotations

from typing import Final

from jass.coiffeur.moves import DeclareWeis, Move
from jass.coiffeur.rules import Rules
from jass.coiffeur.state import CHOOSE, PLAY, Observation
from jass.teams.text import move_words, weis_lines
from jass.variant.facets import TableText


def _public_move(move: Move, rules: Rules) -> str:
    """What the table reads of a move: a declaration by its points (the Weis themselves are shown
    only after the first trick, and only the best team's)."""
    if type(move) is DeclareWeis:
        return f"declares Weis ({sum(w.points for w in move.weis)} points)"
    return move_words(move)


def _describe(view: Observation) -> list[str]:
    """What a seat reads besides its hand and the table: the slate, the row in play and the
    round's points so far, Weis and Stöck, the last round written (see :attr:`Variant.describe`)."""
    rows = view.rules.slate.rows
    lines = [f"Score: team 0 {view.scores[0]}, team 1 {view.scores[1]}"]
    for index, row in enumerate(rows):
        cells = ["open" if column[index] is None else str(column[index]) for column in view.slates]
        lines.append(f"  row {index + 1}, {row.name} x{row.factor}: team 0 {cells[0]}, team 1 {cells[1]}")
    phase = view.phase
    if phase is CHOOSE:
        pushed = f"pushed {view.pushed} times; " if view.pushed else ""
        lines.append(f"{pushed}seat {view.to_act} chooses a row and its mode")
    elif phase is PLAY and view.row is not None and view.mode is not None and view.chooser is not None:
        row = rows[view.row]
        lines.append(f"Row {view.row + 1}, {row.name} x{row.factor}, played in {view.mode} for team "
                     f"{view.chooser % 2}; so far team 0 {view.round_points[0]}, team 1 {view.round_points[1]}")
    lines += weis_lines(view, phase is PLAY)
    if phase is not PLAY and view.history:
        last = view.history[-1]
        lines.append(f"Round {len(view.history)} written: team {last.team} {last.written} in row {last.row + 1} "
                     f"({last.mode})")
    return lines


def _end_reason(view: Observation) -> str:
    """Why the game ended, and who won (see :attr:`Variant.end_reason`): a Coiffeur game ends
    when both columns are full, and the higher total wins."""
    scores, winner = view.scores, view.winner
    won = "a draw" if winner is None else f"Team {winner} wins"
    return f"Every row of both columns is written ({scores[0]} : {scores[1]}): {won}"


def _multiplier(view: Observation) -> int | None:
    """What the round in play counts: the factor of the row chosen, once it is chosen."""
    return None if view.row is None or view.phase is not PLAY else view.rules.slate.rows[view.row].factor


#: What a Coiffeur player reads (:class:`~jass.variant.TableText`).
TEXT: Final = TableText(public_move=_public_move, move_words=move_words, describe=_describe,
                        end_reason=_end_reason, multiplier=_multiplier)
