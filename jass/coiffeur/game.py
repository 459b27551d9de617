"""Coiffeur's game: :func:`new_game`, who chooses a row, the legal moves, :func:`apply`, and what
a seat sees (:func:`observe`, :func:`card_zones`).
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.cards import Card, CardSet
from jass.cards import deal as deal_cards
from jass.coiffeur.moves import DEAL, PUSH, ChooseRow, Deal, DeclareWeis, Move, Push
from jass.coiffeur.rules import Rules
from jass.coiffeur.score import score_round, score_so_far
from jass.coiffeur.slate import Slate
from jass.coiffeur.state import (
    CHOOSE,
    GAME_OVER,
    NO_CARDS,
    PLAY,
    ROUND_OVER,
    Observation,
    Phase,
    RoundScore,
    State,
    build_observation,
    build_setting,
    build_state,
    written_scores,
)
from jass.errors import IllegalMoveError
from jass.play import CardPlay, PlayCard, card_moves, round_seed
from jass.teams.game import weis_view
from jass.teams.moves import first_hands, weis_options
from jass.teams.rules import SEATS, team_of
from jass.variant.guards import check_observer, check_sender, refused, wrong_state
from jass.variant.state import changed, game_start


def new_game(
    rules: Rules | None = None,
    seed: int | None = None,
    *,
    deal: Sequence[CardSet] | Sequence[Card | str] | None = None,
) -> State:
    """A new game, its first round dealt and Vorhand to choose.

    ``seed`` fixes every deal (and the first dealer unless ``rules.first_dealer`` is set);
    ``deal`` gives the first round's hands: four hands of nine cards, or an order of the 36
    cards (seat *k* gets cards ``9k .. 9k+8``).

    >>> new_game(seed=7).phase, len(new_game(seed=7).slates[0])
    (Phase.CHOOSE, 8)
    """
    game_rules, seed, dealer = game_start(rules, seed, Rules, SEATS)
    hands = deal_cards(seed) if deal is None else first_hands(deal)
    setting = build_setting(rules=game_rules, seed=seed, round_number=0, dealer=dealer, phase=CHOOSE, dealt=hands)
    return build_state(setting, None)


def seats_that_choose(slate: Slate, history: Sequence[RoundScore], dealer: int) -> list[int]:
    """The seats that may choose, in order from Vorhand: those whose team has an open row (the
    others pass the choice on: a team whose column is full has nothing to choose)."""
    filled = [0, 0]
    for score in history:
        filled[score.team] += 1
    rows = len(slate.rows)
    return [(dealer + 1 + k) % SEATS for k in range(SEATS) if filled[(dealer + 1 + k) % 2] < rows]


def seat_to_act(phase: Phase, dealer: int, pushed: int, choosers: Sequence[int], to_play: int | None) -> int | None:
    """The seat whose move is due: the one rule behind :func:`to_act` and the check of a loaded
    observation. Choosing goes round the seats that may choose, from Vorhand."""
    if phase is PLAY:
        return to_play
    if phase is CHOOSE:
        return choosers[pushed % len(choosers)]
    if phase is ROUND_OVER:
        return (dealer + 1) % SEATS
    return None


def to_act(state: State) -> int | None:
    """The seat whose move is due, ``None`` once the game is over."""
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    if setting.phase is PLAY:
        return state.play.to_play if state.play is not None else None
    choosers = seats_that_choose(setting.rules.slate, setting.history, setting.dealer) if setting.phase is CHOOSE else []
    return seat_to_act(setting.phase, setting.dealer, setting.pushed, choosers, None)


def is_over(state: State) -> bool:
    """True when the game is over."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.setting.phase is GAME_OVER


def winner(state: State) -> int | None:
    """The team with more points once every row of both teams is played (0: seats 0 and 2, 1:
    seats 1 and 3); ``None`` while the game goes on, and for equal points."""
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.setting.winner


def _choices(rules: Rules, history: Sequence[RoundScore], team: int) -> tuple[ChooseRow, ...]:
    """Every row still open in ``team``'s column, with each mode it allows."""
    done = {score.row for score in history if score.team == team}
    return tuple(
        ChooseRow(index, mode) for index, row in enumerate(rules.slate.rows) if index not in done for mode in row.modes
    )


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move the seat to act may make; empty once the game is over.

    >>> moves = legal_moves(new_game(seed=1))
    >>> len(moves), moves[-1]                     # 6 rows of one mode, 2 jokers of 6, and a push
    (19, Push())
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if phase is PLAY:
        play = state.play
        assert play is not None
        cards: tuple[Move, ...] = card_moves(play.legal_bits)
        if play.tricks:
            return cards
        rules = setting.rules
        weis = rules.weis
        seat = (play.leader + len(play.trick)) % SEATS
        if weis is None or rules.auto_declare or setting.declared[seat] is not None:
            return cards
        return weis_options(setting.dealt[seat].bits, weis, DeclareWeis) + cards
    if phase is CHOOSE:
        choosers = seats_that_choose(setting.rules.slate, setting.history, setting.dealer)
        seat = choosers[setting.pushed % len(choosers)]
        options: tuple[Move, ...] = _choices(setting.rules, setting.history, team_of(seat))
        # Pushing goes round the seats that may choose; when all have pushed, the first must choose.
        return options + (PUSH,) if setting.pushed < len(choosers) else options
    if phase is ROUND_OVER:
        return (DEAL,)
    return ()


