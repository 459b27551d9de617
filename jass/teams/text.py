"""The words a player reads of the teams, the Weis and the Stöck.
"""

from __future__ import annotations

from jass.faces import FACES, Faces
from jass.teams.moves import WeisDeclaration
from jass.teams.state import TeamView
from jass.weis import STOECK_POINTS

__all__ = ["team_name", "weis_lines", "declaration_text"]


def team_name(team: int) -> str:
    """How a player reads a team: ``team 0 (seats 0 and 2)``."""
    return f"team {team} (seats {team} and {team + 2})"


def declaration_text(move: WeisDeclaration, faces: Faces = FACES) -> str:
    """A declaration in words, its cards as ``faces`` show them: ``declare sequence ♥6-♥9: 50``."""
    return "declare " + ", ".join(faces.weis(weis) for weis in move.weis)


def weis_lines(view: TeamView, in_play: bool, faces: Faces = FACES) -> list[str]:
    """The lines a seat reads of the Weis and Stöck of the round in ``view`` (the declared
    points, its own Weis before the first trick, the best team's shown Weis, the Stöck), for
    each partnership variant's ``describe``; the public ones only while the cards are played."""
    lines = []
    declared = [f"seat {seat} {points}" for seat, points in enumerate(view.declared_points) if points]
    if declared and in_play:
        lines.append("Weis declared (points): " + ", ".join(declared))
    if view.own_weis and not view.tricks:
        lines.append("Your Weis: " + ", ".join(faces.weis(weis) for weis in view.own_weis))
    shown = [f"seat {seat} {', '.join(faces.weis(w) for w in weis)}" for seat, weis in enumerate(view.shown_weis)
             if weis]
    if shown and in_play:
        lines.append("Weis shown, the best team's: " + "; ".join(shown))
    if view.stoeck_team is not None and in_play:
        lines.append(f"Stöck: {team_name(view.stoeck_team)}, {STOECK_POINTS} points")
    return lines
