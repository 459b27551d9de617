"""What every variant's loader checks (:mod:`jass.serial` calls the variant's ``loading.py``): the
rounds before the one in play, a finished game's winner, a move of a replayed round, whose turn
it is in a loaded observation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from jass.errors import JassError, SerialError
from jass.variant.state import MAX_ROUNDS, game_start, out_of_rounds

__all__ = ["rounds_before", "replay_move", "check_game_end", "check_turn"]


S = TypeVar("S")
M = TypeVar("M")


def rounds_before(
    setting: Any, rules_type: type, seats: int, over: bool, path: str, first_dealer: int | None = None
) -> tuple[Any, ...]:
    """The checks a loaded state of any variant starts with: the round's dealer follows from the
    first dealer (``first_dealer`` when the variant knows it otherwise, else the rules' or the
    seed's) in turn, and the history holds the rounds before this one (and this one too once it
    is ``over``). Returns the rounds before this one; raises :class:`~jass.errors.SerialError`
    with the field's path."""
    first = game_start(setting.rules, setting.seed, rules_type, seats)[2] if first_dealer is None else first_dealer
    dealer = (first + setting.round_number) % seats
    if setting.dealer != dealer:
        raise SerialError(f"is {setting.dealer}, but round {setting.round_number} of a game whose first dealer "
                          f"is seat {first} is dealt by seat {dealer}", f"{path}.dealer")
    history: tuple[Any, ...] = setting.history
    if over and not history:
        raise SerialError("the round is over, so its score is in the history", f"{path}.history")
    before = history[:-1] if over else history
    if len(before) != setting.round_number:
        raise SerialError(f"holds {len(history)} rounds, which does not fit round {setting.round_number} in "
                          f"phase {setting.phase.value}", f"{path}.history")
    return before


def check_game_end(winner: int | None, over: bool, rounds_played: int, path: str) -> None:
    """The check of a loaded observation's ``winner``: known once the game is over, and only then;
    ``None`` at the end only for a game that the round limit ended drawn (:func:`out_of_rounds`)."""
    if winner is not None and not over:
        raise SerialError("a winner is known once the game is over, and only then", f"{path}.winner")
    if over and winner is None and not out_of_rounds(rounds_played):
        raise SerialError(f"the game is over after {rounds_played} rounds: somebody has won (only the round limit, "
                          f"{MAX_ROUNDS} rounds, ends a game drawn)", f"{path}.winner")


def replay_move(apply: Callable[[S, M], S], state: S, move: M, path: str) -> S:
    """``apply(state, move)`` while a loaded state is replayed: a move the rules refuse is a
    :class:`~jass.errors.SerialError` at ``path``, the field that asked for it."""
    try:
        return apply(state, move)
    except JassError as error:
        raise SerialError(f"{move} is not legal here: {error}", path) from None


def check_turn(view: Any, expected: int | None, allowed: tuple[type, ...], path: str) -> bool:
    """The part of a loaded observation's check that every variant shares: the seat to act is
    ``expected``, only that seat sees legal moves, and they are of the ``allowed`` types. True
    when the observing seat is to act (its moves may then need the variant's own check)."""
    if view.to_act != expected:
        raise SerialError(f"is {view.to_act}, but in this position seat {expected} is to act", f"{path}.to_act")
    if view.to_act != view.seat:
        if view.legal_moves:
            raise SerialError(f"seat {view.seat} is not to act, so it has no legal moves", f"{path}.legal_moves")
        return False
    for i, move in enumerate(view.legal_moves):
        if type(move) not in allowed:
            raise SerialError(f"{move!r:.60} cannot be legal in phase {view.phase.value}", f"{path}.legal_moves[{i}]")
    return True
