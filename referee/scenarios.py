"""Dispute scenarios: a log plus the result each rulebook must give, checked like a test.

A scenario is two files side by side: ``NAME.log`` (the hand as it happened) and ``NAME.yaml``::

    pins: 000 False Openers, item 3          # the rule this scenario pins, in words
    about: Cy opens with a pair of tens ...   # optional: the dispute in a sentence
    expect:
      scarne:                                 # one block per rulebook it checks
        rulings:                              # every ruling, in order
          - {line: 14, irregularity: false-openers, decision: forfeit-pot-to-best-legitimate-hand}
        outcome: showdown
        net: {Ann: "-1", Bob: "7", Cy: "-6"}
        carried: "0"                          # optional, like awards / refunds / pot
        rule: scarne:false-openers/3          # optional: the row of the first ruling

Amounts are strings of exact decimals. A block may leave out any key it does not pin.

A block may be keyed by a house rulebook file instead of a bundled id: a path ending in ``.yaml``,
relative to the scenario (``rulebooks/no-check-raise.yaml:``). House rulebooks live in a folder
named ``rulebooks`` beside their scenarios, which :func:`find` leaves out.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from referee.errors import Problem, RefereeError
from referee.ruling import Result

_AMOUNT_KEYS = ("pot", "carried")
_TABLE_KEYS = ("net", "awards", "refunds")
_KNOWN_KEYS = {"rulings", "outcome", "rule", *_AMOUNT_KEYS, *_TABLE_KEYS}


class ScenarioError(RefereeError):
    """A scenario file that cannot be read."""


@dataclass(frozen=True, slots=True)
class Scenario:
    name: str
    log_path: Path
    pins: str
    about: str
    expect: Mapping[str, Mapping[str, Any]]


@dataclass(frozen=True, slots=True)
class Check:
    """One scenario under one rulebook: passed, or the first difference."""

    scenario: str
    rulebook: str
    difference: str = ""
    details: tuple[str, ...] = field(default=())

    @property
    def passed(self) -> bool:
        return not self.difference


HOUSE_RULEBOOKS = "rulebooks"
"""The folder name, anywhere under a scenario folder, that holds house rulebooks, not scenarios."""


def find(folder: Path) -> list[Path]:
    """Every scenario file in ``folder`` (and below), sorted by name; house rulebooks left out.

    Raises:
        ScenarioError: ``folder`` is not there, or is a file.
    """
    if not folder.is_dir():
        what = "is a file, not a folder" if folder.exists() else "does not exist"
        raise ScenarioError(
            Problem(
                f"the scenario folder {folder} {what}",
                str(folder),
                hint="give the folder that holds the scenarios (NAME.log + NAME.yaml): "
                "referee scenarios path/to/scenarios",
            )
        )
    return sorted(
        path for path in folder.rglob("*.yaml") if HOUSE_RULEBOOKS not in path.relative_to(folder).parts[:-1]
    )


def lone_logs(folder: Path) -> list[Path]:
    """``.log`` files in ``folder`` (and below) with no ``.yaml`` beside them: not scenarios, not run."""
    if not folder.is_dir():
        return []
    return sorted(path for path in folder.rglob("*.log") if not path.with_suffix(".yaml").is_file())


def nothing_ran(folder: Path, found: list[Path], rulebooks: list[str] | None) -> ScenarioError:
    """Why a scenario run checked nothing, in words, with what to do about it."""
    logs = lone_logs(folder)
    if not found:
        message = f"no scenarios in {folder}: a scenario is a NAME.log with a NAME.yaml beside it"
        if logs:
            named = ", ".join(str(path.relative_to(folder)) for path in logs[:5])
            more = f" and {len(logs) - 5} more" if len(logs) > 5 else ""
            message += (
                f"; {len(logs)} .log file{'s have' if len(logs) != 1 else ' has'} no .yaml: {named}{more}"
            )
        return ScenarioError(
            Problem(
                message, str(folder), hint="write NAME.yaml with `expect:` for each .log (see the README)"
            )
        )
    asked = ", ".join(rulebooks or [])
    return ScenarioError(
        Problem(
            f"none of the {len(found)} scenario{'s' if len(found) != 1 else ''} in {folder} expects a result "
            f"under {asked}",
            str(folder),
            hint="-r names rulebooks written under `expect:` in the scenario files",
        )
    )


def rulebook_for(scenario: Scenario, book: str) -> str:
    """What ``load_rulebook`` is given for an ``expect:`` key: a bundled id, or a house file's path."""
    if book.endswith((".yaml", ".yml")):
        return str(scenario.log_path.parent / book)
    return book


