"""The sampler of hidden hands (:mod:`jass.ai.sampling`): every deal it draws fits what the
observer has seen, the true deal is always one it could draw, the constraints of the play
bite, and the draws are uniform over the consistent deals."""

from __future__ import annotations

import collections
import itertools
import math
import random
import time
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from jass import CardSet, PerTrickMode, PlayRules, Trump, Undertrump, WeisRules, coiffeur, differenzler, pomme, schieber
from jass.cards import Card
from jass.errors import IllegalMoveError, InvalidCardsError
from jass.play import CardPlay, PlayCard
from jass.teams.ai import seat_declarations
from jass.ai import sampling
from jass.ai.sampling import HandCondition, HandSampler, SamplingError

schieber_sampler, sample_schieber = schieber.hand_sampler, schieber.sample_hands
differenzler_sampler, sample_differenzler = differenzler.hand_sampler, differenzler.sample_hands
pomme_sampler, sample_pomme = pomme.hand_sampler, pomme.sample_hidden
coiffeur_sampler, sample_coiffeur = coiffeur.hand_sampler, coiffeur.sample_hands
from rare_weis import HOLDINGS, rare_weis_state
from strategies import examples

SCHIEBER_RULES = [
    schieber.Rules(),
    schieber.Rules(auto_declare=True),
    schieber.Rules(play=PlayRules(bauer_exception=False, undertrump=Undertrump.ALLOWED)),
    schieber.Rules(play=PlayRules(bauer_exception=True, undertrump=Undertrump.ALLOWED), auto_declare=True),
]


def schieber_moment(seed: int, rules: schieber.Rules, cards: int) -> schieber.State:
    """A Schieber round after ``cards`` random legal cards (Weis declared at random)."""
    rng = random.Random(seed)
    state = schieber.new_game(rules, seed=seed)
    state = schieber.apply(state, schieber.ChooseTrump(Trump(rng.randrange(6))))
    assert state.play is not None
    while len(state.play.played()) < cards:
        moves = [m for m in schieber.legal_moves(state) if not isinstance(m, schieber.Announce)]
        state = schieber.apply(state, rng.choice(moves))
        assert state.play is not None
    return state


def replay_is_legal(trump: Trump | PerTrickMode, rules: PlayRules, now: tuple[CardSet, ...], play: CardPlay) -> bool:
    """Rebuild the hands as dealt from ``now`` and the cards each seat played, and replay the
    round's cards through the public :class:`CardPlay` (which refuses an illegal card)."""
    seats = play.seats
    dealt = [set(hand) for hand in now]
    order: list[Card] = []
    for trick in play.tricks:
        order.extend(trick.cards)
        for position, card in enumerate(trick.cards):
            dealt[(trick.leader + position) % seats].add(card)
    order.extend(play.trick)
    for position, card in enumerate(play.trick):
        dealt[(play.leader + position) % seats].add(card)
    first = play.tricks[0].leader if play.tricks else play.leader
    replay = CardPlay.start(trump, [CardSet(h) for h in dealt], first, rules, play.trump_jack_points)
    try:
        for card in order:
            replay = replay.play(card)
    except IllegalMoveError:
        return False
    return replay.hand_bits == play.hand_bits or tuple(replay.hands) == now


def check_schieber(state: schieber.State, seat: int, draws: int, rng: random.Random) -> None:
    assert state.trump is not None
    view = schieber.observe(state, seat)
    check_team(state, state.trump, view, schieber_sampler(view), seat, draws, rng)


def check_team(
    state: schieber.State | coiffeur.State, mode: Trump | PerTrickMode,
    view: schieber.Observation | coiffeur.Observation, sampler: HandSampler, seat: int, draws: int, rng: random.Random,
) -> None:
    """The sampler of a partnership game's view: the true deal is one it can draw, and every
    draw fits the play (replayed in ``mode``) and the shown Weis."""
    play = state.play
    assert play is not None
    truth = tuple(h.bits for h in play.hands)
    # The true deal is one the sampler can draw.
    for other in range(4):
        assert not truth[other] & sampler.forbidden.get(other, 0)
        assert sampler.known.get(other, 0) & ~truth[other] == 0
    assert sampler.fits(truth)
    unseen = CardSet.from_bits(((1 << 36) - 1) & ~play.played().bits)
    for _ in range(draws):
        hands = sampler.sample(rng)
        assert hands[seat] == view.hand
        assert tuple(len(h) for h in hands) == play.hand_sizes
        assert sum(len(h) for h in hands) == len(unseen)
        assert CardSet.from_bits(sum(h.bits for h in hands)) == unseen
        assert replay_is_legal(mode, state.rules.play, hands, play)
        for other, weis in enumerate(view.shown_weis):
            if other != seat:
                for w in weis:
                    assert (w.cards - play.played()) <= hands[other]


