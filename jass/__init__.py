"""The rules of the Swiss card game Jass.

Cards, trump modes and card play are shared by every variant:

>>> from jass import Card, CardSet, Trump, legal_cards, trick_winner
>>> hand = CardSet.parse("S7 SA D9")
>>> legal_cards(hand, [Card.SJ], Trump.EICHELN)      # must follow spades
CardSet('S7 SA')
>>> trick_winner([Card.SJ, Card.S7], Trump.EICHELN)
0
"""

from jass.cards import FULL_DECK, Card, CardSet, Rank, Suit, deal, shuffled_deck, validate_deck
from jass.errors import (
    IllegalMoveError,
    InvalidCardsError,
    InvalidNotationError,
    InvalidRulesError,
    InvalidStateError,
    JassError,
    RecordError,
    SerialError,
)
from jass.faces import Deck, Faces, Pairing
from jass.play import CardPlay, PlayCard, Trick
from jass.tricks import PlayRules, Undertrump, legal_cards, trick_winner, winning_position
from jass.trump import DEFAULT_TRUMP_JACK_POINTS, LAST_TRICK_BONUS, LeadMode, PerTrickMode, Trump
from jass.weis import (
    STOECK_POINTS,
    UndenufeOrder,
    Weis,
    WeisKind,
    WeisRules,
    WeisTiebreak,
    best_weis,
    detect_weis,
    has_stoeck,
    stoeck_cards,
)

__version__ = "0.1.0.dev0"

__all__ = [
    "Card",
    "CardPlay",
    "CardSet",
    "DEFAULT_TRUMP_JACK_POINTS",
    "Deck",
    "Faces",
    "FULL_DECK",
    "IllegalMoveError",
    "InvalidCardsError",
    "InvalidNotationError",
    "InvalidRulesError",
    "InvalidStateError",
    "JassError",
    "LAST_TRICK_BONUS",
    "Pairing",
    "PerTrickMode",
    "LeadMode",
    "PlayCard",
    "PlayRules",
    "RecordError",
    "Rank",
    "STOECK_POINTS",
    "UndenufeOrder",
    "SerialError",
    "Suit",
    "Trick",
    "Trump",
    "Undertrump",
    "Weis",
    "WeisKind",
    "WeisRules",
    "WeisTiebreak",
    "best_weis",
    "deal",
    "detect_weis",
    "has_stoeck",
    "legal_cards",
    "shuffled_deck",
    "stoeck_cards",
    "trick_winner",
    "validate_deck",
    "winning_position",
]
