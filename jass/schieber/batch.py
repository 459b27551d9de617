"""Schieber rounds, N at once on numpy arrays: trump choice with push, the six modes, Weis,
Stöck, match and multipliers, exactly as :mod:`jass.schieber` plays and scores a round.

One game here is **one round**: the deal, the choice of trump (Vorhand, the seat after the
dealer, names a mode or pushes; after a push the partner names one), the 36 cards, and the
round's score as :func:`jass.schieber.score_round` breaks it down. A game to a target
("bedankt, genug", several rounds) is not modelled: the episode ends with the round's last
card.

**Actions** (fixed integer ids, :data:`NUM_ACTIONS` = 43):

==========  ==============================================================================
id          action
==========  ==============================================================================
0 .. 35     play the card of that index (``suit * 9 + rank`` as :class:`jass.cards.Card`;
            ``Card.H10`` is 22)
36 .. 41    choose trump mode ``id - 36`` in :class:`~jass.trump.Trump` order: Eicheln,
            Rosen, Schilten, Schellen, Obenabe, Undenufe (``ChooseTrump``)
42          push (``Push``): leave the choice to the partner
==========  ==============================================================================

**Rules**: a :class:`jass.schieber.Rules`. Used: ``multipliers``, ``match_bonus``,
``allow_push_back``, ``first_dealer`` and ``first_vorhand`` (for :func:`init`), ``play`` (Bauer
exception, undertrumping), ``weis`` (every option, or ``None``: no Weis) and ``auto_declare``:
with it every Weis counts as :class:`~jass.schieber.Rules` ``(auto_declare=True)`` counts them
(the team with the best single Weis scores all of its Weis, credited when the first trick is
complete); without it nobody declares a Weis (there is no declaring action). Stöck count 20,
credited as ``stoeck`` says: when the second of the trump King and Queen is played, with the
round's last card, or never. Not used: ``target_score``, ``rounds``, ``end_mode``,
``claim_by`` and ``counting_order`` (the game beyond the round).

**Rewards**: :attr:`BatchState.rewards` is ``int32[N, 4]``, what each seat's team was written
(multiplier applied) in the last step: trick points when a trick completes, the Weis with
the first trick, Stöck with the second card (or with the last, ``StoeckMode.ROUND_END``), the
last trick and the match with the last card.
Summed over a round they are the round's :attr:`~jass.schieber.RoundScore.totals`.

>>> import numpy as np
>>> from jass import schieber
>>> from jass.schieber import batch
>>> rules = schieber.Rules(auto_declare=True)
>>> state = batch.init([1, 2, 3], rules=rules)        # the deals of new_game(rules, seed=1), ...
>>> state = batch.step(state, [36, 40, 42])           # Eicheln, Obenabe, push
>>> [int(p) for p in state.current_player] == [int(d + 1) % 4 for d in state.dealer[:2]] + [int(state.dealer[2] + 3) % 4]
True
>>> rng = np.random.default_rng(0)
>>> while not state.terminated.all():
...     state = batch.step(state, batch.random_actions(state, rng))
>>> scores = batch.scores(state)
>>> (scores.cards + scores.last_trick).sum(axis=1).tolist()
[157, 157, 157]
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Final, Literal, Union

import attrs
import numpy as np
from numpy.typing import ArrayLike, NDArray

from jass import schieber
from jass.batch.cardplay import ROW, PlayTables, legal_after, pick, pick_rows
from jass.batch.core import (
    BITS,
    Seeds,
    as_seeds,
    deal_from_seeds,
    popcount,
    random_below,
    random_bits,
    random_deals,
    seeded_seats,
    unpack_bits,
)
from jass.cards import Card, CardSet, Rank, Suit
from jass.errors import IllegalMoveError, InvalidCardsError, InvalidRulesError, JassError
from jass.schieber import FirstVorhand
from jass.teams.rules import StoeckMode
from jass.teams.score import team_weis
from jass.trump import LAST_TRICK_BONUS, TRICK_KEYS, Trump, point_table
from jass.weis import STOECK_POINTS, SequenceOrder, Weis, WeisRules, detect_weis, weis_strength


__all__ = [
    "NUM_ACTIONS",
    "NUM_PLAYERS",
    "FIRST_TRUMP_ACTION",
    "PUSH",
    "Config",
    "BatchState",
    "RoundScores",
    "init",
    "from_hands",
    "from_state",
    "from_states",
    "legal_mask",
    "step",
    "random_actions",
    "play_random",
    "scores",
    "totals",
    "hands",
    "rollout",
    "rollout_view",
    "RL_ACTIONS",
    "rl_action_mask",
    "observations",
]

#: Number of action ids: 36 cards, 6 trump modes, push.
NUM_ACTIONS: Final = 43
#: Seats per game.
NUM_PLAYERS: Final = 4
#: The action id of the first trump mode (Eicheln); mode ``t`` is ``FIRST_TRUMP_ACTION + t``.
FIRST_TRUMP_ACTION: Final = 36
#: The action id of pushing.
PUSH: Final = 42

_TRICKS: Final = 9
_CHOOSE_BITS: Final = 0x3F << FIRST_TRUMP_ACTION
_PUSH_BIT: Final = 1 << PUSH
_SUIT_BITS: Final = 0x1FF
_U64 = np.uint64


# --- the rules as tables -------------------------------------------------------------


def _weis_key(weis: Weis, tiebreak: Any, mode: Trump = Trump.OBENABE, sequences: Any = SequenceOrder.NATURAL) -> int:
    """:func:`jass.weis.weis_strength` (points, kind, top, in trump) as one int, in trump 0;
    ``mode`` Undenufe with ``sequences`` reversed compares sequences by their bottom card.

    The trump bit is the lowest, so adding 1 to a sequence's key puts it in the trump suit;
    the seat order is added below it later (times 4)."""
    points, kind, top, in_trump = weis_strength(weis, mode, tiebreak, sequences)
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
    #: Undenufe's sequences, :class:`~jass.weis.SequenceOrder`).
    undenufe_sequence_key: NDArray[np.int32]
    #: Four of a kind, by the 9-bit mask of the ranks held four times: the points of the
    #: Weis among them, their number and the key of the best (-2: none); ``quartet_ranks``:
    #: the ranks whose four cards are a Weis.
    quartet_points: NDArray[np.int32]
    quartet_count: NDArray[np.int32]
    quartet_key: NDArray[np.int32]
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
        order = weis_rules.undenufe_sequences
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
        for rank in Rank:
            if weis_rules.quartet_points(rank):
                quartet_ranks |= 1 << rank
                weis = Weis.from_cards([Card.of(suit, rank) for suit in Suit], weis_rules)
                rank_points[rank] = weis.points
                rank_key[rank] = _weis_key(weis, tiebreak)
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
            quartet_ranks=quartet_ranks,
        )
        for field in attrs.fields(Config):
            value = getattr(config, field.name)
            if isinstance(value, np.ndarray):
                value.flags.writeable = False
        return config


# --- the state -----------------------------------------------------------------------


def _frozen(value: Any) -> Any:
    if isinstance(value, np.ndarray):
        value.flags.writeable = False
    return value


def _field() -> Any:
    return attrs.field(converter=_frozen)


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
    dealer: NDArray[np.int8] = _field()
    #: ``uint64[N, 4]``: each seat's hand as dealt.
    dealt: NDArray[np.uint64] = _field()
    #: ``uint64[N]``: the cards played so far (the trick in progress included).
    played: NDArray[np.uint64] = _field()
    #: ``int8[N]``: the trump mode (:class:`~jass.trump.Trump` value), -1 until chosen.
    trump: NDArray[np.int8] = _field()
    #: ``int8[N]``: how often the choice was pushed (0, 1; 2 with push-back).
    pushed: NDArray[np.int8] = _field()
    #: ``int8[N]``: the seat to act, -1 once the round is over.
    current_player: NDArray[np.int8] = _field()
    #: ``int8[N]``: cards played so far (0..36); ``ncards % 4`` are in the trick in progress.
    ncards: NDArray[np.int8] = _field()
    #: ``int8[N]``: the seat that leads or led the trick in progress; after the last trick,
    #: the seat that took it.
    leader: NDArray[np.int8] = _field()
    #: ``int8[N, 4]``: the cards of the trick in progress in play order (-1: not yet played).
    trick: NDArray[np.int8] = _field()
    #: ``int8[N]``: the strength (:data:`jass.trump.TRICK_KEYS`) of the card winning the trick
    #: in progress, -2 before its first card.
    best: NDArray[np.int8] = _field()
    #: ``int8[N]``: the seat winning the trick in progress.
    winner: NDArray[np.int8] = _field()
    #: ``int16[N]``: the card points in the trick in progress.
    points_in_trick: NDArray[np.int16] = _field()
    #: ``int8[N, 2]``: tricks each team has taken.
    tricks_won: NDArray[np.int8] = _field()
    #: ``int16[N, 2]``: each team's card points so far (before the multiplier; the last
    #: trick's 5 not included).
    card_points: NDArray[np.int16] = _field()
    #: ``int16[N, 4]``: the card points of the tricks each seat has taken (what an observation
    #: shows per seat; :attr:`card_points` per team).
    seat_points: NDArray[np.int16] = _field()
    #: ``int16[N]``: the mode's multiplier, 0 until trump is chosen.
    multiplier: NDArray[np.int16] = _field()
    #: ``int16[N, 6, 2]``: the Weis points each team would score in each mode (the best Weis
    #: depends on the trump suit); all 0 without ``auto_declare``.
    weis_by_mode: NDArray[np.int16] = _field()
    #: ``int16[N, 4]``: each seat's Weis points with ``auto_declare`` (else 0).
    seat_weis: NDArray[np.int16] = _field()
    #: ``uint64[N, 4]``: the cards of each seat's Weis with ``auto_declare`` (else 0).
    weis_cards: NDArray[np.uint64] = _field()
    #: ``int16[N, 2]``: the Weis of the chosen mode, credited when the first trick completes.
    weis_pending: NDArray[np.int16] = _field()
    #: ``uint64[N]``: the Stöck cards not yet played, when one seat holds both (else 0).
    stoeck_left: NDArray[np.uint64] = _field()
    #: ``int8[N]``: the team holding the Stöck (-1: nobody).
    stoeck_team: NDArray[np.int8] = _field()
    #: ``int32[N, 2]``: what the Stöck write to each team when credited (multiplier applied).
    stoeck_gain: NDArray[np.int32] = _field()
    #: ``uint64[N]``: the trump suit's cards (0 before trump is chosen and without trump).
    trump_mask: NDArray[np.uint64] = _field()
    #: ``intp[N]``: ``trump * 448``, the first of the mode's rows of the :class:`Config` tables.
    trump_row: NDArray[np.intp] = _field()
    #: ``intp[N]``: ``(trump * 4 + led suit) * 112``, the table row of the trick in progress.
    row: NDArray[np.intp] = _field()
    #: ``intp[N]``: ``trump * 36``, the mode's part of :attr:`Config.points`.
    points_row: NDArray[np.intp] = _field()
    #: ``uint64[N]``: the legal actions of the seat to act as a bit set (bit *a* = action *a*;
    #: 0 once the round is over). :func:`legal_mask` unpacks it.
    legal: NDArray[np.uint64] = _field()
    #: ``bool[N]``: the round is over (its last card played, or an illegal action with
    #: ``on_illegal="terminate"``).
    terminated: NDArray[np.bool_] = _field()
    #: ``bool[N]``: the round was ended by an illegal action.
    illegal: NDArray[np.bool_] = _field()
    #: ``int32[N, 2]``: the points written to each team in the last step (multiplier applied).
    gain: NDArray[np.int32] = _field()

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
        bonus: NDArray[np.int16] = (self.tricks_won == _TRICKS).astype(np.int16) * np.int16(self.config.rules.match_bonus)
        return bonus

    @property
    def nbytes(self) -> int:
        """Bytes held by the state's arrays (the shared :class:`Config` left out)."""
        return sum(getattr(self, name).nbytes for name in _GAME_FIELDS)


