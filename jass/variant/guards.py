"""The guards every variant function starts with: a seed, a seat, a sender, a state of the right
type; and the errors of a refused move, whose text names only what every player may know.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from jass._base import public_name
from jass.errors import IllegalMoveError, InvalidSeedError, JassError, WrongSeatError

__all__ = [
    "SEED_LIMIT",
    "check_seat",
    "check_observer",
    "check_seed",
    "check_sender",
    "refused",
    "move_error",
    "wrong_state",
]

#: Seeds are ints from 0 to ``SEED_LIMIT - 1`` (2**64 - 1): every deal comes from a 64-bit
#: SplitMix64 seed, and JSON holds such an int. A seed decides every deal of a game: keep it
#: from the players until the game is over (see the servers guide).
SEED_LIMIT: Final = 2**64


def check_seed(seed: object) -> int:
    """``seed`` if it is a game seed, an int 0 .. 2**64 - 1; else :class:`~jass.errors.InvalidSeedError`.

    >>> check_seed(7)
    7
    >>> check_seed(-1)
    Traceback (most recent call last):
    jass.errors.InvalidSeedError: seed=-1: expected an int 0..2**64-1
    """
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        shown = f"an int of {seed.bit_length()} bits" if type(seed) is int and seed.bit_length() > 80 else f"{seed!r:.40}"
        raise InvalidSeedError(f"seed={shown}: expected an int 0..2**64-1")
    return seed


def check_sender(seat: object, acting: int | None, seats: int) -> None:
    """Refuse a move sent on behalf of ``seat`` when that seat is not to act (``acting``): the
    check a variant's ``apply(state, move, seat=s)`` makes before it looks at the move."""
    if type(seat) is not int or not 0 <= seat < seats:
        raise WrongSeatError(f"seat={seat!r:.40}: expected a seat 0..{seats - 1}")
    if acting is None:
        raise WrongSeatError(f"seat {seat} cannot move: the game is over")
    if seat != acting:
        raise WrongSeatError(f"seat {seat} is not to act: seat {acting} is")


def refused(move: object, phase: Any, acting: int | None, legal: Sequence[Any]) -> IllegalMoveError:
    """The error of a move that is not among ``legal``, the legal moves: its text names only
    what every player may know (the move as sent, the ``phase``, the seat to act); the legal
    moves, which show the acting seat's hand, are in its attributes."""
    sent = repr(move)
    sent = sent if len(sent) <= 80 else sent[:77] + "..."
    if acting is None:
        return IllegalMoveError(f"{sent}: the game is over, no move is legal")
    shown = ", ".join(str(m) for m in legal[:40]) + (", ..." if len(legal) > 40 else "")
    return IllegalMoveError(
        f"{sent} is not a legal move now (phase {phase.value}, seat {acting} to act)",
        legal_moves=tuple(legal),
        detail=f"seat {acting} may make: {shown}",
    )


def move_error(error: JassError, move: str) -> IllegalMoveError:
    """``error``, raised by a part of a move that cannot be built (the hands of a ``Deal``), as the
    move's own error: an :class:`~jass.errors.IllegalMoveError`, as every bad move raises, with
    the fields that give :mod:`jass.serial` the JSON path."""
    moved = IllegalMoveError(f"{move}: {error}")
    for name in ("field", "index", "expected", "got", "reason"):
        if hasattr(error, name):
            setattr(moved, name, getattr(error, name))
    return moved


def check_observer(seat: object, seats: int) -> int | None:
    """``seat`` if it is a seat 0..seats-1, or ``None`` (a spectator: ``observe`` then gives
    what everybody at the table sees); else a JassError."""
    return None if seat is None else check_seat(seat, seats)


def check_seat(seat: object, seats: int) -> int:
    """``seat`` if it is a seat 0..seats-1 (``observe`` asks), else a JassError."""
    if type(seat) is not int or not 0 <= seat < seats:
        raise JassError(f"seat={seat!r:.40}: expected a seat 0..{seats - 1}")
    return seat


def wrong_state(value: object, state_type: type) -> JassError:
    """The error for a value given where ``state_type`` is expected (every variant function
    checks ``type(state) is State`` first)."""
    name = public_name(state_type)
    return JassError(f"{value!r:.80} is not a state of {name.rsplit('.', 2)[-2]} (a {name})")