def apply(state: State, move: Move, *, seat: int | None = None) -> State:
    """The state after the seat to act makes ``move`` (one of :func:`legal_moves`); ``state``
    itself is unchanged. A move sent for ``seat`` is refused unless that seat is to act; the
    text of every error is safe to show to the sender (:class:`jass.variant.Apply`). Trusted
    code deals given cards with :func:`apply_trusted`.

    >>> from jass import Trump
    >>> state = new_game(Rules(first_dealer=3), seed=7)
    >>> apply(state, ChooseRow(0, Trump.EICHELN), seat=1)
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
        return end_round(state, play)
    legal = legal_moves(state)
    if move not in legal:  # the one rule of what may be played: legal_moves
        raise refused(move, phase, to_act(state), legal)
    kind = type(move)
    if kind is ChooseRow:
        return _choose(state, move)  # type: ignore[arg-type]
    if kind is Push:
        return changed(state, pushed=setting.pushed + 1)
    if kind is DeclareWeis:
        assert state.play is not None and state.play.to_play is not None
        seat_to_play = state.play.to_play
        declared = setting.declared[:seat_to_play] + (move.weis,) + setting.declared[seat_to_play + 1:]  # type: ignore[union-attr]
        return changed(state, declared=declared)
    return _deal(state, move)  # type: ignore[arg-type]


def apply_trusted(state: State, move: Move) -> State:
    """:func:`apply` for trusted code only (a replayed record, a test position): it also takes
    a :class:`Deal` of given hands. Never for a move a client sent: a player must not choose
    the deal."""
    if type(move) is Deal and move.hands is not None and type(state) is State and state.phase is ROUND_OVER:
        return _deal(state, move)
    return apply(state, move)


def _choose(state: State, move: ChooseRow) -> State:
    """The row and mode chosen: the chooser's team declares, and the chooser leads trick 1
    (Swisslos: "Derjenige Spieler, welcher die Trumpfart bestimmt hat, startet mit dem Ablegen
    der ersten Karte")."""
    setting = state.setting
    chooser = to_act(state)
    assert chooser is not None
    play = CardPlay.start(move.mode, setting.dealt, chooser, setting.rules.play)
    return changed(state, play, phase=PLAY, row=move.row, mode=move.mode, chooser=chooser)


def _deal(state: State, move: Deal) -> State:
    number = state.round_number + 1
    hands = deal_cards(round_seed(state.seed, number)) if move.hands is None else move.hands
    setting = state.setting
    return build_state(
        build_setting(
            rules=setting.rules, seed=setting.seed, round_number=number, dealer=(setting.dealer + 1) % SEATS,
            phase=CHOOSE, dealt=hands, history=setting.history,
        ),
        None,
    )


def end_round(state: State, play: CardPlay) -> State:
    """The last card: the declaring team's points are written in its row; after every row of
    both columns the game is over."""
    setting = state.setting
    history = setting.history + (score_so_far(setting, play),)
    if len(history) < 2 * len(setting.rules.slate.rows):
        return changed(state, play, phase=ROUND_OVER, history=history)
    scores = written_scores(history)
    winning = None if scores[0] == scores[1] else int(scores[1] > scores[0])
    return changed(state, play, phase=GAME_OVER, history=history, winner=winning)


def observe(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know: its own hand, the row and mode chosen, the tricks, declared Weis
    points, the shown Weis, credited Stöck, the slate and the scores; never another hand.
    ``seat=None`` is a spectator: what everybody at the table sees (no hand, no legal moves).

    >>> view = observe(new_game(seed=5), 2)
    >>> len(view.hand), view.slates[0]
    (9, (None, None, None, None, None, None, None, None))
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    check_observer(seat, SEATS)
    setting = state.setting
    play = state.play
    if play is not None:
        hand = NO_CARDS if seat is None else play.hand(seat)
        hand_sizes = play.hand_sizes
        trick, leader, tricks, trump = play.trick, play.leader, play.tricks, play.trump
    else:
        hand = NO_CARDS if seat is None else setting.dealt[seat]
        hand_sizes = tuple(len(dealt) for dealt in setting.dealt)
        trick, leader, tricks, trump = (), None, (), None
    rules = setting.rules
    weis_team = credited_stoeck = None
    round_points = (0, 0)
    if play is not None:
        score = score_round(state)
        teams = score.teams
        weis_team = 0 if teams[0].weis else 1 if teams[1].weis else None
        credited_stoeck = 0 if teams[0].stoeck else 1 if teams[1].stoeck else None
        if setting.phase is PLAY:
            round_points = score.totals
    declared_points, own_weis, shown = weis_view(
        setting.dealt, setting.declared, rules.weis, rules.auto_declare, play is not None and bool(play.tricks),
        weis_team, seat,
    )
    acting = to_act(state)
    return build_observation(
        seat, rules, setting.phase, setting.round_number, setting.dealer, acting, hand, hand_sizes, setting.pushed,
        setting.row, setting.mode, setting.chooser, trump, trick, leader, tricks, declared_points, own_weis, shown,
        credited_stoeck, state.slates, state.scores, round_points, setting.history, setting.winner,
        legal_moves(state) if acting == seat else (),
    )


def card_zones(state: State) -> dict[str, CardSet]:
    """Where each of the 36 cards is: ``"hand 0"`` .. ``"hand 3"`` (before a row is chosen, the
    hands as dealt), ``"trick"`` and ``"won 0"`` .. ``"won 3"``.

    >>> [len(cards) for cards in card_zones(new_game(seed=1)).values()][:5]
    [9, 9, 9, 9, 0]
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    play = state.play
    if play is None:
        zones = {f"hand {seat}": hand for seat, hand in enumerate(state.dealt)}
        zones["trick"] = CardSet()
        zones.update((f"won {seat}", CardSet()) for seat in range(SEATS))
        return zones
    return play.zones()
