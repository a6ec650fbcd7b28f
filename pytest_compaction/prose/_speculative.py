"""The speculation reading of a statement: a clause told as a possibility, plan, condition or
question (:meth:`_Speculation.speculative`), a second choice, a rule's consequence, and what a
sentence presupposes as given (:meth:`_Speculation.presupposed`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from pytest_compaction.prose import _text
from pytest_compaction.prose._clauses import _RESULT
from pytest_compaction.prose._cue_words import (
    _AUXILIARIES,
    _DEFINITE,
    _FUTURE,
    _GIVEN_CLAUSE_OPENERS,
    _HABIT,
    _OWNED_REACH,
    _OWNERS,
    _POSSESSIVE,
    _QUESTION_WORDS,
    _QUOTED,
    _RULE_MODAL,
    _SECOND_CHOICE,
    _SPECULATION,
    _SUBJECT_REACH,
    _SUBJECT_STARTS,
    _WITH_ASIDE,
    CLINICAL_QUERIES,
    FINITE_AUXILIARIES,
    REPORTING,
    STOPWORDS,
    _committed,
    _request,
    _required,
)
from pytest_compaction.prose._sentence import _Sentence
from pytest_compaction.prose.normalize import kind_of, stem

__all__ = ["_Speculation"]


_BRACKETED = re.compile(r"\([^()\n]{1,160}\)")
_ROLE_BEFORE = re.compile(
    r"\b(?:backup|back-up|fallback|fall-back|reserve|stand-in|standby|cover|deputy|plan\s+b)\s*,?\s*$",
    re.IGNORECASE,
)


def _role_before(text: str, hedge: int) -> bool:
    """Whether a role stands right before the "if" at character ``hedge``: "Ivo is backup
    *if she's unreachable*" gives Ivo the role for good and conditions only its use, so the
    words before the "if" are settled."""
    return text[hedge : hedge + 2].lower() == "if" and _ROLE_BEFORE.search(text, 0, hedge) is not None


_OPEN_LABEL = re.compile(r"tbd|tbc|tba|to\s+be\s+\w+(?:\s+\w+)?", re.IGNORECASE)
"""The labels of doubt that can name their own noun: "details *TBC*", "venue *to be
confirmed*"."""
_LABELLED_WORDS = 3
"""How many words a label of doubt can name before it ("exact start time TBC")."""
_TIME_NOUNS = frozenset(stem(w) for w in ("time", "times", "day", "days", "week", "weeks", "month", "year"))
"""Nouns of time a label of doubt can name though they are common words ("start *time* TBC")."""


_WHEN_WORDS = frozenset(
    stem(word)
    for word in [
        "next",
        "this",
        "coming",
        "the",
        "a",
        "week",
        "weekend",
        "month",
        "year",
        "tomorrow",
        "tonight",
        "today",
        "morning",
        "afternoon",
        "evening",
        "night",
        "early",
        "late",
        "later",
        "end",
        "start",
        "beginning",
        "mid",
        "of",
        "by",
        "on",
        "at",
        "in",
        "around",
        "before",
        "after",
        "sometime",
        "soon",
        "or",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ]
)
"""Words that tell when, and nothing else: a hedge followed by them alone doubts the time."""
_SPLICED_DOUBT = re.compile(
    r",\s+(?P<subject>(?:[\w'-]+\s+){1,3}?)(?:may|might|could)\s+(?!not\b|have\b|be\b)[a-z]", re.IGNORECASE
)
"""A comma, a subject of one to three words and a modal of doubt: a clause of its own."""
_FINITE = frozenset(
    {"is", "are", "was", "were", "has", "have", "had", "stays", "stay", "remains", "remain", "holds", "sits"}
    | {"stands", "goes", "runs", "starts", "ends", "continues", "gets", "needs", "set", "put", "kept"}
)
"""Verbs that tell a clause before a comma is one (:meth:`_Speculation._own_clause`)."""
_WEEKDAYS = frozenset(
    stem(d) for d in ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
)
_SPECULATION_OPENERS = frozenset({"maybe", "perhaps", "possibly", "probably", "hopefully", "if", "whether"})


