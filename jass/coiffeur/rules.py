"""Coiffeur's rules: :class:`Rules` (every option, its default and its source) and its presets.
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from jass._base import LATER_OPTION, NamedEnum, NotSupported, instance_of, int_in
from jass.coiffeur.slate import Slate, slate_of
from jass.faces import Pairing
from jass.teams.rules import SEATS, StoeckMode
from jass.tricks import PlayRules
from jass.weis import WeisRules

__all__ = ["PushTo", "Rules"]


#: The most points a team's column can add up to (what the JSON format writes).
MAX_SCORE: Final = 10**9


class PushTo(NamedEnum):
    """To whom the seat to choose pushes the choice ("schieben")."""

    #: The next player, round the table: when all have pushed, the first is «im Zwang» and must
    #: choose (Swisslos: «Das Schieben erfolgt nicht wie beim Schieber zum Partner, sondern im
    #: Gegenuhrzeigersinn zum nächsten Mitspieler»; anzeigervonsaanen.ch «reihum»).
    NEXT_PLAYER = "next_player"
    #: The partner, as in Schieber, who must then choose (jassen.ch: «da 2 Spieler ein Team bilden
    #: und sich gegenseitig schieben können»). The chooser leads, as Coiffeur has it.
    PARTNER = "partner"


@attrs.frozen
class Rules:
    """Every Coiffeur option (:doc:`/rules/coiffeur`), with its source:

    - ``slate``: the rows to play (:class:`~jass.coiffeur.Slate`; the presets ``"jassreglement"``, the
      default, and ``"swisslos_10"``, or a custom slate);
    - ``match_bonus``: points for taking all nine tricks, before the factor (100, as in
      Schieber; 0 turns it off);
    - ``weis``: ``None`` (the default, Swisslos: "Der Coiffeur wird ohne Weisen gespielt") or
      the Weis options to play with Weis, declared as in Schieber (with ``auto_declare``, every
      Weis of every hand counts);
    - ``stoeck``: ``StoeckMode.OFF`` (the default, with the Weis) or when Stöck count;
    - ``first_dealer``: the first round's dealer (``None``: from the game's seed);
    - ``play``: the card-play options (Bauer exception, undertrumping as in Schieber);
    - ``push_to``: pushing to the next player (``NEXT_PLAYER``, the default, Swisslos) or to
      the partner (``PARTNER``, jassen.ch);
    - ``pairing``: which French suit each Swiss suit is; by default jassverzeichnis.ch's, whose
      slate the default is, so that a French-pack table counts ♠ x1, ♣ x2, ♦ x3, ♥ x4.

    >>> Rules().slate == Slate.jassreglement(), Rules(slate="swisslos_10").slate.rows[-1].name
    (True, 'Guschti')
    """

    #: The Coiffeur rules of the sources that the library cannot play yet.
    NOT_SUPPORTED: ClassVar[tuple[NotSupported, ...]] = (
        NotSupported(
            "Coiffeur for three players (Dreier-Coiffeur)",
            'jassen.ch, "Jassarten Schweiz": «Der Dreier-Coiffeur»; the library plays the four-player '
            "game, partners opposite.",
            "players",
        ),
        NotSupported(
            "The mode 3×3 of the Romandie quoifaire",
            'fr.wikipedia, "Jass": «le quoifaire, ou coiffeur (jeu réunissant : les atouts, le oben-abe, le '
            "unte-ufe, le zig-zag, le 3×3, la misère et une dixième catégorie à choix)»; no source found says "
            "how the 3×3 is played (its misère is the library's Misère row).",
            "three_by_three",
        ),
        NotSupported(
            "A doubled match in Misère (Uri's «Hindersi»)",
            'urikon.ch, "Regeln alter Schweizer Spiele — Schiäber": «Beim «Hindersi», wenn das ansagende Team '
            "keinen Stich macht, zählen die Matchpunkte doppelt, also 514 (einfach) und 1028 doppelt.» The "
            "library writes the opponents' match once (157 + ``match_bonus``, times the row's factor).",
            "misere_double_match",
        ),
        NotSupported(
            "170 for a Misère without a point",
            "Flavio-art's Jass app (its code: ``finalTeam1 = team1Match ? 170 : (157 - rawTeam1)``, a match "
            "being 0 points taken): the library counts a match by tricks, not points, as every match here.",
            "misere_zero_points",
        ),
        NotSupported(
            "The app's Schafkopf row",
            "Flavio-art's Jass app: «15 Trumpfkarten: alle vier Damen + alle vier Achter + alle Karten der "
            "Trumpffarbe», the Queens and 8s ranked by suit (♣ ♠ ♥ ♦). The library's card play has one trump "
            "suit per trick (:class:`~jass.trump.Trump`, :class:`~jass.trump.LeadMode`); trumps taken from "
            "every suit are a card play of their own, and the app is the only source.",
            "schafkopf",
        ),
        NotSupported(
            "The app's Trumpf Unten row",
            "Flavio-art's Jass app: trump «Buur › Näll › 6 › 7 › 8 › 10 › Dame › König › Ass», every 6 worth 11; "
            "a trump order of its own, from that app only.",
            "trumpf_unten",
        ),
        NotSupported(
            "Alles Trumpf counting every trump value",
            "Some tables may count the led suit's cards as a trump suit's (62 a suit); no source says so: the "
            "only source, Flavio-art's app, counts «Nur Buur (20 Pkt), Näll (14 Pkt) und König (4 Pkt)».",
            "alles_trumpf_values",
        ),
        NotSupported(
            "Stöck in Elefant",
            "Flavio-art's app counts Stöck in Elefant's trump tricks only in its Schieber, which does not offer "
            "Elefant («Schieber nutzt nur: Trumpf Schwarz/Rot, Obenabe, Undenufe, Slalom»); its Coiffeur "
            "counts none, nor does the library (a Coiffeur round's Stöck need a trump suit from trick 1).",
            "elefant_stoeck",
        ),
    )

    #: The rows each team plays once, each with its factor: a :class:`~jass.coiffeur.Slate`, or a preset's
    #: name (``"jassreglement"``, ``"swisslos_10"``, ``"with_misere"``, ``"with_app_modes"``).
    #: Source: the Jassreglement's 8 rows (jassverzeichnis.ch, "Anleitung für den
    #: Coiffeur-Jass"); Swisslos' "Coiffeur auf 10 Runden" adds Slalom and Guschti; quoi-faire.ch's
    #: house rules play a Misère (a row of :data:`~jass.coiffeur.MISERE_MODES`: the declaring team
    #: is written the other team's points), the slate ``"with_misere"`` adds one x1 (no source
    #: gives its factor on a slate of factors 1..8; Flavio-art's app counts every row 1×); the
    #: slate ``"with_app_modes"`` adds that app's Alles Trumpf and Elefant x1 (the app is their
    #: only source).
    #: Disagreement: **The slate**: the Jassreglement's eight rows (jassverzeichnis.ch; the
    #: default); Swisslos' ten, with Slalom and Guschti (``"swisslos_10"``; their factors 9 and
    #: 10 are the library's, as Swisslos names none); jassen.ch's example, for three players,
    #: orders the suits and modes otherwise («Rose zählt einfach, Eichel doppelt, Schilte
    #: dreifach, Schelle vierfach»): a custom ``Slate``.
    slate: Slate = attrs.field(factory=Slate.jassreglement, converter=slate_of)
    #: Points for taking all nine tricks, before the row's factor; 0 turns it off.
    #: Source: none found (the Coiffeur pages say nothing of a match); a library choice, as
    #: Schieber's match (100).
    match_bonus: int = attrs.field(default=100, validator=int_in(0, 10_000))
    #: ``None``: no Weis; or the Weis options, declared as in Schieber.
    #: Source: Swisslos ("Der Coiffeur wird ohne Weisen gespielt"); with Weis as Schieber.
    #: Disagreement: **Weis**: none (Swisslos: «Der Coiffeur wird ohne Weisen gespielt»; the
    #: default); tables that play them give a ``WeisRules``.
    weis: WeisRules | None = attrs.field(default=None, validator=instance_of(WeisRules, optional=True))
    #: When Stöck count: ``OFF``, ``IMMEDIATE`` or ``ROUND_END``, as in Schieber.
    #: Source: none for Stöck (Swisslos names only the Weis: «ohne Weisen»); off by default, a
    #: library choice.
    #: Disagreement: **Stöck**: off (a library choice; Swisslos names only the Weis, «ohne
    #: Weisen», and no Coiffeur source found speaks of Stöck); ``IMMEDIATE`` or ``ROUND_END``
    #: count them as in Schieber.
    stoeck: StoeckMode = attrs.field(default=StoeckMode.OFF, validator=instance_of(StoeckMode))
    #: Every Weis of every hand counts without declaring (for simulation).
    #: Source: none, an engine setting.
    auto_declare: bool = attrs.field(default=False, validator=instance_of(bool))
    #: The first round's dealer; ``None`` draws it from the game's seed.
    #: Source: none, an engine setting: the sources do not say who deals first.
    first_dealer: int | None = attrs.field(default=None, validator=int_in(0, SEATS - 1, optional=True))
    #: The card-play options (Bauer exception, undertrumping as in Schieber).
    #: Source: the general rules of play (seed 001), as Schieber.
    play: PlayRules = attrs.field(factory=PlayRules, validator=instance_of(PlayRules))
    #: To whom a push goes: ``NEXT_PLAYER`` (round the table) or ``PARTNER`` (who must choose).
    #: Source: Swisslos («zum nächsten Mitspieler»), anzeigervonsaanen.ch («reihum»); jassen.ch
    #: has the partners push to each other («sich gegenseitig schieben»).
    #: Disagreement: **Whom to push to**: the next player, round the table until the first is
    #: «im Zwang» (Swisslos: «im Gegenuhrzeigersinn zum nächsten Mitspieler»;
    #: anzeigervonsaanen.ch: «reihum»; the default); the partner, as in Schieber (jassen.ch: «da
    #: 2 Spieler ein Team bilden und sich gegenseitig schieben können»): ``PARTNER``.
    push_to: PushTo = attrs.field(default=PushTo.NEXT_PLAYER, validator=instance_of(PushTo), metadata=LATER_OPTION)
    #: Which French symbol each Swiss suit is drawn and written with at a French-pack table: it
    #: decides which French suit each suit row of the slate names.
    #: Source: jassverzeichnis.ch's slate («Eichle oder Schaufel [...] Rosen oder Kreuz [...]
    #: Schilten oder Ecken [...] Schellen oder Herz»), whose rows the presets play.
    #: Disagreement: **Which French suit a row names**: jassverzeichnis.ch's slate (the
    #: default: ♠ x1, ♣ x2, ♦ x3, ♥ x4); with seed 001's pairing (``SEED``) the same rows are
    #: ♣ x1, ♠ x2, ♥ x3, ♦ x4, with Swisslos' (``SWISSLOS``) ♦ x1, ♥ x2, ♠ x3, ♣ x4.
    pairing: Pairing = attrs.field(default=Pairing.JASSVERZEICHNIS, validator=instance_of(Pairing),
                                   metadata=LATER_OPTION)

    @classmethod
    def jassreglement(cls) -> Rules:
        """The defaults: the Jassreglement's 8 rows, without Weis and Stöck."""
        return cls()

    @classmethod
    def swisslos_10(cls) -> Rules:
        """Swisslos' Coiffeur on 10 rows (Slalom and Guschti added)."""
        return cls(slate=Slate.swisslos_10())

    @classmethod
    def misere(cls) -> Rules:
        """The Jassreglement's slate and a Misère row x1 (:meth:`Slate.with_misere`)."""
        return cls(slate=Slate.with_misere())

    @classmethod
    def app_modes(cls) -> Rules:
        """The Jassreglement's slate and the rows Alles Trumpf and Elefant x1, the modes of
        Flavio-art's Jass app that a card led decides (:meth:`Slate.with_app_modes`)."""
        return cls(slate=Slate.with_app_modes())

    @classmethod
    def with_weis(cls) -> Rules:
        """The Jassreglement's slate with Weis and Stöck, as Schieber counts them."""
        return cls(weis=WeisRules(), stoeck=StoeckMode.IMMEDIATE)
