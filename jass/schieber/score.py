"""The one place a Schieber round is added up: :func:`score_round`, :func:`totals` and the fast
:func:`rollout` all score a round here (tricks, last trick, match, Weis, Stöck, times the mode's
multiplier, by the rules of :mod:`jass.teams`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from jass._kernel import HAND_BITS, HAND_MASK
from jass.errors import JassError
from jass.play import CardPlay
from jass.schieber.rules import SEATS
from jass.schieber.state import CHOOSE_TRUMP, PLAY, RoundScore, Setting, State, build_round_score, build_team_score
from jass.teams.score import Parts, counted_weis, stoeck_team, team_parts, team_tricks, team_weis
from jass.tricks import RandomSource, play_cards
from jass.trump import LAST_TRICK_BONUS, Trump
from jass.variant.guards import wrong_state
from jass.weis import Weis

__all__ = ["totals", "standings", "rollout", "score_round"]


def counted_declarations(setting: Setting) -> tuple[tuple[Weis, ...], ...]:
    """Every seat's Weis as they count: declared, or every Weis with ``auto_declare``."""
    rules = setting.rules
    return counted_weis(setting.dealt, setting.declared, rules.weis, rules.auto_declare)


def _weis_points(setting: Setting, trump: Trump) -> tuple[int, int]:
    """Each team's Weis points: the team with the best Weis scores all of its own."""
    rules = setting.rules
    weis = rules.weis
    if weis is None or (not rules.auto_declare and setting.declared == _NO_DECLARATIONS):
        return (0, 0)  # no Weis, or nobody declared: most rounds of a game with declarations
    dealt = setting.dealt
    return team_weis((dealt[0].bits, dealt[1].bits, dealt[2].bits, dealt[3].bits), setting.declared, weis,
                     rules.auto_declare, (setting.dealer + 1) % SEATS, trump)


_NO_DECLARATIONS: Final = (None,) * SEATS


def team_points(
    setting: Setting, trump: Trump, cards: Sequence[int], won: Sequence[int], last: int | None,
    weis_due: bool, stoeck: int | None,
) -> tuple[Parts, Parts, int]:
    """The parts of a round's score from what the cards gave: ``cards`` and ``won`` (tricks)
    per team, ``last`` the team of the last trick once every card is played, whether the Weis
    count yet (after trick 1) and the team credited with the Stöck; per team (cards, last
    trick, match, Weis, Stöck) by the rules of :mod:`jass.teams`, and the multiplier.
    :func:`round_score_of` builds the :class:`RoundScore`, :func:`observe` reads the numbers."""
    rules = setting.rules
    weis = _weis_points(setting, trump) if weis_due else (0, 0)
    first, second = team_parts(cards, won, last, rules.match_bonus, weis, stoeck)
    return first, second, rules.multipliers[trump]


def round_score_of(
    setting: Setting, trump: Trump, cards: Sequence[int], won: Sequence[int], last: int | None,
    weis_due: bool, stoeck: int | None,
) -> RoundScore:
    """The score of a round (see :func:`team_points`). :func:`apply`, :func:`score_round`,
    :func:`rollout` and the loaders all add up a round here."""
    first, second, multiplier = team_points(setting, trump, cards, won, last, weis_due, stoeck)
    return build_round_score(trump, (build_team_score(*first, multiplier), build_team_score(*second, multiplier)))


def score_so_far(setting: Setting, play: CardPlay, *, held_stoeck: bool = False) -> RoundScore:
    """The round's score so far: tricks taken, Weis once trick 1 is done, Stöck as the rules
    credit them (with ``held_stoeck``, immediate Stöck count as soon as held)."""
    return round_score_of(setting, play.setup.trump, *taken_so_far(setting, play, held_stoeck))


