"""Two-player Jass, "la pomme" (seed 000; the rules: :doc:`/rules/pomme`).

A round, as seed 000 tells it:

1. **The deal.** Each player gets 9 cards and 3 extra cards that stay face down;
   the dealer turns the top card of the talon (the 12 cards left): "La couleur de
   cette carte indique la couleur « atout » pour ce jeu."
2. **The exchange.** "Chaque joueur peut échanger 3 de ses cartes avec les 3 cartes
   supplémentaires [...] restées face cachée. S'il les échange, il est obligé d'en
   échanger 3 ou de garder son jeu initial." The non-dealer decides first
   (:class:`KeepHand` or :class:`Exchange` of exactly 3 cards). "Les 6 cartes non
   utilisées par les 2 joueurs sont remises sous le talon": they are out of play.
3. **The trump 6.** "Si un des joueurs détient le 6 d'atout il peut, s'il le veut,
   l'échanger contre la carte présentant l'atout": :class:`SwapTrumpSix` or
   :class:`DeclineSwap`.
4. **Play.** "La partie commence par le joueur en face du donneur"; follow suit or
   trump at any time, else any card (the rules of :mod:`jass.tricks`); the trump
   Jack is worth 21, the trump 9 14, the last trick 5.
5. **The result.** "Le joueur totalisant le plus de points marque 1 point. Si l'un
   des joueurs obtient moins de 21 points, il marque une pomme soit « moins 1
   point »." "Le premier joueur à totaliser 7 points gagne la partie."

>>> from jass import pomme
>>> state = pomme.new_game(pomme.Rules(first_dealer=1), seed=7)
>>> state.phase, pomme.to_act(state)          # the non-dealer decides first
(Phase.EXCHANGE, 0)
>>> len(pomme.legal_moves(state))             # keep, or give away any 3 of 9 cards
85
>>> state = pomme.apply(state, pomme.KeepHand())
>>> pomme.to_act(state), len(state.out_of_play)
(1, 3)

Seats are 0 and 1. The game's moves are small records: :class:`KeepHand`,
:class:`Exchange`, :class:`SwapTrumpSix`, :class:`DeclineSwap`,
:class:`~jass.play.PlayCard` and :class:`Deal` (the next dealer starts the next round).
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final, TypeAlias, Union

import attrs

from jass._base import NamedEnum, cards_in, check_same, instance_of, int_in, one_of, tuple_of
from jass.cards import FULL_DECK, Card, CardSet, Rank, shuffled_deck, validate_deck
from jass.encoding import Encoding, card_vector, one_hot, play_block, play_layout, relative, relative_values
from jass.errors import IllegalMoveError, InvalidStateError, JassError, RecordError, SerialError
from jass.play import (
    CardPlay,
    PlayCard,
    Trick,
    card_moves,
    check_disjoint,
    check_hand_view,
    check_legal_cards,
    check_public_tricks,
    parse_play,
    round_seed,
)
from jass.rollout import play_cards
from jass.sampling import HandSampler, played_by
from jass.tricks import PlayRules
from jass.trump import LAST_TRICK_BONUS, Trump, point_table
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
    check_seat,
    changed,
    move_error,
    check_turn,
    check_sender,
    game_end,
    game_start,
    no_argument,
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
    "MAX_TARGET_POINTS",
    "MAX_POMME_THRESHOLD",
    "Phase",
    "Rules",
    "KeepHand",
    "Exchange",
    "SwapTrumpSix",
    "DeclineSwap",
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
    "HiddenCards",
    "hand_sampler",
    "sample_hidden",
    "determinize",
    "round_values",
]

#: The number of players.
SEATS: Final = 2

_NAME: Final = "two-player Jass (la pomme)"
_STATE: Final = InvalidStateError
#: The range of a game score or a pomme count (a round changes each by one at most, and a game
#: has at most MAX_ROUNDS rounds).
_MAX_SCORE: Final = 10**6
#: The highest ``target_points``: with the highest threshold a game to it takes some 1,100 rounds
#: of random play, well within the round limit :data:`~jass.variant.MAX_ROUNDS`.
MAX_TARGET_POINTS: Final = 100
#: The highest ``pomme_threshold``. A pomme marks a poor round: with a threshold above about a
#: fifth of a round's points, pommes come faster than won rounds, scores fall instead of rising,
#: and a game never ends (at 159, more than a player can take, every round is a pomme for both).
#: At 30 a random player still gains 0.09 points a round with every option (with
#: ``trump_jack_points=0``, the fewest points; tests/test_robust.py measures it); at 39, 0.16 lost.
MAX_POMME_THRESHOLD: Final = 30


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


# --- rules -----------------------------------------------------------------


@attrs.frozen(cache_hash=True)
class Rules:
    """The options of two-player Jass; the defaults are seed 000's rules (:doc:`/rules/pomme`).

    >>> Rules().trump_jack_points, Rules().target_points
    (21, 7)
    >>> Rules(target_points=0)
    Traceback (most recent call last):
    jass.errors.InvalidRulesError: target_points=0: expected an int 1..100
    >>> Rules(pomme_threshold=159)
    Traceback (most recent call last):
    jass.errors.InvalidRulesError: pomme_threshold=159: expected an int 0..30
    """

    #: Points of the trump Jack: 21 in seed 000 ("Valet d'atout : 21 points"); 20 is the
    #: general Jass value.
    trump_jack_points: int = attrs.field(default=21, validator=int_in(0, 1000))
    #: The first player to reach this game score wins ("Le premier joueur à totaliser 7 points");
    #: at most :data:`MAX_TARGET_POINTS`.
    target_points: int = attrs.field(default=7, validator=int_in(1, MAX_TARGET_POINTS))
    #: The first player to collect 3 pommes loses (seed 000: "Une variante peut également
    #: désigner comme perdant le premier joueur à totaliser 3 pommes").
    three_pommes_lose: bool = attrs.field(default=False, validator=instance_of(bool))
    #: A round total under this is a pomme ("moins de 21 points"); at most
    #: :data:`MAX_POMME_THRESHOLD`, so that the game can end.
    pomme_threshold: int = attrs.field(default=21, validator=int_in(0, MAX_POMME_THRESHOLD))
    #: When both players are under the threshold, nobody scores the +1 or a pomme
    #: (fr.wikipedia "Pomme (jeu de cartes)"). Off: each scores a pomme and the higher
    #: total still scores +1, as seed 000 reads.
    both_pommes_cancel: bool = attrs.field(default=False, validator=instance_of(bool))
    #: A player whose only trump is the Jack need not play it to a trump lead (the Bauer
    #: exception of :doc:`/rules/general`; seed 000 is silent, so the general rule stands).
    bauer_exception: bool = attrs.field(default=True, validator=instance_of(bool))
    #: The first dealer, 0 or 1; ``None``: drawn from the game's seed.
    first_dealer: int | None = attrs.field(default=None, validator=int_in(0, 1, optional=True))

    @classmethod
    def seed(cls) -> Rules:
        """Seed 000's rules: the defaults."""
        return cls()

    @classmethod
    def three_pommes(cls) -> Rules:
        """Seed 000's variant: the first player to collect 3 pommes loses."""
        return cls(three_pommes_lose=True)

    @classmethod
    def wikipedia(cls) -> Rules:
        """fr.wikipedia's reading: when both players are under 21, nothing is scored."""
        return cls(both_pommes_cancel=True)

    @property
    def play_rules(self) -> PlayRules:
        """The card-play options (undertrumping cannot arise with two players)."""
        return _PLAY_RULES[self.bauer_exception]


_PLAY_RULES: Final = {True: PlayRules(bauer_exception=True), False: PlayRules(bauer_exception=False)}


# --- moves -----------------------------------------------------------------


