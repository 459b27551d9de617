"""The one place a la pomme round is scored: the card points and the last trick, the +1 for the
higher total, the pomme under 21 points; and the game's winner.
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.play import CardPlay, Trick
from jass.pomme.rules import Rules
from jass.pomme.state import NO_SCORE, RoundScore, State
from jass.trump import LAST_TRICK_BONUS
from jass.variant.guards import wrong_state

__all__ = ["score_round", "standings"]


def outcome(totals: Sequence[int], rules: Rules) -> tuple[tuple[int, int], tuple[bool, bool]]:
    """Who wins the round (+1) and who scores a pomme, from the round's totals: the one place
    the rule lives (seed 000: "Le joueur totalisant le plus de points marque 1 point. Si l'un
    des joueurs obtient moins de 21 points, il marque une pomme")."""
    under = (totals[0] < rules.pomme_threshold, totals[1] < rules.pomme_threshold)
    if under[0] and under[1] and rules.both_pommes_cancel:
        return (0, 0), (False, False)
    return (int(totals[0] > totals[1]), int(totals[1] > totals[0])), under


def score_of_play(play: CardPlay, rules: Rules) -> RoundScore:
    """The score of a round's card play (see :func:`score_of_tricks`)."""
    return score_of_tricks(play.tricks, play.is_done, rules)


def score_of_tricks(tricks: Sequence[Trick], complete: bool, rules: Rules) -> RoundScore:
    """The one scoring function: the points of the tricks taken so far, and once all 18
    cards are played (``complete``) the last trick, the +1 and the pommes."""
    card = [0, 0]
    for trick in tricks:
        card[trick.winner] += trick.points
    last = [0, 0]
    if complete:
        last[tricks[-1].winner] = LAST_TRICK_BONUS
    totals = (card[0] + last[0], card[1] + last[1])
    if not complete:
        return RoundScore(tuple(card), tuple(last), totals, (0, 0), (False, False), (0, 0), False)
    won, pommes = outcome(totals, rules)
    game_points = (won[0] - pommes[0], won[1] - pommes[1])
    return RoundScore(tuple(card), tuple(last), totals, won, pommes, game_points, True)


def game_winner(scores: Sequence[int], pommes: Sequence[int], rules: Rules) -> int | None:
    """The seat that has won the game with these scores and pommes, if any ("Le premier joueur
    à totaliser 7 points gagne la partie"; with ``three_pommes_lose``, the first to collect 3
    pommes loses, both at 3 at once play on)."""
    for seat in (0, 1):
        # Only the seat that scored +1 (and so no pomme) this round can just have reached it.
        if scores[seat] >= rules.target_points:
            return seat
    if rules.three_pommes_lose:
        for seat in (0, 1):
            if pommes[seat] >= 3 and pommes[seat] > pommes[1 - seat]:
                return 1 - seat
    return None


def score_round(state: State) -> RoundScore:
    """The score of the round being played (so far), or of the round just finished.

    Before the first card is played every number is 0.

    >>> score_round(new_game(seed=1)).complete
    False
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    if state.play is None:
        return NO_SCORE
    return score_of_play(state.play, state.setting.rules)


def standings(state: State) -> tuple[int, ...]:
    """Both players' game points so far (the first to the target wins): :attr:`State.scores`."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.scores
