"""The words a player reads of the teams, the Weis and the Stöck.
"""

from __future__ import annotations

from typing import Any

from jass.teams.moves import WeisDeclaration
from jass.teams.state import TeamView
from jass.variant.facets import card_move_words
from jass.weis import STOECK_POINTS

__all__ = ["team_name", "weis_lines", "move_words"]


def move_words(move: Any) -> str:
    """A partnership game's move as its player reads it, its cards by their symbols: a Weis
    declaration (``declare sequence ♥6–♥8 (Schilten): 20``), a card, or the move's own words."""
    if isinstance(move, WeisDeclaration):
        return "declare " + ", ".join(weis.words for weis in move.weis)
    return card_move_words(move)


def team_name(team: int) -> str:
    """How a player reads a team: ``team 0 (seats 0 and 2)``."""
    return f"team {team} (seats {team} and {team + 2})"


def weis_lines(view: TeamView, in_play: bool) -> list[str]:
    """The lines a seat reads of the Weis and Stöck of the round in ``view`` (the declared
    points, its own Weis before the first trick, the best team's shown Weis, the Stöck), for
    each partnership variant's ``describe``; the public ones only while the cards are played."""
    lines = []
    declared = [f"seat {seat} {points}" for seat, points in enumerate(view.declared_points) if points]
    if declared and in_play:
        lines.append("Weis declared (points): " + ", ".join(declared))
    if view.own_weis and not view.tricks:
        lines.append("Your Weis: " + ", ".join(weis.words for weis in view.own_weis))
    shown = [f"seat {seat} {', '.join(w.words for w in weis)}" for seat, weis in enumerate(view.shown_weis) if weis]
    if shown and in_play:
        lines.append("Weis shown, the best team's: " + "; ".join(shown))
    if view.stoeck_team is not None and in_play:
        lines.append(f"Stöck: {team_name(view.stoeck_team)}, {STOECK_POINTS} points")
    return lines
