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

This module checks each pinned invariant (:func:`check_prose`); the rest lives in private
modules of its own: the pinned block and the state a pass leaves (``_grounding``), source
labels (``_labels``), markers as located (``_markers``), the failure records' check
(``_failure_check``) and the checks of a whole pass (``_pass_checks``). Everything the rest
of the package uses is imported from here.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence, Set
from typing import Any

from pytest_compaction.core._fields import type_name
from pytest_compaction.core.prose_form import DEFAULT_MAX_DEPTH, ProsePolicy
from pytest_compaction.core.violations import Verdict, Violation, ViolationCode, sort_violations
from pytest_compaction.prose import _text
from pytest_compaction.prose._acronyms import clipped, spelled_out
from pytest_compaction.prose._conditions import (
    _AVAILABILITY,
    _COMPARED,
    assent_given,
    bound_given,
    shared,
    still_awaited,
)
from pytest_compaction.prose._failure_check import _check_failure
from pytest_compaction.prose._grounding import (
    BLOCK_END,
    BLOCK_START,
    Grounding,
    PassState,
    _depth,
    grounding,
    handed_back,
    next_state,
    pin_block,
    reclaimable_chars,
    reground,
)
from pytest_compaction.prose._labels import event_label
from pytest_compaction.prose._markers import _listed, _locators
from pytest_compaction.prose._pass_checks import _check_budget, _check_density, _check_depth, _check_lineage
from pytest_compaction.prose._restated import (
    _act_required_first,
    _duty_through_without,
    _keeps_away_duty,
    _kept_as_it_is,
    _omission_restated,
    _only_without_marker,
    _opposite_place,
    _required_before,
    _same_carve_out,
    _short_of_marker_forbidden,
    _without_as_except,
)
from pytest_compaction.prose.invariants import (
    Invariant,
    InvariantRegister,
    check_verbatim,
    expansions,
)
from pytest_compaction.prose.modality import (
    CueKind,
    Judgement,
    Modality,
    alone_forbidden,
    commanded,
    complements,
    condition_words,
    contrasted,
    encountered,
    exemplified,
    imperative,
    in_company,
    judge,
    kept,
    left_alone,
    only_those,
    opposite_state,
    own_act,
    read,
    reshaped,
    rule_verb,
    same_bound,
    standing,
    states_condition,
    told_after,
    turned_bound,
    uncontrasted,
    universal_act,
    unspecific,
)
from pytest_compaction.prose.normalize import stem, tokens
from pytest_compaction.prose.statements import STOPWORDS

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
    "handed_back",
    "next_state",
    "pin_block",
    "reclaimable_chars",
    "reground",
]


# -- the check ------------------------------------------------------------------


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
        absent = [m for m in invariant.markers if not any(m in got for got in per.values())]
        dropped = _dropped_condition(invariant, absent, sentences[best].text)
        out = []
        if dropped is not None:  # the lost words are its condition: the rule is widened too
            out.append(
                Violation(
                    code=ViolationCode.MODAL_WEAKENED,
                    fact_id=iid,
                    expected=invariant.modality.value,
                    detail=f"sentence {best + 1}: {dropped}",
                )
            )
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
        joined = _told_next(invariant, sentences, results)
        kept_whole = {spot[:-1] for spot, j in joined if j.ok}
        # a spot the next sentence completes is judged whole, not as its first part
        results = [(spot, j) for spot, j in results if spot not in kept_whole] + joined
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


def _dropped_condition(invariant: Invariant, absent: Sequence[str], sentence: str) -> str | None:
    """Why the sentence that states ``invariant`` best has dropped its condition, when the
    only markers nowhere in the summary are words of that condition ("may use a calculator
    only after the working by hand" told as "can use a calculator whenever the numbers get
    messy"): the rule is kept, its force widened, and the reader is told so as well as of
    the lost words. ``None`` when a marker outside the condition is lost too, or when
    the sentence keeps the condition in other words."""
    if not absent:
        return None
    conditions = condition_words(invariant.text)
    held = [t.norm for t in tokens(sentence)]
    lost: list[str] = []
    for marker in absent:
        words = {t.norm for t in tokens(marker)} - STOPWORDS
        hit = next((c for c in conditions if words and words <= set(c[1])), None)
        if hit is None or kept(hit[1], held):
            return None
        if hit[0] not in lost:
            lost.append(hit[0])
    return f"it is stated without its condition {_listed(lost)} ({_listed(absent)} nowhere in the summary)"


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


