"""Zweierjass's game: whose move is due, the legal moves, :func:`apply` with the draws after each
of the first nine tricks, and the end of a round.
"""

from __future__ import annotations

from jass.cards import CardSet
from jass.play import CardPlay, PlayCard, card_moves
from jass.variant.guards import check_sender, refused, wrong_state
from jass.variant.state import changed, out_of_rounds
from jass.zweier import moves
from jass.zweier.dealing import next_deal
from jass.zweier.rules import DRAWING_TRICKS, SEATS
from jass.zweier.score import game_winner, score_of_play
from jass.zweier.state import GAME_OVER, PLAY, ROUND_OVER, Phase, Setting, State, build_state

__all__ = ["legal_moves", "apply", "apply_trusted", "to_act", "is_over", "winner"]


def seat_to_act(phase: Phase, dealer: int, to_play: int | None) -> int | None:
    """The seat whose move is due (the next dealer deals): the one rule behind :func:`to_act`
    and the check of a loaded observation."""
    if phase is PLAY:
        return to_play
    if phase is ROUND_OVER:
        return 1 - dealer
    return None


def to_act(state: State) -> int | None:
    """The seat whose move is due; ``None`` once the game is over.

    In phase ROUND_OVER it is the next dealer, who deals.
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    return seat_to_act(state.setting.phase, state.setting.dealer, state.play.to_play)


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

    Phase PLAY: a :class:`~jass.play.PlayCard` per legal card. Phase ROUND_OVER: :class:`Deal`.
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    phase = state.setting.phase
    if phase is PLAY:
        return card_moves(state.play.legal_bits)
    if phase is ROUND_OVER:
        return moves.ONLY_DEAL
    return ()


def draw(setting: Setting, play: CardPlay) -> CardPlay:
    """The play after the draws that follow trick ``len(play.tricks)`` (just completed), while
    the stack has cards: the trick's winner takes the top card, then the other the next («for i
    in range(number_of_players): index = (winning_player_idx + i) % number_of_players [...]
    hand.add_cards(self.table.stack.draw(1))»)."""
    number = len(play.tricks) - 1
    if number >= DRAWING_TRICKS or play.trick:
        return play
    taker = play.tricks[-1].winner
    top, next_card = setting.stack[2 * number], setting.stack[2 * number + 1]
    hands = list(play.hands)
    hands[taker] = CardSet.from_bits(hands[taker].bits | top.bit)
    hands[1 - taker] = CardSet.from_bits(hands[1 - taker].bits | next_card.bit)
    return CardPlay.from_parts(play.setup, hands, play.leader, (), play.tricks)


def apply(state: State, move: moves.Move, *, seat: int | None = None) -> State:
    """The state after the seat to act makes ``move`` (one of :func:`legal_moves`); ``state``
    itself is unchanged. A card that completes one of the first nine tricks is followed by
    the two draws. A move sent for ``seat`` is refused unless that seat is to act; the text of
    every error is safe to show to the sender (:class:`jass.variant.Apply`). Trusted code deals
    given cards with :func:`apply_trusted`.

    >>> state = new_game(Rules(first_dealer=1), seed=7)
    >>> apply(state, Deal())
    Traceback (most recent call last):
    jass.errors.IllegalMoveError: Deal(order=None) is not a legal move now (phase play, seat 0 to act)
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if seat is not None:
        check_sender(seat, to_act(state), SEATS)
    if phase is PLAY and type(move) is PlayCard:
        play = state.play.play(move.card)
        if play.trick:
            return build_state(setting, play)  # a lead changes nothing else
        if play.legal_bits:
            return build_state(setting, draw(setting, play))
        return _finish_round(state, play)
    legal = legal_moves(state)
    if move not in legal:  # the one rule of what may be played: legal_moves
        raise refused(move, phase, to_act(state), legal)
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
    score = score_of_play(play, setting.rules)
    scores = (setting.scores[0] + score.totals[0], setting.scores[1] + score.totals[1])
    won = game_winner(scores, setting.rules)
    over = won is not None or out_of_rounds(setting.round_number + 1)
    return changed(
        state, play, phase=GAME_OVER if over else ROUND_OVER, scores=scores, history=setting.history + (score,),
        winner=won,
    )
