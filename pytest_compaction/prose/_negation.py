"""The negation reading of a statement: which negators flip a token (:meth:`_Negation.negated`),
each within its segment, a label's answer ("Peanuts: none"), a table cell's, a negative
subject and a state after a linking verb ("the gate is closed"). The words that negate by
their meaning ("off", "rid", "left behind", "set aside", "still to", refusals and giving
up) are read by its base, :class:`~pytest_compaction.prose._negative_words._NegativeWords`.
"""

from __future__ import annotations

import re

from pytest_compaction.prose._cue_words import (
    _ABANDONS,
    _ADDITIVE,
    _APART,
    _AUXILIARIES,
    _AWAITS,
    _BEHIND,
    _CEASE,
    _CLOSURES,
    _COMPLEMENT_LINKS,
    _CONJUNCTIONS,
    _CUE_WORDS,
    _DETERMINER_REACH,
    _DETERMINERS,
    _LABEL_COLON,
    _LABEL_WORDS,
    _LEFT_BEHIND,
    _LINK_ADVERBS,
    _LONGER,
    _NEGATIVE_SUBJECTS,
    _NOT_TO_IDIOMS,
    _PRIVATIVES,
    _PROHIBITS,
    _PUT,
    _REFUSALS,
    _SUBJECT_OPENERS,
    _SUBJECT_REACH,
    _SUBORDINATORS,
    CROSS_MARKS,
    STOPWORDS,
    _stems,
    negator,
    un_negative,
)
from pytest_compaction.prose._negative_words import _NegativeWords
from pytest_compaction.prose.normalize import kind_of, stem

__all__ = ["_Negation"]


_DENYING_LABEL = re.compile(
    r"\W*(?P<label>(?i:do\s+not|don't|don\u2019t|never|not\s+(?:allowed|permitted|to\s+be\s+[a-z]+))"
    r"(?:\s+[A-Za-z-]+){0,3}):\s"
)
"""A label that forbids what it heads ("DO NOT PACK: ...", "Never leave: ...", "Not to be
moved: ..."): every word of its answer is denied, brackets and all."""
_NUMBER_SIGN = re.compile(r"no\.\s*(?=[#\d])|nos\.\s*(?=[#\d])", re.IGNORECASE)
""""No." before a number is "number" ("locker no. 147", "No. 3 Court"), no negator."""


_NO_OBJECTION = frozenset(stem(w) for w in ("problem", "objection", "issue", "qualms", "complaint"))
"""Nouns of objection that "no" denies: "no problem with dairy" is fine with dairy."""
_CELL = re.compile(r"[^|;]+")
"""A line's text, each cell of a table row, or each part of a line after a semicolon ("flat:
Oberfeld St; pets: not allowed"): a label opens any of them."""
_BRACKETED = re.compile(r"\([^()]*\)")
"""A bracketed aside in a label, which adds no words to its count."""
_CELL_OPENING = re.compile(r"[^|]*\|\s*(?:[^|:]{1,40}:\s*)?")
"""From a row's label to the next cell's first word, past a column name that heads it."""
_LIMITS = re.compile(r"[-\s]limits\b", re.IGNORECASE)
_BARE_ANSWER = re.compile(r"\s*(?:$|[|(;,\u2013\u2014-]|\s-\s)")
"""What follows a bare "N" that answers a label ("classes: N (knee)", "| Parking | N |")."""
_DENIED_ANSWER = re.compile(
    r"\s*(?:she|he|they|it|i|we|you)\s+(?:(?:did|does|do|was|were|is|are|has|have|had|will|would|could|can)"
    r"(?:\s+not\b|n't\b|n\u2019t\b|\s+no\s+longer\b)|(?:wo|ca|sha)n['\u2019]t\b|no\s+longer\b)"
    r"(?!\s+only\b)",
    re.IGNORECASE,
)
"""An answer after a label that denies it with a pronoun and a negated auxiliary ("... on
the Star of Erin (1848): *she did not*", "QC: *she won't* be doing it herself", "*he no
longer* does")."""
_OFF_ANSWER = re.compile(r"\s*(?:$|[|(;,\u2013\u2014]|\s-\s)")
"""What follows a bare "off" that answers a label ("Auto-renew: off (renews by hand)"); not
"off-peak"."""

