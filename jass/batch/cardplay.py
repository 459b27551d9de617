"""The card play of a round, N games at once: legal cards, tricks, winners and card points for
any number of seats, as :class:`jass.play.CardPlay` plays one.

Every variant's batch module builds on this: :mod:`jass.schieber.batch` uses the tables and
:func:`legal_after`; :mod:`jass.differenzler.batch` and :mod:`jass.pomme.batch` play their
cards with :class:`Play` (per seat: card points, tricks).

The rules are those of :mod:`jass.tricks`, as tables built from :data:`jass.trump.TRICK_KEYS`,
:data:`jass.trump.TRUMP_STRENGTH` and :func:`jass.trump.point_table` for one
:class:`~jass.tricks.PlayRules` and trump Jack value (:class:`PlayTables`). The tables of one
(trump mode, led suit) pair are a *row* of 112 entries starting at ``(trump * 4 + led) * 112``.

>>> import numpy as np
>>> from jass import CardSet, PlayRules, Trump
>>> tables = PlayTables.of(PlayRules())
>>> hands = np.array([[CardSet.parse(h).bits for h in ("H6 HA C7", "CJ H7 D6")]], dtype=np.uint64)
>>> play = start(tables, hands, np.array([Trump.EICHELN]), np.array([0]))
>>> play = play_step(play, np.array([26]))               # HA
>>> [int(c) for c in np.flatnonzero(unpack_bits(play.legal, 36)[0])]   # H7 follows, CJ trumps
[5, 19]
>>> play = play_step(play, np.array([5]))                # the Bauer takes the Ace
>>> play.points.tolist(), int(play.leader[0])
([[0, 31]], 1)
"""

from __future__ import annotations

import functools
from typing import Any, Final

import attrs
import numpy as np
from numpy.typing import NDArray

from jass.batch.core import BITS, popcount, unpack_bits
from jass.errors import IllegalMoveError, InvalidRulesError
from jass.tricks import PlayRules, Undertrump
from jass.trump import DEFAULT_TRUMP_JACK_POINTS, LAST_TRICK_BONUS, TRICK_KEYS, TRUMP_STRENGTH, Trump, point_table

__all__ = [
    "ROW",
    "read_only",
    "read_only_field",
    "PlayTables",
    "legal_after",
    "pick",
    "pick_rows",
    "Play",
    "start",
    "play_step",
]

#: Entries per (trump mode, led suit) row of the :class:`PlayTables`.
ROW: Final = 112
_SUIT_BITS: Final = 0x1FF
_U64 = np.uint64


def read_only(value: Any) -> Any:
    """``value``, made read-only if it is an array (the batch states are frozen: a step makes
    new arrays, never writes into the old ones)."""
    if isinstance(value, np.ndarray):
        value.flags.writeable = False
    return value


