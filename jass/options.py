"""The options of a variant's rules, described for people: meaning, default, allowed values, source.

Every ``Rules`` class documents each of its fields with a ``#:`` comment, the comment that
Sphinx's autodoc shows in the API reference; the comment says what the option means and ends
with a sentence ``Source: ...`` that names where the rule comes from. This module reads those
same comments at run time, so that ``jass rules VARIANT`` and the option tables of the rules
pages (the ``jass-options`` directive of the documentation) print one text, and a field added
to a ``Rules`` class is described everywhere by its comment alone.

>>> from jass import schieber
>>> first = options(schieber.Rules)[0]
>>> first.name, first.default, first.allowed
('target_score', 3000, 'None or an int 1..785000')
>>> first.meaning
'The score that ends the game. The highest allowed is one a game surely reaches within the round limit.'
>>> first.source.startswith("seed 001")
True

Options whose value is itself a group of options (Schieber's ``weis``, a
:class:`~jass.weis.WeisRules`) are followed by the group's own options, named with a dot:

>>> [option.name for option in options(schieber.Rules) if option.name.startswith("weis")][:2]
['weis', 'weis.sequence_points']
"""

from __future__ import annotations

import ast
import enum
import functools
import inspect
import re
import textwrap
import typing
from collections.abc import Iterator, Mapping
from typing import Any, Final

import attrs

from jass._base import public_name
from jass.errors import JassError

__all__ = [
    "Choice",
    "Option",
    "Disagreement",
    "attribute_docs",
    "options",
    "disagreements",
    "not_supported",
    "plain",
    "for_players",
    "in_words",
    "show_value",
    "changes",
]

#: Where a field's comment names its source.
_SOURCE: Final = re.compile(r"(?:^|(?<=\s))Sources?:\s*")
#: Where a field's comment says how the sources disagree on it.
_DISAGREEMENT: Final = re.compile(r"(?:^|(?<=\s))Disagreement:\s*")


@attrs.frozen
class Choice:
    """One value an option may take, when the values are an enum's members."""

    #: The value as written in Python (``EndMode.AUTO``).
    value: str
    #: What it means: the member's ``#:`` comment.
    meaning: str


@attrs.frozen
class Option:
    """One option of a ``Rules`` class, as the documentation and ``jass rules`` describe it."""

    #: The field's name; an option inside a group is named ``group.field`` (``weis.cross_weis``).
    name: str
    #: What the option does: the field's ``#:`` comment up to ``Source:`` (reST inline markup).
    meaning: str
    #: Where the rule comes from: the comment after ``Source:``; empty when it names none.
    source: str
    #: The value in the class's default rules.
    default: Any
    #: The values the field accepts, in words (``"None or an int 1..1000000"``).
    allowed: str
    #: The values one by one with their meaning, when they are an enum's members; else empty.
    choices: tuple[Choice, ...] = ()
    #: True for a group of options (an attrs class such as :class:`~jass.weis.WeisRules`):
    #: its own options follow it.
    group: bool = False
    #: How the sources disagree on the rule, naming each side (reST; after ``Disagreement:``
    #: in the comment); empty when they do not.
    disagreement: str = ""


@attrs.frozen
class Disagreement:
    """A rule the sources disagree on: its text (reST), and the option that plays the other
    side, if any (``""``: the library plays one side; the text says why no option is needed)."""

    text: str
    option: str = ""


@functools.lru_cache(maxsize=None)
def attribute_docs(cls: type) -> Mapping[str, str]:
    """The ``#:`` comments of the attributes in the body of ``cls``, by attribute name: the
    text autodoc documents them with. Lines are kept (they are reST); a class whose source
    cannot be read (a program frozen without its ``.py`` files) gives ``{}``.

    >>> from jass.tricks import PlayRules
    >>> print(attribute_docs(PlayRules)["bauer_exception"])
    A player whose only trump is the Jack need not play it to a trump lead.
    Source: seed 001 ("met uitzondering van troef-boer"), the general rule of every variant.
    """
    try:
        lines, _ = inspect.getsourcelines(cls)
    except (OSError, TypeError):
        return {}
    source = textwrap.dedent("".join(lines))
    body = ast.parse(source).body
    if not body or not isinstance(body[0], ast.ClassDef):  # pragma: no cover - getsourcelines gives a class
        return {}
    text = source.splitlines()
    docs: dict[str, str] = {}
    for node in body[0].body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            name = node.target.id
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
        else:
            continue
        comment: list[str] = []
        line = node.lineno - 2  # the line above the assignment, 0-based
        while line >= 0 and text[line].lstrip().startswith("#:"):
            comment.append(text[line].lstrip()[2:].removeprefix(" ").rstrip())
            line -= 1
        if comment:
            docs[name] = "\n".join(reversed(comment)).strip()
    return docs


