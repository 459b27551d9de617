"""Schieber scenarios: one test (or a few) per row of RULES.md section 3 and per edge case of
section 6 that concerns Schieber, plus the fully worked round of ``docs/rules/schieber_worked_round.rst``.

Every expected number is worked out by hand from RULES.md and seed 001 ("Spelregels voor
Schieber"); the arithmetic is written next to it. Random complete games are checked in
``test_schieber_properties.py``.

Conventions: ``Rules(first_dealer=3)`` makes seat 3 the dealer, so seat 0 is Vorhand (chooses
trump and leads trick 1); teams are seats 0+2 (team 0) and 1+3 (team 1). Cards: C = Eicheln ♣,
S = Rosen ♠, H = Schilten ♥, D = Schellen ♦.

Points (RULES.md section 1): A 11, K 4, Q 3, J 2, 10 10, others 0; trump J 20, trump 9 14;
Obenabe 8 = 8; Undenufe 6 = 11, 8 = 8, A = 0; last trick +5.
"""

from __future__ import annotations

import pickle
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import pytest

from jass import Card, CardSet, Trump, schieber, serial
from jass.errors import IllegalMoveError, InvalidRulesError, JassError
from jass.faces import Pairing
from jass.play import seeded_seat
from jass.schieber import (
    Announce,
    ChooseTrump,
    ClaimBy,
    CountingOrder,
    FirstVorhand,
    StoeckMode,
    Deal,
    DeclareWeis,
    EndMode,
    GameEnd,
    Move,
    Phase,
    PlayCard,
    Push,
    Rules,
    State,
)
from jass.tricks import PlayRules, Undertrump
from jass.weis import UndenufeOrder, Weis, WeisRules, WeisTiebreak

#: Seat 3 deals, seat 0 is Vorhand.
VORHAND_0 = Rules(first_dealer=3)

# --- helpers -----------------------------------------------------------------------------


def hands(*specs: str) -> list[CardSet]:
    """Four hands from card codes."""
    return [CardSet.parse(spec) for spec in specs]


def fill(partial: Mapping[int, str]) -> list[CardSet]:
    """Hands with the given cards; the other cards go, in card order, to the seats that still
    need cards (seat 0 first). Used where the filled-in cards do not matter to the test."""
    given = {seat: CardSet.parse(partial.get(seat, "")) for seat in range(4)}
    used: set[Card] = set()
    for hand in given.values():
        used |= set(hand)
    rest = [card for card in sorted(Card) if card not in used]
    result = []
    for seat in range(4):
        cards = set(given[seat])
        while len(cards) < 9:
            cards.add(rest.pop(0))
        result.append(CardSet(cards))
    return result


def game(
    deal: Sequence[CardSet],
    trump: Trump | None = None,
    rules: Rules = VORHAND_0,
    scores: tuple[int, int] | None = None,
) -> State:
    """A new game from ``deal``, with written ``scores`` and ``trump`` chosen by Vorhand."""
    state = schieber.new_game(rules, seed=1, deal=deal)
    if scores is not None:
        state = state.replace(scores=scores)
    if trump is not None:
        state = schieber.apply(state, ChooseTrump(trump))
    return state


def weis(cards: str) -> Weis:
    return Weis.from_cards(cards.split())


def play(state: State, cards: str, declare: Mapping[int, str] | None = None) -> State:
    """Play ``cards`` in order ("|" separates tricks, for the reader). A seat in ``declare``
    declares its Weis (";" between several) just before its first card."""
    for code in cards.replace("|", " ").split():
        seat = schieber.to_act(state)
        assert seat is not None
        if declare and seat in declare and state.declared[seat] is None:
            state = schieber.apply(
                state, DeclareWeis(tuple(weis(w) for w in declare[seat].split(";")))
            )
        state = schieber.apply(state, PlayCard(Card.parse(code)))
    return state


def first_card(state: State) -> PlayCard:
    """The first legal card (in card order) of the seat to play."""
    return next(m for m in schieber.legal_moves(state) if isinstance(m, PlayCard))


def play_first(state: State, count: int = 99, declare: Mapping[int, str] | None = None) -> State:
    """Play the first legal card ``count`` times, or until the round is no longer in play."""
    for _ in range(count):
        if state.phase is not Phase.PLAY:
            break
        seat = schieber.to_act(state)
        assert seat is not None
        if declare and seat in declare and state.declared[seat] is None:
            state = schieber.apply(
                state, DeclareWeis(tuple(weis(w) for w in declare[seat].split(";")))
            )
        state = schieber.apply(state, first_card(state))
    return state


def legal_cards(state: State) -> CardSet:
    return CardSet(m.card for m in schieber.legal_moves(state) if isinstance(m, PlayCard))


def weis_points(state: State) -> tuple[int, int]:
    teams = schieber.score_round(state).teams
    return (teams[0].weis, teams[1].weis)


def assert_illegal(state: State, move: object, *fragments: str) -> IllegalMoveError:
    """``move`` raises IllegalMoveError (a ValueError) whose message (public) or detail (for
    the seat to act) holds ``fragments``, the message names the move, and ``state`` is
    unchanged."""
    before = pickle.dumps(state)
    with pytest.raises(IllegalMoveError) as info:
        schieber.apply(state, move)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    assert repr(move)[:40] in str(info.value)
    message = f"{info.value} {info.value.detail}"
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    assert pickle.dumps(state) == before
    assert state == pickle.loads(before)
    return info.value


# --- the worked round (docs/rules/schieber_worked_round.rst) ---------------------------------------

#: Seat 3 deals. Vorhand (seat 0) has a weak hand and pushes; partner seat 2 chooses Schilten
#: (x2) with HQ HK HA. Weis: seat 0 D6-D9 (50), seat 1 H6-H9 (50), seat 2 HQ-HA (20), seat 3
#: SQ-SA (20). The two 50s have the same top card (9): the one in trump (seat 1) wins, so team 1
#: scores 50 + 20 = 70 and team 0 nothing. Seat 2's HQ HK are also Stöck (inside its Weis).
WORKED_DEAL = hands(
    "CA C10 S6 H10 HJ D6 D7 D8 D9",
    "C6 CJ S8 SJ H6 H7 H8 H9 DQ",
    "C7 C8 CK S9 HQ HK HA DK DA",
    "C9 CQ S7 S10 SQ SK SA D10 DJ",
)
WORKED_WEIS = {0: "D6 D7 D8 D9", 1: "H6 H7 H8 H9", 2: "HQ HK HA", 3: "SQ SK SA"}
#: The nine tricks in play order, with (leader, winner, card points) worked out by hand.
WORKED_TRICKS = [
    ("HJ H6 HQ S7", 0, 0, 20 + 0 + 3 + 0),  # the Bauer wins; seat 2 plays the first Stöck card
    ("CA H7 HK C9", 0, 2, 11 + 0 + 4 + 0),  # seat 1 trumps instead of following; HK overtrumps: Stöck
    ("HA DJ H10 H9", 2, 1, 11 + 2 + 10 + 14),  # the Nell (trump 9) beats the trump Ace
    ("DQ DA D10 D6", 1, 2, 3 + 11 + 10 + 0),
    ("DK CQ D7 H8", 2, 1, 4 + 3 + 0 + 0),  # seat 1, void in diamonds, trumps
    ("S8 S9 SA S6", 1, 3, 0 + 0 + 11 + 0),
    ("SK D8 SJ C7", 3, 3, 4 + 0 + 2 + 0),
    ("SQ D9 C6 C8", 3, 3, 3 + 0 + 0 + 0),
    ("S10 C10 CJ CK", 3, 3, 10 + 10 + 2 + 4),  # plus 5 for the last trick
]
WORKED_PLAYS = " | ".join(cards for cards, _, _, _ in WORKED_TRICKS)


def worked_start(rules: Rules = VORHAND_0, scores: tuple[int, int] | None = None) -> State:
    """The worked deal after the push and the choice of Schilten."""
    state = game(WORKED_DEAL, rules=rules, scores=scores)
    state = schieber.apply(state, Push())
    return schieber.apply(state, ChooseTrump(Trump.SCHILTEN))


def worked_play(state: State, tricks: int) -> State:
    """Play the first ``tricks`` tricks of the worked round (all Weis declared)."""
    cards = " ".join(c for c, _, _, _ in WORKED_TRICKS[:tricks])
    return play(state, cards, WORKED_WEIS)


def test_worked_round() -> None:
    """The worked round of the docs, every step checked against the hand-worked values."""
    state = schieber.new_game(VORHAND_0, seed=1, deal=WORKED_DEAL)
    assert (state.dealer, schieber.to_act(state)) == (3, 0)
    state = schieber.apply(state, Push())  # seat 0 pushes ("schieben")
    assert schieber.to_act(state) == 2
    state = schieber.apply(state, ChooseTrump(Trump.SCHILTEN))
    assert state.phase is Phase.PLAY and schieber.to_act(state) == 0  # Vorhand leads after a push

    # The four declarations, each before the player's first card.
    for count, (cards, leader, winner, points) in enumerate(WORKED_TRICKS):
        assert state.play is not None
        assert state.play.leader == leader
        state = play(state, cards, WORKED_WEIS)
        trick = state.play.tricks[-1] if state.play else None
        assert trick is not None
        assert (trick.cards, trick.winner, trick.points) == (
            tuple(Card.parse(c) for c in cards.split()), winner, points,
        ), count
        if count == 0:
            # After trick 1: team 1's Weis (50 + 20) win on the trump suit and are shown to all.
            assert weis_points(state) == (0, 70)
            view = schieber.observe(state, 0)
            assert view.shown_weis == ((), (weis("H6 H7 H8 H9"),), (), (weis("SQ SK SA"),))
            assert view.declared_points == (50, 50, 20, 20)
            assert schieber.score_round(state).teams[0].stoeck == 0  # HQ played, HK not yet
    # Card points: team 0 takes tricks 1, 2, 4: 23 + 15 + 24 = 62;
    # team 1 tricks 3, 5-9: 37 + 7 + 11 + 6 + 3 + 26 = 90; 62 + 90 = 152, + 5 = 157.
    score = schieber.score_round(state)
    assert score.trump is Trump.SCHILTEN
    assert score.teams[0] == schieber.TeamScore(
        cards=62, last_trick=0, match=0, weis=0, stoeck=20, multiplier=2
    )
    assert score.teams[1] == schieber.TeamScore(
        cards=90, last_trick=5, match=0, weis=70, stoeck=0, multiplier=2
    )
    # Team 0: (62 + 20) x 2 = 164. Team 1: (90 + 5 + 70) x 2 = 330.
    assert score.totals == (164, 330)
    assert state.phase is Phase.ROUND_OVER
    assert state.scores == (164, 330)
    assert state.history == (score,)
    assert schieber.legal_moves(state) == (Deal(),)


# --- section 3, "deal" -------------------------------------------------------------------


def test_deal_nine_each_dealer_from_the_seed() -> None:
    """RULES 3 "deal": 9 cards each; the first dealer comes from the game's seed."""
    dealers = set()
    for seed in range(40):
        state = schieber.new_game(seed=seed)
        assert [len(h) for h in state.dealt] == [9, 9, 9, 9]
        assert len(CardSet().union(*state.dealt)) == 36
        assert state.dealer == seeded_seat(seed, 4)
        assert schieber.new_game(seed=seed) == state  # the seed fixes dealer and deal
        assert schieber.to_act(state) == (state.dealer + 1) % 4  # Vorhand chooses
        dealers.add(state.dealer)
    assert dealers == {0, 1, 2, 3}


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_first_dealer_option(dealer: int) -> None:
    """RULES 3 "deal", option ``first_dealer``: fixes the first dealer, whatever the seed."""
    for seed in (0, 1, 2):
        state = schieber.new_game(Rules(first_dealer=dealer), seed=seed)
        assert state.dealer == dealer
        assert state.vorhand == schieber.to_act(state) == (dealer + 1) % 4


