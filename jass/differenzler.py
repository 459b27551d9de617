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
of :mod:`jass.tricks` (undertrumping only when void in the led suit). No Weis, no Stöck, no match
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

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, Union

import attrs

from jass._base import ADDED, NamedEnum, cards_in, check_same, instance_of, int_in, tuple_of
from jass.cards import Card, CardSet, Rank, hands_of, is_card_order, shuffled_deck, validate_deck
from jass.encoding import Encoding, card_vector, one_hot, play_block, play_layout, relative, relative_values
from jass.errors import IllegalMoveError, InvalidCardsError, InvalidStateError, JassError, RecordError, SerialError
from jass.play import (
    CardPlay,
    PlayCard,
    Trick,
    card_moves,
    check_hand_view,
    check_public_tricks,
    parse_play,
    round_seed,
)
from jass.rollout import play_cards
from jass.sampling import HandSampler, played_by
from jass.tricks import PlayRules, Undertrump
from jass.trump import DEFAULT_TRUMP_JACK_POINTS, LAST_TRICK_BONUS, Trump, point_table
from jass.variant import (
    MAX_ROUNDS,
    SEED_LIMIT,
    ConformanceHooks,
    SearchHooks,
    SettingField,
    TwoPartState,
    Variant,
    check_game_end,
    check_observer,
    changed,
    move_error,
    check_turn,
    check_sender,
    game_end,
    game_start,
    out_of_rounds,
    protocol_of,
    record_deal,
    refused,
    register,
    replay_move,
    rounds_before,
    slot_builder,
    split_move,
    wrong_state,
)

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
    "VARIANT",
    "new_game",
    "legal_moves",
    "apply",
    "apply_trusted",
    "to_act",
    "is_over",
    "winner",
    "score_round",
    "observe",
    "card_zones",
    "hand_sampler",
    "sample_hands",
    "determinize",
    "round_values",
]

#: Number of players.
SEATS: Final = 4
#: The highest prediction: every point of a round (152 in cards + 5 for the last trick).
MAX_PREDICTION: Final = 157
_CARDS_EACH: Final = 9
_NO_PREDICTIONS: Final[tuple[int | None, ...]] = (None,) * SEATS
#: The range of a seat's penalty total (an exact bonus can make it negative).
_MAX_PENALTY: Final = 10**9
_STATE: Final = InvalidStateError


class Phase(NamedEnum):
    """The phase of a Differenzler game."""

    #: The players predict, from Vorhand round to the dealer.
    PREDICT = "predict"
    #: The nine tricks are played.
    PLAY = "play"
    #: The round is scored; the next dealer deals (:class:`Deal`).
    ROUND_OVER = "round_over"
    #: A single player has the lowest penalty total after the last round (or, still tied at the
    #: round limit :data:`~jass.variant.MAX_ROUNDS`, the game ended drawn).
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


#: The card play of Differenzler: Bauer exception, undertrumping only when void in the led suit
#: (Swisslos "Differenzler", jassverzeichnis.ch, pagat; :doc:`/rules/differenzler`).
DIFFERENZLER_PLAY: Final = PlayRules(bauer_exception=True, undertrump=Undertrump.ALLOWED_IF_VOID)


@attrs.frozen
class Rules:
    """Every Differenzler option (:doc:`/rules/differenzler`); the defaults are the seed's.

    >>> Rules()
    Rules(rounds=4, prediction_mode=PredictionMode.SECRET, exact_bonus=0,
          zero_prediction_bonus=ZeroBonus.WITH_TRICK, first_dealer=None,
          play=PlayRules(bauer_exception=True, undertrump=Undertrump.ALLOWED_IF_VOID))
    >>> Rules(rounds=0)
    Traceback (most recent call last):
    jass.errors.InvalidRulesError: rounds=0: expected an int 1..10000
    """

    #: Rounds in a game; a tie for the lowest total adds rounds until broken, or until the
    #: round limit :data:`~jass.variant.MAX_ROUNDS` ends the game drawn.
    #: Source: seed 001 (four, "een ronde meer" on a tie); jasswelt.ch and jassverzeichnis.ch
    #: play twelve.
    rounds: int = attrs.field(default=4, validator=int_in(1, MAX_ROUNDS))
    #: Who sees a prediction: ``SECRET`` (hidden until the round is over) or ``OPEN``.
    #: Source: seed 001 allows both ("openbaar of in het geheim"); Swisslos plays secret
    #: ("verdeckte Ansage"), jasswelt.ch open.
    prediction_mode: PredictionMode = attrs.field(
        default=PredictionMode.SECRET, validator=instance_of(PredictionMode)
    )
    #: Points subtracted from the round's penalty of an exact prediction. The round's penalty
    #: is then ``-exact_bonus``, so a total can fall below zero.
    #: Source: seed 001 has none (0); jasswelt.ch and gambiter.com give 10.
    exact_bonus: int = attrs.field(default=0, validator=int_in(0, 1_000))
    #: Whether an exact prediction of 0 earns the bonus (only matters with an ``exact_bonus``).
    #: Source: jasswelt.ch (only with a trick taken); gambiter.com never.
    zero_prediction_bonus: ZeroBonus = attrs.field(
        default=ZeroBonus.WITH_TRICK, validator=instance_of(ZeroBonus)
    )
    #: The first round's dealer; ``None`` draws it from the game's seed.
    #: Source: none, an engine setting: the seeds do not say who deals first.
    first_dealer: int | None = attrs.field(default=None, validator=int_in(0, SEATS - 1, optional=True))
    #: The card-play options (Bauer exception on; undertrumping allowed only to a player void
    #: in the led suit: who holds it follows or over-trumps).
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


