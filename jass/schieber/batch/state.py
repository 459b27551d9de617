"""N Schieber rounds as arrays: :class:`BatchState`, and :class:`RoundScores`, the breakdown of
their scores.
"""

from __future__ import annotations

from typing import Any, Final

import attrs
import numpy as np
from numpy.typing import NDArray

from jass import schieber
from jass.batch.cardplay import read_only_field
from jass.schieber.batch.tables import TRICKS, Config
from jass.trump import LAST_TRICK_BONUS
from jass.weis import STOECK_POINTS

__all__ = ["BatchState", "RoundScores"]



@attrs.frozen(eq=False)
class BatchState:
    """N Schieber rounds at one moment each: every field is an array whose first axis is the
    game (``[N]``, ``[N, 4]`` per seat, ``[N, 2]`` per team). Read-only: :func:`step`
    returns a new state (fields that did not change are shared).

    Seats are 0..3, team ``seat % 2``; cards are indices 0..35 (-1: none); card sets are
    ``uint64`` bit sets (bit *i* = card *i*). The score breakdown so far reads as
    :func:`scores`; the properties :attr:`weis`, :attr:`stoeck`, :attr:`last_trick` and
    :attr:`match` are its parts that no card step needs to write.
    """

    #: The rules and their tables, shared by all games.
    config: Config
    #: ``int8[N]``: the dealer; Vorhand is ``(dealer + 1) % 4``.
    dealer: NDArray[np.int8] = read_only_field()
    #: ``uint64[N, 4]``: each seat's hand as dealt.
    dealt: NDArray[np.uint64] = read_only_field()
    #: ``uint64[N]``: the cards played so far (the trick in progress included).
    played: NDArray[np.uint64] = read_only_field()
    #: ``int8[N]``: the trump mode (:class:`~jass.trump.Trump` value), -1 until chosen.
    trump: NDArray[np.int8] = read_only_field()
    #: ``int8[N]``: how often the choice was pushed (0, 1; 2 with push-back).
    pushed: NDArray[np.int8] = read_only_field()
    #: ``int8[N]``: the seat to act, -1 once the round is over.
    current_player: NDArray[np.int8] = read_only_field()
    #: ``int8[N]``: cards played so far (0..36); ``ncards % 4`` are in the trick in progress.
    ncards: NDArray[np.int8] = read_only_field()
    #: ``int8[N]``: the seat that leads or led the trick in progress; after the last trick,
    #: the seat that took it.
    leader: NDArray[np.int8] = read_only_field()
    #: ``int8[N, 4]``: the cards of the trick in progress in play order (-1: not yet played).
    trick: NDArray[np.int8] = read_only_field()
    #: ``int8[N]``: the strength (:data:`jass.trump.TRICK_KEYS`) of the card winning the trick
    #: in progress, -2 before its first card.
    best: NDArray[np.int8] = read_only_field()
    #: ``int8[N]``: the seat winning the trick in progress.
    winner: NDArray[np.int8] = read_only_field()
    #: ``int16[N]``: the card points in the trick in progress.
    points_in_trick: NDArray[np.int16] = read_only_field()
    #: ``int8[N, 2]``: tricks each team has taken.
    tricks_won: NDArray[np.int8] = read_only_field()
    #: ``int16[N, 2]``: each team's card points so far (before the multiplier; the last
    #: trick's 5 not included).
    card_points: NDArray[np.int16] = read_only_field()
    #: ``int16[N, 4]``: the card points of the tricks each seat has taken (what an observation
    #: shows per seat; :attr:`card_points` per team).
    seat_points: NDArray[np.int16] = read_only_field()
    #: ``int16[N]``: the mode's multiplier, 0 until trump is chosen.
    multiplier: NDArray[np.int16] = read_only_field()
    #: ``int16[N, 6, 2]``: the Weis points each team would score in each mode (the best Weis
    #: depends on the trump suit); all 0 without ``auto_declare``.
    weis_by_mode: NDArray[np.int16] = read_only_field()
    #: ``int16[N, 4]``: each seat's Weis points with ``auto_declare`` (else 0).
    seat_weis: NDArray[np.int16] = read_only_field()
    #: ``uint64[N, 4]``: the cards of each seat's Weis with ``auto_declare`` (else 0).
    weis_cards: NDArray[np.uint64] = read_only_field()
    #: ``int16[N, 2]``: the Weis of the chosen mode, credited when the first trick completes.
    weis_pending: NDArray[np.int16] = read_only_field()
    #: ``uint64[N]``: the Stöck cards not yet played, when one seat holds both (else 0).
    stoeck_left: NDArray[np.uint64] = read_only_field()
    #: ``int8[N]``: the team holding the Stöck (-1: nobody).
    stoeck_team: NDArray[np.int8] = read_only_field()
    #: ``int32[N, 2]``: what the Stöck write to each team when credited (multiplier applied).
    stoeck_gain: NDArray[np.int32] = read_only_field()
    #: ``uint64[N]``: the trump suit's cards (0 before trump is chosen and without trump).
    trump_mask: NDArray[np.uint64] = read_only_field()
    #: ``intp[N]``: ``trump * 448``, the first of the mode's rows of the :class:`Config` tables.
    trump_row: NDArray[np.intp] = read_only_field()
    #: ``intp[N]``: ``(trump * 4 + led suit) * 112``, the table row of the trick in progress.
    row: NDArray[np.intp] = read_only_field()
    #: ``intp[N]``: ``trump * 36``, the mode's part of :attr:`Config.points`.
    points_row: NDArray[np.intp] = read_only_field()
    #: ``uint64[N]``: the legal actions of the seat to act as a bit set (bit *a* = action *a*;
    #: 0 once the round is over). :func:`legal_mask` unpacks it.
    legal: NDArray[np.uint64] = read_only_field()
    #: ``bool[N]``: the round is over (its last card played, or an illegal action with
    #: ``on_illegal="terminate"``).
    terminated: NDArray[np.bool_] = read_only_field()
    #: ``bool[N]``: the round was ended by an illegal action.
    illegal: NDArray[np.bool_] = read_only_field()
    #: ``int32[N, 2]``: the points written to each team in the last step (multiplier applied).
    gain: NDArray[np.int32] = read_only_field()

    @property
    def size(self) -> int:
        """The number of games N."""
        return int(self.dealer.shape[0])

    @property
    def rewards(self) -> NDArray[np.int32]:
        """``int32[N, 4]``: the points each seat's team was written in the last step
        (0 for a game that was already over)."""
        return self.gain[:, [0, 1, 0, 1]]

    @property
    def vorhand(self) -> NDArray[np.int8]:
        """``int8[N]``: the seat after the dealer, who chooses trump and leads first."""
        return (self.dealer + 1) & 3

    @property
    def led(self) -> NDArray[np.int8]:
        """``int8[N]``: the led suit of the trick in progress (-1 before its first card)."""
        first = self.trick[:, 0]
        return np.where(first >= 0, first // 9, -1).astype(np.int8)

    @property
    def weis(self) -> NDArray[np.int16]:
        """``int16[N, 2]``: Weis points credited (once the first trick is complete)."""
        return (self.weis_pending * (self.ncards >= 4)[:, None]).astype(np.int16)

    @property
    def stoeck(self) -> NDArray[np.int16]:
        """``int16[N, 2]``: Stöck credited (once the second of the two cards is played, or with
        ``StoeckMode.ROUND_END`` the last card of the round)."""
        played = (self.ncards == 36) if self.config.stoeck_at_end else (self.stoeck_left == 0)
        credited = played & (self.stoeck_team >= 0)
        teams = self.stoeck_team[:, None] == np.arange(2)
        points: NDArray[np.int16] = (teams & credited[:, None]).astype(np.int16) * np.int16(STOECK_POINTS)
        return points

    @property
    def last_trick(self) -> NDArray[np.int16]:
        """``int16[N, 2]``: the last trick's 5, once taken."""
        over = self.ncards == 36
        teams = (self.leader & 1)[:, None] == np.arange(2)
        points: NDArray[np.int16] = (teams & over[:, None]).astype(np.int16) * np.int16(LAST_TRICK_BONUS)
        return points

    @property
    def match(self) -> NDArray[np.int16]:
        """``int16[N, 2]``: the match bonus, once a team has taken all nine tricks."""
        bonus: NDArray[np.int16] = (self.tricks_won == TRICKS).astype(np.int16) * np.int16(self.config.rules.match_bonus)
        return bonus

    @property
    def nbytes(self) -> int:
        """Bytes held by the state's arrays (the shared :class:`Config` left out)."""
        return sum(getattr(self, name).nbytes for name in _GAME_FIELDS)


_GAME_FIELDS: Final = tuple(field.name for field in attrs.fields(BatchState) if field.name != "config")
_new_state: Final = object.__new__
_set: Final = object.__setattr__


def replace_fields(state: BatchState, changes: dict[str, Any]) -> BatchState:
    """``state`` with the fields ``changes`` (new arrays, made read-only here): the other
    fields are shared. ``attrs.evolve`` without its per-field overhead, as a step makes one."""
    new = _new_state(BatchState)
    for name in ("config",) + _GAME_FIELDS:
        _set(new, name, getattr(state, name))
    for name, value in changes.items():
        value.flags.writeable = False
        _set(new, name, value)
    return new


@attrs.frozen(eq=False)
class RoundScores:
    """The score breakdown of N rounds, as :class:`jass.schieber.RoundScore` gives one: each
    field ``int16[N, 2]`` per team (before the multiplier) except ``trump`` and
    ``multiplier``. Of a round in play: what has been credited so far."""

    #: ``int8[N]``: the mode (-1: not chosen).
    trump: NDArray[np.int8]
    #: Card points of the tricks taken.
    cards: NDArray[np.int16]
    #: The last trick's 5.
    last_trick: NDArray[np.int16]
    #: The match bonus.
    match: NDArray[np.int16]
    #: Weis points.
    weis: NDArray[np.int16]
    #: Stöck.
    stoeck: NDArray[np.int16]
    #: ``int16[N]``: the multiplier.
    multiplier: NDArray[np.int16]

    @property
    def points(self) -> NDArray[np.int32]:
        """``int32[N, 2]``: points before the multiplier."""
        return self.cards.astype(np.int32) + self.last_trick + self.match + self.weis + self.stoeck

    @property
    def totals(self) -> NDArray[np.int32]:
        """``int32[N, 2]``: points written (times the multiplier)."""
        return self.points * self.multiplier[:, None]

    def team_scores(self, game: int) -> tuple[schieber.TeamScore, schieber.TeamScore]:
        """Game ``game``'s breakdown as the scalar :class:`jass.schieber.TeamScore` pair."""
        team0, team1 = (
            schieber.TeamScore(
                int(self.cards[game, team]), int(self.last_trick[game, team]), int(self.match[game, team]),
                int(self.weis[game, team]), int(self.stoeck[game, team]), int(self.multiplier[game]),
            )
            for team in (0, 1)
        )
        return team0, team1
