"""Every command on one case, in-process, and what every result must hold.

A case (``fuzz/mutate.py``) is written into a folder of its own, and the commands run there with
relative file names, through typer's ``CliRunner`` and the app of ``referee/cli.py``. The checkers
are plain functions of :class:`Run` values, so a test can hand them a deliberately broken result.

The invariants (:data:`INVARIANTS`) and the choices behind the less obvious ones:

* ``check-rule-agree``: when ``check`` says a log is fine, ``rule`` must not refuse it. A log whose
  ``rulebook:`` line names something that cannot be loaded is refused for the rulebook, not the
  log: ``rule`` is then run again with ``-r scarne`` and only a second refusal counts. The other
  way round (``rule`` rules a log that ``check`` refuses) is reported too: both read the same file.
  For a rulebook case, ``rulebook check`` saying ok means ``rule -r BOOK`` must not refuse it.
* ``fmt-roundtrip``: ``fmt`` may move lines (the header is printed in a fixed order, blank lines
  change) and respells every line, so each ruling's ``line`` and ``event`` (the line as written)
  are left out of the comparison; everything else — decisions, rules, citations, explanations,
  outcome, amounts — must be equal, and so must the exit code.
* ``books-balance``, ``rake-within-pot``, ``deals-add-up``: exact ``Decimal`` sums over every
  result object (``rule --json`` and each of ``compare --json``'s), and over its ``deals`` when the
  JSON has them; ``non-negative`` and ``json-amounts`` look into ``deals`` too.
* ``crash``: a sample of cases also runs ``rule`` as a real process (memory and time limited);
  a worker process that dies in-process is reported as a crash by ``fuzz/run.py``.
* ``no-emoji``: an emoji character in any output that the input did not contain and that the
  referee's own source does not print (card suits) was rendered from a ``:code:``.
* ``markup-literal``: a ``[tag]`` in the input that rich would read as markup must be printed as
  written; it counts as swallowed when the text it would render to appears and the text as written
  does not (only for text that appears nowhere else in the input; JSON output is exempt).
* ``deterministic``: ``rule --json`` twice in one process gives the same bytes; across processes
  the long run compares digests (``fuzz/run.py``).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import html
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Context, Decimal, InvalidOperation, localcontext
from pathlib import Path
from types import FrameType
from typing import Any, Final

from fuzz.corpus import ROOT
from fuzz.mutate import BOOK_FILE, LOG_FILE, RULED_LOG, Case

INVARIANTS: Final[dict[str, str]] = {
    "no-traceback": "no exception escapes a command (only SystemExit)",
    "exit-code": "the exit code is 0, 1 or 2",
    "crash": "as a real process (a sample of cases): exit 0, 1 or 2, no signal, no traceback",
    "timeout": "a command finishes within the time limit",
    "message-on-failure": "a non-zero exit prints a message",
    "check-rule-agree": "`check` (or `rulebook check`) saying ok means `rule` does not refuse, and back",
    "json-valid": "--json prints one JSON document of the contract's shape",
    "json-amounts": "JSON amounts are plain decimal strings (-?digits[.digits], no exponent)",
    "non-negative": "no negative award, refund, pot, carried or rake",
    "books-balance": "rule --json: sum(net) + carried + rake == 0 exactly (Decimal)",
    "rake-within-pot": "the rake is never more than the pot: in each deal, and over the log",
    "deals-add-up": "the deals' awards, refunds and rake sum to the log's; the last deal's carry is its",
    "lines-accounted": "rule --json: one lines entry per event line, in order; a ruled line points at its "
    "ruling, a void line says why, and every ruling's line is ruled",
    "fmt-roundtrip": "rule on fmt's output gives the same JSON (ruling line/event aside) and exit code",
    "fmt-stable": "fmt's output checks ok and fmt of it is the same text",
    "compare-equals-rule": "each of compare --json's results equals rule -r BOOK --json",
    "no-emoji": "no emoji rendered from :codes: in any output when the input had none",
    "markup-literal": "a [tag] written in the input appears literally in text output, never swallowed",
    "deterministic": "the same case gives byte-identical output, twice in a process and across processes",
}
"""Every invariant by name, with what it asks."""

BUNDLED: Final = ("bicycle", "casino", "pagat", "parlour", "scarne")
LOG_GROUPS: Final = ("text", "reports", "compare", "explain", "fmt")
"""Commands beyond ``check`` and ``rule --json`` come in groups; a case runs a rotating few."""
BOOK_GROUPS: Final = ("text", "compare")
FMT_LOG: Final = "fmt.log"
ENV: Final = {"COLUMNS": "80", "LINES": "40", "NO_COLOR": "1"}
"""The same terminal for every run, in-process or not: outputs are compared byte for byte."""
TIMEOUT: Final = 30.0
"""Seconds one case may take in-process before it counts as a hang."""
SUBPROCESS_TIMEOUT: Final = 60.0
MEMORY_LIMIT: Final = 4 * 1024**3
"""Bytes of address space a subprocess may use (an alias bomb must not take the machine)."""

_AMOUNT: Final = re.compile(r"-?[0-9]+(\.[0-9]+)?")
_TAG: Final = re.compile(r"\[/\]|\[[a-zA-Z#@/][^\[\]\n]*\]")
_QUOTED: Final = re.compile(r'"[^"\n]*"')
_POSITION: Final = re.compile(r"^[^\s:]*:\d+(:\d+)?:\s*")


@dataclass(frozen=True, slots=True)
class Run:
    """One command's result, as plain text."""

    args: tuple[str, ...]
    exit_code: int
    stdout: str
    stderr: str
    error: str = ""
    """``TypeError: ...`` when an exception escaped the command."""
    where: str = ""
    """The innermost frame in ``referee/`` that raised it: ``referee/adjudicate/settle.py:120 in settle``."""
    trace: str = ""

    @property
    def command(self) -> str:
        return " ".join(self.args)

    @property
    def verb(self) -> str:
        """``rule --json``, ``compare``, ``rulebook check``, ...: the command without its files."""
        words = [arg for arg in self.args if arg.startswith("--") or arg in _VERBS]
        return " ".join(words)

    @property
    def is_json(self) -> bool:
        return "--json" in self.args

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


