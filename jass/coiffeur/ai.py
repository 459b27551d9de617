"""What Coiffeur's bots use: the rule bot's choice of a row, and the search hooks (the hands a
seat's view allows, what a round is worth).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Final

from jass.ai.counting import choose_card
from jass.ai.sampling import HandSampler
from jass.cards import Card, CardSet
from jass.coiffeur.moves import PUSH, ChooseRow, DeclareWeis, Move
from jass.coiffeur.state import GAME_OVER, ROUND_OVER, Observation, State, build_setting, build_state
from jass.play import CardPlay, PlayCard
from jass.teams import ai as teams
from jass.teams.misere import misere_card
from jass.teams.valuation import valued_in
from jass.teams.rules import SEATS
from jass.trump import PerTrickMode, RoundMode
from jass.variant.facets import AIHooks, SearchHooks
from jass.variant.guards import SEED_LIMIT, wrong_state

__all__ = ["hand_sampler", "sample_hands", "determinize", "round_values"]


def hand_sampler(view: Observation, *, max_tries: int = 100_000) -> HandSampler:
    """A :class:`~jass.ai.sampling.HandSampler` of the hands the other seats may hold, given
    ``view``: the card play, each trick of a Slalom or Guschti round in its own mode, and the
    Weis when the rules play them (:func:`jass.teams.team_sampler`). Before a row is chosen
    only the sizes count."""
    if type(view) is not Observation:
        raise wrong_state(view, Observation)
    return teams.team_sampler(view, view.mode, max_tries)


def sample_hands(view: Observation, rng: random.Random) -> tuple[CardSet, ...]:
    """The four hands now, drawn uniformly among those consistent with ``view`` (see
    :func:`hand_sampler`); the observer's own hand is its own.

    >>> import random
    >>> from jass.trump import PerTrickMode
    >>> state = apply(new_game(Rules(slate="swisslos_10"), seed=4), ChooseRow(8, PerTrickMode.SLALOM_UNDENUFE))
    >>> hands = sample_hands(observe(state, 1), random.Random(0))
    >>> hands[1] == state.play.hand(1), sorted(len(h) for h in hands)
    (True, [9, 9, 9, 9])
    """
    return hand_sampler(view).sample(rng)


@functools.lru_cache(maxsize=16)
def _cached_sampler(view: Observation) -> HandSampler:
    # A search determinises one view again and again; counting its deals is the costly part.
    return hand_sampler(view)


def determinize(view: Observation, rng: random.Random, sampler: HandSampler | None = None) -> State:
    """A state that ``view`` could come from: the other hands drawn by :func:`hand_sampler`
    (or ``sampler``, built once for many draws), their declared Weis among those that fit,
    a fresh seed for the rounds to come. ``observe(state, view.seat) == view``.

    >>> from jass.trump import PerTrickMode
    >>> state = apply(new_game(Rules(slate="swisslos_10"), seed=4), ChooseRow(9, PerTrickMode.GUSCHTI_OBENABE))
    >>> view = observe(apply(state, legal_moves(state)[0]), 2)
    >>> observe(determinize(view, random.Random(0)), 2) == view
    True
    """
    sampler = sampler or _cached_sampler(view)
    hands, dealt = sampler.sample_dealt(rng)
    rules = view.rules
    declared = teams.drawn_declarations(view, dealt, rng, view.mode, sampler)
    setting = build_setting(
        rules=rules, seed=rng.randrange(SEED_LIMIT), round_number=view.round_number, dealer=view.dealer,
        phase=view.phase, dealt=dealt, pushed=view.pushed, row=view.row, mode=view.mode, chooser=view.chooser,
        declared=declared, history=view.history, winner=view.winner,
    )
    if view.mode is None or view.chooser is None:
        return build_state(setting, None)
    setup = CardPlay.start(view.mode, dealt, view.chooser, rules.play).setup
    leader = view.trick_leader if view.trick_leader is not None else view.chooser
    return build_state(setting, CardPlay.from_parts(setup, hands, leader, view.trick, view.tricks))


#: What a game won or lost is worth to the search, beside a round's points: more than any round.
_GAME_VALUE: Final = 100_000.0


def round_values(state: State) -> tuple[float, ...] | None:
    """What the round in play gave each seat once it is over: the points its team wrote less
    those the other team wrote (only the declaring team writes); a game won or lost is worth
    ±100,000 (a round can write a few thousand). ``None`` while the round goes on."""
    setting = state.setting
    if setting.phase is GAME_OVER and setting.winner is not None:
        return tuple(_GAME_VALUE if seat % 2 == setting.winner else -_GAME_VALUE for seat in range(SEATS))
    if setting.phase is ROUND_OVER or setting.phase is GAME_OVER:
        first, second = setting.history[-1].totals
        difference = float(first - second)
        return (difference, -difference, difference, -difference)
    return None


def _mode_value(hand: CardSet, mode: RoundMode) -> int:
    """How much a hand likes a mode (:func:`jass.teams.hand_value`, a mode of several by
    :func:`jass.teams.valuation.valued_in`)."""
    return int(valued_in(hand, mode, teams.hand_value))


def _misere_card(view: Observation, moves: Sequence[Move]) -> Move | None:
    """In a Misère, the card that takes few points (:func:`jass.teams.misere_card`), for both
    rule bots: counting cards to win tricks is the wrong aim there."""
    mode = view.mode
    if type(mode) is PerTrickMode and mode.is_misere and moves and type(moves[0]) is PlayCard:
        return misere_card(view, [m for m in moves if type(m) is PlayCard])
    return None


def _simple_move(view: Observation, moves: Sequence[Move]) -> Move | None:
    """The simple rule bot's choice (:class:`~jass.ai.bots.SimpleRuleBot`): declare every Weis;
    choose the mode the hand likes best, in the row of the highest factor that allows it when
    the hand is strong and of the lowest when it is weak, or push a weak hand when pushing is
    still allowed; in a Misère play to take few points; other cards are left to its card-play
    rules."""
    misere = _misere_card(view, moves)
    if misere is not None:
        return misere
    for move in moves:
        if type(move) is DeclareWeis:
            return move  # the first offered declaration is the fullest one
    options = [m for m in moves if type(m) is ChooseRow]
    if not options:
        return None
    rows = view.rules.slate.rows
    best = max(_mode_value(view.hand, m.mode) for m in options)
    if PUSH in moves and best < 24:
        return PUSH
    liked = [m for m in options if _mode_value(view.hand, m.mode) == best]
    factor = max if best >= 24 else min
    return factor(liked, key=lambda m: rows[m.row].factor)


def _mode_points(hand: CardSet, mode: RoundMode) -> float:
    """:func:`jass.teams.mode_points` of a mode, a mode of several by :func:`jass.teams.valuation.valued_in`."""
    return valued_in(hand, mode, teams.mode_points)


def _rule_move(view: Observation, moves: Sequence[Move]) -> Move | None:
    """The rule bot's choice (:class:`~jass.ai.bots.RuleBot`): declare every Weis; choose the
    row and mode in which the hand's points (:func:`jass.teams.mode_points`) beat half a round's
    by the most, times the row's factor; push a hand worth less than the partner's choice
    promises when pushing is allowed; play the cards by counting them
    (:func:`jass.ai.counting.choose_card`), or in a Misère to take few points."""
    misere = _misere_card(view, moves)
    if misere is not None:
        return misere
    for move in moves:
        if type(move) is DeclareWeis:
            return move  # the first offered declaration is the fullest one
    options = [m for m in moves if type(m) is ChooseRow]
    if options:
        rows = view.rules.slate.rows
        points = {m: _mode_points(view.hand, m.mode) for m in options}
        if PUSH in moves and max(points.values()) < teams.PUSH_BELOW:
            return PUSH
        return max(options, key=lambda m: (rows[m.row].factor * (points[m] - teams.TOTAL_POINTS / 2), -m.row))
    if view.mode is None or view.chooser is None:
        return None
    situation = teams.team_situation(view, view.mode, moves, (view.chooser, (view.chooser + 2) % SEATS))
    return None if situation is None else PlayCard(Card.from_index(choose_card(situation)))


#: What the bots need of Coiffeur (:class:`~jass.variant.AIHooks`).
AI: Final[AIHooks[State, Move, Observation]] = AIHooks(
    rule_move=_rule_move,
    simple_move=_simple_move,
    search=SearchHooks(determinize=determinize, round_values=round_values, scale=1000.0),
)
