"""The prose contract: a summary against the register of pinned invariants.

Deterministic and explainable: no model and no network. Each active invariant is
located by its markers (the sentence that holds all of them) and its modal force is
read from a fixed word list (:mod:`pytest_compaction.prose.modality`); every violation
names the words that decided it. See ``docs/prose.md`` for the rules and the table
of paraphrases they decide.

Re-grounding: a pass declares that it re-grounded from the register by carrying
the register's *pinned block* (:func:`pin_block`), every active entry verbatim. The
declaration is checked, not trusted: a block that lacks an active entry, or
changed its words, does not count. A re-grounded pass is depth 1 again, and the
block is authoritative for the invariants it pins.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pytest_compaction.core._fields import (
    check_keys,
    join,
    read_int,
    read_mapping,
    read_sequence,
    read_str,
    read_str_list,
    type_name,
)
from pytest_compaction.core.errors import PayloadError
from pytest_compaction.core.model import SourceEvent, Trust
from pytest_compaction.core.prose_form import DEFAULT_MAX_DEPTH, ProsePolicy
from pytest_compaction.core.violations import Verdict, Violation, ViolationCode, sort_violations
from pytest_compaction.prose import _text
from pytest_compaction.prose.chain import compare_lineage, digests
from pytest_compaction.prose.invariants import (
    FailureRecord,
    Invariant,
    InvariantRegister,
    attempted_failure,
    check_verbatim,
    considered_words,
    expansions,
    failure_outcome,
)
from pytest_compaction.prose.modality import (
    CueKind,
    Judgement,
    Modality,
    command_verb,
    commanded,
    complements,
    condition_words,
    count_constraints,
    judge,
    kept,
    own_act,
    read,
    reshaped,
    same_bound,
    standing,
    states_condition,
)
from pytest_compaction.prose.normalize import tokens

__all__ = [
    "BLOCK_END",
    "BLOCK_START",
    "DEFAULT_MAX_DEPTH",
    "Grounding",
    "PassState",
    "ProsePolicy",
    "check_prose",
    "event_label",
    "grounding",
    "next_state",
    "pin_block",
    "reclaimable_chars",
    "reground",
]

BLOCK_START = "=== PINNED INVARIANTS (verbatim from the register; they override anything above) ==="
BLOCK_END = "=== END PINNED INVARIANTS ==="

_BLOCK = re.compile(
    r"^[ \t]*=== PINNED INVARIANTS\b[^\n]*===[ \t]*\n"
    r"(?P<body>.*?)"
    r"^[ \t]*=== END PINNED INVARIANTS ===[ \t]*$\n?",
    re.MULTILINE | re.DOTALL,
)
_STRAY = re.compile(r"^[ \t]*=== (?:END )?PINNED INVARIANTS\b[^\n]*===[ \t]*$\n?", re.MULTILINE)
_ANAPHOR = re.compile(
    r"^(?:it|this|that|which|they|both|the\s+(?:attempt|change|run|fix)|"
    # an outcome told without its subject ("Failed twice (E)", "Timed out again", "No luck")
    r"failed|crashed|timed\s+out|errored|bounced|didn't\s+work|did\s+not\s+work|no\s+luck|"
    # or as an ability it lacked ("Couldn't keep up", "Could not open the valve")
    r"could\s+not\s+(?!have\b)|couldn't\s+(?!have\b)|"
    # the attempt taken up by a pronoun after a short subject ("The AI tried it, but ...",
    # "We attempted that twice")
    r"(?:[\w'.-]+\s+){0,3}?(?:tried|attempted|tested|retried)\s+(?:it|this|that|them)\b)\b",
    re.IGNORECASE,
)
_BINDING = (Modality.PROHIBITION, Modality.OBLIGATION)


@dataclass(frozen=True, slots=True, kw_only=True)
class PassState:
    """What one compaction pass leaves for the next check."""

    summary_chars: int
    """The summary's length in characters, its pinned block and surrounding whitespace left
    out (the block is the register's cost, not the summary's)."""
    depth: int = 1
    """How many summaries deep it is; 1 after a re-grounded pass."""
    active_ids: tuple[str, ...] = ()
    """The register's active entries after the pass."""
    entries: tuple[tuple[str, str], ...] = ()
    """Every register entry's id and content digest, in register order (see :mod:`.chain`)."""
    added_chars: int = 0
    """What the next pass's new input adds: its events' text and source labels. Growth up
    to it is the new input told, not space left unreclaimed."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "active_ids", tuple(self.active_ids))
        object.__setattr__(self, "entries", tuple((str(i), str(d)) for i, d in self.entries))

    @classmethod
    def from_dict(cls, data: object, path: str = "previous") -> PassState:
        """``{summary: str | summary_chars: int, depth: int, active_ids: [str]}``."""
        data = read_mapping(data, path)
        check_keys(
            data, path, required=(), optional=("summary", "summary_chars", "depth", "active_ids", "entries")
        )
        if ("summary" in data) == ("summary_chars" in data):
            raise PayloadError(
                join(path, "summary"),
                "give the previous summary's text (summary) or its length (summary_chars), exactly one",
            )
        if "summary" in data:
            text = data["summary"]
            if not isinstance(text, str):
                raise PayloadError(
                    join(path, "summary"), f"expected a string, got {text!r} ({type_name(text)})"
                )
            chars = reclaimable_chars(text)
        else:
            chars = read_int(data, "summary_chars", path)
            if chars < 0:
                raise PayloadError(join(path, "summary_chars"), f"expected an integer >= 0, got {chars}")
        depth = read_int(data, "depth", path, 1)
        if depth < 1:
            raise PayloadError(join(path, "depth"), f"expected an integer >= 1, got {depth}")
        return cls(
            summary_chars=chars,
            depth=depth,
            active_ids=read_str_list(data, "active_ids", path),
            entries=_entries(data.get("entries"), join(path, "entries")),
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "summary_chars": self.summary_chars,
            "depth": self.depth,
            "active_ids": list(self.active_ids),
        }
        if self.entries:
            out["entries"] = [{"id": ident, "digest": digest} for ident, digest in self.entries]
        return out


def _entries(raw: object, path: str) -> tuple[tuple[str, str], ...]:
    if raw is None:
        return ()
    found = []
    for index, item in enumerate(read_sequence(raw, path)):
        where = join(path, index)
        item = read_mapping(item, where)
        check_keys(item, where, required=("id", "digest"), optional=())
        found.append((read_str(item, "id", where), read_str(item, "digest", where)))
    return tuple(found)


# -- source labels --------------------------------------------------------------


def event_label(event: SourceEvent) -> str:
    """The label a line of prose memory starts with to cite its source event and facts:
    ``[e2 untrusted previously: fact-city-1] `` (the words only where they apply).

    "untrusted" attributes the line to an untrusted source; "previously" tells it as
    history (every fact the event states is over). Summary growth is allowed one label
    per new event on top of its text (:mod:`pytest_compaction.prose.checks`).
    """
    words = [event.event_id]
    if event.trust is Trust.UNTRUSTED:
        words.append("untrusted")
    if event.claims and not any(claim.current for claim in event.claims):
        words.append("previously")
    ids = " ".join(claim.fact_id for claim in event.claims)
    return f"[{' '.join(words)}{': ' + ids if ids else ''}] "


# -- re-grounding ---------------------------------------------------------------


def _line(entry: Invariant | FailureRecord) -> str:
    return f"- [{entry.id}] {entry.text.strip()}"


def pin_block(register: InvariantRegister) -> str:
    """The register's active entries, verbatim, between marker lines.

    A summary that carries this block declares (checkably) that its pass re-grounded
    from the register.
    """
    lines = [BLOCK_START, *(_line(entry) for entry in register.active()), BLOCK_END]
    return "\n".join(lines)


def reground(register: InvariantRegister, summary: str) -> str:
    """``summary`` with any old pinned block removed and the current one appended."""
    body = _STRAY.sub("", _BLOCK.sub("", summary)).rstrip()
    return f"{body}\n\n{pin_block(register)}\n" if body else f"{pin_block(register)}\n"


def handed_back(prior: str | None, summary: str | None) -> bool:
    """Whether ``summary`` is ``prior`` handed back as it was (pinned blocks and white space
    aside): a pass that summarized nothing, as a summarization middleware below its trigger
    returns its memory unchanged."""

    def bare(text: str | None) -> str:
        return " ".join(_BLOCK.sub("", text or "").split())

    return bool(bare(prior)) and bare(prior) == bare(summary)


def reclaimable_chars(summary: str) -> int:
    """The summary's length without its pinned blocks and surrounding whitespace."""
    return len(_BLOCK.sub("", summary).strip())


