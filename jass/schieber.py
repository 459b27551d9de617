"""Schieber: the four-player partnership game (seed 001, "Spelregels voor Schieber").

Seats 0 and 2 play against seats 1 and 3 (team 0 and team 1). Each round the
dealer deals 9 cards each; Vorhand (the seat after the dealer) chooses trump or
pushes ("schieben") to the partner, who must then choose. Before their first
card a player may declare Weis; after the first trick the team with the best
Weis scores all of its Weis. Stöck (trump King and Queen in one hand) score 20.
Taking all nine tricks is a match (+100). Everything is multiplied by the trump
mode's multiplier. The game goes on until a team reaches the target; in the
seed's ``claim`` mode a team that has just won a trick ends it by announcing
"bedankt, genug".

>>> from jass import schieber, Trump
>>> state = schieber.new_game(seed=3, rules=schieber.Rules(first_dealer=3))
>>> schieber.to_act(state)          # Vorhand, the seat after the dealer
0
>>> state = schieber.apply(state, schieber.Push())
>>> schieber.to_act(state)          # the partner must choose
2
>>> state = schieber.apply(state, schieber.ChooseTrump(Trump.OBENABE))
>>> state.phase, schieber.to_act(state)   # Vorhand leads, also after a push
(Phase.PLAY, 0)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Final, Union

import attrs

from jass._base import NamedEnum, instance_of, int_in
from jass.cards import Card, CardSet
from jass.cards import deal as deal_cards
from jass.errors import IllegalMoveError, InvalidCardsError, InvalidRulesError, JassError
from jass.play import HAND_BITS, CardPlay, PlayCard, card_moves, Trick, new_seed, round_seed, seeded_seat
from jass.protocol import TwoPartState
from jass.tricks import PlayRules
from jass.trump import LAST_TRICK_BONUS, Trump
from jass.weis import STOECK_POINTS, Weis, WeisRules, best_weis, detect_weis, may_hold_weis, stoeck_cards

__all__ = [
    "SEATS",
    "EndMode",
    "Phase",
    "GameEnd",
    "Rules",
    "ChooseTrump",
    "Push",
    "DeclareWeis",
    "PlayCard",
    "Announce",
    "Deal",
    "Move",
    "TeamScore",
    "RoundScore",
    "Setting",
    "State",
    "Observation",
    "team_of",
    "new_game",
    "legal_moves",
    "apply",
    "to_act",
    "is_over",
    "winner",
    "score_round",
    "totals",
    "observe",
    "card_zones",
]

#: Number of players.
SEATS: Final = 4
_TRICKS: Final = 9


def team_of(seat: int) -> int:
    """The team of ``seat``: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


class EndMode(NamedEnum):
    """How a game played to a target ends."""

    #: Seed 001: the team that has just won a trick may announce "bedankt, genug"; if its
    #: points reach the target it wins at once, otherwise it loses at once. Without an
    #: announcement, the points are counted at the end of the round, the team that took
    #: the last trick first.
    CLAIM = "claim"
    #: The engine ends the game as soon as a team reaches the target (Swisslos).
    AUTO = "auto"


class Phase(NamedEnum):
    """The phase of a Schieber game."""

    CHOOSE_TRUMP = "choose_trump"
    PLAY = "play"
    ROUND_OVER = "round_over"
    GAME_OVER = "game_over"


class GameEnd(NamedEnum):
    """Why a game ended."""

    TARGET_REACHED = "target_reached"
    CLAIM_CORRECT = "claim_correct"
    CLAIM_WRONG = "claim_wrong"
    ROUNDS_PLAYED = "rounds_played"


#: Multipliers of the seed (Eicheln, Rosen, Schilten, Schellen, Obenabe, Undenufe).
SEED_MULTIPLIERS: Final = (1, 1, 2, 2, 3, 4)
#: Swisslos' multipliers for the game to 2500: both no-trump modes x3.
SWISSLOS_MULTIPLIERS: Final = (1, 1, 2, 2, 3, 3)
#: Every mode counts once.
FLAT_MULTIPLIERS: Final = (1, 1, 1, 1, 1, 1)


def _multipliers_valid(instance: object, attribute: object, value: object) -> None:
    if (
        not isinstance(value, tuple)
        or len(value) != 6
        or not all(isinstance(m, int) and not isinstance(m, bool) and 1 <= m <= 100 for m in value)
    ):
        raise InvalidRulesError(
            f"multipliers={value!r}: expected 6 ints 1..100 for Eicheln, Rosen, Schilten, "
            "Schellen, Obenabe, Undenufe"
        )


