"""Coiffeur scenarios: one test (or a few) per row of RULES.md section 5a, plus the worked round
of ``docs/rules/coiffeur.rst``.

Every expected number is worked out by hand from RULES.md and the sources it names (Swisslos
"Coiffeur Jass-Regeln", jassverzeichnis.ch "Anleitung für den Coiffeur-Jass"); the arithmetic is
written next to it. Random complete games are checked by the conformance harness
(tests/test_conformance.py) and the hidden-information properties (tests/test_safety.py).

Conventions: ``first_dealer=3`` makes seat 0 Vorhand; teams are seats 0+2 (team 0) and 1+3
(team 1). Points (RULES.md 1): Obenabe A 11, K 4, Q 3, J 2, 10 10, 8 8; Undenufe the same but
6 11 and A 0; trump J 20, 9 14; last trick +5.
"""

from __future__ import annotations

from pathlib import Path

import copy
import pickle
import re
from collections.abc import Callable, Mapping
from typing import Any

import attrs
import pytest

from jass import Card, CardSet, LeadMode, PerTrickMode, Trump, coiffeur, records, serial
from jass.play import CardPlay
from jass.coiffeur import ChooseRow, Deal, DeclareWeis, Phase, PlayCard, Push, PushTo, Row, Rules, Slate, State
from jass.errors import IllegalMoveError, InvalidRulesError, JassError, RecordError, SerialError
from jass.teams import StoeckMode
from jass.variant.facets import faces_of_rules
from jass.weis import Weis, WeisRules

O, U = Trump.OBENABE, Trump.UNDENUFE
SO, SU, GO, GU = (PerTrickMode.SLALOM_OBENABE, PerTrickMode.SLALOM_UNDENUFE, PerTrickMode.GUSCHTI_OBENABE,
                  PerTrickMode.GUSCHTI_UNDENUFE)
SIX = tuple(Trump)


def fill(partial: Mapping[int, str]) -> list[CardSet]:
    """Hands with the given cards; the other cards go, in card order, to the seats that still
    need cards (seat 0 first)."""
    given = {seat: CardSet.parse(partial.get(seat, "")) for seat in range(4)}
    used: set[Card] = set()
    for hand in given.values():
        used |= set(hand)
    rest = [card for card in sorted(Card) if card not in used]
    hands = []
    for seat in range(4):
        cards = set(given[seat])
        while len(cards) < 9:
            cards.add(rest.pop(0))
        hands.append(CardSet(cards))
    return hands


def play(state: State, cards: str) -> State:
    for code in cards.replace("|", " ").split():
        state = coiffeur.apply(state, PlayCard(Card.parse(code)))
    return state


def one_row(name: str, factor: int, *modes: Trump | PerTrickMode | LeadMode) -> Rules:
    """Rules with a one-row slate (a game of two rounds), seat 0 Vorhand."""
    return Rules(slate=Slate((Row(name, factor, modes),)), first_dealer=3)


# --- 5a "slate": the presets -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("slate", "rows"),
    [
        # jassverzeichnis.ch: "Eichle oder Schaufel (welche einfach zählen), Rosen oder Kreuz
        # (zweifach), Schilten oder Ecken (dreifach), Schellen oder Herz (vierfach), Obenaben
        # (fünfach), Undeufe (sechsfach), Joker 1 (siebenfach), Joker 2 (achtfach)"; "Als Joker
        # können nur eine Farbe oder Undeufe oder Obenaben gewählt werden."
        pytest.param(Slate.jassreglement(), [
            ("Eicheln", 1, (Trump.EICHELN,)), ("Rosen", 2, (Trump.ROSEN,)), ("Schilten", 3, (Trump.SCHILTEN,)),
            ("Schellen", 4, (Trump.SCHELLEN,)), ("Obenabe", 5, (O,)), ("Undenufe", 6, (U,)),
            ("Joker 1", 7, SIX), ("Joker 2", 8, SIX),
        ], id="5a slate jassreglement: 4 suits x1-x4, Obenabe x5, Undenufe x6, 2 jokers x7 x8 (any classic mode)"),
        # Swisslos: "Beim Coiffeur auf 10 Runden müssen zusätzlich einmal Slalom und einmal
        # Guschti 5/4 gespielt werden."
        pytest.param(Slate.swisslos_10(), [
            ("Eicheln", 1, (Trump.EICHELN,)), ("Rosen", 2, (Trump.ROSEN,)), ("Schilten", 3, (Trump.SCHILTEN,)),
            ("Schellen", 4, (Trump.SCHELLEN,)), ("Obenabe", 5, (O,)), ("Undenufe", 6, (U,)),
            ("Joker 1", 7, SIX), ("Joker 2", 8, SIX), ("Slalom", 9, (SO, SU)), ("Guschti", 10, (GO, GU)),
        ], id="5a slate swisslos_10: the 8 rows and Slalom x9, Guschti x10 (either mode first)"),
    ],
)
def test_slate_presets(slate: Slate, rows: list[tuple[str, int, tuple[object, ...]]]) -> None:
    assert [(row.name, row.factor, row.modes) for row in slate.rows] == rows
    assert Rules(slate=slate.rows[-1].name == "Guschti" and "swisslos_10" or "jassreglement").slate == slate


def test_a_custom_slate_and_bad_slates() -> None:
    """5a "slate": custom; a row's modes, factor and name are checked, and the names differ."""
    custom = Rules(slate=Slate((Row("Trumpf", 2, SIX), Row("Slalom", 3, ("slalom obenabe", "slalom undenufe")))))
    assert custom.slate.rows[1].modes == (SO, SU)
    with pytest.raises(InvalidRulesError, match="every row has its own name"):
        Slate((Row("A", 1, (O,)), Row("A", 2, (U,))))
    with pytest.raises(InvalidRulesError, match="expected 1 to 10 different modes"):
        Row("A", 1, (O, O))
    with pytest.raises(InvalidRulesError, match="factor=0: expected an int 1..100"):
        Row("A", 0, (O,))
    with pytest.raises(InvalidRulesError, match="expected a tuple of 1 to 20 Row"):
        Slate(())
    with pytest.raises(InvalidRulesError, match="slate='zebra': expected a Slate or a preset: jassreglement"):
        Rules(slate="zebra")
    with pytest.raises(JassError, match="is not a trump mode"):
        Row("A", 1, ("zebra",))


# --- 5a "choosing": push round the table; the first must choose; the chooser leads ----------------


def test_vorhand_chooses_an_open_row_or_pushes() -> None:
    """5a "choosing": Vorhand (seat 0) may choose any row of its team's column, in any mode the
    row allows (6 single-mode rows, two jokers of 6 modes: 18 choices), or push."""
    state = coiffeur.new_game(Rules(first_dealer=3), seed=1)
    moves = coiffeur.legal_moves(state)
    assert coiffeur.to_act(state) == 0 and len(moves) == 6 + 2 * 6 + 1 and moves[-1] == Push()
    assert ChooseRow(6, U) in moves and ChooseRow(0, O) not in moves


