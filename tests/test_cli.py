"""The command line driven as a person would: typed answers (bad ones, Ctrl-D and Ctrl-C
included), arguments right and wrong, a terminal or a pipe."""

from __future__ import annotations

import io
import re
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jass import __version__
from jass.ai.bots import RandomBot
from jass.cli import main
from jass.cli.console import Choices, Screen, Table, wants_colour
from jass.options import not_supported, options
from jass.records import write_record
from jass.variant import VARIANTS, find_variant, random_playout
from typist import FIRST, first_choice

#: What a typist "types" to end the input (Ctrl-D) or to interrupt (Ctrl-C).
EOF: Any = EOFError
CTRL_C: Any = KeyboardInterrupt


class Typist:
    """Answers the prompts with ``script`` (``EOF`` and ``CTRL_C`` raise), then ``then`` for
    ever (or, with ``then=EOF``, ends the input; with ``then=FIRST``, the first choice of the
    last list shown); keeps the prompts it was shown."""

    def __init__(self, script: list[Any], then: Any = EOF, shown: io.StringIO | None = None) -> None:
        self.answers: Iterator[Any] = iter(script)
        self.then = then
        self.shown = shown
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        answer = next(self.answers, self.then)
        if answer is EOFError or answer is KeyboardInterrupt:
            raise answer()
        if answer is FIRST:
            assert self.shown is not None
            return first_choice(self.shown.getvalue())
        return str(answer)


