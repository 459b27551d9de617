"""Differenzler: four players, each for themselves, predict the points they will take.

Seed 001, "Spelregels voor Differenzler":

    *Vier spelers spelen zonder partners, ieder voor zich, in vier ronden. Aan het
    begin van elke ronden krijgt iedereen negen kaarten. De laatste kaart van de
    deler wordt opgelegd en bepaald de troefkleur. Dan moet u een schatting geven
    van hoeveel punten u in deze ronden slaat. Deze schatting kan openbaar of in
    het geheim gemaakt worden - afhankelijk van welke modus van het spel gekozen
    is. Na de ronde worden de werkelijk gemaakte punten geteld en het verschil met
    de schatting wordt als minpunten genoteerd. Wie na vier rondes de minste
    minpunten heeft wint het spel (bij gelijkspel wordt een ronde meer gespeeld).*

(Four players play without partners, each for themselves, in four rounds. Each
round everyone gets nine cards. The dealer's last card is laid face up and fixes
trump. Then you estimate how many points you will take this round, openly or in
secret, depending on the mode chosen. After the round the points taken are
counted and the difference from the estimate is written as penalty points.
Whoever has the fewest penalty points after four rounds wins; on a tie one more
round is played.)

A round goes: :class:`Deal` (automatic for the first round), one :class:`Predict`
per seat from Vorhand (the seat after the dealer) round to the dealer, then nine
tricks of :class:`~jass.play.PlayCard` led by Vorhand, with the card-play rules
of :mod:`jass.tricks` (undertrumping allowed). No Weis, no Stöck, no match
bonus: the round's 157 points (152 in cards, 5 for the last trick) are shared
out as taken.

>>> from jass import differenzler as dz
>>> state = dz.new_game(seed=11, rules=dz.Rules(first_dealer=3))
>>> state.phase, dz.to_act(state)          # Vorhand predicts first
(Phase.PREDICT, 0)
>>> state.face_up in state.play.hands[3]    # the face-up card stays with the dealer
True
>>> state.trump == state.face_up.suit
True
>>> state = dz.apply(state, dz.Predict(40))
>>> dz.observe(state, 1).predictions      # secret: seat 1 does not see seat 0's 40
(None, None, None, None)
>>> dz.observe(state, 0).predictions
(40, None, None, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Union

import attrs

from jass._base import NamedEnum, instance_of, int_in
from jass.cards import Card, CardSet, shuffled_deck, validate_deck
from jass.errors import IllegalMoveError, InvalidCardsError, InvalidRulesError, JassError
from jass.play import CardPlay, PlayCard, Trick, card_moves, new_seed, round_seed, seeded_seat
from jass.protocol import TwoPartState
from jass.tricks import PlayRules, Undertrump
from jass.trump import Trump

__all__ = [
    "SEATS",
    "MAX_PREDICTION",
    "Phase",
    "PredictionMode",
    "ZeroBonus",
    "Rules",
    "Predict",
    "PlayCard",
    "Deal",
    "Move",
    "RoundScore",
    "Setting",
    "State",
    "Observation",
    "new_game",
    "legal_moves",
    "apply",
    "to_act",
    "is_over",
    "winner",
    "score_round",
    "observe",
    "card_zones",
]

#: Number of players.
SEATS: Final = 4
#: The highest prediction: every point of a round (152 in cards + 5 for the last trick).
MAX_PREDICTION: Final = 157
_CARDS_EACH: Final = 9
_NO_PREDICTIONS: Final[tuple[int | None, ...]] = (None,) * SEATS


class Phase(NamedEnum):
    """The phase of a Differenzler game."""

    #: The players predict, from Vorhand round to the dealer.
    PREDICT = "predict"
    #: The nine tricks are played.
    PLAY = "play"
    #: The round is scored; the next dealer deals (:class:`Deal`).
    ROUND_OVER = "round_over"
    #: A single player has the lowest penalty total after the last round.
    GAME_OVER = "game_over"


class PredictionMode(NamedEnum):
    """Who sees a prediction before the round ends (seed 001: "openbaar of in het geheim")."""

    #: Only the player who made it, until the round is over (Swisslos' "verdeckte Ansage").
    SECRET = "secret"
    #: Everyone, as soon as it is made (jasswelt.ch: the scorer writes it on the board).
    OPEN = "open"


class ZeroBonus(NamedEnum):
    """Does an exact prediction of 0 earn :attr:`Rules.exact_bonus`? (Sources differ.)"""

    #: Only if the player took a trick (necessarily one of 0 points): jasswelt.ch, "Um bei
    #: einer Nullansage diese 10 Bonuspunkte gutgeschrieben zu bekommen, ist ein Stich mit
    #: Null Punkten erforderlich".
    WITH_TRICK = "with_trick"
    #: Never (gambiter.com's Differenzler rules: "there is no bonus for predicting and
    #: making zero").
    NEVER = "never"
    #: Always, like any other exact prediction.
    ALWAYS = "always"


#: The card play of Differenzler: Bauer exception, undertrumping allowed (RULES.md 2.4).
DIFFERENZLER_PLAY: Final = PlayRules(bauer_exception=True, undertrump=Undertrump.ALLOWED)


@attrs.frozen
class Rules:
    """Every Differenzler option (RULES.md section 4); the defaults are the seed's.

    >>> Rules()
    Rules(rounds=4, prediction_mode=PredictionMode.SECRET, exact_bonus=0,
          zero_prediction_bonus=ZeroBonus.WITH_TRICK, first_dealer=None,
          play=PlayRules(bauer_exception=True, undertrump=Undertrump.ALLOWED))
    >>> Rules(rounds=0)
    Traceback (most recent call last):
    jass.errors.InvalidRulesError: rounds=0: expected an int 1..1000000
    """

    #: Rounds in a game (seed: four); a tie for the lowest total adds rounds until broken.
    rounds: int = attrs.field(default=4, validator=int_in(1, 1_000_000))
    #: ``SECRET`` (default; hidden until the round is over) or ``OPEN``.
    prediction_mode: PredictionMode = attrs.field(
        default=PredictionMode.SECRET, validator=instance_of(PredictionMode)
    )
    #: Points subtracted from the round's penalty of an exact prediction (seed: none, 0;
    #: jasswelt.ch and gambiter.com: 10). The round's penalty is then ``-exact_bonus``, so a
    #: total can fall below zero.
    exact_bonus: int = attrs.field(default=0, validator=int_in(0, 1_000))
    #: Whether an exact prediction of 0 earns the bonus (only matters with an ``exact_bonus``).
    zero_prediction_bonus: ZeroBonus = attrs.field(
        default=ZeroBonus.WITH_TRICK, validator=instance_of(ZeroBonus)
    )
    #: The first round's dealer; ``None`` draws it from the game's seed.
    first_dealer: int | None = attrs.field(default=None, validator=int_in(0, SEATS - 1, optional=True))
    #: The card-play options (Bauer exception on, undertrumping allowed).
    play: PlayRules = attrs.field(default=DIFFERENZLER_PLAY, validator=instance_of(PlayRules))

    @classmethod
    def seed(cls) -> Rules:
        """The seed's rules (the defaults): four rounds, secret predictions, no exact bonus."""
        return cls()

    @classmethod
    def open(cls) -> Rules:
        """As the seed, with open predictions."""
        return cls(prediction_mode=PredictionMode.OPEN)

    @classmethod
    def jasswelt(cls) -> Rules:
        """jasswelt.ch's "offene Ansage": 12 rounds, open predictions, 10 points off for an
        exact prediction (a prediction of 0 only with a trick taken)."""
        return cls(rounds=12, prediction_mode=PredictionMode.OPEN, exact_bonus=10)