def test_pushing_goes_to_the_next_player_and_back_to_the_first() -> None:
    """5a "choosing"; Swisslos: "Das Schieben erfolgt nicht wie beim Schieber zum Partner, sondern
    im Gegenuhrzeigersinn zum nächsten Mitspieler. Schieben alle Spieler weiter, kommt die
    Aufforderung zum Trumpfen wieder zum ersten Spieler zurück. Dieser kann nicht mehr
    weiterschieben und muss einen Trumpf wählen." Seats 0, 1, 2, 3 push in turn; then seat 0
    must choose."""
    state = coiffeur.new_game(Rules(first_dealer=3), seed=1)
    for seat in range(4):
        assert coiffeur.to_act(state) == seat and Push() in coiffeur.legal_moves(state)
        state = coiffeur.apply(state, Push())
    assert coiffeur.to_act(state) == 0 and Push() not in coiffeur.legal_moves(state)
    with pytest.raises(IllegalMoveError, match=r"Push\(\) is not a legal move now \(phase choose, seat 0 to act\)"):
        coiffeur.apply(state, Push())
    state = coiffeur.apply(state, ChooseRow(4, O))
    assert (state.chooser, state.play and state.play.leader) == (0, 0)


@pytest.mark.parametrize(
    ("push_to", "order", "last_may_push"),
    [
        pytest.param(PushTo.NEXT_PLAYER, [0, 1, 2, 3, 0], False,
                     id="5a push_to next_player (Swisslos, default): 0, 1, 2, 3 push, then 0 «im Zwang» chooses"),
        pytest.param(PushTo.PARTNER, [0, 2], False,
                     id="5a push_to partner (jassen.ch): 0 pushes to its partner 2, who must choose"),
    ],
)
def test_push_to_option(push_to: PushTo, order: list[int], last_may_push: bool) -> None:
    """5a "choosing", option ``push_to``: whom a push goes to, and who then leads (the chooser,
    as Coiffeur has it, in both)."""
    state = coiffeur.new_game(Rules(first_dealer=3, push_to=push_to), seed=1)
    for seat in order[:-1]:
        assert coiffeur.to_act(state) == seat and Push() in coiffeur.legal_moves(state)
        state = coiffeur.apply(state, Push(), seat=seat)
    chooser = order[-1]
    assert coiffeur.to_act(state) == chooser and (Push() in coiffeur.legal_moves(state)) is last_may_push
    state = coiffeur.apply(state, ChooseRow(5, U), seat=chooser)
    assert (state.chooser, coiffeur.to_act(state), coiffeur.score_round(state).team) == (chooser, chooser, chooser % 2)
    assert serial.loads(serial.dumps(state)) == state


def test_push_to_partner_each_team_declares_every_other_round() -> None:
    """``push_to=PARTNER``: the choice stays with Vorhand's team, so the teams declare in turn
    and both columns of a one-row slate are full after two rounds, without a column ever full
    while its team's seat is to choose."""
    state = coiffeur.new_game(attrs.evolve(one_row("Obenabe", 5, O), push_to=PushTo.PARTNER), seed=3)
    choosers = []
    while not coiffeur.is_over(state):
        if state.phase is Phase.CHOOSE:
            state = coiffeur.apply(state, Push())
            assert coiffeur.legal_moves(state) == (ChooseRow(0, O),)
            choosers.append(coiffeur.to_act(state))
        state = coiffeur.apply(state, coiffeur.legal_moves(state)[0])
    assert choosers == [2, 3] and state.slates[0] is not None


def test_the_chooser_leads_and_declares() -> None:
    """5a "choosing"; Swisslos: "Derjenige Spieler, welcher die Trumpfart bestimmt hat, startet mit
    dem Ablegen der ersten Karte." Seat 0 pushes, seat 1 chooses Undenufe: seat 1 leads, and its
    team (1) is the declaring team."""
    state = coiffeur.apply(coiffeur.new_game(Rules(first_dealer=3), seed=1), Push())
    state = coiffeur.apply(state, ChooseRow(5, U))
    assert (state.phase, state.chooser, coiffeur.to_act(state)) == (Phase.PLAY, 1, 1)
    assert coiffeur.score_round(state).team == 1


def test_a_team_whose_column_is_full_passes_the_choice_on() -> None:
    """5a "choosing", a team with no open row: its seats are skipped. A one-row slate; round 1:
    seat 0 pushes and seat 1 (team 1) fills team 1's only row. Round 2 (seat 0 deals): Vorhand
    seat 1 and its partner seat 3 have nothing to choose; the choice goes 2, 0 (pushes), then
    back to seat 2, which must choose."""
    state = coiffeur.new_game(one_row("Obenabe", 5, O), seed=3)
    state = coiffeur.apply(coiffeur.apply(state, Push()), ChooseRow(0, O))
    while state.phase is Phase.PLAY:
        state = coiffeur.apply(state, coiffeur.legal_moves(state)[0])
    assert state.phase is Phase.ROUND_OVER and state.slates[0] == (None,)
    state = coiffeur.apply(state, Deal())
    assert state.vorhand == 1 and coiffeur.to_act(state) == 2
    assert coiffeur.legal_moves(state) == (ChooseRow(0, O), Push())
    state = coiffeur.apply(coiffeur.apply(state, Push()), Push())
    assert coiffeur.to_act(state) == 2 and coiffeur.legal_moves(state) == (ChooseRow(0, O),)


def test_only_open_rows_and_their_modes() -> None:
    """5a "slate": "each team plays every row once": a row played by the team is not offered again
    (the other team's column does not matter); a row's modes only."""
    state = coiffeur.new_game(Rules(first_dealer=3), seed=1)
    with pytest.raises(IllegalMoveError, match="is not a legal move now"):
        coiffeur.apply(state, ChooseRow(4, U))  # the Obenabe row in Undenufe
    with pytest.raises(IllegalMoveError, match="ChooseRow\\(row=20\\): a row is an int 0..19"):
        ChooseRow(20, O)
    state = coiffeur.apply(state, ChooseRow(4, O))
    while state.phase is Phase.PLAY:
        state = coiffeur.apply(state, coiffeur.legal_moves(state)[0])
    state = coiffeur.apply(state, Deal())  # seat 1 (team 1) is Vorhand: its column is empty
    assert ChooseRow(4, O) in coiffeur.legal_moves(state)
    state = coiffeur.apply(state, Push())  # seat 2 (team 0): row 4 is written in its column
    assert coiffeur.to_act(state) == 2 and ChooseRow(4, O) not in coiffeur.legal_moves(state)
    assert len(coiffeur.legal_moves(state)) == 5 + 2 * 6 + 1


# --- 5a "slate" and "match, last trick": the worked round -----------------------------------------

#: docs/rules/coiffeur.rst: seed 2's deal, Swisslos' 10 rows, seat 3 deals. Seat 0 pushes; seat
#: 1 chooses Slalom-Obenabe (row 8, x9) and leads. Tricks: (cards, mode, winner, card points).
WORKED = [
    ("DA D9 DQ DK", O, 1, 11 + 0 + 3 + 4),
    ("CJ C7 C8 C6", U, 0, 2 + 0 + 8 + 11),  # Undenufe: the 6 is highest and worth 11
    ("HA HK H6 H10", O, 0, 11 + 4 + 0 + 10),
    ("S7 S10 S8 S6", U, 3, 0 + 10 + 8 + 11),
    ("CA CK CQ H7", O, 3, 11 + 4 + 3 + 0),
    ("H9 HQ H8 S9", U, 1, 0 + 3 + 8 + 0),  # Undenufe: the 8 beats the 9 and the Queen
    ("D10 SA DJ D6", O, 3, 10 + 11 + 2 + 0),  # Obenabe: the Jack beats the 10
    ("D7 C9 D8 SJ", U, 3, 0 + 0 + 8 + 2),
    ("HJ SK C10 SQ", O, 3, 2 + 4 + 10 + 3),  # and 5 for the last trick
]


