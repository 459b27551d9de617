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
``allow_push_back``, ``first_dealer`` (for :func:`init` from seeds), ``play`` (Bauer
exception, undertrumping), ``weis`` (every option) and ``auto_declare``: with it every Weis
counts as :class:`~jass.schieber.Rules` ``(auto_declare=True)`` counts them (the team with
the best single Weis scores all of its Weis, credited when the first trick is complete);
without it nobody declares a Weis (there is no declaring action). Stöck count 20, credited
when the second of the trump King and Queen is played. Not used: ``target_score``,
``rounds`` and ``end_mode`` (the game beyond the round).

**Rewards**: :attr:`BatchState.rewards` is ``int32[N, 4]``, what each seat's team was written
(multiplier applied) in the last step: trick points when a trick completes, the Weis with
the first trick, Stöck with the second card, the last trick and the match with the last card.
Summed over a round they are the round's :attr:`~jass.schieber.RoundScore.totals`.

>>> import numpy as np
>>> from jass import schieber
>>> from jass.batch import schieber as batch
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
from jass.batch.core import BITS, Seeds, as_seeds, deal_from_seeds, popcount, random_bits, seeded_seats, unpack_bits
from jass.cards import Card, CardSet, Rank, Suit
from jass.errors import IllegalMoveError, InvalidCardsError, InvalidRulesError, JassError
from jass.tricks import Undertrump
from jass.trump import LAST_TRICK_BONUS, TRICK_KEYS, TRUMP_STRENGTH, Trump, point_table
from jass.weis import STOECK_POINTS, Weis, WeisRules, best_weis, detect_weis, weis_strength

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
    "legal_mask",
    "step",
    "random_actions",
    "play_random",
    "scores",
    "totals",
    "hands",
    "rollout",
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


def _weis_key(weis: Weis, tiebreak: Any) -> int:
    """:func:`jass.weis.weis_strength` (points, kind, top, in trump) as one int, in trump 0.

    The trump bit is the lowest, so adding 1 to a sequence's key puts it in the trump suit;
    the seat order is added below it later (times 4)."""
    points, kind, top, in_trump = weis_strength(weis, Trump.OBENABE, tiebreak)
    return ((points * 16 + kind) * 16 + top) * 2 + in_trump


