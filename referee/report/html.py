"""An HTML page of the report: a title, a viewport for phones, text that wraps; every user word escaped."""

from __future__ import annotations

from decimal import Decimal
from html import escape

from referee.events import HandLog
from referee.report.money import money_lines
from referee.report.words import NO_IRREGULARITIES, cite_in_words, headline, irregularity_words, void_lines
from referee.ruling import Result, money

_STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; line-height: 1.45;
       max-width: 42rem; margin: 1rem auto; padding: 0 1rem; overflow-wrap: anywhere; }
.answer { font-size: 1.15rem; font-weight: 600; }
.ruling { border-left: 4px solid #2a7ab0; padding: .25rem .75rem; margin: .75rem 0; }
.source, .rule { color: #555; font-size: .92rem; }
table { border-collapse: collapse; }
th, td { padding: .2rem .6rem; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.won { color: #1a7f37; } .lost { color: #b42318; }
"""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def page_opening(title: str, style: str) -> list[str]:
    """A page's lines up to ``<body>``: a title (escaped here) and a viewport for phones."""
    return [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title)}</title>",
        f"<style>{style}</style>",
        "</head>",
        "<body>",
    ]


def to_html(log: HandLog, result: Result) -> str:
    """A whole page, the same for the same log and rulebook."""
    title = log.header.title or log.source
    pot = result.deals[-1].pot if len(result.deals) > 1 else result.pot
    out = [
        *page_opening(f"{title} · {result.rulebook}", _STYLE),
        f"<h1>{_e(title)}</h1>",
        f"<p>Rulebook <b>{_e(result.rulebook)}</b> · game {_e(log.header.game or 'draw')} · "
        f"pot {_e(money(pot))}</p>",
        f'<p class="answer">{_e(headline(result))}</p>',
    ]
    explained = money_lines(result)
    if explained:
        out.append("<ul>")
        out += [f"<li>{_e(sentence.strip())}</li>" for sentence in explained]
        out.append("</ul>")
    if result.rulings:
        out.append("<h2>Rulings</h2>")
        for ruling in result.rulings:
            out += [
                '<div class="ruling">',
                f"<p><b>Line {ruling.line}</b> <code>{_e(ruling.event)}</code> — "
                f"{_e(irregularity_words(ruling.irregularity))}: "
                f"<b>{_e(ruling.words)}</b></p>",
                f"<p>{_e(ruling.explanation)}</p>",
                f'<p class="rule">{_e(ruling.summary)} (rule {_e(ruling.rule)})</p>',
                f'<p class="source">Source: {_e(cite_in_words(ruling))}</p>',
                "</div>",
            ]
    elif result.clean:
        out.append(f"<p>{_e(NO_IRREGULARITIES)}</p>")
    void = void_lines(result)
    if void:
        out.append("<h2>Lines that did not play</h2>")
        out += [f"<p>{_e(sentence)}</p>" for sentence in void]
    out += [
        "<h2>Settlement</h2>",
        "<table>",
        "<tr><th>player</th><th>put in</th><th>got back</th><th>net</th></tr>",
    ]
    for name, net in result.net.items():
        put_in = result.put_in.get(name, Decimal(0))
        kind = ' class="won"' if net > 0 else (' class="lost"' if net < 0 else "")
        out.append(
            f"<tr><td>{_e(name)}</td><td>{_e(money(put_in))}</td><td>{_e(money(put_in + net))}</td>"
            f"<td{kind}>{_e(money(net))}</td></tr>"
        )
    if result.carried:
        out.append(f"<tr><td>pot carried</td><td></td><td></td><td>{_e(money(result.carried))}</td></tr>")
    out += ["</table>", "</body>", "</html>"]
    return "\n".join(out) + "\n"
