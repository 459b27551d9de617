"""Two-player Jass, "la pomme" (RULES.md section 5; seed 000).

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
from collections.abc import Iterable, Sequence
from typing import Final, TypeAlias, Union

import attrs

from jass._base import NamedEnum, instance_of, int_in
from jass.cards import FULL_DECK, Card, CardSet, Rank, shuffled_deck, validate_deck
from jass.errors import IllegalMoveError, InvalidCardsError, InvalidRulesError, JassError
from jass.play import CardPlay, PlayCard, Trick, card_moves, new_seed, round_seed, seeded_seat
from jass.protocol import TwoPartState
from jass.tricks import PlayRules
from jass.trump import LAST_TRICK_BONUS, Trump

__all__ = [
    "SEATS",
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

#: The number of players.
SEATS: Final = 2

_NAME: Final = "two-player Jass (la pomme)"


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
    #: A player has won.
    GAME_OVER = "game_over"


# --- rules -----------------------------------------------------------------


@attrs.frozen
class Rules:
    """The options of two-player Jass; the defaults are seed 000's rules (RULES.md section 5).

    >>> Rules().trump_jack_points, Rules().target_points
    (21, 7)
    >>> Rules(target_points=0)
    Traceback (most recent call last):
    jass.errors.InvalidRulesError: target_points=0: expected an int 1..1000
    """

    #: Points of the trump Jack: 21 in seed 000 ("Valet d'atout : 21 points"); 20 is the
    #: general Jass value.
    trump_jack_points: int = attrs.field(default=21, validator=int_in(0, 1000))
    #: The first player to reach this game score wins ("Le premier joueur à totaliser 7 points").
    target_points: int = attrs.field(default=7, validator=int_in(1, 1000))
    #: The first player to collect 3 pommes loses (seed 000: "Une variante peut également
    #: désigner comme perdant le premier joueur à totaliser 3 pommes").
    three_pommes_lose: bool = attrs.field(default=False, validator=instance_of(bool))
    #: A round total under this is a pomme ("moins de 21 points").
    pomme_threshold: int = attrs.field(default=21, validator=int_in(0, 1000))
    #: When both players are under the threshold, nobody scores the +1 or a pomme
    #: (fr.wikipedia "Pomme (jeu de cartes)"). Off: each scores a pomme and the higher
    #: total still scores +1, as seed 000 reads.
    both_pommes_cancel: bool = attrs.field(default=False, validator=instance_of(bool))
    #: A player whose only trump is the Jack need not play it to a trump lead (RULES.md
    #: section 2.3; seed 000 is silent, so the general rule stands).
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


def _to_card_set(value: Iterable[Card | str]) -> CardSet:
    if isinstance(value, CardSet):
        return value
    return CardSet(value)


@attrs.frozen
class Exchange:
    """The move "give away these 3 cards and take my 3 extras"; the 3 cards go out of play.

    ``cards`` may be given as a :class:`~jass.cards.CardSet`, cards or codes.

    >>> Exchange("C6 C7 D8")
    Exchange(cards=CardSet('C6 C7 D8'))
    """

    cards: CardSet = attrs.field(converter=_to_card_set)

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
    return validate_deck(value)


@attrs.frozen
class Deal:
    """The move "deal the next round", made by the next dealer once a round is over.

    ``order`` is the 36 cards in dealing order (see :func:`new_game`); ``None``: the
    order :func:`~jass.cards.shuffled_deck` gives for ``round_seed(seed, n)``, *n*
    being the number of the round dealt.
    """

    order: tuple[Card, ...] | None = attrs.field(default=None, converter=_to_order)

    def __str__(self) -> str:
        return "deal" if self.order is None else "deal " + " ".join(c.name for c in self.order)


#: Any move of two-player Jass.
Move: TypeAlias = Union[KeepHand, Exchange, SwapTrumpSix, DeclineSwap, PlayCard, Deal]

_KEEP: Final = KeepHand()
_SWAP: Final = SwapTrumpSix()
_DECLINE: Final = DeclineSwap()
_DEAL: Final = Deal()
_SIX_AND_DECLINE: Final = (_SWAP, _DECLINE)
_ONLY_DECLINE: Final = (_DECLINE,)
_ONLY_DEAL: Final = (_DEAL,)


@functools.lru_cache(maxsize=2048)
def _exchange_moves(hand_bits: int) -> tuple[Move, ...]:
    cards = list(CardSet.from_bits(hand_bits))
    return (_KEEP,) + tuple(Exchange(CardSet(trio)) for trio in itertools.combinations(cards, 3))


# --- scores ------------------------------------------------------------------


@attrs.frozen
class RoundScore:
    """One round's score, per seat (index 0 and 1).

    While the round is being played only the points taken so far are filled in
    (``complete`` is false: no +1 and no pomme yet).
    """

    #: Card points of the tricks taken (the trump Jack 21, the trump 9 14).
    card_points: tuple[int, ...]
    #: 5 for the seat that took the last trick, else 0.
    last_trick: tuple[int, ...]
    #: ``card_points + last_trick``.
    totals: tuple[int, ...]
    #: 1 for the seat with the higher total, 0 otherwise (both 0 on equal totals).
    won: tuple[int, ...]
    #: True for a seat that scores a pomme (a total under ``Rules.pomme_threshold``).
    pommes: tuple[bool, ...]
    #: The change to each game score: ``won``, minus 1 for a pomme.
    game_points: tuple[int, ...]
    #: True once all 18 cards are played.
    complete: bool


_NO_SCORE: Final = RoundScore((0, 0), (0, 0), (0, 0), (0, 0), (False, False), (0, 0), False)


def _round_score(play: CardPlay, rules: Rules) -> RoundScore:
    card = [0, 0]
    for trick in play.tricks:
        card[trick.winner] += trick.points
    last = [0, 0]
    complete = play.is_done
    if complete:
        last[play.tricks[-1].winner] = LAST_TRICK_BONUS
    totals = (card[0] + last[0], card[1] + last[1])
    if not complete:
        return RoundScore(tuple(card), tuple(last), totals, (0, 0), (False, False), (0, 0), False)
    under = (totals[0] < rules.pomme_threshold, totals[1] < rules.pomme_threshold)
    if under[0] and under[1] and rules.both_pommes_cancel:
        won, pommes = (0, 0), (False, False)
    else:
        won = (int(totals[0] > totals[1]), int(totals[1] > totals[0]))
        pommes = under
    game_points = (won[0] - pommes[0], won[1] - pommes[1])
    return RoundScore(tuple(card), tuple(last), totals, won, pommes, game_points, True)


# --- state -------------------------------------------------------------------


@attrs.frozen
class Setting:
    """Everything about a game of two-player Jass except the cards in play: it changes with
    a decision, a deal or a round's end, never with a card, so every :class:`State` of a
    round's card play shares one.
    """

    #: The options.
    rules: Rules
    #: The game's seed: round *n* is dealt from ``shuffled_deck(round_seed(seed, n))``.
    seed: int
    #: 0 for the first round.
    round_number: int
    #: The dealer of this round; the other seat decides first and leads the first trick.
    dealer: int
    #: The stage of the round.
    phase: Phase
    #: Each seat's 9 cards: before play its current hand, from the start of play on the hand
    #: as play began (see :meth:`State.hand`).
    hands: tuple[CardSet, ...]
    #: Each seat's 3 face-down extras; empty once the seat has decided.
    extras: tuple[CardSet, ...]
    #: The 11 face-down cards of the talon below its top card: out of play.
    talon: CardSet
    #: The card turned at the deal: its suit is trump.
    turned: Card
    #: Each seat's exchange: ``None`` (not yet decided), ``True`` (exchanged), ``False`` (kept).
    exchanges: tuple[bool | None, ...]
    #: Each seat's trump-6 decision: ``None`` (not asked), ``True`` (swapped), ``False`` (no swap).
    swaps: tuple[bool | None, ...]
    #: The game scores: +1 per round won, -1 per pomme (so a score may be negative).
    scores: tuple[int, ...]
    #: The pommes each seat has collected.
    pommes: tuple[int, ...]
    #: The score of every finished round, in order.
    history: tuple[RoundScore, ...]
    #: The winner once the game is over.
    winner: int | None


@attrs.frozen(repr=False)
class State(TwoPartState):
    """A game of two-player Jass at one moment. Immutable: :func:`apply` returns a new one.

    ``setting`` holds what the cards in play do not change, ``play`` the card play from
    phase PLAY on (kept until the next deal). Before play, ``hands`` are the players'
    current hands; from the start of play on, they are the hands as play began (after the
    exchanges and the swap) and the cards still held are in ``play`` (:meth:`hand` gives
    them either way). Every field of the setting reads on the state too; :meth:`create`
    and :meth:`~jass.protocol.TwoPartState.replace` take them all by name.
    """

    setting: Setting
    play: CardPlay | None

    @classmethod
    def create(
        cls,
        rules: Rules,
        seed: int,
        round_number: int,
        dealer: int,
        phase: Phase,
        hands: tuple[CardSet, ...],
        extras: tuple[CardSet, ...],
        talon: CardSet,
        turned: Card,
        exchanges: tuple[bool | None, ...],
        swaps: tuple[bool | None, ...],
        play: CardPlay | None,
        scores: tuple[int, ...],
        pommes: tuple[int, ...],
        history: tuple[RoundScore, ...],
        winner: int | None,
    ) -> State:
        """A state from every field by name, as :mod:`jass.serial` writes them.

        >>> state = new_game(seed=7)
        >>> fields = {name: getattr(state, name) for name in ("rules", "seed", "round_number", "dealer",
        ...     "phase", "hands", "extras", "talon", "turned", "exchanges", "swaps", "play", "scores",
        ...     "pommes", "history", "winner")}
        >>> State.create(**fields) == state
        True
        """
        setting = Setting(
            rules, seed, round_number, dealer, phase, hands, extras, talon, turned, exchanges, swaps, scores, pommes,
            history, winner,
        )
        return cls(setting, play)

    @property
    def rules(self) -> Rules:
        """The options."""
        return self.setting.rules

    @property
    def phase(self) -> Phase:
        """The stage of the round."""
        return self.setting.phase

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """Each seat's 9 cards: before play its current hand, from the start of play on the hand
        as play began (see :meth:`hand`)."""
        return self.setting.hands

    @property
    def extras(self) -> tuple[CardSet, ...]:
        """Each seat's 3 face-down extras; empty once the seat has decided."""
        return self.setting.extras

    @property
    def talon(self) -> CardSet:
        """The 11 face-down cards of the talon below its top card: out of play."""
        return self.setting.talon

    @property
    def turned(self) -> Card:
        """The card turned at the deal: its suit is trump."""
        return self.setting.turned

    @property
    def exchanges(self) -> tuple[bool | None, ...]:
        """Each seat's exchange: ``None`` (not yet decided), ``True`` (exchanged), ``False`` (kept)."""
        return self.setting.exchanges

    @property
    def swaps(self) -> tuple[bool | None, ...]:
        """Each seat's trump-6 decision: ``None`` (not asked), ``True`` (swapped), ``False`` (no swap)."""
        return self.setting.swaps

    @property
    def scores(self) -> tuple[int, ...]:
        """The game scores: +1 per round won, -1 per pomme (so a score may be negative)."""
        return self.setting.scores

    @property
    def pommes(self) -> tuple[int, ...]:
        """The pommes each seat has collected."""
        return self.setting.pommes

    @property
    def history(self) -> tuple[RoundScore, ...]:
        """The score of every finished round, in order."""
        return self.setting.history

    @property
    def winner(self) -> int | None:
        """The winner once the game is over."""
        return self.setting.winner

    @property
    def non_dealer(self) -> int:
        """The seat that decides first and leads the first trick."""
        return 1 - self.dealer

    @property
    def trump(self) -> Trump:
        """The trump suit: the turned card's suit."""
        return Trump(self.turned.suit.value)

    @property
    def trump_six(self) -> Card:
        """The 6 of trump."""
        return Card.from_index(self.turned.suit * 9)

    @property
    def swapped_by(self) -> int | None:
        """The seat that swapped the trump 6 for the turned card this round, if any."""
        if self.swaps[0]:
            return 0
        if self.swaps[1]:
            return 1
        return None

    @property
    def top_card(self) -> Card:
        """The face-up card on the talon: the turned card, or the trump 6 after a swap."""
        return self.trump_six if self.swapped_by is not None else self.turned

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now."""
        if isinstance(seat, bool) or seat not in (0, 1):
            raise JassError(f"seat={seat!r}: expected a seat 0 or 1")
        if self.play is not None:
            return self.play.hand(seat)
        return self.setting.hands[seat]

    @property
    def out_of_play(self) -> CardSet:
        """The unused cards put under the talon in the exchange: 3 for each seat that has
        decided (its extras if it kept its hand, the 3 cards it gave away if it exchanged)."""
        bits = FULL_DECK.bits & ~self.talon.bits & ~self.top_card.bit
        for seat in (0, 1):
            bits &= ~self.hands[seat].bits & ~self.extras[seat].bits
        return CardSet.from_bits(bits)


def _new_round(
    state_or_rules: State | Rules, seed: int, round_number: int, dealer: int, order: Sequence[Card]
) -> State:
    """Round ``round_number`` dealt from ``order`` (see :func:`new_game`)."""
    if isinstance(state_or_rules, State):
        rules = state_or_rules.rules
        scores, pommes, history = state_or_rules.scores, state_or_rules.pommes, state_or_rules.history
    else:
        rules, scores, pommes, history = state_or_rules, (0, 0), (0, 0), ()
    first = CardSet(order[0:9]), CardSet(order[18:21])  # the non-dealer's hand and extras
    second = CardSet(order[9:18]), CardSet(order[21:24])  # the dealer's
    by_seat = (second, first) if dealer == 0 else (first, second)
    return State.create(
        rules=rules,
        seed=seed,
        round_number=round_number,
        dealer=dealer,
        phase=Phase.EXCHANGE,
        hands=(by_seat[0][0], by_seat[1][0]),
        extras=(by_seat[0][1], by_seat[1][1]),
        talon=CardSet(order[25:36]),
        turned=order[24],
        exchanges=(None, None),
        swaps=(None, None),
        play=None,
        scores=scores,
        pommes=pommes,
        history=history,
        winner=None,
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
    if rules is None:
        rules = _DEFAULT_RULES
    elif not isinstance(rules, Rules):
        raise InvalidRulesError(f"rules={rules!r}: expected a jass.pomme.Rules")
    if seed is None:
        seed = new_seed()
    elif isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidCardsError(f"seed={seed!r}: expected an int")
    order = shuffled_deck(seed) if deal is None else validate_deck(deal)
    dealer = rules.first_dealer if rules.first_dealer is not None else seeded_seat(seed, SEATS)
    return _new_round(rules, seed, 0, dealer, order)


_DEFAULT_RULES: Final = Rules()


def _check(state: object) -> State:
    if type(state) is not State:
        raise JassError(f"{state!r} is not a state of {_NAME} (a jass.pomme.State)")
    return state


def _decider(decisions: tuple[bool | None, ...], dealer: int) -> int:
    """The seat whose decision is due: the non-dealer first, then the dealer."""
    return 1 - dealer if decisions[1 - dealer] is None else dealer


def to_act(state: State) -> int | None:
    """The seat whose move is due; ``None`` once the game is over.

    In phase ROUND_OVER it is the next dealer, who deals.
    """
    phase = _check(state).setting.phase
    if phase is Phase.PLAY:
        assert state.play is not None
        return state.play.to_play
    if phase is Phase.EXCHANGE:
        return _decider(state.exchanges, state.dealer)
    if phase is Phase.SWAP_TRUMP_SIX:
        return _decider(state.swaps, state.dealer)
    if phase is Phase.ROUND_OVER:
        return 1 - state.dealer
    return None


def is_over(state: State) -> bool:
    """True once a player has won."""
    return _check(state).setting.phase is _GAME_OVER


def winner(state: State) -> int | None:
    """The seat that won the game, or ``None`` while it goes on."""
    return _check(state).winner


# Enum members as module constants: a global is much faster than ``Phase.PLAY``, a lookup through
# the enum's metaclass, and the hot paths ask on every card.
_PLAY: Final = Phase.PLAY
_GAME_OVER: Final = Phase.GAME_OVER


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move the seat to act may make; empty once the game is over.

    Phase EXCHANGE: :class:`KeepHand`, then an :class:`Exchange` for each of the 84
    sets of 3 cards of the hand. Phase SWAP_TRUMP_SIX: :class:`SwapTrumpSix` (for
    the holder of the trump 6 only) and :class:`DeclineSwap`. Phase PLAY: a
    :class:`~jass.play.PlayCard` per legal card. Phase ROUND_OVER: :class:`Deal`.
    """
    phase = _check(state).setting.phase
    if phase is _PLAY:
        assert state.play is not None
        return card_moves(state.play.legal_bits)
    if phase is Phase.EXCHANGE:
        return _exchange_moves(state.hands[_decider(state.exchanges, state.dealer)].bits)
    if phase is Phase.SWAP_TRUMP_SIX:
        hand = state.hands[_decider(state.swaps, state.dealer)]
        return _SIX_AND_DECLINE if state.trump_six in hand else _ONLY_DECLINE
    if phase is Phase.ROUND_OVER:
        return _ONLY_DEAL
    return ()


