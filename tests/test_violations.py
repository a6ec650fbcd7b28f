"""Named violations: codes, their string forms, verdicts and summaries."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pytest_compaction import Verdict, Violation, ViolationCode, summarize
from pytest_compaction.core.violations import REVIEWABLE, describe_value, sort_violations

# The issue fixes these names for good: they may gain siblings, never new spellings.
FACT_CONTRACT_CODES = [
    "missing",
    "value_changed",
    "qualifiers_changed",
    "predicate_changed",
    "tenant_changed",
    "subject_changed",
    "provenance_missing",
    "forbidden_superseded_fact",
    "forbidden_deleted_fact",
    "forbidden_retired_fact",
    "unsupported_fact",
    "duplicate_fact_id",
    "trust_elevated",
]


def test_the_fact_contract_codes_keep_their_public_names() -> None:
    values = [code.value for code in ViolationCode]
    assert values[: len(FACT_CONTRACT_CODES)] == FACT_CONTRACT_CODES
    for name in FACT_CONTRACT_CODES:
        assert ViolationCode(name).name == name.upper()


def test_codes_are_unique_snake_case_names_matching_their_members() -> None:
    values = [code.value for code in ViolationCode]
    assert len(values) == len(set(values))
    for code in ViolationCode:
        assert re.fullmatch(r"[a-z]+(_[a-z]+)*", code.value), code
        assert code.name == code.value.upper()


def test_only_unsupported_facts_are_reviewable() -> None:
    assert frozenset({ViolationCode.UNSUPPORTED_FACT}) == REVIEWABLE


def test_name_is_fact_id_and_code() -> None:
    violation = Violation(code=ViolationCode.QUALIFIERS_CHANGED, fact_id="fact-allergy-1")
    assert violation.name == "fact-allergy-1:qualifiers_changed"
    assert str(violation) == "fact-allergy-1:qualifiers_changed"


def test_artifact_level_violations_are_named_by_code_alone() -> None:
    violation = Violation(code=ViolationCode.COMPRESSOR_TIMEOUT)
    assert violation.name == "compressor_timeout"


@pytest.mark.parametrize(
    ("violation", "line"),
    [
        (
            Violation(code=ViolationCode.VALUE_CHANGED, fact_id="f", expected=False, observed="false"),
            "f:value_changed  expected False (bool) got 'false' (str)",
        ),
        (
            Violation(code=ViolationCode.VALUE_CHANGED, fact_id="f", expected=1, observed=1.0),
            "f:value_changed  expected 1 (int) got 1.0 (float)",
        ),
        (
            Violation(code=ViolationCode.VALUE_CHANGED, fact_id="f", expected=50, observed=80),
            "f:value_changed  expected 50 got 80",
        ),
        (
            Violation(code=ViolationCode.VALUE_CHANGED, fact_id="f", expected="no", observed=None),
            "f:value_changed  expected 'no' got None",
        ),
        (
            Violation(code=ViolationCode.QUALIFIERS_CHANGED, fact_id="f", expected=(("a", 1),), observed=()),
            "f:qualifiers_changed  expected (('a', 1),) got ()",
        ),
        (
            Violation(code=ViolationCode.MISSING, fact_id="f", detail="p = 1 (int) is not in the artifact"),
            "f:missing  p = 1 (int) is not in the artifact",
        ),
        (
            Violation(
                code=ViolationCode.PROVENANCE_MISSING,
                fact_id="f",
                expected=("e1",),
                observed=(),
                detail="lost",
            ),
            "f:provenance_missing  expected ('e1',) got ()  (lost)",
        ),
        (Violation(code=ViolationCode.DEPTH_EXCEEDED), "depth_exceeded"),
    ],
)
def test_describe_is_one_line_with_types_where_they_differ(violation: Violation, line: str) -> None:
    assert violation.describe() == line


def test_describe_value() -> None:
    assert describe_value(False) == "False (bool)"
    assert describe_value("false") == "'false' (str)"
    assert describe_value(None) == "None"
    assert describe_value((("a", 1),)) == "(('a', 1),)"


def test_to_dict_is_json_ready() -> None:
    violation = Violation(
        code=ViolationCode.QUALIFIERS_CHANGED,
        fact_id="fact-1",
        expected=(("basis", "allergy"),),
        observed=(),
        detail="",
    )
    data = violation.to_dict()
    assert data == {
        "name": "fact-1:qualifiers_changed",
        "code": "qualifiers_changed",
        "fact_id": "fact-1",
        "expected": [["basis", "allergy"]],
        "observed": [],
        "detail": "",
    }
    assert json.loads(json.dumps(data)) == data


def test_to_dict_keeps_json_types_and_reprs_the_rest() -> None:
    data = Violation(code=ViolationCode.VALUE_CHANGED, fact_id="f", expected=False, observed={1}).to_dict()
    assert data["expected"] is False
    assert data["observed"] == "{1}"


# -- verdicts --------------------------------------------------------------------------


def v(fact_id: str | None, code: ViolationCode, detail: str = "") -> Violation:
    return Violation(code=code, fact_id=fact_id, detail=detail)


def test_an_empty_verdict_is_ok() -> None:
    verdict = Verdict()
    assert verdict.ok
    assert verdict.names == ()
    assert len(verdict) == 0
    assert list(verdict) == []


def test_a_verdict_with_violations_is_not_ok() -> None:
    found = (v("f1", ViolationCode.MISSING), v("f2", ViolationCode.VALUE_CHANGED))
    verdict = Verdict(violations=found)
    assert not verdict.ok
    assert verdict.names == ("f1:missing", "f2:value_changed")
    assert len(verdict) == 2
    assert list(verdict) == list(found)


def test_review_items_do_not_fail_a_verdict() -> None:
    verdict = Verdict(review=(v("f9", ViolationCode.UNSUPPORTED_FACT),))
    assert verdict.ok
    assert verdict.names == ()


def test_the_truth_value_of_a_verdict_is_refused() -> None:
    with pytest.raises(TypeError, match=r"^the truth value of a Verdict is ambiguous; use verdict\.ok$"):
        bool(Verdict())
    failing = Verdict(violations=(v("f1", ViolationCode.MISSING),))
    with pytest.raises(TypeError):
        assert not failing  # the slip this refusal exists to catch


def test_merged_verdicts_stay_sorted() -> None:
    a = Verdict(
        violations=(v("f2", ViolationCode.MISSING),), review=(v("z", ViolationCode.UNSUPPORTED_FACT),)
    )
    b = Verdict(
        violations=(v("f1", ViolationCode.VALUE_CHANGED),), review=(v("a", ViolationCode.UNSUPPORTED_FACT),)
    )
    merged = a.merged(b)
    assert merged.names == ("f1:value_changed", "f2:missing")
    assert [r.name for r in merged.review] == ["a:unsupported_fact", "z:unsupported_fact"]


def test_sort_order_is_fact_id_then_code_then_detail() -> None:
    found = [
        v("f2", ViolationCode.MISSING),
        v("f1", ViolationCode.VALUE_CHANGED, "b"),
        v("f1", ViolationCode.VALUE_CHANGED, "a"),
        v(None, ViolationCode.COMPRESSOR_ERROR),
        v("f1", ViolationCode.MISSING),
    ]
    assert [(x.name, x.detail) for x in sort_violations(found)] == [
        ("compressor_error", ""),
        ("f1:missing", ""),
        ("f1:value_changed", "a"),
        ("f1:value_changed", "b"),
        ("f2:missing", ""),
    ]


def test_summarize_counts_most_frequent_first() -> None:
    assert summarize([]) == "no violations"
    assert summarize([v("f", ViolationCode.MISSING)]) == "1 violation: 1 missing"
    found = [
        v("a", ViolationCode.QUALIFIERS_CHANGED),
        v("b", ViolationCode.MISSING),
        v("c", ViolationCode.QUALIFIERS_CHANGED),
        v("d", ViolationCode.DUPLICATE_FACT_ID),
    ]
    assert summarize(found) == "4 violations: 2 qualifiers_changed, 1 duplicate_fact_id, 1 missing"
    assert summarize(Verdict(violations=tuple(found))) == summarize(found)


def test_every_code_has_an_entry_in_the_reference() -> None:
    reference = (Path(__file__).parent.parent / "docs" / "violations.md").read_text(encoding="utf-8")
    headings = set(re.findall(r"^### `([a-z_]+)`$", reference, flags=re.MULTILINE))
    assert headings == {code.value for code in ViolationCode}
