"""Moving data between jass-kit and this library: card ids and codes, trump codes, seats,
jass-kit's JSON game format (V0.2), its log entries and the Swisslos log lines it reads.

`jass-kit <https://pypi.org/project/jass-kit/>`_ (HSLU) is not needed and never
imported: everything here works on JSON data. (jass-kit installs a package also
called ``jass``; this module is named so that it cannot collide with any of its
subpackages.)

**Cards.** jass-kit numbers the cards ``9 * suit + offset`` with the suits D=0,
H=1, S=2, C=3 and the offsets A=0, K=1, Q=2, J=3, 10=4, 9=5, 8=6, 7=7, 6=8, so 0 is
``'DA'``, 8 ``'D6'``, 9 ``'HA'`` and 35 ``'C6'``. By default its suits map to ours
**by their French letter** (:data:`FRENCH`): D is Schellen (♦), H Schilten (♥), S
Rosen (♠), C Eicheln (♣); a card then has the same code in both libraries, and its
id is ``35 - card.index``.

>>> from jass import Card
>>> card_id(Card.DA), card_id(Card.C6), card_from_id(9)
(0, 35, Card.HA)

Only the multipliers of Schieber look at which suit is which (Schilten and
Schellen count double in the seed's table). jass-kit's own German labels (H
"Rosen", S "Schilten", D "Schellen", C "Eichel") and the Swisslos display mapping
(Rosen hearts, Schilten spades, Schellen clubs, Eicheln diamonds) pair the Swiss
suits differently: pass ``suits=JASSKIT_GERMAN`` or ``suits=SWISSLOS`` to map by
those names instead; the card codes then differ between the libraries.

**Trump codes**: 0..3 the suits D, H, S, C; 4 Obenabe (``OBE_ABE``); 5 Undenufe
(``UNE_UFE``). 10 (``PUSH``) and 6 (``PUSH_ALT``) are jass-kit's push action.

**Seats.** jass-kit numbers the players North=0, East=1, South=2, West=3 clockwise
and plays counter-clockwise: the player after *p* is ``[3, 0, 1, 2][p]``. Here play
goes from seat *s* to *s + 1*. The mapping ``ours = (4 - theirs) % 4`` (0 to 0, 1 to
3, 2 to 2, 3 to 1; it is its own inverse) turns one order into the other and keeps
the partnerships: jass-kit's team 0 (North and South) is our team 0 (seats 0 and 2).

>>> [seat_from_jasskit(p) for p in range(4)]
[0, 3, 2, 1]

**Games.** jass-kit writes one round of Schieber (``GameState.to_json``, format
``V0.2``) as::

    {"version": "V0.2", "trump": 1, "dealer": 1, "currentPlayer": -1, "forehand": 0,
     "tricks": [{"cards": ["HJ", "H6", "H8", "H7"], "points": 20, "win": 0, "first": 0}, ...],
     "player": [{"hand": []}, {"hand": []}, {"hand": []}, {"hand": []}],
     "jassTyp": "SCHIEBER"}

``trump`` is -1 until chosen; ``forehand`` is 1 when Vorhand chose trump, 0 after a
push, -1 before either; ``tricks`` holds the finished tricks (their cards in play
order, ``points`` with the last trick's 5 in the ninth, ``win`` the winner, ``first``
the leader) and then the trick in progress (its cards so far and ``first``);
``player`` holds each player's *current* hand. :func:`read_game` reads it into a
:class:`Game`, :meth:`Game.to_json` writes it; :func:`to_state` replays a game under
this library's Schieber rules, :func:`from_state` writes a Schieber state in
jass-kit's format, and :func:`forbidden_cards` lists every card our rules forbid
(jass-kit lets a player undertrump the highest trump of a trick as long as the card
beats the *lowest* trump in it).

The package's files: ``codes`` (cards, trumps, seats), ``games`` (the game format, to and from
a :class:`jass.schieber.State`), ``logs`` (log entries, Swisslos lines).
"""

from jass.schieber.jasskit.codes import *  # noqa: F403
from jass.schieber.jasskit.games import *  # noqa: F403
from jass.schieber.jasskit.logs import *  # noqa: F403

__all__ = [
    "FORMAT_VERSION",
    "CARD_CODES",
    "OBE_ABE",
    "UNE_UFE",
    "PUSH",
    "PUSH_ALT",
    "FRENCH",
    "JASSKIT_GERMAN",
    "SWISSLOS",
    "card_id",
    "card_from_id",
    "card_code",
    "card_from_code",
    "trump_code",
    "trump_from_code",
    "seat_to_jasskit",
    "seat_from_jasskit",
    "KitTrick",
    "Game",
    "read_game",
    "to_state",
    "from_state",
    "ForbiddenCard",
    "forbidden_cards",
    "LogEntry",
    "read_log_entry",
    "SwisslosLine",
    "read_swisslos_line",
    "write_swisslos_line",
]
