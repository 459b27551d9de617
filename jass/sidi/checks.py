"""The conformance harness's hooks for Sidi Barrani: the invariants of a step (a round written
as the contract says) and of a finished game.
"""

from __future__ import annotations

from typing import Final

from jass.sidi.moves import Move
from jass.sidi.score import game_winner
from jass.sidi.state import GAME_OVER, State
from jass.teams.checks import hidden_variations, known_cards
from jass.teams.rules import TRICKS
from jass.variant.facets import ConformanceHooks


def _check_step(before: State, move: Move, after: State) -> None:
    """A finished round: nothing written when nobody bid; else nine tricks, their card points and
    5 for the last trick (157 in all, a match too), no multiplier; the target written once, to
    the declaring team if its card points reached the bid, else to the other team, twice the
    bid when doubled; the scores grow by the round's totals."""
    if len(after.history) == len(before.history):
        return
    score = after.history[-1]
    grown = (after.scores[0] - before.scores[0], after.scores[1] - before.scores[1])
    assert grown == score.totals, f"the scores grew by {grown}, the round writes {score.totals}"
    contract = score.contract
    if contract is None:
        assert score.totals == (0, 0) and after.play is None
        return
    play = after.play
    assert play is not None and play.is_done and len(play.tricks) == TRICKS
    teams = score.teams
    card_points = [teams[t].cards + teams[t].last_trick for t in (0, 1)]
    assert sum(card_points) == 157, f"a round's card points are 157, not {sum(card_points)}"
    assert teams[0].match == teams[1].match == 0 and teams[0].multiplier == teams[1].multiplier == 1
    made = card_points[contract.team] >= contract.points
    expected = [0, 0]
    expected[contract.team if made else 1 - contract.team] = contract.points * (2 if contract.doubled else 1)
    assert score.target == tuple(expected), f"the target written is {score.target}, the contract gives {expected}"


def _check_end(final: State) -> None:
    """A finished game: a team past the target with more points won (or the round limit)."""
    assert final.phase is GAME_OVER
    assert final.winner == game_winner(final.scores, final.rules)


#: The conformance harness's hooks (:class:`~jass.variant.ConformanceHooks`).
CHECKS: Final = ConformanceHooks(
    hidden_variations=hidden_variations, known_cards=known_cards, check_step=_check_step, check_end=_check_end,
)
