"""The one place a round of Handjass for three is scored: the card points and the last trick, the
strokes of the best scorers, the Nuller under 21 points; and the game's winner.
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.handjass.rules import SEATS, Rules
from jass.handjass.state import NO_SCORE, RoundScore, State
from jass.play import CardPlay, Trick
from jass.trump import LAST_TRICK_BONUS
from jass.variant.guards import wrong_state

__all__ = ["score_round", "standings"]


def outcome(totals: Sequence[int], rules: Rules) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """The strokes and the Nullers of a round, from its totals: the one place the rule lives.

    jassonkel.ch: «Die beiden Spieler, die pro Runde am meisten Punkte erzielt haben, erhalten je
    einen Strich [...] Wer keine 21 Punkte im Spiel schafft, fällt herunter und bekommt eine
    Null»; jassverzeichnis.ch: «si un seul joueur a au moins 21 points, il reçoit deux tirets».
    A player under the threshold gets a Nuller and no stroke; of the others, each with fewer
    than ``strokes_per_deal`` players above him wins a stroke (so players tied for a place
    each win one: no source says how ties go); with two strokes a deal, the only player at
    the threshold or above wins both.

    >>> outcome((80, 30, 14), Rules()), outcome((80, 15, 14), Rules())
    (((1, 1, 0), (False, False, True)), ((2, 0, 0), (False, True, True)))
    """
    nullers = tuple(total < rules.nuller_threshold for total in totals)
    standing = [seat for seat in range(SEATS) if not nullers[seat]]
    if rules.strokes_per_deal == 2 and len(standing) == 1:
        return tuple(2 if seat in standing else 0 for seat in range(SEATS)), nullers
    strokes = tuple(
        int(seat in standing and sum(other > totals[seat] for other in totals) < rules.strokes_per_deal)
        for seat in range(SEATS)
    )
    return strokes, nullers


def score_of_play(play: CardPlay, rules: Rules) -> RoundScore:
    """The score of a round's card play (see :func:`score_of_tricks`)."""
    return score_of_tricks(play.tricks, play.is_done, rules)


def score_of_tricks(tricks: Sequence[Trick], complete: bool, rules: Rules) -> RoundScore:
    """The one scoring function: the points of the tricks taken so far, and once all 27 cards
    are played (``complete``) the last trick, the strokes and the Nullers."""
    card = [0] * SEATS
    for trick in tricks:
        card[trick.winner] += trick.points
    last = [0] * SEATS
    if complete:
        last[tricks[-1].winner] = LAST_TRICK_BONUS
    totals = tuple(card[seat] + last[seat] for seat in range(SEATS))
    if not complete:
        return RoundScore(tuple(card), tuple(last), totals, (0, 0, 0), (False, False, False), (0, 0, 0), False)
    strokes, nullers = outcome(totals, rules)
    game_points = tuple(strokes[seat] - nullers[seat] for seat in range(SEATS))
    return RoundScore(tuple(card), tuple(last), totals, strokes, nullers, game_points, True)


def game_winner(scores: Sequence[int], rules: Rules) -> int | None:
    """The seat that has won with these scores, if any: the first to ``target_strokes``
    (jassverzeichnis.ch: «Dès qu'un joueur a 7 traits, il a gagné la partie (les éventuels zéros
    doivent toutefois être compensés par d'autres traits)»). No source says who wins when two
    reach it in the same deal: the library gives it to the one with more strokes, and plays on
    while they are equal.

    >>> game_winner((7, 7, 3), Rules()), game_winner((8, 7, 3), Rules()), game_winner((6, 5, 3), Rules())
    (None, 0, None)
    """
    best = max(scores)
    if best < rules.target_strokes or list(scores).count(best) > 1:
        return None
    return list(scores).index(best)


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
    """The three players' strokes so far, net of their Nullers (the first to the target wins):
    :attr:`State.scores`."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.scores
