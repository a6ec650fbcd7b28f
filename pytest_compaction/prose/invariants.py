"""Pinned invariants and failure records: the register a prose summary is checked against.

The register is extracted *before* compaction and never summarized. It is
append-only: an entry is never edited or removed; it leaves the active set only
through :meth:`InvariantRegister.retire`, which needs the id of the event that
retires it and a reason. A failure record ("tried X, failed with E") is retired
the same way, by the success event that ends it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias

from pytest_compaction.core._fields import (
    check_keys,
    join,
    read_bool,
    read_mapping,
    read_sequence,
    read_str,
    read_str_list,
    type_name,
)
from pytest_compaction.core.errors import LifecycleError, PayloadError, UnknownIdError, _closest
from pytest_compaction.core.violations import Violation, ViolationCode
from pytest_compaction.prose import _text
from pytest_compaction.prose.modality import Modality, judge, read

__all__ = [
    "Entry",
    "FailureRecord",
    "Invariant",
    "InvariantRegister",
    "Retirement",
    "appears_verbatim",
    "attempted_failure",
    "check_verbatim",
    "considered_words",
    "expansions",
    "failure_outcome",
    "stated_by",
]

# A failure record's outcome words. Negated ones ("did not fail", "without errors") are
# removed first, so they never count as a failure; "could not break it loose" is one (_COULD_NOT).
_NOT_FAILED = re.compile(
    r"\b(?:did\s+not|didn't|does\s+not|doesn't|never|(?<!could\s)not|without|no)\s+"
    r"(?:fail(?:ed|s|ing|ures?)?|errors?|errored|crash(?:ed|es)?|break|broke|issues?|problems?)\b"
)
# A verb of success, arrival or completion, negated: "never arrived", "did not go through",
# "wasn't delivered", "didn't help" report that the attempt failed.
_NEGATED_SUCCESS = (
    r"(?:did\s+not|didn't|does\s+not|doesn't|never|was\s+not|wasn't|were\s+not|weren't|has\s+not|hasn't)\s+"
    r"(?:(?:been\s+)?(?:work(?:ed|s)?|help(?:ed|s)?|improve[ds]?|fix(?:ed|es)?|solve[ds]?|arrive[ds]?|"
    r"c[ao]me|show(?:ed)?\s+up|turn(?:ed)?\s+up|go\s+through|went\s+through|succeed(?:ed|s)?|"
    r"deliver(?:ed|s)?|receive[ds]?|respond(?:ed|s)?|connect(?:ed|s)?|load(?:ed|s)?|finish(?:ed|es)?|"
    r"complete[ds]?|resolve[ds]?))"
)
# The attempt told by what it met: nothing to be had ("no slot was available", "no table
# was free"), or an answer of no ("they said no", "the request was declined").
_REFUSED = (
    r"(?:no\s+(?:\w+\s+){1,2}(?:was|were|is|are)\s+(?:available|free|left|on\s+offer)|"
    r"(?:was|were)\s+(?:unavailable|refused|declined|denied|turned\s+down)|"
    r"(?:said|answered|replied)\s+no|(?:was|were)\s+not\s+available|none\s+(?:was|were)\s+available|"
    # what was handed over came back unaccepted ("the shop sent them back", "we were turned away")
    r"sent\s+(?:it|them|those|these|everything|the\s+lot)\s+back|(?:was|were|got|been)\s+sent\s+back|"
    r"(?:was|were|got|been)\s+(?:\w+\s+)?turned\s+away|turned\s+(?:us|them|him|her|me)\s+away)"
)
# A refusal told in the active voice ("the terminal declined the hold", "the server refused
# the connection"): an outcome in a record, though "considered and declined" is a decision,
# so it is not an attempted event (_FAILED_EVENT).
_REFUSED_ACTIVE = r"declined|refused|denied"
# "Raised" tells a failure when what was raised is an error ("raised a TimeoutError",
# "raised an exception"), not "raised beds" or "raised a ticket".
# The problem outlived the attempt: it came back, persisted, or still happened ("the warning
# came back", "the lever still pulled", "no change"). "Still" needs a verb that happened
# ("still leaked", "still pulls"), not one of need or plan ("still needs a new seal").
_PERSISTED = (
    r"(?:came|comes|coming)\s+back(?!\s+(?:clean|negative|fine|ok|okay|normal|green|good|clear))|kept\s+coming\s+back|reappear(?:ed|s)|recur(?:red|s)|persist(?:ed|s)|"
    r"resurfaced|no\s+change|"
    # the problem went on ("the drops continued at nine a day"), not the work ("continued with")
    r"continu(?:ed|es)(?!\s+(?:to|with|on|working|monitoring|using|testing|the|a|an|our|its|their|his|her)\b)|"
    r"still\s+(?!(?:needs|has|is|was|does|seems|looks|wants|plans|intends|hopes|expects|"
    r"works|worked|runs|holds|helps|helped|passes|passed|applies|applied|stands|counts|"
    r"days|hours|weeks|months|years|minutes)\b)"
    r"(?:[a-z]+ed|[a-z]+s|came|went|showed|got|ran|broke|fell|threw|stuck|froze|rang|there|present)"
)
# Ability denied in the past ("it could not keep up", "we couldn't open the valve", "was
# unable to connect") tells what failed; with "have" ("could not have known") it is a
# counterfactual and tells nothing.
_COULD_NOT = (
    r"(?:could\s+not|couldn't|(?:was|were)\s+(?:unable|not\s+able)\s+to|(?:wasn't|weren't)\s+able\s+to)"
    r"\s+(?!have\b)[a-z]+"
)
_NOT_HYPOTHETICAL_COULD = r"(?!\s+not\s+(?!have\b))"
"""After "could": "could not" + a verb other than "have" is a past failure, not a hypothetical."""
_RAISED = r"raised\s+(?:(?:an?|the|another|one|two|several)\s+)?(?:\w+\s+)?\w*(?:error|exception)s?"
_FAILED = re.compile(
    r"\b(?:fail(?:ed|s|ing|ures?)?|error(?:ed|s)?|crash(?:ed|es)?|broke|broken|breaks|timed\s+out|"
    r"times\s+out|timeout|rejected|"
    + _REFUSED_ACTIVE
    + r"|"
    + _RAISED
    + r"|threw|throws|exception|regress(?:ed|ion)|reverted|"
    r"rolled\s+back|unsuccessful(?:ly)?|" + _NEGATED_SUCCESS + r"|" + _REFUSED + r"|" + _COULD_NOT + r"|"
    r"no\s+luck|dead\s+end|bounced|"
    + _PERSISTED
    + r"|made\s+no\s+difference|(?:(?:had|has|with)\s+)?(?:no|zero)\s+effect|no\s+improvement|"
    r"ineffective|gave\s+up|giv(?:e|es|ing|en)\s+up|abandoned|f[ae]ll(?:s|en)?\s+through)\b"
)
# The outcome told as an event that happened ("failed", "crashed", "timed out"), not as a
# noun that could label a risk ("error", "timeout"): what an attempt needs when the same
# sentence also presents the approach as considered.
_FAILED_EVENT = re.compile(
    r"\b(?:failed|fails|crashed|crashes|broke|errored|threw|timed\s+out|times\s+out|"
    r"(?:was|were|got|been)\s+(?:rejected|reverted|rolled\s+back)|rolled\s+back|reverted|regressed|"
    + _NEGATED_SUCCESS
    + r"|"
    + _REFUSED
    + r"|"
    + _COULD_NOT
    + r"|bounced|"
    + _PERSISTED
    + r"|"
    + _RAISED
    + r"|"
    r"made\s+no\s+difference|had\s+no\s+effect|gave\s+up|given\s+up|abandoned|fell\s+through|"
    r"fallen\s+through)\b"
)
# A failure word in a hypothetical clause ("an option if the service times out", "it
# could crash", "the bank may refuse it": "may" in lower case, not the month) tells no
# outcome: the clause is left out before the outcome is looked for.
_HYPOTHETICAL = re.compile(
    r"\b(?:if|in\s+case|unless|whether|could"
    + _NOT_HYPOTHETICAL_COULD
    + r"|might|would|(?-i:may)|in\s+the\s+event|watch\s+(?:out\s+)?for|"
    r"look\s+out\s+for|beware\s+of|guard\s+against|risk\s+of)\b[^,;.:!?]*",
    re.IGNORECASE,
)
# The subject of a hypothetical modal ("the linker could run out of memory", "(pg_config may
# need to be on PATH)") is part of what might happen: a short stretch, up to three words,
# from the start of its clause to the modal.
_MODAL_SUBJECT = re.compile(
    r"(?:^|(?<=[,;:(])|(?<=\band\s)|(?<=\bbut\s)|(?<=\bso\s))[ \t]*(?P<subject>(?:[\w.'/-]+[ \t]+){1,3}?)"
    r"(?=(?:could\b" + _NOT_HYPOTHETICAL_COULD + r"|might|would|(?-i:may))\b)",
    re.IGNORECASE,
)


def _settled(text: str) -> str:
    """``text`` with its hypothetical clauses blanked (:data:`_HYPOTHETICAL`), a modal's
    short subject with them, unless the subject itself tells a failure ("the build that
    failed could be retried")."""
    work = text
    for match in _MODAL_SUBJECT.finditer(text):
        subject = match.group("subject")
        if not _FAILED.search(subject.lower()):
            start, end = match.span("subject")
            work = work[:start] + " " * (end - start) + work[end:]
    return _HYPOTHETICAL.sub(" ", work)


# Words that present an approach as an idea rather than an attempt with an outcome.
_CONSIDERED = re.compile(
    r"\b(?:consider(?:ed|ing)?|explor(?:e|ed|ing)|look(?:ed)?\s+(?:at|into)|evaluat(?:e|ed|ing)|"
    r"discuss(?:ed|ing)?|thought\s+about|propos(?:e|ed|al)|suggest(?:s|ed|ing|ions?)?|"
    r"recommend(?:s|ed|ing|ations?)?|floated|mooted|put\s+forward|pitched|investigat(?:e|ed|ing)|brainstorm(?:ed)?|"
    r"ideas?|options?|candidates?|next\s+steps?|to-?do|could\s+try|might\s+try|untried|not\s+(?:yet\s+)?tried|never\s+tried)\b"
)


# An attempt, then the problem happening again: "We tried resealing the joint; water dripped
# through again the next day", "tried a new charger, but the screen flickered again". Not when
# we did it again (a retry), nor when what came again is a success ("the tests passed again").
_RECURRED = re.compile(
    r"\b(?:tried|attempted|trialled|trialed)\b[^;]*?(?:[;,:]|\b(?:but|and|then|yet)\b)\s*"
    r"(?P<subject>(?:(?:the|a|an|its|their|our|this|that|[a-z][\w'-]*)\s+){1,4}?)"
    r"(?P<verb>[a-z]+ed|[a-z]+[^e\W]t|came|grew|rose|broke|fell|ran|rang|froze|threw|shook|spread|stuck)\b"
    r"(?:\s+[a-z]+){0,3}?\s+again\b"
)
_AGENTS = frozenset({"we", "i", "you", "us", "me"})
_SUCCESS_VERB = re.compile(
    r"^(?:work|help|improv|fix|solv|arriv|succeed|deliver|receiv|respond|connect|load|finish|complet|"
    r"resolv|pass|clear|recover|heal|stabili[sz]|normali[sz]|return|restor|start|open|boot|compil|"
    r"sync|upload|print|charg)"
)


def _recurred(text: str) -> str | None:
    """The words that tell the problem came again after an attempt, or None (see _RECURRED)."""
    lowered = _text.normalize(text).lower()
    for match in _RECURRED.finditer(lowered):
        if _AGENTS & set(match.group("subject").split()):
            continue
        if _SUCCESS_VERB.match(match.group("verb")):
            continue
        return match.group("verb") + " ... again"
    return None


# An attempt, then how it went: "We tried bleeding the brake; the lever still sank", "We
# already painted the ceiling; it peeled", "was tried for three days; she spat out every
# tablet". The attempt is a verb of trying or a past verb after "already" (a thing done
# before now); the outcome is the next clause of the same sentence (after ";", ":", "but",
# "and", "yet", "however") with a subject of its own, not the people who tried (a second
# step of theirs is no outcome), and a past verb in its first five words.
def _word_set(words: str) -> frozenset[str]:
    return frozenset(words.split())


_ATTEMPT = re.compile(
    r"\b(?:tried|attempted|trialled|trialed|already\s+(?:[a-z]+ed|[a-z]+t|did|made|gave|put))\b"
)
_OUTCOME_BREAK = re.compile(r"\s*(?:[;:]|,?\s+(?:but|and|yet|however)\b,?|,\s+(?:though|however)\b,?)\s*")
_IRREGULAR_PAST = _word_set(
    "sank spat fell broke tore froze shook split burst blew bent shrank slid stuck wore threw bit "
    "lost spilt stank stung bled fled hung hid quit"
)
"""Simple pasts that do not end in "-ed": the irregular verbs of English an outcome is told
with. Those that as often tell it went well ("the engine ran", "the dough rose", "the baby
slept", "the seedlings grew") and the verbs of having, making and moving on ("got", "made",
"went": "it went fine", "she got better") are left out."""
_NOT_AN_OUTCOME = re.compile(
    # it went well, or the trouble ended ("the rash cleared", "the noise stopped")
    r"^(?:stopp|ceas|disappear|vanish|eas|subsid|fad|settl|calm|quiet|abat|end|dri|cool|"
    # being and seeming tell no event; the complement does ("it seemed fine")
    r"seem|appear|look|sound|felt|becam|remain|stay|prov|turn|"
    r"need|want|plann|decid|agre|ask|said|told|report|mention|"
    r"[a-z]*eed$)"
)
_DETERMINERS = _word_set(
    "the a an its their our this that these those his her my your every each some any no"
)
_APPROVAL = _word_set(
    "well fine perfectly beautifully nicely properly successfully great ok okay expected planned"
)
"""Words that praise how it went ("the dough rose beautifully", "it ran fine"): no failure."""
_NEGATIVE_SUBJECTS = _word_set("no nothing none neither nobody never")
_VERB_SKIP = _word_set("still just only also soon quickly then again even")


def _past_verb(word: str) -> bool:
    if word in _IRREGULAR_PAST:
        return True
    return len(word) > 4 and word.endswith("ed")


_STILL_NOT = re.compile(
    r"\s*(?:[a-z][\w'-]*\s+){0,4}?(?:(?:is|are|was|were)\s+)?still\s+(?:not|never|won't|wouldn't|doesn't|"
    r"didn't|isn't|aren't|wasn't|can't|couldn't)\b(?:\s+[a-z]+)?"
)
"""An outcome told as the problem outlasting the attempt, in any tense: "it's still not
draining", "the car still won't start", "the pain is still not gone". Not the triers' own
state ("we still can't say why"), nor not knowing ("still not sure why")."""
_KNOWING = _word_set("sure certain clear known know knew decided say tell understand understood convinced")


def _outcome(clause: str) -> str | None:
    """The words of ``clause`` up to its past verb when it tells what came of an attempt (see
    _ATTEMPT), or up to its "still not" (:data:`_STILL_NOT`), or None."""
    still = _STILL_NOT.match(clause)
    if still is not None:
        words = still.group().split()
        if words[0] not in _AGENTS and words[-1] not in _KNOWING:
            return " ".join(words)
    found = list(re.finditer(r"[a-z][a-z'-]*", clause))
    while found and (found[0].group() in _VERB_SKIP or found[0].group().endswith("ly")):
        found.pop(0)  # "and then baked it": an adverb is no subject
    words = [match.group() for match in found]
    if not words or words[0] in _AGENTS or words[0] in _NEGATIVE_SUBJECTS or _APPROVAL & set(words):
        return None
    for i in range(1, min(len(words), 6)):
        word = words[i]
        if word in _VERB_SKIP or word.endswith("ly"):
            continue
        if word in _NEGATIVE_SUBJECTS or word in ("not", "did", "didn't"):
            return None
        if not _past_verb(word) or words[i - 1] in _DETERMINERS:
            continue
        if _SUCCESS_VERB.match(word) or _NOT_AN_OUTCOME.match(word):
            return None
        return " ".join(clause[: found[i].end()].split())
    return None


def _attempt_outcome(lowered: str) -> str | None:
    """The words that tell how an attempt in ``lowered`` went wrong, or None (see _ATTEMPT)."""
    for sentence in re.split(r"[.!?](?:\s|$)", lowered):
        attempt = _ATTEMPT.search(sentence)
        if attempt is None:
            continue
        for pause in _OUTCOME_BREAK.finditer(sentence, attempt.end()):
            clause = re.split(r"[;:,]|\s(?:and|but)\s", sentence[pause.end() :], maxsplit=1)[0]
            outcome = _outcome(clause)
            if outcome is not None:
                return outcome
    return None


def _check_markers(text: str, markers: tuple[str, ...], base: str, key: str) -> None:
    for index, marker in enumerate(markers):
        if not isinstance(marker, str) or not marker.strip():
            raise PayloadError(join(join(base, key), index), f"expected a non-empty string, got {marker!r}")
        if not _text.contains(text, marker) and _text.expansion(marker, text) is None:
            raise PayloadError(
                join(join(base, key), index),
                f"marker {marker!r} does not occur in the text; copy markers from the text exactly "
                f"(word markers ignore case, markers with digits or symbols do not)",
            )


@dataclass(frozen=True, slots=True, kw_only=True)
class Invariant:
    """A constraint that must reappear in every summary verbatim or stronger.

    ``markers`` are the identifiers, numbers and scope words that must survive exactly
    (``dry_run=false``, ``$50``, ``staging``); they also locate the invariant in a
    summary: its statement is the sentence that holds all of them. Every marker must
    occur in ``text``, and ``text`` itself must read as ``modality`` (the classifier
    is checked against the invariant's own words before it judges anyone else's).
    """

    id: str
    text: str
    markers: tuple[str, ...]
    modality: Modality
    verbatim: bool = False
    """Must appear character for character (whitespace runs aside), not only with its force."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "markers", tuple(self.markers))
        object.__setattr__(self, "modality", _modality(self.modality, "invariant.modality"))
        base = "invariant"
        if not isinstance(self.id, str) or not self.id:
            raise PayloadError(join(base, "id"), f"expected a non-empty string, got {self.id!r}")
        if not isinstance(self.text, str) or not self.text.strip():
            raise PayloadError(join(base, "text"), f"expected a non-empty string, got {self.text!r}")
        if not self.markers:
            raise PayloadError(
                join(base, "markers"),
                "an invariant needs at least one marker (an identifier, number or scope word from "
                "its text) to be found in a summary",
            )
        _check_markers(self.text, self.markers, base, "markers")
        verdict = judge(self.modality, (read(self.text),), invariant=read(self.text))
        if not verdict.ok:
            kind = _article(self.modality.value.replace("_", " "))
            raise PayloadError(
                join(base, "text"),
                f"the text does not read as {kind} ({verdict.reason}); "
                f"state it with the words the check recognizes (see docs/prose.md) or fix the modality",
            )

    @property
    def kind(self) -> str:
        return "invariant"

    @classmethod
    def from_dict(cls, data: object, path: str = "invariant") -> Invariant:
        data = read_mapping(data, path)
        check_keys(data, path, required=("id", "text", "markers", "modality"), optional=("verbatim",))
        markers = read_str_list(data, "markers", path)
        modality = _modality(data["modality"], join(path, "modality"))
        ident, text = read_str(data, "id", path), read_str(data, "text", path)
        verbatim = read_bool(data, "verbatim", path, False)
        try:
            return cls(id=ident, text=text, markers=markers, modality=modality, verbatim=verbatim)
        except PayloadError as exc:
            raise _text.rebased(exc, "invariant", path) from None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "text": self.text,
            "markers": list(self.markers),
            "modality": self.modality.value,
        }
        if self.verbatim:
            out["verbatim"] = True
        return out


def _modality(raw: object, path: str) -> Modality:
    try:
        return Modality(raw)
    except ValueError:
        allowed = [m.value for m in Modality]
        close = _closest(raw, tuple(allowed)) if isinstance(raw, str) else None
        hint = f"; did you mean {close!r}?" if close else ""
        raise PayloadError(
            path, f"expected one of {', '.join(allowed)}; got {raw!r} ({type_name(raw)}){hint}"
        ) from None


@dataclass(frozen=True, slots=True, kw_only=True)
class FailureRecord:
    """An approach that was tried and failed: it must stay distinguishable from one
    that was merely considered, until an explicit success event retires it.

    ``approach`` markers locate the record in a summary ("pool size", "50");
    ``error`` markers name the failure and must survive with it ("PoolTimeout").
    ``text`` must hold all of them and read as a failure.
    """

    id: str
    text: str
    approach: tuple[str, ...]
    error: tuple[str, ...] = ()
    verbatim: bool = False
    """Must appear character for character (whitespace runs aside), not only as a failure."""

    def __post_init__(self) -> None:
        for name in ("approach", "error"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        base = "failure"
        if not isinstance(self.id, str) or not self.id:
            raise PayloadError(join(base, "id"), f"expected a non-empty string, got {self.id!r}")
        if not isinstance(self.text, str) or not self.text.strip():
            raise PayloadError(join(base, "text"), f"expected a non-empty string, got {self.text!r}")
        if not self.approach:
            raise PayloadError(
                join(base, "approach"), "a failure record needs at least one approach marker from its text"
            )
        _check_markers(self.text, self.approach, base, "approach")
        _check_markers(self.text, self.error, base, "error")
        if failure_outcome(self.text, self.error) is None and _recurred(self.text) is None:
            raise PayloadError(
                join(base, "text"),
                'the text does not read as a failure: say what failed ("failed with E", "timed out", '
                '"crashed") or list the error among the error markers',
            )

    @property
    def kind(self) -> str:
        return "failure"

    @classmethod
    def from_dict(cls, data: object, path: str = "failure") -> FailureRecord:
        data = read_mapping(data, path)
        check_keys(data, path, required=("id", "text", "approach"), optional=("error", "verbatim"))
        approach = read_str_list(data, "approach", path)
        error = read_str_list(data, "error", path)
        ident, text = read_str(data, "id", path), read_str(data, "text", path)
        verbatim = read_bool(data, "verbatim", path, False)
        try:
            return cls(id=ident, text=text, approach=approach, error=error, verbatim=verbatim)
        except PayloadError as exc:
            raise _text.rebased(exc, "failure", path) from None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "text": self.text, "approach": list(self.approach)}
        if self.error:
            out["error"] = list(self.error)
        if self.verbatim:
            out["verbatim"] = True
        return out


Entry: TypeAlias = Invariant | FailureRecord
"""What a register holds: pinned invariants and failure records, one id space."""


def _flat(text: str) -> str:
    return " ".join(_text.normalize(text).split())


def appears_verbatim(text: str, summary: str) -> bool:
    """Whether ``text`` is in ``summary`` character for character, whitespace runs (and
    curly quotes) aside: case, words, numbers and punctuation exactly as written."""
    return _flat(text) in _flat(summary)


def check_verbatim(entries: Iterable[Entry], summary: str, *, why: str) -> list[Violation]:
    """``pin_not_verbatim`` for each of ``entries`` whose text ``summary`` does not hold verbatim.

    ``why`` says which rule asks for it (``"it is marked verbatim"``, ``"the depth policy
    asks for verbatim pins from depth 2"``); the detail also says whether the entry's
    markers survived, i.e. whether it was paraphrased or dropped.
    """
    out = []
    for entry in entries:
        if appears_verbatim(entry.text, summary):
            continue
        markers = entry.markers if isinstance(entry, Invariant) else entry.approach
        kept = [m for m in markers if _text.contains(summary, m)]
        how = "it is only paraphrased" if kept else "it is not in the summary at all"
        out.append(
            Violation(
                code=ViolationCode.PIN_NOT_VERBATIM,
                fact_id=entry.id,
                expected=entry.text.strip(),
                detail=f"{how}, but {why}; re-inject it unsummarized (pin_block(register) does)",
            )
        )
    return out


@functools.lru_cache(maxsize=4096)
def expansions(text: str, markers: tuple[str, ...]) -> dict[str, str]:
    """The markers in capitals that abbreviate words of ``text`` rather than occur in it
    ("LTO" for "link-time optimisation"), each with those words: a summary that writes the
    words out keeps the marker (:func:`_text.expansion`); and a marker of those words the
    other way round ("link-time optimisation" is kept by "LTO"). Not to be changed by callers."""
    found = {m: words for m in markers if (words := _text.expansion(m, text)) is not None}
    for short, words in list(found.items()):
        for marker in markers:
            if marker not in found and _text.contains(words, marker):
                found[marker] = short
    return found


def stated_by(entry: Entry, events: Iterable[Any]) -> str | None:
    """The id of the first of ``events`` (source events, in history order) that states ``entry``.

    An event states an entry when its text holds every marker that locates the entry in a
    summary (an invariant's markers; a failure record's approach and error markers). None
    when no event does: the entry was handed over in the register only, and holds from the
    first pass.
    """
    markers = entry.markers if isinstance(entry, Invariant) else (*entry.approach, *entry.error)
    also = expansions(entry.text, tuple(markers))
    for event in events:
        if all(
            _text.contains(event.text, marker)
            or (marker in also and _text.contains(event.text, also[marker]))
            for marker in markers
        ):
            return str(event.event_id)
    return None


def failure_outcome(text: str, error: Iterable[str] = ()) -> str | None:
    """The words that say ``text`` reports a failure, or ``None``.

    A failure word ("failed", "error", "timed out", "crashed", "did not work") that is
    not negated ("did not fail", "without errors") nor hypothetical ("if it times out",
    "could crash"), or every declared error marker in a text that does not say it did
    not fail.
    """
    settled = _settled(_text.normalize(text))
    lowered = settled.lower()
    cleared = _NOT_FAILED.sub(" ", lowered)
    match = _FAILED.search(cleared)
    if match:
        return match.group()
    outcome = _attempt_outcome(cleared)
    if outcome is not None:
        return outcome
    error = tuple(error)
    # The error's name alone says it failed, unless the text says it did not.
    if error and cleared == lowered and all(_text.contains(settled, marker) for marker in error):
        return ", ".join(error)
    return None


def attempted_failure(text: str) -> str | None:
    """The words that tell a failure as something that happened ("failed", "timed out"), or None.

    "Considered raising the pool size (PoolTimeout risk)" names an error but tells no
    attempt: next to a "considered" word only these count as a recorded failure.
    """
    cleared = _NOT_FAILED.sub(" ", _settled(_text.normalize(text)).lower())
    match = _FAILED_EVENT.search(cleared)
    return match.group() if match else _attempt_outcome(cleared)


def considered_words(text: str) -> tuple[str, ...]:
    """The words that present an approach as merely considered ("explored", "options")."""
    lowered = _text.normalize(text).lower()
    return tuple(dict.fromkeys(" ".join(m.group().split()) for m in _CONSIDERED.finditer(lowered)))


@dataclass(frozen=True, slots=True, kw_only=True)
class Retirement:
    """The explicit event that took an entry out of the active set."""

    id: str
    """The retired invariant or failure record."""
    event_id: str
    reason: str

    @classmethod
    def from_dict(cls, data: object, path: str = "retirement") -> Retirement:
        data = read_mapping(data, path)
        check_keys(data, path, required=("id", "event_id", "reason"))
        return cls(
            id=read_str(data, "id", path),
            event_id=read_str(data, "event_id", path),
            reason=read_str(data, "reason", path),
        )

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "event_id": self.event_id, "reason": self.reason}


class InvariantRegister:
    """Pinned invariants and failure records, append-only, with explicit retirement."""

    def __init__(self, entries: Iterable[Entry] = ()) -> None:
        self._entries: dict[str, Entry] = {}
        self._retired: dict[str, Retirement] = {}
        for entry in entries:
            self.add(entry)

    # -- building -------------------------------------------------------------

    def add(self, entry: Entry) -> Entry:
        """Append an invariant or a failure record; an id is used once, ever."""
        if not isinstance(entry, (Invariant, FailureRecord)):
            raise TypeError(f"expected an Invariant or a FailureRecord, got {entry!r} ({type_name(entry)})")
        if entry.id in self._entries:
            state = "retired" if entry.id in self._retired else "active"
            raise LifecycleError(
                entry.id,
                f"is already in the register ({state}); the register is append-only, so a changed "
                f"invariant needs a new id (and the old one a retirement event)",
            )
        self._entries[entry.id] = entry
        return entry

    def pin(
        self,
        id: str,
        text: str,
        *,
        markers: Iterable[str],
        modality: Modality | str,
        verbatim: bool = False,
    ) -> Invariant:
        """Append a pinned invariant built from its fields (``verbatim``: it must come back word for word)."""
        invariant = Invariant(
            id=id,
            text=text,
            markers=tuple(markers),
            modality=_modality(modality, "modality"),
            verbatim=verbatim,
        )
        self.add(invariant)
        return invariant

    def record_failure(
        self,
        id: str,
        text: str,
        *,
        approach: Iterable[str],
        error: Iterable[str] = (),
        verbatim: bool = False,
    ) -> FailureRecord:
        """Append a failure record ("tried X, failed with E")."""
        record = FailureRecord(
            id=id, text=text, approach=tuple(approach), error=tuple(error), verbatim=verbatim
        )
        self.add(record)
        return record

    def retire(self, id: str, *, event_id: str, reason: str) -> Retirement:
        """Take an entry out of the active set through an explicit event, with a reason."""
        entry = self.get(id)
        previous = self._retired.get(id)
        if previous is not None:
            raise LifecycleError(
                id, f"is already retired by event {previous.event_id!r}; an entry is retired once"
            )
        if not isinstance(event_id, str) or not event_id.strip():
            raise LifecycleError(id, "retirement needs the id of the event that retires it")
        if not isinstance(reason, str) or not reason.strip():
            raise LifecycleError(id, "retirement needs a reason")
        retirement = Retirement(id=entry.id, event_id=event_id, reason=reason)
        self._retired[id] = retirement
        return retirement

    # -- reading --------------------------------------------------------------

    def get(self, id: str) -> Entry:
        try:
            return self._entries[id]
        except KeyError:
            raise UnknownIdError("invariant", id, tuple(self._entries)) from None

    def __contains__(self, id: object) -> bool:
        return id in self._entries

    def __iter__(self) -> Iterator[Entry]:
        return iter(self._entries.values())

    def __len__(self) -> int:
        return len(self._entries)

    def is_active(self, id: str) -> bool:
        return id in self._entries and id not in self._retired

    def retirement(self, id: str) -> Retirement | None:
        """The event that retired ``id``, or ``None`` while it is active."""
        self.get(id)
        return self._retired.get(id)

    @property
    def retirements(self) -> tuple[Retirement, ...]:
        return tuple(self._retired.values())

    def active(self) -> tuple[Entry, ...]:
        """Active entries in the order they were added."""
        return tuple(e for e in self._entries.values() if e.id not in self._retired)

    @property
    def active_ids(self) -> tuple[str, ...]:
        return tuple(e.id for e in self.active())

    def invariants(self) -> tuple[Invariant, ...]:
        """Active pinned invariants."""
        return tuple(e for e in self.active() if isinstance(e, Invariant))

    def failures(self) -> tuple[FailureRecord, ...]:
        """Active failure records."""
        return tuple(e for e in self.active() if isinstance(e, FailureRecord))

    def copy(self) -> InvariantRegister:
        clone = InvariantRegister()
        clone._entries = dict(self._entries)
        clone._retired = dict(self._retired)
        return clone

    def __repr__(self) -> str:
        return f"<InvariantRegister {len(self.active())} active, {len(self._retired)} retired>"

    # -- plain data -----------------------------------------------------------

    @classmethod
    def from_dict(cls, data: object, path: str = "register") -> InvariantRegister:
        """Build a register from ``{invariants: [...], failures: [...], retirements: [...]}``.

        Entries are appended in order, then the retirements are replayed: a retirement of
        an unknown id, or a second retirement of one id, is refused with its path.
        """
        if isinstance(data, list):
            # The register's own lists go under their keys: a bare list is the commonest slip.
            raise PayloadError(
                path,
                f"expected a mapping, got a list of {len(data)}; the rules go one level down, "
                "under their own key: 'invariants:' then an indented 'invariants:' with this list "
                "(beside it, optional 'failures:' and 'retirements:' lists)",
            )
        data = read_mapping(data, path)
        check_keys(data, path, required=(), optional=("invariants", "failures", "retirements"))
        register = cls()
        for key, build in (("invariants", Invariant.from_dict), ("failures", FailureRecord.from_dict)):
            items = read_sequence(data.get(key, ()), join(path, key))
            for index, item in enumerate(items):
                where = join(join(path, key), index)
                entry: Entry = build(item, where)
                try:
                    register.add(entry)
                except LifecycleError as exc:
                    raise PayloadError(join(where, "id"), f"{entry.id!r} {exc.message}") from None
        items = read_sequence(data.get("retirements", ()), join(path, "retirements"))
        for index, item in enumerate(items):
            where = join(join(path, "retirements"), index)
            retirement = Retirement.from_dict(item, where)
            if retirement.id not in register:
                close = _closest(retirement.id, tuple(register._entries))
                hint = f"; did you mean {close!r}?" if close else ""
                raise PayloadError(
                    join(where, "id"), f"no invariant or failure record has the id {retirement.id!r}{hint}"
                )
            try:
                register.retire(retirement.id, event_id=retirement.event_id, reason=retirement.reason)
            except LifecycleError as exc:
                raise PayloadError(where, f"{retirement.id!r} {exc.message}") from None
        return register

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "invariants": [e.to_dict() for e in self._entries.values() if isinstance(e, Invariant)],
            "failures": [e.to_dict() for e in self._entries.values() if isinstance(e, FailureRecord)],
        }
        if self._retired:
            out["retirements"] = [r.to_dict() for r in self._retired.values()]
        return out

    @classmethod
    def coerce(cls, value: InvariantRegister | Mapping[str, Any] | Iterable[Entry]) -> InvariantRegister:
        """A register from a register, its plain-dict form, or a list of entries."""
        if isinstance(value, InvariantRegister):
            return value
        if isinstance(value, Mapping):
            return cls.from_dict(value)
        return cls(value)


def _article(noun: str) -> str:
    """``noun`` after its indefinite article ("an obligation", "a prohibition")."""
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"