def load(path: Path) -> Scenario:
    """Read ``NAME.yaml`` and find ``NAME.log`` beside it.

    Raises:
        ScenarioError: unreadable YAML, a missing log, or an expectation with an unknown key.
    """
    from referee.inputs import MAX_RULEBOOK_BYTES, read_source
    from referee.rulebook.load import bundled_rulebooks
    from referee.rulebook.problems import did_you_mean, join_hint
    from referee.rulebook.yamlsafe import parse_yaml

    # A scenario file is read like a rulebook: bounded, and never by a recursive YAML composer.
    source = read_source(path, what="scenario", max_bytes=MAX_RULEBOOK_BYTES)
    parsed, problems = parse_yaml(source.text, source.name, checked=True)
    if parsed is None or problems:
        raise ScenarioError(problems or [Problem("the scenario is empty", source.name)])
    data = parsed.data
    if not isinstance(data, dict) or not isinstance(data.get("expect"), dict):
        raise ScenarioError(Problem("a scenario needs an `expect:` block per rulebook", str(path)))
    log_path = path.with_suffix(".log")
    if not log_path.is_file():
        raise ScenarioError(Problem(f"no log beside it: {log_path.name}", str(path)))
    expect_spot = parsed.spot.child("expect")
    for book, block in data["expect"].items():
        if not str(book).endswith((".yaml", ".yml")) and book not in bundled_rulebooks():
            at = (expect_spot.child(book) if expect_spot else None) or parsed.spot
            at = at.at_key()
            raise ScenarioError(
                Problem(
                    f"expect: {book!r} is not a bundled rulebook",
                    source.name,
                    at.line,
                    at.column,
                    parsed.lines[at.line - 1] if 0 < at.line <= len(parsed.lines) else "",
                    join_hint(
                        did_you_mean(book, bundled_rulebooks()),
                        "write a bundled rulebook (" + ", ".join(bundled_rulebooks()) + ") "
                        "or a house rulebook file ending in .yaml",
                    ),
                )
            )
        unknown = set(block or {}) - _KNOWN_KEYS
        if unknown:
            raise ScenarioError(
                Problem(
                    f"expect.{book}: unknown key(s) {', '.join(sorted(unknown))}",
                    str(path),
                    hint="known keys: " + ", ".join(sorted(_KNOWN_KEYS)),
                )
            )
    return Scenario(
        name=path.stem,
        log_path=log_path,
        pins=str(data.get("pins", "")),
        about=str(data.get("about", "")),
        expect=data["expect"],
    )


def run(scenario: Scenario, rulebooks: list[str] | None = None) -> Iterator[Check]:
    """Rule the scenario's log under each rulebook it names (or those asked) and compare."""
    from referee.engine import rule_log
    from referee.inputs import read_source
    from referee.log import parse_log
    from referee.rulebook.load import load_rulebook

    books = [book for book in scenario.expect if not rulebooks or book in rulebooks]
    try:
        text = read_source(scenario.log_path).text
        log = parse_log(text, str(scenario.log_path))
    except RefereeError as error:
        for book in books:
            yield Check(scenario.name, book, f"the log does not read: {error.problems[0].message}")
        return
    for book in books:
        try:
            result = rule_log(log, text, load_rulebook(rulebook_for(scenario, book)))
        except RefereeError as error:
            yield Check(scenario.name, book, f"cannot rule: {error.problems[0].message}")
            continue
        except Exception as error:  # a scenario run reports every failure, never stops at one
            yield Check(scenario.name, book, f"the referee crashed: {type(error).__name__}: {error}")
            continue
        yield compare(scenario.name, book, scenario.expect[book] or {}, result)


def compare(name: str, book: str, expected: Mapping[str, Any], result: Result) -> Check:
    """The first way ``result`` differs from ``expected``, with the details to see why."""
    got = result.as_json()
    details = (
        *(f"line {r.line} `{r.event}`: {r.irregularity} → {r.decision} ({r.rule})" for r in result.rulings),
        f"outcome {got['outcome']}, net {got['net']}, carried {got['carried']}",
    )

    def differ(what: str) -> Check:
        return Check(name, book, what, details)

    if "rulings" in expected:
        want = [dict(item) for item in expected["rulings"] or []]
        have = [
            {key: ruling[key] for key in item if key in ruling}
            for item, ruling in zip(want, got["rulings"], strict=False)  # type: ignore[call-overload]
        ]
        if len(want) != len(got["rulings"]):  # type: ignore[arg-type]
            return differ(f"expected {len(want)} ruling(s), got {len(got['rulings'])}")  # type: ignore[arg-type]
        for index, (w, h) in enumerate(zip(want, have, strict=True)):
            if {k: str(v) for k, v in w.items()} != {k: str(v) for k, v in h.items()}:
                return differ(f"ruling {index + 1}: expected {w}, got {h}")
    if "rule" in expected and result.rulings and result.rulings[0].rule != expected["rule"]:
        return differ(f"rule: expected {expected['rule']}, got {result.rulings[0].rule}")
    if "outcome" in expected and str(expected["outcome"]) != got["outcome"]:
        return differ(f"outcome: expected {expected['outcome']}, got {got['outcome']}")
    for key in _AMOUNT_KEYS:
        if key in expected and not _same(expected[key], got[key]):
            return differ(f"{key}: expected {expected[key]}, got {got[key]}")
    for key in _TABLE_KEYS:
        if key in expected:
            want_table = {str(k): v for k, v in (expected[key] or {}).items()}
            have_table: dict[str, object] = dict(got[key])  # type: ignore[call-overload]
            if set(want_table) != {k for k, v in have_table.items() if key == "net" or v != "0"} or any(
                not _same(v, have_table.get(k, "0")) for k, v in want_table.items()
            ):
                return differ(f"{key}: expected {want_table}, got {have_table}")
    return Check(name, book)


def _same(want: object, have: object) -> bool:
    try:
        return Decimal(str(want)) == Decimal(str(have))
    except InvalidOperation:
        return str(want) == str(have)
