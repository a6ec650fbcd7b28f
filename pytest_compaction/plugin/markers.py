"""The markers: their help lines and the validation of their arguments."""

from __future__ import annotations

import pytest

__all__ = ["MARKERS", "marker_depth", "marker_relations", "validate_markers"]

MARKERS = (
    "metamorphic(*relations, seed=None): run the test's scenario original and transformed by each "
    "named relation (e.g. 'append_small_talk'); compaction_contract.run() compares them",
    "repeated_compression(depth=N): compressor_under_test.compress() runs N passes, feeding each "
    "artifact into the next; every pass is checked",
)


def validate_markers(item: pytest.Item) -> str | None:
    """A message naming the bad marker argument, or None when the markers are usable."""
    for mark in item.iter_markers("repeated_compression"):
        depth = _depth_argument(mark)
        if isinstance(depth, str):
            return depth
    for mark in item.iter_markers("metamorphic"):
        if not mark.args:
            return (
                "@pytest.mark.metamorphic needs at least one relation name, "
                "e.g. metamorphic('append_small_talk')"
            )
        for name in mark.args:
            if not isinstance(name, str) or not name:
                return f"@pytest.mark.metamorphic takes relation names as strings, got {name!r}"
        unknown = set(mark.kwargs) - {"seed"}
        if unknown:
            return f"@pytest.mark.metamorphic accepts only seed=..., got {', '.join(sorted(unknown))}"
        seed = mark.kwargs.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            return f"@pytest.mark.metamorphic seed must be an integer, got {seed!r}"
        from pytest_compaction.core.errors import ConfigError
        from pytest_compaction.relations.registry import get_relation

        for name in mark.args:
            try:
                get_relation(name)
            except (ConfigError, LookupError) as exc:
                return f"@pytest.mark.metamorphic: {exc}"
    return None


def _depth_argument(mark: pytest.Mark) -> int | str:
    if len(mark.args) > 1 or set(mark.kwargs) - {"depth"} or (mark.args and "depth" in mark.kwargs):
        return "@pytest.mark.repeated_compression takes one argument, depth=N"
    depth = mark.kwargs.get("depth", mark.args[0] if mark.args else None)
    if depth is None:
        return "@pytest.mark.repeated_compression needs depth=N (the number of passes), e.g. depth=3"
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        return f"@pytest.mark.repeated_compression depth must be a whole number of at least 1, got {depth!r}"
    return depth


def marker_depth(item: pytest.Item) -> int:
    mark = item.get_closest_marker("repeated_compression")
    if mark is None:
        return 1
    depth = _depth_argument(mark)
    return depth if isinstance(depth, int) else 1


def marker_relations(item: pytest.Item) -> tuple[tuple[str, ...], int | None]:
    mark = item.get_closest_marker("metamorphic")
    if mark is None:
        return (), None
    return tuple(mark.args), mark.kwargs.get("seed")
