"""What Zweierjass's bots use: the rule bot's card play (the counting player, told that a void
shown before a draw says nothing of the hand after it) and the search hooks (the hidden cards a
seat's view allows, what a round is worth, play-outs, the open-hand solver once the stack is
empty).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Final

import attrs

from jass.ai import counting
from jass.ai.solver import best_line
from jass.play import CardPlay, PlayCard
from jass.tricks import play_cards
from jass.trump import Trump
from jass.variant import guards
from jass.variant.facets import AIHooks, SearchHooks
from jass.zweier.game import apply, legal_moves
from jass.zweier.hidden import DrawSampler
from jass.zweier.moves import Move
from jass.zweier.rules import DRAWING_TRICKS, ROUND_TRICKS, SEATS
from jass.zweier.state import PLAY, HiddenCards, Observation, Phase, State, build_setting, build_state

__all__ = ["sample_hidden", "determinize", "round_values"]


def _situation(view: Observation, moves: Sequence[Move]) -> counting.Situation | None:
    """The counting player's card decision: each trick before a draw is given as two leads, so
    that the count draws no void from it (the player may have drawn the suit since), and the
    bottom card is known where it lies."""
    seat = view.seat
    if seat is None:
        return None
    known: dict[int, int] = {}
    if view.bottom_drawn_by is not None and view.bottom_drawn_by != seat:
        known[view.bottom_drawn_by] = view.bottom_card.bit
    excluded = view.bottom_card.bit if view.bottom_drawn_by is None else 0
    tricks = len(view.tricks)
    modes = [int(view.mode.trick_mode(number)) for number in range(min(tricks + 1, ROUND_TRICKS))]
    situation = counting.Situation.of_view(view, moves, modes=modes, rules=view.rules.play_rules, known=known,
                                           excluded=excluded)
    if situation is None:
        return None
    split: list[tuple[int, tuple[int, ...]]] = []
    split_modes: list[int] = []
    for number, (leader, cards) in enumerate(situation.tricks):
        if number < DRAWING_TRICKS:
            split += [(leader, cards[:1]), (1 - leader, cards[1:])]
            split_modes += [modes[number], modes[number]]
        else:
            split.append((leader, cards))
            split_modes.append(modes[number])
    split_modes.append(modes[-1])
    return attrs.evolve(situation, tricks=tuple(split), modes=tuple(split_modes),
                        round_tricks=ROUND_TRICKS + min(tricks, DRAWING_TRICKS))


def _rule_move(view: Observation, moves: Sequence[Move]) -> Move | None:
    """The rule bot's choice (:class:`~jass.ai.bots.RuleBot`): the cards by counting them
    (:func:`jass.ai.counting.choose_card`); the deal is its only other move."""
    return counting.card_move(_situation(view, moves))


@functools.lru_cache(maxsize=16)
def _cached_sampler(view: Observation) -> DrawSampler:
    # A search determinises one view again and again; counting its deals is the costly part.
    return DrawSampler(view)


def sample_hidden(view: Observation, rng: random.Random, *, sampler: DrawSampler | None = None) -> HiddenCards:
    """The cards ``view`` does not show, dealt uniformly among the deals consistent with it
    (:class:`~jass.zweier.hidden.DrawSampler`, built once for many draws): both hands now and as
    dealt, and the stack in order.

    >>> view = observe(new_game(seed=3), 0)
    >>> hidden = sample_hidden(view, random.Random(5))
    >>> [len(h) for h in hidden.hands], len(hidden.stack), hidden.stack[-1] == view.bottom_card
    ([9, 9], 18, True)
    """
    if type(view) is not Observation:
        raise guards.wrong_state(view, Observation)
    return (sampler or _cached_sampler(view)).sample(rng)


def determinize(view: Observation, rng: random.Random, sampler: DrawSampler | None = None) -> State:
    """A state that ``view`` could come from: the hidden cards drawn by :func:`sample_hidden`, a
    fresh seed for the rounds to come. ``observe(state, view.seat) == view``.

    >>> view = observe(new_game(seed=3), 1)
    >>> observe(determinize(view, random.Random(0)), 1) == view
    True
    """
    hidden = sample_hidden(view, rng, sampler=sampler)
    rules = view.rules
    setting = build_setting(
        rules=rules, seed=rng.randrange(guards.SEED_LIMIT), round_number=view.round_number, dealer=view.dealer,
        phase=view.phase, hands=hidden.dealt, stack=hidden.stack, scores=view.scores, history=view.history,
        winner=view.winner,
    )
    setup = CardPlay.start(view.mode, hidden.dealt, 1 - view.dealer, rules.play_rules).setup
    return build_state(setting, CardPlay.from_parts(setup, hidden.hands, view.trick_leader, view.trick, view.tricks))


def _values(totals: Sequence[int]) -> tuple[float, ...]:
    return (float(totals[0] - totals[1]), float(totals[1] - totals[0]))


def round_values(state: State) -> tuple[float, ...] | None:
    """What the round in play gave each seat once it is over: its points less the other's (the
    game is a race to the target); ``None`` while it goes on."""
    phase = state.setting.phase
    if phase is Phase.ROUND_OVER or phase is Phase.GAME_OVER:
        return _values(state.history[-1].totals)
    return None


def _playout(state: State, rng: random.Random) -> tuple[float, ...]:
    """The round played to its end with random legal cards: through :func:`apply` while the
    stack has cards (the draws), then on raw ints in a classic mode."""
    while state.setting.phase is PLAY and (
        len(state.play.tricks) < DRAWING_TRICKS or type(state.play.mode) is not Trump
    ):
        cards = legal_moves(state)
        state = apply(state, cards[int(rng.random() * len(cards))])
    done = round_values(state)
    if done is not None:
        return done
    play = state.play
    outcome = play_cards(
        [play.hand(seat).bits for seat in range(SEATS)], int(play.trump), play.leader, rng,
        trick=[card.index for card in play.trick], rules=state.setting.rules.play_rules,
    )
    taken = play.points()  # a classic mode: the tricks' own points
    return _values((taken[0] + outcome.points[0], taken[1] + outcome.points[1]))


#: The search solves the card play exactly from this many tricks left (the stack is empty: every
#: card's place is known to both). Measured with jass.ai.solver on random rounds: 9 tricks left
#: take some 60 ms a solution, 7 some 6 ms, 5 about 1 ms; a search solves once per simulation.
_SOLVE_FROM: Final = 5


def _solve(state: State) -> tuple[float, ...] | None:
    """The round's values when both play their best with open hands: once the stack is empty
    (every card's place is then known to both) and at most five tricks are left, in a classic
    mode (the solver plays one mode a round); ``None`` otherwise."""
    play = state.play
    if state.setting.phase is not PLAY or type(play.mode) is not Trump or len(play.tricks) < ROUND_TRICKS - _SOLVE_FROM:
        return None
    for card in best_line(play):
        state = apply(state, PlayCard(card))
        done = round_values(state)
        if done is not None:
            return done
    raise AssertionError("the solver's line does not finish the round")  # pragma: no cover


#: What the bots need of Zweierjass (:class:`~jass.variant.AIHooks`).
AI: Final[AIHooks[State, Move, Observation]] = AIHooks(
    rule_move=_rule_move,
    search=SearchHooks(determinize=determinize, round_values=round_values, playout=_playout, solve=_solve,
                       scale=150.0),
)