@attrs.frozen
class Rules:
    """Every Schieber option (RULES.md section 3); the defaults are the seed's.

    >>> Rules().multiplier(Trump.UNDENUFE), Rules.swisslos().multiplier(Trump.UNDENUFE)
    (4, 3)
    >>> Rules(target_score=None)
    Traceback (most recent call last):
    jass.errors.InvalidRulesError: set exactly one of target_score (a game to a target) and rounds (a fixed number of rounds)
    """

    #: The score that ends the game (seed: 3000, the value used with the seed's multipliers).
    target_score: int | None = attrs.field(default=3000, validator=int_in(1, 1_000_000, optional=True))
    #: Play a fixed number of rounds instead of a target (then ``target_score=None``).
    rounds: int | None = attrs.field(default=None, validator=int_in(1, 1_000_000, optional=True))
    #: How a game to a target ends: ``CLAIM`` ("bedankt, genug", seed) or ``AUTO``.
    end_mode: EndMode = attrs.field(default=EndMode.CLAIM, validator=instance_of(EndMode))
    #: Multiplier per mode: Eicheln, Rosen, Schilten, Schellen, Obenabe, Undenufe.
    multipliers: tuple[int, ...] = attrs.field(default=SEED_MULTIPLIERS, validator=_multipliers_valid)
    #: After a push, the partner may push back to Vorhand, who must then choose.
    allow_push_back: bool = attrs.field(default=False, validator=instance_of(bool))
    #: Points for taking all nine tricks (before the multiplier); 0 turns it off.
    match_bonus: int = attrs.field(default=100, validator=int_in(0, 10_000))
    #: Every player's Weis is declared automatically (for simulation).
    auto_declare: bool = attrs.field(default=False, validator=instance_of(bool))
    #: The first round's dealer; ``None`` draws it from the game's seed.
    first_dealer: int | None = attrs.field(default=None, validator=int_in(0, SEATS - 1, optional=True))
    #: The Weis options.
    weis: WeisRules = attrs.field(factory=WeisRules, validator=instance_of(WeisRules))
    #: The card-play options (Bauer exception, undertrumping forbidden unless only trumps).
    play: PlayRules = attrs.field(factory=PlayRules, validator=instance_of(PlayRules))

    def __attrs_post_init__(self) -> None:
        if (self.target_score is None) == (self.rounds is None):
            raise InvalidRulesError(
                "set exactly one of target_score (a game to a target) and rounds "
                "(a fixed number of rounds)"
            )

    def multiplier(self, trump: Trump) -> int:
        """The multiplier of mode ``trump``."""
        return self.multipliers[trump]

    @classmethod
    def seed(cls) -> Rules:
        """The seed's rules (the defaults): to 3000, x1/x1/x2/x2/x3/x4, "bedankt, genug"."""
        return cls()

    @classmethod
    def swisslos(cls) -> Rules:
        """Swisslos' game to 2500: x1 Eicheln/Rosen, x2 Schilten/Schellen, x3 Obenabe and
        Undenufe; the game ends as soon as a team reaches the target."""
        return cls(target_score=2500, multipliers=SWISSLOS_MULTIPLIERS, end_mode=EndMode.AUTO)

    @classmethod
    def flat(cls) -> Rules:
        """Swisslos' game to 1000 with every mode counted once, ending automatically."""
        return cls(target_score=1000, multipliers=FLAT_MULTIPLIERS, end_mode=EndMode.AUTO)

    @classmethod
    def tournament(cls, rounds: int = 12) -> Rules:
        """Swisslos' tournament mode: a fixed number of rounds (12), every mode counted once."""
        return cls(target_score=None, rounds=rounds, multipliers=FLAT_MULTIPLIERS)


# --- moves -------------------------------------------------------------------


@attrs.frozen
class ChooseTrump:
    """Vorhand (or, after a push, the partner) names the trump mode."""

    trump: Trump = attrs.field(converter=Trump.parse)  # type: ignore[misc]


@attrs.frozen
class Push:
    """Vorhand leaves the choice of trump to the partner ("schieben"); with
    ``allow_push_back``, the partner may push it back once."""


def _weis_tuple(value: object) -> tuple[Weis, ...]:
    if isinstance(value, Weis):
        return (value,)
    if isinstance(value, (list, tuple)) and all(isinstance(w, Weis) for w in value):
        return tuple(sorted(value, key=lambda w: (-w.points, w.cards.bits)))
    raise IllegalMoveError(f"DeclareWeis({value!r}): expected a Weis or a tuple of Weis")


@attrs.frozen
class DeclareWeis:
    """Declare Weis before playing the first card (in trick 1); the same player then plays.

    The Weis must be among those :func:`~jass.weis.detect_weis` finds in the
    player's hand; declaring is optional, and a player may declare only some.
    """

    weis: tuple[Weis, ...] = attrs.field(converter=_weis_tuple)

    def __str__(self) -> str:
        return "declare " + ", ".join(str(w) for w in self.weis)


@attrs.frozen
class Announce:
    """ "Bedankt, genug": the player whose team has just won a trick ends the game,
    winning if the team's points reach the target and losing otherwise (``claim`` mode)."""