def worked_start() -> State:
    state = coiffeur.new_game(Rules(slate="swisslos_10", first_dealer=3), seed=2)
    return coiffeur.apply(coiffeur.apply(state, Push()), ChooseRow(8, SO))


def test_worked_round() -> None:
    state = worked_start()
    for number, (cards, mode, winner, points) in enumerate(WORKED):
        assert state.play is not None and state.play.trump is mode, number
        assert coiffeur.observe(state, 2).trump is mode
        state = play(state, cards)
        assert state.play is not None
        trick = state.play.tricks[-1]
        assert (trick.winner, trick.points) == (winner, points), number
    # Team 1 (seats 1, 3): tricks 1, 4-9: 18 + 29 + 18 + 11 + 23 + 10 + 19 = 128, + 5 = 133;
    # team 0: 21 + 25 = 46. 174 card points in all: each trick counts in its own mode.
    score = state.history[-1]
    assert score.teams[1] == coiffeur.TeamScore(128, 5, 0, 0, 0, 9)
    assert score.teams[0] == coiffeur.TeamScore(46, 0, 0, 0, 0, 9)
    # Only the declaring team's points are written: 133 x 9 = 1197 in row 8 of team 1's column.
    assert (score.team, score.written, score.totals) == (1, 1197, (0, 1197))
    assert state.slates == ((None,) * 10, (None,) * 8 + (1197, None))
    assert state.scores == (0, 1197) and state.phase is Phase.ROUND_OVER
    assert coiffeur.legal_moves(state) == (Deal(),) and coiffeur.to_act(state) == 0


#: Seat 0 holds all nine Eicheln: leading them, it takes every trick (nobody can follow, and in
#: Obenabe and Undenufe no other card wins).
ALL_CLUBS = fill({0: "C6 C7 C8 C9 C10 CJ CQ CK CA"})


@pytest.mark.parametrize(
    ("rules", "written"),
    [
        pytest.param(one_row("Obenabe", 5, O), (152 + 5 + 100) * 5,
                     id="5a match: all nine tricks, 152 + 5 + 100 = 257, times the row's factor 5"),
        pytest.param(one_row("Undenufe", 6, U), (152 + 5 + 100) * 6,
                     id="5a match: in Undenufe the same 257, times 6"),
        pytest.param(Rules(slate=Slate((Row("Obenabe", 5, (O,)),)), first_dealer=3, match_bonus=0), (152 + 5) * 5,
                     id="5a match_bonus=0: no bonus, 157 x 5"),
        # Slalom-Obenabe, trick by trick (seat 0's club and the others' k-th cards, S, H, D):
        # O CA+6s 11, U CK+7s 4, O CQ+8s 3+24, U CJ+9s 2, O C10+10s 40, U C9+Js 6, O C8+Qs 8+9,
        # U C7+Ks 12, O C6+As 33: 152 as it happens (no 6 falls in an Undenufe trick).
        pytest.param(one_row("Slalom", 9, SO), (11 + 4 + 27 + 2 + 40 + 6 + 17 + 12 + 33 + 5 + 100) * 9,
                     id="5a match in Slalom: each trick's cards count in its own mode, then x9"),
    ],
)
def test_match_and_factor(rules: Rules, written: int) -> None:
    """5a "match, last trick": as in Schieber (tricks, not points), everything times the row's
    factor. Seat 0 leads its clubs from the Ace down; seats 1, 2, 3 hold the Rosen, Schilten and
    Schellen (the rest of the deck in order) and play their lowest card: seat 0 takes every trick."""
    mode = rules.slate.rows[0].modes[0]
    state = coiffeur.apply(coiffeur.new_game(rules, seed=1, deal=ALL_CLUBS), ChooseRow(0, mode))
    clubs = "CA CK CQ CJ C10 C9 C8 C7 C6".split()
    while state.phase is Phase.PLAY:
        state = coiffeur.apply(state, PlayCard(clubs.pop(0)) if coiffeur.to_act(state) == 0
                               else coiffeur.legal_moves(state)[0])
    score = state.history[-1]
    assert (score.teams[0].match, score.teams[0].last_trick) == (rules.match_bonus, 5)
    assert score.written == written and state.slates[0] == (written,)


def test_a_declaring_team_that_takes_no_trick_writes_0() -> None:
    """5a "only the declaring team's points are written": seat 0 chooses Eicheln (the row x1)
    with no club while seat 1 holds all nine: seat 1 trumps every trick. Team 0 writes 0 in its
    Eicheln row; team 1's 157 + 100 (a match) are not written."""
    deal = fill({1: "C6 C7 C8 C9 C10 CJ CQ CK CA"})
    state = coiffeur.apply(coiffeur.new_game(Rules(first_dealer=3), seed=1, deal=deal), ChooseRow(0, Trump.EICHELN))
    while state.phase is Phase.PLAY:
        state = coiffeur.apply(state, coiffeur.legal_moves(state)[0])
    score = state.history[-1]
    assert score.teams[1].cards + score.teams[1].last_trick + score.teams[1].match == 152 + 5 + 100
    assert (score.team, score.written) == (0, 0)
    assert state.slates == ((0,) + (None,) * 7, (None,) * 8) and state.scores == (0, 0)


# --- Misère (issue 29): a row played as Obenabe, Undenufe or Slalom, written the other team's points ---

#: Team 0 (seats 0, 2) holds the five or four highest cards of every suit, team 1 (seats 1, 3)
#: the rest: in Obenabe every card of team 0 beats every card of team 1 in its suit.
HIGH_LOW = [CardSet.parse("C10 CJ CQ CK CA S10 SJ SQ SK"), CardSet.parse("C6 C7 C8 C9 H6 H7 H8 H9 H10"),
            CardSet.parse("SA HJ HQ HK HA DJ DQ DK DA"), CardSet.parse("S6 S7 S8 S9 D6 D7 D8 D9 D10")]
MO, MU, MSO, MSU = coiffeur.MISERE_MODES


def test_a_misere_whose_declarers_take_no_trick_is_written_the_others_match() -> None:
    """quoi-faire.ch: «Nur alle Punkte welche die Gegner machen, zählen für Sie». Seat 0 pushes,
    seat 1 chooses Misère Obenabe (x3) and leads H6; seat 2 takes it with the HA and team 0
    leads from then on: every card it leads is the highest of its suit, so team 0 takes all nine
    tricks, 152 + 5 + 100 (a match) = 257. Team 1 took nothing and is written 257 x 3 = 771."""
    rules = one_row("Misère", 3, *coiffeur.MISERE_MODES)
    state = coiffeur.apply(coiffeur.new_game(rules, seed=1, deal=HIGH_LOW), Push())
    state = play(coiffeur.apply(state, ChooseRow(0, MO)), "H6 HA S6 C10")
    assert state.play is not None and state.play.tricks[0].winner == 2
    while state.phase is Phase.PLAY:
        state = coiffeur.apply(state, coiffeur.legal_moves(state)[0])
    score = state.history[-1]
    assert (score.teams[0].cards, score.teams[0].last_trick, score.teams[0].match) == (152, 5, 100)
    assert score.teams[1].total == 0
    assert (score.team, score.written, score.totals) == (1, 771, (0, 771))
    assert state.slates == ((None,), (771,))


