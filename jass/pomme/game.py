"""La pomme's game: :func:`new_game`, whose move is due, the legal moves, :func:`apply`, and what
a seat sees (:func:`observe`, :func:`card_zones`).
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.cards import Card, CardSet, shuffled_deck, validate_deck
from jass.play import CardPlay, PlayCard, Trick, card_moves, round_seed
from jass.pomme.dealing import new_round
from jass.pomme.exchange import decider, exchange, exchange_options, is_exchange_option, swap
from jass.pomme.moves import DEAL, ONLY_DEAL, ONLY_DECLINE, SIX_AND_DECLINE, Deal, Move
from jass.pomme.rules import SEATS, Rules
from jass.pomme.score import game_winner, score_of_play
from jass.pomme.state import (
    EXCHANGE,
    GAME_OVER,
    NO_CARDS,
    PLAY,
    ROUND_OVER,
    SWAP_TRUMP_SIX,
    Observation,
    Phase,
    State,
    build_observation,
    build_state,
)
from jass.variant.guards import check_observer, check_sender, refused, wrong_state
from jass.variant.state import changed, game_start, out_of_rounds


def new_game(
    rules: Rules | None = None,
    seed: int | None = None,
    *,
    deal: Sequence[Card | str] | None = None,
) -> State:
    """A new game: the first round dealt, in phase EXCHANGE.

    The deal from a 36-card order (the shuffled deck of ``seed``, or ``deal``): the
    non-dealer's hand is ``order[0:9]``, the dealer's ``order[9:18]``, the
    non-dealer's extras ``order[18:21]``, the dealer's ``order[21:24]``, and the
    talon ``order[24:36]``, whose top card ``order[24]`` is turned. (At the table
    the cards go out 3 at a time; any fixed mapping of a shuffled deck deals the
    same.) A seed is drawn when none is given and kept in the state; it fixes every
    later deal and, unless ``rules.first_dealer`` is set, the first dealer.

    >>> from jass import FULL_DECK
    >>> state = new_game(Rules(first_dealer=0), deal=list(FULL_DECK))
    >>> state.hands[1], state.turned, state.trump
    (CardSet('C6 C7 C8 C9 C10 CJ CQ CK CA'), Card.HQ, Trump.SCHILTEN)
    """
    game_rules, seed, dealer = game_start(rules, seed, Rules, SEATS)
    order = shuffled_deck(seed) if deal is None else validate_deck(deal)
    return new_round(game_rules, seed, 0, dealer, order)


def seat_to_act(phase: Phase, dealer: int, exchanges: tuple[bool | None, ...], swaps: tuple[bool | None, ...],
          to_play: int | None) -> int | None:
    """The seat whose move is due (the next dealer deals): the one rule behind :func:`to_act`
    and the check of a loaded observation."""
    if phase is PLAY:
        return to_play
    if phase is EXCHANGE:
        return decider(exchanges, dealer)
    if phase is SWAP_TRUMP_SIX:
        return decider(swaps, dealer)
    if phase is ROUND_OVER:
        return 1 - dealer
    return None


def to_act(state: State) -> int | None:
    """The seat whose move is due; ``None`` once the game is over.

    In phase ROUND_OVER it is the next dealer, who deals.
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    play = state.play
    return seat_to_act(setting.phase, setting.dealer, setting.exchanges, setting.swaps,
                 None if play is None else play.to_play)


def is_over(state: State) -> bool:
    """True when the game is over."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.setting.phase is GAME_OVER


def winner(state: State) -> int | None:
    """The seat that has won once the game is over; ``None`` while it goes on, and for a game the
    round limit (:data:`~jass.variant.MAX_ROUNDS`) ended drawn."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.setting.winner


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move the seat to act may make; empty once the game is over.

    Phase EXCHANGE: :class:`KeepHand`, then an :class:`Exchange` for each of the 84
    sets of 3 cards of the hand. Phase SWAP_TRUMP_SIX: :class:`SwapTrumpSix` (for
    the holder of the trump 6 only) and :class:`DeclineSwap`. Phase PLAY: a
    :class:`~jass.play.PlayCard` per legal card. Phase ROUND_OVER: :class:`Deal`.
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if phase is PLAY:
        assert state.play is not None
        return card_moves(state.play.legal_bits)
    if phase is EXCHANGE:
        return exchange_options(setting.hands[decider(setting.exchanges, setting.dealer)].bits)
    if phase is SWAP_TRUMP_SIX:
        hand = setting.hands[decider(setting.swaps, setting.dealer)]
        return SIX_AND_DECLINE if state.trump_six in hand else ONLY_DECLINE
    if phase is ROUND_OVER:
        return ONLY_DEAL
    return ()


