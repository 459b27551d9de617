"""What a player reads of a game (Variant.describe) and why a game ended (Variant.end_reason):
scenario tables whose expected lines are worked out by hand."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from jass import differenzler as dz
from jass import coiffeur, pomme, schieber
from jass.cards import FULL_DECK, CardSet
from jass.play import PlayCard
from jass.trump import Trump
from jass.variant import VARIANTS, random_playout, variant_of


def _lines(state: Any, seat: int | None) -> list[str]:
    variant = variant_of(state)
    return list(variant.text.describe(variant.observe(state, seat)))


# --- Schieber: the deal of FULL_DECK gives seat k the nine cards of suit k ----------------------


def _suits_game(**options: Any) -> schieber.State:
    """Seat 3 deals; seat 0 (Vorhand) holds every Eicheln and names Eicheln trump."""
    state = schieber.new_game(schieber.Rules(first_dealer=3, **options), seed=1, deal=list(FULL_DECK))
    return schieber.apply(state, schieber.ChooseTrump(Trump.EICHELN))


def _first_trick(state: schieber.State) -> schieber.State:
    # Seat 0 leads the trump Jack (20 points); the others hold no trump and throw their 6s (0).
    for card in ("CJ", "S6", "H6", "D6"):
        state = schieber.apply(state, PlayCard(card))
    return state


def test_schieber_shows_the_slate_the_round_so_far_weis_and_stoeck() -> None:
    state = _suits_game()
    assert _lines(state, 1) == [
        "Score: team 0 0, team 1 0; the game goes to 3000",
        "This round counts x1; so far team 0 0, team 1 0",
    ]
    weis = [m for m in schieber.legal_moves(state) if isinstance(m, schieber.DeclareWeis)][0]
    state = schieber.apply(state, weis)  # C6 to CA: one sequence of nine, 300
    assert "Weis declared (points): seat 0 300" in _lines(state, 2)
    assert "Your Weis: sequence ♣6-♣A: 300" in _lines(state, 0)
    assert not any(line.startswith("Your Weis") for line in _lines(state, 1))  # only its own
    state = _first_trick(state)
    # 20 for the trump Jack, and the best Weis (team 0's 300) counts once the first trick is over.
    assert _lines(state, 1)[1:] == [
        "This round counts x1; so far team 0 320, team 1 0",
        "Weis declared (points): seat 0 300",
        "Weis shown, the best team's: seat 0 sequence ♣6-♣A: 300",
    ]
    while state.phase is schieber.Phase.PLAY:  # seat 0 wins every trick with a trump
        state = schieber.apply(state, schieber.legal_moves(state)[-1])
    # 152 in cards, 5 last trick, 100 match, 300 Weis, 20 Stöck (CQ CK in one hand): 577, x1.
    assert _lines(state, 3)[1] == (
        "Round 1 written: Eicheln ♣: team 0 152 in cards + 5 last trick + 100 match + 300 Weis + 20 Stöck "
        "= 577; team 1 0 in cards"
    )


def test_schieber_says_who_chooses_trump_after_a_push() -> None:
    state = schieber.new_game(schieber.Rules(first_dealer=3), seed=1)
    assert _lines(state, 0)[1] == "seat 0 chooses trump"
    state = schieber.apply(state, schieber.Push())
    assert _lines(state, 1)[1] == "seat 0 pushed; seat 2 chooses trump"


@pytest.mark.parametrize(
    ("options", "claim", "reason"),
    [
        # 20 points after trick 1 are short of 3000: the claiming team loses at once (seed 001).
        ({}, True, "Team 0 went out («Mer bedanked eus!») at 20 points, short of 3000: Team 1 wins"),
        # With the target at 20 the same claim wins.
        ({"target_score": 20}, True, "Team 0 went out («Mer bedanked eus!») at 20 points, reaching 20: Team 0 wins"),
        # end_mode AUTO: the game ends as the trick makes team 0 reach 20 (Swisslos).
        ({"target_score": 20, "end_mode": schieber.EndMode.AUTO}, False, "Team 0 reached 20 first (20 : 0): Team 0 wins"),
    ],
)
def test_schieber_end_reasons(options: dict[str, Any], claim: bool, reason: str) -> None:
    state = _first_trick(_suits_game(**options))
    if claim:
        state = schieber.apply(state, schieber.Announce())
    assert schieber.is_over(state)
    assert schieber.VARIANT.text.end_reason(schieber.observe(state, 2)) == reason


def test_schieber_end_reason_of_a_game_of_rounds() -> None:
    state = _suits_game(target_score=None, rounds=1)
    while not schieber.is_over(state):
        state = schieber.apply(state, schieber.legal_moves(state)[-1])
    # 152 + 5 + 100 (match) + 20 (Stöck) for team 0, nothing for team 1.
    assert schieber.VARIANT.text.end_reason(schieber.observe(state, 1)) == "The game's 1 round is played (277 : 0): Team 0 wins"


# --- Differenzler: the worked round of docs/rules/differenzler.rst -----------------------------

_HANDS = ("HJ H9 CA CK C10 S6 S7 D6 D7", "HA HK SA SK S10 C6 C7 D8 D9",
          "HQ H10 DA DK D10 C8 C9 S8 S9", "H8 H7 CJ CQ SJ SQ DJ DQ H6")
_CARDS = ("HJ HK HQ H7 H9 HA H10 H8 CA C6 C8 H6 SQ S6 SA S8 SK S9 SJ S7 S10 D10 DQ D6 "
          "D9 DA DJ D7 C9 CQ CK C7 C10 D8 DK CJ").split()


def _worked_round(mode: dz.PredictionMode) -> dz.State:
    state = dz.new_game(dz.Rules(first_dealer=3, prediction_mode=mode), seed=1,
                        deal=[CardSet.parse(hand) for hand in _HANDS], face_up="H6")
    for points in (60, 43, 30, 20):
        state = dz.apply(state, dz.Predict(points))
    return state


def test_differenzler_secret_predictions_own_line_points_and_penalties() -> None:
    state = _worked_round(dz.PredictionMode.SECRET)
    lines = _lines(state, 2)
    assert lines == [
        "Round 1 of 4; penalty points: seat 0 0, seat 1 0, seat 2 0, seat 3 0 (the fewest win)",
        "Face-up card ♥6: the dealer's (seat 3), it makes Schilten ♥ trump",
        "Predictions (secret): seat 0 has predicted, seat 1 has predicted, seat 2 has predicted, "
        "seat 3 has predicted",
        "Your prediction: 30 (secret until the round is over)",
        "Points taken this round: seat 0 0, seat 1 0, seat 2 0, seat 3 0",
    ]
    # A spectator reads the same lines but the secret one.
    assert _lines(state, None) == lines[:3] + lines[4:]
    for card in _CARDS[:8]:
        state = dz.apply(state, PlayCard(card))
    # Tricks 1 and 2 went to seat 0: 27 + 35.
    assert _lines(state, 1)[-1] == "Points taken this round: seat 0 62, seat 1 0, seat 2 0, seat 3 0"
    for card in _CARDS[8:]:
        state = dz.apply(state, PlayCard(card))
    assert _lines(state, 1) == [
        "Round 1 of 4; penalty points: seat 0 9, seat 1 0, seat 2 17, seat 3 12 (the fewest win)",
        "Round 1: seat 0 took 69, predicted 60: 9 penalty points; seat 1 took 43, predicted 43: 0 penalty "
        "points; seat 2 took 13, predicted 30: 17 penalty points; seat 3 took 32, predicted 20: 12 penalty points",
    ]


def test_differenzler_open_predictions_are_on_the_public_line() -> None:
    state = _worked_round(dz.PredictionMode.OPEN)
    assert _lines(state, 1)[2] == "Predictions: seat 0 60, seat 1 43, seat 2 30, seat 3 20"
    assert not any(line.startswith("Your prediction") for line in _lines(state, 1))


def _finished(name: str, seed: int) -> Any:
    variant = VARIANTS[name]
    return variant.observe(random_playout(variant, variant.new_game(seed=seed), seed=seed), 0)


def test_differenzler_end_reason() -> None:
    view = _finished("differenzler", 1)
    assert len(view.history) == 4  # no tie-break round in this game
    view = attrs.evolve(view, penalties=(30, 12, 40, 25), winner=1)
    assert dz.VARIANT.text.end_reason(view) == "After 4 rounds seat 1 has the fewest penalty points, 12: seat 1 wins"
    five = attrs.evolve(view, history=view.history + view.history[-1:])
    assert dz.VARIANT.text.end_reason(five) == (
        "After 5 rounds (with tie-break rounds) seat 1 has the fewest penalty points, 12: seat 1 wins"
    )


# --- la pomme ------------------------------------------------------------------------------------


def test_pomme_shows_the_score_the_turned_card_and_the_exchanges() -> None:
    state = pomme.new_game(pomme.Rules(first_dealer=1), seed=7)
    state = pomme.apply(state, pomme.KeepHand())
    state = pomme.apply(state, pomme.legal_moves(state)[1])  # seat 1 exchanges 3 cards
    lines = _lines(state, 0)
    assert lines[0] == "Game score: seat 0 0, seat 1 0 (first to 7 wins); pommes: seat 0 0, seat 1 0"
    # The turned card of seed 7 is the Rosen King; la pomme writes French suits (seed 000).
    assert state.turned.code == "SK" and lines[1] == "Turned card ♠K: spades ♠ is trump"
    assert lines[2] == "Exchange: seat 0 kept the hand, seat 1 exchanged 3 cards"
    assert _lines(state, 1) == lines  # nothing in them is a secret


@pytest.mark.parametrize(
    ("rules", "changes", "reason"),
    [
        (pomme.Rules(), {"scores": (7, 3), "pommes": (0, 2), "winner": 0}, "Seat 0 reached 7 points: seat 0 wins"),
        # seed 000's variant: the first player with 3 pommes loses
        (pomme.Rules.three_pommes(), {"scores": (2, 4), "pommes": (3, 1), "winner": 1},
         "Seat 0 collected 3 pommes: seat 1 wins"),
    ],
)
def test_pomme_end_reasons(rules: pomme.Rules, changes: dict[str, Any], reason: str) -> None:
    view = attrs.evolve(_finished("pomme", 3), rules=rules, **changes)
    assert pomme.VARIANT.text.end_reason(view) == reason


@pytest.mark.parametrize("name", ["schieber", "differenzler", "pomme", "coiffeur"])
def test_every_finished_game_says_why_it_ended(name: str) -> None:
    variant = VARIANTS[name]
    for seed in range(3):
        final = random_playout(variant, variant.new_game(seed=seed), seed=seed)
        winner = variant.winner(final)
        reason = variant.text.end_reason(variant.observe(final, random.Random(seed).randrange(variant.seats)))
        words = "a draw" if winner is None else (
            f"{'Team' if len(variant.teams[winner]) > 1 else 'seat'} {winner} wins")
        assert reason.endswith(words)


# --- Coiffeur: the Jassreglement's slate of eight rows -------------------------------------------


def test_coiffeur_describes_the_slate_and_the_row_in_play() -> None:
    # Seat 3 deals, so seat 0 (Vorhand) chooses first; nothing is written yet. The rows and
    # factors are the Jassreglement's: the four suits x1..x4, Obenabe x5, Undenufe x6, two jokers.
    state = coiffeur.new_game(coiffeur.Rules(first_dealer=3), seed=7)
    slate = [
        "  row 1, Eicheln ♠ x1: team 0 open, team 1 open",  # jassverzeichnis' pairing: Eichle oder Schaufel
        "  row 2, Rosen ♣ x2: team 0 open, team 1 open",
        "  row 3, Schilten ♦ x3: team 0 open, team 1 open",
        "  row 4, Schellen ♥ x4: team 0 open, team 1 open",
        "  row 5, Obenabe x5: team 0 open, team 1 open",
        "  row 6, Undenufe x6: team 0 open, team 1 open",
        "  row 7, Joker 1 x7: team 0 open, team 1 open",
        "  row 8, Joker 2 x8: team 0 open, team 1 open",
    ]
    assert _lines(state, 2) == ["Score: team 0 0, team 1 0", *slate, "seat 0 chooses a row and its mode"]
    state = coiffeur.apply(state, coiffeur.ChooseRow(0, Trump.EICHELN))
    assert _lines(state, 1) == ["Score: team 0 0, team 1 0", *slate,
                                "Row 1, Eicheln ♠ x1, played in Eicheln ♠ for team 0; so far team 0 0, team 1 0"]


def test_coiffeur_end_reason() -> None:
    final = random_playout(coiffeur.VARIANT, coiffeur.new_game(seed=1), seed=1)
    view = coiffeur.observe(final, 0)
    for scores, winner, words in (((3000, 2900), 0, "Team 0 wins"), ((2500, 2600), 1, "Team 1 wins"),
                                  ((2700, 2700), None, "a draw")):
        reason = coiffeur.VARIANT.text.end_reason(attrs.evolve(view, scores=scores, winner=winner))
        assert reason == f"Every row of both columns is written ({scores[0]} : {scores[1]}): {words}"