def _prediction_valid(instance: object, attribute: object, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_PREDICTION:
        error = IllegalMoveError(f"Predict({value!r:.40}): a prediction is an int 0..{MAX_PREDICTION}")
        error.field, error.index, error.expected = "points", None, f"an int 0..{MAX_PREDICTION}"  # type: ignore[attr-defined]
        raise error


@attrs.frozen(repr=False)
class Predict:
    """The move "I will take this many points this round": an int 0..157.

    >>> Predict(64)
    Predict(64)
    >>> Predict(200)
    Traceback (most recent call last):
    jass.errors.IllegalMoveError: Predict(200): a prediction is an int 0..157
    """

    points: int = attrs.field(validator=_prediction_valid)

    def __repr__(self) -> str:
        return f"Predict({self.points})"

    def __str__(self) -> str:
        return f"predict {self.points}"


def _deal_hands(value: object) -> tuple[CardSet, ...] | None:
    if value is None:
        return None
    try:
        return hands_of(value, SEATS, _CARDS_EACH, "hands")
    except JassError as error:
        raise move_error(error, "Deal") from None


def _deal_face_up(value: object) -> Card | None:
    try:
        return _optional_card(value)
    except JassError as error:
        raise move_error(error, "Deal") from None


def _optional_card(value: object) -> Card | None:
    if value is None or isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise InvalidCardsError(f"face_up={value!r:.40}: expected a card")


@attrs.frozen(repr=False)
class Deal:
    """The next dealer deals the next round (in phase ``ROUND_OVER``).

    ``hands=None`` deals from the game's seed (:func:`~jass.play.round_seed`).
    Explicit ``hands`` are four hands of nine cards (seat *k* gets ``hands[k]``),
    checked when the move is built (:class:`~jass.errors.IllegalMoveError`, as for every bad
    move);
    ``face_up`` is the dealer's card shown face up, by default the dealer's card
    with the highest index (:attr:`~jass.cards.Card.index`; the Ace of Schellen
    if the dealer holds it). Only trusted code deals given hands (:func:`apply_trusted`,
    which refuses a ``face_up`` the new dealer does not hold); :func:`apply` takes only
    ``Deal()``.
    """

    hands: tuple[CardSet, ...] | None = attrs.field(default=None, converter=_deal_hands)
    face_up: Card | None = attrs.field(default=None, converter=_deal_face_up)

    def __repr__(self) -> str:
        if self.hands is None:
            return "Deal()"
        face_up = "" if self.face_up is None else f", face_up=Card.{self.face_up.name}"
        return f"Deal(hands={self.hands!r}{face_up})"

    def __str__(self) -> str:
        return "deal the next round"

    def __attrs_post_init__(self) -> None:
        if self.face_up is not None and self.hands is None:
            raise IllegalMoveError(f"Deal: face_up={self.face_up}: a seeded deal fixes the face-up card; give hands too")


#: Any Differenzler move.
Move = Union[Predict, PlayCard, Deal]


# --- scores ------------------------------------------------------------------

_SEAT: Final = int_in(0, SEATS - 1, error=_STATE)
_POINTS: Final = tuple_of(int_in(0, MAX_PREDICTION), SEATS, SEATS, error=_STATE)
_PREDICTIONS: Final = tuple_of(int_in(0, MAX_PREDICTION, optional=True), SEATS, SEATS, error=_STATE)


@attrs.frozen
class RoundScore:
    """One round's result per seat: points taken, tricks taken, predictions, penalties.

    ``penalties`` is ``None`` until the round is complete; then each is
    ``abs(points - prediction)``, or ``-exact_bonus`` for an exact prediction that
    earns the bonus.
    """

    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=_STATE))
    dealer: int = attrs.field(validator=_SEAT)
    trump: Trump = attrs.field(validator=instance_of(Trump, error=_STATE))
    #: Card points taken, the last trick's 5 included once it is taken.
    points: tuple[int, ...] = attrs.field(validator=_POINTS)
    tricks_won: tuple[int, ...] = attrs.field(validator=tuple_of(int_in(0, 9), SEATS, SEATS, error=_STATE))
    predictions: tuple[int | None, ...] = attrs.field(validator=_PREDICTIONS)
    penalties: tuple[int, ...] | None = attrs.field(
        validator=tuple_of(int_in(-1_000, MAX_PREDICTION), SEATS, SEATS, optional=True, error=_STATE)
    )

    def __attrs_post_init__(self) -> None:
        problem = None
        if not self.trump.is_suit:
            problem = ("trump", "Differenzler's trump is a suit")
        elif sum(self.tricks_won) > 9:
            problem = ("tricks_won", "a round has nine tricks")
        elif sum(self.points) > MAX_PREDICTION:
            problem = ("points", f"a round has {MAX_PREDICTION} points")
        elif self.penalties is not None:
            if sum(self.tricks_won) != 9 or sum(self.points) != MAX_PREDICTION:
                problem = ("penalties", "a round with penalties is finished: nine tricks and 157 points taken")
            elif None in self.predictions:
                problem = ("predictions", "every seat predicts before the cards are played")
        if problem is not None:
            error = InvalidStateError(f"{problem[0]}: {problem[1]}")
            error.field = problem[0]  # type: ignore[attr-defined]
            raise error

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

    rules: Rules = attrs.field(validator=instance_of(Rules, error=_STATE))
    seed: int = attrs.field(validator=int_in(0, SEED_LIMIT - 1, error=_STATE))
    #: 0 for the first round; rounds after ``rules.rounds - 1`` are tie-break rounds.
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=_STATE))
    dealer: int = attrs.field(validator=_SEAT)
    phase: Phase = attrs.field(validator=instance_of(Phase, error=_STATE))
    #: The dealer's last card, shown to everyone: its suit is trump.
    face_up: Card = attrs.field(validator=instance_of(Card, error=_STATE))
    predictions: tuple[int | None, ...] = attrs.field(default=_NO_PREDICTIONS, validator=_PREDICTIONS)
    penalties: tuple[int, ...] = attrs.field(
        default=(0,) * SEATS, validator=tuple_of(int_in(-_MAX_PENALTY, _MAX_PENALTY), SEATS, SEATS, error=_STATE)
    )
    history: tuple[RoundScore, ...] = attrs.field(
        default=(), validator=tuple_of(instance_of(RoundScore), 0, MAX_ROUNDS, error=_STATE)
    )
    winner: int | None = attrs.field(default=None, validator=int_in(0, SEATS - 1, optional=True, error=_STATE))


