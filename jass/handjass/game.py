"""Handjass for three's game: whose move is due, the legal moves, :func:`apply` and the end of a
round.
"""

from __future__ import annotations

from jass.handjass import moves
from jass.handjass.blinde import decide, due_of
from jass.handjass.dealing import next_deal
from jass.handjass.rules import SEATS
from jass.handjass.score import game_winner, score_of_play
from jass.handjass.state import BLINDE, GAME_OVER, PLAY, ROB, ROUND_OVER, State, build_state
from jass.play import CardPlay, PlayCard, card_moves
from jass.variant.guards import check_sender, refused, wrong_state
from jass.variant.state import changed, out_of_rounds

__all__ = ["legal_moves", "apply", "apply_trusted", "to_act", "is_over", "winner"]


def to_act(state: State) -> int | None:
    """The seat whose move is due; ``None`` once the game is over.

    In phase ROUND_OVER it is the next dealer (the seat after this round's dealer), who deals.
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    phase = state.setting.phase
    if phase is PLAY:
        assert state.play is not None
        return state.play.to_play
    if phase is BLINDE or phase is ROB:
        return due_of(state)[1]
    if phase is ROUND_OVER:
        return (state.setting.dealer + 1) % SEATS
    return None


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

    Phase BLINDE: :class:`TakeBlinde` and :class:`KeepHand`. Phase ROB: :class:`Rob` (for
    the holder of the trump 6 only) and :class:`NoRob`. Phase PLAY: a
    :class:`~jass.play.PlayCard` per legal card. Phase ROUND_OVER: :class:`Deal`.

    >>> state = new_game(Rules(first_dealer=2), seed=7)
    >>> legal_moves(state)
    (TakeBlinde(), KeepHand())
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if phase is PLAY:
        assert state.play is not None
        return card_moves(state.play.legal_bits)
    if phase is BLINDE:
        return moves.TAKE_OR_KEEP
    if phase is ROB:
        seat = due_of(state)[1]
        assert seat is not None
        return moves.ROB_OR_NOT if state.trump_six in setting.hands[seat] else moves.ONLY_NO_ROB
    if phase is ROUND_OVER:
        return moves.ONLY_DEAL
    return ()


def apply(state: State, move: moves.Move, *, seat: int | None = None) -> State:
    """The state after the seat to act makes ``move`` (one of :func:`legal_moves`); ``state``
    itself is unchanged. A move sent for ``seat`` is refused unless that seat is to act; the
    text of every error is safe to show to the sender (:class:`jass.variant.Apply`). Trusted
    code deals given cards with :func:`apply_trusted`.

    >>> state = new_game(Rules(first_dealer=2), seed=7)
    >>> apply(state, Rob())
    Traceback (most recent call last):
    jass.errors.IllegalMoveError: Rob() is not a legal move now (phase blinde, seat 0 to act)
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
    legal = legal_moves(state)
    if move not in legal:  # the one rule of what may be played: legal_moves
        raise refused(move, phase, to_act(state), legal)
    if phase is BLINDE or phase is ROB:
        return decide(state, move)
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
    scores = tuple(setting.scores[seat] + score.game_points[seat] for seat in range(SEATS))
    nullers = tuple(setting.nullers[seat] + score.nullers[seat] for seat in range(SEATS))
    won = game_winner(scores, rules)
    over = won is not None or out_of_rounds(setting.round_number + 1)
    return changed(
        state,
        play,
        phase=GAME_OVER if over else ROUND_OVER,
        scores=scores,
        nullers=nullers,
        history=setting.history + (score,),
        winner=won,
    )
