"""Jass for three: Handjass zu dritt (the rules: :doc:`/rules/handjass`).

A round, as jassonkel.ch («Der Handjass») and jassverzeichnis.ch («Handjass à trois») tell it:

1. **The deal.** «Ist der vierte Spieler ausgeschieden, oder spielen von Anfang an nur drei,
   erhält jeder Teilnehmer gleichwohl 9 Karten, und die restlichen 9 bilden den «Stock» oder
   den «Blinden».» «Die oberste Karte des «Blinden» wird umgeschlagen und ist Trumpf.»
2. **The Blinde.** ««Vorhand» [...] hat das Recht, seine Karten gegen den «Blinden»
   auszutauschen. Verzichtet «Vorhand» auf den Umtausch, so hat der folgende Spieler dieses
   Recht»: :class:`TakeBlinde` or :class:`KeepHand`, until one takes it.
3. **The trump 6.** «Nachdem alle Beteiligten erklärt haben, [...] darf die Trumpfkarte des
   Stockes mit dem Trumpf-Sechser ausgetauscht (geraubt) werden»: :class:`Rob` or
   :class:`NoRob`.
4. **Play.** Vorhand leads; nine tricks of three cards, each for themselves, by the rules of
   :mod:`jass.tricks`; the last trick 5.
5. **The result.** «Die beiden Spieler, die pro Runde am meisten Punkte erzielt haben, erhalten
   je einen Strich [...] Wer keine 21 Punkte im Spiel schafft, [...] bekommt eine Null»; the
   first to 7 strokes wins.

>>> from jass import handjass
>>> state = handjass.new_game(handjass.Rules(first_dealer=2), seed=7)
>>> state.phase, handjass.to_act(state)          # Vorhand (seat 0) decides first
(Phase.BLINDE, 0)
>>> state = handjass.apply(state, handjass.KeepHand())
>>> handjass.to_act(state), state.takes
(1, (False, None, None))

Seats are 0, 1 and 2; play goes to seat + 1. The moves are :class:`TakeBlinde`,
:class:`KeepHand`, :class:`Rob`, :class:`NoRob`, :class:`~jass.play.PlayCard` and
:class:`Deal` (the next dealer starts the next round).

The package's files, one concern each (the same in every variant): ``rules``, ``moves``,
``state``, ``score`` (the one scoring function: the points, the strokes and the Nullers),
``dealing`` (nine cards each and the Blinde), ``blinde`` (who is asked, taking the Blinde,
robbing with the trump 6), ``game``, ``view``, then what the layers above read:
``notation``, ``loading``, ``text``, ``ai``, ``encoding``, ``checks``. This file registers
the variant (:data:`VARIANT`) in :mod:`jass.variant`.
"""

from typing import Final

from jass.handjass.ai import *  # noqa: F403
from jass.handjass.ai import AI
from jass.handjass.checks import CHECKS
from jass.handjass.dealing import *  # noqa: F403
from jass.handjass.encoding import ENCODING
from jass.handjass.game import *  # noqa: F403
from jass.handjass.loading import *  # noqa: F403
from jass.handjass.loading import LOADING
from jass.handjass.moves import *  # noqa: F403
from jass.handjass.notation import *  # noqa: F403
from jass.handjass.notation import NOTATION, RECORDS
from jass.handjass.rules import *  # noqa: F403
from jass.handjass.rules import TITLE
from jass.handjass.score import *  # noqa: F403
from jass.handjass.state import *  # noqa: F403
from jass.handjass.text import TEXT
from jass.handjass.view import *  # noqa: F403
from jass.play import PlayCard
from jass.variant import Variant, register

__all__ = [
    "SEATS",
    "HAND_SIZE",
    "MAX_TARGET_STROKES",
    "MAX_NULLER_THRESHOLD",
    "Phase",
    "Rules",
    "TakeBlinde",
    "KeepHand",
    "Rob",
    "NoRob",
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
    "standings",
    "format_move",
    "parse_move",
    "check_loaded",
    "check_observation",
    "VARIANT",
]

#: Handjass for three, described for the registry (:mod:`jass.variant`).
VARIANT: Final = register(
    Variant(
        name="handjass",
        title=TITLE,
        aliases=("jass for three", "dreierjass", "handjass zu dritt", "three-player"),
        seats=SEATS,
        teams=((0,), (1,), (2,)),
        rules_type=Rules,
        state_type=State,
        move_types=(TakeBlinde, KeepHand, Rob, NoRob, PlayCard, Deal),
        observation_type=Observation,
        presets={"jassonkel": Rules.jassonkel, "pagat": Rules.pagat, "mit_blindem": Rules.mit_blindem,
                 "whiteknucklecards": Rules.whiteknucklecards},
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
        standing_name="strokes",
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
