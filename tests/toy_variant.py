"""A toy variant, defined only in the tests: two players, three tricks, a 12-card deck.

It exists to prove that everything above the variants works from the registry alone: it
registers itself like the library's variants, and then JSON, records, the conformance harness,
the arena and ``jass simulate`` take it without a line changed in the library.

The deck is the six highest cards of Eicheln and of Rosen (9, 10, J, Q, K, A: 12 cards).
Each player gets three; the other six are out of play. No trump (Obenabe): follow suit if
able. The non-dealer leads. Whoever takes more card points (the last trick's 5 included)
wins; equal points are a draw.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

import attrs

from jass._base import cards_in, instance_of, int_in, tuple_of
from jass.cards import Card, CardSet
from jass.errors import InvalidStateError, RecordError, SerialError
from jass.play import CardPlay, PlayCard, Trick, card_moves, parse_play
from jass.trump import Trump
from jass.variant import (
    ConformanceHooks,
    Loading,
    Notation,
    RecordFormat,
    Variant,
    SEED_LIMIT,
    check_observer,
    check_sender,
    game_start,
    register,
    split_move,
    wrong_state,
)

SEATS: Final = 2
#: The 12 cards: 9 .. A of Eicheln and Rosen.
DECK: Final = tuple(card for card in Card if card.suit in (0, 1) and card.rank >= 3)


@attrs.frozen
class Rules:
    """The toy's one option."""

    #: The dealer; ``None`` draws it from the game's seed. Source: none, the toy's own rule.
    first_dealer: int | None = attrs.field(default=None, validator=int_in(0, 1, optional=True))


@attrs.frozen
class State:
    """The toy game: its rules, seed and dealer, the cards out of play, the card play."""

    rules: Rules = attrs.field(validator=instance_of(Rules, error=InvalidStateError))
    seed: int = attrs.field(validator=int_in(0, SEED_LIMIT - 1, error=InvalidStateError))
    dealer: int = attrs.field(validator=int_in(0, 1, error=InvalidStateError))
    out_of_play: CardSet = attrs.field(validator=cards_in(30, 30, error=InvalidStateError))
    play: CardPlay = attrs.field(validator=instance_of(CardPlay, error=InvalidStateError))

    @property
    def round_number(self) -> int:
        """One round only."""
        return 0


@attrs.frozen
class Observation:
    """A seat's own hand and the public card play (a spectator, seat ``None``, sees no hand)."""

    seat: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=InvalidStateError))
    to_act: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=InvalidStateError))
    hand: CardSet = attrs.field(validator=cards_in(0, 3, error=InvalidStateError))
    hand_sizes: tuple[int, ...] = attrs.field(validator=tuple_of(int_in(0, 3), 2, 2, error=InvalidStateError))
    trump: Trump = attrs.field(validator=instance_of(Trump, error=InvalidStateError))
    trick: tuple[Card, ...] = attrs.field(validator=tuple_of(instance_of(Card), 0, 1, error=InvalidStateError))
    trick_leader: int = attrs.field(validator=int_in(0, 1, error=InvalidStateError))
    tricks: tuple[Trick, ...] = attrs.field(validator=tuple_of(instance_of(Trick), 0, 3, error=InvalidStateError))
    legal_moves: tuple[PlayCard, ...] = attrs.field(validator=tuple_of(instance_of(PlayCard), 0, 3))


def new_game(rules: Rules | None = None, seed: int | None = None) -> State:
    """Deal three cards each from the seeded shuffle of the 12."""
    game_rules, seed, dealer = game_start(rules, seed, Rules, SEATS)
    order = list(DECK)
    random.Random(seed).shuffle(order)
    hands = (CardSet(order[0:3]), CardSet(order[3:6]))
    play = CardPlay.start(Trump.OBENABE, hands, 1 - dealer)
    out = CardSet(card for card in Card if card not in hands[0] and card not in hands[1])
    return State(game_rules, seed, dealer, out, play)


def _check(state: object) -> State:
    if type(state) is not State:
        raise wrong_state(state, State)
    return state


def legal_moves(state: State) -> tuple[PlayCard, ...]:
    return card_moves(_check(state).play.legal_bits)


