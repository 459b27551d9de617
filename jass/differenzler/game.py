"""Differenzler's game: whose move is due, the legal moves, :func:`apply` and the end of a round.
"""

from __future__ import annotations

from jass.differenzler.dealing import next_deal
from jass.differenzler.moves import DEAL, PREDICT_MOVES, PREDICT_SET, Deal, Move, Predict
from jass.differenzler.score import game_winner, round_score_of
from jass.differenzler.state import GAME_OVER, PLAY, PREDICT, ROUND_OVER, Phase, State, build_state
from jass.play import CardPlay, PlayCard, card_moves
from jass.variant.guards import check_sender, refused, wrong_state
from jass.variant.state import changed, out_of_rounds

__all__ = ["legal_moves", "apply", "apply_trusted", "to_act", "is_over", "winner"]


def _made(predictions: tuple[int | None, ...]) -> int:
    return len(predictions) - predictions.count(None)


def seat_to_act(phase: Phase, dealer: int, made: int, to_play: int | None, seats: int) -> int | None:
    """The seat whose move is due: predictions go from Vorhand round to the dealer, the card
    play's ``to_play`` plays, the next dealer deals. The one rule behind :func:`to_act` and the
    check of a loaded observation."""
    if phase is PLAY:
        return to_play
    if phase is PREDICT:
        return (dealer + 1 + made) % seats
    if phase is ROUND_OVER:
        return (dealer + 1) % seats
    return None


def to_act(state: State) -> int | None:
    """The seat whose move is due, ``None`` once the game is over.

    Predictions go from Vorhand round to the dealer; after the round the next dealer
    (the seat after the dealer) deals.
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    predictions = setting.predictions
    return seat_to_act(setting.phase, setting.dealer, _made(predictions), state.play.to_play, len(predictions))


def is_over(state: State) -> bool:
    """True when the game is over."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.setting.phase is GAME_OVER


def winner(state: State) -> int | None:
    """The seat with the lowest penalty total once the game is over; ``None`` while it goes on, and
    for a tie that the round limit (:data:`~jass.variant.MAX_ROUNDS`) ended drawn."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.setting.winner


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move the seat to act may make; empty once the game is over.

    In phase ``PREDICT`` they are ``Predict(0)`` .. ``Predict(157)``; in ``PLAY``
    the legal cards; in ``ROUND_OVER`` the seeded ``Deal()`` (a :class:`Deal` with
    explicit hands is legal too). The move objects are shared, not rebuilt.

    >>> len(legal_moves(new_game(seed=1)))
    158
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    phase = state.setting.phase
    if phase is PLAY:
        return card_moves(state.play.legal_bits)
    if phase is PREDICT:
        return PREDICT_MOVES
    if phase is ROUND_OVER:
        return (DEAL,)
    return ()


def apply(state: State, move: Move, *, seat: int | None = None) -> State:
    """The state after the seat to act makes ``move`` (one of :func:`legal_moves`); ``state``
    itself is unchanged. A move sent for ``seat`` is refused unless that seat is to act; the
    text of every error is safe to show to the sender (:class:`jass.variant.Apply`). Trusted
    code deals given cards with :func:`apply_trusted`.

    >>> state = new_game(seed=1, rules=Rules(first_dealer=3))
    >>> apply(state, PlayCard("C6"))
    Traceback (most recent call last):
    jass.errors.IllegalMoveError: PlayCard(Card.C6) is not a legal move now (phase predict, seat 0 to act)
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if seat is not None:
        check_sender(seat, to_act(state), setting.rules.seats)
    kind = type(move)
    if phase is PLAY and kind is PlayCard:
        play = state.play.play(move.card)  # type: ignore[union-attr]  # checks the card
        if play.legal_bits:
            return build_state(setting, play)  # a card changes nothing else
        return end_round(state, play)
    if phase is PREDICT and kind is Predict and move in PREDICT_SET:  # legal_moves, as a set
        return _predict(state, move)
    legal = legal_moves(state)
    if move not in legal:  # the one rule of what may be played: legal_moves
        raise refused(move, phase, to_act(state), legal)
    return next_deal(state, move)  # type: ignore[arg-type]


def apply_trusted(state: State, move: Move) -> State:
    """:func:`apply` for trusted code only (a replayed record, a test position): it also takes
    a :class:`Deal` of given hands (and face-up card). Never for a move a client sent: a
    player must not choose the deal."""
    if type(move) is Deal and move.hands is not None and type(state) is State and state.phase is ROUND_OVER:
        return next_deal(state, move)
    return apply(state, move)


def _predict(state: State, move: Predict) -> State:
    setting = state.setting
    predictions = setting.predictions
    seats = len(predictions)
    made = _made(predictions)
    seat = (setting.dealer + 1 + made) % seats
    predictions = predictions[:seat] + (move.points,) + predictions[seat + 1 :]
    phase = PLAY if made + 1 == seats else PREDICT
    return changed(state, phase=phase, predictions=predictions)


def end_round(state: State, play: CardPlay) -> State:
    setting = state.setting
    score = round_score_of(setting, play)
    assert score.penalties is not None  # every card is played
    totals = tuple(a + b for a, b in zip(setting.penalties, score.penalties))
    winning = game_winner(totals, setting.round_number + 1, setting.rules)
    over = winning is not None or out_of_rounds(setting.round_number + 1)  # a tie at the round limit: drawn
    return changed(
        state, play, phase=GAME_OVER if over else ROUND_OVER, penalties=totals,
        history=setting.history + (score,), winner=winning,
    )
