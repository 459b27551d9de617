"""Zweierjass's rules: :class:`Rules` (every option, its default and its source), the mode the
stack's bottom card fixes, and the limits that keep every game savable.
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from jass._base import NamedEnum, NotSupported, instance_of, int_in
from jass.cards import Card, Rank
from jass.tricks import PlayRules
from jass.trump import PerTrickMode, RoundMode, Trump

__all__ = ["SEATS", "HAND_SIZE", "STACK_SIZE", "DRAWING_TRICKS", "ROUND_TRICKS", "MAX_TARGET_POINTS", "SlalomStart",
           "SlalomPoints", "Rules", "mode_of"]


#: The number of players.
SEATS: Final = 2
#: The cards each player is dealt.
HAND_SIZE: Final = 9
#: The face-down stack: the 18 cards not dealt.
STACK_SIZE: Final = 18
#: The tricks after which both players draw: the stack is empty after them.
DRAWING_TRICKS: Final = STACK_SIZE // SEATS
#: The tricks of a round: all 36 cards are played.
ROUND_TRICKS: Final = 36 // SEATS
TITLE: Final = "Zweierjass"
#: The highest ``target_points``: 10,000 points are some 64 rounds, far within the round limit.
MAX_TARGET_POINTS: Final = 10_000
#: The range of a game score (a round gives at most 257 points, a game MAX_ROUNDS rounds).
MAX_SCORE: Final = 10**7


class SlalomStart(NamedEnum):
    """The mode of a Slalom's first trick."""

    #: Obenabe first, as the jass-app plays («decide_which_slalom», «'slalom_obe'»).
    OBENABE = "obenabe"
    #: Undenufe first («'slalom_unde'», which the app lists but never plays).
    UNDENUFE = "undenufe"


class SlalomPoints(NamedEnum):
    """How the tricks of a Slalom are counted."""

    #: Each trick with the card values of its own mode (Undenufe: the 6 11, the Ace 0), as the
    #: library counts every Slalom (Swisslos' Coiffeur).
    PER_TRICK = "per_trick"
    #: Every trick with the card values of the Slalom's first direction, as the jass-app counts
    #: («if trump == 'obe' or trump == 'slalom_obe': points_dict = points_dict_obe»).
    FIRST_DIRECTION = "first_direction"