_VERBS: Final = frozenset({"rule", "compare", "explain", "check", "fmt", "rulebook", "show"})


@dataclass(frozen=True, slots=True)
class Finding:
    """An invariant that did not hold, on which command, and why."""

    invariant: str
    command: str
    detail: str
    key: str = ""
    """What makes two findings one failure class (the exception and where, the first message, ...)."""
    trace: str = field(default="", compare=False)
    """The traceback, for ``no-traceback``."""

    def as_json(self) -> dict[str, str]:
        data = {"invariant": self.invariant, "command": self.command, "detail": self.detail, "key": self.key}
        if self.trace:
            data["trace"] = self.trace
        return data


@dataclass(slots=True)
class CaseResult:
    """The findings and the digest of one case."""

    number: int
    findings: list[Finding] = field(default_factory=list)
    digest: str = ""
    commands: int = 0
    seconds: float = 0.0


# --- the checkers -------------------------------------------------------------------------------------


def check_run(run: Run, input_text: str) -> list[Finding]:
    """The invariants any single result must hold, whatever the command."""
    findings = no_traceback(run) + exit_code(run) + message_on_failure(run)
    findings += no_emoji(run, input_text) + markup_literal(run, input_text)
    if run.is_json and run.exit_code == 0 and run.args[0] in ("rule", "compare"):
        findings += check_json(run)
    return findings


def no_traceback(run: Run) -> list[Finding]:
    if not run.error:
        return []
    kind = run.error.split(":")[0]
    key = f"{kind} at {run.where}"
    return [Finding("no-traceback", run.command, f"{run.error} at {run.where}", key, run.trace)]


def exit_code(run: Run) -> list[Finding]:
    if run.exit_code in (0, 1, 2):
        return []
    return [
        Finding("exit-code", run.command, f"exit code {run.exit_code}", f"{run.verb}: exit {run.exit_code}")
    ]


def message_on_failure(run: Run) -> list[Finding]:
    if run.exit_code == 0 or run.output.strip() or run.error:
        return []
    return [Finding("message-on-failure", run.command, f"exit {run.exit_code} and nothing printed", run.verb)]


def json_results(run: Run) -> list[dict[str, Any]]:
    """The result objects a ``--json`` run printed: one for ``rule``, one per rulebook for ``compare``.

    Raises:
        ValueError: the output is not JSON of the contract's shape.
    """
    data = json.loads(run.stdout)
    if "results" in data:
        results = data["results"]
        if not isinstance(results, list) or not isinstance(data.get("disagreements"), list):
            raise ValueError("compare --json needs a list of results and a list of disagreements")
    else:
        results = [data]
    for result in results:
        for key in ("rulebook", "rulings", "outcome", "pot", "awards", "refunds", "carried", "net"):
            if key not in result:
                raise ValueError(f"a result without {key!r}")
        for key in ("awards", "refunds", "net"):
            if not isinstance(result[key], dict):
                raise ValueError(f"{key} is not an object")
    return list(results)