@attrs.frozen
class KeepHand:
    """The move "keep my 9 cards": the player's 3 extras go out of play, unseen."""

    def __str__(self) -> str:
        return "keep the hand"


def _plural(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _to_card_set(value: Iterable[Card | str]) -> CardSet:
    if isinstance(value, CardSet):
        return value
    return CardSet(value)


def _three_cards(instance: object, attribute: object, cards: CardSet) -> None:
    if len(cards) != 3:
        shown = f" ({cards})" if cards else ""
        error = IllegalMoveError(
            f"Exchange of {_plural(len(cards))}{shown}: exchange exactly 3 cards, or keep your hand (KeepHand())"
        )
        error.field, error.index, error.expected = "cards", None, "3 cards"  # type: ignore[attr-defined]
        error.got = str(len(cards))  # type: ignore[attr-defined]
        raise error


@attrs.frozen
class Exchange:
    """The move "give away these 3 cards and take my 3 extras"; the 3 cards go out of play.

    ``cards`` may be given as a :class:`~jass.cards.CardSet`, cards or codes: exactly three.

    >>> Exchange("C6 C7 D8")
    Exchange(cards=CardSet('C6 C7 D8'))
    >>> Exchange("C6 C7")
    Traceback (most recent call last):
    jass.errors.IllegalMoveError: Exchange of 2 cards (C6 C7): exchange exactly 3 cards, or keep your hand (KeepHand())
    """

    cards: CardSet = attrs.field(converter=_to_card_set, validator=_three_cards)

    def __str__(self) -> str:
        return f"exchange {self.cards}"


@attrs.frozen
class SwapTrumpSix:
    """The move "swap my trump 6 for the turned card"."""

    def __str__(self) -> str:
        return "swap the trump 6 for the turned card"


@attrs.frozen
class DeclineSwap:
    """The move "no swap": the holder of the trump 6 keeps it, or a player without it passes."""

    def __str__(self) -> str:
        return "no swap"


def _to_order(value: Iterable[Card | str] | None) -> tuple[Card, ...] | None:
    if value is None:
        return None
    try:
        return validate_deck(value)
    except JassError as error:
        raise move_error(error, "Deal") from None


@attrs.frozen
class Deal:
    """The move "deal the next round", made by the next dealer once a round is over.

    ``order`` is the 36 cards in dealing order (see :func:`new_game`); ``None``: the
    order :func:`~jass.cards.shuffled_deck` gives for ``round_seed(seed, n)``, *n*
    being the number of the round dealt.
    """

    order: tuple[Card, ...] | None = attrs.field(default=None, converter=_to_order)

    def __str__(self) -> str:
        return "deal the next round"


#: Any move of two-player Jass.
Move: TypeAlias = Union[KeepHand, Exchange, SwapTrumpSix, DeclineSwap, PlayCard, Deal]

_KEEP: Final = KeepHand()
_SWAP: Final = SwapTrumpSix()
_DECLINE: Final = DeclineSwap()
_DEAL: Final = Deal()
_SIX_AND_DECLINE: Final = (_SWAP, _DECLINE)
_ONLY_DECLINE: Final = (_DECLINE,)
_ONLY_DEAL: Final = (_DEAL,)


# Bounded: a bot asks for the same hand's 85 moves again and again, a random game never.
@functools.lru_cache(maxsize=128)
def _exchange_options(hand_bits: int) -> tuple[Move, ...]:
    """Keep, or give away any 3 of the hand's cards: the legal moves of the exchange."""
    cards = list(CardSet.from_bits(hand_bits))
    return (_KEEP,) + tuple(Exchange(CardSet(trio)) for trio in itertools.combinations(cards, 3))


def _is_exchange_option(move: object, hand_bits: int) -> bool:
    """Whether ``move`` is among :func:`_exchange_options` of the hand, without building them:
    keeping, or 3 cards of the hand (an ``Exchange`` holds exactly 3, checked when built)."""
    return type(move) is KeepHand or (type(move) is Exchange and not move.cards._bits & ~hand_bits)


# --- scores ------------------------------------------------------------------

_TWO_POINTS: Final = tuple_of(int_in(0, 2_500), SEATS, SEATS, error=_STATE)


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
        validator=tuple_of(one_of(0, LAST_TRICK_BONUS), SEATS, SEATS, error=_STATE)
    )
    #: ``card_points + last_trick``.
    totals: tuple[int, ...] = attrs.field(validator=_TWO_POINTS)
    #: 1 for the seat with the higher total, 0 otherwise (both 0 on equal totals).
    won: tuple[int, ...] = attrs.field(validator=tuple_of(int_in(0, 1), SEATS, SEATS, error=_STATE))
    #: True for a seat that scores a pomme (a total under ``Rules.pomme_threshold``).
    pommes: tuple[bool, ...] = attrs.field(validator=tuple_of(instance_of(bool), SEATS, SEATS, error=_STATE))
    #: The change to each game score: ``won``, minus 1 for a pomme.
    game_points: tuple[int, ...] = attrs.field(validator=tuple_of(int_in(-1, 1), SEATS, SEATS, error=_STATE))
    #: True once all 18 cards are played.
    complete: bool = attrs.field(validator=instance_of(bool, error=_STATE))

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


_NO_SCORE: Final = RoundScore((0, 0), (0, 0), (0, 0), (0, 0), (False, False), (0, 0), False)


def _outcome(totals: Sequence[int], rules: Rules) -> tuple[tuple[int, int], tuple[bool, bool]]:
    """Who wins the round (+1) and who scores a pomme, from the round's totals: the one place
    the rule lives (seed 000: "Le joueur totalisant le plus de points marque 1 point. Si l'un
    des joueurs obtient moins de 21 points, il marque une pomme")."""
    under = (totals[0] < rules.pomme_threshold, totals[1] < rules.pomme_threshold)
    if under[0] and under[1] and rules.both_pommes_cancel:
        return (0, 0), (False, False)
    return (int(totals[0] > totals[1]), int(totals[1] > totals[0])), under


def _round_score(play: CardPlay, rules: Rules) -> RoundScore:
    """The score of a round's card play (see :func:`_tally`)."""
    return _tally(play.tricks, play.is_done, rules)


def _tally(tricks: Sequence[Trick], complete: bool, rules: Rules) -> RoundScore:
    """The one scoring function: the points of the tricks taken so far, and once all 18
    cards are played (``complete``) the last trick, the +1 and the pommes."""
    card = [0, 0]
    for trick in tricks:
        card[trick.winner] += trick.points
    last = [0, 0]
    if complete:
        last[tricks[-1].winner] = LAST_TRICK_BONUS
    totals = (card[0] + last[0], card[1] + last[1])
    if not complete:
        return RoundScore(tuple(card), tuple(last), totals, (0, 0), (False, False), (0, 0), False)
    won, pommes = _outcome(totals, rules)
    game_points = (won[0] - pommes[0], won[1] - pommes[1])
    return RoundScore(tuple(card), tuple(last), totals, won, pommes, game_points, True)


def _game_winner(scores: Sequence[int], pommes: Sequence[int], rules: Rules) -> int | None:
    """The seat that has won the game with these scores and pommes, if any ("Le premier joueur
    à totaliser 7 points gagne la partie"; with ``three_pommes_lose``, the first to collect 3
    pommes loses, both at 3 at once play on)."""
    for seat in (0, 1):
        # Only the seat that scored +1 (and so no pomme) this round can just have reached it.
        if scores[seat] >= rules.target_points:
            return seat
    if rules.three_pommes_lose:
        for seat in (0, 1):
            if pommes[seat] >= 3 and pommes[seat] > pommes[1 - seat]:
                return 1 - seat
    return None


# --- state -------------------------------------------------------------------

