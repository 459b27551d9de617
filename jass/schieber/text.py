"""What a Schieber player reads: a move in public words, the slate and the round so far, and
why the game ended.
"""

from __future__ import annotations

from typing import Final

from jass.faces import Faces
from jass.schieber.game import seat_to_act
from jass.schieber.moves import ChooseTrump, DeclareWeis, Move
from jass.schieber.rules import SEATS, Rules
from jass.schieber.state import CHOOSE_TRUMP, PLAY, GameEnd, Observation, RoundScore
from jass.teams.text import declaration_text, weis_lines
from jass.variant.facets import TableText, faces_of_rules, move_words


def _move_text(move: Move, rules: Rules, faces: Faces | None = None) -> str:
    """A move in words, its cards and mode as ``faces`` show them (``choose Schilten ♥``)."""
    faces = faces or faces_of_rules(rules)
    if type(move) is ChooseTrump:
        return f"choose {faces.mode(move.trump)}"
    if type(move) is DeclareWeis:
        return declaration_text(move, faces)
    return move_words(move, rules, faces)


def _public_move(move: Move, rules: Rules, faces: Faces | None = None) -> str:
    """What the table reads of a move: a declaration by its points (the Weis themselves are
    shown only after the first trick, and only the best team's)."""
    faces = faces or faces_of_rules(rules)
    if type(move) is DeclareWeis:
        return f"declares Weis ({sum(w.points for w in move.weis)} points)"
    return _move_text(move, rules, faces)


def _round_line(score: RoundScore, faces: Faces) -> str:
    """A written round: each team's points by kind, the multiplier and the total."""
    parts = []
    for team, points in enumerate(score.teams):
        kinds = [f"{points.cards} in cards"]
        kinds += [f"{value} {name}" for value, name in (
            (points.last_trick, "last trick"), (points.match, "match"), (points.weis, "Weis"),
            (points.stoeck, "Stöck"),
        ) if value]
        times = f" x{points.multiplier} = {points.total}" if points.multiplier != 1 else ""
        parts.append(f"team {team} {' + '.join(kinds)}{' = ' + str(points.points) if len(kinds) > 1 else ''}{times}")
    return f"{faces.mode(score.trump)}: " + "; ".join(parts)


def _describe(view: Observation, faces: Faces | None = None) -> list[str]:
    """What a seat reads besides its hand and the table: the slate, the trump's multiplier, the
    round's points so far, Weis and Stöck, a finished round (see :attr:`Variant.describe`)."""
    faces = faces or faces_of_rules(view.rules)
    rules = view.rules
    goal = (f"the game goes to {rules.target_score}" if rules.target_score is not None
            else f"round {min(view.round_number + 1, rules.rounds or 0)} of {rules.rounds}")
    lines = [f"Score: team 0 {view.scores[0]}, team 1 {view.scores[1]}; {goal}"]
    phase = view.phase
    if phase is CHOOSE_TRUMP:
        chooser = seat_to_act(phase, view.dealer, view.pushed, None)
        pushed = f"seat {(view.dealer + 1) % SEATS} pushed; " if view.pushed % 2 else ""
        lines.append(f"{pushed}seat {chooser} chooses trump")
        return lines
    trump = view.trump
    if trump is not None and phase is PLAY:
        lines.append(f"This round counts x{rules.multiplier(trump)}; so far team 0 {view.round_points[0]}, "
                     f"team 1 {view.round_points[1]}")
    lines += weis_lines(view, phase is PLAY, faces)
    if phase is not PLAY and view.history:
        lines.append(f"Round {len(view.history)} written: {_round_line(view.history[-1], faces)}")
    return lines


def _end_reason(view: Observation) -> str:
    """Why the game ended, and who won (see :attr:`Variant.end_reason`)."""
    winner, end, scores = view.winner, view.end, view.scores
    target = view.rules.target_score
    won = "a draw" if winner is None else f"Team {winner} wins"
    if end is GameEnd.CLAIM_CORRECT and winner is not None:
        return f"Team {winner} went out («Mer bedanked eus!») at {scores[winner]} points, reaching {target}: {won}"
    if end is GameEnd.CLAIM_WRONG and winner is not None:
        claimer = 1 - winner
        return f"Team {claimer} went out («Mer bedanked eus!») at {scores[claimer]} points, short of {target}: {won}"
    if end is GameEnd.TARGET_REACHED and winner is not None:
        return f"Team {winner} reached {target} first ({scores[0]} : {scores[1]}): {won}"
    rounds = len(view.history)
    played = "1 round is" if rounds == 1 else f"{rounds} rounds are"
    return f"The game's {played} played ({scores[0]} : {scores[1]}): {won}"


#: What a Schieber player reads (:class:`~jass.variant.TableText`).
TEXT: Final = TableText(move_text=_move_text, public_move=_public_move, describe=_describe, end_reason=_end_reason,
                        pairing=lambda rules: rules.pairing,
                        about=(
                        "The defaults follow the Dutch StarGames rules (seed 001, one of the two rule texts the "
                        "library started from) where they speak, and the official Swiss rules (the Jassreglement, "
                        "as jasswelt.ch summarises it) where they are silent."),
                        rules_page="https://jass.readthedocs.io/en/latest/rules/schieber.html")
