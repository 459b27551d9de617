"""Bieter's values: the :class:`State` (a :class:`Setting` shared by every state of a game's card
play, and the play), the :class:`Observation` of one seat, a game's score, the hidden cards a
search draws, and the slot builders of the hot paths.
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from jass._base import NamedEnum, cards_in, instance_of, int_in, tuple_of
from jass.bieter.moves import GameMode, Move
from jass.bieter.rules import MAX_BID, MAX_SCORE, SEATS, Rules
from jass.cards import Card, CardSet
from jass.errors import InvalidStateError
from jass.play import CardPlay, Trick
from jass.variant.guards import SEED_LIMIT, check_seat
from jass.variant.state import MAX_ROUNDS, SettingField, TwoPartState, slot_builder

__all__ = ["Phase", "RoundKind", "RoundScore", "Setting", "State", "Observation", "HiddenCards"]

#: The cards on the table at the first deal, and how many of them lie face down.
TABLE_SIZE: Final = 6
FACE_DOWN: Final = 3


class Phase(NamedEnum):
    """The stages of a game, in the order a round goes through them."""

    #: From Vorhand on, each bids or says «fort» until two have dropped out.
    AUCTION = "auction"
    #: The King has taken the six table cards and lays six cards away, one at a time.
    DISCARD = "discard"
    #: The King names the mode of the first game.
    ANNOUNCE = "announce"
    #: From the second game on, the King plays the game or concedes it.
    DECIDE = "decide"
    #: The tricks.
    PLAY = "play"
    #: The game is written; the next dealer deals (:class:`Deal`).
    ROUND_OVER = "round_over"
    #: A side reached its goal, or the round limit (:data:`~jass.variant.MAX_ROUNDS`) ended the game drawn.
    GAME_OVER = "game_over"


class RoundKind(NamedEnum):
    """How a round ended."""

    #: Nobody bid: the cards are dealt anew.
    REDEAL = "redeal"
    #: A game played in a trump suit, Obenabe or Undenufe.
    PLAYED = "played"
    #: A Hindersi: the King must take no trick.
    HINDERSI = "hindersi"
    #: The King did not play: the Bauernpartei write a match.
    CONCEDED = "conceded"


_SIDES: Final = tuple_of(int_in(0, 2_500), 2, 2, error=InvalidStateError)


@attrs.frozen
class RoundScore:
    """One round's score per side: index 0 the King, 1 the Bauernpartei.

    While a game is played only the points taken so far are filled in (``complete`` false).
    """

    #: How the round ended.
    kind: RoundKind = attrs.field(validator=instance_of(RoundKind, error=InvalidStateError))
    #: The game's mode (``None`` for a redeal).
    mode: GameMode | None = attrs.field(validator=instance_of(GameMode, optional=True, error=InvalidStateError))
    #: Card points of the tricks taken, the last trick's 5 (and the King's discards with
    #: ``Rules.discards_count``).
    points: tuple[int, ...] = attrs.field(validator=_SIDES)
    #: 20 for the side whose player held the trump King and Queen (Stöck), else 0.
    stoeck: tuple[int, ...] = attrs.field(validator=_SIDES)
    #: True for a side that took every trick.
    match: tuple[bool, ...] = attrs.field(validator=tuple_of(instance_of(bool), 2, 2, error=InvalidStateError))
    #: What each side writes towards its goal.
    written: tuple[int, ...] = attrs.field(validator=_SIDES)
    #: True once the round is over.
    complete: bool = attrs.field(validator=instance_of(bool, error=InvalidStateError))


NO_SCORE: Final = RoundScore(RoundKind.PLAYED, None, (0, 0), (0, 0), (False, False), (0, 0), False)
_SEAT: Final = int_in(0, SEATS - 1, error=InvalidStateError)
_OPTIONAL_SEAT: Final = int_in(0, SEATS - 1, optional=True, error=InvalidStateError)
_HANDS: Final = tuple_of(cards_in(10, 12), SEATS, SEATS, error=InvalidStateError)
#: The longest auction: two early «fort» (jassonkel.ch's rule), every bid from 5 to MAX_BID, two «fort».
MAX_CALLS: Final = 2 + MAX_BID // 5 + 2
_CALLS: Final = tuple_of(int_in(0, MAX_BID, error=InvalidStateError), 0, MAX_CALLS, error=InvalidStateError)
_CARDS6: Final = tuple_of(instance_of(Card), 0, TABLE_SIZE, error=InvalidStateError)
_SCORES: Final = tuple_of(int_in(0, MAX_SCORE), 2, 2, error=InvalidStateError)
_HISTORY: Final = tuple_of(instance_of(RoundScore), 0, MAX_ROUNDS, error=InvalidStateError)


@attrs.frozen
class Setting:
    """Everything about a game of Bieter except the cards in play: it changes with a bid, a
    decision, a deal or a game's end, never with a card."""

    #: The options.
    rules: Rules = attrs.field(validator=instance_of(Rules, error=InvalidStateError))
    #: The game's seed: round *n* is dealt from ``shuffled_deck(round_seed(seed, n))``.
    seed: int = attrs.field(validator=int_in(0, SEED_LIMIT - 1, error=InvalidStateError))
    #: 0 for the first round (a redeal after four «fort» is a round too).
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=InvalidStateError))
    #: The dealer of this round; the next seat (Vorhand) bids first and leads the first trick.
    dealer: int = attrs.field(validator=_SEAT)
    #: The stage of the round.
    phase: Phase = attrs.field(validator=instance_of(Phase, error=InvalidStateError))
    #: Each seat's cards as dealt this round (10 with table cards, else 12).
    hands: tuple[CardSet, ...] = attrs.field(validator=_HANDS)
    #: The cards dealt to the table: 3 face down, then 3 face up; none after the first deal.
    table: tuple[Card, ...] = attrs.field(validator=_CARDS6)
    #: The bottom card of the pack in a later game, face up: its suit is trump (it stays in the
    #: dealer's hand); ``None`` in the first game.
    trump_card: Card | None = attrs.field(validator=instance_of(Card, optional=True, error=InvalidStateError))
    #: The auction, in order from Vorhand: each bid's points, 0 for a «fort».
    calls: tuple[int, ...] = attrs.field(validator=_CALLS)
    #: The King (the highest bidder) once the auction is over.
    king: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    #: The King's bid: the points he must write to win (0 before the auction is over).
    bid: int = attrs.field(validator=int_in(0, MAX_BID, error=InvalidStateError))
    #: The cards the King laid away this round, in order.
    discards: tuple[Card, ...] = attrs.field(validator=_CARDS6)
    #: The mode of the game in play (``None`` before it is named).
    mode: GameMode | None = attrs.field(validator=instance_of(GameMode, optional=True, error=InvalidStateError))
    #: From the second game on, the King's decision: ``True`` plays, ``False`` concedes, ``None`` not yet.
    playing: bool | None = attrs.field(validator=instance_of(bool, optional=True, error=InvalidStateError))
    #: What each side has written: (the King, the Bauernpartei).
    scores: tuple[int, ...] = attrs.field(validator=_SCORES)
    #: The score of every finished round, in order.
    history: tuple[RoundScore, ...] = attrs.field(validator=_HISTORY)
    #: Once the game is over: ``True`` when the King won, ``False`` when the Bauernpartei won.
    king_won: bool | None = attrs.field(validator=instance_of(bool, optional=True, error=InvalidStateError))