def _split(doc: str) -> tuple[str, str, str]:
    """A comment's meaning, its source (after ``Source:``) and how the sources disagree (after
    ``Disagreement:``), each on one line."""
    disagreement = ""
    found = _DISAGREEMENT.search(doc)
    if found:
        doc, disagreement = doc[: found.start()], doc[found.end() :]
    found = _SOURCE.search(doc)
    meaning, source = (doc[: found.start()], doc[found.end() :]) if found else (doc, "")
    return " ".join(meaning.split()), " ".join(source.split()), " ".join(disagreement.split())


def show_value(value: Any) -> str:
    """A value as a Python programmer writes it in ``Rules(...)``.

    >>> from jass.schieber import EndMode
    >>> show_value(EndMode.CLAIM), show_value((1, 2)), show_value(None), show_value(False)
    ('EndMode.CLAIM', '(1, 2)', 'None', 'False')
    """
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if attrs.has(type(value)):
        return f"{type(value).__name__}(...)"
    return repr(value)


def _allowed(field: attrs.Attribute[Any], value: Any) -> tuple[str, tuple[Choice, ...]]:
    """What ``field`` accepts, in words, and its values one by one if they are an enum's."""
    if isinstance(value, enum.Enum):
        kind = type(value)
        docs = attribute_docs(kind)
        choices = tuple(Choice(show_value(member), _split(docs.get(member.name, ""))[0]) for member in kind)
        return ", ".join(choice.value for choice in choices), choices
    if type(value) is bool:
        return "True or False", ()
    if attrs.has(type(value)):
        return f"a {public_name(type(value))} (its options follow)", ()
    expected = getattr(field.validator, "expected", "")
    if expected:
        return str(expected), ()
    # A validator written as a function says what it accepts in its docstring.
    doc = inspect.getdoc(field.validator) if field.validator is not None else None
    if doc:
        return " ".join(doc.split("\n\n")[0].split()).rstrip("."), ()
    return str(field.type or type(value).__name__), ()


def options(rules_type: type, defaults: Any = None) -> tuple[Option, ...]:
    """Every option of the attrs class ``rules_type`` (a variant's ``Rules``) in the order of
    its fields, each group of options followed by its own; ``defaults`` (an instance, by
    default ``rules_type()``) gives the defaults shown.

    >>> from jass import differenzler
    >>> option = {o.name: o for o in options(differenzler.Rules)}["prediction_mode"]
    >>> option.allowed
    'PredictionMode.SECRET, PredictionMode.OPEN'
    >>> option.choices[1].meaning
    'Everyone, as soon as it is made (jasswelt.ch: the scorer writes it on the board).'
    """
    if not attrs.has(rules_type):
        raise JassError(f"{rules_type!r:.60} is not a Rules class (an attrs class of options)")
    return tuple(_walk(rules_type, rules_type() if defaults is None else defaults, ""))


def _walk(cls: type, defaults: Any, prefix: str) -> Iterator[Option]:
    docs = attribute_docs(cls)
    for field in attrs.fields(cls):
        value = getattr(defaults, field.name)
        meaning, source, disagreement = _split(docs.get(field.name, ""))
        allowed, choices = _allowed(field, value)
        group = attrs.has(type(value))
        yield Option(prefix + field.name, meaning, source, value, allowed, choices, group, disagreement)
        if group:
            yield from _walk(type(value), value, f"{prefix}{field.name}.")


def disagreements(rules_type: type) -> tuple[Disagreement, ...]:
    """How the sources disagree on the rules of ``rules_type``: every option's ``Disagreement:``
    (its groups' options too), then the class's ``DISAGREEMENTS``, the ones no option plays.

    >>> from jass import schieber
    >>> found = disagreements(schieber.Rules)
    >>> [d.option for d in found if d.option.startswith("weis.")][:2]
    ['weis.sequence_points', 'weis.low_quartets']
    """
    found = [Disagreement(option.disagreement, option.name)
             for option in _all_options(rules_type) if option.disagreement]
    found += [Disagreement(text) for text in getattr(rules_type, "DISAGREEMENTS", ())]
    return tuple(found)


def not_supported(rules_type: type) -> tuple[Any, ...]:
    """The rules from the sources that the library cannot play yet, for ``rules_type``: its
    ``NOT_SUPPORTED`` and those of its groups of options (:class:`~jass.weis.WeisRules`), as
    :class:`~jass._base.NotSupported` records.

    >>> from jass import pomme
    >>> [entry.option for entry in not_supported(pomme.Rules)]
    ['weis', 'players']
    """
    found: list[Any] = []
    for cls in _option_classes(rules_type):
        found += [entry for entry in getattr(cls, "NOT_SUPPORTED", ()) if entry not in found]
    return tuple(found)


def _option_classes(rules_type: type) -> list[type]:
    """``rules_type`` and the classes of its groups of options, from its fields' declared types
    (an optional group such as ``weis: WeisRules | None`` included)."""
    classes = [rules_type]
    for field in attrs.fields(rules_type):
        for kind in _types_of(field, rules_type):
            if attrs.has(kind) and kind not in classes:
                classes.append(kind)
    return classes