def _amounts(result: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, object]]:
    """Every amount of a result (and of each of its ``deals``) with where it is: ``awards.Dee``."""
    for key in ("pot", "carried", "rake"):
        if key in result:
            yield prefix + key, result[key]
    for key in ("awards", "refunds", "net"):
        values = result.get(key, {})
        if isinstance(values, dict):
            for name, value in values.items():
                yield f"{prefix}{key}.{name}", value
    deals = result.get("deals", [])
    for number, deal in enumerate(deals if isinstance(deals, list) else [], start=1):
        if isinstance(deal, dict):
            yield from _amounts(deal, f"deals[{number}].")


_NEVER_NEGATIVE: Final = frozenset({"pot", "carried", "rake", "awards", "refunds"})


def check_json(run: Run) -> list[Finding]:
    """The JSON invariants on one ``--json`` run: valid, plain amounts, signs, balance, rake, deals."""
    try:
        results = json_results(run)
    except (ValueError, TypeError, AttributeError) as error:
        return [Finding("json-valid", run.command, f"{error}: {run.stdout[:200]!r}", run.verb)]
    findings: list[Finding] = []
    for result in results:
        plain = True
        for where, value in _amounts(result):
            field_name = where.rsplit("]", 1)[-1].lstrip(".").split(".")[0]
            if not isinstance(value, str) or not _AMOUNT.fullmatch(value):
                plain = False
                findings.append(Finding("json-amounts", run.command, f"{where} = {value!r}", run.verb))
            elif value.startswith("-") and field_name in _NEVER_NEGATIVE:
                findings.append(Finding("non-negative", run.command, f"{where} = {value}", field_name))
        if plain:
            findings += books_balance(run, result) + rake_within_pot(run, result) + deals_add_up(run, result)
        findings += lines_accounted(run, result)
    return findings


def lines_accounted(run: Run, result: dict[str, Any]) -> list[Finding]:
    """Every event line has one outcome: ``lines`` in strictly rising order, each ``applied``,
    ``ruled`` (pointing at a ruling of that line) or ``void`` (with why); every ruling's line ruled."""
    lines, rulings = result.get("lines"), result.get("rulings")
    if not isinstance(lines, list) or not isinstance(rulings, list):
        return [Finding("lines-accounted", run.command, "no lines list", "no lines")]
    problems: list[str] = []
    previous = 0
    ruled: set[int] = set()
    for entry in lines:
        number, status = entry.get("line"), entry.get("status")
        if not isinstance(number, int) or number <= previous:
            problems.append(f"line {number} after {previous}")
            continue
        previous = number
        if status == "void" and not entry.get("reason"):
            problems.append(f"line {number} void without a reason")
        elif status == "ruled":
            index = entry.get("ruling")
            pointed = rulings[index] if isinstance(index, int) and 0 <= index < len(rulings) else {}
            if pointed.get("line") != number:
                problems.append(f"line {number} ruled, pointing at ruling {index!r}")
            ruled.add(number)
        elif status not in ("applied", "void", "ruled"):
            problems.append(f"line {number} has status {status!r}")
    missing = sorted({r.get("line") for r in rulings} - ruled)
    if missing:
        problems.append(f"rulings at lines {missing} whose lines are not ruled")
    if not problems:
        return []
    return [Finding("lines-accounted", run.command, "; ".join(problems)[:600], problems[0].split(" ", 2)[-1])]


_EXACT: Final = Context(prec=1_000_000)


def books_balance(run: Run, result: dict[str, Any]) -> list[Finding]:
    with localcontext(_EXACT):
        try:
            net = sum((Decimal(value) for value in result["net"].values()), Decimal(0))
            total = net + Decimal(result["carried"]) + Decimal(result.get("rake", "0"))
        except (InvalidOperation, TypeError):
            return []  # json-amounts has said it
    if total == 0:
        return []
    detail = f"sum(net) {net} + carried {result['carried']} + rake {result.get('rake', '0')} = {total}"
    return [Finding("books-balance", run.command, detail, run.verb)]


def _decimal(value: object) -> Decimal:
    return Decimal(str(value)) if value is not None else Decimal(0)


