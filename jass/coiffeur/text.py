"""What a Coiffeur player reads: a move in public words, the slate with both teams' columns, and
why the game ended; and how a player types a row: by its number on the slate (from 1) or its
name, with the mode for a joker row (``7 obenabe``, ``joker 2 undenufe``, ``3``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from jass.coiffeur.moves import ChooseRow, DeclareWeis, Move, Push
from jass.coiffeur.rules import PushTo, Rules
from jass.coiffeur.slate import Row
from jass.coiffeur.state import CHOOSE, PLAY, Observation
from jass.errors import JassError
from jass.faces import Faces
from jass.teams.rules import TRICKS
from jass.teams.text import declaration_text, weis_lines
from jass.trump import LeadMode, PerTrickMode, RoundMode, Trump, parse_mode
from jass.variant.facets import TableText, faces_of_rules, move_words

#: What a player may type to push.
_PUSH_WORDS: Final = ("push", "gschobe", "geschoben", "schieben", "schiebe", "chibre")


def row_label(row: Row, faces: Faces) -> str:
    """A row as the slate names it, with its factor: a suit row by its suit as ``faces`` show it
    (``Eicheln ♠ x1`` with jassverzeichnis' pairing), any other by its name (``Joker 1 x7``)."""
    only = row.modes[0] if len(row.modes) == 1 else None
    name = faces.mode(only) if isinstance(only, Trump) and only.suit is not None else row.name
    return f"{name} x{row.factor}"


def _push_text(rules: Rules) -> str:
    return "push (schieben) to the partner" if rules.push_to is PushTo.PARTNER else "push (schieben) to the next player"


def _move_text(move: Move, rules: Rules, faces: Faces | None = None) -> str:
    """A move in words: a row by its number on the slate (from 1), its name and its mode."""
    faces = faces or faces_of_rules(rules)
    if type(move) is ChooseRow:
        rows = rules.slate.rows
        label = f" ({row_label(rows[move.row], faces)})" if move.row < len(rows) else ""
        return f"choose row {move.row + 1}{label}: {faces.mode(move.mode)}"
    if type(move) is Push:
        return _push_text(rules)
    if type(move) is DeclareWeis:
        return declaration_text(move, faces)
    return move_words(move, rules, faces)


def _public_move(move: Move, rules: Rules, faces: Faces | None = None) -> str:
    """What the table reads of a move: a declaration by its points (the Weis themselves are shown
    only after the first trick, and only the best team's)."""
    faces = faces or faces_of_rules(rules)
    if type(move) is DeclareWeis:
        return f"declares Weis ({sum(w.points for w in move.weis)} points)"
    return _move_text(move, rules, faces)


def _describe(view: Observation, faces: Faces | None = None) -> list[str]:
    """What a seat reads besides its hand and the table: the slate, the row in play and the
    round's points so far, Weis and Stöck, the last round written (see :attr:`Variant.describe`)."""
    faces = faces or faces_of_rules(view.rules)
    rows = view.rules.slate.rows
    lines = [f"Score: team 0 {view.scores[0]}, team 1 {view.scores[1]}"]
    for index, row in enumerate(rows):
        cells = ["open" if column[index] is None else str(column[index]) for column in view.slates]
        lines.append(f"  row {index + 1}, {row_label(row, faces)}: team 0 {cells[0]}, team 1 {cells[1]}")
    phase = view.phase
    if phase is CHOOSE:
        pushed = f"pushed {view.pushed} times; " if view.pushed else ""
        lines.append(f"{pushed}seat {view.to_act} chooses a row and its mode")
    elif phase is PLAY and view.row is not None and view.mode is not None and view.chooser is not None:
        lines.append(f"Row {view.row + 1}, {row_label(rows[view.row], faces)}, played in {faces.mode(view.mode)} "
                     f"for team {view.chooser % 2}; so far team 0 {view.round_points[0]}, "
                     f"team 1 {view.round_points[1]}")
        if type(view.mode) is PerTrickMode and view.mode.is_misere:
            team = view.chooser % 2
            lines.append(f"Misère: team {team} is written the points team {1 - team} takes (the fewer team {team} "
                         "takes, the better)")
        if type(view.mode) is LeadMode:
            lines.append(_lead_mode_line(view, view.mode, faces))
    lines += weis_lines(view, phase is PLAY, faces)
    if phase is not PLAY and view.history:
        last = view.history[-1]
        whose = f", team {1 - last.team}'s points" if type(last.mode) is PerTrickMode and last.mode.is_misere else ""
        lines.append(f"Round {len(view.history)} written: team {last.team} {last.written} in row {last.row + 1} "
                     f"({faces.mode(last.mode)}{whose})")
    return lines


def _lead_mode_line(view: Observation, mode: LeadMode, faces: Faces) -> str:
    """What the table knows of a mode a card led decides: which suit is trump, and who made it."""
    if mode is LeadMode.ALLES_TRUMPF:
        if view.trick and view.trump is not None:
            return f"Alles Trumpf: {faces.mode(view.trump)} is trump in this trick, the suit led"
        return "Alles Trumpf: the card led makes its suit trump for the trick"
    decider = mode.decided_by(TRICKS - 1)
    assert decider is not None  # Elefant's last tricks wait on the lead of trick 7
    leads = [(done.leader, done.cards[0]) for done in view.tricks]
    if view.trick and view.trick_leader is not None:
        leads.append((view.trick_leader, view.trick[0]))
    if len(leads) <= decider:
        return ("Elefant: tricks 1-3 Obenabe, 4-6 Undenufe; the card led to trick 7 makes trump, and then every "
                "trick counts in it (until then they count nothing)")
    seat, card = leads[decider]
    return (f"Elefant: {faces.suit_name(card.suit)} trump, made by seat {seat}'s {faces.card(card)} led to "
            "trick 7; every trick counts in it")


def _end_reason(view: Observation) -> str:
    """Why the game ended, and who won (see :attr:`Variant.end_reason`): a Coiffeur game ends
    when both columns are full, and the higher total wins."""
    scores, winner = view.scores, view.winner
    won = "a draw" if winner is None else f"Team {winner} wins"
    return f"Every row of both columns is written ({scores[0]} : {scores[1]}): {won}"


def _open_rows(moves: Sequence[Move]) -> dict[int, list[RoundMode]]:
    """The rows the legal ``moves`` choose, each with its modes."""
    rows: dict[int, list[RoundMode]] = {}
    for move in moves:
        if type(move) is ChooseRow:
            rows.setdefault(move.row, []).append(move.mode)
    return rows


def _choice_lines(view: Observation, moves: Sequence[Move], faces: Faces) -> list[str] | None:
    """The choice of a row as the slate shows it: each open row by its number, a joker row with
    the modes it allows, and the push if it is allowed."""
    open_rows = _open_rows(moves)
    if not open_rows:
        return None
    rows = view.rules.slate.rows
    lines = ["  Type a row's number or name, and for a row of several modes the mode too (e.g. «7 obenabe»):"]
    for index, modes in open_rows.items():
        what = "" if len(modes) == 1 else ": " + ", ".join(faces.mode(mode) for mode in modes)
        lines.append(f"  {index + 1:>4}  {row_label(rows[index], faces)}{what}")
    if Push() in moves:
        lines.append(f"  push  {_push_text(view.rules)}")
    else:
        lines.append("  (everyone has pushed: you are «im Zwang» and must choose)")
    return lines


def _read_move(text: str, view: Observation, moves: Sequence[Move], faces: Faces) -> Move | None:
    """A typed choice of a row: ``7 obenabe``, ``row 7 obe``, ``choose 3``, ``joker 2 undenufe``,
    ``Schilten``, ``push``; ``None`` when no row is chosen now. Raises
    :class:`~jass.errors.JassError` with what is missing (the mode of a joker row, an open row)."""
    open_rows = _open_rows(moves)
    if not open_rows:
        return None
    words = text.casefold().split()
    if words and words[0] == "choose":
        words = words[1:]
    if words and words[0] == "row":
        words = words[1:]
    if not words:
        return None
    if words[0] in _PUSH_WORDS and len(words) == 1:
        if Push() not in moves:
            raise JassError("you may not push any more: choose a row («im Zwang»)")
        return Push()
    rows = view.rules.slate.rows
    found = _find_row(words, rows, open_rows, faces)
    if found is None:
        return None
    index, rest = found
    modes = open_rows[index]
    if not rest:
        if len(modes) == 1:
            return ChooseRow(index, modes[0])
        raise JassError(f"row {index + 1} ({row_label(rows[index], faces)}) is played in a mode of your choice: "
                        f"type it too, e.g. «{index + 1} {str(modes[-1]).split()[0].casefold()}»")
    mode = _find_mode(" ".join(rest), modes, faces)
    if mode is None:
        allowed = ", ".join(faces.mode(m) for m in modes)
        raise JassError(f"row {index + 1} ({row_label(rows[index], faces)}) is played in {allowed}, "
                        f"not {' '.join(rest)!r:.30}")
    return ChooseRow(index, mode)


def _find_row(words: list[str], rows: Sequence[Row], open_rows: dict[int, list[RoundMode]],
              faces: Faces) -> tuple[int, list[str]] | None:
    """The open row ``words`` start with (by number from 1, by name or by its suit), and the
    words after it; ``None`` if they name no row. Raises JassError for a row not open."""
    first = words[0]
    if first.isascii() and first.isdigit() and len(first) <= 3:
        index = int(first) - 1
        if index not in open_rows:
            shown = ", ".join(str(i + 1) for i in open_rows)
            raise JassError(f"row {first} is not open for your team: choose among {shown}")
        return index, words[1:]
    named = []
    for index in open_rows:
        name = rows[index].name.casefold().split()
        if words[:len(name)] == name:
            return index, words[len(name):]
        if name[0].startswith(first):
            named.append(index)
    suit = faces.parse_suit(first)
    if suit is not None:
        suited = [i for i in open_rows if open_rows[i] == [Trump(suit)]]
        if suited:
            return suited[0], words[1:]
    if len(named) == 1:
        return named[0], words[1:]
    if len(named) > 1:
        shown = " or ".join(f"row {i + 1} ({rows[i].name})" for i in named)
        raise JassError(f"{first!r} could be {shown}: type the row's number or its whole name")
    return None


def _find_mode(text: str, modes: Sequence[RoundMode], faces: Faces) -> RoundMode | None:
    """The mode among ``modes`` that ``text`` names: a suit as ``faces`` read it, a mode's name
    (``obenabe``, ``une``), or the start of its last words (``obe``, ``slalom unde``, ``unde``
    for Slalom-Undenufe on a Slalom row; on a Misère row ``obe`` is Misère Obenabe, ``slalom
    obe`` Misère Slalom Obenabe)."""
    suit = faces.parse_suit(text)
    if suit is not None:
        return Trump(suit) if Trump(suit) in modes else None
    try:
        named = parse_mode(text.replace(" ", "_") if text.startswith(("slalom", "guschti")) else text)
    except JassError:
        named = None
    if named in modes:
        return named
    # On a Misère row a mode is typed as the mode it is played as («9 obenabe», «9 une»).
    misere = [mode for mode in modes if type(mode) is PerTrickMode and mode.is_misere and mode.base is named]
    if len(misere) == 1:
        return misere[0]
    typed = text.replace("_", " ").replace("-", " ").split()
    matches = [mode for mode in modes
               if len(typed) <= len(str(mode).split())
               and all(word.startswith(part) for word, part in zip(str(mode).casefold().split()[-len(typed):], typed))]
    if len(matches) > 1:  # «obenabe» on a Misère row: Misère Obenabe, not Misère Slalom Obenabe
        fewest = min(len(str(mode).split()) for mode in matches)
        matches = [mode for mode in matches if len(str(mode).split()) == fewest]
    return matches[0] if len(matches) == 1 else None


def _multiplier(view: Observation) -> int | None:
    """What the round in play counts: the factor of the row chosen, once it is chosen."""
    return None if view.row is None or view.phase is not PLAY else view.rules.slate.rows[view.row].factor


#: What a Coiffeur player reads (:class:`~jass.variant.TableText`).
TEXT: Final[TableText[Rules, Move, Observation]] = TableText(move_text=_move_text, public_move=_public_move, describe=_describe, end_reason=_end_reason,
                        multiplier=_multiplier, pairing=lambda rules: rules.pairing, read_move=_read_move, choice_lines=_choice_lines,
                        about=(
                        "The defaults follow Swisslos' Coiffeur rules and the slate of jassverzeichnis.ch "
                        "(following the Jassreglement); card play and counting are Schieber's."),
                        rules_page="https://jass.readthedocs.io/en/latest/rules/coiffeur.html")
