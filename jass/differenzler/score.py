"""The one place a Differenzler round is scored: each seat's penalty, the distance between its
points and its prediction (:func:`score_round`), and the game's winner.
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.differenzler.rules import MAX_PREDICTION, Rules, ZeroBonus
from jass.differenzler.state import GAME_OVER, ROUND_OVER, RoundScore, Setting, State
from jass.play import CardPlay
from jass.variant.guards import wrong_state

__all__ = ["score_round", "standings", "dealer_credit"]


def penalty(rules: Rules, points: int, prediction: int | None, tricks: int) -> int:
    """A seat's penalty for a finished round: the one place the rule lives."""
    assert prediction is not None
    difference = abs(points - prediction)
    if difference or not rules.exact_bonus:
        return difference
    if prediction == 0:
        zero = rules.zero_prediction_bonus
        if zero is ZeroBonus.NEVER or (zero is ZeroBonus.WITH_TRICK and not tricks):
            return 0
    return -rules.exact_bonus


#: The points of predictions off 157 that earn the dealer one point of credit (jasswiki).
CREDIT_STEP = 5


def dealer_credit(rules: Rules, predictions: Sequence[int | None]) -> int:
    """The dealer's credit of a round: with :attr:`Rules.dealer_credit`, one point per full five
    points by which all the predictions together miss 157 (over or under), else 0."""
    if not rules.dealer_credit:
        return 0
    return abs(sum(p or 0 for p in predictions) - MAX_PREDICTION) // CREDIT_STEP


def penalties_of(
    rules: Rules, dealer: int, points: Sequence[int], predictions: Sequence[int | None], won: Sequence[int]
) -> tuple[int, ...]:
    """Each seat's penalty of a finished round: :func:`penalty`, the dealer's credit taken off
    the dealer's."""
    credit = dealer_credit(rules, predictions)
    return tuple(
        penalty(rules, points[s], predictions[s], won[s]) - (credit if s == dealer else 0)
        for s in range(len(points))
    )


def round_score_of(setting: Setting, play: CardPlay) -> RoundScore:
    """The one scoring function: the round's points, tricks and (once every card is played)
    penalties."""
    points = play.points()
    won = play.tricks_won()
    penalties = None
    if play.is_done:
        penalties = penalties_of(setting.rules, setting.dealer, points, setting.predictions, won)
    return RoundScore(setting.round_number, setting.dealer, play.trump, points, won, setting.predictions, penalties)


def game_winner(totals: Sequence[int], rounds_played: int, rules: Rules) -> int | None:
    """The seat that has won after ``rounds_played`` rounds with penalty ``totals``, if any.
    Seed 001: "bij gelijkspel wordt een ronde meer gespeeld": a tie for the lowest total plays
    one more round, and again after it, until one seat alone is lowest."""
    if rounds_played < rules.rounds:
        return None
    lowest = min(totals)
    return list(totals).index(lowest) if list(totals).count(lowest) == 1 else None


def score_round(state: State) -> RoundScore:
    """The score of the round in play (so far: ``penalties`` is ``None``) or just finished.

    It sees every prediction: it is the referee's view, not a player's (see :func:`observe`).
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    if state.phase is ROUND_OVER or state.phase is GAME_OVER:
        return state.history[-1]
    return round_score_of(state.setting, state.play)


def standings(state: State) -> tuple[int, ...]:
    """Each seat's penalty points so far (the fewest win): :attr:`State.penalties`."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.penalties