def test_explicit_deal_as_card_order() -> None:
    """new_game(deal=...) also takes an order of the 36 cards: seat k gets cards 9k .. 9k+8."""
    order = [str(c) for c in sorted(Card)]
    state = schieber.new_game(VORHAND_0, seed=0, deal=order)
    assert state.dealt[0] == CardSet.parse("C6 C7 C8 C9 C10 CJ CQ CK CA")
    assert state.dealt[3] == CardSet.parse("D6 D7 D8 D9 D10 DJ DQ DK DA")


def test_dealer_rotates_and_vorhand_chooses_and_leads() -> None:
    """RULES 3 "deal" (dealer rotates each round), "trump choice" and "first lead" (Vorhand,
    also after a push), over five rounds of a game of fixed rounds."""
    rules = Rules(target_score=None, rounds=5, first_dealer=2)
    state = schieber.new_game(rules, seed=11)
    for number in range(5):
        assert state.phase is Phase.CHOOSE_TRUMP
        assert state.round_number == number
        assert state.dealer == (2 + number) % 4
        vorhand = (state.dealer + 1) % 4
        assert schieber.to_act(state) == vorhand
        if number % 2:
            state = schieber.apply(state, Push())
            assert schieber.to_act(state) == (vorhand + 2) % 4  # the partner must choose
        state = schieber.apply(state, ChooseTrump(Trump(number)))
        assert state.play is not None and state.play.leader == vorhand
        assert schieber.to_act(state) == vorhand  # Vorhand leads, also after a push
        state = play_first(state)
        if number < 4:
            assert state.phase is Phase.ROUND_OVER
            # The next dealer (the seat after this round's dealer) deals.
            assert schieber.to_act(state) == (state.dealer + 1) % 4
            state = schieber.apply(state, Deal())
    assert state.phase is Phase.GAME_OVER and state.end is GameEnd.ROUNDS_PLAYED
    assert len(state.history) == 5


def test_deal_move_with_explicit_hands() -> None:
    """Deal(hands=...) deals the next round explicitly, for trusted code only (apply_trusted):
    a player cannot choose the deal, so apply refuses it; the dealer still rotates."""
    state = play_first(game(WORKED_DEAL, Trump.EICHELN))
    assert state.phase is Phase.ROUND_OVER
    assert_illegal(state, Deal(tuple(WORKED_DEAL[::-1])), "may make: deal the next round")
    state = schieber.apply_trusted(state, Deal(tuple(WORKED_DEAL[::-1])))
    assert state.dealer == 0 and state.dealt == tuple(WORKED_DEAL[::-1])
    assert schieber.to_act(state) == 1


# --- section 3, "trump choice" and "first lead" -------------------------------------------


def test_vorhand_chooses_any_mode_or_pushes() -> None:
    """RULES 3 "trump choice": a suit, Obenabe or Undenufe, or push; seed 001: "Na het delen van
    de kaarten bepaald de eerste speler of zijn partner de troefkleur ("Schieben")"."""
    state = game(WORKED_DEAL)
    assert schieber.legal_moves(state) == tuple(ChooseTrump(t) for t in Trump) + (Push(),)
    for mode in Trump:
        chosen = schieber.apply(state, ChooseTrump(mode))
        assert chosen.trump is mode and chosen.phase is Phase.PLAY
        assert schieber.to_act(chosen) == 0
    pushed = schieber.apply(state, Push())
    assert pushed.pushed == 1 and schieber.to_act(pushed) == 2
    assert schieber.legal_moves(pushed) == tuple(ChooseTrump(t) for t in Trump)


def test_second_push_refused() -> None:
    """RULES 3 "trump choice": after a push the partner must choose (``allow_push_back`` off)."""
    pushed = schieber.apply(game(WORKED_DEAL), Push())
    assert_illegal(pushed, Push(), "Push()", "seat 2 to act", "seat 2 may make: choose Eicheln")
    assert Push() not in schieber.legal_moves(pushed)


def test_push_back_option() -> None:
    """RULES 3 "trump choice", option ``allow_push_back``: the partner may push back once,
    Vorhand must then choose, and Vorhand leads."""
    rules = Rules(first_dealer=3, allow_push_back=True)
    state = schieber.apply(game(WORKED_DEAL, rules=rules), Push())
    assert Push() in schieber.legal_moves(state)
    state = schieber.apply(state, Push())
    assert state.pushed == 2 and schieber.to_act(state) == 0
    assert Push() not in schieber.legal_moves(state)
    assert_illegal(state, Push(), "seat 0 to act", "seat 0 may make: choose Eicheln")
    state = schieber.apply(state, ChooseTrump(Trump.OBENABE))
    assert schieber.to_act(state) == 0


# --- section 3, "Weis values", "sequences", "a card in two weis" ----------------------------

WEIS_VALUES = [
    # (seat 0's hand, the Weis, its points). The other cards of each hand form no Weis.
    ("C6 C7 C8 S6 S8 SQ H6 H8 D10", "C6 C7 C8", 20),
    ("C6 C7 C8 C9 S6 S8 SQ H6 H8", "C6 C7 C8 C9", 50),
    ("C6 C7 C8 C9 C10 S6 S8 SQ H6", "C6 C7 C8 C9 C10", 100),
    ("C6 C7 C8 C9 C10 CJ S6 S8 SQ", "C6 C7 C8 C9 C10 CJ", 150),
    ("C6 C7 C8 C9 C10 CJ CQ S6 S8", "C6 C7 C8 C9 C10 CJ CQ", 200),
    ("C6 C7 C8 C9 C10 CJ CQ CK S6", "C6 C7 C8 C9 C10 CJ CQ CK", 250),
    ("C6 C7 C8 C9 C10 CJ CQ CK CA", "C6 C7 C8 C9 C10 CJ CQ CK CA", 300),
    ("C10 S10 H10 D10 C6 S8 HQ DA D7", "C10 S10 H10 D10", 100),
    ("CQ SQ HQ DQ C6 S8 H10 DA D7", "CQ SQ HQ DQ", 100),
    ("CK SK HK DK C6 S8 H10 DA D7", "CK SK HK DK", 100),
    ("CA SA HA DA C6 S8 H10 DQ D7", "CA SA HA DA", 100),
    ("C9 S9 H9 D9 C6 S7 HQ DA D6", "C9 S9 H9 D9", 150),
    ("CJ SJ HJ DJ C6 S8 H6 DA D8", "CJ SJ HJ DJ", 200),
]


@pytest.mark.parametrize(("hand", "cards", "points"), WEIS_VALUES)
def test_weis_values(hand: str, cards: str, points: int) -> None:
    """RULES 3 "Weis values"; seed 001: "3 kaarten op volgorde in dezelfde kleur: 20 punten,
    4 [...]: 50, 5 [...]: 100, 4 10en, 4 vrouwen, 4 heeren, 4 Azen: 100, 4 9en: 150,
    4 boeren: 200" (6 to 9 in a row: 150 to 300, the official values)."""
    state = game(fill({0: hand}), Trump.ROSEN)  # Rosen x1
    assert DeclareWeis(weis(cards)) in schieber.legal_moves(state)
    state = play_first(state, 4, declare={0: cards})
    assert weis_points(state) == (points, 0)


@pytest.mark.parametrize("rank", ["6", "7", "8"])
def test_low_quartets_option(rank: str) -> None:
    """RULES 3 "Weis values", option ``low_quartets``: four 6s/7s/8s are no Weis by default
    (the seed lists none), 100 with the option."""
    four = " ".join(suit + rank for suit in "CSHD")
    others = {"6": "C8 S10 HQ DA C10", "7": "C9 S6 HQ DA SJ", "8": "C6 S10 HQ DA DJ"}[rank]
    deal = fill({0: f"{four} {others}"})
    state = game(deal, Trump.ROSEN)
    assert not any(isinstance(m, DeclareWeis) for m in schieber.legal_moves(state))
    error = assert_illegal(state, DeclareWeis(Weis.from_cards(four.split(), WeisRules(low_quartets=True))),
                           "seat 0 to act")
    assert "declare" not in error.detail  # the seat has no Weis to declare
    low = WeisRules(low_quartets=True)
    rules = Rules(first_dealer=3, weis=low)
    state = game(deal, Trump.ROSEN, rules=rules)
    quartet = Weis.from_cards(four.split(), low)
    assert quartet.points == 100
    state = schieber.apply(state, DeclareWeis(quartet))
    state = play_first(state, 4)
    assert weis_points(state) == (100, 0)


def test_sequence_points_option() -> None:
    """RULES 3 "Weis values", the Weis table (``WeisRules.sequence_points``)."""
    table = WeisRules(sequence_points=(25, 60, 110, 160, 210, 260, 310))
    rules = Rules(first_dealer=3, weis=table)
    state = game(fill({0: "C6 C7 C8 C9 S6 S8 SQ H6 H8"}), Trump.ROSEN, rules=rules)
    state = schieber.apply(state, DeclareWeis(Weis.from_cards("C6 C7 C8 C9".split(), table)))
    state = play_first(state, 4)
    assert weis_points(state) == (60, 0)


@pytest.mark.parametrize(("mode", "multiplier"), [(Trump.OBENABE, 3), (Trump.UNDENUFE, 4)])
def test_sequences_natural_order_in_every_mode(mode: Trump, multiplier: int) -> None:
    """RULES 3 "sequences": natural order 6..A in every mode (also Undenufe), no wrap."""
    state = game(fill({0: "C6 C7 C8 S6 S8 SQ H6 H8 D10"}), mode)
    state = play_first(state, 4, declare={0: "C6 C7 C8"})
    assert weis_points(state) == (20, 0)
    assert schieber.score_round(state).teams[0].multiplier == multiplier
    # K A 6 7 does not wrap round: no Weis at all.
    state = game(fill({0: "CK CA C6 C7 S6 S8 SQ H10 D8"}), mode)
    assert not any(isinstance(m, DeclareWeis) for m in schieber.legal_moves(state))


def test_cross_weis_option() -> None:
    """RULES 3 "a card in two weis": allowed (Kreuzweis) by default, option ``cross_weis``.
    Four Jacks (200) and C9 C10 CJ (20) share the CJ."""
    deal = fill({0: "CJ SJ HJ DJ C9 C10 S6 H7 D8"})
    state = game(deal, Trump.ROSEN)
    both = DeclareWeis((weis("CJ SJ HJ DJ"), weis("C9 C10 CJ")))
    assert both in schieber.legal_moves(state)
    state = play_first(schieber.apply(state, both), 4)
    assert weis_points(state) == (200 + 20, 0)

    rules = Rules(first_dealer=3, weis=WeisRules(cross_weis=False))
    state = game(deal, Trump.ROSEN, rules=rules)
    offered = [m for m in schieber.legal_moves(state) if isinstance(m, DeclareWeis)]
    assert offered == [DeclareWeis(weis("CJ SJ HJ DJ"))]
    error = assert_illegal(state, both, "may make: declare four J (CJ SJ HJ DJ): 200, play")
    assert "sequence C9-CJ" not in error.detail


def test_without_cross_weis_equal_points_keep_the_strongest_single_weis() -> None:
    """RULES 6 "Weis without Kreuzweis: equal-point splits keep the strongest single Weis".
    Seat 0 holds four Queens and D10-DA, which share the DQ: each way to split is worth 100
    (four Queens, or the five in a row), and four of a kind beats a sequence of equal points
    (RULES 3, seed 001), so four Queens are offered and score 100 (before: refused)."""
    deal = fill({0: "CQ SQ HQ DQ D10 DJ DK DA S6"})
    rules = Rules(first_dealer=3, weis=WeisRules(cross_weis=False))
    state = game(deal, Trump.ROSEN, rules=rules)
    queens = DeclareWeis(weis("CQ SQ HQ DQ"))
    assert [m for m in schieber.legal_moves(state) if isinstance(m, DeclareWeis)] == [queens]
    state = play_first(schieber.apply(state, queens), 4)
    assert weis_points(state) == (100, 0)
    # With the longer Weis first (equal_weis_tiebreak=more_cards_first) the sequence is the one.
    longer = Rules(first_dealer=3, weis=WeisRules(cross_weis=False, equal_weis_tiebreak=WeisTiebreak.MORE_CARDS_FIRST))
    state = game(deal, Trump.ROSEN, rules=longer)
    assert [m for m in schieber.legal_moves(state) if isinstance(m, DeclareWeis)] == [
        DeclareWeis(weis("D10 DJ DQ DK DA"))
    ]


