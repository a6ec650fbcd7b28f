"""The past framing of a statement: a token told as history, not the current state
(:meth:`_PastFraming.past`): a past-tense verb, "used to", "previously", a history word.
"""

from __future__ import annotations

import re

from pytest_compaction.prose._cue_words import (
    _CHANGE_VERBS,
    _DEPARTING,
    _HELD_OBJECT,
    _LONGER,
    _PASSIVE_PREPOSITIONS,
    _PAST_AUX,
    _PRESENT_AUX,
    _STARTING,
    PAST,
    STOPWORDS,
    negator,
)
from pytest_compaction.prose._sentence import _Sentence
from pytest_compaction.prose._token import kind_of
from pytest_compaction.prose._word_forms import stem

__all__ = ["_PastFraming"]


_NOT_HISTORY = frozenset({"onc", "then", "befor"})
"""The stems of "once", "then" and "before": words of time that tell no history by
themselves ("once a week", "then call the desk", "paid late before")."""


_CHANGED_TO = re.compile(r"\s*(?P<arrow>\u2192|->|=>)\s*[\w@#$\u00a3\u20ac]")
"""An arrow from a value to another in a note ("service: Tue → Thu", "rent £900 -> £950"):
the value before it is the one changed from."""


_STEP_TO_TAKE = re.compile(
    r"(?!(?:up|down|back|over|out|set|put|cut|let|shut|went|rose|fell|grew|came|became|got|was|were|is|are)\b)"
    r"[a-z]+(?<!ed)\s+(?:(?:up|down|back|over)\s+)?to\s+\S"
)
"""A command after the arrow, a bare verb and "to" ("55kg → *go to* 57.5kg once ...",
"→ *drop to* 2 cups if ..."): the step is still to take, so the value before the arrow still
holds; "→ *moved to* Thu" tells the change done."""
_AWAITING_OPENERS = frozenset({"once", "when", "if", "until", "till", "after", "before", "as"})
"""Connectives of a clause whose act is still to come; "as" only in "as soon as"."""
_AWAITED_REACH = 6
_PRESENT_AUXILIARIES = frozenset({"is", "are", "has", "have", "gets", "get", "be", "been", "'s"})
_COUNTED = re.compile(r"\s+(?:a|an|per|every|each|more|again|in\s+a\s+while)\b", re.IGNORECASE)
_SOON_AS = re.compile(r"\s+soon\s+as\b", re.IGNORECASE)
"""What makes the connective no clause's: "once a week", "once more", "once in a while"."""
_STRUCK = re.compile(r"~~(?=\S)[^~\n]+?~~")
"""Markdown strikethrough: a value struck out is the one replaced ("~~3 pm~~ 4:30 pm")."""
_ASIDE_BEFORE_ARROW = re.compile(r"\s*\([^()\n]{1,60}\)")
"""A bracketed aside after a value, before the arrow that changes it."""
_ARRIVED = re.compile(r"(?:\u2192|->|=>|~~)\W*$")
"""What stands right before the value a change arrives at: an arrow or a struck value."""
_IN_PLACE = frozenset({"instead", "lieu", stem("place")})
"""The nouns of "instead of", "in lieu of", "in place of": what follows was replaced."""
_REPLACED_REACH = 6
_FRAME_REACH = 6
"""How far after a past verb of saying its "that" may stand ("rang the office to say *that*")."""
_ARTICLE_BEFORE = re.compile(r"\b(?:the|a|an)\s+$", re.IGNORECASE)
_TO_GAP = re.compile(r"\s+to\s+", re.IGNORECASE)
_FROM_REACH = 6
_LEAVING_NOUNS = frozenset(
    stem(w) for w in ("departure", "resignation", "retirement", "exit", "death", "dismissal", "removal")
)
"""Nouns of someone's leaving: "the *departure of* Dr. Sandoval" tells him as gone."""
_TITLES = frozenset({"dr", "mr", "mrs", "ms", "mx", "prof", "sir", "dame"})
_ARROW_REACH = 3
_POSSESSIVES = frozenset({"its", "his", "her", "their", "our", "my", "your"})
"""How many words of a value's phrase may stand before the arrow after it ("terminal 1 ->")."""
"""How many words before "to" a "from" may stand for "from X to Y" ("from the 9:15 slot to")."""


_ABSENT = re.compile(
    r"\s+(?:is\s+|was\s+|now\s+|currently\s+)?(?:off\s+sick|out\s+sick|on\s+(?:sick\s+|annual\s+|parental\s+)?leave|"
    r"on\s+holiday|signed\s+off|away|absent|unavailable|off\s+work)\b",
    re.IGNORECASE,
)
"""Words right after a name that tell the one named is away ("KB *off sick*", "Dana *on
leave*")."""
_REPLACING = frozenset({"replacing", "superseding", "succeeding"})
"""Words after which a value is the one another took the place of ("the new guest,
*replacing* Colm")."""