_GAME_FIELDS: Final = tuple(field.name for field in attrs.fields(BatchState) if field.name != "config")
_new_state: Final = object.__new__
_set: Final = object.__setattr__


def _replace(state: BatchState, changes: dict[str, Any]) -> BatchState:
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


# --- building states -----------------------------------------------------------------


def _weis_by_mode(
    config: Config, dealt: NDArray[np.uint64], vorhand: NDArray[np.int8]
) -> tuple[NDArray[np.int16], NDArray[np.int16], NDArray[np.uint64]]:
    """``int16[N, 6, 2]``: each team's Weis points in each mode, as ``auto_declare`` counts them
    (:func:`jass.weis.detect_weis` per hand, :func:`jass.weis.best_weis` across seats); and
    per seat, ``int16[N, 4]`` its Weis points and ``uint64[N, 4]`` the cards of its Weis (what
    an observation shows once they are public)."""
    n = dealt.shape[0]
    hands = dealt.reshape(-1)
    nine = _U64(_SUIT_BITS)
    quartets = hands & (hands >> _U64(9)) & (hands >> _U64(18)) & (hands >> _U64(27)) & _U64(config.quartet_ranks)
    if config.rules.weis is None or config.rules.weis.cross_weis:  # (no Weis: never asked)
        chosen = quartets.astype(np.intp)
        free = hands
    else:
        # Without Kreuzweis no card is in two Weis: of the four-of-a-kind choices (none, the
        # lower, the higher, both; at most two fit in nine cards) keep the one with the most
        # points, then the strongest single Weis, then the most Weis, the first on a tie, as
        # detect_weis does.
        low = quartets & (~quartets + _U64(1))
        high = quartets & ~low
        options = np.stack([np.zeros_like(quartets), low, high, quartets]).astype(np.intp)  # [4, 4N]
        valid = np.stack([np.ones(hands.shape, bool), low != 0, high != 0, (low != 0) & (high != 0)])
        spread = (options | (options << 9) | (options << 18) | (options << 27)).astype(np.uint64)
        free_options = hands[None, :] & ~spread
        option_suits = [((free_options >> _U64(9 * s)) & nine).astype(np.intp) for s in range(4)]
        total = config.quartet_points.take(options) + sum(config.sequence_points.take(m) for m in option_suits)
        count = config.quartet_count.take(options) + sum(config.sequence_count.take(m) for m in option_suits)
        strongest = config.quartet_key.take(options)
        for m in option_suits:
            strongest = np.maximum(strongest, config.sequence_key.take(m))
        # (points, strongest key, count) as one int: the key (at least -2) below 2**23, the count below 64.
        score = np.where(valid, (total.astype(np.int64) << 30) + ((strongest.astype(np.int64) + 2) << 6) + count, -1)
        pick = np.argmax(score, axis=0)
        columns = np.arange(hands.shape[0])
        chosen = options[pick, columns]
        free = free_options[pick, columns]
    suits = [((free >> _U64(9 * s)) & nine).astype(np.intp) for s in range(4)]
    # The cards in Weis: every run of three or more in a suit, and the four-of-a-kind chosen.
    ranks = chosen.astype(np.uint64)
    cards = ranks | (ranks << _U64(9)) | (ranks << _U64(18)) | (ranks << _U64(27))
    for s, mask in enumerate(suits):
        run = mask.astype(np.uint64)
        starts = run & (run >> _U64(1)) & (run >> _U64(2))
        cards = cards | ((starts | (starts << _U64(1)) | (starts << _U64(2))) << _U64(9 * s))
    points = config.quartet_points.take(chosen)
    for mask in suits:
        points = points + config.sequence_points.take(mask)
    points = points.reshape(n, 4)
    suit_keys = [config.sequence_key.take(mask).reshape(n, 4) for mask in suits]
    no_trump_key = config.quartet_key.take(chosen).reshape(n, 4)
    for key in suit_keys:
        no_trump_key = np.maximum(no_trump_key, key)
    # Seats nearer Vorhand win ties: 3 for Vorhand .. 0, below the Weis' own key (the keys of
    # "no Weis" are negative and stay so).
    order = (3 - ((np.arange(4) - vorhand[:, None].astype(np.int32)) & 3)).astype(np.int32)
    team_points = (points[:, 0] + points[:, 2], points[:, 1] + points[:, 3])
    result = np.zeros((n, 6, 2), dtype=np.int16)
    for mode in range(5):
        # A sequence in the trump suit beats an equal one elsewhere: the key's lowest bit.
        key = np.maximum(no_trump_key, suit_keys[mode] + 1) if mode < 4 else no_trump_key
        full = key * 4 + order
        best = (np.maximum(full[:, 0], full[:, 2]), np.maximum(full[:, 1], full[:, 3]))
        result[:, mode, 0] = team_points[0] * ((best[0] > best[1]) & (best[0] >= 0))
        result[:, mode, 1] = team_points[1] * ((best[1] > best[0]) & (best[1] >= 0))
    # Undenufe compares Weis as Obenabe does (no trump suit), with its own sequence keys.
    undenufe_key = config.quartet_key.take(chosen).reshape(n, 4)
    for mask in suits:
        undenufe_key = np.maximum(undenufe_key, config.undenufe_sequence_key.take(mask).reshape(n, 4))
    full = undenufe_key * 4 + order
    best = (np.maximum(full[:, 0], full[:, 2]), np.maximum(full[:, 1], full[:, 3]))
    result[:, 5, 0] = team_points[0] * ((best[0] > best[1]) & (best[0] >= 0))
    result[:, 5, 1] = team_points[1] * ((best[1] > best[0]) & (best[1] >= 0))
    return result, points.astype(np.int16), cards.reshape(n, 4)


