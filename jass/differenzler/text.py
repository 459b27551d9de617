"""What a Differenzler player reads: a move in public words (a secret prediction is only
"predicts"), the predictions and points so far, and why the game ended.
"""

from __future__ import annotations

from typing import Final

from jass.differenzler.moves import Move, Predict
from jass.differenzler.rules import PredictionMode, Rules
from jass.differenzler.score import dealer_credit
from jass.differenzler.state import GAME_OVER, PLAY, PREDICT, ROUND_OVER, Observation
from jass.faces import Faces
from jass.variant.facets import TableText, faces_of_rules, move_words


def _public_move(move: Move, rules: Rules, faces: Faces | None = None) -> str:
    """What the table reads of a move: a secret prediction is only "predicts"."""
    faces = faces or faces_of_rules(rules)
    if type(move) is Predict and rules.prediction_mode is PredictionMode.SECRET:
        return "predicts"
    return move_words(move, rules, faces)


def _describe(view: Observation, faces: Faces | None = None) -> list[str]:
    """What a seat reads besides its hand and the table: the face-up card, the predictions it
    may see (its own always, on a line of its own while secret), the points taken, the penalty
    totals, a finished round (see :attr:`Variant.describe`)."""
    faces = faces or faces_of_rules(view.rules)
    rules = view.rules
    phase = view.phase
    public = rules.prediction_mode is PredictionMode.OPEN or phase is ROUND_OVER or phase is GAME_OVER
    extra = " (a tie-break round)" if view.round_number >= rules.rounds else ""
    totals = ", ".join(f"seat {seat} {total}" for seat, total in enumerate(view.penalties))
    lines = [f"Round {view.round_number + 1} of {rules.rounds}{extra}; penalty points: {totals} "
             "(the fewest win)"]
    if phase is PREDICT or phase is PLAY:
        lines.append(f"Face-up card {faces.card(view.face_up)}: the dealer's (seat {view.dealer}), it makes "
                     f"{faces.mode(view.trump)} trump")
        shown = []
        for seat in range(rules.seats):
            prediction = view.predictions[seat] if public else None
            shown.append(f"seat {seat} " + (str(prediction) if prediction is not None
                                             else "has predicted" if view.predicted[seat] else "not yet"))
        lines.append(("Predictions: " if public else "Predictions (secret): ") + ", ".join(shown))
        own = view.predictions[view.seat] if view.seat is not None else None
        if not public and own is not None:
            lines.append(f"Your prediction: {own} (secret until the round is over)")
    if phase is PLAY:
        lines.append("Points taken this round: " + ", ".join(f"seat {seat} {points}" for seat, points in
                                                             enumerate(view.points)))
    if (phase is ROUND_OVER or phase is GAME_OVER) and view.history:
        score = view.history[-1]
        assert score.penalties is not None  # a round in the history is complete
        lines.append(f"Round {score.round_number + 1}: " + "; ".join(
            f"seat {seat} took {score.points[seat]}, predicted {score.predictions[seat]}: "
            f"{score.penalties[seat]} penalty points" for seat in range(rules.seats)))
        credit = dealer_credit(rules, score.predictions)
        if credit:
            lines.append(f"The predictions add up to {sum(p or 0 for p in score.predictions)}, not 157: the dealer "
                         f"(seat {score.dealer}) is credited {credit} (one point per five), taken off the penalty")
    return lines


def _end_reason(view: Observation) -> str:
    """Why the game ended, and who won (see :attr:`Variant.end_reason`)."""
    winner = view.winner
    rounds = len(view.history)
    tie_break = " (with tie-break rounds)" if rounds > view.rules.rounds else ""
    if winner is None:  # pragma: no cover - a Differenzler game ends only with one winner
        return f"After {rounds} rounds nobody has won"
    return (f"After {rounds} rounds{tie_break} seat {winner} has the fewest penalty points, "
            f"{view.penalties[winner]}: seat {winner} wins")


#: What a Differenzler player reads (:class:`~jass.variant.TableText`).
TEXT: Final = TableText(public_move=_public_move, describe=_describe, end_reason=_end_reason,
                        about=(
                        "The defaults follow the Dutch StarGames rules (seed 001, one of the two rule texts the "
                        "library started from) where they speak, and the official Swiss rules (jasswelt.ch, "
                        "Swisslos) where they are silent."),
                        rules_page="https://jass.readthedocs.io/en/latest/rules/differenzler.html")