def _what_is_legal(state: State) -> str:
    seat = to_act(state)
    phase = state.phase
    if phase is Phase.EXCHANGE:
        return (
            f"seat {seat} must keep their hand (KeepHand()) or exchange exactly 3 of its cards "
            "(Exchange(...))"
        )
    if phase is Phase.SWAP_TRUMP_SIX:
        assert seat is not None
        if state.trump_six in state.hands[seat]:
            return f"seat {seat} may swap the trump 6 (SwapTrumpSix()) or not (DeclineSwap())"
        return f"seat {seat} does not hold the trump 6 ({state.trump_six}) and passes (DeclineSwap())"
    if phase is Phase.PLAY:
        assert state.play is not None
        return f"seat {seat} must play a card (PlayCard), one of {state.play.legal_cards()}"
    if phase is Phase.ROUND_OVER:
        return f"the round is over: seat {seat} deals the next round (Deal())"
    return f"the game is over (seat {state.winner} won): no move is legal"


def _wrong_move(state: State, move: object) -> IllegalMoveError:
    return IllegalMoveError(f"{move!r} is not a move now: the phase is {state.phase.value}, {_what_is_legal(state)}")


def apply(state: State, move: Move) -> State:
    """The state after the seat to act makes ``move``; ``state`` itself is unchanged.

    Raises :class:`~jass.errors.IllegalMoveError`, saying what would be legal, for a
    move the rules do not allow now (changing nothing).

    >>> state = new_game(Rules(first_dealer=1), seed=7)
    >>> apply(state, Exchange("C6 C7"))
    Traceback (most recent call last):
    jass.errors.IllegalMoveError: Exchange of 2 cards (C6 C7): exchange exactly 3 cards, or keep your hand (KeepHand())
    """
    phase = _check(state).setting.phase
    if phase is _PLAY:
        if not isinstance(move, PlayCard):
            raise _wrong_move(state, move)
        assert state.play is not None
        play = state.play.play(move.card)
        if play.legal_bits:  # cards left to play
            return State(state.setting, play)  # a card changes nothing else
        return _finish_round(state, play)
    if phase is Phase.EXCHANGE:
        return _exchange(state, move)
    if phase is Phase.SWAP_TRUMP_SIX:
        return _swap(state, move)
    if phase is Phase.ROUND_OVER and isinstance(move, Deal):
        number = state.round_number + 1
        order = move.order
        if order is None:
            order = shuffled_deck(round_seed(state.seed, number))
        return _new_round(state, state.seed, number, 1 - state.dealer, order)
    raise _wrong_move(state, move)