@dataclass(frozen=True, slots=True)
class Grounding:
    """Whether a summary carries a current pinned block."""

    present: bool
    """A pinned block is there at all."""
    missing: tuple[str, ...] = ()
    """Active entries the block does not hold verbatim (a stale or edited block)."""

    @property
    def ok(self) -> bool:
        return self.present and not self.missing


def grounding(register: InvariantRegister, summary: str) -> Grounding:
    """Whether ``summary`` re-grounded from ``register``: a pinned block holding every
    active entry's line exactly as :func:`pin_block` writes it."""
    blocks = [m.group("body") for m in _BLOCK.finditer(_text.normalize(summary))]
    if not blocks:
        return Grounding(False)
    best: tuple[str, ...] | None = None
    for body in blocks:
        lines = {line.strip() for line in body.splitlines()}
        missing = tuple(e.id for e in register.active() if _text.normalize(_line(e)) not in lines)
        if best is None or len(missing) < len(best):
            best = missing
    return Grounding(True, best or ())


# -- the check ------------------------------------------------------------------


def next_state(
    register: InvariantRegister,
    summary: str,
    *,
    previous: PassState | None = None,
    depth: int | None = None,
) -> PassState:
    """The state a pass leaves: its length, its depth (1 when it re-grounded), the active ids."""
    effective = 1 if grounding(register, summary).ok else _depth(previous, depth)
    return PassState(
        summary_chars=reclaimable_chars(summary),
        depth=effective,
        active_ids=register.active_ids,
        entries=digests(register),
    )


