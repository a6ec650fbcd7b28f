"""The words that negate in their own ways, for the negation reading (:mod:`._negation`):
states ("is off", "rid of", "sesame-free", "kept out of"), things still to do or left
behind ("still to be signed", "left at home"), refusals and giving up ("declined the
warranty", "booking cancelled"), and where a negator after a word still governs it (a
verb's subject, across an aside). :class:`_NegativeWords` is the base of
:class:`~pytest_compaction.prose._negation._Negation`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pytest_compaction.prose._asides import _asides
from pytest_compaction.prose._calendar import _WEEKDAY_NORMS
from pytest_compaction.prose._cue_words import (
    _ABANDONS,
    _AFTER_PARTICLE,
    _AMOUNT_LINKS,
    _AUXILIARIES,
    _AWAITED,
    _AWAITED_LINKS,
    _BEHIND,
    _BEHIND_REACH,
    _CLOSURES,
    _DETERMINER_REACH,
    _GONE_OFF,
    _INSTEAD,
    _KEEP_APART_REACH,
    _KEEP_OFF,
    _KEPT_OUT,
    _LEAVING,
    _LEFT_BEHIND,
    _MORE,
    _NOT_GIVEN_UP,
    _OFF,
    _OFF_REACH,
    _OFF_STATE,
    _OUT,
    _OUT_STATE,
    _PASSIVE_BE,
    _PHRASAL_REFUSALS,
    _POSSESSIVE,
    _PUT,
    _REFUSALS,
    _RID,
    _RID_REACH,
    _SET_ASIDE_ENDS,
    _STATE_ADVERBS,
    _STILL_DUE,
    _STRIVING,
    _SWITCH,
    _THAN_REACH,
    _WAITING,
    _YET,
    STOPWORDS,
    _coordinated,
    _modified_subject,
    _stems,
)
from pytest_compaction.prose._sentence import _Sentence
from pytest_compaction.prose.normalize import kind_of, stem

__all__ = ["_NegativeWords"]


_FREE = stem("free")

_FREE_AFTER = re.compile(r"-free\b", re.IGNORECASE)

_FREE_REACH = 3
"""How many words after "free of" / "free from" it still frees: "free from any added sugar"."""

_DELIVERY_VERBS = frozenset({"dropped", "dropping"})

_GIVEN_REACH = 4
_RUN_OUT = frozenset({stem("run"), stem("ran"), stem("running"), "be", stem("sold")})
"""What runs a supply out before "out of": "*ran* out of milk", "we*'re* out of rice"."""
_OUT_OF_STATES = frozenset(
    stem(w)
    for w in (
        *("stock", "order", "service", "scope", "date", "bounds", "range", "hours", "office", "action"),
        *("commission", "season", "print", "reach", "sight", "place", "time", "town", "breath", "control"),
        *("sync", "warranty", "use", "line", "touch", "shape", "tune", "step", "character", "context"),
        *("quarantine", "isolation", "hospital", "surgery", "theatre", "prison", "jail", "custody", "rehab"),
        *("lockdown", "detention", "retirement", "hibernation", "danger", "work"),
    )
)
"""What "out of" names as a state its subject is in, not a supply run out: "the drug is out
of *stock*", "the lift is out of *order*"; or a place or state it leaves ("Kito: out of
*quarantine* 20/5", "out of *hospital* Tues")."""
_NAME_REACH = 6
"""How many words a possessor's name before its "'s" may have."""
"""How far after a verb of giving up its object may start: "dropping *the legacy v1 API*"."""

_NOT_GIVEN = _stems("off at by into round outside with within in on for under over to from before after")
"""Words that tell a verb of giving up has no object after it ("cancels *with* under 24
hours' notice", "dropped *to* 40", "dropped *off* the parcel")."""

_WHICH_ONE = 3

_WHICH_PREPOSITIONS = _stems("to for of on at from with in")