def games_played(history: tuple[RoundScore, ...]) -> int:
    """The games of the Partie written so far (redeals are no games)."""
    return sum(score.kind is not RoundKind.REDEAL for score in history)


def auction_dealer(dealer: int, round_number: int, history: tuple[RoundScore, ...]) -> int:
    """The dealer of the round the auction was held in (the round after the redeals), from the
    dealer of round ``round_number``: the deal passes to the next seat each round."""
    redeals = 0
    for score in history:
        if score.kind is not RoundKind.REDEAL:
            break
        redeals += 1
    return (dealer - (round_number - min(redeals, round_number))) % SEATS  # a redeal just written: this round


@attrs.frozen(repr=False)
class State(TwoPartState):
    """A game (one Partie) of Bieter at one moment. Immutable: :func:`apply` returns a new one.

    ``setting`` holds what the cards in play do not change, ``play`` the card play from phase
    PLAY on (kept until the next deal). ``hands`` are the hands as dealt; :meth:`hand` gives the
    cards a seat holds now. Every field of the setting reads on the state too.
    """

    SETTING: ClassVar[type] = Setting
    PLAY_AFTER: ClassVar[str] = "playing"

    setting: Setting = attrs.field(validator=instance_of(Setting, error=InvalidStateError))
    play: CardPlay | None = attrs.field(validator=instance_of(CardPlay, optional=True, error=InvalidStateError))

    rules = SettingField[Rules]("The options.")
    phase = SettingField[Phase]("The stage of the round.")
    hands = SettingField[tuple[CardSet, ...]]("Each seat's cards as dealt this round.")
    table = SettingField[tuple[Card, ...]]("The table cards of the first deal: 3 face down, then 3 face up.")
    trump_card = SettingField[Card | None]("The bottom card that makes trump in a later game.")
    calls = SettingField[tuple[int, ...]]("The auction from Vorhand on: each bid's points, 0 for a «fort».")
    king = SettingField[int | None]("The King, once the auction is over.")
    bid = SettingField[int]("The King's bid (0 before the auction is over).")
    discards = SettingField[tuple[Card, ...]]("The cards the King laid away this round.")
    mode = SettingField[GameMode | None]("The mode of the game in play.")
    playing = SettingField[bool | None]("The King's decision to play (True) or concede (False) a later game.")
    scores = SettingField[tuple[int, ...]]("What each side has written: (the King, the Bauernpartei).")
    history = SettingField[tuple[RoundScore, ...]]("The score of every finished round, in order.")
    king_won = SettingField[bool | None]("Once the game is over: True when the King won.")

    @property
    def vorhand(self) -> int:
        """The seat after the dealer: it bids first and leads the first trick."""
        return (self.setting.dealer + 1) % SEATS

    @property
    def first_game(self) -> bool:
        """True while the round is the auction's (the first game of the Partie, or a deal to be bid on)."""
        setting = self.setting
        return setting.king is None or not games_played(setting.history)

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now."""
        check_seat(seat, SEATS)
        if self.play is not None:
            return self.play.hand(seat)
        setting = self.setting
        hand = setting.hands[seat]
        if seat == setting.king and setting.table:
            return CardSet.from_bits((hand.bits | CardSet(setting.table).bits) & ~CardSet(setting.discards).bits)
        return hand

    @property
    def out_of_play(self) -> CardSet:
        """The cards the King laid away this round."""
        return CardSet(self.setting.discards)


@attrs.frozen
class Observation:
    """What one seat may know: everything public plus its own hand (and, for the King, the
    cards he laid away).

    Never another hand, the face-down table cards, or (for a Bauer) the King's discards.
    """

    #: The observing seat; ``None`` for a spectator.
    seat: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    #: The options.
    rules: Rules = attrs.field(validator=instance_of(Rules, error=InvalidStateError))
    #: The stage of the round.
    phase: Phase = attrs.field(validator=instance_of(Phase, error=InvalidStateError))
    #: 0 for the first round.
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=InvalidStateError))
    #: The dealer of this round.
    dealer: int = attrs.field(validator=_SEAT)
    #: The seat whose move is due (``None`` when the game is over).
    to_act: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    #: The observing seat's cards.
    hand: CardSet = attrs.field(validator=cards_in(0, 16, error=InvalidStateError))
    #: How many cards each seat holds.
    hand_sizes: tuple[int, ...] = attrs.field(validator=tuple_of(int_in(0, 16), SEATS, SEATS, error=InvalidStateError))
    #: The three face-up table cards of the first deal (taken by the King once he is known).
    table_open: tuple[Card, ...] = attrs.field(validator=tuple_of(instance_of(Card), 0, FACE_DOWN, error=InvalidStateError))
    #: True while the six table cards lie on the table (3 of them face down).
    table_lying: bool = attrs.field(validator=instance_of(bool, error=InvalidStateError))
    #: The auction so far: each bid's points, 0 for a «fort» (said aloud: public).
    calls: tuple[int, ...] = attrs.field(validator=_CALLS)
    #: The King, once the auction is over.
    king: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    #: The King's bid.
    bid: int = attrs.field(validator=int_in(0, MAX_BID, error=InvalidStateError))
    #: How many cards the King has laid away this round.
    discarded: int = attrs.field(validator=int_in(0, TABLE_SIZE, error=InvalidStateError))
    #: The cards the King laid away: only in the King's own observation (empty for the others).
    own_discards: tuple[Card, ...] = attrs.field(validator=_CARDS6)
    #: The mode of the game in play, once named (or turned up).
    mode: GameMode | None = attrs.field(validator=instance_of(GameMode, optional=True, error=InvalidStateError))
    #: The bottom card that made trump in a later game (public).
    trump_card: Card | None = attrs.field(validator=instance_of(Card, optional=True, error=InvalidStateError))
    #: The King's decision to play a later game (public).
    playing: bool | None = attrs.field(validator=instance_of(bool, optional=True, error=InvalidStateError))
    #: The cards of the trick in progress, leader first.
    trick: tuple[Card, ...] = attrs.field(validator=tuple_of(instance_of(Card), 0, SEATS - 1, error=InvalidStateError))
    #: The seat that led (or leads) the trick in progress; ``None`` before play.
    trick_leader: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    #: The completed tricks of this game.
    tricks: tuple[Trick, ...] = attrs.field(validator=tuple_of(instance_of(Trick), 0, 12, error=InvalidStateError))
    #: What each side has written: (the King, the Bauernpartei).
    scores: tuple[int, ...] = attrs.field(validator=_SCORES)
    #: The score of every finished round.
    history: tuple[RoundScore, ...] = attrs.field(validator=_HISTORY)
    #: Once the game is over: True when the King won.
    king_won: bool | None = attrs.field(validator=instance_of(bool, optional=True, error=InvalidStateError))
    #: This seat's legal moves when it is to act, else empty.
    legal_moves: tuple[Move, ...] = attrs.field(
        validator=tuple_of(instance_of(object), 0, 1 + MAX_BID // 5, error=InvalidStateError))


# Enum members as module constants: a global is faster than ``Phase.PLAY`` on the hot paths.
AUCTION: Final = Phase.AUCTION
DISCARD: Final = Phase.DISCARD
ANNOUNCE: Final = Phase.ANNOUNCE
DECIDE: Final = Phase.DECIDE
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
    """A deal of the cards a Bieter player cannot see (see :func:`sample_hidden`)."""

    #: The three hands now (the observer's own is its own).
    hands: tuple[CardSet, ...]
    #: The face-down table cards (3 while they lie on the table, else none).
    table_hidden: CardSet
    #: The King's discards (the observer's own if it is the King).
    out_of_play: CardSet
