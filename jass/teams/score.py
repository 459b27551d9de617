"""A round per team, the one place it is added up for every partnership game: the card points,
the last trick's 5, the match, the Weis (the team with the best Weis scores all of its own) and
the Stöck; the multiplier is the variant's.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

import attrs

from jass._base import int_in, one_of
from jass._kernel import HAND_BITS
from jass.cards import CardSet, card_set_of
from jass.errors import InvalidStateError
from jass.play import CardPlay, Trick
from jass.teams.rules import TRICKS, StoeckMode, team_of
from jass.teams.state import Declared
from jass.trump import LAST_TRICK_BONUS, Trump
from jass.weis import STOECK_POINTS, Weis, WeisRules, best_weis, detect_weis, may_hold_weis, stoeck_cards

__all__ = [
    "TeamScore",
    "check_round_teams",
    "counted_weis",
    "team_weis",
    "STOECK_BITS",
    "stoeck_holder",
    "stoeck_team",
    "team_tricks",
    "team_scores",
    "team_parts",
]


@attrs.frozen
class TeamScore:
    """One team's points in one round, before and after the multiplier (the base of each
    partnership variant's own ``TeamScore``)."""

    cards: int = attrs.field(validator=int_in(0, 1000, error=InvalidStateError))
    last_trick: int = attrs.field(validator=one_of(0, LAST_TRICK_BONUS, error=InvalidStateError))
    match: int = attrs.field(validator=int_in(0, 10_000, error=InvalidStateError))
    weis: int = attrs.field(validator=int_in(0, 1_000_000, error=InvalidStateError))
    stoeck: int = attrs.field(validator=one_of(0, STOECK_POINTS, error=InvalidStateError))
    multiplier: int = attrs.field(validator=int_in(1, 100, error=InvalidStateError))

    @property
    def points(self) -> int:
        """Points before the multiplier."""
        return self.cards + self.last_trick + self.match + self.weis + self.stoeck

    @property
    def total(self) -> int:
        """Points written: everything times the multiplier."""
        return (self.cards + self.last_trick + self.match + self.weis + self.stoeck) * self.multiplier


def check_round_teams(
    teams: tuple[TeamScore, TeamScore], mode: Any, *, factor: str, cards_in_all: int | None
) -> None:
    """Refuse both teams' scores of one round when no round gives them (Stöck outside a trump
    suit or for both teams, Weis or the last trick for both, different factors, or card points
    beyond ``cards_in_all`` when the mode fixes them), with an
    :class:`~jass.errors.InvalidStateError`
    naming the field ``teams``. ``factor`` names the multiplier in the variant's words.

    >>> check_round_teams((TeamScore(80, 5, 0, 0, 0, 1), TeamScore(72, 5, 0, 0, 0, 1)), Trump.OBENABE,
    ...                   factor="the round's multiplier", cards_in_all=152)
    Traceback (most recent call last):
    jass.errors.InvalidStateError: teams=(TeamScore(cards=80, ...: only one team takes the last trick
    """
    first, second = teams
    problem = None
    if (first.stoeck or second.stoeck) and not mode.is_suit:
        problem = f"there is no Stöck in {mode}"
    elif first.stoeck and second.stoeck:
        problem = "only one team can hold the Stöck"
    elif first.weis and second.weis:
        problem = "only the team with the best Weis scores Weis"
    elif first.multiplier != second.multiplier:
        problem = f"both teams have {factor}"
    elif cards_in_all is not None and first.cards + second.cards > cards_in_all:
        problem = f"the cards of a round are worth {cards_in_all} points in all"
    elif first.last_trick and second.last_trick:
        problem = "only one team takes the last trick"
    if problem is not None:
        error = InvalidStateError(f"teams={teams!r:.60}: {problem}")
        error.field = "teams"  # type: ignore[attr-defined]
        raise error


def counted_weis(
    dealt: Sequence[CardSet], declared: Declared, rules: WeisRules | None, auto: bool
) -> tuple[tuple[Weis, ...], ...]:
    """Every seat's Weis as they count: those declared, or with ``auto`` (``auto_declare``)
    every Weis of the hand as dealt; none in a game without Weis (``rules`` ``None``)."""
    if rules is None:
        return ((),) * len(dealt)
    if auto:
        return tuple(detect_weis(hand, rules) if may_hold_weis(hand.bits) else () for hand in dealt)
    return tuple(w or () for w in declared)


