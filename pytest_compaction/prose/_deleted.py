"""Deleted facts against a summary (:func:`_check_deleted`): any distinguishing words of a
deleted fact, anywhere, unless the summary only tells of the deletion.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.violations import Violation, ViolationCode
from pytest_compaction.prose.forms import Resolved
from pytest_compaction.prose.normalize import kind_of, stem
from pytest_compaction.prose.statements import STOPWORDS, Statement, read_statements

__all__ = ["_check_deleted", "_redacted_names", "_tells_deletion"]


def _check_deleted(
    r: Resolved,
    statements: Sequence[Statement],
    active_words: set[str],
    ledger: Ledger,
    tenant: str,
    subject: str,
) -> list[Violation]:
    allowed = read_statements("\n".join(e.text for e in ledger.authorized_events(tenant, subject)))
    # Every word of the fact distinguishes it, its names too: "parcels go to the neighbour"
    # restates a deleted "neighbour at number 14" without its number. Words an active fact
    # or an authorized event also uses are left out: they are not the deleted fact's own.
    candidates = [*r.value, *(a for _, group in r.qualifiers for a in group), *r.names]
    distinguishing = [
        alias
        for alias in candidates
        if not set(alias) <= active_words | STOPWORDS and not any(s.find(alias) >= 0 for s in allowed)
    ]
    # A fact told by its names alone ("I can't eat shellfish": names and a polarity) has no
    # other words. A kept sentence that only asks for its deletion ("the shellfish thing
    # was my flatmate; please delete it") names it without keeping it, so there its names
    # still distinguish it: a sentence that states it as the source did restates it.
    requested = (
        [
            alias
            for alias in r.names
            if alias not in distinguishing
            and not set(alias) <= active_words | STOPWORDS
            and not any(s.find(alias) >= 0 for s in allowed if not _tells_deletion(s))
        ]
        if not r.value
        else []
    )
    values = {tuple(a) for a in (*r.value, *(a for _, group in r.qualifiers for a in group))}
    raw: dict[tuple[str, ...], str] = {}
    for name, shown in _redacted_names(r, ledger, allowed, active_words | {w for a in candidates for w in a}):
        distinguishing.append((name,))
        values.add((name,))
        raw[(name,)] = shown
    for statement in statements:
        # A sentence that tells the deletion ("asked for their income to be forgotten")
        # names the fact without restating it: there only its value words count.
        told = _tells_deletion(statement)
        for alias in distinguishing:
            if told and tuple(alias) not in values:
                continue
            if statement.find(alias) >= 0:
                return [_deleted_held(r, statement, raw.get(tuple(alias)) or r.show(alias))]
        if told:
            continue
        for alias in requested:
            at = statement.find(alias)
            if at >= 0 and (statement.negated(at, len(alias)) is not None) == (r.polarity == "negative"):
                return [_deleted_held(r, statement, r.show(alias))]
    return []


def _deleted_held(r: Resolved, statement: Statement, shown: str) -> Violation:
    # Neither the word nor its sentence is quoted: the report would carry the deleted content
    # into logs and CI artifacts that the deletion was meant to keep it out of.
    words = len(shown.split())
    held = f"{words} word{'s' if words != 1 else ''}, {len(shown)} characters"
    return Violation(
        code=ViolationCode.FORBIDDEN_DELETED_FACT,
        fact_id=r.fact.fact_id,
        expected="absent (deleted)",
        observed=f"present ({held})",
        detail=f"sentence {statement.index + 1} holds a word of a deleted fact ({held}; not shown: "
        f"it was deleted)",
    )


def _redacted_names(
    r: Resolved, ledger: Ledger, allowed: Sequence[Statement], known: set[str]
) -> list[tuple[str, str]]:
    """The proper nouns and long numbers (three digits or more) after the deleted fact's
    value (its names, without one) in its clause of a redacted source event, that no
    authorized event and no active fact uses: "Testville" of "ship to 14 Sample Street,
    Testville" once the address is deleted. They are the deleted content as much as its
    value. A name before the value tells whose it is or who said it ("the Achterbergs'
    key", "Jonas mentioned a divorce"), a possessive after it whose the next thing is ("MRN
    00482117, Dr. Lindqvist's clinic"), and one in another sentence of the event ("Hi,
    I'm Ana.") is not the fact's."""
    redacted = ledger.redacted_event_ids
    used = {n for s in allowed for n in s.norms}
    out: dict[str, str] = {}
    for event_id in r.fact.source_event_ids:
        if event_id not in redacted:
            continue
        for statement in read_statements(ledger.event_by_id(event_id).text):
            hit = statement.find_any(r.value) if r.value else statement.find_any(r.names)
            if hit is None:
                continue
            value_end = statement.tokens[hit[0]].end
            for i, (token, norm) in enumerate(zip(statement.tokens, statement.norms, strict=True)):
                if i <= hit[0] or statement.clause[i] != statement.clause[hit[0]]:
                    continue  # before the value: whose it is ("the Achterbergs' key"), not what
                if _ASIDE_AFTER.search(statement.text, value_end, token.start):
                    break  # "chemotherapy, which is why she wants a room at the Old Forge": another thing
                kind = kind_of(norm)
                if token.raw.endswith(("'s", "s'")):
                    continue  # a possessive tells whose the next thing is ("Dr. Lindqvist's clinic")
                proper = kind == "word" and i > 0 and token.raw[:1].isupper() and norm not in STOPWORDS
                long_number = kind in ("number", "identifier") and sum(c.isdigit() for c in norm) >= 3
                if (proper or long_number) and len(norm) > 2 and norm not in used | known:
                    out.setdefault(norm, token.raw)
    return list(out.items())


_ASIDE_AFTER = re.compile(r",\s+(?:which|who|so|because|as|but)\b|\s[-\u2013\u2014]\s|;")
"""What ends the words of a deleted value in its source sentence: a relative or linked
clause after a comma, a dash, a semicolon."""

_ERASED = frozenset(
    stem(w)
    for w in (
        *("forget", "forgets", "forgot", "forgotten", "forgetting", "delete", "deletes", "deleted"),
        *("deleting", "remove", "removes", "removed", "removing", "erase", "erases", "erased"),
        *("omit", "omits", "omitted", "redact", "redacts", "redacted", "purge", "purges", "purged"),
        *("wipe", "wipes", "wiped", "exclude", "excludes", "excluded", "withhold", "withholds"),
        *("withheld", "scrub", "scrubs", "scrubbed", "strip", "strips", "stripped"),
        *("withdraw", "withdraws", "withdrew", "withdrawn"),
    )
)
_TAKING = frozenset(
    stem(w)
    for w in (
        *("leave", "leaves", "left", "leaving", "take", "takes", "took", "taken", "taking", "cut"),
        *("come", "comes", "came", "coming"),
        *("cuts", "cutting", "strike", "strikes", "struck", "striking", "cross", "crosses"),
        *("crossed", "crossing", "blank", "blanked", "black", "blacked"),
    )
)
_AWAY = frozenset({stem("out"), stem("off")})
_STRUCK = frozenset(
    stem(w) for w in ("strike", "strikes", "struck", "striking", "cross", "crossed", "cut", "cuts")
)
"""Verbs of removal that "from" completes as well: "struck from the record", "cut from the file"."""
"""A verb of taking or leaving with "out" or "off" after it is a phrasal verb of removal:
"left out", "taken out of these notes", "struck off the list", "blacked out", "to come out of
our notes"."""


_EMPTIED = re.compile(
    r"^[^:]{1,80}:\s*(?:none|null|nil|n/?a|empty|blank|-+|\u2013|\u2014|\[(?:removed|deleted|redacted)\])\W*$",
    re.IGNORECASE,
)
"""A labelled field left empty ("Contact phone: none", "Home address: n/a", "Email: —"): the
record names what it no longer holds."""


def _tells_deletion(statement: Statement) -> bool:
    """Whether the sentence tells that something was deleted: a verb of removal
    ("forgotten", "removed", "deleted", "erased", "omitted", "excluded", "withheld") or a
    phrasal verb of removal ("left out", "taken out", "struck off", :data:`_AWAY`), or a
    field left empty (:data:`_EMPTIED`: "Contact phone: none")."""
    norms = statement.norms
    if _ERASED & set(norms) or _EMPTIED.search(statement.text):
        return True
    if any(
        a in _TAKING and (b in _AWAY or (b == "from" and a in _STRUCK)) for a, b in itertools.pairwise(norms)
    ):
        return True
    return any(_kept_no_more(norms, i) for i, norm in enumerate(norms) if norm in _UNKEPT)


_KEPT = frozenset(
    stem(w)
    for w in (
        *("record", "recorded", "keep", "kept", "store", "stored", "retain", "retained", "hold"),
        *("held", "save", "saved", "log", "logged", "note", "noted", "list", "listed", "file", "filed"),
    )
)
"""Verbs of keeping a record that a negation turns into a deletion: "*not recorded* in these
notes", "no longer kept", "won't be stored"."""
_UNKEPT = frozenset({"not", "never", "longer"})
_KEPT_REACH = 2


def _kept_no_more(norms: Sequence[str], at: int) -> bool:
    """Whether the negation at ``at`` ("not", "never", the "longer" of "no longer") falls on
    a verb of keeping a record within a word or two ("is *not* recorded", "will not *be*
    kept", "*no longer* held", "asked us *not to keep* it"), as a removal verb would tell the
    deletion."""
    if norms[at] == "longer" and (at == 0 or norms[at - 1] != "no"):
        return False
    for j in range(at + 1, min(len(norms), at + 1 + _KEPT_REACH)):
        if norms[j] in _KEPT:
            return True
        if norms[j] not in ("be", "to"):
            return False
    return False
