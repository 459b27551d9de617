"""The rules pages name only options the library has, and say "not supported" of the rest.

A reader who comes to settle a dispute types the option the page gives; a page that names an
option the code lacks sends them to an error. These tests tie the pages to the ``Rules``
classes, so a renamed option, or a new one that makes a "not supported" wrong, fails here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

from jass.tricks import Undertrump
from jass.variant import VARIANTS

ROOT = Path(__file__).resolve().parent.parent
PLAYERS_PAGES = sorted((ROOT / "docs" / "rules").glob("*.rst")) + [ROOT / "docs" / "glossary.rst"]

# The rules the pages call "not supported" (each with its source), with the option name the
# pages would give them. When one of them becomes an option, the page must say so. (Empty
# now: the last five became options; the pages name them, see ONCE_NOT_SUPPORTED.)
NOT_SUPPORTED: dict[str, str] = {}

# Rules the pages once called "not supported", now options: the pages must name the option.
ONCE_NOT_SUPPORTED = {
    "stoeck": ("schieber.rst", "Stöck counted after the round (seed 001 read literally), or no Stöck"),
    "claim_by": ("schieber.rst", "either team going out at any time (the Jassreglement)"),
    "counting_order": ("schieber.rst", "Stöck, Stich, Weis (allmedias.ch)"),
    "first_vorhand": ("schieber.rst", "the holder of the Rosen 7 as the first Vorhand (pagat)"),
    "undenufe_sequences": ("general.rst", "Parlett's reversed order for equal sequences in Undenufe"),
    "weis": ("schieber.rst", "a game without Weis (clubs and tournaments)"),
}


def _option_names(value: object) -> Iterator[str]:
    """Every field of ``value``'s attrs class and of the attrs values nested in it."""
    cls = type(value)
    if not attrs.has(cls):
        return
    for field in attrs.fields(cls):
        yield field.name
        yield from _option_names(getattr(value, field.name))


def _library_options() -> set[str]:
    return {name for variant in VARIANTS.values() for name in _option_names(variant.rules_type())}


def _options_named_on(page: Path) -> set[str]:
    # Inline literals such as ``WeisRules(low_quartets=True)`` or ``rounds=12``; a literal may
    # run over two lines of a table cell.
    literals = re.findall(r"``(.+?)``", page.read_text(encoding="utf-8"), flags=re.S)
    return {name for literal in literals for name in re.findall(r"\b([a-z_]+)=(?!=)", literal)}


@pytest.mark.parametrize("page", PLAYERS_PAGES, ids=lambda page: page.name)
def test_every_option_a_rules_page_names_is_an_option(page: Path) -> None:
    unknown = _options_named_on(page) - _library_options()
    assert not unknown, f"{page.name} names options no Rules class has: {sorted(unknown)}"


def test_a_rule_the_pages_call_not_supported_has_no_option() -> None:
    for option, rule in NOT_SUPPORTED.items():
        assert option not in _library_options(), (
            f"{option} is an option now: the rules pages still say {rule!r} is not supported"
        )


@pytest.mark.parametrize("option", sorted(ONCE_NOT_SUPPORTED))
def test_a_rule_that_became_an_option_is_named_on_its_page(option: str) -> None:
    page, rule = ONCE_NOT_SUPPORTED[option]
    assert option in _library_options()
    assert option in _options_named_on(ROOT / "docs" / "rules" / page), f"{page} does not name {option} ({rule})"


def test_differenzler_page_matches_the_undertrump_policies() -> None:
    # differenzler.rst gives the official rule (undertrumping only when void in the led suit)
    # as the default policy, and names the others.
    assert {policy.name for policy in Undertrump} == {"FORBIDDEN_UNLESS_ONLY_TRUMPS", "ALLOWED", "ALLOWED_IF_VOID"}
    text = (ROOT / "docs" / "rules" / "differenzler.rst").read_text(encoding="utf-8")
    assert "not supported" not in text
    assert all(f"Undertrump.{policy.name}" in text for policy in Undertrump)


def test_the_pages_say_not_supported_where_the_tests_expect_it() -> None:
    text = "\n".join(page.read_text(encoding="utf-8") for page in PLAYERS_PAGES)
    assert text.count("**not supported**") == len(NOT_SUPPORTED)
