"""Coiffeur's rules: :class:`Rules` (every option, its default and its source) and its presets.
"""

from __future__ import annotations

from typing import Final

import attrs

from jass._base import instance_of, int_in
from jass.coiffeur.slate import Slate, slate_of
from jass.teams.rules import SEATS, StoeckMode
from jass.tricks import PlayRules
from jass.weis import WeisRules

__all__ = ["Rules"]


#: The most points a team's column can add up to (what the JSON format writes).
MAX_SCORE: Final = 10**9


@attrs.frozen
class Rules:
    """Every Coiffeur option (:doc:`/rules/coiffeur`), with its source:

    - ``slate``: the rows to play (:class:`Slate`; the presets ``"jassreglement"``, the
      default, and ``"swisslos_10"``, or a custom slate);
    - ``match_bonus``: points for taking all nine tricks, before the factor (100, as in
      Schieber; 0 turns it off);
    - ``weis``: ``None`` (the default, Swisslos: "Der Coiffeur wird ohne Weisen gespielt") or
      the Weis options to play with Weis, declared as in Schieber (with ``auto_declare``, every
      Weis of every hand counts);
    - ``stoeck``: ``StoeckMode.OFF`` (the default, with the Weis) or when Stöck count;
    - ``first_dealer``: the first round's dealer (``None``: from the game's seed);
    - ``play``: the card-play options (Bauer exception, undertrumping as in Schieber).

    >>> Rules().slate == Slate.jassreglement(), Rules(slate="swisslos_10").slate.rows[-1].name
    (True, 'Guschti')
    """

    #: The rows each team plays once, each with its factor: a :class:`Slate`, or a preset's
    #: name (``"jassreglement"``, ``"swisslos_10"``).
    #: Source: the Jassreglement's 8 rows (jassverzeichnis.ch, "Anleitung für den
    #: Coiffeur-Jass"); Swisslos' "Coiffeur auf 10 Runden" adds Slalom and Guschti.
    slate: Slate = attrs.field(factory=Slate.jassreglement, converter=slate_of)
    #: Points for taking all nine tricks, before the row's factor; 0 turns it off.
    #: Source: as Schieber's match (100), which the Coiffeur pages keep.
    match_bonus: int = attrs.field(default=100, validator=int_in(0, 10_000))
    #: ``None``: no Weis; or the Weis options, declared as in Schieber.
    #: Source: Swisslos ("Der Coiffeur wird ohne Weisen gespielt"); with Weis as Schieber.
    weis: WeisRules | None = attrs.field(default=None, validator=instance_of(WeisRules, optional=True))
    #: When Stöck count: ``OFF`` (with the Weis) or, with Weis, ``IMMEDIATE`` or ``ROUND_END``.
    #: Source: Swisslos (no Weis, so no Stöck); with Weis as Schieber.
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

    @classmethod
    def jassreglement(cls) -> Rules:
        """The defaults: the Jassreglement's 8 rows, without Weis and Stöck."""
        return cls()

    @classmethod
    def swisslos_10(cls) -> Rules:
        """Swisslos' Coiffeur on 10 rows (Slalom and Guschti added)."""
        return cls(slate=Slate.swisslos_10())

    @classmethod
    def with_weis(cls) -> Rules:
        """The Jassreglement's slate with Weis and Stöck, as Schieber counts them."""
        return cls(weis=WeisRules(), stoeck=StoeckMode.IMMEDIATE)