class Terminal(io.StringIO):
    """An output stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def run(argv: list[str], script: list[Any] | None = None, then: Any = EOF,
        out: io.StringIO | None = None, err: io.StringIO | None = None) -> tuple[int, str, str, Typist]:
    """Run ``jass argv`` with a typist; the exit code, what was written out and to errors."""
    out = out if out is not None else io.StringIO()
    err = err if err is not None else io.StringIO()
    typist = Typist(script or [], then, out)
    code = main(argv, out=out, read=typist, err=err)
    return code, out.getvalue(), err.getvalue(), typist


# --- jass play: what the player is shown -----------------------------------------------------------


def test_differenzler_shows_the_own_secret_prediction_the_points_and_the_penalties() -> None:
    code, text, _, _ = run(["play", "differenzler", "--seed", "5"], ["40", "1", EOF])
    assert code == 0
    assert "Round 1 of 4; penalty points: seat 0 0, seat 1 0, seat 2 0, seat 3 0 (the fewest win)" in text
    assert "Face-up card ♥A: the dealer's (seat 3), it makes Schilten ♥ trump" in text
    assert "  One of 158 «predict» moves, from «predict 0» to «predict 157»" in text
    assert "Your prediction: 40 (secret until the round is over)" in text
    assert "Predictions (secret): seat 0 has predicted, seat 1 has predicted" in text
    assert "Points taken this round: seat 0 0" in text
    # The bots' predictions are secret: the table reads "predicts", never the number.
    assert "  seat 1: predicts" in text and "seat 1: predict " not in text


def test_differenzler_open_predictions_are_shown_as_made() -> None:
    code, text, _, _ = run(["play", "differenzler", "--seed", "5", "--preset", "open"], ["40", EOF])
    assert code == 0
    after = text.split("you: predict 40", 1)[1]
    assert "Predictions: seat 0 40, seat 1 " in after
    assert "  seat 1: predict " in after and "Your prediction" not in after


def test_schieber_shows_the_slate_and_the_round_so_far() -> None:
    code, text, _, _ = run(["play", "schieber", "--seed", "11"], ["1", "1", EOF])
    assert code == 0
    assert "Schieber: you are seat 0 (team 0, with seat 2)" in text
    assert "Score: team 0 0, team 1 0; the game goes to 3000" in text
    assert "seat 0 chooses trump" in text
    assert "This round counts x1; so far team 0 0, team 1 0" in text
    assert "── Round 1 · dealer seat 3 · trump Eicheln ♣ ──" in text


def test_handjass_shows_the_turned_card_the_blinde_and_the_strokes() -> None:
    code, text, _, typist = run(["play", "handjass", "--seed", "1"], [EOF])
    assert code == 0
    assert "Handjass for three: you are seat 0; seat 1 is a rule bot, seat 2 is a rule bot." in text
    assert "seat 1: take the Blinde" in text
    assert "Turned card ♣A: Eicheln ♣ is trump" in text and "Blinde: seat 1 took it and laid his hand aside" in text
    assert "Strokes: seat 0 0, seat 1 0, seat 2 0 (first to 7 wins); Nullers: seat 0 0, seat 1 0, seat 2 0" in text


def test_sidi_offers_the_auction_in_words_and_reads_a_typed_bid() -> None:
    """Rule "the auction" (docs/rules/sidi.rst): every call is public and read in words; a bid is
    typed as its points and its mode, a double or a pass by its word; cards never by letter codes."""
    code, text, _, typist = run(["play", "sidi", "--seed", "1"], ["120", "120 obe", EOF])
    assert code == 0
    assert "Sidi Barrani: you are seat 0 (team 0, with seat 2)" in text
    assert "seat 1: bid 80 in Undenufe ⬆" in text and "seat 2: bid 110 in Schellen ♦" in text
    assert "Highest bid: seat 2 (team 0): 110 in Schellen ♦" in text
    assert "  bid     120 to 150 in tens, or 157 «Sidi»; type e.g. «120 rosen»" in text
    assert "  modes   Eicheln ♣, Rosen ♠, Schilten ♥, Schellen ♦, Obenabe ⬇, Undenufe ⬆" in text
    assert "a bid names its mode too, e.g. «120 rosen»" in text
    assert "you: bid 120 in Obenabe ⬇" in text and "seat 1: double (doppeln)" in text
    assert "Contract: seat 0 (team 0): 120 in Obenabe ⬇, doubled; so far team 0 0, team 1 0" in text
    hand = next(line for line in text.splitlines() if line.startswith("Your hand: "))
    assert "♠A" in hand and "SA" not in hand


def test_molotow_shows_the_trump_its_maker_the_table_weis_and_the_fewest_points() -> None:
    code, text, _, _ = run(["play", "molotow", "--seed", "1"], [], then=FIRST)
    assert code == 0
    assert "Molotow: you are seat 0; seat 1 is a rule bot, seat 2 is a rule bot, seat 3 is a rule bot." in text
    assert "No trump yet: Obenabe, follow suit; the first card that cannot follow makes trump" in text
    # Seat 1 takes S9 S6 S8 S7: four in sequence, a large molotow; seat 3 cannot follow the C9 with ♥7.
    assert "seat 1 58 (table Weis +50)" in text and "Trump: Schilten ♥, made by seat 3's ♥7" in text
    assert "── Game over ──" in text and "has the fewest points" in text


def test_zweierjass_shows_the_bottom_card_the_stack_and_only_the_seat_s_own_draws() -> None:
    code, text, _, typist = run(["play", "zweierjass", "--seed", "1"], ["1", "1", EOF])
    assert code == 0
    assert "Zweierjass: you are seat 0; seat 1 is a rule bot." in text
    assert "Bottom card of the stack ♣J: Eicheln ♣" in text
    assert "Stack: 18 cards; after each trick the winner draws first, then the other" in text
    assert "Stack: 16 cards" in text and "You drew ♦9 (your draws so far: ♦9)" in text
    assert "seat 1 drew" not in text and "Seat 1 drew" not in text  # the other's draws stay hidden
    assert not re.search(r"(?<![A-Za-z0-9])[CSHD](?:10|[6-9JQKA])(?![A-Za-z0-9])", text)  # no letter codes


def test_pomme_shows_the_turned_card_and_the_exchanges_and_plays_a_forced_move_itself() -> None:
    code, text, _, typist = run(["play", "pomme", "--seed", "5"], ["k", EOF])
    assert code == 0
    assert "Turned card ♦9: diamonds ♦ is trump" in text  # la pomme names French suits (seed 000)
    assert "Exchange: seat 0 kept the hand, seat 1 exchanged 3 cards" in text
    # Seat 0 holds no trump 6: "no swap" is its only move, made without a question.
    assert "(your only move: no swap)" in text
    assert typist.prompts == ["Your move> ", "Your move> "]
    assert "85 moves" not in text
    assert "  1. keep the hand\n  or one of 84 «exchange» moves" in text


@pytest.mark.parametrize("name", ["schieber", "differenzler", "pomme", "coiffeur", "handjass", "sidi", "molotow", "bieter", "zweierjass"])
def test_the_table_shows_only_what_the_seat_may_know(name: str) -> None:
    """The table drawn for a seat is the same for every state that differs from the real one
    only in what the seat cannot see (the conformance harness's hidden variations)."""
    variant = find_variant(name)
    variations = variant.checks.hidden_variations
    assert variations is not None
    rng = random.Random(7)
    state = variant.new_game(seed=7)
    checked = 0
    for step in range(120):
        if variant.is_over(state):
            break
        if step % 7 == 0:
            for seat in range(variant.seats):
                drawn = _drawn(variant, state, seat)
                for other in variations(state, seat, rng):
                    assert _drawn(variant, other, seat) == drawn
                    checked += 1
        state = variant.apply(state, rng.choice(variant.legal_moves(state)))
    assert checked > 0


def _drawn(variant: Any, state: Any, seat: int) -> str:
    out = io.StringIO()
    Table(variant, Screen(out), seat, you=True).show(state, variant.observe(state, seat).legal_moves)
    return out.getvalue()


# --- jass play: answers -------------------------------------------------------------------------


def test_schieber_a_claim_that_loses_is_listed_last_and_asks_first() -> None:
    """Seed 11, against the simple rule bots: seat 0 takes trick 3 (♦6 ♦7 ♦8 ♣9 with Eicheln
    trump: the ♣9 is worth 14) and may then say «Mer bedanked eus!» at 14 of 3000 points."""
    script = ["1", "1", "1", "1", "7", "no", "go", "yes"]
    code, text, _, typist = run(["play", "schieber", "--seed", "11", "--bots", "simple"], script)
    assert code == 0
    lines = text.splitlines()
    last = lines.index("  7. go out «Mer bedanked eus!»: this loses the game now")
    assert lines[last - 2 : last] == [
        "  1. play ♣K    2. play ♠6    3. play ♥8    4. play ♥10   5. play ♥A", "  6. play ♦10",
    ]
    question = "  go out «Mer bedanked eus!»: this loses the game at once. Make it anyway? (yes/no) "
    assert typist.prompts.count(question) == 2
    assert "  Not made: choose again." in text
    assert "Team 0 went out («Mer bedanked eus!») at 14 points, short of 3000: Team 1 wins." in text
    assert "Your team loses." in text


def test_ctrl_d_at_the_claim_question_leaves_the_game() -> None:
    code, text, _, _ = run(["play", "schieber", "--seed", "11", "--bots", "simple"], ["1", "1", "1", "1", "7", EOF])
    assert code == 0
    assert "Goodbye" in text and "announced" not in text


def test_an_ambiguous_start_lists_the_moves_it_could_be() -> None:
    code, text, _, _ = run(["play", "schieber", "--seed", "11"], ["cho", "obe", EOF])
    assert code == 0
    assert ("'cho' could be 6 moves: 1. choose Eicheln ♣, 2. choose Rosen ♠, 3. choose Schilten ♥, "
            "4. choose Schellen ♦, 5. choose Obenabe ⬇, 6. choose Undenufe ⬆; type more of one, or its number") in text
    assert "  you: choose Obenabe ⬇" in text


@pytest.mark.parametrize(
    ("argv", "script", "made"),
    [
        (["play", "pomme", "--seed", "1"], ["k", "no"], ["you: keep the hand", "you: no swap"]),
        (["play", "pomme", "--seed", "1"], ["keep", "1"], ["you: keep the hand", "you: swap the trump 6"]),
        (["play", "pomme", "--seed", "5"], ["C6 S7 S10"], ["you: exchange ♣6 ♠7 ♠10"]),
        (["play", "pomme", "--seed", "5"], ["exchange s10 c6 s7"], ["you: exchange ♣6 ♠7 ♠10"]),
        (["play", "pomme", "--seed", "5"], ["exchange ♠10 ♣6 ♠7"], ["you: exchange ♣6 ♠7 ♠10"]),
        (["play", "schieber", "--seed", "11"], ["7"], ["you: push (schieben)"]),
        (["play", "schieber", "--seed", "11"], ["push"], ["you: push (schieben)"]),
        (["play", "schieber", "--seed", "11"], ["trump undenufe"], ["you: choose Undenufe ⬆"]),
        (["play", "differenzler", "--seed", "5"], ["predict 157"], ["you: predict 157"]),
        (["play", "differenzler", "--seed", "5"], ["0", "♣10"], ["you: predict 0", "you: play ♣10"]),
        (["play", "differenzler", "--seed", "5"], ["0", "10c"], ["you: play ♣10"]),
    ],
)
def test_moves_by_number_prefix_notation_or_card(argv: list[str], script: list[str], made: list[str]) -> None:
    code, text, _, _ = run(argv, [*script, EOF])
    assert code == 0
    for words in made:
        assert words in text


@pytest.mark.parametrize(
    ("argv", "script", "said"),
    [
        (["play", "pomme", "--seed", "5"], ["k", "C6", "H6"], "  you do not hold ♥6"),
        (["play", "pomme", "--seed", "5", "--bots", "simple"], ["k", "C6", "S7"], "  ♠7 cannot be played now: you may play ♣10 ♣Q ♣K"),
        (["play", "schieber", "--seed", "11"], ["H10"],
         "  ♥10 cannot be played now: no card is played at this point (see the list)"),
        (["play", "schieber", "--seed", "11"], ["C8"], "  you do not hold ♣8"),
        (["play", "schieber", "--seed", "11", "--deck", "swiss"], ["Eicheln 8"], "  you do not hold Eicheln 8"),
        (["play", "schieber", "--seed", "11", "--preset", "swisslos"], ["s10"],
         "  ♠10 cannot be played now: no card is played at this point (see the list)"),
        (["play", "pomme", "--seed", "5", "--bots", "simple"], ["k", "C6", "9"],
         "  '9' is not a choice: answer 1 to 3, or type a move"),
        (["play", "pomme", "--seed", "5"], ["zzz"], "  'zzz' is not a move: answer with a number, a card such as ♥10"),
        (["play", "pomme", "--seed", "5"], [""], "  '' is not a move"),
        (["play", "pomme", "--seed", "5"], ["²"], "  '²' is not a move"),
        (["play", "pomme", "--seed", "5"], ["k", "C6", "١"], "  '١' is not a move"),  # an Arabic-Indic 1
        # 5,000 digits: no int() of them (Python refuses over 4,300), and the message quotes 40.
        (["play", "pomme", "--seed", "5", "--bots", "simple"], ["k", "C6", "9" * 5000],
         f"  '{'9' * 40}…' is not a choice: answer 1 to 3"),
        (["play", "pomme", "--seed", "5"], ["x" * 500], f"  '{'x' * 40}…' is not a move"),
        (["play", "pomme", "--seed", "5"], ["exchange C6 C10"],
         "  'exchange C6 C10' could be 7 moves: «exchange ♣6 ♣10 ♣Q», «exchange ♣6 ♣10 ♣K»"),
        (["play", "pomme", "--seed", "5"], ["exchange C6 C10 C10"],
         "  'exchange C6 C10 C10': 'C6 C10 C10' names C10 twice: a set of cards names each card once"),
        (["play", "pomme", "--seed", "5"], ["exchange C6 C10 HA"], "  'exchange C6 C10 HA': «exchange ♣6 ♣10 ♥A» is not a legal move now"),
        (["play", "differenzler", "--seed", "5"], ["200"], "  '200': Predict(200): a prediction is an int 0..157"),
    ],
)
def test_bad_answers_are_explained_and_asked_again(argv: list[str], script: list[str], said: str) -> None:
    code, text, _, typist = run(argv, [*script, EOF])
    assert code == 0
    assert said in text
    assert typist.prompts[-1] == "Your move> "  # asked again, until the input ended


def test_question_mark_shows_the_help_and_the_table_again() -> None:
    code, text, _, _ = run(["play", "pomme", "--seed", "5"], ["?", EOF])
    assert code == 0
    assert 'How to answer "Your move>"' in text
    assert text.count("Your hand:") == 2


def test_ctrl_d_says_goodbye_and_exits_0() -> None:
    code, text, _, _ = run(["play", "pomme", "--seed", "1"], [EOF])
    assert code == 0
    assert text.rstrip().endswith("Goodbye: the game is left unfinished.")


def test_ctrl_c_leaves_with_130() -> None:
    code, text, _, _ = run(["play", "schieber", "--seed", "1", "--seat", "1"], [CTRL_C])
    assert code == 130
    assert "Game left (interrupted)." in text


@pytest.mark.parametrize("name", ["schieber", "differenzler", "pomme", "coiffeur", "handjass", "sidi", "molotow", "bieter", "zweierjass"])
def test_a_person_plays_a_whole_game_with_bad_answers_on_the_way(name: str) -> None:
    code, text, _, _ = run(["play", name, "--seed", "5"], ["zzz", "999", "", "H11"], then=FIRST)
    assert code == 0
    assert "'zzz' is not a move" in text
    assert "── Game over ──" in text
    assert [line for line in text.splitlines() if line.endswith("wins.")]
    assert any(line in text for line in ("You win!", "You lose.", "Your team wins!", "Your team loses."))


def test_differenzler_for_three_plays_to_the_end_with_twelve_cards_each() -> None:
    code, text, _, _ = run(["play", "differenzler", "--seed", "7", "--preset", "jasswiki_three"], [], then=FIRST)
    assert code == 0
    assert "Differenzler: you are seat 0; seat 1 is a rule bot, seat 2 is a rule bot." in text
    assert "Round 1 of 4; penalty points: seat 0 0, seat 1 0, seat 2 0 (the fewest win)" in text
    hand = next(line for line in text.splitlines() if line.startswith("Your hand: "))
    assert len(hand.split(": ", 1)[1].split()) == 12
    assert "(one point per five), taken off the penalty" in text  # jasswiki's dealer credit
    assert "── Game over ──" in text and "seat 3" not in text


def test_rules_lists_the_player_counts_of_the_presets() -> None:
    code, text, _, _ = run(["rules"])
    assert code == 0
    assert "  differenzler   Differenzler, 3 or 4 players" in text
    assert "  schieber       Schieber, 4 players" in text


# --- jass play: the cards' own language ------------------------------------------------------------


def test_the_swiss_deck_names_every_card() -> None:
    """``--deck swiss``: the hand, the choices and the hints name cards the Swiss way; no French
    symbol and no letter code is shown."""
    code, text, _, _ = run(["play", "schieber", "--seed", "11", "--deck", "swiss"], ["1", "Eicheln 8", "1", EOF])
    assert code == 0
    hand = next(line for line in text.splitlines() if line.startswith("Your hand: "))
    assert hand.startswith("Your hand: Eicheln ") and " · Rosen " in hand and "*" in text
    assert "  you do not hold Eicheln 8" in text and "play Eicheln " in text
    assert not set("♣♠♥♦") & set(text.split("Rules:", 1)[1]) and "trump Eicheln ──" in text


@pytest.mark.parametrize(
    ("preset", "suits", "choice"),
    [
        pytest.param(None, "Suits: ♣ Eicheln, ♠ Rosen, ♥ Schilten, ♦ Schellen (seed pairing).", "3. choose Schilten ♥",
                     id="seed 001's pairing"),
        pytest.param("swisslos", "Suits: ♣ Schellen, ♠ Schilten, ♥ Rosen, ♦ Eicheln (swisslos pairing).",
                     "3. choose Schilten ♠", id="Swisslos' pairing: Schilten/Schaufel"),
        pytest.param("romandie", "Suits: ♣ clubs, ♠ spades, ♥ hearts, ♦ diamonds (romandie pairing).",
                     "3. choose hearts ♥", id="Romandie: French names"),
    ],
)
def test_the_pairing_of_the_preset_draws_the_french_cards(preset: str | None, suits: str, choice: str) -> None:
    """RULES 1a: a preset that follows a source draws the Swiss suits with its source's French
    symbols, in every line the player reads (against the simple rule bots: under Romandie's
    preset, seat 2 opens this deal and the simple bot pushes to the player)."""
    argv = ["play", "schieber", "--seed", "11", "--bots", "simple"] + (["--preset", preset] if preset else [])
    code, text, _, _ = run(argv, [EOF])
    assert code == 0 and suits in text and choice in text


def test_help_says_how_to_type_a_card_of_the_pairing() -> None:
    code, text, _, _ = run(["play", "schieber", "--seed", "11", "--preset", "swisslos"], ["?", EOF])
    assert "♠10, s10 or 10s plays the Schilten ♠ 10" in text and "s = ♠ Schilten" in text
    code, text, _, _ = run(["play", "schieber", "--seed", "11", "--deck", "swiss"], ["?", EOF])
    assert "  Rosen Ass    a card by its name: Rosen Ass, Schilten Banner (or 10)" in text


@pytest.mark.parametrize(
    ("script", "said"),
    [
        pytest.param(["7 obenabe"], "you: choose row 7 (Joker 1 x7): Obenabe ⬇", id="a joker row by its number and mode"),
        pytest.param(["row 8 unde"], "you: choose row 8 (Joker 2 x8): Undenufe ⬆", id="row, number, a mode's start"),
        pytest.param(["joker 1 undenufe"], "you: choose row 7 (Joker 1 x7): Undenufe ⬆", id="a row by its whole name"),
        pytest.param(["3"], "you: choose row 3 (Schilten ♦ x3): Schilten ♦", id="a suit row by its number"),
        pytest.param(["♠"], "you: choose row 1 (Eicheln ♠ x1): Eicheln ♠", id="a suit row by its French symbol"),
        pytest.param(["gschobe"], "you: push (schieben) to the next player", id="a push"),
        pytest.param(["joker obe"], "'joker' could be row 7 (Joker 1) or row 8 (Joker 2)", id="both jokers open"),
        pytest.param(["7"], "row 7 (Joker 1 x7) is played in a mode of your choice", id="a joker row needs its mode"),
        pytest.param(["12 obe"], "row 12 is not open for your team", id="no row 12"),
    ],
)
def test_coiffeur_rows_are_typed_as_the_slate_numbers_them(script: list[str], said: str) -> None:
    """Coiffeur's rows are numbered from 1, as on the slate and in the list, and a player types
    that number (``7`` is Joker 1, x7) or the row's name; jassverzeichnis' pairing draws the
    suit rows (Eicheln ♠ x1). Against the simple rule bots: in this deal the rule bots choose
    the row before the player may."""
    code, text, _, _ = run(["play", "coiffeur", "--seed", "1", "--bots", "simple"], [*script, EOF])
    assert code == 0
    assert "     7  Joker 1 x7: Eicheln ♠, Rosen ♣, Schilten ♦, Schellen ♥, Obenabe ⬇, Undenufe ⬆" in text
    assert said in text


# --- jass play: arguments ------------------------------------------------------------------------


def test_play_takes_a_preset() -> None:
    code, text, _, _ = run(["play", "schieber", "--preset", "swisslos", "--seed", "11"], [EOF])
    assert code == 0
    assert "Rules: preset swisslos" in text and "the game goes to 2500" in text


def test_play_with_a_seed_is_the_same_game_again() -> None:
    script = ["40", "1", "1", "1", EOF]
    assert run(["play", "differenzler", "--seed", "9"], script)[1] == run(["play", "differenzler", "--seed", "9"], script)[1]


def test_play_takes_one_bot_per_seat() -> None:
    code, text, _, _ = run(["play", "schieber", "--bots", "random,rule,random", "--seed", "2"], [EOF])
    assert code == 0
    assert "seat 1 is a random bot, seat 2 is a rule bot, seat 3 is a random bot." in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "schieber", "--preset", "nonsense"], "jass: --preset 'nonsense': schieber has the presets seed, swisslos"),
        (["play", "pomme", "--seat", "3"], "jass: --seat 3: pomme has the seats 0..1"),
        (["play", "schieber", "--bots", "rule,random"], "name one bot, or one for each of the 3 other seats"),
    ],
)
def test_play_refuses_what_the_variant_does_not_have(argv: list[str], message: str) -> None:
    code, _, err, _ = run(argv)
    assert code == 2
    assert message in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "poker"], "no variant called 'poker'"),
        (["play", "schieber", "--bots", "clever"], "no bot called 'clever'"),
        (["play", "schieber", "--seed", "-1"], "argument --seed: seed=-1: expected an int 0..2**64-1"),
        (["play", "schieber", "--seed", str(2**64)], f"seed={2**64}: expected an int 0..2**64-1"),
        (["play", "schieber", "--seat", "-1"], "seats are numbered from 0"),
        (["simulate", "schieber", "--games", "0"], "0 is too small: give 1 or more"),
        (["simulate", "schieber", "--games", "ten"], "'ten' is not a whole number"),
        (["simulate", "schieber", "--processes", "0"], "0 is too small"),
        (["simulate", "schieber", "--processes", "-2"], "-2 is too small"),
        (["simulate", "schieber", "--bots", "rule"], "name two bots"),
        (["simulate", "schieber", "--bots", "rule,clever"], "no bot called 'clever'"),
        (["replay", "x.json", "--seat", "1", "--open"], "not allowed with argument"),
    ],
)
def test_the_parser_refuses_bad_arguments(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv, out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert "usage: jass" in err and message in err


def test_play_help_explains_the_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--help"]) == 0
    text = capsys.readouterr().out
    for words in ('How to answer "Your move>"', "--preset", "--seed", "--bots", "Ctrl-D", "♥10", "loses the game"):
        assert words in text


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"jass {__version__}\n"


def test_colour_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    tty = Terminal()
    run(["play", "pomme", "--seed", "5"], [EOF], out=tty)
    assert "\x1b[31m♦9\x1b[0m" in tty.getvalue()  # the turned card, red
    plain = Terminal()
    run(["--no-colour", "play", "pomme", "--seed", "5"], [EOF], out=plain)
    assert "\x1b[" not in plain.getvalue() and "♦9" in plain.getvalue()
    assert "\x1b[" not in run(["play", "pomme", "--seed", "5"], [EOF])[1]  # not a terminal
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wants_colour(Terminal())
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    assert not wants_colour(Terminal())


def test_play_writes_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, text, _, _ = run(["play", "pomme", "--seed", "5", "--record", str(path)], then="1")
    assert code == 0 and f"The game's record is in {path}" in text
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["variant"] == "pomme" and data["seed"] == 5 and data["result"]["over"] is True
    code, replayed, _, _ = run(["replay", str(path), "--seat", "0", "--no-pause"])
    assert code == 0
    final = [line for line in text.splitlines() if line.endswith("wins.")]
    assert final and final[0] in replayed


def test_a_record_that_cannot_be_written_is_said(tmp_path: Path) -> None:
    code, _, err, _ = run(["play", "pomme", "--seed", "5", "--record", str(tmp_path / "no" / "such" / "dir.json")],
                          [EOF])
    assert code == 2 and "jass: cannot write the record to" in err


# --- jass simulate -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["schieber", "differenzler", "pomme", "coiffeur"])
def test_simulate_prints_a_table(name: str) -> None:
    code, text, _, _ = run(["simulate", name, "--games", "6", "--seed", "3", "--quiet"])
    assert code == 0
    assert f"6 games of {name}, seed 3" in text
    assert "A: rule" in text and "B: random" in text


def test_simulate_a_bot_against_itself_is_reported_by_position() -> None:
    code, text, _, _ = run(["simulate", "pomme", "--games", "8", "--bots", "rule,rule", "--duplicate"])
    assert code == 0
    assert "A: rule" in text and "B: rule" in text
    assert "8 games of pomme, duplicate deals, seed 0" in text
    assert "margin of A over B per deal" in text


class _Fragile:
    """A bot that breaks in one of seven of the seats it is made for (by its seed)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.inner = RandomBot(seed)

    def choose(self, view: Any, moves: Any) -> Any:
        if self.seed is not None and self.seed % 7 == 0:
            raise RuntimeError("the fragile bot broke")
        return self.inner.choose(view, moves)


@pytest.fixture
def fragile_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot called "fragile" among the named ones, for one test."""
    import importlib
    from types import MappingProxyType

    from jass.ai import players

    cli = importlib.import_module("jass.cli.main")  # the module (jass.cli.main is also its function's name)
    bots = MappingProxyType({**players.BOTS, "fragile": _Fragile})
    monkeypatch.setattr(players, "BOTS", bots)
    monkeypatch.setattr(cli, "BOTS", bots)


@pytest.mark.usefixtures("fragile_bot")
def test_simulate_reports_a_failing_game_and_the_games_before_it() -> None:
    """A game that raises ends the run: the games before it are reported, the error names the
    failing game (its seed and seats, to play it again) with its traceback, and the exit code
    is 1; --keep-going plays every other game and lists the failures."""
    code, text, err, _ = run(["simulate", "pomme", "--games", "12", "--bots", "fragile,rule", "--seed", "1", "--quiet"])
    assert code == 1
    assert "games of pomme, seed 1" in text and "A: fragile" in text
    assert "jass: game " in err and "of pomme (seed " in err and "failed: RuntimeError: the fragile bot broke" in err
    assert "(--keep-going plays on)" in err and "Traceback (most recent call last)" in err
    code, text, err, _ = run(["simulate", "pomme", "--games", "12", "--bots", "fragile,rule", "--seed", "1", "--quiet",
                              "--keep-going"])
    assert code == 1
    assert "games failed:" in text and "RuntimeError: the fragile bot broke" in text
    assert "games failed (listed above)" in err


@pytest.mark.slow  # two tournament games of twelve rounds with the Monte Carlo bot: about 20 s
def test_the_readme_monte_carlo_command_runs_to_the_end() -> None:
    """The README's second command, shortened to one duplicate deal: the Monte Carlo bot
    against the rule bot under the tournament rules, to the end (issue 25: it failed there)."""
    code, text, err, _ = run(["simulate", "schieber", "--bots", "montecarlo,rule", "--preset", "tournament",
                              "--games", "2", "--duplicate", "--quiet"])
    assert (code, err) == (0, "")
    assert "2 games of schieber, duplicate deals, seed 0" in text and "A: montecarlo" in text


def test_simulate_refuses_duplicate_with_an_odd_number_of_games() -> None:
    code, _, err, _ = run(["simulate", "pomme", "--games", "3", "--duplicate"])
    assert code == 2 and "give an even number" in err


def test_simulate_refuses_an_unknown_preset() -> None:
    code, _, err, _ = run(["simulate", "schieber", "--preset", "nonsense", "--quiet"])
    assert code == 2 and "swisslos" in err


def test_simulate_draws_a_progress_bar_on_a_terminal_only() -> None:
    err = Terminal()
    code, _, shown, _ = run(["simulate", "pomme", "--games", "4"], err=err)
    assert code == 0
    assert "\r[" in shown and "4/4 games" in shown and shown.endswith("\n")
    assert run(["simulate", "pomme", "--games", "4"])[2] == ""  # not a terminal: nothing
    assert run(["simulate", "pomme", "--games", "4", "--quiet"], err=Terminal())[2] == ""


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(child) for child in path.read_text().split()] if path.exists() else []