@attrs.frozen
class Deal:
    """The next dealer deals the next round; ``hands=None`` deals from the game's seed."""

    hands: tuple[CardSet, ...] | None = None


Move = Union[ChooseTrump, Push, DeclareWeis, PlayCard, Announce, Deal]


# --- scores ------------------------------------------------------------------


@attrs.frozen
class TeamScore:
    """One team's points in one round, before and after the multiplier."""

    cards: int
    last_trick: int
    match: int
    weis: int
    stoeck: int
    multiplier: int

    @property
    def points(self) -> int:
        """Points before the multiplier."""
        return self.cards + self.last_trick + self.match + self.weis + self.stoeck

    @property
    def total(self) -> int:
        """Points written: everything times the multiplier."""
        return (self.cards + self.last_trick + self.match + self.weis + self.stoeck) * self.multiplier


@attrs.frozen
class RoundScore:
    """The score breakdown of one round (complete, or so far)."""

    trump: Trump
    teams: tuple[TeamScore, TeamScore]

    @property
    def totals(self) -> tuple[int, int]:
        """Both teams' written points."""
        return (self.teams[0].total, self.teams[1].total)


# --- state -------------------------------------------------------------------


@attrs.frozen
class Setting:
    """Everything about a Schieber game except the cards in play: it changes between
    rounds and phases, never with a card, so every :class:`State` of a round's card
    play shares one (each card builds only a small :class:`State` and its
    :class:`~jass.play.CardPlay`).

    ``dealt`` holds the round's hands as dealt (needed for Weis and Stöck).
    ``scores`` are the written scores: before the round in play, after it once it is over.
    """

    rules: Rules
    seed: int
    round_number: int
    dealer: int
    phase: Phase
    dealt: tuple[CardSet, ...]
    scores: tuple[int, int] = (0, 0)
    pushed: int = 0
    trump: Trump | None = None
    declared: tuple[tuple[Weis, ...] | None, ...] = (None, None, None, None)
    history: tuple[RoundScore, ...] = ()
    winner: int | None = None
    end: GameEnd | None = None




@attrs.frozen(repr=False)
class State(TwoPartState):
    """A Schieber game at one moment. Immutable: :func:`apply` returns a new one.

    ``setting`` holds what the cards in play do not change (rules, seed, dealer, deal,
    scores, trump, Weis, history, result), ``play`` the cards in play once trump is
    chosen. Every field of the setting reads directly on the state too
    (``state.scores``); :meth:`create` and :meth:`~jass.protocol.TwoPartState.replace` take
    them all by name.
    """

    setting: Setting
    play: CardPlay | None = None

    @classmethod
    def create(
        cls,
        rules: Rules,
        seed: int,
        round_number: int,
        dealer: int,
        phase: Phase,
        dealt: tuple[CardSet, ...],
        scores: tuple[int, int] = (0, 0),
        pushed: int = 0,
        trump: Trump | None = None,
        play: CardPlay | None = None,
        declared: tuple[tuple[Weis, ...] | None, ...] = (None, None, None, None),
        history: tuple[RoundScore, ...] = (),
        winner: int | None = None,
        end: GameEnd | None = None,
    ) -> State:
        """A state from every field by name, as :mod:`jass.serial` writes them.

        >>> state = new_game(seed=7)
        >>> State.create(state.rules, 7, 0, state.dealer, Phase.CHOOSE_TRUMP, state.dealt) == state
        True
        """
        setting = Setting(rules, seed, round_number, dealer, phase, dealt, scores, pushed, trump, declared, history,
                          winner, end)
        return cls(setting, play)

    @property
    def rules(self) -> Rules:
        """The game's rules."""
        return self.setting.rules

    @property
    def phase(self) -> Phase:
        """The phase of the game."""
        return self.setting.phase

    @property
    def dealt(self) -> tuple[CardSet, ...]:
        """The round's hands as dealt."""
        return self.setting.dealt

    @property
    def scores(self) -> tuple[int, int]:
        """The written scores: before the round in play, after it once it is over."""
        return self.setting.scores

    @property
    def pushed(self) -> int:
        """How often the choice of trump was pushed this round (0, 1, or 2 with push-back)."""
        return self.setting.pushed

    @property
    def trump(self) -> Trump | None:
        """The round's trump mode, once chosen."""
        return self.setting.trump

    @property
    def declared(self) -> tuple[tuple[Weis, ...] | None, ...]:
        """Each seat's declared Weis (``None``: not declared)."""
        return self.setting.declared

    @property
    def history(self) -> tuple[RoundScore, ...]:
        """The score breakdowns of the rounds written so far."""
        return self.setting.history

    @property
    def winner(self) -> int | None:
        """The winning team once the game is over (``None`` for a draw)."""
        return self.setting.winner

    @property
    def end(self) -> GameEnd | None:
        """Why the game ended."""
        return self.setting.end

    @property
    def vorhand(self) -> int:
        """The seat after the dealer: chooses trump and leads the first trick."""
        return (self.setting.dealer + 1) % SEATS



