"""Reinforcement learning with the library's rules, in the conventions of OpenSpiel and
PettingZoo: fixed integer action ids with a legal-action mask, each seat's observation as a
flat vector with a documented layout, and per-seat returns at the end of the game.

Every registered variant with an :class:`~jass.variant.encoding.Encoding` (Schieber,
Differenzler, la pomme and Coiffeur) is playable this way. The functions here need nothing
beyond the library; the environments need the optional extra ``jass[rl]``: one or more
learning seats against bots in Gymnasium (:mod:`jass.rl.gymnasium`), N games at batch speed
(:mod:`jass.rl.vector`), every seat an agent in PettingZoo (:mod:`jass.rl.pettingzoo`), with
the rewards of :mod:`jass.rl.rewards` and a learned policy as a bot (:mod:`jass.rl.policy`).

The environments offer only **sensible** moves by default (:func:`offered_moves`): every legal
move but one that loses the game at once (:attr:`jass.variant.AIHooks.sensible_moves`: in
Schieber, going out («Mer bedanked eus!») short of the target), so that no game ends by accident;
``moves="all"`` offers every legal move. The functions below take ``moves=`` too, with every
legal move by default.

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

from collections.abc import Collection, Sequence
from typing import Any, Final, Literal

from jass.errors import IllegalMoveError, JassError
from jass.trump import RoundMode, parse_mode
from jass.variant import AnyVariant, as_variant
from jass.variant.encoding import Encoding

__all__ = [
    "Moves",
    "MOVES",
    "check_moves",
    "encoding_of",
    "parse_modes",
    "offered_moves",
    "observation_vector",
    "action_mask",
    "legal_actions",
    "apply_action",
    "returns",
]

#: Which moves an environment offers: ``"sensible"`` (every legal move but those that lose the
#: game at once) or ``"all"``.
Moves = Literal["sensible", "all"]
#: The names of :data:`Moves`.
MOVES: Final[tuple[Moves, ...]] = ("sensible", "all")


def encoding_of(variant: AnyVariant | str) -> Encoding[Any, Any]:
    """The variant's :class:`~jass.variant.encoding.Encoding`; a :class:`~jass.errors.JassError` if it
    has none."""
    found = as_variant(variant)
    if found.encoding is None:
        raise JassError(f"{found.name} has no encoding for learning agents")
    return found.encoding


def check_moves(moves: object) -> Moves:
    """``moves`` if it is one of :data:`MOVES`, else a :class:`~jass.errors.JassError`."""
    for name in MOVES:
        if moves == name:
            return name
    raise JassError(f"moves={moves!r:.40}: choose one of {', '.join(MOVES)}")


def parse_modes(variant: AnyVariant | str, modes: Collection[RoundMode | str] | None) -> frozenset[RoundMode] | None:
    """The modes of a curriculum (``modes=`` of the environments) as a set: ``None`` allows every
    mode. A variant whose players choose no mode (trump is dealt) takes none.

    >>> sorted(parse_modes("schieber", ["obenabe", "undenufe"]))
    [Trump.OBENABE, Trump.UNDENUFE]
    >>> parse_modes("differenzler", ["obenabe"])
    Traceback (most recent call last):
    jass.errors.JassError: differenzler: no player chooses a mode (trump is dealt), so modes= cannot restrict them
    """
    if modes is None:
        return None
    found = as_variant(variant)
    if encoding_of(found).mode_of is None:
        raise JassError(f"{found.name}: no player chooses a mode (trump is dealt), so modes= cannot restrict them")
    if isinstance(modes, str) or not isinstance(modes, Collection):
        raise JassError(f"modes={modes!r:.60}: expected a collection of modes, like ['obenabe', 'undenufe']")
    chosen = frozenset(parse_mode(mode) for mode in modes)
    if not chosen:
        raise JassError("modes=[]: allow at least one mode (None allows every mode)")
    return chosen


def offered_moves(
    variant: AnyVariant | str, view: Any, legal: Sequence[Any], *, moves: Moves = "sensible",
    modes: Collection[RoundMode] | None = None,
) -> Sequence[Any]:
    """The moves an environment offers the seat of ``view`` among its ``legal`` moves: with
    ``moves="sensible"`` none that loses the game at once; with ``modes`` (a set from
    :func:`parse_modes`) no choice of a mode outside it, unless every choice is outside it (a
    Coiffeur row that only one mode may fill).

    >>> from jass import schieber
    >>> state = schieber.new_game(seed=3)
    >>> view = schieber.observe(state, schieber.to_act(state))
    >>> [str(m) for m in offered_moves("schieber", view, view.legal_moves, modes=parse_modes("schieber", ["H"]))]
    ['choose Schilten ♥', 'push (schieben)']
    """
    found = as_variant(variant)
    if check_moves(moves) == "sensible":
        legal = found.ai.sensible_moves(view, legal) or legal
    mode_of = encoding_of(found).mode_of
    if modes is not None and mode_of is not None:
        allowed = [move for move in legal if mode_of(move) is None or mode_of(move) in modes]
        if any(mode_of(move) is not None for move in allowed):
            return allowed
    return legal


def observation_vector(variant: AnyVariant | str, state: Any, seat: int) -> list[float]:
    """``observe(state, seat)`` as the flat vector of the variant's layout: what ``seat`` may
    see, and nothing else (it is computed from the observation alone)."""
    found = as_variant(variant)
    return encoding_of(found).encode(found.observe(state, seat))


def action_mask(variant: AnyVariant | str, state: Any, seat: int, *, moves: Moves = "all") -> list[int]:
    """1 for each action id that ``seat`` may take now (all 0 when another seat is to act);
    with ``moves="sensible"``, only those of :func:`offered_moves`."""
    found = as_variant(variant)
    encoding = encoding_of(found)
    if found.to_act(state) != seat:
        return [0] * encoding.actions
    view = found.observe(state, seat)
    return encoding.mask(view, offered_moves(found, view, view.legal_moves, moves=moves))


def legal_actions(variant: AnyVariant | str, state: Any, *, moves: Moves = "all") -> list[int]:
    """The action ids the seat to act may take, in increasing order (OpenSpiel's
    ``legal_actions``); empty once the game is over.

    >>> from jass import schieber
    >>> state = schieber.new_game(schieber.Rules(first_dealer=3), seed=3)
    >>> for action in (40, 0, 2, 1, 3):  # Obenabe, then a trick taken by seat 0's team
    ...     state = apply_action("schieber", state, legal_actions("schieber", state)[-1] if action < 40 else action)
    >>> 43 in legal_actions("schieber", state), 43 in legal_actions("schieber", state, moves="sensible")
    (True, False)
    """
    found = as_variant(variant)
    seat = found.to_act(state)
    if seat is None:
        return []
    return [action for action, legal in enumerate(action_mask(found, state, seat, moves=moves)) if legal]


def apply_action(variant: AnyVariant | str, state: Any, action: int, *, moves: Moves = "all") -> Any:
    """The state after the seat to act takes ``action``; an id that is not legal now (or, with
    ``moves="sensible"``, not offered) raises :class:`~jass.errors.IllegalMoveError` (with the
    legal ids in its text: they are the acting seat's own)."""
    found = as_variant(variant)
    encoding = encoding_of(found)
    seat = found.to_act(state)
    if seat is None:
        raise IllegalMoveError(f"action {action!r:.20}: the game is over")
    view = found.observe(state, seat)
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < encoding.actions:
        raise IllegalMoveError(f"action {action!r:.20}: expected an int 0..{encoding.actions - 1}")
    mask = encoding.mask(view, offered_moves(found, view, view.legal_moves, moves=moves))
    if not mask[action]:
        legal = [i for i, ok in enumerate(mask) if ok]
        raise IllegalMoveError(f"action {action} is not legal now: legal actions {legal}")
    return found.apply(state, encoding.move_of(view, action), seat=seat)


def returns(variant: AnyVariant | str, state: Any) -> tuple[float, ...]:
    """Each seat's return: 0 until the game is over; then +1 for the seats that won
    (:meth:`~jass.variant.Variant.winners`: the winning team's) and, so that the returns add
    up to 0, minus the winners' number over the others' for the others (-1 / (teams - 1) when
    the teams are of one size); all 0 for a draw.

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
    won = found.winners(state)
    if not won:
        return (0.0,) * seats
    loss = -len(won) / (seats - len(won))
    return tuple(1.0 if seat in won else loss for seat in range(seats))
