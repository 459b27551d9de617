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

from jass.options import disagreements, not_supported
from jass.tricks import Undertrump
from jass.variant import VARIANTS

ROOT = Path(__file__).resolve().parent.parent
PLAYERS_PAGES = sorted((ROOT / "docs" / "rules").glob("*.rst")) + [ROOT / "docs" / "glossary.rst"]

# Rules the pages once called "not supported" (or "fixed"), now options: the pages must name the option.
ONCE_NOT_SUPPORTED = {
    "stoeck": ("schieber.rst", "Stöck counted after the round (seed 001 read literally), or no Stöck"),
    "claim_by": ("schieber.rst", "either team going out at any time (the Jassreglement)"),
    "counting_order": ("schieber.rst", "Stöck, Stich, Weis (allmedias.ch)"),
    "first_vorhand": ("schieber.rst", "the holder of the Rosen 7 (pagat) or of the 7 of diamonds (Romandie)"),
    "undenufe_order": ("general.rst", "Parlett's reversed order for equal Weis in Undenufe, four of a kind too"),
    "weis": ("schieber.rst", "a game without Weis (clubs and tournaments)"),
    "stoeck_claim": ("schieber.rst", "Stöck shown at any time to go out (jasswelt.ch)"),
    "push_to": ("coiffeur.rst", "pushing to the partner in Coiffeur (jassen.ch)"),
    "pairing": ("general.rst", "the suit pairing of each source"),
}

