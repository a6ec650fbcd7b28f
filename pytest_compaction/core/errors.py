"""The exception tree: every error pytest-compaction raises for a user's mistake.

Violations of the contract are *data* (see :mod:`pytest_compaction.core.violations`);
exceptions are reserved for input that cannot be checked at all: a malformed
payload, an illegal lifecycle transition, an unresolvable compressor reference.
Each leaf also subclasses the matching builtin so ``except ValueError`` keeps
working for callers who do not know this package.
"""

from __future__ import annotations

__all__ = [
    "CompactionError",
    "CompactionWarning",
    "CompressorConfigError",
    "ConfigError",
    "LedgerError",
    "LifecycleError",
    "PayloadError",
    "UnknownIdError",
]


class CompactionError(Exception):
    """Root of every exception raised by pytest-compaction."""


class PayloadError(CompactionError, ValueError):
    """A payload, spec or artifact has a missing, mistyped or unknown field.

    ``path`` names the field (``artifact.facts[3].value``); ``source`` names the
    file when there is one, and ``line`` its 1-based line when known.
    """

    def __init__(
        self,
        path: str,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
    ) -> None:
        self.path = path
        self.message = message
        self.source = source
        self.line = line
        super().__init__(self.render())

    def render(self) -> str:
        where = ""
        if self.source is not None:
            where = self.source if self.line is None else f"{self.source}:{self.line}"
            where += ": "
        field = f"{self.path}: " if self.path else ""
        return f"{where}{field}{self.message}"

    def located(self, source: str, line: int | None = None) -> PayloadError:
        """Return a copy of this error that names the file (and line) it came from."""
        return PayloadError(
            self.path,
            self.message,
            source=source,
            line=line if line is not None else self.line,
        )


class LedgerError(CompactionError, ValueError):
    """A ledger that contradicts itself: a fact whose authority its sources do not
    support, a source id that names no event, a fact id used twice."""


class LifecycleError(LedgerError):
    """A ledger transition that the fact lifecycle forbids.

    Examples: deleting a fact twice, superseding with a fact the ledger does not
    know, reviving a deleted fact, retiring without an explicit event.
    """

    def __init__(self, fact_id: str, message: str) -> None:
        self.fact_id = fact_id
        self.message = message
        super().__init__(f"{fact_id}: {message}")


class UnknownIdError(CompactionError, LookupError):
    """A fact or event id that the ledger does not contain."""

    def __init__(self, kind: str, ident: str, known: tuple[str, ...] = ()) -> None:
        self.kind = kind
        self.ident = ident
        hint = ""
        close = _closest(ident, known)
        if close is not None:
            hint = f"; did you mean {close!r}?"
        super().__init__(f"unknown {kind} id {ident!r}{hint}")


class CompactionWarning(UserWarning):
    """Something a person should look at that does not fail a test (e.g. a relation that does not apply)."""


class ConfigError(CompactionError, ValueError):
    """A setting (command-line option, ini value or marker argument) that cannot be used."""


class CompressorConfigError(ConfigError):
    """A compressor reference (``module:attribute``) that cannot be used."""


def _closest(word: str, candidates: tuple[str, ...]) -> str | None:
    # Imported lazily: difflib is only needed on the error path.
    import difflib

    found = difflib.get_close_matches(word, candidates, n=1)
    return found[0] if found else None