@functools.lru_cache(maxsize=1024)
def team_weis(
    hands: tuple[int, ...], declared: Declared, rules: WeisRules, auto: bool, vorhand: int, trump: Trump
) -> tuple[int, int]:
    """Each team's Weis points: the team holding the single best Weis (:func:`~jass.weis.best_weis`,
    ties to the seat nearest ``vorhand``) scores all the Weis of both its players, the other team
    none. ``hands`` are the hands as dealt (bits), ``declared`` each seat's declaration (with
    ``auto`` every Weis counts instead). Cached by the hands' bits: a round's score is asked after
    every trick, and a search plays many rollouts of one deal."""
    if auto:
        declarations = tuple(detect_weis(card_set_of(bits), rules) if may_hold_weis(bits) else () for bits in hands)
    else:
        declarations = tuple(w or () for w in declared)
    if not any(declarations):
        return (0, 0)  # nobody has a Weis: most rounds
    seat = best_weis(declarations, trump, vorhand, rules.equal_weis_tiebreak, rules.undenufe_order)
    points = [0, 0]
    if seat is not None:
        team = team_of(seat)
        points[team] = sum(w.points for partner in (team, team + 2) for w in declarations[partner])
    return (points[0], points[1])


#: The bits of the trump King and Queen of each mode (none in Obenabe and Undenufe).
STOECK_BITS: Final = tuple(stoeck_cards(trump).bits for trump in Trump)


def stoeck_holder(dealt: Sequence[CardSet], trump: Trump) -> int | None:
    """The seat dealt both the trump King and Queen, if any."""
    stoeck = STOECK_BITS[trump]
    if stoeck:
        for seat, hand in enumerate(dealt):
            if hand.bits & stoeck == stoeck:
                return seat
    return None


def stoeck_team(mode: StoeckMode, dealt: Sequence[CardSet], trump: Trump, play: CardPlay | None, *,
                held: bool = False) -> int | None:
    """The team credited with the Stöck so far in ``play`` (``None``: a round played to its
    end, as a rollout plays it): ``IMMEDIATE`` once the holder has played the second of the two
    cards (or, with ``held``, as soon as they are held: the count "Stöck, Weis, Stich" when both
    teams reach the target in trick 1), ``ROUND_END`` once every card is played, ``OFF`` never."""
    if mode is StoeckMode.OFF:
        return None
    holder = stoeck_holder(dealt, trump)
    if holder is None:
        return None
    if play is None:
        return team_of(holder)
    if mode is StoeckMode.ROUND_END:
        return None if play.legal_bits else team_of(holder)
    if held or not play.hand_bits >> HAND_BITS * holder & STOECK_BITS[trump]:
        return team_of(holder)
    return None


def team_tricks(tricks: Sequence[Trick]) -> tuple[list[int], list[int]]:
    """The card points and the number of tricks each team has taken in ``tricks``."""
    cards = [0, 0]
    won = [0, 0]
    for trick in tricks:
        team = trick.winner & 1
        cards[team] += trick.points
        won[team] += 1
    return cards, won


S = TypeVar("S", bound=TeamScore)
#: One team's points of a round before the multiplier: (cards, last trick, match, Weis, Stöck).
Parts = tuple[int, int, int, int, int]


def team_scores(
    build: Callable[..., S], cards: Sequence[int], won: Sequence[int], last: int | None, match_bonus: int,
    weis: Sequence[int], stoeck: int | None, multiplier: int,
) -> tuple[S, S]:
    """Both teams' scores (built with ``build``, the variant's ``TeamScore`` or a fast builder of
    it) from :func:`team_parts`, everything times ``multiplier``."""
    first, second = team_parts(cards, won, last, match_bonus, weis, stoeck)
    return (build(*first, multiplier), build(*second, multiplier))


def team_parts(
    cards: Sequence[int], won: Sequence[int], last: int | None, match_bonus: int, weis: Sequence[int],
    stoeck: int | None,
) -> tuple[Parts, Parts]:
    """The one rule of a round's points per team, as numbers (a hot path reads them without
    building a score): ``cards`` and ``won`` (tricks) per team, ``last`` the team of the last
    trick once every card is played (it scores 5, and a team with all nine tricks the
    ``match_bonus``: tricks, not points), ``weis`` per team, ``stoeck`` the team credited with
    the Stöck.

    >>> team_parts([100, 57], [6, 3], 0, 100, [50, 0], 1)
    ((100, 5, 0, 50, 0), (57, 0, 0, 0, 20))
    """
    last_trick = [0, 0]
    match = [0, 0]
    if last is not None:
        last_trick[last] = LAST_TRICK_BONUS
        for team in (0, 1):
            if won[team] == TRICKS:
                match[team] = match_bonus
    stoeck_points = [0, 0]
    if stoeck is not None:
        stoeck_points[stoeck] = STOECK_POINTS
    return (
        (cards[0], last_trick[0], match[0], weis[0], stoeck_points[0]),
        (cards[1], last_trick[1], match[1], weis[1], stoeck_points[1]),
    )