def apply(state: State, move: PlayCard, *, seat: int | None = None) -> State:
    from jass.errors import IllegalMoveError

    if seat is not None:
        check_sender(seat, _check(state).play.to_play, SEATS)
    if type(move) is not PlayCard:
        raise IllegalMoveError(f"{move!r:.60} is not a move of the toy: play a card")
    return attrs.evolve(_check(state), play=state.play.play(move.card))


def to_act(state: State) -> int | None:
    return _check(state).play.to_play


def is_over(state: State) -> bool:
    return _check(state).play.is_done


def winner(state: State) -> int | None:
    points = _check(state).play.points()
    if not state.play.is_done or points[0] == points[1]:
        return None
    return 0 if points[0] > points[1] else 1


def score_round(state: State) -> tuple[int, ...]:
    """The one scoring function: card points, the last trick's 5 once taken."""
    return _check(state).play.points()


def observe(state: State, seat: int | None) -> Observation:
    play = _check(state).play
    check_observer(seat, SEATS)
    acting = play.to_play
    hand = CardSet() if seat is None else play.hand(seat)
    return Observation(seat, acting, hand, play.hand_sizes, play.trump, play.trick, play.leader,
                       play.tricks, legal_moves(state) if acting == seat else ())


def card_zones(state: State) -> dict[str, CardSet]:
    zones = _check(state).play.zones()
    zones["out of play"] = state.out_of_play
    return zones


def format_move(move: PlayCard) -> str:
    return f"play {move.card}"


def parse_move(text: str, rules: Rules | None = None) -> PlayCard:
    return parse_play(split_move(text, ("play",), "toy")[1])


def _record_deal(state: State) -> dict[str, Any] | None:
    return {} if new_game(state.rules, state.seed) == state else None


def _game_from_record(rules: Rules, seed: int, fields: Mapping[str, Any]) -> State:
    if fields:
        raise RecordError("the toy is always dealt from its seed", "$.deal")
    return new_game(rules, seed)


def check_loaded(state: State, path: str = "$") -> None:
    """A loaded toy game is its seed's deal, played by the rules."""
    start = new_game(state.rules, state.seed)
    if (state.dealer, state.out_of_play) != (start.dealer, start.out_of_play):
        raise SerialError("is not the seed's deal", f"{path}.dealer")
    state.play.check_loaded(f"{path}.play")


def _hidden_variations(state: State, seat: int, rng: random.Random) -> list[State]:
    """The other hand's card exchanged with a card out of play (the 12-card deck's six unused,
    which nobody sees)."""
    other = state.play.hand(1 - seat)
    unused = [card for card in DECK if card in state.out_of_play]
    if not other:
        return []
    out, into = rng.choice(list(other)), rng.choice(unused)
    hands = list(state.play.hands)
    hands[1 - seat] = CardSet.from_bits(other.bits & ~out.bit | into.bit)
    swapped = CardSet.from_bits(state.out_of_play.bits & ~into.bit | out.bit)
    return [attrs.evolve(state, out_of_play=swapped, play=state.play.with_hands(hands))]


def _check_step(before: State, move: PlayCard, after: State) -> None:
    if after.play.is_done:
        assert sum(score_round(after)) == sum(
            {9: 0, 10: 10, 11: 2, 12: 3, 13: 4, 14: 11}.get(card.rank + 6, 0) for trick in after.play.tricks
            for card in trick.cards
        ) + 5


VARIANT: Final = register(
    Variant(
        name="toy",
        title="the toy variant",
        seats=SEATS,
        teams=((0,), (1,)),
        rules_type=Rules,
        state_type=State,
        move_types=(PlayCard,),
        observation_type=Observation,
        presets={"default": Rules},
        new_game=new_game,
        legal_moves=legal_moves,
        apply=apply,
        to_act=to_act,
        is_over=is_over,
        winner=winner,
        score_round=score_round,
        observe=observe,
        card_zones=card_zones,
        standings=score_round,
        notation=Notation(format_move=format_move, parse_move=parse_move),
        records=RecordFormat(
            result=lambda state: {"points": list(score_round(state))},
            record_deal=_record_deal,
            game_from_record=_game_from_record,
        ),
        loading=Loading(check_loaded=check_loaded),
        checks=ConformanceHooks(hidden_variations=_hidden_variations, check_step=_check_step),
        module=__name__,
    )
)
