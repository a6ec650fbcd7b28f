"""An active fact against a summary (:func:`_check_active`): named with its value, polarity,
subject and qualifiers, and nothing against it (a rival value or subject, a negation, a request
or a directive in its place, the fact told as over).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence, Set

from pytest_compaction.core.model import Criticality, Trust
from pytest_compaction.core.violations import Violation, ViolationCode
from pytest_compaction.prose._cue_words import _SPECULATION, FINITE_AUXILIARIES
from pytest_compaction.prose._findings import _Finding, _where
from pytest_compaction.prose._qualifiers import _conceded_qualifiers, _kept, _negative_qualifiers
from pytest_compaction.prose._subjects import (
    _heading_of_another,
    _item_of_another,
    _own_subject_at,
    _record_of_another,
    _rival_subject,
    _row_of_another,
    _subject_excepted,
    _subject_finding,
    _told_of_another,
)
from pytest_compaction.prose._superseded import _reading, _told_as_over
from pytest_compaction.prose._values import (
    _candidates,
    _competing,
    _dotted_rival,
    _excluded_value,
    _measured_rival,
    _modifier_swapped,
    _named_by_value,
    _negation_lost,
    _ordinal,
    _other_value,
    _renumbered,
    _source_negates,
    _source_units,
    _typed,
    _unit_swapped,
)
from pytest_compaction.prose.forms import Alias, Resolved
from pytest_compaction.prose.normalize import kind_of, tokens
from pytest_compaction.prose.statements import NEGATORS, Statement

__all__ = ["_check_active", "_directive", "_is_tool"]


def _near(statements: Sequence[Statement], index: int) -> list[Statement]:
    """The sentences around sentence ``index`` where its qualifiers may be told: the one
    before, the one after, and up to :data:`_GOING_ON` more after that while each points
    back to what went before ("You can get one payment of up to 150 pounds. It is for energy
    bills. You can only get *it* if the fund has not paid you in the last 6 months.")."""
    end = index + 2
    while end < len(statements) and end - index - 1 <= _GOING_ON and _points_back(statements[end].text):
        end += 1
    return list(statements[max(0, index - 1) : end])


@functools.lru_cache(maxsize=4096)
def _points_back(text: str) -> bool:
    return _POINTS_BACK.search(text) is not None


@functools.lru_cache(maxsize=4096)
def _doubts(text: str) -> bool:
    return _OPEN.search(text) is not None


_GOING_ON = 2
_POINTS_BACK = re.compile(r"\b(?:it|its|they|them|this|that)\b", re.IGNORECASE)
"""Words of a sentence that point back to what the sentences before named."""


def _check_active(
    r: Resolved,
    statements: Sequence[Statement],
    entities: Sequence[tuple[Alias, ...]],
    ledger_events: Mapping[str, object],
    *,
    must_state: bool | None = None,
    shared: Callable[[], Set[str]] | None = None,
    things: Sequence[tuple[Alias, ...]] = (),
) -> list[Violation]:
    """What is wrong with how ``statements`` state an active fact (nothing: stated).

    ``must_state``: whether an unstated fact is ``missing`` (default: when it is critical).
    ``shared``: the words more than one fact of the ledger uses (asked for only when
    needed); given, a sentence that
    names no name but holds a value distinctive enough to be the fact's own names it
    (:func:`_named_by_value`).
    ``things``: the names of every fact of the ledger: a clause that names another fact's
    thing holds that fact's value, not this one's.
    """
    fact = r.fact
    fid = fact.fact_id
    if must_state is None:
        must_state = fact.criticality is Criticality.CRITICAL
    if not r.names:
        if not must_state:
            return []
        return [
            Violation(
                code=ViolationCode.MISSING,
                fact_id=fid,
                expected=fact.value,
                detail="the fact has no prose form and no words of its predicate or value occur in its "
                "source text, so no sentence can state it; give it a prose form (prose: names: [...])",
            )
        ]
    findings: list[_Finding] = []
    ok = False
    # the value's own kinds: a derived alias ("ten forty-two" for 10:42) gives it none
    written = tuple(a for a in r.value if a not in r.derived)
    kinds = _typed(written) | _source_units(fact, r.value, ledger_events)
    others = [group for group in entities if not set(group) & set(r.subject)]
    for statement in _candidates(statements, r.names):
        if _heads_the_next(statements, statement):
            continue  # "- Caspar I-R (cello)" over indented bullets: a title, its items tell
        hit = statement.find_any(r.names)
        if hit is None:
            continue
        name_at, name = hit
        hit_index = statement.index
        window = _near(statements, statement.index)
        value_hit = r.find_value(statement) if r.value else None
        following = statements[statement.index + 1] if statement.index + 1 < len(statements) else None
        if value_hit is None and others and set(r.value) & set(r.subject):
            swapped = _rival_subject(statement, r, others, name_at, name_at)
            if swapped is not None:
                # "| Cedric | coeliac |" where the fact is that Odile is the coeliac guest: its
                # value is its subject, and another one stands where it was
                findings.append(_subject_finding(statement, r, swapped))
                continue
        if r.value and value_hit is None:
            later = r.find_value(following) if following is not None else None
            if later is not None and following is not None and not _told_of_another(following, r, others):
                statement, value_hit = following, later
        measures = _measured(kinds) if r.value and value_hit is None and statement.index > 0 else frozenset()
        if measures and _competing(statement, measures, r.value, ordinal=_ordinal(r)) is None:
            # "Juniper - 9y FS Border Collie - 18.6 kg / O: wt down": with no measure of its
            # own, a sentence naming the fact reads the one on the line before (a patient
            # card, a heading line) as the fact's
            before = statements[statement.index - 1]
            if not _told_of_another(before, r, others):
                earlier = r.find_value(before)
                if earlier is not None:
                    statement, value_hit = before, earlier
                elif _competing(before, measures, r.value, ordinal=_ordinal(r)) is not None:
                    statement = before
        if r.value and value_hit is None and statement.index > 0 and _SAME_AS_BEFORE.search(statement.text):
            # "Same for seniors over 65.", "Home insurance: ditto.": the value of the sentence before
            before = statements[statement.index - 1]
            earlier = r.find_value(before)
            if earlier is not None:
                statement, value_hit = before, earlier
        if r.value and value_hit is None:
            flipped = _negation_lost(statement, r.value)
            if flipped is not None:
                findings.append(
                    _Finding(
                        3,
                        ViolationCode.VALUE_CHANGED,
                        f"{_where(statement)} states {flipped!r} without the negation of "
                        f"{' / '.join(dict.fromkeys(repr(r.show(a)) for a in r.value if NEGATORS & set(a)))}",
                        expected="negated",
                        observed=flipped,
                    )
                )
                continue
            rival = (
                (
                    (
                        # a derived alias's pieces are no value of their own: "fifty ml" is
                        # another amount where "one fifty ml" (150 ml) was
                        _competing(statement, kinds, written, ordinal=_ordinal(r))
                        or _unit_swapped(statement, r.value)
                        or _measured_rival(statement, kinds, written, ordinal=_ordinal(r))
                    )
                    if kinds
                    else None
                )
                or _renumbered(statement, r.value)
                or _dotted_rival(statement, r.value)
            )
            # A number, time or date of the same kind ranks above words no source used.
            rank, how = (2, "") if rival is not None else (1, ", words no source event used,")
            if rival is None:
                rival = _other_value(statement, r, ledger_events) or _modifier_swapped(
                    statement, r, ledger_events
                )
            if rival is None:
                rival = _excluded_value(statement, r, ledger_events)
                how = ", the alternative its source ruled out," if rival is not None else how
            if rival is None and following is not None and _continues(following):
                # "... was invoiced for the redesign. *They* settled it by card.": the next
                # sentence goes on about it, so a value of its own there is the fact's
                pointers = [i for i, n in enumerate(following.norms) if n in _POINTERS]
                rival = _other_value(following, r, ledger_events, pointers) if pointers else None
                rank, how = 1, ", words no source event used,"
                if rival is not None:
                    statement = following
            if rival is not None:
                findings.append(
                    _Finding(
                        rank,
                        ViolationCode.VALUE_CHANGED,
                        f"{_where(statement)} names it ({r.show(name)!r}) with {rival!r}{how} where "
                        f"{r.show(r.value[0])!r} was",
                        expected=r.show(r.value[0]),
                        observed=rival,
                    )
                )
            elif _value_is_subject(r) and _named_with(statement, r.subject, name_at, others):
                # "Kwabena: boiler service, 19 Pelham St" for "Asante is booked for the boiler
                # service": the fact's value is whom it is of, and the sentence names them with it
                ok = True
            else:
                findings.append(
                    _Finding(
                        0,
                        ViolationCode.MISSING,
                        f"{_where(statement)} names it ({r.show(name)!r}) but not its value "
                        f"({' / '.join(dict.fromkeys(repr(r.show(a)) for a in r.value if a not in r.inverse))})",  # noqa: E501
                        expected=r.show(r.value[0]),
                    )
                )
            continue
        anchor = name_at
        if value_hit is not None and statement.index == hit_index:
            # The value occurrence nearest the name states it ("A pays X; B pays Y"), one in
            # the name's own clause first: "A does the X route, while B walks the Y" states
            # the X route of A, however near B's "walks" stands to it.
            positions = [p for p, _ in r.value_positions(statement)]
            # the list's heading names a topic ("PAYMENTS / - Second instalment: still to be
            # paid"): a value word in it states nothing beside the item's own
            told = [p for p in positions if statement.tokens[p].start >= statement.heading]
            positions = told or positions
            nearest = min(positions, key=_nearness(statement, name_at, True))
            own = _own_subject_at(statement, r, positions, name_at, things) if len(positions) > 1 else None
            # With the fact's subject named beside one of them, that one is its value: "A's
            # coach leaves at 7:00 (from 7:30); B's still leaves at 7:30" states B's 7:30.
            value_hit = (nearest if own is None else own, value_hit[1])
            if own is not None:
                anchor = own
        at = value_hit[0] if value_hit is not None else name_at
        # Every place the value (or, without value words, a name) occurs: one that reads
        # with the fact's polarity states it.
        # Value words state the value as they stand ("allergic", "do not touch"), so a
        # negator outside them flips it; a form without value words states the fact
        # through its names, with the form's polarity ("do not call": negative).
        # The value words of a true/false fact read as the source reads them ("it has not
        # been signed": negative), and their "un-" form states them negated ("unsigned").
        required = r.value_polarity if value_hit is not None else r.polarity
        group = r.stated(r.value if value_hit is not None else r.names, statement)
        spans: dict[int, int] = {}
        for a in group:  # the longest alias at a place is the words there ("notice to quit")
            for p in statement.positions(a):
                spans[p] = max(spans.get(p, 0), len(a))
        # a shorter alias inside a longer one is that one's words ("extension" of "no-cost
        # extension"): read where the longer one starts, whose own "no" negates nothing
        spans = _outermost(spans)
        # a name or value in the heading the item sits under is its topic ("Nadia (trumpet):
        # can't take the trumpet home"): the item's own words tell
        if any(statement.tokens[p].start >= statement.heading for p in spans):
            spans = {p: n for p, n in spans.items() if statement.tokens[p].start >= statement.heading}
        turned = {p for a in group if a in r.inverse for p in statement.positions(a)}
        spots = sorted(spans, key=_nearness(statement, anchor, statement.index == hit_index))
        # A negating word of the fact's own qualifier ("foils kept *off* the scalp" for the
        # qualifier "off the scalp") says where or how, it does not negate the fact.
        own_names = (*(r.names if value_hit is not None else ()), *(a for _, g in r.qualifiers for a in g))
        reading = {p: _reading(statement, p, spans[p], p in turned, own_names)[0] for p in spots}
        matching = [p for p in spots if reading[p] == required]
        if matching and (value_hit is None or len(matching) == len(spots)):
            at = matching[0]
        asked = [p for p in spots if _requested(statement, p)]
        told = [p for p in spots if p not in asked]
        if value_hit is not None and asked and told and all(reading[p] != required for p in told):
            at = told[0]  # "asked for it to be redelivered, but was told it will not be"
        polarity, negated = _reading(statement, at, spans.get(at, 1), at in turned, own_names)
        if value_hit is not None and polarity == required == "positive" and r.fact.value is True:
            # "back to running *once* the physio signs off": the state is still to come
            awaited = statement.awaited(at)
            if awaited is not None:
                polarity, negated = "negative", f"{awaited} ...', as still to come"
        excepted = _subject_excepted(statement, r, at)
        if excepted is not None:
            # "the whole house is in *apart from Omar*": stated of everyone but its subject
            polarity, negated = ("negative" if polarity == "positive" else "positive"), excepted
        if polarity == "negative" != required and value_hit is not None and _source_negates(r, ledger_events):
            polarity = required  # "no caffeine after 14:00" for "no caffeine after 2 pm": negated as told
        if polarity != required:
            shown = r.show(value_hit[1]) if value_hit is not None else r.show(name)
            why = f"negated by {negated!r}" if negated else "without the negation the fact has"
            if negated is not None and negated.endswith("as still to come"):
                why = f"after '{negated}"
            if at in turned and negated == statement.tokens[at].raw:
                # "staying *open*" for "closes", "*unsigned*" for "signed": the word is the opposite
                opposite = next((a for a in r.value if a not in r.inverse), None)
                why = f"(the opposite of {r.show(opposite)!r})" if opposite is not None else why
            # Told by its names, a flipped mention is weak evidence ("the ibuprofen is in the
            # cabinet"), unless it restates the whole fact, every qualifier with it: then the
            # summary says the fact and its opposite, and the opposite is no aside.
            restated = bool(r.qualifiers) and all(statement.find_any(group) for _, group in r.qualifiers)
            if value_hit is None and not restated and _pointed_at(following, required):
                # "... prepared for the Vault expedition. Halvard *won't* be coming along on *it*":
                # the mention only names it; the next sentence states it
                ok = True
                continue
            findings.append(
                _Finding(
                    3 if value_hit is not None or restated else 1,
                    ViolationCode.VALUE_CHANGED,
                    f"{_where(statement)} states {shown!r} {why}",
                    expected=required,
                    observed=polarity,
                )
            )
            continue
        over = _told_as_over(statement, at, r.names)
        if over is not None:
            findings.append(
                _Finding(
                    3,
                    ViolationCode.VALUE_CHANGED,
                    f"{_where(statement)} tells it as over ({over!r}); the fact still holds",
                    expected="current",
                    observed=f"over ({over})",
                )
            )
            continue
        undecided = _told_as_open(statement, at, spans.get(at, 1), r, ledger_events)
        if undecided is not None:
            findings.append(
                _Finding(
                    3,
                    ViolationCode.VALUE_CHANGED,
                    f"{_where(statement)} tells it as undecided ({undecided!r}); the fact is settled",
                    expected="settled",
                    observed=f"undecided ({undecided})",
                )
            )
            continue
        rival_subject = None
        if others:
            named_here = name_at if statement.index == hit_index else at
            rival_subject = _rival_subject(statement, r, others, named_here, at)
        title = None
        if rival_subject is None and r.subject:
            rival_subject = (
                _record_of_another(statement, r)
                or _item_of_another(statement, r, others)
                or _row_of_another(statement, r, others)
            )
            if rival_subject is None and (title := _heading_of_another(statements, statement, r, others)):
                rival_subject = title[0]  # "**Ayo** / On Tuesdays it's Mrs Petrie who collects him"
        if rival_subject is not None:
            findings.append(_subject_finding(statement, r, rival_subject, title[1] if title else None))
            continue
        negative = _negative_qualifiers(r, ledger_events)
        conceded = _conceded_qualifiers(r, ledger_events)
        lost = [
            key
            for key, group in r.qualifiers
            if not any(_kept(s, group, negated=key in negative, conceded=key in conceded) for s in window)
        ]
        if lost:
            words = "; ".join(
                f"{key}: {' / '.join(dict.fromkeys(repr(r.show(a)) for a in group))}"
                for key, group in r.qualifiers
                if key in lost
            )
            unnegated = all(
                key in negative and any(s.find_any(dict(r.qualifiers)[key]) for s in window) for key in lost
            )
            waived = all(
                any(_kept(s, dict(r.qualifiers)[key], negated=key in negative, conceded=True) for s in window)
                for key in lost
            )
            how = (
                "without the negation its qualifier has"
                if unnegated
                else "with its qualifier told as not mattering ('even if', 'regardless of')"
                if waived
                else "without its qualifier words"
            )
            findings.append(
                _Finding(
                    5,
                    ViolationCode.QUALIFIERS_CHANGED,
                    f"{_where(statement)} states it {how} ({words})",
                    expected=tuple(lost),
                    observed="not negated" if unnegated else "absent",
                )
            )
            continue
        elevated = fact.authority is Trust.UNTRUSTED and statement.attributed(at) is None
        if elevated and not all(_is_tool(ledger_events.get(e)) for e in fact.source_event_ids):
            elevated = True
        elif elevated:
            elevated = _directive(statement.text)  # a tool's data restated is no instruction
        if elevated:
            findings.append(
                _Finding(
                    6,
                    ViolationCode.TRUST_ELEVATED,
                    f"{_where(statement)} states an untrusted source's claim as fact, with no "
                    f"attribution ('says', 'quoted', 'according to', the source named)",
                    expected=Trust.UNTRUSTED.value,
                    observed="unattributed",
                )
            )
            continue
        ok = True
    contradiction = [f for f in findings if f.rank == 3]
    if ok and not contradiction:
        return []
    if not findings:
        by_value = _named_by_value(r, statements, shared()) if shared is not None else None
        if by_value is not None:
            return _check_active(
                by_value, statements, entities, ledger_events, must_state=must_state, things=things
            )
        if not must_state:
            return []
        names = " / ".join(dict.fromkeys(repr(r.show(a)) for a in r.names))
        return [
            Violation(
                code=ViolationCode.MISSING,
                fact_id=fid,
                expected=fact.value,
                detail=f"no sentence names it ({names})",
            )
        ]
    best = max(contradiction or findings, key=lambda f: f.rank)
    if best.code is ViolationCode.MISSING and not must_state:
        return []
    return [
        Violation(
            code=best.code, fact_id=fid, expected=best.expected, observed=best.observed, detail=best.detail
        )
    ]


_SAME_AS_BEFORE = re.compile(r"\b(?:same|ditto|likewise|as\s+above|idem)\b", re.IGNORECASE)
"""Words that give a sentence the value of the one before ("Same for seniors", "ditto")."""
_CONTINUES = re.compile(
    r"^\W*(?:it|its|they|their|them|this|that|these|those|he|she|his|her|the\s+former|the\s+latter)\b",
    re.IGNORECASE,
)
"""A sentence that opens by pointing back: it goes on about what the sentence before named."""


_POINTERS = frozenset({"it", "them", "this", "that"})
"""The words of a sentence that goes on that stand for the thing named before ("settled *it*")."""


def _named_with(
    statement: Statement, subject: Sequence[Alias], name_at: int, others: Sequence[Sequence[Alias]]
) -> bool:
    """Whether the subject is named in the clause of the fact's name at ``name_at``, in note
    form with no verb there ("Kwabena: boiler service", "hair → Bea S."), and no other
    subject of the ledger is: the note pairs the two. "The rent is split with Omar" tells
    another relation than the fact's."""
    clause = statement.clause[name_at]
    here = [i for i, c in enumerate(statement.clause) if c == clause]
    if not any(statement.clause[p] == clause for alias in subject for p in statement.positions(alias)):
        return False
    if any(
        statement.clause[p] == clause
        for group in others
        for alias in group
        for p in statement.positions(alias)
    ):
        return False
    return not any(
        statement.tokens[i].past
        or statement.norms[i] in _FINITE
        or statement.tokens[i].raw.lower() in _SAME_FORM_VERBS
        or statement.tokens[i].raw.lower().endswith(("ing", "ed"))
        for i in here
    )


_FINITE = FINITE_AUXILIARIES | {"do", "will", "'s", "be"}
"""The finite verbs of a clause, and "be": with one, the clause tells a relation of its own."""
_SAME_FORM_VERBS = frozenset(
    {
        "put",
        "cut",
        "set",
        "let",
        "hit",
        "shut",
        "split",
        "spread",
        "cost",
        "quit",
        "burst",
        "cast",
        "hurt",
        "bet",
    }
)
"""Verbs whose past is their base form: "split with Omar" tells a relation as "shared" does."""


def _value_is_subject(r: Resolved) -> bool:
    """Whether the fact's value is one of the names of its subject (``value: Asante``,
    ``subject: [Asante, Kwabena]``): a fact of who does a thing, stated wherever the
    sentence names them with it."""
    value = tuple(t.norm for t in tokens(str(r.fact.value)))
    return bool(value) and any(tuple(alias) == value for alias in r.subject)


def _outermost(spans: Mapping[int, int]) -> dict[int, int]:
    """``spans`` (start: length) without those that start inside an earlier one, in one pass
    over the starts in order (a sentence that repeats a name thousands of times stays
    linear)."""
    kept: dict[int, int] = {}
    reach = -1
    for start in sorted(spans):
        if start >= reach:  # no earlier span reaches past it
            kept[start] = spans[start]
        reach = max(reach, start + spans[start])
    return kept


def _nearness(statement: Statement, name_at: int, same: bool) -> Callable[[int], tuple[bool, int]]:
    """How near a value word at a position stands to the name at ``name_at``: one in the
    name's own clause first, then by distance (``same`` False: the name is in the sentence
    before, so by distance alone)."""
    clause = statement.clause[name_at] if same else None
    return lambda p: (clause is not None and statement.clause[p] != clause, abs(p - name_at))


def _pointed_at(statement: Statement | None, polarity: str) -> bool:
    """Whether ``statement`` (the sentence after a mention) points back to the thing named
    with a word of :data:`_POINTERS` after a preposition, read with ``polarity`` ("won't be
    coming along on *it*")."""
    if statement is None:
        return False
    return any(
        _reading(statement, p, 1, False, ())[0] == polarity
        for p, norm in enumerate(statement.norms)
        if norm in _POINTERS and p > 0 and statement.norms[p - 1] in _PREPOSITIONS
    )


_PREPOSITIONS = frozenset({"on", "in", "to", "for", "with", "about", "at", "from", "of", "into", "onto"})
"""The words before a pointer that make it the object of the clause ("coming along *on it*"),
not its subject ("*it* will", "*this* is"), which stands for whatever the clause is about."""


def _continues(statement: Statement) -> bool:
    """Whether ``statement`` opens with a word that points back to the sentence before."""
    return _CONTINUES.match(statement.text) is not None


def _measured(kinds: Set[tuple[str, str]]) -> frozenset[tuple[str, str]]:
    """The kinds of ``kinds`` that are numbers with a unit of measure ("18.6 kg", "40 ml")."""
    return frozenset((kind, unit) for kind, unit in kinds if kind == "number" and kind_of(unit) == "unit")


_REQUESTED = re.compile(
    r"\b(?:ask(?:s|ed|ing)?|request(?:s|ed|ing)?|want(?:s|ed|ing)?|wish(?:es|ed)?|beg(?:s|ged)?)"
    r"(?:\s+for)?(?:\s+[\w'-]+){0,5}?\s+to\s+(?:be\s+|have\s+|get\s+)?(?:[\w'-]+\s+){0,3}$",
    re.IGNORECASE,
)
"""A request's infinitive up to a word: "asked for the parcel *to be* redelivered", "wants
the agent *to* cancel", "wants them *to get the boiler* serviced"."""


def _requested(statement: Statement, position: int) -> bool:
    """Whether token ``position`` is what someone asked for ("asked for the parcel to be
    *redelivered*"), in its own clause: a request tells what was wanted, not what is so."""
    # the request's verb stands a dozen words before at most: only that stretch of the
    # clause is searched
    clause, first = statement.clause[position], position
    end = statement.tokens[position].start
    while (
        first > 0
        and statement.clause[first - 1] == clause
        and statement.tokens[first - 1].start >= end - _REQUEST_REACH
    ):
        first -= 1
    return _REQUESTED.search(statement.text, statement.tokens[first].start, end) is not None


_REQUEST_REACH = 160
"""How many characters before a word :data:`_REQUESTED` is looked for in."""


def _is_tool(event: object) -> bool:
    """A tool result (``role: tool``): the agent's observation, data rather than a speaker."""
    return getattr(event, "role", None) == "tool"


def _directive(text: str) -> bool:
    """Whether ``text`` reads as an instruction or a rule (a modal cue or a bare command),
    or as advice to follow ("should drink", "ought to", "is advised to")."""
    from pytest_compaction.prose.modality import CueKind, read

    forceful = (CueKind.PROHIBITION, CueKind.OBLIGATION, CueKind.PERMISSION, CueKind.WAIVER)
    return read(text).has(*forceful) or _ADVICE.search(text) is not None


_ADVICE = re.compile(
    r"\b(?:should|ought\s+to|had\s+better|(?:is|are)\s+(?:advised|recommended)\s+to)\s", re.IGNORECASE
)


_OPEN = re.compile(
    r"\b(?:might|maybe|perhaps|possibly|undecided|deciding|yet\s+to\s+decide|unsure|uncertain|"
    r"not\s+sure|wondering|considering|weighing|debating|mulling|toying|thinking\s+(?:about|of)|"
    r"tentative|tentatively|tbd|tbc|to\s+be\s+(?:confirmed|decided|determined|agreed|settled))\b",
    re.IGNORECASE,
)
"""The doubts that leave a thing open, whoever writes them: "might", "still deciding on",
"thinking about", "TBC". Not "may" or "could" (a permission, a capacity: "may go on using
the gas fire"), nor the future ("will"), a plan or a condition, which a settled fact's
summary writes as often as its source does."""


_OPEN_LABEL = re.compile(
    r"\s*(?:[(\[]\s*|[-\u2013\u2014]\s*|(?:is|are|still|now)\s+)?"
    r"(tbd|tbc|to\s+be\s+(?:confirmed|decided|determined|agreed|settled))\b",
    re.IGNORECASE,
)
"""A doubt of :data:`_OPEN` that labels the words just before it ("approval TBC", "10:15
(TBD)", "the venue is still to be confirmed")."""


def _told_as_open(
    statement: Statement, at: int, span: int, r: Resolved, ledger_events: Mapping[str, object]
) -> str | None:
    """The doubt words (:data:`_OPEN`) that tell a settled fact at token ``at`` (``span``
    tokens long) as still
    open, or None: "the GP is *still deciding* on a referral" for a referral made. A source
    that doubts it in any words leaves a summary free to ("*hoping to* hold it outdoors"
    for "*tentatively* planned outdoors")."""
    if not _doubts(statement.text):
        return None  # the cheap test first: most sentences hold no word of doubt
    # A label of doubt right after the fact's words: "approval TBC", "12:30 (TBD)".
    label = _OPEN_LABEL.match(statement.text, statement.tokens[min(at + span, len(statement.tokens)) - 1].end)
    if label is not None:
        words = [label.group(1)]
    else:
        doubt = statement.speculative(at)
        if doubt is None:
            return None
        # Only a doubt ahead of the fact's words: one after them is about what comes next
        # ("holds 6,000 euros, which they *might* move to a savings account").
        ahead = {m.group().lower() for m in _OPEN.finditer(statement.text, 0, statement.tokens[at].start)}
        words = [w for w in doubt.split(", ") if _OPEN.fullmatch(w) and w.lower() in ahead]
        if not words:
            return None
    for event_id in r.fact.source_event_ids:
        if _SPECULATION.search(getattr(ledger_events.get(event_id), "text", "") or ""):
            return None  # "hoping to hold it in the garden": "tentatively planned" tells it
    return ", ".join(words)


def _heads_the_next(statements: Sequence[Statement], statement: Statement) -> bool:
    """Whether ``statement`` is wholly a title that the next one sits under, as a bullet
    with indented bullets below it is: it claims nothing, the items under it do."""
    if statement.heading < len(statement.text) or statement.index + 1 >= len(statements):
        return False
    following = statements[statement.index + 1]
    return following.heading > 0 and following.text.startswith(statement.text)