def _depth(previous: PassState | None, depth: int | None) -> int:
    if depth is None:
        return previous.depth + 1 if previous is not None else 1
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ValueError(f"depth must be an integer >= 1, got {depth!r}")
    return depth


def check_prose(
    register: InvariantRegister | Mapping[str, Any],
    summary: str,
    *,
    previous: PassState | None = None,
    depth: int | None = None,
    policy: ProsePolicy | None = None,
) -> Verdict:
    """Check one summary against the register and return every violation.

    ``previous`` is the state the last pass left (:func:`next_state`); without it the
    growth and lineage checks have nothing to compare with. ``depth`` is how many
    summaries deep this summary is (1: summarized from raw events); it defaults to one
    more than ``previous.depth``, or 1.
    """
    if not isinstance(summary, str):
        raise TypeError(f"summary must be a string, got {summary!r} ({type_name(summary)})")
    register = InvariantRegister.coerce(register)
    policy = policy or ProsePolicy()
    level = _depth(previous, depth)
    found: list[Violation] = []
    ground = grounding(register, summary)
    sentences = _text.labelled_sentences(summary)
    if not ground.ok:
        for invariant in register.invariants():
            found.extend(_check_invariant(invariant, sentences))
        for record in register.failures():
            found.extend(_check_failure(record, sentences))
    verbatim = [entry for entry in register.active() if entry.verbatim]
    found.extend(check_verbatim(verbatim, summary, why="it is marked verbatim"))
    found.extend(_check_density(register, sentences, len(summary)))
    found.extend(_check_lineage(register, previous))
    found.extend(_check_depth(level, ground, policy))
    found.extend(_check_budget(summary, previous, policy))
    return Verdict(violations=sort_violations(found))


def _listed(words: Sequence[str]) -> str:
    return ", ".join(repr(w) for w in words)


def _locators(text: str, markers: tuple[str, ...]) -> tuple[str, ...]:
    """``markers`` and the words any of them abbreviates (:func:`_expansions`)."""
    also = expansions(text, markers)
    return (*markers, *also.values()) if also else markers


