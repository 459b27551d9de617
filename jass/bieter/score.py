"""The one place a game of Bieter is written: the points of each side (the King alone, the
Bauernpartei together), the match, the Stöck, Hindersi and a conceded game; and the end of the
Partie (the first side to its goal) with its Schneider.
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.bieter.moves import GameMode
from jass.bieter.rules import MATCH_POINTS, SEATS, Rules
from jass.bieter.state import NO_SCORE, RoundKind, RoundScore, State
from jass.cards import Card, CardSet
from jass.play import CardPlay
from jass.trump import DEFAULT_TRUMP_JACK_POINTS, point_table
from jass.variant.guards import wrong_state
from jass.weis import STOECK_POINTS, stoeck_cards

__all__ = ["score_round", "standings", "schneider"]


def stoeck_side(hands: Sequence[CardSet], mode: GameMode, king: int) -> int | None:
    """The side (0 the King, 1 the Bauernpartei) whose player holds the trump King and Queen at
    the start of the game, if any; none without a trump suit."""
    if mode is GameMode.HINDERSI:
        return None
    stoeck = stoeck_cards(mode.trump).bits
    for seat, hand in enumerate(hands):
        if stoeck and hand.bits & stoeck == stoeck:
            return 0 if seat == king else 1
    return None


def score_of_play(play: CardPlay, mode: GameMode, king: int, discards: Sequence[Card], rules: Rules) -> RoundScore:
    """The one scoring function of a game played: the points of the tricks each side took so far
    and, once all cards are played, the last trick, the match and the Stöck, and what each side
    writes (see :doc:`/rules/bieter`).

    jassonkel.ch: «Ein Match zählt auch hier 157 Spielpunkte plus 100 Punkte extra»; jasswiki.ch:
    «Beim Hindersi darf der König keinen Stich erzielen, sonst schreibt die Bauernpartei einen
    Matsch mit Matschprämie».
    """
    taken = play.points()
    points = [taken[king], sum(taken) - taken[king]]
    if rules.discards_count and discards:
        table = point_table(mode.trump, DEFAULT_TRUMP_JACK_POINTS)
        points[0] += sum(table[card.index] for card in discards)
    hindersi = mode is GameMode.HINDERSI
    kind = RoundKind.HINDERSI if hindersi else RoundKind.PLAYED
    if not play.is_done:
        return RoundScore(kind, mode, tuple(points), (0, 0), (False, False), (0, 0), False)
    won = play.tricks_won()
    king_tricks = won[king]
    match = (king_tricks == len(play.tricks), king_tricks == 0)
    if hindersi:
        lost = (0, MATCH_POINTS) if king_tricks else (rules.hindersi_won, 0)
        return RoundScore(kind, mode, tuple(points), (0, 0), match, lost, True)
    stoeck = [0, 0]
    side = stoeck_side(play.dealt(), mode, king)
    if side is not None:
        stoeck[side] = STOECK_POINTS
    written = tuple((MATCH_POINTS if match[s] else 0 if match[1 - s] else points[s]) + stoeck[s] for s in (0, 1))
    return RoundScore(kind, mode, tuple(points), tuple(stoeck), match, written, True)


def score_of_concession(hands: Sequence[CardSet], mode: GameMode, king: int) -> RoundScore:
    """A game the King conceded before its first card: the Bauernpartei write a match, and their
    Stöck; the King nothing (jasswiki.ch «Falls er verzichtet, schreibt die Bauernpartei einen
    Matsch mit Matschprämie»; jassonkel.ch «zählt ein eventueller Weis der Gegner nicht, sondern
    nur die Stöcke»; jasswelt.ch «darf der König [...] bei Verzicht aufs Spielen keine
    Stöckpunkte notieren»)."""
    stoeck = STOECK_POINTS if stoeck_side(hands, mode, king) == 1 else 0
    return RoundScore(RoundKind.CONCEDED, mode, (0, 0), (0, stoeck), (False, True), (0, MATCH_POINTS + stoeck), True)


REDEAL_SCORE: RoundScore = RoundScore(RoundKind.REDEAL, None, (0, 0), (0, 0), (False, False), (0, 0), True)


def game_end(scores: Sequence[int], bid: int, rules: Rules) -> bool | None:
    """Who has won with these scores: ``True`` the King (his bid reached), ``False`` the
    Bauernpartei (their goal reached), ``None`` neither yet.

    jasswiki.ch: «Der König hat die von ihm gebotene Zahl zu erreichen, die Bauernpartei muss 1000
    Punkte erzielen. Gewonnen hat, wer sein Ziel zuerst erreicht.» The sides write at the end of
    each game; when both reach their goal in the same game (no source says who won), the library
    gives it to the side further above its goal, and to the Bauernpartei when that is equal.

    >>> game_end((600, 900), 600, Rules()), game_end((590, 1000), 600, Rules()), game_end((650, 1010), 600, Rules())
    (True, False, True)
    """
    king, bauern = scores[0] >= bid, scores[1] >= rules.goal
    if king and bauern:
        return scores[0] - bid > scores[1] - rules.goal
    if king or bauern:
        return king
    return None


def schneider(state: State) -> bool:
    """True when the game is over and the losing side has not reached half its goal (jasswiki.ch:
    «Wer die Hälfte dieses Ziels nicht erreicht, verliert den doppelten Einsatz (Schneider)»)."""
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    if setting.king_won is None:
        return False
    if setting.king_won:
        return 2 * setting.scores[1] < setting.rules.goal
    return 2 * setting.scores[0] < setting.bid


def score_round(state: State) -> RoundScore:
    """The score of the game being played (so far), or of the round just finished.

    Before the first card is played every number is 0.

    >>> score_round(new_game(seed=1)).complete
    False
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    if setting.phase.value in ("round_over", "game_over"):
        return setting.history[-1]
    if state.play is None or setting.mode is None or setting.king is None:
        return NO_SCORE
    return score_of_play(state.play, setting.mode, setting.king, setting.discards, setting.rules)


def standings(state: State) -> tuple[int, ...]:
    """What each seat's side has written: the King's seat his score, each Bauer the
    Bauernpartei's (before the auction is over, 0 each)."""
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    if setting.king is None:
        return (0,) * SEATS
    return tuple(setting.scores[0] if seat == setting.king else setting.scores[1] for seat in range(SEATS))