def taken_so_far(
    setting: Setting, play: CardPlay, held_stoeck: bool = False
) -> tuple[list[int], list[int], int | None, bool, int | None]:
    """What the cards of ``play`` have given so far, as :func:`team_points` takes it."""
    tricks = play.tricks
    cards, won = team_tricks(tricks)
    stoeck = stoeck_team(setting.rules.stoeck, setting.dealt, play.setup.trump, play, held=held_stoeck)
    last = None if play.legal_bits else tricks[-1].winner & 1
    return cards, won, last, bool(tricks), stoeck


def score_round(state: State) -> RoundScore:
    """The score breakdown of the round in play (so far) or just finished.

    Raises :class:`~jass.errors.JassError` before trump is chosen.
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    if state.play is None:
        raise JassError("no round in play: trump has not been chosen yet")
    if state.phase is not PLAY and state.history:
        # The round is over: its breakdown is the one written (which, after a game ended
        # by "Stöck, Weis, Stich" in trick 1, includes Stöck held but not yet played).
        return state.history[-1]
    return score_so_far(state.setting, state.play)


def standings(state: State) -> tuple[int, int]:
    """Both teams' written scores (what the slate shows between rounds): :attr:`State.scores`.

    >>> standings(new_game(seed=7))
    (0, 0)
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.scores


def totals(state: State) -> tuple[int, int]:
    """Both teams' points: the written scores plus what the round in play has credited."""
    if type(state) is not State:
        raise wrong_state(state, State)
    if state.phase is PLAY:
        assert state.play is not None
        running = score_so_far(state.setting, state.play).totals
        return (state.scores[0] + running[0], state.scores[1] + running[1])
    return state.scores


def rollout(state: State, rng: RandomSource | None = None) -> RoundScore:
    """Play a round to its last card with random legal cards, on raw ints; its score.

    ``state`` is in phase ``CHOOSE_TRUMP`` (the seat to act then names a random mode: no
    push) or ``PLAY``. Nobody declares Weis (Weis already declared count, and with
    ``auto_declare`` every Weis does); the score is what :func:`score_round` gives after the
    last card. The game's end is not played: a target reached during the round ends nothing.

    The random choices are those the public API can repeat: each card is
    ``cards[int(rng.random() * len(cards))]`` of the legal cards in index order (the order of
    :func:`legal_moves`), a mode chosen here ``modes[int(rng.random() * 6)]`` in
    :class:`~jass.trump.Trump` order.

    >>> score = rollout(new_game(seed=7), random.Random(1))
    >>> sum(team.cards + team.last_trick for team in score.teams)
    157
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    if rng is None:
        rng = random.Random()
    setting = state.setting
    play = state.play
    cards = [0, 0]
    won = [0, 0]
    if setting.phase is CHOOSE_TRUMP:
        trump = _MODES[int(rng.random() * 6)]
        hands: list[int] = [hand.bits for hand in setting.dealt]
        leader = state.vorhand
        trick: list[int] = []
    elif setting.phase is PLAY and play is not None:
        trump = play.trump
        hands = [play.hand_bits >> HAND_BITS * seat & HAND_MASK for seat in range(SEATS)]  # the hands still held
        leader = play.leader
        trick = [card.index for card in play.trick]
        for done in play.tricks:
            cards[done.winner & 1] += done.points
            won[done.winner & 1] += 1
    else:
        raise JassError(f"no round to play out in phase {setting.phase.value}")
    outcome = play_cards(hands, trump, leader, rng, trick=trick, rules=setting.rules.play)
    for seat in range(SEATS):
        cards[seat & 1] += outcome.points[seat]
        won[seat & 1] += outcome.tricks[seat]
    last = outcome.last & 1
    cards[last] -= LAST_TRICK_BONUS  # play_cards counts it with the points
    stoeck = stoeck_team(setting.rules.stoeck, setting.dealt, trump, None)  # the round is played out
    return round_score_of(setting, trump, cards, won, last, True, stoeck)


_MODES: Final = tuple(Trump)
