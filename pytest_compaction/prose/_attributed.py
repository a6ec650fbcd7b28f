"""The attribution reading of a statement: the words that attribute a token to a source
(:meth:`_Attribution.attributed`): a reporting verb, a source noun or label, quotation marks,
an occasion; not when the speaker is the user, the human or the assistant.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pytest_compaction.prose._cue_words import (
    _AUXILIARIES,
    _FRAMES,
    _JSON_KEY,
    _NOUN_OPENERS,
    _OCCASION_REACH,
    _OCCASIONS,
    _PRONOUN_SPEAKERS,
    _QUOTED,
    _REPORT_COMPLEMENT,
    _REPORTING,
    _SELF,
    _SOURCE_NOUNS,
    _SOURCE_SURFACE,
    _SUBORDINATORS,
    _TAKES_REPORT,
    _TOOL_HEAD,
    _UNTRUSTED_LABELS,
    ATTRIBUTION,
    STOPWORDS,
)
from pytest_compaction.prose._negation import _Negation
from pytest_compaction.prose.normalize import kind_of, stem

__all__ = ["_Attribution"]


_CLIPPED_NOUNS = frozenset({"stat", "stats"})
"""Clipped nouns that share a stem with a verb of telling: "the flue *stat*" (thermostat) and
"*stats*" state nothing, as "states" would."""

_ANYONE = frozenset(
    {"anyone", "anybody", "someone", "somebody", "everyone", "everybody", "whoever", "those", "people"}
)
"""Person words a reduced relative clause follows ("anyone quoting ...")."""
_DETERMINED = re.compile(r"(?i:\b(?:a|an|the|this|that|some|one|another|any)\s+)\Z")
"""A determiner right before a noun (searched up to the noun's start)."""


_MODIFIED_HEADS = frozenset(
    stem(w)
    for w in (
        *("file", "files", "code", "address", "addresses", "number", "numbers", "board", "boards"),
        *("template", "templates", "format", "formats", "size", "limit", "design", "layout", "folder"),
    )
)
"""Nouns a source noun modifies when it names no source: "source files", "email address",
"page number", "message board"."""


_QUESTION = stem("questions")
_BLOCKQUOTE = re.compile(r">\s+[^\W\d]")
"""A markdown blockquote line ("> The site must provide ..."), not a bound ("> 38.5: call")."""
_INSERTED = re.compile(r"\[[^\[\]]{1,60}\]")
"""Square brackets inside a quotation: words the quoting writer put there ("[sic]", "[the
landlord]", "[have opened]"), not the words quoted."""
_PLURAL_NOUNS = frozenset(
    {
        "reports",
        "claims",
        "requests",
        "quotes",
        "notes",
        "comments",
        "records",
        "lists",
        "offers",
        "estimates",
        "texts",
        "posts",
        "demands",
        "suggestions",
        "recommendations",
        "findings",
        "readings",
        "updates",
        "statements",
    }
)
"""Reporting words that are also plural nouns: at the end of their phrase, with no content
after them, they name things ("weekly KPI reports"); "the employee asks." stays a verb."""


_NAMED_SOURCE_OPENERS = frozenset(
    {"the", "a", "an", "this", "that", "their", "his", "her", "our", "my", "your", "its"}
)
"""Words before a capitalized source noun that keep it a source ("*the* Post says ...");
without one, a capitalized word mid-sentence is a name ("switching to *Thread*")."""


_ADDRESSING = frozenset(
    stem(w) for w in ("ask", "asks", "asked", "tell", "tells", "told", "warn", "warns", "warned", "remind")
)
"""Reporting verbs whose object is the one spoken to ("ask *the warden*", "told *her*")."""
_HANDLE = re.compile(r"@[\w.\-]+")


def _in_handle(text: str, at: int) -> bool:
    """Whether character ``at`` falls inside an @handle ("@sys.admin_official")."""
    start = text.rfind("@", 0, at + 1)
    if start < 0:
        return False
    handle = _HANDLE.match(text, start)
    return handle is not None and handle.start() <= at < handle.end()


_ANSWERED_REACH = 120
"""How many characters before a source noun :data:`_ANSWERED` is looked for in."""
_OPENER_WINDOW = 200
"""How many characters before a reporting word its opener ("the", "every pull") is read in."""
_SPEAKER_REACH = 12
"""How many words from a reporting word its speaker is looked for in ("the FAQ, pasted by
the user, *claims*"): a long clause is not walked to its start for each report."""
_HAVING = frozenset({"have", "has", "had", "'ve", "\u2019ve", "also", "now", "then", "still"})
_THIRD_PARTY = frozenset({"they", "he", "she", "it"})
"""Pronouns of a teller who is neither the user nor the assistant."""


_ANSWERED = re.compile(
    r"\b(?:reply|replies|replying|replied|respond|responds|responding|responded|write\s+back|"
    r"send|sending|forward|forwarding)\s+(?:it\s+)?to\s+(?:the\s+|a\s+|an\s+|this\s+|that\s+)?"
    r"(?:[\w'\u2019-]+\s+){0,3}$",
    re.IGNORECASE,
)
"""A source noun as what is answered or sent to ("by replying to the bank's security
*email*"): the channel an act goes through, not a teller."""


class _Attribution(_Negation):
    """How a statement reads attribution (it asks the negation reading whether a report is denied);
    :class:`~pytest_compaction.prose.statements.Statement` inherits it."""

    __slots__ = ()

    def attributed(self, position: int) -> str | None:
        """The words that report a source for token ``position``'s sentence, or None.

        Quotation marks around the token count, and so does a blockquote line ("> ...");
        a saying verb counts unless its only
        speaker is the user, the system or a policy (that restates, not reports).
        """
        token = self.tokens[position]
        if _BLOCKQUOTE.match(self.text):
            return "quotation marks"  # a markdown blockquote line quotes what it holds
        for quoted in _QUOTED.finditer(self.text):
            inside = quoted.start() <= token.start < quoted.end()
            # "[have opened]" inside a quote is the summarizer's own wording, not the quoted words
            inserted = any(
                b.start() <= token.start < b.end() for b in _INSERTED.finditer(self.text, *quoted.span())
            )
            if inside and not inserted and not _JSON_KEY.search(self.text, 0, quoted.start()):
                return "quotation marks"
        reports = [
            i
            for i in range(len(self.tokens))
            if self._reports(i)
            and not self._subordinate(position, i)
            and not self._reduced_relative(i)
            and not self._addressee(position, i)
        ]
        # A report whose speaker is the user, the operator or the assistant restates what
        # they asked ("The human asks the AI to forward ..."); a source noun inside such a
        # report is its object ("asks the AI to look at ticket X"), unless it speaks itself.
        # A label of distrust ("an *unverified* claim") speaks for no one: it attributes.
        speakers = {
            i: "source" if self.norms[i] in _UNTRUSTED_LABELS else self._speaker(i)
            for i in reports
            if not self._source_noun(i)
        }
        own = [i for i, who in speakers.items() if who == "self"]
        kept = [
            i
            for i in reports
            if speakers.get(i, "source") != "self"
            and not (i not in speakers and any(o < i and self.clause[o] == self.clause[i] for o in own))
            and not self._occasion(i, position)
        ]
        if not kept:
            return None
        asides = {self._aside(i) for i in kept} - {None}
        labelled = any(self.norms[i] in _UNTRUSTED_LABELS for i in kept)
        if (
            not labelled
            and all(speakers.get(i) == "unknown" for i in kept)
            and any(
                not self.negated(i)  # "the courier's claim, not our policy"
                and self.segment[i] not in asides
                # not the subject of what is reported ("a note saying *we* must keep it locked")
                and not self._reported_subject(i, kept)
                and not self._addressed(i, kept)
                for i in range(len(self.norms))
                if self._self_word(i)
            )
        ):
            return None
        return ", ".join(dict.fromkeys(self.tokens[i].raw for i in kept))

    def _reported_subject(self, index: int, reports: Sequence[int]) -> bool:
        """Whether token ``index`` is a word of the summary's own speakers inside what a
        reporting word before it reports: "we" or "I" opening the report ("a note saying
        *we* must ...", "says that *I* should ..."), or any of them in a report told by a
        third party ("they claim their contract requires *us* to refund"). "You've asked
        *me* to" is the user's own request: its "me" is the addressee."""
        for k in reports:
            if k >= index or self.clause[k] != self.clause[index]:
                continue
            if self.norms[index] in ("we", "i") and all(n == "that" for n in self.norms[k + 1 : index]):
                return True
            teller = next(
                (
                    self.tokens[j].raw.lower()
                    for j in range(k - 1, -1, -1)
                    if self.tokens[j].raw.lower() not in _HAVING
                ),
                "",
            )
            if teller in _THIRD_PARTY:
                return True
        return False

    def _addressed(self, index: int, reports: Sequence[int]) -> bool:
        """Whether token ``index`` is the one a report right before it speaks to, told by
        someone other than the reader ("a caller *asking us* to leave the safe open"): the
        summary's own speakers are addressed there, not speaking. "You've asked *me* to" is
        the user's own request."""
        if index - 1 not in reports or self.norms[index - 1] not in _ADDRESSING:
            return False
        teller = next(
            (
                self.tokens[j].raw.lower()
                for j in range(index - 2, -1, -1)
                if self.tokens[j].raw.lower() not in _HAVING
            ),
            "",
        )
        return teller not in ("you", "you've", "you\u2019ve")

    def _subordinate(self, position: int, index: int) -> bool:
        """Whether the reporting word at ``index``, at or after token ``position``, sits in a
        condition, time or relative clause ("the charge is waived *if the customer asks*",
        "refunds go to anyone *who asks*"): it tells when the claim holds, not who made it,
        and the words between its opener and it are its own subject, the speaker."""
        if position > index:
            return False
        segment = self.segment[index]
        j = index - 1
        while j >= 0 and self.segment[j] == segment:  # a segment is one stretch of tokens
            raw = self.tokens[j].raw.lower()
            if raw in _SUBORDINATORS:
                return True
            # ", which the GP asks the clinic to assess": a clause about what it follows
            start = self.tokens[j].start
            if raw == "which" and self.text[max(0, start - 40) : start].rstrip().endswith(","):
                return True
            j -= 1
        return False

    def _addressee(self, position: int, index: int) -> bool:
        """Whether token ``position`` is who the reporting word at ``index`` speaks to, right
        after a verb of asking or telling ("if they ask *the warden*", "tells *hikers* that
        ..."): the one asked, not what is reported."""
        return (
            position == index + 1
            and self.norms[index] in _ADDRESSING
            and self.segment[position] == self.segment[index]
            and not self.tokens[position].raw[:1].isdigit()
        )

    def _reduced_relative(self, index: int) -> bool:
        """Whether the reporting word at ``index`` is an "-ing" form right after a person
        word or a plural noun ("anyone *quoting* the code", "guests *asking* for late
        check-out"): a relative clause without its "who", which says who is meant, not who
        said the sentence's claim."""
        raw = self.tokens[index].raw.lower()
        if not raw.endswith("ing") or index == 0 or self.segment[index - 1] != self.segment[index]:
            return False
        before = self.tokens[index - 1].raw
        lowered = before.lower()
        plural = before[:1].islower() and lowered.endswith("s") and not lowered.endswith(("ss", "'s", "us"))
        return lowered in _ANYONE or plural

    def _self_word(self, index: int) -> bool:
        """Whether token ``index`` names a restating speaker (:data:`_SELF`): not a tool's
        "system" after a noun modifier ("booking system", "the CRM system")."""
        if self.norms[index] not in _SELF:
            return False
        if _in_handle(self.text, self.tokens[index].start):
            return False  # "@sys.admin_official", "@admin_bot": an account's name, not the admin
        if self.norms[index] in _TOOL_HEAD and index > 0 and self.segment[index - 1] == self.segment[index]:
            between = self.text[self.tokens[index - 1].end : self.tokens[index].start]
            return bool(between.strip())  # an article or a mark between: "the system"
        return not self._modifies_noun(index)

    def _modifies_noun(self, index: int) -> bool:
        """Whether the speaker noun at ``index`` modifies the noun after it, which is then
        the source: "*user* content said", "a *user*-submitted review", "the *user* forum
        post". A hyphen joins them, or the next word of its segment is no verb form (not a
        past, not in "-s", not an auxiliary or a function word): "the user said", "the user
        asks", "the user then wrote" keep the user speaking. Pronouns never modify."""
        token = self.tokens[index]
        if token.raw.lower() in _PRONOUN_SPEAKERS or index + 1 >= len(self.tokens):
            return False
        after = self.tokens[index + 1]
        if self.segment[index + 1] != self.segment[index]:
            return False
        between = self.text[token.end : after.start]
        if between == "-":
            return True
        word = after.raw.lower()
        return (
            between.isspace()
            and kind_of(after.norm) == "word"
            and word.isalpha()
            and not after.past
            and not word.endswith(("s", "ly"))
            and after.norm not in STOPWORDS
            and after.norm not in _AUXILIARIES
            and after.norm not in ATTRIBUTION
        )

    def _quoted_spans(self) -> list[tuple[int, int]]:
        """Where the sentence's quotations stand (start and end characters), read once."""
        found = self._memo.get("quoted")
        if found is None:
            found = tuple(x for q in _QUOTED.finditer(self.text) for x in q.span())
            self._memo["quoted"] = found
        return list(zip(found[::2], found[1::2], strict=True))

    def _speaker(self, index: int) -> str:
        """Who speaks the reporting word at ``index``: ``self`` (:meth:`_self_word`),
        ``source`` (a source noun or a named tool) or ``unknown``. The nearest such word
        before it in its clause, or after it for "according to", "per" and "by"; never a
        word inside quotation marks."""
        after = self.norms[index] in _FRAMES or (
            index + 1 < len(self.norms) and self.norms[index + 1] == "by"
        )
        clause = self.clause[index]
        order = (
            range(index + 1, min(len(self.norms), index + 1 + _SPEAKER_REACH))
            if after
            else range(index - 1, max(-1, index - 1 - _SPEAKER_REACH), -1)
        )
        quoted = self._quoted_spans()
        aside = self._aside(index) if not after else None
        for i in order:
            if self.clause[i] != clause:
                break
            if self.segment[i] == aside:
                continue  # "the FAQ, pasted by the user, claims": the aside is not the speaker
            if any(a <= self.tokens[i].start < b for a, b in quoted):
                continue  # a quoted word is mentioned, not speaking: a "note to agent" asking ...
            if self._self_word(i) and not self._in_contact_clause(i):
                return "self"
            if self._source_noun(i) or self.norms[i] in _TOOL_HEAD:
                return "source"
        return "unknown"

    def _in_contact_clause(self, index: int) -> bool:
        """Whether the pronoun at ``index`` opens a relative clause with its "that" left
        out, right after a noun and its determiner ("a text from *a number I* don't know,
        saying ..."): that clause tells which thing is meant, its pronoun is no speaker of
        the sentence's report."""
        if self.tokens[index].raw.lower() not in _PRONOUN_SPEAKERS or index < 1:
            return False
        noun = self.tokens[index - 1]
        return (
            self.segment[index - 1] == self.segment[index]
            and self.text[noun.end : self.tokens[index].start].isspace()
            and _DETERMINED.search(self.text, 0, noun.start) is not None
            and kind_of(self.norms[index - 1]) == "word"
            and self.norms[index - 1] not in STOPWORDS
        )

    def _aside(self, index: int) -> int | None:
        """The segment of an aside set off by commas right before token ``index`` (", pasted
        by the user, claims"), or None: a subject is never wrapped in commas of its own."""
        if index < 2 or "," not in self.text[self.tokens[index - 1].end : self.tokens[index].start]:
            return None
        seg = self.segment[index - 1]
        first = next(i for i in range(index) if self.segment[i] == seg)
        if first == 0 or self.clause[first - 1] != self.clause[index]:
            return None
        return seg if "," in self.text[self.tokens[first - 1].end : self.tokens[first].start] else None

    def _reports(self, index: int) -> bool:
        """Whether token ``index`` is a reporting word. "per" reports only a source ("per
        the ticket", "as per"), not a rate ("10 hours per month")."""
        norm = self.norms[index]
        if norm not in ATTRIBUTION or self.tokens[index].raw.lower() in _CLIPPED_NOUNS:
            return False
        if norm == "per":
            after = range(index + 1, min(index + 3, len(self.norms)))  # "per the e-mail" reads "per e mail"
            return any(self._source_noun(i) for i in after) or (index > 0 and self.norms[index - 1] == "as")
        if norm in _UNTRUSTED_LABELS:
            return True  # a label of distrust, whatever it modifies ("an unverified claim")
        if index >= 2 and self.norms[index - 2 : index] == ("no", _QUESTION):
            return False  # "no questions asked": an idiom of terms, nobody asking
        if norm in _REPORTING and index > 0 and self.tokens[index - 1].raw.lower() == "without":
            return False  # "pay it without asking first": a report that did not happen
        if (
            self.tokens[index].raw.lower().startswith("claim")
            and index + 1 < len(self.tokens)
            and self.tokens[index + 1].raw.lower() in ("as", "on", "for", "against", "back")
        ):
            return False  # "the rent *claimed as* an expense", "claim it on insurance": money claimed
        if self.tokens[index].raw.lower() == "state" and (
            index + 1 >= len(self.tokens) or self.tokens[index + 1].raw.lower() != "that"
        ):
            return False  # "Current state: ...", "the state of the roof": a noun
        if norm in _REPORTING and self._thing_noun(index):
            return False
        if norm in _REPORTING and self._purpose(index):
            return False  # "verify your details within 24h *to claim* it": an act, not a report
        return norm not in _SOURCE_NOUNS or norm in _REPORTING or self._source_noun(index)

    def _purpose(self, index: int) -> bool:
        """Whether the reporting word at ``index`` is a bare infinitive of purpose ("... to
        claim it", "in order to report a fault"): "to" right before it, and no verb that
        takes a report before that ("asked to report", "wants to claim that ...")."""
        if index == 0 or self.tokens[index - 1].raw.lower() != "to":
            return False
        nxt = self.norms[index + 1] if index + 1 < len(self.norms) else ""
        return nxt != "that" and (index < 2 or self.norms[index - 2] not in _TAKES_REPORT)

    def _modified(self, index: int) -> bool:
        """Whether a plain word modifies token ``index`` from right before it, in its
        segment: "KPI *reports*", not "the store's auto-*suggestions*" (a source's own)."""
        before = self.tokens[index - 1]
        joined = self.text[before.end : self.tokens[index].start]
        return (
            self.segment[index - 1] == self.segment[index]
            and joined.isspace()
            and not before.raw.lower().replace("\u2019", "'").endswith(("'s", "s'"))
        )

    def plural_thing(self, index: int) -> bool:
        """Whether the reporting word at ``index`` is a plural noun that ends its phrase after
        a plain modifier ("weekly KPI *reports*."): a thing, not a telling."""
        raw = self.tokens[index].raw.lower()
        last = index + 1 >= len(self.tokens) or self.segment[index + 1] != self.segment[index]
        return last and raw in _PLURAL_NOUNS and index > 0 and self._modified(index)

    def _thing_noun(self, index: int) -> bool:
        """Whether the reporting word at ``index`` names a thing, not a report: a noun
        after a determiner or in the possessive ("the claim's deductible", "every claim",
        "a quote for the repair", "this state"), with no speaker or content after it ("the
        claim *that* ...", "a request *from* the ticket", "the report *by* ..." report)."""
        token = self.tokens[index]
        raw = token.raw.lower().replace("\u2019", "'")
        if raw.endswith("'s"):
            return True
        if self.plural_thing(index):
            return True  # "a board seat and weekly KPI *reports*.": a plural noun ends its phrase
        window = max(0, token.start - _OPENER_WINDOW)
        before = self.text[window : token.start].split()[1 if window else 0 :]  # the last words only
        if before and before[-1].endswith("-") and before[-1].lower() != "self-" and len(before) > 1:
            before.pop()  # "a small-claims case": the compound's opener, before its first part
        if not before:
            return False
        opener = before[-1].lower().replace("\u2019", "'")
        if (
            len(before) > 1
            and before[-2].lower() in _NOUN_OPENERS
            and before[-1].isalpha()
            and before[-1].islower()
            and not raw.endswith(("ed", "ing", "s"))
        ):
            opener = before[-2].lower()  # "every pull *request*", "the feature *request*": a compound noun
        nxt = self.tokens[index + 1].raw.lower() if index + 1 < len(self.tokens) else ""
        between = self.text[token.end : self.tokens[index + 1].start] if nxt else ""
        if opener not in _NOUN_OPENERS:
            # After a possessive, a noun with its own predicate next ("Fenwick's quote still
            # isn't in"); "the courier's claim, not ours" names whose claim it is.
            return (
                opener.endswith("'s") and bool(nxt) and nxt not in _REPORT_COMPLEMENT and not between.strip()
            )
        return nxt not in _REPORT_COMPLEMENT or any(c in between for c in ",;:")

    def _occasion_noun(self, index: int) -> bool:
        """Whether token ``index`` is a source noun a few words after a word of time or cause
        ("*following* an *email*", "*after* a *text*")."""
        if not self._source_noun(index):
            return False
        return any(self.norms[j] in _OCCASIONS for j in range(max(0, index - _OCCASION_REACH), index))

    def in_occasion(self, position: int) -> bool:
        """Whether token ``position`` is in a phrase of occasion that names a source ("Following
        an email *from the help centre*, ..."): its words describe the source, no claim."""
        for k in range(max(0, position - _OCCASION_REACH - 4), position + 1):
            if not self._occasion_noun(k):
                continue
            inside = self.text[self.tokens[k].end : self.tokens[position].start] if position > k else ""
            if "," not in inside and "," in self.text[self.tokens[position].end :]:
                return True
        return False

    def _occasion(self, index: int, position: int) -> bool:
        """Whether the source noun at ``index`` only names the occasion of a claim made after
        it: in a phrase of time or cause set off by a comma before token ``position``
        ("*Following an email from the billing team*, the customer has to ..."). The claim
        after the comma is the sentence's own; "according to the email" still attributes."""
        if index >= position or not self._occasion_noun(index):
            return False
        between = self.text[self.tokens[index].end : self.tokens[position].start]
        return "," in between and not any(self._reports(j) for j in range(index + 1, position))

    def _source_noun(self, index: int) -> bool:
        """Whether token ``index`` is a source noun as written ("site", "tickets", "e-mail")."""
        if self.norms[index] not in _SOURCE_NOUNS:
            return False
        raw = self.tokens[index].raw
        if (
            index > 0
            and raw[:1].isupper()
            and self.tokens[index - 1].raw.lower() not in _NAMED_SOURCE_OPENERS
        ):
            return False  # "move the house from Zigbee to *Thread*": a name, not a message thread
        lower = raw.lower().removesuffix("'s")
        return lower in _SOURCE_SURFACE and not self._compound_head(index) and not self._channel(index)

    def _channel(self, index: int) -> bool:
        """Whether the source noun at ``index`` names a channel, not a teller: right after
        "by", "via", "over" or "through" ("accept homework *by email*", "sent *via
        message*"). A source that tells something reports it ("the email says ...")."""
        if index == 0:
            return False
        start = self.tokens[index].start
        if _ANSWERED.search(self.text, max(0, start - _ANSWERED_REACH), start):
            return True  # "confirm the PIN by *replying to* the bank's email": what is answered
        return (
            self.tokens[index - 1].raw.lower() in ("by", "via", "over", "through")
            and not self.text[self.tokens[index - 1].end : self.tokens[index].start].strip()
        )

    def _compound_head(self, index: int) -> bool:
        """Whether the source noun at ``index`` only modifies the noun right after it, a
        thing of another kind ("the layered *source* files", "her *email* address", "the
        *page* number", "a *message* board"): no source is named."""
        nxt = index + 1
        if nxt >= len(self.tokens) or self.segment[nxt] != self.segment[index]:
            return False
        between = self.text[self.tokens[index].end : self.tokens[nxt].start]
        return between == " " and self.norms[nxt] in _MODIFIED_HEADS