# --- section 3, "comparing weis" and "who scores weis" --------------------------------------


@pytest.mark.parametrize(
    ("order", "scores"),
    [
        pytest.param(UndenufeOrder.NATURAL, (20, 0),
                     id="3 undenufe_order natural (default): seat 0's Q-K-A beats seat 1's 6-7-8"),
        pytest.param(UndenufeOrder.REVERSED, (0, 20),
                     id="3 undenufe_order reversed (Parlett): seat 1's 6-7-8 beats seat 0's Q-K-A"),
    ],
)
def test_weis_ties_in_undenufe(order: UndenufeOrder, scores: tuple[int, int]) -> None:
    """RULES 3 "Weis ties in Undenufe": two sequences of 3 (20 each), equal points and kind; the
    top card decides in natural order, the bottom card in Undenufe's own order. Trick 1 is
    played with Undenufe and the Weis are credited when it completes."""
    deal = hands("CQ CK CA H6 H8 D6 D8 S10 SQ", "S6 S7 S8 C6 C8 H10 HQ D10 DQ",
                 "C7 C10 S9 SJ H7 H9 D7 D9 DJ", "C9 CJ SK SA HJ HK HA DK DA")
    rules = Rules(first_dealer=3, weis=WeisRules(undenufe_order=order))
    state = play_first(game(deal, Trump.UNDENUFE, rules=rules), 4, declare={0: "CQ CK CA", 1: "S6 S7 S8"})
    assert state.play is not None and len(state.play.tricks) == 1
    assert weis_points(state) == scores


def test_each_teams_single_best_weis_is_compared_not_the_sum() -> None:
    """RULES 3 "comparing weis": each team's single best. Team 0 declares 50 + 50 + 20 = 120,
    team 1 one 100 (four Aces): 100 > 50, so team 1 scores its 100 and team 0 nothing."""
    deal = fill({
        0: "C6 C7 C8 C9 S6 S7 S8 S9 H10",
        1: "CA SA HA DA C10 S10 H9 D7 D9",
        2: "H6 H7 H8 D6 D8 D10 DQ CJ CK",
    })
    declare = {0: "C6 C7 C8 C9;S6 S7 S8 S9", 1: "CA SA HA DA", 2: "H6 H7 H8"}
    state = play_first(game(deal, Trump.EICHELN), 4, declare=declare)
    assert schieber.observe(state, 3).declared_points[:3] == (100, 100, 20)
    assert weis_points(state) == (0, 100)


@pytest.mark.parametrize(
    ("tiebreak", "expected"),
    [(WeisTiebreak.QUARTET_FIRST, (0, 100)), (WeisTiebreak.MORE_CARDS_FIRST, (100, 0))],
)
def test_equal_weis_four_of_a_kind_beats_sequence(
    tiebreak: WeisTiebreak, expected: tuple[int, int]
) -> None:
    """RULES 3 "comparing weis", option ``equal_weis_tiebreak``. Seed 001: "4 dezelfde zijn altijd
    meer als een volgorde". Seat 0 (Vorhand) S6-S10 (100) against seat 1 four Queens (100):
    by default the four of a kind wins; with MORE_CARDS_FIRST the five cards win."""
    deal = fill({0: "S6 S7 S8 S9 S10 H6 H8 D6 D8", 1: "CQ SQ HQ DQ C6 C8 H10 DA SA"})
    rules = Rules(first_dealer=3, weis=WeisRules(equal_weis_tiebreak=tiebreak))
    state = game(deal, Trump.EICHELN, rules=rules)
    state = play_first(state, 4, declare={0: "S6 S7 S8 S9 S10", 1: "CQ SQ HQ DQ"})
    assert weis_points(state) == expected


def test_equal_weis_highest_top_card() -> None:
    """RULES 3 "comparing weis"; seed 001: "dan is diegene hoger die de hoogste kaart heeft".
    Seat 0 S6-S8 (top 8) against seat 1 DQ-DA (top Ace), both 20: seat 1 wins."""
    deal = fill({0: "S6 S7 S8 H6 H8 H10 D6 D8 D10", 1: "DQ DK DA C6 C8 C10 H7 H9 HJ"})
    state = play_first(game(deal, Trump.EICHELN), 4, declare={0: "S6 S7 S8", 1: "DQ DK DA"})
    assert weis_points(state) == (0, 20)


@pytest.mark.parametrize(("trump", "expected"), [(Trump.EICHELN, (0, 20)), (Trump.ROSEN, (20, 0))])
def test_equal_weis_trump_suit_first(trump: Trump, expected: tuple[int, int]) -> None:
    """RULES 3 "comparing weis"; seed 001: "Mocht dit ook gelijk zijn dan heeft de troefkleur
    voorrang". Seat 0 S7-S9 against seat 3 C7-C9 (both 20, top 9): the one in trump wins."""
    deal = fill({0: "S7 S8 S9 H6 H8 H10 D6 D8 D10", 3: "C7 C8 C9 H7 H9 HJ D7 D9 DJ"})
    state = play_first(game(deal, trump), 4, declare={0: "S7 S8 S9", 3: "C7 C8 C9"})
    assert weis_points(state) == expected


@pytest.mark.parametrize(("first_dealer", "expected"), [(3, (20, 0)), (0, (0, 20))])
def test_identical_sequences_seat_nearest_vorhand(
    first_dealer: int, expected: tuple[int, int]
) -> None:
    """RULES 3 "comparing weis" and section 6 "two identical plain-suit sequences [...] seat
    order decides"; seed 001: "dan wint de speler die het dichtsbij de eerste speler zit".
    Seat 0 H7-H9 and seat 3 S7-S9, Eicheln trump. Vorhand 0: seat 0 is nearest. Vorhand 1
    (order 1, 2, 3, 0): seat 3 is nearer than seat 0."""
    deal = fill({0: "H7 H8 H9 S6 S10 SQ D6 D10 DQ", 3: "S7 S8 S9 H6 H10 HQ D7 DJ DA"})
    rules = Rules(first_dealer=first_dealer)
    state = play_first(game(deal, Trump.EICHELN, rules=rules), 4,
                       declare={0: "H7 H8 H9", 3: "S7 S8 S9"})
    assert weis_points(state) == expected


def test_best_team_scores_all_weis_of_both_partners() -> None:
    """RULES 3 "who scores weis": the team holding the best Weis scores all Weis of both
    partners, the other team none (worked deal: team 1 scores 50 + 20, team 0's 50 + 20 are lost)."""
    state = worked_play(worked_start(), 1)
    assert weis_points(state) == (0, 50 + 20)
    # x2 for Schilten: team 1 has 140 written for Weis, team 0 46 for trick 1 (23 x 2).
    assert schieber.totals(state) == (46, 140)


# --- section 3, "declaring" ----------------------------------------------------------------


def test_weis_resolved_when_trick_one_completes_and_shown_to_all() -> None:
    """RULES 3 "declaring": resolved when trick 1 completes; seed 001: "De kaarten voor de
    hoogste Weis worden na de eerste slag open afgbeeld" (observe shows them to every seat)."""
    state = worked_start()
    state = play(state, "HJ H6 HQ", WORKED_WEIS)  # three declarations and cards
    assert weis_points(state) == (0, 0)
    for seat in range(4):
        view = schieber.observe(state, seat)
        assert view.declared_points == (50, 50, 20, None)  # the points are said aloud
        assert view.shown_weis == ((), (), (), ())
    assert schieber.observe(state, 1).own_weis == (weis("H6 H7 H8 H9"),)
    state = play(state, "S7", WORKED_WEIS)  # seat 3 declares SQ-SA, plays: trick 1 complete
    assert weis_points(state) == (0, 70)
    for seat in range(4):
        assert schieber.observe(state, seat).shown_weis == (
            (), (weis("H6 H7 H8 H9"),), (), (weis("SQ SK SA"),)
        )


def test_weis_only_before_the_first_card() -> None:
    """RULES 3 "declaring": "Voor het spelen van de eerste kaart mag iedere speler een
    eventuele "Weis" aankondigen" — only before the player's first card."""
    state = worked_start()
    state = play(state, "HJ")  # seat 0 plays without declaring
    # Seat 1 may still declare before its own first card.
    assert DeclareWeis(weis("H6 H7 H8 H9")) in schieber.legal_moves(state)
    state = play(state, "H6 HQ S7 CA")  # trick 1 done; seat 0 leads trick 2
    assert schieber.to_act(state) == 1
    assert not any(isinstance(m, DeclareWeis) for m in schieber.legal_moves(state))
    error = assert_illegal(state, DeclareWeis(weis("H7 H8 H9")), "seat 1 to act")
    assert "declare" not in error.detail  # after the first trick, nobody declares


def test_weis_declaring_is_optional() -> None:
    """RULES 3 "declaring": optional (seed: "mag"). Seat 0 keeps its D6-D9 quiet; seat 2's
    HQ-HA (20) is then team 0's best, against team 1's H6-H9 (50): team 1 scores 50."""
    state = worked_start()
    state = play(state, "HJ H6 HQ S7", {1: "H6 H7 H8 H9", 2: "HQ HK HA"})
    assert schieber.observe(state, 2).declared_points == (None, 50, 20, None)
    assert weis_points(state) == (0, 50)


def test_weis_only_what_the_hand_has_and_not_twice() -> None:
    """RULES 3 "declaring": a player declares Weis they hold, once."""
    state = worked_start()
    assert_illegal(state, DeclareWeis(weis("S6 S7 S8")), "seat 0 to act",
                   "seat 0 may make: declare sequence D6-D9: 50, play")
    # A part of a longer sequence is not a Weis of its own: the run counts once.
    assert_illegal(state, DeclareWeis(weis("D6 D7 D8")), "may make: declare sequence D6-D9: 50, play")
    with pytest.raises(IllegalMoveError, match="declare 1 to 16 Weis"):
        DeclareWeis(())  # cannot even be built
    assert_illegal(state, DeclareWeis((weis("D6 D7 D8 D9"),) * 2), "may make: declare sequence D6-D9: 50, play")
    state = schieber.apply(state, DeclareWeis(weis("D6 D7 D8 D9")))
    assert schieber.to_act(state) == 0  # the same player then plays
    assert not any(isinstance(m, DeclareWeis) for m in schieber.legal_moves(state))
    error = assert_illegal(state, DeclareWeis(weis("D6 D7 D8 D9")), "seat 0 to act")
    assert "declare" not in error.detail  # declared once already


def test_weis_partial_declaration() -> None:
    """RULES 3 "declaring": a player may declare only some of their Weis."""
    deal = fill({0: "CJ SJ HJ DJ C9 C10 S6 H7 D8"})
    state = play_first(game(deal, Trump.ROSEN), 4, declare={0: "C9 C10 CJ"})
    assert weis_points(state) == (20, 0)


def test_auto_declare_option() -> None:
    """RULES 3 "declaring", option ``auto_declare``: every Weis is declared automatically."""
    rules = Rules(first_dealer=3, auto_declare=True)
    state = worked_start(rules)
    assert not any(isinstance(m, DeclareWeis) for m in schieber.legal_moves(state))
    error = assert_illegal(state, DeclareWeis(weis("D6 D7 D8 D9")), "seat 0 to act")
    assert "declare" not in error.detail  # Weis are declared automatically
    assert schieber.observe(state, 0).declared_points == (None,) * 4
    state = play(state, "HJ H6 HQ S7")
    # As in the worked round: team 1's 50 + 20 win.
    assert weis_points(state) == (0, 70)
    assert schieber.observe(state, 0).declared_points == (50, 50, 20, 20)


# --- section 3, "Stöck" --------------------------------------------------------------------