_POINTS_BACK = re.compile(r"\b(?:it|its|it's|them|they|this|that)\b", re.IGNORECASE)
"""Words of a sentence that point back to what the sentence before named."""
_TOPIC = re.compile(
    r"\b(?:came\s+up|come\s+up|comes\s+up|(?:was|were)\s+(?:discussed|raised|mentioned|covered|brought\s+up)|"
    r"talked\s+about|on\s+the\s+(?:subject|topic)\s+of)\b",
    re.IGNORECASE,
)
"""Words that only open a topic ("The side door came up", "The weights room was discussed")."""


def _told_next(
    invariant: Invariant, sentences: Sequence[_text.Sentence], results: Sequence[_Judged]
) -> list[_Judged]:
    """A sentence that only mentions the invariant's subject, with no rule word of any kind
    ("Customer rang asking for a member's access code."), and the next sentence, which
    holds one of its markers and states the rule ("Access codes are never given out."): the
    two sentences are judged as one spot. So is a next sentence that points back to it ("The
    side door came up. *It* has to stay locked.") or follows a sentence that only opens a
    topic ("The weights room was discussed. Juniors can go in only while ...")."""
    out = []
    for spot, judgement in results:
        after = spot[-1] + 1
        if after >= len(sentences):
            continue
        # Only a spot that states no rule, or a rule the next sentence goes on to bound ("The
        # booth is for weekdays only. Even then, members can only use *it* after 6 pm").
        if judgement.observed != "none" and not (
            judgement.observed in ("restriction", "condition lost")
            and _POINTS_BACK.search(sentences[after].text)
        ):
            continue
        following = sentences[after].text
        locators = _locators(invariant.text, invariant.markers)
        texts = tuple(sentences[i].text for i in spot)
        if any(_text.contains(following, m) for m in locators):
            out.append(((*spot, after), _judged(invariant, (*texts, following))))
        elif _POINTS_BACK.search(following) or _TOPIC.search(" ".join(texts)):
            # read under the markers it points back to, as a list item under its label
            named = [m for m in locators if any(_text.contains(t, m) for t in texts)]
            label = ", ".join(named)
            out.append(((*spot, after), _judged(invariant, (*texts, f"{label}: {following}"))))
    return out


