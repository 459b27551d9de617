"""The one place a Zweierjass round is scored: the card points of the tricks taken and the last
trick's 5; and the game's winner.
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.play import CardPlay, Trick
from jass.trump import LAST_TRICK_BONUS, PerTrickMode, RoundMode, point_table
from jass.variant.guards import wrong_state
from jass.zweier.rules import Rules, SlalomPoints
from jass.zweier.state import NO_SCORE, RoundScore, State

__all__ = ["score_round", "standings"]


def score_of_tricks(tricks: Sequence[Trick], complete: bool, mode: RoundMode, rules: Rules) -> RoundScore:
    """The one scoring function: the card points of the tricks taken so far (each trick counted
    in its own mode when it was played; a Slalom's all in its first direction's values with
    ``SlalomPoints.FIRST_DIRECTION``), and once all 36 cards are played (``complete``) the last
    trick's 5 («if self.last_stich: count += 5»)."""
    card = [0, 0]
    if type(mode) is PerTrickMode and rules.slalom_points is SlalomPoints.FIRST_DIRECTION:
        table = point_table(mode.trick_mode(0))
        for trick in tricks:
            card[trick.winner] += sum(table[played.index] for played in trick.cards)
    else:
        for trick in tricks:
            card[trick.winner] += trick.points
    last = [0, 0]
    if complete:
        last[tricks[-1].winner] = LAST_TRICK_BONUS
    return RoundScore((card[0], card[1]), (last[0], last[1]), (card[0] + last[0], card[1] + last[1]), complete)


def score_of_play(play: CardPlay, rules: Rules) -> RoundScore:
    """The score of a round's card play (see :func:`score_of_tricks`)."""
    return score_of_tricks(play.tricks, play.is_done, play.mode, rules)


def game_winner(scores: Sequence[int], rules: Rules) -> int | None:
    """The seat that has won with these game scores, if any: the higher score once a seat has
    reached the target (the jass-app: «if self.score[team] >= self.final_score: finished =
    True»). Equal scores at the target play on: no source says who wins them."""
    if max(scores) < rules.target_points or scores[0] == scores[1]:
        return None
    return 0 if scores[0] > scores[1] else 1


def score_round(state: State) -> RoundScore:
    """The score of the round being played (so far), or of the round just finished.

    >>> score_round(new_game(seed=1))
    RoundScore(card_points=(0, 0), last_trick=(0, 0), totals=(0, 0), complete=False)
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    if not state.play.tricks:
        return NO_SCORE
    return score_of_play(state.play, state.setting.rules)


def standings(state: State) -> tuple[int, ...]:
    """Both players' game points so far (the first to the target wins): :attr:`State.scores`."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.scores