def test_stoeck_credited_at_the_second_card() -> None:
    """RULES 3 "Stöck": 20, credited when the second of the two is played, times the
    multiplier. Worked deal, Schilten x2: seat 2 plays HQ in trick 1 and HK in trick 2."""
    state = worked_play(worked_start(), 1)  # HQ played
    assert schieber.score_round(state).teams[0].stoeck == 0
    assert schieber.observe(state, 1).stoeck_team is None
    state = play(state, "CA H7")
    assert schieber.totals(state) == (46, 140)
    state = play(state, "HK")  # the second card, in the middle of trick 2
    assert schieber.score_round(state).teams[0].stoeck == 20
    assert schieber.observe(state, 1).stoeck_team == 0
    # 46 for trick 1 + 20 x 2 = 86; the trick is not complete yet.
    assert schieber.totals(state) == (46 + 40, 140)


def test_stoeck_count_when_the_team_loses_the_weis() -> None:
    """RULES 3 "Stöck": always valid, "not compared with weis". In the worked round team 0
    loses the Weis comparison, and even seat 2's Weis HQ-HA that holds the Stöck is lost,
    but the Stöck count (section 6: "Stöck inside a weis sequence")."""
    state = worked_play(worked_start(), 9)
    assert schieber.score_round(state).teams[0].weis == 0
    assert schieber.score_round(state).teams[0].stoeck == 20


def test_stoeck_and_weis_sequence_both_count() -> None:
    """Section 6: "Stöck inside a weis sequence (trump O-K-A): both count". Seat 0 holds
    CQ CK CA with Eicheln trump: Weis 20 and Stöck 20."""
    deal = fill({0: "CQ CK CA S6 S8 H6 H8 D6 D8"})
    state = play_first(game(deal, Trump.EICHELN), declare={0: "CQ CK CA"})
    team = schieber.score_round(state).teams[0]
    assert (team.weis, team.stoeck) == (20, 20)


def test_stoeck_are_no_weis() -> None:
    """RULES 3 "Stöck": not compared with weis. Team 0 has Stöck and no Weis, team 1 a 20:
    team 1 scores its Weis, team 0 its Stöck."""
    deal = fill({0: "CQ CK S6 S8 H6 H8 D6 D8 D10", 1: "H10 HJ HQ C6 C8 S10 SQ DJ DA"})
    state = play_first(game(deal, Trump.EICHELN), declare={1: "H10 HJ HQ"})
    teams = schieber.score_round(state).teams
    assert (teams[0].weis, teams[0].stoeck, teams[1].weis, teams[1].stoeck) == (0, 20, 20, 0)


@pytest.mark.parametrize("mode", [Trump.OBENABE, Trump.UNDENUFE])
def test_no_stoeck_without_trump(mode: Trump) -> None:
    """RULES 3 "Stöck": none in Obenabe/Undenufe (seat 2 holds HQ HK in the worked deal)."""
    state = play_first(game(WORKED_DEAL, mode))
    assert state.phase is Phase.ROUND_OVER
    teams = schieber.score_round(state).teams
    assert teams[0].stoeck == teams[1].stoeck == 0
    # 157 card points and last trick between the teams, nothing else.
    assert sum(t.cards + t.last_trick for t in teams) == 157


# --- section 3, "match" ---------------------------------------------------------------------

#: Seat 0 holds the nine trumps of Eicheln; seat 1 holds no trump.
ALL_TRUMPS = fill({0: "C6 C7 C8 C9 C10 CJ CQ CK CA"})


@pytest.mark.parametrize(("bonus", "expected"), [(100, 257), (0, 157), (50, 207)])
def test_match_bonus(bonus: int, expected: int) -> None:
    """RULES 3 "match": all 9 tricks +100 (option ``match_bonus``); seed 001: "Mocht een team
    geen slagen [...] hebben, krijgen de tegenstanders nog 100 punten extra". Seat 0 holds all
    nine trumps and takes every trick: 152 + 5 + bonus; the Stöck (CQ CK) add 20."""
    rules = Rules(first_dealer=3, match_bonus=bonus)
    state = play_first(game(ALL_TRUMPS, Trump.EICHELN, rules=rules))
    team = schieber.score_round(state).teams[0]
    assert (team.cards, team.last_trick, team.match) == (152, 5, bonus)
    assert team.cards + team.last_trick + team.match == expected
    assert schieber.score_round(state).totals == (expected + 20, 0)


def test_match_is_tricks_not_points() -> None:
    """RULES 3 "match" and section 6: "a 0-point trick breaks a match" (seed 001: "geen slagen
    (en niet alleen 0 punten)"). Team 1 takes only trick 1, worth 0 (S6 S7 H6 D7); team 0
    takes all 152 card points and the last trick, but no match."""
    deal = hands(
        "CJ C9 CA CK CQ C10 C8 C7 S6",
        "C6 S7 S8 S9 S10 SJ SQ SK SA",
        "H6 H7 H8 H10 HJ HQ HK HA D6",
        "H9 D7 D8 D9 D10 DJ DQ DK DA",
    )
    state = play(game(deal, Trump.EICHELN), "S6 S7 H6 D7 | SA H7 D8 C7")
    assert state.play is not None
    assert [(t.winner, t.points) for t in state.play.tricks] == [(1, 0), (0, 11)]
    state = play_first(state)  # seat 0 draws the trumps and takes tricks 3-9
    assert state.play is not None
    assert [t.winner for t in state.play.tricks].count(0) == 8
    teams = schieber.score_round(state).teams
    assert (teams[0].cards, teams[0].last_trick, teams[0].match) == (152, 5, 0)
    assert (teams[1].cards, teams[1].match) == (0, 0)
    # Team 0: 152 + 5 + Stöck 20 (CQ CK) = 177.
    assert schieber.score_round(state).totals == (177, 0)


MATCH_DEAL = fill({0: "CJ C9 CA C10 C8 C7 C6 HA HK", 1: "CQ CK S6 S7 S8 S9 S10 D6 D7"})


def test_matched_team_keeps_weis_and_stoeck() -> None:
    """Section 6: "weis and Stöck of a matched team still count"; RULES 3 "who scores weis":
    "also when matched". Team 1 takes no trick but declares the best Weis (S6-S10, 100) and
    plays its Stöck (CQ in trick 1, CK in trick 2). Team 0: 152 + 5 + 100 (match) = 257;
    team 1: 100 + 20 = 120."""
    state = play(game(MATCH_DEAL, Trump.EICHELN), "CJ CQ", {1: "S6 S7 S8 S9 S10"})
    state = play_first(state, 2)
    state = play(state, "C9 CK")
    state = play_first(state)
    assert state.play is not None and {t.winner % 2 for t in state.play.tricks} == {0}
    teams = schieber.score_round(state).teams
    assert teams[0] == schieber.TeamScore(152, 5, 100, 0, 0, 1)
    assert teams[1] == schieber.TeamScore(0, 0, 0, 100, 20, 1)
    assert schieber.score_round(state).totals == (257, 120)


def test_matching_team_keeps_its_weis_too() -> None:
    """The same match, and seat 0 declares C6-CJ (150 > 100): team 0 scores 257 + 150 = 407,
    team 1 only its Stöck, 20."""
    state = play(game(MATCH_DEAL, Trump.EICHELN), "CJ CQ",
                 {0: "C6 C7 C8 C9 C10 CJ", 1: "S6 S7 S8 S9 S10"})
    state = play_first(state, 2)
    state = play_first(play(state, "C9 CK"))
    assert schieber.score_round(state).totals == (407, 20)


# --- section 3, "multipliers" and the presets ----------------------------------------------

#: Seat 0's hand that takes all nine tricks in each mode, and the Weis it declares.
#: Suits: all nine cards, Weis 9 in a row = 300, Stöck 20. Obenabe: the Aces, Kings and CQ:
#: four A 100 + four K 100 + CQ-CA 20 = 220. Undenufe: the 6s, 7s and C8: C6-C8 20
#: (four 6s and four 7s are no Weis by default).
WINNING_HANDS = {
    Trump.EICHELN: ("C6 C7 C8 C9 C10 CJ CQ CK CA", "C6 C7 C8 C9 C10 CJ CQ CK CA"),
    Trump.ROSEN: ("S6 S7 S8 S9 S10 SJ SQ SK SA", "S6 S7 S8 S9 S10 SJ SQ SK SA"),
    Trump.SCHILTEN: ("H6 H7 H8 H9 H10 HJ HQ HK HA", "H6 H7 H8 H9 H10 HJ HQ HK HA"),
    Trump.SCHELLEN: ("D6 D7 D8 D9 D10 DJ DQ DK DA", "D6 D7 D8 D9 D10 DJ DQ DK DA"),
    Trump.OBENABE: ("CA SA HA DA CK SK HK DK CQ", "CA SA HA DA;CK SK HK DK;CQ CK CA"),
    Trump.UNDENUFE: ("C6 S6 H6 D6 C7 S7 H7 D7 C8", "C6 C7 C8"),
}
# Before the multiplier: suits 152 + 5 + 100 + 300 + 20 = 577; Obenabe 152 + 5 + 100 + 220 = 477;
# Undenufe 152 + 5 + 100 + 20 = 277.
MULTIPLIER_CASES = [
    ("seed", Trump.EICHELN, 577 * 1),
    ("seed", Trump.ROSEN, 577 * 1),
    ("seed", Trump.SCHILTEN, 577 * 2),
    ("seed", Trump.SCHELLEN, 577 * 2),
    ("seed", Trump.OBENABE, 477 * 3),
    ("seed", Trump.UNDENUFE, 277 * 4),
    ("swisslos", Trump.SCHILTEN, 577 * 2),
    ("swisslos", Trump.OBENABE, 477 * 3),
    ("swisslos", Trump.UNDENUFE, 277 * 3),
    ("flat", Trump.SCHELLEN, 577),
    ("flat", Trump.OBENABE, 477),
    ("flat", Trump.UNDENUFE, 277),
    ("tournament", Trump.SCHILTEN, 577),
    ("tournament", Trump.UNDENUFE, 277),
    ("custom", Trump.EICHELN, 577 * 5),  # Rules(multipliers=(5, 1, 1, 1, 1, 7))
    ("custom", Trump.UNDENUFE, 277 * 7),
]


@pytest.mark.parametrize(("preset", "mode", "expected"), MULTIPLIER_CASES)
def test_multipliers_on_every_component(preset: str, mode: Trump, expected: int) -> None:
    """RULES 3 "multipliers": seed 001 "Dure ronden": "Bij rondes waarbij harten of ruiten troef
    is, worden alle punten (Weis, Paar, Slag) verdubbeld. Bij Obenabe verdrievoudigd. Bij Unenufe
    verviervoudigd" — on tricks, last trick, match, Weis and Stöck; presets flat (all x1) and
    swisslos (both no-trump modes x3)."""
    if preset == "custom":
        base = Rules(multipliers=(5, 1, 1, 1, 1, 7))
    else:
        base = getattr(Rules, preset)()
    rules = attrs.evolve(base, first_dealer=3)
    hand, declared = WINNING_HANDS[mode]
    state = play_first(game(fill({0: hand}), mode, rules=rules), declare={0: declared})
    team = schieber.score_round(state).teams[0]
    assert (team.cards, team.last_trick, team.match) == (152, 5, 100)
    assert team.multiplier == expected // (team.points)
    assert team.total == expected
    assert schieber.score_round(state).totals == (expected, 0)
    assert state.scores == (expected, 0)


def test_undenufe_with_low_quartets_multiplied() -> None:
    """Undenufe x4 with ``low_quartets``: the same hand declares four 6s and four 7s too:
    (152 + 5 + 100 + 100 + 100 + 20) x 4 = 477 x 4 = 1908."""
    rules = Rules(first_dealer=3, weis=WeisRules(low_quartets=True))
    state = game(fill({0: WINNING_HANDS[Trump.UNDENUFE][0]}), Trump.UNDENUFE, rules=rules)
    everything = max((m for m in schieber.legal_moves(state) if isinstance(m, DeclareWeis)),
                     key=lambda m: len(m.weis))
    assert sum(w.points for w in everything.weis) == 220
    state = play_first(schieber.apply(state, everything))
    assert schieber.score_round(state).totals == (1908, 0)


