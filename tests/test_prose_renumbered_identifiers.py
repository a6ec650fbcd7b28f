"""A release number is the same with or without its "v" ("v2.7.1" is release 2.7.1), and
an identifier of the value's shape with other digits ("KT-30912" for "KT-30921", "2.1.7"
for "2.7.1") is another value of the fact: `value_changed`, not `missing`."""

from __future__ import annotations

import pytest

from pytest_compaction.prose.facts import check_facts_in_prose
from pytest_compaction.prose.normalize import phrase
from tests._prose_facts import fact, names

_FIRMWARE = fact(
    "The door controllers were flashed with firmware 2.7.1 on Tuesday night.",
    "doors.controller_firmware",
    "2.7.1",
    {"names": ["firmware"], "value": ["2.7.1"]},
)
_CLAIM = fact(
    "Your claim reference is KT-30921; quote it on every call.",
    "insurance.claim_reference",
    "KT-30921",
    {"names": ["claim reference", "claim"], "value": ["KT-30921"]},
)


def test_a_v_before_a_release_number_says_only_version() -> None:
    assert phrase("v2.7.1") == phrase("2.7.1")
    assert phrase("V3.4") == phrase("3.4")
    assert phrase("v2.7.1") != phrase("2.7.10")
    assert phrase("V8 engine")[0] == "!v8"  # no dot: a name, not a release


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("Door controllers: firmware v2.7.1, flashed Tuesday night.", ()),
        ("Door controllers: firmware v2.1.7, flashed Tuesday night.", ("f1:value_changed",)),
        ("Door controllers were flashed with new firmware on Tuesday.", ("f1:missing",)),
    ],
)
def test_a_release_number(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_FIRMWARE, summary) == expected


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("Claim reference KT-30921, to be quoted on every call.", ()),
        ("Claim reference KT-30912, to be quoted on every call.", ("f1:value_changed",)),
        ("The claim reference is still to be confirmed.", ("f1:missing",)),
    ],
)
def test_a_reference_with_its_digits_changed(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_CLAIM, summary) == expected


def test_the_rival_is_named_in_the_detail() -> None:
    (violation,) = check_facts_in_prose(_CLAIM, "Claim reference KT-30912.").violations
    assert violation.observed == "KT-30912"
    assert "KT-30921" in violation.detail
