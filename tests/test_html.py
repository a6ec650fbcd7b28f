"""The HTML report: written by a real session, merged across xdist workers, escaped, and
checked in a real headless browser (Debian's Chromium) for rendering, filters and no network."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from pytest_compaction.reporting.html import render_html

CONTRACT = ("--compaction-contract", "-p", "no:hypothesispytest", "-p", "no:cacheprovider")
ROOT = Path(__file__).resolve().parent.parent

SPEC = """\
events:
  - id: e1
    text: I am allergic to peanuts, not merely avoiding them.
    facts:
      - id: fact-allergy-{n}
        predicate: food.peanuts_allowed
        value: false
        qualifiers: {{basis: allergy, severity: critical}}
  - id: e2
    text: I live in Lisbon.
    facts:
      - {{id: fact-city-{n}, predicate: home.city, value: Lisbon}}
"""

MINE = """
from pytest_compaction import Artifact
from pytest_compaction.compressors.base import ReferenceCompressor

def drifts(request):
    art = ReferenceCompressor().compress(request)
    facts = []
    for f in art.facts:
        if f.predicate == "home.city" and "1" in f.fact_id:
            continue
        if f.predicate == "food.peanuts_allowed":
            f = f.__class__(**{**{k: getattr(f, k) for k in ("fact_id", "tenant_id", "subject_id",
                "predicate", "value", "source_event_ids", "authority", "criticality")}, "qualifiers": ()})
        facts.append(f)
    return Artifact(memory_version=art.memory_version, tenant_id=art.tenant_id,
                    subject_id=art.subject_id, facts=facts)

