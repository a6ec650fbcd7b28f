"""pytest wiring for pytest-compaction (options, fixtures, markers, hooks).

Only wiring lives here; the logic is in importable modules that work without pytest.
"""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("compaction", "contract-testing memory compression (pytest-compaction)")
    group.addoption(
        "--compaction-contract",
        action="store_true",
        default=False,
        help="run the memory-compaction contract suite (collect fixture specs and contract tests)",
    )