@attrs.frozen
class Observation:
    """What one seat may know: its own hand and everything public, nothing else."""

    seat: int
    rules: Rules
    phase: Phase
    round_number: int
    dealer: int
    to_act: int | None
    hand: CardSet
    hand_sizes: tuple[int, ...]
    trump: Trump | None
    pushed: int
    trick: tuple[Card, ...]
    trick_leader: int | None
    tricks: tuple[Trick, ...]
    #: Points each seat declared in Weis so far (``None``: not declared); public, as at the table.
    declared_points: tuple[int | None, ...]
    #: This seat's own declared Weis.
    own_weis: tuple[Weis, ...] | None
    #: After the first trick: the Weis of the team that scores them, shown to all.
    shown_weis: tuple[tuple[Weis, ...], ...]
    stoeck_team: int | None
    scores: tuple[int, int]
    round_points: tuple[int, int]
    history: tuple[RoundScore, ...]
    winner: int | None
    end: GameEnd | None
    legal_moves: tuple[Move, ...]


# Enum members as module constants: ``Phase.PLAY`` is a class-attribute lookup through the enum's
# metaclass, several times slower than a global, and the hot paths ask on every card.
_CHOOSE_TRUMP: Final = Phase.CHOOSE_TRUMP
_PLAY: Final = Phase.PLAY
_GAME_OVER: Final = Phase.GAME_OVER
_CLAIM: Final = EndMode.CLAIM
_new: Final = object.__new__
_set_setting: Final = State.setting.__set__  # type: ignore[attr-defined]
_set_play: Final = State.play.__set__  # type: ignore[union-attr]


# --- the game ------------------------------------------------------------------


def _hands_from(deal: object) -> tuple[CardSet, ...]:
    if isinstance(deal, (list, tuple)) and len(deal) == SEATS:
        hands = tuple(h if isinstance(h, CardSet) else CardSet.parse(h) if isinstance(h, str) else CardSet(h) for h in deal)
        sizes = [len(h) for h in hands]
        union = 0
        for hand in hands:
            if union & hand.bits:
                raise InvalidCardsError(f"{CardSet.from_bits(union & hand.bits)} dealt twice")
            union |= hand.bits
        if sizes != [9, 9, 9, 9]:
            raise InvalidCardsError(f"Schieber deals 9 cards to each of 4 seats, got {sizes}")
        return hands
    if isinstance(deal, (list, tuple, str)):
        return deal_cards(deal if not isinstance(deal, str) else deal.split())
    raise InvalidCardsError(f"deal={deal!r}: expected 4 hands of 9 cards or an order of the 36 cards")


def new_game(
    rules: Rules | None = None,
    seed: int | None = None,
    *,
    deal: Sequence[CardSet] | Sequence[Card | str] | None = None,
) -> State:
    """A new game, its first round dealt and Vorhand to choose trump.

    ``seed`` fixes every deal (and the first dealer unless ``rules.first_dealer``
    is set); without one a random seed is drawn and kept in the state. ``deal``
    gives the first round's hands explicitly: four hands of nine cards, or an
    order of the 36 cards (seat *k* gets cards ``9k .. 9k+8``).

    >>> state = new_game(seed=7)
    >>> state.dealt == deal_cards(7), state.phase
    (True, Phase.CHOOSE_TRUMP)
    """
    if rules is None:
        rules = Rules()
    if not isinstance(rules, Rules):
        raise InvalidRulesError(f"rules={rules!r}: expected a jass.schieber.Rules")
    if seed is None:
        seed = new_seed()
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidCardsError(f"seed={seed!r}: expected an int")
    hands = deal_cards(seed) if deal is None else _hands_from(deal)
    dealer = rules.first_dealer if rules.first_dealer is not None else seeded_seat(seed, SEATS)
    return State(Setting(rules, seed, 0, dealer, _CHOOSE_TRUMP, hands))


def _not_a_state(value: object) -> JassError:
    return JassError(f"{value!r:.80} is not a Schieber state (a jass.schieber.State)")


def to_act(state: State) -> int | None:
    """The seat whose move is due, ``None`` once the game is over."""
    if type(state) is not State:
        raise _not_a_state(state)
    if state.setting.phase is _PLAY:
        assert state.play is not None
        return state.play.to_play
    if state.phase is Phase.CHOOSE_TRUMP:
        # pushed counts pushes: 0 Vorhand, 1 the partner, 2 Vorhand again (push-back).
        return (state.vorhand + 2 * (state.pushed % 2)) % SEATS
    if state.phase is Phase.ROUND_OVER:
        return (state.dealer + 1) % SEATS
    return None


def is_over(state: State) -> bool:
    """True when the game is over."""
    if type(state) is not State:
        raise _not_a_state(state)
    return state.setting.phase is _GAME_OVER


