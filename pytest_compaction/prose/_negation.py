"""The negation reading of a statement: which negators flip a token (:meth:`_Negation.negated`),
each within its segment, and the words that negate in their own ways (ceasing, prohibiting,
privative, refusing and awaiting words, "off", "rid", "left behind", "set aside", "still to").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pytest_compaction.prose._asides import _asides
from pytest_compaction.prose._cue_words import (
    _ABANDONS,
    _ADDITIVE,
    _AFTER_PARTICLE,
    _AMOUNT_LINKS,
    _AUXILIARIES,
    _AWAITED,
    _AWAITED_LINKS,
    _AWAITS,
    _BEHIND,
    _BEHIND_REACH,
    _CEASE,
    _CLOSURES,
    _COMPLEMENT_LINKS,
    _CONJUNCTIONS,
    _CUE_WORDS,
    _DETERMINER_REACH,
    _DETERMINERS,
    _INSTEAD,
    _KEPT_OUT,
    _LABEL_COLON,
    _LABEL_WORDS,
    _LEAVING,
    _LEFT_BEHIND,
    _LINK_ADVERBS,
    _LONGER,
    _MORE,
    _NEGATIVE_SUBJECTS,
    _NOT_GIVEN_UP,
    _NOT_TO_IDIOMS,
    _OFF,
    _OFF_REACH,
    _OFF_STATE,
    _OUT,
    _OUT_STATE,
    _PASSIVE_BE,
    _PHRASAL_REFUSALS,
    _PRIVATIVES,
    _PROHIBITS,
    _REFUSALS,
    _RID,
    _RID_REACH,
    _SET_ASIDE_ENDS,
    _STATE_ADVERBS,
    _STILL_DUE,
    _SUBJECT_OPENERS,
    _SUBJECT_REACH,
    _SUBORDINATORS,
    _SWITCH,
    _THAN_REACH,
    _WAITING,
    _YET,
    CROSS_MARKS,
    STOPWORDS,
    _coordinated,
    _modified_subject,
    _stems,
    negator,
    un_negative,
)
from pytest_compaction.prose._sentence import _Sentence
from pytest_compaction.prose.normalize import kind_of, stem

__all__ = ["_Negation"]


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
_OFF_ANSWER = re.compile(r"\s*(?:$|[|(;,\u2013\u2014]|\s-\s)")
"""What follows a bare "off" that answers a label ("Auto-renew: off (renews by hand)"); not
"off-peak"."""
_FREE = stem("free")
_FREE_AFTER = re.compile(r"-free\b", re.IGNORECASE)
_FREE_REACH = 3
"""How many words after "free of" / "free from" it still frees: "free from any added sugar"."""

_DELIVERY_VERBS = frozenset({"dropped", "dropping"})
_GIVEN_REACH = 4
"""How far after a verb of giving up its object may start: "dropping *the legacy v1 API*"."""
_NOT_GIVEN = _stems("off at by into round outside with within in on for under over to from before after")
"""Words that tell a verb of giving up has no object after it ("cancels *with* under 24
hours' notice", "dropped *to* 40", "dropped *off* the parcel")."""
_AS_LONG_AS = ("as", "long", "as")
_WHICH_ONE = 3
_WHICH_PREPOSITIONS = _stems("to for of on at from with in")
_OPENS_CLAUSE = _stems("is are was were be been has have had who which that and but or")
_AFTER_BARE = _stems("due because since as per last yesterday today this following")
"""Words that may follow a note's passive with its "was" left out ("renal diet stopped *last*
week", "cancelled *due* to rain")."""
_DELIVERED = _stems("off at outside")
"""After the object of "dropped", words of a delivery: "dropped the kids *at* school",
"dropped the keys *off*"."""
_LEFT_AS = _stems("leave leaves left keep keeps kept")
"""Verbs whose object an "un-" word after it describes: "leave the records *untouched*"."""
_OBJECT_REACH = 3
"""How many words the object of "leave" or "keep" may have before the matched name."""
_OBJECT_LENGTH = 8
_ARTICLE = re.compile(r"\b(?:the|a|an)\b", re.IGNORECASE)
"""How many words from the matched name to the "un-" word that tells what it is left as."""

_GERUND_REACH = 10
"""The most words from a gerund subject's object to the verb it is the subject of."""


_HAVE_GET = frozenset(stem(w) for w in ("have", "has", "had", "get", "gets", "got", "receive", "receives"))
"""Verbs whose object "no" denies to their subject ("customers *get no* API access")."""
_TAKEN_OFF = frozenset(stem(w) for w in ("take", "takes", "taken", "took", "struck", "crossed"))
"""Verbs that "off" after them makes a removal of what follows ("*taken off* the biosafety
cabinet rota", "*struck off* the register"); only what stands right after "off"."""


_ASKING = frozenset(
    stem(w)
    for w in ("asked", "asks", "told", "tells", "agreed", "promised", "decided", "chose", "wants", "prefers")
)
"""Verbs before "not to" that make it a request, not the idiom: "asked us *not to mention*
her school" forbids the mention, where "not to mention the school" adds it."""


class _Negation(_Sentence):
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
        answer = self._label_answer(position)
        for i in self._negation_cues():
            norm = self.norms[i]
            if (
                self.segment[i] != seg
                and i != answer
                and not self._across_aside(position, i)
                and not (i > position and self._answers(position, i))
            ) or (position <= i < position + span):
                continue  # a negator inside the matched words belongs to them ("do not touch")
            if norm in _CEASE and i < position and self._gerund(i + 1):
                found.append(self.tokens[i].raw)  # "stopped eating gluten" = not eating it
                continue
            closure = self.tokens[i].raw.lower() in _CLOSURES and tuple(self.norms[i + 1 : i + 2]) != ("to",)
            limits = _LIMITS.match(self.text, self.tokens[i].end) is not None
            closure = closure or (self.tokens[i].raw.lower() == "off" and limits)  # "is off-limits for her"
            if (
                closure
                and i > position
                and self._complement(i)
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
                ):
                    found.append(self.tokens[i].raw)
                continue
            if self.tokens[i].raw == "N" and i > position and (self._answers(position, i) or i == answer):
                found.append("N")  # "high-impact classes: N (knee injury)", "| Parking | N |"
                break
            if raw == "no" and i + 1 < position and self.norms[i + 1] in _NO_OBJECTION:
                continue  # "has no problem with dairy": no objection, so dairy is fine
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
            near = i < position <= i + _DETERMINER_REACH
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
        return ", ".join(found) if len(found) % 2 else None

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
                )
                and not _NUMBER_SIGN.match(self.text, token.start)  # "locker no. 147": a number
            )
            self._memo["negation"] = cues
        return cues

    def _negative_state(self, position: int, index: int, span: int = 1) -> str | None:
        """Whether token ``index`` is the "off" or "rid of" of a negative state that flips
        token ``position`` (its words, or "" when it flips nothing here), or None when the
        token is neither. "Off" is a state after a linking or switching verb ("is off",
        "stays off", "switched off"), of the subject before it or, after a switching verb,
        of the object right after it ("turned off the heating"); "dropped off the parcel"
        and "30% off" are no state. "Rid of" flips the few words after it."""
        raw = self.tokens[index].raw.lower()
        if raw == _RID:
            if index + 1 >= len(self.norms) or self.norms[index + 1] != "of":
                return None
            reach = range(index + 2, min(index + 2 + _RID_REACH, len(self.norms)))
            for j in reach:
                if self.segment[j] != self.segment[index] or self.norms[j] in ("and", "or"):
                    break
                if j == position:
                    return "rid of"
            return ""
        if raw == _BEHIND:
            return self._left_behind(position, index)
        if raw in _INSTEAD or raw == _OUT:
            return self._set_aside(position, index, raw, span)
        if raw in (_YET, "still"):
            return self._still_open(position, index, raw)
        if raw != _OFF or index == 0:
            return None
        start = self.tokens[index].start
        if (
            self.text[self.tokens[index].end : self.tokens[index].end + 1] == "-"
            or self.text[start - 1 : start] == "-"
        ):
            return ""  # "off-peak", "off-site": a modifier; "a water shut-off", "the cut-off": a noun
        before = index - 1
        while before > 0 and self.norms[before] in _STATE_ADVERBS:
            before -= 1  # "are now permanently off the menu"
        verb = self.norms[before]
        if verb in _TAKEN_OFF and position == index + 1:
            return f"{self.tokens[before].raw} off"  # "taken off the rota", "came off the pill"
        if verb not in _OFF_STATE and verb not in _SWITCH:
            return ""
        if index > position:
            return "off" if self._before_verb(position, before) or position == before else ""
        if verb in _SWITCH and position - index <= _OFF_REACH:
            return "off"
        if verb in _OFF_STATE and position - index <= _OFF_REACH and self._abstains(index):
            return "off"  # "Ruben is off grapefruit", "stays off alcohol": he takes none
        return ""

    def _set_aside(self, position: int, index: int, raw: str, span: int = 1) -> str:
        """Whether "rather than" / "instead of" or a "stay out of" at token ``index`` flips
        token ``position`` after it: what follows "than" or "of" in its segment is what is
        not done or not let in ("discarded *rather than* added to the bulk tank", "her milk
        *stays out of* the bulk tank"); "" when it flips nothing here, None when it is none."""
        nxt = index + 1
        if nxt >= len(self.norms):
            return ""
        joined = {"rather": "than", "instead": "of", _OUT: "of"}[raw]
        if self.norms[nxt] != joined:
            return ""
        if raw == _OUT and index > 0 and position < index - 1 and self._out_of_state(index):
            # "the MX records are out of scope", "the lift is out of service": the subject is not in it
            return "out of" if self._before_verb(position, index - 1) else ""
        if raw == _OUT and position < index:
            return self._kept_out(position, index, span)
        if raw == _OUT and (index == 0 or self.norms[index - 1] not in _KEPT_OUT):
            return ""  # "out of stock", "ran out of time": no keeping away
        seg = self.segment[index]
        if position <= nxt or self.segment[position] != seg:
            return ""
        if any(self.norms[j] in _SET_ASIDE_ENDS for j in range(nxt + 1, position)):
            return ""  # "... rather than added to the tank *until* 9 May": the date is not set aside
        return f"{raw} {joined}"

    def _free_of(self, position: int, span: int) -> str:
        """The words that tell the thing at token ``position`` absent by being free of it:
        "-free" right after it ("sesame-free", "a gluten-free menu") or "free of" / "free
        from" a few words before it ("free of nuts", "free from any added sugar"); else ""."""
        if _FREE not in self.vocabulary:
            return ""  # the cheap test first: most sentences hold no "free"
        last = self.tokens[min(position + span, len(self.tokens)) - 1]
        if _FREE_AFTER.match(self.text, last.end):
            return f"{last.raw}-free"
        for j in range(max(0, position - _FREE_REACH - 1), position - 1):
            freeing = self.tokens[j].raw.lower() == "free" and self.norms[j + 1] in ("of", "from")
            if (
                freeing
                and all(self.segment[k] == self.segment[position] for k in range(j, position))
                and all(kind_of(self.norms[k]) == "word" for k in range(j + 2, position + 1))
            ):
                return f"free {self.tokens[j + 1].raw}"  # words only: "free of charge x2" frees no count
        return ""

    def _kept_out(self, position: int, index: int, span: int = 1) -> str:
        """Whether the "out of" at token ``index`` keeps token ``position`` before it away:
        the object of a keeping verb ("keep *fish* out of the plan") or the subject of a
        kept or staying one ("*fish* should be kept out of the plan", "*the dog* stays out
        of the kitchen"), in one segment; "" when it does not."""
        seg = self.segment[index]
        if self.segment[position] != seg:
            return ""
        verb = next(
            (j for j in range(index - 1, max(-1, index - 6), -1) if self.norms[j] in _KEPT_OUT),
            None,
        )
        if verb is None or any(self.segment[j] != seg for j in range(verb, index)):
            return ""
        after = position + span
        if after < index and self.norms[after] not in STOPWORDS and kind_of(self.norms[after]) == "word":
            return ""  # a modifier of what is kept away: "leave *pet* arrangements out of the list"
        if verb < position < index:
            return "out of"  # the object kept away
        if position < verb and self._before_verb(position, verb):
            return "out of"  # the subject kept away
        return ""

    def _out_of_state(self, index: int) -> bool:
        """Whether the "out" at token ``index`` opens a state its subject is not in: after a
        linking verb ("are", "stays", "remains"), "of" and then a bare noun with nothing
        between ("out of scope", "out of service", "out of stock"); "out of 10", "out of the
        car" and "made out of oak" tell no such state."""
        nxt = index + 2
        if self.norms[index - 1] not in _OUT_STATE or nxt >= len(self.norms):
            return False
        if self.text[self.tokens[index + 1].end : self.tokens[nxt].start].strip():
            return False  # an article between ("out of the office"): articles are not tokens
        return kind_of(self.norms[nxt]) == "word" and self.segment[nxt] == self.segment[index]

    def _still_open(self, position: int, index: int, raw: str) -> str:
        """Whether "yet to" or "still has to" at token ``index`` tells that what follows in
        its segment has not happened ("has *yet to* sign the form", "*still has to* do the
        cancellation"); "" when it flips nothing here."""
        norms = self.norms
        if raw == _YET:
            found = index + 1 < len(norms) and norms[index + 1] == "to"
            words = "yet to"
        else:
            found = (
                index + 2 < len(norms)
                and norms[index + 1] in _STILL_DUE
                and (norms[index + 2] == "to" or self.tokens[index + 2].raw.lower().endswith("ing"))
            )
            # "still has to register them", "still need registering": not done yet
            words = f"still {self.tokens[index + 1].raw} {self.tokens[index + 2].raw}" if found else ""
        if not found or position <= index or self.segment[position] != self.segment[index]:
            return ""
        if any(norms[j] in _SET_ASIDE_ENDS for j in range(index + 1, position)):
            return ""
        return words

    def _abstains(self, index: int) -> bool:
        """Whether the "off" at token ``index`` after a linking verb takes a bare noun as
        what is given up ("is off grapefruit", "is off sugar"): no article, preposition or
        number after it ("off the jar", "off to Leeds", "off 20%"), all in its segment."""
        nxt = index + 1
        if nxt >= len(self.norms) or self.segment[nxt] != self.segment[index]:
            return False
        if self.text[self.tokens[index].end : self.tokens[nxt].start].strip():
            return False  # an article stood between ("off the jar"): articles are not tokens
        after = self.tokens[nxt].raw.lower()
        return kind_of(self.norms[nxt]) == "word" and after not in _NOT_GIVEN_UP

    def _left_behind(self, position: int, index: int) -> str:
        """The "behind" at token ``index`` as the particle of a verb of remaining or
        leaving (:data:`_LEFT_BEHIND`, :data:`_LEAVING`) that flips token ``position``, or
        "" when it flips nothing here: a "behind" with a noun phrase after it in its segment
        is a preposition of place. It flips the verb's subject ("the piano *stays behind*",
        "the bikes *were left behind*") or the object between "leave" and it ("*left* the
        bikes *behind*")."""
        nxt = index + 1
        if nxt < len(self.norms) and self.segment[nxt] == self.segment[index]:
            between = self.text[self.tokens[index].end : self.tokens[nxt].start]
            if not re.search(r"[^\w\s'-]", between) and self.tokens[nxt].raw.lower() not in _AFTER_PARTICLE:
                return ""  # "stays behind the counter": a place
        verb = index - 1
        if verb >= 0 and (self.norms[verb] in _LEFT_BEHIND or self.norms[verb] in _LEAVING):
            subject = position == verb or (position < verb and self._before_verb(position, verb))
            return "behind" if subject else ""
        for v in range(index - 2, max(-1, index - 2 - _BEHIND_REACH), -1):
            if self.norms[v] in _LEAVING and v < position < index and self.segment[v] == self.segment[index]:
                return "behind"
        return ""

    def _negating_word(self, position: int, index: int, answer: int | None, span: int = 1) -> str | None:
        """Whether token ``index`` is a refusal (:data:`_REFUSALS`), a closure
        (:data:`_CLOSURES`), an awaiting word after its noun (:data:`_AWAITED`) or a
        "waiting for" (:data:`_WAITING`) that flips token ``position`` (its word, or ""
        when it flips nothing here), or None when the token is none of these."""
        raw = self.tokens[index].raw.lower()
        after = range(index + 1, min(index + 1 + _DETERMINER_REACH, len(self.norms)))
        if raw in _AWAITED and index > position:
            between = self.norms[position + 1 : index]
            linked = len(between) <= 2 and all(n in _AWAITED_LINKS for n in between)
            return raw if linked and self.segment[position] == self.segment[index] else None
        if raw in _WAITING:
            if index + 1 >= len(self.norms) or self.norms[index + 1] != "for":
                return ""
            reach = range(index + 2, min(index + 2 + _DETERMINER_REACH, len(self.norms)))
            waited = position in reach and self.segment[position] == self.segment[index]
            return f"{raw} for" if waited and kind_of(self.norms[index + 2]) == "word" else ""
        if raw in _CLOSURES:
            if index + 1 >= len(self.norms) or self.norms[index + 1] != "to":
                return ""
            reach = range(index + 2, min(index + 2 + _DETERMINER_REACH, len(self.norms)))
            return f"{raw} to" if position in reach and self.segment[position] == self.segment[index] else ""
        particle = _PHRASAL_REFUSALS.get(raw)
        if particle is not None:
            if index + 1 >= len(self.norms) or self.tokens[index + 1].raw.lower() != particle:
                return ""  # "rule of thumb", "called him": no refusal
            after = range(index + 2, min(index + 2 + _DETERMINER_REACH, len(self.norms)))
        elif raw in _ABANDONS:
            if index < position:
                return raw if self._given_up(index, position) else ""
            if raw in _DELIVERY_VERBS and self.norms[index + 1 : index + 2] == (_OFF,):
                return ""  # "the parcel was dropped off": delivered
            if self._follows_name(position + span, index) and self._bare_participle(index):
                return raw  # a note's passive with no "was": "overdraft removed at his request"
        elif raw not in _REFUSALS:
            return None
        if any(
            kind_of(self.norms[j]) == "number"
            for j in after
            if j == index + 1 or self.norms[j - 1] in _AMOUNT_LINKS
        ):
            return ""  # "declined by 12%": a fall in amount
        if index == answer:
            return raw
        if index < position:
            return raw if position in after and self.segment[position] == self.segment[index] else ""
        passive = index > 0 and self.norms[index - 1] in _PASSIVE_BE
        if passive and self._before_verb(position + span - 1, index):
            return raw
        participle = raw.endswith("ed") or raw in ("withheld", "withdrawn")
        if participle and self._follows_name(position + span, index) and self._bare_participle(index):
            return raw  # a note's passive with no "was": "cancellation refused", "upgrade declined"
        return ""

    def _given_up(self, index: int, position: int) -> bool:
        """Whether token ``position`` is the object of the verb of giving up at token
        ``index`` (:data:`_ABANDONS`): no preposition, particle or place between
        ("dropped off the parcel", "cancels with under 24 hours' notice", "dropped the kids
        at school")."""
        if position - index > _GIVEN_REACH or self.segment[position] != self.segment[index]:
            return False
        between = self.norms[index + 1 : position + 1]  # the object opens with no preposition
        if any(n in _NOT_GIVEN or kind_of(n) != "word" for n in between[:1]) or any(
            n in _NOT_GIVEN for n in between
        ):
            return False
        after = self.norms[position + 1 : position + 3]
        return not (self.tokens[index].raw.lower() in _DELIVERY_VERBS and any(n in _DELIVERED for n in after))

    def _follows_name(self, end: int, index: int) -> bool:
        """Whether token ``index`` comes right after the name that ends before token
        ``end``, or after a short phrase that tells which one ("standing order *to her
        brother* removed"): a preposition and at most :data:`_WHICH_ONE` words, none of
        them a verb of being or a word that opens a clause."""
        if index == end:
            return True
        gap = self.norms[end:index]
        return (
            len(gap) <= _WHICH_ONE + 1
            and gap[0] in _WHICH_PREPOSITIONS
            and not any(n in _OPENS_CLAUSE for n in gap)
            and all(self.segment[j] == self.segment[index] for j in range(end, index))
        )

    def _bare_participle(self, index: int) -> bool:
        """Whether the verb at token ``index``, right after what it is about, is a passive
        with its "was" left out, as notes write it ("Booking cancelled.", "overdraft
        removed at his request"): nothing after it in its segment, or a preposition or a
        word of time; an object after it makes it active ("the courier cancelled the
        order")."""
        nxt = index + 1
        if nxt >= len(self.norms) or self.segment[nxt] != self.segment[index]:
            return True
        return self.norms[nxt] in _NOT_GIVEN or self.norms[nxt] in _AFTER_BARE

    def _cessation(self, index: int) -> bool:
        """Whether "no more" / "not any more" at token ``index`` tells that something has
        stopped ("no more late check-outs", "there is no more free parking"), as "no longer"
        does: "more" with no "than" after it in its segment. "No more than 3" is a bound."""
        if self.norms[index + 1] != _MORE:
            return False
        seg = self.segment[index]
        after = range(index + 2, min(index + 2 + _THAN_REACH, len(self.norms)))
        return not any(self.segment[j] == seg and self.norms[j] == "than" for j in after)

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
                    or (first.raw == "N" and _BARE_ANSWER.match(self.text, first.end) is not None)
                    # "Auto-renew: off (renews by hand)": a setting switched off
                    or (first.raw.lower() == "off" and _OFF_ANSWER.match(self.text, first.end) is not None)
                )
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
        if self.norms[index] == "no" or index + 1 >= position or self.norms[index + 1] in _SUBORDINATORS:
            return False
        follow = self.tokens[index + 1].raw
        return follow.endswith("s") and follow.islower() and len(follow) > 3 and follow != "unless"

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

    def _before_verb(self, position: int, negator: int) -> bool:
        """Whether a negator after ``position`` still governs it: "peanuts are *not*
        allowed" (the negated verb's subject), but not "peanuts, and *not* merely ..."."""
        aside = self._aside_tokens()
        between = [
            n for k, n in enumerate(self.norms[position + 1 : negator], position + 1) if k not in aside
        ]
        if _coordinated(between):
            return False
        return len(between) <= 3 or _modified_subject(between) or self._gerund_subject(position, between)

    def _gerund_subject(self, position: int, between: Sequence[str]) -> bool:
        """Whether ``position`` lies in a gerund phrase that is the subject of the negated
        verb: "*Leaving* the front desk unattended between 01:00 and 05:00 is not permitted"
        negates the leaving, and the desk with it. The segment opens with the "-ing" word
        (after a label), the auxiliary stands right before the negator, and no other
        auxiliary stands between."""
        seg = self.segment[position]
        first = next(i for i in range(position + 1) if self.segment[i] == seg)
        return (
            first < position
            and self.tokens[first].raw.lower().endswith("ing")
            and len(between) <= _GERUND_REACH
            and bool(between)
            and between[-1] in _AUXILIARIES
            and not any(n in _AUXILIARIES for n in between[:-1])
        )

    def _across_aside(self, position: int, index: int) -> bool:
        """Whether tokens ``index`` and ``position`` stand in the segments either side of an
        aside (:func:`_asides`), one resuming the other's clause: every token between the two
        segments is the aside's ("neither junior *(Tess, Tom)* merges", "the pool, *which
        we heated,* is not open")."""
        if index == position:
            return False
        position, index = min(position, index), max(position, index)
        aside = set(self._aside_tokens())
        if not aside:
            return False
        seg, other = self.segment[position], self.segment[index]
        between = [j for j in range(position + 1, index) if self.segment[j] not in (seg, other)]
        return bool(between) and all(j in aside for j in between)

    def _aside_tokens(self) -> tuple[int, ...]:
        """The tokens inside an aside between a subject and its verb (:func:`_asides`)."""
        found = self._memo.get("asides")
        if found is None:
            spans = _asides(self.text)
            found = tuple(i for i, t in enumerate(self.tokens) if any(a <= t.start < b for a, b in spans))
            self._memo["asides"] = found
        return found