def test_a_misere_whose_declarers_take_every_trick_is_written_0() -> None:
    """Seat 0 holds all nine Eicheln and chooses Misère Obenabe: leading them from the Ace down
    it takes every trick (the others cannot follow). The other team took nothing: team 0 is
    written 0, the worst a Misère can do."""
    rules = one_row("Misère", 1, *coiffeur.MISERE_MODES)
    state = coiffeur.apply(coiffeur.new_game(rules, seed=1, deal=ALL_CLUBS), ChooseRow(0, MO))
    clubs = "CA CK CQ CJ C10 C9 C8 C7 C6".split()
    while state.phase is Phase.PLAY:
        state = coiffeur.apply(state, PlayCard(clubs.pop(0)) if coiffeur.to_act(state) == 0
                               else coiffeur.legal_moves(state)[0])
    score = state.history[-1]
    assert score.teams[0].total == 257 and (score.team, score.written) == (0, 0)


def test_misere_slalom_plays_the_slalom_and_writes_the_other_team_s_points() -> None:
    """The worked Slalom-Obenabe round above, chosen as Misère Slalom Obenabe in a row x9: the
    same cards win the same tricks (the card play is the Slalom's), team 1 again takes 133 and
    team 0 46; team 1 declared, so it is written team 0's 46 x 9 = 414."""
    rows = Slate.swisslos_10().rows
    slate = Slate(rows[:8] + (Row("Misère", 9, coiffeur.MISERE_MODES),) + rows[9:])
    state = coiffeur.new_game(Rules(slate=slate, first_dealer=3), seed=2)
    state = coiffeur.apply(coiffeur.apply(state, Push()), ChooseRow(8, MSO))
    for number, (cards, mode, winner, points) in enumerate(WORKED):
        assert state.play is not None and state.play.trump is mode, number
        state = play(state, cards)
        assert state.play is not None
        assert (state.play.tricks[-1].winner, state.play.tricks[-1].points) == (winner, points), number
    score = state.history[-1]
    assert score.mode is MSO and (score.teams[1].total, score.teams[0].total) == (133 * 9, 46 * 9)
    assert (score.team, score.written) == (1, 414) and state.scores == (0, 414)
    words = coiffeur.VARIANT.text.describe(coiffeur.observe(state, 0))
    assert "Round 1 written: team 1 414 in row 9 (Misère Slalom Obenabe −⬇⬆, team 0's points)" in words


def test_the_misere_preset_and_its_row() -> None:
    rules = coiffeur.VARIANT.preset("misere")
    assert rules.slate.rows[:8] == Slate.jassreglement().rows
    assert rules.slate.rows[8] == Row("Misère", 1, (MO, MU, MSO, MSU))
    assert Slate.with_misere() == rules.slate and Rules(slate="with_misere") == rules
    state = coiffeur.new_game(rules, seed=3)
    assert ChooseRow(8, MSO) in coiffeur.legal_moves(state)
    words = coiffeur.VARIANT.text.describe(coiffeur.observe(coiffeur.apply(state, ChooseRow(8, MO)), 1))
    assert any(line.startswith("Misère: team ") for line in words)


GOLDEN = Path(__file__).resolve().parent / "golden" / "coiffeur_misere.jsonl"
#: The round of the golden record, trick by trick (leader first; Obenabe, the 8 worth 8):
#: seat 1 leads H6, then seat 2 leads every trick. Points: 21 (HA, C10), 21 (SA, S10), 13 (DA,
#: CJ), 15 (DK, CQ, C8), 15 (DQ, D8, CK), 13 (DJ, CA), 24 (HK, D10, SJ, H8), 14 (HQ, S8, SQ),
#: 16 (HJ, SK, H10): 152, all team 0's, + 5 + 100 (a match) = 257; team 1 declared: 257 x 3.
GOLDEN_TRICKS = ["H6 HA S6 C10", "SA S7 S10 C6", "DA D6 CJ C7", "DK D7 CQ C8", "DQ D8 CK C9", "DJ D9 CA H7",
                 "HK D10 SJ H8", "HQ S8 SQ H9", "HJ S9 SK H10"]
GOLDEN_POINTS = [21, 21, 13, 15, 15, 13, 24, 14, 16]


def test_the_golden_misere_record_worked_by_hand() -> None:
    """``coiffeur_misere.jsonl`` was written by hand: it replays trick by trick to the points
    above, writes 771 for team 1, and the library writes the same bytes."""
    line = GOLDEN.read_text(encoding="utf-8").splitlines()[0]
    record = records.read_record(line)
    states = list(records.replay(record))
    final = states[-1]
    assert final.history[-1].mode is MO and final.scores == (0, 771)
    assert [trick.points for trick in states[-2].play.tricks] == GOLDEN_POINTS[:8]
    assert record.to_text() == line
    # The same game built by the API gives the same record.
    rules = one_row("Misère", 3, *coiffeur.MISERE_MODES)
    start = coiffeur.new_game(rules, seed=1, deal=HIGH_LOW)
    moves = [Push(), ChooseRow(0, MO)] + [PlayCard(c) for trick in GOLDEN_TRICKS for c in trick.split()]
    # The game goes on (team 0 has not written the row): a record without the seed is for
    # trusted eyes only.
    assert records.make_record(moves, start, with_seed=False, trusted=True).to_text() == line
    assert serial.loads(serial.dumps(final)) == final


@pytest.mark.parametrize(
    ("typed", "mode"),
    [
        pytest.param("9 obenabe", MO, id="misère row: obenabe is Misère Obenabe"),
        pytest.param("9 une", MU, id="misère row: une is Misère Undenufe"),
        pytest.param("9 slalom obe", MSO, id="misère row: slalom obe is Misère Slalom Obenabe"),
        pytest.param("misère slalom undenufe", MSU, id="misère row by its name and the whole mode"),
    ],
)
def test_a_misere_mode_is_typed_by_the_mode_it_is_played_as(typed: str, mode: PerTrickMode) -> None:
    state = coiffeur.new_game(coiffeur.Rules.misere(), seed=3)
    view = coiffeur.observe(state, coiffeur.to_act(state))
    faces = faces_of_rules(state.rules)
    assert coiffeur.VARIANT.text.read_move(typed, view, coiffeur.legal_moves(state), faces) == ChooseRow(8, mode)


# --- Alles Trumpf and Elefant (issue 29): modes a card led decides (Flavio-art's app) -------------------

AT, EL = LeadMode.ALLES_TRUMPF, LeadMode.ELEFANT


def card_play(mode: LeadMode, hands: str, cards: str, leader: int = 0) -> CardPlay:
    """The card play of ``hands`` (one per seat, separated by "/") after ``cards``."""
    play = CardPlay.start(mode, [CardSet.parse(hand) for hand in hands.split("/")], leader)
    for code in cards.split():
        play = play.play(Card.parse(code))
    return play