def _check_invariant(invariant: Invariant, sentences: Sequence[_text.Sentence]) -> list[Violation]:
    iid = invariant.id
    also = expansions(invariant.text, invariant.markers)
    spots = _text.windows(sentences, invariant.markers, also=also)
    if not spots:
        per = _text.markers_per_sentence(sentences, invariant.markers, also=also)
        if not per:
            return [
                Violation(
                    code=ViolationCode.INVARIANT_DROPPED,
                    fact_id=iid,
                    expected=invariant.text,
                    detail=f"none of its markers ({_listed(invariant.markers)}) is in the summary",
                )
            ]
        best = max(per, key=lambda i: len(per[i]))  # the first sentence holding the most markers
        out = []
        for marker in invariant.markers:
            if marker in per[best]:
                continue
            elsewhere = any(marker in got for got in per.values())
            where = (
                f"not in sentence {best + 1}, which states the invariant; it appears elsewhere"
                if elsewhere
                else "nowhere in the summary"
            )
            out.append(
                Violation(
                    code=ViolationCode.MARKER_MISSING,
                    fact_id=iid,
                    expected=marker,
                    detail=f"{marker!r} is {where}",
                )
            )
        return out
    judged = _with_restated(spots, sentences)
    results = [(spot, _judged(invariant, tuple(sentences[i].text for i in spot))) for spot in judged]
    if not any(j.ok for _, j in results):
        results.extend(_told_next(invariant, sentences, results))
    contradicting = [(spot, j) for spot, j in results if not j.ok and j.contradicts]
    if any(j.ok for _, j in results) and not contradicting:
        return []
    spot, verdict = contradicting[0] if contradicting else results[0]
    where = " and ".join(str(i + 1) for i in spot)
    return [
        Violation(
            code=ViolationCode.MODAL_WEAKENED,
            fact_id=iid,
            expected=invariant.modality.value,
            observed=verdict.observed,
            detail=f"sentence {where}: {verdict.reason}",
        )
    ]


_Judged = tuple[tuple[int, ...], Judgement]

# A sentence that opens by saying it restates the one before ("In other words, ...", "That
# is, ...", "I.e. ...", "Put another way, ..."): the two say one thing and are judged as one.
_RESTATES = re.compile(
    r"^\W*(?:that\s+is(?:\s+to\s+say)?\s*,|i\.\s?e\.|(?:in\s+other\s+words|put\s+(?:another\s+way|differently)|"
    r"(?:to\s+)?put\s+it\s+(?:another\s+way|differently|simply)|said\s+differently|otherwise\s+put)\b)",
    re.IGNORECASE,
)


def _with_restated(
    spots: Sequence[tuple[int, ...]], sentences: Sequence[_text.Sentence]
) -> list[tuple[int, ...]]:
    """``spots`` with a spot that opens with a restatement (:data:`_RESTATES`) joined to the
    sentence it restates."""
    out = []
    for spot in spots:
        first = spot[0]
        if first and _RESTATES.match(sentences[first].text):
            spot = (first - 1, *spot)
        out.append(spot)
    return out


def _told_next(
    invariant: Invariant, sentences: Sequence[_text.Sentence], results: Sequence[_Judged]
) -> list[_Judged]:
    """A sentence that only mentions the invariant's subject, with no rule word of any kind
    ("Customer rang asking for a member's access code."), and the next sentence, which
    holds one of its markers and states the rule ("Access codes are never given out."): the
    two sentences are judged as one spot."""
    out = []
    for spot, judgement in results:
        after = spot[-1] + 1
        if judgement.observed != "none" or after >= len(sentences):
            continue
        if any(
            _text.contains(sentences[after].text, m) for m in _locators(invariant.text, invariant.markers)
        ):
            texts = tuple(sentences[i].text for i in (*spot, after))
            out.append(((*spot, after), _judged(invariant, texts)))
    return out


@functools.lru_cache(maxsize=4096)
def _judged(invariant: Invariant, texts: tuple[str, ...]) -> Judgement:
    """Whether the sentences ``texts`` (one spot of the summary) keep ``invariant``'s force.

    Cached by the invariant and the sentences' texts alone: the next pass of a rolling
    summary repeats the sentences that state its pins, wherever they now sit.
    """
    stating = [clause for text in texts for clause in _stating(text, invariant)]
    own = read(invariant.text)
    verb = command_verb(own)
    readings = [
        own_act(read(clause) if verb is None else commanded(clause, verb), invariant.text)
        for clause in stating
    ]
    outside = complements(invariant.text)
    verdict = judge(invariant.modality, readings, invariant=own, complemented=outside)
    if not verdict.ok and verdict.observed in ("none", "permission"):
        # Read only when the cues fall short: a condition kept in its own words, a standing procedure.
        stated = states_condition(invariant.text, stating)
        procedure = next((p for clause in stating if (p := standing(clause))), None)
        verdict = judge(
            invariant.modality,
            readings,
            invariant=own,
            condition_stated=stated,
            procedure=procedure,
            complemented=outside,
        )
    if verdict.ok and invariant.modality is Modality.PERMISSION_WITH_CONDITION:
        # A dropped condition widens a permission; it only tightens a prohibition or obligation.
        verdict = _kept_conditions(invariant, stating) or verdict
    return verdict