class _PastFraming(_Sentence):
    """How a statement reads past framing; :class:`~pytest_compaction.prose.statements.Statement`
    inherits it."""

    __slots__ = ()

    def _present_passive(self, index: int) -> bool:
        """Whether the past participle at ``index`` is a present passive ("is sent", "are
        now reviewed"): it tells the current state, not history."""
        seg = self.segment[index]
        for i in range(index - 1, -1, -1):
            if self.segment[i] != seg:
                break
            word = self.tokens[i].raw.lower()
            if word in _PRESENT_AUX:
                return True  # also a participle joined to it: "is written by A and edited by B"
            if word in _PAST_AUX:
                return False
        return False

    def _held(self, index: int) -> bool:
        """Whether the past participle at ``index`` tells a state someone holds: "has a
        table booked", "have the forms signed" (have + object + participle), against the
        present perfect "has booked a table", where the participle follows "has"."""
        seg = self.segment[index]
        for i in range(index - 2, -1, -1):
            if self.segment[i] != seg:
                return False
            if self.tokens[i].raw.lower() in ("has", "have", "having"):
                after = self.text[self.tokens[i].end : self.tokens[i + 1].end].lower().split()
                return bool(after) and after[0] in _HELD_OBJECT
        return False

    def _elliptic_passive(self, index: int) -> bool:
        """Whether the past participle at ``index`` opens the text after a label and takes a
        preposition ("Alerts: sent to ops@", "- **Forms:** filed in the red tray"): the
        label's subject with its "are" left out, a present passive like "are sent to"."""
        token = self.tokens[index]
        before = self.text[self.tokens[index - 1].end if index > 0 else 0 : token.start]
        if not before.replace("*", "").strip().endswith(":"):
            return False
        return index + 1 < len(self.norms) and self.norms[index + 1] in _PASSIVE_PREPOSITIONS

    def _frames(self, index: int, position: int) -> bool:
        """Whether the past verb at ``index`` frames a report of what holds: "Noted that",
        "User mentioned that", "confirmed that" before a clause, whose own verb tells its
        tense ("Noted that the GP is Dr. Mensah" states the current GP); or, anywhere, a
        "that" a few words after it and before the value at ``position`` ("she *telephoned*
        Mr Oakes to say *that* the rehearsal remains fixed for Thursday")."""
        if index + 1 < len(self.norms) and self.norms[index + 1] == "that" and index < 3:
            return True
        end = min(position, index + 1 + _FRAME_REACH)
        return any(self.norms[j] == "that" for j in range(index + 1, end))

    def _another_action(self, position: int, index: int) -> bool:
        """Whether the past verb at ``index`` is a second predicate joined after ``position``
        by "and"/"or" ("is on the Basic plan *and asked* about Pro"): it tells another
        action, not the tense of the value before it."""
        return index > position and any(n in ("and", "or") for n in self.norms[position + 1 : index])

    def _left_by(self, position: int) -> str | None:
        """The words that tell the one at token ``position`` has left, or None: a noun of
        leaving and "of" before the name, a title between ("following *the departure of* Dr.
        Sandoval", "since *the retirement of* Ms Ode")."""
        at = position - 1
        if at > 0 and self.norms[at] in _TITLES:
            at -= 1
        if at < 1 or self.norms[at] != "of" or self.norms[at - 1] not in _LEAVING_NOUNS:
            return None
        return f"{self.tokens[at - 1].raw} of {self.tokens[position].raw}"

    def _absent(self, position: int) -> str | None:
        """The words that tell the one at token ``position`` is away, or None: "(*KB off
        sick*)", "Dana is on leave": the old value named with the reason it no longer
        holds."""
        found = _ABSENT.match(self.text, self.tokens[position].end)
        return f"{self.tokens[position].raw}{found.group()}" if found is not None else None

    def history_word(self, index: int) -> bool:
        """Whether token ``index`` is a word of history (:data:`PAST`): not "once", "then"
        and "before", and not the "-s" form of a verb of change, a plural noun or a present
        ("oil *changes*", "this *replaces* ...", where "changed" would tell history) or its
        "-ing" form before a noun ("the *changing* room"), nor
        "until" before a time of day ("run until 07:00" ends a span of the day) or with no
        past verb before it in its clause ("remains hake until they sell out")."""
        norm = self.norms[index]
        if norm not in PAST or norm in _NOT_HISTORY:
            return False
        if norm == "until" and index + 1 < len(self.norms) and self.norms[index + 1][:1] == "@":
            return False
        if norm == "until" and not any(
            self.tokens[j].past for j in range(index) if self.clause[j] == self.clause[index]
        ):
            return False  # "remains hake until the fish has sold": a span still running, no history
        raw = self.tokens[index].raw.lower()
        if raw == "instead" and self.norms[index + 1 : index + 2] != ("of",):
            return False  # "asked about Sunday *instead*": the value before it is the new one
        if raw == "used" and self._attributive(index):
            return False  # "the *used* Corvan Estate": second-hand, no "used to"
        if (
            raw == "earlier"
            and (self._attributive(index) or self._determined(index))
            and self._noun_after(index)
        ):
            return False  # "its *earlier* museum slot": the sooner one; "the earlier 120" is the old value
        # "oil *changes*", "the north *changing* room", "*moving* day", "a possible *move* to
        # 7:00": no change told; only "changed", "moved", "replaced" tell one
        return not (norm in _CHANGE_VERBS and not raw.endswith("ed"))

    def _from_named(self, position: int) -> str | None:
        """The words of a change "from" a named value "to" another, with the value's name
        between "from" and it ("moves from Node 18 to Node 20", "from version 3 to version
        4"): at most two words between, none a function word, and "to" within three words
        after; or None."""
        norms = self.norms
        for gap in (1, 2):
            start = position - gap - 1
            if start < 0 or norms[start] != "from":
                continue
            between = norms[start + 1 : position]
            if any(n in STOPWORDS or kind_of(n) != "word" for n in between):
                return None
            if "to" in norms[position + 1 : position + 4]:
                return " ".join(t.raw for t in self.tokens[start : position + 1])
        return None

    def _attributive(self, index: int) -> bool:
        """Whether the past participle at ``index`` describes the noun after it, right after
        an article or a possessive ("*the agreed* purchase price", "a used estate car",
        "Ana's signed form"): an adjective, not a past-tense verb."""
        start = self.tokens[index - 1].end if index > 0 else 0
        before = self.text[start : self.tokens[index].start]
        after = index + 1 < len(self.tokens) and self.segment[index + 1] == self.segment[index]
        return after and (
            _ARTICLE_BEFORE.search(before) is not None
            or (index > 0 and self.tokens[index - 1].raw.lower().endswith(("'s", "s'")) and before.isspace())
        )

    def _replaced(self, position: int) -> str | None:
        """The words that tell token ``position`` as what another took the place of, a few
        words back in its segment: "*in lieu of* the opening figure of £14,200", "*instead
        of* last year's rate of 4%", "*in place of* the old 9:00 slot", "*rather than* in the
        basket"; or None."""
        seg = self.segment[position]
        for i in range(position - 1, max(-1, position - _REPLACED_REACH - 1), -1):
            if self.segment[i] != seg or (kind_of(self.norms[i]) != "word" and i < position - 1):
                break
            if i > 0 and (
                (self.norms[i] == "of" and self.norms[i - 1] in _IN_PLACE)
                or (self.norms[i] == "than" and self.norms[i - 1] == "rather")
            ):
                return f"{self.tokens[i - 1].raw} {self.tokens[i].raw}"
            if self.tokens[i].raw.lower() in _REPLACING:
                return self.tokens[i].raw  # "Yara Pellegrini, *replacing* Colm Achebe-Ruiz"
            if i > 0 and self.norms[i] == "from" and self.norms[i - 1] == "over":
                return f"{self.tokens[i - 1].raw} {self.tokens[i].raw}"  # "taking *over from* Mr Brennan-Adu"
        return None

    def _arrow_after(self, position: int) -> str | None:
        """The value at token ``position`` and the arrow right after it, or after the word
        or two that end its phrase ("terminal 1 ->"), as written; or None."""
        last = min(len(self.tokens), position + _ARROW_REACH)
        for j in range(position, last):
            if j > position and self.text[self.tokens[j - 1].end : self.tokens[j].start].strip():
                return None  # punctuation ends the value's phrase
            arrow = _CHANGED_TO.match(self.text, self.tokens[j].end)
            if arrow is None:
                # "on hold 06:50 (iced haul rope) → open": an aside between the value and its arrow
                aside = _ASIDE_BEFORE_ARROW.match(self.text, self.tokens[j].end)
                arrow = _CHANGED_TO.match(self.text, aside.end()) if aside is not None else None
            if arrow is not None and _STEP_TO_TAKE.match(self.text, arrow.end() - 1):
                return None  # "55kg → go to 57.5kg once ...": a step still to take, no change told
            if arrow is not None:
                return f"{self.text[self.tokens[position].start : self.tokens[j].end]} {arrow.group('arrow')}"
        return None

    def _noun_after(self, index: int) -> bool:
        """Whether a word, not a value, follows token ``index`` ("earlier *slot*", not
        "earlier *120*")."""
        return index + 1 < len(self.norms) and kind_of(self.norms[index + 1]) == "word"

    def _determined(self, index: int) -> bool:
        """Whether a possessive determiner stands right before token ``index`` and a word of
        its segment after it ("its earlier slot", "their later train")."""
        before = self.tokens[index - 1].raw.lower() if index > 0 else ""
        after = index + 1 < len(self.tokens) and self.segment[index + 1] == self.segment[index]
        return after and before in _POSSESSIVES

    def changed_to(self, position: int) -> bool:
        """Whether token ``position`` is the value a change arrives at: after an arrow
        ("Tue → *Thu*"), after a struck value ("~~3 pm~~ *4:30 pm*") or after "to" with a
        "from" a few words before ("moved from Lisbon to *Berlin*")."""
        start = self.tokens[position - 1].end if position > 0 else 0
        gap = self.text[start : self.tokens[position].start]
        if _ARRIVED.search(gap):
            return True
        if position > 0 and self.norms[position - 1] == "to":
            position -= 1  # the "to" is a token of its own ("from Lisbon to Berlin")
        elif not _TO_GAP.fullmatch(gap):
            return False  # "from 4:30 pm to 3 pm" is one time range, its "to" no token
        return "from" in self.norms[max(0, position - _FROM_REACH) : position]

    def past(self, position: int) -> str | None:
        """The words that put token ``position`` in the past, or None."""
        here = self.tokens[position].start
        struck = next((m for m in _STRUCK.finditer(self.text) if m.start() < here < m.end()), None)
        if struck is not None:
            return struck.group()  # "load-in ~~3 pm~~ 4:30 pm": the struck value is the old one
        if self.changed_to(position):
            return None  # "~ changed: 3 pm → 4:30 pm": the value a change arrives at is current
        arrow = self._arrow_after(position)
        if arrow is not None:
            return arrow  # "Tue → Thu", "terminal 1 -> terminal 3": moved from the first
        # "departs from terminal 1", "check-in *is from* 4 pm", "open from 9": where a thing
        # starts, not a value it moved away from
        origin = (
            position > 1
            and self.norms[position - 1] == "from"
            and (self.norms[position - 2] in _DEPARTING or self.norms[position - 2] in _STARTING)
        )
        if (
            position > 0
            and self.norms[position - 1] in ("from", "than", "of")
            and position > 1
            and not origin
        ):
            before = self.norms[position - 2]
            if self.norms[position - 1] == "from" or before in ("instead", "rather"):
                return f"{self.tokens[position - 1].raw} {self.tokens[position].raw}"
        if position > 0 and self.norms[position - 1] == "from" and not origin:
            return f"from {self.tokens[position].raw}"
        left = self._left_by(position) or self._absent(position)
        if left is not None:
            return left
        replaced = self._replaced(position)
        if replaced is not None:
            return replaced
        named = self._from_named(position)
        if named is not None:
            return named
        seg = self.segment[position]
        words: list[str] = []
        for i, token in enumerate(self.tokens):
            if self.history_word(i):
                words.append(token.raw)
            elif negator(token) == "no" and i + 1 < len(self.norms) and self.norms[i + 1] == _LONGER:
                words.append("no longer")
            elif (
                token.past
                and self.segment[i] == seg
                and not self._present_passive(i)
                and not self._held(i)
                and not self._elliptic_passive(i)
                and not self._frames(i, position)
                and not self._another_action(position, i)
                and not self._attributive(i)
                and not (i > 0 and self.tokens[i - 1].raw.lower() == "as")  # "1 June as planned": it stands
            ):
                words.append(token.raw)
        return ", ".join(dict.fromkeys(words)) if words else None

    def awaited(self, position: int) -> str | None:
        """The connective that tells the act at token ``position`` as still to come, or None:
        the act is the verb of a clause opened by "once", "when", "if", "until", "as soon
        as", "after" or "before" in the present ("back to running *once* the physio *signs
        off*", "*when* it is paid", "*once* she has paid") or as a bare participle ("*once*
        paid"); "once the physio signed off" tells it done, "once a week" is no clause."""
        clause = self.clause[position]
        for i in range(position - 1, max(-1, position - _AWAITED_REACH - 1), -1):
            if self.clause[i] != clause or self.segment[i] != self.segment[position]:
                return None
            raw = self.tokens[i].raw.lower()
            if raw not in _AWAITING_OPENERS or (
                raw == "as" and not _SOON_AS.match(self.text, self.tokens[i].end)
            ):
                continue
            between = [self.tokens[j].raw.lower() for j in range(i + 1, position)]
            if any(self.tokens[j].past for j in range(i + 1, position)) or _COUNTED.match(
                self.text, self.tokens[i].end
            ):
                return None
            if between and between[-1] == "to":
                return None  # "if you want to lift a timeout": the act a wish or a rule names
            if self.tokens[position].past and between and not set(between) & _PRESENT_AUXILIARIES:
                return None  # "once the physio signed off": done
            return "as soon as" if raw == "as" else raw
        return None