@functools.lru_cache(maxsize=4096)
def _judged(invariant: Invariant, texts: tuple[str, ...]) -> Judgement:
    """Whether the sentences ``texts`` (one spot of the summary) keep ``invariant``'s force.

    Cached by the invariant and the sentences' texts alone: the next pass of a rolling
    summary repeats the sentences that state its pins, wherever they now sit.
    """
    stating = [clause for text in texts for clause in _stating(text, invariant)]
    own = read(invariant.text)
    verb = rule_verb(invariant.text)
    named = [_named_things(clause, invariant.markers) for clause in stating]
    readings = [
        own_act(read(clause) if verb is None else commanded(clause, verb), invariant.text, clause)
        for clause in named
    ]
    outside = complements(invariant.text, stating, invariant.markers)
    met = encountered(invariant.text, stating)
    verdict = judge(invariant.modality, readings, invariant=own, complemented=outside, come_upon=met)
    if not verdict.ok and verdict.observed in ("none", "permission"):
        # Read only when the cues fall short: a condition kept in its own words, a standing procedure.
        stated = states_condition(invariant.text, stating)
        procedure = next(
            (p for clause in stating if (p := standing(clause) or (verb and universal_act(clause, verb)))),
            None,
        )
        verdict = judge(
            invariant.modality,
            readings,
            invariant=own,
            condition_stated=stated,
            procedure=procedure,
            complemented=outside,
            come_upon=met,
        )
    if (
        not verdict.ok
        and verdict.observed == "obligation"
        and invariant.modality is Modality.PROHIBITION
        and (
            in_company(invariant.text, stating)
            or opposite_state(invariant.text, stating)
            or contrasted(invariant.markers, stating)
            or left_alone(invariant.markers, stating)
            or _kept_as_it_is(invariant, stating)
            or _opposite_place(invariant, stating)
            or _required_before(invariant, stating)
        )
    ):
        # "never alone" kept as "always with a second person", "never open" as "always shut"
        verdict = Judgement(True, "obligation", "")
    if (
        not verdict.ok
        and verdict.observed == "prohibition"
        and invariant.modality is Modality.OBLIGATION
        and (
            opposite_state(invariant.text, stating, duty=True)
            or _keeps_away_duty(invariant)
            or alone_forbidden(invariant.text, stating)
            or _act_required_first(invariant, stating)
            or _opposite_place(invariant, stating)
        )
    ):
        # "always lock it" kept as "never left unlocked"; "Keep Captain out of the kitchen"
        # (a duty that forbids) kept as "Captain must be kept out of the kitchen"
        verdict = Judgement(True, "prohibition", "")
    if (
        not verdict.ok
        and verdict.observed in ("prohibition", "none")
        and invariant.modality is Modality.OBLIGATION
        and _short_of_marker_forbidden(invariant, stating)
    ):
        verdict = Judgement(True, "prohibition", "")  # "nothing below a BS3621 lock" for "always fit BS3621"
    if (
        not verdict.ok
        and verdict.observed in ("permission", "restriction", "none")
        and invariant.modality is Modality.PROHIBITION
        and only_those(invariant.text, stating)
    ):
        verdict = Judgement(True, "restriction", "")  # "never anyone but A" kept as "only A may"
    if not verdict.ok and verdict.contradicts:
        verdict = _omission_restated(invariant, stating, verdict)
    if (
        not verdict.ok
        and verdict.observed == "narrowed"
        and invariant.modality is Modality.PROHIBITION
        and _only_without_marker(invariant, stating)
    ):
        verdict = Judgement(True, "restriction", "")  # "only ever opened when there's no rain"
    if not verdict.ok and verdict.observed == "narrowed" and _same_carve_out(invariant, stating):
        verdict = Judgement(True, invariant.modality.value, "")  # "anyone but X" as "anyone except X"
    if (
        not verdict.ok
        and verdict.observed == "narrowed"
        and invariant.modality is Modality.PROHIBITION
        and _without_as_except(invariant, stating)
    ):
        verdict = Judgement(True, invariant.modality.value, "")  # "without X" as "except with X"
    if not verdict.ok and verdict.observed == "narrowed" and invariant.modality is Modality.OBLIGATION:
        verdict = _duty_through_without(invariant, stating, verdict)
    if not verdict.ok and verdict.observed == "narrowed" and invariant.modality is Modality.PROHIBITION:
        verdict = _duty_through_without(invariant, stating, verdict, forbidden=True)
    if (
        verdict.ok
        and invariant.modality is Modality.PERMISSION_WITH_CONDITION
        and (
            verdict.observed not in ("obligation", "prohibition")
            or any(read(clause).has(CueKind.PERMISSION) for clause in stating)
            or _commands_own_act(invariant, stating)
        )
    ):
        # A dropped condition widens a permission; it only tightens a prohibition or obligation,
        # and a sentence that commands or forbids something about the rule's subject ("check
        # the date before suggesting any portfolio post") grants nothing to widen.
        verdict = _kept_conditions(invariant, stating) or verdict
    return verdict


_REFERS_BACK = re.compile(r"\b(?:it|them|they|this|these|those)\b", re.IGNORECASE)
_CONCESSIVE = re.compile(r"\b(?:although|though|whereas|while)\W*\Z", re.IGNORECASE)
_CONDITION_OPENS = re.compile(
    r"^\s*(?:only|solely|exclusively|provided|providing|as\s+long\s+as|so\s+long\s+as|on\s+condition|"
    r"(?:not|never)\s+(?:until|till|before|after|without|unless|during|outside|earlier\s+than|later\s+than))\b",
    re.IGNORECASE,
)
"""A clause that opens with a condition ("..., but only after HR has checked", "..., but not
until the bloodwork is back", "..., but never without the nurse signing him out")
restricts the clause before it."""


# "if, and only if," (or "when and only when", "provided that, and only provided that,"):
# one connective, "only if", whose commas split no clause.
_IFF = re.compile(
    r"\b(if|when|whenever|after|once|where|provided(?:\s+that)?|providing(?:\s+that)?|as\s+long\s+as)"
    r"\s*,?\s+and\s+only\s+\1\b\s*,?\s*",
    re.IGNORECASE,
)


