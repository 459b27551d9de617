"""Reinforcement learning with the library's rules, in the conventions of OpenSpiel and
PettingZoo: fixed integer action ids with a legal-action mask, each seat's observation as a
flat vector with a documented layout, and per-seat returns at the end of the game.

Every registered variant with an :class:`~jass.variant.encoding.Encoding` (Schieber, Differenzler and
la pomme) is playable this way. The functions here need nothing beyond the library; the
PettingZoo environment (:mod:`jass.rl.pettingzoo`) needs the optional extra ``jass[rl]``.

>>> from jass import schieber
>>> state = schieber.new_game(seed=3)
>>> seat = schieber.to_act(state)
>>> mask = action_mask("schieber", state, seat)
>>> [i for i, legal in enumerate(mask) if legal]  # the six modes and the push
[36, 37, 38, 39, 40, 41, 42]
>>> state = apply_action("schieber", state, 40)  # Obenabe
>>> state.trump
Trump.OBENABE
>>> len(observation_vector("schieber", state, 0)) == encoding_of("schieber").size
True
"""

from __future__ import annotations

from typing import Any

from jass.errors import IllegalMoveError, JassError
from jass.variant import AnyVariant, as_variant
from jass.variant.encoding import Encoding

__all__ = ["encoding_of", "observation_vector", "action_mask", "legal_actions", "apply_action", "returns"]


def encoding_of(variant: AnyVariant | str) -> Encoding[Any, Any]:
    """The variant's :class:`~jass.variant.encoding.Encoding`; a :class:`~jass.errors.JassError` if it
    has none."""
    found = as_variant(variant)
    if found.encoding is None:
        raise JassError(f"{found.name} has no encoding for learning agents")
    return found.encoding


def observation_vector(variant: AnyVariant | str, state: Any, seat: int) -> list[float]:
    """``observe(state, seat)`` as the flat vector of the variant's layout: what ``seat`` may
    see, and nothing else (it is computed from the observation alone)."""
    found = as_variant(variant)
    return encoding_of(found).encode(found.observe(state, seat))


def action_mask(variant: AnyVariant | str, state: Any, seat: int) -> list[int]:
    """1 for each action id that ``seat`` may take now (all 0 when another seat is to act)."""
    found = as_variant(variant)
    encoding = encoding_of(found)
    if found.to_act(state) != seat:
        return [0] * encoding.actions
    return encoding.mask(found.observe(state, seat), found.legal_moves(state))


def legal_actions(variant: AnyVariant | str, state: Any) -> list[int]:
    """The action ids the seat to act may take, in increasing order (OpenSpiel's
    ``legal_actions``); empty once the game is over."""
    found = as_variant(variant)
    seat = found.to_act(state)
    if seat is None:
        return []
    return [action for action, legal in enumerate(action_mask(found, state, seat)) if legal]


def apply_action(variant: AnyVariant | str, state: Any, action: int) -> Any:
    """The state after the seat to act takes ``action``; an id that is not legal now raises
    :class:`~jass.errors.IllegalMoveError` (with the legal ids in its text: they are the
    acting seat's own)."""
    found = as_variant(variant)
    encoding = encoding_of(found)
    seat = found.to_act(state)
    if seat is None:
        raise IllegalMoveError(f"action {action!r:.20}: the game is over")
    view = found.observe(state, seat)
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < encoding.actions:
        raise IllegalMoveError(f"action {action!r:.20}: expected an int 0..{encoding.actions - 1}")
    mask = encoding.mask(view, view.legal_moves)
    if not mask[action]:
        legal = [i for i, ok in enumerate(mask) if ok]
        raise IllegalMoveError(f"action {action} is not legal now: legal actions {legal}")
    return found.apply(state, encoding.move_of(view, action), seat=seat)


def returns(variant: AnyVariant | str, state: Any) -> tuple[float, ...]:
    """Each seat's return: 0 until the game is over; then +1 for the seats of the winning team
    and -1 / (teams - 1) for the others (the returns add up to 0), all 0 for a draw.

    >>> from jass import pomme
    >>> from jass.variant import random_playout
    >>> final = random_playout("pomme", pomme.new_game(seed=1), seed=2)
    >>> sorted(returns("pomme", final))
    [-1.0, 1.0]
    """
    found = as_variant(variant)
    teams = found.teams_for(getattr(state, "rules", None))
    seats = sum(len(members) for members in teams)
    if not found.is_over(state):
        return (0.0,) * seats
    team = found.winner(state)
    if team is None:
        return (0.0,) * seats
    loss = -1.0 / (len(teams) - 1)
    return tuple(1.0 if seat in teams[team] else loss for seat in range(seats))
