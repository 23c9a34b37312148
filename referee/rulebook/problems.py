"""Turn validation errors into problems a rulebook author can act on.

Pydantic reports a location as a tuple of keys, list indexes and union-member names; we walk
that tuple through the data to the spot the author wrote, name the key path the way it reads
in the file (``irregularities.exposed-card[id 3].when.pot_opend``), say what is allowed there
and add a "did you mean" from :mod:`difflib`.
"""

from __future__ import annotations

import difflib
import types
import typing
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from referee.errors import Problem
from referee.rulebook.model import REMEDY_MODELS, Row, When
from referee.rulebook.vocabulary import KIND_FACTS, Kind, RemedyId
from referee.rulebook.yamlsafe import Spot

Path = tuple[Any, ...]

_PRIORITY = {
    "extra_forbidden": 0,
    "missing": 0,
    "union_tag_invalid": 0,
    "union_tag_not_found": 0,
    "enum": 1,
    "literal_error": 1,
    "string_pattern_mismatch": 1,
    "greater_than_equal": 1,
    "less_than_equal": 1,
    "too_short": 1,
    "string_too_short": 1,
    "string_too_long": 1,
}


def did_you_mean(word: object, choices: Iterable[str]) -> str:
    """``did you mean 'x'?`` for the closest choice, or an empty string."""
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}?" if close else ""


def join_hint(*parts: str) -> str:
    return "; ".join(part for part in parts if part)


def show_path(path: Sequence[Any], data: object) -> str:
    """``irregularities.exposed-card[id 3].when`` — list items of rows named by their id."""
    text = ""
    node = data
    for part in path:
        if isinstance(part, int):
            item = node[part] if isinstance(node, list) and part < len(node) else None
            row_id = item.get("id") if isinstance(item, dict) else None
            text += f"[id {row_id}]" if row_id is not None else f"[{part + 1}]"
            node = item
        else:
            text += f".{part}" if text else str(part)
            node = node.get(part) if isinstance(node, dict) else None
    return text or "the top level"


def locate(loc: Sequence[Any], data: object, spot: Spot) -> tuple[Path, Spot, bool]:
    """The data path, the spot and whether the error is about a key, for a pydantic location."""
    path: list[Any] = []
    node, here = data, spot
    about_key = False
    for part in loc:
        if part == "[key]":
            about_key = True
            continue
        in_mapping = isinstance(node, dict) and isinstance(part, str) and part in node
        in_list = isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        if in_mapping or in_list:
            node = node[part]  # type: ignore[index]
        else:
            continue  # a union member's name, or a key that is missing
        path.append(part)
        here = here.child(part) or here
    return tuple(path), here, about_key


def value_at(path: Path, data: object) -> object:
    node = data
    for part in path:
        node = node[part] if isinstance(node, dict | list) else None
    return node