_SEAT: Final = int_in(0, 1, error=_STATE)
_DECISIONS: Final = tuple_of(instance_of(bool, optional=True), SEATS, SEATS, error=_STATE)
_SCORES: Final = tuple_of(int_in(-_MAX_SCORE, _MAX_SCORE), SEATS, SEATS, error=_STATE)
_POMMES: Final = tuple_of(int_in(0, _MAX_SCORE), SEATS, SEATS, error=_STATE)


@attrs.frozen
class Setting:
    """Everything about a game of two-player Jass except the cards in play: it changes with
    a decision, a deal or a round's end, never with a card, so every :class:`State` of a
    round's card play shares one.
    """

    #: The options.
    rules: Rules = attrs.field(validator=instance_of(Rules, error=_STATE))
    #: The game's seed: round *n* is dealt from ``shuffled_deck(round_seed(seed, n))``.
    seed: int = attrs.field(validator=int_in(0, SEED_LIMIT - 1, error=_STATE))
    #: 0 for the first round.
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=_STATE))
    #: The dealer of this round; the other seat decides first and leads the first trick.
    dealer: int = attrs.field(validator=_SEAT)
    #: The stage of the round.
    phase: Phase = attrs.field(validator=instance_of(Phase, error=_STATE))
    #: Each seat's 9 cards: before play its current hand, from the start of play on the hand
    #: as play began (see :meth:`State.hand`).
    hands: tuple[CardSet, ...] = attrs.field(validator=tuple_of(cards_in(9, 9), SEATS, SEATS, error=_STATE))
    #: Each seat's 3 face-down extras; empty once the seat has decided.
    extras: tuple[CardSet, ...] = attrs.field(validator=tuple_of(cards_in(0, 3), SEATS, SEATS, error=_STATE))
    #: The 11 face-down cards of the talon below its top card: out of play.
    talon: CardSet = attrs.field(validator=cards_in(11, 11, error=_STATE))
    #: The card turned at the deal: its suit is trump.
    turned: Card = attrs.field(validator=instance_of(Card, error=_STATE))
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
        validator=tuple_of(instance_of(RoundScore), 0, MAX_ROUNDS, error=_STATE)
    )
    #: The winner once the game is over.
    winner: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=_STATE))


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

    setting: Setting = attrs.field(validator=instance_of(Setting, error=_STATE))
    play: CardPlay | None = attrs.field(validator=instance_of(CardPlay, optional=True, error=_STATE))

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
    seat: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=_STATE))
    #: The options.
    rules: Rules = attrs.field(validator=instance_of(Rules, error=_STATE))
    #: The stage of the round.
    phase: Phase = attrs.field(validator=instance_of(Phase, error=_STATE))
    #: 0 for the first round.
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=_STATE))
    #: The dealer of this round.
    dealer: int = attrs.field(validator=_SEAT)
    #: The seat whose move is due (``None`` when the game is over).
    to_act: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=_STATE))
    #: The observing seat's cards.
    hand: CardSet = attrs.field(validator=cards_in(0, 9, error=_STATE))
    #: How many cards each seat holds.
    hand_sizes: tuple[int, ...] = attrs.field(validator=tuple_of(int_in(0, 9), SEATS, SEATS, error=_STATE))
    #: The trump suit.
    trump: Trump = attrs.field(validator=instance_of(Trump, error=_STATE))
    #: The card turned at the deal (after a swap it is in the swapper's hand).
    turned: Card = attrs.field(validator=instance_of(Card, error=_STATE))
    #: The face-up card on the talon now (the trump 6 after a swap).
    top_card: Card = attrs.field(validator=instance_of(Card, error=_STATE))
    #: Each seat's exchange: ``None`` (not yet decided), ``True`` (exchanged), ``False`` (kept).
    exchanges: tuple[bool | None, ...] = attrs.field(validator=_DECISIONS)
    #: The seat that swapped the trump 6 for the turned card, if any.
    swapped_by: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=_STATE))
    #: The cards of the trick in progress, leader first.
    trick: tuple[Card, ...] = attrs.field(validator=tuple_of(instance_of(Card), 0, 1, error=_STATE))
    #: The seat that led (or leads) the trick in progress; ``None`` before play.
    trick_leader: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=_STATE))
    #: The completed tricks of this round.
    tricks: tuple[Trick, ...] = attrs.field(validator=tuple_of(instance_of(Trick), 0, 9, error=_STATE))
    #: Points taken this round so far (with the last trick's 5 once it is taken).
    round_points: tuple[int, ...] = attrs.field(validator=_TWO_POINTS)
    #: The game scores.
    scores: tuple[int, ...] = attrs.field(validator=_SCORES)
    #: The pommes collected.
    pommes: tuple[int, ...] = attrs.field(validator=_POMMES)
    #: The score of every finished round.
    history: tuple[RoundScore, ...] = attrs.field(
        validator=tuple_of(instance_of(RoundScore), 0, MAX_ROUNDS, error=_STATE)
    )
    #: The winner once the game is over.
    winner: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=_STATE))
    #: This seat's legal moves when it is to act, else empty.
    legal_moves: tuple[Move, ...] = attrs.field(validator=tuple_of(instance_of(object), 0, 100, error=_STATE))


# Enum members as module constants: a global is much faster than ``Phase.PLAY``, a lookup through
# the enum's metaclass, and the hot paths ask on every card.
_EXCHANGE: Final = Phase.EXCHANGE
_SWAP_TRUMP_SIX: Final = Phase.SWAP_TRUMP_SIX
_PLAY: Final = Phase.PLAY
_ROUND_OVER: Final = Phase.ROUND_OVER
_GAME_OVER: Final = Phase.GAME_OVER
# Values the package has checked, built slot by slot (see jass.variant.slot_builder).
_state: Final = slot_builder(State)
_setting: Final = slot_builder(Setting)
_observation: Final = slot_builder(Observation)
_NO_CARDS: Final = CardSet()


def _new_round(
    rules: Rules, seed: int, round_number: int, dealer: int, order: Sequence[Card], before: Setting | None = None,
) -> State:
    """Round ``round_number`` dealt from ``order`` (see :func:`new_game`), after the game in
    ``before`` (``None``: the first round)."""
    first = CardSet(order[0:9]), CardSet(order[18:21])  # the non-dealer's hand and extras
    second = CardSet(order[9:18]), CardSet(order[21:24])  # the dealer's
    by_seat = (second, first) if dealer == 0 else (first, second)
    return _state(
        _setting(
            rules=rules,
            seed=seed,
            round_number=round_number,
            dealer=dealer,
            phase=_EXCHANGE,
            hands=(by_seat[0][0], by_seat[1][0]),
            extras=(by_seat[0][1], by_seat[1][1]),
            talon=CardSet(order[25:36]),
            turned=order[24],
            exchanges=(None, None),
            swaps=(None, None),
            scores=(0, 0) if before is None else before.scores,
            pommes=(0, 0) if before is None else before.pommes,
            history=() if before is None else before.history,
            winner=None,
        ),
        None,
    )


def new_game(
    rules: Rules | None = None,
    seed: int | None = None,
    *,
    deal: Sequence[Card | str] | None = None,
) -> State:
    """A new game: the first round dealt, in phase EXCHANGE.

    The deal from a 36-card order (the shuffled deck of ``seed``, or ``deal``): the
    non-dealer's hand is ``order[0:9]``, the dealer's ``order[9:18]``, the
    non-dealer's extras ``order[18:21]``, the dealer's ``order[21:24]``, and the
    talon ``order[24:36]``, whose top card ``order[24]`` is turned. (At the table
    the cards go out 3 at a time; any fixed mapping of a shuffled deck deals the
    same.) A seed is drawn when none is given and kept in the state; it fixes every
    later deal and, unless ``rules.first_dealer`` is set, the first dealer.

    >>> state = new_game(Rules(first_dealer=0), deal=list(FULL_DECK))
    >>> state.hands[1], state.turned, state.trump
    (CardSet('C6 C7 C8 C9 C10 CJ CQ CK CA'), Card.HQ, Trump.SCHILTEN)
    """
    game_rules, seed, dealer = game_start(rules, seed, Rules, SEATS)
    order = shuffled_deck(seed) if deal is None else validate_deck(deal)
    return _new_round(game_rules, seed, 0, dealer, order)


