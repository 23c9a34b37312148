"""Rulebooks for people: a tree for the terminal, a house-rules sheet, JSON, differences, a skeleton.

Everything here returns plain values (strings, dicts, rich renderables); the command line in
``referee/commands/rulebooks.py`` only picks one and prints it. Text from rulebook files (titles,
summaries, cites) reaches rich only inside ``rich.text.Text``, never as markup, so a title such as
``[blink]Friday :x:`` is shown as written. It lives with the other wording (:mod:`referee.report`):
the rulebook package says what a rulebook is, never how it reads.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from rich.tree import Tree

from referee.rulebook.cites import setting_cite, setting_words, source_name
from referee.rulebook.decisions import citation, cite_of, decide
from referee.rulebook.games import effective_game
from referee.rulebook.model import Count, RemedyBase, Row, RowSource, Rulebook, When
from referee.rulebook.vocabulary import FACTS, KIND_FACTS, Fact, FactType, Kind

MAX_CASES = 50_000


# --- words -------------------------------------------------------------------------------------------


def yes_no(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(yes_no(item) for item in value)
    if isinstance(value, Count):
        parts = [f"at least {value.at_least}" if value.at_least is not None else ""]
        parts.append(f"at most {value.at_most}" if value.at_most is not None else "")
        return " and ".join(part for part in parts if part)
    return str(value)


def describe_when(when: When) -> str:
    """``phase = draw; caused_by = dealer``; ``otherwise`` for a default row."""
    conditions = when.conditions()
    if not conditions:
        return "otherwise"
    parts = []
    for fact, value in conditions.items():
        if isinstance(value, Count):
            parts.append(f"{fact.value} {yes_no(value)}")
        elif isinstance(value, list) and len(value) > 1:
            parts.append(f"{fact.value} in {yes_no(value)}")
        else:
            parts.append(f"{fact.value} = {yes_no(value)}")
    return "; ".join(parts)


def describe_remedy(remedy: RemedyBase) -> str:
    """``misdeal (redeal: next-dealer)`` — parameters shown only when not the default."""
    model = type(remedy)
    params = [
        f"{name}: {value}"
        for name, value in remedy.params().items()
        if str(model.model_fields[name].default) != value or model.model_fields[name].is_required()
    ]
    return f"{remedy.id.value} ({', '.join(params)})" if params else remedy.id.value


def source_words(book: Rulebook) -> str:
    """The text a rulebook follows, for people: a bundled source by its edition (its file name is
    for the JSON), a house's own source by what it wrote."""
    if book.source is None:
        return ""
    if source_name(book.source.file):
        return book.source.edition
    return f"{book.source.file} — {book.source.edition}"


def setting_lines(book: Rulebook, effective: bool) -> list[tuple[str, str, str]]:
    """(dotted setting, value, citation) for each game setting the rulebook writes."""
    written = book.game.model_dump(mode="json", exclude_unset=True) if effective else book._own_game
    cites = dict(book.game.cite) if effective else dict(written.get("cite", {}))
    lines = []
    for path, value in _flatten(written):
        if path.startswith("cite"):
            continue
        lines.append(
            (
                path,
                yes_no(value) if not isinstance(value, list) else "[" + ", ".join(map(str, value)) + "]",
                setting_words(
                    setting_cite(path, cites), source_name(book.source.file) if book.source else None
                ),
            )
        )
    return lines


def _flatten(data: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, object]]:
    for key, value in data.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and key != "cite":
            yield from _flatten(value, path + ".")
        else:
            yield path, value


def rows_shown(book: Rulebook, effective: bool) -> dict[Kind, list[Row]]:
    """The tables to show: every row (effective), or only rows this rulebook's own file writes."""
    tables = book.tables()
    if effective:
        return tables
    own = {kind: [row for row in rows if book.origin(kind, row) == book.id] for kind, rows in tables.items()}
    return {kind: rows for kind, rows in own.items() if rows}


# --- the terminal tree ------------------------------------------------------------------------------