def test_presets() -> None:
    """RULES 3: named presets; ``Rules.seed()`` is the default (to 3000, x1 x1 x2 x2 x3 x4, claim)."""
    assert Rules.seed() == Rules()
    assert (Rules().target_score, Rules().rounds, Rules().end_mode) == (3000, None, EndMode.CLAIM)
    assert Rules().multipliers == (1, 1, 2, 2, 3, 4)
    assert (Rules().allow_push_back, Rules().match_bonus, Rules().auto_declare) == (False, 100, False)
    assert Rules().first_dealer is None
    assert Rules().play == PlayRules() and Rules().weis == WeisRules()
    swisslos = Rules.swisslos()
    assert (swisslos.target_score, swisslos.multipliers, swisslos.end_mode) == (
        2500, (1, 1, 2, 2, 3, 3), EndMode.AUTO)
    flat = Rules.flat()
    assert (flat.target_score, flat.multipliers) == (1000, (1,) * 6)
    tournament = Rules.tournament()
    assert (tournament.target_score, tournament.rounds, tournament.multipliers) == (None, 12, (1,) * 6)
    assert Rules.tournament(rounds=4).rounds == 4
    assert [Rules().multiplier(t) for t in Trump] == [1, 1, 2, 2, 3, 4]


def test_rules_validation() -> None:
    """Rules are checked when built: exactly one of target_score and rounds; sane multipliers."""
    with pytest.raises(InvalidRulesError, match="exactly one"):
        Rules(target_score=None)
    with pytest.raises(InvalidRulesError, match="exactly one"):
        Rules(target_score=1000, rounds=4)
    with pytest.raises(InvalidRulesError, match="multipliers"):
        Rules(multipliers=(1, 1, 2))
    with pytest.raises(InvalidRulesError):
        Rules(first_dealer=4)
    with pytest.raises(InvalidRulesError):
        schieber.new_game(rules="seed", seed=1)  # type: ignore[arg-type]


# --- section 3, "target" (fixed rounds) -------------------------------------------------------


def test_target_score_option() -> None:
    """RULES 3 "target", option ``target_score``: with 300 the worked round ends the game (team 1
    has 330 and is the only team over: claim mode, no announcement); with 3000 it goes on."""
    state = worked_play(worked_start(Rules(first_dealer=3, target_score=300)), 9)
    assert (state.phase, state.winner, state.end) == (Phase.GAME_OVER, 1, GameEnd.TARGET_REACHED)
    assert schieber.is_over(state) and schieber.winner(state) == 1
    assert schieber.legal_moves(state) == () and schieber.to_act(state) is None
    state = worked_play(worked_start(), 9)
    assert state.phase is Phase.ROUND_OVER and schieber.winner(state) is None


def test_fixed_rounds() -> None:
    """RULES 3 "target": a fixed number of rounds; the target plays no part then."""
    rules = Rules(first_dealer=3, target_score=None, rounds=1)
    state = worked_play(worked_start(rules), 9)
    assert (state.phase, state.winner, state.end) == (Phase.GAME_OVER, 1, GameEnd.ROUNDS_PLAYED)
    # Two rounds: far over 3000 after round 1, yet the game goes on.
    rules = Rules(first_dealer=3, target_score=None, rounds=2)
    state = worked_play(worked_start(rules, scores=(5000, 0)), 9)
    assert state.phase is Phase.ROUND_OVER and state.scores == (5164, 330)
    assert not any(isinstance(m, Announce) for m in schieber.legal_moves(state))
    state = play_first(schieber.apply(schieber.apply(state, Deal()), ChooseTrump(Trump.ROSEN)))
    assert (state.phase, state.winner, state.end) == (Phase.GAME_OVER, 0, GameEnd.ROUNDS_PLAYED)


def test_fixed_rounds_drawn_game() -> None:
    """Fixed rounds ending level: no winner. Written (166, 0) before the worked round
    (164, 330): 166 + 164 = 330 = 0 + 330."""
    rules = Rules(first_dealer=3, target_score=None, rounds=1)
    state = worked_play(worked_start(rules, scores=(166, 0)), 9)
    assert state.scores == (330, 330)
    assert (state.phase, state.end) == (Phase.GAME_OVER, GameEnd.ROUNDS_PLAYED)
    assert schieber.winner(state) is None and schieber.is_over(state)


# --- section 3, "going out": claim mode -------------------------------------------------------
# Running totals of the worked round (x2), hand-worked: after trick 1 team 0 46 (23 x 2),
# team 1 140 (Weis 70 x 2); at HK (trick 2) team 0 + 40 Stöck; after trick 2 team 0
# 38 x 2 + 40 = 116; after trick 3 team 1 140 + 37 x 2 = 214; ...; end (164, 330).


def test_claim_correct_wins_at_once() -> None:
    """RULES 3 "going out" (claim); seed 001: "het team dat net de slag maakt kan het einde van het
    spel aankondigen ("Bedankt, genoeg") [...] wanneer de limiet daadwerkelijk bereikt is, is het
    spel gewonnen". Written 2900; after trick 2 (won by seat 2) team 0 has 2900 + 116 = 3016."""
    state = worked_play(worked_start(scores=(2900, 0)), 2)
    assert schieber.to_act(state) == 2 and Announce() in schieber.legal_moves(state)
    assert state.phase is Phase.PLAY  # over the target, but claim mode waits for the claim
    state = schieber.apply(state, Announce())
    assert (state.phase, state.winner, state.end) == (Phase.GAME_OVER, 0, GameEnd.CLAIM_CORRECT)
    assert state.scores == (3016, 140)
    assert state.history[-1].totals == (116, 140)


def test_claim_wrong_loses_at_once() -> None:
    """Seed 001: "In het andere geval is het spel onmiddelijk en onheroepelijk verloren".
    Written 2850: 2850 + 116 = 2966 < 3000, so team 0 loses."""
    state = schieber.apply(worked_play(worked_start(scores=(2850, 0)), 2), Announce())
    assert (state.phase, state.winner, state.end) == (Phase.GAME_OVER, 1, GameEnd.CLAIM_WRONG)
    assert state.scores == (2966, 140)


def test_claim_only_by_the_trick_winner_before_leading() -> None:
    """RULES 3 "going out": only the team that just won a trick, before it leads again."""
    state = worked_start(scores=(2900, 0))
    assert Announce() not in schieber.legal_moves(state)
    assert_illegal(state, Announce(), "Announce() is not a legal move now")
    state = worked_play(state, 2)
    state = play(state, "HA")  # seat 2 leads instead of announcing
    assert schieber.to_act(state) == 3
    assert Announce() not in schieber.legal_moves(state)
    assert_illegal(state, Announce(), "Announce() is not a legal move now")
    state = play(state, "DJ H10 H9")  # seat 1 (team 1) wins trick 3 and may announce
    assert schieber.to_act(state) == 1 and Announce() in schieber.legal_moves(state)


def test_no_announcement_last_trick_counts_first() -> None:
    """RULES 3 "counting order"; seed 001: "Als de ronde zonder genoeg-melding aan het einde komt,
    worden ten eerste de punten van het team geteld dat de laatste slag gemaakt heeft".
    Written (2900, 2700) + (164, 330) = (3064, 3030): both over; team 1 took the last trick and
    wins with fewer points. (After trick 1 only 2900 + 46 + 40 = 2986 and 2840: no early end.)"""
    state = worked_play(worked_start(scores=(2900, 2700)), 9)
    assert state.scores == (3064, 3030)
    assert (state.phase, state.winner, state.end) == (Phase.GAME_OVER, 1, GameEnd.TARGET_REACHED)


def test_no_announcement_only_one_team_over() -> None:
    """Only team 0 reaches the target at the round's end (3064 against 330): team 0 wins,
    although team 1 took the last trick."""
    state = worked_play(worked_start(scores=(2900, 0)), 9)
    assert (state.phase, state.winner, state.scores) == (Phase.GAME_OVER, 0, (3064, 330))


def test_announce_only_in_claim_mode_of_a_target_game() -> None:
    """``end_mode=AUTO`` and fixed rounds have no «Mer bedanked eus!»."""
    for rules in (Rules(first_dealer=3, end_mode=EndMode.AUTO),
                  Rules(first_dealer=3, target_score=None, rounds=3)):
        state = worked_play(worked_start(rules), 2)
        assert Announce() not in schieber.legal_moves(state)
        assert Announce() not in schieber.legal_moves(state)
        assert_illegal(state, Announce(), "Announce() is not a legal move now")


# --- section 3, "going out": auto mode and the middle of a round ------------------------------


def test_auto_mode_ends_mid_round() -> None:
    """RULES 3 "going out", ``end_mode=AUTO``; section 6 "game end in the middle of a round".
    Written (0, 2800): after trick 1 team 1 has 2940; trick 3 (37 x 2 = 74) brings it to
    3014: the game ends there, six tricks early. Team 0: 38 x 2 + 40 = 116."""
    rules = Rules(first_dealer=3, end_mode=EndMode.AUTO)
    state = worked_play(worked_start(rules, scores=(0, 2800)), 2)
    assert state.phase is Phase.PLAY and schieber.totals(state) == (116, 2940)
    state = worked_play(worked_start(rules, scores=(0, 2800)), 3)
    assert (state.phase, state.winner, state.end) == (Phase.GAME_OVER, 1, GameEnd.TARGET_REACHED)
    assert state.scores == (116, 3014)
    assert state.play is not None and len(state.play.tricks) == 3
    assert schieber.legal_moves(state) == () and schieber.to_act(state) is None
    assert_illegal(state, PlayCard(Card.DQ), "the game is over")


STOECK_LATE = fill({0: "S6 CK CQ", 1: "S10 H10", 2: "S7 H6", 3: "S8 H8"})


def test_auto_mode_stoeck_end_the_game_at_the_second_card() -> None:
    """Auto mode: the second Stöck card can end the game in the middle of a trick. Eicheln x1,
    written (2975, 0). Trick 1 S6 S10 S7 S8: seat 1, 10 points (2975 + 20 held Stöck = 2995: no
    end). Trick 2 H10 H6 H8 CK: seat 0 trumps, 10 + 4 = 14 -> 2989 (Stöck not yet credited).
    Trick 3: seat 0 leads CQ: 2989 + 20 = 3009, the game is over at that card."""
    rules = Rules(first_dealer=3, end_mode=EndMode.AUTO)
    state = play(game(STOECK_LATE, Trump.EICHELN, rules=rules, scores=(2975, 0)),
                 "S6 S10 S7 S8 | H10 H6 H8 CK")
    assert state.phase is Phase.PLAY and schieber.totals(state) == (2989, 10)
    state = play(state, "CQ")
    assert (state.phase, state.winner, state.end) == (Phase.GAME_OVER, 0, GameEnd.TARGET_REACHED)
    assert state.scores == (3009, 10)
    assert state.play is not None and state.play.trick == (Card.CQ,)
    # In claim mode the same card ends nothing: the game waits for an announcement.
    claim = play(game(STOECK_LATE, Trump.EICHELN, scores=(2975, 0)), "S6 S10 S7 S8 | H10 H6 H8 CK CQ")
    assert claim.phase is Phase.PLAY and schieber.totals(claim) == (3009, 10)


def test_auto_mode_held_stoeck_count_only_when_both_are_over() -> None:
    """RULES 3 "Stöck" (credited when the second card is played) against "counting order"
    (held Stöck count first only when both teams are over in trick 1). Auto mode, written
    (2985, 2985). Trick 1 goes to team 1: 2995; team 0 would reach 3005 only with its Stöck
    still in hand, and team 1 is not over, so nothing ends. Trick 2: team 0 + 14 = 2999.
    The second Stöck card then makes 2999 + 20 = 3019."""
    rules = Rules(first_dealer=3, end_mode=EndMode.AUTO)
    state = play(game(STOECK_LATE, Trump.EICHELN, rules=rules, scores=(2985, 2985)), "S6 S10 S7 S8")
    assert state.phase is Phase.PLAY and schieber.totals(state) == (2985, 2995)
    state = play(state, "H10 H6 H8 CK")
    assert state.phase is Phase.PLAY and schieber.totals(state) == (2999, 2995)
    state = play(state, "CQ")
    assert (state.phase, state.winner, state.scores) == (Phase.GAME_OVER, 0, (3019, 2995))