def _beyond_query(text: str, at: int, here: int, word: str) -> bool:
    """Whether a clinical query ("?UTI", "query fracture") at ``at`` is cut from the token at
    ``here`` by a comma, semicolon or colon: it doubts only the phrase it opens ("query
    fracture of the radius, X-ray booked" does not doubt the booking)."""
    if " ".join(word.lower().split()) not in CLINICAL_QUERIES:
        return False
    low, high = sorted((at, here))
    return re.search(r"[,;:]", text[low:high]) is not None


_CHOICE_WORDS = 6
_BEFORE_OWN_IF = frozenset({"only", "just"})
_BELIEVED_CAN = re.compile(
    r"\b(?:think|thinks|thought|believe|believes|believed|feel|feels|felt)\s+(?:that\s+)?"
    r"(?:[\w'-]+\s+){1,8}?(?P<can>can\s+be)\b",
    re.IGNORECASE,
)
"""A belief that something "can be" so ("Doctor think the knee pain *can be* arthritis"): the
"can" of possibility, as "could" would say it; without a belief before it "can be" may be
a permission or a habit ("refunds can be up to $50") and doubts nothing."""
_BETWEEN_NAME_AND_DOUBT = frozenset({"is", "are", "was", "were", "has", "have", "had", "'s", "still", "now"})
"""The words that may stand between a named subject and its doubt ("Mina *is still*
thinking about moving"), leaving the name given."""


_THINKING = frozenset(
    stem(w) for w in ("thinks", "thought", "believes", "believed", "reckons", "reckoned", "suspects")
)
"""Verbs of believing that open a doubt about someone ("Dad *thinks* Freya might move")."""
_BELIEVED_REACH = 5
"""How many words a believed clause's definite subject may have ("the Vanderlinde portrait
(1966.1.4)")."""


_TOPIC_PREPOSITIONS = frozenset({"for", "about", "regarding", "over"})
_NOUN_PHRASE_END = re.compile(
    r"\b(?:a|an|the|some|any|this|that|his|her|their|our|my|your|its)\s+(?:[\w'-]+\s+){0,2}$", re.IGNORECASE
)
"""A determiner a word or three before: the word it ends is a noun ("a meal *voucher*")."""
"""Prepositions of cause or topic, whose definite object a doubt takes as known."""


_OCCASION = re.compile(
    r"\b(?:at|during)\s+(?:the|her|his|their|its|our|your|my|this)(?:\s+next)?\s*$", re.IGNORECASE
)
"""An occasion the doubted act is placed at ("at the review", "during her next visit")."""


