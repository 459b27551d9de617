"""Two-player Jass ("la pomme"), N rounds at once on numpy arrays: the card play and the
result of a round, exactly as :mod:`jass.pomme` plays and scores one.

A game here starts at the **card play**: the exchange of the extra cards and the trump-6
swap are decisions of the scalar engine (:mod:`jass.pomme`). :func:`init` deals as
:func:`jass.pomme.new_game` and starts the play as both players keeping their hands and
nobody swapping would; :func:`from_state` copies a scalar round in phase ``PLAY`` (after
any exchanges); :func:`from_hands` takes hands, trump and dealer. The non-dealer leads;
the trump Jack is worth ``Rules.trump_jack_points`` (21); the 18 cards are played; the
higher total scores +1, a total under ``Rules.pomme_threshold`` is a pomme (-1).

**Actions**: 0 .. 35, play the card of that index (:data:`NUM_ACTIONS` = 36).

**Rewards**: :attr:`PommeState.rewards` is ``int32[N, 2]``: each seat's game points
(+1 for the higher total, -1 for a pomme) on the round's last card, 0 before.

>>> import numpy as np
>>> from jass.pomme import batch
>>> state = batch.play_random(batch.init([1, 2, 3]), np.random.default_rng(0))
>>> bool(state.terminated.all()), state.play.tricks_won.sum(axis=1).tolist()
(True, [9, 9, 9])
"""

from __future__ import annotations

from typing import Any, Final

import attrs
import numpy as np
from numpy.typing import ArrayLike, NDArray

from jass import pomme
from jass.batch.cardplay import Play, PlayTables, pick, pick_rows, play_step, start
from jass.batch.core import Seeds, as_seeds, popcount, random_bits, seeded_seats, shuffled_decks, unpack_bits
from jass.errors import IllegalMoveError, InvalidCardsError, InvalidRulesError, JassError
from jass.trump import LAST_TRICK_BONUS


__all__ = [
    "NUM_ACTIONS",
    "PommeState",
    "RoundResult",
    "init",
    "from_hands",
    "from_state",
    "legal_mask",
    "step",
    "random_actions",
    "play_random",
    "result",
]

#: Number of action ids: the 36 cards.
NUM_ACTIONS: Final = 36
_SEATS: Final = 2


def _readonly(array: Any) -> Any:
    if isinstance(array, np.ndarray):
        array.flags.writeable = False
    return array


@attrs.frozen(eq=False)
class PommeState:
    """N rounds of two-player Jass in their card play (read-only arrays, first axis the game)."""

    #: The scalar rules.
    rules: pomme.Rules
    #: ``int8[N]``: the dealer (the other seat leads).
    dealer: NDArray[np.int8] = attrs.field(converter=_readonly)
    #: The card play (hands, trick, points and tricks per seat).
    play: Play
    #: ``bool[N]``: the round is over.
    terminated: NDArray[np.bool_] = attrs.field(converter=_readonly)
    #: ``int32[N, 2]``: each seat's reward in the last step.
    rewards: NDArray[np.int32] = attrs.field(converter=_readonly)

    @property
    def size(self) -> int:
        """The number of games N."""
        return int(self.dealer.shape[0])

    @property
    def current_player(self) -> NDArray[np.int8]:
        """``int8[N]``: the seat to play, -1 once the round is over."""
        return self.play.to_play


@attrs.frozen(eq=False)
class RoundResult:
    """The result of N rounds, per seat (``[N, 2]``), as :class:`jass.pomme.RoundScore`."""

    #: Card points of the tricks taken.
    card_points: NDArray[np.int16]
    #: 5 for the seat that took the last trick.
    last_trick: NDArray[np.int16]
    #: ``card_points + last_trick``.
    totals: NDArray[np.int16]
    #: 1 for the higher total.
    won: NDArray[np.int8]
    #: A total under the pomme threshold.
    pommes: NDArray[np.bool_]
    #: ``won`` minus 1 for a pomme.
    game_points: NDArray[np.int8]


def _tables(rules: pomme.Rules) -> PlayTables:
    if not isinstance(rules, pomme.Rules):
        raise InvalidRulesError(f"rules={rules!r}: expected a jass.pomme.Rules")
    return PlayTables.of(rules.play_rules, rules.trump_jack_points)