@pytest.mark.parametrize("rules", SCHIEBER_RULES, ids=["default", "auto-declare", "undertrump", "auto-undertrump"])
def test_schieber_samples_fit_the_play(rules: schieber.Rules) -> None:
    rng = random.Random(11)
    for seed in range(12):
        cards = rng.randrange(1, 36)
        state = schieber_moment(seed, rules, cards)
        check_schieber(state, rng.randrange(4), 15, rng)


@given(seed=st.integers(0, 10**6), cards=st.integers(0, 35), seat=st.integers(0, 3), rules=st.sampled_from(SCHIEBER_RULES))
@examples(40)
def test_schieber_property(seed: int, cards: int, seat: int, rules: schieber.Rules) -> None:
    check_schieber(schieber_moment(seed, rules, cards), seat, 4, random.Random(seed))


COIFFEUR_CASES = [
    (PerTrickMode.SLALOM_UNDENUFE, coiffeur.Rules(slate="swisslos_10")),
    (PerTrickMode.GUSCHTI_OBENABE, coiffeur.Rules(slate="swisslos_10", play=PlayRules(undertrump=Undertrump.ALLOWED))),
    (Trump.SCHELLEN, coiffeur.Rules.with_weis()),
]


@pytest.mark.parametrize(("mode", "rules"), COIFFEUR_CASES, ids=["slalom-undenufe", "guschti-obenabe", "schellen-weis"])
def test_coiffeur_samples_fit_the_play(mode: Trump | PerTrickMode, rules: coiffeur.Rules) -> None:
    """Coiffeur's sampler: each trick of a Slalom or Guschti round is checked in its own mode
    (a per-trick mode is never read as a trump suit), and the Weis when the rules play them."""
    rng = random.Random(5)
    row = next(index for index, row in enumerate(rules.slate.rows) if mode in row.modes)
    for seed in range(10):
        state = coiffeur.new_game(rules, seed=seed)
        state = coiffeur.apply(state, coiffeur.ChooseRow(row, mode))
        assert state.play is not None
        for _ in range(rng.randrange(1, 36)):
            state = coiffeur.apply(state, rng.choice(coiffeur.legal_moves(state)))
            assert state.play is not None
        seat = rng.randrange(4)
        view = coiffeur.observe(state, seat)
        check_team(state, mode, view, coiffeur_sampler(view), seat, 10, rng)


def test_a_void_bites_in_a_per_trick_mode() -> None:
    """Slalom-Obenabe, trick 2 (Undenufe): seat 1 discards on a club lead, so it holds no club;
    no trick has a trump, so its D6 under seat 0's C6 is no undertrump and says nothing more."""
    hands = [CardSet.parse(h) for h in ("HA C6", "HK D6", "HQ D7", "HJ D8")]
    play = CardPlay.start(PerTrickMode.SLALOM_OBENABE, hands, leader=0)
    for card in (Card.HA, Card.HK, Card.HQ, Card.HJ, Card.C6, Card.D6):
        play = play.play(card)
    sampler = HandSampler(
        seats=4, observer=0, hand=play.hand(0).bits, hand_sizes=play.hand_sizes, trump=PerTrickMode.SLALOM_OBENABE,
        tricks=[(0, [Card.HA.index, Card.HK.index, Card.HQ.index, Card.HJ.index])],
        trick=[Card.C6.index, Card.D6.index], trick_leader=0,
    )
    assert sampler.voids(1) == CardSet.parse("C7 C8 C9 C10 CJ CQ CK CA")
    assert sampler.voids(2) == CardSet() and sampler.voids(3) == CardSet()