@attrs.frozen(repr=False)
class State(TwoPartState):
    """A Differenzler game at one moment. Immutable: :func:`apply` returns a new one.

    ``setting`` holds what the cards in play do not change, ``play`` the round's cards from
    the deal on (trump is known at once), so it is never ``None``; in phase ``PREDICT`` no
    card has been played yet. After the last card, ``play``, ``predictions`` and ``face_up``
    keep the finished round until the next :class:`Deal`. Every field of the setting reads on
    the state too; :meth:`~jass.variant.TwoPartState.create` and
    :meth:`~jass.variant.TwoPartState.replace` take them all by name.
    """

    SETTING: ClassVar[type] = Setting
    PLAY_AFTER: ClassVar[str] = "face_up"

    setting: Setting = attrs.field(validator=instance_of(Setting, error=_STATE))
    play: CardPlay = attrs.field(validator=instance_of(CardPlay, error=_STATE))

    rules = SettingField[Rules]("The game's rules.")
    phase = SettingField[Phase]("The phase of the game.")
    face_up = SettingField[Card]("The dealer's last card, shown to everyone: its suit is trump.")
    predictions = SettingField[tuple[int | None, ...]]("Each seat's prediction (``None``: not yet made).")
    penalties = SettingField[tuple[int, ...]]("Each seat's total penalty, including the finished round.")
    history = SettingField[tuple[RoundScore, ...]]("The score of every finished round, in order.")
    winner = SettingField[int | None]("The winning seat once the game is over.")

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

    #: The observing seat; ``None`` for a spectator.
    seat: int | None = attrs.field(validator=int_in(0, SEATS - 1, optional=True, error=_STATE))
    phase: Phase = attrs.field(validator=instance_of(Phase, error=_STATE))
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=_STATE))
    dealer: int = attrs.field(validator=_SEAT)
    to_act: int | None = attrs.field(validator=int_in(0, SEATS - 1, optional=True, error=_STATE))
    hand: CardSet = attrs.field(validator=cards_in(0, 9, error=_STATE))
    hand_sizes: tuple[int, ...] = attrs.field(validator=tuple_of(int_in(0, 9), SEATS, SEATS, error=_STATE))
    face_up: Card = attrs.field(validator=instance_of(Card, error=_STATE))
    trump: Trump = attrs.field(validator=instance_of(Trump, error=_STATE))
    trick: tuple[Card, ...] = attrs.field(validator=tuple_of(instance_of(Card), 0, 3, error=_STATE))
    trick_leader: int = attrs.field(validator=_SEAT)
    tricks: tuple[Trick, ...] = attrs.field(validator=tuple_of(instance_of(Trick), 0, 9, error=_STATE))
    predicted: tuple[bool, ...] = attrs.field(validator=tuple_of(instance_of(bool), SEATS, SEATS, error=_STATE))
    predictions: tuple[int | None, ...] = attrs.field(validator=_PREDICTIONS)
    #: Points each seat has taken so far this round (public: tricks are played face up).
    points: tuple[int, ...] = attrs.field(validator=_POINTS)
    penalties: tuple[int, ...] = attrs.field(
        validator=tuple_of(int_in(-_MAX_PENALTY, _MAX_PENALTY), SEATS, SEATS, error=_STATE)
    )
    history: tuple[RoundScore, ...] = attrs.field(
        validator=tuple_of(instance_of(RoundScore), 0, MAX_ROUNDS, error=_STATE)
    )
    winner: int | None = attrs.field(validator=int_in(0, SEATS - 1, optional=True, error=_STATE))
    #: This seat's legal moves when it is to act, else empty.
    legal_moves: tuple[Move, ...] = attrs.field(validator=tuple_of(instance_of(object), 0, 200, error=_STATE))
    #: The table's rules (public). Observations written before this field read as the defaults.
    rules: Rules = attrs.field(factory=Rules, validator=instance_of(Rules, error=_STATE), metadata={ADDED: True})


# Enum members as module constants: a global is much faster than ``Phase.PLAY``, a lookup through
# the enum's metaclass, and the hot paths ask on every card.
_PREDICT: Final = Phase.PREDICT
_PLAY: Final = Phase.PLAY
_ROUND_OVER: Final = Phase.ROUND_OVER
_GAME_OVER: Final = Phase.GAME_OVER
# Values the package has checked, built slot by slot (see jass.variant.slot_builder).
_state: Final = slot_builder(State)
_setting: Final = slot_builder(Setting)
_observation: Final = slot_builder(Observation)
_NO_CARDS: Final = CardSet()


# --- dealing -------------------------------------------------------------------


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
    if is_card_order(deal) and not (isinstance(deal, Sequence) and len(deal) == SEATS):
        order = validate_deck(deal)
        card = order[dealer * _CARDS_EACH + _CARDS_EACH - 1]
        if wanted is not None and wanted is not card:
            raise InvalidCardsError(
                f"face_up={wanted}: in a dealt order the face-up card is the dealer's last "
                f"(seat {dealer}'s ninth card), {card}"
            )
        return _blocks(order), card
    if isinstance(deal, Sequence):
        hands = hands_of(deal, SEATS, _CARDS_EACH, "deal")
        return hands, _face_up_of(hands, dealer, wanted)
    raise InvalidCardsError(f"deal={deal!r:.80}: expected 4 hands of 9 cards or an order of the 36 cards")


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
    game_rules, seed, dealer = game_start(rules, seed, Rules, SEATS)
    if deal is None:
        if face_up is not None:
            raise InvalidCardsError(f"face_up={face_up!r:.40}: a seeded deal fixes the face-up card; give a deal too")
        hands, card = _seeded_deal(seed, dealer)
    else:
        hands, card = _first_deal(deal, dealer, face_up)
    play = _start_round(game_rules, hands, dealer, card)
    setting = _setting(rules=game_rules, seed=seed, round_number=0, dealer=dealer, phase=_PREDICT, face_up=card)
    return _state(setting, play)


# --- the game ------------------------------------------------------------------


def _made(predictions: tuple[int | None, ...]) -> int:
    return SEATS - predictions.count(None)


