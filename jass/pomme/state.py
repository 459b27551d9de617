"""La pomme's values: the :class:`State` (a :class:`Setting` shared by every state of a round's
card play, and the play), the :class:`Observation` of one seat, the round's score, the hidden
cards a search draws, and the slot builders of the hot paths.
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from jass._base import NamedEnum, cards_in, instance_of, int_in, one_of, tuple_of
from jass.cards import FULL_DECK, Card, CardSet
from jass.errors import InvalidStateError
from jass.play import CardPlay, Trick
from jass.pomme.moves import Move
from jass.pomme.rules import MAX_SCORE, SEATS, Rules
from jass.trump import LAST_TRICK_BONUS, Trump
from jass.variant.guards import SEED_LIMIT, check_seat
from jass.variant.state import MAX_ROUNDS, SettingField, TwoPartState, slot_builder

__all__ = ["Phase", "RoundScore", "Setting", "State", "Observation", "HiddenCards"]


class Phase(NamedEnum):
    """The stages of a game, in the order a round goes through them."""

    #: Each player keeps their hand or exchanges 3 cards for their extras (non-dealer first).
    EXCHANGE = "exchange"
    #: Each player in turn (non-dealer first) may swap the trump 6, if they hold it, for
    #: the turned card; skipped when the turned card is the 6.
    SWAP_TRUMP_SIX = "swap_trump_six"
    #: The 9 tricks.
    PLAY = "play"
    #: The round is scored; the next dealer deals (:class:`Deal`).
    ROUND_OVER = "round_over"
    #: A player has won, or the round limit (:data:`~jass.variant.MAX_ROUNDS`) ended the game drawn.
    GAME_OVER = "game_over"


_TWO_POINTS: Final = tuple_of(int_in(0, 2_500), SEATS, SEATS, error=InvalidStateError)


@attrs.frozen
class RoundScore:
    """One round's score, per seat (index 0 and 1).

    While the round is being played only the points taken so far are filled in
    (``complete`` is false: no +1 and no pomme yet).
    """

    #: Card points of the tricks taken (the trump Jack 21, the trump 9 14).
    card_points: tuple[int, ...] = attrs.field(validator=_TWO_POINTS)
    #: 5 for the seat that took the last trick, else 0.
    last_trick: tuple[int, ...] = attrs.field(
        validator=tuple_of(one_of(0, LAST_TRICK_BONUS), SEATS, SEATS, error=InvalidStateError)
    )
    #: ``card_points + last_trick``.
    totals: tuple[int, ...] = attrs.field(validator=_TWO_POINTS)
    #: 1 for the seat with the higher total, 0 otherwise (both 0 on equal totals).
    won: tuple[int, ...] = attrs.field(validator=tuple_of(int_in(0, 1), SEATS, SEATS, error=InvalidStateError))
    #: True for a seat that scores a pomme (a total under ``Rules.pomme_threshold``).
    pommes: tuple[bool, ...] = attrs.field(validator=tuple_of(instance_of(bool), SEATS, SEATS, error=InvalidStateError))
    #: The change to each game score: ``won``, minus 1 for a pomme.
    game_points: tuple[int, ...] = attrs.field(validator=tuple_of(int_in(-1, 1), SEATS, SEATS, error=InvalidStateError))
    #: True once all 18 cards are played.
    complete: bool = attrs.field(validator=instance_of(bool, error=InvalidStateError))

    def __attrs_post_init__(self) -> None:
        problem = None
        for s in range(SEATS):
            if self.totals[s] != self.card_points[s] + self.last_trick[s]:
                problem = ("totals", "the totals are the card points plus the last trick's")
            elif self.game_points[s] != self.won[s] - self.pommes[s]:
                problem = ("game_points", "a round gives +1 for the round won, -1 for a pomme")
            elif self.won[s] and self.totals[s] <= self.totals[1 - s]:
                problem = ("won", "the player with the higher total wins the round")
        if problem is None and not self.complete and (any(self.last_trick) or any(self.won) or any(self.pommes)):
            problem = ("complete", "a round in play has no last trick, no winner and no pomme yet")
        if problem is None and self.complete and sorted(self.last_trick) != [0, LAST_TRICK_BONUS]:
            problem = ("last_trick", "one player took the last trick")
        if problem is not None:
            error = InvalidStateError(f"{problem[0]}: {problem[1]}")
            error.field = problem[0]  # type: ignore[attr-defined]
            raise error


NO_SCORE: Final = RoundScore((0, 0), (0, 0), (0, 0), (0, 0), (False, False), (0, 0), False)
_SEAT: Final = int_in(0, 1, error=InvalidStateError)
_DECISIONS: Final = tuple_of(instance_of(bool, optional=True), SEATS, SEATS, error=InvalidStateError)
_SCORES: Final = tuple_of(int_in(-MAX_SCORE, MAX_SCORE), SEATS, SEATS, error=InvalidStateError)
_POMMES: Final = tuple_of(int_in(0, MAX_SCORE), SEATS, SEATS, error=InvalidStateError)


@attrs.frozen
class Setting:
    """Everything about a game of two-player Jass except the cards in play: it changes with
    a decision, a deal or a round's end, never with a card, so every :class:`State` of a
    round's card play shares one.
    """

    #: The options.
    rules: Rules = attrs.field(validator=instance_of(Rules, error=InvalidStateError))
    #: The game's seed: round *n* is dealt from ``shuffled_deck(round_seed(seed, n))``.
    seed: int = attrs.field(validator=int_in(0, SEED_LIMIT - 1, error=InvalidStateError))
    #: 0 for the first round.
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=InvalidStateError))
    #: The dealer of this round; the other seat decides first and leads the first trick.
    dealer: int = attrs.field(validator=_SEAT)
    #: The stage of the round.
    phase: Phase = attrs.field(validator=instance_of(Phase, error=InvalidStateError))
    #: Each seat's 9 cards: before play its current hand, from the start of play on the hand
    #: as play began (see :meth:`State.hand`).
    hands: tuple[CardSet, ...] = attrs.field(validator=tuple_of(cards_in(9, 9), SEATS, SEATS, error=InvalidStateError))
    #: Each seat's 3 face-down extras; empty once the seat has decided.
    extras: tuple[CardSet, ...] = attrs.field(validator=tuple_of(cards_in(0, 3), SEATS, SEATS, error=InvalidStateError))
    #: The 11 face-down cards of the talon below its top card: out of play.
    talon: CardSet = attrs.field(validator=cards_in(11, 11, error=InvalidStateError))
    #: The card turned at the deal: its suit is trump.
    turned: Card = attrs.field(validator=instance_of(Card, error=InvalidStateError))
    #: Each seat's exchange: ``None`` (not yet decided), ``True`` (exchanged), ``False`` (kept).
    exchanges: tuple[bool | None, ...] = attrs.field(validator=_DECISIONS)
    #: Each seat's trump-6 decision: ``None`` (not asked), ``True`` (swapped), ``False`` (no swap).
    swaps: tuple[bool | None, ...] = attrs.field(validator=_DECISIONS)
    #: The game scores: +1 per round won, -1 per pomme (so a score may be negative).
    scores: tuple[int, ...] = attrs.field(validator=_SCORES)
    #: The pommes each seat has collected.
    pommes: tuple[int, ...] = attrs.field(validator=_POMMES)
    #: The score of every finished round, in order.
    history: tuple[RoundScore, ...] = attrs.field(
        validator=tuple_of(instance_of(RoundScore), 0, MAX_ROUNDS, error=InvalidStateError)
    )
    #: The winner once the game is over.
    winner: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=InvalidStateError))


@attrs.frozen(repr=False)
class State(TwoPartState):
    """A game of two-player Jass at one moment. Immutable: :func:`apply` returns a new one.

    ``setting`` holds what the cards in play do not change, ``play`` the card play from
    phase PLAY on (kept until the next deal). Before play, ``hands`` are the players'
    current hands; from the start of play on, they are the hands as play began (after the
    exchanges and the swap) and the cards still held are in ``play`` (:meth:`hand` gives
    them either way). Every field of the setting reads on the state too;
    :meth:`~jass.variant.TwoPartState.create` and :meth:`~jass.variant.TwoPartState.replace`
    take them all by name.
    """

    SETTING: ClassVar[type] = Setting
    PLAY_AFTER: ClassVar[str] = "swaps"

    setting: Setting = attrs.field(validator=instance_of(Setting, error=InvalidStateError))
    play: CardPlay | None = attrs.field(validator=instance_of(CardPlay, optional=True, error=InvalidStateError))

    rules = SettingField[Rules]("The options.")
    phase = SettingField[Phase]("The stage of the round.")
    hands = SettingField[tuple[CardSet, ...]](
        "Each seat's 9 cards: before play its current hand, from the start of play on the hand as play "
        "began (see :meth:`hand`)."
    )
    extras = SettingField[tuple[CardSet, ...]]("Each seat's 3 face-down extras; empty once the seat has decided.")
    talon = SettingField[CardSet]("The 11 face-down cards of the talon below its top card: out of play.")
    turned = SettingField[Card]("The card turned at the deal: its suit is trump.")
    exchanges = SettingField[tuple[bool | None, ...]](
        "Each seat's exchange: ``None`` (not yet decided), ``True`` (exchanged), ``False`` (kept)."
    )
    swaps = SettingField[tuple[bool | None, ...]](
        "Each seat's trump-6 decision: ``None`` (not asked), ``True`` (swapped), ``False`` (no swap)."
    )
    scores = SettingField[tuple[int, ...]]("The game scores: +1 per round won, -1 per pomme (so a score may be negative).")
    pommes = SettingField[tuple[int, ...]]("The pommes each seat has collected.")
    history = SettingField[tuple[RoundScore, ...]]("The score of every finished round, in order.")
    winner = SettingField[int | None]("The winner once the game is over.")

    @property
    def non_dealer(self) -> int:
        """The seat that decides first and leads the first trick."""
        return 1 - self.setting.dealer

    @property
    def trump(self) -> Trump:
        """The trump suit: the turned card's suit."""
        return Trump(self.setting.turned.suit.value)

    @property
    def trump_six(self) -> Card:
        """The 6 of trump."""
        return Card.from_index(self.setting.turned.suit * 9)

    @property
    def swapped_by(self) -> int | None:
        """The seat that swapped the trump 6 for the turned card this round, if any."""
        swaps = self.setting.swaps
        if swaps[0]:
            return 0
        if swaps[1]:
            return 1
        return None

    @property
    def top_card(self) -> Card:
        """The face-up card on the talon: the turned card, or the trump 6 after a swap."""
        return self.trump_six if self.swapped_by is not None else self.setting.turned

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now."""
        check_seat(seat, SEATS)
        if self.play is not None:
            return self.play.hand(seat)
        return self.setting.hands[seat]

    @property
    def out_of_play(self) -> CardSet:
        """The unused cards put under the talon in the exchange: 3 for each seat that has
        decided (its extras if it kept its hand, the 3 cards it gave away if it exchanged)."""
        setting = self.setting
        bits = FULL_DECK.bits & ~setting.talon.bits & ~self.top_card.bit
        for seat in (0, 1):
            bits &= ~setting.hands[seat].bits & ~setting.extras[seat].bits
        return CardSet.from_bits(bits)


@attrs.frozen
class Observation:
    """What one seat may know: everything public plus its own hand.

    Never the other hand, anybody's face-down extras (a player does not look at
    their own before deciding: they are "restées face cachée"), the talon below
    its top card, or the cards put out of play.
    """

    #: The observing seat; ``None`` for a spectator.
    seat: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=InvalidStateError))
    #: The options.
    rules: Rules = attrs.field(validator=instance_of(Rules, error=InvalidStateError))
    #: The stage of the round.
    phase: Phase = attrs.field(validator=instance_of(Phase, error=InvalidStateError))
    #: 0 for the first round.
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=InvalidStateError))
    #: The dealer of this round.
    dealer: int = attrs.field(validator=_SEAT)
    #: The seat whose move is due (``None`` when the game is over).
    to_act: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=InvalidStateError))
    #: The observing seat's cards.
    hand: CardSet = attrs.field(validator=cards_in(0, 9, error=InvalidStateError))
    #: How many cards each seat holds.
    hand_sizes: tuple[int, ...] = attrs.field(validator=tuple_of(int_in(0, 9), SEATS, SEATS, error=InvalidStateError))
    #: The trump suit.
    trump: Trump = attrs.field(validator=instance_of(Trump, error=InvalidStateError))
    #: The card turned at the deal (after a swap it is in the swapper's hand).
    turned: Card = attrs.field(validator=instance_of(Card, error=InvalidStateError))
    #: The face-up card on the talon now (the trump 6 after a swap).
    top_card: Card = attrs.field(validator=instance_of(Card, error=InvalidStateError))
    #: Each seat's exchange: ``None`` (not yet decided), ``True`` (exchanged), ``False`` (kept).
    exchanges: tuple[bool | None, ...] = attrs.field(validator=_DECISIONS)
    #: The seat that swapped the trump 6 for the turned card, if any.
    swapped_by: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=InvalidStateError))
    #: The cards of the trick in progress, leader first.
    trick: tuple[Card, ...] = attrs.field(validator=tuple_of(instance_of(Card), 0, 1, error=InvalidStateError))
    #: The seat that led (or leads) the trick in progress; ``None`` before play.
    trick_leader: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=InvalidStateError))
    #: The completed tricks of this round.
    tricks: tuple[Trick, ...] = attrs.field(validator=tuple_of(instance_of(Trick), 0, 9, error=InvalidStateError))
    #: Points taken this round so far (with the last trick's 5 once it is taken).
    round_points: tuple[int, ...] = attrs.field(validator=_TWO_POINTS)
    #: The game scores.
    scores: tuple[int, ...] = attrs.field(validator=_SCORES)
    #: The pommes collected.
    pommes: tuple[int, ...] = attrs.field(validator=_POMMES)
    #: The score of every finished round.
    history: tuple[RoundScore, ...] = attrs.field(
        validator=tuple_of(instance_of(RoundScore), 0, MAX_ROUNDS, error=InvalidStateError)
    )
    #: The winner once the game is over.
    winner: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=InvalidStateError))
    #: This seat's legal moves when it is to act, else empty.
    legal_moves: tuple[Move, ...] = attrs.field(validator=tuple_of(instance_of(object), 0, 100, error=InvalidStateError))


# Enum members as module constants: a global is much faster than ``Phase.PLAY``, a lookup through
# the enum's metaclass, and the hot paths ask on every card.
EXCHANGE: Final = Phase.EXCHANGE
SWAP_TRUMP_SIX: Final = Phase.SWAP_TRUMP_SIX
PLAY: Final = Phase.PLAY
ROUND_OVER: Final = Phase.ROUND_OVER
GAME_OVER: Final = Phase.GAME_OVER
# Values the package has checked, built slot by slot (see jass.variant.slot_builder).
build_state: Final = slot_builder(State)
build_setting: Final = slot_builder(Setting)
build_observation: Final = slot_builder(Observation)
NO_CARDS: Final = CardSet()


@attrs.frozen
class HiddenCards:
    """A deal of the cards a la pomme player cannot see (see :func:`sample_hidden`); the zones
    are as :func:`card_zones` names them."""

    #: Both hands now (the observer's own is its own).
    hands: tuple[CardSet, ...]
    #: Each seat's face-down extras (3 cards until it decides, then none).
    extras: tuple[CardSet, ...]
    #: The 11 face-down cards of the talon.
    talon: CardSet
    #: The cards put out of play in the exchange.
    out_of_play: CardSet
