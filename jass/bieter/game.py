"""Bieter's game: whose move is due, the legal moves, :func:`apply` and the end of a game.
"""

from __future__ import annotations

from jass.bieter import moves
from jass.bieter.auction import auction_moves, auction_status, modes_of
from jass.bieter.dealing import next_deal
from jass.bieter.rules import SEATS
from jass.bieter.score import REDEAL_SCORE, game_end, score_of_concession, score_of_play
from jass.bieter.state import (ANNOUNCE, AUCTION, DECIDE, DISCARD, GAME_OVER, PLAY, ROUND_OVER, TABLE_SIZE,
                               RoundScore, State, build_state)
from jass.play import CardPlay, PlayCard, card_moves
from jass.variant.guards import check_sender, refused, wrong_state
from jass.variant.state import changed, out_of_rounds

__all__ = ["legal_moves", "apply", "apply_trusted", "to_act", "is_over", "winner", "winning_seats"]


def to_act(state: State) -> int | None:
    """The seat whose move is due; ``None`` once the game is over.

    In phase ROUND_OVER it is the next dealer (the seat after this round's dealer), who deals.
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if phase is PLAY:
        assert state.play is not None
        return state.play.to_play
    if phase is AUCTION:
        return auction_status(setting.calls, setting.dealer, setting.rules).to_act
    if phase is ROUND_OVER:
        return (setting.dealer + 1) % SEATS
    if phase is GAME_OVER:
        return None
    return setting.king


def is_over(state: State) -> bool:
    """True when the game (the Partie) is over."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.setting.phase is GAME_OVER


def winner(state: State) -> int | None:
    """The winning seat once the game is over, for the registry (whose ``winner`` names one
    team): the King when he won; when the Bauernpartei won, the first of them after the King
    (both have won: :func:`winning_seats` names both). ``None`` while the game goes on, and
    for a game the round limit ended drawn."""
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    if setting.king_won is None or setting.king is None:
        return None
    return setting.king if setting.king_won else (setting.king + 1) % SEATS


def winning_seats(state: State) -> tuple[int, ...]:
    """The seats that won (:attr:`jass.variant.Variant.winning_seats`): the King alone, or the two
    of the Bauernpartei; none while the game goes on or for a draw."""
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    if setting.king_won is None or setting.king is None:
        return ()
    king = setting.king
    return (king,) if setting.king_won else tuple(seat for seat in range(SEATS) if seat != king)


def legal_moves(state: State) -> tuple[moves.Move, ...]:
    """Every move the seat to act may make; empty once the game is over.

    Phase AUCTION: :class:`Pass` («fort») and every :class:`Bid` allowed. Phase DISCARD: a
    :class:`Discard` per card of the King's hand. Phase ANNOUNCE: an :class:`Announce` per
    mode. Phase DECIDE: :class:`PlayGame` and :class:`Concede`. Phase PLAY: a
    :class:`~jass.play.PlayCard` per legal card. Phase ROUND_OVER: :class:`Deal`.

    >>> state = new_game(Rules(first_dealer=2), seed=7)
    >>> legal_moves(state)[:3]
    (Pass(), Bid(points=600), Bid(points=605))
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if phase is PLAY:
        assert state.play is not None
        return card_moves(state.play.legal_bits)
    if phase is AUCTION:
        return auction_moves(auction_status(setting.calls, setting.dealer, setting.rules).high, setting.rules)
    if phase is DISCARD:
        assert setting.king is not None
        return tuple(moves.Discard(card) for card in state.hand(setting.king))
    if phase is ANNOUNCE:
        return tuple(moves.Announce(mode) for mode in modes_of(setting.rules))
    if phase is DECIDE:
        return moves.PLAY_OR_CONCEDE
    if phase is ROUND_OVER:
        return moves.ONLY_DEAL
    return ()


def apply(state: State, move: moves.Move, *, seat: int | None = None) -> State:
    """The state after the seat to act makes ``move`` (one of :func:`legal_moves`); ``state``
    itself is unchanged. A move sent for ``seat`` is refused unless that seat is to act; the
    text of every error is safe to show to the sender (:class:`jass.variant.Apply`). Trusted
    code deals given cards with :func:`apply_trusted`.

    >>> state = new_game(Rules(first_dealer=2), seed=7)
    >>> apply(state, Bid(590))
    Traceback (most recent call last):
    jass.errors.IllegalMoveError: Bid(points=590) is not a legal move now (phase auction, seat 0 to act)
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
        assert setting.mode is not None and setting.king is not None
        return _finish_round(changed(state, play), score_of_play(play, setting.mode, setting.king,
                                                                 setting.discards, setting.rules))
    legal = legal_moves(state)
    if move not in legal:  # the one rule of what may be played: legal_moves
        raise refused(move, phase, to_act(state), legal)
    if phase is AUCTION:
        return _call(state, move.points if type(move) is moves.Bid else 0)
    if phase is DISCARD:
        discards = setting.discards + (move.card,)  # type: ignore[union-attr]
        return changed(state, discards=discards, phase=ANNOUNCE if len(discards) == TABLE_SIZE else DISCARD)
    if phase is ANNOUNCE:
        return start_play(changed(state, mode=move.mode))  # type: ignore[union-attr]
    if phase is DECIDE:
        if type(move) is moves.PlayGame:
            return start_play(changed(state, playing=True))
        assert setting.mode is not None and setting.king is not None
        return _finish_round(changed(state, playing=False), score_of_concession(setting.hands, setting.mode,
                                                                                setting.king))
    return next_deal(state, moves.DEAL)


def apply_trusted(state: State, move: moves.Move) -> State:
    """:func:`apply` for trusted code only (a replayed record, a test position): it also takes
    a :class:`Deal` from a given order of the cards. Never for a move a client sent: a player
    must not choose the deal."""
    if type(move) is moves.Deal and move.order is not None and type(state) is State and state.phase is ROUND_OVER:
        return next_deal(state, move)
    return apply(state, move)


def _call(state: State, points: int) -> State:
    """The state after a bid of ``points`` (0: «fort»)."""
    setting = state.setting
    calls = setting.calls + (points,)
    status = auction_status(calls, setting.dealer, setting.rules)
    if not status.over:
        return changed(state, calls=calls)
    if status.bidder is None:  # «Bietet gar niemand mit, wird das Spiel neu gegeben»
        return _finish_round(changed(state, calls=calls), REDEAL_SCORE)
    after = DISCARD if setting.table else ANNOUNCE
    return changed(state, calls=calls, king=status.bidder, bid=status.high, phase=after)


def start_play(state: State) -> State:
    """The state whose card play starts: Vorhand leads (no source says who leads; the general
    rules' Vorhand)."""
    setting = state.setting
    assert setting.mode is not None
    hands = tuple(state.hand(seat) for seat in range(SEATS))
    play = CardPlay.start(setting.mode.trump, hands, state.vorhand, setting.rules.play)
    return changed(state, play, phase=PLAY)


def _finish_round(state: State, score: RoundScore) -> State:
    setting = state.setting
    scores = tuple(setting.scores[side] + score.written[side] for side in (0, 1))
    won = None if setting.king is None else game_end(scores, setting.bid, setting.rules)
    over = won is not None or out_of_rounds(setting.round_number + 1)
    return changed(
        state,
        phase=GAME_OVER if over else ROUND_OVER,
        scores=scores,
        history=setting.history + (score,),
        king_won=won,
    )