_REFERS_BACK = re.compile(r"\b(?:it|them|they|this|these|those)\b", re.IGNORECASE)
_CONDITION_OPENS = re.compile(
    r"^\s*(?:only|provided|providing|as\s+long\s+as|so\s+long\s+as|on\s+condition|"
    r"(?:not|never)\s+(?:until|till|before|after|without|unless|during|outside|earlier\s+than|later\s+than))\b",
    re.IGNORECASE,
)
"""A clause that opens with a condition ("..., but only after HR has checked", "..., but not
until the bloodwork is back", "..., but never without the nurse signing him out")
restricts the clause before it."""


# "if, and only if," (or "when and only when"): one connective, "only if", whose commas
# split no clause.
_IFF = re.compile(r"\b(if|when|whenever|after|once|where)\s*,?\s+and\s+only\s+\1\b\s*,?\s*", re.IGNORECASE)


def _stating(sentence: str, invariant: Invariant) -> list[str]:
    """The clauses of ``sentence`` that state the invariant: those with a marker, and a
    clause right after one that refers back to it ("...preferred name is Sol; staff must
    always use it") or opens with its condition ("..., but only after review")."""
    parts = _text.clauses(_IFF.sub(r"only \1 ", sentence))
    markers = _locators(invariant.text, invariant.markers)
    marked = [any(_text.contains(part, m) for m in markers) for part in parts]
    return [
        part
        for i, part in enumerate(parts)
        if marked[i]
        or (i > 0 and marked[i - 1] and (_REFERS_BACK.search(part) or _CONDITION_OPENS.match(part)))
    ]


_AND_CLAUSE = re.compile(r",\s+and\s+", re.IGNORECASE)


def _kept_conditions(invariant: Invariant, texts: Sequence[str]) -> Judgement | None:
    """A failed judgement when the statement drops one of the invariant's own conditions
    (no more than half of the words that state it survive, and the statement's own
    condition is not it said in the same shape: :func:`reshaped`), else None."""
    # Words of a coordinated clause that states something else ("..., and the guard is
    # available") keep no condition: only parts with a marker or a condition word count.
    markers = _locators(invariant.text, invariant.markers)
    parts = [
        part
        for text in texts
        for part in _AND_CLAUSE.split(text)
        if condition_words(part) or any(_text.contains(part, m) for m in markers)
    ]
    stems = {t.norm for part in parts for t in tokens(part)}
    own = [restated for part in parts for _, restated in condition_words(part)]
    for condition, words in condition_words(invariant.text):
        if any(_text.contains(condition, m) for m in markers):
            continue  # a condition that holds a marker is checked as that marker
        if kept(words, stems) or any(reshaped(words, restated) for restated in own):
            continue
        if not same_bound(condition, texts):
            return Judgement(
                False, "condition lost", f"the invariant's condition {condition!r} is lost", True
            )
    return None


# The attempt told as having worked, or the problem as over: with no failure word beside
# it, an error named in the same breath is what stopped ("did the trick; the alarms
# stayed clear"), not what the attempt failed with.
_RESOLVED = re.compile(
    r"\b(?:did\s+the\s+trick|(?:it|that|this|which)\s+(?:\w+\s+)?worked|fixed|solved|resolved|cured|"
    r"sorted\s+(?:it\s+|that\s+)?out|cleared(?:\s+up)?(?!\s+(?:the|a|an|it|them|his|her|its|our|their|my|your)\b)|(?:stayed|stays|remained|remains|kept|keeps)\s+"
    r"(?:clear|quiet|away|gone)|went\s+away|disappeared|vanished|(?:has|have|had)\s+(?:\w+\s+)?stopped|"
    r"stopped\s+(?:appearing|happening|coming|showing)|ceased|no\s+(?:more|further|longer)|succeeded|"
    r"successful(?:ly)?|back\s+to\s+normal)\b"
)
_NEGATED_BEFORE = re.compile(r"(?:\bnot|n't|\bnever|\bno)\s+(?:\w+\s+)?$")
# The error's name with a word that says it did not occur ("no bumps", "zero errors since").
_NONE_BEFORE = re.compile(r"\b(?:no|no\s+more|no\s+further|zero|without|free\s+of)\s+(?:\w+\s+)?$")