def _running(pid: int) -> bool:
    stat = Path(f"/proc/{pid}/stat")
    try:
        return stat.read_text().split()[2] != "Z"  # a zombie has ended
    except (OSError, IndexError):
        return False


def _ctrl_c_as_at_a_terminal() -> None:
    # A job a shell starts in the background (as a CI runner may run the tests) inherits SIGINT
    # ignored, and Python then leaves it ignored; at a terminal it is not.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux's /proc to see the workers")
def test_ctrl_c_stops_a_simulation_with_two_processes() -> None:
    """Ctrl-C at a terminal goes to the whole process group: one line, exit 130, no worker left,
    no traceback from anyone."""
    process = subprocess.Popen(
        [sys.executable, "-m", "jass", "simulate", "schieber", "--games", "100000", "--processes", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=_ctrl_c_as_at_a_terminal,
    )
    workers: list[int] = []
    deadline = time.monotonic() + 60
    while len(workers) < 3 and time.monotonic() < deadline:  # two workers and the resource tracker
        time.sleep(0.2)
        workers = _children(process.pid)
    time.sleep(1.0)  # let the workers start their games
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err == "jass: interrupted after 0 of 100000 games\n" or (
        err.startswith("jass: interrupted after ") and err.count("\n") == 1)
    assert "Traceback" not in out + err
    deadline = time.monotonic() + 10
    while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_running(pid) for pid in workers)


