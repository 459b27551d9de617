"""The one place a Sidi Barrani round is added up: each team's card points and the last trick
(:mod:`jass.teams`; a match counts 157, every mode single), the Weis and the Stöck, and the
target, written to the declaring team when it made its points and to the other team when it
did not (jassverzeichnis.ch); and when the game is won.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from jass.errors import JassError
from jass.play import CardPlay
from jass.sidi.auction import Contract, auction_result
from jass.sidi.rules import Rules
from jass.sidi.state import AUCTION, NO_DECLARATIONS, PLAY, RoundScore, Setting, State, TeamScore, build_team_score
from jass.teams.rules import SEATS
from jass.teams.score import stoeck_team, team_parts, team_tricks, team_weis
from jass.variant.guards import wrong_state

__all__ = ["score_round", "standings", "contract_made", "game_winner"]

#: The score of a deal all four passed: nothing is written.
PASSED_IN: Final = RoundScore(None, (TeamScore(0, 0, 0, 0, 0, 1), TeamScore(0, 0, 0, 0, 0, 1)))


def _weis_points(setting: Setting, play: CardPlay) -> tuple[int, int]:
    """Each team's Weis points once trick 1 is over: the team with the best Weis scores all of
    its own (the general Weis rules, compared from Vorhand)."""
    rules = setting.rules
    weis = rules.weis
    if weis is None or not play.tricks or (not rules.auto_declare and setting.declared == NO_DECLARATIONS):
        return (0, 0)
    dealt = setting.dealt
    return team_weis((dealt[0].bits, dealt[1].bits, dealt[2].bits, dealt[3].bits), setting.declared, weis,
                     rules.auto_declare, (setting.dealer + 1) % SEATS, play.trump)


def contract_made(contract: Contract, card_points: int) -> bool:
    """Whether the declaring team made its target: its card points (the last trick's 5 included,
    no Weis, no Stöck) reach the points bid (jass-entials: ``>=``).

    >>> from jass.trump import Trump
    >>> contract = Contract(0, 120, Trump.ROSEN)
    >>> contract_made(contract, 120), contract_made(contract, 119)
    (True, False)
    """
    return card_points >= contract.points


def score_so_far(setting: Setting, play: CardPlay) -> RoundScore:
    """The round's score so far: each team's card points, the last trick once every card is
    played, the Weis after trick 1 and the Stöck as the rules credit them (never towards the
    target); once the round is over, the target to the team that wins it (with
    ``missed_keeps_weis=False`` a missed contract loses its Weis and Stöck too). The one scoring
    function: :func:`~jass.sidi.apply`, :func:`score_round`, :func:`~jass.sidi.observe` and the
    loaders add up a round here."""
    rules = setting.rules
    contract = auction_result(setting.calls, rules, setting.dealer)[1]
    assert contract is not None
    tricks = play.tricks
    cards, won = team_tricks(tricks)
    done = not play.legal_bits
    last = tricks[-1].winner & 1 if done else None
    stoeck = stoeck_team(rules.stoeck, setting.dealt, contract.mode, play)
    parts = [list(part) for part in team_parts(cards, won, last, 0, _weis_points(setting, play), stoeck)]
    target = [0, 0]
    if done:
        team = contract.team
        made = contract_made(contract, parts[team][0] + parts[team][1])
        target[team if made else 1 - team] = contract.value
        if not made and not rules.missed_keeps_weis:
            parts[team][3] = parts[team][4] = 0
    teams = (build_team_score(*parts[0], 1), build_team_score(*parts[1], 1))
    return RoundScore(contract, teams, (target[0], target[1]))


def game_winner(scores: Sequence[int], rules: Rules) -> int | None:
    """The team that has won once a deal is written: the first to ``target_score``; when both
    reach it in one deal the one with more points (no source says; equal points play on).

    >>> game_winner((1510, 1400), Rules()), game_winner((1520, 1600), Rules()), game_winner((1500, 1500), Rules())
    (0, 1, None)
    """
    if max(scores) < rules.target_score or scores[0] == scores[1]:
        return None
    return 0 if scores[0] > scores[1] else 1


def score_round(state: State) -> RoundScore:
    """The score breakdown of the round in play (so far) or just finished.

    Raises :class:`~jass.errors.JassError` during the auction.
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    if state.phase is not PLAY and state.phase is not AUCTION and state.history:
        return state.history[-1]  # the round just written (a deal nobody bid on too)
    if state.play is None:
        raise JassError("no round in play: the auction is not over")
    return score_so_far(state.setting, state.play)


def standings(state: State) -> tuple[int, int]:
    """Both teams' written points: :attr:`State.scores`."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.scores