def _decider(decisions: tuple[bool | None, ...], dealer: int) -> int:
    """The seat whose decision is due: the non-dealer first, then the dealer."""
    return 1 - dealer if decisions[1 - dealer] is None else dealer


def _turn(phase: Phase, dealer: int, exchanges: tuple[bool | None, ...], swaps: tuple[bool | None, ...],
          to_play: int | None) -> int | None:
    """The seat whose move is due (the next dealer deals): the one rule behind :func:`to_act`
    and the check of a loaded observation."""
    if phase is _PLAY:
        return to_play
    if phase is _EXCHANGE:
        return _decider(exchanges, dealer)
    if phase is _SWAP_TRUMP_SIX:
        return _decider(swaps, dealer)
    if phase is _ROUND_OVER:
        return 1 - dealer
    return None


def to_act(state: State) -> int | None:
    """The seat whose move is due; ``None`` once the game is over.

    In phase ROUND_OVER it is the next dealer, who deals.
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    play = state.play
    return _turn(setting.phase, setting.dealer, setting.exchanges, setting.swaps,
                 None if play is None else play.to_play)


is_over, winner = game_end(
    State, _GAME_OVER,
    """The seat that won the game; ``None`` while it goes on, and for a game that the round limit
    (:data:`~jass.variant.MAX_ROUNDS`) ended drawn.""",
)


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move the seat to act may make; empty once the game is over.

    Phase EXCHANGE: :class:`KeepHand`, then an :class:`Exchange` for each of the 84
    sets of 3 cards of the hand. Phase SWAP_TRUMP_SIX: :class:`SwapTrumpSix` (for
    the holder of the trump 6 only) and :class:`DeclineSwap`. Phase PLAY: a
    :class:`~jass.play.PlayCard` per legal card. Phase ROUND_OVER: :class:`Deal`.
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if phase is _PLAY:
        assert state.play is not None
        return card_moves(state.play.legal_bits)
    if phase is _EXCHANGE:
        return _exchange_options(setting.hands[_decider(setting.exchanges, setting.dealer)].bits)
    if phase is _SWAP_TRUMP_SIX:
        hand = setting.hands[_decider(setting.swaps, setting.dealer)]
        return _SIX_AND_DECLINE if state.trump_six in hand else _ONLY_DECLINE
    if phase is _ROUND_OVER:
        return _ONLY_DEAL
    return ()


def apply(state: State, move: Move, *, seat: int | None = None) -> State:
    """The state after the seat to act makes ``move`` (one of :func:`legal_moves`); ``state``
    itself is unchanged. A move sent for ``seat`` is refused unless that seat is to act; the
    text of every error is safe to show to the sender (:class:`jass.variant.Apply`). Trusted
    code deals given cards with :func:`apply_trusted`.

    >>> state = new_game(Rules(first_dealer=1), seed=7)
    >>> apply(state, Exchange("C6 C7 C8"))
    Traceback (most recent call last):
    jass.errors.IllegalMoveError: Exchange(cards=CardSet('C6 C7 C8')) is not a legal move now (phase exchange, seat 0 to act)
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if seat is not None:
        check_sender(seat, to_act(state), SEATS)
    if phase is _PLAY and type(move) is PlayCard:
        assert state.play is not None
        play = state.play.play(move.card)
        if play.legal_bits:  # cards left to play
            return _state(setting, play)  # a card changes nothing else
        return _finish_round(state, play)
    if phase is _EXCHANGE and _is_exchange_option(move, setting.hands[_decider(setting.exchanges, setting.dealer)]._bits):
        return _exchange(state, move)
    legal = legal_moves(state)
    if move not in legal:  # the one rule of what may be played: legal_moves
        raise refused(move, phase, to_act(state), legal)
    if phase is _SWAP_TRUMP_SIX:
        return _swap(state, move)
    return _deal(state, _DEAL)


def apply_trusted(state: State, move: Move) -> State:
    """:func:`apply` for trusted code only (a replayed record, a test position): it also takes
    a :class:`Deal` from a given order of the cards. Never for a move a client sent: a player
    must not choose the deal."""
    if type(move) is Deal and move.order is not None and type(state) is State and state.phase is _ROUND_OVER:
        return _deal(state, move)
    return apply(state, move)


def _deal(state: State, move: Deal) -> State:
    setting = state.setting
    number = setting.round_number + 1
    order = move.order if move.order is not None else shuffled_deck(round_seed(setting.seed, number))
    return _new_round(setting.rules, setting.seed, number, 1 - setting.dealer, order, setting)


def _exchange(state: State, move: Move) -> State:
    setting = state.setting
    seat = _decider(setting.exchanges, setting.dealer)
    hand = setting.hands[seat]
    if type(move) is Exchange:
        new_hand, decision = (hand - move.cards) | setting.extras[seat], True
    else:
        new_hand, decision = hand, False
    hands = _with(setting.hands, seat, new_hand)
    extras = _with(setting.extras, seat, CardSet())
    exchanges = _with(setting.exchanges, seat, decision)
    done = changed(state, hands=hands, extras=extras, exchanges=exchanges)
    if seat != setting.dealer:
        return done  # the dealer decides next
    if setting.turned.rank == Rank.SIX:
        return _start_play(done)  # nobody can hold the trump 6: no swap
    return changed(done, phase=_SWAP_TRUMP_SIX)