def test_a_void_bites() -> None:
    """A seat that did not follow suit never gets that suit again; one that undertrumped
    (where only a hand of trumps may) gets only trumps."""
    hands = [CardSet.parse(h) for h in ("HA H6 C6", "D7 D8 DK", "H7 H8 C7", "H9 DA C8")]
    play = CardPlay.start(Trump.OBENABE, hands, leader=0).play(Card.HA).play(Card.D7)
    sampler = HandSampler(
        seats=4, observer=0, hand=play.hand(0).bits, hand_sizes=play.hand_sizes, trump=Trump.OBENABE,
        trick=[Card.HA.index, Card.D7.index], trick_leader=0,
    )
    assert sampler.voids(1) == CardSet.parse("H7 H8 H9 H10 HJ HQ HK")
    rng = random.Random(3)
    for _ in range(200):
        assert not sampler.sample(rng)[1] & CardSet.parse("H7 H8 H9")

    # Schilten trump: seat 1 plays C6 to a Rosen trick after seat 0's trump H9 ... seat 1 then
    # undertrumps with H6: legal only because it held nothing but trumps.
    hands = [CardSet.parse(h) for h in ("S6 H9", "H6 H7", "S7 S8", "S9 C9")]
    play = CardPlay.start(Trump.SCHILTEN, hands, leader=3).play(Card.S9).play(Card.H9).play(Card.H6)
    sampler = HandSampler(
        seats=4, observer=3, hand=play.hand(3).bits, hand_sizes=play.hand_sizes, trump=Trump.SCHILTEN,
        trick=[Card.S9.index, Card.H9.index, Card.H6.index], trick_leader=3,
    )
    for _ in range(200):
        hand = sampler.sample(rng)[1]
        assert hand <= CardSet.parse("H6 H7 H8 H10 HJ HQ HK HA")


def test_five_and_six_seats_are_sampled() -> None:
    """Five seats with a card out of play (``excluded``: in no hand), and six: the hand sizes are
    kept and a void bites. Five seats, the D6 out: seat 0 C6 C7 C8 C9 C10 CJ CQ, seat 1 CK CA S6
    S7 S8 S9 S10, seat 2 SJ SQ SK SA H6 H7 H8, seat 3 H9..HA D7, seat 4 D8..DA. Seat 0 leads C6,
    seat 1 follows CK, seat 2 has no Eicheln and plays H6: the CA, the one Eicheln seat 0 does
    not see, is seat 1's or seat 3's or seat 4's, never seat 2's."""
    parts = ("C6 C7 C8 C9 C10 CJ CQ", "CK CA S6 S7 S8 S9 S10", "SJ SQ SK SA H6 H7 H8", "H9 H10 HJ HQ HK HA D7",
             "D8 D9 D10 DJ DQ DK DA")
    play = CardPlay.start(Trump.ROSEN, [CardSet.parse(part) for part in parts], leader=0)
    play = play.play(Card.C6).play(Card.CK).play(Card.H6)
    sampler = HandSampler(seats=5, observer=0, hand=play.hand(0).bits, hand_sizes=play.hand_sizes,
                          trump=Trump.ROSEN, trick=[Card.C6.index, Card.CK.index, Card.H6.index], trick_leader=0,
                          excluded=Card.D6.bit)
    assert Card.CA in sampler.voids(2)
    rng = random.Random(5)
    for _ in range(100):
        drawn = sampler.sample(rng)
        assert [len(hand) for hand in drawn] == [6, 6, 6, 7, 7]
        assert Card.CA not in drawn[2] and not any(Card.D6 in hand for hand in drawn)
    six = [CardSet(list(Card)[6 * k:6 * k + 6]) for k in range(6)]
    sampler = HandSampler(seats=6, observer=3, hand=six[3].bits, hand_sizes=(6,) * 6, trump=Trump.OBENABE)
    assert sorted(len(hand) for hand in sampler.sample(rng)) == [6] * 6
    with pytest.raises(InvalidCardsError, match="seats=7: expected 2..6"):
        HandSampler(seats=7, observer=0, hand=0, hand_sizes=(0,) * 7, trump=Trump.ROSEN)


def enumerate_deals(sampler: HandSampler) -> set[tuple[int, ...]]:
    """Every deal of the unseen cards to the hidden hands, with the known cards in place, that
    replays legally (by brute force: every choice of each hand's cards, checked by the rules)."""
    free = [c for c in range(36) if sampler.pool >> c & 1 and not any(sampler.known.get(s, 0) >> c & 1 for s in range(4))]
    hidden = sampler.hidden
    wanted = [sampler.hand_sizes[s] - sampler.known.get(s, 0).bit_count() for s in hidden]
    deals = set()

    def deal(position: int, left: list[int], hands: list[int]) -> None:
        if position == len(hidden):
            if sampler.consistent(hands):
                deals.add(tuple(hands))
            return
        seat = hidden[position]
        for cards in itertools.combinations(left, wanted[position]):
            hands[seat] = sampler.known.get(seat, 0) | sum(1 << c for c in cards)
            deal(position + 1, [c for c in left if c not in cards], hands)

    hands = [0] * sampler.seats
    hands[sampler.observer] = sampler.hand
    deal(0, free, hands)
    return deals