@attrs.frozen(eq=False)
class PlayTables:
    """The card-play rules of one :class:`~jass.tricks.PlayRules` and trump Jack value as
    lookup tables (:meth:`of` caches one per distinct pair)."""

    #: The card-play options.
    rules: PlayRules
    #: The trump Jack's card points.
    trump_jack_points: int
    #: ``keys[row + card]``: the card's strength in a trick (:data:`jass.trump.TRICK_KEYS`).
    keys: NDArray[np.int8]
    #: ``allowed[row + best + 2]``: the trumps that may be played to a trick whose best card
    #: has key ``best`` (-2: none yet): all of them, unless undertrumping is restricted, a
    #: plain suit is led and a trump is winning (then those that beat it).
    allowed: NDArray[np.uint64]
    #: ``Undertrump.ALLOWED_IF_VOID``: a hand void in the led suit may play any card (a lower
    #: trump too); the ``allowed`` table then restricts only a hand that follows suit.
    void_undertrumps: bool
    #: ``follow[row]``: the cards that follow the led suit; on a trump lead the trumps less
    #: the Jack if the Bauer exception applies (the Jack alone need not follow).
    follow: NDArray[np.uint64]
    #: ``led_rows[card]``: ``112 * suit`` of the card, to start a row (ids above 35: 0).
    led_rows: NDArray[np.intp]
    #: ``points[trump * 36 + card]``: card points (:func:`jass.trump.point_table`); ids up
    #: to 63 are in range (worth 0).
    points: NDArray[np.int16]
    #: ``trump_masks[trump]``: the trump suit's cards (0 for Obenabe and Undenufe).
    trump_masks: NDArray[np.uint64]

    @staticmethod
    @functools.lru_cache(maxsize=64)
    def of(rules: PlayRules, trump_jack_points: int = DEFAULT_TRUMP_JACK_POINTS) -> PlayTables:
        """The tables of ``rules`` with a trump Jack worth ``trump_jack_points``.

        Raises :class:`~jass.errors.InvalidRulesError` for anything but a
        :class:`~jass.tricks.PlayRules`, and for an undertrump policy this engine does not know.
        """
        if not isinstance(rules, PlayRules):
            raise InvalidRulesError(f"rules={rules!r}: expected a jass.tricks.PlayRules")
        if rules.undertrump in (Undertrump.FORBIDDEN_UNLESS_ONLY_TRUMPS, Undertrump.ALLOWED_IF_VOID):
            restricted = True
        elif rules.undertrump is Undertrump.ALLOWED:
            restricted = False
        else:  # pragma: no cover - a policy added to jass.tricks later must be added here too
            raise InvalidRulesError(f"undertrump={rules.undertrump!r} is not supported by jass.batch")
        trump_masks = [_SUIT_BITS << (9 * t) if t < 4 else 0 for t in range(6)]
        keys = np.full(24 * ROW, -1, dtype=np.int8)
        allowed = np.zeros(24 * ROW, dtype=np.uint64)
        follow = np.zeros(24 * ROW, dtype=np.uint64)
        for t in range(6):
            bauer = 1 << (9 * t + 5) if t < 4 and rules.bauer_exception else 0  # rank 5: the Jack
            for led in range(4):
                row = (t * 4 + led) * ROW
                keys[row : row + 36] = TRICK_KEYS[t][led]
                follow[row] = (_SUIT_BITS << (9 * led)) & ~bauer
                for best in range(-2, 110):
                    mask = trump_masks[t]
                    if restricted and t < 4 and led != t and best >= 100:
                        mask = sum(1 << (9 * t + r) for r in range(9) if TRUMP_STRENGTH[r] > best - 100)
                    allowed[row + best + 2] = mask
        points = np.zeros(6 * 36 + 64, dtype=np.int16)
        points[: 6 * 36] = [p for t in range(6) for p in point_table(Trump(t), trump_jack_points)]
        led_rows = np.zeros(64, dtype=np.intp)
        led_rows[:36] = np.arange(36) // 9 * ROW
        return PlayTables(
            rules=rules, trump_jack_points=trump_jack_points, keys=read_only(keys), allowed=read_only(allowed),
            void_undertrumps=rules.undertrump is Undertrump.ALLOWED_IF_VOID,
            follow=read_only(follow), led_rows=read_only(led_rows), points=read_only(points),
            trump_masks=read_only(np.array(trump_masks, dtype=np.uint64)),
        )


def pick(condition: NDArray[np.bool_], if_true: NDArray[Any], if_false: NDArray[Any]) -> NDArray[Any]:
    """``np.where(condition, if_true, if_false)`` for two integer (or boolean) arrays of one
    dtype, without branches: numpy's ``where`` mispredicts on random conditions and costs
    about three times as much.

    >>> pick(np.array([True, False]), np.array([1, 2]), np.array([3, 4])).tolist()
    [1, 4]
    """
    picked: NDArray[Any] = if_false ^ ((if_true ^ if_false) * condition)
    return picked


_ROW_TYPES: Final = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


def pick_rows(condition: NDArray[np.bool_], if_true: NDArray[Any], if_false: NDArray[Any]) -> NDArray[Any]:
    """:func:`pick` of whole rows (game ``i`` from ``if_true`` where ``condition[i]``) of two
    arrays of one dtype and shape ``[N, ...]``: each row as one unsigned int where it fits
    (numpy broadcasts a condition over a short last axis slowly), else column by column.

    >>> pick_rows(np.array([True, False]), np.ones((2, 3), np.int16), np.zeros((2, 3), np.int16)).tolist()
    [[1, 1, 1], [0, 0, 0]]
    """
    if if_true.ndim == 1:
        return pick(condition, if_true, if_false)
    n = if_true.shape[0]
    a = np.ascontiguousarray(if_true).reshape(n, -1)
    b = np.ascontiguousarray(if_false).reshape(n, -1)
    size = a.shape[1] * a.itemsize
    if size in _ROW_TYPES:
        row_type = _ROW_TYPES[size]
        rows = pick(condition, a.view(row_type).reshape(n), b.view(row_type).reshape(n))
        picked: NDArray[Any] = rows.view(if_true.dtype).reshape(if_true.shape)
        return picked
    out = b.copy()
    for column in range(a.shape[1]):
        out[:, column] = pick(condition, a[:, column], b[:, column])
    whole: NDArray[Any] = out.reshape(if_true.shape)
    return whole