# --- jass rules ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["schieber", "differenzler", "pomme", "coiffeur"])
def test_rules_explain_every_option(name: str) -> None:
    """``jass rules`` is for players: every option with its default in words and what it means,
    where it comes from named by what it is (seed 001 as "the Dutch StarGames rules"), the page
    to read more; no repr of a value, no line of code-sized text."""
    variant = find_variant(name)
    code, text, _, _ = run(["rules", name])
    assert code == 0
    flat = " ".join(text.split())
    every = [option for option in options(variant.rules_type) if not option.group]
    for option in every:
        assert f"{option.name} = " in text or option.name.startswith("slate."), option.name
    assert variant.text.rules_page in text and variant.text.about.split(".")[0] in flat
    # "seed 001" only after what it is: "the Dutch StarGames rules (seed 001".
    assert all(flat[found.start() - 1] == "(" for found in re.finditer("seed 00", flat))
    assert "Source:" not in text and "EndMode." not in text and "Trump.EICHELN" not in text
    assert max(len(line) for line in text.splitlines()) <= 100
    assert "Where the sources disagree" in text
    assert all(entry.rule.split(";")[0][:20] in flat for entry in not_supported(variant.rules_type))


def test_rules_show_what_each_preset_changes() -> None:
    code, text, _, _ = run(["rules", "chibre"])  # an alias
    assert code == 0
    flat = " ".join(text.split())
    assert "swisslos: Swisslos' game to 2500" in flat
    assert "Sets: target_score 2500, end_mode auto, multipliers 1, 1, 2, 2, 3, 3, pairing swisslos." in flat
    assert "seed: The seed's rules (the defaults)" in flat and "Sets: nothing: the defaults" in flat
    assert "romandie: The chibre of Romandie" in flat


