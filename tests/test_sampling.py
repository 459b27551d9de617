"""The sampler of hidden hands (:mod:`jass.ai.sampling`): every deal it draws fits what the
observer has seen, the true deal is always one it could draw, the constraints of the play
bite, and the draws are uniform over the consistent deals."""

from __future__ import annotations

import collections
import itertools
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jass import CardSet, PerTrickMode, PlayRules, Trump, Undertrump, WeisRules, coiffeur, differenzler, pomme, schieber
from jass.cards import Card
from jass.errors import IllegalMoveError, InvalidCardsError
from jass.play import CardPlay, PlayCard
from jass.ai.sampling import HandSampler, SamplingError

schieber_sampler, sample_schieber = schieber.hand_sampler, schieber.sample_hands
differenzler_sampler, sample_differenzler = differenzler.hand_sampler, differenzler.sample_hands
pomme_sampler, sample_pomme = pomme.hand_sampler, pomme.sample_hidden
coiffeur_sampler, sample_coiffeur = coiffeur.hand_sampler, coiffeur.sample_hands
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


def enumerate_deals(sampler: HandSampler) -> set[tuple[int, ...]]:
    """Every deal of the unseen cards to the hidden hands that replays legally (by brute force)."""
    free = [c for c in range(36) if sampler.pool >> c & 1]
    hidden = sampler.hidden
    sizes = [sampler.hand_sizes[s] for s in hidden]
    deals = set()
    for labels in itertools.product(range(len(hidden) + 1), repeat=len(free)):
        if [labels.count(i) for i in range(len(hidden))] != sizes:
            continue
        hands = [0] * sampler.seats
        hands[sampler.observer] = sampler.hand
        for card, label in zip(free, labels):
            if label < len(hidden):
                hands[hidden[label]] |= 1 << card
        if all(sampler.known.get(s, 0) & ~hands[s] == 0 for s in hidden) and sampler.consistent(hands):
            deals.add(tuple(hands))
    return deals


@pytest.mark.slow  # thousands of draws, a statistical test
@pytest.mark.parametrize("seed", range(4))
def test_uniform_over_the_consistent_deals(seed: int) -> None:
    """Late in a round the consistent deals can be listed: the sampler's count is their
    number, it draws only them (those that pass its Weis test), and each about equally often."""
    rules = SCHIEBER_RULES[seed % len(SCHIEBER_RULES)]
    state = schieber_moment(seed, rules, 26 + seed % 3)
    sampler = schieber_sampler(schieber.observe(state, seed % 4))
    deals = enumerate_deals(sampler)
    assert sampler.count == len(deals)  # the count is before the extra (Weis) test
    deals = {deal for deal in deals if sampler.fits(deal)}
    rng = random.Random(seed)
    draws = 200 * len(deals)
    counts = collections.Counter(sampler.sample_bits(rng) for _ in range(draws))
    assert set(counts) <= deals and len(counts) == len(deals)
    expected = draws / len(deals)
    # A loose bound: about 6 standard deviations of a binomial count.
    assert all(abs(n - expected) < 6 * expected**0.5 + 1 for n in counts.values())


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
