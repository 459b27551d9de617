"""What a Zweierjass player reads: the bottom card and the mode it fixes, the stack, the seat's
own draws (never the other's), the score sheet, and why the game ended.
"""

from __future__ import annotations

from typing import Final

from jass.faces import Faces
from jass.variant.facets import TableText, faces_of_rules
from jass.zweier.moves import Move
from jass.zweier.rules import SEATS, Rules
from jass.zweier.state import GAME_OVER, ROUND_OVER, Observation


def _describe(view: Observation, faces: Faces | None = None) -> list[str]:
    """What a seat reads besides its hand and the table: the game score, the bottom card and its
    mode, the stack, who drew the bottom card, its own draws, the round's points or a finished
    round (see :attr:`Variant.describe`)."""
    faces = faces or faces_of_rules(view.rules)
    lines = [f"Game score: seat 0 {view.scores[0]}, seat 1 {view.scores[1]} "
             f"(first to {view.rules.target_points} wins)"]
    if view.phase is ROUND_OVER or view.phase is GAME_OVER:
        if view.history:
            score = view.history[-1]
            lines.append(f"Round {len(view.history)}: " + "; ".join(
                f"seat {seat} {score.totals[seat]} points" + (" (last trick +5)" if score.last_trick[seat] else "")
                for seat in range(SEATS)))
        return lines
    bottom = faces.card(view.bottom_card)
    lines.append(f"Bottom card of the stack {bottom}: {faces.mode(view.mode)}")
    if view.mode != view.trump:
        lines.append(f"This trick is played {faces.mode(view.trump)}")
    if view.stack_size:
        lines.append(f"Stack: {view.stack_size} cards; after each trick the winner draws first, then the other")
    elif view.bottom_drawn_by is not None:
        lines.append(f"Stack: empty; seat {view.bottom_drawn_by} drew the bottom card {bottom}")
    drawn = [card for card in view.your_draws if card is not None]
    if drawn:
        lines.append(f"You drew {faces.card(drawn[-1])} (your draws so far: {faces.cards(drawn)})")
    lines.append(f"Points this round: seat 0 {view.round_points[0]}, seat 1 {view.round_points[1]}")
    return lines


def _end_reason(view: Observation) -> str:
    """Why the game ended, and who won (see :attr:`Variant.end_reason`)."""
    winner = view.winner
    if winner is None:
        return "The round limit ended the game drawn"
    return (f"Seat {winner} reached {view.scores[winner]} points, more than seat {1 - winner}'s "
            f"{view.scores[1 - winner]}: seat {winner} wins")


#: What a Zweierjass player reads (:class:`~jass.variant.TableText`).
TEXT: Final[TableText[Rules, Move, Observation]] = TableText(describe=_describe, end_reason=_end_reason,
                        about=(
                        "The defaults follow the Zweierjass of rafael-ottersberg's jass-app, the only source of "
                        "this game: its mode from the stack's bottom card (a 6 Undenufe, a Banner Slalom, an Ace "
                        "Obenabe, any other card its suit as trump), both players drawing after each trick."),
                        rules_page="https://jass.readthedocs.io/en/latest/rules/zweierjass.html")