def winner(state: State) -> int | None:
    """The winning team (0: seats 0 and 2; 1: seats 1 and 3); ``None`` while the game
    goes on, or for a drawn game of fixed rounds."""
    if type(state) is not State:
        raise _not_a_state(state)
    return state.winner


_CHOOSE_MOVES: Final = tuple(ChooseTrump(t) for t in Trump)
_PUSH: Final = Push()
_ANNOUNCE: Final = Announce()
_DEAL: Final = Deal()


@functools.lru_cache(maxsize=4096)
def _weis_options(hand_bits: int, rules: WeisRules) -> tuple[DeclareWeis, ...]:
    # Cached: every player's first legal_moves asks, and search asks again and again for
    # the same hand; hands and rules are immutable, so the answer never changes.
    found = detect_weis(CardSet.from_bits(hand_bits), rules)
    return tuple(
        DeclareWeis(combo)
        for size in range(len(found), 0, -1)
        for combo in itertools.combinations(found, size)
    )


def _may_announce(state: State, play: CardPlay) -> bool:
    return (
        state.rules.target_score is not None
        and state.rules.end_mode is EndMode.CLAIM
        and not play.trick
        and 1 <= len(play.tricks) < _TRICKS
    )


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move the seat to act may make; empty once the game is over.

    >>> state = new_game(seed=1)
    >>> legal_moves(state)[-1]
    Push()
    """
    if type(state) is not State:
        raise _not_a_state(state)
    setting = state.setting
    phase = setting.phase
    if phase is _PLAY:
        play = state.play
        assert play is not None
        cards: tuple[Move, ...] = card_moves(play.legal_bits)
        rules = setting.rules
        if play.tricks:
            # _may_announce, inlined: a claim is made between tricks, before the last.
            if play.trick or rules.target_score is None or rules.end_mode is not _CLAIM or len(play.tricks) >= _TRICKS:
                return cards  # the usual case
            return (_ANNOUNCE,) + cards
        seat = (play.leader + len(play.trick)) % SEATS
        if rules.auto_declare or setting.declared[seat] is not None:
            return cards
        return _weis_options(setting.dealt[seat].bits, rules.weis) + cards
    if phase is Phase.CHOOSE_TRUMP:
        if state.pushed == 0 or (state.pushed == 1 and state.rules.allow_push_back):
            return _CHOOSE_MOVES + (_PUSH,)
        return _CHOOSE_MOVES
    if phase is Phase.ROUND_OVER:
        return (_DEAL,)
    return ()


def apply(state: State, move: Move) -> State:
    """The state after the seat to act makes ``move``; ``state`` itself is unchanged.

    Raises :class:`~jass.errors.IllegalMoveError`, saying why and what would be
    legal, for a move the rules do not allow.
    """
    if type(state) is not State:
        raise _not_a_state(state)
    setting = state.setting
    phase = setting.phase
    if phase is _PLAY and isinstance(move, PlayCard):
        # Inlined: this runs for every card of every game.
        before = state.play
        assert before is not None
        play = before.play(move.card)
        target = setting.rules.target_score
        if target is not None:
            ended = _check_target(state, before, play, not play.trick, target)
            if ended is not None:
                return ended
        if play.legal_bits:
            new = _new(State)  # State(setting, play), slot by slot: one call less per card
            _set_setting(new, setting)
            _set_play(new, play)
            return new
        return _end_round(state, play)
    if phase is _GAME_OVER:
        raise IllegalMoveError(f"{move!r}: the game is over (team {state.winner} won)")
    if isinstance(move, ChooseTrump) and phase is _CHOOSE_TRUMP:
        play = CardPlay.start(move.trump, setting.dealt, state.vorhand, setting.rules.play)
        s = setting
        chosen = Setting(s.rules, s.seed, s.round_number, s.dealer, _PLAY, s.dealt, s.scores, s.pushed,
                         move.trump, s.declared, s.history, s.winner, s.end)
        return State(chosen, play)
    if isinstance(move, Push) and phase is Phase.CHOOSE_TRUMP:
        if state.pushed == 0 or (state.pushed == 1 and state.rules.allow_push_back):
            return state.replace(pushed=state.pushed + 1)
        raise IllegalMoveError(
            f"Push(): seat {to_act(state)} must choose trump now "
            + ("(pushing back is off: Rules.allow_push_back)" if state.pushed == 1 else "(pushed back already)")
        )
    if isinstance(move, DeclareWeis) and phase is Phase.PLAY:
        return _declare(state, move)
    if isinstance(move, Announce) and phase is Phase.PLAY:
        return _announce(state)
    if isinstance(move, Deal) and phase is Phase.ROUND_OVER:
        return _deal(state, move)
    expected = {
        Phase.CHOOSE_TRUMP: "ChooseTrump or Push",
        Phase.PLAY: "PlayCard, DeclareWeis or Announce",
        Phase.ROUND_OVER: "Deal",
    }[phase]
    raise IllegalMoveError(
        f"{move!r} is not a move now: the phase is {phase.value}, seat {to_act(state)} "
        f"may make {expected}"
    )


def _declare(state: State, move: DeclareWeis) -> State:
    play = state.play
    assert play is not None
    seat = play.to_play
    assert seat is not None
    if state.rules.auto_declare:
        raise IllegalMoveError(f"{move}: Weis are declared automatically (Rules.auto_declare)")
    if play.tricks or state.declared[seat] is not None:
        when = "after the first trick" if play.tricks else "twice"
        raise IllegalMoveError(f"{move}: seat {seat} cannot declare Weis {when}")
    if not move.weis:
        raise IllegalMoveError("DeclareWeis(()): declare at least one Weis, or play a card")
    found = detect_weis(state.dealt[seat], state.rules.weis)
    for weis in move.weis:
        if weis not in found:
            legal = ", ".join(str(w) for w in found) or "none"
            raise IllegalMoveError(f"seat {seat} cannot declare {weis}: its Weis are {legal}")
    if len(set(move.weis)) != len(move.weis):
        raise IllegalMoveError(f"{move}: a Weis declared twice")
    declared = state.declared[:seat] + (move.weis,) + state.declared[seat + 1 :]
    return state.replace(declared=declared)


def _declarations(state: State) -> tuple[tuple[Weis, ...], ...]:
    setting = state.setting
    if setting.rules.auto_declare:
        weis = setting.rules.weis
        return tuple(detect_weis(hand, weis) if may_hold_weis(hand._bits) else () for hand in setting.dealt)
    return tuple(w or () for w in setting.declared)


def _weis_team(
    state: State, trump: Trump, declarations: tuple[tuple[Weis, ...], ...] | None = None
) -> int | None:
    if declarations is None:
        declarations = _declarations(state)
    if not any(declarations):
        return None  # nobody has a Weis: most rounds
    seat = best_weis(declarations, trump, state.vorhand, state.rules.weis.equal_weis_tiebreak)
    return None if seat is None else team_of(seat)


#: The bits of the trump King and Queen of each mode (none in Obenabe and Undenufe).
_STOECK_BITS: Final = tuple(stoeck_cards(trump).bits for trump in Trump)


def _stoeck_holder(state: State, trump: Trump) -> int | None:
    stoeck = _STOECK_BITS[trump]
    if not stoeck:
        return None
    for seat, hand in enumerate(state.setting.dealt):
        if hand._bits & stoeck == stoeck:
            return seat
    return None


def _breakdown(state: State, play: CardPlay, *, held_stoeck: bool = False) -> RoundScore:
    """The round's score so far: tricks taken, Weis once trick 1 is done, Stöck once
    the second card is played (or, with ``held_stoeck``, as soon as held)."""
    rules = state.setting.rules
    trump = play.setup.trump
    tricks = play.tricks
    cards = [0, 0]
    won = [0, 0]
    for trick in tricks:
        team = trick.winner & 1
        cards[team] += trick.points
        won[team] += 1
    last = [0, 0]
    match = [0, 0]
    if not play.legal_bits:  # the round's cards are all played
        last[tricks[-1].winner & 1] = LAST_TRICK_BONUS
        if won[0] == _TRICKS or won[1] == _TRICKS:
            match[0 if won[0] == _TRICKS else 1] = rules.match_bonus
    weis = [0, 0]
    if tricks:
        declarations = _declarations(state)
        weis_team = _weis_team(state, trump, declarations)
        if weis_team is not None:
            weis[weis_team] = sum(
                w.points for seat in (weis_team, weis_team + 2) for w in declarations[seat]
            )
    stoeck = [0, 0]
    stoeck_bits = _STOECK_BITS[trump]
    if stoeck_bits:
        holder = _stoeck_holder(state, trump)
        if holder is not None and (held_stoeck or not play.hand_bits >> HAND_BITS * holder & stoeck_bits):
            stoeck[holder & 1] = STOECK_POINTS
    multiplier = rules.multipliers[trump]
    return RoundScore(
        trump,
        (
            TeamScore(cards[0], last[0], match[0], weis[0], stoeck[0], multiplier),
            TeamScore(cards[1], last[1], match[1], weis[1], stoeck[1], multiplier),
        ),
    )


def score_round(state: State) -> RoundScore:
    """The score breakdown of the round in play (so far) or just finished.

    Raises :class:`~jass.errors.JassError` before trump is chosen.
    """
    if type(state) is not State:
        raise _not_a_state(state)
    if state.play is None:
        raise JassError("no round in play: trump has not been chosen yet")
    if state.phase is not Phase.PLAY and state.history:
        # The round is over: its breakdown is the one written (which, after a game ended
        # by "Stöck, Weis, Stich" in trick 1, includes Stöck held but not yet played).
        return state.history[-1]
    return _breakdown(state, state.play)


def totals(state: State) -> tuple[int, int]:
    """Both teams' points: the written scores plus what the round in play has credited."""
    if type(state) is not State:
        raise _not_a_state(state)
    if state.phase is Phase.PLAY:
        assert state.play is not None
        running = _breakdown(state, state.play).totals
        return (state.scores[0] + running[0], state.scores[1] + running[1])
    return state.scores


