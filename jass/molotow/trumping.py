"""How Molotow finds its trump: the round starts as Obenabe, everyone following suit; the first
card that does not follow suit makes its suit trump for the rest of the round, that card's own
trick included (:doc:`/rules/molotow`).

jassverzeichnis.ch: «Der Spieler, welcher als erster nicht farben kann, bestimmt mit dieser ersten
«nicht gehalten» Karte die Trumpffarbe [...] Die nun bestimmte Trumpffarbe gilt für alle folgende
Stiche»; funcardgames.net: "the first card played that can't follow suit becomes the trump for the
round– immediately".
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from jass.cards import Card, CardSet
from jass.molotow.rules import Rules
from jass.play import CardPlay, PlaySetup, Trick
from jass.trump import Trump

__all__ = ["fixed_trump", "play_card", "start_play", "cards_played", "fixing_position", "trump_of", "mode_in_play"]


def start_play(rules: Rules, hands: Sequence[CardSet], leader: int) -> CardPlay:
    """The round's cards in play: Obenabe (no trump yet), ``leader`` (Vorhand) to lead."""
    return CardPlay.start(Trump.OBENABE, hands, leader, rules.play)


def mode_in_play(trump: Trump | None) -> Trump:
    """The mode the cards are played in: the trump once fixed, Obenabe before (mind that
    ``Trump.EICHELN`` is 0: never write ``trump or Trump.OBENABE``).

    >>> mode_in_play(None), mode_in_play(Trump.EICHELN)
    (Trump.OBENABE, Trump.EICHELN)
    """
    return Trump.OBENABE if trump is None else trump


def fixed_trump(play: CardPlay) -> Trump | None:
    """The trump suit of a round's play, once a card has failed to follow suit; ``None`` before."""
    mode = play.trump
    return mode if mode.is_suit else None


def play_card(play: CardPlay, card: Card) -> CardPlay:
    """The play after the seat to play plays ``card``: the one place Molotow's trump is fixed.

    While no trump is fixed the play is Obenabe, so a player who holds the led suit must follow
    it (:func:`jass.tricks.legal_cards`); a legal card of another suit fixes its suit as trump,
    and the trick goes on (and is won) under that trump. Raises
    :class:`~jass.errors.IllegalMoveError` (and changes nothing) for a card that is not legal.

    >>> from jass.cards import CardSet
    >>> hands = (CardSet.parse("H6 HA"), CardSet.parse("C7 H7"), CardSet.parse("D8 H8"))
    >>> play = play_card(start_play(Rules(seats=3), hands, 0), Card.HA)
    >>> play = play_card(play_card(play, Card.H7), Card.D8)      # seat 2 may follow: H8
    Traceback (most recent call last):
    jass.errors.IllegalMoveError: PlayCard(Card.D8) is not a legal move now (phase play, seat 2 to act)
    >>> hands = (CardSet.parse("H6 HA"), CardSet.parse("C7 H7"), CardSet.parse("D8 D9"))
    >>> play = play_card(play_card(play_card(start_play(Rules(seats=3), hands, 0), Card.HA), Card.H7), Card.D8)
    >>> fixed_trump(play), play.tricks[0].winner      # the D8 fixed Schellen trump and took the trick
    (Trump.SCHELLEN, 2)
    """
    trick = play.trick
    if (
        trick
        and type(card) is Card
        and play.setup.trump_value == Trump.OBENABE
        and card.suit != trick[0].suit
        and play.legal_bits >> card.index & 1
    ):
        setup = PlaySetup.of(Trump(card.suit.value), play.seats, play.rules, play.trump_jack_points)
        play = CardPlay.from_parts(setup, play.hands, play.leader, trick, play.tricks)
    return play.play(card)


def cards_played(tricks: Sequence[Trick], trick: Sequence[Card], leader: int, seats: int) -> Iterator[tuple[int, Card]]:
    """Every card of the completed ``tricks`` and of the ``trick`` in progress (led by ``leader``)
    in play order, with the seat that played it."""
    for done in tricks:
        for position, card in enumerate(done.cards):
            yield (done.leader + position) % seats, card
    for position, card in enumerate(trick):
        yield (leader + position) % seats, card


def fixing_position(tricks: Sequence[Trick], trick: Sequence[Card]) -> tuple[int, int] | None:
    """Where the card that fixed trump lies: the number of its trick (0 for the round's first)
    and of the card in it; the first card that did not follow the led suit. ``None`` while every
    card has followed."""
    for number, cards in enumerate([done.cards for done in tricks] + ([tuple(trick)] if trick else [])):
        led = cards[0].suit
        for position, card in enumerate(cards):
            if card.suit != led:
                return number, position
    return None


def trump_of(tricks: Sequence[Trick], trick: Sequence[Card]) -> Trump | None:
    """The trump the cards played fix: the suit of the first card that did not follow suit."""
    where = fixing_position(tricks, trick)
    if where is None:
        return None
    number, position = where
    cards = tricks[number].cards if number < len(tricks) else tuple(trick)
    return Trump(cards[position].suit.value)
