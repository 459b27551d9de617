"""Zweierjass: two players and a stack (the rules: :doc:`/rules/zweierjass`).

A round, as rafael-ottersberg's jass-app plays it (the only source of this game):

1. **The deal.** Each player gets 9 cards; the other 18 are a face-down stack whose **bottom
   card** lies face up («lowest_stack_card = self.table.stack.cards[-1]») and fixes the mode:
   a 6 Undenufe, a Banner (10) Slalom, an Ace Obenabe, any other card its suit as trump
   (:func:`mode_of`).
2. **Play.** The round's first player leads (it alternates by round); follow suit or trump at
   any time, else any card (the rules of :mod:`jass.tricks`, the Bauer exception included).
3. **The draws.** After each trick, while the stack has cards, the trick's winner takes the top
   card and then the other player the next: after nine tricks the stack is empty, and the
   loser of the ninth trick holds the bottom card. The other nine tricks are played from the
   hands: all 36 cards are played.
4. **The points.** Card points as in four-player Jass (trump Under 20, Nell 14), the last trick
   5: 157 a round outside a Slalom. The first player to 1000 wins.

>>> from jass import zweier
>>> state = zweier.new_game(zweier.Rules(first_dealer=1), seed=7)
>>> state.phase, zweier.to_act(state), len(state.stack_left)
(Phase.PLAY, 0, 18)
>>> for _ in range(2):
...     state = zweier.apply(state, zweier.legal_moves(state)[0])
>>> len(state.stack_left), [len(state.hand(seat)) for seat in (0, 1)]   # both drew
(16, [9, 9])

Seats are 0 and 1. The moves are :class:`~jass.play.PlayCard` and :class:`Deal` (the next
dealer starts the next round); the draws follow from the cards.

The package's files, one concern each (the same in every variant): ``rules``, ``moves``,
``state``, ``score`` (the one scoring function), ``dealing`` (nine cards each and the stack),
``game`` (with the draws), ``view``, then what the layers above read: ``notation``,
``loading``, ``text``, ``hidden`` (the deals a view allows, for the search bots), ``ai``,
``encoding``, ``checks``. This file registers the variant (:data:`VARIANT`) in
:mod:`jass.variant`.
"""

from typing import Final

from jass.play import PlayCard
from jass.variant import Variant, register
from jass.zweier.ai import *  # noqa: F403
from jass.zweier.ai import AI
from jass.zweier.checks import CHECKS
from jass.zweier.dealing import *  # noqa: F403
from jass.zweier.encoding import ENCODING
from jass.zweier.game import *  # noqa: F403
from jass.zweier.hidden import *  # noqa: F403
from jass.zweier.loading import *  # noqa: F403
from jass.zweier.loading import LOADING
from jass.zweier.moves import *  # noqa: F403
from jass.zweier.notation import *  # noqa: F403
from jass.zweier.notation import NOTATION, RECORDS
from jass.zweier.rules import *  # noqa: F403
from jass.zweier.rules import TITLE
from jass.zweier.score import *  # noqa: F403
from jass.zweier.state import *  # noqa: F403
from jass.zweier.text import TEXT
from jass.zweier.view import *  # noqa: F403

__all__ = [
    "SEATS",
    "HAND_SIZE",
    "STACK_SIZE",
    "DRAWING_TRICKS",
    "ROUND_TRICKS",
    "MAX_TARGET_POINTS",
    "Phase",
    "SlalomStart",
    "SlalomPoints",
    "Rules",
    "mode_of",
    "PlayCard",
    "Deal",
    "Move",
    "RoundScore",
    "Setting",
    "State",
    "Observation",
    "HiddenCards",
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
    "DrawSampler",
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

#: Zweierjass, described for the registry (:mod:`jass.variant`).
VARIANT: Final = register(
    Variant(
        name="zweierjass",
        title=TITLE,
        aliases=("zweier-jass", "zweierjass mit stock", "two-player with stack"),
        seats=SEATS,
        teams=((0,), (1,)),
        rules_type=Rules,
        state_type=State,
        move_types=(PlayCard, Deal),
        observation_type=Observation,
        presets={"per_trick": Rules.per_trick, "app": Rules.app},
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
