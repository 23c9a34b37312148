"""The terminal report (rich): the answer first, the money explained, a panel per ruling, the settlement.

User text reaches rich only inside ``Text`` (never as markup); styling is given as styles.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from typing import Final

from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text

from referee.events import HandLog
from referee.report.money import money_lines
from referee.report.words import NO_IRREGULARITIES, cite_in_words, headline, void_lines
from referee.ruling import Result, Ruling, money


def ruling_panel(ruling: Ruling, *, explain: bool = False) -> Panel:
    """One ruling: what was found and decided, why, the rule and its source in words."""
    return Panel(
        Group(*_body(ruling, explain)),
        title=_title(ruling.line, ruling.event),
        title_align="left",
        expand=True,
    )


_Part = tuple[str, ...]
"""What one line of a panel's body is made from: a tag, then the strings (a key for the cache)."""


def _parts(ruling: Ruling, explain: bool) -> list[_Part]:
    """The body of a ruling's panel as the strings it is made from, each part one ``Text``."""
    parts: list[_Part] = [
        ("head", str(ruling.irregularity), ruling.words),
        ("plain", ruling.explanation),
        ("rule", ruling.rule, ruling.summary),
        ("source", cite_in_words(ruling)),
    ]
    if explain:
        if ruling.facts:
            parts.append(("facts", ", ".join(f"{key} = {value}" for key, value in ruling.facts)))
        parts.extend(
            ("tried", "✓" if check.matched else "✗", check.rule, check.reason) for check in ruling.tried
        )
    return parts


def _text(part: _Part) -> Text:
    """The ``Text`` for one part of a panel's body (user words only ever as plain text, never markup)."""
    tag = part[0]
    if tag == "head":
        return Text.assemble((part[1], "bold"), " → ", (part[2], "bold cyan"))
    if tag == "plain":
        return Text(part[1])
    if tag == "rule":
        return Text.assemble(("rule ", "dim"), (part[1], "green"), (f" — {part[2]}" if part[2] else ""))
    if tag == "source":
        return Text.assemble(("source ", "dim"), part[1])
    if tag == "facts":
        return Text.assemble(("what the table knew: ", "dim"), part[1])
    assert tag == "tried", tag
    return Text(f"  {part[1]} {part[2]}: {part[3]}", style="green" if part[1] == "✓" else "dim")


def _body(ruling: Ruling, explain: bool) -> list[RenderableType]:
    return [_text(part) for part in _parts(ruling, explain)]


def _title(line: int | str, event: str) -> Text:
    return Text.assemble(("line ", "dim"), (str(line), "bold"), " · ", event)


_CACHED: Final = 2048
"""How many wrapped parts and titles the panel printer keeps (a bound on its memory)."""
_CHUNK: Final = 256
"""Panels printed in one call to the console: enough to share its per-call cost, few enough that
the segments waiting to be written stay small."""


