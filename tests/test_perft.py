"""Counting tests in the style of python-chess's "perft": for fixed deals, the number of legal
move sequences of each length, through the public API (:func:`jass.testing.perft` over
``legal_moves`` and ``apply``).

Every golden number below was confirmed by the naive set-based counters of ``reference.py``
before it was written here (the two counts agreed), and :func:`test_the_reference_agrees` runs
those counters again in CI, so a change to either side that alters a count is caught. The
counts include every move the variant offers: Weis declarations (2**k - 1 choices for a hand of
k Weis) and «Mer bedanked eus!» in Schieber, the exchange (keep, or any 3 of 9) and the trump-6
swap in la pomme.
"""

from __future__ import annotations

from typing import Any

from collections.abc import Callable
from functools import partial

import attrs
import pytest

import reference
from jass import Card, CardSet, PlayRules, Trump, Undertrump, differenzler, pomme, schieber
from jass.cards import validate_deck
from jass.testing import perft

EICHELN, ROSEN, SCHILTEN, SCHELLEN, OBENABE, UNDENUFE = reference.MODES

#: Schieber and Differenzler deals: seat 0 .. 3, dealer seat 3, so seat 0 is Vorhand and leads.
DEALS: dict[str, tuple[str, str, str, str]] = {
    # The deal of seed 2024.
    "A": ("C10 CA S6 SJ H8 HQ D9 DJ DK", "C8 S9 H10 HJ HK D6 D8 D10 DQ",
          "C7 C9 CJ S7 SQ SK SA H6 D7", "C6 CQ CK S8 S10 H7 H9 HA DA"),
    # Built for the rules' edge cases: Weis in every hand (seat 0: a five-card sequence and four
    # 10s sharing C10, 3 ways to declare), the Schilten Jack alone in seat 1 (the Bauer
    # exception), six Schilten in seat 2 behind it (undertrumping), long suits and voids.
    "B": ("C6 C7 C8 C9 C10 S10 H10 D10 HA", "HJ S6 S7 S8 SQ SK D6 D7 D8",
          "H6 H7 H8 H9 HQ HK CJ CQ CK", "CA S9 SJ SA D9 DJ DQ DK DA"),
}


def hands(deal: str) -> tuple[CardSet, ...]:
    return tuple(CardSet.parse(hand) for hand in DEALS[deal])


def counts(variant: Any, state: object, golden: list[int]) -> list[int]:
    """perft at depth 1, 2, ... as many as ``golden`` holds."""
    return [perft(variant, state, depth) for depth in range(1, len(golden) + 1)]


# --- Schieber ----------------------------------------------------------------------------------

SCHIEBER_RULES = schieber.Rules(first_dealer=3)  # the seed's rules: Weis declared, «Mer bedanked eus!»

#: (deal, mode) -> counts at depth 1, 2, ... once trump is chosen (seat 0 leads).
SCHIEBER_PLAY: dict[tuple[str, Trump], list[int]] = {
    ("A", EICHELN): [9, 29, 148, 480, 3610, 14657],
    ("A", ROSEN): [9, 29, 152, 446, 3230, 12960],
    ("A", SCHILTEN): [9, 43, 142, 490, 3910, 13940],
    ("A", SCHELLEN): [9, 46, 158, 480, 3680, 13510],
    ("A", OBENABE): [9, 22, 54, 96, 640, 1834],
    ("A", UNDENUFE): [9, 22, 54, 96, 640, 1758],
    ("B", EICHELN): [12, 109, 801, 4364],
    ("B", ROSEN): [12, 124, 1035, 7029],
    ("B", SCHILTEN): [12, 127, 1299, 9222],
    ("B", SCHELLEN): [12, 118, 939, 6501],
    ("B", OBENABE): [12, 109, 795, 4188],
    ("B", UNDENUFE): [12, 109, 795, 4188],
}

#: deal -> counts from the deal: six modes or a push, then the partner's choice, then play.
SCHIEBER_DEAL: dict[str, list[int]] = {
    "A": [7, 60, 245, 899],
    "B": [7, 78, 768, 6360],
}