def rake_within_pot(run: Run, result: dict[str, Any]) -> list[Finding]:
    """The house never takes more than the pot: per deal, and over the log (the deals' pots together)."""
    deals = [deal for deal in result.get("deals", []) if isinstance(deal, dict)]
    findings = []
    with localcontext(_EXACT):
        for number, deal in enumerate(deals, start=1):
            if _decimal(deal.get("rake")) > _decimal(deal.get("pot")):
                detail = f"deal {number}: rake {deal.get('rake')} > pot {deal.get('pot')}"
                findings.append(Finding("rake-within-pot", run.command, detail, "a deal's rake"))
        pot = (
            sum((_decimal(deal.get("pot")) for deal in deals), Decimal(0))
            if deals
            else _decimal(result["pot"])
        )
        if _decimal(result.get("rake")) > pot:
            detail = f"rake {result.get('rake')} > {'the deals’ pots' if deals else 'pot'} {pot}"
            findings.append(Finding("rake-within-pot", run.command, detail, "the log's rake"))
    return findings


def deals_add_up(run: Run, result: dict[str, Any]) -> list[Finding]:
    """With ``deals``: awards, refunds and rake add up to the log's; the last deal's carry is the log's."""
    deals = [deal for deal in result.get("deals", []) if isinstance(deal, dict)]
    if not deals:
        return []
    findings = []
    with localcontext(_EXACT):
        for key in ("awards", "refunds"):
            total: dict[str, Decimal] = {}
            for deal in deals:
                for name, value in deal.get(key, {}).items():
                    total[name] = total.get(name, Decimal(0)) + _decimal(value)
            whole = {name: _decimal(value) for name, value in result[key].items()}
            if {k: v for k, v in total.items() if v} != {k: v for k, v in whole.items() if v}:
                detail = f"{key}: the deals add up to {total}, the log says {whole}"
                findings.append(Finding("deals-add-up", run.command, detail, key))
        rake = sum((_decimal(deal.get("rake")) for deal in deals), Decimal(0))
        if rake != _decimal(result.get("rake")):
            detail = f"rake: the deals add up to {rake}, the log says {result.get('rake', '0')}"
            findings.append(Finding("deals-add-up", run.command, detail, "rake"))
        if _decimal(deals[-1].get("carried")) != _decimal(result["carried"]):
            detail = f"carried: the last deal carries {deals[-1].get('carried')}, the log {result['carried']}"
            findings.append(Finding("deals-add-up", run.command, detail, "carried"))
    return findings


def check_rule_agree(check: Run, refusal: Run, again: Run | None = None) -> list[Finding]:
    """``check`` and a ruling command that read the same log agree on whether it can be read.

    ``again`` is the same command with ``-r scarne``: when it rules, the refusal was the rulebook's.
    """
    if refusal.error or check.error or (again and again.error) or "game catalog" in check.stdout:
        return []  # a traceback is no-traceback's; a catalog checks ok but is no rulebook
    if check.exit_code == 0 and refusal.exit_code == 1 and (again is None or again.exit_code == 1):
        last = again or refusal  # with -r scarne too: the log's own reason
        gist = _gist(last.stderr or last.stdout)
        detail = f"{check.command} says ok, {refusal.command} refuses: {gist}"
        return [
            Finding("check-rule-agree", refusal.command, detail, f"check ok, rule refuses: {_shape(gist)}")
        ]
    if check.exit_code == 1 and refusal.exit_code == 0 and check.args[0] == "check":
        gist = _gist(check.stderr or check.stdout)
        detail = f"{check.command} refuses ({gist}), {refusal.command} rules it"
        return [
            Finding("check-rule-agree", refusal.command, detail, f"check refuses, rule rules: {_shape(gist)}")
        ]
    return []


def _without_lines(result: dict[str, Any]) -> dict[str, Any]:
    """The result with every line number and line text left out (``fmt`` may move and respell lines):
    in the rulings, the lines not ruled on and the divergence."""

    def strip(item: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in item.items() if k not in ("line", "event")}

    stripped = {**result, "rulings": [strip(ruling) for ruling in result["rulings"]]}
    if "lines" in result:
        stripped["lines"] = [
            {k: v for k, v in line.items() if k not in ("line", "text")} for line in result["lines"]
        ]
    if "unruled" in result:
        stripped["unruled"] = [strip(line) for line in result["unruled"]]
    if "divergence" in result:
        stripped["divergence"] = strip(result["divergence"])
    # A line named in words ("folded at line 13") moves with the lines too.
    renumbered = _LINE_NUMBER.sub(lambda m: m.group(1) + "N", json.dumps(stripped, ensure_ascii=False))
    loaded: dict[str, Any] = json.loads(renumbered)
    return loaded


_LINE_NUMBER: Final = re.compile(r"(\b[Ll]ines? )\d+(?:-\d+)?")


