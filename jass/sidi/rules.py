"""Sidi Barrani's rules: :class:`Rules` (every option, its default and its source), its presets,
and the bids the auction allows.
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from jass._base import NotSupported, instance_of, int_in, one_of
from jass.teams.rules import SEATS, StoeckMode
from jass.tricks import PlayRules
from jass.variant.state import MAX_ROUNDS
from jass.weis import WeisRules

__all__ = ["BID_STEP", "SIDI", "LOWEST_BIDS", "MAX_TARGET_SCORE", "Rules"]

#: Bids go up in tens (earthli: «in increments of 10»; jass-entials' bids 40, 50, ... 150).
BID_STEP: Final = 10
#: The highest bid, every card point of a round: «Sidi» (earthli: «to 'Sidi' (or all of the cards)»).
SIDI: Final = 157
#: The lowest bids the rules take: 40 (earthli, jass-entials) up to 150, in tens.
LOWEST_BIDS: Final = tuple(range(40, 151, BID_STEP))
#: The highest ``target_score``: a deal that is played writes 197 points at least (157 card points
#: and a bid of 40), so the leading team reaches it within :data:`~jass.variant.MAX_ROUNDS` deals
#: played (deals nobody bids on write nothing: the round limit ends such a game, drawn).
MAX_TARGET_SCORE: Final = MAX_ROUNDS * 197 // 2
#: The range of a written score (a deal writes at most 2 x 157 + 157 and the Weis of two hands).
MAX_SCORE: Final = 10**9


@attrs.frozen(cache_hash=True)  # a cache key of the Weis points
class Rules:
    """Every Sidi Barrani option (:doc:`/rules/sidi`); the defaults are jassverzeichnis.ch's
    «Sidi Barrani – Eine Anleitung» where it speaks, pagat's and earthli's Jass manual for the
    auction, and the library's general rules (Weis, Stöck, card play) where they are silent.

    >>> Rules().bids()[:3], Rules().bids()[-2:]
    ((40, 50, 60), (150, 157))
    >>> Rules(lowest_bid=90).bids()[0]
    90
    >>> Rules(lowest_bid=45)
    Traceback (most recent call last):
    jass.errors.InvalidRulesError: lowest_bid=45: expected one of 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150
    """

    #: Where the sources disagree and the library keeps one rule without an option.
    DISAGREEMENTS: ClassVar[tuple[str, ...]] = (
        "**Who leads the first trick**: the final bidder (jass-entials: ``gameStartingPlayerId(...) = "
        "winningBet.playerId``; Ottersberg's app: ``self.starting_player = player``); the web sources read "
        "(jassverzeichnis.ch, earthli, the part of pagat that could be read) do not say. The library follows "
        "the apps.",
        "**A deal nobody bids on**: no source settles it (jass-entials refuses to start: «Cannot start game "
        "without bets», with a note to restart the auction). The library writes nothing for the deal and the "
        "next dealer deals, the least the table can do.",
        "**A bid in another mode**: any player may outbid any other, the partner included (earthli: «If "
        "partners bid on the same thing, they can then bid higher»), and every bid names more points than "
        "the last (jass-entials: every bid must be higher); no source says whether a new mode alone would do. "
        "The library asks more points for every bid.",
    )

    #: The Sidi Barrani rules of the sources that the library cannot play yet.
    NOT_SUPPORTED: ClassVar[tuple[NotSupported, ...]] = (
        NotSupported(
            "The 48-card form for up to six (Bettwil; jasswiki.ch's «Bolschewik»)",
            "Aargauer Zeitung: «Gespielt wird Sidi Barrani mit einem Doppelkart vom Nell bis Ass, also mit 48 "
            "Karten [...] weil da problemlos sechs Leute mitspielen könnten»; jasswiki.ch: «Der Bolschewik ist "
            "ähnlich wie der Sidi-Barrani [...], wird jedoch mit einem Doppelkart (2 Kartenspiele) gespielt». No "
            "source gives the hand size, the Weis with two equal cards, or who wins a trick of two equal cards.",
            "double_pack",
        ),
        NotSupported(
            "Slalom bids",
            "Ottersberg's jass-app (``valid_trump = [..., 'slalom_obe', 'slalom_unde']``); the web sources name "
            "the four suits, Obenabe and Undenufe only.",
            "slalom_bids",
        ),
        NotSupported(
            "Redoubling («kontern»)",
            "jassguru (jasswiki.ch): «Gedoppelte Ansagen können gekontert werden»; no source says when it may be "
            "said, nor what it multiplies.",
            "redouble",
        ),
        NotSupported(
            "Raising one's own bid after three passes",
            "earthli: «If 3 players do so, then the remaining player has won the bid [...] This player may also "
            "change the bid at this point, but then bidding continues until 3 players pass.» The library ends "
            "the auction with the third pass.",
            "raise_own_bid",
        ),
        NotSupported(
            "A bid of a match (257)",
            "jass-entials' bids end with ``MATCH(257)``; a match counts 157 (jassverzeichnis.ch: «Ein Match "
            "ergibt 157 Punkte»), so no deal reaches 257 card points.",
            "match_bid",
        ),
        NotSupported(
            "Bidding conventions (even tens show the Under, odd tens the Nell)",
            "earthli: «An even suit trump bid indicates the player has the Jack and 2 other cards»; jassguru: "
            "«Ansageregeln (nicht verbindlich)». Table talk, not rules: a bid is a number and a mode.",
            "conventions",
        ),
        NotSupported(
            "Going out during a deal («bedanken»)",
            "no Sidi Barrani source speaks of it; the written points of a deal are known only once it is "
            "over (the target goes to one team or the other), so the library counts at the end of each deal.",
            "claim",
        ),
    )

    #: The first team to this many points wins, counted at the end of a deal; more points win
    #: when both teams reach it in one deal (no source says; equal points play another deal).
    #: Source: jassverzeichnis.ch («Eine Partie geht auf 1’500 oder 2’000 Punkte»).
    #: Disagreement: **The target**: 1500 or 2000 (jassverzeichnis.ch: «Eine Partie geht auf 1’500
    #: oder 2’000 Punkte»; 1500 the default, 2000 the preset ``to_2000``); Ottersberg's app plays
    #: to 1000 (its ``final_score`` is 1000): ``target_score=1000``.
    target_score: int = attrs.field(default=1500, validator=int_in(1, MAX_TARGET_SCORE))
    #: The lowest bid; bids then go up in tens to 150, and last 157 («Sidi»).
    #: Source: earthli («Bidding starts at 40 points and goes up, in increments of 10 to 'Sidi'»);
    #: jass-entials' bids run from 40 to 150 in tens, then 157.
    #: Disagreement: **The lowest bid**: 40 (earthli, jass-entials; the default); 90 (jassguru:
    #: «Das Mindestgebot beginnt bei 90 Punkten», though the same entry reads bids of 50 to 80 as
    #: signals): ``lowest_bid=90``.
    lowest_bid: int = attrs.field(default=40, validator=one_of(*LOWEST_BIDS))
    #: A double ends the auction: the doubled contract is played. Off: the auction goes on, a new
    #: bid voids the double, and three passes after the last bid or double end it.
    #: Source: pagat («A double immediately ends the auction and the doubled contract has to be
    #: played»).
    #: Disagreement: **What a double does to the auction**: it ends it (pagat; the default); it does
    #: not, and a new bid voids it (earthli: «If any player bids again, the Bookel is voided and
    #: bidding continues until 3 players pass»; earthli does not say whether the three passes count
    #: from the double, the library counts them so): ``double_ends_auction=False``.
    double_ends_auction: bool = attrs.field(default=True, validator=instance_of(bool))
    #: The declaring team's Weis and Stöck are written also when it misses its target.
    #: Source: none (no source settles it); the default keeps the general Weis rules, under
    #: which the best Weis count whatever the cards make (jassverzeichnis.ch: «Es gelten die
    #: allgemeinen Weisregeln»).
    #: Disagreement: **The Weis of a missed contract**: written as always (the general Weis rules;
    #: the default); no source settles it, and a table that lets a missed contract lose its Weis
    #: and Stöck too plays ``missed_keeps_weis=False``.
    missed_keeps_weis: bool = attrs.field(default=True, validator=instance_of(bool))
    #: The Weis options; ``None``: a game without Weis.
    #: Source: jassverzeichnis.ch («Es gelten die allgemeinen Weisregeln. Die Weispunkte werden
    #: beim Bieten [...] nicht miteinkalkuliert»): Weis count, but not towards the target.
    weis: WeisRules | None = attrs.field(factory=WeisRules, validator=instance_of(WeisRules, optional=True))
    #: When Stöck (20) are credited: ``IMMEDIATE`` (the second card played), ``ROUND_END``, ``OFF``;
    #: never towards the target (no source says; as the Weis).
    #: Source: pagat's section «Weis and Stöck» (its text could not be read); as Schieber.
    stoeck: StoeckMode = attrs.field(default=StoeckMode.IMMEDIATE, validator=instance_of(StoeckMode))
    #: Every Weis of every hand counts without declaring (for simulation).
    #: Source: none, an engine setting.
    auto_declare: bool = attrs.field(default=False, validator=instance_of(bool))
    #: The card-play options (Bauer exception, undertrumping forbidden unless only trumps).
    #: Source: jassverzeichnis.ch («Wer diesen Jass spielen will, sollte den Schieber-Jass gut
    #: beherrschen»), pagat («It is based on the well-known game Schieber Jass»): Schieber's play.
    play: PlayRules = attrs.field(factory=PlayRules, validator=instance_of(PlayRules))
    #: The first round's dealer; ``None`` draws it from the game's seed.
    #: Source: none, an engine setting: the sources do not say who deals first.
    first_dealer: int | None = attrs.field(default=None, validator=int_in(0, SEATS - 1, optional=True))

    def bids(self) -> tuple[int, ...]:
        """The bids the auction allows, lowest first: ``lowest_bid`` to 150 in tens, then 157."""
        return (*range(self.lowest_bid, 151, BID_STEP), SIDI)

    @classmethod
    def jassverzeichnis(cls) -> Rules:
        """The defaults: jassverzeichnis.ch's game to 1500, bids from 40, a double ends the auction."""
        return cls()

    @classmethod
    def to_2000(cls) -> Rules:
        """jassverzeichnis.ch's longer game, to 2000."""
        return cls(target_score=2000)

    @classmethod
    def earthli(cls) -> Rules:
        """earthli's auction: a new bid voids a double, and the auction goes on."""
        return cls(double_ends_auction=False)

    @classmethod
    def jassguru(cls) -> Rules:
        """jassguru's lowest bid, 90."""
        return cls(lowest_bid=90)