#: House rules on deal B: Weis declared automatically (no declaring moves), no "genug" (a game
#: of rounds), undertrumping allowed and no Bauer exception.
SCHIEBER_HOUSE = attrs.evolve(
    schieber.Rules.tournament(1),
    first_dealer=3,
    auto_declare=True,
    play=PlayRules(bauer_exception=False, undertrump=Undertrump.ALLOWED),
)
SCHIEBER_HOUSE_PLAY: dict[Trump, list[int]] = {
    SCHILTEN: [9, 57, 507, 855, 6840],
    ROSEN: [9, 70, 324, 1899, 15192],
}


def schieber_start(deal: str, mode: Trump | None, rules: schieber.Rules = SCHIEBER_RULES) -> schieber.State:
    state = schieber.new_game(rules, seed=1, deal=hands(deal))
    return state if mode is None else schieber.apply(state, schieber.ChooseTrump(mode))


@pytest.mark.parametrize(("deal", "mode"), list(SCHIEBER_PLAY), ids=lambda v: getattr(v, "name", v))
def test_schieber_card_play(deal: str, mode: Trump) -> None:
    golden = SCHIEBER_PLAY[deal, mode]
    assert counts(schieber, schieber_start(deal, mode), golden) == golden


@pytest.mark.parametrize("deal", list(SCHIEBER_DEAL))
def test_schieber_from_the_deal(deal: str) -> None:
    golden = SCHIEBER_DEAL[deal]
    assert counts(schieber, schieber_start(deal, None), golden) == golden


@pytest.mark.parametrize("mode", list(SCHIEBER_HOUSE_PLAY), ids=lambda v: v.name)
def test_schieber_house_rules(mode: Trump) -> None:
    golden = SCHIEBER_HOUSE_PLAY[mode]
    assert counts(schieber, schieber_start("B", mode, SCHIEBER_HOUSE), golden) == golden


# --- Differenzler ------------------------------------------------------------------------------

#: (deal, the dealer's face-up card, which fixes trump) -> counts once all have predicted.
#: Undertrumping only when void in the led suit (the default); seat 0 (Vorhand) leads.
DIFFERENZLER_PLAY: dict[tuple[str, Card], list[int]] = {
    ("A", Card.C6): [9, 29, 119, 361, 2888, 11408],
    ("A", Card.S8): [9, 29, 123, 323, 2584, 10053],
    ("A", Card.H7): [9, 43, 99, 391, 3128, 10421],
    ("A", Card.DA): [9, 46, 112, 368, 2944, 10198],
    ("B", Card.CA): [9, 55, 225, 631, 5048],
    ("B", Card.S9): [9, 70, 324, 1899, 15192],
    ("B", Card.D9): [9, 64, 282, 1953, 15624],
}
#: The same with ``Undertrump.ALLOWED`` (a player holding the led suit may undertrump too):
#: never fewer sequences, more where a follower holds the led suit and a low trump.
DIFFERENZLER_ALLOWED_PLAY: dict[tuple[str, Card], list[int]] = {
    ("A", Card.C6): [9, 29, 126, 590, 4720, 17943],
    ("A", Card.S8): [9, 29, 151, 581, 4648, 17537],
    ("A", Card.H7): [9, 43, 120, 578, 4624, 15084],
    ("A", Card.DA): [9, 46, 130, 434, 3472, 12502],
    ("B", Card.CA): [9, 55, 225, 639, 5112],
    ("B", Card.S9): [9, 70, 324, 1899, 15192],
    ("B", Card.D9): [9, 64, 282, 1953, 15624],
}
DIFFERENZLER_ALLOWED = differenzler.Rules(first_dealer=3, play=PlayRules(undertrump=Undertrump.ALLOWED))