# --- moves -------------------------------------------------------------------


@attrs.frozen(repr=False, eq=False)
class Predict:
    """The move "I will take this many points this round" (an int 0..157).

    Any value can be written, but :func:`apply` accepts only an int (not a bool) from 0
    to 157. Equality is strict about the type, so ``Predict(12.0) != Predict(12)``.

    >>> Predict(64)
    Predict(64)
    >>> Predict(12.0) == Predict(12), Predict(12) == Predict(12)
    (False, True)
    """

    points: int

    def __eq__(self, other: object) -> bool:
        if type(other) is not Predict:
            return NotImplemented
        return type(self.points) is type(other.points) and self.points == other.points

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        try:
            return hash((Predict, self.points))
        except TypeError:
            return hash((Predict, repr(self.points)))

    def __repr__(self) -> str:
        return f"Predict({self.points!r})"

    def __str__(self) -> str:
        return f"predict {self.points!r}"


def _deal_hands(value: object) -> tuple[CardSet, ...] | None:
    if value is None:
        return None
    return _hands_of(value)


def _optional_card(value: object) -> Card | None:
    if value is None or isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise InvalidCardsError(f"face_up={value!r}: expected a card")


@attrs.frozen(repr=False)
class Deal:
    """The next dealer deals the next round (in phase ``ROUND_OVER``).

    ``hands=None`` deals from the game's seed (:func:`~jass.play.round_seed`).
    Explicit ``hands`` are four hands of nine cards (seat *k* gets ``hands[k]``),
    checked when the move is built (:class:`~jass.errors.InvalidCardsError`);
    ``face_up`` is the dealer's card shown face up, by default the dealer's card
    with the highest index (:attr:`~jass.cards.Card.index`; the Ace of Schellen
    if the dealer holds it). :func:`apply` refuses a ``face_up`` that the new
    dealer does not hold (:class:`~jass.errors.IllegalMoveError`).
    """

    hands: tuple[CardSet, ...] | None = attrs.field(default=None, converter=_deal_hands)
    face_up: Card | None = attrs.field(default=None, converter=_optional_card)

    def __repr__(self) -> str:
        if self.hands is None:
            return "Deal()"
        face_up = "" if self.face_up is None else f", face_up=Card.{self.face_up.name}"
        return f"Deal(hands={self.hands!r}{face_up})"

    def __attrs_post_init__(self) -> None:
        if self.face_up is not None and self.hands is None:
            raise InvalidCardsError(
                f"face_up={self.face_up}: a seeded deal fixes the face-up card; give hands too"
            )