def _turn(phase: Phase, dealer: int, made: int, to_play: int | None) -> int | None:
    """The seat whose move is due: predictions go from Vorhand round to the dealer, the card
    play's ``to_play`` plays, the next dealer deals. The one rule behind :func:`to_act` and the
    check of a loaded observation."""
    if phase is _PLAY:
        return to_play
    if phase is _PREDICT:
        return (dealer + 1 + made) % SEATS
    if phase is _ROUND_OVER:
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
    return _turn(setting.phase, setting.dealer, _made(setting.predictions), state.play.to_play)


is_over, winner = game_end(
    State, _GAME_OVER,
    """The seat with the lowest penalty total once the game is over; ``None`` while it goes on, and
    for a tie that the round limit (:data:`~jass.variant.MAX_ROUNDS`) ended drawn.""",
)


_PREDICT_MOVES: Final = tuple(Predict(points) for points in range(MAX_PREDICTION + 1))
#: The same as a set: is a prediction among the legal moves, in one look-up.
_PREDICT_SET: Final = frozenset(_PREDICT_MOVES)
_DEAL: Final = Deal()


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
    if phase is _PLAY:
        return card_moves(state.play.legal_bits)
    if phase is _PREDICT:
        return _PREDICT_MOVES
    if phase is _ROUND_OVER:
        return (_DEAL,)
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
    if phase is _PLAY and kind is PlayCard:
        play = state.play.play(move.card)  # type: ignore[union-attr]  # checks the card
        if play.legal_bits:
            return _state(setting, play)  # a card changes nothing else
        return _end_round(state, play)
    if phase is _PREDICT and kind is Predict and move in _PREDICT_SET:  # legal_moves, as a set
        return _predict(state, move)
    legal = legal_moves(state)
    if move not in legal:  # the one rule of what may be played: legal_moves
        raise refused(move, phase, to_act(state), legal)
    return _deal(state, move)  # type: ignore[arg-type]


def apply_trusted(state: State, move: Move) -> State:
    """:func:`apply` for trusted code only (a replayed record, a test position): it also takes
    a :class:`Deal` of given hands (and face-up card). Never for a move a client sent: a
    player must not choose the deal."""
    if type(move) is Deal and move.hands is not None and type(state) is State and state.phase is _ROUND_OVER:
        return _deal(state, move)
    return apply(state, move)


def _predict(state: State, move: Predict) -> State:
    setting = state.setting
    predictions = setting.predictions
    made = _made(predictions)
    seat = (setting.dealer + 1 + made) % SEATS
    predictions = predictions[:seat] + (move.points,) + predictions[seat + 1 :]
    phase = _PLAY if made + 1 == SEATS else _PREDICT
    return changed(state, phase=phase, predictions=predictions)


def _penalty(rules: Rules, points: int, prediction: int | None, tricks: int) -> int:
    """A seat's penalty for a finished round: the one place the rule lives."""
    assert prediction is not None
    difference = abs(points - prediction)
    if difference or not rules.exact_bonus:
        return difference
    if prediction == 0:
        zero = rules.zero_prediction_bonus
        if zero is ZeroBonus.NEVER or (zero is ZeroBonus.WITH_TRICK and not tricks):
            return 0
    return -rules.exact_bonus


def _round_score(setting: Setting, play: CardPlay) -> RoundScore:
    """The one scoring function: the round's points, tricks and (once every card is played)
    penalties."""
    points = play.points()
    won = play.tricks_won()
    penalties = None
    if play.is_done:
        rules = setting.rules
        predictions = setting.predictions
        penalties = tuple(_penalty(rules, points[s], predictions[s], won[s]) for s in range(SEATS))
    return RoundScore(setting.round_number, setting.dealer, play.trump, points, won, setting.predictions, penalties)


def _game_winner(totals: Sequence[int], rounds_played: int, rules: Rules) -> int | None:
    """The seat that has won after ``rounds_played`` rounds with penalty ``totals``, if any.
    Seed 001: "bij gelijkspel wordt een ronde meer gespeeld": a tie for the lowest total plays
    one more round, and again after it, until one seat alone is lowest."""
    if rounds_played < rules.rounds:
        return None
    lowest = min(totals)
    return list(totals).index(lowest) if list(totals).count(lowest) == 1 else None


def _end_round(state: State, play: CardPlay) -> State:
    setting = state.setting
    score = _round_score(setting, play)
    assert score.penalties is not None  # every card is played
    totals = tuple(a + b for a, b in zip(setting.penalties, score.penalties))
    winning = _game_winner(totals, setting.round_number + 1, setting.rules)
    over = winning is not None or out_of_rounds(setting.round_number + 1)  # a tie at the round limit: drawn
    return changed(
        state, play, phase=_GAME_OVER if over else _ROUND_OVER, penalties=totals,
        history=setting.history + (score,), winner=winning,
    )


def _deal(state: State, move: Deal) -> State:
    setting = state.setting
    number = setting.round_number + 1
    dealer = (setting.dealer + 1) % SEATS
    if move.hands is None:
        hands, card = _seeded_deal(round_seed(setting.seed, number), dealer)
    else:
        hands = move.hands
        try:
            card = _face_up_of(hands, dealer, move.face_up)
        except InvalidCardsError as error:
            raise IllegalMoveError(f"{move!r:.80}: {error}") from None  # trusted code only
    play = _start_round(setting.rules, hands, dealer, card)
    return _state(
        _setting(
            rules=setting.rules, seed=setting.seed, round_number=number, dealer=dealer, phase=_PREDICT,
            face_up=card, penalties=setting.penalties, history=setting.history,
        ),
        play,
    )


