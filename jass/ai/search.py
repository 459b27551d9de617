"""Search bots: determinised Monte Carlo and information-set MCTS, for every variant whose
:class:`~jass.variant.Variant` has :class:`~jass.variant.SearchHooks`.

Both see only what a seat sees (``observe(state, seat)`` and its legal moves). Before each
simulation they *determinise*: the variant's ``determinize(view, rng)`` deals the cards the
seat cannot see (uniformly among the deals that fit everything public: the voids a player
showed by not following suit, the cards played, a face-up card, declared Weis). Both look
as far as the end of the round in play, and both are reproducible from their seed.

- :class:`MonteCarloBot` (also called *perfect-information Monte Carlo*): for each of a
  number of determinisations it plays every legal move and then the rest of the round at
  random on the variant's fast path, or, when few tricks are left, solves it exactly with
  open hands (:mod:`jass.ai.solver`); it plays the move with the best average.
- :class:`ISMCTSBot`: single-observer information-set Monte Carlo tree search (Cowling,
  Powley and Whitehouse, 2012): one tree over the moves of every seat, a new determinisation
  for every iteration, each seat choosing in the tree by UCB on its own values, counted
  only among the moves that were available; an iteration or time budget.

Decisions with more than ``max_moves`` options (a Differenzler prediction among 158, la
pomme's exchange among 85) are left to a ``fallback`` bot, the card-counting
:class:`~jass.ai.bots.RuleBot` unless another is given. Both take a budget of ``seconds`` per
decision instead of a number of deals or iterations, if given.

>>> from jass import schieber
>>> state = schieber.apply(schieber.new_game(schieber.Rules(first_dealer=3), seed=7), schieber.ChooseTrump("H"))
>>> bot = MonteCarloBot(seed=1, samples=8)
>>> move = bot.choose(schieber.observe(state, 0), schieber.legal_moves(state))
>>> move in schieber.legal_moves(state)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any, Final

from jass.ai.bots import RuleBot
from jass.errors import JassError
from jass.variant import AnyVariant, SearchHooks, variant_of

__all__ = ["MonteCarloBot", "ISMCTSBot", "playout_values", "search_hooks"]

#: The most moves of a random play-out through ``apply`` before it is called endless.
_MAX_PLAYOUT_MOVES: Final = 10_000


def search_hooks(variant: AnyVariant) -> SearchHooks[Any, Any]:
    """The variant's :class:`~jass.variant.SearchHooks`; a :class:`~jass.errors.JassError`
    if the search bots cannot play it."""
    hooks = variant.ai.search
    if hooks is None:
        raise JassError(f"the search bots cannot play {variant.name}: its Variant has no search hooks")
    return hooks


def playout_values(variant: AnyVariant, state: Any, rng: random.Random, *, solve: bool = True) -> tuple[float, ...]:
    """The values of the round in play (:attr:`~jass.variant.SearchHooks.round_values`) after
    playing it out: exactly when it is over or when the variant can solve the rest
    (``solve``), else at random on the variant's fast path, else with random legal moves
    through ``apply``."""
    hooks = search_hooks(variant)
    done = hooks.round_values(state)
    if done is not None:
        return done
    if solve and hooks.solve is not None:
        solved = hooks.solve(state)
        if solved is not None:
            return solved
    if hooks.playout is not None:
        return hooks.playout(state, rng)
    legal_moves, apply = variant.legal_moves, variant.apply
    for _ in range(_MAX_PLAYOUT_MOVES):
        moves = legal_moves(state)
        state = apply(state, moves[int(rng.random() * len(moves))])
        done = hooks.round_values(state)
        if done is not None:
            return done
    raise RuntimeError(f"{variant.name}: the round does not end after {_MAX_PLAYOUT_MOVES} moves")


def _fallback_bot(fallback: Any, seed: int | None) -> Any:
    if fallback is not None:
        return fallback
    return RuleBot(seed)


def _check_budget(name: str, value: object, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise JassError(f"{name}={value!r}: expected an int >= {low}")
    return value


def _searched(view: Any, moves: Sequence[Any], max_moves: int) -> tuple[AnyVariant, SearchHooks[Any, Any]] | None:
    """The variant of ``view`` and its search hooks when a search bot should search this
    decision: more than one move, hooks to search with, and not more moves than ``max_moves``
    (the big decisions go to the fallback bot)."""
    if len(moves) == 1:
        return None
    variant = variant_of(view)
    hooks = variant.ai.search
    if hooks is None or len(moves) > max_moves:
        return None
    return variant, hooks


def _check_seconds(seconds: object) -> float | None:
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or seconds <= 0):
        raise JassError(f"seconds={seconds!r}: expected a positive number or None")
    return seconds


class MonteCarloBot:
    """Determinised Monte Carlo: the move with the best average over ``samples`` deals of the
    hidden cards (or, with ``seconds``, as many as fit; then the moves depend on the machine's
    speed), each move followed by a random play-out of the round (or its exact solution once
    few tricks are left, with ``solve``). The same ``seed`` and views give the same moves.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        samples: int = 24,
        seconds: float | None = None,
        max_moves: int = 12,
        solve: bool = True,
        fallback: Any = None,
    ) -> None:
        self._rng = random.Random(seed)
        self.samples = _check_budget("samples", samples, 1)
        self.seconds = _check_seconds(seconds)
        self.max_moves = _check_budget("max_moves", max_moves, 2)
        self.solve = solve
        self._fallback = _fallback_bot(fallback, seed)

    def __repr__(self) -> str:
        return f"MonteCarloBot(samples={self.samples})" if self.seconds is None else f"MonteCarloBot(seconds={self.seconds})"

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        """The move of ``moves`` with the best average value for the seat of ``view``."""
        moves = list(moves)
        searched = _searched(view, moves, self.max_moves)
        if searched is None:
            return moves[0] if len(moves) == 1 else self._fallback.choose(view, moves)
        variant, hooks = searched
        seat = view.seat
        rng = self._rng
        apply = variant.apply
        totals = [0.0] * len(moves)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        drawn = 0
        while drawn < self.samples if deadline is None else drawn == 0 or time.perf_counter() < deadline:
            state = hooks.determinize(view, rng)
            for index, move in enumerate(moves):
                totals[index] += playout_values(variant, apply(state, move), rng, solve=self.solve)[seat]
            drawn += 1
        best = max(range(len(moves)), key=totals.__getitem__)
        return moves[best]