def _unwrap(annotation: Any) -> list[Any]:
    """The concrete types inside Optional / Union / Annotated."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _unwrap(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        return [inner for arg in typing.get_args(annotation) for inner in _unwrap(arg)]
    return [annotation]


def _field(model: type[BaseModel], key: str) -> Any:
    for name, info in model.model_fields.items():
        if key in (info.alias, name) if info.alias else key == name:
            return info.annotation
    return None


def model_at(path: Path, data: object, root: type[BaseModel]) -> type[BaseModel] | None:
    """The model that validates the mapping at ``path`` (the remedy chosen by its ``remedy``)."""
    current: list[Any] = [root]
    node = data
    for part in path:
        node = node[part] if isinstance(node, dict | list) else None
        following: list[Any] = []
        for candidate in current:
            if isinstance(candidate, type) and issubclass(candidate, BaseModel):
                annotation = _field(candidate, part) if isinstance(part, str) else None
                if annotation is not None:
                    following.extend(_unwrap(annotation))
            else:
                origin = typing.get_origin(candidate)
                if origin is list and isinstance(part, int):
                    following.extend(_unwrap(typing.get_args(candidate)[0]))
                elif origin is dict and isinstance(part, str):
                    following.extend(_unwrap(typing.get_args(candidate)[1]))
        current = following
    models = [c for c in current if isinstance(c, type) and issubclass(c, BaseModel)]
    if len(models) > 1 and isinstance(node, dict):
        remedy = node.get("remedy")
        chosen = REMEDY_MODELS.get(RemedyId(remedy)) if remedy in set(RemedyId) else None
        if chosen is not None and chosen in models:
            return chosen
    return models[0] if models else None


def allowed_keys(model: type[BaseModel]) -> list[str]:
    return [info.alias or name for name, info in model.model_fields.items()]


def kind_of(path: Path) -> Kind | None:
    """The irregularity kind a path runs through (``irregularities.<kind>...``)."""
    if len(path) >= 2 and path[0] == "irregularities" and path[1] in set(Kind):
        return Kind(path[1])
    return None


def _expected(error: ErrorDetails) -> list[str]:
    ctx = error.get("ctx") or {}
    text = str(ctx.get("expected") or ctx.get("expected_tags") or "")
    return [word.strip(" '\"") for word in text.replace(" or ", ", ").split(",") if word.strip(" '\"")]


def _describe(error: ErrorDetails, path: Path, data: object, root: type[BaseModel]) -> tuple[str, str]:
    """(message, hint) for one error."""
    kind = error["type"]
    where = show_path(path, data)
    value = error.get("input")
    if kind == "extra_forbidden":
        key = path[-1] if path else "?"
        parent = path[:-1]
        model = model_at(parent, data, root)
        if model is When and (table_kind := kind_of(parent)) is not None:
            facts = [fact.value for fact in KIND_FACTS[table_kind]]
            return (
                f"unknown fact {key!r} in {show_path(parent, data)}",
                join_hint(did_you_mean(key, facts), f"facts for {table_kind.value}: {', '.join(facts)}"),
            )
        if model is not None and issubclass(model, BaseModel) and "remedy" in model.model_fields:
            remedy = value_at((*parent, "remedy"), data)
            params = [name for name in model.model_fields if name != "remedy"]
            listed = ", ".join(params) if params else "none"
            return (
                f"the remedy {remedy!r} has no parameter {key!r}",
                join_hint(did_you_mean(key, params), f"its parameters: {listed}"),
            )
        if parent == ("irregularities",):
            kinds = [k.value for k in Kind]
            if key in _ROW_KEYS:
                return (
                    f"unknown irregularity {key!r}: `{key}:` is written where a table's name goes",
                    f"`{key}:` belongs to a row: indent it to line up with the `then:` of its row",
                )
            return (
                f"unknown irregularity {key!r}",
                join_hint(did_you_mean(key, kinds), "see `referee rulebook schema`"),
            )
        keys = allowed_keys(model) if model else []
        if model is Row and _means_then(key, value_at(path, data)):
            remedy = value_at(path, data)
            written = remedy if isinstance(remedy, str) else "<remedy>"
            return (
                f"unknown key {key!r} in {show_path(parent, data)}: a row's remedy is written under `then:`",
                f"did you mean `then: {written}`?",
            )
        if model is None and key in _ROW_KEYS and parent in ((), ("irregularities",)):
            return (
                f"unknown key {key!r} in {show_path(parent, data)}",
                f"`{key}:` belongs to a row: indent it to line up with the `then:` of its row",
            )
        return (
            f"unknown key {key!r} in {show_path(parent, data)}",
            join_hint(did_you_mean(key, keys), f"allowed here: {', '.join(keys)}" if keys else ""),
        )
    if kind == "missing":
        missing = error["loc"][-1]
        return (f"{where} needs the key {missing!r}", _missing_hint(str(missing)))
    if kind == "union_tag_invalid":
        tag = (error.get("ctx") or {}).get("tag", value)
        return (
            f"unknown remedy {tag!r} in {where}",
            join_hint(
                did_you_mean(tag, [r.value for r in RemedyId]),
                "remedies: " + ", ".join(r.value for r in RemedyId),
            ),
        )
    if kind == "union_tag_not_found":
        then = value_at(path, data)
        typo = next((key for key in then if _means_remedy(key)), None) if isinstance(then, dict) else None
        if typo is not None and isinstance(then, dict):
            return (
                f"unknown key {typo!r} in {where}",
                f"did you mean 'remedy'? write `{{remedy: {then[typo]}, ...}}`",
            )
        return (
            f"{where} needs `remedy: <id>`",
            "write `then: play-on` or `then: {remedy: misdeal, redeal: next-dealer}`",
        )
    if kind in ("enum", "literal_error"):
        expected = _expected(error)
        return (
            f"{value!r} is not allowed for {where}",
            join_hint(did_you_mean(str(value), expected), f"one of: {', '.join(expected)}"),
        )
    if kind in ("bool_parsing", "bool_type"):
        return (f"{where} takes yes or no, not {value!r}", "write yes or no")
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return (f"{where} takes a whole number, not {value!r}", "")
    if kind in ("string_type",):
        return (f"{where} takes text, not {value!r}", "quote it if it reads as a number or yes/no")
    if kind == "list_type":
        return (f"{where} takes a list", "write `[a, b]` or one `- item` per line")
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return (f"{where} takes a mapping of `key: value` lines, not {value!r}", "")
    if kind == "string_pattern_mismatch":
        if path == ("id",):
            return (f"{value!r} is not a usable rulebook id", "use lowercase letters, digits and hyphens")
        if path and path[-1] in ("id", "before", "after"):
            return (f"{value!r} is not a usable row id for {where}", "use letters, digits, '-', '_' and '.'")
        return (f"{value!r} is not allowed for {where}", "use letters, digits and hyphens")
    return (f"{where}: {error['msg']}", "")


_ROW_KEYS = frozenset({"when", "then", "summary", "cite", "source", "fallback", "before", "after", "remove"})


def _means_remedy(key: object) -> bool:
    """``remdy``, ``remedies``, ``Remedy``: a key that is ``remedy`` misspelt."""
    return isinstance(key, str) and bool(difflib.get_close_matches(key.lower(), ["remedy"], cutoff=0.7))


def _means_then(key: str, value: object) -> bool:
    """A row key that stands where ``then:`` should: ``remedy:``/``remdy:``, or a remedy id as its value."""
    if key in _ROW_KEYS:
        return False
    is_remedy = isinstance(value, str) and value in {remedy.value for remedy in RemedyId}
    return _means_remedy(key) or is_remedy or bool(difflib.get_close_matches(key, ["then"], cutoff=0.7))


def _misspells(missing: str, key: object, value: object) -> bool:
    """Whether ``key: value`` is the required key ``missing`` misspelt (``sumary:`` for ``summary:``)."""
    if not isinstance(key, str) or key == missing:
        return False
    if missing == "then" and _means_then(key, value):
        return True
    return bool(difflib.get_close_matches(key, [missing], cutoff=0.75))


def _missing_hint(key: str) -> str:
    return {
        "then": "each row needs `then:` — a remedy id such as `play-on`",
        "summary": "each row needs a one-sentence `summary:` for players",
        "id": "rows and rulebooks need an `id:`",
        "title": "write `title: ...`",
        "remedy": "write `remedy: <id>`",
        "kind": "same-as needs `kind: <irregularity>`",
    }.get(key, "")


def pydantic_problems(
    error: ValidationError, data: object, spot: Spot, root: type[BaseModel]
) -> list[Problem]:
    """One problem per distinct thing wrong, in file order."""
    located: list[tuple[Path, Spot, bool, ErrorDetails]] = []
    for details in error.errors():
        path, here, about_key = locate(details["loc"], data, spot)
        located.append((path, here, about_key, details))
    deeper = {path[:i] for path, _, _, d in located if d["type"] != "missing" for i in range(len(path))}
    best: dict[tuple[Path, str], tuple[int, Spot, bool, ErrorDetails]] = {}
    for path, here, about_key, details in located:
        if details["type"] != "missing" and path in deeper:
            continue  # a member of a union failed on a value another member reached into
        slot = (path, str(details["loc"][-1]) if details["type"] == "missing" else "")
        rank = _PRIORITY.get(details["type"], 2 if "parsing" in details["type"] else 3)
        if slot not in best or rank < best[slot][0]:
            best[slot] = (rank, here, about_key, details)
    # Keys reported as not allowed: a misspelt required key is one of them.
    unknown = {path for path, _, _, d in located if d["type"] == "extra_forbidden"}
    for path, missing in list(best):
        mapping = value_at(path, data)
        if (
            missing
            and isinstance(mapping, dict)
            and any(_misspells(missing, k, v) and (*path, k) in unknown for k, v in mapping.items())
        ):
            del best[(path, missing)]  # the misspelt key's own problem says it, with the right word
    problems = []
    for (path, _), (_, here, about_key, details) in best.items():
        message, hint = _describe(details, path, data, root)
        at = here.at_key() if about_key or details["type"] == "extra_forbidden" else here
        then = value_at(path, data)
        if details["type"] == "union_tag_not_found" and isinstance(then, dict):
            typo = next((key for key in then if _means_remedy(key)), None)
            at = (here.child(typo) or here).at_key() if typo is not None else at
        problems.append(_problem(message, at, hint))
    return sorted(problems, key=lambda p: (p.file, p.line, p.column))


def _problem(message: str, at: Spot, hint: str) -> Problem:
    return Problem(message, at.file, at.line, at.column, "", hint)


def with_source(problems: list[Problem], lines: dict[str, list[str]]) -> list[Problem]:
    """Fill in each problem's source line (for the excerpt), sorted by file and line."""
    filled = []
    for problem in problems:
        text = lines.get(problem.file, [])
        source = text[problem.line - 1] if 0 < problem.line <= len(text) else problem.source_line
        filled.append(
            Problem(
                problem.message,
                problem.file,
                problem.line,
                problem.column,
                source,
                problem.hint,
                problem.end_column,
            )
        )
    unique = list(dict.fromkeys(filled))
    return sorted(unique, key=lambda p: (p.file, p.line, p.column))