def apply(state: State, move: Move, *, seat: int | None = None) -> State:
    """The state after the seat to act makes ``move`` (one of :func:`legal_moves`); ``state``
    itself is unchanged. A move sent for ``seat`` is refused unless that seat is to act; the
    text of every error is safe to show to the sender (:class:`jass.variant.Apply`). Trusted
    code deals given cards with :func:`apply_trusted`.

    >>> state = new_game(Rules(first_dealer=1), seed=7)
    >>> apply(state, Exchange("C6 C7 C8"))
    Traceback (most recent call last):
    jass.errors.IllegalMoveError: Exchange(cards=CardSet('C6 C7 C8')) is not a legal move now (phase exchange, seat 0 to act)
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if seat is not None:
        check_sender(seat, to_act(state), SEATS)
    if phase is PLAY and type(move) is PlayCard:
        assert state.play is not None
        play = state.play.play(move.card)
        if play.legal_bits:  # cards left to play
            return build_state(setting, play)  # a card changes nothing else
        return _finish_round(state, play)
    if phase is EXCHANGE and is_exchange_option(move, setting.hands[decider(setting.exchanges, setting.dealer)]._bits):
        return exchange(state, move)
    legal = legal_moves(state)
    if move not in legal:  # the one rule of what may be played: legal_moves
        raise refused(move, phase, to_act(state), legal)
    if phase is SWAP_TRUMP_SIX:
        return swap(state, move)
    return _deal(state, DEAL)


def apply_trusted(state: State, move: Move) -> State:
    """:func:`apply` for trusted code only (a replayed record, a test position): it also takes
    a :class:`Deal` from a given order of the cards. Never for a move a client sent: a player
    must not choose the deal."""
    if type(move) is Deal and move.order is not None and type(state) is State and state.phase is ROUND_OVER:
        return _deal(state, move)
    return apply(state, move)


def _deal(state: State, move: Deal) -> State:
    setting = state.setting
    number = setting.round_number + 1
    order = move.order if move.order is not None else shuffled_deck(round_seed(setting.seed, number))
    return new_round(setting.rules, setting.seed, number, 1 - setting.dealer, order, setting)


def _finish_round(state: State, play: CardPlay) -> State:
    setting = state.setting
    rules = setting.rules
    score = score_of_play(play, rules)
    scores = (setting.scores[0] + score.game_points[0], setting.scores[1] + score.game_points[1])
    pommes = (setting.pommes[0] + score.pommes[0], setting.pommes[1] + score.pommes[1])
    won = game_winner(scores, pommes, rules)
    over = won is not None or out_of_rounds(setting.round_number + 1)
    return changed(
        state,
        play,
        phase=GAME_OVER if over else ROUND_OVER,
        scores=scores,
        pommes=pommes,
        history=setting.history + (score,),
        winner=won,
    )


def observe(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know of ``state``: its own hand and everything public; ``seat=None``
    is a spectator (no hand, no legal moves).

    >>> view = observe(new_game(seed=5), 0)
    >>> len(view.hand), view.hand_sizes, view.phase
    (9, (9, 9), Phase.EXCHANGE)
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    check_observer(seat, SEATS)
    setting = state.setting
    play = state.play
    if play is None:
        hands = setting.hands
        trick: tuple[Card, ...] = ()
        leader: int | None = None
        tricks: tuple[Trick, ...] = ()
        points: tuple[int, ...] = (0, 0)
    else:
        hands, trick, leader, tricks = play.hands, play.trick, play.leader, play.tricks
        points = play.points()
    acting = to_act(state)
    return build_observation(
        seat, setting.rules, setting.phase, setting.round_number, setting.dealer, acting,
        NO_CARDS if seat is None else hands[seat],
        (len(hands[0]), len(hands[1])), state.trump, setting.turned, state.top_card, setting.exchanges,
        state.swapped_by, trick, leader, tricks, points, setting.scores, setting.pommes, setting.history,
        setting.winner, legal_moves(state) if acting == seat else (),
    )


def card_zones(state: State) -> dict[str, CardSet]:
    """Where each of the 36 cards is: ``"hand 0"``, ``"hand 1"`` (the cards each seat holds),
    ``"trick"`` (the trick in progress), ``"won 0"``, ``"won 1"`` (the cards of the tricks each
    seat has taken), ``"extras 0"``, ``"extras 1"`` (the face-down extras of a seat that has not
    decided yet), ``"talon"`` (the 11 cards under the top card), ``"top card"`` (the turned card,
    or the trump 6 after a swap) and ``"out of play"`` (the 6 unused cards of the exchange).
    The zones are disjoint and hold the 36 cards together; :mod:`jass.testing` checks it after
    every move.

    >>> zones = card_zones(new_game(seed=1))
    >>> [len(zones[name]) for name in ("hand 0", "extras 1", "talon", "top card", "out of play")]
    [9, 3, 11, 1, 0]
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    if state.play is None:
        zones = {"hand 0": state.hands[0], "hand 1": state.hands[1], "trick": CardSet()}
        zones.update({"won 0": CardSet(), "won 1": CardSet()})
    else:
        zones = state.play.zones()
    zones["extras 0"], zones["extras 1"] = state.extras
    zones["talon"] = state.talon
    zones["top card"] = CardSet([state.top_card])
    zones["out of play"] = state.out_of_play
    return zones