# --- section 3, "counting order": both teams over during trick 1 -------------------------------

#: Seat 0 declares S6-S8 (20) and wins trick 1 (SA S9 S10 SJ: 11 + 0 + 10 + 2 = 23);
#: seat 1 holds the Stöck CQ CK (not yet played). Eicheln x1.
PWS_STOECK = fill({0: "S6 S7 S8 SA", 1: "CK CQ S9", 2: "S10", 3: "SJ"})
#: Seat 1 declares H6-H8 (20); seat 0 wins trick 1 (23); CQ and CK are in different hands.
PWS_WEIS = hands(
    "SA S6 H9 H10 D6 D8 C6 C8 C10",
    "S9 H6 H7 H8 CQ D7 D9 DJ SK",
    "S10 CK C7 C9 CJ HJ HQ DQ DK",
    "SJ CA S7 S8 SQ HK HA D10 DA",
)


@pytest.mark.parametrize("mode", [EndMode.CLAIM, EndMode.AUTO])
def test_both_over_in_trick_one_stoeck_first(mode: EndMode) -> None:
    """RULES 3 "counting order"; seed 001 "Paar-Weis-Slag": "Ten eerste worden eventuele paren
    geteld, en mocht een team over het puntenaantal gaan, heeft deze onmiddelijk gewonnen".
    Written (2990, 2990). Team 1: Stöck 20 -> 3010 first. Team 0 would have 2990 + 20 + 23 = 3033
    (both over), but counts later: team 1 wins."""
    rules = Rules(first_dealer=3, end_mode=mode)
    state = play(game(PWS_STOECK, Trump.EICHELN, rules=rules, scores=(2990, 2990)),
                 "SA S9 S10 SJ", {0: "S6 S7 S8"})
    assert (state.phase, state.winner, state.end) == (Phase.GAME_OVER, 1, GameEnd.TARGET_REACHED)
    assert state.scores == (3033, 3010)
    assert state.history[-1].totals == (43, 20)
    # The breakdown of the round just ended is the one written.
    assert schieber.score_round(state) == state.history[-1]
    assert schieber.observe(state, 0).stoeck_team == 1


@pytest.mark.parametrize("mode", [EndMode.CLAIM, EndMode.AUTO])
def test_both_over_in_trick_one_weis_before_trick(mode: EndMode) -> None:
    """Seed 001: "Daarna wordt de aangekondigde "Weis" beoordeeld en daarna de punten van de
    eerste slag". Written (2980, 2990): team 1's Weis 20 -> 3010 before team 0's trick
    (2980 + 23 = 3003): team 1 wins."""
    rules = Rules(first_dealer=3, end_mode=mode)
    state = play(game(PWS_WEIS, Trump.EICHELN, rules=rules, scores=(2980, 2990)),
                 "SA S9 S10 SJ", {1: "H6 H7 H8"})
    assert (state.phase, state.winner, state.end) == (Phase.GAME_OVER, 1, GameEnd.TARGET_REACHED)
    assert state.scores == (3003, 3010)


def test_only_one_team_over_after_trick_one() -> None:
    """Written (2980, 2900): after trick 1 team 0 has 3003, team 1 2920. Auto mode: team 0 wins
    at once. Claim mode: nothing happens until seat 0 (the trick's winner) announces."""
    auto = Rules(first_dealer=3, end_mode=EndMode.AUTO)
    state = play(game(PWS_WEIS, Trump.EICHELN, rules=auto, scores=(2980, 2900)),
                 "SA S9 S10 SJ", {1: "H6 H7 H8"})
    assert (state.phase, state.winner, state.scores) == (Phase.GAME_OVER, 0, (3003, 2920))
    state = play(game(PWS_WEIS, Trump.EICHELN, scores=(2980, 2900)), "SA S9 S10 SJ", {1: "H6 H7 H8"})
    assert state.phase is Phase.PLAY and schieber.totals(state) == (3003, 2920)
    state = schieber.apply(state, Announce())
    assert (state.winner, state.end, state.scores) == (0, GameEnd.CLAIM_CORRECT, (3003, 2920))


# --- the options people argue about: Weis and Stöck on or off, when Stöck count --------------
# The worked round (Schilten x2), hand-worked: team 0 takes 62 card points and seat 2's Stöck
# (HK played in trick 2), team 1 90 card points, the last trick's 5 and the Weis 50 + 20 = 70.
# Everything on: (62 + 20) x 2 = 164 and (90 + 5 + 70) x 2 = 330. After trick 2 team 0 has
# (23 + 15) x 2 = 76 in cards, + 40 for the Stöck if they count at once; team 1 its Weis, 140.


def worked_round_with(rules: Rules, tricks: int = 9) -> State:
    """The worked round under ``rules``, the Weis declared where the rules have Weis."""
    state = worked_start(rules)
    cards = " ".join(c for c, _, _, _ in WORKED_TRICKS[:tricks])
    return play(state, cards, WORKED_WEIS if rules.weis is not None else None)


@pytest.mark.parametrize(
    ("rules", "after_trick_2", "end", "declarations"),
    [
        pytest.param(Rules(first_dealer=3), (116, 140), (164, 330), True,
                     id="3 weis on and stoeck immediate (defaults): Weis 70 x 2, Stöck 20 x 2 at the HK"),
        pytest.param(Rules(first_dealer=3, weis=None), (116, 0), (164, 190), False,
                     id="3 weis off ('ohne Weis'): no declaration offered, team 1 loses its 140"),
        pytest.param(Rules(first_dealer=3, stoeck=StoeckMode.OFF), (76, 140), (124, 330), True,
                     id="3 stoeck off: team 0 loses its 40, the Weis count"),
        pytest.param(Rules(first_dealer=3, weis=None, stoeck=StoeckMode.OFF), (76, 0), (124, 190), False,
                     id="3 weis and stoeck off: card points and the last trick only"),
        pytest.param(Rules(first_dealer=3, stoeck=StoeckMode.ROUND_END), (76, 140), (164, 330), True,
                     id="3 stoeck round_end (seed's words): not at the HK, but with the last card"),
    ],
)
def test_weis_and_stoeck_options(rules: Rules, after_trick_2: tuple[int, int], end: tuple[int, int],
                                 declarations: bool) -> None:
    start = worked_start(rules)
    offered = any(isinstance(m, DeclareWeis) for m in schieber.legal_moves(start))
    assert offered is declarations
    if not declarations:
        assert_illegal(start, DeclareWeis(weis("D6 D7 D8 D9")), "is not a legal move now")
    assert schieber.totals(worked_round_with(rules, 2)) == after_trick_2
    final = worked_round_with(rules)
    assert final.scores == end and final.history[-1].totals == end
    view = schieber.observe(final, 1)
    assert view.stoeck_team == (None if rules.stoeck is StoeckMode.OFF else 0)
    if not declarations:
        assert view.declared_points == (None,) * 4 and view.shown_weis == ((),) * 4


def test_weis_off_with_auto_declare_counts_none() -> None:
    """RULES 3 "Weis on or off": ``auto_declare`` declares nothing in a game without Weis."""
    rules = Rules(first_dealer=3, weis=None, auto_declare=True)
    final = worked_round_with(rules)
    assert [team.weis for team in final.history[-1].teams] == [0, 0]
    assert schieber.observe(final, 0).declared_points == (None,) * 4


@pytest.mark.parametrize(
    ("stoeck", "phase", "totals"),
    [
        pytest.param(StoeckMode.IMMEDIATE, Phase.GAME_OVER, (3014, 10),
                     id="3 stoeck immediate, auto mode: the second Stöck card ends the game (2994 + 20)"),
        pytest.param(StoeckMode.ROUND_END, Phase.PLAY, (2994, 10),
                     id="3 stoeck round_end, auto mode: the second Stöck card credits nothing"),
    ],
)
def test_stoeck_mode_in_auto_mode(stoeck: StoeckMode, phase: Phase, totals: tuple[int, int]) -> None:
    """RULES 3 "Stöck" in auto mode. STOECK_LATE, Eicheln x1, written (2980, 0): trick 1 to seat 1
    (10), trick 2 to seat 0 (H10 + CK = 14): 2994. Seat 0 then leads CQ, its second Stöck card."""
    rules = Rules(first_dealer=3, end_mode=EndMode.AUTO, stoeck=stoeck)
    state = play(game(STOECK_LATE, Trump.EICHELN, rules=rules, scores=(2980, 0)),
                 "S6 S10 S7 S8 | H10 H6 H8 CK | CQ")
    assert state.phase is phase and schieber.totals(state) == totals


# --- the options people argue about: who may say «Mer bedanked eus!» -----------------------------


@pytest.mark.parametrize(
    ("claim_by", "offered"),
    [
        pytest.param(ClaimBy.TRICK_WINNER, False,
                     id="3 claim_by trick_winner (seed 001): seat 3 in the middle of trick 3 may not"),
        pytest.param(ClaimBy.ANY_TEAM, True,
                     id="3 claim_by any_team (Jassreglement): seat 3 may, in the middle of a trick"),
    ],
)
def test_claim_by_option(claim_by: ClaimBy, offered: bool) -> None:
    """RULES 3 "going out", ``claim_by``. Worked round, written (0, 2900): after trick 2 (won by
    seat 2) team 1 has 2900 + 140 = 3040. Seat 2 leads HA; seat 3 (team 1) is to act."""
    rules = Rules(first_dealer=3, claim_by=claim_by)
    state = play(worked_play(worked_start(rules, scores=(0, 2900)), 2), "HA")
    assert schieber.to_act(state) == 3
    assert (Announce() in schieber.legal_moves(state)) is offered
    if not offered:
        assert_illegal(state, Announce(), "Announce() is not a legal move now")
        return
    over = schieber.apply(state, Announce(), seat=3)
    assert (over.phase, over.winner, over.end) == (Phase.GAME_OVER, 1, GameEnd.CLAIM_CORRECT)
    # Team 0: (23 + 15) x 2 + 40 = 116; team 1 its Weis only so far, 140; HA is not a trick yet.
    assert over.scores == (116, 3040) and over.history[-1].totals == (116, 140)


def test_claim_by_any_team_a_wrong_claim_loses_and_trick_one_counts() -> None:
    """``claim_by=ANY_TEAM``: a claim short of the target loses at once, whoever says it; the
    claim may come before any card of the round (trick 1 too). Written (2900, 0): before the
    first card team 0 has 2900 < 3000, so Vorhand's claim loses."""
    rules = Rules(first_dealer=3, claim_by=ClaimBy.ANY_TEAM)
    state = worked_start(rules, scores=(2900, 0))
    moves = schieber.legal_moves(state)
    assert moves[0] == Announce() and any(isinstance(m, DeclareWeis) for m in moves)
    over = schieber.apply(state, Announce())
    assert (over.winner, over.end, over.scores) == (1, GameEnd.CLAIM_WRONG, (2900, 0))
    auto = Rules(first_dealer=3, claim_by=ClaimBy.ANY_TEAM, end_mode=EndMode.AUTO)
    assert Announce() not in schieber.legal_moves(worked_start(auto))  # claims are for claim mode


# --- the options people argue about: the count when both teams reach the target in trick 1 ----


