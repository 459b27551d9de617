"""The conformance harness's hooks for Schieber: the invariants of a step (157 per round, the
match) and a random player that says «Mer bedanked eus!» mostly when it is right.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from jass.schieber.game import to_act
from jass.schieber.moves import ANNOUNCE, Move
from jass.schieber.score import totals
from jass.schieber.state import State
from jass.teams.checks import hidden_variations, known_cards
from jass.teams.rules import TRICKS
from jass.trump import LAST_TRICK_BONUS
from jass.variant.facets import ConformanceHooks


def _choose(state: State, moves: Sequence[Move], rng: random.Random) -> Move:
    """A random move; «Mer bedanked eus!» mostly when it is right (a random announcement would end
    nearly every game of the seed's claim mode in its first round)."""
    if ANNOUNCE in moves:
        seat = to_act(state)
        target = state.rules.target_score
        right = seat is not None and target is not None and totals(state)[seat % 2] >= target
        if rng.random() < (0.25 if right else 0.005):
            return ANNOUNCE
        moves = [m for m in moves if m != ANNOUNCE]
    return rng.choice(moves)


def _check_step(before: State, move: Move, after: State) -> None:
    """A finished round: 152 card points, 5 for the last trick, the match bonus for nine
    tricks (157 in all, plus the bonus); the written scores grow by the round's totals."""
    if len(after.history) == len(before.history):
        return
    score = after.history[-1]
    grown = (after.scores[0] - before.scores[0], after.scores[1] - before.scores[1])
    assert score.totals == grown, f"the scores grew by {grown}, the round's totals are {score.totals}"
    play = after.play
    assert play is not None
    if not play.is_done:  # the game ended during the round
        return
    teams = score.teams
    won = [sum(1 for trick in play.tricks if trick.winner % 2 == team) for team in (0, 1)]
    cards = teams[0].cards + teams[1].cards
    assert cards == 152, f"the round's card points are {cards}, not 152"
    assert (teams[0].last_trick, teams[1].last_trick) in ((LAST_TRICK_BONUS, 0), (0, LAST_TRICK_BONUS))
    bonus = after.rules.match_bonus
    match = tuple(bonus if n == TRICKS else 0 for n in won)
    assert (teams[0].match, teams[1].match) == match, f"match points {teams[0].match, teams[1].match}"
    points = sum(t.cards + t.last_trick + t.match for t in teams)
    assert points == 157 + sum(match), f"the round's trick points are {points}, not 157 (+ match)"


#: The conformance harness's hooks (:class:`~jass.variant.ConformanceHooks`).
CHECKS: Final = ConformanceHooks(
    hidden_variations=hidden_variations, known_cards=known_cards, check_step=_check_step, choose=_choose,
)