#: Any Differenzler move.
Move = Union[Predict, PlayCard, Deal]


# --- scores ------------------------------------------------------------------


@attrs.frozen
class RoundScore:
    """One round's result per seat: points taken, tricks taken, predictions, penalties.

    ``penalties`` is ``None`` until the round is complete; then each is
    ``abs(points - prediction)``, or ``-exact_bonus`` for an exact prediction that
    earns the bonus.
    """

    round_number: int
    dealer: int
    trump: Trump
    #: Card points taken, the last trick's 5 included once it is taken.
    points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    predictions: tuple[int | None, ...]
    penalties: tuple[int, ...] | None

    @property
    def complete(self) -> bool:
        """True once every card of the round has been played and the penalties are known."""
        return self.penalties is not None

    @property
    def differences(self) -> tuple[int, ...] | None:
        """``abs(points - prediction)`` per seat, once the round is complete."""
        if self.penalties is None:
            return None
        return tuple(abs(p - (q or 0)) for p, q in zip(self.points, self.predictions))


# --- state -------------------------------------------------------------------


@attrs.frozen
class Setting:
    """Everything about a Differenzler game except the cards in play: it changes with a
    prediction, a deal or a round's end, never with a card, so every :class:`State` of a
    round's card play shares one. ``penalties`` are the totals, including the finished round.
    """

    rules: Rules
    seed: int
    #: 0 for the first round; rounds after ``rules.rounds - 1`` are tie-break rounds.
    round_number: int
    dealer: int
    phase: Phase
    #: The dealer's last card, shown to everyone: its suit is trump.
    face_up: Card
    predictions: tuple[int | None, ...] = _NO_PREDICTIONS
    penalties: tuple[int, ...] = (0,) * SEATS
    history: tuple[RoundScore, ...] = ()
    winner: int | None = None