def show_tree(book: Rulebook, effective: bool) -> Tree:
    """The rulebook as a rich tree: game settings, then each table's rows with their citations."""
    tree = Tree(Text.assemble((book.id, "bold"), " — ", book.title, "  ", (f"({book.status.value})", "dim")))
    if book.source is not None:
        tree.add(Text.assemble(("source:", "dim"), " ", source_words(book)))
    if len(book.lineage) > 1:
        extends = Text.assemble(("extends:", "dim"), " ", " → ".join(book.lineage[1:]))
        if not effective:
            extends.append("  ").append("(inherited rows hidden; --effective shows them)", "dim")
        tree.add(extends)
    game = tree.add(Text.assemble(("game", "bold"), " ", (f"(default game: {book.default_game})", "dim")))
    for path, value, cite in setting_lines(book, effective):
        setting = Text.assemble(path, ": ", (value, "cyan"))
        if cite:
            setting.append("  ").append(cite, "dim")
        game.add(setting)
    for name, variant in book.variants.items():
        written = variant.game.model_dump(mode="json", exclude_unset=True)
        settings = ", ".join(f"{p} = {yes_no(v)}" for p, v in _flatten(written) if not p.startswith("cite"))
        game.add(Text(f"in {name}: {settings}"))
    if book.silent_on and (effective or "silent_on" in book._own_keys):
        silent = tree.add(Text("the source is silent on", "bold"))
        for item in book.silent_on:
            silent.add(Text(item))
    for kind, rows in rows_shown(book, effective).items():
        branch = tree.add(Text(kind.value, "bold"))
        for row in rows:
            node = branch.add(
                Text.assemble(
                    (book.rule_id(kind, row), "green"),
                    "  ",
                    describe_when(row.when),
                    " → ",
                    (describe_remedy(row.then), "bold cyan"),
                )
            )
            node.add(Text(row.summary))
            node.add(Text(citation(book, kind, row), "yellow" if row.source is RowSource.SILENT else "dim"))
    return tree


# --- JSON ---------------------------------------------------------------------------------------------


def to_json(book: Rulebook, effective: bool) -> dict[str, Any]:
    """The rulebook as JSON data; each row with its full rule id and resolved citation."""
    data: dict[str, Any] = {
        "id": book.id,
        "title": book.title,
        "source": book.source.model_dump(mode="json", exclude_none=True) if book.source else None,
        "extends": book.extends,
        "lineage": list(book.lineage),
        "status": book.status.value,
        "silent_on": list(book.silent_on),
        "default_game": book.default_game,
        "game": book.game.model_dump(mode="json", exclude_unset=True) if effective else book._own_game,
        "variants": {
            name: variant.model_dump(mode="json", exclude_unset=True, exclude_none=True)
            for name, variant in book.variants.items()
        },
        "irregularities": {},
    }
    for kind, rows in rows_shown(book, effective).items():
        data["irregularities"][kind.value] = [
            {
                "rule": book.rule_id(kind, row),
                "id": row.id,
                "when": row.when.model_dump(mode="json", exclude_none=True),
                "then": {"remedy": row.then.id.value, **row.then.params()},
                "summary": row.summary,
                "source": row.source.value,
                "cite": citation(book, kind, row),
                **cite_of(book, kind, row).as_json(),
                **({"fallback": row.fallback} if row.fallback else {}),
            }
            for row in rows
        ]
    return data


def to_json_text(book: Rulebook, effective: bool) -> str:
    return json.dumps(to_json(book, effective), indent=2, ensure_ascii=False)


# --- the house-rules sheet ---------------------------------------------------------------------------------


def to_markdown(book: Rulebook, effective: bool) -> str:
    """A house-rules sheet to print for the table."""
    out = [f"# {book.title}", ""]
    meta = [f"Rulebook `{book.id}`"]
    if book.source is not None:
        meta.append(f"source: {source_words(book)}")
    if len(book.lineage) > 1:
        meta.append("extends " + " → ".join(book.lineage[1:]))
    out += ["*" + " · ".join(meta) + "*", "", f"Default game: **{book.default_game}**.", ""]
    settings = setting_lines(book, effective)
    if settings:
        out += ["## The game", ""]
        out += [f"- **{path}**: {value}" + (f" — {cite}" if cite else "") for path, value, cite in settings]
        out.append("")
    if book.silent_on and (effective or "silent_on" in book._own_keys):
        out += ["## Where the source is silent", ""] + [f"- {item}" for item in book.silent_on] + [""]
    out += ["## Irregularities", "", "The first rule that fits the moment decides.", ""]
    for kind, rows in rows_shown(book, effective).items():
        out += [f"### {kind.value.replace('-', ' ').capitalize()}", ""]
        for row in rows:
            when = describe_when(row.when)
            out.append(f"1. **{describe_remedy(row.then)}** — {row.summary}")
            lead = "Otherwise" if when == "otherwise" else f"When {when}"
            out.append(f"   *{lead}. {book.rule_id(kind, row)}: {citation(book, kind, row)}*")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


