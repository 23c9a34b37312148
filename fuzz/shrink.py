"""Cut a failing case down to the fewest lines (then words) that still fail the same way.

Delta debugging over lines, then over the words of each line left: a piece is dropped when the
case without it still shows the same failure — the same invariant with the same class key.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from fuzz.invariants import LOG_GROUPS, Finding, Harness
from fuzz.mutate import Case


def shrink(harness: Harness, case: Case, *, invariant: str | None = None) -> tuple[Case, list[Finding]]:
    """The smallest case found that fails like ``case`` (on ``invariant``, else its first finding)."""
    findings = harness.run_case(case, groups=len(LOG_GROUPS)).findings
    wanted = [finding for finding in findings if invariant in (None, finding.invariant)]
    if not wanted:
        return case, []
    target = (wanted[0].invariant, wanted[0].key)

    def fails(data: bytes) -> bool:
        smaller = _with_data(case, data)
        found = harness.run_case(smaller, groups=len(LOG_GROUPS)).findings
        return any((finding.invariant, finding.key) == target for finding in found)

    lines = _ddmin(case.data.split(b"\n"), lambda kept: fails(b"\n".join(kept)))
    for row in range(len(lines)):
        words = lines[row].split(b" ")

        def fails_with(kept: list[bytes], row: int = row) -> bool:
            return fails(b"\n".join([*lines[:row], b" ".join(kept), *lines[row + 1 :]]))

        lines[row] = b" ".join(_ddmin(words, fails_with))
    smallest = _with_data(case, b"\n".join(lines))
    final = harness.run_case(smallest, groups=len(LOG_GROUPS)).findings
    return smallest, [finding for finding in final if (finding.invariant, finding.key) == target]


def _with_data(case: Case, data: bytes) -> Case:
    return dataclasses.replace(case, files=((case.main, data), *case.files[1:]))


def _ddmin(items: list[bytes], fails: Callable[[list[bytes]], bool]) -> list[bytes]:
    """Zeller's ddmin: a 1-minimal sublist of ``items`` for which ``fails`` holds."""
    chunks = 2
    while len(items) >= 2:
        size = max(1, len(items) // chunks)
        starts = range(0, len(items), size)
        for start in starts:
            rest = items[:start] + items[start + size :]
            if rest and fails(rest):
                items, chunks = rest, max(chunks - 1, 2)
                break
        else:
            if size == 1:
                break
            chunks = min(len(items), chunks * 2)
    return items