def _game_over(state: State, play: CardPlay, team: int, end: GameEnd, *, held_stoeck: bool = False) -> State:
    score = _breakdown(state, play, held_stoeck=held_stoeck)
    scores = (state.scores[0] + score.totals[0], state.scores[1] + score.totals[1])
    return state.replace(
        play=play, phase=Phase.GAME_OVER, scores=scores,
        history=state.history + (score,), winner=team, end=end,
    )


def _first_to_reach(start: tuple[int, int], steps: Sequence[tuple[int, int]], target: int) -> int | None:
    """Credit ``steps`` (team, points) in order; the first team to reach ``target``."""
    running = list(start)
    for team, points in steps:
        running[team] += points
        if running[team] >= target:
            return team
    return None


def _check_target(
    state: State, before: CardPlay, play: CardPlay, trick_done: bool, target: int
) -> State | None:
    """End the game if this card made a team reach the target, in the counting order
    Stöck, Weis, tricks (seed 001 "Paar-Weis-Slag")."""
    rules = state.rules
    trump = play.trump
    first_trick = trick_done and len(play.tricks) == 1
    if rules.end_mode is _CLAIM and not first_trick:
        return None
    if not trick_done and not _STOECK_BITS[trump] >> play.trick[-1].index & 1:
        return None  # only a trick or the second Stöck card credits points
    multiplier = rules.multiplier(trump)
    # What a team can have gained in this round at most: every card, the last trick, the match,
    # every Weis declared, the Stöck. Short of the target even so, nobody reaches it now.
    weis = sum(w.points for declared in _declarations(state) for w in declared)
    ceiling = (152 + LAST_TRICK_BONUS + rules.match_bonus + weis + STOECK_POINTS) * multiplier
    if max(state.scores) + ceiling < target:
        return None
    old = _breakdown(state, before)
    start = (state.scores[0] + old.totals[0], state.scores[1] + old.totals[1])

    def count(held_stoeck: bool) -> list[tuple[int, int]]:
        new = _breakdown(state, play, held_stoeck=held_stoeck)
        steps: list[tuple[int, int]] = []
        for kind in ("stoeck", "weis"):
            for team in (0, 1):
                gained = getattr(new.teams[team], kind) - getattr(old.teams[team], kind)
                if gained:
                    steps.append((team, gained * multiplier))
        for team in (0, 1):
            old_t, new_t = old.teams[team], new.teams[team]
            gained = (new_t.cards + new_t.last_trick + new_t.match) - (old_t.cards + old_t.last_trick + old_t.match)
            if gained:
                steps.append((team, gained * multiplier))
        return steps

    steps = count(first_trick)
    final = list(start)
    for team, points in steps:
        final[team] += points
    both_over = final[0] >= target and final[1] >= target
    if rules.end_mode is EndMode.CLAIM and not both_over:
        # Claim mode counts automatically only when both teams are over after trick 1.
        return None
    # Stöck still in hand count only in that count (both teams over after trick 1); otherwise
    # they are credited when their second card is played, in auto mode too.
    held = first_trick and both_over
    if first_trick and not held:
        steps = count(False)
    reached = _first_to_reach(start, steps, target)
    if reached is None:
        return None
    return _game_over(state, play, reached, GameEnd.TARGET_REACHED, held_stoeck=held)