# --- differences -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class KindDiff:
    """How two rulebooks rule one irregularity."""

    kind: Kind
    sentences: tuple[str, ...]
    """Empty when they agree in every case the tables distinguish."""
    cases: int
    """How many fact combinations were compared."""


def diff_games(a: Rulebook, b: Rulebook) -> list[str]:
    """Sentences for each game setting the two rulebooks play differently (in the same game)."""
    sentences = []
    if a.default_game != b.default_game:
        sentences.append(f"default game: {a.id} plays {a.default_game}, {b.id} plays {b.default_game}.")
    game = a.default_game
    left = dict(_flatten(effective_game(a, game).model_dump(mode="json", exclude={"cite"})))
    right = dict(_flatten(effective_game(b, game).model_dump(mode="json", exclude={"cite"})))
    for path in left:
        if left[path] != right.get(path):
            sentences.append(
                f"{path} (in {game}): {a.id} says {_value(left[path])}, "
                f"{b.id} says {_value(right.get(path))}."
            )
    return sentences


def _value(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, list):
        return "[" + ", ".join(map(str, value)) + "]" if value else "nothing"
    return yes_no(value)


def diff_kind(a: Rulebook, b: Rulebook, kind: Kind) -> KindDiff:
    """Every combination of the facts either table tests, decided by both; where remedies differ, in words."""
    if not a.covers(kind) or not b.covers(kind):
        missing = a.id if not a.covers(kind) else b.id
        return KindDiff(kind, (f"{kind.value}: {missing} has no table, so it cannot rule on this.",), 0)
    facts = _tested_facts(a, kind) | _tested_facts(b, kind)
    domains = {fact: _domain(fact, a, b, kind) for fact in KIND_FACTS[kind] if fact in facts}
    neutral = {fact.value: _neutral(fact) for fact in KIND_FACTS[kind] if fact not in facts}
    groups: dict[tuple[str, str], list[dict[str, object]]] = {}
    decisions: dict[tuple[str, str], tuple[str, str]] = {}
    cases = 0
    for values in itertools.islice(itertools.product(*domains.values()), MAX_CASES):
        case = {fact.value: value for fact, value in zip(domains, values, strict=True)}
        if not possible(case):
            continue
        cases += 1
        left = decide(a, kind, {**neutral, **case})
        right = decide(b, kind, {**neutral, **case})
        if describe_remedy(left.remedy) == describe_remedy(right.remedy):
            continue
        key = (left.rule, right.rule)
        groups.setdefault(key, []).append(case)
        decisions[key] = (describe_remedy(left.remedy), describe_remedy(right.remedy))
    sentences = []
    for (left_rule, right_rule), group in groups.items():
        left_remedy, right_remedy = decisions[(left_rule, right_rule)]
        sentences.append(
            f"{kind.value}: {_where(group, domains)}, {a.id} rules {left_remedy} ({left_rule}) "
            f"but {b.id} rules {right_remedy} ({right_rule})."
        )
    return KindDiff(kind, tuple(sentences), cases)


def _tested_facts(book: Rulebook, kind: Kind) -> set[Fact]:
    return {fact for row in book.table(kind) for fact in row.when.conditions()}


def _domain(fact: Fact, a: Rulebook, b: Rulebook, kind: Kind) -> list[Any]:
    spec = FACTS[fact]
    if spec.type is FactType.BOOL:
        return [True, False]
    if spec.type is FactType.ENUM:
        return list(spec.values)
    points = {0, 1}
    for book in (a, b):
        for row in book.table(kind):
            condition = row.when.conditions().get(fact)
            if isinstance(condition, int):
                points |= {condition, condition + 1}
            elif isinstance(condition, Count):
                for bound in (condition.at_least, condition.at_most):
                    if bound is not None:
                        points |= {max(0, bound - 1), bound, bound + 1}
    return sorted(points)


def _neutral(fact: Fact) -> object:
    spec = FACTS[fact]
    if spec.type is FactType.BOOL:
        return False
    if spec.type is FactType.COUNT:
        return 0
    return spec.values[0]