class _RulingPanels:
    """Many ruling panels, segment for segment as :func:`ruling_panel` renders them, made quickly.

    A panel costs rich about half a millisecond (wrapping each text, padding, cropping), and a long
    log of one irregularity repeats the same few sentences thousands of times. Each body part is
    wrapped by rich once per console width and reused; a title is rendered by rich once per event
    text and length of line number, and reused with the line number put in. Whatever the cache
    cannot vouch for (a title rich truncated or split differently) is rendered by rich in full.
    ``tests/test_report_terminal.py`` holds the output equal to printing each ``ruling_panel``.
    """

    def __init__(self, rulings: Sequence[Ruling], explain: bool) -> None:
        self.rulings = rulings
        self.explain = explain
        self.parts: dict[tuple[int, _Part], list[list[Segment]]] = {}
        self.titles: dict[tuple[int, int, str], tuple[list[Segment], Style | None, list[Segment]] | None] = {}
        self.bodies: dict[tuple[int, tuple[_Part, ...]], list[Segment]] = {}

    def print(self, console: Console) -> None:
        for start in range(0, len(self.rulings), _CHUNK):
            console.print(_Chunk(self, self.rulings[start : start + _CHUNK]), crop=False)

    def segments(self, console: Console, options: ConsoleOptions, ruling: Ruling) -> Iterator[Segment]:
        width = options.max_width
        if width <= 4:  # rich draws no title at all
            yield from console.render(ruling_panel(ruling, explain=self.explain), options)
            return
        top = self._top(console, options, ruling)
        if top is None:
            yield from console.render(ruling_panel(ruling, explain=self.explain), options)
            return
        yield from top
        yield from self._body(console, options, tuple(_parts(ruling, self.explain)))

    def _body(self, console: Console, options: ConsoleOptions, parts: tuple[_Part, ...]) -> list[Segment]:
        """The panel below its title: each part's rows between the box's sides, then the bottom.

        Kept per width and parts, with runs of unstyled segments joined into one: the console
        writes an unstyled segment's text as it is, so the joined run prints the same characters,
        and a panel repeated thousands of times costs a few segments instead of dozens.
        """
        width = options.max_width
        key = (width, parts)
        found = self.bodies.get(key)
        if found is not None:
            return found
        child = options.update(width=width - 2, height=None, highlight=False)
        box = _BOX.substitute(options, safe=console.safe_box)
        start, end, line = Segment(box.mid_left, _NULL), Segment(box.mid_right, _NULL), Segment.line()
        segments: list[Segment] = []
        for part in parts:
            for row in self._part(console, child, part):
                segments.append(start)
                segments.extend(row)
                segments.append(end)
                segments.append(line)
        segments.append(Segment(box.get_bottom([width - 2]), _NULL))
        segments.append(line)
        made = _joined(segments)
        if len(self.bodies) >= _CACHED:
            self.bodies.clear()
        self.bodies[key] = made
        return made

    def _part(self, console: Console, options: ConsoleOptions, part: _Part) -> list[list[Segment]]:
        key = (options.max_width, part)
        rows = self.parts.get(key)
        if rows is None:
            rows = console.render_lines(Padding(_text(part), (0, 1)), options, style=_NULL)
            if len(self.parts) >= _CACHED:
                self.parts.clear()
            self.parts[key] = rows
        return rows

    def _top(self, console: Console, options: ConsoleOptions, ruling: Ruling) -> list[Segment] | None:
        """The panel's top edge with its title; None when only rich's own rendering will do."""
        number = str(ruling.line)
        key = (options.max_width, len(number), ruling.event)
        if key not in self.titles:
            made = self._title_template(console, options, len(number), ruling.event)
            found = None
            if made is not None:
                segments, index = made
                found = (_joined(segments[:index]), segments[index].style, _joined(segments[index + 1 :]))
            if len(self.titles) >= _CACHED:
                self.titles.clear()
            self.titles[key] = found
        found = self.titles[key]
        if found is None:
            return None
        before, style, after = found
        return [*before, Segment(number, style), *after]

    def _title_template(
        self, console: Console, options: ConsoleOptions, digits: int, event: str
    ) -> tuple[list[Segment], int] | None:
        """The top edge rendered by rich with zeros for the line number, and where the number is."""
        zeros = "0" * digits
        empty = Panel(Text(""), title=_title(zeros, event), title_align="left", expand=True)
        segments = list(console.render(empty, options))
        top = segments[: segments.index(Segment.line()) + 1]
        bold = console.get_style("bold")
        places = [
            index for index, segment in enumerate(top) if segment.text == zeros and segment.style == bold
        ]
        # Only a title whose number rich left whole, as one piece of its own, can take another number.
        if len(places) != 1 or "".join(segment.text for segment in top).count(zeros) != 1:
            return None
        return top, places[0]