def _resolved(window: str, error: Sequence[str]) -> str | None:
    """The words that tell the attempt in ``window`` worked or its problem ended, or None."""
    lowered = _text.normalize(window).lower()
    for match in _RESOLVED.finditer(lowered):
        if not _NEGATED_BEFORE.search(lowered[: match.start()]):
            return " ".join(match.group().split())
    for marker in error:
        for match in _text.marker_pattern(marker).finditer(lowered):
            before = _NONE_BEFORE.search(lowered[: match.start()])
            if before:
                return " ".join(f"{before.group()}{match.group()}".split())
    return None


# How many times something was tried or failed: a count of times or attempts ("twice",
# "3 times", "two attempts"), and a repeat told without a number ("the retry also failed",
# "failed again", "both runs"), which is at least two.
_COUNTED = frozenset({"~time", "attempt", "tri", "try", "run", "go"})
_NOT_ONCE = frozenset(
    {"more", "again", "the", "a", "an", "it", "we", "they", "he", "she", "you", "i", "this", "that"}
)
_FREQUENCY = frozenset({"a", "an", "per", "every", "each"})
_REPEAT = re.compile(
    r"\b(?:retr(?:y|ies|ied)|re-?ran|re-?run|again|both|repeatedly|each\s+time|every\s+time|"
    r"(?:second|third|another)\s+(?:time|attempt|try|run|go))\b"
)
_CLAUSE = re.compile(r"[^,;:.!?]+")


_SINGLE = re.compile(r"\b(?:a|one)\s+single\s+(?:time|attempt|try|run|go)\b", re.IGNORECASE)


def _times(text: str) -> tuple[int, str] | None:
    """The count of times ``text`` says something was tried or failed, and its words."""
    single = _SINGLE.search(text)
    if single:
        return 1, single.group()
    found = tokens(text)
    for i, token in enumerate(found[:-1]):
        if not token.norm.startswith("#") or found[i + 1].norm not in _COUNTED:
            continue
        after = found[i + 2].norm if i + 2 < len(found) else ""
        if after in _FREQUENCY or (token.raw.lower() == "once" and after in _NOT_ONCE):
            continue  # "once a week" is a rate; "once more" a repeat; "Once the export failed" a time
        try:
            return int(float(token.norm[1:])), text[token.start : found[i + 1].end]
        except ValueError:
            continue
    return None


def _record_times(record: FailureRecord) -> tuple[int, str] | None:
    """How many failed attempts the record tells, when it tells more than one."""
    counted = _times(record.text)
    if counted is not None:
        return counted if counted[0] > 1 else None
    lowered = _text.normalize(record.text).lower()
    for clause in _CLAUSE.finditer(lowered):
        repeat = _REPEAT.search(clause.group())
        if repeat and failure_outcome(clause.group()) is not None:
            return 2, " ".join(clause.group().split())
    return None


def _fewer_times(record: FailureRecord, window: str) -> str | None:
    """Why ``window`` tells fewer failed attempts than the record, or None."""
    told = _record_times(record)
    said = _times(window) if told is not None else None
    if told is None or said is None or said[0] >= told[0]:
        return None
    return f"the record tells {told[0]} or more failed attempts ({told[1]!r}), the summary {said[1]!r}"


# Verbs of coming to have something: "never got a reply" is "no reply", "never lost a
# signal" is not "no signal".
_GETTING = (
    r"(?:get|gets|got|gotten|getting|receive[ds]?|receiving|have|has|had|hear|heard|see|saw|seen|"
    r"find|found|obtain(?:ed)?|pick(?:ed)?\s+up)"
)