def legal_after(
    tables: PlayTables,
    hand: NDArray[np.uint64],
    row: NDArray[np.intp],
    best: NDArray[np.int8],
    trump_mask: NDArray[np.uint64],
) -> NDArray[np.uint64]:
    """The legal cards of ``hand`` (bit sets) to a trick in progress (at least one card in it):
    ``row`` its table row, ``best`` the key of its winning card, ``trump_mask`` the trump
    suit's cards. :func:`jass.tricks.legal_bits` on arrays, in one formula:

    follow suit if able (on a trump lead: trump, unless the Jack is the only trump, which
    the follow table leaves out), else any card; trumps may always be added, but not under
    a winning trump in a plain-suit trick (the allowed table) unless the hand holds only
    trumps (or, with ``void_undertrumps``, holds no card of the led suit).
    """
    # In place where it can be (the working arrays stay few and in cache):
    follow = tables.follow.take(row)
    follow &= hand
    where = row + best
    where += 2
    allowed = tables.allowed.take(where)
    other = hand & trump_mask  # the trumps in hand ...
    allowed &= other  # ... that may be played
    if tables.void_undertrumps:
        other = hand  # void in the led suit: any card, a lower trump too
    else:
        other ^= hand  # the other cards
    follows = follow != 0
    follow ^= other  # follow if able, else the other cards: pick(follows, follow, other)
    follow *= follows
    follow ^= other
    allowed |= follow  # with the trumps allowed; if that is nothing, any card
    some = follow != 0
    allowed ^= hand
    allowed *= some
    allowed ^= hand
    return allowed


# --- the card play of N games ----------------------------------------------------------


def read_only_field() -> Any:
    """An attrs field of a batch state whose array is made read-only (:func:`read_only`)."""
    return attrs.field(converter=read_only)


@attrs.frozen(eq=False)
class Play:
    """The cards of N rounds in play, S seats each, as :class:`jass.play.CardPlay` holds one:
    read-only arrays, first axis the game. :func:`play_step` returns a new one."""

    #: The rules as tables, shared by all games.
    tables: PlayTables
    #: ``uint64[N, S]``: the cards each seat holds.
    hands: NDArray[np.uint64] = read_only_field()
    #: ``int8[N]``: the trump mode.
    trump: NDArray[np.int8] = read_only_field()
    #: ``uint64[N]``: the trump suit's cards (0 without trump).
    trump_mask: NDArray[np.uint64] = read_only_field()
    #: ``intp[N]``: ``trump * 448`` and ``trump * 36``: where the mode's tables start.
    trump_row: NDArray[np.intp] = read_only_field()
    points_row: NDArray[np.intp] = read_only_field()
    #: ``int8[N]``: cards played so far; ``ncards % S`` are in the trick in progress.
    ncards: NDArray[np.int8] = read_only_field()
    #: ``int8[N]``: the number of cards the round plays (every hand emptied).
    last_card: NDArray[np.int8] = read_only_field()
    #: ``int8[N]``: the seat that leads or led the trick in progress (after the last trick:
    #: the seat that took it).
    leader: NDArray[np.int8] = read_only_field()
    #: ``int8[N]``: the seat to play, -1 once every card is played.
    to_play: NDArray[np.int8] = read_only_field()
    #: ``int8[N, S]``: the cards of the trick in progress in play order (-1: none).
    trick: NDArray[np.int8] = read_only_field()
    #: ``intp[N]``: the table row of the trick in progress.
    row: NDArray[np.intp] = read_only_field()
    #: ``int8[N]``: the key of the card winning the trick in progress (-2: no card yet).
    best: NDArray[np.int8] = read_only_field()
    #: ``int8[N]``: the seat winning the trick in progress.
    winner: NDArray[np.int8] = read_only_field()
    #: ``int16[N]``: the card points in the trick in progress.
    points_in_trick: NDArray[np.int16] = read_only_field()
    #: ``int16[N, S]``: card points each seat has taken, the last trick's 5 included.
    points: NDArray[np.int16] = read_only_field()
    #: ``int8[N, S]``: tricks each seat has taken.
    tricks_won: NDArray[np.int8] = read_only_field()
    #: ``uint64[N]``: the legal cards of the seat to play (0 once done).
    legal: NDArray[np.uint64] = read_only_field()

    @property
    def seats(self) -> int:
        """The number of seats S."""
        return int(self.hands.shape[1])

    @property
    def done(self) -> NDArray[np.bool_]:
        """``bool[N]``: every card has been played."""
        return self.ncards >= self.last_card