def test_rules_explain_an_enum_value_in_words() -> None:
    text = " ".join(run(["rules", "differenzler"])[1].split())
    assert "prediction_mode = secret (or open): Who sees a prediction: secret (hidden until the round is over) or open." in text
    assert "play.undertrump = allowed if void (or forbidden unless only trumps, allowed)" in text
    coiffeur = " ".join(run(["rules", "coiffeur"])[1].split())
    assert "slate = 8 rows: 1 Eicheln x1, 2 Rosen x2, 3 Schilten x3" in coiffeur and "Row(" not in coiffeur


def test_rules_without_a_variant_list_the_variants() -> None:
    code, text, _, _ = run(["rules"])
    assert code == 0
    for name in ("schieber", "differenzler", "pomme", "coiffeur"):
        assert f"  {name} " in text


def test_a_closed_pipe_ends_quietly() -> None:
    """`jass rules schieber | head -1`: the reader goes away; exit 0, no traceback."""
    result = subprocess.run(
        f"{sys.executable} -m jass rules schieber | head -1",
        shell=True, capture_output=True, text=True, check=False,
    )
    assert result.stdout.startswith("Schieber: the rules of this library, and how to change them")
    assert "Traceback" not in result.stderr


# --- jass replay ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def differenzler_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole Differenzler game of rule bots, with secret predictions."""
    variant = find_variant("differenzler")
    from jass.ai.players import make_bot

    initial = variant.new_game(seed=4)
    moves, state = [], initial
    bots = [make_bot("rule", seed=seat) for seat in range(4)]
    while not variant.is_over(state):
        seat = variant.to_act(state)
        assert seat is not None
        move = bots[seat].choose(variant.observe(state, seat), variant.legal_moves(state))
        moves.append(move)
        state = variant.apply(state, move)
    path = tmp_path_factory.mktemp("records") / "differenzler.json"
    path.write_text(write_record(moves, initial, state), encoding="utf-8")
    return path