class _Node:
    """A node of the information-set tree: reached by ``move`` of ``seat``."""

    __slots__ = ("seat", "children", "visits", "available", "total")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


def _ucb(child: _Node, scale: float) -> float:
    """UCB1 with availability counts: the mean value, and the exploration of a move seldom
    tried among the times it could have been."""
    return child.total / child.visits + scale * math.sqrt(math.log(child.available) / child.visits)


class ISMCTSBot:
    """Single-observer information-set MCTS with ``iterations`` iterations per decision (or,
    with ``seconds``, as many as fit; then the moves depend on the machine's speed). Every
    iteration determinises the view anew, walks the tree choosing by UCB (``exploration``
    times the spread of the variant's values) among the moves available in that
    determinisation, adds one node, plays the round out (:func:`playout_values`) and counts
    the values for the seat that made each move. The move played is the root's most visited.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int = 150,
        seconds: float | None = None,
        exploration: float = 0.7,
        max_moves: int = 12,
        solve: bool = True,
        fallback: Any = None,
    ) -> None:
        self._rng = random.Random(seed)
        self.iterations = _check_budget("iterations", iterations, 1)
        self.seconds = _check_seconds(seconds)
        self.exploration = exploration
        self.max_moves = _check_budget("max_moves", max_moves, 2)
        self.solve = solve
        self._fallback = _fallback_bot(fallback, seed)

    def __repr__(self) -> str:
        return f"ISMCTSBot(iterations={self.iterations})" if self.seconds is None else f"ISMCTSBot(seconds={self.seconds})"

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        """The root's most visited move after the search."""
        moves = list(moves)
        searched = _searched(view, moves, self.max_moves)
        if searched is None:
            return moves[0] if len(moves) == 1 else self._fallback.choose(view, moves)
        variant, hooks = searched
        root = _Node(view.seat)
        if self.seconds is None:
            for _ in range(self.iterations):
                self._iterate(variant, hooks, view, root)
        else:
            deadline = time.perf_counter() + self.seconds
            self._iterate(variant, hooks, view, root)
            while time.perf_counter() < deadline:
                self._iterate(variant, hooks, view, root)
        return max(moves, key=lambda move: root.children[move].visits if move in root.children else -1)

    def _iterate(self, variant: AnyVariant, hooks: SearchHooks[Any, Any], view: Any, root: _Node) -> None:
        rng = self._rng
        state = hooks.determinize(view, rng)
        legal_moves, apply, to_act = variant.legal_moves, variant.apply, variant.to_act
        scale = self.exploration * hooks.scale
        node = root
        path = []
        values = hooks.round_values(state)
        while values is None:
            moves = legal_moves(state)
            seat = to_act(state)
            assert seat is not None  # the round goes on: a seat is to act
            if len(moves) > self.max_moves:
                # Too many to branch on (a prediction, an exchange): the fallback decides, unbranched.
                move = self._fallback.choose(variant.observe(state, seat), moves)
                state = apply(state, move)
                values = hooks.round_values(state)
                continue
            untried = [move for move in moves if move not in node.children]
            for move in moves:
                child = node.children.get(move)
                if child is not None:
                    child.available += 1
            if untried:
                move = untried[int(rng.random() * len(untried))]
                child = node.children[move] = _Node(seat)
                child.available = 1
                path.append(child)
                state = apply(state, move)
                values = playout_values(variant, state, rng, solve=self.solve)
                break
            move = max(moves, key=lambda m: _ucb(node.children[m], scale))
            node = node.children[move]
            path.append(node)
            state = apply(state, move)
            values = hooks.round_values(state)
        for visited in path:
            visited.visits += 1
            visited.total += values[visited.seat]