def fmt_roundtrip(original: Run, formatted: Run) -> list[Finding]:
    """``rule --json`` on ``fmt``'s output equals ``rule --json`` on the log itself, lines aside."""
    if original.exit_code != formatted.exit_code:
        detail = f"exit {original.exit_code} on the log, {formatted.exit_code} on fmt's output: " + _gist(
            formatted.stderr or original.stderr
        )
        return [
            Finding(
                "fmt-roundtrip",
                formatted.command,
                detail,
                f"exit {original.exit_code} → {formatted.exit_code}",
            )
        ]
    if original.exit_code != 0:
        return []
    try:
        one, two = json.loads(original.stdout), json.loads(formatted.stdout)
        one, two = _without_lines(one), _without_lines(two)
    except (ValueError, KeyError, TypeError, AttributeError):
        return []  # json-valid reports it
    if one == two:
        return []
    keys = sorted(key for key in set(one) | set(two) if one.get(key) != two.get(key))
    detail = "; ".join(f"{key}: {one.get(key)!r} → {two.get(key)!r}" for key in keys)[:600]
    return [Finding("fmt-roundtrip", formatted.command, detail, "differs in " + ", ".join(keys))]


def fmt_stable(fmt: Run, check: Run, again: Run) -> list[Finding]:
    """What ``fmt`` prints reads back (``check`` ok) and prints the same when formatted again."""
    findings = []
    if check.exit_code != 0:
        gist = _gist(check.stderr)
        findings.append(Finding("fmt-stable", check.command, f"fmt's output does not check: {gist}", gist))
    if again.exit_code == 0 and again.stdout != fmt.stdout:
        diff = next(
            (
                f"{a!r} → {b!r}"
                for a, b in zip(fmt.stdout.splitlines(), again.stdout.splitlines(), strict=False)
                if a != b
            ),
            "length differs",
        )
        findings.append(
            Finding("fmt-stable", again.command, f"fmt is not idempotent: {diff}", "not idempotent")
        )
    return findings


def _result_count(compare: Run) -> int:
    try:
        return len(json_results(compare))
    except (ValueError, TypeError, AttributeError):
        return 0


def compare_equals_rule(compare: Run, rules: Sequence[Run]) -> list[Finding]:
    """Result ``i`` of ``compare --json -r A,B,...`` equals ``rule -r A --json``, ``rule -r B --json``, ..."""
    if compare.exit_code != 0:
        return []
    try:
        results = json_results(compare)
    except (ValueError, TypeError, AttributeError):
        return []
    findings = []
    for result, rule in zip(results, rules, strict=False):
        if rule.exit_code != 0:
            detail = f"compare ruled under {result.get('rulebook')}, {rule.command} exits {rule.exit_code}"
            findings.append(Finding("compare-equals-rule", rule.command, detail, "rule refuses"))
            continue
        try:
            alone = json.loads(rule.stdout)
        except ValueError:
            continue
        if alone != result:
            keys = sorted(key for key in set(alone) | set(result) if alone.get(key) != result.get(key))
            detail = "; ".join(f"{key}: {result.get(key)!r} ≠ {alone.get(key)!r}" for key in keys)[:600]
            findings.append(
                Finding("compare-equals-rule", rule.command, detail, "differs in " + ", ".join(keys))
            )
    if len(results) != len(rules):
        detail = f"{len(results)} results for {len(rules)} rulebooks"
        findings.append(Finding("compare-equals-rule", compare.command, detail, "count"))
    return findings


def deterministic(one: Run, two: Run) -> list[Finding]:
    if (one.exit_code, one.stdout, one.stderr) == (two.exit_code, two.stdout, two.stderr):
        return []
    return [
        Finding("deterministic", two.command, "a second run in the same process printed otherwise", two.verb)
    ]


@functools.cache
def _emoji_points() -> frozenset[str]:
    """Characters of rich's emoji table, less joiners, variation selectors and what the referee prints."""
    from rich._emoji_codes import EMOJI

    points = {char for value in EMOJI.values() for char in value if ord(char) > 0x2000}
    points -= {"\u200d", "\ufe0e", "\ufe0f"}
    package = Path(__file__).resolve().parent.parent / "referee"
    own: set[str] = set()
    for path in package.rglob("*"):
        if path.suffix in (".py", ".yaml", ".lark"):
            own |= set(path.read_text(encoding="utf-8", errors="replace"))
    return frozenset(points - own)


def no_emoji(run: Run, input_text: str) -> list[Finding]:
    extra = (set(run.output) & _emoji_points()) - set(input_text)
    if not extra:
        return []
    shown = "".join(sorted(extra))
    codes = sorted(set(re.findall(r":[\w+-]+:", input_text)))[:5]
    return [
        Finding(
            "no-emoji", run.command, f"printed {shown} (input has {', '.join(codes) or 'no codes'})", run.verb
        )
    ]