def _joined(segments: list[Segment]) -> list[Segment]:
    """``segments`` with each run of unstyled, non-control segments made one segment of their text."""
    joined: list[Segment] = []
    run: list[str] = []
    for segment in segments:
        if not segment.style and not segment.control:
            run.append(segment.text)
            continue
        if run:
            joined.append(Segment("".join(run)))
            run = []
        joined.append(segment)
    if run:
        joined.append(Segment("".join(run)))
    return joined


_BOX: Final = Panel("").box
_NULL: Final = Style.null()


class _Chunk:
    """Some of the panels, for one call to ``Console.print``."""

    def __init__(self, panels: _RulingPanels, rulings: Sequence[Ruling]) -> None:
        self.panels = panels
        self.rulings = rulings

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        for ruling in self.rulings:
            yield from self.panels.segments(console, options, ruling)


def settlement_table(result: Result) -> Table:
    """Each player's chips in, chips back and net over the whole log."""
    table = Table(title=Text("Settlement", "table.title"), title_justify="left", expand=False)
    table.add_column("player", overflow="fold")
    table.add_column("put in", justify="right")
    table.add_column("got back", justify="right")
    table.add_column("net", justify="right")
    for name, net in result.net.items():
        put_in = result.put_in.get(name, Decimal(0))
        style = "green" if net > 0 else ("red" if net < 0 else "")
        table.add_row(
            Text(name), Text(money(put_in)), Text(money(put_in + net)), Text(money(net), style=style)
        )
    if result.carried:
        table.add_row(Text("pot carried"), None, None, Text(money(result.carried)))
    if result.rake:
        table.add_row(Text("rake"), None, None, Text(money(result.rake)))
    return table


def render(console: Console, log: HandLog, result: Result, *, explain: bool = False) -> None:
    """The hand at a glance and the money explained, a panel per ruling, then the settlement."""
    header = log.header
    game = header.game or "draw"
    seats = ", ".join(header.seats)
    console.print(
        Text.assemble(
            (f"{log.source}", "bold"),
            f" · {game} · rulebook ",
            (result.rulebook, "bold"),
        )
    )
    console.print(Text(f"Seats: {seats} (dealer {header.dealer or header.seats[-1]})"))
    last = " (the last deal's)" if len(result.deals) > 1 else ""
    console.print(Text.assemble(("Pot ", "dim"), money(_pot_shown(result)), last, " · ", headline(result)))
    _print_sentences(console, money_lines(result))
    if result.rulings:
        console.print()
        _RulingPanels(result.rulings, explain).print(console)
    elif result.clean:
        console.print(Text(NO_IRREGULARITIES, style="dim"))
    _print_sentences(console, void_lines(result))
    if result.divergence is not None:
        d = result.divergence
        console.print(
            Text(f"From line {d.line} ({d.event}) the log leaves this rulebook's course: {d.explanation}")
        )
    console.print()
    console.print(settlement_table(result))


def _print_sentences(console: Console, sentences: Sequence[str]) -> None:
    """Each sentence on its own line(s), as ``console.print(Text(sentence))`` one by one prints them.

    A log of many deals or void lines has a sentence for each: printed a few hundred at a time,
    the console's cost per call (its size, the terminal, the buffer) is paid once for them all.
    """
    for start in range(0, len(sentences), _CHUNK):
        console.print(_Sentences(sentences[start : start + _CHUNK]), crop=False)


class _Sentences:
    """Some sentences, each as ``Text(sentence)`` renders alone, for one call to ``Console.print``.

    Rich wraps a text through several objects per line (tens of microseconds a sentence). A
    sentence of printable ASCII (one cell a character, spaces its only blanks, no styles) is cut
    where rich's own ``divide_line`` cuts it and each piece trimmed as ``Text.wrap`` trims it,
    and written as the one unstyled run of text rich would write. Anything else is left to rich.
    ``tests/test_long_logs.py`` holds the two equal, sentence by sentence.
    """

    def __init__(self, sentences: Sequence[str]) -> None:
        self.sentences = sentences

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        width = options.max_width
        line = Segment.line()
        quick = 0 < width <= console.width
        for sentence in self.sentences:
            if quick and sentence.isascii() and sentence.isprintable():
                yield Segment(sentence if len(sentence) <= width else _wrapped(sentence, width))
                yield line
            else:
                # What ``print`` would crop had it been given the sentence alone (crop is off for
                # the chunk: the quick lines fit, and cropping each costs rich a measure).
                for row in Segment.split_and_crop_lines(
                    console.render(Text(sentence), options), console.width, pad=False
                ):
                    yield from row


