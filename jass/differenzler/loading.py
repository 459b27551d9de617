"""The checks of a Differenzler state or observation read from JSON: the round is replayed from
its deal through :func:`~jass.differenzler.apply`.
"""

from __future__ import annotations

from typing import Final

from jass import play
from jass._base import check_same
from jass.cards import CardSet
from jass.differenzler import moves
from jass.differenzler.dealing import start_round
from jass.differenzler.game import apply, seat_to_act
from jass.differenzler.rules import Rules
from jass.differenzler.score import game_winner, penalties_of
from jass.differenzler.state import Observation, Phase, RoundScore, Setting, State
from jass.errors import SerialError
from jass.play import PlayCard
from jass.trump import DEFAULT_TRUMP_JACK_POINTS, LAST_TRICK_BONUS
from jass.variant.facets import Loading
from jass.variant.loading import check_game_end, check_turn, replay_move, rounds_before
from jass.variant.state import out_of_rounds

__all__ = ["check_loaded", "check_observation"]


def _check_history(setting: Setting, path: str) -> tuple[RoundScore, ...]:
    """The dealer, and the rounds written before the one in ``setting``: finished rounds that did
    not end the game, each scored by the rules."""
    rules = setting.rules
    seats = rules.seats
    before = rounds_before(setting, Rules, seats, setting.phase is Phase.ROUND_OVER or setting.phase is Phase.GAME_OVER, path)
    first = (setting.dealer - setting.round_number) % seats
    totals = [0] * seats
    for i, score in enumerate(before):
        rpath = f"{path}.history[{i}]"
        if score.round_number != i:
            raise SerialError(f"is {score.round_number}, but it is round {i} of the history", f"{rpath}.round_number")
        if score.dealer != (first + i) % seats:
            raise SerialError(f"round {i} is dealt by seat {(first + i) % seats}", f"{rpath}.dealer")
        if score.penalties is None:
            raise SerialError("a round of the history is finished and has penalties", f"{rpath}.penalties")
        rights = penalties_of(rules, score.dealer, score.points, score.predictions, score.tricks_won)
        for seat, right in enumerate(rights):
            if score.penalties[seat] != right:
                raise SerialError(f"is {score.penalties[seat]}, but the rules give {right}",
                                  f"{rpath}.penalties[{seat}]")
            totals[seat] += right
        if game_winner(totals, i + 1, rules) is not None:
            raise SerialError(f"after this round seat {totals.index(min(totals))} alone has the lowest total: "
                              "the game would have ended", rpath)
        if out_of_rounds(i + 1):
            raise SerialError("after this round the round limit ended the game", rpath)
    return before


def check_loaded(state: State, path: str = "$") -> None:
    """Check a state read from JSON: its dealer and history, and then its round, replayed
    from the deal through :func:`apply` (every prediction, every card in order), must give the
    state itself. Raises :class:`~jass.errors.SerialError` at the first field that does not fit."""
    setting = state.setting
    before = _check_history(setting, path)
    seats, each = setting.rules.seats, setting.rules.cards_each
    if state.play.seats != seats:
        raise SerialError(f"the rules' Differenzler has {seats} players", f"{path}.play.hands")
    dealt = state.play.dealt(f"{path}.play")
    if len(dealt[0]) != each:
        raise SerialError(f"Differenzler for {seats} deals {each} cards to each player", f"{path}.play")
    if setting.face_up not in dealt[setting.dealer]:
        raise SerialError(f"the face-up card is the dealer's (seat {setting.dealer}), who was dealt "
                          f"{dealt[setting.dealer]}", f"{path}.face_up")
    penalties = tuple(sum((score.penalties or (0,) * seats)[s] for score in before) for s in range(seats))
    replay = State(
        Setting(rules=setting.rules, seed=setting.seed, round_number=setting.round_number, dealer=setting.dealer,
                phase=Phase.PREDICT, face_up=setting.face_up, predictions=(None,) * seats, penalties=penalties,
                history=before),
        start_round(setting.rules, dealt, setting.dealer, setting.face_up),
    )
    for i in range(seats):
        seat = (setting.dealer + 1 + i) % seats
        prediction = setting.predictions[seat]
        if prediction is None:
            break
        replay = replay_move(apply, replay, moves.Predict(prediction), f"{path}.predictions[{seat}]")
    for card, card_path in state.play.cards_in_order(f"{path}.play"):
        replay = replay_move(apply, replay, PlayCard(card), card_path)
    check_same(state, replay, path, "replaying the round from its deal")


