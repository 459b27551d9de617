"""The Coiffeur slate: its rows (a mode or a choice of modes, and the factor its points are
multiplied by), the slates of the sources (the Jassreglement's eight rows, Swisslos' ten with
Slalom and Guschti) and custom slates.
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from jass._base import int_in
from jass.errors import InvalidRulesError
from jass.trump import ROUND_MODE_TYPES, LeadMode, PerTrickMode, RoundMode, Trump, parse_mode

__all__ = ["Row", "Slate", "JOKER_MODES", "MISERE_MODES", "APP_ROWS", "SLATES"]


#: The most rows a slate holds.
MAX_ROWS: Final = 20


def _row_modes(value: object) -> tuple[RoundMode, ...]:
    if isinstance(value, (*ROUND_MODE_TYPES, str)):
        value = (value,)
    if not isinstance(value, (list, tuple)):
        raise InvalidRulesError(f"modes={value!r:.60}: expected a tuple of modes")
    return tuple(parse_mode(mode) for mode in value)


def _modes_valid(instance: object, attribute: object, value: tuple[RoundMode, ...]) -> None:
    if not 1 <= len(value) <= 10 or len(set(value)) != len(value):
        raise InvalidRulesError(f"modes={value!r:.80}: expected 1 to 10 different modes")


def _name_valid(instance: object, attribute: object, value: Any) -> None:
    if not isinstance(value, str) or not 1 <= len(value.strip()) <= 40:
        raise InvalidRulesError(f"name={value!r:.60}: expected a row name of 1 to 40 characters")


@attrs.frozen
class Row:
    """One row of the slate: its name, its factor (the row's points are multiplied by it) and
    the modes a team may play it in (one for a suit, every classic mode for a joker).

    >>> Row("Joker", 7, tuple(Trump)).modes[4]
    Trump.OBENABE
    """

    name: str = attrs.field(validator=_name_valid)
    factor: int = attrs.field(validator=int_in(1, 100))
    modes: tuple[RoundMode, ...] = attrs.field(converter=_row_modes, validator=_modes_valid)


#: The six classic modes: what a joker row allows ("freie Wahl der Trumpfart").
JOKER_MODES: Final[tuple[RoundMode, ...]] = tuple(Trump)
#: The modes of a Misère row: played as Obenabe, Undenufe or a Slalom (quoi-faire.ch: «Bei
#: Misère ist immer “Obenabe“, «Undeufe» oder «Slalom» Trumpf»).
MISERE_MODES: Final[tuple[RoundMode, ...]] = (
    PerTrickMode.MISERE_OBENABE, PerTrickMode.MISERE_UNDENUFE, PerTrickMode.MISERE_SLALOM_OBENABE,
    PerTrickMode.MISERE_SLALOM_UNDENUFE,
)


def _rows_tuple(value: Any) -> tuple[Row, ...]:
    if isinstance(value, (list, tuple)):
        return tuple(value)
    raise InvalidRulesError(f"rows={value!r:.60}: expected a tuple of Row")


def _rows_valid(instance: object, attribute: object, value: object) -> None:
    if (
        not isinstance(value, tuple) or not 1 <= len(value) <= MAX_ROWS
        or not all(isinstance(row, Row) for row in value)
    ):
        raise InvalidRulesError(f"rows={value!r:.80}: expected a tuple of 1 to {MAX_ROWS} Row")
    names = [row.name for row in value]
    if len(set(names)) != len(names):
        raise InvalidRulesError(f"rows: every row has its own name, got {names}")


@attrs.frozen
class Slate:
    """The rows each team plays once (a team's column of the slate). Presets:
    :meth:`jassreglement` (8 rows) and :meth:`swisslos_10` (10 rows); any other list of
    :class:`Row` is a custom slate.

    >>> [(row.name, row.factor) for row in Slate.jassreglement().rows][:3]
    [('Eicheln', 1), ('Rosen', 2), ('Schilten', 3)]
    """

    #: The rows in the order of the slate, each with its name, factor and the modes it allows.
    #: Source: the slate's preset (see ``slate``), or the table's own list.
    rows: tuple[Row, ...] = attrs.field(converter=_rows_tuple, validator=_rows_valid)

    def __str__(self) -> str:
        """The slate in words, its rows numbered as on the slate (from 1).

        >>> str(Slate.jassreglement())
        '8 rows: 1 Eicheln x1, 2 Rosen x2, 3 Schilten x3, 4 Schellen x4, 5 Obenabe x5, 6 Undenufe x6, 7 Joker 1 x7, 8 Joker 2 x8'
        """
        return f"{len(self.rows)} rows: " + ", ".join(
            f"{number} {row.name} x{row.factor}" for number, row in enumerate(self.rows, 1))

    @classmethod
    def jassreglement(cls) -> Slate:
        """The Jassreglement's 8 rows (jassverzeichnis.ch, "Anleitung für den Coiffeur-Jass"):
        Eicheln x1, Rosen x2, Schilten x3, Schellen x4, Obenabe x5, Undenufe x6, and two jokers
        x7 and x8 ("Als Joker können nur eine Farbe oder Undeufe oder Obenaben gewählt
        werden"); Swisslos' "Coiffeur auf 8 Runden" has the same rows."""
        return cls(_JASSREGLEMENT)

    @classmethod
    def swisslos_10(cls) -> Slate:
        """Swisslos' "Coiffeur auf 10 Runden": the 8 rows and Slalom and "Guschti 5/4"
        ("müssen zusätzlich einmal Slalom und einmal Guschti 5/4 gespielt werden"), here x9 and
        x10 (Swisslos' page names the two rows, not their factors)."""
        return cls(_SWISSLOS_10)

    @classmethod
    def with_misere(cls) -> Slate:
        """The Jassreglement's 8 rows and a Misère row x1, played as Misère Obenabe, Undenufe or
        Slalom (quoi-faire.ch's house rules play the Misère, «Von diesen zwei Arten muss eine
        gemacht werden», but their page gives no factor; Flavio-art's Jass app counts every row
        1× at first, «Alle Varianten zählen zu Beginn 1×»: the only factor a source gives)."""
        return cls(_JASSREGLEMENT + (Row("Misère", 1, MISERE_MODES),))

    @classmethod
    def with_app_modes(cls) -> Slate:
        """The Jassreglement's 8 rows and Flavio-art's Jass app's Alles Trumpf and Elefant, x1
        each (:data:`APP_ROWS`; the app counts every row 1× at first, «Alle Varianten zählen zu
        Beginn 1×»; no rule book has these rows, :ref:`coiffeur-lead-modes`)."""
        return cls(_JASSREGLEMENT + APP_ROWS)


_JASSREGLEMENT: Final = (
    Row("Eicheln", 1, (Trump.EICHELN,)),
    Row("Rosen", 2, (Trump.ROSEN,)),
    Row("Schilten", 3, (Trump.SCHILTEN,)),
    Row("Schellen", 4, (Trump.SCHELLEN,)),
    Row("Obenabe", 5, (Trump.OBENABE,)),
    Row("Undenufe", 6, (Trump.UNDENUFE,)),
    Row("Joker 1", 7, JOKER_MODES),
    Row("Joker 2", 8, JOKER_MODES),
)
#: The rows of Flavio-art's Jass app that a card led decides: Alles Trumpf and Elefant, x1 each.
APP_ROWS: Final = (Row("Alles Trumpf", 1, (LeadMode.ALLES_TRUMPF,)), Row("Elefant", 1, (LeadMode.ELEFANT,)))
_SWISSLOS_10: Final = _JASSREGLEMENT + (
    Row("Slalom", 9, (PerTrickMode.SLALOM_OBENABE, PerTrickMode.SLALOM_UNDENUFE)),
    Row("Guschti", 10, (PerTrickMode.GUSCHTI_OBENABE, PerTrickMode.GUSCHTI_UNDENUFE)),
)
#: The slate presets by name (``Rules(slate="swisslos_10")``).
SLATES: Final = {"jassreglement": Slate.jassreglement, "swisslos_10": Slate.swisslos_10,
                  "with_misere": Slate.with_misere, "with_app_modes": Slate.with_app_modes}


def slate_of(value: object) -> Slate:
    if isinstance(value, str):
        preset = SLATES.get(value.strip().casefold())
        if preset is None:
            raise InvalidRulesError(f"slate={value!r:.40}: expected a Slate or a preset: {', '.join(SLATES)}")
        return preset()
    if isinstance(value, Slate):
        return value
    raise InvalidRulesError(f"slate={value!r:.60}: expected a Slate or a preset: {', '.join(SLATES)}")
