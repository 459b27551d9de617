"""What a la pomme player reads: a move in public words (an exchange is "exchanges 3 cards"), the
score sheet and the round so far, and why the game ended. Seed 000 names French suits («trèfle»):
la pomme is written with Romandie's pairing (French-pack names).
"""

from __future__ import annotations

from typing import Final

from jass.faces import Faces, Pairing
from jass.pomme.moves import Exchange, Move
from jass.pomme.rules import SEATS, Rules
from jass.pomme.state import GAME_OVER, PLAY, ROUND_OVER, Observation
from jass.variant.facets import TableText, move_words

#: How la pomme's cards are written: French suits by their French-pack names (seed 000 plays
#: «trèfle»), paired with the Swiss suits as seed 001 pairs them.
FACES_OF_POMME: Final = Faces(pairing=Pairing.ROMANDIE)


def _move_text(move: Move, rules: Rules, faces: Faces | None = None) -> str:
    """A move in words, its cards as ``faces`` show them (``exchange ♣6 ♣7 ♥10``)."""
    faces = faces or FACES_OF_POMME
    if type(move) is Exchange:
        return f"exchange {faces.cards(move.cards)}"
    return move_words(move, rules, faces)


def _public_move(move: Move, rules: Rules, faces: Faces | None = None) -> str:
    """What the table reads of a move: an exchange gives away face-down cards."""
    faces = faces or FACES_OF_POMME
    if type(move) is Exchange:
        return "exchanges 3 cards"
    return _move_text(move, rules, faces)


def _describe(view: Observation, faces: Faces | None = None) -> list[str]:
    """What a seat reads besides its hand and the table: the game score and pommes, the turned
    card and the trump 6, the exchanges, the round's points, a finished round (see
    :attr:`Variant.describe`)."""
    faces = faces or FACES_OF_POMME
    rules = view.rules
    losing = "; 3 pommes lose" if rules.three_pommes_lose else ""
    lines = [f"Game score: seat 0 {view.scores[0]}, seat 1 {view.scores[1]} (first to {rules.target_points} "
             f"wins); pommes: seat 0 {view.pommes[0]}, seat 1 {view.pommes[1]}{losing}"]
    phase = view.phase
    if phase is ROUND_OVER or phase is GAME_OVER:
        if view.history:
            score = view.history[-1]
            lines.append(f"Round {len(view.history)}: " + "; ".join(
                f"seat {seat} {score.totals[seat]} points"
                + (", a pomme" if score.pommes[seat] else "") + (", +1" if score.won[seat] else "")
                for seat in range(SEATS)))
        return lines
    turned = f"Turned card {faces.card(view.turned)}: {faces.mode(view.trump)} is trump"
    if view.swapped_by is not None:
        turned += f"; seat {view.swapped_by} swapped the trump 6 for it"
    lines.append(turned)
    decisions = {None: "not yet", True: "exchanged 3 cards", False: "kept the hand"}
    lines.append("Exchange: " + ", ".join(f"seat {seat} {decisions[done]}" for seat, done in enumerate(view.exchanges)))
    if phase is PLAY:
        lines.append(f"Points this round: seat 0 {view.round_points[0]}, seat 1 {view.round_points[1]} "
                     f"(under {rules.pomme_threshold} is a pomme)")
    return lines


def _end_reason(view: Observation) -> str:
    """Why the game ended, and who won (see :attr:`Variant.end_reason`)."""
    winner = view.winner
    if winner is None:  # pragma: no cover - a game of la pomme ends only with a winner
        return "Nobody has won"
    if view.scores[winner] >= view.rules.target_points:
        return f"Seat {winner} reached {view.scores[winner]} points: seat {winner} wins"
    return f"Seat {1 - winner} collected {view.pommes[1 - winner]} pommes: seat {winner} wins"


#: What a la pomme player reads (:class:`~jass.variant.TableText`).
TEXT: Final = TableText(move_text=_move_text, public_move=_public_move, describe=_describe, end_reason=_end_reason,
                        pairing=lambda rules: Pairing.ROMANDIE,
                        about=(
                        "The defaults follow the French rules of la pomme of missione1agosto.org (seed 000, one of "
                        "the two rule texts the library started from), and fr.wikipedia and the general rules of "
                        "Jass where they are silent."),
                        rules_page="https://jass.readthedocs.io/en/latest/rules/pomme.html")