def chi_square_limit(cells: int, z: float = 6.0) -> float:
    """The value a chi-square statistic of ``cells`` equally likely cells exceeds with probability
    about 1e-9 (``z`` = 6 standard normal deviations, Wilson-Hilferty's approximation): with the
    draws' seed fixed, a test against it is deterministic and has a wide margin."""
    df = cells - 1
    return float(df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3)


def chi_square(counts: collections.Counter[Any], expected: dict[Any, float]) -> float:
    return float(sum((counts.get(cell, 0) - e) ** 2 / e for cell, e in expected.items()))


def weis_endgame(seed: int, cards: int, auto: bool) -> tuple[schieber.State, int]:
    """A Schieber round late enough that its deals can be listed, in which the seats of one
    team declared Weis that stay hidden, as the other team's are better and shown (four Kings
    and four nines): seat 1 holds two sequences of three in clubs, seat 3 two sequences of
    three, in diamonds and spades; each declares one (either of its two is a Weis of 20), or
    both count with ``auto``. After ``cards`` random legal cards; the observer is seat 2."""
    hands = [CardSet.parse(h) for h in (
        "CK SK HK DK S7 S8 H7 HJ D10", "C6 C7 C8 C10 CJ CQ CA H6 SA", "C9 S9 H9 D9 H10 HQ HA DJ DQ",
        "D6 D7 D8 S10 SJ SQ S6 H8 DA",
    )]
    rules = schieber.Rules(first_dealer=3, auto_declare=auto)
    state = schieber.apply(schieber.new_game(rules, seed=seed, deal=hands), schieber.ChooseTrump(Trump.SCHILTEN))
    rng = random.Random(seed)
    assert state.play is not None
    while len(state.play.played()) < cards:
        moves = [m for m in schieber.legal_moves(state) if not isinstance(m, schieber.Announce)]
        declarations = [m for m in moves if isinstance(m, schieber.DeclareWeis)]
        state = schieber.apply(state, declarations[-1] if declarations else rng.choice(moves))  # one Weis each
        assert state.play is not None
    return state, 2


