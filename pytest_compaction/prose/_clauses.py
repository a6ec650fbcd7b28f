"""Where a sentence's clauses are cut: at ";", "but", a noun clause, a result clause, a
comma splice or a subordinate clause (:func:`_clause_cuts`); and the articles and boundaries
a reading leaves out or splits at.
"""

from __future__ import annotations

import re

__all__ = ["_ARTICLES", "_BOUNDARY", "_RESULT", "_clause_cuts"]


_BOUNDARY = re.compile(
    r"[;()\[\]]|(?<!\d)[,:]|[,:](?!\d)|\s[-\u2013\u2014]\s|\s(?:but|although|though|while|whereas|because|since|so|"
    r"which|who)\s|(?<!\bnot)(?<!n't)(?<!n\u2019t)\syet\s|\s(?:and|or)\s(?=(?:i|he|she|they|we|you|it|that|is|are|was|were|has|have|had|also|"
    r"[A-Z]\w*)\b)",
)


_ARTICLES = frozenset({"the", "a", "an"})
# Clauses: at ";", a contrastive conjunction (", while" with its comma: "while" alone may
# tell time), an exception's "save that" / "except that", a comma before a modal (a
# predicate with its subject left out: "We usually collect Saturdays, can probably do
# Friday"; not ", should the lease be renewed", a condition), or "and" / "or" (with or without a comma)
# before a new subject and its verb ("Rosa is the fire warden, and Quinn is the
# first-aider"; "..., and Bruno draws the diagrams"; "Ida Berg is in 3A and Tom sits in
# 3C": a name of up to three words, then a present or past verb, "-s" or "-ed").
_CLAUSE_CUT = re.compile(
    # a spaced slash before a note's next item with its own label ("Solberg = coeliac / Lind = vegan")
    r";|\s/\s(?=[^/;,.!?]{1,40}?(?:\s=\s|:\s))|\s(?:but|although|though|whereas|however)\s|,\s*while\s|,?\s+(?:save|except)\s+that\b|"
    r",\s*(?=(?:can|could|may|might|will|would|must)\s)|"
    # a reason or a manner after ", as" and a pronoun with its verb ("..., as he wishes to give")
    r",\s*as\s+(?=(?:I|[Ww]e|[Yy]ou|[Hh]e|[Ss]he|[Tt]hey)\s+[a-z]{2,}\b)|"
    r",?\s+(?:and|or)\s+(?=(?:(?:Mr|Mrs|Ms|Mx|Dr|Prof)\.?\s+)?"
    r"(?:[A-Z]\w*(?:\s+[A-Z]\w*){0,2}|he|she|it)\s+"
    r"(?:(?:also|now|still)\s+)?(?:is|was|has|does|will|can|may|must|should|would|[a-z]{2,}(?:s|ed))\b)"
)
_FINITE = (
    r"(?:is|are|am|was|were|will|would|shall|has|have|had|can|could|must|should|may|might|does|do|did|"
    r"gets|get|got)"
)
_NOUN_CLAUSE = re.compile(
    r"(?:,\s*|\s+)(?:and|or)\s+(?=(?:the|a|an|this|that|these|those|its|their|our|his|her|my|your|"
    r"[A-Z][\w-]*(?:'s|\u2019s))\s+(?:[\w'\u2019-]+\s+){0,3}(?:(?:also|now|still)\s+)?" + _FINITE + r"\b)"
)
_RESULT = re.compile(
    r",\s*(?:and\s+)?so\s+(?=(?:(?:the|a|an|this|that|these|those|its|their|our|his|her|my|your|"
    r"[A-Z][\w-]*(?:'s|\u2019s))\s+(?:[\w'\u2019-]+\s+){0,3}|(?:we|they|he|she|it|I|you)\s+)"
    r"(?:(?:also|now|still)\s+)?" + _FINITE + r"\b)"
)
"""A consequence joined by ", so": a subject (a noun phrase or a pronoun) then a finite
verb, so "so far" and "so that" are none."""
_VERB_BEFORE = re.compile(r"\b" + _FINITE + r"\b|\b[a-z]{2,}ed\b|\b(?:[A-Z]\w*|he|she|it)\s+[a-z]{2,}s\b")
"""A clause joined by "and" (with a comma or without: "is at 9:30 *and the inspector might*
look") whose subject is a noun phrase, not a name ("Luis will do the
spay, *and the dental* is done by Amara"; "..., *and Rolo's dental* is being done by ..."):
a determiner or a possessive, up to three more words, then a finite verb. Only after a
clause that has its own verb, so a list of subjects ("Pepper, Rolo, and the kitten are
booked") stays one clause."""


_SPLICE = re.compile(
    r",\s*(?=(?:[Ii]|[Ww]e|[Yy]ou|[Hh]e|[Ss]he|[Tt]hey)(?:['\u2019](?:ll|d|s|re|ve|m)\b|\s+(?:(?:also|now|still|just)\s+)?"
    r"(?:can|could|will|would|shall|should|may|might|must|am|are|is|was|were|have|has|had|do|does|did)\b)"
    r"|[A-Z][a-z]+\s+(?:says|said|reckons|reckoned|thinks|thought|reports|reported|mentioned|confirms|confirmed)\b)"
)
"""A comma before a pronoun subject and its auxiliary: a new clause joined by the comma
alone ("calling about my booking, name Ada Roy, I can send the reference if needed"; "delete
my number, I'll call in"), or before a name and its verb of saying ("you're on van 14,
*Imogen says* 9 is the spare if ..."), whose
"if" conditions it, not the words before the comma. Not after an opening subordinate clause
("If it rains, we will cancel"; "When the van comes, she can sign"), which the clause after
the comma completes (:data:`_SUBORDINATE`)."""
_SUBORDINATE = re.compile(
    r"\W*(?:(?:and|but|or|so|yet)\s+)?(?:if|when|whenever|unless|once|whether|although|though|because|since|as|after|before|until|"
    r"while|provided|assuming|in\s+case)\b",
    re.IGNORECASE,
)


_APPOSITIVE = re.compile(r"(?:^|[\s(])[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?,\s[^,;:.!?]{1,40}$")
"""A name and an aside after it up to a comma: "Wilhelmina, Roz's sister"."""


def _closes_aside(text: str, cut: re.Match[str]) -> bool:
    """Whether a cut at a comma before a modal closes an aside after a name ("Wilhelmina,
    Roz's sister, will give the toast"): the modal's subject is the name, no clause starts."""
    return text[cut.start() : cut.start() + 1] == "," and _APPOSITIVE.search(text, 0, cut.start()) is not None


def _clause_cuts(text: str) -> list[int]:
    """Where the clauses of ``text`` begin after the first (see :data:`_CLAUSE_CUT`,
    :data:`_NOUN_CLAUSE`, :data:`_SPLICE`), in text order."""
    cuts = [m.start() for m in _CLAUSE_CUT.finditer(text) if not _closes_aside(text, m)]
    for m in _SPLICE.finditer(text):
        since = max((c for c in cuts if c < m.start()), default=0)
        if not _SUBORDINATE.match(text, since):
            cuts.append(m.start())
    for m in _NOUN_CLAUSE.finditer(text):
        since = max((c for c in cuts if c < m.start()), default=0)
        if _VERB_BEFORE.search(text, since, m.start()):
            cuts.append(m.start())
    return sorted(set(cuts))