def score_round(state: State) -> RoundScore:
    """The score of the round in play (so far: ``penalties`` is ``None``) or just finished.

    It sees every prediction: it is the referee's view, not a player's (see :func:`observe`).
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    if state.phase is _ROUND_OVER or state.phase is _GAME_OVER:
        return state.history[-1]
    return _round_score(state.setting, state.play)


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
        or phase is _ROUND_OVER
        or phase is _GAME_OVER
    )
    if not public:
        predictions = tuple(p if s == seat else None for s, p in enumerate(predictions))
    acting = to_act(state)
    return _observation(
        seat, phase, setting.round_number, setting.dealer, acting, _NO_CARDS if seat is None else play.hand(seat),
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


# --- loading: a state is checked by replaying its round -------------------------------------------


def _check_history(setting: Setting, path: str) -> tuple[RoundScore, ...]:
    """The dealer, and the rounds written before the one in ``setting``: finished rounds that did
    not end the game, each scored by the rules."""
    rules = setting.rules
    before = rounds_before(setting, Rules, SEATS, setting.phase is _ROUND_OVER or setting.phase is _GAME_OVER, path)
    first = (setting.dealer - setting.round_number) % SEATS
    totals = [0] * SEATS
    for i, score in enumerate(before):
        rpath = f"{path}.history[{i}]"
        if score.round_number != i:
            raise SerialError(f"is {score.round_number}, but it is round {i} of the history", f"{rpath}.round_number")
        if score.dealer != (first + i) % SEATS:
            raise SerialError(f"round {i} is dealt by seat {(first + i) % SEATS}", f"{rpath}.dealer")
        if score.penalties is None:
            raise SerialError("a round of the history is finished and has penalties", f"{rpath}.penalties")
        for seat in range(SEATS):
            right = _penalty(rules, score.points[seat], score.predictions[seat], score.tricks_won[seat])
            if score.penalties[seat] != right:
                raise SerialError(f"is {score.penalties[seat]}, but the rules give {right}",
                                  f"{rpath}.penalties[{seat}]")
            totals[seat] += right
        if _game_winner(totals, i + 1, rules) is not None:
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
    if state.play.seats != SEATS:
        raise SerialError("Differenzler has four players", f"{path}.play.hands")
    dealt = state.play.dealt(f"{path}.play")
    if len(dealt[0]) != _CARDS_EACH:
        raise SerialError("Differenzler deals nine cards to each player", f"{path}.play")
    if setting.face_up not in dealt[setting.dealer]:
        raise SerialError(f"the face-up card is the dealer's (seat {setting.dealer}), who was dealt "
                          f"{dealt[setting.dealer]}", f"{path}.face_up")
    penalties = tuple(sum((score.penalties or (0,) * SEATS)[s] for score in before) for s in range(SEATS))
    replay = State(
        Setting(rules=setting.rules, seed=setting.seed, round_number=setting.round_number, dealer=setting.dealer,
                phase=_PREDICT, face_up=setting.face_up, penalties=penalties, history=before),
        _start_round(setting.rules, dealt, setting.dealer, setting.face_up),
    )
    for i in range(SEATS):
        seat = (setting.dealer + 1 + i) % SEATS
        prediction = setting.predictions[seat]
        if prediction is None:
            break
        replay = replay_move(apply, replay, Predict(prediction), f"{path}.predictions[{seat}]")
    for card, card_path in state.play.cards_in_order(f"{path}.play"):
        replay = replay_move(apply, replay, PlayCard(card), card_path)
    check_same(state, replay, path, "replaying the round from its deal")


def check_observation(view: Observation, path: str = "$") -> None:
    """Check an observation read from JSON: the public facts must agree (the tricks by the
    rules of card play, the face-up card, who has predicted, whose turn it is, the points, the
    penalties and the history, the legal moves). Raises :class:`~jass.errors.SerialError`."""
    seat = view.seat
    vorhand = (view.dealer + 1) % SEATS
    if view.trump.value != view.face_up.suit:
        raise SerialError(f"the face-up card {view.face_up} fixes trump", f"{path}.trump")
    played, seen = check_public_tricks(view.tricks, view.trick, view.trick_leader, view.trump, SEATS,
                                       DEFAULT_TRUMP_JACK_POINTS, vorhand, path)
    check_hand_view(view.hand, view.hand_sizes, seat, played, seen, _CARDS_EACH, path)
    if view.face_up.bit & seen:
        owner = None
        for trick in view.tricks:
            if view.face_up in trick.cards:
                owner = (trick.leader + trick.cards.index(view.face_up)) % SEATS
        if view.face_up in view.trick:
            owner = (view.trick_leader + view.trick.index(view.face_up)) % SEATS
        if owner != view.dealer:
            raise SerialError(f"the face-up card is the dealer's (seat {view.dealer}); someone else played it",
                              f"{path}.face_up")
    elif seat is not None and (view.face_up in view.hand) != (seat == view.dealer):
        raise SerialError(f"the face-up card is in the dealer's hand (seat {view.dealer})", f"{path}.face_up")
    made = sum(view.predicted)
    for i in range(SEATS):
        if view.predicted[(vorhand + i) % SEATS] != (i < made):
            raise SerialError("the players predict in turn, from Vorhand round to the dealer", f"{path}.predicted")
    for s in range(SEATS):
        if view.predictions[s] is not None and not view.predicted[s]:
            raise SerialError("a prediction is shown, but the seat has not predicted", f"{path}.predictions[{s}]")
    if seat is not None and view.predicted[seat] and view.predictions[seat] is None:
        raise SerialError("a player sees their own prediction", f"{path}.predictions[{seat}]")
    if view.phase is _PREDICT:
        if made == SEATS or seen:
            raise SerialError("the players predict before any card is played, and only until all have",
                              f"{path}.phase")
    else:
        if made != SEATS:
            raise SerialError("every player has predicted before the cards are played", f"{path}.predicted")
        if (len(view.tricks) == 9) != (view.phase is not _PLAY):
            raise SerialError("the round is over when, and only when, all nine tricks are played", f"{path}.phase")
    points = [0] * SEATS
    for trick in view.tricks:
        points[trick.winner] += trick.points
    if len(view.tricks) == 9:
        points[view.tricks[-1].winner] += LAST_TRICK_BONUS
    if list(view.points) != points:
        raise SerialError(f"is {list(view.points)}, but the tricks give {points}", f"{path}.points")
    totals = [sum((score.penalties or (0,) * SEATS)[s] for score in view.history) for s in range(SEATS)]
    if list(view.penalties) != totals:
        raise SerialError(f"is {list(view.penalties)}, but the history adds up to {totals}", f"{path}.penalties")
    check_game_end(view.winner, view.phase is _GAME_OVER, len(view.history), path)
    expected = _turn(view.phase, view.dealer, made, (view.trick_leader + len(view.trick)) % SEATS)
    allowed = ({_PREDICT: Predict, _ROUND_OVER: Deal}.get(view.phase, PlayCard),)
    if check_turn(view, expected, allowed, path) and view.phase is _PLAY:
        # The observation does not say the card-play options: the cards must be the hand's own.
        cards = CardSet(move.card for move in view.legal_moves if type(move) is PlayCard)
        if not cards or not cards <= view.hand:
            raise SerialError(f"the cards in it are {cards or 'none'}, not a choice from the hand {view.hand}",
                              f"{path}.legal_moves")


# --- records: moves as text, the deal, the result ----------------------------------------------

_VERBS: Final = ("predict", "play", "deal")


def format_move(move: Move) -> str:
    """The short text of a move, as records write it.

    >>> format_move(Predict(40)), format_move(PlayCard("H10")), format_move(Deal())
    ('predict 40', 'play H10', 'deal')
    """
    kind = type(move)
    if kind is PlayCard:
        return f"play {move.card}"  # type: ignore[union-attr]
    if kind is Predict:
        return f"predict {move.points}"  # type: ignore[union-attr]
    if kind is Deal:
        hands, face_up = move.hands, move.face_up  # type: ignore[union-attr]
        if hands is None:
            return "deal"
        return "deal " + " / ".join(str(h) for h in hands) + ("" if face_up is None else f" face-up {face_up}")
    raise RecordError(f"{move!r:.80} is not a Differenzler move")


def parse_move(text: str, rules: Rules | None = None) -> Move:
    """The move written as ``text`` (see :func:`format_move`). Raises
    :class:`~jass.errors.RecordError`.

    >>> parse_move("predict 40")
    Predict(40)
    """
    verb, rest = split_move(text, _VERBS, "Differenzler")
    if verb == "play":
        return parse_play(rest)
    if verb == "predict":
        if not (rest.isascii() and rest.isdigit()) or len(rest) > 3:
            raise RecordError(f"a prediction is a number 0..{MAX_PREDICTION}, got {rest!r:.40}")
        return Predict(int(rest))
    if not rest:
        return _DEAL
    hands_text, _, face_up = rest.partition("face-up")
    parts = hands_text.split("/")
    if len(parts) != SEATS:
        raise RecordError(f"{hands_text!r:.80}: a deal is four hands separated by '/'")
    return Deal(tuple(CardSet.parse(part) for part in parts), Card.parse(face_up) if face_up.strip() else None)


def _result(state: State) -> dict[str, Any]:
    return {"penalties": list(state.penalties)}


def _explicit_deal(state: State) -> tuple[dict[str, Any], State]:
    """The record fields of the deal of ``state`` (the hands and the face-up card) and the game
    they start."""
    hands = state.play.hands
    fields = {"deal": [str(hand) for hand in hands], "face_up": state.face_up.name}
    return fields, new_game(state.rules, state.seed, deal=hands, face_up=state.face_up)


def _explicit_move(move: Move, after: State) -> Move:
    """``move`` as a record without the seed writes it: a deal from the seed as the hands it dealt
    and the face-up card."""
    if type(move) is Deal and move.hands is None:
        return Deal(after.play.hands, after.face_up)
    return move


def _game_from_record(rules: Rules, seed: int, fields: Mapping[str, Any]) -> State:
    deal = fields.get("deal")
    face_up = fields.get("face_up")
    if face_up is not None and not isinstance(face_up, str):
        raise RecordError("expected the face-up card, a card code", "$.face_up")
    if deal is None:
        return new_game(rules, seed, face_up=face_up)
    if not isinstance(deal, list) or len(deal) != SEATS or not all(isinstance(h, str) for h in deal):
        raise RecordError("expected four hands, strings of card codes", "$.deal")
    return new_game(rules, seed, deal=[CardSet.parse(hand) for hand in deal], face_up=face_up)


# --- the conformance harness's hooks -------------------------------------------------------------


def _variations(state: State, seat: int, rng: random.Random) -> list[State]:
    """An unplayed card of each of two other seats exchanged (never the face-up card); another
    seat's secret prediction changed."""
    found: list[State] = []
    play = state.play
    keep = state.face_up.bit
    hands = play.hands
    others = [s for s in range(SEATS) if s != seat and hands[s].bits & ~keep]
    if len(others) >= 2:
        a, b = rng.sample(others, 2)
        card_a = rng.choice(list(CardSet.from_bits(hands[a].bits & ~keep)))
        card_b = rng.choice(list(CardSet.from_bits(hands[b].bits & ~keep)))
        swapped = list(hands)
        swapped[a] = CardSet.from_bits(hands[a].bits & ~card_a.bit | card_b.bit)
        swapped[b] = CardSet.from_bits(hands[b].bits & ~card_b.bit | card_a.bit)
        found.append(state.replace(play=play.with_hands(swapped)))
    if state.rules.prediction_mode is PredictionMode.SECRET and state.phase in (_PREDICT, _PLAY):
        predicted = [s for s, p in enumerate(state.predictions) if s != seat and p is not None]
        if predicted:
            other = rng.choice(predicted)
            value = ((state.predictions[other] or 0) + rng.randrange(1, MAX_PREDICTION + 1)) % (MAX_PREDICTION + 1)
            found.append(state.replace(predictions=tuple(value if s == other else p
                                                         for s, p in enumerate(state.predictions))))
    return found


