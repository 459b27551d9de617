"""The checks of a Molotow state or observation read from JSON: the round is replayed from its deal
through :func:`~jass.molotow.apply`; an observation's tricks are checked trick by trick, each in
the mode it was played in (Obenabe until the first card that did not follow suit, then trump).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from jass import play
from jass._base import check_same
from jass.cards import Card, CardSet
from jass.errors import SerialError
from jass.molotow.game import apply
from jass.molotow.moves import Deal
from jass.molotow.rules import Rules
from jass.molotow.score import game_winner, score_of_tricks
from jass.molotow.state import Observation, Phase, RoundScore, Setting, State
from jass.molotow import trumping
from jass.tricks import winning_position
from jass.trump import LAST_TRICK_BONUS, Trump, point_table
from jass.variant.facets import Loading
from jass.variant.loading import check_turn, replay_move, rounds_before
from jass.variant.state import out_of_rounds

__all__ = ["check_loaded", "check_observation"]

#: The points of a round's cards and last trick, before any Weis.
ROUND_POINTS: Final = 152 + LAST_TRICK_BONUS


def _check_history(history: Sequence[RoundScore], rules: Rules, path: str) -> tuple[int, ...]:
    """Every round of ``history`` is complete with its 157 card points, and none but the last
    can have ended the game; the totals they add up to."""
    totals = [0] * rules.seats
    for i, score in enumerate(history):
        rpath = f"{path}.history[{i}]"
        if not score.complete:
            raise SerialError("a round of the history is finished", f"{rpath}.complete")
        if sum(score.card_points) + sum(score.last_trick) != ROUND_POINTS:
            raise SerialError(f"a round's cards and last trick are worth {ROUND_POINTS}", f"{rpath}.card_points")
        for s in range(rules.seats):
            totals[s] += score.totals[s]
        if i + 1 < len(history) and (i + 1 >= rules.rounds or out_of_rounds(i + 1)):
            raise SerialError("after this round the game was over", rpath)
    return tuple(totals)


def check_loaded(state: State, path: str = "$") -> None:
    """Check a state read from JSON: its dealer and history, and then its round, replayed from the
    deal through :func:`apply` (every card in order), must give the state itself. Raises
    :class:`~jass.errors.SerialError` at the first field that does not fit."""
    setting = state.setting
    rules = setting.rules
    over = setting.phase is not Phase.PLAY
    before = rounds_before(setting, Rules, rules.seats, over, path)
    _check_history(setting.history, rules, path)
    if state.play.seats != rules.seats:
        raise SerialError(f"the rules' Molotow has {rules.seats} players", f"{path}.play.hands")
    dealt = state.play.dealt(f"{path}.play")
    if len(dealt[0]) != rules.cards_each:
        raise SerialError(f"Molotow for {rules.seats} deals {rules.cards_each} cards to each player", f"{path}.play")
    if any(hand & rules.out_of_play for hand in dealt):
        raise SerialError(f"{rules.out_of_play} is out of play", f"{path}.play")
    totals = tuple(sum(score.totals[s] for score in before) for s in range(rules.seats))
    replay = State(
        Setting(rules=rules, seed=setting.seed, round_number=setting.round_number, dealer=setting.dealer,
                phase=Phase.PLAY, totals=totals, history=before, winner=None),
        trumping.start_play(rules, dealt, (setting.dealer + 1) % rules.seats),
    )
    for card, card_path in state.play.cards_in_order(f"{path}.play"):
        replay = replay_move(apply, replay, play.PlayCard(card), card_path)
    check_same(state, replay, path, "replaying the round from its deal")


def _check_tricks(view: Observation, path: str) -> tuple[list[int], int]:
    """The tricks of an observation as public facts: the first led by Vorhand, each later one by
    the last winner; each won and counted in its mode (Obenabe before the trick in which trump
    was fixed, the trump from it on); no card twice; the trump the one the first card that did
    not follow suit fixed. The number of cards each seat has played and the cards played (bits)."""
    seats = view.rules.seats
    where = trumping.fixing_position(view.tricks, view.trick)
    trump = trumping.trump_of(view.tricks, view.trick)
    if view.trump is not trump:
        raise SerialError(f"is {view.trump}, but the first card that did not follow suit fixes {trump}",
                          f"{path}.trump")
    played = [0] * seats
    seen = 0
    leader = (view.dealer + 1) % seats
    out = view.rules.out_of_play.bits
    for i, done in enumerate(view.tricks):
        tpath = f"{path}.tricks[{i}]"
        if CardSet(done.cards).bits & out:
            raise SerialError(f"{view.rules.out_of_play} is out of play", f"{tpath}.cards")
        if done.leader != leader:
            raise SerialError(f"seat {leader} leads this trick, got {done.leader}", f"{tpath}.leader")
        if len(done.cards) != seats:
            raise SerialError(f"a finished trick has {seats} cards, got {len(done.cards)}", f"{tpath}.cards")
        seen = _seen(done.cards, done.leader, seen, played, f"{tpath}.cards")
        mode = trump if trump is not None and where is not None and i >= where[0] else Trump.OBENABE
        winner = (done.leader + winning_position(done.cards, mode)) % seats
        if done.winner != winner:
            raise SerialError(f"is {done.winner}, but the rules give seat {winner}", f"{tpath}.winner")
        points = sum(point_table(mode)[card.index] for card in done.cards)
        if done.points != points:
            raise SerialError(f"is {done.points}, but the cards are worth {points}", f"{tpath}.points")
        leader = winner
    if view.trick_leader != leader:
        raise SerialError(f"seat {leader} leads the trick in progress, got {view.trick_leader}", f"{path}.trick_leader")
    if len(view.trick) >= seats:
        raise SerialError(f"a trick in progress has fewer than {seats} cards, got {len(view.trick)}", f"{path}.trick")
    seen = _seen(view.trick, leader, seen, played, f"{path}.trick")
    return played, seen


def _seen(cards: Sequence[Card], leader: int, seen: int, played: list[int], path: str) -> int:
    """The cards seen so far with ``cards`` added (each seat's count of cards played too); a card
    seen twice is a :class:`~jass.errors.SerialError`."""
    for position, card in enumerate(cards):
        if seen & card.bit:
            raise SerialError(f"{card} is played twice", path)
        seen |= card.bit
        played[(leader + position) % len(played)] += 1
    return seen


def _expected_to_act(view: Observation) -> int | None:
    seats = view.rules.seats
    if view.phase is Phase.PLAY:
        return (view.trick_leader + len(view.trick)) % seats
    if view.phase is Phase.ROUND_OVER:
        return (view.dealer + 1) % seats
    return None


def check_observation(view: Observation, path: str = "$") -> None:
    """Check an observation read from JSON: the public facts must agree (the tricks by the rules of
    card play, each in its mode; the trump; whose turn it is; the round's score, the totals and
    the history; the winner; the legal moves). Raises :class:`~jass.errors.SerialError`."""
    rules = view.rules
    seats = rules.seats
    for name in ("seat", "dealer", "to_act", "trick_leader", "winner"):
        value = getattr(view, name)
        if value is not None and value >= seats:
            raise SerialError(f"is {value}, but the game has the seats 0..{seats - 1}", f"{path}.{name}")
    played, seen = _check_tricks(view, path)
    play.check_hand_view(view.hand, view.hand_sizes, view.seat, played, seen, rules.cards_each, path)
    complete = len(view.tricks) == rules.cards_each
    if view.hand & rules.out_of_play:
        raise SerialError(f"{rules.out_of_play} is out of play", f"{path}.hand")
    if complete != (view.phase is not Phase.PLAY):
        raise SerialError("the round is over when, and only when, every card is played", f"{path}.phase")
    score = score_of_tricks(view.tricks, view.trick, view.trick_leader, seats, complete, rules)
    if view.round_score != score:
        raise SerialError("is not the score the tricks give", f"{path}.round_score")
    if complete and (not view.history or view.history[-1] != score):
        raise SerialError("the round just counted is the last of the history", f"{path}.history")
    totals = _check_history(view.history, rules, path)
    if tuple(view.totals) != totals:
        raise SerialError(f"is {list(view.totals)}, but the history adds up to {list(totals)}", f"{path}.totals")
    over = len(view.history) >= rules.rounds or out_of_rounds(len(view.history))
    if (view.phase is Phase.GAME_OVER) != (complete and over):
        raise SerialError(f"the game is over after its {rules.rounds} rounds, and only then", f"{path}.phase")
    winner = game_winner(totals, len(view.history), rules) if view.phase is Phase.GAME_OVER else None
    if view.winner != winner:
        raise SerialError(f"is {view.winner}, but the totals give {winner}", f"{path}.winner")
    allowed: tuple[type, ...] = (Deal,) if view.phase is Phase.ROUND_OVER else (play.PlayCard,)
    if not check_turn(view, _expected_to_act(view), allowed, path):
        return
    if view.phase is Phase.PLAY:
        mode = trumping.mode_in_play(view.trump)
        play.check_legal_cards(view.legal_moves, view.hand, view.trick, mode, rules.play, path)


#: How JSON loads Molotow's values (:class:`~jass.variant.Loading`).
LOADING: Final = Loading(json_types=(Setting, RoundScore), check_loaded=check_loaded,
                         check_observation=check_observation)