_AS_LONG_AS = ("as", "long", "as")
_LEFT_AS = _stems("leave leaves left keep keeps kept")
"""Verbs whose object an "un-" word after it describes: "leave the records *untouched*"."""
_OBJECT_REACH = 3
"""How many words the object of "leave" or "keep" may have before the matched name."""
_OBJECT_LENGTH = 8
_ARTICLE = re.compile(r"\b(?:the|a|an)\b", re.IGNORECASE)
"""How many words from the matched name to the "un-" word that tells what it is left as."""


_HAVE_GET = frozenset(stem(w) for w in ("have", "has", "had", "get", "gets", "got", "receive", "receives"))
"""Verbs whose object "no" denies to their subject ("customers *get no* API access")."""


_ASKING = frozenset(
    stem(w)
    for w in ("asked", "asks", "told", "tells", "agreed", "promised", "decided", "chose", "wants", "prefers")
)
"""Verbs before "not to" that make it a request, not the idiom: "asked us *not to mention*
her school" forbids the mention, where "not to mention the school" adds it."""


_BARE_MOTION = frozenset(
    {"go", "goes", "come", "get", "stay", "leave", "enter", "move", "travel", "sit", "stand"}
)
"""Bare verbs of going or staying that follow "no" and a plural noun as its verb: "no bags
*go* into hold 4", "no dogs *come* upstairs"."""


_AFTER_CLOSURE = frozenset(
    {"all", "until", "till", "til", "for", "from", "on", "at", "today", "tonight", "tomorrow", "due", "since"}
    | {"this", "next", "over", "during", "while", "because"}
)
"""Words that may follow a note's "closed" or "shut" with its "is" left out ("closed *all*
day", "shut *until* 3", "closed *for* cleaning")."""
_WEEKDAY = re.compile(r"(?i:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?i:day|days|\.)?")
_ACT_NOUN = re.compile(r"[a-z]+(?:ature|ment|tion|sion|al|view|pair)")
"""A noun of an act that can be awaited ("signature", "inspection", "approval", "review",
"repair"): after a verb of sending and "for" it tells the act as not done yet."""
_SENT_FOR = frozenset(
    {"sent", "send", "sends", "sending", "submitted", "submit", "passed", "forwarded", "referred"}
    | {"returned", "booked", "queued", "scheduled", "ready", "due", "put", "gone", "went", "out"}
)
"""What comes before an act sent "for" ("sent to the client for signature", "booked in for
repair", "ready for collection", "due for renewal")."""
_SENT_REACH = 5
_UNDER_WAY = frozenset(
    {"review", "repayment", "construction", "investigation", "negotiation", "repair", "offer"}
    | {"consideration", "assessment", "renovation", "refurbishment", "development", "appeal"}
)
"""Acts that "under" tells as going on and not done ("still *under repayment*", "*under
review*"); "under sedation", "under supervision" are states, not acts under way."""


_LINE_VERBS = frozenset({"is", "are", "was", "were", "has", "have", "had", "will", "'s", "\u2019s"})
"""Finite verbs that give a marked line a clause of its own."""


_ITEM_MARKS = CROSS_MARKS | frozenset("\u2713\u2714\u2705")
"""Crosses and ticks: a note's mark after a word closes its item, so a negator after it
tells something else ("chainstay CRACKED ✗ *not* safe to ride")."""


_ACCESS_NOUNS = frozenset(
    stem(w)
    for w in (
        *("parking", "bay", "bays", "space", "spaces", "toilet", "toilets", "loo", "access", "badge"),
        *("entrance", "ramp", "facilities", "changing", "seating", "person", "people", "guest", "guests"),
    )
)
"""What "disabled" before it describes as being for disabled people, not as switched off."""
_LINKING = frozenset(
    stem(w) for w in ("is", "are", "was", "were", "be", "been", "stays", "remains", "got", "gets")
)
_LEAVE_NOUNS = frozenset(
    stem(w)
    for w in ("consent", "permission", "authority", "authorisation", "authorization", "approval", "clearance")
)
"""Nouns of leave to act, which "no" denies with the act after their "to"."""