def test_replay_from_a_seat_shows_its_hand_and_its_secrets_only(differenzler_record: Path) -> None:
    code, text, _, typist = run(["replay", str(differenzler_record), "--seat", "1"], then="")
    assert code == 0
    assert "Differenzler: a record of" in text and "as seat 1 saw it" in text
    assert "Hand of seat 1:" in text and "Hand of seat 0" not in text
    assert "  seat 0: predicts" in text and "  seat 1: predict " in text
    assert "Your prediction: " in text
    assert "── Game over ──" in text and "seat" in text.splitlines()[-2]
    assert typist.prompts and set(typist.prompts) == {"Enter: the next trick · q: quit> "}
    assert len(typist.prompts) == text.count(" -> ") - 1  # after every trick but the last


def test_replay_open_shows_every_hand_and_every_prediction(differenzler_record: Path) -> None:
    code, text, _, typist = run(["replay", str(differenzler_record), "--no-pause"])
    assert code == 0
    assert "with every hand open" in text
    for seat in range(4):
        assert f"\nseat {seat}: " in text
        assert f"  seat {seat}: predict " in text
        assert f"  seat {seat} · Your prediction: " in text
    assert typist.prompts == []


@pytest.mark.parametrize("answer", ["q", EOF])
def test_replay_stops_on_q_or_the_end_of_input(differenzler_record: Path, answer: Any) -> None:
    code, text, _, typist = run(["replay", str(differenzler_record)], ["", answer], then="")
    assert code == 0
    assert len(typist.prompts) == 2 and "Game over" not in text