def _none_of(marker: str) -> re.Pattern[str] | None:
    """For an error marker of the form "no X" ("no reply", "no signal"), the other ways
    English says there was no X: "without any reply", "with no reply", "never got a
    reply", "didn't receive a single reply". None for other markers."""
    head, _, rest = " ".join(_text.normalize(marker).split()).partition(" ")
    if head.lower() != "no" or not rest:
        return None
    thing = _text.marker_pattern(rest)
    some = r"(?:(?:any|a|an|one|a\s+single)\s+)?"
    return re.compile(
        rf"\b(?:without|with\s+no)\s+{some}(?:{thing.pattern})"
        rf"|(?:\bnot|n't|\bnever)\s+(?:(?:yet|once|even|ever)\s+)?{_GETTING}\s+{some}(?:{thing.pattern})",
        thing.flags | re.IGNORECASE,
    )


def _outcome_text(record: FailureRecord, window: str) -> tuple[str, str]:
    """``window`` as the failure check reads it: each "no X" error marker said another
    way written as the marker, and (second) the same without the approach markers, whose
    own words ("the broken lift", "the failed import") name the attempt, not its outcome."""
    kept = _text.normalize(window)
    for marker in record.error:
        other = _none_of(marker)
        if other is not None and not _text.contains(kept, marker):
            kept = other.sub(" " + marker.replace("\\", "\\\\"), kept)  # as written, not a template
    bare = kept
    for marker in _locators(record.text, record.approach):
        bare = _text.marker_pattern(marker).sub(" ", bare)
    return kept, bare


def _unlabelled(text: str, before: str) -> str:
    """``text`` without the list label it shares with the sentence ``before`` it: two bullets
    under one heading ("Notes: Tried X." / "Notes: It failed.") follow on as plain sentences do."""
    label, colon, rest = text.partition(": ")
    return rest if colon and before.startswith(label + colon) else text


def _check_failure(record: FailureRecord, sentences: Sequence[_text.Sentence]) -> list[Violation]:
    rid = record.id
    spots = _text.windows(sentences, record.approach, also=expansions(record.text, record.approach))
    if not spots:
        return [
            Violation(
                code=ViolationCode.FAILURE_HISTORY_COLLAPSED,
                fact_id=rid,
                expected="tried and failed",
                observed="absent",
                detail=f"no sentence names the attempt ({_listed(record.approach)})",
            )
        ]
    short: list[str] | None = None
    fewer: tuple[int, str] | None = None
    for spot in spots:
        indexes = list(spot)
        following = spot[-1] + 1
        if following < len(sentences) and (
            _ANAPHOR.match(_unlabelled(sentences[following].text, sentences[spot[-1]].text))
            or any(_text.contains(sentences[following].text, m) for m in record.error)
        ):
            # "Tried X. It failed with E."; "Tried X. Three hours in, the restore crashed
            # with E.": the next sentence that names this record's own error tells its outcome.
            indexes.append(following)
        window, bare = _outcome_text(record, " ".join(sentences[i].text for i in indexes))
        if failure_outcome(bare, record.error) is None:
            continue
        if considered_words(window) and attempted_failure(bare) is None:
            continue  # "considered X" next to an error word is still only considered
        if failure_outcome(bare) is None and _resolved(window, record.error):
            continue  # only the error's name, and it is told as over: the attempt worked
        missing = [m for m in record.error if not _text.contains(window, m)]
        if missing:
            short = missing if short is None or len(missing) < len(short) else short
            continue
        why = _fewer_times(record, window)
        if why is None:
            return []
        fewer = fewer or (spot[0], why)
    if short is not None:
        return [
            Violation(
                code=ViolationCode.MARKER_MISSING,
                fact_id=rid,
                expected=marker,
                detail=f"the failure is kept but not what it failed with: {marker!r} is missing",
            )
            for marker in short
        ]
    if fewer is not None:
        return [
            Violation(
                code=ViolationCode.FAILURE_HISTORY_COLLAPSED,
                fact_id=rid,
                expected="tried and failed, repeatedly",
                observed="failed fewer times",
                detail=f"sentence {fewer[0] + 1}: {fewer[1]}",
            )
        ]
    first, bare = _outcome_text(record, " ".join(sentences[i].text for i in spots[0]))
    considered = considered_words(first)
    resolved = _resolved(first, record.error)
    if considered:
        why = f"{', '.join(map(repr, considered))} makes it read as considered, not tried and failed"
    elif resolved and failure_outcome(bare) is None:
        why = f"{resolved!r} tells it as having worked, not failed"
    else:
        why = "it is mentioned without its failure"
    return [
        Violation(
            code=ViolationCode.FAILURE_HISTORY_COLLAPSED,
            fact_id=rid,
            expected="tried and failed",
            observed="considered" if considered else "mentioned",
            detail=f"sentence {spots[0][0] + 1}: {why}",
        )
    ]