_OPENS_CLAUSE = _stems("is are was were be been has have had who which that and but or")

_AFTER_BARE = _stems("due because since as per last yesterday today this following")
"""Words that may follow a note's passive with its "was" left out ("renal diet stopped *last*
week", "cancelled *due* to rain")."""

_DELIVERED = _stems("off at outside")
"""After the object of "dropped", words of a delivery: "dropped the kids *at* school",
"dropped the keys *off*"."""

_GERUND_REACH = 10
"""The most words from a gerund subject's object to the verb it is the subject of."""

_KEPT_OBJECT_REACH = 4
"""How many words before "off" a keeping verb may stand, its object between ("keep *the
young dog* off the sofa")."""
_TAKEN_OFF = frozenset(stem(w) for w in ("take", "takes", "taken", "took", "struck", "crossed"))
"""Verbs that "off" after them makes a removal of what follows ("*taken off* the biosafety
cabinet rota", "*struck off* the register"); only what stands right after "off"."""


_SUBORDINATORS = frozenset({"if", "unless", "because", "although", "though", "whereas", "while", "whilst"})
"""Words that open a clause with its own subject: a negated verb after one does not reach
back to what stands before it."""
_HOLDERS = frozenset(
    stem(w) for w in ("diet", "menu", "list", "rota", "roster", "register", "schedule", "rotation")
)
"""What holds its items, so that a thing "off" it is left out: "grapes *off her diet*", "Sam
*off the rota*"."""
_BARE_OFF = re.compile(
    r"\s*(?:$|[.;,(\u2013\u2014]|-\s|(?:until|till|for|since|from|during)\b)", re.IGNORECASE
)
"""What can follow a note's "off" right after a name for it to tell the name's state ("water
supply off *(frost)*", "heating off *until* May"), not a place ("a ferry off the coast")."""
_NOTE_OPENS = re.compile(r"(?:^|[:;\n\u2022\u2013\u2014]|\s-|^\s*[-*])\s*$")
"""What may stand before an "off" that opens a note's clause ("Tobias: *Off* beta blockers",
"- off dairy since June"): nothing, a label's colon, a bullet or a dash."""
_HOLDER = re.compile(r"\s+(?:the|her|his|their|its|my|our|your)\s+([a-z]+)\b", re.IGNORECASE)