def differenzler_start(deal: str, face_up: Card,
                       rules: differenzler.Rules = differenzler.Rules(first_dealer=3)) -> differenzler.State:
    state = differenzler.new_game(rules, seed=1, deal=hands(deal), face_up=face_up)
    for points in (10, 40, 0, 100):
        state = differenzler.apply(state, differenzler.Predict(points))
    return state


@pytest.mark.parametrize(("deal", "face_up"), list(DIFFERENZLER_PLAY), ids=str)
def test_differenzler_card_play(deal: str, face_up: Card) -> None:
    golden = DIFFERENZLER_PLAY[deal, face_up]
    assert counts(differenzler, differenzler_start(deal, face_up), golden) == golden


@pytest.mark.parametrize(("deal", "face_up"), list(DIFFERENZLER_ALLOWED_PLAY), ids=str)
def test_differenzler_card_play_with_undertrumping_allowed(deal: str, face_up: Card) -> None:
    golden = DIFFERENZLER_ALLOWED_PLAY[deal, face_up]
    assert counts(differenzler, differenzler_start(deal, face_up, DIFFERENZLER_ALLOWED), golden) == golden
    assert all(a >= b for a, b in zip(golden, DIFFERENZLER_PLAY[deal, face_up]))


# --- la pomme ----------------------------------------------------------------------------------

#: Orders of the 36 cards (the shuffled decks of seeds 0, 2, 4, 5 and 7), dealt with seat 1 as
#: dealer: seat 0 gets ``order[0:9]`` and the extras ``order[18:21]``, seat 1 ``order[9:18]``
#: and ``order[21:24]``; ``order[24]`` is turned.
POMME_ORDERS: dict[str, str] = {
    "dealer holds the trump 6": "C8 SK D8 CA S7 H6 D9 H8 C10 C6 HA SA DQ H10 CQ D7 DJ S9 "
    "D10 CJ S10 H9 SJ C9 C7 H7 S8 DK DA HJ HQ D6 HK S6 SQ CK",
    "trump 6 in the talon": "SK HQ HA DK CK S7 C9 D6 C6 D8 CQ C10 D10 S10 CJ HK H8 DA "
    "H7 SJ S9 S8 H6 SA SQ C7 D9 HJ D7 C8 CA DJ DQ S6 H9 H10",
    "the turned card is the 6": "H6 CQ CK H8 DA H7 D10 D9 SJ D6 SA SQ D8 C8 S6 HJ S7 SK "
    "S9 S8 HA DJ CJ DK C6 CA C7 H9 S10 HQ D7 HK DQ C9 C10 H10",
    "trump 6 among the extras": "C6 C10 H10 S7 SQ CQ SJ CK S10 C8 D10 S9 DA CA DJ HQ H6 DK "
    "D6 DQ H9 C7 SK HK D9 C9 D7 H8 SA S6 D8 CJ S8 HJ H7 HA",
    "non-dealer holds the trump 6": "C8 S7 D6 CJ DJ H9 H6 H7 S6 HJ C7 CA SA DA D10 SQ C10 S8 "
    "H8 CK DQ DK H10 D9 SK D8 SJ S10 HK D7 CQ HA C6 S9 HQ C9",
}

#: Counts from the deal: the two exchange decisions (keep, or any 3 of 9: 85 each), then the
#: trump-6 decisions (none when the 6 is turned), then the first card.
POMME_DEAL: dict[str, list[int]] = {
    "dealer holds the trump 6": [85, 7225, 7225],
    "trump 6 in the talon": [85, 7225, 7225],
    "the turned card is the 6": [85, 7225, 65025],
    "trump 6 among the extras": [85, 7225, 14365],
    "non-dealer holds the trump 6": [85, 7225, 12070],
}

#: Counts of the card play once both kept their hands and nobody swapped (seat 0 leads).
POMME_PLAY: dict[str, list[int]] = {
    "dealer holds the trump 6": [9, 32, 256, 1036, 7252, 23619],
    "trump 6 in the talon": [9, 28, 224, 800, 5600, 17836],
    "the turned card is the 6": [9, 23, 184, 640, 4480],
    "trump 6 among the extras": [9, 50, 400, 2004, 14028],
    "non-dealer holds the trump 6": [9, 40, 320, 1060, 7420],
}