@attrs.frozen(repr=False)
class State(TwoPartState):
    """A Differenzler game at one moment. Immutable: :func:`apply` returns a new one.

    ``setting`` holds what the cards in play do not change, ``play`` the round's cards from
    the deal on (trump is known at once), so it is never ``None``; in phase ``PREDICT`` no
    card has been played yet. After the last card, ``play``, ``predictions`` and ``face_up``
    keep the finished round until the next :class:`Deal`. Every field of the setting reads on
    the state too; :meth:`create` and :meth:`~jass.protocol.TwoPartState.replace` take them
    all by name.
    """

    setting: Setting
    play: CardPlay

    @classmethod
    def create(
        cls,
        rules: Rules,
        seed: int,
        round_number: int,
        dealer: int,
        phase: Phase,
        face_up: Card,
        play: CardPlay,
        predictions: tuple[int | None, ...] = _NO_PREDICTIONS,
        penalties: tuple[int, ...] = (0,) * SEATS,
        history: tuple[RoundScore, ...] = (),
        winner: int | None = None,
    ) -> State:
        """A state from every field by name, as :mod:`jass.serial` writes them.

        >>> state = new_game(seed=7)
        >>> State.create(state.rules, 7, 0, state.dealer, Phase.PREDICT, state.face_up, state.play) == state
        True
        """
        return cls(Setting(rules, seed, round_number, dealer, phase, face_up, predictions, penalties, history, winner),
                   play)

    @property
    def rules(self) -> Rules:
        """The game's rules."""
        return self.setting.rules

    @property
    def phase(self) -> Phase:
        """The phase of the game."""
        return self.setting.phase

    @property
    def face_up(self) -> Card:
        """The dealer's last card, shown to everyone: its suit is trump."""
        return self.setting.face_up

    @property
    def predictions(self) -> tuple[int | None, ...]:
        """Each seat's prediction (``None``: not yet made)."""
        return self.setting.predictions

    @property
    def penalties(self) -> tuple[int, ...]:
        """Each seat's total penalty, including the finished round."""
        return self.setting.penalties

    @property
    def history(self) -> tuple[RoundScore, ...]:
        """The score of every finished round, in order."""
        return self.setting.history

    @property
    def winner(self) -> int | None:
        """The winning seat once the game is over."""
        return self.setting.winner

    @property
    def trump(self) -> Trump:
        """The trump suit: the suit of the face-up card."""
        return self.play.trump

    @property
    def vorhand(self) -> int:
        """The seat after the dealer: predicts first and leads the first trick."""
        return (self.setting.dealer + 1) % SEATS


@attrs.frozen
class Observation:
    """What one seat may know: its own hand and everything public, nothing else.

    ``predictions`` shows this seat's own prediction, and the others' only in
    ``OPEN`` mode or once the round is over (``None`` otherwise); ``predicted``
    says who has predicted. No field holds a hidden value, so neither does the repr.
    """

    seat: int
    phase: Phase
    round_number: int
    dealer: int
    to_act: int | None
    hand: CardSet
    hand_sizes: tuple[int, ...]
    face_up: Card
    trump: Trump
    trick: tuple[Card, ...]
    trick_leader: int
    tricks: tuple[Trick, ...]
    predicted: tuple[bool, ...]
    predictions: tuple[int | None, ...]
    #: Points each seat has taken so far this round (public: tricks are played face up).
    points: tuple[int, ...]
    penalties: tuple[int, ...]
    history: tuple[RoundScore, ...]
    winner: int | None
    #: This seat's legal moves when it is to act, else empty.
    legal_moves: tuple[Move, ...]


# --- dealing -------------------------------------------------------------------


def _hands_of(value: object) -> tuple[CardSet, ...]:
    """Four disjoint hands of nine cards, from CardSets, strings or iterables of cards."""
    if isinstance(value, (str, CardSet)) or not isinstance(value, Sequence) or len(value) != SEATS:
        raise InvalidCardsError(f"hands={value!r}: expected {SEATS} hands of {_CARDS_EACH} cards")
    hands = tuple(h if isinstance(h, CardSet) else CardSet(h) for h in value)
    union = 0
    for hand in hands:
        if union & hand.bits:
            raise InvalidCardsError(f"{CardSet.from_bits(union & hand.bits)} dealt twice")
        union |= hand.bits
    sizes = [len(h) for h in hands]
    if sizes != [_CARDS_EACH] * SEATS:
        raise InvalidCardsError(f"Differenzler deals 9 cards to each of 4 seats, got {sizes}")
    return hands


def _blocks(order: Sequence[Card]) -> tuple[CardSet, ...]:
    return tuple(CardSet(order[k * _CARDS_EACH : (k + 1) * _CARDS_EACH]) for k in range(SEATS))


def _seeded_deal(seed: int, dealer: int) -> tuple[tuple[CardSet, ...], Card]:
    """The hands dealt from ``seed`` and the dealer's last card."""
    order = shuffled_deck(seed)
    return _blocks(order), order[dealer * _CARDS_EACH + _CARDS_EACH - 1]