def _with(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    """``values`` with ``seat``'s changed to ``value``."""
    return values[:seat] + (value,) + values[seat + 1 :]


def _swap(state: State, move: Move) -> State:
    setting = state.setting
    seat = _decider(setting.swaps, setting.dealer)
    if type(move) is SwapTrumpSix:
        new_hand = CardSet.from_bits(setting.hands[seat].bits & ~state.trump_six.bit | setting.turned.bit)
        return _start_play(changed(state, hands=_with(setting.hands, seat, new_hand),
                                   swaps=_with(setting.swaps, seat, True)))
    done = changed(state, swaps=_with(setting.swaps, seat, False))
    if seat != setting.dealer:
        return done  # the dealer is asked next
    return _start_play(done)


def _start_play(state: State) -> State:
    rules = state.rules
    play = CardPlay.start(state.trump, state.hands, state.non_dealer, rules.play_rules, rules.trump_jack_points)
    return changed(state, play, phase=_PLAY)


def _finish_round(state: State, play: CardPlay) -> State:
    setting = state.setting
    rules = setting.rules
    score = _round_score(play, rules)
    scores = (setting.scores[0] + score.game_points[0], setting.scores[1] + score.game_points[1])
    pommes = (setting.pommes[0] + score.pommes[0], setting.pommes[1] + score.pommes[1])
    won = _game_winner(scores, pommes, rules)
    over = won is not None or out_of_rounds(setting.round_number + 1)
    return changed(
        state,
        play,
        phase=_GAME_OVER if over else _ROUND_OVER,
        scores=scores,
        pommes=pommes,
        history=setting.history + (score,),
        winner=won,
    )


def score_round(state: State) -> RoundScore:
    """The score of the round being played (so far), or of the round just finished.

    Before the first card is played every number is 0.

    >>> score_round(new_game(seed=1)).complete
    False
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    if state.play is None:
        return _NO_SCORE
    return _round_score(state.play, state.setting.rules)


# --- observation ---------------------------------------------------------------


def observe(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know of ``state``: its own hand and everything public; ``seat=None``
    is a spectator (no hand, no legal moves).

    >>> view = observe(new_game(seed=5), 0)
    >>> len(view.hand), view.hand_sizes, view.phase
    (9, (9, 9), Phase.EXCHANGE)
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    check_observer(seat, SEATS)
    setting = state.setting
    play = state.play
    if play is None:
        hands = setting.hands
        trick: tuple[Card, ...] = ()
        leader: int | None = None
        tricks: tuple[Trick, ...] = ()
        points: tuple[int, ...] = (0, 0)
    else:
        hands, trick, leader, tricks = play.hands, play.trick, play.leader, play.tricks
        points = play.points()
    acting = to_act(state)
    return _observation(
        seat, setting.rules, setting.phase, setting.round_number, setting.dealer, acting,
        _NO_CARDS if seat is None else hands[seat],
        (len(hands[0]), len(hands[1])), state.trump, setting.turned, state.top_card, setting.exchanges,
        state.swapped_by, trick, leader, tricks, points, setting.scores, setting.pommes, setting.history,
        setting.winner, legal_moves(state) if acting == seat else (),
    )


def card_zones(state: State) -> dict[str, CardSet]:
    """Where each of the 36 cards is: ``"hand 0"``, ``"hand 1"`` (the cards each seat holds),
    ``"trick"`` (the trick in progress), ``"won 0"``, ``"won 1"`` (the cards of the tricks each
    seat has taken), ``"extras 0"``, ``"extras 1"`` (the face-down extras of a seat that has not
    decided yet), ``"talon"`` (the 11 cards under the top card), ``"top card"`` (the turned card,
    or the trump 6 after a swap) and ``"out of play"`` (the 6 unused cards of the exchange).
    The zones are disjoint and hold the 36 cards together; :mod:`jass.testing` checks it after
    every move.

    >>> zones = card_zones(new_game(seed=1))
    >>> [len(zones[name]) for name in ("hand 0", "extras 1", "talon", "top card", "out of play")]
    [9, 3, 11, 1, 0]
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    if state.play is None:
        zones = {"hand 0": state.hands[0], "hand 1": state.hands[1], "trick": CardSet()}
        zones.update({"won 0": CardSet(), "won 1": CardSet()})
    else:
        zones = state.play.zones()
    zones["extras 0"], zones["extras 1"] = state.extras
    zones["talon"] = state.talon
    zones["top card"] = CardSet([state.top_card])
    zones["out of play"] = state.out_of_play
    return zones


# --- loading: a state is checked by replaying its round -------------------------------------------


def _check_history(setting: Setting, path: str) -> tuple[tuple[RoundScore, ...], tuple[int, int], tuple[int, int]]:
    """The rounds written before the one in ``setting`` (finished rounds that did not end the
    game, each scored by the rules), and the scores and pommes after them."""
    rules = setting.rules
    before = rounds_before(setting, Rules, SEATS, setting.phase is _ROUND_OVER or setting.phase is _GAME_OVER, path)
    scores = [0, 0]
    pommes = [0, 0]
    for i, score in enumerate(before):
        rpath = f"{path}.history[{i}]"
        if not score.complete:
            raise SerialError("a round of the history is finished", f"{rpath}.complete")
        won, lost = _outcome(score.totals, rules)
        if score.won != won or score.pommes != lost:
            raise SerialError(f"the totals {list(score.totals)} give won={list(won)} and pommes={list(lost)} by "
                              "the rules", rpath)
        for s in (0, 1):
            scores[s] += score.game_points[s]
            pommes[s] += score.pommes[s]
        if _game_winner(scores, pommes, rules) is not None or out_of_rounds(i + 1):
            raise SerialError("after this round the game was over", rpath)
    return before, (scores[0], scores[1]), (pommes[0], pommes[1])


def check_loaded(state: State, path: str = "$") -> None:
    """Check a state read from JSON: its dealer and history, the cards in their places, the
    decisions in their order, and then its card play, replayed from the start of play through
    :func:`apply`, must give the state itself. Raises :class:`~jass.errors.SerialError` at the
    first field that does not fit."""
    setting = state.setting
    dealer = setting.dealer
    before, scores, pommes = _check_history(setting, path)
    non_dealer = 1 - dealer
    exchanges, swaps = setting.exchanges, setting.swaps
    if setting.phase is _EXCHANGE:
        if exchanges[dealer] is not None:
            raise SerialError("the non-dealer decides first; after the dealer, the exchange is over",
                              f"{path}.exchanges[{dealer}]")
        if swaps != (None, None):
            raise SerialError("the trump 6 is swapped after the exchange", f"{path}.swaps")
    elif None in exchanges:
        raise SerialError("both players decide on the exchange first", f"{path}.exchanges")
    for s in (0, 1):
        if len(setting.extras[s]) != (3 if exchanges[s] is None else 0):
            raise SerialError("a player holds 3 extras until deciding on the exchange, then none",
                              f"{path}.extras[{s}]")
    six_turned = setting.turned.rank == Rank.SIX
    if setting.phase is _SWAP_TRUMP_SIX:
        if six_turned:
            raise SerialError("the turned card is the trump 6: there is nothing to swap", f"{path}.phase")
        if swaps[non_dealer] is True or swaps[dealer] is not None:
            raise SerialError("the non-dealer is asked first; a swap, or the dealer's answer, starts play",
                              f"{path}.swaps")
    elif setting.phase is not _EXCHANGE:
        if six_turned:
            right = swaps == (None, None)
        else:
            right = swaps[non_dealer] is not None and (swaps[dealer] is None) == (swaps[non_dealer] is True)
        if not right:
            raise SerialError("the trump 6 is offered to the non-dealer, then (without a swap) to the dealer",
                              f"{path}.swaps")
    swapper = state.swapped_by
    if swapper is not None and setting.turned not in setting.hands[swapper]:
        raise SerialError(f"the player who swapped the trump 6 holds the turned card {setting.turned}",
                          f"{path}.hands[{swapper}]")
    check_disjoint(
        (setting.hands[0], setting.hands[1], setting.extras[0], setting.extras[1], setting.talon,
         CardSet([state.top_card])),
        f"{path}.zones", "place",
    )
    if setting.phase in (_EXCHANGE, _SWAP_TRUMP_SIX):
        if state.play is not None or setting.winner is not None:
            raise SerialError("no card is played before the exchange and the trump 6 are settled", f"{path}.play")
        if setting.scores != scores or setting.pommes != pommes:
            raise SerialError(f"the history gives scores {list(scores)} and pommes {list(pommes)}", f"{path}.scores")
        return
    if state.play is None:
        raise SerialError(f"the cards are in play in phase {setting.phase.value}", f"{path}.play")
    replay = _start_play(State(
        attrs.evolve(setting, phase=_PLAY, scores=scores, pommes=pommes, history=before, winner=None), None,
    ))
    for card, card_path in state.play.cards_in_order(f"{path}.play"):
        replay = replay_move(apply, replay, PlayCard(card), card_path)
    check_same(state, replay, path, "replaying the round from the start of play")


def check_observation(view: Observation, path: str = "$") -> None:
    """Check an observation read from JSON: the public facts must agree (the turned and top
    card, the decisions in their order, the tricks by the rules of card play, whose turn it is,
    the points, the scores and the history, the legal moves). Raises
    :class:`~jass.errors.SerialError`."""
    rules = view.rules
    seat, dealer = view.seat, view.dealer
    non_dealer = 1 - dealer
    if view.trump.value != view.turned.suit:
        raise SerialError(f"the turned card {view.turned} fixes trump", f"{path}.trump")
    six = Card.of(view.turned.suit, Rank.SIX)
    if view.swapped_by is not None and view.turned is six:
        raise SerialError("the turned card is the trump 6: nobody swaps", f"{path}.swapped_by")
    if view.top_card is not (six if view.swapped_by is not None else view.turned):
        raise SerialError("the top card is the turned card, or the trump 6 after a swap", f"{path}.top_card")
    if view.top_card in view.hand:
        raise SerialError(f"the top card {view.top_card} is on the talon", f"{path}.hand")
    exchanges = view.exchanges
    if view.phase is _EXCHANGE:
        if exchanges[dealer] is not None:
            raise SerialError("the non-dealer decides first; after the dealer, the exchange is over",
                              f"{path}.exchanges[{dealer}]")
    elif None in exchanges:
        raise SerialError("both players decide on the exchange first", f"{path}.exchanges")
    if view.phase in (_EXCHANGE, _SWAP_TRUMP_SIX):
        if view.tricks or view.trick or view.trick_leader is not None or any(view.round_points):
            raise SerialError("no card is played before the exchange and the trump 6 are settled", path)
        if view.swapped_by is not None:
            raise SerialError("a swap of the trump 6 starts play", f"{path}.swapped_by")
        if view.phase is _SWAP_TRUMP_SIX and view.turned is six:
            raise SerialError("the turned card is the trump 6: there is nothing to swap", f"{path}.phase")
        played, seen = [0, 0], 0
        if view.phase is _EXCHANGE:
            expected: int | None = _decider(exchanges, dealer)
        else:
            # Whether the non-dealer has answered the offer of the trump 6 is not public: either may be due.
            expected = view.to_act if view.to_act in (0, 1) else non_dealer
    else:
        if view.trick_leader is None:
            raise SerialError("the cards are in play", f"{path}.trick_leader")
        played, seen = check_public_tricks(view.tricks, view.trick, view.trick_leader, view.trump, SEATS,
                                           rules.trump_jack_points, non_dealer, path)
        if view.top_card.bit & seen:
            raise SerialError("the top card of the talon is not played", f"{path}.top_card")
        if (len(view.tricks) == 9) != (view.phase is not _PLAY):
            raise SerialError("the round is over when, and only when, all nine tricks are played", f"{path}.phase")
        expected = _turn(view.phase, dealer, exchanges, (None, None), (view.trick_leader + len(view.trick)) % SEATS)
        score = _tally(view.tricks, len(view.tricks) == 9, rules)
        if list(view.round_points) != list(score.totals):
            raise SerialError(f"is {list(view.round_points)}, but the tricks give {list(score.totals)}",
                              f"{path}.round_points")
    check_hand_view(view.hand, view.hand_sizes, seat, played, seen, 9, path)
    sums = ([sum(score.game_points[s] for score in view.history) for s in (0, 1)],
            [sum(int(score.pommes[s]) for score in view.history) for s in (0, 1)])
    for name, values, total in (("scores", view.scores, sums[0]), ("pommes", view.pommes, sums[1])):
        if list(values) != total:
            raise SerialError(f"is {list(values)}, but the history adds up to {total}", f"{path}.{name}")
    check_game_end(view.winner, view.phase is _GAME_OVER, len(view.history), path)
    allowed: tuple[type, ...] = {
        _EXCHANGE: (KeepHand, Exchange), _SWAP_TRUMP_SIX: (SwapTrumpSix, DeclineSwap), _ROUND_OVER: (Deal,),
    }.get(view.phase, (PlayCard,))
    if not check_turn(view, expected, allowed, path):
        return
    for i, move in enumerate(view.legal_moves):
        if type(move) is Exchange and not move.cards <= view.hand:
            raise SerialError("a player exchanges cards of their own hand", f"{path}.legal_moves[{i}]")
        if type(move) is SwapTrumpSix and six not in view.hand:
            raise SerialError(f"only the holder of the trump 6 ({six}) may swap it", f"{path}.legal_moves[{i}]")
    if view.phase is _PLAY:
        check_legal_cards(view.legal_moves, view.hand, view.trick, view.trump, rules.play_rules, path)


# --- records: moves as text, the deal, the result ----------------------------------------------

_VERBS: Final = ("keep", "exchange", "swap", "noswap", "play", "deal")


def format_move(move: Move) -> str:
    """The short text of a move, as records write it.

    >>> format_move(Exchange("C6 C7 S8")), format_move(DeclineSwap()), format_move(Deal())
    ('exchange C6 C7 S8', 'noswap', 'deal')
    """
    kind = type(move)
    if kind is PlayCard:
        return f"play {move.card}"  # type: ignore[union-attr]
    if kind is KeepHand:
        return "keep"
    if kind is Exchange:
        return f"exchange {move.cards}"  # type: ignore[union-attr]
    if kind is SwapTrumpSix:
        return "swap"
    if kind is DeclineSwap:
        return "noswap"
    if kind is Deal:
        order = move.order  # type: ignore[union-attr]
        return "deal" if order is None else "deal " + " ".join(c.name for c in order)
    raise RecordError(f"{move!r:.80} is not a move of {_NAME}")


def parse_move(text: str, rules: Rules | None = None) -> Move:
    """The move written as ``text`` (see :func:`format_move`). Raises
    :class:`~jass.errors.RecordError`.

    >>> parse_move("exchange C6 C7 S8")
    Exchange(cards=CardSet('C6 C7 S8'))
    """
    verb, rest = split_move(text, _VERBS, "pomme")
    if verb == "play":
        return parse_play(rest)
    if verb == "keep":
        return no_argument(verb, rest, _KEEP)
    if verb == "swap":
        return no_argument(verb, rest, _SWAP)
    if verb == "noswap":
        return no_argument(verb, rest, _DECLINE)
    if verb == "exchange":
        cards = CardSet.parse(rest)
        if len(cards) != 3 or len(rest.split()) != 3:
            raise RecordError(f"an exchange names 3 different cards, got {rest!r:.40}")
        return Exchange(cards)
    return _DEAL if not rest else Deal(rest.split())


def _result(state: State) -> dict[str, Any]:
    return {"scores": list(state.scores), "pommes": list(state.pommes)}


def _dealt_order(state: State) -> list[Card]:
    """The 36 cards in the order :func:`new_game` deals them, from a round just dealt."""
    first, second = 1 - state.dealer, state.dealer
    return (
        list(state.hands[first]) + list(state.hands[second]) + list(state.extras[first])
        + list(state.extras[second]) + [state.turned] + list(state.talon)
    )


def _explicit_deal(state: State) -> tuple[dict[str, Any], State]:
    """The record field of the deal of ``state`` (the deck in dealing order) and the game it
    starts."""
    order = _dealt_order(state)
    return {"deal": " ".join(card.name for card in order)}, new_game(state.rules, state.seed, deal=order)


def _explicit_move(move: Move, after: State) -> Move:
    """``move`` as a record without the seed writes it: a deal from the seed as the order it dealt."""
    if type(move) is Deal and move.order is None:
        return Deal(_dealt_order(after))
    return move


def _game_from_record(rules: Rules, seed: int, fields: Mapping[str, Any]) -> State:
    deal = fields.get("deal")
    if deal is None:
        return new_game(rules, seed)
    if not isinstance(deal, str):
        raise RecordError("expected the 36 cards in dealing order, one string", "$.deal")
    return new_game(rules, seed, deal=deal)  # read as validate_deck reads a string


# --- the conformance harness's hooks -------------------------------------------------------------


def _variations(state: State, seat: int, rng: random.Random) -> list[State]:
    """A hidden card exchanged with another in a different hidden place: the other seat's
    hand, either seat's face-down extras (a player does not look at their own), the talon."""
    other = 1 - seat
    public = state.turned.bit | state.top_card.bit
    held = state.hand(other)
    places: list[tuple[str, int, CardSet]] = [("hand", other, CardSet.from_bits(held.bits & ~public))]
    places += [("extras", s, state.extras[s]) for s in (0, 1)]
    places.append(("talon", 0, state.talon))
    places = [place for place in places if place[2]]
    if len(places) < 2:
        return []
    first, second = rng.sample(places, 2)
    card_a, card_b = rng.choice(list(first[2])), rng.choice(list(second[2]))
    hands, extras, talon = list(state.hands), list(state.extras), state.talon
    in_play = list(state.play.hands) if state.play is not None else None
    for (kind, owner, _), out, into in ((first, card_a, card_b), (second, card_b, card_a)):
        if kind == "hand":
            hands[owner] = _replace(hands[owner], out, into)
            if in_play is not None:
                in_play[owner] = _replace(in_play[owner], out, into)
        elif kind == "extras":
            extras[owner] = _replace(extras[owner], out, into)
        else:
            talon = _replace(talon, out, into)
    changes: dict[str, Any] = {"hands": tuple(hands), "extras": tuple(extras), "talon": talon}
    if in_play is not None and state.play is not None:
        changes["play"] = state.play.with_hands(tuple(in_play))
    return [state.replace(**changes)]


def _replace(cards: CardSet, out: Card, into: Card) -> CardSet:
    return CardSet.from_bits(cards.bits & ~out.bit | into.bit)


def _known_cards(state: State, seat: int) -> CardSet:
    """Its hand, the cards played, the turned card and the top card of the talon."""
    known: CardSet = state.hand(seat) | {state.turned, state.top_card}
    if state.play is not None:
        known |= state.play.played()
    return known


def _check_step(before: State, move: Move, after: State) -> None:
    """3 cards out of play per decided seat; a finished round's totals are the points of its
    18 played cards plus 5 for the last trick."""
    decided = sum(d is not None for d in after.exchanges)
    assert len(after.out_of_play) == 3 * decided, f"{len(after.out_of_play)} cards out of play, {decided} seats decided"
    if len(after.history) == len(before.history):
        return
    score = after.history[-1]
    assert after.play is not None
    played = [card for trick in after.play.tricks for card in trick.cards]
    assert len(played) == 18 and len(set(played)) == 18, f"{len(played)} cards played in the round"
    table = point_table(after.trump, after.rules.trump_jack_points)
    cards = sum(table[card.index] for card in played)
    assert sum(score.totals) == cards + LAST_TRICK_BONUS, (
        f"the round's totals {score.totals} add up to {sum(score.totals)}, not the played cards' "
        f"{cards} + {LAST_TRICK_BONUS}"
    )


# --- the rule-based bot's choices among la pomme's own moves ------------------------------------


def _rule_move(view: Observation, moves: Sequence[Move]) -> Move | None:
    """Give away the three least valuable cards when they are worth less than three unknown
    cards, always take the turned card for the trump 6; cards are left to the card-play rules."""
    if _SWAP in moves:
        return _SWAP
    exchanges = [m for m in moves if type(m) is Exchange]
    if not exchanges:
        return _KEEP if _KEEP in moves else None
    trump = view.trump
    table = point_table(trump, view.rules.trump_jack_points)

    def worth(cards: CardSet) -> int:
        return sum(table[c.index] + (8 if c.suit == trump.suit else 0) for c in cards)

    best = min(exchanges, key=lambda m: (worth(m.cards), m.cards.bits))
    # An unknown card is worth about (153 + 8 * 9) / 36 = 6.25 on average.
    return best if worth(best.cards) < 3 * 6 else _KEEP


# --- learning agents: fixed action ids and the observation as a vector -------------------------

_PHASES: Final = tuple(Phase)
#: The exchanges by the positions of the 3 cards given away in the hand sorted by index.
_TRIOS: Final = tuple(itertools.combinations(range(9), 3))
#: Action ids: 0..35 the cards, 36 keep, 37..120 the exchanges (_TRIOS), then these.
_KEEP_ID: Final = 36
_SWAP_ID, _DECLINE_ID, _DEAL_ID = 37 + len(_TRIOS), 38 + len(_TRIOS), 39 + len(_TRIOS)
_ACTION_NAMES: Final = (
    tuple(f"play {card.name}" for card in Card) + ("keep the hand",)
    + tuple(f"exchange cards {i + 1}, {j + 1}, {k + 1} of the hand" for i, j, k in _TRIOS)
    + ("swap the trump 6", "no swap", "deal")
)


def _action_of(view: Observation, move: Move) -> int | None:
    kind = type(move)
    if kind is PlayCard:
        return move.card.index  # type: ignore[union-attr]
    if kind is KeepHand:
        return _KEEP_ID
    if kind is Exchange:
        hand = list(view.hand)
        positions = tuple(hand.index(card) for card in move.cards)  # type: ignore[union-attr]
        return 37 + _TRIOS.index(positions)
    if kind is SwapTrumpSix:
        return _SWAP_ID
    if kind is DeclineSwap:
        return _DECLINE_ID
    return _DEAL_ID if kind is Deal and move.order is None else None  # type: ignore[union-attr]


def _move_of(view: Observation, action: int) -> Move:
    if 0 <= action < 36:
        return PlayCard(Card.from_index(action))
    if _KEEP_ID < action < _SWAP_ID:
        hand = list(view.hand)
        positions = _TRIOS[action - 37]
        if len(hand) == 9:
            return Exchange(CardSet(hand[p] for p in positions))
    moves: dict[int, Move] = {_KEEP_ID: _KEEP, _SWAP_ID: _SWAP, _DECLINE_ID: _DECLINE, _DEAL_ID: _DEAL}
    if action in moves:
        return moves[action]
    raise IllegalMoveError(f"action {action!r:.20} is no la pomme move here (ids 0..{_DEAL_ID})")


_POMME_LAYOUT: Final = play_layout(SEATS) + (
    ("phase", len(_PHASES)),
    ("dealer", SEATS),
    ("turned", 36),
    ("top_card", 36),
    ("decided", SEATS),
    ("exchanged", SEATS),
    ("swapped_by", SEATS + 1),
    ("scores", SEATS),
    ("pommes", SEATS),
)


def _encode(view: Observation) -> list[float]:
    """The vector of :data:`_POMME_LAYOUT`: the card-play block, then the phase, the dealer
    (relative), the turned card and the top card of the talon, per relative seat whether it has
    decided on its exchange and whether it exchanged, who swapped the trump 6 (relative, or
    nobody), the scores / the target and the pommes / 3."""
    seat = view.seat
    if seat is None:
        raise JassError("a spectator's view has no seat to encode from")
    vector = play_block(view, view.trump)
    vector += one_hot(_PHASES.index(view.phase), len(_PHASES))
    vector += one_hot(relative(view.dealer, seat, SEATS), SEATS)
    vector += card_vector((view.turned,)) + card_vector((view.top_card,))
    vector += relative_values([e is not None for e in view.exchanges], seat, 1)
    vector += relative_values([bool(e) for e in view.exchanges], seat, 1)
    vector += one_hot(SEATS if view.swapped_by is None else relative(view.swapped_by, seat, SEATS), SEATS + 1)
    vector += relative_values(view.scores, seat, view.rules.target_points)
    vector += relative_values(view.pommes, seat, 3)
    return vector


# --- search: the states a seat's view allows, and what a round is worth ---------------------------


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


def hand_sampler(view: Observation, *, out_of_play: CardSet = CardSet(), max_tries: int = 100_000) -> HandSampler:
    """A :class:`~jass.sampling.HandSampler` of the other hand, from the cards the seat has not
    seen (neither in its hand, nor played, nor the top card of the talon), with the turned card
    in the hand of the seat that swapped the trump 6 for it (until it is played). The seat may
    add the cards it put ``out_of_play`` itself: its observation does not keep them."""
    if type(view) is not Observation:
        raise wrong_state(view, Observation)
    seat = view.seat
    known = {}
    if seat is not None and view.swapped_by == 1 - seat and view.turned not in played_by(view, 1 - seat):
        known[1 - seat] = view.turned.bit
    return HandSampler.of_view(
        view, trump=int(view.trump), rules=view.rules.play_rules, known=known,
        excluded=view.top_card.bit | out_of_play.bits, max_tries=max_tries,
    )


def sample_hidden(view: Observation, rng: random.Random, *, out_of_play: CardSet = CardSet(),
                  sampler: HandSampler | None = None) -> HiddenCards:
    """The cards ``view`` does not show, dealt uniformly among the deals consistent with it (see
    :func:`hand_sampler`, or ``sampler`` built once for many draws): the other hand, and the
    rest split at random into the undecided seats' extras, the talon and the cards out of play.

    >>> view = observe(new_game(seed=3), 0)
    >>> hidden = sample_hidden(view, random.Random(5))
    >>> [len(h) for h in hidden.hands], [len(e) for e in hidden.extras], len(hidden.talon), len(hidden.out_of_play)
    ([9, 9], [3, 3], 11, 0)
    """
    sampler = sampler or hand_sampler(view, out_of_play=out_of_play)
    hands, rest = sampler.sample_with_rest(rng)
    cards = list(CardSet.from_bits(rest))
    rng.shuffle(cards)
    extras = []
    for seat in range(SEATS):
        if view.exchanges[seat] is None:
            extras.append(CardSet(cards[:3]))
            cards = cards[3:]
        else:
            extras.append(CardSet())
    return HiddenCards(
        tuple(CardSet.from_bits(h) for h in hands), tuple(extras), CardSet(cards[:11]), CardSet(cards[11:]) | out_of_play,
    )


def _swaps_seen(view: Observation) -> tuple[bool | None, ...]:
    """Each seat's trump-6 decision as the table saw it: the non-dealer is asked first, and a
    swap ends the asking."""
    first = 1 - view.dealer
    phase = view.phase
    if phase is _EXCHANGE or view.turned.rank == Rank.SIX:
        return (None, None)
    if view.swapped_by == first:
        return _with((None, None), first, True)
    if phase is _SWAP_TRUMP_SIX and view.to_act == first:
        return (None, None)
    decisions = _with((None, None), first, False)
    if phase is _SWAP_TRUMP_SIX:
        return decisions
    return _with(decisions, view.dealer, view.swapped_by == view.dealer)


@functools.lru_cache(maxsize=16)
def _cached_sampler(view: Observation) -> HandSampler:
    # A search determinises one view again and again; counting its deals is the costly part.
    return hand_sampler(view)


def determinize(view: Observation, rng: random.Random, sampler: HandSampler | None = None) -> State:
    """A state that ``view`` could come from: the other hand, the extras and the talon drawn by
    :func:`sample_hidden`, a fresh seed for the rounds to come. ``observe(state, view.seat) ==
    view``.

    >>> view = observe(new_game(seed=3), 1)
    >>> observe(determinize(view, random.Random(0)), 1) == view
    True
    """
    hidden = sample_hidden(view, rng, sampler=sampler or _cached_sampler(view))
    playing = view.phase is not _EXCHANGE and view.phase is not _SWAP_TRUMP_SIX
    hands = hidden.hands
    if playing:
        hands = tuple(hand | played_by(view, seat) for seat, hand in enumerate(hands))
    rules = view.rules
    setting = _setting(
        rules=rules, seed=rng.randrange(SEED_LIMIT), round_number=view.round_number, dealer=view.dealer,
        phase=view.phase, hands=hands, extras=hidden.extras, talon=hidden.talon, turned=view.turned,
        exchanges=view.exchanges, swaps=_swaps_seen(view), scores=view.scores, pommes=view.pommes,
        history=view.history, winner=view.winner,
    )
    if not playing:
        return _state(setting, None)
    setup = CardPlay.start(Trump(view.turned.suit.value), hands, 1 - view.dealer, rules.play_rules,
                           rules.trump_jack_points).setup
    leader = view.trick_leader if view.trick_leader is not None else 1 - view.dealer
    return _state(setting, CardPlay.from_parts(setup, hidden.hands, leader, view.trick, view.tricks))


def _values(totals: Sequence[int], rules: Rules) -> tuple[float, ...]:
    """What a round's totals give each seat: its game points (+1, a pomme -1) less the other's,
    and a little for the card points, which decide nothing but rank the rest."""
    won, pommes = _outcome(totals, rules)
    game = [won[seat] - pommes[seat] for seat in range(SEATS)]
    return tuple(game[seat] - game[1 - seat] + (totals[seat] - totals[1 - seat]) / 400 for seat in range(SEATS))


def round_values(state: State) -> tuple[float, ...] | None:
    """What the round in play gave each seat once it is over: its game points (+1, a pomme -1)
    less the other's, and a little for the card points, which decide nothing but rank the
    rest; ``None`` while it goes on."""
    phase = state.setting.phase
    if phase is _ROUND_OVER or phase is _GAME_OVER:
        return _values(state.history[-1].totals, state.setting.rules)
    return None


def _playout(state: State, rng: random.Random) -> tuple[float, ...]:
    """The round played to its end: random decisions through :func:`apply` up to the first
    card, then random legal cards on raw ints."""
    while state.setting.phase is _EXCHANGE or state.setting.phase is _SWAP_TRUMP_SIX:
        moves = legal_moves(state)
        state = apply(state, moves[int(rng.random() * len(moves))])
    done = round_values(state)
    if done is not None:
        return done
    play = state.play
    assert play is not None
    rules = state.setting.rules
    outcome = play_cards(
        [play.hand(seat).bits for seat in range(SEATS)], int(play.trump), play.leader, rng,
        trick=[card.index for card in play.trick], rules=rules.play_rules, trump_jack_points=rules.trump_jack_points,
    )
    taken = play.points()
    return _values((taken[0] + outcome.points[0], taken[1] + outcome.points[1]), rules)


def _public_move(move: Move, rules: Rules) -> str:
    """What the table reads of a move: an exchange gives away face-down cards."""
    if type(move) is Exchange:
        return "exchanges 3 cards"
    return str(move)


#: Two-player Jass, described for the registry (:mod:`jass.variant`).
VARIANT: Final = register(
    Variant(
        name="pomme",
        title=_NAME,
        seats=SEATS,
        teams=((0,), (1,)),
        rules_type=Rules,
        state_type=State,
        move_types=(KeepHand, Exchange, SwapTrumpSix, DeclineSwap, PlayCard, Deal),
        observation_type=Observation,
        presets={"seed": Rules.seed, "three_pommes": Rules.three_pommes, "wikipedia": Rules.wikipedia},
        **protocol_of(globals()),
        standings=lambda state: state.scores,
        result=_result,
        record_deal=lambda state: record_deal(state, new_game, _explicit_deal),
        game_from_record=_game_from_record,
        explicit_deal=_explicit_deal,
        explicit_move=_explicit_move,
        aliases=("la pomme", "two-player", "zweier"),
        json_types=(Setting, RoundScore, HiddenCards),
        check_loaded=check_loaded,
        check_observation=check_observation,
        hooks=ConformanceHooks(hidden_variations=_variations, known_cards=_known_cards, check_step=_check_step),
        rule_move=_rule_move,
        public_move=_public_move,
        encoding=Encoding(actions=len(_ACTION_NAMES), action_names=_ACTION_NAMES, action_of=_action_of,
                          move_of=_move_of, encode=_encode, layout=_POMME_LAYOUT),
        search=SearchHooks(determinize=determinize, round_values=round_values, playout=_playout, scale=1.0),
        module=__name__,
    )
)
