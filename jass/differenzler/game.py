"""Differenzler's game: :func:`new_game`, whose move is due, the legal moves, :func:`apply`, and
what a seat sees (:func:`observe`, :func:`card_zones`).
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.cards import Card, CardSet
from jass.differenzler.dealing import face_up_of, first_deal, seeded_deal, start_round
from jass.differenzler.moves import DEAL, PREDICT_MOVES, PREDICT_SET, Deal, Move, Predict
from jass.differenzler.rules import SEATS, PredictionMode, Rules
from jass.differenzler.score import game_winner, round_score_of
from jass.differenzler.state import (
    GAME_OVER,
    NO_CARDS,
    PLAY,
    PREDICT,
    ROUND_OVER,
    Observation,
    Phase,
    State,
    build_observation,
    build_setting,
    build_state,
)
from jass.errors import IllegalMoveError, InvalidCardsError
from jass.play import CardPlay, PlayCard, card_moves, round_seed
from jass.variant.guards import check_observer, check_sender, refused, wrong_state
from jass.variant.state import changed, game_start, out_of_rounds


def new_game(
    rules: Rules | None = None,
    seed: int | None = None,
    *,
    deal: Sequence[CardSet] | Sequence[Card | str] | None = None,
    face_up: Card | str | None = None,
) -> State:
    """A new game, its first round dealt and Vorhand to predict.

    ``seed`` fixes every deal (and the first dealer unless ``rules.first_dealer`` is
    set); without one a random seed is drawn and kept in the state. ``deal`` gives
    the first round's cards explicitly:

    - an order of the 36 cards: seat *k* gets cards ``9k .. 9k+8``, and the face-up
      card is the dealer's last card, the last of the dealer's nine (``face_up``, if
      given, must be that card);
    - four hands of nine cards: they have no order, so the face-up card is ``face_up``
      (which the dealer must hold) or, without it, the dealer's highest-index card.

    With a seed, the order is :func:`~jass.cards.shuffled_deck` of the round's seed.

    >>> from jass.cards import FULL_DECK
    >>> state = new_game(Rules(first_dealer=3), deal=list(FULL_DECK))
    >>> state.face_up, state.trump, state.play.hands[3]
    (Card.DA, Trump.SCHELLEN, CardSet('D6 D7 D8 D9 D10 DJ DQ DK DA'))
    """
    game_rules, seed, dealer = game_start(rules, seed, Rules, SEATS)
    if deal is None:
        if face_up is not None:
            raise InvalidCardsError(f"face_up={face_up!r:.40}: a seeded deal fixes the face-up card; give a deal too")
        hands, card = seeded_deal(seed, dealer)
    else:
        hands, card = first_deal(deal, dealer, face_up)
    play = start_round(game_rules, hands, dealer, card)
    setting = build_setting(rules=game_rules, seed=seed, round_number=0, dealer=dealer, phase=PREDICT, face_up=card)
    return build_state(setting, play)


def _made(predictions: tuple[int | None, ...]) -> int:
    return SEATS - predictions.count(None)


def seat_to_act(phase: Phase, dealer: int, made: int, to_play: int | None) -> int | None:
    """The seat whose move is due: predictions go from Vorhand round to the dealer, the card
    play's ``to_play`` plays, the next dealer deals. The one rule behind :func:`to_act` and the
    check of a loaded observation."""
    if phase is PLAY:
        return to_play
    if phase is PREDICT:
        return (dealer + 1 + made) % SEATS
    if phase is ROUND_OVER:
        return (dealer + 1) % SEATS
    return None


def to_act(state: State) -> int | None:
    """The seat whose move is due, ``None`` once the game is over.

    Predictions go from Vorhand round to the dealer; after the round the next dealer
    (the seat after the dealer) deals.
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    return seat_to_act(setting.phase, setting.dealer, _made(setting.predictions), state.play.to_play)


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
        check_sender(seat, to_act(state), SEATS)
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
    return _deal(state, move)  # type: ignore[arg-type]


def apply_trusted(state: State, move: Move) -> State:
    """:func:`apply` for trusted code only (a replayed record, a test position): it also takes
    a :class:`Deal` of given hands (and face-up card). Never for a move a client sent: a
    player must not choose the deal."""
    if type(move) is Deal and move.hands is not None and type(state) is State and state.phase is ROUND_OVER:
        return _deal(state, move)
    return apply(state, move)


def _predict(state: State, move: Predict) -> State:
    setting = state.setting
    predictions = setting.predictions
    made = _made(predictions)
    seat = (setting.dealer + 1 + made) % SEATS
    predictions = predictions[:seat] + (move.points,) + predictions[seat + 1 :]
    phase = PLAY if made + 1 == SEATS else PREDICT
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


def _deal(state: State, move: Deal) -> State:
    setting = state.setting
    number = setting.round_number + 1
    dealer = (setting.dealer + 1) % SEATS
    if move.hands is None:
        hands, card = seeded_deal(round_seed(setting.seed, number), dealer)
    else:
        hands = move.hands
        try:
            card = face_up_of(hands, dealer, move.face_up)
        except InvalidCardsError as error:
            raise IllegalMoveError(f"{move!r:.80}: {error}") from None  # trusted code only
    play = start_round(setting.rules, hands, dealer, card)
    return build_state(
        build_setting(
            rules=setting.rules, seed=setting.seed, round_number=number, dealer=dealer, phase=PREDICT,
            face_up=card, penalties=setting.penalties, history=setting.history,
        ),
        play,
    )


def observe(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know: its own hand, the face-up card, the tricks, the points
    taken, the penalties and history, its own prediction and the others' only when
    they are public (``OPEN`` mode, or the round is over). ``seat=None`` is a spectator:
    what everybody at the table sees (no hand, no secret prediction, no legal moves).

    >>> view = observe(new_game(seed=5), 2)
    >>> len(view.hand), view.hand_sizes, view.predictions
    (9, (9, 9, 9, 9), (None, None, None, None))
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    check_observer(seat, SEATS)
    setting = state.setting
    play = state.play
    phase = setting.phase
    predictions = setting.predictions
    public = (
        setting.rules.prediction_mode is PredictionMode.OPEN
        or phase is ROUND_OVER
        or phase is GAME_OVER
    )
    if not public:
        predictions = tuple(p if s == seat else None for s, p in enumerate(predictions))
    acting = to_act(state)
    return build_observation(
        seat, phase, setting.round_number, setting.dealer, acting, NO_CARDS if seat is None else play.hand(seat),
        play.hand_sizes,
        setting.face_up, play.trump, play.trick, play.leader, play.tricks,
        tuple(p is not None for p in setting.predictions), predictions, play.points(), setting.penalties,
        setting.history, setting.winner, legal_moves(state) if acting == seat else (), setting.rules,
    )


def card_zones(state: State) -> dict[str, CardSet]:
    """Where each of the 36 cards is: ``"hand 0"`` .. ``"hand 3"`` (the cards each seat holds;
    the face-up card stays in the dealer's until played), ``"trick"`` (the trick in progress)
    and ``"won 0"`` .. ``"won 3"`` (the cards of the tricks each seat has taken). The zones are
    disjoint and hold the 36 cards together; :mod:`jass.testing` checks it after every move.

    >>> zones = card_zones(new_game(seed=1))
    >>> [len(zones[name]) for name in ("hand 0", "hand 3", "trick", "won 0")]
    [9, 9, 0, 0]
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.play.zones()