@pytest.mark.slow  # thousands of draws, a statistical test
@pytest.mark.parametrize("listed", [False, True], ids=["as-chosen", "all-listed"])
@pytest.mark.parametrize(("seed", "cards", "auto"), [(1, 18, False), (2, 22, True), (4, 21, False), (6, 18, False)])
def test_uniform_over_the_consistent_deals(seed: int, cards: int, auto: bool, listed: bool,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Late in a round the consistent deals can be listed: the sampler's count is their number
    before the Weis, it draws exactly the deals that also meet the declared Weis, and each as
    often as the others, by a chi-square test against the uniform distribution (the draws'
    seed fixed, a limit exceeded with probability about 1e-9 by a uniform sampler). Both ways
    to meet a condition are tested: as the sampler chooses (common conditions are checked on
    the deal), and with every condition's ways listed and chosen by their number of deals."""
    if listed:
        monkeypatch.setattr(sampling, "_CHECK_FROM", math.inf)
    state, seat = weis_endgame(seed, cards, auto)
    view = schieber.observe(state, seat)
    assert view.declared_points[1] and view.declared_points[3] and not view.shown_weis[1]
    sampler = schieber_sampler(view)
    assert bool(sampler.listed) is listed or auto
    deals = enumerate_deals(sampler)
    assert sampler.count == len(deals)  # the count is before the Weis
    deals = {deal for deal in deals if sampler.fits(deal)}
    assert 80 <= len(deals) < sampler.count  # the Weis bite
    rng = random.Random(seed)
    draws = 40 * len(deals)
    counts = collections.Counter(sampler.sample_bits(rng) for _ in range(draws))
    assert set(counts) == deals
    assert chi_square(counts, dict.fromkeys(deals, draws / len(deals))) < chi_square_limit(len(deals))


@pytest.mark.slow  # thousands of draws, a statistical test
@pytest.mark.parametrize("listed", [False, True], ids=["checked", "listed"])
def test_a_deal_meeting_two_ways_is_not_drawn_twice_as_often(listed: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """A condition met in two ways at once (seat 1 holds C6, or C7, or both) would double the
    deals holding both if a way were chosen and the rest dealt without more: the sampler keeps
    those deals one time in two, and the chi-square test tells the two distributions apart.
    (Met by most deals, the condition is checked on each deal unless every condition is
    listed.)"""
    monkeypatch.setattr(sampling, "_CHECK_FROM", math.inf if listed else 0.5)
    condition = HandCondition(
        ways=((Card.C6.bit, 0), (Card.C7.bit, 0)),
        valid=lambda dealt: [way for way, card in enumerate((Card.C6, Card.C7)) if dealt >> card.index & 1],
        name="holds a low club",
    )
    sampler = HandSampler(
        seats=4, observer=0, hand=CardSet.parse("S6 S7").bits, hand_sizes=(2, 2, 2, 2), trump=Trump.OBENABE,
        pool=CardSet.parse("C6 C7 C8 C9 C10 CJ").bits, conditions={1: condition},
    )
    assert sampler.listed == ((1,) if listed else ())
    deals = {deal for deal in enumerate_deals(sampler) if sampler.fits(deal)}
    assert len(deals) == 54  # of the 90 deals, 36 leave seat 1 neither card: 6 choose 2 = 15 hands, 9 of them hold C6 or C7
    rng = random.Random(7)
    draws = 100 * len(deals)
    counts = collections.Counter(sampler.sample_bits(rng) for _ in range(draws))
    both = {deal for deal in deals if deal[1] & (Card.C6.bit | Card.C7.bit) == Card.C6.bit | Card.C7.bit}
    assert len(both) == 6
    uniform = dict.fromkeys(deals, draws / len(deals))
    assert chi_square(counts, uniform) < chi_square_limit(len(deals))
    # Against the distribution of a sampler without the correction (both cards: twice as often).
    weight = {deal: 2.0 if deal in both else 1.0 for deal in deals}
    biased = {deal: draws * w / sum(weight.values()) for deal, w in weight.items()}
    assert chi_square(counts, biased) > chi_square_limit(len(deals))


def test_reproducible() -> None:
    state = schieber_moment(5, schieber.Rules(), 10)
    view = schieber.observe(state, 2)
    assert sample_schieber(view, random.Random(9)) == sample_schieber(view, random.Random(9))


def test_declared_weis_bite() -> None:
    """With auto_declare every seat's Weis points are public after trick 1: each sample gives
    every seat a dealt hand with exactly those Weis points."""
    from jass.weis import detect_weis

    rules = schieber.Rules(auto_declare=True)
    rng = random.Random(1)
    for seed in range(6):
        state = schieber_moment(seed, rules, 5)
        view = schieber.observe(state, 0)
        assert state.play is not None
        sampler = schieber_sampler(view)
        for _ in range(10):
            hands = sampler.sample(rng)
            for seat in range(4):
                dealt = hands[seat] | CardSet(
                    t.played_by(seat, 4) for t in state.play.tricks
                ) | CardSet(c for i, c in enumerate(state.play.trick) if (state.play.leader + i) % 4 == seat)
                assert sum(w.points for w in detect_weis(dealt, WeisRules())) == view.declared_points[seat]


def test_shown_weis_are_in_the_hand() -> None:
    for seed in range(40):
        state = schieber_moment(seed, schieber.Rules(auto_declare=True), 4)
        view = schieber.observe(state, 1)
        if any(view.shown_weis[s] for s in (0, 2, 3)):
            break
    else:  # pragma: no cover - the seeds above include one
        pytest.fail("no shown Weis in 40 rounds")
    check_schieber(state, 1, 20, random.Random(0))


def test_inconsistent_input_is_refused() -> None:
    with pytest.raises(SamplingError):
        HandSampler(seats=4, observer=0, hand=CardSet.parse("C6").bits, hand_sizes=(1, 1, 1, 1), trump=Trump.OBENABE,
                    pool=CardSet.parse("C7 C8").bits)


def differenzler_moment(seed: int, cards: int) -> differenzler.State:
    rng = random.Random(seed)
    state = differenzler.new_game(seed=seed)
    while state.phase is differenzler.Phase.PREDICT:
        state = differenzler.apply(state, differenzler.Predict(rng.randrange(158)))
    assert state.play is not None
    for _ in range(cards):
        state = differenzler.apply(state, rng.choice(differenzler.legal_moves(state)))
        assert state.play is not None
    return state


@pytest.mark.parametrize("seed", range(8))
def test_differenzler(seed: int) -> None:
    state = differenzler_moment(seed, seed * 4)
    play = state.play
    assert play is not None
    rng = random.Random(seed)
    seat = seed % 4
    view = differenzler.observe(state, seat)
    sampler = differenzler_sampler(view)
    assert sampler.consistent(tuple(h.bits for h in play.hands))
    for _ in range(10):
        hands = sample_differenzler(view, rng)
        assert hands[seat] == view.hand
        assert replay_is_legal(state.trump, state.rules.play, hands, play)
        if view.face_up not in play.played():
            assert view.face_up in hands[view.dealer]


def pomme_moment(seed: int, cards: int) -> pomme.State:
    rng = random.Random(seed)
    state = pomme.new_game(seed=seed)
    while state.phase is not pomme.Phase.PLAY:
        moves = pomme.legal_moves(state)
        swap = [m for m in moves if isinstance(m, pomme.SwapTrumpSix)]
        state = pomme.apply(state, swap[0] if swap else rng.choice(moves))
    assert state.play is not None
    for _ in range(cards):
        state = pomme.apply(state, rng.choice(pomme.legal_moves(state)))
        assert state.play is not None
    return state


@pytest.mark.parametrize("seed", range(10))
def test_pomme(seed: int) -> None:
    state = pomme_moment(seed, seed * 2)
    play = state.play
    assert play is not None
    seat = seed % 2
    view = pomme.observe(state, seat)
    assert pomme_sampler(view).consistent(tuple(h.bits for h in play.hands))
    rng = random.Random(seed)
    for _ in range(10):
        sample = sample_pomme(view, rng)
        assert sample.hands[seat] == view.hand
        assert replay_is_legal(state.trump, state.rules.play_rules, sample.hands, play)
        zones = [*sample.hands, *sample.extras, sample.talon, sample.out_of_play, CardSet([view.top_card]), play.played()]
        assert sum(len(z) for z in zones) == 36
        assert CardSet.from_bits(sum(z.bits for z in zones)) == CardSet.from_bits((1 << 36) - 1)
        assert len(sample.talon) == 11 and all(len(e) in (0, 3) for e in sample.extras)
        if view.swapped_by == 1 - seat and view.turned not in play.played():
            assert view.turned in sample.hands[1 - seat]


def test_pomme_before_play() -> None:
    view = pomme.observe(pomme.new_game(seed=8), 1)
    sample = sample_pomme(view, random.Random(2))
    assert [len(e) for e in sample.extras] == [3, 3] and len(sample.out_of_play) == 0
    assert view.top_card not in sample.talon and view.top_card not in sample.hands[0]


def test_sampled_hands_can_be_solved() -> None:
    """A determinised search: solve each sampled deal exactly (late in a round, to stay fast)."""
    from jass.ai.solver import Solver

    state = schieber_moment(3, schieber.Rules(), 24)
    play = state.play
    assert play is not None and state.trump is not None
    seat = play.to_play
    assert seat is not None
    sampler = schieber_sampler(schieber.observe(state, seat))
    solver = Solver(state.trump, rules=state.rules.play)
    rng = random.Random(0)
    left = state.trump.points(CardSet.from_bits(((1 << 36) - 1) & ~play.played().bits)) + state.trump.points(
        CardSet(play.trick)
    ) + 5
    for _ in range(5):
        hands = sampler.sample_bits(rng)
        assert sum(solver.points(hands, play.leader, [c.index for c in play.trick])) == left


@pytest.mark.parametrize("variant", [schieber, differenzler, pomme, coiffeur])
def test_a_spectator_view_is_refused(variant: Any) -> None:
    """A spectator (seat None) holds no hand: there is nothing to sample around."""
    samplers: dict[Any, Callable[..., object]] = {
        schieber: sample_schieber, differenzler: sample_differenzler, pomme: sample_pomme, coiffeur: sample_coiffeur,
    }
    sample = samplers[variant]
    view = variant.observe(variant.new_game(seed=1), None)
    with pytest.raises(InvalidCardsError, match="spectator"):
        sample(view, random.Random(1))


def test_sample_dealt_adds_what_each_seat_played() -> None:
    # After trump and 6 cards (one trick and two cards of the next), each seat's dealt hand
    # is its sampled hand now plus exactly the cards it played, which the real game shows:
    # the real dealt hand less the real hand now.
    state = schieber.apply(schieber.new_game(seed=11), schieber.ChooseTrump("H"))
    for _ in range(6):
        state = schieber.apply(state, [m for m in schieber.legal_moves(state) if isinstance(m, PlayCard)][0])
    seat = schieber.to_act(state)
    assert seat is not None
    view = schieber.observe(state, seat)
    assert state.play is not None
    now, dealt = schieber.hand_sampler(view).sample_dealt(random.Random(5))
    assert sorted(len(hand) for hand in now) == [7, 7, 8, 8]
    for other in range(4):
        assert dealt[other] - now[other] == state.setting.dealt[other] - state.play.hands[other]
        assert len(dealt[other]) == 9
    assert now[seat] == view.hand
    assert dealt[seat] == state.setting.dealt[seat]


@given(
    seed=st.integers(0, 10**6),
    forced=st.lists(st.tuples(st.integers(0, 3), st.sampled_from(HOLDINGS)), min_size=1, max_size=4),
    cards=st.integers(0, 35),
    seat=st.integers(0, 3),
    auto=st.booleans(),
)
@examples(60)
def test_rare_declarations_never_fail(seed: int, forced: list[tuple[int, str]], cards: int, seat: int, auto: bool) -> None:
    """Views from real play whose deals hold the rarest Weis (four Jacks, four nines, nine in a
    row, two Weis in one hand, Stöck; several seats at once), declared in full: sampling never
    fails, the true deal is one it may draw, each draw fits the view, and three draws cost
    under 10 ms each, the sampler's building included (in CPU time: on a loaded machine a
    process waits for a core without spending it; ``benchmarks/bench_sampling.py`` gives the
    distribution)."""
    state = rare_weis_state(seed, forced, cards, auto)
    view = schieber.observe(state, seat)
    rng = random.Random(seed)
    started = time.process_time()
    sampler = schieber_sampler(view)
    draws = [sampler.sample_bits(rng) for _ in range(3)]
    assert time.process_time() - started < 3 * 0.010
    assert state.play is not None
    assert sampler.fits(tuple(h.bits for h in state.play.hands))
    for hands in draws:
        assert hands[seat] == view.hand.bits and sampler.fits(hands)
        assert tuple(h.bit_count() for h in hands) == state.play.hand_sizes
        for other, condition in sampler.conditions.items():
            # Ways marked exact are met exactly when the rule says so (the sampler trusts them).
            dealt = hands[other] | sampler.played_by_seat[other]
            assert not condition.exact or sorted(condition.meets(dealt)) == sorted(condition.valid(dealt))
            elsewhere = sum(bits for holder, bits in sampler.known.items() if holder != other)
            possible = [c for c in range(36)
                        if (sampler.pool & ~sampler.forbidden[other] & ~elsewhere & ~sampler.known.get(other, 0)) >> c & 1]
            for _ in range(5):  # and any hand the seat may hold
                size = state.play.hand_sizes[other] - sampler.known.get(other, 0).bit_count()
                held = rng.sample(possible, min(len(possible), size))
                any_hand = sampler.played_by_seat[other] | sampler.known.get(other, 0) | sum(1 << c for c in held)
                assert not condition.exact or sorted(condition.meets(any_hand)) == sorted(condition.valid(any_hand))
    assert schieber.observe(schieber.determinize(view, rng, sampler), seat) == view


def issue_25_view() -> schieber.Observation:
    """The view on which the Monte Carlo bot failed (issue 25: ``_play_one`` for ("montecarlo",
    "rule"), seed 0, game 10, the tournament rules, duplicate): round 11, Eicheln trump, seat 0
    (the dealer) to play the last card of trick 1 after seats 1, 2 and 3 declared Weis of 50,
    50 and 150 points, their deal as that game dealt it. Blind rejection found no deal in
    100,000 tries."""
    hands = [CardSet.parse(h) for h in (
        "C8 CA S6 S8 H7 H8 HA D8 D10", "C6 CK S10 SJ SQ SK H6 HJ HQ", "C7 C10 CQ SA H10 DJ DQ DK DA",
        "C9 CJ S7 S9 H9 HK D6 D7 D9",
    )]
    rules = attrs.evolve(schieber.Rules.tournament(), first_dealer=0)
    state = schieber.apply(schieber.new_game(rules, seed=25, deal=hands), schieber.ChooseTrump(Trump.EICHELN))
    for card in ("H6", "H10", "HK"):
        declaration = next(m for m in schieber.legal_moves(state) if isinstance(m, schieber.DeclareWeis))
        state = schieber.apply(schieber.apply(state, declaration), PlayCard(Card.parse(card)))
    view = schieber.observe(state, 0)
    assert view.declared_points == (None, 50, 50, 150) and view.to_act == 0
    return view


def test_the_view_of_issue_25_is_sampled() -> None:
    """Every draw gives seats 1 and 2 a sequence of four and seat 3 Weis of 150 (four nines,
    a sequence of six, or 100 and 50), with the hearts each played."""
    view = issue_25_view()
    sampler = schieber_sampler(view)
    rng = random.Random(0)
    for _ in range(50):
        now, dealt = sampler.sample_dealt(rng)
        assert now[0] == view.hand and [len(hand) for hand in now] == [9, 8, 8, 8]
        for seat, points in ((1, 50), (2, 50), (3, 150)):
            assert any(sum(w.points for w in option) == points for option in
                       seat_declarations(view, view.trump, seat, dealt[seat]))
    state = schieber.determinize(view, rng)
    assert schieber.observe(state, 0) == view
    assert [sum(w.points for w in d or ()) for d in state.setting.declared] == [0, 50, 50, 150]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("points", "seat 3 declared Weis of 370 points, but no hand it may hold forms them"),
        ("together", "seat 1 declared Weis of 250 points and seat 2 declared Weis of 250 points: no deal gives"),
    ],
)
def test_a_forged_view_says_which_weis_fail(change: str, message: str) -> None:
    """A view no deal fits (forged: no game gives it) is refused with a SamplingError that names
    the constraint: a seat's declared points that no hand it may hold makes (370 are four
    Jacks, four nines and a sequence 9-10-J, nine cards, and seat 3 played the HK as well), two
    seats' Weis that no deal gives both (250 points each: four Jacks or four nines and another
    Weis, and the cards the observer holds leave room for one such hand only)."""
    view = issue_25_view()
    if change == "points":
        view = attrs.evolve(view, declared_points=(None, 50, 50, 370))
    else:
        view = attrs.evolve(view, declared_points=(None, 250, 250, None))
    with pytest.raises(SamplingError, match=message):
        schieber_sampler(view)