def _tagged(input_text: str) -> set[str]:
    """Pieces of the input with a rich tag in them: quoted text, and whitespace-separated words."""
    pieces = {quoted.strip('"') for quoted in _QUOTED.findall(input_text) if _TAG.search(quoted)}
    for line in input_text.splitlines():
        for word in re.split(r"[\s\"',]+", line):
            if _TAG.search(word):
                pieces.add(word)
    return pieces


def _rendered(piece: str) -> list[str]:
    """What rich would print for ``piece`` read as markup: with its ``:codes:`` kept, and as emoji."""
    from rich.errors import MarkupError
    from rich.text import Text

    try:
        return list(dict.fromkeys(Text.from_markup(piece, emoji=emoji).plain for emoji in (False, True)))
    except MarkupError:
        return []


def markup_literal(run: Run, input_text: str) -> list[Finding]:
    if run.is_json or not _TAG.search(input_text):
        return []
    out = run.output
    if "--markdown" in run.args:  # Markdown may escape brackets: `\[bold\]` is written as it was
        out += "\n" + out.replace("\\[", "[").replace("\\]", "]")
    if "--html" in run.args:
        out = html.unescape(out)
    # The program's own examples and suggestions are quoted in backticks (speech like `"bet 5"`,
    # did you mean `Bob bets 2`?): what they say is not the input printed, so it proves nothing.
    said = re.sub(r"`[^`\n]*`", "", out)
    findings = []
    for piece in sorted(_tagged(input_text)):
        if piece in out:
            continue
        for shown in _rendered(piece):
            if shown == piece or len(shown.strip()) < 3 or input_text.replace(piece, "").count(shown):
                continue  # not markup to rich, too short, or written elsewhere too: no telling
            if shown in said:
                detail = f"{piece!r} was printed as {shown!r}"
                findings.append(Finding("markup-literal", run.command, detail, run.verb))
                break
    return findings


def _gist(text: str) -> str:
    """The first line of a message, without its file:line:col, shortened: for a finding's detail."""
    for line in text.splitlines():
        line = _POSITION.sub("", line.strip())
        if line:
            return line[:160]
    return ""


_QUOTES: Final = re.compile(r"'[^']*'|`[^`]*`|\"[^\"]*\"|\S*[0-9]\S*")


def _shape(text: str) -> str:
    """A message with what it quotes and its numbers blanked: the failure class it belongs to."""
    return _QUOTES.sub("…", _gist(text))[:100]


# --- running commands ---------------------------------------------------------------------------------


class CaseTimeout(BaseException):
    """A case ran past :data:`TIMEOUT` (a ``BaseException`` so no command's handler swallows it)."""


def _where(error: BaseException) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    own = [frame for frame in frames if f"{os.sep}referee{os.sep}" in frame.filename]
    if not (own or frames):
        return "?"
    frame = (own or frames)[-1]
    parts = Path(frame.filename).parts
    short = "/".join(parts[parts.index("referee") :]) if "referee" in parts else parts[-1]
    return f"{short}:{frame.lineno} in {frame.name}"