@pytest.mark.parametrize("mode", [EndMode.CLAIM, EndMode.AUTO])
@pytest.mark.parametrize(
    ("order", "winner"),
    [
        pytest.param(CountingOrder.STOECK_WEIS_STICH, 1,
                     id="3 counting_order stoeck_weis_stich (seed 001): team 1's Weis (3010) before the trick"),
        pytest.param(CountingOrder.STOECK_STICH_WEIS, 0,
                     id="3 counting_order stoeck_stich_weis: team 0's trick (3003) before the Weis"),
    ],
)
def test_counting_order_option(order: CountingOrder, winner: int, mode: EndMode) -> None:
    """RULES 3 "counting order". PWS_WEIS, written (2980, 2990): seat 0 takes trick 1
    (SA S9 S10 SJ: 11 + 0 + 10 + 2 = 23, 2980 + 23 = 3003), seat 1 declared H6-H8 (20,
    2990 + 20 = 3010): both over; the order decides who reached the target first."""
    rules = Rules(first_dealer=3, end_mode=mode, counting_order=order)
    state = play(game(PWS_WEIS, Trump.EICHELN, rules=rules, scores=(2980, 2990)),
                 "SA S9 S10 SJ", {1: "H6 H7 H8"})
    assert (state.phase, state.winner, state.end) == (Phase.GAME_OVER, winner, GameEnd.TARGET_REACHED)
    assert state.scores == (3003, 3010)


def test_counting_order_stich_weis_keeps_stoeck_first() -> None:
    """``STOECK_STICH_WEIS`` moves only the Weis behind the trick: Stöck still come first.
    PWS_STOECK, written (2990, 2990): team 1's Stöck make 3010 before team 0's trick and Weis
    (2990 + 23 + 20 = 3033)."""
    rules = Rules(first_dealer=3, counting_order=CountingOrder.STOECK_STICH_WEIS)
    state = play(game(PWS_STOECK, Trump.EICHELN, rules=rules, scores=(2990, 2990)),
                 "SA S9 S10 SJ", {0: "S6 S7 S8"})
    assert (state.winner, state.scores) == (1, (3033, 3010))


# --- the options people argue about: the first Vorhand -------------------------------------------


@pytest.mark.parametrize(
    ("rules", "dealer", "vorhand"),
    [
        pytest.param(Rules(), seeded_seat(1, 4), (seeded_seat(1, 4) + 1) % 4,
                     id="3 first_vorhand seed (default): the first dealer from the game's seed"),
        pytest.param(Rules(first_vorhand=FirstVorhand.ROSEN_7), 2, 3,
                     id="3 first_vorhand rosen_7 (pagat): seat 3 holds S7, so it is Vorhand and seat 2 deals"),
    ],
)
def test_first_vorhand_option(rules: Rules, dealer: int, vorhand: int) -> None:
    """RULES 3 "first Vorhand". In the worked deal the Rosen 7 (S7) is seat 3's."""
    state = schieber.new_game(rules, seed=1, deal=WORKED_DEAL)
    assert (state.dealer, state.vorhand, schieber.to_act(state)) == (dealer, vorhand, vorhand)
    # The dealer then moves on one seat a round, as ever: the Rosen 7's holder deals next.
    state = play_first(schieber.apply(state, ChooseTrump(Trump.OBENABE)))
    assert state.phase is Phase.ROUND_OVER
    assert schieber.apply(state, Deal()).dealer == (dealer + 1) % 4


@pytest.mark.parametrize(
    ("pairing", "dealer", "vorhand"),
    [
        pytest.param(Pairing.ROMANDIE, 3, 0,
                     id="3 first_vorhand diamonds_7 (jeuxdecartes.net), Romandie's pairing: 7♦ is D7, seat 0's"),
        pytest.param(Pairing.SEED, 3, 0, id="3 first_vorhand diamonds_7, seed 001's pairing: 7♦ is D7 (Schellen 7)"),
        pytest.param(Pairing.SWISSLOS, 1, 2, id="3 first_vorhand diamonds_7, Swisslos' pairing: 7♦ is C7, seat 2's"),
        pytest.param(Pairing.JASSVERZEICHNIS, 0, 1,
                     id="3 first_vorhand diamonds_7, jassverzeichnis' pairing: 7♦ is H7, seat 1's"),
    ],
)
def test_first_vorhand_diamonds_7_follows_the_pairing(pairing: Pairing, dealer: int, vorhand: int) -> None:
    """RULES 1a: the first Vorhand's card is stated as a French card, the 7♦; the pairing says
    which Swiss suit it is. In the worked deal D7 is seat 0's, C7 seat 2's, H7 seat 1's."""
    rules = Rules(first_vorhand=FirstVorhand.DIAMONDS_7, pairing=pairing)
    state = schieber.new_game(rules, seed=1, deal=WORKED_DEAL)
    assert (state.dealer, state.vorhand) == (dealer, vorhand)
    assert rules.first_vorhand_card() in state.dealt[vorhand]
    assert serial.loads(serial.dumps(state)) == state


def test_presets_follow_their_sources_pairing() -> None:
    """RULES 1a: Swisslos' presets pair as Swisslos does, so its doubled suits, Schilten and
    Schellen, are ♠ and ♣ («Schilten/Schaufel oder Schellen/Kreuz [...] doppelt»); Romandie's
    chibre names French suits and opens with the 7♦; "pique double" doubles ♠ only."""
    swisslos = Rules.swisslos()
    doubled = {swisslos.pairing.symbol(mode.suit) for mode in Trump if mode.suit is not None
               and swisslos.multiplier(mode) == 2}
    assert doubled == {"♠", "♣"}
    seed = Rules()
    assert {seed.pairing.symbol(m.suit) for m in Trump if m.suit is not None and seed.multiplier(m) == 2} == {"♥", "♦"}
    assert Rules.flat().pairing is Rules.tournament().pairing is Pairing.SWISSLOS
    romandie = Rules.romandie()
    assert (romandie.pairing, romandie.first_vorhand_card(), romandie.target_score) == (Pairing.ROMANDIE, Card.D7, 1000)
    pique = Rules.pique_double()
    assert pique.multipliers == (1, 2, 1, 1, 1, 1) and pique.target_score == 1500
    assert [pique.pairing.symbol(m.suit) for m in Trump if m.suit is not None and pique.multiplier(m) == 2] == ["♠"]
    assert "pairing" not in serial.to_dict(Rules()) and serial.to_dict(swisslos)["pairing"] == "swisslos"


# --- the options people argue about: Stöck shown to go out ---------------------------------------


@pytest.mark.parametrize(
    ("rules", "scores", "tricks", "end", "written"),
    [
        pytest.param(Rules(first_dealer=3, stoeck_claim=True), (2920, 0), 1, GameEnd.CLAIM_CORRECT, (3006, 140),
                     id="3 stoeck_claim (jasswelt.ch 'Die Stöcke'): seat 0 goes out, its partner's Stöck shown "
                        "before the second card count: 2920 + 46 + 40 = 3006, won"),
        pytest.param(Rules(first_dealer=3), (2920, 0), 1, GameEnd.CLAIM_WRONG, (2966, 140),
                     id="3 stoeck_claim off (default, seed 001): the same claim counts no Stöck: 2966, lost"),
        pytest.param(Rules(first_dealer=3, stoeck_claim=True), (2870, 0), 2, GameEnd.CLAIM_WRONG, (2986, 140),
                     id="3 stoeck_claim: Stöck already played count once: 2870 + 46 + 40 + 30 = 2986, lost"),
        pytest.param(Rules(first_dealer=3, stoeck_claim=True, target_score=200), (0, 0), 1, GameEnd.CLAIM_WRONG,
                     (86, 140), id="3 stoeck_claim: short even with the Stöck, 46 + 40 = 86 of 200: lost, the Stöck written"),
    ],
)
def test_stoeck_claim_option(rules: Rules, scores: tuple[int, int], tricks: int, end: GameEnd,
                             written: tuple[int, int]) -> None:
    """RULES 3 "Stöck", ``stoeck_claim``: «Beim Ausmachen dürfen die Stöcke jederzeit vorgewiesen
    werden, sofern die 20 Punkte zum Fertig machen genügen [...] auch dann, wenn der Betreffende
    [...] die zweite Karte der Stöcke noch nicht ausspielt hat». The worked round (Schilten x2):
    after trick 1 team 0 has 23 x 2 = 46 and seat 2 has played the ♥Q of its Stöck (40 with the
    multiplier); team 1 its Weis, 70 x 2 = 140. The winner of the last trick goes out."""
    state = worked_play(worked_start(rules, scores=scores), tricks)
    seat = schieber.to_act(state)
    assert seat is not None and seat % 2 == 0 and Announce() in schieber.legal_moves(state)
    over = schieber.apply(state, Announce(), seat=seat)
    assert (over.end, over.scores) == (end, written)
    assert over.winner == (0 if end is GameEnd.CLAIM_CORRECT else 1)


def test_stoeck_claim_counts_only_the_announcing_teams_stoeck() -> None:
    """With ``claim_by=ANY_TEAM`` seat 1 (team 1) goes out after seat 0's ♣A in trick 2: team
    0's Stöck (seat 2 still holds the ♥K) are not shown, so nobody is credited with them.
    Written (0, 2860): 2860 + 140 = 3000, won."""
    rules = Rules(first_dealer=3, stoeck_claim=True, claim_by=ClaimBy.ANY_TEAM)
    state = play(worked_play(worked_start(rules, scores=(0, 2860)), 1), "CA")
    over = schieber.apply(state, Announce(), seat=1)
    assert (over.end, over.winner, over.scores) == (GameEnd.CLAIM_CORRECT, 1, (46, 3000))
    assert over.history[-1].teams[0].stoeck == 0


@pytest.mark.parametrize("settings", [
    pytest.param({"end_mode": EndMode.AUTO}, id="auto: no claim to show them with"),
    pytest.param({"target_score": None, "rounds": 12}, id="fixed rounds: no claim"),
    pytest.param({"stoeck": StoeckMode.ROUND_END}, id="Stöck after the round: not shown during it"),
    pytest.param({"stoeck": StoeckMode.OFF}, id="no Stöck"),
])
def test_stoeck_claim_needs_a_claim_and_immediate_stoeck(settings: dict[str, Any]) -> None:
    with pytest.raises(InvalidRulesError, match="stoeck_claim=True: Stöck are shown to go out"):
        Rules(stoeck_claim=True, **settings)


def test_first_vorhand_rosen_7_from_seeds_and_json() -> None:
    """With ``ROSEN_7`` every seeded game starts with the Rosen 7 in Vorhand's hand, loads back
    from JSON in every round, and refuses a first dealer of its own."""
    rules = Rules(first_vorhand=FirstVorhand.ROSEN_7, target_score=None, rounds=3)
    for seed in range(12):
        state = schieber.new_game(rules, seed=seed)
        assert Card.S7 in state.dealt[state.vorhand]
        assert serial.loads(serial.dumps(state)) == state
    state = play_first(schieber.apply(schieber.new_game(rules, seed=5), ChooseTrump(Trump.ROSEN)))
    state = schieber.apply(state, Deal())
    assert serial.loads(serial.dumps(state)) == state  # round 1: the dealer moved on
    with pytest.raises(InvalidRulesError, match="first_dealer=2 and first_vorhand=rosen_7"):
        Rules(first_dealer=2, first_vorhand=FirstVorhand.ROSEN_7)
    with pytest.raises(InvalidRulesError, match="first_dealer=0 and first_vorhand=diamonds_7"):
        Rules(first_dealer=0, first_vorhand=FirstVorhand.DIAMONDS_7)


def test_new_options_are_written_to_json_only_when_used() -> None:
    """The JSON of the default rules is what it was before the options existed (golden files);
    a game with them writes and reads them."""
    assert "stoeck" not in serial.to_dict(Rules())
    rules = Rules(weis=None, stoeck=StoeckMode.ROUND_END, claim_by=ClaimBy.ANY_TEAM,
                  counting_order=CountingOrder.STOECK_STICH_WEIS, first_vorhand=FirstVorhand.ROSEN_7)
    data = serial.to_dict(rules)
    assert (data["weis"], data["stoeck"], data["claim_by"], data["counting_order"], data["first_vorhand"]) == (
        None, "round_end", "any_team", "stoeck_stich_weis", "rosen_7")
    assert serial.from_dict(data) == rules


# --- section 2 rules inside a game (section 6 edge cases) -------------------------------------