def pomme_start(name: str) -> pomme.State:
    return pomme.new_game(pomme.Rules(first_dealer=1), seed=1, deal=POMME_ORDERS[name].split())


def pomme_play(name: str) -> pomme.State:
    state = pomme.apply(pomme.apply(pomme_start(name), pomme.KeepHand()), pomme.KeepHand())
    while state.phase is pomme.Phase.SWAP_TRUMP_SIX:
        state = pomme.apply(state, pomme.DeclineSwap())
    return state


@pytest.mark.parametrize("name", list(POMME_DEAL))
def test_pomme_from_the_deal(name: str) -> None:
    golden = POMME_DEAL[name]
    assert counts(pomme, pomme_start(name), golden) == golden


@pytest.mark.parametrize("name", list(POMME_PLAY))
def test_pomme_card_play(name: str) -> None:
    golden = POMME_PLAY[name]
    assert counts(pomme, pomme_play(name), golden) == golden


# --- the reference confirms every golden number ------------------------------------------------


def _sets(deal: str) -> list[set[Card]]:
    return [set(hand) for hand in hands(deal)]


def _reference_cases() -> list[tuple[str, list[int], Callable[[int], int]]]:
    """Each golden list with the reference counter that confirms it (called with the depth)."""
    cases: list[tuple[str, list[int], Callable[[int], int]]] = []
    for (deal, mode), golden in SCHIEBER_PLAY.items():
        count = partial(reference.perft_schieber_play, _sets(deal), mode, 0, announce=True)
        cases.append((f"schieber-{deal}-{mode.name}", golden, count))
    for deal, golden in SCHIEBER_DEAL.items():
        count = partial(reference.perft_schieber_deal, _sets(deal), 0, announce=True)
        cases.append((f"schieber-deal-{deal}", golden, count))
    for mode, golden in SCHIEBER_HOUSE_PLAY.items():
        count = partial(
            reference.perft_schieber_play, _sets("B"), mode, 0,
            declare=False, bauer_exception=False, undertrump="allowed",
        )
        cases.append((f"schieber-house-{mode.name}", golden, count))
    for (deal, face_up), golden in DIFFERENZLER_PLAY.items():
        count = partial(reference.perft_card_play, _sets(deal), Trump(face_up.suit.value), 0, undertrump="allowed_if_void")
        cases.append((f"differenzler-{deal}-{face_up}", golden, count))
    for (deal, face_up), golden in DIFFERENZLER_ALLOWED_PLAY.items():
        count = partial(reference.perft_card_play, _sets(deal), Trump(face_up.suit.value), 0, undertrump="allowed")
        cases.append((f"differenzler-allowed-{deal}-{face_up}", golden, count))
    for name, golden in POMME_DEAL.items():
        order = validate_deck(POMME_ORDERS[name].split())
        cases.append((f"pomme-deal-{name}", golden, partial(reference.perft_pomme, order, 1)))
    for name, golden in POMME_PLAY.items():
        order = validate_deck(POMME_ORDERS[name].split())
        count = partial(reference.perft_card_play, [set(order[0:9]), set(order[9:18])], Trump(order[24].suit.value), 0)
        cases.append((f"pomme-play-{name}", golden, count))
    return cases


@pytest.mark.parametrize(("name", "golden", "count"), _reference_cases(), ids=lambda v: v if isinstance(v, str) else "")
def test_the_reference_agrees(name: str, golden: list[int], count: Callable[[int], int]) -> None:
    assert [count(depth) for depth in range(1, len(golden) + 1)] == golden


def test_a_finished_game_has_no_sequences() -> None:
    final = pomme_play("trump 6 in the talon")
    while not pomme.is_over(final):
        final = pomme.apply(final, pomme.legal_moves(final)[0])
    assert [perft(pomme, final, depth) for depth in range(3)] == [1, 0, 0]
