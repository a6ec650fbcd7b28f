"""The fact inventory: predicates by category and owner, and the gaps no spec covers."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from pytest_compaction import cli
from pytest_compaction.core.errors import PayloadError
from pytest_compaction.specs.inventory import (
    Inventory,
    PredicateUse,
    build_report,
    load_inventory,
    render_text,
    scan_specs,
)

ALLERGY_SPEC = """\
events:
  - id: e1
    text: I am allergic to peanuts.
    facts:
      - {id: fact-allergy-1, predicate: food.peanuts_allowed, value: false}
  - id: e2
    text: Refunds over 50 need a supervisor.
    facts:
      - {id: fact-refund-1, predicate: refund.limit, value: 50}
  - id: e3
    text: Blue is my colour.
    facts:
      - {id: fact-colour-1, predicate: chat.colour, value: blue, criticality: continuity}
"""

INVENTORY = """\
predicates:
  food.peanuts_allowed: {category: safety, owner: nutrition}
  "refund.*": {category: money, owner: payments}
  refund.limit: {category: money, owner: risk}
  user.home_city: {category: identity, owner: profile}
  user.nickname: {category: personalization, owner: profile, critical: false}
"""


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "allergy.compaction.yaml").write_text(ALLERGY_SPEC, encoding="utf-8")
    (tmp_path / "inventory.yaml").write_text(INVENTORY, encoding="utf-8")
    return tmp_path


def test_the_most_specific_declaration_owns_a_predicate(suite: Path) -> None:
    inventory = load_inventory(suite / "inventory.yaml")
    assert inventory.declaration_for("refund.limit").owner == "risk"  # type: ignore[union-attr]
    assert inventory.declaration_for("refund.window_days").owner == "payments"  # type: ignore[union-attr]
    assert inventory.declaration_for("refunds.limit") is None
    assert inventory.declaration_for("food.peanuts_allowed_x") is None


def test_report_lists_coverage_gaps_and_undeclared_predicates(suite: Path) -> None:
    uses, errors = scan_specs([suite / "specs"])
    assert errors == []
    assert sorted((u.predicate, u.critical) for u in uses) == [
        ("chat.colour", False),
        ("food.peanuts_allowed", True),
        ("refund.limit", True),
    ]
    report = build_report(load_inventory(suite / "inventory.yaml"), uses)
    rows = {row.pattern: row.specs for row in report.rows}
    assert rows == {
        "food.peanuts_allowed": ("allergy",),
        "refund.*": (),
        "refund.limit": ("allergy",),
        "user.home_city": (),
        "user.nickname": (),
    }
    # The pattern `refund.*` has no spec of its own but is critical: a gap. The nickname is not.
    assert [row.pattern for row in report.uncovered_critical] == ["refund.*", "user.home_city"]
    assert report.undeclared == (("chat.colour", ("allergy",), False),)
    assert not report.ok


def test_a_continuity_fact_left_undeclared_is_not_a_gap() -> None:
    inventory = Inventory.from_dict({"predicates": {"a.b": {"category": "safety", "owner": "x"}}})
    uses = [
        PredicateUse(predicate="a.b", spec="s1", file="s1.compaction.yaml", critical=True),
        PredicateUse(predicate="chat.topic", spec="s1", file="s1.compaction.yaml", critical=False),
    ]
    assert build_report(inventory, uses).ok
    uses.append(PredicateUse(predicate="card.limit", spec="s2", file="s2.compaction.yaml", critical=True))
    assert not build_report(inventory, uses).ok


def test_cli_text_and_strict_exit_codes(suite: Path) -> None:
    code, out, _ = _run("inventory", "--inventory", str(suite / "inventory.yaml"), str(suite / "specs"))
    assert code == 0
    assert out.splitlines() == [
        "safety:",
        "  food.peanuts_allowed  owner nutrition  critical  specs: allergy",
        "money:",
        "  refund.*  owner payments  critical  specs: NO SPEC",
        "  refund.limit  owner risk  critical  specs: allergy",
        "identity:",
        "  user.home_city  owner profile  critical  specs: NO SPEC",
        "personalization:",
        "  user.nickname  owner profile  continuity  specs: NO SPEC",
        "critical predicates no spec exercises:",
        "  refund.*  (owner payments)",
        "  user.home_city  (owner profile)",
        f"predicates used by specs but not declared in {suite / 'inventory.yaml'}:",
        "  chat.colour  continuity  specs: allergy",
    ]
    code, _, _ = _run(
        "inventory", "--strict", "--inventory", str(suite / "inventory.yaml"), str(suite / "specs")
    )
    assert code == 1


def test_cli_strict_passes_on_a_complete_inventory(tmp_path: Path) -> None:
    (tmp_path / "allergy.compaction.yaml").write_text(ALLERGY_SPEC, encoding="utf-8")
    (tmp_path / "inv.yaml").write_text(
        "predicates:\n"
        "  food.peanuts_allowed: {category: safety, owner: nutrition}\n"
        "  refund.limit: {category: money, owner: payments}\n",
        encoding="utf-8",
    )
    code, out, _ = _run("inventory", "--strict", "--inventory", str(tmp_path / "inv.yaml"), str(tmp_path))
    assert code == 0, out


def test_cli_json_is_machine_readable(suite: Path) -> None:
    code, out, _ = _run(
        "inventory", "--format", "json", "--inventory", str(suite / "inventory.yaml"), str(suite / "specs")
    )
    assert code == 0
    data = json.loads(out)
    assert data["uncovered_critical"] == ["refund.*", "user.home_city"]
    assert data["categories"]["safety"] == [
        {
            "predicate": "food.peanuts_allowed",
            "owner": "nutrition",
            "critical": True,
            "predicates_seen": ["food.peanuts_allowed"],
            "specs": ["allergy"],
        }
    ]
    assert data["undeclared"] == [{"predicate": "chat.colour", "specs": ["allergy"], "critical": False}]
    assert data["ok"] is False


def test_a_bad_spec_is_reported_and_the_others_still_count(suite: Path) -> None:
    (suite / "specs" / "broken.compaction.yaml").write_text("events: [oops\n", encoding="utf-8")
    uses, errors = scan_specs([suite / "specs"])
    assert {u.spec for u in uses} == {"allergy"}
    assert len(errors) == 1
    assert "broken.compaction.yaml" in errors[0]
    code, out, _ = _run(
        "inventory", "--strict", "--inventory", str(suite / "inventory.yaml"), str(suite / "specs")
    )
    assert code == 1
    assert "specs that could not be read (run `compaction lint` on them):" in out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("predicates:\n  a.b: {category: safty, owner: x}\n", "did you mean 'safety'?"),
        ("predicates:\n  a.b: {category: safety}\n", "predicates.a.b.owner: expected the owning team"),
        ("predicates:\n  a.b: {category: safety, owner: x, critcal: true}\n", "did you mean 'critical'?"),
        ("predicates:\n  a.b: {category: safety, owner: x, critical: 'yes'}\n", "expected true or false"),
        ("predicates:\n  'a*b': {category: safety, owner: x}\n", "a prefix ending in `.*`"),
        ("predicates: [a.b]\n", "expected a mapping of predicate"),
        ("owners: {}\n", "an inventory has only `predicates:`"),
    ],
)
def test_inventory_mistakes_name_file_line_and_fix(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "inv.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PayloadError) as info:
        load_inventory(path)
    assert message in str(info.value)
    assert str(path) in str(info.value)
    code, _, err = _run("inventory", "--inventory", str(path), str(tmp_path))
    assert code == 2
    assert err.startswith("compaction: error: ")
    assert "Traceback" not in err


def test_missing_inventory_or_path_is_a_usage_error(tmp_path: Path) -> None:
    code, _, err = _run("inventory", "--inventory", str(tmp_path / "nope.yaml"), str(tmp_path))
    assert (code, "no such file" in err) == (2, True)
    code, _, err = _run("inventory", str(tmp_path / "missing"))
    assert (code, "no such file or folder" in err) == (2, True)


def test_control_characters_in_names_cannot_forge_output() -> None:
    inventory = Inventory.from_dict(
        {"predicates": {"a.b": {"category": "safety", "owner": "ops\n::error::forged\x1b[2J"}}}
    )
    text = render_text(build_report(inventory, []))
    assert "\n::error" not in text
    assert "\x1b" not in text
    assert "ops\\x0a::error::forged\\x1b[2J" in text


def test_without_an_inventory_every_predicate_is_undeclared(
    suite: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(suite)
    code, out, _ = _run("inventory", "specs")
    assert code == 0
    assert "predicates used by specs but not declared in compaction-inventory.yaml:" in out
    assert "  food.peanuts_allowed  critical  specs: allergy" in out
