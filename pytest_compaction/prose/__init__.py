"""Prose summaries: pinned invariants, modal strength, bindings and the runtime gate."""