class Harness:
    """Runs cases in a folder of its own, through the app's click command built once.

    Typer builds the click command from the functions' signatures on every ``CliRunner.invoke``;
    that is four fifths of a small command's time, so the command is built once and each run
    goes through the runner's own ``isolation`` (the same capture ``invoke`` uses).
    """

    def __init__(self, *, timeout: float | None = TIMEOUT, folder: Path | None = None) -> None:
        import typer.main
        from typer.testing import CliRunner

        from referee.cli import app

        self.folder = folder or Path(tempfile.mkdtemp(prefix="referee-fuzz-"))
        self.folder.mkdir(parents=True, exist_ok=True)
        self.timeout = timeout
        self.runner = CliRunner()
        self.command = typer.main.get_command(app)
        self.current = ""

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    def invoke(self, *args: str) -> Run:
        """Run ``referee ARGS...`` in-process; an escaping exception is caught and recorded."""
        self.current = " ".join(args)
        error = where = trace = ""
        code: int = 0
        with self.runner.isolation(env=ENV) as (out, err, _):
            try:
                self.command.main(args=list(args), prog_name="referee")
            except SystemExit as exit_:
                if isinstance(exit_.code, int):
                    code = exit_.code
                elif exit_.code is not None:
                    sys.stdout.write(f"{exit_.code}\n")
                    code = 1
            except Exception as exception:
                code = 1
                error = f"{type(exception).__name__}: {exception}"[:300]
                where = _where(exception)
                trace = traceback.format_exc()[-4000:]
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
            stdout = out.getvalue().decode("utf-8", errors="replace")
            stderr = err.getvalue().decode("utf-8", errors="replace")
        return Run(tuple(args), code, stdout, stderr, error, where, trace)

    def write(self, case: Case) -> None:
        """Empty the folder and write the case's files and links into it."""
        for entry in self.folder.iterdir():
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry)
            else:
                entry.unlink()
        for name, data in case.files:
            (self.folder / name).write_bytes(data)
        for name, target in case.links:
            os.symlink(target, self.folder / name)

    @contextlib.contextmanager
    def _inside(self) -> Iterator[None]:
        before = os.getcwd()
        os.chdir(self.folder)
        try:
            yield
        finally:
            os.chdir(before)

    @contextlib.contextmanager
    def _time_limit(self) -> Iterator[None]:
        usable = (
            self.timeout
            and hasattr(signal, "setitimer")
            and threading.current_thread() is threading.main_thread()
        )
        if not usable:
            yield
            return

        def expire(signum: int, frame: FrameType | None) -> None:
            raise CaseTimeout

        previous = signal.signal(signal.SIGALRM, expire)
        signal.setitimer(signal.ITIMER_REAL, self.timeout or 0)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)

    def run_case(self, case: Case, *, groups: int = 2, subprocess_check: bool = False) -> CaseResult:
        """Every command of the case's mix, every invariant, and the digest of all outputs.

        ``groups`` is how many of the rotating command groups run besides the ones every case
        runs; ``subprocess_check`` also runs the main command as a real process.
        """
        started = time.perf_counter()
        result = CaseResult(case.number)
        runs: list[Run] = []
        self.write(case)
        text = "\n".join(data.decode("utf-8", errors="replace") for _, data in case.files)
        try:
            with self._inside(), self._time_limit():
                if case.kind == "log":
                    self._log_case(case, groups, runs, result.findings)
                else:
                    self._book_case(case, groups, runs, result.findings)
        except CaseTimeout:
            detail = f"over {self.timeout:g} s in {self.current}"
            result.findings.append(Finding("timeout", self.current, detail, self.current.split(" ")[0]))
        for run in runs:
            result.findings += check_run(run, text)
        result.digest = digest(runs, self.folder)  # the same whether or not this case is sampled
        result.commands = len(runs)
        if subprocess_check:
            with self._inside():
                sub = run_subprocess(_main_args(case))
            result.commands += 1
            result.findings += check_run(sub, text) + crashed(sub)
        result.seconds = time.perf_counter() - started
        return result

    def _log_case(self, case: Case, groups: int, runs: list[Run], findings: list[Finding]) -> None:
        def run(*args: str) -> Run:
            ran = self.invoke(*args)
            runs.append(ran)
            return ran

        check = run("check", LOG_FILE)
        rule = run("rule", LOG_FILE, "--json")
        again = (
            run("rule", LOG_FILE, "-r", "scarne", "--json")
            if check.exit_code == 0 and rule.exit_code == 1
            else None
        )
        findings += check_rule_agree(check, rule, again)
        for group in rotation(case.number, LOG_GROUPS, groups):
            if group == "text":
                for ruled in (run("rule", LOG_FILE), run("rule", LOG_FILE, "--explain")):
                    findings += check_rule_agree(check, ruled, again)
                findings += deterministic(rule, run("rule", LOG_FILE, "--json"))
            elif group == "reports":
                for ruled in (run("rule", LOG_FILE, "--markdown"), run("rule", LOG_FILE, "--html")):
                    findings += check_rule_agree(check, ruled, again)
            elif group == "compare":
                compare = run("compare", LOG_FILE, "--json")
                findings += check_rule_agree(check, compare)
                if compare.exit_code == 0:
                    alone = [run("rule", LOG_FILE, "-r", book, "--json") for book in BUNDLED]
                    if _result_count(compare) == len(BUNDLED) + 1:
                        # The log names a house rulebook of its own: compare rules it last, as
                        # `rule` does without -r.
                        alone.append(run("rule", LOG_FILE, "--json"))
                    findings += compare_equals_rule(compare, alone)
            elif group == "explain":
                findings += check_rule_agree(check, run("compare", LOG_FILE))
                line = _line_to_explain(case, rule)
                explained = run("explain", LOG_FILE, "--line", str(line))
                if 1 <= line <= len(case.text.splitlines()):
                    findings += check_rule_agree(check, explained)
            elif group == "fmt":
                fmt = run("fmt", LOG_FILE)
                if fmt.exit_code == 0:
                    (self.folder / FMT_LOG).write_text(fmt.stdout, encoding="utf-8")
                    findings += fmt_stable(fmt, run("check", FMT_LOG), run("fmt", FMT_LOG))
                    findings += fmt_roundtrip(rule, run("rule", FMT_LOG, "--json"))

    def _book_case(self, case: Case, groups: int, runs: list[Run], findings: list[Finding]) -> None:
        def run(*args: str) -> Run:
            ran = self.invoke(*args)
            runs.append(ran)
            return ran

        check = run("rulebook", "check", BOOK_FILE)
        rule = run("rule", RULED_LOG, "-r", BOOK_FILE, "--json")
        findings += check_rule_agree(check, rule)
        for group in rotation(case.number, BOOK_GROUPS, groups):
            if group == "text":
                findings += check_rule_agree(check, run("rule", RULED_LOG, "-r", BOOK_FILE, "--explain"))
                run("rulebook", "show", BOOK_FILE)
                run("rulebook", "show", BOOK_FILE, "--effective", "--markdown")
            elif group == "compare":
                compare = run("compare", RULED_LOG, "-r", f"{BOOK_FILE},casino", "--json")
                findings += check_rule_agree(check, compare)
                if compare.exit_code == 0:
                    findings += compare_equals_rule(
                        compare, [rule, run("rule", RULED_LOG, "-r", "casino", "--json")]
                    )


