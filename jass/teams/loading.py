"""The check of a loaded state's Weis declarations: each replayed through the variant's rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from jass.teams.moves import WeisDeclaration
from jass.teams.state import Declared, TeamState
from jass.variant.loading import replay_move

__all__ = ["replay_declaration"]

T = TypeVar("T", bound=TeamState)


def replay_declaration(
    apply: Callable[[T, Any], T], replay: T, declared: Declared, move: type[WeisDeclaration], path: str
) -> T:
    """While a loaded state is replayed: the declaration of the seat to play in trick 1, if the
    loaded state says (``declared``) it declared and the replay has not yet."""
    play = replay.play
    assert play is not None
    seat = play.to_play
    if seat is None or play.tricks:
        return replay
    weis = declared[seat]
    if weis is not None and replay.declared[seat] is None:
        return replay_move(apply, replay, move(weis), f"{path}.declared[{seat}]")
    return replay