def check_observation(view: Observation, path: str = "$") -> None:
    """Check an observation read from JSON: the public facts must agree (the tricks by the
    rules of card play, the face-up card, who has predicted, whose turn it is, the points, the
    penalties and the history, the legal moves). Raises :class:`~jass.errors.SerialError`."""
    seat = view.seat
    seats, tricks = view.rules.seats, view.rules.tricks
    for name in ("seat", "dealer", "to_act", "trick_leader", "winner"):
        value = getattr(view, name)
        if value is not None and value >= seats:
            raise SerialError(f"is {value}, but the game has the seats 0..{seats - 1}", f"{path}.{name}")
    vorhand = (view.dealer + 1) % seats
    if view.trump.value != view.face_up.suit:
        raise SerialError(f"the face-up card {view.face_up} fixes trump", f"{path}.trump")
    played, seen = play.check_public_tricks(view.tricks, view.trick, view.trick_leader, view.trump, seats,
                                       DEFAULT_TRUMP_JACK_POINTS, vorhand, path)
    play.check_hand_view(view.hand, view.hand_sizes, seat, played, seen, view.rules.cards_each, path)
    if view.face_up.bit & seen:
        owner = None
        for trick in view.tricks:
            if view.face_up in trick.cards:
                owner = (trick.leader + trick.cards.index(view.face_up)) % seats
        if view.face_up in view.trick:
            owner = (view.trick_leader + view.trick.index(view.face_up)) % seats
        if owner != view.dealer:
            raise SerialError(f"the face-up card is the dealer's (seat {view.dealer}); someone else played it",
                              f"{path}.face_up")
    elif seat is not None and (view.face_up in view.hand) != (seat == view.dealer):
        raise SerialError(f"the face-up card is in the dealer's hand (seat {view.dealer})", f"{path}.face_up")
    made = sum(view.predicted)
    for i in range(seats):
        if view.predicted[(vorhand + i) % seats] != (i < made):
            raise SerialError("the players predict in turn, from Vorhand round to the dealer", f"{path}.predicted")
    for s in range(seats):
        if view.predictions[s] is not None and not view.predicted[s]:
            raise SerialError("a prediction is shown, but the seat has not predicted", f"{path}.predictions[{s}]")
    if seat is not None and view.predicted[seat] and view.predictions[seat] is None:
        raise SerialError("a player sees their own prediction", f"{path}.predictions[{seat}]")
    if view.phase is Phase.PREDICT:
        if made == seats or seen:
            raise SerialError("the players predict before any card is played, and only until all have",
                              f"{path}.phase")
    else:
        if made != seats:
            raise SerialError("every player has predicted before the cards are played", f"{path}.predicted")
        if (len(view.tricks) == tricks) != (view.phase is not Phase.PLAY):
            raise SerialError(f"the round is over when, and only when, all {tricks} tricks are played", f"{path}.phase")
    points = [0] * seats
    for trick in view.tricks:
        points[trick.winner] += trick.points
    if len(view.tricks) == tricks:
        points[view.tricks[-1].winner] += LAST_TRICK_BONUS
    if list(view.points) != points:
        raise SerialError(f"is {list(view.points)}, but the tricks give {points}", f"{path}.points")
    totals = [sum((score.penalties or (0,) * seats)[s] for score in view.history) for s in range(seats)]
    if list(view.penalties) != totals:
        raise SerialError(f"is {list(view.penalties)}, but the history adds up to {totals}", f"{path}.penalties")
    check_game_end(view.winner, view.phase is Phase.GAME_OVER, len(view.history), path)
    expected = seat_to_act(view.phase, view.dealer, made, (view.trick_leader + len(view.trick)) % seats, seats)
    allowed = ({Phase.PREDICT: moves.Predict, Phase.ROUND_OVER: moves.Deal}.get(view.phase, PlayCard),)
    if check_turn(view, expected, allowed, path) and view.phase is Phase.PLAY:
        # The observation does not say the card-play options: the cards must be the hand's own.
        cards = CardSet(move.card for move in view.legal_moves if type(move) is PlayCard)
        if not cards or not cards <= view.hand:
            raise SerialError(f"the cards in it are {cards or 'none'}, not a choice from the hand {view.hand}",
                              f"{path}.legal_moves")


#: How JSON loads Differenzler's values (:class:`~jass.variant.Loading`).
LOADING: Final = Loading(json_types=(Setting, RoundScore), check_loaded=check_loaded,
                         check_observation=check_observation)