drifts.replays_claims = True  # built on the reference replayer, so it is handed the ledger's claims
"""


def page_data(path: Path) -> dict[str, object]:
    text = path.read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="compaction-data">(.*?)</script>', text, re.S)
    assert found is not None
    data: dict[str, object] = json.loads(found.group(1))
    return data


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(mine=MINE)
    for n in range(3):
        (pytester.path / f"spec{n}.compaction.yaml").write_text(SPEC.format(n=n))
    return pytester


def test_the_session_writes_one_self_contained_page(project: pytest.Pytester) -> None:
    result = project.runpytest(
        *CONTRACT, "--compaction-compressor=mine:drifts", "--compaction-html=out/r.html"
    )
    result.assert_outcomes(failed=3)
    result.stdout.fnmatch_lines(["compaction HTML report written to out/r.html"])
    page = (project.path / "out" / "r.html").read_text()
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "<link" not in page
    assert "default-src 'none'" in page
    tests = {t["nodeid"]: t for t in page_data(project.path / "out" / "r.html")["tests"]}  # type: ignore[index]
    first = tests["spec1.compaction.yaml::spec1[as-written]"]
    assert sorted(d["code"] for d in first["details"]) == ["missing", "qualifiers_changed"]
    assert {d["stage"] for d in first["details"]} == {"selection+compression"}
    assert {d["pass"] for d in first["details"]} == {1}
    assert first["reproduce"].startswith('pytest "spec1.compaction.yaml::spec1[as-written]"')


def test_xdist_workers_merge_into_one_page(project: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    args = (*CONTRACT, "--compaction-compressor=mine:drifts")
    project.runpytest(*args, "--compaction-html=serial.html").assert_outcomes(failed=3)
    project.runpytest(*args, "-n", "2", "--compaction-html=parallel.html").assert_outcomes(failed=3)

    def by_id(name: str) -> dict[str, list[str]]:
        tests = page_data(project.path / name)["tests"]
        return {t["nodeid"]: sorted(d["name"] for d in t["details"]) for t in tests}  # type: ignore[attr-defined]

    assert by_id("serial.html") == by_id("parallel.html")
    assert len(by_id("parallel.html")) == 3


def test_no_value_can_close_the_data_block_or_become_markup() -> None:
    hostile = "</script><script>alert(1)</script><img src=x onerror=alert(2)>&amp;"
    page = render_html({"title": hostile, "stages": [], "tests": [{"nodeid": hostile, "details": []}]})
    assert hostile not in page
    assert page.count("</script>") == 2  # the data block and the page's script, nothing else
    assert "&lt;/script&gt;&lt;script&gt;" in page  # the title, HTML-escaped
    assert "innerHTML" not in page


# -- pytest-html and pytest-json-report --------------------------------------------------


def test_pytest_html_gets_a_column_and_extras(project: pytest.Pytester) -> None:
    pytest.importorskip("pytest_html")
    result = project.runpytest(
        *CONTRACT, "--compaction-compressor=mine:drifts", "--html=ph.html", "--self-contained-html"
    )
    result.assert_outcomes(failed=3)
    page = (project.path / "ph.html").read_text()
    assert "compaction</th>" in page
    assert "fact-allergy-1:qualifiers_changed" in page
    assert "compaction violations" in page


def test_pytest_json_report_gets_metadata_and_a_summary(project: pytest.Pytester) -> None:
    pytest.importorskip("pytest_jsonreport")
    result = project.runpytest(
        *CONTRACT, "--compaction-compressor=mine:drifts", "--json-report", "--json-report-file=j.json"
    )
    result.assert_outcomes(failed=3)
    data = json.loads((project.path / "j.json").read_text())
    assert data["compaction"]["tests_by_code"] == {"missing": 1, "qualifiers_changed": 3}
    (spec1,) = [t for t in data["tests"] if t["nodeid"].startswith("spec1")]
    assert sorted(spec1["metadata"]["compaction"]["violations"]) == [
        "fact-allergy-1:qualifiers_changed",
        "fact-city-1:missing",
    ]


# -- a real browser ----------------------------------------------------------------------


def _browser():  # type: ignore[no-untyped-def]
    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    try:
        from selenium import webdriver
    except ImportError:
        webdriver = None  # type: ignore[assignment]
    if not (chromium and driver and webdriver):
        reason = (
            "needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver) "
            "and selenium (pip install selenium)"
        )
        if os.environ.get("COMPACTION_REQUIRE_BROWSER"):
            pytest.fail(f"the browser check is required here: {reason}")
        pytest.skip(reason)
    from selenium.webdriver.chrome.service import Service

    os.environ.setdefault("SE_OFFLINE", "true")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--window-size=1280,900",
    ):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(driver), options=options)


def test_the_page_renders_filters_and_fetches_nothing_in_chromium(project: pytest.Pytester) -> None:
    browser = _browser()
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    project.makepyfile(test_ok="def test_ok(compaction_contract):\n    pass\n")
    project.runpytest(*CONTRACT, "--compaction-compressor=mine:drifts", "--compaction-html=r.html")
    try:
        browser.get((project.path / "r.html").as_uri())
        rows = browser.find_elements(By.CSS_SELECTOR, "#matrix tr[data-nodeid]")
        assert len(rows) == 4
        assert "4 contract tests against" in browser.find_element(By.ID, "totals").text
        assert len(browser.find_elements(By.CSS_SELECTOR, "#failures article.failure")) == 3

        Select(browser.find_element(By.ID, "f-code")).select_by_value("missing")
        rows = browser.find_elements(By.CSS_SELECTOR, "#matrix tr[data-nodeid]")
        assert [r.get_attribute("data-nodeid") for r in rows] == ["spec1.compaction.yaml::spec1[as-written]"]
        codes = [v.get_attribute("data-code") for v in browser.find_elements(By.CSS_SELECTOR, ".violation")]
        assert codes == ["missing"]
        chain = browser.find_elements(By.CSS_SELECTOR, ".violation .chain .stage")
        assert [c.get_attribute("class") for c in chain] == [
            "stage failed",
            "stage unchecked",
            "stage unchecked",
            "stage unchecked",
        ]
        assert "reproduce" in browser.find_element(By.CSS_SELECTOR, "#failures").text

        Select(browser.find_element(By.ID, "f-code")).select_by_value("")
        Select(browser.find_element(By.ID, "f-stage")).select_by_value("selection+compression")
        assert len(browser.find_elements(By.CSS_SELECTOR, "#matrix tr[data-nodeid]")) == 3
        Select(browser.find_element(By.ID, "f-stage")).select_by_value("")
        Select(browser.find_element(By.ID, "f-pass")).select_by_value("1")
        assert len(browser.find_elements(By.CSS_SELECTOR, "#matrix tr[data-nodeid]")) == 3
        Select(browser.find_element(By.ID, "f-pass")).select_by_value("")
        assert len(browser.find_elements(By.CSS_SELECTOR, "#matrix tr[data-nodeid]")) == 4
        browser.find_element(By.ID, "f-failing").click()
        assert len(browser.find_elements(By.CSS_SELECTOR, "#matrix tr[data-nodeid]")) == 3
        Select(browser.find_element(By.ID, "f-compressor")).select_by_value("(none)")
        assert browser.find_elements(By.CSS_SELECTOR, "#matrix tr[data-nodeid]") == []

        fetched = browser.execute_script("return performance.getEntriesByType('resource').length")
        assert fetched == 0
        errors = [e for e in browser.get_log("browser") if e.get("level") == "SEVERE"]
        assert errors == []
        if os.environ.get("COMPACTION_SCREENSHOT"):
            browser.find_element(By.ID, "f-failing").click()
            Select(browser.find_element(By.ID, "f-compressor")).select_by_value("")
            browser.save_screenshot(str(ROOT / "docs" / "html-report.png"))
    finally:
        browser.quit()


# -- best-effort, unverified ---------------------------------------------------------------

CHATTER = """\
events:
  - id: e1
    text: Blue is my favourite colour.
    facts:
      - {id: fact-colour-1, predicate: chat.colour, value: blue, criticality: continuity}