def _check_density(
    register: InvariantRegister, sentences: Sequence[_text.Sentence], chars: int
) -> list[Violation]:
    binding = [i.id for i in register.invariants() if i.modality in _BINDING]
    if not binding or any(count_constraints(s.text) for s in sentences):
        return []
    if _restates_a_command(register, sentences):
        return []
    return [
        Violation(
            code=ViolationCode.CONSTRAINT_DENSITY_COLLAPSED,
            expected="a prohibition or obligation",
            observed="none",
            detail=(
                f"{len(binding)} active prohibition or obligation invariant{'s' if len(binding) > 1 else ''} "
                f"({', '.join(binding)}) but the summary's "
                f"{chars} characters hold no prohibition or obligation word"
            ),
        )
    ]


def _restates_a_command(register: InvariantRegister, sentences: Sequence[_text.Sentence]) -> bool:
    """Whether a sentence opens a clause with the verb a binding rule commands, in a note's
    short form ("kitchen: turn breaker off"): a command, though no word list knows the verb."""
    verbs = {v for i in register.invariants() if i.modality in _BINDING and (v := command_verb(read(i.text)))}
    return any(commanded(s.text, verb).has(CueKind.OBLIGATION) for verb in verbs for s in sentences)


def _check_lineage(register: InvariantRegister, previous: PassState | None) -> list[Violation]:
    if previous is None:
        return []
    now = len(register.active())
    return [
        Violation(
            code=ViolationCode.INVARIANT_RETIRED_WITHOUT_EVENT,
            fact_id=ident,
            expected="active, or retired by an event",
            observed="gone from the register",
            detail=(
                f"active entries went from {len(previous.active_ids)} to {now} "
                f"with no retirement event for it"
            ),
        )
        for ident in previous.active_ids
        if ident not in register
    ] + compare_lineage(previous.entries, digests(register))


def _check_depth(level: int, ground: Grounding, policy: ProsePolicy) -> list[Violation]:
    if ground.ok or level <= policy.max_depth:
        return []
    stale = ""
    if ground.present:
        stale = f"; its pinned block is stale (lacks {', '.join(ground.missing)} verbatim)"
    return [
        Violation(
            code=ViolationCode.DEPTH_EXCEEDED,
            expected=policy.max_depth,
            observed=level,
            detail=(
                f"a summary {level} summaries deep, past the cap of {policy.max_depth}, must re-ground: "
                f"carry pin_block(register) (CompactionGate(on_violation='reground') does it){stale}"
            ),
        )
    ]


def _check_budget(summary: str, previous: PassState | None, policy: ProsePolicy) -> list[Violation]:
    if policy.budget_chars is not None:
        if len(summary) <= policy.budget_chars:
            return []
        return [
            Violation(
                code=ViolationCode.SUMMARY_NOT_RECLAIMED,
                expected=policy.budget_chars,
                observed=len(summary),
                detail=f"{len(summary)} characters exceed the budget of {policy.budget_chars}",
            )
        ]
    if previous is None:
        return []
    chars = reclaimable_chars(summary)
    allowed = previous.summary_chars + previous.added_chars
    if chars <= allowed:
        return []
    new_input = (
        f", more than the {previous.added_chars} its new input adds ({allowed} at most: a longer "
        f"summary keeps more than the previous summary and the new events' own text)"
        if previous.added_chars
        else ""
    )
    return [
        Violation(
            code=ViolationCode.SUMMARY_NOT_RECLAIMED,
            expected=allowed,
            observed=chars,
            detail=f"the summary grew from {previous.summary_chars} to {chars} characters{new_input}; "
            f"no budget was reclaimed",
        )
    ]