@pytest.mark.parametrize(
    ("mode", "hands", "cards", "winner", "points"),
    [
        pytest.param(AT, "SA C6/SJ C7/S9 C8/SK CA", "SA SJ S9 SK", 1, 20 + 14 + 4,
                     id="Alles Trumpf: the led suit ranks as trump, its Under first; only U 20, 9 14, K 4 count"),
        pytest.param(AT, "SA C6/S9 C7/S6 C8/SK CA", "SA S9 S6 SK", 1, 14 + 4,
                     id="Alles Trumpf: the Nell beats the Ace of the led suit; the Ace counts nothing"),
        pytest.param(AT, "H6 C6/CJ S7/H7 C8/H8 CA", "H6 CJ H7 H8", 3, 20,
                     id="Alles Trumpf: a card of another suit never wins, not even an Under"),
        pytest.param(AT, "DQ C6/D10 C7/DA C8/D8 CK", "DQ D10 DA D8", 2, 0,
                     id="Alles Trumpf: A, Q, 10 and 8 count nothing (a 0-point trick)"),
        pytest.param(EL, "C6 HA/CA H6", "C6 CA", 1, 0,
                     id="Elefant: trick 1 is Obenabe (the Ace wins); it counts 0 until trump is made"),
    ],
)
def test_lead_mode_tricks(mode: LeadMode, hands: str, cards: str, winner: int, points: int) -> None:
    play = card_play(mode, hands, cards)
    assert (play.tricks[0].winner, play.tricks[0].points) == (winner, points)


@pytest.mark.parametrize(
    ("hand", "led", "legal"),
    [
        pytest.param("S7 SJ C6", "SA", "S7 SJ", id="Alles Trumpf: a seat holding the led suit follows it"),
        pytest.param("SJ C6 H6", "SA", "C6 SJ H6",
                     id="Alles Trumpf: the led suit's Under, its only card of it, may be kept (Bauer exception)"),
        pytest.param("C6 H6", "SA", "C6 H6", id="Alles Trumpf: void in the led suit, any card"),
    ],
)
def test_alles_trumpf_legal_cards(hand: str, led: str, legal: str) -> None:
    leader = " ".join([led] + ["D6", "D7", "D8"][: len(hand.split()) - 1])
    play = card_play(AT, f"{leader}/{hand}", led)
    assert play.legal_cards() == CardSet.parse(legal) and play.trump is Trump(Card.parse(led).suit)


#: Elefant between two seats with eight cards each (the card play is every variant's): seat 0
#: leads its clubs (tricks 1-3, Obenabe: the club wins), its spades (4-6, Undenufe: the 6, 7, 8
#: beat the Ace, King, Ober), then the DJ to trick 7: Schellen trump. Seat 1 follows with the D6;
#: in trick 8 it has no heart and trumps the H6 with the D9. Counted in Schellen trump: 11
#: (CA), 4 (CK), 3 (CQ), 11 (SA), 4 (SK), 3 (SQ), 20 (DJ), 14 (D9): 70, and 5 for the last trick.
ELEFANT_HANDS = "CA CK CQ S6 S7 S8 DJ H6/C6 C7 C8 SA SK SQ D6 D9"
ELEFANT_CARDS = "CA C6 CK C7 CQ C8 S6 SA S7 SK S8 SQ"


def test_elefant_plays_obenabe_undenufe_then_the_trump_led_to_trick_7() -> None:
    play = card_play(EL, ELEFANT_HANDS, ELEFANT_CARDS)
    assert [trick.winner for trick in play.tricks] == [0] * 6
    assert [trick.points for trick in play.tricks] == [0] * 6 and play.points() == (0, 0)
    assert play.decided_trump is None and play.legal_cards() == CardSet.parse("DJ H6")
    play = play.play(Card.DJ)
    assert play.trump is Trump.SCHELLEN and play.legal_cards() == CardSet.parse("D6 D9")
    assert [trick.points for trick in play.tricks] == [11, 4, 3, 11, 4, 3]
    play = play.play(Card.D6).play(Card.H6)
    assert play.trump is Trump.SCHELLEN and play.decided_trump is Trump.SCHELLEN  # trick 8: no lead decides
    play = play.play(Card.D9)
    assert [(trick.winner, trick.points) for trick in play.tricks[6:]] == [(0, 20), (1, 14)]
    assert play.points() == (36 + 20, 14 + 5)


@pytest.mark.parametrize(
    ("mode", "per_trick"),
    [
        # ALL_CLUBS: seat 0 leads CA, CK, ..., C6; the others play their 6, 7, ..., A in turn.
        # Alles Trumpf: CK 4; CJ 20 + three 9s 42; C9 14 + three Unders 60; three Kings 12.
        pytest.param(AT, [0, 4, 0, 62, 0, 74, 0, 12, 0], id="Alles Trumpf: a match, 152 + 5 + 100, x2"),
        # Elefant: the C8 led to trick 7 makes Eicheln trump, every trick counted so: CA 11, CK 4,
        # CQ 3, CJ 20, C10 10 + three 10s 30, C9 14 + three Unders 6, three Obers 9, three Kings
        # 12, three Aces 33.
        pytest.param(EL, [11, 4, 3, 20, 40, 20, 9, 12, 33], id="Elefant: a match, 152 + 5 + 100, x2"),
    ],
)
def test_a_lead_mode_row_is_counted_and_written_as_any_row(mode: LeadMode, per_trick: list[int]) -> None:
    """5a "match": seat 0 holds the nine Eicheln and takes every trick in either mode (a card
    of another suit never wins an Alles Trumpf trick; in Elefant the clubs win the Obenabe and
    Undenufe tricks as the led suit, then as trump)."""
    assert sum(per_trick) == 152
    state = coiffeur.apply(coiffeur.new_game(one_row(str(mode), 2, mode), seed=1, deal=ALL_CLUBS), ChooseRow(0, mode))
    clubs = "CA CK CQ CJ C10 C9 C8 C7 C6".split()
    while state.phase is Phase.PLAY:
        last = state.play
        state = coiffeur.apply(state, PlayCard(clubs.pop(0)) if coiffeur.to_act(state) == 0
                               else coiffeur.legal_moves(state)[0])
    assert last is not None and [trick.points for trick in last.tricks] == per_trick[:8]
    score = state.history[-1]
    assert (score.teams[0].cards, score.teams[0].last_trick, score.teams[0].match) == (152, 5, 100)
    assert (score.mode, score.team, score.written, state.slates[0]) == (mode, 0, 514, (514,))


