"""What Schieber's bots use: the rule bot's choices (trump, Weis, «Mer bedanked eus!»), the moves a
player without a plan may make, and the search hooks (the hands a seat's view allows, what a
round is worth, fast play-outs, the exact end of a round).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Final

from jass.ai import counting
from jass.ai.sampling import HandSampler
from jass.ai.solver import best_line
from jass.cards import CardSet
from jass.play import CardPlay, PlayCard
from jass.schieber.game import apply
from jass.schieber.moves import ANNOUNCE, PUSH, Announce, ChooseTrump, DeclareWeis, Move
from jass.schieber.rules import SEATS
from jass.schieber.score import rollout
from jass.schieber.state import GameEnd, Observation, Phase, RoundScore, State, build_setting, build_state
from jass.teams import ai as teams
from jass.variant.facets import AIHooks, SearchHooks
from jass.variant import guards

__all__ = ["hand_sampler", "sample_hands", "determinize", "round_values"]


def _claim_wins(view: Observation) -> bool:
    """Whether «Mer bedanked eus!» said now wins: the seat's team's points, written and of this
    round so far, reach the target."""
    target = view.rules.target_score
    if target is None or view.seat is None:
        return False
    team = view.seat % 2
    return view.scores[team] + view.round_points[team] >= target


def _sensible_moves(view: Observation, moves: Sequence[Move]) -> Sequence[Move]:
    """Every legal move but a claim to go out («Mer bedanked eus!») that loses the game at once."""
    if ANNOUNCE in moves and not _claim_wins(view):
        return [move for move in moves if move is not ANNOUNCE and type(move) is not Announce]
    return moves


def _simple_move(view: Observation, moves: Sequence[Move]) -> Move | None:
    """The simple rule bot's choice (:class:`~jass.ai.bots.SimpleRuleBot`): announce once the
    team's points reach the target, declare every Weis, choose the trump the hand likes best or
    push a weak hand; cards are left to its card-play rules."""
    if ANNOUNCE in moves and _claim_wins(view):
        return ANNOUNCE
    for move in moves:
        if type(move) is DeclareWeis:
            return move  # the first offered declaration is the fullest one
    options = [m for m in moves if type(m) is ChooseTrump]
    if options:
        best = max(options, key=lambda m: teams.hand_value(view.hand, m.trump))
        if PUSH in moves and teams.hand_value(view.hand, best.trump) < 24:
            return PUSH
        return best
    return None


def _rule_move(view: Observation, moves: Sequence[Move]) -> Move | None:
    """The rule bot's choice (:class:`~jass.ai.bots.RuleBot`): announce once the team's points
    reach the target, declare every Weis (the fullest declaration), push a hand whose best mode
    promises less than the partner's choice (:data:`jass.teams.PUSH_BELOW`, Stöck counted),
    else choose the mode the hand is worth most in (:func:`jass.teams.best_mode`, the
    multipliers counted), and play its cards by counting them
    (:func:`jass.ai.counting.choose_card`)."""
    if ANNOUNCE in moves and _claim_wins(view):
        return ANNOUNCE
    for move in moves:
        if type(move) is DeclareWeis:
            return move  # the first offered declaration is the fullest one
    options = [m.trump for m in moves if type(m) is ChooseTrump]
    if options:
        rules = view.rules
        if PUSH in moves and max(teams.stoeck_points(view.hand, m, rules.stoeck) for m in options) < teams.PUSH_BELOW:
            return PUSH
        return ChooseTrump(teams.best_mode(view.hand, options, rules.multiplier, rules.stoeck)[0])
    if view.trump is None:
        return None
    vorhand = (view.dealer + 1) % SEATS
    situation = teams.team_situation(view, view.trump, moves, (vorhand, (vorhand + 2) % SEATS))
    return counting.card_move(situation)


def hand_sampler(view: Observation, *, max_tries: int = 100_000) -> HandSampler:
    """A :class:`~jass.ai.sampling.HandSampler` of the hands the other seats may hold, given
    ``view``: the card play, and the Weis (:func:`jass.teams.team_sampler`). Before trump is
    chosen only the sizes count.
    """
    if type(view) is not Observation:
        raise guards.wrong_state(view, Observation)
    return teams.team_sampler(view, view.trump, max_tries)


def sample_hands(view: Observation, rng: random.Random) -> tuple[CardSet, ...]:
    """The four hands now, drawn uniformly among those consistent with ``view`` (see
    :func:`hand_sampler`); the observer's own hand is its own. For many draws from one view,
    build the sampler once with :func:`hand_sampler`.

    >>> state = apply(new_game(seed=4), ChooseTrump("obenabe"))
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

    >>> view = observe(apply(new_game(seed=4), ChooseTrump("obenabe")), 1)
    >>> observe(determinize(view, random.Random(0)), 1) == view
    True
    """
    sampler = sampler or _cached_sampler(view)
    hands, dealt = sampler.sample_dealt(rng)
    rules = view.rules
    declared = teams.drawn_declarations(view, dealt, rng, view.trump, sampler)
    phase = view.phase
    setting = build_setting(
        rules=rules, seed=rng.randrange(guards.SEED_LIMIT), round_number=view.round_number, dealer=view.dealer,
        phase=phase, dealt=dealt, scores=view.scores, pushed=view.pushed, trump=view.trump,
        declared=declared, history=view.history, winner=view.winner, end=view.end,
    )
    if phase is Phase.CHOOSE_TRUMP or view.trump is None:
        return build_state(setting, None)
    setup = CardPlay.start(view.trump, dealt, (view.dealer + 1) % SEATS, rules.play).setup
    leader = view.trick_leader if view.trick_leader is not None else (view.dealer + 1) % SEATS
    return build_state(setting, CardPlay.from_parts(setup, hands, leader, view.trick, view.tricks))


#: What a game won or lost is worth to the search, beside a round's points: more than any round.
_GAME_VALUE: Final = 10_000.0


def round_values(state: State) -> tuple[float, ...] | None:
    """What the round in play gave each seat once it is over: its team's points less the other
    team's (the round's totals, multiplied); a game won or lost is worth ±10,000. ``None``
    while the round goes on."""
    phase = state.setting.phase
    if phase is Phase.GAME_OVER:
        winner = state.setting.winner
        if winner is not None and state.setting.end is not GameEnd.ROUNDS_PLAYED:
            return tuple(_GAME_VALUE if seat % 2 == winner else -_GAME_VALUE for seat in range(SEATS))
        return _values(state.history[-1])
    if phase is Phase.ROUND_OVER:
        return _values(state.history[-1])
    return None


def _values(score: RoundScore) -> tuple[float, ...]:
    difference = score.teams[0].total - score.teams[1].total
    return (difference, -difference, difference, -difference)


def _playout(state: State, rng: random.Random) -> tuple[float, ...]:
    """:func:`rollout` as round values: the fast path of the search."""
    return _values(rollout(state, rng))


#: The search solves the card play exactly from this many tricks left.
_SOLVE_FROM: Final = 3


def _solve(state: State) -> tuple[float, ...] | None:
    """The round's values when both teams play their best with open hands, once at most
    three tricks are left (milliseconds); ``None`` before, or outside the card play."""
    play = state.play
    if state.setting.phase is not Phase.PLAY or play is None or len(play.tricks) < 9 - _SOLVE_FROM:
        return None
    line = best_line(play, match_bonus=state.setting.rules.match_bonus)
    for card in line:
        state = apply(state, PlayCard(card))
        done = round_values(state)
        if done is not None:
            return done
    raise AssertionError("the solver's line does not finish the round")  # pragma: no cover


#: What the bots need of Schieber (:class:`~jass.variant.AIHooks`).
AI: Final[AIHooks[State, Move, Observation]] = AIHooks(
    rule_move=_rule_move,
    simple_move=_simple_move,
    sensible_moves=_sensible_moves,
    search=SearchHooks(determinize=determinize, round_values=round_values, playout=_playout, solve=_solve,
                       scale=150.0),
)