def _face_up_of(hands: tuple[CardSet, ...], dealer: int, face_up: Card | None) -> Card:
    """The face-up card of explicit hands: ``face_up`` if the dealer holds it, else the
    dealer's highest-index card."""
    held = hands[dealer]
    if face_up is None:
        return Card.from_index(held.bits.bit_length() - 1)
    if face_up not in held:
        raise InvalidCardsError(
            f"face_up={face_up}: the face-up card is the dealer's, and seat {dealer} "
            f"(the dealer) holds {held}"
        )
    return face_up


def _first_deal(
    deal: object, dealer: int, face_up: Card | str | None
) -> tuple[tuple[CardSet, ...], Card]:
    wanted = _optional_card(face_up)
    if isinstance(deal, str) or (isinstance(deal, Sequence) and len(deal) == SEATS * _CARDS_EACH):
        order = validate_deck(deal)
        card = order[dealer * _CARDS_EACH + _CARDS_EACH - 1]
        if wanted is not None and wanted is not card:
            raise InvalidCardsError(
                f"face_up={wanted}: in a dealt order the face-up card is the dealer's last "
                f"(seat {dealer}'s ninth card), {card}"
            )
        return _blocks(order), card
    if isinstance(deal, Sequence) and len(deal) == SEATS:
        hands = _hands_of(deal)
        return hands, _face_up_of(hands, dealer, wanted)
    raise InvalidCardsError(
        f"deal={deal!r}: expected 4 hands of 9 cards or an order of the 36 cards"
    )


def _start_round(rules: Rules, hands: tuple[CardSet, ...], dealer: int, face_up: Card) -> CardPlay:
    """The round's cards in play: trump from the face-up card, Vorhand to lead."""
    return CardPlay.start(Trump(face_up.suit), hands, (dealer + 1) % SEATS, rules.play)


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
    if rules is None:
        rules = Rules()
    if not isinstance(rules, Rules):
        raise InvalidRulesError(f"rules={rules!r}: expected a jass.differenzler.Rules")
    if seed is None:
        seed = new_seed()
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidCardsError(f"seed={seed!r}: expected an int")
    dealer = rules.first_dealer if rules.first_dealer is not None else seeded_seat(seed, SEATS)
    if deal is None:
        if face_up is not None:
            raise InvalidCardsError(
                f"face_up={face_up!r}: a seeded deal fixes the face-up card; give a deal too"
            )
        hands, card = _seeded_deal(seed, dealer)
    else:
        hands, card = _first_deal(deal, dealer, face_up)
    play = _start_round(rules, hands, dealer, card)
    return State.create(rules, seed, 0, dealer, Phase.PREDICT, card, play)


# --- the game ------------------------------------------------------------------


def _made(predictions: tuple[int | None, ...]) -> int:
    return SEATS - predictions.count(None)


def _not_a_state(value: object) -> JassError:
    return JassError(f"{value!r:.80} is not a Differenzler state (a jass.differenzler.State)")


def to_act(state: State) -> int | None:
    """The seat whose move is due, ``None`` once the game is over.

    Predictions go from Vorhand round to the dealer; after the round the next dealer
    (the seat after the dealer) deals.
    """
    if type(state) is not State:
        raise _not_a_state(state)
    phase = state.setting.phase
    if phase is Phase.PLAY:
        return state.play.to_play
    if phase is Phase.PREDICT:
        return (state.dealer + 1 + _made(state.predictions)) % SEATS
    if phase is Phase.ROUND_OVER:
        return (state.dealer + 1) % SEATS
    return None


def is_over(state: State) -> bool:
    """True when the game is over."""
    if type(state) is not State:
        raise _not_a_state(state)
    return state.setting.phase is _GAME_OVER


def winner(state: State) -> int | None:
    """The seat with the lowest penalty total once the game is over, else ``None``."""
    if type(state) is not State:
        raise _not_a_state(state)
    return state.winner


_PREDICT_MOVES: Final = tuple(Predict(points) for points in range(MAX_PREDICTION + 1))
_DEAL_MOVES: Final[tuple[Move, ...]] = (Deal(),)


