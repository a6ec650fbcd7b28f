"""Prose drift mutants: generic rewrites of the summary a faithful compressor writes.

Each works on grammar, never on the words of a particular spec: a negation inserted after
the first auxiliary, condition phrases dropped, two proper names swapped, the hedge of a
speculative source sentence removed, a quote stripped of its source, an old value's
sentence kept, a deleted event's text restored, numbers renumbered, "tried and failed"
told as "considered". The structured facts are left as they are, so only the prose check
of the summary (:mod:`pytest_compaction.prose.facts`) can see them.

:class:`FaithfulParaphrase` is the control: contractions and their expansions ("do not" to
"don't"), which change no fact. A suite that "kills" it raises false alarms.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from pytest_compaction.compressors.base import CompressionRequest
from pytest_compaction.core.model import Artifact, SourceEvent, Trust
from pytest_compaction.mutants.compressors import MutantCompressor
from pytest_compaction.prose.statements import read_statements

__all__ = [
    "PROSE_CONTROL",
    "ConsideredNotFailed",
    "DropConditionWords",
    "FaithfulParaphrase",
    "KeepSupersededSentence",
    "NegateClause",
    "RenumberNumbers",
    "RestoreDeletedText",
    "SpeculationAsSettled",
    "StripAttribution",
    "SwapNames",
]

_PINNED = "=== PINNED INVARIANTS"
_LABEL = re.compile(r"^(\[[^\]]*\]\s)?(.*)$")


def _rewrite_lines(summary: str, change: Callable[[str], str]) -> str:
    """Apply ``change`` to the text of every summary line before the pinned block."""
    out: list[str] = []
    pinned = False
    for line in summary.split("\n"):
        pinned = pinned or line.startswith(_PINNED)
        if pinned or not line.strip():
            out.append(line)
            continue
        match = _LABEL.match(line)
        assert match is not None
        out.append((match.group(1) or "") + change(match.group(2)))
    return "\n".join(out)


def _append(artifact: Artifact, lines: list[str]) -> Artifact:
    if not lines:
        return artifact
    summary = artifact.summary or ""
    head, sep, block = summary.partition(f"\n\n{_PINNED}")
    body = "\n".join([head, *lines]) if head else "\n".join(lines)
    return dataclasses.replace(artifact, summary=body + sep + block)


class _SummaryMutant(MutantCompressor):
    """A mutant that rewrites the summary one line at a time; subclasses say how (``line``)."""

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        if not artifact.summary:
            return artifact
        return dataclasses.replace(artifact, summary=_rewrite_lines(artifact.summary, self.line))

    def line(self, text: str) -> str:
        """The line as this mutant rewrites it (the base class keeps it: a faithful copy)."""
        return text


# -- negation -------------------------------------------------------------------------

_AUX = re.compile(r"\b(am|is|are|was|were|can|must|will|do|does|did|has|have|should|may)\b(\s+not\b)?", re.I)
_NEGATOR = re.compile(r"\b(?:not|never|no)\s+", re.I)


class NegateClause(_SummaryMutant):
    """Flips each line's first clause: "not" after its first auxiliary, or its "not" removed."""

    mutant_name = "negate_clause"

    def line(self, text: str) -> str:
        match = _AUX.search(text)
        if match is None:
            return _NEGATOR.sub("", text, count=1)
        if match.group(2):
            return text[: match.start(2)] + text[match.end(2) :]
        return text[: match.end(1)] + " not" + text[match.end(1) :]


# -- qualifier loss -------------------------------------------------------------------

_CONDITION = re.compile(
    r"(?:,\s*(?:and\s+)?|\s+)(?:only|after|until|unless|before|if|except|within|when|with|during|"
    r"from|by|for)\b[^.;:]*",
    re.I,
)
_DEGREE = re.compile(r"\b(?:severe|serious|mild|critical|only|strictly|always)\s+", re.I)


class DropConditionWords(_SummaryMutant):
    """Drops condition phrases ("after supervisor review", ", only ...") and degree words ("severe")."""

    mutant_name = "drop_condition_words"

    def line(self, text: str) -> str:
        return _DEGREE.sub("", _CONDITION.sub("", text))


# -- names swapped --------------------------------------------------------------------

_NAME = re.compile(r"(?<=[a-z,;:] )[A-Z][a-z]+\b")


class SwapNames(MutantCompressor):
    """Swaps the first two distinct proper names (capitalized words inside a sentence)."""

    mutant_name = "swap_names"

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        summary = artifact.summary or ""
        body = summary.split(_PINNED)[0]
        names = list(dict.fromkeys(_NAME.findall(body)))
        if len(names) < 2:
            return artifact
        first, second = names[0], names[1]
        swapped = re.sub(
            rf"\b(?:{re.escape(first)}|{re.escape(second)})\b",
            lambda m: second if m.group() == first else first,
            body,
        )
        return dataclasses.replace(artifact, summary=swapped + summary[len(body) :])


# -- speculation and attribution from the source events -------------------------------

