"""What a player of Handjass for three reads: the strokes and Nullers, the turned card and the
Blinde, the round so far, and why the game ended.
"""

from __future__ import annotations

from typing import Final

from jass.faces import Faces
from jass.handjass.moves import Move
from jass.handjass.rules import SEATS, Rules
from jass.handjass.state import GAME_OVER, PLAY, ROUND_OVER, Observation, RoundScore
from jass.variant.facets import TableText, faces_of_rules


def _round_line(number: int, score: RoundScore) -> str:
    parts = []
    for seat in range(SEATS):
        text = f"seat {seat} {score.totals[seat]} points"
        if score.nullers[seat]:
            text += ", a Nuller"
        elif score.strokes[seat]:
            text += ", a stroke" if score.strokes[seat] == 1 else ", 2 strokes"
        parts.append(text)
    return f"Round {number}: " + "; ".join(parts)


def _describe(view: Observation, faces: Faces | None = None) -> list[str]:
    """What a seat reads besides its hand and the table: the strokes and Nullers, the turned
    card, the Blinde and the rob, the round's points, a finished round (see
    :attr:`Variant.describe`)."""
    faces = faces or faces_of_rules(view.rules)
    rules = view.rules
    strokes = ", ".join(f"seat {seat} {view.scores[seat]}" for seat in range(SEATS))
    nullers = ", ".join(f"seat {seat} {view.nullers[seat]}" for seat in range(SEATS))
    lines = [f"Strokes: {strokes} (first to {rules.target_strokes} wins); Nullers: {nullers}"]
    phase = view.phase
    if phase is ROUND_OVER or phase is GAME_OVER:
        if view.history:
            lines.append(_round_line(len(view.history), view.history[-1]))
        return lines
    turned = f"Turned card {faces.card(view.turned)}: {faces.mode(view.trump)} is trump"
    if view.robbed_by is not None:
        turned += f"; seat {view.robbed_by} robbed it with the trump 6"
    lines.append(turned)
    taker = view.taken_by
    if taker is not None:
        lines.append(f"Blinde: seat {taker} took it and laid his hand aside")
    elif all(decided is False for decided in view.takes):
        lines.append("Blinde: nobody took it; it stays aside")
    else:
        kept = [str(seat) for seat in range(SEATS) if view.takes[seat] is False]
        lines.append("Blinde: on the table" + (f"; kept their hands: seat {', '.join(kept)}" if kept else ""))
    if phase is PLAY:
        points = ", ".join(f"seat {seat} {view.round_points[seat]}" for seat in range(SEATS))
        lines.append(f"Points this round: {points} (under {rules.nuller_threshold} is a Nuller)")
    return lines


def _end_reason(view: Observation) -> str:
    """Why the game ended, and who won (see :attr:`Variant.end_reason`)."""
    winner = view.winner
    if winner is None:
        return "The game reached the round limit undecided: nobody wins"
    return f"Seat {winner} reached {view.scores[winner]} strokes: seat {winner} wins"


#: What a player of Handjass for three reads (:class:`~jass.variant.TableText`).
TEXT: Final[TableText[Rules, Move, Observation]] = TableText(describe=_describe, end_reason=_end_reason,
                        about=(
                        "The defaults follow jassonkel.ch's «Der Handjass» for three players and jassverzeichnis.ch's "
                        "«Handjass à trois»; the options give jasswiki.ch's, pagat's and whiteknucklecards.com's "
                        "readings where they differ. Nobody sits a deal out, and there is no Weis (not supported)."),
                        rules_page="https://jass.readthedocs.io/en/latest/rules/handjass.html")