# Enum members as module constants: a global is much faster than ``Phase.PLAY``, a lookup through
# the enum's metaclass, and the hot paths ask on every card.
_PLAY: Final = Phase.PLAY
_GAME_OVER: Final = Phase.GAME_OVER


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move the seat to act may make; empty once the game is over.

    In phase ``PREDICT`` they are ``Predict(0)`` .. ``Predict(157)``; in ``PLAY``
    the legal cards; in ``ROUND_OVER`` the seeded ``Deal()`` (a :class:`Deal` with
    explicit hands is legal too). The move objects are shared, not rebuilt.

    >>> len(legal_moves(new_game(seed=1)))
    158
    """
    if type(state) is not State:
        raise _not_a_state(state)
    phase = state.setting.phase
    if phase is _PLAY:
        assert state.play is not None
        return card_moves(state.play.legal_bits)
    if phase is Phase.PREDICT:
        return _PREDICT_MOVES
    if phase is Phase.ROUND_OVER:
        return _DEAL_MOVES
    return ()


def apply(state: State, move: Move) -> State:
    """The state after the seat to act makes ``move``; ``state`` itself is unchanged.

    Raises :class:`~jass.errors.IllegalMoveError`, saying why and what would be
    legal, for a move the rules do not allow: a prediction that is not an int
    0..157, a prediction once everyone has predicted, a card before everyone has
    predicted, an illegal card, a move after the game is over.

    >>> state = new_game(seed=1)
    >>> apply(state, Predict(200))
    Traceback (most recent call last):
    jass.errors.IllegalMoveError: Predict(200): a prediction is an int 0..157 (seat ... to predict)
    """
    if type(state) is not State:
        raise _not_a_state(state)
    phase = state.setting.phase
    if phase is _PLAY and isinstance(move, PlayCard):
        return _play_card(state, move.card)
    if phase is Phase.PREDICT and isinstance(move, Predict):
        return _predict(state, move)
    if phase is Phase.ROUND_OVER and isinstance(move, Deal):
        return _deal(state, move)
    raise IllegalMoveError(_not_now(state, move))


def _not_now(state: State, move: object) -> str:
    """Why ``move`` cannot be made in ``state``'s phase, and what can."""
    phase = state.phase
    seat = to_act(state)
    if phase is Phase.GAME_OVER:
        winning = state.winner
        assert winning is not None
        return (
            f"{move!r}: the game is over (seat {winning} won with "
            f"{state.penalties[winning]} penalty points); no move is legal"
        )
    if not isinstance(move, (Predict, PlayCard, Deal)):
        expected = {Phase.PREDICT: "Predict", Phase.PLAY: "PlayCard", Phase.ROUND_OVER: "Deal"}[phase]
        return (
            f"{move!r} is not a Differenzler move (Predict, PlayCard or Deal): "
            f"seat {seat} may make {expected} now"
        )
    if phase is Phase.PREDICT:
        if isinstance(move, PlayCard):
            return (
                f"{move!r}: no card before every player has predicted; "
                f"seat {seat} must predict first (Predict(0) .. Predict({MAX_PREDICTION}))"
            )
        return (
            f"{move!r}: the round has just been dealt; "
            f"seat {seat} must predict (Predict(0) .. Predict({MAX_PREDICTION}))"
        )
    if phase is Phase.PLAY:
        cards = state.play.legal_cards()
        if isinstance(move, Predict):
            return (
                f"{move!r}: seat {seat} has already predicted, as has everyone this round; "
                f"seat {seat} must play a card ({cards})"
            )
        return f"{move!r}: the round is in play; seat {seat} must play a card ({cards})"
    return f"{move!r}: the round is over; seat {seat} must deal the next round (Deal())"


def _predict(state: State, move: Predict) -> State:
    points = move.points
    predictions = state.predictions
    made = _made(predictions)
    seat = (state.dealer + 1 + made) % SEATS
    if (
        isinstance(points, bool)
        or not isinstance(points, int)
        or not 0 <= points <= MAX_PREDICTION
    ):
        raise IllegalMoveError(
            f"{move!r}: a prediction is an int 0..{MAX_PREDICTION} (seat {seat} to predict)"
        )
    predictions = predictions[:seat] + (int(points),) + predictions[seat + 1 :]
    return State.create(
        state.rules,
        state.seed,
        state.round_number,
        state.dealer,
        Phase.PLAY if made + 1 == SEATS else Phase.PREDICT,
        state.face_up,
        state.play,
        predictions,
        state.penalties,
        state.history,
        None,
    )


def _play_card(state: State, card: Card) -> State:
    play = state.play.play(card)  # checks the card, raising IllegalMoveError with the reason
    if not play.legal_bits:  # every card played
        return _end_round(state, play)
    return State(state.setting, play)  # a card changes nothing else


