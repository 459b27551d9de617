"""The rules of Schieber as tables for the batched engine: the action ids, and :class:`Config`
(one :class:`jass.schieber.Rules` as arrays: points, multipliers, Weis values by mode).
"""

from __future__ import annotations

import functools
from typing import Any, Final

import attrs
import numpy as np
from numpy.typing import NDArray

from jass import schieber
from jass.batch.cardplay import PlayTables
from jass.cards import Card, CardSet, Rank, Suit
from jass.errors import InvalidRulesError
from jass.teams.rules import StoeckMode
from jass.trump import Trump
from jass.weis import UndenufeOrder, Weis, WeisRules, detect_weis, weis_strength

__all__ = ["NUM_ACTIONS", "NUM_PLAYERS", "FIRST_TRUMP_ACTION", "PUSH", "Config"]


#: Number of action ids: 36 cards, 6 trump modes, push.
NUM_ACTIONS: Final = 43
#: Seats per game.
NUM_PLAYERS: Final = 4
#: The action id of the first trump mode (Eicheln); mode ``t`` is ``FIRST_TRUMP_ACTION + t``.
FIRST_TRUMP_ACTION: Final = 36
#: The action id of pushing.
PUSH: Final = 42
TRICKS: Final = 9
CHOOSE_BITS: Final = 0x3F << FIRST_TRUMP_ACTION
PUSH_BIT: Final = 1 << PUSH
SUIT_BITS: Final = 0x1FF
U64 = np.uint64


def _weis_key(weis: Weis, tiebreak: Any, mode: Trump = Trump.OBENABE, undenufe: Any = UndenufeOrder.NATURAL) -> int:
    """:func:`jass.weis.weis_strength` (points, kind, top, in trump) as one int, in trump 0;
    ``mode`` Undenufe with ``undenufe`` reversed compares Weis in Undenufe's order.

    The trump bit is the lowest, so adding 1 to a sequence's key puts it in the trump suit;
    the seat order is added below it later (times 4)."""
    points, kind, top, in_trump = weis_strength(weis, mode, tiebreak, undenufe)
    return ((points * 16 + kind) * 16 + top) * 2 + in_trump


@attrs.frozen(eq=False)
class Config:
    """The tables one :class:`jass.schieber.Rules` gives the batched engine; shared by every
    state built with those rules (:meth:`of` caches one per rules object)."""

    #: The scalar rules.
    rules: schieber.Rules
    #: The card-play rules (``rules.play``) as tables.
    tables: PlayTables
    #: ``stoeck_masks[trump]``: the trump King and Queen (0 without trump, or without Stöck).
    stoeck_masks: NDArray[np.uint64]
    #: Stöck credited with the round's last card (``StoeckMode.ROUND_END``), not the second of
    #: the two cards.
    stoeck_at_end: bool
    #: Multiplier per mode.
    multipliers: NDArray[np.int16]
    #: Weis of one suit's cards, by the 9-bit mask of the cards held: the points of all
    #: sequences, their number, and the key of the best one (-2: none).
    sequence_points: NDArray[np.int32]
    sequence_count: NDArray[np.int32]
    sequence_key: NDArray[np.int32]
    #: The key of the best sequence in Undenufe (``sequence_key`` unless the rules reverse
    #: Undenufe's order, :class:`~jass.weis.UndenufeOrder`).
    undenufe_sequence_key: NDArray[np.int32]
    #: Four of a kind, by the 9-bit mask of the ranks held four times: the points of the
    #: Weis among them, their number and the key of the best (-2: none); ``quartet_ranks``:
    #: the ranks whose four cards are a Weis.
    quartet_points: NDArray[np.int32]
    quartet_count: NDArray[np.int32]
    quartet_key: NDArray[np.int32]
    #: The key of the best four of a kind in Undenufe (``quartet_key`` unless the rules reverse
    #: Undenufe's order).
    undenufe_quartet_key: NDArray[np.int32]
    quartet_ranks: int

    @staticmethod
    @functools.lru_cache(maxsize=64)
    def of(rules: schieber.Rules) -> Config:
        """The tables of ``rules`` (one object per distinct rules).

        Raises :class:`~jass.errors.InvalidRulesError` for anything but a
        :class:`jass.schieber.Rules`, and for an undertrump policy this engine does not know.
        """
        if not isinstance(rules, schieber.Rules):
            raise InvalidRulesError(f"rules={rules!r}: expected a jass.schieber.Rules")
        queen, king = int(Rank.QUEEN), int(Rank.KING)
        with_stoeck = rules.stoeck is not StoeckMode.OFF
        stoeck = [(1 << (9 * t + queen)) | (1 << (9 * t + king)) if t < 4 and with_stoeck else 0 for t in range(6)]
        # Without Weis (rules.weis None) the tables are those of the default options, never used.
        weis_rules = rules.weis if rules.weis is not None else WeisRules()
        tiebreak = weis_rules.equal_weis_tiebreak
        seq_points = np.zeros(512, dtype=np.int32)
        seq_count = np.zeros(512, dtype=np.int32)
        seq_key = np.full(512, -2, dtype=np.int32)
        undenufe_key = np.full(512, -2, dtype=np.int32)
        order = weis_rules.undenufe_order
        for mask in range(512):  # the cards of one suit (Eicheln; every suit is alike)
            found = detect_weis(CardSet.from_bits(mask), weis_rules)
            seq_points[mask] = sum(w.points for w in found)
            seq_count[mask] = len(found)
            if found:
                seq_key[mask] = max(_weis_key(w, tiebreak) for w in found)
                undenufe_key[mask] = max(_weis_key(w, tiebreak, Trump.UNDENUFE, order) for w in found)
        quartet_ranks = 0
        rank_points = [0] * 9
        rank_key = [-2] * 9
        undenufe_rank_key = [-2] * 9
        for rank in Rank:
            if weis_rules.quartet_points(rank):
                quartet_ranks |= 1 << rank
                weis = Weis.from_cards([Card.of(suit, rank) for suit in Suit], weis_rules)
                rank_points[rank] = weis.points
                rank_key[rank] = _weis_key(weis, tiebreak)
                undenufe_rank_key[rank] = _weis_key(weis, tiebreak, Trump.UNDENUFE, order)
        ranks_of = [[r for r in range(9) if m >> r & 1] for m in range(512)]
        config = Config(
            rules=rules, tables=PlayTables.of(rules.play), stoeck_masks=np.array(stoeck, dtype=np.uint64),
            stoeck_at_end=rules.stoeck is StoeckMode.ROUND_END,
            multipliers=np.array(rules.multipliers, dtype=np.int16),
            sequence_points=seq_points, sequence_count=seq_count, sequence_key=seq_key,
            undenufe_sequence_key=undenufe_key,
            quartet_points=np.array([sum(rank_points[r] for r in rs) for rs in ranks_of], dtype=np.int32),
            quartet_count=np.array([len(rs) for rs in ranks_of], dtype=np.int32),
            quartet_key=np.array([max([rank_key[r] for r in rs], default=-2) for rs in ranks_of], dtype=np.int32),
            undenufe_quartet_key=np.array([max([undenufe_rank_key[r] for r in rs], default=-2) for rs in ranks_of],
                                          dtype=np.int32),
            quartet_ranks=quartet_ranks,
        )
        for field in attrs.fields(Config):
            value = getattr(config, field.name)
            if isinstance(value, np.ndarray):
                value.flags.writeable = False
        return config