def _new_states(config: Config, dealt: NDArray[np.uint64], dealer: NDArray[np.int8]) -> BatchState:
    n = dealt.shape[0]
    vorhand = ((dealer + 1) & 3).astype(np.int8)
    if config.rules.auto_declare and config.rules.weis is not None:
        weis_by_mode, seat_weis, weis_cards = _weis_by_mode(config, dealt, vorhand)
    else:
        weis_by_mode = np.zeros((n, 6, 2), dtype=np.int16)
        seat_weis, weis_cards = np.zeros((n, 4), dtype=np.int16), np.zeros((n, 4), dtype=np.uint64)
    zeros8 = np.zeros(n, dtype=np.int8)
    rows = np.zeros(n, dtype=np.intp)
    return BatchState(
        config=config,
        dealer=dealer.astype(np.int8),
        dealt=dealt.astype(np.uint64),
        played=np.zeros(n, dtype=np.uint64),
        trump=np.full(n, -1, dtype=np.int8),
        pushed=zeros8,
        current_player=vorhand,
        ncards=zeros8,
        leader=vorhand,
        trick=np.full((n, 4), -1, dtype=np.int8),
        best=np.full(n, -2, dtype=np.int8),
        winner=vorhand,
        points_in_trick=np.zeros(n, dtype=np.int16),
        tricks_won=np.zeros((n, 2), dtype=np.int8),
        card_points=np.zeros((n, 2), dtype=np.int16),
        seat_points=np.zeros((n, 4), dtype=np.int16),
        multiplier=np.zeros(n, dtype=np.int16),
        weis_by_mode=weis_by_mode,
        seat_weis=seat_weis,
        weis_cards=weis_cards,
        weis_pending=np.zeros((n, 2), dtype=np.int16),
        stoeck_left=np.zeros(n, dtype=np.uint64),
        stoeck_team=np.full(n, -1, dtype=np.int8),
        stoeck_gain=np.zeros((n, 2), dtype=np.int32),
        trump_mask=np.zeros(n, dtype=np.uint64),
        trump_row=rows,
        row=rows,
        points_row=rows,
        legal=np.full(n, _CHOOSE_BITS | _PUSH_BIT, dtype=np.uint64),
        terminated=np.zeros(n, dtype=np.bool_),
        illegal=np.zeros(n, dtype=np.bool_),
        gain=np.zeros((n, 2), dtype=np.int32),
    )


def _rules(rules: schieber.Rules | None) -> schieber.Rules:
    return schieber.Rules.tournament(1) if rules is None else rules