def _penalty(rules: Rules, points: int, prediction: int | None, tricks: int) -> int:
    assert prediction is not None
    difference = abs(points - prediction)
    if difference or not rules.exact_bonus:
        return difference
    if prediction == 0:
        zero = rules.zero_prediction_bonus
        if zero is ZeroBonus.NEVER or (zero is ZeroBonus.WITH_TRICK and not tricks):
            return 0
    return -rules.exact_bonus


def _round_score(state: State, play: CardPlay) -> RoundScore:
    points = play.points()
    won = play.tricks_won()
    penalties = None
    if play.is_done:
        rules = state.rules
        predictions = state.predictions
        penalties = tuple(_penalty(rules, points[s], predictions[s], won[s]) for s in range(SEATS))
    return RoundScore(
        state.round_number, state.dealer, play.trump, points, won, state.predictions, penalties
    )


def _end_round(state: State, play: CardPlay) -> State:
    score = _round_score(state, play)
    assert score.penalties is not None
    totals = tuple(a + b for a, b in zip(state.penalties, score.penalties))
    phase = Phase.ROUND_OVER
    winning = None
    if state.round_number + 1 >= state.rules.rounds:
        # Seed 001: "bij gelijkspel wordt een ronde meer gespeeld" - a tie for the lowest
        # total plays one more round, and again after it, until one seat is lowest.
        lowest = min(totals)
        if totals.count(lowest) == 1:
            phase = Phase.GAME_OVER
            winning = totals.index(lowest)
    return State.create(
        state.rules,
        state.seed,
        state.round_number,
        state.dealer,
        phase,
        state.face_up,
        play,
        state.predictions,
        totals,
        state.history + (score,),
        winning,
    )


def _deal(state: State, move: Deal) -> State:
    number = state.round_number + 1
    dealer = (state.dealer + 1) % SEATS
    if move.hands is None:
        hands, card = _seeded_deal(round_seed(state.seed, number), dealer)
    else:
        hands = move.hands
        try:
            card = _face_up_of(hands, dealer, move.face_up)
        except InvalidCardsError as error:
            raise IllegalMoveError(f"{move!r}: {error}") from None
    play = _start_round(state.rules, hands, dealer, card)
    return State.create(
        state.rules,
        state.seed,
        number,
        dealer,
        Phase.PREDICT,
        card,
        play,
        _NO_PREDICTIONS,
        state.penalties,
        state.history,
        None,
    )


def score_round(state: State) -> RoundScore:
    """The score of the round in play (so far: ``penalties`` is ``None``) or just finished.

    It sees every prediction: it is the referee's view, not a player's (see :func:`observe`).
    """
    if type(state) is not State:
        raise _not_a_state(state)
    if state.phase is Phase.ROUND_OVER or state.phase is Phase.GAME_OVER:
        return state.history[-1]
    return _round_score(state, state.play)


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know: its own hand, the face-up card, the tricks, the points
    taken, the penalties and history, its own prediction and the others' only when
    they are public (``OPEN`` mode, or the round is over).

    >>> view = observe(new_game(seed=5), 2)
    >>> len(view.hand), view.hand_sizes, view.predictions
    (9, (9, 9, 9, 9), (None, None, None, None))
    """
    if type(state) is not State:
        raise _not_a_state(state)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise JassError(f"seat={seat!r}: expected a seat 0..{SEATS - 1}")
    play = state.play
    phase = state.phase
    predictions = state.predictions
    public = (
        state.rules.prediction_mode is PredictionMode.OPEN
        or phase is Phase.ROUND_OVER
        or phase is Phase.GAME_OVER
    )
    if not public:
        predictions = tuple(p if s == seat else None for s, p in enumerate(predictions))
    acting = to_act(state)
    return Observation(
        seat=seat,
        phase=phase,
        round_number=state.round_number,
        dealer=state.dealer,
        to_act=acting,
        hand=play.hands[seat],
        hand_sizes=play.hand_sizes,
        face_up=state.face_up,
        trump=play.trump,
        trick=play.trick,
        trick_leader=play.leader,
        tricks=play.tricks,
        predicted=tuple(p is not None for p in state.predictions),
        predictions=predictions,
        points=play.points(),
        penalties=state.penalties,
        history=state.history,
        winner=state.winner,
        legal_moves=legal_moves(state) if acting == seat else (),
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
        raise _not_a_state(state)
    return state.play.zones()
