"""Evidence canaries: no planted text, value or exception reaches a bundle unless raw is asked for.

Every case plants distinct canary strings in one kind of field, writes the bundle to disk
and searches every byte of every file for them. Deleted values stay out even in raw mode.
A dictionary attack over every 4-digit number does not recover a fingerprinted value.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from pytest_compaction.compressors.base import CompressionRequest, ReferenceCompressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.model import Artifact, Fact
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.engine.evidence import (
    EvidenceKey,
    bundle_from_records,
    bundle_from_run,
    keyed,
    write_bundle,
)
from pytest_compaction.engine.runner import run_scenario
from pytest_compaction.store.sqlite import SQLiteStore

TENANT, SUBJECT = "tenant-canary", "subject-canary"


def canary(tag: str) -> str:
    return f"CANARY{tag}QZX"


# A number no fingerprint, uuid or timing will contain by chance (13 digits).
NUMBER_CANARY = 9876543210123


def spec(
    *, value: object = False, qualifier: str = "allergy", text: str = "I am allergic."
) -> dict[str, Any]:
    return {
        "tenant": TENANT,
        "subject": SUBJECT,
        "events": [
            {
                "id": "e1",
                "text": text,
                "facts": [
                    {
                        "id": "fact-1",
                        "predicate": "food.peanuts_allowed",
                        "value": value,
                        "qualifiers": {"basis": qualifier},
                    }
                ],
            },
            {
                "id": "e2",
                "text": "Dinner between six and seven.",
                "facts": [{"id": "fact-2", "predicate": "delivery.window", "value": "18-19"}],
            },
        ],
    }


class Dropping:
    """Drops every qualifier: a failing run, so a bundle is written."""

    replays_claims = True  # built on the reference compressor, which replays the claims

    def compress(self, request: CompressionRequest) -> Artifact:
        art = ReferenceCompressor().compress(request)
        return replace(art, facts=tuple(replace(f, qualifiers=()) for f in art.facts))


@dataclass(frozen=True)
class SummaryWriter:
    summary: str

    def compress(self, request: CompressionRequest) -> Artifact:
        art = Dropping().compress(request)
        return replace(art, summary=self.summary)


@dataclass(frozen=True)
class Raising:
    message: str

    def compress(self, request: CompressionRequest) -> Artifact:
        raise ValueError(self.message)


@dataclass(frozen=True)
class Garbage:
    """Returns something that is not an artifact, quoting the canary."""

    payload: object

    def compress(self, request: CompressionRequest) -> object:
        return self.payload


@dataclass(frozen=True)
class Inventing:
    """Adds a fact of its own whose value is the canary (an unsupported fact)."""

    replays_claims = True  # built on the reference compressor, which replays the claims

    value: object

    def compress(self, request: CompressionRequest) -> Artifact:
        art = ReferenceCompressor().compress(request)
        extra = Fact(
            fact_id="invented-1",
            tenant_id=art.tenant_id,
            subject_id=art.subject_id,
            predicate="home.city",
            value=self.value,  # type: ignore[arg-type]
        )
        return replace(art, facts=(*art.facts, extra))


@dataclass(frozen=True)
class Case:
    name: str
    secrets: tuple[str, ...]
    build: Callable[[bool], dict[str, Any]]
    kept_in_raw: bool | None = True
    """Whether raw mode shows the secrets (False: a deleted value, never stored; None: the
    harness may or may not quote them, e.g. the guard's words for a malformed return)."""


def scenario_bundle(
    data: dict[str, Any], compressor: object, *, steps: list[Any] | None = None
) -> Callable[[bool], dict[str, Any]]:
    def build(raw: bool) -> dict[str, Any]:
        body = dict(data)
        if steps is not None:
            body["steps"] = steps
        scenario = Scenario.from_dict(body, name="canary")
        run = run_scenario(
            scenario,
            GuardedCompressor(compressor, timeout=None),
            store=SQLiteStore(),
            config={"style": canary("CFG")},
        )  # type: ignore[arg-type]
        assert run.violations, "the case must fail, or no bundle would be written"
        return bundle_from_run(run, test_id="faults::canary", compressor="c", raw=raw)

    return build


def records_bundle(compressor: object) -> Callable[[bool], dict[str, Any]]:
    from pytest_compaction.core.ledger import Ledger
    from pytest_compaction.engine.contract import CompressorUnderTest, ContractFailure

    def build(raw: bool) -> dict[str, Any]:
        ledger = Ledger(tenant_id=TENANT, subject_id=SUBJECT)
        ledger.event("e1", f"secret {canary('REC')}")
        ledger.fact("fact-1", "pin.code", canary("RECVAL"), sources=["e1"])
        cut = CompressorUnderTest(compressor, timeout=None)  # type: ignore[arg-type]
        with pytest.raises(ContractFailure):
            cut.compress(ledger)
        records = cut.records
        violations = [v for r in records for v in r.violations]
        assert violations
        return bundle_from_records(
            ledger, records, violations, test_id="faults::rec", compressor="c", raw=raw
        )

    return build


DELETE_STEPS = [{"add": ["e1", "e2"]}, "compress", {"delete": "fact-1"}, "compress"]


class LeakingDeleted:
    """Keeps a deleted fact after its deletion: deleted_content_in_output."""

    replays_claims = True  # built on the reference compressor, which replays the claims

    def __init__(self) -> None:
        self.first: Artifact | None = None

    def compress(self, request: CompressionRequest) -> Artifact:
        art = ReferenceCompressor().compress(request)
        if self.first is None:
            self.first = art
            return art
        kept = {f.fact_id for f in art.facts}
        leaked = tuple(f for f in self.first.facts if f.fact_id not in kept)
        summary = f"remember {self.first.facts[0].value}"
        return replace(
            art, facts=(*art.facts, *(replace(f, qualifiers=f.qualifiers) for f in leaked)), summary=summary
        )


CASES = [
    Case(
        "event-text",
        (canary("EVT"),),
        scenario_bundle(spec(text=f"I said {canary('EVT')} once."), Dropping()),
    ),
    Case("fact-string-value", (canary("VAL"),), scenario_bundle(spec(value=canary("VAL")), Dropping())),
    Case("fact-number-value", (str(NUMBER_CANARY),), scenario_bundle(spec(value=NUMBER_CANARY), Dropping())),
    Case("qualifier-value", (canary("QUAL"),), scenario_bundle(spec(qualifier=canary("QUAL")), Dropping())),
    Case("summary", (canary("SUM"),), scenario_bundle(spec(), SummaryWriter(f"memory: {canary('SUM')}"))),
    Case("config-string", (canary("CFG"),), scenario_bundle(spec(), Dropping())),
    Case("exception-text", (canary("EXC"),), scenario_bundle(spec(), Raising(f"boom {canary('EXC')}"))),
    Case(
        "malformed-artifact-bytes",
        (canary("BYTES"),),
        scenario_bundle(spec(), Garbage(f"<not an artifact {canary('BYTES')}>".encode())),
        kept_in_raw=None,
    ),
    Case(
        "malformed-artifact-mapping",
        (canary("MAP"),),
        scenario_bundle(spec(), Garbage({"memory_version": canary("MAP"), "facts": [canary("MAP")]})),
        kept_in_raw=None,
    ),
    Case(
        "violation-detail-of-an-invented-fact",
        (canary("INV"),),
        scenario_bundle(spec(), Inventing(f"Paris {canary('INV')}")),
    ),
    Case(
        "control-characters-in-text",
        (canary("CTL"),),
        scenario_bundle(spec(text=f"\x1b[2J\n::error::{canary('CTL')}"), Dropping()),
    ),
    Case(
        "records-event-and-value", (canary("REC"), canary("RECVAL")), records_bundle(Raising(canary("REC")))
    ),
    Case(
        "deleted-value-and-its-event",
        (canary("DEL"), canary("DELEVT")),
        scenario_bundle(
            spec(value=canary("DEL"), text=f"my code is {canary('DELEVT')}"),
            LeakingDeleted(),
            steps=DELETE_STEPS,
        ),
        kept_in_raw=False,
    ),
    Case(
        "deleted-number",
        (str(NUMBER_CANARY),),
        scenario_bundle(spec(value=NUMBER_CANARY), LeakingDeleted(), steps=DELETE_STEPS),
        kept_in_raw=False,
    ),
]


def every_byte(directory: Path) -> bytes:
    return b"".join(path.read_bytes() for path in sorted(directory.rglob("*")) if path.is_file())


def found(secret: str, blob: bytes) -> bool:
    decoded = json.dumps(json.loads(blob)) if blob else ""
    return secret.encode() in blob or secret in decoded


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_no_canary_reaches_a_sanitized_bundle(case: Case, tmp_path: Path) -> None:
    write_bundle(tmp_path, f"faults::{case.name}", case.build(False))
    blob = every_byte(tmp_path)
    for secret in case.secrets:
        assert not found(secret, blob), f"{case.name}: {secret} leaked into the bundle"
    assert b"fact-1" in blob or b"faults::rec" in blob  # ids are kept: the search is on the right file


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_raw_mode_keeps_text_but_never_a_deleted_value(case: Case, tmp_path: Path) -> None:
    write_bundle(tmp_path, f"faults::{case.name}", case.build(True))
    blob = every_byte(tmp_path)
    for secret in case.secrets:
        if case.name == "control-characters-in-text":
            assert b"\\u001b[2J\\n::error::" in blob  # raw, but escaped: the file is pure ASCII JSON
        if case.kept_in_raw is not None:
            assert found(secret, blob) is case.kept_in_raw, (
                f"{case.name}: raw={case.kept_in_raw} for {secret}"
            )
    blob.decode("ascii")


def test_a_deleted_value_is_withheld_in_the_ledger_artifacts_and_violations() -> None:
    bundle = CASES[-2].build(True)
    (leak,) = [v for v in bundle["violations"] if v["fact_id"] == "fact-1"]
    assert leak["code"] == "forbidden_deleted_fact"
    assert leak["observed"] in (None, {"withheld": "deleted"})
    ledger_fact = next(f for f in bundle["ledger"]["facts"] if f["fact_id"] == "fact-1")
    assert ledger_fact["value"] == {"withheld": "deleted"}
    assert bundle["ledger"]["events"][0]["text"] == {"withheld": "deleted"}
    assert "[deleted]" in bundle["passes"][-1]["immediate_artifact"]["summary"]


# -- fingerprints are keyed -------------------------------------------------------------


def pin_bundle(pin: int, key: EvidenceKey | None = None) -> dict[str, Any]:
    run = run_scenario(
        Scenario.from_dict(spec(value=pin), name="pin"), GuardedCompressor(Dropping(), timeout=None)
    )
    return bundle_from_run(run, test_id="t::pin", compressor="c", key=key)


def candidates(number: int) -> list[bytes]:
    """Every encoding an attacker might try for a guessed value."""
    text = str(number)
    return [text.encode(), f"int:{text}".encode(), json.dumps(number).encode(), f"{text}".zfill(4).encode()]


def attack(fingerprint: str, *, key: bytes | None) -> int | None:
    for guess in range(10_000):
        for data in candidates(guess):
            if key is None:
                if hashlib.sha256(data).hexdigest() == fingerprint:
                    return guess
            elif hmac.new(key, data, hashlib.sha256).hexdigest() == fingerprint:
                return guess
    return None


def test_a_dictionary_attack_on_a_four_digit_value_recovers_nothing() -> None:
    bundle = pin_bundle(4821)
    fingerprint = bundle["ledger"]["facts"][0]["value"]["hmac"]
    assert attack(fingerprint, key=None) is None
    assert attack(fingerprint, key=b"") is None
    assert attack(fingerprint, key=bundle["fingerprints"]["key_id"].encode()) is None
    # Control: with the key in hand the same attack works, so the search itself is sound.
    secret = b"a configured key, 32 characters.."
    known = pin_bundle(4821, EvidenceKey(secret, "configured"))
    assert attack(known["ledger"]["facts"][0]["value"]["hmac"], key=secret) == 4821


def test_per_run_keys_differ_and_a_configured_key_is_stable() -> None:
    one = pin_bundle(4821, EvidenceKey(b"r" * 32))
    two = pin_bundle(4821, EvidenceKey(b"s" * 32))
    fp = lambda b: b["ledger"]["facts"][0]["value"]["hmac"]  # noqa: E731
    assert fp(one) != fp(two)
    with keyed("team-key-0123456789abcdef"):
        a = pin_bundle(4821)
    with keyed("team-key-0123456789abcdef"):
        b = pin_bundle(4821)
    assert fp(a) == fp(b)
    assert a["fingerprints"]["key"] == "configured"
    assert "team-key" not in json.dumps(a)
    assert fp(a) != fp(pin_bundle(4822, EvidenceKey(b"team-key-0123456789abcdef")))


def test_a_short_key_is_refused_with_the_fix() -> None:
    from pytest_compaction.core.errors import ConfigError

    with pytest.raises(ConfigError, match="at least 16 random characters"), keyed("1234"):
        pass


CANARY_TESTS = f"""
from dataclasses import replace

def test_bad(fact_ledger, compressor_under_test, compaction_contract):
    fact_ledger.event("e1", "my pin is {canary("PLUG")}")
    fact_ledger.fact("fact-pin-1", "account.pin", "{canary("PLUGVAL")}", sources=["e1"])
    artifact = compressor_under_test.compress(fact_ledger)
    artifact = replace(artifact, facts=tuple(replace(f, value="0000") for f in artifact.facts))
    compaction_contract.assert_preserved(fact_ledger, artifact)
"""


def test_a_session_with_a_configured_key_writes_no_secret_and_no_key(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytester.makepyfile(test_pin=CANARY_TESTS)
    key = "ci-secret-key-5f1e2d3c4b5a6978"
    monkeypatch.setenv("COMPACTION_EVIDENCE_KEY", key)
    fingerprints = []
    for folder in ("one", "two"):
        result = pytester.runpytest(f"--compaction-evidence={folder}")
        result.assert_outcomes(failed=1)
        blob = every_byte(pytester.path / folder)
        for secret in (canary("PLUG"), canary("PLUGVAL"), key):
            assert secret.encode() not in blob
        (bundle,) = (pytester.path / folder).glob("*.json")
        fingerprints.append(json.loads(bundle.read_text())["violations"][0]["expected"])
    assert fingerprints[0] == fingerprints[1]  # the configured key makes them comparable across runs
    monkeypatch.setenv("COMPACTION_EVIDENCE_KEY", "short")
    result = pytester.runpytest("--compaction-evidence=three")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*COMPACTION_EVIDENCE_KEY: the evidence fingerprint key is 5 characters*"])


@pytest.mark.parametrize("guessable", ["aaaaaaaaaaaaaaaa", "1234123412341234", "abababababababababab"])
def test_a_guessable_key_is_refused_with_the_fix(guessable: str) -> None:
    from pytest_compaction.core.errors import ConfigError

    with pytest.raises(ConfigError, match="repeats a few characters"), keyed(guessable):
        pass