def _known_cards(state: State, seat: int) -> CardSet:
    """Its hand, the cards played and the face-up card."""
    return state.play.hand(seat) | state.play.played() | {state.face_up}


def _check_step(before: State, move: Move, after: State) -> None:
    """A finished round shares out 157 points (152 in cards, 5 for the last trick) in 9 tricks."""
    if len(after.history) == len(before.history):
        return
    score = after.history[-1]
    assert sum(score.points) == 157, f"the round's points {score.points} add up to {sum(score.points)}, not 157"
    assert sum(score.tricks_won) == 9, f"tricks won {score.tricks_won}"
    grown = tuple(a - b for a, b in zip(after.penalties, before.penalties))
    assert grown == score.penalties, f"the totals grew by {grown}, the round's penalties are {score.penalties}"


# --- the rule-based bot's prediction -------------------------------------------------------------


def _guess(hand: CardSet, trump: Trump) -> int:
    """The rule of thumb of a prediction: the points of the cards likely to win tricks (trump
    J, 9, A and every Ace) and a share of the hand's other points."""
    table = point_table(trump)
    strong = sum(
        1 for card in hand
        if card.rank == Rank.ACE or (card.suit == trump.suit and card.rank in (Rank.JACK, Rank.NINE))
    )
    return min(MAX_PREDICTION, round(strong * 17.5 + sum(table[c.index] for c in hand) * 0.3))


