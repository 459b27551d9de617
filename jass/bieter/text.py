"""What a player of Bieter reads: the auction as the table says it («600», «fort»), the King and
his bid, the sides' written points, the table cards and the trump card, the game so far, and
why the game ended. A bid is typed as its number, «fort» drops out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from jass.bieter.moves import Announce, Bid, Concede, Discard, GameMode, Move, Pass, PlayGame
from jass.bieter.auction import call_seats
from jass.bieter.rules import SEATS, Rules
from jass.bieter.state import GAME_OVER, PLAY, ROUND_OVER, Observation, RoundKind, RoundScore, auction_dealer
from jass.faces import Faces
from jass.play import PlayCard
from jass.variant.facets import TableText, faces_of_rules

#: The words a Swiss table drops out of the auction with (jassverzeichnis.ch: «„fort“, „pass“
#: oder einfach „ich steige aus“»).
_FORT: Final = ("fort", "pass", "passe", "weg")


def mode_words(mode: GameMode, faces: Faces) -> str:
    """A game's mode as the table names it: the trump suit, Obenabe, Undenufe, or Hindersi."""
    if mode is GameMode.HINDERSI:
        return "Hindersi (no trump, the King must take no trick)"
    text = faces.mode(mode.trump)
    return f"{text} trump" if mode.trump.suit is not None else text


def _move_text(move: Move, rules: Rules, faces: Faces | None = None) -> str:
    faces = faces or faces_of_rules(rules)
    match move:
        case PlayCard(card=card):
            return f"play {faces.card(card)}"
        case Bid(points=points):
            return f"{points}"
        case Pass():
            return "fort"
        case Discard(card=card):
            return f"lay away {faces.card(card)}"
        case Announce(mode=mode):
            return f"name {mode_words(mode, faces)}"
        case PlayGame():
            return "spielen: play this game"
        case Concede():
            return "verzichten: concede, the Bauernpartei write a match"
    return str(move)


def _public_move(move: Move, rules: Rules, faces: Faces | None = None) -> str:
    """What the table sees: a bid said aloud, but not which card the King lays away."""
    if type(move) is Discard:
        return "lays a card away"
    return _move_text(move, rules, faces)


def _side(seat: int, king: int | None) -> str:
    return "the King" if seat == king else "the Bauernpartei"


def _round_line(number: int, score: RoundScore, faces: Faces) -> str:
    if score.kind is RoundKind.REDEAL:
        return f"Round {number}: everybody said «fort»: the cards are dealt anew"
    mode = "" if score.mode is None else f" ({mode_words(score.mode, faces)})"
    if score.kind is RoundKind.CONCEDED:
        what = "the King conceded"
    elif score.match[0] or score.match[1]:
        what = f"a match for {'the King' if score.match[0] else 'the Bauernpartei'}"
    else:
        what = f"King {score.points[0]} points, Bauernpartei {score.points[1]}"
    stoeck = [name for side, name in enumerate(("the King", "the Bauernpartei")) if score.stoeck[side]]
    if stoeck:
        what += f", Stöck for {stoeck[0]}"
    return f"Round {number}{mode}: {what}; written: King {score.written[0]}, Bauernpartei {score.written[1]}"


def _auction_words(view: Observation) -> str:
    """The auction as the table said it: each call by its seat, «fort» for a drop-out."""
    dealer = auction_dealer(view.dealer, view.round_number, view.history)
    return ", ".join(f"seat {seat} {call if call else 'fort'}"
                     for seat, call in zip(call_seats(view.calls, dealer, view.rules), view.calls))


def _field_words(view: Observation, name: str, faces: Faces, /) -> str | None:
    """The auction in words for a table's page (its field holds each call's points, 0 for «fort»)."""
    return _auction_words(view) if name == "calls" and view.calls else None


def _describe(view: Observation, faces: Faces | None = None) -> list[str]:
    """What a seat reads besides its hand and the table (see :attr:`Variant.describe`)."""
    faces = faces or faces_of_rules(view.rules)
    rules, king = view.rules, view.king
    lines = []
    if view.calls:
        lines.append("Auction: " + _auction_words(view))
    if king is None:
        if view.table_lying:
            lines.append(f"Table: {faces.cards(view.table_open)} face up, 3 face down (the King takes them)")
        lines.append(f"Bid at least {rules.min_bid}, raise by {rules.bid_step} or more; «fort» drops out")
    else:
        bauern = " and ".join(str(seat) for seat in range(SEATS) if seat != king)
        lines.append(f"King: seat {king}, bid {view.bid}; Bauernpartei: seats {bauern} (goal {rules.goal})")
        lines.append(f"Written: King {view.scores[0]} of {view.bid}, Bauernpartei {view.scores[1]} of {rules.goal}")
    if view.own_discards:
        lines.append(f"You laid away: {faces.cards(view.own_discards)}")
    elif view.discarded:
        lines.append(f"The King has laid {view.discarded} cards away")
    if view.phase is ROUND_OVER or view.phase is GAME_OVER:
        if view.history:
            lines.append(_round_line(len(view.history), view.history[-1], faces))
        return lines
    if view.trump_card is not None:
        lines.append(f"Trump card {faces.card(view.trump_card)} (the bottom card, the dealer's)")
    if view.mode is not None:
        lines.append(f"This game: {mode_words(view.mode, faces)}")
    if view.phase is PLAY and king is not None:
        points = [0, 0]
        for trick in view.tricks:
            points[0 if trick.winner == king else 1] += trick.points
        lines.append(f"Points this game: King {points[0]}, Bauernpartei {points[1]}")
    return lines


def _end_reason(view: Observation) -> str:
    """Why the game ended, and who won (see :attr:`Variant.end_reason`)."""
    if view.king_won is None:
        return "The game reached the round limit undecided: nobody wins"
    if view.king_won:
        loser_short = 2 * view.scores[1] < view.rules.goal
        text = f"The King (seat {view.king}) reached his bid of {view.bid} with {view.scores[0]}: the King wins"
    else:
        loser_short = 2 * view.scores[0] < view.bid
        text = f"The Bauernpartei reached {view.scores[1]} of {view.rules.goal}: the Bauernpartei wins"
    return text + (" (Schneider: the losers did not reach half their goal)" if loser_short else "")


def _read_move(text: str, view: Observation, moves: Sequence[Move], faces: Faces) -> Move | None:
    """The words a table drops out with («fort», «pass», «weg»), in the auction; a bid is typed as
    its number, which the command line reads as «bid 650»."""
    if text.casefold().strip() in _FORT and any(type(move) is Pass for move in moves):
        return Pass()
    return None


#: What a player of Bieter reads (:class:`~jass.variant.TableText`).
TEXT: Final[TableText[Rules, Move, Observation]] = TableText(
    move_text=_move_text, public_move=_public_move, describe=_describe, end_reason=_end_reason,
    read_move=_read_move, field_words=_field_words,
    about=("The defaults follow the Jassreglement's numbers as jassverzeichnis.ch quotes them (a first bid of 600, "
           "raises of 10) and jasswiki.ch's procedure (10 cards each and 6 on the table, the King names the first "
           "game, later games take the bottom card's trump); options give jassonkel.ch's and Luzern's readings. The "
           "King plays alone towards his bid, the Bauernpartei together towards 1000. There is no Weis (not "
           "supported)."),
    rules_page="https://jass.readthedocs.io/en/latest/rules/bieter.html")