def init(
    key: Seeds | np.random.Generator,
    n: int | None = None,
    *,
    rules: schieber.Rules | None = None,
) -> BatchState:
    """N new rounds, dealt, Vorhand to choose trump.

    ``key`` is either the games' seeds (a sequence of ints or an integer array; ``n`` is
    then their number): game *i* is then exactly the first round of
    ``schieber.new_game(rules, seed=seeds[i])`` (the deal :func:`jass.cards.deal` and the
    dealer from the seed unless ``rules.first_dealer`` is set, or the seat before the one dealt
    the Rosen 7 with ``rules.first_vorhand=FirstVorhand.ROSEN_7``); or a
    :class:`numpy.random.Generator` and ``n``: ``n`` uniformly random deals and dealers
    (:func:`jass.batch.core.random_deals`, about twice as fast as seeded deals, but not the
    deal of any seed). ``rules`` default to ``schieber.Rules.tournament(1)``.

    >>> state = init([7], rules=schieber.Rules(first_dealer=0))
    >>> int(state.current_player[0]), bool(legal_mask(state)[0, 36:].all())
    (1, True)
    >>> init(np.random.default_rng(1), 5).size
    5
    """
    config = Config.of(_rules(rules))
    first = config.rules.first_dealer
    if isinstance(key, np.random.Generator):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise JassError(f"n={n!r}: expected the number of games (an int >= 0) with a Generator")
        dealt = random_deals(key, n)
        if first is None:
            dealer = random_below(np.full(n, NUM_PLAYERS, dtype=np.uint64), key).astype(np.int8)
        else:
            dealer = np.full(n, first, dtype=np.int8)
        return _new_states(config, dealt, _rosen_7_dealers(config, dealt, dealer))
    seeds = as_seeds(key)
    if n is not None and n != seeds.shape[0]:
        raise JassError(f"n={n!r} but {seeds.shape[0]} seeds given")
    dealt = deal_from_seeds(seeds)
    if first is None:
        dealer = seeded_seats(seeds, NUM_PLAYERS)
    else:
        dealer = np.full(seeds.shape[0], first, dtype=np.int8)
    return _new_states(config, dealt, _rosen_7_dealers(config, dealt, dealer))


def _rosen_7_dealers(config: Config, dealt: NDArray[np.uint64], dealer: NDArray[np.int8]) -> NDArray[np.int8]:
    """``dealer``, or with ``FirstVorhand.ROSEN_7`` the seat before the one dealt the Rosen 7."""
    if config.rules.first_vorhand is not FirstVorhand.ROSEN_7:
        return dealer
    holder = np.argmax((dealt & _U64(Card.S7.bit)) != 0, axis=1)
    result: NDArray[np.int8] = ((holder + 3) & 3).astype(np.int8)
    return result


def from_hands(
    hands: ArrayLike,
    dealer: ArrayLike = 3,
    *,
    rules: schieber.Rules | None = None,
) -> BatchState:
    """N new rounds from given deals: ``hands`` is ``[N, 4]`` card bit sets (Python ints or
    ``uint64``; a ``[4]`` row is one game), ``dealer`` one seat or one per game.

    Raises :class:`~jass.errors.InvalidCardsError` unless every game deals each of the 36
    cards once, 9 to each seat.

    >>> from jass.cards import deal
    >>> state = from_hands([[hand.bits for hand in deal(1)]], dealer=2)
    >>> int(state.current_player[0])
    3
    """
    config = Config.of(_rules(rules))
    array = np.asarray(hands, dtype=np.uint64)  # Python ints above 2**63 need uint64
    if array.ndim == 1:
        array = array[None, :]
    if array.ndim != 2 or array.shape[1] != 4:
        raise InvalidCardsError(f"hands: expected [N, 4] card bit sets, got shape {array.shape}")
    full = _U64((1 << 36) - 1)
    counts = popcount(array.reshape(-1)).reshape(-1, 4)
    bad = (np.bitwise_or.reduce(array, axis=1) != full) | (counts != 9).any(axis=1)
    if bad.any():
        game = int(np.flatnonzero(bad)[0])
        raise InvalidCardsError(
            f"game {game}: expected 4 hands of 9 cards holding each card once, got "
            f"{[str(CardSet.from_bits(int(h) & ((1 << 64) - 1))) for h in array[game]]}"
        )
    seats = np.broadcast_to(np.asarray(dealer), (array.shape[0],))
    if seats.dtype.kind not in "iu" or ((seats < 0) | (seats > 3)).any():
        raise InvalidCardsError(f"dealer={dealer!r}: expected seats 0..3")
    return _new_states(config, array, seats.astype(np.int8))


def from_state(state: schieber.State, copies: int = 1) -> BatchState:
    """``copies`` games, each a copy of the round of a scalar :class:`jass.schieber.State` in
    phase ``CHOOSE_TRUMP`` or ``PLAY`` (for rollouts: play the copies on with random moves).

    Weis declared in the scalar state count as declared; with ``auto_declare`` every Weis
    does. Seats that have not declared by now declare nothing (the batch has no declaring
    action). Raises :class:`~jass.errors.JassError` for another phase.

    >>> state = schieber.apply(schieber.new_game(seed=4), schieber.ChooseTrump(Trump.ROSEN))
    >>> copies = from_state(state, 3)
    >>> copies.size, [int(t) for t in copies.trump]
    (3, [1, 1, 1])
    """
    if isinstance(copies, bool) or not isinstance(copies, int) or copies < 0:
        raise JassError(f"copies={copies!r}: expected an int >= 0")
    if not isinstance(state, schieber.State):
        raise JassError(f"{state!r:.80} is not a jass.schieber.State")
    return from_states([state] * copies, rules=state.rules)


def from_states(states: Sequence[schieber.State], *, rules: schieber.Rules | None = None) -> BatchState:
    """One game per scalar :class:`jass.schieber.State` (each in phase ``CHOOSE_TRUMP`` or
    ``PLAY``, all under the same rules): for example the states a search bot's view could
    come from (:func:`jass.schieber.determinize`), to play them all out at once
    (:func:`rollout_view`). As in :func:`from_state`, Weis declared count as declared.

    >>> import random
    >>> view = schieber.observe(schieber.apply(schieber.new_game(seed=4), schieber.ChooseTrump("S")), 2)
    >>> states = [schieber.determinize(view, random.Random(k)) for k in range(5)]
    >>> batch = from_states(states)
    >>> batch.size, [int(h) for h in batch.dealt[:, 2]] == [view.hand.bits] * 5
    (5, True)
    """
    states = list(states)
    for state in states:
        if not isinstance(state, schieber.State):
            raise JassError(f"{state!r:.80} is not a jass.schieber.State")
        if state.phase not in (schieber.Phase.CHOOSE_TRUMP, schieber.Phase.PLAY):
            raise JassError(f"no round in play to copy in phase {state.phase.value}")
    if rules is None:
        if not states:
            raise JassError("from_states: no states, and no rules to make an empty batch of")
        rules = states[0].rules
    if any(state.rules != rules for state in states):
        raise JassError("from_states: every state must have the same rules (one batch shares its tables)")
    config = Config.of(rules)
    n = len(states)
    dealt = np.array([[hand.bits for hand in state.dealt] for state in states], dtype=np.uint64).reshape(n, 4)
    base = _new_states(config, dealt, np.array([state.dealer for state in states], dtype=np.int8))
    rows = [_fields_of(state, config, base.weis_by_mode[i]) for i, state in enumerate(states)]
    fields: dict[str, Any] = {}
    for name in sorted({name for row in rows for name in row}):
        # A game still choosing trump keeps the new round's value of a card-play field.
        column = getattr(base, name)
        fields[name] = np.array([row.get(name, column[i]) for i, row in enumerate(rows)], dtype=column.dtype)
    return attrs.evolve(base, **fields)