def _end_round(state: State, play: CardPlay) -> State:
    score = _breakdown(state, play)
    setting = state.setting
    written = score.totals
    scores = (setting.scores[0] + written[0], setting.scores[1] + written[1])
    history = setting.history + (score,)
    rules = setting.rules
    phase, winning, end = Phase.GAME_OVER, None, None
    if rules.rounds is not None:
        if len(history) >= rules.rounds:
            end = GameEnd.ROUNDS_PLAYED
            winning = None if scores[0] == scores[1] else int(scores[1] > scores[0])
        else:
            phase = Phase.ROUND_OVER
    else:
        target = rules.target_score
        assert target is not None
        if scores[0] >= target or scores[1] >= target:
            # Seed 001: without an announcement, the team that took the last trick counts first.
            last_team = team_of(play.tricks[-1].winner)
            winning = last_team if scores[last_team] >= target else 1 - last_team
            end = GameEnd.TARGET_REACHED
        else:
            phase = Phase.ROUND_OVER
    s = setting
    return State(
        Setting(s.rules, s.seed, s.round_number, s.dealer, phase, s.dealt, scores, s.pushed, s.trump, s.declared,
                history, winning, end),
        play,
    )


def _announce(state: State) -> State:
    play = state.play
    assert play is not None
    seat = play.to_play
    if not _may_announce(state, play):
        if state.rules.target_score is None or state.rules.end_mode is not EndMode.CLAIM:
            why = "announcing is only part of a game to a target in claim mode (Rules.end_mode)"
        else:
            why = "only the player whose team has just won a trick may announce, before leading"
        raise IllegalMoveError(f"Announce(): {why}")
    assert seat is not None
    team = team_of(seat)
    target = state.rules.target_score
    assert target is not None
    reached = totals(state)[team] >= target
    winning = team if reached else 1 - team
    return _game_over(state, play, winning, GameEnd.CLAIM_CORRECT if reached else GameEnd.CLAIM_WRONG)