def _plural(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _exchange(state: State, move: Move) -> State:
    seat = _decider(state.exchanges, state.dealer)
    hand = state.hands[seat]
    if isinstance(move, KeepHand):
        new_hand = hand
        decision = False
    elif isinstance(move, Exchange):
        cards = move.cards
        if len(cards) != 3:
            shown = f" ({cards})" if cards else ""
            raise IllegalMoveError(
                f"Exchange of {_plural(len(cards))}{shown}: exchange exactly 3 cards, "
                "or keep your hand (KeepHand())"
            )
        if not cards <= hand:
            raise IllegalMoveError(
                f"Exchange of {cards}: seat {seat} does not hold {cards - hand}; exchange "
                f"exactly 3 cards of the hand {hand}, or keep it (KeepHand())"
            )
        new_hand = (hand - cards) | state.extras[seat]
        decision = True
    else:
        raise _wrong_move(state, move)
    exchanges: tuple[bool | None, ...]
    if seat == 0:
        hands = (new_hand, state.hands[1])
        extras = (CardSet(), state.extras[1])
        exchanges = (decision, state.exchanges[1])
    else:
        hands = (state.hands[0], new_hand)
        extras = (state.extras[0], CardSet())
        exchanges = (state.exchanges[0], decision)
    done = state.replace(hands=hands, extras=extras, exchanges=exchanges)
    if seat != state.dealer:
        return done  # the dealer decides next
    if state.turned.rank == Rank.SIX:
        return _start_play(done)  # nobody can hold the trump 6: no swap
    return done.replace(phase=Phase.SWAP_TRUMP_SIX)


def _swap(state: State, move: Move) -> State:
    seat = _decider(state.swaps, state.dealer)
    hand = state.hands[seat]
    six = state.trump_six
    if isinstance(move, SwapTrumpSix):
        if six not in hand:
            raise IllegalMoveError(
                f"SwapTrumpSix(): seat {seat} does not hold the trump 6 ({six}) to swap for "
                f"the turned card {state.turned}, and passes (DeclineSwap())"
            )
        new_hand = CardSet.from_bits(hand.bits & ~six.bit | state.turned.bit)
        swaps: tuple[bool | None, ...]
        if seat == 0:
            hands, swaps = (new_hand, state.hands[1]), (True, state.swaps[1])
        else:
            hands, swaps = (state.hands[0], new_hand), (state.swaps[0], True)
        return _start_play(state.replace(hands=hands, swaps=swaps))
    if not isinstance(move, DeclineSwap):
        raise _wrong_move(state, move)
    swaps = (False, state.swaps[1]) if seat == 0 else (state.swaps[0], False)
    done = state.replace(swaps=swaps)
    if seat != state.dealer:
        return done  # the dealer is asked next
    return _start_play(done)


def _start_play(state: State) -> State:
    rules = state.rules
    play = CardPlay.start(
        state.trump, state.hands, state.non_dealer, rules.play_rules, rules.trump_jack_points
    )
    return state.replace(phase=Phase.PLAY, play=play)


def _finish_round(state: State, play: CardPlay) -> State:
    rules = state.rules
    score = _round_score(play, rules)
    scores = (state.scores[0] + score.game_points[0], state.scores[1] + score.game_points[1])
    pommes = (state.pommes[0] + score.pommes[0], state.pommes[1] + score.pommes[1])
    won: int | None = None
    for seat in (0, 1):
        # Only the seat that scored +1 (and so no pomme) this round can just have reached it.
        if scores[seat] >= rules.target_points:
            won = seat
    if won is None and rules.three_pommes_lose:
        for seat in (0, 1):
            # The first to collect 3: more than the other (both at 3 at once: play on).
            if pommes[seat] >= 3 and pommes[seat] > pommes[1 - seat]:
                won = 1 - seat
    return state.replace(
        phase=Phase.ROUND_OVER if won is None else Phase.GAME_OVER,
        play=play,
        scores=scores,
        pommes=pommes,
        history=state.history + (score,),
        winner=won,
    )


def score_round(state: State) -> RoundScore:
    """The score of the round being played (so far), or of the round just finished.

    Before the first card is played every number is 0.

    >>> score_round(new_game(seed=1)).complete
    False
    """
    if _check(state).play is None:
        return _NO_SCORE
    assert state.play is not None
    return _round_score(state.play, state.rules)


# --- observation ---------------------------------------------------------------


@attrs.frozen
class Observation:
    """What one seat may know: everything public plus its own hand.

    Never the other hand, anybody's face-down extras (a player does not look at
    their own before deciding: they are "restées face cachée"), the talon below
    its top card, or the cards put out of play.
    """

    #: The observing seat.
    seat: int
    #: The options.
    rules: Rules
    #: The stage of the round.
    phase: Phase
    #: 0 for the first round.
    round_number: int
    #: The dealer of this round.
    dealer: int
    #: The seat whose move is due (``None`` when the game is over).
    to_act: int | None
    #: The observing seat's cards.
    hand: CardSet
    #: How many cards each seat holds.
    hand_sizes: tuple[int, ...]
    #: The trump suit.
    trump: Trump
    #: The card turned at the deal (after a swap it is in the swapper's hand).
    turned: Card
    #: The face-up card on the talon now (the trump 6 after a swap).
    top_card: Card
    #: Each seat's exchange: ``None`` (not yet decided), ``True`` (exchanged), ``False`` (kept).
    exchanges: tuple[bool | None, ...]
    #: The seat that swapped the trump 6 for the turned card, if any.
    swapped_by: int | None
    #: The cards of the trick in progress, leader first.
    trick: tuple[Card, ...]
    #: The seat that led (or leads) the trick in progress; ``None`` before play.
    trick_leader: int | None
    #: The completed tricks of this round.
    tricks: tuple[Trick, ...]
    #: Points taken this round so far (with the last trick's 5 once it is taken).
    round_points: tuple[int, ...]
    #: The game scores.
    scores: tuple[int, ...]
    #: The pommes collected.
    pommes: tuple[int, ...]
    #: The score of every finished round.
    history: tuple[RoundScore, ...]
    #: The winner once the game is over.
    winner: int | None
    #: This seat's legal moves when it is to act, else empty.
    legal_moves: tuple[Move, ...]


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know of ``state``: its own hand and everything public.

    >>> view = observe(new_game(seed=5), 0)
    >>> len(view.hand), view.hand_sizes, view.phase
    (9, (9, 9), Phase.EXCHANGE)
    """
    _check(state)
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in (0, 1):
        raise JassError(f"seat={seat!r}: expected a seat 0 or 1")
    play = state.play
    if play is None:
        hands = state.hands
        trick: tuple[Card, ...] = ()
        leader: int | None = None
        tricks: tuple[Trick, ...] = ()
        points: tuple[int, ...] = (0, 0)
    else:
        hands, trick, leader, tricks = play.hands, play.trick, play.leader, play.tricks
        points = play.points()
    acting = to_act(state)
    return Observation(
        seat=seat,
        rules=state.rules,
        phase=state.phase,
        round_number=state.round_number,
        dealer=state.dealer,
        to_act=acting,
        hand=hands[seat],
        hand_sizes=(len(hands[0]), len(hands[1])),
        trump=state.trump,
        turned=state.turned,
        top_card=state.top_card,
        exchanges=state.exchanges,
        swapped_by=state.swapped_by,
        trick=trick,
        trick_leader=leader,
        tricks=tricks,
        round_points=points,
        scores=state.scores,
        pommes=state.pommes,
        history=state.history,
        winner=state.winner,
        legal_moves=legal_moves(state) if acting == seat else (),
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
    _check(state)
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
