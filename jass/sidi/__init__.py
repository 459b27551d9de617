"""Sidi Barrani: the partnership game of the auction, where a team bids the card points it will
take and the mode it plays in.

jassverzeichnis.ch, «Sidi Barrani – Eine Anleitung»: "Der Sidi Barrani wird zu viert gespielt.
Jeder Spieler erhält neun Jasskarten. Die Partner sitzen wie beim Schieber-Jass über das Kreuz am
Tisch gegenüber." (*Four play; each is dealt nine cards; partners sit opposite as in Schieber.*)

Seats 0 and 2 play against seats 1 and 3. Instead of Vorhand naming trump, an **auction**
(:func:`auction_result`) goes round the table from Vorhand: each seat bids (:class:`Bid`: a
number of card points, 40 to 150 in tens or 157 «Sidi», higher than the last bid, and a mode),
passes (:class:`Pass`) or, as an opponent of the last bidder, doubles (:class:`Double`). Three
passes after a bid end it (a double, by default, at once); the last bid is the contract, and its
bidder leads the first trick. Card play, Weis and Stöck are Schieber's (:mod:`jass.teams`); every
mode counts single and a match counts 157. A team that makes its target (its card points
reach the bid) writes the target and its card points, the other team its card points; a team that
misses it writes its card points, and the other team the target and theirs. A doubled contract
writes the target twice. The first team to 1500 wins.

>>> from jass import sidi, Trump
>>> state = sidi.new_game(sidi.Rules(first_dealer=3), seed=5)
>>> sidi.to_act(state)                                  # Vorhand opens the auction
0
>>> for call in (sidi.Bid(80, Trump.ROSEN), sidi.Pass(), sidi.Bid(100, "obenabe"), sidi.Pass(), sidi.Pass()):
...     state = sidi.apply(state, call)
>>> state.phase, sidi.to_act(state)                     # seat 1 may still bid, double or pass
(Phase.AUCTION, 1)
>>> state = sidi.apply(state, sidi.Pass())
>>> state.phase, state.contract.bidder, state.play.leader   # the bidder leads
(Phase.PLAY, 2, 2)

The package's files, one concern each (the same in every variant): ``rules`` (:class:`Rules`),
``moves``, ``auction`` (what only this game has: the auction's calls, its end, the contract),
``state`` (:class:`Setting`, :class:`State`, :class:`Observation`, the scores), ``score`` (the
one scoring function), ``dealing``, ``game`` (:func:`legal_moves`, :func:`apply`...), ``view``
(:func:`observe`), then what the layers above read: ``notation``, ``loading``, ``text``, ``ai``,
``encoding``, ``checks``. This file registers the variant (:data:`VARIANT`) in
:mod:`jass.variant`.
"""

from typing import Final

from jass.play import PlayCard
from jass.sidi.ai import *  # noqa: F403
from jass.sidi.ai import AI
from jass.sidi.auction import *  # noqa: F403
from jass.sidi.checks import CHECKS
from jass.sidi.dealing import *  # noqa: F403
from jass.sidi.encoding import ENCODING
from jass.sidi.game import *  # noqa: F403
from jass.sidi.loading import *  # noqa: F403
from jass.sidi.loading import LOADING
from jass.sidi.moves import *  # noqa: F403
from jass.sidi.notation import *  # noqa: F403
from jass.sidi.notation import NOTATION, RECORDS
from jass.sidi.rules import *  # noqa: F403
from jass.sidi.score import *  # noqa: F403
from jass.sidi.state import *  # noqa: F403
from jass.sidi.text import TEXT
from jass.sidi.view import *  # noqa: F403
from jass.teams import SEATS, StoeckMode, team_of
from jass.variant import Variant, register

__all__ = [
    "SEATS",
    "BID_STEP",
    "SIDI",
    "LOWEST_BIDS",
    "MAX_TARGET_SCORE",
    "Phase",
    "Rules",
    "StoeckMode",
    "Bid",
    "Pass",
    "Double",
    "DeclareWeis",
    "PlayCard",
    "Deal",
    "Move",
    "Call",
    "Contract",
    "TeamScore",
    "RoundScore",
    "Setting",
    "State",
    "Observation",
    "team_of",
    "auction_result",
    "auction_calls",
    "calling_seat",
    "contract_made",
    "game_winner",
    "new_game",
    "legal_moves",
    "apply",
    "apply_trusted",
    "to_act",
    "is_over",
    "winner",
    "score_round",
    "standings",
    "observe",
    "card_zones",
    "hand_sampler",
    "sample_hands",
    "determinize",
    "round_values",
    "hand_bid",
    "format_move",
    "parse_move",
    "check_loaded",
    "check_observation",
    "VARIANT",
]

#: Sidi Barrani, described for the registry (:mod:`jass.variant`).
VARIANT: Final = register(
    Variant(
        name="sidi",
        title="Sidi Barrani",
        aliases=("sidi barrani", "sidi-barrani", "sidi_barrani", "sidibarrani"),
        seats=SEATS,
        teams=((0, 2), (1, 3)),
        rules_type=Rules,
        state_type=State,
        move_types=(Bid, Pass, Double, DeclareWeis, PlayCard, Deal),
        observation_type=Observation,
        presets={"jassverzeichnis": Rules.jassverzeichnis, "to_2000": Rules.to_2000, "earthli": Rules.earthli,
                 "jassguru": Rules.jassguru},
        new_game=new_game,
        legal_moves=legal_moves,
        apply=apply,
        apply_trusted=apply_trusted,
        to_act=to_act,
        is_over=is_over,
        winner=winner,
        score_round=score_round,
        observe=observe,
        card_zones=card_zones,
        standings=standings,
        standing_name="team points",
        notation=NOTATION,
        records=RECORDS,
        loading=LOADING,
        text=TEXT,
        ai=AI,
        encoding=ENCODING,
        checks=CHECKS,
        module=__name__,
    )
)
