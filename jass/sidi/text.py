"""What a Sidi Barrani player reads: the calls of the auction in words (``bid 120 in Rosen ♠``,
``pass``, ``double (doppeln)``), the contract, the round's points and why the game ended; and how
a player types a call: the points and the mode (``120 rosen``, ``157 obe``), ``pass``,
``double``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from jass.cards import Suit
from jass.errors import JassError
from jass.faces import Faces
from jass.sidi.auction import Contract
from jass.sidi.moves import DOUBLE, PASS, Bid, Call, DeclareWeis, Double, Move, Pass
from jass.sidi.rules import SIDI, Rules
from jass.sidi.state import AUCTION, PLAY, Observation, RoundScore
from jass.teams.rules import SEATS
from jass.teams.text import declaration_text, weis_lines
from jass.trump import Trump
from jass.variant.facets import TableText, faces_of_rules, move_words

#: What a player may type to pass, and to double.
_PASS_WORDS: Final = ("pass", "passe")
_DOUBLE_WORDS: Final = ("double", "doppeln", "doppelt")
#: The starts of the no-trump modes' names a player may type (``obe``, ``une``, ``unde``).
_MODE_PREFIXES: Final = (("obe", Trump.OBENABE), ("une", Trump.UNDENUFE), ("unde", Trump.UNDENUFE))


def _points_text(points: int) -> str:
    return f"{points} «Sidi»" if points == SIDI else str(points)


def contract_text(contract: Contract, faces: Faces) -> str:
    """A contract in words: ``seat 2 (team 0): 100 in Obenabe ⬇, doubled``."""
    doubled = ", doubled" if contract.doubled else ""
    return (f"seat {contract.bidder} (team {contract.team}): {_points_text(contract.points)} in "
            f"{faces.mode(contract.mode)}{doubled}")


def _call_text(call: Move, faces: Faces) -> str:
    if type(call) is Bid:
        return f"bid {_points_text(call.points)} in {faces.mode(call.mode)}"
    if type(call) is Double:
        return "double (doppeln)"
    return "pass"


def _move_text(move: Move, rules: Rules, faces: Faces | None = None) -> str:
    """A move in words: a call of the auction, a declaration with its cards, a card."""
    faces = faces or faces_of_rules(rules)
    if type(move) in (Bid, Pass, Double):
        return _call_text(move, faces)
    if type(move) is DeclareWeis:
        return declaration_text(move, faces)
    return move_words(move, rules, faces)


def _public_move(move: Move, rules: Rules, faces: Faces | None = None) -> str:
    """What the table reads of a move: every call in full (the auction is public), a declaration
    by its points (the Weis themselves are shown after the first trick, the best team's)."""
    if type(move) is DeclareWeis:
        return f"declares Weis ({sum(w.points for w in move.weis)} points)"
    return _move_text(move, rules, faces)


def _auction_line(calls: Sequence[Call], dealer: int, faces: Faces) -> str:
    said = [f"seat {(dealer + 1 + i) % SEATS} {_call_text(call, faces)}" for i, call in enumerate(calls)]
    return "Auction: " + ("; ".join(said) if said else f"seat {(dealer + 1) % SEATS} (Vorhand) calls first")


def _round_line(score: RoundScore, faces: Faces) -> str:
    contract = score.contract
    if contract is None:
        return "nobody bid: nothing written, the next dealer deals"
    team = contract.team
    made = "made" if score.made else "missed"
    taken = score.teams[team].cards + score.teams[team].last_trick
    totals = score.totals
    return (f"{contract_text(contract, faces)}; {made} with {taken} card points: team 0 writes {totals[0]}, "
            f"team 1 {totals[1]}")


def _describe(view: Observation, faces: Faces | None = None) -> list[str]:
    """What a seat reads besides its hand and the table: the scores and the target, the auction
    and the contract, the round's points so far, Weis and Stöck, the last round written."""
    faces = faces or faces_of_rules(view.rules)
    lines = [f"Score: team 0 {view.scores[0]}, team 1 {view.scores[1]}; the game goes to {view.rules.target_score}"]
    phase = view.phase
    if phase is AUCTION or view.calls:
        lines.append(_auction_line(view.calls, view.dealer, faces))
    contract = view.contract
    if phase is AUCTION:
        if contract is not None:
            lines.append(f"Highest bid: {contract_text(contract, faces)}")
        lines.append(f"Bids go up in tens from {view.rules.lowest_bid} to 150, then 157 «Sidi»")
        return lines
    if contract is not None and phase is PLAY:
        lines.append(f"Contract: {contract_text(contract, faces)}; so far team 0 {view.round_points[0]}, "
                     f"team 1 {view.round_points[1]}")
    lines += weis_lines(view, phase is PLAY, faces)
    if phase is not PLAY and view.history:
        lines.append(f"Round {len(view.history)}: {_round_line(view.history[-1], faces)}")
    return lines


def _end_reason(view: Observation) -> str:
    """Why the game ended, and who won."""
    scores, winner = view.scores, view.winner
    if winner is None:
        return f"The round limit is reached ({scores[0]} : {scores[1]}): a draw"
    return f"Team {winner} reached {view.rules.target_score} with more points ({scores[0]} : {scores[1]}): " \
           f"Team {winner} wins"


def _choice_lines(view: Observation, moves: Sequence[Move], faces: Faces) -> list[str] | None:
    """The calls of the auction: the bids open (their lowest, and the modes), a double, a pass."""
    if view.phase is not AUCTION:
        return None
    bids = [m for m in moves if type(m) is Bid]
    calls = (["a bid (its points and its mode)"] if bids else []) + (["double"] if DOUBLE in moves else [])
    lines = ["  Call: " + ", ".join(calls) + (" or pass" if calls else "pass")]
    if bids:
        lowest = min(b.points for b in bids)
        upto = "157 «Sidi»" if lowest == SIDI else f"{lowest} to 150 in tens, or 157 «Sidi»"
        lines.append(f"  bid     {upto}; type e.g. «{lowest} {_example_mode(faces)}»")
        lines.append(f"  modes   {', '.join(faces.mode(mode) for mode in Trump)}")
    if DOUBLE in moves and view.contract is not None:
        lines.append(f"  double  double (doppeln) seat {view.contract.bidder}'s {_points_text(view.contract.points)}")
    lines.append("  pass")
    return lines


def _example_mode(faces: Faces) -> str:
    """A mode as a player types it, for the examples: the Rosen by their name in ``faces``."""
    return faces.suit_name(Suit.ROSEN).split()[0].casefold()


def _read_mode(text: str, faces: Faces) -> Trump | None:
    """The mode a player typed: a suit as ``faces`` read it, or the start of Obenabe or Undenufe."""
    suit = faces.parse_suit(text)
    if suit is not None:
        return Trump(suit)
    key = text.casefold()
    if key in ("⬇", "⬆"):
        return Trump.OBENABE if key == "⬇" else Trump.UNDENUFE
    return next((mode for start, mode in _MODE_PREFIXES if key.startswith(start)), None)


def _read_move(text: str, view: Observation, moves: Sequence[Move], faces: Faces) -> Move | None:
    """A typed call: ``120 rosen``, ``bid 157 obenabe``, ``90 ♠``, ``pass``, ``double``; ``None``
    outside the auction. Raises :class:`~jass.errors.JassError` for a bid that is not open."""
    if view.phase is not AUCTION:
        return None
    words = text.casefold().split()
    if words and words[0] == "bid":
        words = words[1:]
    if not words:
        return None
    if len(words) == 1 and words[0] in _PASS_WORDS:
        return PASS
    if len(words) == 1 and words[0] in _DOUBLE_WORDS:
        if DOUBLE not in moves:
            raise JassError("you may not double now: only an opponent of the last bidder doubles, once")
        return DOUBLE
    if not (words[0].isascii() and words[0].isdigit() and len(words[0]) <= 3):
        return None
    points = int(words[0])
    mode = _read_mode(" ".join(words[1:]), faces) if len(words) > 1 else None
    if mode is None:
        modes = ", ".join(faces.mode(m) for m in Trump)
        raise JassError(f"a bid names its mode too, e.g. «{points} {_example_mode(faces)}»: one of {modes}")
    if not 1 <= points <= SIDI:
        raise JassError(f"{points} is no bid: the bids go up in tens, and 157 «Sidi» is the highest")
    bid = Bid(points, mode)
    if bid not in moves:
        open_bids = sorted({m.points for m in moves if type(m) is Bid})
        shown = ", ".join(map(str, open_bids)) if open_bids else "none: only pass or double"
        raise JassError(f"{points} is not open: the bids open are {shown}")
    return bid


#: What a Sidi Barrani player reads (:class:`~jass.variant.TableText`).
TEXT: Final[TableText[Rules, Move, Observation]] = TableText(
    move_text=_move_text, public_move=_public_move, describe=_describe, end_reason=_end_reason,
    read_move=_read_move, choice_lines=_choice_lines,
    about=("The defaults follow jassverzeichnis.ch's Sidi Barrani (a game to 1500), with pagat's and earthli's "
           "auction; card play, Weis and Stöck are Schieber's, every mode counts single."),
    rules_page="https://jass.readthedocs.io/en/latest/rules/sidi.html")
