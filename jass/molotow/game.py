"""Molotow's game: whose move is due, the legal moves, :func:`apply` and the end of a round.
"""

from __future__ import annotations

from jass.molotow.dealing import next_deal
from jass.molotow.moves import DEAL, ONLY_DEAL, Deal, Move
from jass.molotow.score import game_winner, score_of_play
from jass.molotow.state import GAME_OVER, PLAY, ROUND_OVER, State, build_state
from jass.molotow.trumping import play_card
from jass.play import CardPlay, PlayCard, card_moves
from jass.variant.guards import check_sender, refused, wrong_state
from jass.variant.state import changed, out_of_rounds

__all__ = ["legal_moves", "apply", "apply_trusted", "to_act", "is_over", "winner"]


def to_act(state: State) -> int | None:
    """The seat whose move is due: the card play's seat to play; after a round the next dealer
    (the seat after this round's dealer), who deals; ``None`` once the game is over."""
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if phase is PLAY:
        return state.play.to_play
    if phase is ROUND_OVER:
        return (setting.dealer + 1) % setting.rules.seats
    return None


def is_over(state: State) -> bool:
    """True when the game is over."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.setting.phase is GAME_OVER


def winner(state: State) -> int | None:
    """The seat with the fewest points once the game is over; ``None`` while it goes on, and for a
    tie for the fewest (a draw)."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.setting.winner


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move the seat to act may make; empty once the game is over.

    In phase ``PLAY`` a :class:`~jass.play.PlayCard` per legal card (before trump is fixed a
    player must follow suit if he can; after it, follow suit or trump); in ``ROUND_OVER`` the
    seeded :class:`Deal`.

    >>> len(legal_moves(new_game(seed=1)))          # Vorhand leads any of its nine cards
    9
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    phase = state.setting.phase
    if phase is PLAY:
        return card_moves(state.play.legal_bits)
    if phase is ROUND_OVER:
        return ONLY_DEAL
    return ()


def apply(state: State, move: Move, *, seat: int | None = None) -> State:
    """The state after the seat to act makes ``move`` (one of :func:`legal_moves`); ``state``
    itself is unchanged. A move sent for ``seat`` is refused unless that seat is to act; the
    text of every error is safe to show to the sender (:class:`jass.variant.Apply`). Trusted
    code deals given cards with :func:`apply_trusted`.

    >>> state = new_game(Rules(first_dealer=3), seed=1)
    >>> apply(state, Deal())
    Traceback (most recent call last):
    jass.errors.IllegalMoveError: Deal(order=None) is not a legal move now (phase play, seat 0 to act)
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if seat is not None:
        check_sender(seat, to_act(state), setting.rules.seats)
    if phase is PLAY and type(move) is PlayCard:
        play = play_card(state.play, move.card)  # checks the card
        if play.legal_bits:
            return build_state(setting, play)  # a card changes nothing else
        return _finish_round(state, play)
    legal = legal_moves(state)
    if move not in legal:  # the one rule of what may be played: legal_moves
        raise refused(move, phase, to_act(state), legal)
    return next_deal(state, DEAL)


def apply_trusted(state: State, move: Move) -> State:
    """:func:`apply` for trusted code only (a replayed record, a test position): it also takes
    a :class:`Deal` of a given order of the cards. Never for a move a client sent: a player
    must not choose the deal."""
    if type(move) is Deal and move.order is not None and type(state) is State and state.phase is ROUND_OVER:
        return next_deal(state, move)
    return apply(state, move)


def _finish_round(state: State, play: CardPlay) -> State:
    setting = state.setting
    rules = setting.rules
    score = score_of_play(play, rules)
    totals = tuple(a + b for a, b in zip(setting.totals, score.totals))
    played = setting.round_number + 1
    won = game_winner(totals, played, rules)
    over = played >= rules.rounds or out_of_rounds(played)
    return changed(state, play, phase=GAME_OVER if over else ROUND_OVER, totals=totals,
                   history=setting.history + (score,), winner=won)
