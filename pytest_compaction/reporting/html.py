"""The HTML report: one self-contained page (inline CSS and JS, no network) of a contract run.

The run's data is embedded as JSON inside a ``<script type="application/json">`` block,
with ``<``, ``>`` and ``&`` written as ``\\u`` escapes so no value can close the block;
the page's script builds every element with ``textContent``, never ``innerHTML``, so no
value from a spec or a compressor is ever read as markup.
"""

from __future__ import annotations

import html
import json
import os
from pathlib import Path
from typing import Any

from pytest_compaction.core.guarantee import UNVERIFIED, UNVERIFIED_WHY
from pytest_compaction.reporting.details import STAGES

__all__ = ["page_data", "render_html", "write_html"]


def page_data(report: dict[str, Any], *, title: str, html_path: str | Path) -> dict[str, Any]:
    """What the page shows, from the JSON report (``SessionReport.to_json()``)."""
    base = Path(html_path).resolve().parent
    tests = []
    for test in report.get("tests", []):
        evidence = []
        for path in test.get("evidence", []):
            try:
                evidence.append(Path(os.path.relpath(Path(path).resolve(), base)).as_posix())
            except ValueError:
                evidence.append(Path(path).as_posix())
        shown = test.get("path") or ""
        if shown:
            relative = Path(os.path.relpath(Path(shown).resolve(), base))
            shown = relative.as_posix() if not relative.as_posix().startswith("../..") else shown
        tests.append({**test, "evidence": evidence, "path": shown})
    return {
        "title": title,
        "stages": list(STAGES),
        "tests": tests,
        "unverified": UNVERIFIED,
        "unverified_why": f"passed over an empty domain ({UNVERIFIED_WHY}); nothing was verified",
    }