def test_the_app_modes_preset_and_what_a_seat_reads() -> None:
    rules = coiffeur.VARIANT.preset("app_modes")
    assert rules.slate.rows[:8] == Slate.jassreglement().rows and rules == Rules.app_modes()
    assert rules.slate.rows[8:] == (Row("Alles Trumpf", 1, (AT,)), Row("Elefant", 1, (EL,)))
    assert Rules(slate="with_app_modes") == rules
    state = coiffeur.new_game(rules, seed=3)
    seat = coiffeur.to_act(state)
    faces = faces_of_rules(rules)
    view = coiffeur.observe(state, seat)
    assert coiffeur.VARIANT.text.read_move("9", view, coiffeur.legal_moves(state), faces) == ChooseRow(8, AT)
    assert coiffeur.VARIANT.text.read_move("elefant", view, coiffeur.legal_moves(state), faces) == ChooseRow(9, EL)
    state = coiffeur.apply(state, ChooseRow(8, AT))
    view = coiffeur.observe(state, seat)
    assert view.trump is None and view.mode is AT  # no trump until a card is led
    words = coiffeur.VARIANT.text.describe(view)
    assert any("played in Alles Trumpf" in line for line in words)
    assert "Alles Trumpf: the card led makes its suit trump for the trick" in words
    led = coiffeur.legal_moves(state)[0]
    assert isinstance(led, PlayCard)
    assert seat is not None
    view = coiffeur.observe(coiffeur.apply(state, led), (seat + 1) % 4)
    assert view.trump is Trump(led.card.suit)


@pytest.mark.parametrize("mode", [AT, EL], ids=["Alles Trumpf", "Elefant"])
@pytest.mark.parametrize("seed", range(6))
def test_random_lead_mode_rounds_keep_157_and_load_back(mode: LeadMode, seed: int) -> None:
    """Properties of random rounds: 157 card points in all (152 and the last trick's 5), every
    card played once, each observation on the way loads back (its checks replay the tricks in
    their modes) and hides the other hands."""
    import random

    rng = random.Random(seed)
    state = coiffeur.apply(coiffeur.new_game(one_row(str(mode), 1, mode), seed=seed), ChooseRow(0, mode))
    while state.phase is Phase.PLAY:
        seat, play = coiffeur.to_act(state), state.play
        assert seat is not None and play is not None
        view = coiffeur.observe(state, seat)
        text = serial.dumps(view)
        assert serial.loads(text) == view and view.hand == play.hand(seat)
        others = {card for other in range(4) if other != seat for card in play.hand(other)}
        assert not others & {Card.parse(code) for code in re.findall(r"\b[CSHD](?:10|[6-9JQKA])\b", text)}
        state = coiffeur.apply(state, rng.choice(coiffeur.legal_moves(state)))
    score = state.history[-1]
    assert sum(team.cards + team.last_trick for team in score.teams) == 157
    assert serial.loads(serial.dumps(state)) == state


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # Each card judged as the trump its lead makes: only the Under reaches 108 (J 8 of 0..8).
        pytest.param("SJ C6 H7 D6 D7 D8 H6 C7 C8", "SJ", id="simple bot, Alles Trumpf lead: an Under makes its suit trump"),
        # Nothing strong: the cheapest (every card 0 points), then the weakest: a 6 (100), the
        # first in card order, C6.
        pytest.param("S6 C7 H8 D6 D7 C6 H6 S7 D8", "C6", id="simple bot, Alles Trumpf lead: else the cheapest, weakest card"),
    ],
)
def test_the_simple_bot_leads_a_trick_its_card_decides(hand: str, expected: str) -> None:
    from jass.ai.bots import SimpleRuleBot

    deal = fill({0: hand})
    state = coiffeur.apply(coiffeur.new_game(one_row("Alles Trumpf", 1, AT), seed=1, deal=deal), ChooseRow(0, AT))
    view = coiffeur.observe(state, 0)
    assert view.trump is None
    assert SimpleRuleBot(0).choose(view, coiffeur.legal_moves(state)) == PlayCard(Card.parse(expected))


@pytest.mark.parametrize("names", [("simple", "rule"), ("random", "simple")], ids=["simple-rule", "random-simple"])
def test_every_bot_plays_the_app_rows_to_the_end(names: tuple[str, str]) -> None:
    """The simple rule bot read the trick's trump, which a trick waiting on its deciding card
    does not have yet: every bot plays the two app rows to the end."""
    from jass.ai.players import make_bot
    from jass.ai.tournament import play_game

    bots = [make_bot(names[seat % 2], seed=seat) for seat in range(4)]
    final = play_game(coiffeur.VARIANT, bots, rules=Rules(slate=Slate(coiffeur.APP_ROWS)), seed=7960286522194355700)
    assert coiffeur.is_over(final) and len(final.history) == 4


GOLDEN_ELEFANT = Path(__file__).resolve().parent / "golden" / "coiffeur_elefant.jsonl"


def all_clubs_round(mode: LeadMode) -> list[coiffeur.Move]:
    """The golden rounds' moves: seat 0 chooses ``mode`` and leads its clubs from the Ace down,
    the others follow with their 6, 7, ..., A of Rosen, Schilten and Schellen in turn."""
    clubs = "CA CK CQ CJ C10 C9 C8 C7 C6".split()
    others = "6 7 8 9 10 J Q K A".split()
    moves: list[coiffeur.Move] = [ChooseRow(0, mode)]
    return moves + [PlayCard(Card.parse(code)) for k in range(9)
                    for code in (clubs[k], "S" + others[k], "H" + others[k], "D" + others[k])]


def test_the_golden_elefant_record_worked_by_hand() -> None:
    """``coiffeur_elefant.jsonl`` was written by hand: the ALL_CLUBS round above as Elefant x3,
    seat 0 leading its clubs from the Ace down and the others their lowest card; the C8 led to
    trick 7 makes Eicheln trump, team 0 takes 152 + 5 + 100 and is written 257 x 3 = 771."""
    line = GOLDEN_ELEFANT.read_text(encoding="utf-8").splitlines()[0]
    record = records.read_record(line)
    states = list(records.replay(record))
    final = states[-1]
    assert final.history[-1].mode is EL and final.scores == (771, 0)
    # After the choice and six tricks, the C8 is led to trick 7 (Eicheln, drawn ♠ in the
    # Jassreglement's pairing): the table reads who made trump.
    words = coiffeur.VARIANT.text.describe(coiffeur.observe(states[1 + 24 + 1], 1))
    assert "Elefant: Eicheln ♠ trump, made by seat 0's ♠8 led to trick 7; every trick counts in it" in words
    words = coiffeur.VARIANT.text.describe(coiffeur.observe(states[1 + 24], 1))
    assert any(line.startswith("Elefant: tricks 1-3 Obenabe, 4-6 Undenufe; the card led to trick 7") for line in words)
    assert record.to_text() == line
    start = coiffeur.new_game(one_row("Elefant", 3, EL), seed=1, deal=ALL_CLUBS)
    assert records.make_record(all_clubs_round(EL), start, with_seed=False, trusted=True).to_text() == line


def test_the_golden_alles_trumpf_record_worked_by_hand() -> None:
    """``coiffeur_alles_trumpf.jsonl`` was written by hand: the same ALL_CLUBS round as Alles
    Trumpf x2; every trick's led suit is Eicheln, which no other card can win; counted with U
    20, 9 14, K 4 only: [0, 4, 0, 62, 0, 74, 0, 12, 0], 152 + 5 + 100, x2 = 514."""
    line = (GOLDEN_ELEFANT.parent / "coiffeur_alles_trumpf.jsonl").read_text(encoding="utf-8").splitlines()[0]
    record = records.read_record(line)
    states = list(records.replay(record))
    assert states[-1].history[-1].mode is AT and states[-1].scores == (514, 0)
    before_last = states[-2].play
    assert before_last is not None and [trick.points for trick in before_last.tricks] == [0, 4, 0, 62, 0, 74, 0, 12]
    assert record.to_text() == line
    start = coiffeur.new_game(one_row("Alles Trumpf", 2, AT), seed=1, deal=ALL_CLUBS)
    assert records.make_record(all_clubs_round(AT), start, with_seed=False, trusted=True).to_text() == line