"""


@pytest.fixture
def unverified(pytester: pytest.Pytester) -> pytest.Pytester:
    (pytester.path / "chatter.compaction.yaml").write_text(CHATTER)
    (pytester.path / "allergy.compaction.yaml").write_text(SPEC.format(n=0))
    return pytester


def test_pytest_html_names_an_unverified_pass(unverified: pytest.Pytester) -> None:
    pytest.importorskip("pytest_html")
    unverified.runpytest(*CONTRACT, "--html=ph.html", "--self-contained-html")
    page = (unverified.path / "ph.html").read_text()
    # pytest-html keeps its rows as JSON inside an attribute: the cell is HTML-escaped there.
    assert page.count("compaction-unverified") == 1
    assert "best-effort, unverified" in page


def test_the_page_shows_an_unverified_pass_in_chromium(unverified: pytest.Pytester) -> None:
    browser = _browser()
    from selenium.webdriver.common.by import By

    unverified.runpytest(*CONTRACT, "--compaction-html=r.html")
    try:
        browser.get((unverified.path / "r.html").as_uri())
        outcome = {
            row.get_attribute("data-nodeid"): row.find_elements(By.TAG_NAME, "td")[-1]
            for row in browser.find_elements(By.CSS_SELECTOR, "#matrix tr[data-nodeid]")
        }
        chatter = outcome["chatter.compaction.yaml::chatter[as-written]"]
        assert chatter.text == "best-effort, unverified"
        assert chatter.get_attribute("class") == "warn"
        assert "nothing was verified" in chatter.get_attribute("title")
        assert outcome["allergy.compaction.yaml::allergy[as-written]"].text == "passed"
        totals = browser.find_element(By.ID, "totals").text
        assert totals == "2 contract tests against reference: 1 passed, 1 best-effort, unverified, 0 failed"
        assert [e for e in browser.get_log("browser") if e.get("level") == "SEVERE"] == []
    finally:
        browser.quit()


def test_an_invalid_spec_row_says_why_in_chromium(pytester: pytest.Pytester) -> None:
    browser = _browser()
    from selenium.webdriver.common.by import By

    (pytester.path / "allergy.compaction.yaml").write_text(SPEC.format(n=0))
    (pytester.path / "broken.compaction.yaml").write_text("events:\n  - id: e1\n    txt: hello\n")
    pytester.runpytest(*CONTRACT, "--compaction-html=r.html")
    try:
        browser.get((pytester.path / "r.html").as_uri())
        outcome = {
            row.get_attribute("data-nodeid"): row.find_elements(By.TAG_NAME, "td")[-1]
            for row in browser.find_elements(By.CSS_SELECTOR, "#matrix tr[data-nodeid]")
        }
        broken = outcome["broken.compaction.yaml::spec-error"]
        assert broken.text.startswith("failed: invalid fixture spec:")
        assert "txt" in broken.get_attribute("title")
        assert "did you mean 'text'?" in broken.get_attribute("title")
        assert outcome["allergy.compaction.yaml::allergy[as-written]"].text == "passed"
        assert [e for e in browser.get_log("browser") if e.get("level") == "SEVERE"] == []
    finally:
        browser.quit()