def test_replay_of_a_game_in_progress_says_it_is_not_over(tmp_path: Path) -> None:
    variant = find_variant("schieber")
    initial = variant.new_game(seed=3)
    moves = list(variant.legal_moves(initial)[:1])
    path = tmp_path / "short.json"
    path.write_text(write_record(moves, initial), encoding="utf-8")
    code, text, _, _ = run(["replay", str(path), "--seat", "2"])
    assert code == 0 and "The record ends here; the game was not over." in text


@pytest.mark.parametrize(
    ("content", "argv", "message"),
    [
        (None, [], "jass: cannot read"),
        ("{not json", [], "jass: "),
        ('{"format": "jass-record/1", "variant": "pomme", "rules": {"type": "pomme.Rules"}, "seed": 1, '
         '"moves": ["play HA"]}', [], "move 1"),
        (None, ["--seat", "4"], "jass: --seat 4: pomme has the seats 0..1"),
    ],
)
def test_replay_refuses_what_it_cannot_read(tmp_path: Path, content: str | None, argv: list[str], message: str) -> None:
    path = tmp_path / "record.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    elif argv:
        path.write_text(write_record([], find_variant("pomme").new_game(seed=1)), encoding="utf-8")
    code, _, err, _ = run(["replay", str(path), *argv])
    assert code == 2
    assert message in err