def _types_of(field: attrs.Attribute[Any], owner: type) -> list[type]:
    hints = typing.get_type_hints(owner)
    hint = hints.get(field.name)
    return [kind for kind in typing.get_args(hint) or (hint,) if isinstance(kind, type)]


def _all_options(rules_type: type) -> Iterator[Option]:
    """Every option of ``rules_type`` and of its groups, an optional group's (``weis=None``) as
    if it were given: the defaults of its class."""
    yield from options(rules_type)
    present = {option.name for option in options(rules_type)}
    for field in attrs.fields(rules_type):
        for kind in _types_of(field, rules_type):
            if attrs.has(kind) and not any(name.startswith(field.name + ".") for name in present):
                yield from _walk(kind, kind(), field.name + ".")


def changes(rules: Any, defaults: Any = None) -> dict[str, Any]:
    """The options in which ``rules`` differ from ``defaults`` (by default the defaults of its
    class), by dotted name: what a preset changes.

    >>> from jass import schieber
    >>> changes(schieber.Rules.swisslos())
    {'target_score': 2500, 'end_mode': EndMode.AUTO, 'multipliers': (1, 1, 2, 2, 3, 3), 'pairing': Pairing.SWISSLOS}
    """
    base = type(rules)() if defaults is None else defaults
    found: dict[str, Any] = {}
    whole: tuple[str, ...] = ()  # groups changed as a whole: their options are not compared
    for option in options(type(rules), rules):
        if option.name.startswith(whole):
            continue
        before = _get(base, option.name)
        if option.group and attrs.has(type(before)):
            continue
        if option.group:  # an optional group (weis=None) given: the group is the change
            whole += (option.name + ".",)
        if option.default != before:
            found[option.name] = option.default
    return found


def _get(value: Any, dotted: str) -> Any:
    for name in dotted.split("."):
        if value is None:  # inside an optional group that is not there (weis=None)
            return None
        value = getattr(value, name)
    return value


#: How the rules pages call the two seed documents, and what they are.
_SEEDS: Final = (
    ("seed 001", "the Dutch StarGames rules (seed 001)"),
    ("seed 000", "the French rules of la pomme, missione1agosto.org (seed 000)"),
)
#: A source's words in quotes (five words or more: a shorter quote is a title), with the
#: parentheses round them: what a player needs least.
_LONG_QUOTE: Final = r"""(?:"(?:[^"\s]+\s+){4,}[^"]*"|«(?:[^»\s]+\s+){4,}[^»]*»)"""
_QUOTED: Final = re.compile(rf"\s*\((?:[^()]*?)?{_LONG_QUOTE}[^()]*\)|:?\s*{_LONG_QUOTE}")


def for_players(text: str) -> str:
    """An option's text for a player at a terminal: reST as plain text, the sources' quoted
    words left out (the rules pages quote them), and the seed documents named by what they are.

    >>> for_players('seed 001 ("het team dat net de slag maakt"); jasswelt.ch, "Die Stöcke"')
    'the Dutch StarGames rules (seed 001); jasswelt.ch, "Die Stöcke"'
    """
    text = _QUOTED.sub("", plain(text))
    text = re.sub(r"\b[A-Z][A-Za-z]+\.(?=[A-Z][A-Z0-9_]*\b)", "", text)  # FirstVorhand.ROSEN_7: ROSEN_7
    for short, long in _SEEDS:
        text = text.replace(short, long)
    text = re.sub(r"\s+([,;.)])", r"\1", text)
    return " ".join(text.split())


def in_words(value: Any) -> str:
    """A value as a player reads it: ``yes``/``no``, ``none``, an enum's name in words
    (``trick winner``), numbers as numbers, a slate by its rows.

    >>> from jass.schieber import ClaimBy
    >>> in_words(True), in_words(None), in_words(ClaimBy.TRICK_WINNER), in_words((1, 1, 2))
    ('yes', 'none', 'trick winner', '1, 1, 2')
    """
    if value is None:
        return "none"
    if type(value) is bool:
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return str(value.value).replace("_", " ")
    if isinstance(value, tuple):
        return ", ".join(in_words(item) for item in value)
    if attrs.has(type(value)) and "__str__" in vars(type(value)):
        return str(value)
    if attrs.has(type(value)):
        return "(its options follow)"
    return str(value)


_ROLE: Final = re.compile(r":[a-z:]+:`(?:~?([^`<]*?)\s*<[^>]*>|~?([^`]*))`")


def plain(text: str) -> str:
    """reST inline markup as plain text, for the terminal: literals lose their quotes, a
    cross-reference keeps its text (or the last part of its target, as ``~`` asks).

    >>> plain("``CLAIM`` (see :class:`~jass.weis.WeisRules`, :func:`the rule <jass.tricks.legal_cards>`)")
    'CLAIM (see WeisRules, the rule)'
    """

    def reference(found: re.Match[str]) -> str:
        if found.group(1) is not None:
            return found.group(1)
        target = found.group(2)
        return target.rsplit(".", 1)[-1] if found.group(0).split("`", 1)[1].startswith("~") else target

    return _ROLE.sub(reference, text).replace("``", "")