def _new(rules: pomme.Rules, hands: NDArray[np.uint64], trump: NDArray[np.integer],
         dealer: NDArray[np.int8]) -> PommeState:
    n = hands.shape[0]
    return PommeState(
        rules=rules,
        dealer=dealer.astype(np.int8),
        play=start(_tables(rules), hands, trump, 1 - dealer),
        terminated=np.zeros(n, dtype=np.bool_),
        rewards=np.zeros((n, _SEATS), dtype=np.int32),
    )


def init(key: Seeds | np.random.Generator, n: int | None = None, *, rules: pomme.Rules | None = None) -> PommeState:
    """N rounds at their first card: the deal of ``pomme.new_game(rules, seed)`` for each seed
    (or ``n`` seeds drawn from a :class:`numpy.random.Generator`), both players keeping their
    hands and nobody swapping the trump 6. Trump is the turned card's suit.

    >>> state = init([7], rules=pomme.Rules(first_dealer=1))
    >>> int(state.current_player[0]), [int(h).bit_count() for h in state.play.hands[0]]
    (0, [9, 9])
    """
    rules = pomme.Rules() if rules is None else rules
    _tables(rules)
    if isinstance(key, np.random.Generator):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise JassError(f"n={n!r}: expected the number of games (an int >= 0) with a Generator")
        seeds = key.bit_generator.random_raw(n).astype(np.uint64)
    else:
        seeds = as_seeds(key)
        if n is not None and n != seeds.shape[0]:
            raise JassError(f"n={n!r} but {seeds.shape[0]} seeds given")
    decks = shuffled_decks(seeds)
    count = seeds.shape[0]
    bits = np.left_shift(np.uint64(1), decks.astype(np.uint64))
    first = bits[:, 0:9].sum(axis=1, dtype=np.uint64)  # the non-dealer's hand
    second = bits[:, 9:18].sum(axis=1, dtype=np.uint64)  # the dealer's
    dealer = seeded_seats(seeds, _SEATS) if rules.first_dealer is None else np.full(count, rules.first_dealer,
                                                                                     dtype=np.int8)
    dealer_is_0 = dealer == 0
    hands = np.stack([pick(dealer_is_0, second, first), pick(dealer_is_0, first, second)], axis=1)
    return _new(rules, hands, decks[:, 24] // 9, dealer)


def from_hands(hands: ArrayLike, trump: ArrayLike, dealer: ArrayLike = 1, *,
               rules: pomme.Rules | None = None) -> PommeState:
    """N rounds at their first card from the hands in play (``[N, 2]`` card bit sets of equal
    size), the trump suit and the dealer of each game."""
    rules = pomme.Rules() if rules is None else rules
    array = np.asarray(hands, dtype=np.uint64)
    if array.ndim == 1:
        array = array[None, :]
    if array.ndim != 2 or array.shape[1] != _SEATS:
        raise InvalidCardsError(f"hands: expected [N, 2] card bit sets, got shape {array.shape}")
    n = array.shape[0]
    counts = popcount(array.reshape(-1)).reshape(n, _SEATS)
    bad = (counts[:, 0] != counts[:, 1]) | (counts[:, 0] == 0) | ((array[:, 0] & array[:, 1]) != 0) | (
        (array[:, 0] | array[:, 1]) >> np.uint64(36) != 0)
    if bad.any():
        raise InvalidCardsError(f"game {int(np.flatnonzero(bad)[0])}: expected two disjoint hands of equal size")
    suits = np.broadcast_to(np.asarray(trump), (n,))
    seats = np.broadcast_to(np.asarray(dealer), (n,))
    if ((suits < 0) | (suits > 3)).any() or ((seats < 0) | (seats > 1)).any():
        raise InvalidCardsError(f"trump={trump!r}, dealer={dealer!r}: expected suits 0..3 and seats 0..1")
    return _new(rules, array, suits, seats.astype(np.int8))


def from_state(state: pomme.State, copies: int = 1) -> PommeState:
    """``copies`` games, each a copy of a scalar :class:`jass.pomme.State` in phase ``PLAY``
    (the cards already played are played again on the copies)."""
    if not isinstance(state, pomme.State):
        raise JassError(f"{state!r:.80} is not a jass.pomme.State")
    if state.phase is not pomme.Phase.PLAY or state.play is None:
        raise JassError(f"no card play to copy in phase {state.phase.value}")
    if isinstance(copies, bool) or not isinstance(copies, int) or copies < 0:
        raise JassError(f"copies={copies!r}: expected an int >= 0")
    scalar = state.play
    hands = [scalar.hand(s).bits for s in range(_SEATS)]
    order = []
    for trick in scalar.tricks:
        for position, card in enumerate(trick.cards):
            hands[(trick.leader + position) % _SEATS] |= card.bit
            order.append(card.index)
    for position, card in enumerate(scalar.trick):
        hands[(scalar.leader + position) % _SEATS] |= card.bit
        order.append(card.index)
    new = from_hands(np.array([hands] * copies, dtype=np.uint64).reshape(copies, 2), int(state.trump),
                     state.dealer, rules=state.rules)
    for index in order:
        new = step(new, np.full(copies, index))
    return new


def legal_mask(state: PommeState) -> NDArray[np.bool_]:
    """``bool[N, 36]``: the legal cards of the seat to play (none once over)."""
    return unpack_bits(state.play.legal, NUM_ACTIONS)


def result(state: PommeState) -> RoundResult:
    """The round's result (of a round in play: the points so far, no +1 and no pomme yet)."""
    play = state.play
    over = state.terminated
    last = np.zeros((state.size, _SEATS), dtype=np.int16)
    last[np.arange(state.size), play.leader.astype(np.intp)] = LAST_TRICK_BONUS
    last *= over[:, None]
    totals = play.points
    card_points = (totals - last).astype(np.int16)
    rules = state.rules
    under: NDArray[np.bool_] = (totals < rules.pomme_threshold) & over[:, None]
    won: NDArray[np.bool_] = np.stack([totals[:, 0] > totals[:, 1], totals[:, 1] > totals[:, 0]], axis=1)
    won &= over[:, None]
    if rules.both_pommes_cancel:
        cancel: NDArray[np.bool_] = np.logical_and(under[:, 0], under[:, 1])
        under &= ~cancel[:, None]
        won &= ~cancel[:, None]
    game_points = (won.astype(np.int8) - under.astype(np.int8)).astype(np.int8)
    return RoundResult(card_points=card_points, last_trick=last, totals=totals, won=won.astype(np.int8),
                       pommes=under, game_points=game_points)


def step(state: PommeState, actions: ArrayLike) -> PommeState:
    """The games after one card each (``actions``: ``int[N]`` card indices); games already over
    ignore theirs. An illegal card raises :class:`~jass.errors.IllegalMoveError` naming the
    first such game."""
    action = np.asarray(actions)
    n = state.size
    if action.shape != (n,) or (n and action.dtype.kind not in "iu"):
        raise IllegalMoveError(f"actions: expected {n} integer card ids, got {action.dtype} of shape {action.shape}")
    if n == 0:
        return state
    action = action.astype(np.intp)
    active = ~state.terminated
    legal = ((state.play.legal >> action.astype(np.uint64)) & np.uint64(1)) == 1
    bad = active & ~legal
    if bad.any():
        game = int(np.flatnonzero(bad)[0])
        raise IllegalMoveError(
            f"game {game}: card {int(action[game])} is not legal for seat {int(state.current_player[game])}; "
            f"legal cards: {np.flatnonzero(legal_mask(state)[game]).tolist()}"
        )
    if active.all():
        play = play_step(state.play, action, check=False)
    else:
        rows = np.flatnonzero(active)
        names = [f.name for f in attrs.fields(Play) if f.name != "tables"]
        sub = play_step(Play(tables=state.play.tables, **{name: getattr(state.play, name)[rows] for name in names}),
                        action[rows], check=False)
        fields = {}
        for name in names:
            value = getattr(state.play, name).copy()
            value[rows] = getattr(sub, name)
            fields[name] = value
        play = Play(tables=state.play.tables, **fields)
    over = active & play.done
    new = attrs.evolve(state, play=play, terminated=state.terminated | over,
                       rewards=np.zeros((n, _SEATS), dtype=np.int32))
    if over.any():
        points = result(new).game_points.astype(np.int32)
        new = attrs.evolve(new, rewards=pick_rows(over, points, new.rewards))
    return new


def random_actions(state: PommeState, rng: np.random.Generator) -> NDArray[np.int64]:
    """A uniformly random legal card per game (-1 once over)."""
    return random_bits(state.play.legal, rng)


def play_random(state: PommeState, rng: np.random.Generator) -> PommeState:
    """Every game played to its end with :func:`random_actions`."""
    while not state.terminated.all():
        state = step(state, random_actions(state, rng))
    return state