class _NegativeWords(_Sentence):
    """How a statement reads the words that negate by their meaning, and where a negator's
    reach ends; :class:`~pytest_compaction.prose._negation._Negation` builds on it."""

    __slots__ = ()

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
        if raw == _PUT:
            if index == 0 or self.norms[index - 1] not in _LEFT_BEHIND:
                return None  # "put the boxes in the van": an act of its own
            return "put" if self._left_behind(position, index) else ""
        if raw in _INSTEAD or raw == _OUT:
            return self._set_aside(position, index, raw, span)
        if raw in (_YET, "still"):
            return self._still_open(position, index, raw)
        if raw != _OFF:
            return None
        if (
            index < position <= index + _OFF_REACH
            and _NOTE_OPENS.search(self.text, 0, self.tokens[index].start)
            and self._abstains(index)
            and self.segment[position] == self.segment[index]
        ):
            return "off"  # a note's "- Off beta blockers since Mon": its subject takes none
        if index == 0:
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
        if (
            verb in _GONE_OFF
            and position > index
            and self._gerund_after(index)
            and self.segment[position] == self.segment[index]
        ):
            return f"{self.tokens[before].raw} off"  # "he's gone off having it washed": no longer wants it
        keeping = next(
            (
                j
                for j in range(before, max(-1, before - _KEPT_OBJECT_REACH), -1)
                if self.norms[j] in _KEEP_OFF and self.segment[j] == self.segment[index]
            ),
            None,
        )
        if (
            keeping is not None
            and index < position <= index + 1 + _DETERMINER_REACH
            and self.segment[position] == self.segment[index]
        ):
            # "just keep off her left heel", "keep *it* off the shared canning line", "keep the
            # dog off the sofa": stay, or keep the thing, away from it
            return f"{self.tokens[keeping].raw} off"
        if (
            position == index - 1
            and not (position and self.tokens[position - 1].past)
            and self._off_the_list(index)
        ):
            return "off"  # "grapes off her diet", "Sam off the rota": taken off what held it
        if (
            position + span == index
            and kind_of(self.norms[before]) == "word"  # "90% off", "£5 off": a discount
            and _BARE_OFF.match(self.text, self.tokens[index].end)
        ):
            return "off"  # a note's "water supply off (frost)", "heating off until May": its state
        if verb not in _OFF_STATE and verb not in _SWITCH:
            return ""
        if index > position:
            last = position + span - 1  # "the water *supply* on Pontoon D is switched off"
            return "off" if self._before_verb(last, before) or last == before else ""
        if verb in _SWITCH and position - index <= _OFF_REACH:
            return "off"
        if verb in _OFF_STATE and position - index <= _OFF_REACH and self._abstains(index):
            return "off"  # "Ruben is off grapefruit", "stays off alcohol": he takes none
        return ""

    def _kept_apart(self, position: int, index: int) -> str:
        """The words that keep token ``position`` from the others kept with it, when the
        word of separating at token ``index`` (:data:`_APART`) follows a verb of keeping in
        its clause and the token stands between the two ("*keep* Desmond (uncle) and
        Rosalind in *separate* groups"): they are not to be together; else "". What stands
        before the verb ("First look before the ceremony, so keep them apart") is not kept."""
        first = max(0, index - _KEEP_APART_REACH)
        if not first < position < index:
            return ""
        for k in range(position - 1, first - 1, -1):
            if self.norms[k] in _KEEP_OFF and all(
                self.clause[j] == self.clause[index] for j in range(k, index)
            ):
                return f"{self.tokens[k].raw} ... {self.tokens[index].raw}"
        return ""

    def _off_the_list(self, index: int) -> bool:
        """Whether the "off" at token ``index`` takes a holder of items after a determiner
        ("off *her diet*", "off *the rota*"), in a note with no verb before it."""
        held = _HOLDER.match(self.text, self.tokens[index].end)
        return held is not None and stem(held.group(1).lower()) in _HOLDERS

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
            return "out of" if self._before_verb(position + span - 1, index - 1) else ""
        if raw == _OUT and position < index:
            return self._kept_out(position, index, span)
        if (
            raw == _OUT
            and self._run_out(index)
            and nxt < position <= nxt + _DETERMINER_REACH
            and self.norms[nxt + 1] not in _OUT_OF_STATES  # "the drug is out of stock": the drug
        ):
            # "we're out of canned tomatoes", "ran out of milk", "pantry: out of rice": none left
            return "out of" if self.segment[position] == self.segment[index] else ""
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
        if position < verb and self._before_verb(position + span - 1, verb):
            return "out of"  # the subject kept away
        return ""

    def _run_out(self, index: int) -> bool:
        """Whether the "out" at token ``index`` tells a supply run out: after "run" or a
        linking verb ("ran out of milk", "we're out of rice", "is now out of"), or right after
        a note's label ("pantry: out of canned tomatoes")."""
        before = index - 1
        while before >= 0 and self.norms[before] in _STATE_ADVERBS:
            before -= 1
        if before < 0:
            return False
        between = self.text[self.tokens[before].end : self.tokens[index].start]
        return self.norms[before] in _RUN_OUT or ":" in between

    def _out_of_state(self, index: int) -> bool:
        """Whether the "out" at token ``index`` opens a state its subject is not in: after a
        linking verb ("are", "stays", "remains"), "of" and then a bare noun with nothing
        between ("out of scope", "out of service", "out of stock"); "out of 10", "out of the
        car" and "made out of oak" tell no such state."""
        nxt = index + 2
        if nxt >= len(self.norms):
            return False
        if self.norms[index - 1] not in _OUT_STATE and (
            self.norms[nxt] not in _OUT_OF_STATES or kind_of(self.norms[index - 1]) != "word"
        ):
            return False  # a note's "hearing loop out of action": no verb, a state all the same
        if self.text[self.tokens[index + 1].end : self.tokens[nxt].start].strip():
            return False  # an article between ("out of the office"): articles are not tokens
        # a state ("out of order"), not a supply the subject has run out of ("the first-aid kit
        # is out of plasters": the kit is there, its plasters are not)
        return self.norms[nxt] in _OUT_OF_STATES and self.segment[nxt] == self.segment[index]

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
                and (norms[index + 2] == "to" or self._gerund_object(index + 1))
            )
            # "still has to register them", "still need registering": not done yet
            words = f"still {self.tokens[index + 1].raw} {self.tokens[index + 2].raw}" if found else ""
            if not found and self._still_to_do(index):
                found, words = True, "still to"  # "the client's *still to* pay it", "still to be signed"
        if not found or position <= index or self.segment[position] != self.segment[index]:
            return ""
        if any(norms[j] in _SET_ASIDE_ENDS for j in range(index + 1, position)):
            return ""
        return words

    def _gerund_after(self, index: int) -> bool:
        """Whether an "-ing" word of more than four letters follows token ``index`` right away."""
        nxt = index + 1
        return (
            nxt < len(self.tokens)
            and len(self.tokens[nxt].raw) > 4
            and self.tokens[nxt].raw.lower().endswith("ing")
        )

    def _gerund_object(self, index: int) -> bool:
        """Whether an "-ing" word follows token ``index`` with nothing between ("still need
        *registering*"); after an article it is a noun ("still need a *parking* suspension")."""
        nxt = index + 1
        return (
            self.tokens[nxt].raw.lower().endswith("ing")
            and not self.text[self.tokens[index].end : self.tokens[nxt].start].strip()
        )

    def _still_to_do(self, index: int) -> bool:
        """Whether the "still" at token ``index`` is "still to" and a bare verb right after
        ("is *still to pay* it", "*still to be* signed"): no article between (articles are
        not tokens), a lower-case word, so "still to the bank" and "still to Leeds" are places."""
        nxt = index + 2
        if (
            nxt >= len(self.norms)
            or self.norms[index + 1] != "to"
            or self.segment[nxt] != self.segment[index]
        ):
            return False
        after = self.tokens[nxt]
        return (
            not self.text[self.tokens[index + 1].end : after.start].strip()
            and after.raw.islower()
            and kind_of(self.norms[nxt]) == "word"
        )

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
        if raw in _WAITING or raw in _STRIVING:
            particles = _STRIVING.get(raw, frozenset({"for"}))
            if index + 1 >= len(self.norms) or self.tokens[index + 1].raw.lower() not in particles:
                return ""
            # past a possessor: "waiting for *her* DBS check", "working towards *his* badge"
            first = (
                index + 2 + (self.norms[index + 2 : index + 3] in (("her",), ("his",), ("their",), ("my",)))
            )
            reach = range(index + 2, min(first + _DETERMINER_REACH, len(self.norms)))
            waited = position in reach and self.segment[position] == self.segment[index]
            striven = self.tokens[index + 1].raw.lower()
            return f"{raw} {striven}" if waited and kind_of(self.norms[index + 2]) == "word" else ""
        if raw in _CLOSURES:
            if index + 1 >= len(self.norms) or self.norms[index + 1] != "to":
                return ""
            reach = range(index + 2, min(index + 2 + _DETERMINER_REACH, len(self.norms)))
            return f"{raw} to" if position in reach and self.segment[position] == self.segment[index] else ""
        particle = _PHRASAL_REFUSALS.get(raw)
        if particle is not None:
            if index + 1 >= len(self.norms) or self.tokens[index + 1].raw.lower() != particle:
                return ""  # "rule of thumb", "called him": no refusal
            after = range(index + 2, min(self._past_possessor(index + 2), len(self.norms)))
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

    def _past_possessor(self, first: int) -> int:
        """Where the reach of a word of refusal that starts at token ``first`` ends: after
        :data:`_DETERMINER_REACH` tokens, or after the noun a possessor among them owns
        ("leave out *Mrs Pemberton-Ilori's warfarin*")."""
        end = first + _DETERMINER_REACH
        for j in range(first, min(end, len(self.tokens))):
            if self.tokens[j].raw.lower().endswith(_POSSESSIVE):
                end = max(end, j + 2)
        # a longer name before its "'s" ("*Mrs Dilys Ogunwale-Hart's* warfarin")
        for j in range(first, min(first + _NAME_REACH, len(self.tokens))):
            if self.tokens[j].raw.lower().endswith(_POSSESSIVE):
                return max(end, j + 2)
        return end

    def _given_up(self, index: int, position: int) -> bool:
        """Whether token ``position`` is the object of the verb of giving up at token
        ``index`` (:data:`_ABANDONS`): no preposition, particle or place between
        ("dropped off the parcel", "cancels with under 24 hours' notice", "dropped the kids
        at school")."""
        # a possessor's name before the object may be long ("stopped *Mrs Dilys
        # Ogunwale-Hart's* warfarin"): the object is the noun right after it
        reach = max(index + _GIVEN_REACH, self._past_possessor(index + 1) - 1)
        if position > reach or self.segment[position] != self.segment[index]:
            return False
        between = self.norms[index + 1 : position + 1]  # the object opens with no preposition
        if any(n in _NOT_GIVEN or kind_of(n) != "word" for n in between[:1]) or any(
            n in _NOT_GIVEN for n in between
        ):
            return False
        if self.tokens[index].raw.lower() not in _DELIVERY_VERBS:
            return True
        after = self.norms[position + 1 : position + 3]
        # a day or a time after a word of the object tells when it is brought ("Brackley
        # dropping the MEWP *thurs* 7.30"), as "at" or "off" tell where
        when = any(n in _WEEKDAY_NORMS or kind_of(n) in ("date", "time") for n in between[1:-1])
        return not (when or any(n in _DELIVERED for n in after))

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

    def _before_verb(self, position: int, negator: int) -> bool:
        """Whether a negator after ``position`` still governs it: "peanuts are *not*
        allowed" (the negated verb's subject), but not "peanuts, and *not* merely ..."."""
        aside = self._aside_tokens()
        between = [
            n for k, n in enumerate(self.norms[position + 1 : negator], position + 1) if k not in aside
        ]
        if _coordinated(between) or _SUBORDINATORS & set(between):
            return False  # "Fri *if the welder is* still off": the verb has a subject of its own
        return (
            len(between) <= 3
            or _modified_subject(between)
            # the name modifies the subject's head noun: "*overnight* sessions on the confocal
            # cannot be booked"
            or (len(between) > 1 and self._head_after(position) and _modified_subject(between[1:]))
            or self._gerund_subject(position, between)
        )

    def _head_after(self, position: int) -> bool:
        """Whether the word after ``position`` is a head noun the name modifies, in one
        stretch with it ("*overnight sessions*", "*guest* rooms"): a plain word, no
        function word, joined by a space alone."""
        nxt = position + 1
        if nxt >= len(self.tokens) or self.segment[nxt] != self.segment[position]:
            return False
        return (
            self.text[self.tokens[position].end : self.tokens[nxt].start] == " "
            and self.tokens[nxt].raw.isalpha()
            and self.norms[nxt] not in STOPWORDS
            and self.norms[nxt] not in _AUXILIARIES
        )

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