# --- jass deal -----------------------------------------------------------------------------------


def test_deal_shows_four_hands_with_weis() -> None:
    code, text, _, _ = run(["deal", "--seed", "7"])
    assert code == 0
    assert text.count("  seat ") == 4
    # deal(7) gives seat 3 HQ HK HA: a sequence of three, and Stöck if Schilten is trump.
    assert "sequence ♥Q-♥A: 20" in text and "Stöck if Schilten ♥ is trump" in text
    code, text, _, _ = run(["deal", "--seed", "7", "--deck", "swiss"])
    assert "sequence Schilten Ober-Ass: 20" in text and "Schilten Ober König Ass" in text


# --- the pieces -----------------------------------------------------------------------------------


def test_choices_put_losing_moves_last() -> None:
    """A variant's sensible_moves decide: a move outside them is listed last and confirmed."""
    variant = find_variant("schieber")
    state = variant.new_game(seed=11)
    while "announce" not in [variant.notation.format_move(m) for m in variant.legal_moves(state)]:
        state = variant.apply(state, variant.legal_moves(state)[-1])
    moves = variant.legal_moves(state)
    choices = Choices(variant, variant.observe(state, variant.to_act(state)), moves)
    assert variant.notation.format_move(moves[0]) == "announce"  # first among the legal moves...
    assert choices.numbered[-1] == moves[0] and choices.loses(moves[0])  # ...last among the choices
    assert not any(choices.loses(move) for move in moves[1:])


def test_random_playout_of_every_variant_draws_and_ends() -> None:
    """The table and the end can be drawn for every registered variant, from any seat."""
    for name, variant in VARIANTS.items():
        final = random_playout(variant, variant.new_game(seed=2), seed=2)
        out = io.StringIO()
        table = Table(variant, Screen(out), 0, you=True)
        table.show(final)
        lines = table.final(final)
        assert "── Game over ──" in lines, name
        Table(variant, Screen(out), None).show(final)


def test_bieter_offers_the_bids_and_fort_in_the_table_s_words() -> None:
    code, text, _, _ = run(["play", "bieter", "--seed", "1"], ["fort"], then=FIRST)
    assert code == 0
    assert "Bieter (Steiger) for three: you are seat 0; seat 1 is a rule bot, seat 2 is a rule bot." in text
    assert "seat 1: 600" in text and "seat 2: fort" in text  # a bid said as its number
    assert "  1. fort\n  or one of 179 «bid» moves, from «610» to «1500»" in text
    assert "Table: ♣6 ♠J ♣J face up, 3 face down (the King takes them)" in text
    assert "seat 1: lays a card away" in text and "King: seat 1, bid 600; Bauernpartei: seats 0 and 2" in text
    assert "── Game over ──" in text and "Your team" not in text
    assert "the Bauernpartei wins." in text and "You win!" in text  # seat 0 is of the Bauernpartei