# --- 5a: the end of the game ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("second", "winner"),
    [
        pytest.param("C6 C7 C8 C9 C10 CJ CQ CK CA", None,
                     id="5a most points win: both teams write 257 x 5 = 1285, a draw"),
        pytest.param("C6 C7 C8 C9 C10 CJ CQ CK H6", 0,
                     id="5a most points win: seat 1 lacks the CA, team 0 wins"),
    ],
)
def test_the_game_ends_after_every_row_most_points_win(second: str, winner: int | None) -> None:
    """5a: "most points after all rows wins". One row (Obenabe x5): round 1 seat 0 (all clubs)
    makes a match, 1285. Round 2 (seat 0 deals, seat 1 Vorhand) with seat 1 holding ``second``:
    all clubs, a match too (a draw); without the CA, seat 1's CA-less clubs lose a trick to the
    CA: no match, fewer points."""
    rules = one_row("Obenabe", 5, O)
    state = coiffeur.apply(coiffeur.new_game(rules, seed=1, deal=ALL_CLUBS), ChooseRow(0, O))
    state = _play_club_leads(state, 0)
    assert state.scores == (1285, 0) and state.phase is Phase.ROUND_OVER
    deal = fill({1: second})
    state = coiffeur.apply_trusted(state, Deal(deal))
    state = _play_club_leads(coiffeur.apply(state, ChooseRow(0, O)), 1)
    assert state.phase is Phase.GAME_OVER and coiffeur.is_over(state)
    assert coiffeur.winner(state) == winner and coiffeur.legal_moves(state) == ()
    if winner is None:
        assert state.scores == (1285, 1285)


def _play_club_leads(state: State, seat: int) -> State:
    """``seat`` leads its clubs from the top; the others play their first legal card."""
    while state.phase is Phase.PLAY:
        assert state.play is not None
        if coiffeur.to_act(state) == seat and not state.play.trick:
            clubs = [c for c in state.play.hand(seat) if c.suit == 0]
            move = PlayCard(max(clubs) if clubs else min(state.play.hand(seat)))
        else:
            move = coiffeur.legal_moves(state)[0]  # type: ignore[assignment]
        state = coiffeur.apply(state, move)
    return state


# --- 5a "Weis, Stöck": none by default, an option -----------------------------------------------------

WEIS_DEAL = fill({0: "H6 H7 H8 HQ HK", 1: "S6 S7 S8 S9"})


@pytest.mark.parametrize(
    ("rules", "offered", "team0"),
    [
        pytest.param(Rules(first_dealer=3), False, (0, 0),
                     id="5a weis none by default (Swisslos: 'ohne Weisen'): no declaration, no Stöck"),
        pytest.param(Rules(first_dealer=3, weis=WeisRules()), True, (0, 0),
                     id="5a weis option: team 1's 50 beats team 0's 20; the declaring team 0 gets no Weis"),
        pytest.param(Rules(first_dealer=3, stoeck=StoeckMode.IMMEDIATE), False, (0, 20),
                     id="5a stoeck option: seat 0's Schilten K and Q count 20 for the declaring team"),
    ],
)
def test_weis_and_stoeck_options(rules: Rules, offered: bool, team0: tuple[int, int]) -> None:
    """Seat 0 (team 0) chooses Schilten (row 2, x3) and holds H6-H8 (20) and HQ HK (Stöck);
    seat 1 holds S6-S9 (50). With Weis both declare; team 1's Weis is the best, but only team
    0's points are written: its row gets no Weis. (team0: its Weis and Stöck before the factor.)"""
    state = coiffeur.apply(coiffeur.new_game(rules, seed=1, deal=WEIS_DEAL), ChooseRow(2, Trump.SCHILTEN))
    assert any(isinstance(m, DeclareWeis) for m in coiffeur.legal_moves(state)) is offered
    declarations = {0: DeclareWeis(Weis.from_cards("H6 H7 H8")), 1: DeclareWeis(Weis.from_cards("S6 S7 S8 S9"))}
    while state.phase is Phase.PLAY:
        seat = coiffeur.to_act(state)
        assert seat is not None
        if offered and seat in declarations and state.declared[seat] is None:
            state = coiffeur.apply(state, declarations[seat])
        state = coiffeur.apply(state, next(m for m in coiffeur.legal_moves(state) if isinstance(m, PlayCard)))
    score = state.history[-1]
    assert (score.teams[0].weis, score.teams[0].stoeck) == team0
    assert score.teams[1].weis == (50 if offered else 0)
    assert score.written == score.teams[0].total and score.teams[0].multiplier == 3


# --- JSON, records, observations ------------------------------------------------------------------------


def test_json_and_records_keep_a_per_trick_round() -> None:
    """The worked round through JSON (checked by replaying it) and a game record; the modes are
    written by name ("slalom_obenabe")."""
    start = worked_start()
    state = play(start, " ".join(cards for cards, _, _, _ in WORKED[:4]))
    text = serial.dumps(state)
    assert '"mode": "slalom_obenabe"' in text and '"trump": "slalom_obenabe"' in text
    assert serial.loads(text) == state
    final = play(state, " ".join(cards for cards, _, _, _ in WORKED[4:]))
    assert serial.loads(serial.dumps(final)) == final
    for seat in (None, 0, 1, 2, 3):
        view = coiffeur.observe(final, seat)
        assert serial.loads(serial.dumps(view)) == view
    initial = coiffeur.new_game(Rules(slate="swisslos_10", first_dealer=3), seed=2)
    moves = [Push(), ChooseRow(8, SO)] + [PlayCard(c) for cards, _, _, _ in WORKED for c in cards.split()]
    line = records.write_record(moves, initial, final)
    assert '"choose 8 slalom_obenabe"' in line
    assert records.final_state(records.read_record(line)) == final
    assert pickle.loads(pickle.dumps(final)) == final


def test_a_loaded_state_that_does_not_replay_is_refused() -> None:
    state = worked_start()
    data = serial.to_dict(state)
    data["row"] = 4  # Slalom-Obenabe is no mode of the Obenabe row
    with pytest.raises(SerialError, match=r"\$\.row"):
        serial.from_dict(data)
    data = serial.to_dict(state)
    data["chooser"] = 0  # seat 1 chose
    with pytest.raises(SerialError):
        serial.from_dict(data)