def _where(group: list[dict[str, object]], domains: dict[Fact, list[object]]) -> str:
    """The cases of a group in words: each fact that does not take every value, with the values it takes.

    ``when phase in deal, first-betting and caused_by = dealer`` — a description of where the group
    lies (facts left out take every value there).
    """
    parts = []
    for fact, domain in domains.items():
        seen = [value for value in domain if any(case[fact.value] == value for case in group)]
        if len(seen) == len(domain):
            continue
        if len(seen) == 1:
            parts.append(f"{fact.value} = {yes_no(seen[0])}")
        elif FACTS[fact].type is FactType.COUNT and seen == domain[domain.index(seen[0]) :]:
            parts.append(f"{fact.value} at least {seen[0]}")
        elif FACTS[fact].type is FactType.COUNT and seen == domain[: len(seen)]:
            parts.append(f"{fact.value} at most {seen[-1]}")
        else:
            parts.append(f"{fact.value} in {', '.join(yes_no(value) for value in seen)}")
    return "when " + " and ".join(parts) if parts else "in every case"


_EARLY = ("before-deal", "deal")
_AFTER_OPENING = ("draw", "after-draw-betting", "showdown", "after-pot-collected")


def possible(case: dict[str, object]) -> bool:
    """False for combinations no table can meet (a pot opened before any betting, ...)."""
    phase = case.get("phase")
    opened, started = case.get("pot_opened"), case.get("betting_started")
    actions = case.get("actions_taken")
    rules = (
        not (opened is True and started is False),
        not (isinstance(actions, int) and started is not None and (actions > 0) != started),
        not (
            phase in _EARLY
            and (opened is True or started is True or (isinstance(actions, int) and actions > 0))
        ),
        not (phase in _AFTER_OPENING and (opened is False or started is False)),
        not (
            isinstance(case.get("exposed_to_this_hand"), int)
            and isinstance(case.get("exposed_in_phase"), int)
            and case["exposed_to_this_hand"] > case["exposed_in_phase"]  # type: ignore[operator]
        ),
        not (case.get("called") is False and isinstance(case.get("callers"), int) and case["callers"] > 0),  # type: ignore[operator]
        not (case.get("called") is True and case.get("callers") == 0),
        not (case.get("raised") is True and case.get("called") is False),
        not (case.get("whose_card") == "own" and case.get("caused_by") == "nobody"),
        not (phase in _EARLY and (case.get("called") is True or case.get("raised") is True)),
        not (phase == "showdown" and case.get("others_remain") is False),
    )
    return all(rules)


# --- a new rulebook ---------------------------------------------------------------------------------


def skeleton(name: str, base: str, base_book: Rulebook) -> str:
    """A commented house-rules file that extends ``base`` and validates as it stands."""
    example_kind = Kind.EXPOSED_CARD
    rows = base_book.table(example_kind)
    first = rows[0]
    default = rows[-1]
    facts = ", ".join(fact.value for fact in KIND_FACTS[example_kind])
    return f"""# yaml-language-server: $schema=rulebook.schema.json
# House rules "{name}", starting from the {base} rulebook. Make the schema for your editor with:
#     referee rulebook schema -o rulebook.schema.json
# Check this file with:  referee rulebook check {name}.yaml
# See everything it adds up to with:  referee rulebook show {name}.yaml --effective
id: {name}
title: {name} house rules
extends: {base}
source:
  file: {name}.yaml
  edition: our own house rules, agreed at the table

# Only what you write here changes; everything else is {base}'s. Remove the "# " to use a line.
game:
  # betting:
  #   raise_cap: {{raises: 3}}          # a bet and three raises
  # draw:
  #   max_cards: 4                    # draw up to four
  # cite:
  #   betting.raise_cap: "agreed at the table"

# A row with an id {base} already has replaces that row; a new id goes just before the default row
# (or where `before: <id>` / `after: <id>` says); `{{id: 3, remove: yes}}` drops row 3.
# Facts {example_kind.value} rows can test: {facts}.
irregularities:
  # {example_kind.value}:
  #   - id: house-1
  #     before: {first.id}
  #     when: {{caused_by: dealer, phase: deal}}
  #     then: {{remedy: card-dead, replace: after-draw}}
  #     cite: "house rule, agreed at the table"
  #     summary: A card the dealer flashes on the deal is replaced after the deal.
  #   - id: {default.id}                   # replaces {base}'s default row
  #     then: play-on
  #     cite: "house rule"
  #     summary: Anything else, play on.
"""
