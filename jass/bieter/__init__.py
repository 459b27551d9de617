"""Bieter (also Steiger, Büter), Jass for three with an auction (the rules: :doc:`/rules/bieter`).

A game is one Partie, as jassverzeichnis.ch («Bieterjass: Wie der Jass für drei Personen geht»),
jassonkel.ch («Der Steiger, Bieter oder Büter») and jasswiki.ch tell it:

1. **The deal.** «Jeder Spieler erhält 10 Karten. Drei Karten werden verdeckt und drei offen auf
   den Tisch gelegt.»
2. **The auction.** «Der Spieler rechts vom Kartengeber beginnt mit dem Bieten [...] Das Bieten
   geht so lange, bis zwei Spieler ausgestiegen sind»: :class:`Bid` or :class:`Pass` («fort»).
3. **The King.** «Der Meistbietende muss diese Punktzahl erreichen und spielt allein. Seine
   Gegenspieler bilden ein Team (auch als «Bauernpartei» bezeichnet) und müssen 1’000
   Jasspunkte erreichen. Wer zuerst sein Ziel erreicht, hat gewonnen.» He takes the six table
   cards and lays six away (:class:`Discard`), and names the first game's mode (:class:`Announce`).
4. **Later games.** 12 cards each; «Beim zweiten Spiel gilt die unterste Karte als Trumpffarbe»;
   the King plays (:class:`PlayGame`) or concedes (:class:`Concede`: the Bauernpartei write a match).

>>> from jass import bieter
>>> state = bieter.new_game(bieter.Rules(first_dealer=2), seed=7)
>>> state.phase, bieter.to_act(state)          # Vorhand (seat 0) bids first
(Phase.AUCTION, 0)
>>> state = bieter.apply(state, bieter.Bid(600))
>>> bieter.to_act(state), state.calls
(1, (600,))

Seats are 0, 1 and 2; play goes to seat + 1. The package's files, one concern each (the same in
every variant): ``rules``, ``moves``, ``state``, ``score`` (the one scoring function: the sides'
points, the match, the Stöck, Hindersi, a concession; the goals and Schneider), ``dealing``
(the auction's deal and the later games'), ``auction`` (who calls, what he may bid, when it is
over), ``game``, ``view``, then what the layers above read: ``notation``, ``loading``, ``text``,
``ai``, ``encoding``, ``checks``. This file registers the variant (:data:`VARIANT`) in
:mod:`jass.variant`.
"""

from typing import Final

from jass.bieter.ai import *  # noqa: F403
from jass.bieter.ai import AI
from jass.bieter.auction import *  # noqa: F403
from jass.bieter.checks import CHECKS
from jass.bieter.dealing import *  # noqa: F403
from jass.bieter.encoding import ENCODING
from jass.bieter.game import *  # noqa: F403
from jass.bieter.loading import *  # noqa: F403
from jass.bieter.loading import LOADING
from jass.bieter.moves import *  # noqa: F403
from jass.bieter.notation import *  # noqa: F403
from jass.bieter.notation import NOTATION, RECORDS
from jass.bieter.rules import *  # noqa: F403
from jass.bieter.rules import TITLE
from jass.bieter.score import *  # noqa: F403
from jass.bieter.state import *  # noqa: F403
from jass.bieter.text import TEXT
from jass.bieter.view import *  # noqa: F403
from jass.play import PlayCard
from jass.variant import Variant, register

__all__ = [
    "SEATS",
    "MAX_BID",
    "MATCH_POINTS",
    "Phase",
    "RoundKind",
    "Rules",
    "GameMode",
    "Bid",
    "Pass",
    "Discard",
    "Announce",
    "PlayGame",
    "Concede",
    "PlayCard",
    "Deal",
    "Move",
    "RoundScore",
    "Setting",
    "State",
    "Observation",
    "AuctionStatus",
    "auction_status",
    "new_game",
    "legal_moves",
    "apply",
    "apply_trusted",
    "to_act",
    "is_over",
    "winner",
    "winning_seats",
    "score_round",
    "schneider",
    "observe",
    "card_zones",
    "HiddenCards",
    "hand_sampler",
    "sample_hidden",
    "determinize",
    "round_values",
    "standings",
    "format_move",
    "parse_move",
    "check_loaded",
    "check_observation",
    "VARIANT",
]

#: Bieter for three, described for the registry (:mod:`jass.variant`).
VARIANT: Final = register(
    Variant(
        name="bieter",
        title=TITLE,
        aliases=("steiger", "büter", "bieterjass"),
        seats=SEATS,
        teams=((0,), (1,), (2,)),
        rules_type=Rules,
        state_type=State,
        move_types=(Bid, Pass, Discard, Announce, PlayGame, Concede, PlayCard, Deal),
        observation_type=Observation,
        presets={"reglement": Rules.reglement, "luzern": Rules.luzern, "jassonkel": Rules.jassonkel},
        new_game=new_game,
        legal_moves=legal_moves,
        apply=apply,
        apply_trusted=apply_trusted,
        to_act=to_act,
        is_over=is_over,
        winner=winner,
        winning_seats=winning_seats,
        score_round=score_round,
        observe=observe,
        card_zones=card_zones,
        standings=standings,
        standing_name="points written",
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