@pytest.mark.parametrize(
    ("change", "error"),
    [
        # A slate of 10 rows has no row 12 (a round score allows rows up to MAX_ROWS - 1): this
        # raised IndexError instead, found by the fuzzer of test_serial.py with 1,000 examples.
        pytest.param(lambda h: h[0].update(row=12),
                     r"^\$\.history\[0\]: row 12 in Slalom Obenabe: not a row and mode of the slate$",
                     id="a round is written in a row of the slate"),
        pytest.param(lambda h: h[0].update(mode="eicheln"),
                     r"^\$\.history\[0\]: row 8 in Eicheln: not a row and mode of the slate$",
                     id="a row allows only its own modes"),
        pytest.param(lambda h: h.append(copy.deepcopy(h[0])),
                     r"^\$\.history\[1\]\.row: team 1 has played row 8 already$",
                     id="a team plays each row once"),
        pytest.param(lambda h: [t.update(multiplier=3) for t in h[0]["teams"]],
                     r"^\$\.history\[0\]\.teams\[0\]\.multiplier: is 3, but row 8's factor is 9$",
                     id="a row is counted at its factor"),
    ],
)
def test_an_observation_s_history_is_checked_against_the_slate(
    change: Callable[[list[dict[str, Any]]], object], error: str,
) -> None:
    """The rounds an observation shows written are checked against the slate as a state's are."""
    final = play(worked_start(), " ".join(cards for cards, _, _, _ in WORKED))
    data = serial.to_dict(coiffeur.observe(final, 0))
    assert serial.from_dict(data) == coiffeur.observe(final, 0)
    change(data["history"])
    with pytest.raises(SerialError, match=error):
        serial.from_dict(data)


def test_record_text_of_every_move() -> None:
    cases: list[tuple[coiffeur.Move, str]] = [
        (ChooseRow(8, SU), "choose 8 slalom_undenufe"), (ChooseRow(0, Trump.EICHELN), "choose 0 eicheln"),
        (Push(), "push"), (PlayCard("H10"), "play H10"), (Deal(), "deal"),
        (DeclareWeis(Weis.from_cards("H6 H7 H8")), "weis H6-H8"),
    ]
    for move, text in cases:
        assert coiffeur.format_move(move) == text and coiffeur.parse_move(text) == move
    with pytest.raises(RecordError, match="a choice is written 'choose <row> <mode>'"):
        coiffeur.parse_move("choose obenabe")
    with pytest.raises(RecordError, match="is not a Coiffeur move"):
        coiffeur.parse_move("trump obenabe")


def test_observe_shows_the_slate_and_the_trick_s_mode_never_a_hand() -> None:
    state = play(worked_start(), "DA D9 DQ DK CJ")
    assert state.play is not None and coiffeur.to_act(state) == 2
    view = coiffeur.observe(state, 0)
    assert (view.row, view.mode, view.trump, view.chooser) == (8, SO, U, 1)
    assert view.hand == state.play.hand(0) and view.hand_sizes == (8, 7, 8, 8)
    # Trick 1 (18 points) is team 1's, the declaring team's: 18 x 9 so far.
    assert view.legal_moves == () and view.round_points == (0, 18 * 9)
    spectator = coiffeur.observe(state, None)
    assert not spectator.hand and spectator.legal_moves == () and spectator.slates == view.slates
    assert coiffeur.observe(state, 2).legal_moves == coiffeur.legal_moves(state)


def test_the_rule_bot_and_the_public_words() -> None:
    """The rule bot chooses through the Variant (rule_move): a row and mode it likes, or a push;
    a declaration is read by its points only."""
    from jass.ai.bots import RuleBot

    state = coiffeur.new_game(Rules(first_dealer=3), seed=1)
    move = RuleBot().choose(coiffeur.observe(state, 0), coiffeur.legal_moves(state))
    assert move in coiffeur.legal_moves(state)
    words = coiffeur.VARIANT.text.public_move
    assert words is not None
    assert words(DeclareWeis(Weis.from_cards("H6 H7 H8")), Rules()) == "declares Weis (20 points)"
    assert words(ChooseRow(8, SO), Rules(slate="swisslos_10")) == "choose row 9 (Slalom x9): Slalom Obenabe ⬇⬆"
    assert words(ChooseRow(0, Trump.EICHELN), Rules()) == "choose row 1 (Eicheln ♠ x1): Eicheln ♠"


def test_the_search_bots_play_a_misere_row() -> None:
    """The bots see a Misère only through the round's values (the written points): a game of a
    one-row Misère slate plays to its end with the search bots, and each round writes the other
    team's total."""
    from jass.ai.search import ISMCTSBot, MonteCarloBot
    from jass.ai.tournament import play_game

    rules = one_row("Misère", 2, *coiffeur.MISERE_MODES)
    bots = [MonteCarloBot(0, samples=3), ISMCTSBot(1, iterations=15), MonteCarloBot(2, samples=3),
            ISMCTSBot(3, iterations=15)]
    final = play_game(coiffeur.VARIANT, bots, rules=rules, seed=6)
    assert coiffeur.is_over(final) and len(final.history) == 2
    for score in final.history:
        assert score.mode in coiffeur.MISERE_MODES and score.written == score.teams[1 - score.team].total


def test_the_search_bots_play_alles_trumpf_and_elefant() -> None:
    """The search bots see the modes a card led decides through the card play and the sampler
    (which reads each trick in its own mode): a game of the two app rows plays to its end, and
    every round's card points add up to 157."""
    from jass.ai.search import ISMCTSBot, MonteCarloBot
    from jass.ai.tournament import play_game

    rules = Rules(slate=Slate(coiffeur.APP_ROWS), first_dealer=3)
    bots = [MonteCarloBot(0, samples=3), ISMCTSBot(1, iterations=15), MonteCarloBot(2, samples=3),
            ISMCTSBot(3, iterations=15)]
    final = play_game(coiffeur.VARIANT, bots, rules=rules, seed=8)
    assert coiffeur.is_over(final) and len(final.history) == 4
    assert {score.mode for score in final.history} == set(LeadMode)
    for score in final.history:
        assert sum(team.cards + team.last_trick for team in score.teams) == 157


@pytest.mark.parametrize(
    ("trick", "hand", "expected"),
    [
        # Misère Obenabe, seat 2 to play; seat 0 (the partner) led. Lead: the weakest card.
        pytest.param("", "C6 HA D10", "C6", id="misère rule bot: lead the weakest card"),
        # Seat 1 (the other team) winning with the SK: shed the most points that lose: S10 (10).
        pytest.param("S9 SK", "S10 SA H6", "S10", id="misère rule bot: shed points onto the other team's trick"),
        # The partner (seat 0) winning with the SA: lose with the fewest points, S6.
        pytest.param("SA S9", "S6 SQ H6", "S6", id="misère rule bot: give the partner as little as possible"),
        # Every card wins (only spades above the SQ): the cheapest, SJ (2).
        pytest.param("S6 S7", "SJ SK", "SJ", id="misère rule bot: forced to win, the cheapest card"),
    ],
)
def test_the_rule_bot_plays_a_misere_to_take_few_points(trick: str, hand: str, expected: str) -> None:
    """In a Misère both teams want few points: the declaring team is written the other's, and the
    other team's are those it wants low. Seat 2 is to play after seats 0 and 1."""
    rules = one_row("Misère", 1, *coiffeur.MISERE_MODES)
    state = coiffeur.apply(coiffeur.new_game(rules, seed=1), ChooseRow(0, MO))
    view = coiffeur.observe(state, 0)
    cards = [Card.parse(code) for code in trick.split()]
    view = attrs.evolve(view, seat=2, trick=tuple(cards), trick_leader=0 if cards else 2, hand=CardSet.parse(hand))
    moves = [PlayCard(Card.parse(code)) for code in hand.split()]
    legal = [m for m in moves if not cards or m.card.suit == cards[0].suit] or moves
    assert coiffeur.VARIANT.ai.rule_move(view, legal) == PlayCard(expected)