_MEASURED = frozenset({"number", "unit", "currency", "time", "date"})
"""Kinds of token that measure a thing: a word after one describes the thing measured."""


class _Negation(_NegativeWords):
    """How a statement reads negation; :class:`~pytest_compaction.prose.statements.Statement` inherits it."""

    __slots__ = ()

    def negated(self, position: int, span: int = 1) -> str | None:
        """The negators that flip token ``position`` (an odd count of them), or None.

        "not", "never" and "no longer" reach to the end of their segment; "no", "none",
        "nothing", "nobody" and "without" negate only the few words after them ("at no
        extra cost" does not negate the rest of the sentence).
        """
        seg = self.segment[position]
        found: list[str] = []
        free = self._free_of(position, span)
        if free:
            found.append(free)  # "sesame-free", "free of nuts": none of it
        denying = _DENYING_LABEL.match(self.text)
        if denying is not None and self.tokens[position].start >= denying.end():
            # "DO NOT PACK: hall-cupboard bag (passports + meds)": the label denies its answer
            found.append(denying.group("label").strip())
        answer = self._label_answer(position)
        for i in self._negation_cues():
            norm = self.norms[i]
            if i > position + 1 and any(self.tokens[j].raw in _ITEM_MARKS for j in range(position + 1, i)):
                continue  # "chainstay CRACKED ✗ not safe to ride": the mark closes the item
            if self.tokens[i].raw.lower() in _APART:
                apart = self._kept_apart(position, i)
                if apart:
                    found.append(apart)  # "keep Desmond and Rosalind in separate groups"
                continue
            if (
                self.segment[i] != seg
                and i != answer
                and not self._remains_as_answer(position, i)
                and not self._across_aside(position, i)
                and not (i > position and self._answers(position, i))
            ) or (position <= i < position + span):
                continue  # a negator inside the matched words belongs to them ("do not touch")
            if norm in _CEASE and i < position and self._gerund(i + 1):
                found.append(self.tokens[i].raw)  # "stopped eating gluten" = not eating it
                continue
            if self._pending_act(i):
                if position == i + 1:
                    found.append(f"{self.tokens[i].raw} {self.tokens[i + 1].raw}")  # "for signature"
                continue
            closure = self.tokens[i].raw.lower() in _CLOSURES and (
                tuple(self.norms[i + 1 : i + 2]) != ("to",) or self._closed_to_all(i)
            )
            limits = _LIMITS.match(self.text, self.tokens[i].end) is not None
            closure = closure or (self.tokens[i].raw.lower() == "off" and limits)  # "is off-limits for her"

            if (
                closure
                and i > position
                and (
                    self._complement(i)
                    or (i == position + span and (self._bare_closure(i) or self._closed_to_all(i)))
                )
                and not self._condition_between(position + span, i)
            ):
                # "top-out on the Slab wall *is closed*", "the east gate stays shut": what its
                # subject is, as "not open"; "closed to new patients" shuts out what follows.
                found.append(self.tokens[i].raw)
                continue
            if i == answer and self.tokens[i].raw.lower() == "off":
                found.append(self.tokens[i].raw)  # "Auto-renew: off": the label's setting is off
                continue
            state = self._negative_state(position, i, span)
            if state is None:
                state = self._negating_word(position, i, answer, span)
            if state is not None:
                if state:
                    found.append(state)
                continue
            raw = self.tokens[i].raw.lower()
            if un_negative(raw):
                # Only as what its subject or object is: "the charge *is unpaid*", "leave the
                # back gate *unlocked*", never "unlimited data".
                # Not one said of another subject after "and" ("has not consented and the form
                # is *unsigned*"): that clause tells its own subject.
                if (
                    i > position
                    and self.clause[i] == self.clause[position]
                    and (self._complement(i) or self._object_complement(position, i))
                ) or self._noted_state(position, span, i, answer):
                    found.append(self.tokens[i].raw)
                continue
            if self.tokens[i].raw == "N" and i > position and (self._answers(position, i) or i == answer):
                found.append("N")  # "high-impact classes: N (knee injury)", "| Parking | N |"
                break
            if raw == "no" and i + 1 < position and self.norms[i + 1] in _NO_OBJECTION:
                continue  # "has no problem with dairy": no objection, so dairy is fine
            if (
                raw == "disabled"
                and i + 1 < len(self.norms)
                and self.norms[i + 1] in _ACCESS_NOUNS
                and not self.text[self.tokens[i].end : self.tokens[i + 1].start].strip()
                and (i == 0 or self.norms[i - 1] not in _LINKING)
            ):
                continue  # "the disabled parking bay", "disabled access": for disabled people
            norm = negator(self.tokens[i]) or ("not" if raw in _PROHIBITS or raw in _PRIVATIVES else "")
            norm = norm or ("no" if raw in _AWAITS else "")
            if not norm:
                continue
            after = self.norms[i + 1] if i + 1 < len(self.norms) else ""
            if (
                norm in ("not", "no", "never")
                and after in _ADDITIVE
                and not self._cessation(i)
                and not self._not_to(i)
            ):
                continue
            if i > position and (self._answers(position, i) or i == answer):
                found.append(self.tokens[i].raw)  # "| Open bar | No |": the cell answers its label
                break  # the rest of the answer tells why ("✗ - declined for the stay"), no second no
            if norm == "no" and after == _LONGER:
                # "no longer needs a referral letter"; "a referral letter *is no longer* needed",
                # as "is not needed" would be
                if i < position or self._before_verb(position + span - 1, i):
                    found.append("no longer")
                continue
            reach = _DETERMINER_REACH + (3 if self._leave_to(i) else 0)
            if i < position and position > i + reach:
                # a possessive stands where an article would ("no lessons in *Poppy's* bedroom")
                reach += sum(self.tokens[j].raw.endswith(("'s", "s'")) for j in range(i + 1, position))
            near = i < position <= i + reach
            had_none = (
                norm == "no"
                and position < i
                and self.norms[i - 1] in _HAVE_GET
                and i - 1 - (position + span) <= 1  # the name is the verb's subject
                and self.segment[i] == self.segment[position]
            )  # "Starter tier customers *get no* API access": what they do not get
            if norm in _DETERMINERS and not near and not self._subject(i, position) and not had_none:
                continue
            if (
                norm not in _DETERMINERS
                and i > position
                and not self._before_verb(position + span - 1, i)
                # "auto-close on the garage door *stays disabled*": the state of its subject
                and not (raw in _PRIVATIVES and self._complement(i))
            ):
                continue
            found.append(self.tokens[i].raw)
        if len(found) > 1 and self.tokens[0].raw in CROSS_MARKS and self.tokens[0].raw in found:
            found.remove(self.tokens[0].raw)  # "❌ Oysters: not serving": the mark heads, the words say it
        elif (
            found == [self.tokens[0].raw]
            and self.tokens[0].raw in CROSS_MARKS
            and any(t.raw.lower() in _LINE_VERBS for t in self.tokens[1:position])
        ):
            # "🚫 tarn is suspended for 2 matches": a mark opening a line whose clause has a
            # verb of its own is the line's icon; the verb says what holds
            found = []
        elif len(found) > 1:
            # "refund: ❌ no refund": a mark right before a negator agrees with it, one "no"
            marked = [
                t.raw
                for k, t in enumerate(self.tokens[:-1])
                if t.raw in CROSS_MARKS and t.raw in found and negator(self.tokens[k + 1])
            ]
            if marked:
                found.remove(marked[0])
        return ", ".join(found) if len(found) % 2 else None

    def _bare_closure(self, index: int) -> bool:
        """Whether the word of closure at token ``index``, right after a name, is a note's
        state with its "is" left out ("flume *closed* all day Sun", "gym closed until 3",
        "café shut."): nothing after it in its segment, or a word of time or a preposition;
        an object after it makes it a verb ("the council closed the road")."""
        nxt = index + 1
        if nxt >= len(self.norms) or self.segment[nxt] != self.segment[index]:
            return True
        norm = self.norms[nxt]
        return (
            norm in _AFTER_CLOSURE
            or kind_of(norm) in ("time", "date")
            or _WEEKDAY.fullmatch(self.tokens[nxt].raw) is not None
        )

    def _noted_state(self, position: int, span: int, index: int, answer: int | None = None) -> bool:
        """Whether the word at ``index`` is a note's state of the name at ``position`` with
        its "is" left out: right after the name ("pitot heat *INOP*", "canopy:
        *unserviceable*", "side gate *unlocked*") or the answer of its label, with nothing
        after it in its stretch but a word of time or place."""
        if index <= position or kind_of(self.norms[index - 1]) in _MEASURED:
            return False  # "Cylinder: 210-litre *unvented*": a kind of the thing measured, not its state
        return index == answer or (index == position + span and self._bare_closure(index))

    def _closed_to_all(self, index: int) -> bool:
        """Whether the closure at token ``index``, followed by "to", shuts its subject to
        the whole of what it serves, so that the subject itself is closed: one noun after
        "to" (past "the" or "all") closing the phrase ("the loading bay's *shut to
        deliveries* this week", "the lane is closed to traffic until Friday"). A noun
        narrowed by a word before or after it is a part shut out while the subject stays
        open ("the clinic is closed to *new* patients", "closed to vans *over 3.5t*")."""
        j = index + 2
        while j < len(self.norms) and self.norms[j] in ("the", "all"):
            j += 1
        if j >= len(self.norms) or self.segment[j] != self.segment[index] or kind_of(self.norms[j]) != "word":
            return False
        if (
            j + 2 < len(self.norms)
            and self.norms[j + 1] in ("over", "under")
            and kind_of(self.norms[j + 2]) == "number"
        ):
            return False
        return self._bare_closure(j)

    def _pending_act(self, index: int) -> bool:
        """Whether token ``index`` is the "for" or "under" of an act still to come or under
        way, a noun of the act right after it ("sent to the client *for signature*", "still
        *under repayment*", "*for approval*", "*under review*"): the act is not done."""
        raw = self.tokens[index].raw.lower()
        if raw not in ("for", "under") or index + 1 >= len(self.tokens):
            return False
        act = self.tokens[index + 1]
        if self.text[self.tokens[index].end : act.start].strip():
            return False  # "eligible for *the* relocation bonus": a thing, not an act
        if raw == "under":
            return act.raw.lower() in _UNDER_WAY
        sent = any(t.raw.lower() in _SENT_FOR for t in self.tokens[max(0, index - _SENT_REACH) : index])
        return sent and _ACT_NOUN.fullmatch(act.raw.lower()) is not None

    def _negation_cues(self) -> tuple[int, ...]:
        """The tokens that can flip another (a negator, a ceasing, prohibiting, privative or
        awaiting word, "off", "rid"), in order: :meth:`negated` reads only these, so a long
        sentence costs one pass over its words, not one per word it is asked about."""
        cues = self._memo.get("negation")
        if cues is None:
            cues = tuple(
                i
                for i, token in enumerate(self.tokens)
                if (
                    self.norms[i] in _CEASE
                    or (token.raw == "N" and _BARE_ANSWER.match(self.text, token.end) is not None)
                    or token.raw.lower() in _CUE_WORDS
                    or negator(token) is not None
                    or un_negative(token.raw.lower())
                    or self._pending_act(i)
                )
                and not _NUMBER_SIGN.match(self.text, token.start)  # "locker no. 147": a number
            )
            self._memo["negation"] = cues
        return cues

    def _label_answer(self, position: int) -> int | None:
        """The token that opens the answer to a label holding token ``position``, when it
        is a negator: in "overtime: not eligible" or "- Peanuts: none" the words after the
        colon answer the label before it, as a table cell answers its row's label
        (:meth:`_answers`). A label opens its line and is a few words with no punctuation.
        """
        # Only the first colon of a line, or of a table cell, can close a label: a later one
        # has it in its label. The memo holds (label start, colon, answer) triples.
        found = self._memo.get("label")
        if found is None:
            triples: list[int] = []
            # after a list's heading ("Dishwasher order: Extended warranty: rejected"), the
            # item's own label
            for cell in _CELL.finditer(self.text, self.heading):
                colon = _LABEL_COLON.search(self.text, cell.start(), cell.end())
                if colon is None:
                    continue
                label = self.text[cell.start() : colon.start()].lstrip(" \t-*\u2022")
                label = _BRACKETED.sub(" ", label)  # "Fernhill Rd car park (away fans): ❌"
                if len(label.split()) > _LABEL_WORDS or re.search(r"[,;:()|]", label):
                    continue
                if label.split()[:1] and label.split()[0].lower() in _NEGATIVE_SUBJECTS | {"not", "never"}:
                    continue  # "no tree nuts at all: no almonds, ...": a rule, its examples after

                after = next((j for j, t in enumerate(self.tokens) if t.start >= colon.end()), None)
                first = self.tokens[after] if after is not None else None
                opens = first is not None and (
                    negator(first) is not None
                    or first.raw.lower() in _REFUSALS
                    or first.raw.lower() in _ABANDONS
                    or first.raw.lower() in _PRIVATIVES
                    # "Hob: unusable", "Back door: unlocked": a state, no thing of that kind after it
                    or (un_negative(first.raw.lower()) and after is not None and self._bare_closure(after))
                    or (first.raw == "N" and _BARE_ANSWER.match(self.text, first.end) is not None)
                    # "Auto-renew: off (renews by hand)": a setting switched off
                    or (first.raw.lower() == "off" and _OFF_ANSWER.match(self.text, first.end) is not None)
                )
                denied = _DENIED_ANSWER.match(self.text, colon.end())
                if after is not None and not opens and denied is not None:
                    # "Bridget sailed on the Star of Erin: she did not": the claim denied, its
                    # answer read from the negator
                    after = next(
                        (
                            j
                            for j in range(after, min(after + 4, len(self.tokens)))
                            if negator(self.tokens[j])
                        ),
                        None,
                    )
                    opens = after is not None
                if after is not None and opens:
                    triples += (cell.start(), colon.start(), after)
            found = tuple(triples)
            self._memo["label"] = found
        token = self.tokens[position]
        for k in range(0, len(found), 3):
            if found[k] <= token.start and token.end <= found[k + 1]:
                return found[k + 2]
        return None

    def _not_to(self, index: int) -> bool:
        """Whether "not to" at token ``index`` negates the infinitive after it ("isn't to do
        any running", "told not to lift anything"), as "not" does; only the idioms "not to
        mention", "not to say" and "not to speak of" add rather than negate."""
        if self.norms[index + 1] != "to" or index + 2 >= len(self.norms):
            return False
        asked = any(self.norms[j] in _ASKING for j in range(max(0, index - 2), index))
        return asked or self.norms[index + 2] not in _NOT_TO_IDIOMS  # "asked us not to mention"

    def _remains_as_answer(self, position: int, index: int) -> bool:
        """Whether the particle at ``index`` ("behind", "put") closes a verb of remaining
        that answers the label holding ``position`` right after its colon ("glass display
        cabinet: *stays put*", "bikes: staying behind"): the label's thing is what remains."""
        verb = index - 1
        if verb < 1 or self.norms[index] not in (_BEHIND, _PUT) or self.norms[verb] not in _LEFT_BEHIND:
            return False
        label_end = verb - 1
        return (
            self.segment[label_end] == self.segment[position]
            and label_end >= position
            and ":" in self.text[self.tokens[label_end].end : self.tokens[verb].start]
        )

    def _answers(self, position: int, index: int) -> bool:
        """Whether token ``index`` opens the markdown table cell right after the cell of
        token ``position``: "| Open bar | No; ... |" answers "No" for its label."""
        start, end = self.tokens[position].end, self.tokens[index].start
        between = self.text[start:end]
        # the cell may open with its column's name ("| Overhead pressing | Plan: None ... |")
        return self.text.lstrip().startswith("|") and _CELL_OPENING.fullmatch(between) is not None

    def _gerund(self, index: int) -> bool:
        return index < len(self.tokens) and self.tokens[index].raw.lower().endswith("ing")

    def _subject(self, index: int, position: int) -> bool:
        """Whether the negator at ``index`` opens the subject of its clause, before ``position``:
        "no lifts are to be made over the school side", "nothing goes over the school side".
        A negative subject denies the predicate, as "not" after the verb would, so it reaches
        to the end of its segment; in a phrase ("at no extra cost") it negates only its noun."""
        if self.norms[index] not in _NEGATIVE_SUBJECTS or position < index:
            return False
        if index > 0 and self.segment[index - 1] == self.segment[index]:
            before = self.text[self.tokens[index - 1].end : self.tokens[index].start]
            if self.norms[index - 1] not in _SUBJECT_OPENERS and ":" not in before:
                return False
        for j in range(index + 1, min(index + 1 + _SUBJECT_REACH, position)):
            if self.segment[j] != self.segment[index]:
                return False  # "nothing yet, so Sam can eat it": the subject ended
            if self.norms[j] in _AUXILIARIES:
                return True
            if self.norms[j] in _CONJUNCTIONS and j != index + 2:
                return False  # "no fee applies and boats may ...": a clause of its own; not "no A or B"
        if self.norms[index] == "no":
            return self._verb_after_noun(index + 2, position)  # "no bags go into hold 4"
        if index + 1 >= position or self.norms[index + 1] in _SUBORDINATORS:
            return False
        follow = self.tokens[index + 1].raw
        return follow.endswith("s") and follow.islower() and len(follow) > 3 and follow != "unless"

    def _leave_to(self, index: int) -> bool:
        """Whether the "no" at token ``index`` denies a leave to act ("*no* consent to contact
        parents", "no permission to share photos"): it reaches over the act to its object."""
        return (
            self.norms[index] == "no"
            and index + 2 < len(self.norms)
            and self.norms[index + 1] in _LEAVE_NOUNS
            and self.norms[index + 2] == "to"
        )

    def _verb_after_noun(self, at: int, position: int) -> bool:
        """Whether token ``at``, right after "no" and its noun, is the clause's verb before
        ``position``: a bare verb of going or staying ("no bags *go* into hold 4") or a
        third person's "-s" after a noun without one ("no visitor *enters* ward 3")."""
        if at >= position or self.segment[at] != self.segment[at - 2]:
            return False
        token = self.tokens[at]
        raw = token.raw.lower()
        noun = self.tokens[at - 1].raw.lower()
        third = raw.endswith("s") and not raw.endswith("ss") and not noun.endswith("s")
        return raw in _BARE_MOTION or (third and raw.islower())

    def _condition_between(self, start: int, index: int) -> bool:
        """Whether a clause of condition or time opens between token ``start`` and token
        ``index``: a state told after it ("music until 11 pm *as long as* the doors stay
        shut") is that clause's subject's, not the words before it."""
        between = self.norms[start:index]
        if any(n in _SUBORDINATORS for n in between):
            return True
        return any(between[k : k + 3] == _AS_LONG_AS for k in range(len(between) - 2))

    def _complement(self, index: int) -> bool:
        """Whether token ``index`` is what its subject is: a linking word before it, past
        an adverb or two ("is *still* unpaid", "remains *currently* unconfirmed")."""
        back = index - 1
        while (
            back >= 0
            and index - back <= 2
            and (
                self.norms[back] in _LINK_ADVERBS
                or self.tokens[back].raw.endswith("ly")
                or (self.norms[back] == "not" and back + 1 == index)  # "isn't off-limits"
            )
        ):
            back -= 1
        return back >= 0 and self.norms[back] in _COMPLEMENT_LINKS

    def _object_complement(self, position: int, index: int) -> bool:
        """Whether the "un-" word at ``index`` tells what the object of "leave" or "keep"
        is left as, with ``position`` in that object: "*leave* the back gate *unlocked*",
        "kept the side door unlocked". The verb stands at most a determiner and an adjective
        before the object, the object is a noun phrase of a few words, and the "un-" word
        follows the object's last word ("kept to the *unpaved* path" describes the path)."""
        start = max(-1, position - _OBJECT_REACH - 1)
        verb = next((k for k in range(position - 1, start, -1) if self.norms[k] in _LEFT_AS), None)
        if verb is None or index - position > _OBJECT_LENGTH or self.tokens[verb].raw.lower().endswith("ing"):
            return False  # "*Leaving* the front desk unattended is not permitted": the act, named
        gap = self.text[self.tokens[index - 1].end : self.tokens[index].start]
        if self.norms[index - 1] in STOPWORDS or _ARTICLE.search(gap):
            return False  # "kept to *the unfenced* path", "the gate *and unpaved* lane"
        between = self.norms[verb + 1 : index]
        return not any(n in _CONJUNCTIONS or n in _AUXILIARIES or n in _SUBORDINATORS for n in between)