def start(
    tables: PlayTables,
    hands: NDArray[np.uint64],
    trump: NDArray[np.integer],
    leader: NDArray[np.integer],
) -> Play:
    """The start of N rounds' card play: ``hands`` (``uint64[N, S]``, equal sizes per game, not
    checked), the trump mode and the seat to lead of each game."""
    n, seats = hands.shape
    mode = np.asarray(trump).astype(np.intp)
    lead = np.asarray(leader).astype(np.int8)
    games = np.arange(n, dtype=np.intp)
    return Play(
        tables=tables,
        hands=hands.astype(np.uint64),
        trump=mode.astype(np.int8),
        trump_mask=tables.trump_masks.take(mode),
        trump_row=mode * (4 * ROW),
        points_row=mode * 36,
        ncards=np.zeros(n, dtype=np.int8),
        last_card=popcount(hands.reshape(-1)).reshape(n, seats).sum(axis=1).astype(np.int8),
        leader=lead,
        to_play=lead,
        trick=np.full((n, seats), -1, dtype=np.int8),
        row=np.zeros(n, dtype=np.intp),
        best=np.full(n, -2, dtype=np.int8),
        winner=lead,
        points_in_trick=np.zeros(n, dtype=np.int16),
        points=np.zeros((n, seats), dtype=np.int16),
        tricks_won=np.zeros((n, seats), dtype=np.int8),
        legal=hands.reshape(-1).take(games * seats + lead),
    )


def play_step(play: Play, cards: NDArray[np.intp], *, check: bool = True) -> Play:
    """Every game plays one card (``cards``: ``int[N]`` card indices) for its seat to play.

    Games whose cards are all played must be left out by the caller (their card is not
    looked at, but nothing marks them). With ``check``, a card that is not legal raises
    :class:`~jass.errors.IllegalMoveError` naming the first such game.
    """
    tables = play.tables
    n, seats = play.hands.shape
    card = np.asarray(cards).astype(np.intp)
    if check:
        bad = ((play.legal >> card.astype(np.uint64)) & _U64(1)) == 0
        if bad.any():
            game = int(np.flatnonzero(bad)[0])
            raise IllegalMoveError(
                f"game {game}: card {int(card[game])} is not legal for seat {int(play.to_play[game])}; "
                f"legal cards: {np.flatnonzero(unpack_bits(play.legal[game:game + 1], 36)[0]).tolist()}"
            )
    base = np.arange(n, dtype=np.intp) * seats
    seat = play.to_play
    bit = BITS.take(card)
    flat = play.hands.reshape(-1).copy()
    held = base + seat
    flat[held] = flat.take(held) & ~bit
    hands = flat.reshape(n, seats)
    position = play.ncards % seats
    first = position == 0
    row = pick(first, play.trump_row + tables.led_rows.take(card), play.row)
    key = tables.keys.take(row + card)
    better = first | (key > play.best)
    best = pick(better, key, play.best)
    winner = pick(better, seat, play.winner)
    worth = tables.points.take(play.points_row + card)
    in_trick = pick(first, worth, play.points_in_trick + worth)
    trick = play.trick.copy()
    trick.reshape(-1)[base + position] = card
    ncards = play.ncards + np.int8(1)
    done = position == seats - 1
    last = done & (ncards == play.last_card)
    changes: dict[str, Any] = {"hands": hands, "ncards": ncards}
    if done.any():
        # The winner takes the trick: its points (and the last trick's 5), one trick.
        taken = (in_trick + last * np.int16(LAST_TRICK_BONUS)) * done
        points = play.points.copy().reshape(-1)
        won = play.tricks_won.copy().reshape(-1)
        at = base + winner
        points[at] += taken
        won[at] += done
        changes.update(points=points.reshape(n, seats), tricks_won=won.reshape(n, seats),
                       leader=pick(done, winner, play.leader))
        trick = pick_rows(done, np.full((n, seats), -1, dtype=np.int8), trick)
        best = pick(done, np.full(n, -2, dtype=np.int8), best)
        in_trick = in_trick * ~done
    next_seat = pick(done, winner, (seat + 1) % seats)
    hand = hands.reshape(-1).take(base + next_seat)
    legal = pick(done, hand, legal_after(tables, hand, row, best, play.trump_mask))
    legal = legal * ~last
    next_seat = pick(last, np.full(n, -1, dtype=np.int8), next_seat)
    changes.update(trick=trick, row=row, best=best, winner=winner, points_in_trick=in_trick, to_play=next_seat,
                   legal=legal)
    return attrs.evolve(play, **changes)
