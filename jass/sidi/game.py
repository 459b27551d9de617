"""Sidi Barrani's game: whose move is due, the legal moves, :func:`apply`, and the end of a
round and of the game.
"""

from __future__ import annotations

from jass.errors import IllegalMoveError
from jass.play import CardPlay, PlayCard, card_moves
from jass.sidi import moves
from jass.sidi.auction import auction_calls, auction_result, calling_seat
from jass.sidi.dealing import next_deal
from jass.sidi.score import PASSED_IN, game_winner, score_so_far
from jass.sidi.state import AUCTION, GAME_OVER, PLAY, ROUND_OVER, Phase, RoundScore, State, build_state
from jass.teams.moves import weis_options
from jass.teams.rules import SEATS
from jass.variant.guards import check_sender, refused, wrong_state
from jass.variant.state import changed, out_of_rounds, replace_at

__all__ = ["legal_moves", "apply", "apply_trusted", "to_act", "is_over", "winner"]


def seat_to_act(phase: Phase, dealer: int, calls: int, to_play: int | None) -> int | None:
    """The seat whose move is due: the one rule behind :func:`to_act` and the check of a loaded
    observation. In the auction the calls go round from Vorhand; the next dealer deals."""
    if phase is PLAY:
        return to_play
    if phase is AUCTION:
        return (dealer + 1 + calls) % SEATS
    if phase is ROUND_OVER:
        return (dealer + 1) % SEATS
    return None


def to_act(state: State) -> int | None:
    """The seat whose move is due, ``None`` once the game is over."""
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    to_play = state.play.to_play if state.play is not None else None
    return seat_to_act(setting.phase, setting.dealer, len(setting.calls), to_play)


def is_over(state: State) -> bool:
    """True when the game is over."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.setting.phase is GAME_OVER


def winner(state: State) -> int | None:
    """The team that won (0: seats 0 and 2, 1: seats 1 and 3); ``None`` while the game goes on,
    and for a game the round limit ended drawn."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.setting.winner


def legal_moves(state: State) -> tuple[moves.Move, ...]:
    """Every move the seat to act may make; empty once the game is over.

    >>> legal = legal_moves(new_game(seed=1))       # 13 bids in 6 modes, and a pass
    >>> len(legal), legal[0], legal[-1]
    (79, Bid(points=40, mode=Trump.EICHELN), Pass())
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if phase is PLAY:
        play = state.play
        assert play is not None
        cards: tuple[moves.Move, ...] = card_moves(play.legal_bits)
        if play.tricks:
            return cards
        rules = setting.rules
        weis = rules.weis
        seat = (play.leader + len(play.trick)) % SEATS
        if weis is None or rules.auto_declare or setting.declared[seat] is not None:
            return cards
        return weis_options(setting.dealt[seat].bits, weis, moves.DeclareWeis) + cards
    if phase is AUCTION:
        return auction_calls(setting.calls, setting.rules, setting.dealer)
    if phase is ROUND_OVER:
        return (moves.DEAL,)
    return ()


def apply(state: State, move: moves.Move, *, seat: int | None = None) -> State:
    """The state after the seat to act makes ``move`` (one of :func:`legal_moves`); ``state``
    itself is unchanged. A move sent for ``seat`` is refused unless that seat is to act; the
    text of every error is safe to show to the sender (:class:`jass.variant.Apply`). Trusted
    code deals given cards with :func:`apply_trusted`.

    >>> state = new_game(Rules(first_dealer=3), seed=7)
    >>> apply(state, Pass(), seat=1)
    Traceback (most recent call last):
    jass.errors.WrongSeatError: seat 1 is not to act: seat 0 is
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if seat is not None:
        check_sender(seat, to_act(state), SEATS)
    if phase is PLAY and type(move) is PlayCard:
        # This runs for every card of every game.
        before = state.play
        assert before is not None
        try:
            play = before.play(move.card)
        except IllegalMoveError as error:  # with every legal move of the seat, not only its cards
            raise IllegalMoveError(str(error), legal_moves=legal_moves(state), detail=error.detail) from None
        if play.legal_bits:
            return build_state(setting, play)  # a card changes nothing else
        return end_round(state, score_so_far(setting, play), play)
    legal = legal_moves(state)
    if move not in legal:  # the one rule of what may be played: legal_moves
        raise refused(move, phase, to_act(state), legal)
    kind = type(move)
    if kind is moves.DeclareWeis:
        assert state.play is not None and state.play.to_play is not None
        return changed(state, declared=replace_at(setting.declared, state.play.to_play, move.weis))  # type: ignore[union-attr]
    if kind is moves.Deal:
        return next_deal(state, move)  # type: ignore[arg-type]
    return _call(state, move)  # type: ignore[arg-type]


def apply_trusted(state: State, move: moves.Move) -> State:
    """:func:`apply` for trusted code only (a replayed record, a test position): it also takes
    a :class:`Deal` of given hands. Never for a move a client sent: a player must not choose
    the deal."""
    if type(move) is moves.Deal and move.hands is not None and type(state) is State and state.phase is ROUND_OVER:
        return next_deal(state, move)
    return apply(state, move)


def _call(state: State, move: moves.Call) -> State:
    """A call of the auction; once it is over the contract is played, its bidder leading the
    first trick (jass-entials, Ottersberg's app), or, when all four passed, nothing is written
    and the next dealer deals (no source settles this case)."""
    setting = state.setting
    calls = setting.calls + (move,)
    over, contract = auction_result(calls, setting.rules, setting.dealer)
    if not over:
        return changed(state, calls=calls)
    if contract is None:
        return end_round(changed(state, calls=calls), PASSED_IN, None)
    play = CardPlay.start(contract.mode, setting.dealt, contract.bidder, setting.rules.play)
    return changed(state, play, phase=PLAY, calls=calls)


def end_round(state: State, score: RoundScore, play: CardPlay | None) -> State:
    """The round written: ``score`` added to the scores; the game is over once a team has won
    (:func:`~jass.sidi.score.game_winner`), or after the round limit, drawn."""
    setting = state.setting
    totals = score.totals
    scores = (setting.scores[0] + totals[0], setting.scores[1] + totals[1])
    history = setting.history + (score,)
    won = game_winner(scores, setting.rules)
    over = won is not None or out_of_rounds(setting.round_number + 1)
    return changed(state, play, phase=GAME_OVER if over else ROUND_OVER, scores=scores, history=history, winner=won)