def _wrapped(sentence: str, width: int) -> str:
    """A printable ASCII ``sentence`` as ``Text.wrap`` (fold, default justify) lays it out in
    ``width`` cells: cut at rich's own offsets, then each piece kept to the width (rich drops the
    blanks past the width, then cuts what is still too long there: the same first ``width``
    characters)."""
    offsets = _ascii_breaks(sentence, width)
    return "\n".join(
        sentence[start:end][:width]
        for start, end in zip([0, *offsets], [*offsets, len(sentence)], strict=True)
    )


_WORD: Final = re.compile(r" *[^ ]+( *)")
"""rich's word (``_wrap.re_word``) in printable ASCII, where a space is the only blank: the word
with the blanks before it (the first word's) and after it, those after it a group."""


def _ascii_breaks(sentence: str, width: int) -> list[int]:
    """``rich._wrap.divide_line(sentence, width, fold=True)`` for printable ASCII: there each
    character is one cell, so rich's cell lengths are lengths and its ``chop_cells`` cuts a word
    every ``width`` characters. Rich measures each word through several calls (tens of
    microseconds a sentence); a long log's void lines are each a sentence to wrap.
    ``tests/test_long_logs.py`` holds the two equal."""
    breaks: list[int] = []
    offset = 0
    for word in _WORD.finditer(sentence):
        start, end = word.span()
        length = word.start(1) - start  # the word without the blanks after it
        if width - offset >= length:
            offset += end - start
        elif length > width:
            # Folded across lines: a break before each piece (but at the very start), the
            # line going on after the last.
            pieces = range(start, end, width)
            breaks.extend(piece for piece in pieces if piece)
            offset = end - pieces[-1]
        elif offset and start:
            breaks.append(start)
            offset = end - start
    return breaks


def _pot_shown(result: Result) -> Decimal:
    """The pot the headline speaks of: the last deal's (the whole file's is in the JSON)."""
    return result.deals[-1].pot if len(result.deals) > 1 else result.pot


def render_line(console: Console, text: str, line: int, results: list[Result]) -> None:
    """One line under each rulebook: the facts, the row that matched, the rows that did not."""
    console.print(Text.assemble(("line ", "dim"), (str(line), "bold"), "  ", text.strip()))
    for result in results:
        here = [r for r in result.rulings if r.line == line]
        console.print()
        console.print(Text(result.rulebook, style="bold underline"))
        if not here:
            notes = [a.note for a in result.actions if a.line == line and a.note]
            what = notes[0] if notes else "played by the rules"
            console.print(Text(f"  no irregularity here ({what})", style="dim"))
            continue
        for ruling in here:
            console.print(ruling_panel(ruling, explain=True))


def render_checks(console: Console, checks: Sequence[object]) -> None:
    """A pass/fail table of scenario checks, with the first difference of each failure."""
    from referee.scenarios import Check

    table = Table(title=Text("Scenarios", "table.title"), title_justify="left")
    table.add_column("scenario")
    table.add_column("rulebook")
    table.add_column("result")
    failed = 0
    for check in checks:
        assert isinstance(check, Check)
        if check.passed:
            table.add_row(Text(check.scenario), Text(check.rulebook), Text("pass", style="green"))
        else:
            failed += 1
            table.add_row(
                Text(check.scenario), Text(check.rulebook), Text(f"FAIL: {check.difference}", style="red")
            )
    console.print(table)
    console.print(Text(f"{len(checks) - failed} passed, {failed} failed"))