def _rule_move(view: Observation, moves: Sequence[Move]) -> Move | None:
    """Predict by :func:`_guess`; cards are left to the card-play rules."""
    if not moves or type(moves[0]) is not Predict:
        return None
    guess = _guess(view.hand, view.trump)
    return min(moves, key=lambda m: abs(m.points - guess) if type(m) is Predict else MAX_PREDICTION + 1)


# --- learning agents: fixed action ids and the observation as a vector -------------------------

_PHASES: Final = tuple(Phase)
#: Action ids: 0..35 the cards, 36..193 the predictions 0..157, 194 the deal.
_DEAL_ID: Final = 36 + MAX_PREDICTION + 1
_ACTION_NAMES: Final = (
    tuple(f"play {card.name}" for card in Card) + tuple(f"predict {p}" for p in range(MAX_PREDICTION + 1)) + ("deal",)
)


def _action_of(view: Observation, move: Move) -> int | None:
    kind = type(move)
    if kind is PlayCard:
        return move.card.index  # type: ignore[union-attr]
    if kind is Predict:
        return 36 + move.points  # type: ignore[union-attr]
    return _DEAL_ID if kind is Deal and move.hands is None else None  # type: ignore[union-attr]


def _move_of(view: Observation, action: int) -> Move:
    if 0 <= action < 36:
        return PlayCard(Card.from_index(action))
    if 36 <= action < _DEAL_ID:
        return _PREDICT_MOVES[action - 36]
    if action == _DEAL_ID:
        return _DEAL
    raise IllegalMoveError(f"action {action!r:.20} is no Differenzler move (ids 0..{_DEAL_ID})")


_DIFFERENZLER_LAYOUT: Final = play_layout(SEATS) + (
    ("phase", len(_PHASES)),
    ("dealer", SEATS),
    ("face_up", 36),
    ("predictions", SEATS),
    ("prediction_known", SEATS),
    ("predicted", SEATS),
    ("penalties", SEATS),
    ("rounds_played", 1),
)


def _encode(view: Observation) -> list[float]:
    """The vector of :data:`_DIFFERENZLER_LAYOUT`: the card-play block, then the phase, the
    dealer (relative), the face-up card, per relative seat its prediction / 157 where it is
    known (and whether it is), whether it has predicted, its penalty total / 200, and the
    rounds played / the rounds of the game."""
    seat = view.seat
    if seat is None:
        raise JassError("a spectator's view has no seat to encode from")
    vector = play_block(view, view.trump)
    vector += one_hot(_PHASES.index(view.phase), len(_PHASES))
    vector += one_hot(relative(view.dealer, seat, SEATS), SEATS)
    vector += card_vector((view.face_up,))
    vector += relative_values([p or 0 for p in view.predictions], seat, MAX_PREDICTION)
    vector += relative_values([p is not None for p in view.predictions], seat, 1)
    vector += relative_values(view.predicted, seat, 1)
    vector += relative_values(view.penalties, seat, 200)
    vector += [view.round_number / view.rules.rounds]
    return vector


# --- search: the states a seat's view allows, and what a round is worth ---------------------------


def hand_sampler(view: Observation, *, max_tries: int = 100_000) -> HandSampler:
    """A :class:`~jass.sampling.HandSampler` of the hands the other seats may hold, given
    ``view``: the card play (under the view's rules), and the dealer's face-up card, in the
    dealer's hand until played."""
    if type(view) is not Observation:
        raise wrong_state(view, Observation)
    played = sum(played_by(view, seat).bits for seat in range(SEATS))
    known = {}
    if view.dealer != view.seat and not played & view.face_up.bit:
        known[view.dealer] = view.face_up.bit
    return HandSampler.of_view(view, trump=int(view.trump), rules=view.rules.play, known=known, max_tries=max_tries)


def sample_hands(view: Observation, rng: random.Random) -> tuple[CardSet, ...]:
    """The four hands now, drawn uniformly among those consistent with ``view`` (see
    :func:`hand_sampler`).

    >>> view = observe(new_game(seed=2), 0)
    >>> hands = sample_hands(view, random.Random(0))
    >>> view.face_up in hands[view.dealer], hands[0] == view.hand
    (True, True)
    """
    return hand_sampler(view).sample(rng)


@functools.lru_cache(maxsize=16)
def _cached_sampler(view: Observation) -> HandSampler:
    # A search determinises one view again and again; counting its deals is the costly part.
    return hand_sampler(view)


def determinize(view: Observation, rng: random.Random, sampler: HandSampler | None = None) -> State:
    """A state that ``view`` could come from: the other hands drawn by :func:`hand_sampler`
    (or ``sampler``, built once for many draws), a secret prediction the view does not show
    guessed from its seat's hand as dealt (by the rule of thumb of the rule bot), a fresh seed
    for the rounds to come. ``observe(state, view.seat) == view``.

    >>> view = observe(new_game(seed=2), 1)
    >>> observe(determinize(view, random.Random(0)), 1) == view
    True
    """
    hands, dealt = (sampler or _cached_sampler(view)).sample_dealt(rng)
    predictions = tuple(
        shown if shown is not None or not made else _guess(dealt[seat], view.trump)
        for seat, (shown, made) in enumerate(zip(view.predictions, view.predicted))
    )
    rules = view.rules
    setup = _start_round(rules, dealt, view.dealer, view.face_up).setup
    play = CardPlay.from_parts(setup, hands, view.trick_leader, view.trick, view.tricks)
    setting = _setting(
        rules=rules, seed=rng.randrange(SEED_LIMIT), round_number=view.round_number, dealer=view.dealer,
        phase=view.phase, face_up=view.face_up, predictions=predictions, penalties=view.penalties,
        history=view.history, winner=view.winner,
    )
    return _state(setting, play)


