"""What the partnership games share: Schieber (:mod:`jass.schieber`) and Coiffeur both seat
four players in two teams (seats 0 and 2 against 1 and 3), let a player declare Weis before
their first card, credit Stöck, and add up a round per team:
the card points, the last trick's 5, the match bonus, the Weis and the Stöck, all times the
round's multiplier. Those rules live here, once, in the same files as a variant's
(``rules``, ``moves``, ``state``, ``score``, ``game``, ``notation``, ``loading``, ``text``, ``ai``,
``encoding``, ``checks``); each variant configures them through its
``Rules`` and builds its own score and move classes on the bases below (so that each writes its
own types to JSON).

>>> from jass.cards import CardSet
>>> from jass.trump import Trump
>>> from jass.weis import WeisRules
>>> team_of(3)
1
>>> hands = tuple(CardSet.parse(h).bits for h in ("H6 H7 H8 C6", "S6 S7 S8 S9", "", ""))
>>> team_weis(hands, (None,) * 4, WeisRules(), True, 0, Trump.EICHELN)   # 50 beats 20
(0, 50)
"""

from __future__ import annotations

from jass.teams.ai import *  # noqa: F403
from jass.teams.checks import *  # noqa: F403
from jass.teams.encoding import *  # noqa: F403
from jass.teams.game import *  # noqa: F403
from jass.teams.loading import *  # noqa: F403
from jass.teams.misere import *  # noqa: F403
from jass.teams.moves import *  # noqa: F403
from jass.teams.notation import *  # noqa: F403
from jass.teams.rules import *  # noqa: F403
from jass.teams.score import *  # noqa: F403
from jass.teams.state import *  # noqa: F403
from jass.teams.text import *  # noqa: F403

__all__ = [
    "SEATS",
    "TRICKS",
    "team_of",
    "StoeckMode",
    "TeamScore",
    "check_round_teams",
    "WeisDeclaration",
    "NextDeal",
    "weis_options",
    "counted_weis",
    "team_weis",
    "weis_view",
    "STOECK_BITS",
    "stoeck_holder",
    "stoeck_team",
    "team_tricks",
    "team_scores",
    "team_parts",
    "weis_text",
    "parse_weis",
    "deal_text",
    "parse_deal",
    "first_hands",
    "explicit_deal",
    "explicit_move",
    "game_from_record",
    "hand_value",
    "mode_features",
    "mode_points",
    "PUSH_BELOW",
    "TOTAL_POINTS",
    "best_mode",
    "stoeck_points",
    "TeamState",
    "hidden_variations",
    "known_cards",
    "replay_declaration",
    "TeamView",
    "declarable",
    "drawn_declarations",
    "keeps_shown_winner",
    "seat_declarations",
    "weis_ways",
    "weis_conditions",
    "team_situation",
    "team_name",
    "weis_lines",
    "team_sampler",
    "misere_card",
    "WEIS_LAYOUT",
    "weis_block",
    "fullest_declaration",
]