def _fields_of(state: schieber.State, config: Config, weis_by_mode: NDArray[np.int16]) -> dict[str, Any]:
    """The batch fields of one scalar state that differ from a new round's."""
    fields: dict[str, Any] = {}
    seat = schieber.to_act(state)
    assert seat is not None
    fields["pushed"] = state.pushed
    fields["current_player"] = seat
    if state.phase is schieber.Phase.CHOOSE_TRUMP:
        may_push = state.pushed == 0 or (state.pushed == 1 and state.rules.allow_push_back)
        fields["legal"] = _CHOOSE_BITS | (_PUSH_BIT if may_push else 0)
        return fields
    play = state.play
    assert play is not None and state.trump is not None
    trump = int(state.trump)
    held = 0
    dealt_bits = 0
    for hand_seat, hand in enumerate(state.dealt):
        held |= play.hand(hand_seat).bits
        dealt_bits |= hand.bits
    played = dealt_bits & ~held
    trick = [card.index for card in play.trick]
    fields["played"] = played
    fields["trump"] = trump
    fields["ncards"] = 4 * len(play.tricks) + len(trick)
    fields["leader"] = play.leader
    fields["trick"] = trick + [-1] * (4 - len(trick))
    keys = TRICK_KEYS[trump][trick[0] // 9] if trick else ()
    best, winner = -2, play.leader
    for position, card in enumerate(trick):
        if keys[card] > best:
            best, winner = keys[card], (play.leader + position) % 4
    fields["best"] = best
    fields["winner"] = winner
    fields["points_in_trick"] = sum(point_table(Trump(trump))[card] for card in trick)
    won = [0, 0]
    cards = [0, 0]
    seat_points = [0, 0, 0, 0]
    for done in play.tricks:
        won[done.winner % 2] += 1
        cards[done.winner % 2] += done.points
        seat_points[done.winner] += done.points
    fields["tricks_won"] = won
    fields["card_points"] = cards
    fields["seat_points"] = seat_points
    multiplier = state.rules.multiplier(Trump(trump))
    fields["multiplier"] = multiplier
    # The Weis the first trick credits (or has credited).
    weis_rules = state.rules.weis
    if state.rules.auto_declare or weis_rules is None:
        pending = weis_by_mode[trump].tolist()
    else:
        hands = tuple(hand.bits for hand in state.dealt)
        pending = list(team_weis(hands, state.declared, weis_rules, False, state.vorhand, Trump(trump)))
    fields["weis_pending"] = pending
    stoeck_mask = int(config.stoeck_masks[trump])
    holders = [s for s, hand in enumerate(state.dealt) if stoeck_mask and hand.bits & stoeck_mask == stoeck_mask]
    fields["stoeck_left"] = stoeck_mask & ~played if holders else 0
    fields["stoeck_team"] = holders[0] % 2 if holders else -1
    fields["stoeck_gain"] = [STOECK_POINTS * multiplier * (holders[0] % 2 == team) if holders else 0 for team in (0, 1)]
    fields["trump_mask"] = int(config.tables.trump_masks[trump])
    fields["trump_row"] = trump * 4 * ROW
    fields["row"] = (trump * 4 + trick[0] // 9) * ROW if trick else 0
    fields["points_row"] = trump * 36
    fields["legal"] = play.legal_bits
    return fields


# --- the rules of a step -------------------------------------------------------------


def legal_mask(state: BatchState) -> NDArray[np.bool_]:
    """``bool[N, 43]``: the legal actions of the seat to act in each game (none once over).

    >>> mask = legal_mask(init([1, 2]))
    >>> mask.shape, bool(mask[:, 36:].all()), bool(mask[:, :36].any())
    ((2, 43), True, False)
    """
    return unpack_bits(state.legal, NUM_ACTIONS)


@functools.lru_cache(maxsize=16)
def _indices(n: int) -> tuple[NDArray[np.intp], NDArray[np.int32]]:
    """For N games: ``4 * arange(N)`` (the first seat of each game in a flattened
    ``[N, 4]``) and a read-only zero gain ``int32[N, 2]``."""
    seats = np.arange(n, dtype=np.intp) * 4
    zeros = np.zeros((n, 2), dtype=np.int32)
    seats.flags.writeable = False
    zeros.flags.writeable = False
    return seats, zeros


def _choose(state: BatchState, action: NDArray[np.intp]) -> dict[str, Any]:
    """Trump-choice steps (every game of ``state`` is choosing)."""
    config = state.config
    n = action.shape[0]
    seats, no_gain = _indices(n)
    push = action == PUSH
    chosen = ~push
    mode = (action - FIRST_TRUMP_ACTION) * chosen
    vorhand = state.vorhand
    pushed = state.pushed + push
    chooser = (vorhand + 2 * (pushed & 1)) & 3
    may_push = (pushed == 0) | ((pushed == 1) & config.rules.allow_push_back)
    multiplier = config.multipliers.take(mode) * chosen
    # Stöck: the seat holding the trump King and Queen, if one does.
    stoeck = config.stoeck_masks.take(mode) * chosen
    held = [(state.dealt[:, s] & stoeck) == stoeck for s in range(4)]
    to1 = (held[1] | held[3]) & (stoeck != 0)
    to0 = (held[0] | held[2]) & (stoeck != 0)
    written = multiplier.astype(np.int32) * STOECK_POINTS
    stoeck_gain = np.empty((n, 2), dtype=np.int32)
    stoeck_gain[:, 0] = written * to0
    stoeck_gain[:, 1] = written * to1
    flat = state.weis_by_mode.reshape(-1)
    where = np.arange(n, dtype=np.intp) * 12 + mode * 2
    weis = np.empty((n, 2), dtype=np.int16)
    weis[:, 0] = flat.take(where) * chosen
    weis[:, 1] = flat.take(where + 1) * chosen
    choose_legal = _U64(_CHOOSE_BITS) | (_U64(_PUSH_BIT) * may_push)
    return {
        "trump": pick(chosen, mode.astype(np.int8), np.full(n, -1, dtype=np.int8)),
        "pushed": pushed,
        "current_player": pick(push, chooser, vorhand),
        "multiplier": multiplier,
        "weis_pending": weis,
        "stoeck_left": stoeck * (to0 | to1),
        "stoeck_team": pick(to0 | to1, to1.astype(np.int8), np.full(n, -1, dtype=np.int8)),
        "stoeck_gain": stoeck_gain,
        "trump_mask": config.tables.trump_masks.take(mode) * chosen,
        "trump_row": mode * (4 * ROW) * chosen,
        "points_row": mode * 36 * chosen,
        "legal": pick(push, choose_legal, state.dealt.take(seats + vorhand)),
        "gain": no_gain,
    }


def _play(state: BatchState, action: NDArray[np.intp]) -> dict[str, Any]:
    """Card steps (every game of ``state`` is in its card play).

    When every game is at the same card of its trick (the usual case: games stepped together
    from the start), whole columns are written and no per-game selection is needed."""
    config = state.config
    n = action.shape[0]
    seats, no_gain = _indices(n)
    ncards = state.ncards
    low = int(ncards.min())
    uniform = low == int(ncards.max())
    seat = state.current_player
    bit = BITS.take(action)
    played = state.played | bit
    points = config.tables.points.take(state.points_row + action)
    trick = state.trick.copy()
    done: NDArray[np.bool_] | None = None
    if uniform:
        position = low & 3
        if position == 0:  # a new trick: its row of tables from the led suit
            row = state.trump_row + config.tables.led_rows.take(action)
            best = config.tables.keys.take(row + action)
            winner, in_trick = seat, points
        else:
            row = state.row
            key = config.tables.keys.take(row + action)
            winner = pick(key > state.best, seat, state.winner)
            best = np.maximum(key, state.best)
            in_trick = state.points_in_trick + points
        trick[:, position] = action
        all_done = any_done = position == 3
    else:
        positions = ncards & 3
        first = positions == 0
        row = pick(first, state.trump_row + config.tables.led_rows.take(action), state.row)
        key = config.tables.keys.take(row + action)
        better = first | (key > state.best)
        best = pick(better, key, state.best)
        winner = pick(better, seat, state.winner)
        in_trick = pick(first, points, state.points_in_trick + points)
        trick.reshape(-1)[seats + positions] = action
        done = positions == 3
        any_done = bool(done.any())
        all_done = any_done and bool(done.all())
    ncards = ncards + np.int8(1)
    new: dict[str, Any] = {"played": played, "ncards": ncards}
    gain = no_gain
    # Stöck: credited when the holder plays the second of the two, the only one left then (or
    # with the round's last card); stoeck_gain is 0 for a round without Stöck.
    left = state.stoeck_left
    credited = (ncards == 36) if config.stoeck_at_end else left == bit
    new["stoeck_left"] = left & ~bit
    if credited.any():
        gain = pick_rows(credited, state.stoeck_gain, no_gain)
    over: NDArray[np.bool_] | None = None
    if any_done:
        credit = np.zeros((n, 2), dtype=np.int32)
        if all_done:
            over = _complete_all(state, new, credit, low >> 2, winner, in_trick)
            trick = np.full((n, 4), -1, dtype=np.int8)
            best = np.full(n, -2, dtype=np.int8)
            in_trick = np.zeros(n, dtype=np.int16)
            next_seat = winner
        else:
            assert done is not None
            over = _complete_some(state, new, credit, done, ncards, winner, in_trick)
            trick = pick_rows(done, np.full((n, 4), -1, dtype=np.int8), trick)
            best = pick(done, np.full(n, -2, dtype=np.int8), best)
            in_trick = in_trick * ~done
            next_seat = pick(done, winner, (seat + 1) & 3)
        credit[:, 0] *= state.multiplier
        credit[:, 1] *= state.multiplier
        gain = credit if gain is no_gain else gain + credit
    else:
        next_seat = (seat + 1) & 3
    hand = state.dealt.take(seats + next_seat) & ~played
    if all_done:
        legal = hand  # a new trick: any card
    else:
        legal = legal_after(config.tables, hand, row, best, state.trump_mask)
        if done is not None and any_done:
            legal = pick(done, hand, legal)
    if over is not None:
        legal = legal * ~over
        next_seat = pick(over, np.full(n, -1, dtype=np.int8), next_seat)
    new.update(
        trick=trick, row=row, best=best, winner=winner, points_in_trick=in_trick,
        current_player=next_seat, legal=legal, gain=gain,
    )
    return new


def _complete_all(
    state: BatchState, new: dict[str, Any], gain: NDArray[np.int32], number: int,
    winner: NDArray[np.int8], taken: NDArray[np.int16],
) -> NDArray[np.bool_] | None:
    """Every game completes trick ``number``: credit its points to the winner's team in
    ``new`` and ``gain`` (before the multiplier), with the Weis after the first trick and the
    last trick and the match after the last. The games now over."""
    team1 = (winner & 1).astype(np.bool_)
    won = state.tricks_won.copy()
    won[:, 0] += ~team1
    won[:, 1] += team1
    cards = state.card_points.copy()
    taken1 = taken * team1
    cards[:, 0] += taken - taken1
    cards[:, 1] += taken1
    gain[:, 0] += taken - taken1
    gain[:, 1] += taken1
    seats = state.seat_points.copy()
    seats[np.arange(winner.shape[0]), winner] += taken
    new.update(tricks_won=won, card_points=cards, seat_points=seats, leader=winner)
    if number == 0:
        gain += state.weis_pending
    if number < _TRICKS - 1:
        return None
    bonus = state.config.rules.match_bonus
    gain[:, 0] += (won[:, 0] == _TRICKS) * bonus + ~team1 * LAST_TRICK_BONUS
    gain[:, 1] += (won[:, 1] == _TRICKS) * bonus + team1 * LAST_TRICK_BONUS
    over = np.ones(winner.shape[0], dtype=np.bool_)
    new["terminated"] = over
    return over


def _complete_some(
    state: BatchState, new: dict[str, Any], gain: NDArray[np.int32], done: NDArray[np.bool_],
    ncards: NDArray[np.int8], winner: NDArray[np.int8], in_trick: NDArray[np.int16],
) -> NDArray[np.bool_] | None:
    """:func:`_complete_all` for the games ``done`` only (games at different cards): the same
    credits, each multiplied by ``done``."""
    team1 = (winner & 1).astype(np.bool_)
    won1 = done & team1
    won0 = done ^ won1
    won = state.tricks_won.copy()
    won[:, 0] += won0
    won[:, 1] += won1
    taken0 = in_trick * won0
    taken1 = in_trick * won1
    cards = state.card_points.copy()
    cards[:, 0] += taken0
    cards[:, 1] += taken1
    gain[:, 0] += taken0
    gain[:, 1] += taken1
    seats = state.seat_points.copy()
    seats[np.arange(winner.shape[0]), winner] += in_trick * done
    new.update(tricks_won=won, card_points=cards, seat_points=seats, leader=pick(done, winner, state.leader))
    first = done & (ncards == 4)
    if first.any():
        gain[:, 0] += state.weis_pending[:, 0] * first
        gain[:, 1] += state.weis_pending[:, 1] * first
    last = done & (ncards == 36)
    if not last.any():
        return None
    bonus = state.config.rules.match_bonus
    gain[:, 0] += ((won[:, 0] == _TRICKS) * bonus + won0 * LAST_TRICK_BONUS) * last
    gain[:, 1] += ((won[:, 1] == _TRICKS) * bonus + won1 * LAST_TRICK_BONUS) * last
    over: NDArray[np.bool_] = state.terminated | last
    new["terminated"] = over
    return over


OnIllegal = Literal["raise", "terminate"]


def step(
    state: BatchState,
    actions: ArrayLike,
    *,
    on_illegal: OnIllegal = "raise",
    penalty: int = 157,
) -> BatchState:
    """The games after one action each (``actions``: ``int[N]``, ids as in the module's table).

    Games already over ignore their action (any value) and get zero rewards. An action that
    is not legal raises :class:`~jass.errors.IllegalMoveError` naming the first such game
    (``on_illegal="raise"``, the default; nothing changes), or ends that game at once
    (``"terminate"``): its ``illegal`` flag is set, and the offending seat's team is written
    ``-penalty`` points in the step's rewards.

    >>> state = step(init([5]), [PUSH])
    >>> bool(legal_mask(state)[0, PUSH]), int(state.pushed[0])
    (False, 1)
    """
    action = np.asarray(actions)
    n = state.size
    if action.shape != (n,) or (n and action.dtype.kind not in "iu"):
        raise IllegalMoveError(f"actions: expected {n} integer action ids, got {action.dtype} of shape {action.shape}")
    if n == 0:
        return state
    if action.dtype != np.intp:
        action = action.astype(np.intp)
    # Negative ids wrap to huge shifts, which give 0: not legal.
    illegal = ((state.legal >> action.astype(np.uint64)) & _U64(1)) == 0
    over = state.terminated
    any_over = bool(over.any())
    if any_over:
        illegal &= ~over
    any_illegal = bool(illegal.any())
    if any_illegal:
        game = int(np.flatnonzero(illegal)[0])
        if on_illegal == "raise":
            legal = np.flatnonzero(unpack_bits(state.legal[game : game + 1], NUM_ACTIONS)[0]).tolist()
            raise IllegalMoveError(
                f"game {game}: action {int(action[game])} is not legal for seat {int(state.current_player[game])}; "
                f"legal actions: {legal}"
            )
        if on_illegal != "terminate":
            raise JassError(f"on_illegal={on_illegal!r}: expected 'raise' or 'terminate'")
        team1 = (state.current_player & 1).astype(np.bool_)
        gain = np.zeros((n, 2), dtype=np.int32)
        gain[:, 0] = -penalty * (illegal & ~team1)
        gain[:, 1] = -penalty * (illegal & team1)
        state = _replace(state, {
            "terminated": over | illegal,
            "illegal": state.illegal | illegal,
            "current_player": pick(illegal, np.full(n, -1, dtype=np.int8), state.current_player),
            "legal": state.legal * ~illegal,
            "gain": gain,
        })
        over = state.terminated
        any_over = True
    choosing = state.trump < 0
    if not any_over:
        if not choosing.any():
            return _replace(state, _play(state, action))
        if choosing.all():
            return _replace(state, _choose(state, action))
    # Games in different phases (or some over): each phase's step runs on every game, its
    # results are kept for its own games (the others get in-range stand-in actions).
    changes: dict[str, Any] = {"gain": state.gain if any_illegal else np.zeros((n, 2), dtype=np.int32)}
    for group, run, stand_in in (
        (choosing & ~over, _choose, FIRST_TRUMP_ACTION),
        (~choosing & ~over, _play, 0),
    ):
        if group.any():
            for name, value in run(state, pick(group, action, np.full(n, stand_in, dtype=np.intp))).items():
                changes[name] = pick_rows(group, value, changes.get(name, getattr(state, name)))
    return _replace(state, changes)


def random_actions(state: BatchState, rng: np.random.Generator, *, push: bool = True) -> NDArray[np.int64]:
    """A uniformly random legal action for each game (-1 for a game that is over): the choice
    of ``moves[int(random() * len(moves))]`` in the scalar benchmarks, made for all games at
    once. ``push=False`` never pushes (a random mode, as :func:`jass.schieber.rollout`
    chooses).

    >>> actions = random_actions(init([1, 2, 3]), np.random.default_rng(0), push=False)
    >>> bool(((actions >= 36) & (actions <= 41)).all())
    True
    """
    legal = state.legal if push else state.legal & _U64(~_PUSH_BIT & ((1 << 64) - 1))
    return random_bits(legal, rng)


def play_random(state: BatchState, rng: np.random.Generator, *, push: bool = True) -> BatchState:
    """Every game played to its end with :func:`random_actions`.

    >>> final = play_random(init([1, 2]), np.random.default_rng(3))
    >>> bool(final.terminated.all())
    True
    """
    while not state.terminated.all():
        state = step(state, random_actions(state, rng, push=push))
    return state


def scores(state: BatchState) -> RoundScores:
    """The score breakdown of every game (of a round in play: what it has credited so far),
    as :func:`jass.schieber.score_round` gives it."""
    return RoundScores(
        trump=state.trump, cards=state.card_points, last_trick=state.last_trick, match=state.match,
        weis=state.weis, stoeck=state.stoeck, multiplier=state.multiplier,
    )


def totals(state: BatchState) -> NDArray[np.int32]:
    """``int32[N, 2]``: the points written to each team so far (multiplier applied): the sum of
    every step's rewards, as :func:`jass.schieber.totals` counts them within the round."""
    return scores(state).totals


def hands(state: BatchState) -> NDArray[np.uint64]:
    """``uint64[N, 4]``: the cards each seat still holds."""
    return state.dealt & ~state.played[:, None]


Position = Union[schieber.State, Sequence[int], NDArray[np.uint64]]


def rollout(
    position: Position,
    copies: int,
    rng: np.random.Generator,
    *,
    trump: Trump | int | None = None,
    dealer: int = 3,
    rules: schieber.Rules | None = None,
) -> RoundScores:
    """Play one position out ``copies`` times with random legal cards; each copy's round score.

    ``position`` is a :class:`jass.schieber.State` in phase ``PLAY`` or ``CHOOSE_TRUMP``
    (:func:`from_state`), or four hands as card bit sets, a new round dealt by ``dealer``
    (:func:`from_hands`). Before trump is chosen, ``trump`` names the mode of every copy;
    without it each copy draws a random mode (no push), as
    :func:`jass.schieber.rollout` does. The result's totals are the written points.

    >>> from jass.cards import deal
    >>> result = rollout([hand.bits for hand in deal(9)], 1000, np.random.default_rng(1), trump=Trump.OBENABE)
    >>> result.totals.shape, bool(((result.cards + result.last_trick).sum(axis=1) == 157).all())
    ((1000, 2), True)
    """
    if isinstance(position, schieber.State):
        if rules is not None:
            raise JassError("rules come from the state: leave rules=None with a schieber.State")
        state = from_state(position, copies)
    else:
        row = np.asarray(position, dtype=np.uint64)
        if row.shape != (4,):
            raise InvalidCardsError(f"position: expected a schieber.State or 4 card bit sets, got shape {row.shape}")
        state = from_hands(np.broadcast_to(row, (copies, 4)), dealer, rules=rules)
    if trump is not None and copies and (state.trump < 0).any():
        state = step(state, np.full(copies, FIRST_TRUMP_ACTION + int(Trump(trump))))
    return scores(play_random(state, rng, push=False))


def rollout_view(
    view: schieber.Observation,
    copies: int,
    rng: np.random.Generator,
    *,
    action: int | None = None,
) -> RoundScores:
    """From one seat's observation: ``copies`` states it could come from (the hidden hands
    drawn by :func:`jass.schieber.determinize`, uniformly among those consistent with
    everything the seat has seen), each played out at random in one batch; their round
    scores. With ``action``, the seat first takes that action id in every copy (the search
    of a Monte Carlo bot: one call per candidate move). Seats that have not declared Weis
    by now declare none, as in :func:`from_state`.

    >>> view = schieber.observe(schieber.apply(schieber.new_game(seed=4), schieber.ChooseTrump("S")), 2)
    >>> result = rollout_view(view, 200, np.random.default_rng(3))
    >>> result.totals.shape, bool(((result.cards + result.last_trick).sum(axis=1) == 157).all())
    ((200, 2), True)
    """
    import random

    if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
        raise JassError(f"copies={copies!r}: expected an int >= 1")
    draws = random.Random(int(rng.integers(0, 2**63)))
    sampler = schieber.hand_sampler(view)
    batch = from_states([schieber.determinize(view, draws, sampler) for _ in range(copies)], rules=view.rules)
    if action is not None:
        batch = step(batch, np.full(copies, action))
    return scores(play_random(batch, rng, push=False))


# --- learning agents: the scalar encoding, for N games at once --------------------------------------

#: The scalar encoding's number of action ids (:mod:`jass.variant.encoding`): the batch's 43, then
#: "bedankt, genug", the deal and the declaration of every Weis, which a batch round never offers.
RL_ACTIONS: Final = 46


def rl_action_mask(state: BatchState) -> NDArray[np.bool_]:
    """``bool[N, 46]``: the legal actions in the ids of the scalar encoding (Schieber's
    :class:`~jass.variant.encoding.Encoding`): :func:`legal_mask` and three columns a batch round never
    sets. (Without ``auto_declare`` the scalar game also offers id 45, declaring every Weis,
    before a seat's first card; in a batch round nobody declares.)"""
    mask = np.zeros((state.size, RL_ACTIONS), dtype=np.bool_)
    mask[:, :NUM_ACTIONS] = legal_mask(state)
    return mask


def _relative(values: NDArray[Any], seat: NDArray[np.intp]) -> NDArray[Any]:
    """``values[N, 4]`` per absolute seat, as ``[N, 4]`` from each game's ``seat`` on."""
    order = (seat[:, None] + np.arange(4)[None, :]) & 3
    taken: NDArray[Any] = np.take_along_axis(values, order, axis=1)
    return taken


def _one_hot(index: NDArray[np.intp], length: int, valid: NDArray[np.bool_] | None = None) -> NDArray[np.float32]:
    out = np.zeros((index.shape[0], length), dtype=np.float32)
    rows = np.arange(index.shape[0])
    ok = np.ones(index.shape[0], dtype=np.bool_) if valid is None else valid
    out[rows[ok], index[ok]] = 1.0
    return out


def _cards(bits: NDArray[np.uint64]) -> NDArray[np.float32]:
    """``float32[..., 36]``: 1.0 for each card of each bit set."""
    flat = unpack_bits(bits.reshape(-1), 36).astype(np.float32)
    return flat.reshape(bits.shape + (36,))


def observations(state: BatchState, seat: ArrayLike | None = None) -> NDArray[np.float32]:
    """``float32[N, 515]``: each game's observation of ``seat`` (one seat, or one per game; by
    default the seat to act) as the vector of Schieber's scalar encoding: the same numbers, in
    the same layout, as :func:`jass.rl.observation_vector` gives for the same round (in a game
    of one round with scores 0). A finished round shows phase ``ROUND_OVER``.

    >>> from jass.rl import observation_vector
    >>> rules = schieber.Rules.tournament(1)
    >>> scalar = schieber.apply(schieber.new_game(rules, seed=5), schieber.ChooseTrump("H"))
    >>> batch = from_state(scalar)
    >>> observations(batch)[0].tolist() == observation_vector("schieber", scalar, schieber.to_act(scalar))
    True
    """
    n = state.size
    seats = np.broadcast_to(
        np.asarray(state.current_player & 3 if seat is None else seat, dtype=np.intp), (n,)
    ).astype(np.intp)
    rows = np.arange(n)
    played = state.played
    held = state.dealt & ~played[:, None]
    in_trick = state.trick >= 0
    trick_bits = np.zeros(n, dtype=np.uint64)
    for position in range(4):
        card = state.trick[:, position]
        trick_bits |= np.where(card >= 0, _U64(1) << card.clip(0).astype(np.uint64), _U64(0))
    parts: list[NDArray[np.float32]] = [_cards(held[rows, seats])]
    # The trick in progress per relative seat.
    trick = np.zeros((n, 4, 36), dtype=np.float32)
    for position in range(4):
        card = state.trick[:, position]
        ok = card >= 0
        relative = (state.leader.astype(np.intp) + position - seats) & 3
        trick[rows[ok], relative[ok], card[ok]] = 1.0
    parts.append(trick.reshape(n, -1))
    taken = state.dealt & (played & ~trick_bits)[:, None]
    parts.append(_cards(_relative(taken, seats)).reshape(n, -1))
    trump = state.trump.astype(np.intp)
    parts.append(_one_hot(np.where(trump >= 0, trump, 6), 7))
    leading = in_trick[:, 0]
    parts.append(_one_hot((state.leader.astype(np.intp) - seats) & 3, 4, leading))
    parts.append(_relative(popcount(held.reshape(-1)).reshape(n, 4).astype(np.float32) / 9, seats))
    parts.append(_relative(state.seat_points.astype(np.float32) / 157, seats))
    # Schieber's blocks: phase, dealer, pushes, Weis, Stöck, scores, target, multiplier.
    choosing = state.trump < 0
    phase = np.where(choosing, 0, np.where(state.terminated, 2, 1)).astype(np.intp)
    parts.append(_one_hot(phase, 4))
    parts.append(_one_hot((state.dealer.astype(np.intp) - seats) & 3, 4))
    parts.append(_one_hot(state.pushed.astype(np.intp), 3))
    rules = state.config.rules
    public = (state.ncards >= 4) if rules.auto_declare else np.zeros(n, dtype=np.bool_)
    parts.append(_relative(state.seat_weis.astype(np.float32) / 300, seats) * public[:, None])
    parts.append(np.repeat(public[:, None], 4, axis=1).astype(np.float32))
    team_of = np.arange(4) & 1
    scoring = (state.weis_pending[:, team_of] > 0) & public[:, None]  # [N, 4]: the seat's team shows its Weis
    shown = np.where(scoring, state.weis_cards, _U64(0))
    parts.append(_cards(_relative(shown, seats)).reshape(n, -1))
    team = (seats & 1).astype(np.intp)
    credited = (state.stoeck_left == 0) & (state.stoeck_team >= 0)
    stoeck = np.where(credited, np.where(state.stoeck_team == team, 0, 1), 2).astype(np.intp)
    parts.append(_one_hot(stoeck, 3))
    scale = np.float32(rules.target_score or 3000)
    parts.append(np.zeros((n, 2), dtype=np.float32))  # a batch round has no written scores
    written = (state.card_points + state.weis + state.stoeck + state.last_trick + state.match).astype(np.float32)
    written *= state.multiplier[:, None].astype(np.float32)
    playing = (~choosing & ~state.terminated)[:, None]
    parts.append(np.stack([written[rows, team], written[rows, 1 - team]], axis=1) / scale * playing)
    multiplier = np.where(choosing, 0, state.multiplier).astype(np.float32) / 4
    parts.append(np.stack([np.full(n, (rules.target_score or 0) / 5000, dtype=np.float32), multiplier], axis=1))
    return np.concatenate(parts, axis=1).astype(np.float32)
