"""Run a compressor in a child process that is killed at the timeout.

A thread cannot be stopped: a compressor that hangs (a stuck network call, a loop that
never yields, a C call that holds the GIL) is abandoned on a daemon thread and keeps
running. With ``--compaction-isolate=process`` the compressor runs in a child process
(``spawn``, so no lock of the test process is inherited), kept for the whole session so
that import cost is paid once and state (caches, counters) lives as it would in-process.
At the timeout the child is killed and the next call starts a fresh one.

The child resolves the same ``module:attribute`` reference, so the compressor itself is
never pickled; requests and outputs are, so they must be picklable (every shape the
guard reads is).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import multiprocessing
import sys
from multiprocessing.connection import Connection
from typing import Any

from pytest_compaction.compressors.base import (
    CompressionRequest,
    compressor_name,
    rebuilds_after_deletion,
    replays_claims,
    resolve_compressor,
)
from pytest_compaction.compressors.raised import described

__all__ = ["IsolatedError", "ProcessCompressor"]


class IsolatedError(Exception):
    """The compressor raised in its child process; the message says what and where."""


class ProcessCompressor:
    """The compressor named by ``reference``, run in a killable child process."""

    isolated = True

    def __init__(self, reference: str) -> None:
        self.reference = reference
        # Resolved here too: a bad reference is a clear error now, and name and flags are known.
        local = resolve_compressor(reference)
        self.name = compressor_name(local)
        self.replays_claims = replays_claims(local)
        self.rebuilds_after_deletion = rebuilds_after_deletion(local)
        self._process: Any = None
        self._connection: Connection | None = None

    def __repr__(self) -> str:
        return f"<ProcessCompressor {self.name}>"

    def compress(self, request: CompressionRequest) -> Any:
        outcome, _ = self.call_isolated(request, None)
        return outcome

    def call_isolated(self, request: CompressionRequest, seconds: float | None) -> tuple[Any, bool]:
        """``(output, timed_out)``; raises :class:`IsolatedError` when the compressor raised."""
        connection = self._start()
        connection.send(request)
        if not connection.poll(seconds):
            self.close()
            return None, True
        try:
            status, payload = connection.recv()
        except EOFError:
            code = self._process.exitcode if self._process is not None else None
            self.close()
            raise IsolatedError(f"its child process died (exit code {code}) without answering") from None
        if status == "error":
            raise IsolatedError(payload)
        return payload, False

    def close(self) -> None:
        """Stop the child process (killed if it does not stop at once)."""
        process, self._process = self._process, None
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()
        if process is not None and process.is_alive():
            process.kill()
        if process is not None:
            process.join(5)

    def __del__(self) -> None:
        with contextlib.suppress(Exception):  # interpreter shutdown
            self.close()

    def _start(self) -> Connection:
        if self._connection is not None and self._process is not None and self._process.is_alive():
            return self._connection
        self.close()
        context = multiprocessing.get_context("spawn")
        parent, child = context.Pipe()
        process = context.Process(
            target=_child_main,
            args=(child, self.reference, list(sys.path)),
            name=f"compaction:{self.name}",
            daemon=True,
        )
        process.start()
        child.close()
        self._process, self._connection = process, parent
        return parent


def _child_main(connection: Connection, reference: str, path: list[str]) -> None:
    sys.path[:] = path
    compressor = resolve_compressor(reference)
    while True:
        try:
            request = connection.recv()
        except (EOFError, KeyboardInterrupt):
            return
        try:
            outcome = compressor.compress(request)
            if inspect.isawaitable(outcome):
                outcome = asyncio.run(_awaited(outcome))
        except KeyboardInterrupt:
            return
        except BaseException as exc:
            connection.send(("error", described(exc, compressor)))
            continue
        try:
            connection.send(("ok", outcome))
        except Exception as exc:
            connection.send(
                (
                    "error",
                    f"its output could not be sent back from the child ({described(exc, compressor)})",
                )
            )


async def _awaited(awaitable: Any) -> Any:
    return await awaitable
