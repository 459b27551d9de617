"""The one place a Coiffeur round is added up: every trick in its own mode (Slalom and Guschti
change mode by trick), the last trick, the match, the Weis and Stöck when the rules count them,
times the row's factor; only the declaring team's points are written.
"""

from __future__ import annotations

from jass.coiffeur.state import NO_DECLARATIONS, PLAY, RoundScore, Setting, State, build_team_score
from jass.errors import JassError
from jass.play import CardPlay
from jass.teams.rules import SEATS, team_of
from jass.teams.score import stoeck_team, team_scores, team_tricks, team_weis
from jass.variant.guards import wrong_state

__all__ = ["score_round", "standings"]


def _weis_points(setting: Setting, play: CardPlay) -> tuple[int, int]:
    """Each team's Weis points once trick 1 is over: the team with the best Weis scores all of
    its own (compared in the first trick's mode, when each trick has its own)."""
    rules = setting.rules
    weis = rules.weis
    if weis is None or not play.tricks or (not rules.auto_declare and setting.declared == NO_DECLARATIONS):
        return (0, 0)
    dealt = setting.dealt
    return team_weis((dealt[0].bits, dealt[1].bits, dealt[2].bits, dealt[3].bits), setting.declared, weis,
                     rules.auto_declare, (setting.dealer + 1) % SEATS, play.mode.trick_mode(0))


def score_so_far(setting: Setting, play: CardPlay) -> RoundScore:
    """The round's score so far, from the rules of :mod:`jass.teams`: every trick's card points
    (each counted in its own mode), the last trick and the match once every card is played, the
    Weis after trick 1 and the Stöck as the rules credit them, all times the row's factor. The
    one scoring function: :func:`apply`, :func:`score_round`, :func:`observe` and the loaders
    add up a round here."""
    rules = setting.rules
    assert setting.row is not None and setting.chooser is not None
    mode = play.mode
    tricks = play.tricks
    cards, won = team_tricks(tricks)
    last = None if play.legal_bits else tricks[-1].winner & 1
    # Stöck need a trump suit: a per-trick mode's tricks have none (its first trick's mode says so).
    stoeck = stoeck_team(rules.stoeck, setting.dealt, mode.trick_mode(0), play)
    factor = rules.slate.rows[setting.row].factor
    teams = team_scores(build_team_score, cards, won, last, rules.match_bonus, _weis_points(setting, play), stoeck, factor)
    return RoundScore(setting.row, mode, team_of(setting.chooser), teams)


def score_round(state: State) -> RoundScore:
    """The score breakdown of the round in play (so far) or just finished.

    Raises :class:`~jass.errors.JassError` before a row is chosen.
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    if state.play is None:
        raise JassError("no round in play: no row has been chosen yet")
    if state.phase is not PLAY and state.history:
        return state.history[-1]
    return score_so_far(state.setting, state.play)


def standings(state: State) -> tuple[int, int]:
    """Both teams' written points, every row times its factor: :attr:`State.scores`."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.scores
