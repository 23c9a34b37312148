"""The house-rules sheet (:mod:`referee.report.rulebook_sheet`) as an HTML page to print or open on a phone.

The sheet is built as plain data in :mod:`referee.report.rulebook_sheet`; this is its page, beside
the report's own HTML.
"""

from __future__ import annotations

import html
from typing import Final

from referee.report.html import page_opening
from referee.report.rulebook_sheet import Sheet

_STYLE: Final = """
body { font-family: Georgia, serif; max-width: 46rem; margin: 1.5rem auto; padding: 0 1rem;
       line-height: 1.45; overflow-wrap: anywhere; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; } h2 { font-size: 1.25rem; margin-top: 1.6rem; }
h3 { font-size: 1.05rem; margin-bottom: .3rem; } .about { color: #444; margin-top: 0; }
ul { padding-left: 1.2rem; } li { margin: .25rem 0; } .cite { color: #555; font-style: italic; }
.ruling { font-weight: bold; } .house { background: #fff3c4; padding: 0 .25rem; }
@media print { body { margin: 0; font-size: 10.5pt; } a { color: inherit; } }
"""


def sheet_html(sheet: Sheet) -> str:
    """The sheet as a page to print or open on a phone; every text from the file is escaped."""
    e = html.escape
    out = [
        *page_opening(sheet.title, _STYLE),
        f"<h1>{e(sheet.title)}</h1>",
        f'<p class="about">{e(" · ".join(sheet.about))}.</p>',
    ]
    if sheet.game:
        out += ["<h2>How we play</h2>", "<ul>"]
        for sentence, cite in sheet.game:
            cited = f' <span class="cite">({e(cite)})</span>' if cite else ""
            out.append(f"<li>{e(sentence)}{cited}</li>")
        out.append("</ul>")
    out += [
        "<h2>When something goes wrong</h2>",
        "<p>Under each irregularity, the first case that fits decides.</p>",
    ]
    for heading, kinds in sheet.groups:
        out.append(f"<h3>{e(heading)}</h3>")
        for kind in kinds:
            out += [f"<p><strong>{e(kind.name)}</strong></p>", "<ul>"]
            for row in kind.rows:
                mark = '<span class="house">House rule</span> ' if row.house else ""
                out.append(
                    f'<li>{mark}{e(row.summary)} → <span class="ruling">{e(row.ruling)}.</span> '
                    f'<span class="cite">({e(row.cite)})</span></li>'
                )
            out.append("</ul>")
    if sheet.silent_on:
        out += ["<h2>What the source does not cover</h2>", "<ul>"]
        out += [f"<li>{e(item)}</li>" for item in sheet.silent_on]
        out.append("</ul>")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"