@attrs.frozen(cache_hash=True)
class Rules:
    """The options of Zweierjass; the defaults are those of rafael-ottersberg's jass-app, the
    only source of the game (:doc:`/rules/zweierjass`), but for a Slalom's points, counted trick
    by trick as the library counts every Slalom (``Rules.app()`` counts them as the app does).

    >>> Rules().target_points, Rules().slalom_start
    (1000, SlalomStart.OBENABE)
    >>> Rules(target_points=0)
    Traceback (most recent call last):
    jass.errors.InvalidRulesError: target_points=0: expected an int 1..10000
    """

    #: Where the sources of two-player games with a stack differ and the library keeps one rule.
    DISAGREEMENTS: ClassVar[tuple[str, ...]] = (
        "**Who draws after a trick**: both players, the trick's winner first (the jass-app: «for i in "
        "range(number_of_players): index = (winning_player_idx + i) % number_of_players»: the default and "
        "the only rule); only the winner (Schnüffler, jasswiki.ch: «Nach jedem Stich nimmt der Stichgewinner "
        "die oberste Stockkarte»), another game with another deal.",
    )
    #: The rules of Zweierjass in the source that the library cannot play yet.
    NOT_SUPPORTED: ClassVar[tuple[NotSupported, ...]] = (
        NotSupported(
            "Weis and Stöck in Zweierjass",
            "the jass-app has no Weis or Stöck in its Zweierjass round, only a free bonus field a player fills "
            "in after the round (``src/Table.js``: «if ((props.mode === \"sidi\") || (props.mode === \"zweier\")) "
            "{ bonus = true; }»). No source says when a Weis may be declared from a hand that changes with "
            "every draw; the library plays without them.",
            "weis",
        ),
        NotSupported(
            "A match bonus",
            "the jass-app has none; no source says whether taking all 18 tricks earns one.",
            "match_bonus",
        ),
    )

    #: The first player to this game score or more wins, at the end of a round.
    #: Source: the jass-app (``class Game: def __init__(self, ..., final_score=1000)``).
    #: No source says who wins when both reach it in one round: the library gives it to the
    #: higher score and plays on while the scores are equal.
    target_points: int = attrs.field(default=1000, validator=int_in(1, MAX_TARGET_POINTS))
    #: The mode of the first trick of a Slalom (a Banner, the 10, at the bottom of the stack);
    #: the tricks then alternate.
    #: Source: the jass-app (``decide_which_slalom``, its argument «'slalom_obe'» by default, called with no
    #: argument: always Slalom starting Obenabe). No source says who would choose the direction
    #: (the app's choice is a stub): an option of the table, not a move.
    slalom_start: SlalomStart = attrs.field(default=SlalomStart.OBENABE, validator=instance_of(SlalomStart))
    #: How a Slalom's tricks are counted: each in its own mode, or all with the values of the
    #: Slalom's first direction.
    #: Source: the jass-app (``Stiche.count``: «if trump == 'obe' or trump == 'slalom_obe':
    #: points_dict = points_dict_obe», every trick of the round alike); Swisslos' Coiffeur
    #: («abwechslungsweise ein Stich Obenabe und dann ein Stich Undenufe») and the library count
    #: each trick in its own mode.
    #: Disagreement: **A Slalom's points**: each trick in its own mode (the library's Slalom,
    #: as in Coiffeur: the default); every trick in the first direction's values (the jass-app,
    #: ``Rules.app()``): ``slalom_points=SlalomPoints.FIRST_DIRECTION``.
    slalom_points: SlalomPoints = attrs.field(default=SlalomPoints.PER_TRICK, validator=instance_of(SlalomPoints))
    #: A player whose only trump is the Under need not play it to a trump lead.
    #: Source: the jass-app (``check_card_allowed``: «You don't play trump because you don't
    #: have any except trump J»).
    bauer_exception: bool = attrs.field(default=True, validator=instance_of(bool))
    #: The first dealer, 0 or 1 (the other player leads the first round); ``None``: drawn from
    #: the game's seed. Source: none, an engine setting (the app starts with its first player).
    first_dealer: int | None = attrs.field(default=None, validator=int_in(0, 1, optional=True))

    @classmethod
    def app(cls) -> Rules:
        """rafael-ottersberg's jass-app as it counts: a Slalom's tricks in its first direction."""
        return cls(slalom_points=SlalomPoints.FIRST_DIRECTION)

    @classmethod
    def per_trick(cls) -> Rules:
        """The defaults: a Slalom's tricks each in its own mode."""
        return cls()

    @property
    def play_rules(self) -> PlayRules:
        """The card-play options (undertrumping cannot arise with two players)."""
        return _PLAY_RULES[self.bauer_exception]


_PLAY_RULES: Final = {True: PlayRules(bauer_exception=True), False: PlayRules(bauer_exception=False)}


def mode_of(bottom: Card, rules: Rules) -> RoundMode:
    """The mode the stack's bottom card fixes: a 6 Undenufe, a Banner (10) Slalom, an Ace
    Obenabe, any other card its suit as trump (the jass-app's ``make_trump``).

    >>> [str(mode_of(Card.parse(code), Rules())) for code in ("H6", "H10", "HA", "HJ")]
    ['Undenufe', 'Slalom Obenabe', 'Obenabe', 'Schilten']
    """
    rank = bottom.rank
    if rank == Rank.SIX:
        return Trump.UNDENUFE
    if rank == Rank.TEN:
        obenabe = rules.slalom_start is SlalomStart.OBENABE
        return PerTrickMode.SLALOM_OBENABE if obenabe else PerTrickMode.SLALOM_UNDENUFE
    if rank == Rank.ACE:
        return Trump.OBENABE
    return Trump(bottom.suit.value)
