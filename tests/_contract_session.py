"""One contract test run through a real pytest session: a spec, a memory module, a compressor."""

from __future__ import annotations

import textwrap

import pytest


def contract_session(
    pytester: pytest.Pytester, spec: str, module: str, source: str, compressor: str
) -> pytest.RunResult:
    """Write ``spec`` as ``<module>.compaction.yaml`` and ``source`` as ``<module>.py``, then run
    the contract tests against ``compressor`` (``verbatim``, or ``<module>:<name>``)."""
    pytester.makefile(".compaction.yaml", **{module: spec})
    pytester.makepyfile(**{module: textwrap.dedent(source)})
    return pytester.runpytest(
        "--compaction-contract", f"--compaction-compressor={compressor}", "-p", "no:cacheprovider"
    )