def _stating(sentence: str, invariant: Invariant) -> list[str]:
    """The clauses of ``sentence`` that state the invariant: those with a marker, and a
    clause right after one that refers back to it ("...preferred name is Sol; staff must
    always use it") or opens with its condition ("..., but only after review")."""
    text = _IFF.sub(r"only \1 ", sentence)
    parts = _text.clauses(text)
    markers = _locators(invariant.text, invariant.markers)
    marked = [any(_text.contains(part, m) for m in markers) for part in parts]
    conceded = _conceded(text, parts)
    return [
        uncontrasted(part, invariant.markers)
        for i, part in enumerate(parts)
        if marked[i]
        or (
            i > 0
            and marked[i - 1]
            and ((_REFERS_BACK.search(part) and not conceded[i]) or _CONDITION_OPENS.match(part))
        )
    ]


_NAMING_ADJECTIVE = re.compile(
    r"\b(?:preferred|recommended|suggested|preferable|usual|typical|normal|possible|ideal|optional|likely)\b",
    re.IGNORECASE,
)


def _named_things(clause: str, markers: Sequence[str]) -> str:
    """``clause`` as its force is read: each marker that holds a word of preference
    ("preferred phone number", "recommended dose") made one word where it occurs. The
    invariant names a thing with it, so it is no hedge however the words before it run
    ("call the parents preferred phone number")."""
    for marker in markers:
        if " " not in marker.strip() or not _NAMING_ADJECTIVE.search(marker):
            continue
        pattern = re.compile(r"\s+".join(re.escape(w) for w in marker.split()), re.IGNORECASE)
        clause = pattern.sub(lambda m: "_".join(m.group().split()), clause)
    return clause


def _conceded(text: str, parts: Sequence[str]) -> list[bool]:
    """For each clause of ``text``: whether a concessive word opens it (", although packed
    lunches don't need checking", ", whereas paint tins can go anywhere"). Such a clause
    sets another thing against the one before it: a pronoun in it ("unless a teacher asks
    for *them*") points within it, not back to the rule."""
    out: list[bool] = []
    cursor = 0
    for part in parts:
        at = text.find(part, cursor)
        out.append(at > 0 and _CONCESSIVE.search(text, 0, at) is not None)
        cursor = max(cursor, at + len(part)) if at >= 0 else cursor
    return out


_AND_CLAUSE = re.compile(r",\s+and\s+", re.IGNORECASE)


def _commands_own_act(invariant: Invariant, stating: Sequence[str]) -> bool:
    """Whether a clause commands the act the permission grants ("lost e-ticket: reissue on
    request" for "may reissue a lost e-ticket only after ..."): the grant told as a note-form
    command, so its condition still counts. A command of another act ("check the date
    before suggesting any portfolio post") grants nothing."""
    own = {t.norm for t in tokens(invariant.text)}
    for clause in stating:
        verb = imperative(clause)
        if verb is not None and stem(verb) in own:
            return True
    return False


def _beyond_markers(text: str, condition: str, held: Sequence[str], words: Sequence[str]) -> list[str] | None:
    """The words of ``condition`` beyond the markers it holds, when those markers also
    name the rule's subject outside it ("may authorise a courtesy car only if the policy
    includes the courtesy car add-on": the car is what is permitted, the policy's add-on
    is the condition); else None: the markers are the condition's own words and the
    marker check keeps it."""
    outside = text.replace(condition, " ")
    if not all(_text.contains(outside, m) for m in held):
        return None
    marked = {t.norm for m in held for t in tokens(m)}
    rest = [w for w in words if w not in marked and w[:1] != "#"]
    return rest or None


