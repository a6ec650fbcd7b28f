"""Prose drift mutants: each rewrites a faithful summary generically; the control changes no fact."""

from __future__ import annotations

import pytest

from pytest_compaction.compressors.verbatim import VerbatimCompressor
from pytest_compaction.core.violations import ViolationCode
from pytest_compaction.mutants import prose_drift
from pytest_compaction.mutants.catalog import (
    MUTANTS,
    PROSE_DRIFT_MUTANTS,
    Mutant,
    library_scenarios,
    run_mutants,
)

CONTROL = Mutant(
    name="faithful_paraphrase",
    failure_class=2,
    codes=frozenset(ViolationCode),  # any violation at all would be a false alarm
    compressor=prose_drift.FaithfulParaphrase,
)


def test_the_prose_mutants_join_the_mutation_table() -> None:
    assert set(PROSE_DRIFT_MUTANTS) <= set(MUTANTS)
    assert "faithful_paraphrase" not in {m.name for m in MUTANTS}


@pytest.mark.parametrize(
    ("mutant", "before", "after"),
    [
        (prose_drift.NegateClause(), "[e1] I am allergic to peanuts.", "[e1] I am not allergic to peanuts."),
        (prose_drift.NegateClause(), "Please do not call me.", "Please do call me."),
        (
            prose_drift.DropConditionWords(),
            "Agents may refund up to $50, and only after supervisor review.",
            "Agents may refund up to $50.",
        ),
        (
            prose_drift.RenumberNumbers(),
            "[e3] T-14 is blocked; refund $50.",
            "[e3] T-15 is blocked; refund $51.",
        ),
        (
            prose_drift.ConsideredNotFailed(),
            "Tried the online schema change; it failed with a lock wait timeout.",
            "considered the online schema change.",
        ),
        (
            prose_drift.FaithfulParaphrase(),
            "I am sure we do not ship on Fridays.",
            "I'm sure we don't ship on Fridays.",
        ),
    ],
)
def test_line_rewrites(mutant: prose_drift._SummaryMutant, before: str, after: str) -> None:
    from pytest_compaction.mutants.prose_drift import _rewrite_lines

    assert _rewrite_lines(before, mutant.line) == after


def test_the_pinned_block_is_never_rewritten() -> None:
    from pytest_compaction.mutants.prose_drift import _rewrite_lines

    summary = (
        "I am here.\n\n=== PINNED INVARIANTS (x) ===\n- [inv] Never call X.\n=== END PINNED INVARIANTS ==="
    )
    out = _rewrite_lines(summary, prose_drift.NegateClause().line)
    assert out.endswith("- [inv] Never call X.\n=== END PINNED INVARIANTS ===")
    assert out.startswith("I am not here.")


def test_the_library_kills_every_prose_mutant_and_never_the_control() -> None:
    table = run_mutants(library_scenarios(), (*PROSE_DRIFT_MUTANTS, CONTROL), timeout=None)
    assert [row.mutant.name for row in table.survivors] == ["faithful_paraphrase"]
    assert table.row("faithful_paraphrase").noticed == ()


def test_the_control_survives_over_the_verbatim_prose_compressor_too() -> None:
    table = run_mutants(library_scenarios(), (CONTROL,), inner=VerbatimCompressor, timeout=None)
    assert table.row("faithful_paraphrase").noticed == ()
