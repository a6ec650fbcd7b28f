"""The depth policy: which checks tighten as a memory is compressed deeper.

A summary of raw events (depth 1) is compared with what was said, so a pinned rule may
come back in other words with the same force. A summary of a summary (depth 2 and
deeper) is built from a paraphrase: every pass may hedge a little, and nobody compares
it with the original words any more. So from a chosen depth on the contract asks for
stronger evidence:

* ``pins_verbatim`` — every pinned invariant and failure record appears character for
  character (whitespace runs aside), not only with equivalent force (``pin_not_verbatim``);
* ``bindings_resolved`` — every binding the memory named before the pass is still named
  by a phrase that resolves to its canonical id, not silently dropped by re-summarization
  (``binding_unresolvable``);
* ``no_unsupported_facts`` — an unsupported fact fails even in permissive mode, where
  depth 1 lists it as a review item: an inference built on a summary cannot be reviewed
  against its sources any more.

Each value is the first compaction depth at which its check applies, or ``never``. The
depth is the runner's count of compressions behind the artifact (a deletion starts it
again at 1). Once a check applies it applies at every deeper pass: verification only
grows stricter with depth. The scenario spec's ``depth_policy:`` key sets it; without the
key :data:`DEFAULT_DEPTH_POLICY` applies (every check from depth 2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pytest_compaction.core import spec_model
from pytest_compaction.core._fields import check_keys, join, read_mapping, shown
from pytest_compaction.core.errors import PayloadError

__all__ = ["DEFAULT_DEPTH_POLICY", "NEVER", "TIGHTENINGS", "DepthPolicy", "Tightening"]

NEVER = "never"
"""A tightening that never applies."""

Tightening = Literal["pins_verbatim", "bindings_resolved", "no_unsupported_facts"]

TIGHTENINGS: tuple[Tightening, ...] = ("pins_verbatim", "bindings_resolved", "no_unsupported_facts")
"""The checks a depth policy can tighten, in the order the writer emits them."""

_DEFAULT_FROM = 2
_MAX_DEPTH: int = spec_model.MAX_DEPTH


@dataclass(frozen=True, slots=True, kw_only=True)
class DepthPolicy:
    """From which compaction depth each tightened check applies (``None``: never)."""

    pins_verbatim: int | None = _DEFAULT_FROM
    """Every register entry must appear verbatim from this depth on."""
    bindings_resolved: int | None = _DEFAULT_FROM
    """Every binding the prior memory named must stay named (resolving to its id) from this depth on."""
    no_unsupported_facts: int | None = _DEFAULT_FROM
    """Unsupported facts fail, even in permissive mode, from this depth on."""

    def __post_init__(self) -> None:
        for name in TIGHTENINGS:
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
                raise PayloadError(name, f"expected a depth of at least 1 or {NEVER!r}, got {shown(value)}")

    def applies(self, tightening: Tightening, depth: int) -> bool:
        """Whether ``tightening`` holds for a pass ``depth`` compressions deep."""
        start = getattr(self, tightening)
        return start is not None and depth >= start

    def mode_at(self, mode: Literal["strict", "permissive"], depth: int) -> Literal["strict", "permissive"]:
        """The checker mode of a pass ``depth`` deep: permissive turns strict where the policy says."""
        return "strict" if self.applies("no_unsupported_facts", depth) else mode

    def describe(self, tightening: Tightening) -> str:
        """``"from depth 2"`` or ``"never"``: how a violation's detail names the rule."""
        start = getattr(self, tightening)
        return NEVER if start is None else f"from depth {start}"

    @classmethod
    def from_dict(cls, data: object, path: str = "depth_policy") -> DepthPolicy:
        """``{pins_verbatim: 2, bindings_resolved: 3, no_unsupported_facts: never}``.

        A key left out keeps its default.
        """
        data = read_mapping(data, path)
        check_keys(data, path, required=(), optional=TIGHTENINGS)
        values: dict[str, int | None] = {}
        for name in TIGHTENINGS:
            if name not in data or data[name] is None:
                continue
            raw = data[name]
            if isinstance(raw, float) and raw.is_integer():
                raw = int(raw)  # 2.0 is an integer, as JSON Schema's "integer" (and read_int) say
            if raw == NEVER:
                values[name] = None
            elif isinstance(raw, int) and not isinstance(raw, bool) and 1 <= raw <= _MAX_DEPTH:
                values[name] = raw
            else:
                raise PayloadError(
                    join(path, name),
                    f"expected the first depth it applies at (1 to {_MAX_DEPTH}) or {NEVER!r}, got "
                    f"{shown(raw)}; e.g. `{name}: 2`",
                )
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        return {name: NEVER if getattr(self, name) is None else getattr(self, name) for name in TIGHTENINGS}


DEFAULT_DEPTH_POLICY = DepthPolicy()
"""Depth 1 may keep a rule with equivalent force; from depth 2 pins are verbatim, every
binding resolves and no unsupported fact passes."""
