"""A failure record against a summary: the attempt told with its outcome, not as having
worked, and no fewer times than it failed (:func:`_check_failure`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pytest_compaction.core.violations import Violation, ViolationCode
from pytest_compaction.prose import _text
from pytest_compaction.prose._markers import _listed, _locators
from pytest_compaction.prose.failure_words import retold
from pytest_compaction.prose.invariants import (
    FailureRecord,
    attempted_failure,
    considered_words,
    expansions,
    failure_outcome,
)
from pytest_compaction.prose.normalize import tokens
from pytest_compaction.prose.statements import STOPWORDS

__all__ = ["_check_failure"]


_OUTCOME_REACH = 2
"""How many sentences after the attempt may tell its outcome, each going on from the last."""
_ANAPHOR = re.compile(
    r"^(?:it|this|that|which|they|both|the\s+(?:attempt|change|run|fix)|"
    # an outcome told without its subject ("Failed twice (E)", "Timed out again", "No luck")
    r"failed|crashed|timed\s+out|errored|bounced|didn't\s+work|did\s+not\s+work|no\s+luck|"
    # or as an ability it lacked ("Couldn't keep up", "Could not open the valve")
    r"could\s+not\s+(?!have\b)|couldn't\s+(?!have\b)|"
    # the attempt taken up by a pronoun after a short subject ("The AI tried it, but ...",
    # "We attempted that twice")
    r"(?:[\w'.-]+\s+){0,3}?(?:tried|attempted|tested|retried)\s+(?:it|this|that|them)\b|"
    # or by a pronoun after the attempt's verb ("Bleeding it has been tried", "Replacing them ...")
    r"[a-z]+ing\s+(?:it|this|that|them)\b)\b",
    re.IGNORECASE,
)


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


_TRIED = re.compile(r"\b(?:tried|attempted|trialled|trialed|tested)\b", re.IGNORECASE)
_CLAUSE_BREAK = re.compile(r"[;?]|\s[-\u2013\u2014]\s")


_CONSEQUENCE = re.compile(r",\s+(?:and\s+)?(?:so|then)\s+", re.IGNORECASE)


def _about_attempt(window: str, approach: Sequence[str]) -> str:
    """``window`` without a consequence after ", so" that does not name the attempt:
    "tried resetting the router twice, ..., *so the AI suggested calling the provider*"
    suggests the next step, it does not make the reset a suggestion."""
    parts = _CONSEQUENCE.split(window)
    kept = [parts[0]] + [p for p in parts[1:] if any(_text.contains(p, m) for m in approach)]
    return " ".join(kept)


def _only_proposed(window: str, approach: Sequence[str]) -> bool:
    """Whether the clause that names the attempt offers it as an idea ("maybe clear the npm
    cache?", "try clearing the cache") with no failure of its own: a failure told in another
    clause ("the install fails with E; maybe ...") is what the attempt is meant to fix."""
    for clause in _CLAUSE_BREAK.split(window):
        if any(_text.contains(clause, m) for m in approach):
            tried = _TRIED.search(clause) is not None  # "was suggested and tried"
            return bool(considered_words(clause)) and not tried and attempted_failure(clause) is None
    return False


_SHARED_WORDS = 3
"""How many of a record's content words a sentence after the one naming the attempt must
hold to go on about that attempt."""


def _retells_attempt(text: str, record: str) -> bool:
    """Whether ``text`` holds :data:`_SHARED_WORDS` content words of the record ("...
    covered getting to Carrow. *Rebooking* the 5:40 pm *train online* has been tried twice"):
    it tells the attempt the sentence before named."""
    own = {
        t.norm for t in tokens(record) if t.norm not in STOPWORDS and t.norm[:1].isalpha() and len(t.norm) > 2
    }
    here = {t.norm for t in tokens(text)}
    return len(own & here) >= _SHARED_WORDS


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
        while (
            following < len(sentences)
            and following - spot[-1] <= _OUTCOME_REACH
            and (
                _ANAPHOR.match(_unlabelled(sentences[following].text, sentences[spot[-1]].text))
                or any(_text.contains(sentences[following].text, m) for m in record.error)
                or _retells_attempt(sentences[following].text, record.text)
            )
        ):
            # "Tried X. It failed with E."; "Tried X. Three hours in, the restore crashed
            # with E.": the next sentence that names this record's own error tells its outcome,
            # and so does one after it ("It did not work. The site showed E.").
            indexes.append(following)
            following += 1
        window, bare = _outcome_text(record, " ".join(sentences[i].text for i in indexes))
        if (
            failure_outcome(bare, record.error, told=record.text) is None
            and retold(bare, record.text) is None
        ):
            continue
        if considered_words(_about_attempt(window, record.approach)) and attempted_failure(bare) is None:
            continue  # "considered X" next to an error word is still only considered
        if _only_proposed(_about_attempt(window, record.approach), record.approach):
            continue  # "install fails with E; maybe clear the cache?": the failure is not the try's
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
