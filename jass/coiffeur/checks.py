"""The conformance harness's hooks for Coiffeur: the invariants of a step and of a finished game
(every row of both columns written).
"""

from __future__ import annotations

from typing import Final

from jass.coiffeur.moves import Move
from jass.coiffeur.state import State
from jass.teams.checks import hidden_variations, known_cards
from jass.teams.rules import TRICKS
from jass.variant.facets import ConformanceHooks


def _check_step(before: State, move: Move, after: State) -> None:
    """A finished round: nine tricks, their card points (each in its trick's mode), 5 for the last
    trick, the match bonus for nine tricks; the declaring team's column and score grow by the
    round's written points, the other's do not."""
    if len(after.history) == len(before.history):
        return
    score = after.history[-1]
    play = after.play
    assert play is not None and play.is_done and len(play.tricks) == TRICKS
    grown = (after.scores[0] - before.scores[0], after.scores[1] - before.scores[1])
    assert grown == score.totals, f"the scores grew by {grown}, the round writes {score.totals}"
    assert after.slates[score.team][score.row] == score.written and before.slates[score.team][score.row] is None
    teams = score.teams
    assert teams[0].cards + teams[1].cards == sum(trick.points for trick in play.tricks)
    assert (teams[0].last_trick, teams[1].last_trick) in ((5, 0), (0, 5))
    won = [sum(1 for trick in play.tricks if trick.winner % 2 == team) for team in (0, 1)]
    bonus = after.rules.match_bonus
    assert (teams[0].match, teams[1].match) == tuple(bonus if n == TRICKS else 0 for n in won)
    assert teams[0].multiplier == after.rules.slate.rows[score.row].factor


def _check_end(final: State) -> None:
    """A finished game: both columns full, the winner the team with more points (none: equal)."""
    assert all(None not in column for column in final.slates)
    scores = final.scores
    assert final.winner == (None if scores[0] == scores[1] else int(scores[1] > scores[0]))


#: The conformance harness's hooks (:class:`~jass.variant.ConformanceHooks`).
CHECKS: Final = ConformanceHooks(
    hidden_variations=hidden_variations, known_cards=known_cards, check_step=_check_step, check_end=_check_end,
)