@attrs.frozen(eq=False)
class Config:
    """The tables one :class:`jass.schieber.Rules` gives the batched engine; shared by every
    state built with those rules (:meth:`of` caches one per rules object)."""

    #: The scalar rules.
    rules: schieber.Rules
    #: ``keys[(trump * 4 + led) * 36 + card]``: the card's strength in a trick
    #: (:data:`jass.trump.TRICK_KEYS`).
    keys: NDArray[np.int8]
    #: ``points[trump * 36 + card]``: card points (:func:`jass.trump.point_table`).
    points: NDArray[np.int16]
    #: ``trump_masks[trump]``: the trump suit's cards (0 for Obenabe and Undenufe).
    trump_masks: NDArray[np.uint64]
    #: ``bauer[trump]``: the trump Jack when the Bauer exception is on, else 0.
    bauer: NDArray[np.uint64]
    #: ``allowed_trumps[trump * 112 + best + 2]``: the trumps that may be played to a
    #: plain-suit trick whose best card has key ``best`` (all trumps unless undertrumping
    #: is restricted and a trump is winning).
    allowed_trumps: NDArray[np.uint64]
    #: ``stoeck_masks[trump]``: the trump King and Queen (0 without trump).
    stoeck_masks: NDArray[np.uint64]
    #: Multiplier per mode.
    multipliers: NDArray[np.int16]
    #: ``suit_masks[suit]``: the nine cards of the suit.
    suit_masks: NDArray[np.uint64]
    #: ``suit_of[card]``: the suit of card index ``card`` (actions above 35: 0).
    suit_of: NDArray[np.int8]
    #: Weis of one suit's cards, by the 9-bit mask of the cards held: the points of all
    #: sequences, their number, and the key of the best one (-1: none).
    sequence_points: NDArray[np.int32]
    sequence_count: NDArray[np.int32]
    sequence_key: NDArray[np.int64]
    #: Four of a kind, by the 9-bit mask of the ranks held four times: the points of the
    #: Weis among them and the key of the best (-1: none); ``quartet_ranks``: the ranks that
    #: are a Weis.
    quartet_points: NDArray[np.int32]
    quartet_key: NDArray[np.int64]
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
        if rules.play.undertrump is Undertrump.FORBIDDEN_UNLESS_ONLY_TRUMPS:
            restricted = True
        elif rules.play.undertrump is Undertrump.ALLOWED:
            restricted = False
        else:  # pragma: no cover - a policy added to jass.tricks later must be added here too
            raise InvalidRulesError(f"undertrump={rules.play.undertrump!r} is not supported by jass.batch")
        keys = np.array(TRICK_KEYS, dtype=np.int8).reshape(-1)
        points = np.array([point_table(Trump(t)) for t in range(6)], dtype=np.int16).reshape(-1)
        suit_masks = np.array([_SUIT_BITS << (9 * s) for s in range(4)], dtype=np.uint64)
        trump_masks = np.array([_SUIT_BITS << (9 * t) if t < 4 else 0 for t in range(6)], dtype=np.uint64)
        jack = int(Rank.JACK)
        bauer = np.array(
            [1 << (9 * t + jack) if t < 4 and rules.play.bauer_exception else 0 for t in range(6)],
            dtype=np.uint64,
        )
        allowed = np.zeros((6, 112), dtype=np.uint64)
        for t in range(6):
            for best in range(-2, 110):
                mask = int(trump_masks[t])
                if restricted and t < 4 and best >= 100:
                    mask = sum(1 << (9 * t + r) for r in range(9) if TRUMP_STRENGTH[r] > best - 100)
                allowed[t, best + 2] = mask
        stoeck = np.array(
            [(1 << (9 * t + int(Rank.QUEEN))) | (1 << (9 * t + int(Rank.KING))) if t < 4 else 0 for t in range(6)],
            dtype=np.uint64,
        )
        weis_rules = rules.weis
        tiebreak = weis_rules.equal_weis_tiebreak
        seq_points = np.zeros(512, dtype=np.int32)
        seq_count = np.zeros(512, dtype=np.int32)
        seq_key = np.full(512, -1, dtype=np.int64)
        for mask in range(512):  # the cards of one suit (Eicheln; every suit is alike)
            found = detect_weis(CardSet.from_bits(mask), weis_rules)
            seq_points[mask] = sum(w.points for w in found)
            seq_count[mask] = len(found)
            if found:
                seq_key[mask] = max(_weis_key(w, tiebreak) for w in found)
        quartet_ranks = 0
        rank_points = [0] * 9
        rank_key = [-1] * 9
        for rank in Rank:
            points_of = weis_rules.quartet_points(rank)
            if points_of:
                quartet_ranks |= 1 << rank
                weis = Weis.from_cards([Card.of(suit, rank) for suit in Suit], weis_rules)
                rank_points[rank] = weis.points
                rank_key[rank] = _weis_key(weis, tiebreak)
        q_points = np.array([sum(rank_points[r] for r in range(9) if m >> r & 1) for m in range(512)], dtype=np.int32)
        q_key = np.array([max([rank_key[r] for r in range(9) if m >> r & 1], default=-1) for m in range(512)],
                         dtype=np.int64)
        suit_of = np.zeros(64, dtype=np.int8)
        suit_of[:36] = np.arange(36) // 9
        config = Config(
            rules=rules, keys=keys, points=points, trump_masks=trump_masks, bauer=bauer,
            allowed_trumps=allowed.reshape(-1), stoeck_masks=stoeck,
            multipliers=np.array(rules.multipliers, dtype=np.int16), suit_masks=suit_masks, suit_of=suit_of,
            sequence_points=seq_points, sequence_count=seq_count, sequence_key=seq_key,
            quartet_points=q_points, quartet_key=q_key, quartet_ranks=quartet_ranks,
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


@attrs.frozen(eq=False)
class BatchState:
    """N Schieber rounds at one moment each: every field is an array whose first axis is the
    game (``[N]``, ``[N, 4]`` per seat, ``[N, 2]`` per team). Read-only: :func:`step`
    returns a new state (fields that did not change are shared).

    Seats are 0..3, team ``seat % 2``; cards are indices 0..35 (-1: none); card sets are
    ``uint64`` bit sets (bit *i* = card *i*).
    """

    #: The rules and their tables, shared by all games.
    config: Config
    #: ``int8[N]``: the dealer; Vorhand is ``(dealer + 1) % 4``.
    dealer: NDArray[np.int8] = attrs.field(converter=_frozen)
    #: ``uint64[N, 4]``: each seat's hand as dealt.
    dealt: NDArray[np.uint64] = attrs.field(converter=_frozen)
    #: ``uint64[N]``: the cards played so far (the trick in progress included).
    played: NDArray[np.uint64] = attrs.field(converter=_frozen)
    #: ``int8[N]``: the trump mode (:class:`~jass.trump.Trump` value), -1 until chosen.
    trump: NDArray[np.int8] = attrs.field(converter=_frozen)
    #: ``int8[N]``: how often the choice was pushed (0, 1; 2 with push-back).
    pushed: NDArray[np.int8] = attrs.field(converter=_frozen)
    #: ``int8[N]``: the seat to act, -1 once the round is over.
    current_player: NDArray[np.int8] = attrs.field(converter=_frozen)
    #: ``int8[N]``: cards played so far (0..36); ``ncards % 4`` are in the trick in progress.
    ncards: NDArray[np.int8] = attrs.field(converter=_frozen)
    #: ``int8[N]``: the seat that led the trick in progress (Vorhand for the first).
    leader: NDArray[np.int8] = attrs.field(converter=_frozen)
    #: ``int8[N, 4]``: the cards of the trick in progress in play order, -1 after the last.
    trick: NDArray[np.int8] = attrs.field(converter=_frozen)
    #: ``int8[N]``: the led suit of the trick in progress, -1 before its first card.
    led: NDArray[np.int8] = attrs.field(converter=_frozen)
    #: ``int8[N]``: the strength (:data:`jass.trump.TRICK_KEYS`) of the card winning the trick
    #: in progress, -2 before its first card.
    best: NDArray[np.int8] = attrs.field(converter=_frozen)
    #: ``int8[N]``: the seat winning the trick in progress.
    winner: NDArray[np.int8] = attrs.field(converter=_frozen)
    #: ``int16[N]``: the card points in the trick in progress.
    points_in_trick: NDArray[np.int16] = attrs.field(converter=_frozen)
    #: ``int8[N, 9, 4]``: the cards of each completed trick in play order (-1: not yet played).
    tricks: NDArray[np.int8] = attrs.field(converter=_frozen)
    #: ``int8[N, 9]``: the seat that won each completed trick (-1: not yet played).
    trick_winners: NDArray[np.int8] = attrs.field(converter=_frozen)
    #: ``int16[N, 9]``: the card points of each completed trick (the last-trick 5 not included).
    trick_points: NDArray[np.int16] = attrs.field(converter=_frozen)
    #: ``int8[N, 2]``: tricks each team has taken.
    tricks_won: NDArray[np.int8] = attrs.field(converter=_frozen)
    #: ``int16[N, 2]``: each team's card points so far (before the multiplier).
    card_points: NDArray[np.int16] = attrs.field(converter=_frozen)
    #: ``int16[N, 2]``: the last trick's 5, once taken.
    last_trick: NDArray[np.int16] = attrs.field(converter=_frozen)
    #: ``int16[N, 2]``: the match bonus, once a team has taken all nine tricks.
    match: NDArray[np.int16] = attrs.field(converter=_frozen)
    #: ``int16[N, 2]``: Weis points credited (after the first trick).
    weis: NDArray[np.int16] = attrs.field(converter=_frozen)
    #: ``int16[N, 2]``: Stöck credited (when the second card of the two is played).
    stoeck: NDArray[np.int16] = attrs.field(converter=_frozen)
    #: ``int16[N]``: the mode's multiplier, 0 until trump is chosen.
    multiplier: NDArray[np.int16] = attrs.field(converter=_frozen)
    #: ``int16[N, 6, 2]``: the Weis points each team would score in each mode (the best Weis
    #: depends on the trump suit); all 0 without ``auto_declare``.
    weis_by_mode: NDArray[np.int16] = attrs.field(converter=_frozen)
    #: ``int16[N, 2]``: the Weis of the chosen mode, credited when the first trick completes.
    weis_pending: NDArray[np.int16] = attrs.field(converter=_frozen)
    #: ``uint64[N]``: the Stöck cards not yet played, when one seat holds both (else 0).
    stoeck_left: NDArray[np.uint64] = attrs.field(converter=_frozen)
    #: ``int8[N]``: the team holding the Stöck (-1: nobody).
    stoeck_team: NDArray[np.int8] = attrs.field(converter=_frozen)
    #: ``uint64[N]``: the trump suit's cards (0 before trump is chosen and without trump).
    trump_mask: NDArray[np.uint64] = attrs.field(converter=_frozen)
    #: ``uint64[N]``: the trump Jack if the Bauer exception applies, else 0.
    bauer: NDArray[np.uint64] = attrs.field(converter=_frozen)
    #: ``uint64[N]``: the legal actions of the seat to act as a bit set (bit *a* = action *a*;
    #: 0 once the round is over). :func:`legal_mask` unpacks it.
    legal: NDArray[np.uint64] = attrs.field(converter=_frozen)
    #: ``bool[N]``: the round is over (its last card played, or an illegal action with
    #: ``on_illegal="terminate"``).
    terminated: NDArray[np.bool_] = attrs.field(converter=_frozen)
    #: ``bool[N]``: the round was ended by an illegal action.
    illegal: NDArray[np.bool_] = attrs.field(converter=_frozen)
    #: ``int32[N, 2]``: the points written to each team in the last step (multiplier applied).
    gain: NDArray[np.int32] = attrs.field(converter=_frozen)

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
    def nbytes(self) -> int:
        """Bytes held by the state's arrays (the shared :class:`Config` left out)."""
        return sum(
            getattr(self, field.name).nbytes for field in attrs.fields(BatchState) if field.name != "config"
        )


_GAME_FIELDS: Final = tuple(field.name for field in attrs.fields(BatchState) if field.name != "config")


@attrs.frozen(eq=False)
class RoundScores:
    """The score breakdown of N rounds, as :class:`jass.schieber.RoundScore` gives one: each
    field ``int[N, 2]`` per team (before the multiplier) except ``trump`` and ``multiplier``.
    Of a round in play: what has been credited so far."""

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
        return (
            self.cards.astype(np.int32) + self.last_trick + self.match + self.weis + self.stoeck
        )

    @property
    def totals(self) -> NDArray[np.int32]:
        """``int32[N, 2]``: points written (times the multiplier)."""
        return self.points * self.multiplier[:, None]

    def team_score(self, game: int) -> tuple[schieber.TeamScore, schieber.TeamScore]:
        """Game ``game``'s breakdown as the scalar :class:`jass.schieber.TeamScore` pair."""
        return tuple(  # type: ignore[return-value]
            schieber.TeamScore(
                int(self.cards[game, team]), int(self.last_trick[game, team]), int(self.match[game, team]),
                int(self.weis[game, team]), int(self.stoeck[game, team]), int(self.multiplier[game]),
            )
            for team in (0, 1)
        )


# --- building states -----------------------------------------------------------------


def _weis_by_mode(config: Config, dealt: NDArray[np.uint64], vorhand: NDArray[np.int8]) -> NDArray[np.int16]:
    """``int16[N, 6, 2]``: each team's Weis points in each mode, as ``auto_declare`` counts them
    (:func:`jass.weis.detect_weis` per hand, :func:`jass.weis.best_weis` across seats)."""
    n = dealt.shape[0]
    hands = dealt.reshape(-1)
    nine = _U64(_SUIT_BITS)
    quartets = (hands & (hands >> _U64(9)) & (hands >> _U64(18)) & (hands >> _U64(27)) & nine) & _U64(
        config.quartet_ranks
    )
    if config.rules.weis.cross_weis:
        chosen = quartets.astype(np.intp)
        free = hands
    else:
        # Without Kreuzweis no card is in two Weis: of the four-of-a-kind choices (none, the
        # lower, the higher, both; at most two fit in nine cards) keep the one with the most
        # points, then the most Weis, the first on a tie, as detect_weis does.
        low = quartets & (~quartets + _U64(1))
        high = quartets & ~low
        options = np.stack([np.zeros_like(quartets), low, high, quartets]).astype(np.intp)  # [4, 4N]
        valid = np.stack([np.ones(hands.shape, bool), low != 0, high != 0, (low != 0) & (high != 0)])
        spread = options | (options << 9) | (options << 18) | (options << 27)
        free_options = hands[None, :] & ~spread.astype(np.uint64)
        suit_masks = [((free_options >> _U64(9 * s)) & nine).astype(np.intp) for s in range(4)]
        total = config.quartet_points[options] + sum(config.sequence_points[m] for m in suit_masks)
        count = np.zeros(options.shape, dtype=np.int32)
        for r in range(9):
            count += (options >> r) & 1
        count = count + sum(config.sequence_count[m] for m in suit_masks)
        score = np.where(valid, total.astype(np.int64) * 64 + count, -1)
        pick = np.argmax(score, axis=0)
        columns = np.arange(hands.shape[0])
        chosen = options[pick, columns]
        free = free_options[pick, columns]
    suits = [((free >> _U64(9 * s)) & nine).astype(np.intp) for s in range(4)]
    hand_points = config.quartet_points[chosen] + sum(config.sequence_points[m] for m in suits)
    quartet_key = config.quartet_key[chosen]
    suit_keys = [config.sequence_key[m] for m in suits]
    seat = np.arange(4 * n) % 4
    distance = (seat - np.repeat(vorhand.astype(np.intp), 4)) % 4
    result = np.zeros((n, 6, 2), dtype=np.int16)
    team_points = hand_points.reshape(n, 4)
    team_points = team_points[:, [0, 1]] + team_points[:, [2, 3]]  # [N, team]
    for mode in range(6):
        key = quartet_key
        for s in range(4):
            suit_key = suit_keys[s]
            if s == mode:
                suit_key = np.where(suit_key >= 0, suit_key + 1, -1)  # a sequence in the trump suit
            key = np.maximum(key, suit_key)
        # The seat nearest Vorhand wins a tie: below the Weis' own key.
        full = np.where(key >= 0, key * 4 + (3 - distance), -1).reshape(n, 4)
        best_seat = np.argmax(full, axis=1)
        anyone = full.max(axis=1) >= 0
        team = best_seat & 1
        rows = np.flatnonzero(anyone)
        result[rows, mode, team[rows]] = team_points[rows, team[rows]]
    return result


def _new_states(config: Config, dealt: NDArray[np.uint64], dealer: NDArray[np.int8]) -> BatchState:
    n = dealt.shape[0]
    vorhand = ((dealer + 1) & 3).astype(np.int8)
    if config.rules.auto_declare:
        weis_by_mode = _weis_by_mode(config, dealt, vorhand)
    else:
        weis_by_mode = np.zeros((n, 6, 2), dtype=np.int16)
    zeros8 = np.zeros(n, dtype=np.int8)
    team16 = np.zeros((n, 2), dtype=np.int16)
    zeros64 = np.zeros(n, dtype=np.uint64)
    return BatchState(
        config=config,
        dealer=dealer.astype(np.int8),
        dealt=dealt.astype(np.uint64),
        played=zeros64,
        trump=np.full(n, -1, dtype=np.int8),
        pushed=zeros8,
        current_player=vorhand,
        ncards=zeros8,
        leader=vorhand,
        trick=np.full((n, 4), -1, dtype=np.int8),
        led=np.full(n, -1, dtype=np.int8),
        best=np.full(n, -2, dtype=np.int8),
        winner=vorhand,
        points_in_trick=np.zeros(n, dtype=np.int16),
        tricks=np.full((n, _TRICKS, 4), -1, dtype=np.int8),
        trick_winners=np.full((n, _TRICKS), -1, dtype=np.int8),
        trick_points=np.zeros((n, _TRICKS), dtype=np.int16),
        tricks_won=np.zeros((n, 2), dtype=np.int8),
        card_points=team16,
        last_trick=team16,
        match=team16,
        weis=team16,
        stoeck=team16,
        multiplier=np.zeros(n, dtype=np.int16),
        weis_by_mode=weis_by_mode,
        weis_pending=team16,
        stoeck_left=zeros64,
        stoeck_team=np.full(n, -1, dtype=np.int8),
        trump_mask=zeros64,
        bauer=zeros64,
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
    dealer from the seed unless ``rules.first_dealer`` is set); or a
    :class:`numpy.random.Generator` and ``n``: ``n`` seeds drawn from it.
    ``rules`` default to ``schieber.Rules.tournament(1)``.

    >>> state = init([7], rules=schieber.Rules(first_dealer=0))
    >>> int(state.current_player[0]), bool(legal_mask(state)[0, 36:].all())
    (1, True)
    """
    config = Config.of(_rules(rules))
    if isinstance(key, np.random.Generator):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise JassError(f"n={n!r}: expected the number of games (an int >= 0) with a Generator")
        seeds = key.bit_generator.random_raw(n).astype(np.uint64)
    else:
        seeds = as_seeds(key)
        if n is not None and n != seeds.shape[0]:
            raise JassError(f"n={n!r} but {seeds.shape[0]} seeds given")
    dealt = deal_from_seeds(seeds)
    first = config.rules.first_dealer
    if first is None:
        dealer = seeded_seats(seeds, NUM_PLAYERS)
    else:
        dealer = np.full(seeds.shape[0], first, dtype=np.int8)
    return _new_states(config, dealt, dealer)


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
    bad = (np.bitwise_or.reduce(array, axis=1) != full) | (popcount(array.reshape(-1)).reshape(-1, 4) != 9).any(axis=1)
    if bad.any():
        game = int(np.flatnonzero(bad)[0])
        raise InvalidCardsError(
            f"game {game}: expected 4 hands of 9 cards holding each card once, got "
            f"{[str(CardSet.from_bits(int(h))) for h in array[game]]}"
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
    if not isinstance(state, schieber.State):
        raise JassError(f"{state!r:.80} is not a jass.schieber.State")
    if isinstance(copies, bool) or not isinstance(copies, int) or copies < 0:
        raise JassError(f"copies={copies!r}: expected an int >= 0")
    if state.phase not in (schieber.Phase.CHOOSE_TRUMP, schieber.Phase.PLAY):
        raise JassError(f"no round in play to copy in phase {state.phase.value}")
    config = Config.of(state.rules)
    dealt = np.array([[hand.bits for hand in state.dealt]] * copies, dtype=np.uint64).reshape(copies, 4)
    base = _new_states(config, dealt, np.full(copies, state.dealer, dtype=np.int8))
    if state.phase is schieber.Phase.CHOOSE_TRUMP:
        legal = _CHOOSE_BITS | (_PUSH_BIT if state.pushed == 0 or (state.pushed == 1 and state.rules.allow_push_back)
                                else 0)
        seat = schieber.to_act(state)
        assert seat is not None
        return attrs.evolve(
            base,
            pushed=np.full(copies, state.pushed, dtype=np.int8),
            current_player=np.full(copies, seat, dtype=np.int8),
            legal=np.full(copies, legal, dtype=np.uint64),
        )
    play = state.play
    assert play is not None and state.trump is not None
    trump = int(state.trump)
    fields: dict[str, Any] = {}

    def fill(name: str, value: Any, dtype: Any) -> None:
        row = np.asarray(value, dtype=dtype)
        fields[name] = np.broadcast_to(row, (copies,) + row.shape).copy()

    held = 0
    for seat in range(4):
        held |= play.hand(seat).bits
    dealt_bits = 0
    for hand in state.dealt:
        dealt_bits |= hand.bits
    trick = [card.index for card in play.trick]
    fill("played", dealt_bits & ~held, np.uint64)
    fill("trump", trump, np.int8)
    fill("pushed", state.pushed, np.int8)
    seat_to_play = play.to_play
    assert seat_to_play is not None
    fill("current_player", seat_to_play, np.int8)
    fill("ncards", 4 * len(play.tricks) + len(trick), np.int8)
    fill("leader", play.leader, np.int8)
    fill("trick", trick + [-1] * (4 - len(trick)), np.int8)
    keys = TRICK_KEYS[trump][trick[0] // 9] if trick else None
    table = point_table(Trump(trump))
    best, winner = -2, play.leader
    for position, card in enumerate(trick):
        assert keys is not None
        if keys[card] > best:
            best, winner = keys[card], (play.leader + position) % 4
    fill("led", trick[0] // 9 if trick else -1, np.int8)
    fill("best", best, np.int8)
    fill("winner", winner, np.int8)
    fill("points_in_trick", sum(table[card] for card in trick), np.int16)
    done = [[card.index for card in t.cards] for t in play.tricks] + [[-1] * 4] * (_TRICKS - len(play.tricks))
    fill("tricks", done, np.int8)
    fill("trick_winners", [t.winner for t in play.tricks] + [-1] * (_TRICKS - len(play.tricks)), np.int8)
    fill("trick_points", [t.points for t in play.tricks] + [0] * (_TRICKS - len(play.tricks)), np.int16)
    won = [0, 0]
    for t in play.tricks:
        won[t.winner % 2] += 1
    fill("tricks_won", won, np.int8)
    score = schieber.score_round(state)  # what the round has credited so far
    fill("card_points", [team.cards for team in score.teams], np.int16)
    fill("stoeck", [team.stoeck for team in score.teams], np.int16)
    fill("weis", [team.weis for team in score.teams], np.int16)
    fill("multiplier", score.teams[0].multiplier, np.int16)
    # The Weis the first trick will credit (or has credited).
    if state.rules.auto_declare:
        pending = base.weis_by_mode[:1, trump].tolist()[0] if copies else [0, 0]
    else:
        declared = [weis or () for weis in state.declared]
        seat = best_weis(declared, Trump(trump), state.vorhand, state.rules.weis.equal_weis_tiebreak)
        pending = [0, 0]
        if seat is not None:
            pending[seat % 2] = sum(w.points for partner in (seat % 2, seat % 2 + 2) for w in declared[partner])
    fill("weis_pending", pending, np.int16)
    stoeck_mask = int(config.stoeck_masks[trump])
    holders = [seat for seat, hand in enumerate(state.dealt) if stoeck_mask and hand.bits & stoeck_mask == stoeck_mask]
    left = stoeck_mask & ~(dealt_bits & ~held) if holders else 0
    fill("stoeck_left", left, np.uint64)
    fill("stoeck_team", holders[0] % 2 if holders else -1, np.int8)
    fill("trump_mask", int(config.trump_masks[trump]), np.uint64)
    fill("bauer", int(config.bauer[trump]), np.uint64)
    fill("legal", play.legal_bits, np.uint64)
    return attrs.evolve(base, **fields)


# --- the rules of a step -------------------------------------------------------------


def legal_mask(state: BatchState) -> NDArray[np.bool_]:
    """``bool[N, 43]``: the legal actions of the seat to act in each game (none once over).

    >>> mask = legal_mask(init([1, 2]))
    >>> mask.shape, bool(mask[:, 36:].all()), bool(mask[:, :36].any())
    ((2, 43), True, False)
    """
    return unpack_bits(state.legal, NUM_ACTIONS)


def _choose(state: BatchState, action: NDArray[np.intp]) -> dict[str, Any]:
    """Trump-choice steps (every game of ``state`` is choosing)."""
    config = state.config
    n = action.shape[0]
    games = np.arange(n)
    push = action == PUSH
    mode = np.where(push, 0, action - FIRST_TRUMP_ACTION)
    vorhand = state.vorhand
    pushed = (state.pushed + push).astype(np.int8)
    chooser = ((vorhand + 2 * (pushed & 1)) & 3).astype(np.int8)
    may_push = (pushed == 0) | ((pushed == 1) & config.rules.allow_push_back)
    choose_legal = np.where(may_push, _U64(_CHOOSE_BITS | _PUSH_BIT), _U64(_CHOOSE_BITS))
    stoeck = config.stoeck_masks[mode]
    holds = ((state.dealt & stoeck[:, None]) == stoeck[:, None]) & (stoeck != 0)[:, None]
    held = holds.any(axis=1)
    holder_team = (np.argmax(holds, axis=1) & 1).astype(np.int8)
    chosen = ~push
    first_hand = state.dealt[games, vorhand]
    return {
        "trump": np.where(chosen, mode, -1).astype(np.int8),
        "pushed": pushed,
        "current_player": np.where(push, chooser, vorhand).astype(np.int8),
        "multiplier": np.where(chosen, config.multipliers[mode], 0).astype(np.int16),
        "weis_pending": np.where(chosen[:, None], state.weis_by_mode[games, mode], 0).astype(np.int16),
        "stoeck_left": np.where(chosen & held, stoeck, _U64(0)),
        "stoeck_team": np.where(chosen & held, holder_team, -1).astype(np.int8),
        "trump_mask": np.where(chosen, config.trump_masks[mode], _U64(0)),
        "bauer": np.where(chosen, config.bauer[mode], _U64(0)),
        "legal": np.where(push, choose_legal, first_hand),
        "gain": np.zeros((n, 2), dtype=np.int32),
    }


def _play(state: BatchState, action: NDArray[np.intp]) -> dict[str, Any]:
    """Card steps (every game of ``state`` is in its card play)."""
    config = state.config
    n = action.shape[0]
    games = np.arange(n)
    bit = BITS[action]
    seat = state.current_player
    position = state.ncards & 3
    first = position == 0
    all_first = bool(first.all())
    trump = state.trump.astype(np.intp)
    if all_first:  # lockstep: every trick starts at once
        led = config.suit_of[action]
    elif not first.any():
        led = state.led
    else:
        led = np.where(first, config.suit_of[action], state.led)
    key = config.keys[(trump * 4 + led) * 36 + action]
    points = config.points[trump * 36 + action]
    if all_first:
        best, winner, in_trick = key, seat, points
    else:
        better = (key > state.best) | first
        best = np.where(better, key, state.best)
        winner = np.where(better, seat, state.winner)
        in_trick = np.where(first, points, state.points_in_trick + points)
    trick = state.trick.copy()
    trick.reshape(-1)[games * 4 + position] = action
    played = state.played | bit
    ncards = state.ncards + np.int8(1)
    stoeck_before = state.stoeck_left
    stoeck_left = stoeck_before & ~bit
    stoeck_now = (stoeck_left == 0) & (stoeck_before != 0)
    done = (ncards & 3) == 0
    any_done = bool(done.any())
    all_done = any_done and bool(done.all())
    gain = np.zeros((n, 2), dtype=np.int32)
    new: dict[str, Any] = {
        "played": played, "ncards": ncards, "trick": trick, "stoeck_left": stoeck_left,
    }
    if stoeck_now.any():
        rows = np.flatnonzero(stoeck_now)
        teams = state.stoeck_team[rows]
        stoeck = state.stoeck.copy()
        stoeck[rows, teams] = STOECK_POINTS
        gain[rows, teams] += STOECK_POINTS
        new["stoeck"] = stoeck
    if any_done:
        rows = games if all_done else np.flatnonzero(done)
        team = (winner[rows] & 1).astype(np.intp)
        number = (ncards[rows] >> 2).astype(np.intp) - 1
        taken = in_trick[rows]
        tricks = state.tricks.copy()
        tricks[rows, number] = trick[rows]
        trick_winners = state.trick_winners.copy()
        trick_winners[rows, number] = winner[rows]
        trick_points = state.trick_points.copy()
        trick_points[rows, number] = taken
        tricks_won = state.tricks_won.copy()
        tricks_won[rows, team] += 1
        card_points = state.card_points.copy()
        card_points[rows, team] += taken
        gain[rows, team] += taken
        trick[rows] = -1
        new.update(tricks=tricks, trick_winners=trick_winners, trick_points=trick_points,
                   tricks_won=tricks_won, card_points=card_points)
        first_trick = number == 0
        if first_trick.any():
            weis_rows = rows[first_trick]
            weis = state.weis.copy()
            weis[weis_rows] = state.weis_pending[weis_rows]
            gain[weis_rows] += state.weis_pending[weis_rows]
            new["weis"] = weis
        last = number == _TRICKS - 1
        if last.any():
            last_rows = rows[last]
            last_team = team[last]
            last_trick = state.last_trick.copy()
            last_trick[last_rows, last_team] = LAST_TRICK_BONUS
            gain[last_rows, last_team] += LAST_TRICK_BONUS
            matched = tricks_won[last_rows, last_team] == _TRICKS
            match = state.match.copy()
            match[last_rows[matched], last_team[matched]] = config.rules.match_bonus
            gain[last_rows[matched], last_team[matched]] += config.rules.match_bonus
            terminated = state.terminated.copy()
            terminated[last_rows] = True
            new.update(last_trick=last_trick, match=match, terminated=terminated)
        if all_done:
            led = np.full(n, -1, dtype=np.int8)
            best = np.full(n, -2, dtype=np.int8)
            in_trick = np.zeros(n, dtype=np.int16)
            leader = winner
        else:
            led = np.where(done, -1, led).astype(np.int8)
            best = np.where(done, -2, best).astype(np.int8)
            in_trick = np.where(done, 0, in_trick).astype(np.int16)
            leader = np.where(done, winner, state.leader).astype(np.int8)
        new["leader"] = leader
    next_seat = winner if all_done else np.where(done, winner, (seat + 1) & 3).astype(np.int8)
    hand = state.dealt.reshape(-1)[games * 4 + next_seat] & ~played
    if all_done:
        legal = hand  # a new trick: any card
    else:
        # jass.tricks.legal_bits, on arrays: follow suit or trump; on a trump lead, trump
        # unless the Jack is the only trump (Bauer exception); never undertrump a plain-suit
        # trick unless holding only trumps.
        follow = hand & config.suit_masks[led]
        trump_mask = state.trump_mask
        trumps = hand & trump_mask
        allowed = config.allowed_trumps[trump * 112 + best + 2]
        only_trumps = trumps == hand
        may_trump = np.where(only_trumps, trumps, trumps & allowed)
        plain = np.where(follow != 0, follow | may_trump, (hand & ~trump_mask) | may_trump)
        trump_led = np.where((trumps == 0) | (trumps == state.bauer), hand, trumps)
        legal = np.where(led == state.trump, trump_led, plain)
        if any_done:
            legal = np.where(done, hand, legal)
    if any_done and "terminated" in new:
        over = new["terminated"]
        legal = np.where(over, _U64(0), legal)
        next_seat = np.where(over, -1, next_seat).astype(np.int8)
    new.update(
        led=led.astype(np.int8, copy=False), best=best.astype(np.int8, copy=False),
        winner=winner.astype(np.int8, copy=False), points_in_trick=in_trick.astype(np.int16, copy=False),
        current_player=next_seat.astype(np.int8, copy=False), legal=legal,
        gain=gain * state.multiplier[:, None],
    )
    return new


def _subset(state: BatchState, rows: NDArray[np.intp]) -> BatchState:
    fields = {name: getattr(state, name)[rows] for name in _GAME_FIELDS}
    return BatchState(config=state.config, **fields)


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
    action = action.astype(np.intp)
    active = ~state.terminated
    in_range = (action >= 0) & (action < NUM_ACTIONS)
    safe = np.where(in_range, action, 63)
    illegal = active & ((state.legal & BITS[safe]) == 0)
    extra: dict[str, Any] = {}
    if illegal.any():
        game = int(np.flatnonzero(illegal)[0])
        if on_illegal == "raise":
            legal = np.flatnonzero(unpack_bits(state.legal[game : game + 1], NUM_ACTIONS)[0]).tolist()
            raise IllegalMoveError(
                f"game {game}: action {int(action[game])} is not legal for seat {int(state.current_player[game])}; "
                f"legal actions: {legal}"
            )
        if on_illegal != "terminate":
            raise JassError(f"on_illegal={on_illegal!r}: expected 'raise' or 'terminate'")
        active = active & ~illegal
        rows = np.flatnonzero(illegal)
        gain = np.zeros((n, 2), dtype=np.int32)
        gain[rows, state.current_player[rows] & 1] = -penalty
        extra = {
            "terminated": state.terminated | illegal,
            "illegal": state.illegal | illegal,
            "current_player": np.where(illegal, -1, state.current_player).astype(np.int8),
            "legal": np.where(illegal, _U64(0), state.legal),
            "gain": gain,
        }
        state = attrs.evolve(state, **extra)
    choosing = active & (state.trump < 0)
    playing = active & ~choosing
    if playing.all():
        new = _play(state, action)
        return attrs.evolve(state, **new)
    if choosing.all():
        new = _choose(state, action)
        return attrs.evolve(state, **new)
    # Games in different phases (or some over): each group on its own rows.
    merged = {name: getattr(state, name).copy() for name in _GAME_FIELDS}
    if not extra:
        merged["gain"] = np.zeros((n, 2), dtype=np.int32)
    for group, run in ((choosing, _choose), (playing, _play)):
        if group.any():
            rows = np.flatnonzero(group)
            for name, value in run(_subset(state, rows), action[rows]).items():
                merged[name][rows] = value
    return BatchState(config=state.config, **merged)


def random_actions(state: BatchState, rng: np.random.Generator, *, push: bool = True) -> NDArray[np.int64]:
    """A uniformly random legal action for each game (-1 for a game that is over): the choice
    of ``moves[int(random() * len(moves))]`` in the scalar benchmarks, made for all games at
    once. ``push=False`` never pushes (a random mode, as :func:`jass.rollout.schieber_rollout`
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
    """The score breakdown of every game (of a round in play: what it has credited so far)."""
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
    :func:`jass.rollout.schieber_rollout` does. The result's totals are the written points.

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
        mode = int(Trump(trump)) if not isinstance(trump, Trump) else int(trump)
        state = step(state, np.full(copies, FIRST_TRUMP_ACTION + mode))
    return scores(play_random(state, rng, push=False))