def _deal(state: State, move: Deal) -> State:
    number = state.round_number + 1
    if move.hands is None:
        hands = deal_cards(round_seed(state.seed, number))
    else:
        hands = _hands_from(move.hands)
    setting = Setting(
        rules=state.rules,
        seed=state.seed,
        round_number=number,
        dealer=(state.dealer + 1) % SEATS,
        phase=Phase.CHOOSE_TRUMP,
        dealt=hands,
        scores=state.scores,
        history=state.history,
    )
    return State(setting)


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know: its own hand, the trump, the tricks, declared Weis points,
    the shown Weis, credited Stöck and the scores; never another hand.

    >>> view = observe(new_game(seed=5), 2)
    >>> len(view.hand), view.hand_sizes
    (9, (9, 9, 9, 9))
    """
    if type(state) is not State:
        raise _not_a_state(state)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise JassError(f"seat={seat!r}: expected a seat 0..3")
    setting = state.setting
    play = state.play
    if play is not None and setting.phase is not Phase.CHOOSE_TRUMP:
        hand = play.hand(seat)
        hand_sizes = play.hand_sizes
        trick = play.trick
        leader: int | None = play.leader
        tricks = play.tricks
    else:
        hand, trick, leader, tricks = setting.dealt[seat], (), None, ()
        hand_sizes = tuple(len(dealt) for dealt in setting.dealt)
    auto = setting.rules.auto_declare
    # Every seat's Weis, as they count: public once the first trick is over.
    counted = _declarations(state) if play is not None and play.tricks else None
    declarations = counted if auto and counted is not None else setting.declared
    declared_points = tuple(None if d is None else sum(w.points for w in d) for d in declarations)
    shown: tuple[tuple[Weis, ...], ...] = ((),) * SEATS
    stoeck_team = None
    round_points = (0, 0)
    if play is not None and setting.trump is not None:
        score = score_round(state)
        teams = score.teams
        if counted is not None:
            # The team with the best Weis scores all of its Weis, so it is the one with Weis points.
            weis_team = 0 if teams[0].weis else 1 if teams[1].weis else None
            if weis_team is not None:
                shown = tuple(counted[s] if s % 2 == weis_team else () for s in range(SEATS))
        if teams[0].stoeck:
            stoeck_team = 0
        elif teams[1].stoeck:
            stoeck_team = 1
        if setting.phase is Phase.PLAY:
            round_points = score.totals
    acting = to_act(state)
    return Observation(
        seat=seat,
        rules=state.rules,
        phase=state.phase,
        round_number=state.round_number,
        dealer=state.dealer,
        to_act=acting,
        hand=hand,
        hand_sizes=hand_sizes,
        trump=state.trump,
        pushed=state.pushed,
        trick=trick,
        trick_leader=leader,
        tricks=tricks,
        declared_points=declared_points,
        own_weis=declarations[seat] if not auto else None,
        shown_weis=shown,
        stoeck_team=stoeck_team,
        scores=state.scores,
        round_points=round_points,
        history=state.history,
        winner=state.winner,
        end=state.end,
        legal_moves=legal_moves(state) if acting == seat else (),
    )


def card_zones(state: State) -> dict[str, CardSet]:
    """Where each of the 36 cards is: ``"hand 0"`` .. ``"hand 3"`` (the cards each seat holds;
    before trump is chosen, the hands as dealt), ``"trick"`` (the trick in progress) and
    ``"won 0"`` .. ``"won 3"`` (the cards of the tricks each seat has taken). The zones are
    disjoint and hold the 36 cards together; :mod:`jass.testing` checks it after every move.

    >>> zones = card_zones(new_game(seed=1))
    >>> [len(zones[name]) for name in ("hand 0", "hand 3", "trick", "won 0")]
    [9, 9, 0, 0]
    """
    if type(state) is not State:
        raise _not_a_state(state)
    play = state.play
    if play is None or state.phase is Phase.CHOOSE_TRUMP:
        zones = {f"hand {seat}": hand for seat, hand in enumerate(state.dealt)}
        zones["trick"] = CardSet()
        zones.update((f"won {seat}", CardSet()) for seat in range(SEATS))
        return zones
    return play.zones()
