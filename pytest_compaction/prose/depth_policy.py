"""The depth policy's prose checks: what a summary owes the register and the bindings when deep.

:mod:`pytest_compaction.core.depth_policy` says from which compaction depth each check
tightens; this module is the pass check that applies the two prose ones to a
scenario's summaries (the third, unsupported facts in permissive mode, is the checker
mode the runner gives a deep pass):

* ``pins_verbatim``: every active register entry not already marked ``verbatim`` must
  appear in the summary word for word (``pin_not_verbatim``). The register's pinned
  block holds every entry verbatim, so a pass that re-grounds passes;
* ``bindings_resolved``: every binding the memory named before this pass (the prior
  summary) must still be named by a phrase that resolves to its canonical id
  (``binding_unresolvable`` for one re-summarization dropped). A binding the memory never
  held is left to the act steps that need it.

Each finding's detail names the depth and the policy rule that asked for it.
"""

from __future__ import annotations

from pytest_compaction.core.depth_policy import DepthPolicy
from pytest_compaction.core.violations import Violation
from pytest_compaction.engine.passes import PassCheck, PassContext
from pytest_compaction.prose.bindings import BindingSet, unnamed_bindings
from pytest_compaction.prose.invariants import InvariantRegister, check_verbatim

__all__ = ["depth_policy_check"]


def depth_policy_check(
    policy: DepthPolicy, register: InvariantRegister, bindings: BindingSet
) -> PassCheck | None:
    """The pass check of ``policy`` over ``register`` and ``bindings`` (None when it has nothing to check)."""
    pins = policy.pins_verbatim is not None and bool(len(register))
    names = policy.bindings_resolved is not None and bool(len(bindings))
    if not pins and not names:
        return None

    def check(context: PassContext) -> list[Violation]:
        artifact = context.artifact
        if artifact is None:
            return []
        summary = artifact.summary or ""
        depth = context.depth
        out: list[Violation] = []
        # A memory of source messages kept unchanged holds its pins in the words they were
        # stated in: there is no paraphrase to re-inject them over.
        if pins and not artifact.selection and policy.applies("pins_verbatim", depth):
            entries = [entry for entry in register.active() if not entry.verbatim]
            why = f"at compaction depth {depth} the depth policy asks for verbatim pins " + policy.describe(
                "pins_verbatim"
            )
            out.extend(check_verbatim(entries, summary, why=why))
        if names and policy.applies("bindings_resolved", depth):
            why = f"at compaction depth {depth} the depth policy asks for every binding to resolve " + (
                policy.describe("bindings_resolved")
            )
            prior = context.request.prior
            before = prior.summary if prior is not None and prior.summary else ""
            out.extend(unnamed_bindings(bindings, summary, before=before, why=why))
        return out

    return check