def test_a_forged_play_says_which_seat_is_short() -> None:
    """Seat 1 did not follow hearts, so its two cards are among the unseen cards that are not
    hearts: there is one (S6), and the sampler says so."""
    with pytest.raises(SamplingError, match=r"seat 1 must hold 2 more cards, but only 1 of the unseen cards may be theirs"):
        HandSampler(
            seats=4, observer=0, hand=CardSet.parse("C7 C8").bits, hand_sizes=(2, 2, 3, 2), trump=Trump.OBENABE,
            trick=[Card.H6.index, Card.C6.index, Card.D6.index], trick_leader=3,
            pool=CardSet.parse("H7 H8 H9 H10 HJ HQ HK HA S6").bits,
        )


def test_a_condition_no_drawn_deal_meets_is_named() -> None:
    """A condition whose rule refuses every hand its ways allow (a forged rule, or a view no
    game gives) ends the draws after ``max_tries`` with its name."""
    condition = HandCondition(ways=((Card.C6.bit, 0),), valid=lambda dealt: (), name="holds the club six, oddly")
    sampler = HandSampler(
        seats=4, observer=0, hand=CardSet.parse("S6 S7").bits, hand_sizes=(2, 2, 2, 2), trump=Trump.OBENABE,
        pool=CardSet.parse("C6 C7 C8 C9 C10 CJ").bits, conditions={1: condition}, max_tries=300,
    )
    with pytest.raises(SamplingError, match="no deal in 300 draws meets seat 1 holds the club six, oddly"):
        sampler.sample(random.Random(1))