#: What a page says when it calls an option's rule fixed or not supported: for every option of
#: every variant (a test below checks that none is missing), the words that name its rule.
OPTION_PHRASES: dict[str, tuple[str, ...]] = {
    "target_score": ("game to 3000", "the target is", "points to win"),
    "rounds": ("fixed number of rounds", "twelve rounds", "12 rounds", "four rounds"),
    "end_mode": ("ends the game as soon as", "ends by itself", "automatisch"),
    "multipliers": ("count double", "counts double", "counts twice", "count twice", "three times",
                    "four times", "pique double"),
    "allow_push_back": ("push back", "pushes back", "push it back"),
    "match_bonus": ("100 more", "match bonus", "+100"),
    "auto_declare": ("declared automatically",),
    "first_dealer": ("who deals first", "first dealer is"),
    "weis": ("without weis", "ohne weis", "no weis"),
    "sequence_points": ("sequence of six", "six to nine", "150 to 300", "sechsblatt"),
    "low_quartets": ("four 6s", "four sixes", "6s, 7s or 8s"),
    "cross_weis": ("kreuzweis", "two weis at once", "in a sequence and in four of a kind at once"),
    "equal_weis_tiebreak": ("four of a kind beats a sequence", "four of a kind first", "more cards first",
                            "longer weis"),
    "undenufe_order": ("undenufe's order", "in undenufe too", "reversed order"),
    "bauer_exception": ("bauer exception", "only trump is the jack", "bauer need"),
    "undertrump": ("undertrump",),
    "stoeck": ("when the second card is played", "after the round", "without stöck", "no stöck"),
    "stoeck_claim": ("stöck shown", "shown to go out", "show the stöck"),
    "claim_by": ("may go out", "either team", "go out at any time", "just won a trick"),
    "counting_order": ("stöck, weis, stich", "stöck, stich, weis", "paar-weis-slag", "counting order"),
    "first_vorhand": ("first vorhand", "rosen 7", "7 of diamonds", "7♦"),
    "pairing": ("pairing", "display choice", "french symbol"),
    "prediction_mode": ("secret", "open prediction", "predictions are open"),
    "exact_bonus": ("exact prediction", "exact bonus"),
    "zero_prediction_bonus": ("prediction of 0",),
    "trump_jack_points": ("trump jack is worth", "valet d"),
    "target_points": ("first to 7", "7 points"),
    "three_pommes_lose": ("three pommes", "3 pommes"),
    "pomme_threshold": ("under 21",),
    "both_pommes_cancel": ("both players under", "both under 21", "both score a pomme"),
    "slate": ("eight rows", "8 rows", "ten rows", "10 rows"),
    "push_to": ("next player", "to the partner", "pushes to", "pushed to"),
    "play": ("card-play options",),
    "rows": ("rows of the slate",),
    "target_strokes": ("7 strokes", "strokes to win"),
    "strokes_per_deal": ("one stroke a deal", "two strokes a deal"),
    "nuller_threshold": ("a nuller under", "nuller under 26"),
    "rob_before_exchange": ("robs first", "rob first"),
    "min_bid": ("first bid of", "minimum bid"),
    "bid_step": ("raises of", "raise by"),
    "early_pass_final": ("early «fort»",),
    "table_cards": ("10 each and 6 on the table", "12 each and no table"),
    "discards_count": ("count for nobody",),
    "suits_only": ("suits only",),
    "hindersi_won": ("won hindersi",),
    "goal": ("towards 1000",),
    "slalom_start": ("slalom starts", "slalom-undenufe", "first direction of the slalom"),
    "slalom_points": ("counted in its first direction", "first direction's values", "slalom's points"),
    "seats": ("three players", "twelve cards each", "12 cards each", "for three"),
    "dealer_credit": ("dealer's credit", "credited one point", "per five points"),
    "lowest_bid": ("lowest bid", "mindestgebot", "bidding starts at"),
    "double_ends_auction": ("double ends the auction", "voids the double", "a new bid voids"),
    "missed_keeps_weis": ("weis of a missed contract", "missed contract loses"),
    "table_weis": ("sequences only", "only sequences", "table weis of every kind"),
    "hand_weis": ("hand weis count", "weis from the hand", "without hand weis"),
    "five_out": ("card out with five", "eicheln 7", "schellen 6"),
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
    """The "Not supported" lists are the ``NOT_SUPPORTED`` of the rules classes: each names the
    option it would be; once a variant has that option, the entry must go."""
    for variant in VARIANTS.values():
        names = set(_option_names(variant.rules_type()))
        for entry in not_supported(variant.rules_type):
            assert entry.option not in names, (
                f"{variant.name} has the option {entry.option} now: its page still lists "
                f"{entry.rule!r} as not supported")


@pytest.mark.parametrize("page", ["schieber", "differenzler", "pomme", "coiffeur", "handjass", "sidi", "molotow", "bieter", "zweierjass"])
def test_every_rules_page_lists_where_sources_disagree_and_what_is_not_supported(page: str) -> None:
    text = (ROOT / "docs" / "rules" / f"{page}.rst").read_text(encoding="utf-8")
    module = {"zweierjass": "zweier"}.get(page, page)  # the package's name is shorter than the game's
    assert f".. jass-disagreements:: jass.{module}.Rules" in text
    assert f".. jass-not-supported:: jass.{module}.Rules" in text
    assert "The rules on one page" in text and "What is said at the table" in text or page == "pomme"


def test_every_option_has_the_words_of_its_rule() -> None:
    """A new option must say how a page would call its rule (OPTION_PHRASES), so that a page
    calling it "fixed" or "not supported" fails below."""
    missing = _library_options() - set(OPTION_PHRASES) - {"type"}
    assert not missing, f"options without words in OPTION_PHRASES: {sorted(missing)}"


def test_the_disagreements_name_only_options_the_library_has() -> None:
    for variant in VARIANTS.values():
        for entry in disagreements(variant.rules_type):
            literals = re.findall(r"``(.+?)``", entry.text)
            names = {name for literal in literals for name in re.findall(r"\b([a-z_]+)=(?!=)", literal)}
            assert names <= _library_options(), (variant.name, entry.text[:60])
            if entry.option:
                assert entry.option.rsplit(".", 1)[-1] in _library_options()


#: Sentences the second edition wrote, which the check below must catch: (page text, option).
WRONG_BEFORE = [
    ("**Fixed rules** (no option): nine cards each; only the team that has just won a trick may go out; "
     "Stöck, Weis, Stich in the first trick; the last trick 5.", {"claim_by", "counting_order"}),
    ("Under the Jassreglement either team may say it at any time; the library does **not support** that "
     "rule (see :ref:`going-out`).", {"claim_by"}),
    ("With the order Stöck, Stich, Weis, which some tables agree on (allmedias.ch; the library does "
     "**not support** it), the first game would go the other way.", {"counting_order"}),
    ("Stöck 20, counted when the second card is played (**fixed**); the last trick 5.", {"stoeck"}),
    ("| choosing a row   | Vorhand chooses an open row or pushes to the next player | fixed (Swisslos) |",
     set()),  # a grid row is no simple table: the simple-table check below is what catches them
    ("Four of a kind keep their natural order either way (**fixed**).", set()),
]


def _called_fixed_or_unsupported(text: str) -> list[str]:
    """The clauses of ``text`` that call a rule fixed or not supported: the items of a "Fixed
    rules" paragraph, the clause before a "(**fixed**)", a sentence with "not support", and the
    first two columns of a table row whose last column starts with "fixed"."""
    flat = " ".join(text.split())
    clauses: list[str] = []
    for found in re.finditer(r"\*\*Fixed rules\*\*[^:]*:(.*?)(?:\.\s|$)", flat):
        clauses += [item for item in found.group(1).split(";")]
    for found in re.finditer(r"\(\*\*fixed\*\*", flat):
        before = flat[: found.start()]
        clauses.append(re.split(r"[.;:]\s|\(\*\*fixed\*\*\)", before)[-1])
    for sentence in re.split(r"(?<=[.!?])\s+", flat):
        if "not support" in sentence.casefold():
            clauses.append(sentence)
    clauses += _fixed_table_rows(text)
    return clauses


def _fixed_table_rows(text: str) -> list[str]:
    """Each row (its lines joined) of a simple table whose last cell begins with "fixed"."""
    rows: list[str] = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if not re.fullmatch(r"=+(?:  +=+){2,}", line.strip()):
            continue
        starts = [m.start() for m in re.finditer(r"=+", line)]
        row: list[str] = []
        for body in lines[i + 1:]:
            if not body.strip() or re.fullmatch(r"=+(?:  +=+)+", body.strip()):
                break
            if body[: starts[1]].strip() and row:
                rows.append(" ".join(row))
                row = []
            row.append(body)
        if row:
            rows.append(" ".join(row))
    found = []
    for joined in rows:
        if "===" in joined:
            continue
        last = [cell for cell in re.split(r"\s{2,}", joined.strip()) if cell][-1].casefold()
        if last.startswith("fixed"):
            found.append(joined)
    return found


def _options_called_fixed(text: str, names: set[str]) -> set[str]:
    called = set()
    for clause in _called_fixed_or_unsupported(text):
        folded = clause.casefold()
        for option in names:
            literal = f"``{option}" in clause or f"{option}=" in clause
            if not literal and any(phrase in folded for phrase in OPTION_PHRASES.get(option, ())):
                called.add(option)
    return called


@pytest.mark.parametrize(("text", "options"), WRONG_BEFORE)
def test_the_check_catches_what_the_second_edition_got_wrong(text: str, options: set[str]) -> None:
    assert _options_called_fixed(text, _library_options()) == options


def _variant_options(name: str) -> set[str]:
    return set(_option_names(VARIANTS[name].rules_type()))


def _sections(page: Path) -> list[tuple[str, set[str]]]:
    """The parts of a page and the options they are about: a variant's pages its options;
    decisions.rst section by section; general.rst and the glossary every option."""
    text = page.read_text(encoding="utf-8")
    for name in VARIANTS:
        if page.stem.startswith(name):
            return [(text, _variant_options(name))]
    if page.stem != "decisions":
        return [(text, _library_options())]
    parts = re.split(r"\n(?=[^\n]+\n-{3,}\n)", text)
    titles = {"Schieber": "schieber", "Differenzler": "differenzler", "Two-player": "pomme", "Coiffeur": "coiffeur",
              "Jass for three": "handjass", "Sidi Barrani": "sidi", "Molotow": "molotow",
              "Bieter": "bieter", "Zweierjass": "zweierjass"}
    found = []
    for part in parts:
        variant = next((name for title, name in titles.items() if part.startswith(title)), None)
        found.append((part, _variant_options(variant) if variant else _library_options()))
    return found


@pytest.mark.parametrize("page", PLAYERS_PAGES, ids=lambda page: page.name)
def test_no_page_calls_an_existing_option_fixed_or_not_supported(page: Path) -> None:
    """Issue 28: a page called ``claim_by`` and ``counting_order`` fixed and "not supported".
    Every clause that calls a rule fixed or not supported must not be the rule of an option of
    the game it is about (the words of OPTION_PHRASES), unless it names the option itself."""
    called = set()
    for text, names in _sections(page):
        called |= _options_called_fixed(text, names)
    assert not called, f"{page.name} calls the rules of these options fixed or not supported: {sorted(called)}"


@pytest.mark.parametrize("option", sorted(ONCE_NOT_SUPPORTED))
def test_a_rule_that_became_an_option_is_named_on_its_page(option: str) -> None:
    page, rule = ONCE_NOT_SUPPORTED[option]
    assert option in _library_options()
    text = (ROOT / "docs" / "rules" / page).read_text(encoding="utf-8")
    named = _options_named_on(ROOT / "docs" / "rules" / page) | set(re.findall(r"``([a-z_]+)``", text))
    assert option in named, f"{page} does not name {option} ({rule})"


def test_differenzler_page_matches_the_undertrump_policies() -> None:
    # differenzler.rst gives the official rule (undertrumping only when void in the led suit)
    # as the default policy, and names the others.
    assert {policy.name for policy in Undertrump} == {"FORBIDDEN_UNLESS_ONLY_TRUMPS", "ALLOWED", "ALLOWED_IF_VOID"}
    text = (ROOT / "docs" / "rules" / "differenzler.rst").read_text(encoding="utf-8")
    assert "not supported" not in text
    assert all(f"Undertrump.{policy.name}" in text for policy in Undertrump)


def test_the_pages_say_not_supported_only_in_the_generated_lists() -> None:
    """A rule not supported is data (``NOT_SUPPORTED``), listed by the directive; no page says
    it in bold by hand."""
    text = "\n".join(page.read_text(encoding="utf-8") for page in PLAYERS_PAGES)
    assert "**not support" not in text