"""pytest-html and pytest-json-report, when installed: contract results inside their reports.

pytest-html gets a "compaction" column (the violation names, or "best-effort, unverified"
for a pass over an empty domain) and, per failing test, an extra with the violations as
JSON and a link to each evidence bundle. pytest-json-report gets each test's violations
and whether it is unverified in its ``metadata``, and the session summary under
``compaction``. Every value is escaped: pytest-html cells are HTML.
"""

from __future__ import annotations

import html
import json
from typing import Any

import pytest

from pytest_compaction.core.guarantee import UNVERIFIED
from pytest_compaction.plugin.report import (
    PROPERTY_COMPRESSOR,
    PROPERTY_DETAILS,
    PROPERTY_EVIDENCE,
    PROPERTY_ITEM,
    PROPERTY_UNVERIFIED,
    PROPERTY_VIOLATIONS,
)
from pytest_compaction.plugin.session import REPORT_KEY

__all__ = ["HtmlIntegration", "JsonReportIntegration", "register_integrations"]


def register_integrations(config: pytest.Config) -> None:
    if config.pluginmanager.hasplugin("html"):
        config.pluginmanager.register(HtmlIntegration(), "compaction-pytest-html")
    if config.pluginmanager.hasplugin("pytest_jsonreport"):
        config.pluginmanager.register(JsonReportIntegration(config), "compaction-json-report")


def _properties(properties: Any) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for key, value in properties or ():
        if str(key).startswith("compaction_"):
            out.setdefault(str(key), []).append(str(value))
    return out


def _names(props: dict[str, list[str]]) -> list[str]:
    names: list[str] = []
    for text in props.get(PROPERTY_VIOLATIONS, []):
        names.extend(n for n in text.split() if n not in names)
    return names


class HtmlIntegration:
    """Hooks for pytest-html (registered only when it is installed)."""

    @pytest.hookimpl(optionalhook=True)
    def pytest_html_results_table_header(self, cells: list[str]) -> None:
        cells.insert(2, '<th class="sortable" data-column-type="compaction">compaction</th>')

    @pytest.hookimpl(optionalhook=True)
    def pytest_html_results_table_row(self, report: pytest.TestReport, cells: list[str]) -> None:
        props = _properties(report.user_properties)
        names = _names(props)
        if PROPERTY_UNVERIFIED in props and not names:
            cells.insert(
                2, f'<td class="col-compaction compaction-unverified">{html.escape(UNVERIFIED)}</td>'
            )
            return
        cells.insert(2, f'<td class="col-compaction">{html.escape(" ".join(names))}</td>')

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
        report = yield
        if report.when != "call":
            return report
        props = _properties(report.user_properties)
        if not _names(props):
            return report
        import pytest_html  # type: ignore[import-untyped,import-not-found,unused-ignore]

        extras = list(getattr(report, "extras", []))
        details = json.loads(props[PROPERTY_DETAILS][-1]) if props.get(PROPERTY_DETAILS) else []
        extras.append(pytest_html.extras.json({"violations": details}, name="compaction violations"))
        for path in props.get(PROPERTY_EVIDENCE, []):
            extras.append(pytest_html.extras.url(path, name="compaction evidence"))
        report.extras = extras
        return report


class JsonReportIntegration:
    """Hooks for pytest-json-report (registered only when it is installed)."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config

    @pytest.hookimpl(optionalhook=True)
    def pytest_json_runtest_metadata(self, item: pytest.Item, call: pytest.CallInfo[None]) -> dict[str, Any]:
        if call.when != "teardown":
            return {}
        props = _properties(item.user_properties)
        if not props:
            return {}
        details = json.loads(props[PROPERTY_DETAILS][-1]) if props.get(PROPERTY_DETAILS) else []
        item_data = json.loads(props[PROPERTY_ITEM][-1]) if props.get(PROPERTY_ITEM) else {}
        return {
            "compaction": {
                "compressor": (props.get(PROPERTY_COMPRESSOR) or [""])[-1],
                "violations": _names(props),
                "details": details,
                "evidence": props.get(PROPERTY_EVIDENCE, []),
                "reproduce": item_data.get("reproduce", ""),
                "unverified": PROPERTY_UNVERIFIED in props,
            }
        }

    @pytest.hookimpl(optionalhook=True)
    def pytest_json_modifyreport(self, json_report: dict[str, Any]) -> None:
        session = self.config.stash.get(REPORT_KEY, None)
        if session is not None:
            json_report["compaction"] = {
                "violations_by_code": dict(sorted(session.violation_counts.items())),
                "tests_by_code": dict(sorted(session.by_code.items())),
                "compressors": session.compressors,
                "unverified": session.unverified,
            }