def _condition_reshaped_away(invariant: Invariant, texts: Sequence[str]) -> str | None:
    """Why the statement loses the invariant's condition though it keeps its words, or None:
    told as coming after the act, as an example, widened from one case to any, or with its
    number on the other side."""
    after = told_after(invariant.text, texts)
    if after is not None:
        return f"the invariant's condition {after!r} is told as coming after the act"
    example = exemplified(texts)
    if example is not None:
        return f"the condition is told as an example ({example!r})"
    widened = unspecific(invariant.text, texts)
    if widened is not None:
        return f"the invariant's condition holds for {widened!r} case; the summary widens it to any"
    turned = turned_bound(invariant.text, texts)
    if turned is not None:
        return f"the invariant's condition {turned!r} keeps its number on the other side"
    optional = next((m for text in texts if (m := _AVAILABILITY.search(text.lower())) is not None), None)
    held = {t.norm for text in texts for t in tokens(text)}
    if (
        optional is not None
        and _AVAILABILITY.search(invariant.text.lower()) is None
        and any(kept(words, held) for _, words in condition_words(invariant.text))
    ):
        # "allowed, w/ a 2nd keeper at the fence *if one is free*": the condition made optional
        return f"the invariant's condition is told as needed only if someone is free ({optional.group()!r})"
    awaited = still_awaited(invariant.text, texts)
    if awaited is not None:
        return f"the invariant's condition {awaited[0]!r} is told as still awaited ({awaited[1]!r})"
    return None


_ALL_OF = re.compile(r"\b(?:both|all|every|each)\b", re.IGNORECASE)
_ONE_OF = re.compile(r"\b(?:either|any\s+one|one\s+of|whichever|any\s+of)\b", re.IGNORECASE)
"""A condition on all of its people or things ("both supervisors sign") told of any one of
them ("either supervisor's signature")."""


def _displaced(words: Sequence[str], parts: Sequence[str]) -> bool:
    """Whether the words of an invariant's one condition are told in a part whose own
    condition is another, all before it and none in it ("dogs are allowed in the café, on
    a lead *if it gets busy*" for "only if they are on a lead"): the words stand, but
    another condition now bounds them. Told in the part's condition itself ("only if
    they're on a lead"), or in a part with no condition of its own, they keep it."""
    for part in parts:
        conditions = condition_words(part)
        if not conditions or any(set(words) & set(restated) for _, restated in conditions):
            continue
        # where its first condition opens: the connective as a word ("if", not the "if" of "cliff")
        opened = [
            re.search(rf"\b{re.escape(phrase.split(None, 1)[0])}\b", part, re.IGNORECASE)
            for phrase, _ in conditions
        ]
        first = min((m.start() for m in opened if m is not None), default=0)
        if first <= 0:
            continue
        before = {t.norm for t in tokens(part[:first])}
        after = {t.norm for t in tokens(part[first:])}
        if kept(words, before) and not set(words) & after:
            return True  # every word of it stands before another condition, none after
    return False


def _tail_kept(condition: str, stems: Set[str]) -> bool:
    """Whether a condition said in its own words (:func:`reshaped`) keeps a word of the
    invariant's condition past the first ones compared, when it has any: "when the customer
    *reports* a stain *by phone*" has the shape of "if the customer returns the stained item
    *with its tag*" but none of its later words, so it is another condition."""
    tail = [w for _, words in condition_words(condition, limit=None) for w in words[_COMPARED:]]
    return not tail or any(w in stems for w in tail)


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
    reshaped_away = _condition_reshaped_away(invariant, texts)
    if reshaped_away is not None:
        return Judgement(False, "condition lost", reshaped_away, True)
    stems = {t.norm for part in parts for t in tokens(part)}
    stems |= spelled_out(parts, invariant.text) | clipped(parts, invariant.text) | assent_given(parts)
    stems |= bound_given(parts)
    own = [restated for part in parts for _, restated in condition_words(part)]
    conditions = condition_words(invariant.text)
    for condition, words in conditions:
        if _ALL_OF.search(condition) and any(_ONE_OF.search(part) for part in parts):
            # "only if both supervisors sign" told "with either supervisor's signature"
            return Judgement(
                False,
                "condition lost",
                f"the invariant's condition {condition!r} is told of one, not all",
                True,
            )
        held = [m for m in markers if _text.contains(condition, m)]
        if held:
            rest = _beyond_markers(invariant.text, condition, held, words)
            if rest is None or 2 * shared(set(rest), stems) >= len(rest):
                continue  # a condition that holds a marker is checked as that marker
        elif (kept(words, stems) and not (len(conditions) == 1 and _displaced(words, parts))) or (
            any(reshaped(words, restated) for restated in own) and _tail_kept(condition, stems)
        ):
            continue
        if not same_bound(condition, texts):
            return Judgement(
                False, "condition lost", f"the invariant's condition {condition!r} is lost", True
            )
    return None