def round_values(state: State) -> tuple[float, ...] | None:
    """What the round in play gave each seat once it is over: its penalty, negated (fewer is
    better). ``None`` while the round goes on."""
    phase = state.setting.phase
    if phase is _ROUND_OVER or phase is _GAME_OVER:
        penalties = state.history[-1].penalties
        assert penalties is not None
        return tuple(-float(p) for p in penalties)
    return None


def _playout(state: State, rng: random.Random) -> tuple[float, ...]:
    """The round played to its end on raw ints: predictions still due by the rule of thumb,
    then random legal cards; the penalties by the one rule (:func:`_penalty`), negated."""
    setting = state.setting
    play = state.play
    rules = setting.rules
    predictions = tuple(
        p if p is not None else _guess(play.hand(seat), play.trump) for seat, p in enumerate(setting.predictions)
    )
    outcome = play_cards(
        [play.hand(seat).bits for seat in range(SEATS)], int(play.trump), play.leader, rng,
        trick=[card.index for card in play.trick], rules=rules.play,
    )
    points = play.points()
    won = play.tricks_won()
    return tuple(
        -float(_penalty(rules, points[seat] + outcome.points[seat], predictions[seat], won[seat] + outcome.tricks[seat]))
        for seat in range(SEATS)
    )


def _public_move(move: Move, rules: Rules) -> str:
    """What the table reads of a move: a secret prediction is only "predicts"."""
    if type(move) is Predict and rules.prediction_mode is PredictionMode.SECRET:
        return "predicts"
    return str(move)


def _describe(view: Observation) -> list[str]:
    """What a seat reads besides its hand and the table: the face-up card, the predictions it
    may see (its own always, on a line of its own while secret), the points taken, the penalty
    totals, a finished round (see :attr:`Variant.describe`)."""
    rules = view.rules
    phase = view.phase
    public = rules.prediction_mode is PredictionMode.OPEN or phase is _ROUND_OVER or phase is _GAME_OVER
    extra = " (a tie-break round)" if view.round_number >= rules.rounds else ""
    totals = ", ".join(f"seat {seat} {total}" for seat, total in enumerate(view.penalties))
    lines = [f"Round {view.round_number + 1} of {rules.rounds}{extra}; penalty points: {totals} "
             "(the fewest win)"]
    if phase is _PREDICT or phase is _PLAY:
        lines.append(f"Face-up card {view.face_up.symbol}: the dealer's (seat {view.dealer}), it makes "
                     f"{view.trump} trump")
        shown = []
        for seat in range(SEATS):
            prediction = view.predictions[seat] if public else None
            shown.append(f"seat {seat} " + (str(prediction) if prediction is not None
                                             else "has predicted" if view.predicted[seat] else "not yet"))
        lines.append(("Predictions: " if public else "Predictions (secret): ") + ", ".join(shown))
        own = view.predictions[view.seat] if view.seat is not None else None
        if not public and own is not None:
            lines.append(f"Your prediction: {own} (secret until the round is over)")
    if phase is _PLAY:
        lines.append("Points taken this round: " + ", ".join(f"seat {seat} {points}" for seat, points in
                                                             enumerate(view.points)))
    if (phase is _ROUND_OVER or phase is _GAME_OVER) and view.history:
        score = view.history[-1]
        assert score.penalties is not None  # a round in the history is complete
        lines.append(f"Round {score.round_number + 1}: " + "; ".join(
            f"seat {seat} took {score.points[seat]}, predicted {score.predictions[seat]}: "
            f"{score.penalties[seat]} penalty points" for seat in range(SEATS)))
    return lines


def _end_reason(view: Observation) -> str:
    """Why the game ended, and who won (see :attr:`Variant.end_reason`)."""
    winner = view.winner
    rounds = len(view.history)
    tie_break = " (with tie-break rounds)" if rounds > view.rules.rounds else ""
    if winner is None:  # pragma: no cover - a Differenzler game ends only with one winner
        return f"After {rounds} rounds nobody has won"
    return (f"After {rounds} rounds{tie_break} seat {winner} has the fewest penalty points, "
            f"{view.penalties[winner]}: seat {winner} wins")


#: Differenzler, described for the registry (:mod:`jass.variant`).
VARIANT: Final = register(
    Variant(
        name="differenzler",
        title="Differenzler",
        seats=SEATS,
        teams=((0,), (1,), (2,), (3,)),
        rules_type=Rules,
        state_type=State,
        move_types=(Predict, PlayCard, Deal),
        observation_type=Observation,
        presets={"seed": Rules.seed, "open": Rules.open, "jasswelt": Rules.jasswelt},
        **protocol_of(globals()),
        standings=lambda state: state.penalties,
        result=_result,
        record_deal=lambda state: record_deal(state, new_game, _explicit_deal),
        game_from_record=_game_from_record,
        explicit_deal=_explicit_deal,
        explicit_move=_explicit_move,
        record_fields=("deal", "face_up"),
        lower_is_better=True,
        standing_name="penalty points",
        json_types=(Setting, RoundScore),
        check_loaded=check_loaded,
        check_observation=check_observation,
        hooks=ConformanceHooks(hidden_variations=_variations, known_cards=_known_cards, check_step=_check_step),
        rule_move=_rule_move,
        public_move=_public_move,
        describe=_describe,
        end_reason=_end_reason,
        encoding=Encoding(actions=len(_ACTION_NAMES), action_names=_ACTION_NAMES, action_of=_action_of,
                          move_of=_move_of, encode=_encode, layout=_DIFFERENZLER_LAYOUT),
        search=SearchHooks(determinize=determinize, round_values=round_values, playout=_playout, scale=30.0),
        module=__name__,
    )
)
