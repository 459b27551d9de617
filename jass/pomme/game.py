"""La pomme's game: whose move is due, the legal moves, :func:`apply` and the end of a round.
"""

from __future__ import annotations

from jass.play import CardPlay, PlayCard, card_moves
from jass.pomme import moves
from jass.pomme.dealing import next_deal
from jass.pomme.exchange import decider, exchange, exchange_options, is_exchange_option, swap
from jass.pomme.rules import SEATS
from jass.pomme.score import game_winner, score_of_play
from jass.pomme.state import EXCHANGE, GAME_OVER, PLAY, ROUND_OVER, SWAP_TRUMP_SIX, Phase, State, build_state
from jass.variant.guards import check_sender, refused, wrong_state
from jass.variant.state import changed, out_of_rounds

__all__ = ["legal_moves", "apply", "apply_trusted", "to_act", "is_over", "winner"]


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


def legal_moves(state: State) -> tuple[moves.Move, ...]:
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
        return moves.SIX_AND_DECLINE if state.trump_six in hand else moves.ONLY_DECLINE
    if phase is ROUND_OVER:
        return moves.ONLY_DEAL
    return ()


def apply(state: State, move: moves.Move, *, seat: int | None = None) -> State:
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
    return next_deal(state, moves.DEAL)


def apply_trusted(state: State, move: moves.Move) -> State:
    """:func:`apply` for trusted code only (a replayed record, a test position): it also takes
    a :class:`Deal` from a given order of the cards. Never for a move a client sent: a player
    must not choose the deal."""
    if type(move) is moves.Deal and move.order is not None and type(state) is State and state.phase is ROUND_OVER:
        return next_deal(state, move)
    return apply(state, move)


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
