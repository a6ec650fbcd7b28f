"""Run settings, resolved from the command line, the ini file and defaults (in that order)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pytest_compaction.core.errors import CompressorConfigError, ConfigError

if TYPE_CHECKING:
    from pathlib import Path

    from pytest_compaction.compressors.base import Compressor
    from pytest_compaction.plugin.invocation import Invocation
    from pytest_compaction.store.sqlite import StoreFactory

__all__ = ["OPTIONS", "Option", "Settings"]


@dataclass(frozen=True, slots=True)
class Option:
    """One setting: its ini name, its help text and default; its flag is the name with dashes."""

    name: str
    help: str
    default: Any = None
    kind: str = "string"
    """The ini type: string, bool, linelist, paths."""
    metavar: str | None = None
    choices: tuple[str, ...] | None = None
    flag: str = ""
    """The command-line flag, when it is not ``--`` and the name with dashes."""

    def __post_init__(self) -> None:
        if not self.flag:
            object.__setattr__(self, "flag", "--" + self.name.replace("_", "-"))

    @property
    def dest(self) -> str:
        return self.name


OPTIONS: tuple[Option, ...] = (
    Option(
        "compaction_contract",
        "run the memory-compaction contract suite: collect fixture specs, summarize and report",
        default=False,
        kind="bool",
    ),
    Option(
        "compaction_compressor",
        "the compressor under test as 'package.module:attribute', or 'reference' (default) "
        "for the embedded reference compressor",
        default="reference",
        metavar="MODULE:ATTR",
    ),
    Option(
        "compaction_timeout",
        "seconds one compression pass may take before it is a compressor_timeout (default auto: 5 for "
        "the reference compressor and the mutants, 120 for any other, which may call a model; 0 disables)",
        default="auto",
        metavar="SECONDS",
    ),
    Option(
        "compaction_isolate",
        "where the compressor runs: 'thread' (default; a hung one is abandoned at the timeout) or "
        "'process' (a child process, killed at the timeout)",
        default="thread",
        choices=("thread", "process"),
    ),
    Option(
        "compaction_mode",
        "strict (default): unsupported facts fail; permissive: they are listed for review",
        choices=("strict", "permissive"),
    ),
    Option(
        "compaction_attempts",
        "run every compression this many times; disagreement on a critical fact fails (default 1)",
        default="1",
        metavar="N",
    ),
    Option(
        "compaction_report",
        "write a JSON report of every contract test to this path",
        metavar="PATH",
    ),
    Option(
        "compaction_fixtures",
        "where fixture specs live, added to the collection when no paths are given on the command "
        "line; 'library' names the bundled fixture library (ini: one path per line)",
        kind="linelist",
        metavar="PATHS",
    ),
    Option(
        "compaction_spec_pattern",
        "file name pattern of fixture specs (default '*.compaction.yaml')",
        default="*.compaction.yaml",
        metavar="GLOB",
        flag="--compaction-pattern",
    ),
    Option(
        "compaction_evidence",
        "write a sanitized JSON evidence bundle for each failing contract test into this directory",
        metavar="DIR",
    ),
    Option(
        "compaction_evidence_raw",
        "include raw text and values in evidence bundles (default: keyed fingerprints only)",
        default=False,
        kind="bool",
    ),
    Option(
        "compaction_evidence_key",
        "the secret (16+ characters) evidence fingerprints are keyed with, for fingerprints that "
        "compare across runs (default: $COMPACTION_EVIDENCE_KEY, else a random key per run)",
        metavar="SECRET",
    ),
    Option(
        "compaction_mutants",
        "also run every scenario spec against each drift mutant and print the mutation table; "
        "the run fails when a mutant survives",
        default=False,
        kind="bool",
    ),
    Option(
        "compaction_accepted_survivors",
        "mutants allowed to survive, as 'name: reason' (ini: one per line)",
        kind="linelist",
        metavar="NAME:REASON",
    ),
    Option(
        "compaction_fuzz",
        "run the built-in property suite (Hypothesis) against the configured compressor",
        default=False,
        kind="bool",
    ),
    Option(
        "compaction_fuzz_examples",
        "examples per fuzz property (default: the Hypothesis profile's, normally 100)",
        metavar="N",
    ),
    Option(
        "compaction_fuzz_database",
        "the Hypothesis example database for fuzzing: a directory, ':memory:' or 'none' "
        "(default: the profile's)",
        metavar="PATH",
    ),
    Option(
        "compaction_record_failures",
        "write each shrunk fuzzing counterexample into this directory as a scenario spec",
        metavar="DIR",
    ),
    Option(
        "compaction_store",
        "the memory store for the memory_store fixture as 'package.module:factory', or 'sqlite' "
        "(default) for the embedded SQLite store",
        default="sqlite",
        metavar="MODULE:FACTORY",
    ),
    Option(
        "compaction_seed",
        "seed for metamorphic transformations (default: fixed per scenario, printed on failure)",
        metavar="N",
    ),
    Option(
        "compaction_shadow",
        "shadow mode: run and report every contract test, list disagreements per predicate, "
        "but report them as xfailed so the build stays green",
        default=False,
        kind="bool",
    ),
    Option(
        "compaction_require_guarantees",
        "fail a contract test that enumerates no critical fact, pinned invariant or binding "
        "(default: report it as unverified)",
        default=False,
        kind="bool",
    ),
    Option(
        "compaction_update",
        "rewrite what recorded specs expect (expect: violations:) to what they show now, in place, "
        "and list what changed",
        default=False,
        kind="bool",
    ),
    Option(
        "compaction_baseline",
        "a baseline file of known violations per test: those pass, new ones fail, fixed ones "
        "must be removed from it",
        metavar="PATH",
    ),
    Option(
        "compaction_write_baseline",
        "write today's violations to the --compaction-baseline file (creating or shrinking it)",
        default=False,
        kind="bool",
    ),
    Option(
        "compaction_html",
        "write a self-contained HTML report of the contract run to this path",
        metavar="PATH",
    ),
)


@dataclass
class Settings:
    """Resolved settings of one session; the compressor is resolved once, on first use."""

    contract: bool = False
    compressor_ref: str = "reference"
    timeout_setting: float | str | None = "auto"
    """Seconds, None (no limit) or "auto"; read :attr:`timeout` for the seconds in force."""
    mode: str | None = None
    attempts: int = 1
    report: str | None = None
    fixtures: tuple[str, ...] = ()
    pattern: str = "*.compaction.yaml"
    seed: int | None = None
    store_ref: str = "sqlite"
    fuzz: bool = False
    fuzz_examples: int | None = None
    fuzz_database: str | None = None
    record_failures: str | None = None
    mutants: bool = False
    accepted_survivors: tuple[tuple[str, str], ...] = ()
    evidence_dir: str | None = None
    evidence_raw: bool = False
    shadow: bool = False
    require_guarantees: bool = False
    update: bool = False
    baseline: str | None = None
    write_baseline: bool = False
    html: str | None = None
    invocation: Invocation | None = None
    """Where and how the session started (for reproduce lines); set by the plugin."""
    evidence_key: str | None = None
    isolate: str = "thread"
    _compressor: Compressor | None = field(default=None, repr=False)
    _error: CompressorConfigError | None = field(default=None, repr=False)

    @classmethod
    def resolve(cls, get: Callable[[Option], Any]) -> Settings:
        """Build settings; ``get(option)`` returns the CLI value, else the ini value, else the default."""
        values = {option.name: get(option) for option in OPTIONS}
        fixtures = values["compaction_fixtures"] or ()
        if isinstance(fixtures, str):
            fixtures = [part for chunk in fixtures.split(",") for part in chunk.split()]
        return cls(
            contract=_as_bool(values["compaction_contract"]),
            compressor_ref=str(values["compaction_compressor"] or "reference"),
            timeout_setting="auto"
            if values["compaction_timeout"] in (None, "", "auto")
            else _number("--compaction-timeout", values["compaction_timeout"], float, minimum=0) or None,
            mode=values["compaction_mode"] or None,
            attempts=int(_number("--compaction-attempts", values["compaction_attempts"], int, minimum=1)),
            report=values["compaction_report"] or None,
            fixtures=tuple(str(f) for f in fixtures),
            pattern=str(values["compaction_spec_pattern"] or "*.compaction.yaml"),
            store_ref=str(values["compaction_store"] or "sqlite"),
            fuzz=_as_bool(values["compaction_fuzz"]),
            fuzz_examples=_whole("--compaction-fuzz-examples", values["compaction_fuzz_examples"], minimum=1),
            fuzz_database=values["compaction_fuzz_database"] or None,
            record_failures=values["compaction_record_failures"] or None,
            mutants=_as_bool(values["compaction_mutants"]),
            accepted_survivors=_survivors(values["compaction_accepted_survivors"]),
            evidence_dir=values["compaction_evidence"] or None,
            evidence_raw=_as_bool(values["compaction_evidence_raw"]),
            shadow=_as_bool(values["compaction_shadow"]),
            require_guarantees=_as_bool(values["compaction_require_guarantees"]),
            update=_as_bool(values["compaction_update"]),
            baseline=values["compaction_baseline"] or None,
            write_baseline=_as_bool(values["compaction_write_baseline"]),
            html=values["compaction_html"] or None,
            evidence_key=_evidence_key(values["compaction_evidence_key"]),
            isolate=_choice(
                "--compaction-isolate", values["compaction_isolate"] or "thread", ("thread", "process")
            ),
            seed=_whole("--compaction-seed", values["compaction_seed"]),
        )

    @property
    def timeout(self) -> float | None:
        """Seconds one pass may take: "auto" is 5 for a claims replayer (the reference), else 120."""
        if self.timeout_setting != "auto":
            return self.timeout_setting if isinstance(self.timeout_setting, float) else None
        from pytest_compaction.compressors.guard import DEFAULT_TIMEOUT, default_timeout

        try:
            return default_timeout(self.compressor())
        except CompressorConfigError:
            return DEFAULT_TIMEOUT

    def compressor(self) -> Compressor:
        """The configured compressor; a bad reference raises the same clear error each time."""
        if self._error is not None:
            raise self._error
        if self._compressor is None:
            from pytest_compaction.compressors.base import resolve_compressor

            try:
                if self.isolate == "process":
                    from pytest_compaction.compressors.isolation import ProcessCompressor

                    self._compressor = ProcessCompressor(self.compressor_ref)
                else:
                    self._compressor = resolve_compressor(self.compressor_ref)
            except CompressorConfigError as exc:
                self._error = exc
                raise
        return self._compressor

    def store_factory(self) -> StoreFactory:
        """The configured store factory (resolved on each call; resolution is cheap)."""
        from pytest_compaction.store.sqlite import resolve_store_factory

        return resolve_store_factory(self.store_ref)

    def reproduce(self, nodeid: str, file: Path | None = None) -> str:
        """The command that reruns ``nodeid`` alone, runnable from the invocation directory
        (``file``: the item's own file, for one outside the rootdir)."""
        parts: list[str] = []
        if self.contract:
            parts.append("--compaction-contract")
        if self.compressor_ref != "reference":
            parts.append(f"--compaction-compressor={self.compressor_ref}")
        if self.seed is not None:
            parts.append(f"--compaction-seed={self.seed}")
        if self.store_ref != "sqlite":
            parts.append(f"--compaction-store={self.store_ref}")
        if self.attempts != 1:
            parts.append(f"--compaction-attempts={self.attempts}")
        if self.invocation is None:
            return " ".join([f'pytest "{nodeid}"', *parts])
        return self.invocation.command(nodeid, parts, file)


def _survivors(value: object) -> tuple[tuple[str, str], ...]:
    lines = [value] if isinstance(value, str) else list(value or [])  # type: ignore[call-overload]
    out = []
    for line in lines:
        name, sep, reason = str(line).partition(":")
        if not sep or not name.strip() or not reason.strip():
            raise ConfigError(
                f"compaction_accepted_survivors: {line!r} must look like 'mutant_name: why it may survive'"
            )
        out.append((name.strip(), reason.strip()))
    return tuple(out)


def _evidence_key(value: object) -> str | None:
    import os

    from pytest_compaction.config.references import EVIDENCE_KEY_ENV

    text, origin = (
        (str(value), "--compaction-evidence-key")
        if value
        else (os.environ.get(EVIDENCE_KEY_ENV), EVIDENCE_KEY_ENV)
    )
    if not text:
        return None
    # Only now: the evidence engine is not imported by a session that configures no key.
    from pytest_compaction.engine.evidence import EvidenceKey

    EvidenceKey.from_text(text, origin=origin)  # refuses a key short enough to guess
    return text


def _as_bool(value: object) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return bool(value)


def _choice(flag: str, value: object, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise ConfigError(f"{flag} expects one of {', '.join(choices)}, got {value!r}")
    return str(value)


def _whole(flag: str, value: object, minimum: int | None = None) -> int | None:
    """None for an empty value, else the whole number it spells."""
    return None if value in (None, "") else int(_number(flag, value, int, minimum))


def _number(flag: str, value: object, kind: type[float] | type[int], minimum: float | None = None) -> float:
    try:
        number = kind(str(value).strip())
    except (TypeError, ValueError):
        raise ConfigError(
            f"{flag} expects a {'whole ' if kind is int else ''}number, got {value!r}"
        ) from None
    if not math.isfinite(number):
        raise ConfigError(f"{flag} expects a finite number, got {value!r} (0 disables the limit)")
    if minimum is not None and number < minimum:
        raise ConfigError(f"{flag} must be at least {minimum:g}, got {value!r}")
    return number
