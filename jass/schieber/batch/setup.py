"""Building N rounds: from seeds or a random generator (:func:`init`), from given hands
(:func:`from_hands`), or from scalar :class:`jass.schieber.State` values (:func:`from_state`,
:func:`from_states`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np
from numpy.typing import ArrayLike, NDArray

from jass import schieber
from jass.batch import core
from jass.batch.cardplay import ROW
from jass.cards import CardSet
from jass.errors import InvalidCardsError, JassError
from jass.schieber.batch.state import BatchState
from jass.schieber.batch.tables import CHOOSE_BITS, NUM_PLAYERS, PUSH_BIT, SUIT_BITS, U64, Config
from jass.teams.score import team_weis
from jass.trump import TRICK_KEYS, Trump, point_table
from jass.weis import STOECK_POINTS

__all__ = ["init", "from_hands", "from_state", "from_states"]


def _weis_by_mode(
    config: Config, dealt: NDArray[np.uint64], vorhand: NDArray[np.int8]
) -> tuple[NDArray[np.int16], NDArray[np.int16], NDArray[np.uint64]]:
    """``int16[N, 6, 2]``: each team's Weis points in each mode, as ``auto_declare`` counts them
    (:func:`jass.weis.detect_weis` per hand, :func:`jass.weis.best_weis` across seats); and
    per seat, ``int16[N, 4]`` its Weis points and ``uint64[N, 4]`` the cards of its Weis (what
    an observation shows once they are public)."""
    n = dealt.shape[0]
    hands = dealt.reshape(-1)
    nine = U64(SUIT_BITS)
    quartets = hands & (hands >> U64(9)) & (hands >> U64(18)) & (hands >> U64(27)) & U64(config.quartet_ranks)
    if config.rules.weis is None or config.rules.weis.cross_weis:  # (no Weis: never asked)
        chosen = quartets.astype(np.intp)
        free = hands
    else:
        # Without Kreuzweis no card is in two Weis: of the four-of-a-kind choices (none, the
        # lower, the higher, both; at most two fit in nine cards) keep the one with the most
        # points, then the strongest single Weis, then the most Weis, the first on a tie, as
        # detect_weis does.
        low = quartets & (~quartets + U64(1))
        high = quartets & ~low
        options = np.stack([np.zeros_like(quartets), low, high, quartets]).astype(np.intp)  # [4, 4N]
        valid = np.stack([np.ones(hands.shape, bool), low != 0, high != 0, (low != 0) & (high != 0)])
        spread = (options | (options << 9) | (options << 18) | (options << 27)).astype(np.uint64)
        free_options = hands[None, :] & ~spread
        option_suits = [((free_options >> U64(9 * s)) & nine).astype(np.intp) for s in range(4)]
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
    suits = [((free >> U64(9 * s)) & nine).astype(np.intp) for s in range(4)]
    # The cards in Weis: every run of three or more in a suit, and the four-of-a-kind chosen.
    ranks = chosen.astype(np.uint64)
    cards = ranks | (ranks << U64(9)) | (ranks << U64(18)) | (ranks << U64(27))
    for s, mask in enumerate(suits):
        run = mask.astype(np.uint64)
        starts = run & (run >> U64(1)) & (run >> U64(2))
        cards = cards | ((starts | (starts << U64(1)) | (starts << U64(2))) << U64(9 * s))
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
    # Undenufe compares Weis as Obenabe does (no trump suit), with its own keys of Undenufe's order.
    undenufe_key = config.undenufe_quartet_key.take(chosen).reshape(n, 4)
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
        legal=np.full(n, CHOOSE_BITS | PUSH_BIT, dtype=np.uint64),
        terminated=np.zeros(n, dtype=np.bool_),
        illegal=np.zeros(n, dtype=np.bool_),
        gain=np.zeros((n, 2), dtype=np.int32),
    )


def _rules(rules: schieber.Rules | None) -> schieber.Rules:
    return schieber.Rules.tournament(1) if rules is None else rules


def init(
    key: core.Seeds | np.random.Generator,
    n: int | None = None,
    *,
    rules: schieber.Rules | None = None,
) -> BatchState:
    """N new rounds, dealt, Vorhand to choose trump.

    ``key`` is either the games' seeds (a sequence of ints or an integer array; ``n`` is
    then their number): game *i* is then exactly the first round of
    ``schieber.new_game(rules, seed=seeds[i])`` (the deal :func:`jass.cards.deal` and the
    dealer from the seed unless ``rules.first_dealer`` is set, or the seat before the one dealt
    the first Vorhand's card with ``rules.first_vorhand`` ``ROSEN_7`` or ``DIAMONDS_7``); or a
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
        dealt = core.random_deals(key, n)
        if first is None:
            dealer = core.random_below(np.full(n, NUM_PLAYERS, dtype=np.uint64), key).astype(np.int8)
        else:
            dealer = np.full(n, first, dtype=np.int8)
        return _new_states(config, dealt, _card_dealers(config, dealt, dealer))
    seeds = core.as_seeds(key)
    if n is not None and n != seeds.shape[0]:
        raise JassError(f"n={n!r} but {seeds.shape[0]} seeds given")
    dealt = core.deal_from_seeds(seeds)
    if first is None:
        dealer = core.seeded_seats(seeds, NUM_PLAYERS)
    else:
        dealer = np.full(seeds.shape[0], first, dtype=np.int8)
    return _new_states(config, dealt, _card_dealers(config, dealt, dealer))


def _card_dealers(config: Config, dealt: NDArray[np.uint64], dealer: NDArray[np.int8]) -> NDArray[np.int8]:
    """``dealer``, or when a card fixes the first Vorhand (``FirstVorhand.ROSEN_7``,
    ``DIAMONDS_7``) the seat before the one dealt it."""
    card = config.rules.first_vorhand_card()
    if card is None:
        return dealer
    holder = np.argmax((dealt & U64(card.bit)) != 0, axis=1)
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
    full = U64((1 << 36) - 1)
    counts = core.popcount(array.reshape(-1)).reshape(-1, 4)
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
        fields["legal"] = CHOOSE_BITS | (PUSH_BIT if may_push else 0)
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
