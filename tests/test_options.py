"""The options of the rules, described from their ``#:`` comments (jass.options): what ``jass rules``
and the rules pages of the documentation print."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import attrs
import pytest

from jass import WeisRules, differenzler, pomme, schieber
from jass.errors import JassError
from jass.faces import Pairing
from jass.options import attribute_docs, changes, options, plain, show_value
from jass.schieber import EndMode
from jass.tricks import Undertrump
from jass.variant import VARIANTS

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", [name for name, variant in VARIANTS.items() if variant.module.startswith("jass.")])
def test_every_option_of_every_variant_has_a_meaning_and_a_source(name: str) -> None:
    """The rule of the team: every option says what it does and where the rule comes from
    (``Source:`` in its ``#:`` comment), so that ``jass rules`` and the docs can say it."""
    rules_type = VARIANTS[name].rules_type
    missing = [o.name for o in options(rules_type) if not o.meaning or (not o.group and not o.source)]
    assert missing == [], f"{name}: give these fields a #: comment ending with 'Source: ...': {missing}"


def test_every_field_is_an_option_and_groups_are_followed_by_their_own() -> None:
    names = [option.name for option in options(schieber.Rules)]
    assert names[:8] == [field.name for field in attrs.fields(schieber.Rules)][:8]
    assert names[names.index("weis") + 1 : names.index("play")] == [
        f"weis.{field.name}" for field in attrs.fields(WeisRules)
    ]
    after_play = names.index("play") + 1
    assert names[after_play : after_play + 2] == ["play.bauer_exception", "play.undertrump"]


@pytest.mark.parametrize(
    ("rules_type", "name", "default", "allowed"),
    [
        # int_in(1, 1_000_000, optional=True) in jass.schieber.Rules
        (schieber.Rules, "target_score", 3000, "None or an int 1..785000"),
        # a bool field
        (schieber.Rules, "allow_push_back", False, "True or False"),
        # a validator written as a function says what it takes in its docstring
        (schieber.Rules, "multipliers", (1, 1, 2, 2, 3, 4),
         "6 ints 1..100: Eicheln, Rosen, Schilten, Schellen, Obenabe, Undenufe"),
        # an enum: its members
        (schieber.Rules, "end_mode", EndMode.CLAIM, "EndMode.CLAIM, EndMode.AUTO"),
        # a group's default is the variant's: Differenzler allows undertrumping when void
        (differenzler.Rules, "play.undertrump", Undertrump.ALLOWED_IF_VOID,
         ", ".join(f"Undertrump.{member.name}" for member in Undertrump)),
        (pomme.Rules, "target_points", 7, "an int 1..100"),
    ],
)
def test_default_and_allowed_values(rules_type: type, name: str, default: object, allowed: str) -> None:
    option = {o.name: o for o in options(rules_type)}[name]
    assert option.default == default
    assert option.allowed == allowed


def test_meaning_and_source_are_split_at_source() -> None:
    option = {o.name: o for o in options(pomme.Rules)}["target_points"]
    assert option.meaning == "The first player to reach this game score wins."
    assert option.source == 'seed 000 ("Le premier joueur à totaliser 7 points gagne la partie").'


def test_an_enum_option_lists_each_value_with_its_meaning() -> None:
    option = {o.name: o for o in options(schieber.Rules)}["end_mode"]
    assert [choice.value for choice in option.choices] == ["EndMode.CLAIM", "EndMode.AUTO"]
    assert option.choices[1].meaning == "The engine ends the game as soon as a team reaches the target (Swisslos)."


def test_attribute_docs_reads_the_comment_above_each_field_only() -> None:
    @attrs.frozen
    class Example:
        """An example."""

        #: First line,
        #: second line. Source: here.
        documented: int = 1
        undocumented: int = 2
        # An ordinary comment is no documentation.
        plain_comment: int = 3

    docs = attribute_docs(Example)
    assert docs == {"documented": "First line,\nsecond line. Source: here."}
    assert [(o.meaning, o.source) for o in options(Example)] == [
        ("First line, second line.", "here."), ("", ""), ("", ""),
    ]


def test_a_class_without_source_has_no_docs_and_a_non_attrs_class_is_refused() -> None:
    Built = attrs.make_class("Built", {"x": attrs.field(default=1)})  # no source file to read
    assert attribute_docs(Built) == {}
    with pytest.raises(JassError, match="is not a Rules class"):
        options(int)


def test_changes_name_what_a_preset_changes() -> None:
    assert changes(schieber.Rules.seed()) == {}
    assert changes(schieber.Rules.tournament()) == {
        "target_score": None, "rounds": 12, "multipliers": (1, 1, 1, 1, 1, 1), "pairing": Pairing.SWISSLOS,
    }
    assert changes(pomme.Rules.three_pommes()) == {"three_pommes_lose": True}


def test_show_value_and_plain() -> None:
    assert show_value(Undertrump.ALLOWED) == "Undertrump.ALLOWED"
    assert show_value(schieber.Rules().weis) == "WeisRules(...)"
    assert plain(":class:`jass.weis.WeisRules` and ``x``") == "jass.weis.WeisRules and x"


def _extension() -> object:
    spec = importlib.util.spec_from_file_location("jass_options", ROOT / "docs" / "_ext" / "jass_options.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["schieber", "differenzler", "pomme"])
def test_the_rules_pages_print_the_same_text(name: str) -> None:
    """The docs' option lists come from the same comments: each rules page uses the directive,
    and the directive writes every option's meaning and source."""
    page = (ROOT / "docs" / "rules" / f"{name}.rst").read_text(encoding="utf-8")
    assert f".. jass-options:: jass.{name}.Rules" in page
    lines = "\n".join(_extension().option_lines(f"jass.{name}.Rules"))  # type: ignore[attr-defined]
    for option in options(VARIANTS[name].rules_type):
        assert f"``{option.name}``" in lines
        assert option.meaning in lines
        assert option.source in lines