_HEDGE = re.compile(
    r"\b(?:may|might|could|would|maybe|perhaps|possibly|probably|will|(?:am|is|are|'m)\s+"
    r"(?:thinking|planning|hoping)\s+(?:about|of|to)|thinking\s+(?:about|of)|considering|"
    r"planning\s+to|hoping\s+to|want\s+to)\s+|,?\s*we'll see[^.]*|'ll\b|\bif\b[^,.]*,?\s*",
    re.I,
)


class SpeculationAsSettled(MutantCompressor):
    """Adds each speculative source sentence with its hedge removed ("I may move" -> "I move")."""

    mutant_name = "speculation_as_settled"

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        lines = []
        for event in request.events:
            for statement in read_statements(event.text):
                if statement.tokens and any(statement.speculative(i) for i in range(len(statement.tokens))):
                    lines.append(_HEDGE.sub("", statement.text).strip())
        return _append(artifact, [line for line in lines if line])


_QUOTE = re.compile(r"['\"\u2018\u201c](?P<q>[^'\"\u2019\u201d]{4,})['\"\u2019\u201d]")


def _unquoted(event: SourceEvent) -> str:
    match = _QUOTE.search(event.text)
    if match:
        return match.group("q").strip()
    return event.text.split(":", 1)[-1].strip()


class StripAttribution(MutantCompressor):
    """Adds each untrusted event's claim without its source: "a ticket says: 'X'" -> "X"."""

    mutant_name = "strip_attribution"

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        lines = [_unquoted(e) for e in request.events if e.trust is Trust.UNTRUSTED]
        return _append(artifact, [line for line in lines if line])


# -- lifecycle: superseded and deleted text -------------------------------------------


class _Remembering(MutantCompressor):
    """Remembers every event text it was given, by event id and by fact id."""

    def __init__(self, inner: object = None, *, seed: int = 0) -> None:
        super().__init__(inner, seed=seed)  # type: ignore[arg-type]
        self.by_event: dict[str, str] = {}
        self.by_fact: dict[str, str] = {}

    def remember(self, request: CompressionRequest) -> None:
        for event in request.events:
            self.by_event.setdefault(event.event_id, event.text)
            for claim in event.claims:
                self.by_fact.setdefault(claim.fact_id, event.text)


class KeepSupersededSentence(_Remembering):
    """Keeps the sentence of a value a newer event supersedes, as it was first said."""

    mutant_name = "keep_superseded_sentence"

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        self.remember(request)
        old = [c.fact_id for e in request.events for c in e.claims if not c.current]
        old += [s for e in request.events for c in e.claims for s in c.supersedes]
        lines = list(dict.fromkeys(self.by_fact[f] for f in old if f in self.by_fact))
        return _append(artifact, lines)


class RestoreDeletedText(_Remembering):
    """Restores the text of an event it saw before and is no longer given (deleted)."""

    mutant_name = "restore_deleted_text"

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        seen = dict(self.by_event)
        self.remember(request)
        if request.prior is None:  # a rebuilt pass (after a deletion) leaves the deleted events out
            given = {e.event_id for e in request.events}
            gone = [text for event_id, text in seen.items() if event_id not in given]
        else:  # a purging pass names them
            gone = [seen[e] for e in request.deleted_event_ids if e in seen]
        return _append(artifact, gone)


# -- identifiers and failures ---------------------------------------------------------

_DIGITS = re.compile(r"(?<![\w.])(\d*)(\d)(?![\d])")


class RenumberNumbers(_SummaryMutant):
    """Renumbers every number and identifier: the last digit goes up by one ("T-14" -> "T-15")."""

    mutant_name = "renumber_numbers"

    def line(self, text: str) -> str:
        return _DIGITS.sub(lambda m: f"{m.group(1)}{(int(m.group(2)) + 1) % 10}", text)


_TRIED = re.compile(r"\b(?:[Ww]e\s+)?(?:tried|attempted)\b", re.I)
_FAILED = re.compile(r"(?:;|,)?\s*(?:it|which|but it)?\s*failed\b[^.;]*", re.I)


class ConsideredNotFailed(_SummaryMutant):
    """Turns "tried X; it failed with E" into "considered X"."""

    mutant_name = "considered_not_failed"

    def line(self, text: str) -> str:
        if not _FAILED.search(text):
            return text
        return _FAILED.sub("", _TRIED.sub("considered", text))


# -- the control ----------------------------------------------------------------------

_CONTRACT = (
    (re.compile(r"\bdo not\b"), "don't"),
    (re.compile(r"\bdoes not\b"), "doesn't"),
    (re.compile(r"\bis not\b"), "isn't"),
    (re.compile(r"\bcannot\b"), "can't"),
    (re.compile(r"\bI am\b"), "I'm"),
    (re.compile(r"\bI have\b"), "I've"),
)


class FaithfulParaphrase(_SummaryMutant):
    """The control: contractions and expansions ("do not" -> "don't"). It must never be killed."""

    mutant_name = "faithful_paraphrase"

    def line(self, text: str) -> str:
        for pattern, replacement in _CONTRACT:
            text = pattern.sub(replacement, text)
        return text


PROSE_CONTROL = FaithfulParaphrase
"""The control mutant: a suite that reports a violation for it raises false alarms."""