def test_alles_trumpf_voids_keep_the_led_suit_s_under_possible() -> None:
    """Alles Trumpf (issue 29): a seat that does not follow the led suit holds none of it, but
    for that suit's Under, which it may keep (the Bauer exception of a trump lead). Seat 0 leads
    the Rosen Ace; seat 1 plays the C6: its hand may hold the SJ and no other Rosen."""
    from jass import LeadMode

    hand = CardSet.parse("SA H6 H7 H8 H9 H10 HJ HQ HK")
    sampler = HandSampler(seats=4, observer=0, hand=hand.bits & ~Card.SA.bit, hand_sizes=(8, 8, 9, 9),
                          trump=LeadMode.ALLES_TRUMPF, trick=[Card.SA.index, Card.C6.index], trick_leader=0)
    rng = random.Random(5)
    rosen = {card for card in Card if card.suit == Card.SA.suit}
    held = [sampler.sample(rng)[1] for _ in range(400)]
    assert all(not (set(hand1) & rosen - {Card.SJ}) for hand1 in held)
    # 26 cards unseen; seat 1 may hold 19 of them (not the seven other Rosen), any 8 alike (the
    # other 18 fill seats 2 and 3 in as many ways): the SJ in 8/19 = 0.42 of the deals (±0.09
    # is 3.5 standard deviations of 400 draws).
    assert 0.33 < sum(Card.SJ in hand1 for hand1 in held) / 400 < 0.51