def _embedded_json(data: object) -> str:
    text = json.dumps(data, ensure_ascii=True, allow_nan=False, sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def render_html(data: dict[str, Any]) -> str:
    """The page for ``data`` (see :func:`page_data`)."""
    return (
        _PAGE.replace("__TITLE__", html.escape(str(data.get("title", "compaction report"))))
        .replace("__STYLE__", _STYLE)
        .replace("__SCRIPT__", _SCRIPT)
        .replace("__DATA__", _embedded_json(data))
    )


def write_html(report: dict[str, Any], path: str | Path, *, title: str = "pytest-compaction report") -> Path:
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(render_html(page_data(report, title=title, html_path=target)), encoding="utf-8")
    return target


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; \
script-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>__TITLE__</title>
<style>__STYLE__</style>
</head>
<body>
<header><h1>__TITLE__</h1><p id="totals"></p></header>
<section id="filters" aria-label="filters">
<label>compressor <select id="f-compressor"><option value="">all</option></select></label>
<label>failure class <select id="f-code"><option value="">all</option></select></label>
<label>stage <select id="f-stage"><option value="">all</option></select></label>
<label>pass <select id="f-pass"><option value="">all</option></select></label>
<label><input type="checkbox" id="f-failing"> failing only</label>
<span id="shown"></span>
</section>
<section><h2>Specs &times; failure classes</h2><div class="scroll"><table id="matrix"></table></div></section>
<section><h2>Failures</h2><div id="failures"></div></section>
<noscript><p>The report needs JavaScript to draw; the same data is in the JSON report.</p></noscript>
<script type="application/json" id="compaction-data">__DATA__</script>
<script>__SCRIPT__</script>
</body>
</html>
"""

_STYLE = """
body{font:14px/1.4 system-ui,-apple-system,Segoe UI,sans-serif;margin:0 1.5rem 2rem;color:#1d2330}
h1{font-size:1.4rem;margin:1rem 0 .2rem}h2{font-size:1.1rem;margin:1.4rem 0 .5rem}
#filters{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;padding:.6rem;background:#f3f5f8;
border-radius:6px}select{margin-left:.3rem}#shown{color:#566}
.scroll{overflow-x:auto}table{border-collapse:collapse}th,td{border:1px solid #d6dbe3;padding:.25rem .5rem}
th{background:#eef1f6;font-weight:600;text-align:left}td.cell{text-align:center;min-width:3rem}
td.bad{background:#fbe3e1;color:#8d1b12;font-weight:600}td.warn{background:#fdf3d7;color:#7a5a00;font-weight:600}td.ok{color:#2d6a3e}td.none{color:#aab}td.why{font-weight:400;max-width:40em;white-space:normal}
.failure{border:1px solid #d6dbe3;border-left:4px solid #c0392b;border-radius:6px;padding:.6rem .8rem;
margin:.6rem 0}.failure h3{font-size:1rem;margin:0 0 .3rem;word-break:break-all}
.meta{color:#566;font-size:.9em}code,pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em}
pre{background:#f6f7f9;padding:.4rem .6rem;border-radius:4px;white-space:pre-wrap;word-break:break-all}
.violation{margin:.5rem 0 .2rem}.chain{display:flex;gap:.3rem;margin:.3rem 0}
.stage{flex:1;text-align:center;padding:.2rem;border-radius:4px;font-size:.85em;background:#eceff3;color:#778}
.stage.passed{background:#e1f2e6;color:#2d6a3e}.stage.failed{background:#fbe3e1;color:#8d1b12;font-weight:700}
.code{font-weight:700}.empty{color:#778;font-style:italic}
"""

_SCRIPT = r"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("compaction-data").textContent);
  var stages = data.stages;
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    if (attrs) { for (var k in attrs) { node.setAttribute(k, attrs[k]); } }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }
  function specOf(test) { return test.nodeid; }
  function uniq(list) { return list.filter(function (v, i) { return list.indexOf(v) === i; }).sort(); }
  var tests = data.tests;
  function details(test) {
    if (test.details && test.details.length) { return test.details; }
    return (test.violations || []).map(function (name) {
      var code = name.split(":").pop();
      return {name: name, code: code, text: name, stage: stages[0], pass: null, detail: ""};
    });
  }
  function failing(test) {
    return details(test).filter(function (d) {
      return (test.accepted_by_baseline || []).indexOf(d.name) < 0;
    });
  }
  function fill(id, values) {
    var select = document.getElementById(id);
    values.forEach(function (v) { select.appendChild(el("option", {value: String(v)}, v)); });
    select.addEventListener("change", draw);
  }
  var all = [];
  tests.forEach(function (t) { all = all.concat(failing(t)); });
  fill("f-compressor", uniq(tests.map(function (t) { return t.compressor || "(none)"; })));
  fill("f-code", uniq(all.map(function (d) { return d.code; })));
  fill("f-stage", stages.filter(function (s) { return all.some(function (d) { return d.stage === s; }); }));
  fill("f-pass", uniq(all.filter(function (d) { return d.pass !== null && d.pass !== undefined; })
    .map(function (d) { return String(d.pass); })));
  document.getElementById("f-failing").addEventListener("change", draw);
  function value(id) { return document.getElementById(id).value; }
  function matches(d) {
    return (!value("f-code") || d.code === value("f-code")) &&
      (!value("f-stage") || d.stage === value("f-stage")) &&
      (!value("f-pass") || String(d.pass) === value("f-pass"));
  }
  function violationFilter() { return value("f-code") || value("f-stage") || value("f-pass"); }
  function visible() {
    return tests.filter(function (t) {
      if (value("f-compressor") && (t.compressor || "(none)") !== value("f-compressor")) { return false; }
      var shown = failing(t).filter(matches);
      if (violationFilter()) { return shown.length > 0; }
      if (document.getElementById("f-failing").checked) { return t.outcome === "failed"; }
      return true;
    });
  }
  function unverified(t) { return t.unverified === true && t.outcome !== "failed"; }
  function drawTotals() {
    var failed = tests.filter(function (t) { return t.outcome === "failed"; }).length;
    var weak = tests.filter(unverified).length;
    var compressors = uniq(tests.map(function (t) { return t.compressor; }).filter(Boolean));
    document.getElementById("totals").textContent = tests.length + " contract tests against " +
      (compressors.join(", ") || "no compressor") + ": " + (tests.length - failed - weak) + " passed, " +
      (weak ? weak + " " + data.unverified + ", " : "") + failed + " failed";
  }
  function outcomeCell(t) {
    if (unverified(t)) {
      return el("td", {"class": "warn", title: data.unverified_why}, data.unverified);
    }
    if (t.outcome === "failed" && !failing(t).length && t.message) {
      // No named violation (an invalid spec, a crash): the row says why, in full on hover.
      var why = t.message.length > 90 ? t.message.slice(0, 89) + "\u2026" : t.message;
      return el("td", {"class": "bad why", title: t.message}, "failed: " + why);
    }
    return el("td", {"class": t.outcome === "failed" ? "bad" : "ok"}, t.outcome);
  }
  function drawMatrix(shown) {
    var table = document.getElementById("matrix");
    table.textContent = "";
    var codes = uniq([].concat.apply([], shown.map(function (t) {
      return failing(t).filter(matches).map(function (d) { return d.code; });
    })));
    var head = el("tr");
    head.appendChild(el("th", null, "spec / test"));
    head.appendChild(el("th", null, "compressor"));
    codes.forEach(function (c) { head.appendChild(el("th", {"data-code": c}, c)); });
    head.appendChild(el("th", null, "outcome"));
    table.appendChild(head);
    shown.forEach(function (t) {
      var row = el("tr", {"data-nodeid": t.nodeid});
      row.appendChild(el("td", null, specOf(t)));
      row.appendChild(el("td", null, t.compressor || ""));
      var mine = failing(t).filter(matches);
      codes.forEach(function (c) {
        var n = mine.filter(function (d) { return d.code === c; }).length;
        row.appendChild(el("td", {"class": "cell " + (n ? "bad" : "none")}, n ? String(n) : "\u00b7"));
      });
      row.appendChild(outcomeCell(t));
      table.appendChild(row);
    });
  }
  function chain(d) {
    var box = el("div", {"class": "chain"});
    var at = stages.indexOf(d.stage);
    stages.forEach(function (s, i) {
      var state = i < at ? "passed" : (i === at ? "failed" : "unchecked");
      var label = s + (i === at && d.pass ? " (pass " + d.pass + ")" : "");
      box.appendChild(el("div", {"class": "stage " + state, title: state}, label));
    });
    return box;
  }
  function drawFailures(shown) {
    var root = document.getElementById("failures");
    root.textContent = "";
    var failed = shown.filter(function (t) { return t.outcome === "failed"; });
    if (!failed.length) { root.appendChild(el("p", {"class": "empty"}, "No failures match the filters.")); }
    failed.forEach(function (t) {
      var card = el("article", {"class": "failure", "data-nodeid": t.nodeid});
      card.appendChild(el("h3", null, t.nodeid));
      card.appendChild(el("div", {"class": "meta"}, "compressor: " + (t.compressor || "none") +
        (t.path ? " \u00b7 " + t.path + (t.line ? ":" + t.line : "") : "")));
      var mine = failing(t).filter(matches);
      if (!mine.length) {
        var why = t.message || "failed without a named violation; see the test log";
        card.appendChild(el("pre", {"class": "message"}, why));
      }
      mine.forEach(function (d) {
        var v = el("div", {"class": "violation", "data-code": d.code, "data-stage": d.stage});
        v.appendChild(el("span", {"class": "code"}, d.code));
        v.appendChild(document.createTextNode(" "));
        v.appendChild(el("code", null, d.name));
        v.appendChild(chain(d));
        v.appendChild(el("pre", null, d.text + (d.line ? "\n(spec line " + d.line + ")" : "")));
        card.appendChild(v);
      });
      if (t.reproduce) {
        card.appendChild(el("div", {"class": "meta"}, "reproduce:"));
        card.appendChild(el("pre", {"class": "reproduce"}, t.reproduce));
      }
      (t.evidence || []).forEach(function (path) {
        var attrs = /^[a-z][a-z0-9+.-]*:/i.test(path) ? {} : {href: path};
        var link = el("a", attrs, "evidence: " + path);
        card.appendChild(el("div", {"class": "meta"})).appendChild(link);
      });
      root.appendChild(card);
    });
  }
  function draw() {
    var shown = visible();
    document.getElementById("shown").textContent = shown.length + " of " + tests.length + " tests shown";
    drawMatrix(shown);
    drawFailures(shown);
  }
  drawTotals();
  draw();
})();
"""
