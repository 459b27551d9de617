"""What a seat sees of a partnership round (each variant's ``observe`` asks): the Weis, and the
cards and points that every such round shows alike (:func:`table_view`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import attrs

from jass.cards import Card, CardSet
from jass.play import CardPlay, Trick
from jass.teams.rules import SEATS
from jass.teams.score import counted_weis
from jass.teams.state import Declared
from jass.trump import RoundMode
from jass.weis import Weis, WeisRules

__all__ = ["weis_view", "TableView", "table_view", "round_zones"]


class _TeamPoints(Protocol):
    """A team's part of a round's score, as :func:`table_view` reads it."""

    @property
    def weis(self) -> int: ...  # noqa: E704

    @property
    def stoeck(self) -> int: ...  # noqa: E704


class _Scored(Protocol):
    """A partnership round's score, as :func:`table_view` reads it."""

    @property
    def teams(self) -> Sequence[_TeamPoints]: ...  # noqa: E704

    @property
    def totals(self) -> tuple[int, int]: ...  # noqa: E704


class _WeisSettings(Protocol):
    """The rules' Weis settings, as :func:`table_view` reads them."""

    @property
    def weis(self) -> WeisRules | None: ...  # noqa: E704

    @property
    def auto_declare(self) -> bool: ...  # noqa: E704


@attrs.frozen
class TableView:
    """What a seat's observation of a partnership round shows alike in every such variant: its
    hand (the hand as dealt before the card play), the hand sizes, the trick, its leader, the
    tricks, the trump, the Weis (:func:`weis_view`), the team credited with the Stöck and the
    round's points so far."""

    hand: CardSet
    hand_sizes: tuple[int, ...]
    trick: tuple[Card, ...]
    leader: int | None
    tricks: tuple[Trick, ...]
    trump: RoundMode | None
    declared_points: tuple[int | None, ...]
    own_weis: tuple[Weis, ...] | None
    shown: tuple[tuple[Weis, ...], ...]
    credited_stoeck: int | None
    round_points: tuple[int, int]


def table_view(
    dealt: Sequence[CardSet], declared: Declared, rules: _WeisSettings, play: CardPlay | None, seat: int | None,
    score: Callable[[], _Scored], playing: bool,
) -> TableView:
    """What ``seat`` (``None``: a spectator) sees of a round dealt ``dealt`` whose card play is
    ``play`` (``None`` before it starts): ``score`` counts the round so far (asked only once the
    card play has started), ``playing`` says the round is still being played (its points so far
    are shown; after it, the finished round's score is in the history)."""
    if play is not None:
        hand = CardSet() if seat is None else play.hand(seat)
        hand_sizes = play.hand_sizes
        trick, leader, tricks, trump = play.trick, play.leader, play.tricks, play.decided_trump
    else:
        hand = CardSet() if seat is None else dealt[seat]
        hand_sizes = tuple(len(cards) for cards in dealt)
        trick, leader, tricks, trump = (), None, (), None
    weis_team = credited_stoeck = None
    round_points = (0, 0)
    if play is not None:
        scored = score()
        teams = scored.teams
        weis_team = 0 if teams[0].weis else 1 if teams[1].weis else None
        credited_stoeck = 0 if teams[0].stoeck else 1 if teams[1].stoeck else None
        if playing:
            round_points = scored.totals
    declared_points, own_weis, shown = weis_view(
        dealt, declared, rules.weis, rules.auto_declare, play is not None and bool(play.tricks), weis_team, seat,
    )
    return TableView(hand, hand_sizes, trick, leader, tricks, trump, declared_points, own_weis, shown,
                     credited_stoeck, round_points)


def round_zones(dealt: Sequence[CardSet], play: CardPlay | None) -> dict[str, CardSet]:
    """Where each card of a partnership round is: ``"hand 0"`` .. ``"hand 3"`` (before the card
    play, the hands as dealt), ``"trick"`` and ``"won 0"`` .. ``"won 3"``."""
    if play is None:
        zones = {f"hand {seat}": hand for seat, hand in enumerate(dealt)}
        zones["trick"] = CardSet()
        zones.update((f"won {seat}", CardSet()) for seat in range(SEATS))
        return zones
    return play.zones()


def weis_view(
    dealt: Sequence[CardSet], declared: Declared, rules: WeisRules | None, auto: bool, trick_one_done: bool,
    weis_team: int | None, seat: int | None,
) -> tuple[tuple[int | None, ...], tuple[Weis, ...] | None, tuple[tuple[Weis, ...], ...]]:
    """What ``seat`` (``None``: a spectator) sees of the Weis: the points each seat declared
    (``None``: not declared; with ``auto`` every seat's, once trick 1 is over, as they are then
    shown), its own declaration (``None`` with ``auto`` or for a spectator), and once trick 1
    is over the Weis of ``weis_team``, the team that scores them (seed 001: "De kaarten voor
    de hoogste Weis worden na de eerste slag open afgebeeld")."""
    if rules is None:
        return (None,) * SEATS, None, ((),) * SEATS
    counted = counted_weis(dealt, declared, rules, auto) if trick_one_done else None
    declarations = counted if auto and counted is not None else declared
    points = tuple(None if d is None else sum(w.points for w in d) for d in declarations)
    shown: tuple[tuple[Weis, ...], ...] = ((),) * SEATS
    if counted is not None and weis_team is not None:
        shown = tuple(counted[s] if s % 2 == weis_team else () for s in range(SEATS))
    return points, declared[seat] if not auto and seat is not None else None, shown