def rotation(number: int, groups: Sequence[str], count: int) -> list[str]:
    """The ``count`` command groups case ``number`` runs: each group in ``count/len(groups)`` of cases."""
    count = min(count, len(groups))
    return [groups[(number * count + index) % len(groups)] for index in range(count)]


def _line_to_explain(case: Case, rule: Run) -> int:
    """A line with a ruling when there is one; else a line of the log, or one past either end."""
    if rule.exit_code == 0:
        with contextlib.suppress(ValueError, KeyError, TypeError, IndexError):
            rulings = json.loads(rule.stdout)["rulings"]
            if rulings:
                return int(rulings[case.number % len(rulings)]["line"])
    count = len(case.text.splitlines())
    return random.Random(case.number).randint(0, count + 1)


def digest(runs: Sequence[Run], folder: Path) -> str:
    """sha256 of every run's arguments, exit code, outputs and escaping exception (folder path masked)."""
    sha = hashlib.sha256()
    for run in runs:
        for part in (
            *run.args,
            str(run.exit_code),
            run.stdout,
            run.stderr,
            run.error.split(":")[0],
            run.where,
        ):
            sha.update(part.replace(str(folder), "<case>").encode("utf-8", errors="replace") + b"\x00")
    return sha.hexdigest()


# --- a real process -----------------------------------------------------------------------------------


def _main_args(case: Case) -> tuple[str, ...]:
    if case.kind == "log":
        return ("rule", LOG_FILE, "--json")
    return ("rule", RULED_LOG, "-r", BOOK_FILE)


def _limit_memory() -> None:  # pragma: no cover - runs in the child
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_subprocess(args: Sequence[str], timeout: float = SUBPROCESS_TIMEOUT) -> Run:
    """``referee ARGS...`` as a real process in the current folder, with a time and memory limit.

    The process imports ``referee`` from this checkout, as the in-process runs do.
    """
    command = [sys.executable, "-c", "from referee.cli import main; main()", *args]
    paths = [str(ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    env = {**os.environ, **ENV, "PYTHONFAULTHANDLER": "1", "PYTHONPATH": os.pathsep.join(paths)}
    try:
        done = subprocess.run(
            command,
            capture_output=True,
            timeout=timeout,
            env=env,
            preexec_fn=_limit_memory if sys.platform != "win32" else None,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return Run(("subprocess", *args), -999, "", "", f"TimeoutExpired: over {timeout:g} s", "subprocess")
    stderr = done.stderr.decode("utf-8", errors="replace")
    return Run(("subprocess", *args), done.returncode, done.stdout.decode("utf-8", errors="replace"), stderr)


def crashed(run: Run) -> list[Finding]:
    """``crash``: the real process died by a signal, exited otherwise than 0/1/2, or printed a traceback."""
    if run.exit_code == -999:
        return [Finding("timeout", run.command, run.error, "subprocess")]
    findings = []
    if run.exit_code not in (0, 1, 2):
        what = f"signal {-run.exit_code}" if run.exit_code < 0 else f"exit {run.exit_code}"
        detail = f"{what}; stderr ends {run.stderr[-300:]!r}"
        findings.append(Finding("crash", run.command, detail, what))
    elif "Traceback (most recent call last)" in run.stderr:
        last = run.stderr.strip().splitlines()[-1][:200]
        findings.append(Finding("crash", run.command, f"traceback: {last}", last.split(":")[0]))
    return findings
