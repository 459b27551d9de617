"""What a Molotow player reads: the totals (fewest win), whether trump is fixed yet, the round so
far (the table Weis and the Stöck), a counted round with its hand Weis, and why the game ended.
"""

from __future__ import annotations

from typing import Final

from jass.faces import Faces
from jass.molotow import trumping
from jass.molotow.moves import Move
from jass.molotow.rules import Rules
from jass.molotow.state import GAME_OVER, PLAY, ROUND_OVER, Observation, RoundScore
from jass.variant.facets import TableText, faces_of_rules


def _round_line(number: int, score: RoundScore) -> str:
    parts = []
    for seat, total in enumerate(score.totals):
        text = f"seat {seat} {total}"
        extras = []
        if score.table_weis[seat]:
            extras.append(f"table Weis +{score.table_weis[seat]}")
        if score.hand_weis[seat]:
            extras.append(f"hand Weis -{score.hand_weis[seat]}")
        if score.stoeck[seat]:
            extras.append(f"Stöck -{score.stoeck[seat]}")
        parts.append(text + (f" ({', '.join(extras)})" if extras else ""))
    return f"Round {number}: " + "; ".join(parts)


def _maker(view: Observation, faces: Faces) -> str:
    """Who made trump, and with which card: the first card that did not follow suit."""
    where = trumping.fixing_position(view.tricks, view.trick)
    assert where is not None  # trump is fixed
    seats = view.rules.seats
    seat, card = list(trumping.cards_played(view.tricks, view.trick, view.trick_leader, seats))[
        where[0] * seats + where[1]]
    return f"seat {seat}'s {faces.card(card)}"


def _describe(view: Observation, faces: Faces | None = None) -> list[str]:
    """What a seat reads besides its hand and the table: the totals, the trump (or none yet), the
    round's points so far, a counted round (see :attr:`Variant.describe`)."""
    faces = faces or faces_of_rules(view.rules)
    rules = view.rules
    totals = ", ".join(f"seat {seat} {total}" for seat, total in enumerate(view.totals))
    lines = [f"Points: {totals} (the fewest after {rules.rounds} rounds win); round {view.round_number + 1} "
             f"of {rules.rounds}"]
    for card in rules.out_of_play:  # five players: the card taken out, known to all
        lines.append(f"Out of play (five players): {faces.card(card)}")
    phase = view.phase
    if phase is ROUND_OVER or phase is GAME_OVER:
        if view.history:
            lines.append(_round_line(len(view.history), view.history[-1]))
        return lines
    if view.trump is None:
        lines.append("No trump yet: Obenabe, follow suit; the first card that cannot follow makes trump")
    else:
        lines.append(f"Trump: {faces.mode(view.trump)}, made by {_maker(view, faces)}")
    if phase is PLAY:
        score = view.round_score
        points = "; ".join(
            f"seat {seat} {score.totals[seat]}" + (f" (table Weis +{score.table_weis[seat]})" if score.table_weis[seat]
                                                   else "") + (" (Stöck -20)" if score.stoeck[seat] else "")
            for seat in range(rules.seats)
        )
        lines.append(f"This round so far: {points}")
    return lines


def _end_reason(view: Observation) -> str:
    """Why the game ended, and who won (see :attr:`Variant.end_reason`)."""
    rounds = len(view.history)
    winner = view.winner
    if winner is None:
        fewest = min(view.totals)
        tied = ", ".join(str(seat) for seat, total in enumerate(view.totals) if total == fewest)
        return f"After {rounds} rounds seats {tied} share the fewest points ({fewest}): a draw"
    return f"After {rounds} rounds seat {winner} has the fewest points ({view.totals[winner]}): seat {winner} wins"


#: What a player of Molotow reads (:class:`~jass.variant.TableText`).
TEXT: Final[TableText[Rules, Move, Observation]] = TableText(
    describe=_describe, end_reason=_end_reason,
    about=("The defaults follow jassverzeichnis.ch's «Molotow-Jass» (the fewest points win; hand Weis count minus, "
           "a Weis lying in one trick counts plus for its taker), with jasswelt.ch's card play; the options give "
           "funcardgames.net's molotows (sequences only), jasswelt.ch's game without Weis and three to six players. "
           "jasswelt.ch's game of strokes (another Molotow) is not supported."),
    rules_page="https://jass.readthedocs.io/en/latest/rules/molotow.html",
)