class _Speculation(_Sentence):
    """How a statement reads speculation; :class:`~pytest_compaction.prose.statements.Statement`
    inherits it."""

    __slots__ = ()

    def speculative(self, position: int) -> str | None:
        """The speculation words of the clause of token ``position``, or None."""
        clause = self.clause[position]
        start = min(t.start for i, t in enumerate(self.tokens) if self.clause[i] == clause)
        end = max(t.end for i, t in enumerate(self.tokens) if self.clause[i] == clause)
        # A second predicate joined after the token by "and" doubts only itself: "has the
        # Basic plan *and asked whether* Pro would suit" leaves the Basic plan settled.
        # So does an alternative after ", or": "is with Reyes, or Nakashima if Reyes is away"
        # leaves Reyes settled.
        joined = [
            t.start
            for i, t in enumerate(self.tokens)
            if i > position
            and self.clause[i] == clause
            and (
                (
                    self.norms[i] == "and"
                    and self.tokens[i].raw.strip() not in ("&", "+")  # "speech & language"
                    and not self._joins_names(i)
                )
                or (self.norms[i] == "or" and self.text[: t.start].rstrip().endswith(","))
            )
        ]
        if joined:
            end = min(end, joined[0])
        # Nor does a consequence after ", so" reach back: "the panel has cut the line, *so*
        # the purchase *would* be postponed" states the cut as settled.
        result = _RESULT.search(self.text, self.tokens[position].end, end)
        if result is not None:
            end = result.start()
        # ... and a hedge before it does not reach the consequence: "Wednesday is likely
        # wet, *so the boat trip has moved* to Thursday" settles the move.
        here = self.tokens[position].start
        cause = [m for m in _RESULT.finditer(self.text, start) if m.end() <= here]
        if cause:
            start = cause[-1].end()
        start = max(start, self._reported_after(position, clause, start))
        # A trailing ", with ..." phrase tells its own noun's state: "CSV files, *with
        # Parquet being considered*" doubts Parquet, not the CSV files before it.
        aside = _WITH_ASIDE.search(self.text, start, end)
        if aside is not None and self.tokens[position].start < aside.start():
            end = aside.start()
        end = min(end, self._conditioned_alternative(position, clause, end))
        # "veg stays at 180 g, *vet may trim it* to 140 g": a clause spliced on with its
        # own subject and modal doubts itself, not the clause before the comma.
        spliced = _SPLICED_DOUBT.search(self.text, self.tokens[position].end, end)
        if spliced is not None and self._own_clause(
            max(start, self.text.rfind(",", start, here) + 1), spliced
        ):
            end = spliced.start()
        if start > 0 and self.text[start - 1] == "?" and (start < 2 or not self.text[start - 2].isalnum()):
            start -= 1  # "?UTI": the clinical query mark stands right before the clause's first word
        found = _SPECULATION.finditer(self.text[start:end])
        # A hedge inside a quotation doubts the quotation only: "Text from the shop: 'we
        # can probably do Friday'" settles that the shop texted.
        here = self.tokens[position].start
        quotes = [q.span() for q in _QUOTED.finditer(self.text) if not q.start() <= here < q.end()]
        # So does one inside brackets the token is not in: "`{"seat": "aisle"}` (window if he
        # wants to sleep)" settles the aisle seat.
        quotes += [b.span() for b in _BRACKETED.finditer(self.text) if not b.start() <= here < b.end()]
        # ... and one in a role after a value ("Fri 20 March *as a possible backup*") doubts
        # that value (:meth:`second_choice`), not the clause before it.
        quotes += [c.span() for c in _SECOND_CHOICE.finditer(self.text, start, end) if c.start() > here]
        words = [
            m.group()
            for m in found
            if not any(a <= start + m.start() < b for a, b in quotes)
            and not _beyond_query(self.text, start + m.start(), here, m.group())
            and not _text.month_may(self.text, start + m.start(), start + m.end())
            and not _committed(self.text, start + m.start(), m.group())
            and not _required(self.text, start + m.end(), m.group())
            and not _request(self.text, start + m.end(), m.group())
            and not self._hedges_time_only(start + m.start(), here, end)
            and not self._labels_own_noun(start + m.start(), m.group(), here)
            and not (here < start + m.start() and _role_before(self.text, start + m.start()))
        ]
        believed = _BELIEVED_CAN.search(self.text, start, end)
        if believed is not None:
            words.append(believed.group("can"))  # "Doctor think the pain can be arthritis"
        if words and all(_FUTURE.fullmatch(w) for w in words) and _HABIT.search(self.text[start:end]):
            return None  # "she'll ring each time": a habit, as settled as "she rings each time"
        return ", ".join(words) if words else None

    def _joins_names(self, conjunction: int) -> bool:
        """Whether the "and" at token ``conjunction`` joins two names ("*Elodie and Marcus*
        are toying with ..."), not two predicates: a capitalized word right before and right
        after it, and no comma before it (", and the client mentioned ..." opens a clause)."""
        before, nxt = conjunction - 1, conjunction + 1
        if before < 0 or nxt >= len(self.tokens):
            return False
        if "," in self.text[self.tokens[before].end : self.tokens[conjunction].start]:
            return False
        return self.tokens[before].raw[:1].isupper() and self.tokens[nxt].raw[:1].isupper()

    def _hedges_time_only(self, at: int, here: int, end: int) -> bool:
        """Whether the hedge at character ``at`` doubts only when, not whether: set off by a
        comma, bracket or dash after the token at character ``here``, and followed by words
        of time alone up to the clause's end or the next comma or bracket ("He's sending a
        quote, *probably next week*", "the plumber comes back (maybe Thursday)")."""
        if at <= here or not re.search(r"[,(\u2013\u2014]\s*$|\s-\s*$", self.text[here:at]):
            return False
        when = [
            i
            for i, t in enumerate(self.tokens)
            if at < t.start < end and not re.search(r"[,;)]", self.text[at : t.start])
        ][1:]  # the hedge's own token first
        return bool(when) and all(
            self.norms[i] in _WHEN_WORDS or kind_of(self.norms[i]) in ("time", "date", "number", "unit")
            for i in when
        )

    def _labels_own_noun(self, at: int, hedge: str, here: int) -> bool:
        """Whether the label of doubt at character ``at`` ("TBC", "to be confirmed") doubts
        only the noun it follows in a part of its own after the token at character ``here``:
        set off by a comma, bracket or dash, one to three words and a noun last ("the
        council is banning scooters next year, *details TBC*", "closing in March, *start
        time tbc*"). A bare ", TBC", or one after a word that points back ("it's TBC", "all
        TBC", "the date is TBC"), still doubts the whole clause."""
        if at <= here or not _OPEN_LABEL.fullmatch(hedge):
            return False
        mark = max(self.text.rfind(c, here, at) for c in ",(\u2013\u2014;")
        named = [i for i, t in enumerate(self.tokens) if mark < t.start and t.end <= at]
        return (
            mark >= 0
            and 0 < len(named) <= _LABELLED_WORDS
            and (self.norms[named[-1]] not in STOPWORDS or self.norms[named[-1]] in _TIME_NOUNS)
        )

    def _own_clause(self, start: int, spliced: re.Match[str]) -> bool:
        """Whether the comma of ``spliced`` ends a clause of its own: its part from character
        ``start`` (the clause's start or its last comma) holds a verb ("veg *stays* at 180 g,
        vet may trim it"), unlike a fronted phrase or a name set off by commas ("According
        to Dr. Lee, the dose may ...", "her mother, Mrs. Okonkwo-Lind, thinks ...")."""
        return any(
            t.past or t.raw.lower() in _FINITE
            for t in self.tokens
            if start <= t.start and t.end <= spliced.start()
        )

    def _conditioned_alternative(self, position: int, clause: int, end: int) -> int:
        """Where a trailing alternative value with its own condition begins after token
        ``position`` (", *4:30pm only if the flight is late*"), or ``end``: after a comma, a
        number, time, date or amount, then "if" or "only if". The condition is that
        value's; the value before the comma stands ("Fri 3pm, 4:30pm only if ..."). So does a
        value offered as the second choice with its own condition ("church hall as normal,
        *the library as a backup if it floods*")."""
        for i in range(position + 1, len(self.tokens) - 1):
            if self.clause[i] != clause or self.tokens[i].start >= end:
                break
            if "," not in self.text[self.tokens[i - 1].end : self.tokens[i].start] and not self.tokens[
                i - 1
            ].raw.endswith(","):
                continue  # a digit group keeps its trailing comma ("stand 27, stand 33 if ...")
            backup = _SECOND_CHOICE.search(self.text, self.tokens[i].start, end)
            if backup is not None and re.match(r"\s*(?:only\s+)?if\b", self.text[backup.end() : end], re.I):
                return self.tokens[i - 1].end  # ", the library as a backup if it floods"
            if self._own_condition(i, clause, end):
                return self.tokens[i - 1].end  # ", grandma's garden is only if the hall is not free"
            # the value right after the comma, or after the one word that names it ("stand 33
            # if ..."); "Wed as booked, *Fri if* the welder is off": a weekday is a value too
            for k in (i, i + 1):
                if k + 1 >= len(self.tokens) or (
                    kind_of(self.norms[k]) not in ("number", "time", "date", "currency")
                    and self.norms[k] not in _WEEKDAYS
                ):
                    continue
                after = [t.raw.lower() for t in self.tokens[k + 1 : k + 3]]
                if after[:1] == ["if"] or after == ["only", "if"]:
                    return self.tokens[i - 1].end
        return end

    def _own_condition(self, first: int, clause: int, end: int) -> bool:
        """Whether the words from token ``first`` (right after a comma) name a second
        choice and then its own condition within a few words: "..., grandma's garden *is
        only if* the hall is not free", "..., the library *only if* it floods"."""
        for k in range(first + 1, min(first + 1 + _CHOICE_WORDS, len(self.tokens))):
            if self.clause[k] != clause or self.tokens[k].start >= end:
                return False
            if self.norms[k] == "if":
                # a second choice named first: ", only if ..." bounds what came before it
                return k - 1 > first and self.tokens[k - 1].raw.lower() in _BEFORE_OWN_IF
        return False

    def _reported_after(self, position: int, clause: int, start: int) -> int:
        """Where a predicate that reports a clause of its own begins before token
        ``position`` ("..., *and mentioned that* the head had cancelled the fair"), or
        ``start``: "and", a past verb, "that". A hedge before it belongs to the predicate it
        joins ("confirmed that the assembly *would* be held at 9:15"), not to the reported
        clause; "might be delayed and cancelled" joins no "that" and stays one doubt."""
        begin = start
        for i in range(min(position + 1, len(self.tokens) - 2)):
            if self.clause[i] != clause or self.norms[i] != "and":
                continue
            # "suspects hypothyroidism *and has sent off* a total T4": a predicate of its own,
            # told with a finite auxiliary, after "and" (never "might be delayed and cancelled")
            if self.tokens[i + 1].raw.lower() in FINITE_AUXILIARIES:
                begin = max(begin, self.tokens[i].start)
                continue
            if i >= position - 2:
                continue
            reports = self.tokens[i + 1].past and self.tokens[i + 2].raw.lower() == "that"
            if reports or self._new_subject(i, position):
                begin = max(begin, self.tokens[i].start)
        return begin

    def _new_subject(self, conjunction: int, position: int) -> bool:
        """Whether ", and" at ``conjunction`` opens a clause with a subject and a past verb of
        its own before token ``position`` ("since they will be away, *and the agent booked*
        March 21"): a hedge before it is not the new clause's."""
        if "," not in self.text[self.tokens[conjunction - 1].end : self.tokens[conjunction].start]:
            return False
        opener = self.text[self.tokens[conjunction].end :].split(None, 1)[:1]
        if not opener or opener[0].lower() not in _SUBJECT_STARTS:
            return False  # articles are no tokens: the word after "and" is read from the text
        reach = range(conjunction + 2, min(conjunction + 2 + _SUBJECT_REACH, position))
        return any(self.tokens[j].past and self.norms[j] not in _AUXILIARIES for j in reach)

    def second_choice(self, position: int) -> str | None:
        """The words that offer token ``position`` as a second choice, or None: "with Unit 3
        *as the fallback*", "Parquet *as a possible alternative*", "ring her landline *as a
        backup*". A value offered so is not the one that stands."""
        clause = self.clause[position]
        end = max(t.end for i, t in enumerate(self.tokens) if self.clause[i] == clause)
        here = self.tokens[position].start
        aside = _WITH_ASIDE.search(self.text, 0, end)
        if aside is not None and aside.start() < here:
            # The value sits in a ", with ..." phrase: the phrase's own role word names it.
            found = _SECOND_CHOICE.search(self.text, here, end)
        else:
            # The value itself, then its role within a few words ("Unit 3 as the fallback").
            found = _SECOND_CHOICE.search(self.text, here, min(end, self.tokens[position].end + 40))
            stop = aside.start() if aside is not None and aside.start() > here else end
            if found is not None and found.start() > stop:
                found = None
            between = self.text[self.tokens[position].end : found.start()] if found is not None else ""
            if re.search(r",\s*\w", between):
                found = None  # "→ Mon 3rd, Wed 5th held as backup": the role is the next value's
        return found.group().strip() if found is not None else None

    def ruled_consequence(self, positions: Sequence[int]) -> list[int]:
        """The positions of a rule that a fronted condition bounds, or nothing: "If you decide
        to bring it, *sports equipment can be added* for 35 euros" doubts the deciding, but
        the rule after the condition's comma (a "can", "must" or "need to", and no doubt of
        its own) holds as the service's rule."""
        if not positions or self.norms[positions[0]] != "if":
            return []
        for k, i in enumerate(positions[1:], 1):
            if "," in self.text[self.tokens[positions[k - 1]].end : self.tokens[i].start]:
                main = list(positions[k:])
                text = self.text[self.tokens[main[0]].start : self.tokens[main[-1]].end]
                if _RULE_MODAL.search(text) and not _SPECULATION.search(text):
                    return main
                return []
        return []

    def presupposed(self, positions: Sequence[int]) -> list[int]:
        """The positions of a definite subject that a speculative clause takes as given:
        "*The spike in egress charges* might be caused by ..." doubts the cause, not the
        spike. Only a subject opened by a determiner of something known ("the", "this",
        "its", ...) and wholly before the first speculation word counts."""
        if not positions:
            return []
        start = self.tokens[positions[0]].start
        end = max(self.tokens[i].end for i in positions)
        first = _SPECULATION.search(self.text[start:end])
        if first is None:
            return []
        given = self._owned(positions) | self._time_clause(positions, start + first.end(), end)
        given |= self._topic(positions, start + first.end())
        given |= self._asking(positions, start + first.start())
        given |= self._reporter(positions, start + first.start())
        given |= self._possessed(positions, start + first.start())
        given |= self._named(positions, start + first.start())
        given |= self._believed_subject(positions, start, end)
        before = self.tokens[positions[0] - 1].end if positions[0] > 0 else 0
        opener = self.text[before:start].split()
        if opener and opener[-1].lower().strip(",;:") in _DEFINITE:
            given |= {i for i in positions if self.tokens[i].end <= start + first.start()}
        return sorted(given)

    def _named(self, positions: Sequence[int], first: int) -> set[int]:
        """The words of a subject named by a proper name that opens the clause and ends where
        its doubt starts: "*Mina Sorvari* might move to Tallinn" doubts the move, not Mina.
        Up to :data:`_OWNED_REACH` capitalized words, none a function word."""
        before = [i for i in positions if self.tokens[i].end <= first]
        believed = self._believed_name(before)
        if believed:
            return believed
        named: list[int] = []
        for i in before:
            raw = self.tokens[i].raw
            if not raw[:1].isupper() or self.norms[i] in STOPWORDS or raw.lower() in _SPECULATION_OPENERS:
                break
            named.append(i)
        rest = before[len(named) :]
        if not named or len(named) > _OWNED_REACH:
            return set()
        # "Uncle Faisal said he might fly in": the teller named before a verb of saying is
        # given too, whatever the report doubts.
        told = (
            bool(rest)
            and self.norms[rest[0]] in REPORTING
            and all(self.norms[i] in STOPWORDS for i in rest[1:])
        )
        # "Dad thinks *Freya Oduro-Blake* might move": the one believed of is given too.
        if rest and self.norms[rest[0]] in REPORTING | _THINKING:
            about = rest[1:]
            if 0 < len(about) <= _OWNED_REACH and all(
                self.tokens[i].raw[:1].isupper() and self.norms[i] not in STOPWORDS for i in about
            ):
                return set(named) | set(rest)
        # "Mina Sorvari *is* thinking about moving": an auxiliary between is no subject word.
        helped = all(self.tokens[i].raw.lower() in _BETWEEN_NAME_AND_DOUBT for i in rest)
        return set(named) if not rest or told or helped else set()

    def _believed_subject(self, positions: Sequence[int], start: int, end: int) -> set[int]:
        """The words of a definite subject between a verb of believing and the doubt of the
        clause it opens: "suspects *the Vanderlinde portrait (1966.1.4)* may have passed
        through ..." doubts the passing, not the portrait. Up to :data:`_BELIEVED_REACH`
        words, opened by a determiner of something known, or a name and its number
        ("suspects *Dottie (ID 3950)* may have ...")."""
        found = list(_SPECULATION.finditer(self.text, start, end))
        for belief, doubt in itertools.pairwise(found):
            verb = [i for i in positions if belief.start() <= self.tokens[i].start < belief.end()]
            if not verb or self.norms[verb[0]] not in _THINKING:
                continue
            opener = self.text[belief.end() : doubt.start()].split()[:1]
            about = [
                i
                for i in positions
                if belief.end() <= self.tokens[i].start and self.tokens[i].end <= doubt.start()
            ]
            # a name and its number ("suspects *Dottie (ID 3950)* may have"): capitals or digits
            named = bool(about) and all(
                self.tokens[i].raw[:1].isupper() or self.tokens[i].raw[:1].isdigit() for i in about
            )
            if not opener or (opener[0].lower() not in _DEFINITE and not named):
                continue
            if 0 < len(about) <= _BELIEVED_REACH and not any(self.tokens[i].past for i in about):
                return set(about)
        return set()

    def _believed_name(self, before: Sequence[int]) -> set[int]:
        """The words of a name right after a verb of believing or saying, up to where the
        doubt starts: "My broker thinks *Fernleigh Mutual* may extend the policy" doubts the
        extending, not the insurer."""
        for k, i in enumerate(before):
            if self.norms[i] not in REPORTING | _THINKING:
                continue
            about = list(before[k + 1 :])
            if 0 < len(about) <= _OWNED_REACH and all(
                self.tokens[j].raw[:1].isupper() and self.norms[j] not in STOPWORDS for j in about
            ):
                return set(before[: k + 1]) | set(about)
        return set()

    def _possessed(self, positions: Sequence[int], first: int) -> set[int]:
        """The words of a possessed subject just before the first speculation word: "she
        thinks *Juniper's limp* could be a ligament problem" doubts the cause, not the limp.
        A possessive ("Juniper's", "the site's") then up to :data:`_OWNED_REACH` content
        words, ending where the doubt starts."""
        before = [i for i in positions if self.tokens[i].end <= first]
        if not before:
            return set()
        out: set[int] = set()
        for i in reversed(before[-_OWNED_REACH - 1 :]):
            raw = self.tokens[i].raw.lower()
            if self.norms[i] in STOPWORDS and not raw.endswith(_POSSESSIVE):
                return set()
            out.add(i)
            if raw.endswith(_POSSESSIVE):
                return out if len(out) > 1 else set()
        return set()

    def _reporter(self, positions: Sequence[int], first: int) -> set[int]:
        """The words of a report's speaker and its verb before a "that" that opens the
        doubted part ("*Some members suggested* that the school could move"): what they
        said is in doubt, not that they said it. The verb before "that" is past, as a
        report's is; a "that" after the first speculation word opens nothing."""
        for k in positions:
            if self.tokens[k].start >= first:
                break
            if k > positions[0] and self.tokens[k].raw.lower() == "that" and self.tokens[k - 1].past:
                return {i for i in positions if i < k}
        return set()

    def _owned(self, positions: Sequence[int]) -> set[int]:
        """The words of a noun phrase the speaker owns, "*my* card", "*our* spare room": a
        speculative clause doubts what is done with it ("might sell my car"), not that the
        speaker has it. Up to :data:`_OWNED_REACH` words after "my" or "our", to the first
        function word."""
        out: set[int] = set()
        wanted = set(positions)
        for i in positions:
            if self.tokens[i].raw.lower() not in _OWNERS:
                continue
            for j in range(i + 1, min(i + 1 + _OWNED_REACH, len(self.norms))):
                if j not in wanted or self.norms[j] in STOPWORDS or self._opened(j):
                    break
                out.add(j)
        return out

    def _asking(self, positions: Sequence[int], first: int) -> set[int]:
        """The words before a question word that opens the doubted part ("*Can you confirm*
        how much you'll hold"): the asking is not in doubt, only what the embedded question
        asks ("how much", "what", "which", "where", "why", "who"), whose future it holds; and
        a definite subject of the embedded question ("what *the courier* will charge")."""
        for k, i in enumerate(positions):
            token = self.tokens[i]
            if token.start >= first:
                return set()
            if k and token.raw.lower() in _QUESTION_WORDS:
                given = set(positions[:k])
                rest = [j for j in positions[k + 1 :] if self.tokens[j].end <= first]
                if rest:
                    # The embedded question's definite subject, as a clause's own
                    # ("what *the courier* will charge"): taken as given.
                    opener = self.text[token.end : self.tokens[rest[0]].start].split()
                    if opener and opener[-1].lower() in _DEFINITE:
                        given |= set(rest)
                return given
        return set()

    def _opened(self, index: int) -> bool:
        """Whether punctuation or an article stands right before token ``index``."""
        between = self.text[self.tokens[index - 1].end : self.tokens[index].start]
        return between.strip() != ""

    def _topic(self, positions: Sequence[int], after: int) -> set[int]:
        """The words of a definite phrase of cause or topic after a noun, after the
        speculation word ("may offer a voucher *for the six-hour delay on flight EQ 93*"):
        "for the", "about the" take the thing as known, so the doubt falls on the act, not
        on it. A destination ("might move *to the* Tuesday group") or a verb's own object
        ("might sign up *for the* 10k") is what is doubted and stays."""
        out: set[int] = set()
        for k, i in enumerate(positions[:-1]):
            if self.tokens[i].start < after or self.tokens[i].raw.lower() not in _TOPIC_PREPOSITIONS:
                continue
            if k == 0 or not _NOUN_PHRASE_END.search(self.text, 0, self.tokens[positions[k - 1]].start):
                continue  # "sign up *for* the 10k", "apply for the job": the verb's own object
            nxt = self.tokens[positions[k + 1]]
            opener = self.text[self.tokens[i].end : nxt.start].strip().lower()
            if opener in _DEFINITE or nxt.raw.lower() in _DEFINITE:
                out |= {j for j in positions[k:] if self.segment[j] == self.segment[i]}
        return out

    def _time_clause(self, positions: Sequence[int], after: int, end: int) -> set[int]:
        """The words of a time clause after the speculation word ("how much you'll hold *before I
        come in on Friday*"): "before", "after", "until", "once", "when", "while" and "because"
        (:data:`_GIVEN_CLAUSE_OPENERS`) presuppose what they tell, so the doubt of the clause
        they hang on does not reach them; one with a doubt of its own ("before I might ...")
        keeps it. So does an occasion named after "at the" or "during the" ("may increase the
        dose *at the review*"): the review takes place whatever is decided at it."""
        occasion: set[int] = set()
        for i in positions:
            token = self.tokens[i]
            if token.start < after:
                continue
            if token.raw.lower() not in _GIVEN_CLAUSE_OPENERS:
                before = self.text[max(0, token.start - 24) : token.start]
                # after the doubted verb and its object, not right after the verb ("might
                # look at the tachographs": what is looked at is doubted)
                placed = (
                    sum(
                        1
                        for j in positions
                        if after <= self.tokens[j].start < token.start and self.norms[j] not in STOPWORDS
                    )
                    >= 2
                )
                if not occasion and placed and _OCCASION.search(before):
                    # "may increase the dose *at the review*": the review is a given
                    occasion = {i}
                    follow = i + 1
                    while (
                        follow in positions
                        and self.text[self.tokens[follow - 1].end : self.tokens[follow].start] == "-"
                    ):
                        occasion.add(follow)
                        follow += 1
                continue
            if _SPECULATION.search(self.text, token.end, end) is not None:
                return occasion
            return occasion | {j for j in positions if j > i}
        return occasion