def test_bauer_exception_in_a_game() -> None:
    """Section 6 / RULES 2.3, option ``bauer_exception``: seed 001: "met uitzondering van
    troef-boer. Mocht u naast de troef-boer geen andere troef meer in bezit hebben, dan mag u in
    plaats daarvan ook een andere kaart spelen". Seat 0 leads C9 (Eicheln trump)."""
    only_jack = fill({0: "C9", 1: "CJ S6 S7 H6 H7 D6 D7 SA HA"})
    state = play(game(only_jack, Trump.EICHELN), "C9")
    assert legal_cards(state) == only_jack[1]  # any card
    state = play(state, "S6")  # keeps the Bauer
    assert state.play is not None and state.play.trick == (Card.C9, Card.S6)
    off = Rules(first_dealer=3, play=PlayRules(bauer_exception=False))
    state = play(game(only_jack, Trump.EICHELN, rules=off), "C9")
    assert legal_cards(state) == CardSet.parse("CJ")
    assert_illegal(state, PlayCard(Card.S6), "does not follow trump", "may play CJ")
    # The Jack and another trump: a trump must be played (either of them).
    jack_and_six = fill({0: "C9", 1: "CJ C6 S6 S7 H6 H7 D6 D7 SA"})
    state = play(game(jack_and_six, Trump.EICHELN), "C9")
    assert legal_cards(state) == CardSet.parse("C6 CJ")


#: Seat 0 leads SA; seat 1, void in Rosen, trumps with C9; seat 2 is void in Rosen too.
UNDERTRUMP = fill({
    0: "SA", 1: "C9 H9 H10 HJ HQ D9 D10 DJ DQ", 2: "CJ CA C6 H6 H7 H8 D6 D7 D8",
})


def test_undertrump_ban_in_a_game() -> None:
    """Section 6 / RULES 2.4: seed 001 "Ondertroefen": "Als een niet-troefkleur uitgespeeld en reeds
    met een troef geslagen is, dan is het niet mogelijk een lagere troef daar nog bij te doen,
    behalve als men alleen maar troefen heeft". The ban compares with the highest trump in the
    trick: the trump 9 beats the trump Ace, so CA and C6 are both undertrumps; CJ overtrumps."""
    state = play(game(UNDERTRUMP, Trump.EICHELN), "SA C9")
    assert legal_cards(state) == CardSet.parse("CJ H6 H7 H8 D6 D7 D8")
    error = assert_illegal(state, PlayCard(Card.CA), "CA would undertrump C9")
    assert "seat 2 may play CJ H6 H7 H8 D6 D7 D8" in error.detail
    assert "CJ" not in str(error)  # the public text shows no card of the hand
    allowed = Rules(first_dealer=3, play=PlayRules(undertrump=Undertrump.ALLOWED))
    state = play(game(UNDERTRUMP, Trump.EICHELN, rules=allowed), "SA C9")
    assert legal_cards(state) == UNDERTRUMP[2]
    state = play(state, "CA")
    assert state.play is not None and state.play.trick[-1] is Card.CA


def test_trump_lead_then_lower_trump_is_no_undertrump() -> None:
    """Section 6: "a trump lead followed by a lower trump is not undertrumping". Seat 0 leads the
    Bauer; seat 1's only trump is C6 (it must play it); seat 2 may play CA or C7."""
    deal = fill({0: "CJ", 1: "C6 S6 S7 H6 H7 D6 D7 SA HA", 2: "CA C7 S8 S9 H8 H9 D8 D9 DA"})
    state = play(game(deal, Trump.EICHELN), "CJ")
    assert legal_cards(state) == CardSet.parse("C6")
    state = play(state, "C6")
    assert legal_cards(state) == CardSet.parse("C7 CA")


def test_void_with_only_lower_trumps_plays_any_of_them() -> None:
    """Section 6: "void with only trumps, all lower than the trick's best trump -> any of them is
    legal". Trick 1 HA H7 H6 H8 (seat 0); trick 2 seat 0 leads S6, seat 1 trumps with the Bauer;
    seat 2 holds only trumps, all lower: all eight are legal."""
    deal = hands(
        "HA S6 S7 S8 S9 S10 SJ DK DA",
        "CJ H7 D6 D7 D8 D9 D10 DJ DQ",
        "C6 C7 C8 C9 C10 CQ CK CA H6",
        "H8 H9 H10 HJ HQ HK SQ SK SA",
    )
    state = play(game(deal, Trump.EICHELN), "HA H7 H6 H8 | S6 CJ")
    assert legal_cards(state) == CardSet.parse("C6 C7 C8 C9 C10 CQ CK CA")


# --- errors --------------------------------------------------------------------------------


def test_illegal_moves_raise_and_change_nothing() -> None:
    """Every illegal move raises IllegalMoveError (a ValueError) naming the move and what is
    legal, and leaves the state as it was."""
    start = game(WORKED_DEAL)
    assert_illegal(start, PlayCard(Card.HJ), "PlayCard(Card.HJ) is not a legal move now",
                   "phase choose_trump", "seat 0 may make: choose Eicheln ♣")
    assert_illegal(start, Announce(), "Announce() is not a legal move now")
    assert_illegal(start, Deal(), "Deal(hands=None) is not a legal move now")
    assert_illegal(start, DeclareWeis(weis("D6 D7 D8 D9")), "is not a legal move now")
    assert_illegal(start, "C6", "'C6' is not a legal move now")
    playing = worked_start()
    assert_illegal(playing, ChooseTrump(Trump.ROSEN), "is not a legal move now",
                   "seat 0 may make: declare sequence D6-D9: 50, play C10")
    assert_illegal(playing, Push(), "is not a legal move now")
    assert_illegal(playing, Deal(), "is not a legal move now")
    assert_illegal(playing, PlayCard(Card.C6), "seat 0 does not hold C6",
                   "may play C10 CA S6 H10 HJ D6 D7 D8 D9")
    state = play(playing, "HJ")
    assert_illegal(state, PlayCard(Card.C6), "C6 does not follow trump Schilten",
                   "seat 1 may play H6 H7 H8 H9")
    state = play(state, "H6 HQ S7 CA")  # trick 2: Eicheln led
    assert_illegal(state, PlayCard(Card.S8), "S8 does not follow the led suit Eicheln",
                   "may play C6 CJ H7 H8 H9")
    over = schieber.apply(worked_play(worked_start(scores=(2850, 0)), 2), Announce())
    for move in (PlayCard(Card.HA), Announce(), Deal(), Push(), ChooseTrump(Trump.ROSEN)):
        assert_illegal(over, move, "the game is over")
    done = worked_play(worked_start(), 9)
    assert_illegal(done, PlayCard(Card.HA), "phase round_over", "may make: deal the next round")


def test_bad_arguments() -> None:
    """Bad input to the constructors raises a JassError, never a bare TypeError/KeyError."""
    with pytest.raises(JassError):
        schieber.new_game(VORHAND_0, seed=1, deal=[CardSet.parse("C6")] * 4)
    with pytest.raises(JassError):
        schieber.new_game(VORHAND_0, seed="x")  # type: ignore[arg-type]
    with pytest.raises(JassError):
        ChooseTrump("trumpf")
    with pytest.raises(IllegalMoveError):
        DeclareWeis("C6 C7 C8")
    with pytest.raises(JassError):
        schieber.score_round(game(WORKED_DEAL))  # no trump yet
    with pytest.raises(JassError):
        schieber.observe(game(WORKED_DEAL), 4)


# --- observe ---------------------------------------------------------------------------------


def test_observe_shows_only_what_the_seat_may_know() -> None:
    """``observe``: own hand, trump, tricks, declared and shown Weis, scores; never another hand,
    and not the seed (which would reveal every deal)."""
    names = {f.name for f in attrs.fields(schieber.Observation)}
    assert not names & {"seed", "dealt", "hands", "play", "declared"}
    state = play(worked_start(scores=(10, 20)), "HJ H6", WORKED_WEIS)
    for seat in range(4):
        view = schieber.observe(state, seat)
        assert view.seat == seat
        assert state.play is not None and view.hand == state.play.hands[seat]
        assert view.hand_sizes == (8, 8, 9, 9)
        assert view.trump is Trump.SCHILTEN and view.pushed == 1
        assert view.trick == (Card.HJ, Card.H6) and view.trick_leader == 0
        assert view.to_act == 2 and view.dealer == 3
        assert view.declared_points == (50, 50, None, None)
        assert view.scores == (10, 20)
        others = CardSet().union(*(state.play.hands[s] for s in range(4) if s != seat))
        assert not set(others) & set(view.hand)
        # Only the seat to act sees its legal moves.
        assert bool(view.legal_moves) == (seat == 2)
    assert schieber.observe(state, 2).legal_moves == schieber.legal_moves(state)
    assert schieber.observe(state, 0).own_weis == (weis("D6 D7 D8 D9"),)
    assert schieber.observe(state, 2).own_weis is None
    view = schieber.observe(game(WORKED_DEAL), 1)
    assert view.hand == WORKED_DEAL[1] and view.trump is None and view.tricks == ()
    assert view.legal_moves == ()


def test_observe_round_points_during_play() -> None:
    """``observe(...).round_points``: what the round has credited so far, x2 (see the claim tests)."""
    state = worked_play(worked_start(), 2)
    assert schieber.observe(state, 3).round_points == (116, 140)


def test_observe_states_in_turn() -> None:
    """``observe`` works out what every seat sees alike (the points, the Weis, the trick) once a
    state, not once a seat: seats of two states observed in turn each see their own state."""
    first = play(worked_start(scores=(10, 20)), "HJ H6", WORKED_WEIS)
    second = worked_play(worked_start(), 2)
    for seat in range(4):
        one, two = schieber.observe(first, seat), schieber.observe(second, seat)
        assert one.hand_sizes == (8, 8, 9, 9) and one.trick == (Card.HJ, Card.H6)
        assert one.declared_points == (50, 50, None, None) and one.scores == (10, 20)
        assert two.round_points == (116, 140) and two.scores == (0, 0)
    # A seat's own part stays its own: seat 0's Weis, seat 2's none (it declared none).
    assert schieber.observe(first, 0).own_weis == (weis("D6 D7 D8 D9"),)
    assert schieber.observe(second, 0).round_points == (116, 140)
    assert schieber.observe(first, 2).own_weis is None


def test_moves_are_frozen_records() -> None:
    """Moves, states and rules are frozen, hashable values."""
    state = worked_start()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.phase = Phase.GAME_OVER
    moves: list[Move] = [Push(), ChooseTrump("obenabe"), PlayCard("HJ"), Announce(), Deal(),
                         DeclareWeis(weis("D6 D7 D8 D9"))]
    assert len({*moves, *moves}) == len(moves)
    assert ChooseTrump("obenabe") == ChooseTrump(Trump.OBENABE)
    assert hash(state) == hash(worked_start())


# --- the state's two parts ---------------------------------------------------------------------------


def test_a_card_shares_the_setting_and_builds_a_small_state() -> None:
    """Design: what a card does not change (the setting) is shared by every state of the card play."""
    state = schieber.apply(schieber.new_game(schieber.Rules.tournament(1), seed=4), ChooseTrump(Trump.OBENABE))
    before = state
    state = schieber.apply(state, schieber.legal_moves(state)[-1])
    assert state.setting is before.setting and state.play is not before.play
    assert state.scores == before.scores == (0, 0) and state.vorhand == before.vorhand


def test_replace_and_create_take_every_field_by_name() -> None:
    state = schieber.new_game(seed=9)
    changed = state.replace(scores=(120, 40), pushed=1)
    assert (changed.scores, changed.pushed, changed.dealt, changed.play) == ((120, 40), 1, state.dealt, None)
    assert state.scores == (0, 0), "replace leaves the state as it was"
    assert state.replace() == state
    names = [field.name for field in attrs.fields(schieber.Setting)] + ["play"]
    assert schieber.State.create(**{name: getattr(changed, name) for name in names}) == changed
    with pytest.raises(JassError, match="State.replace: no field score, trumps \\(fields: play, rules, seed"):
        state.replace(score=(1, 2), trumps=None)
