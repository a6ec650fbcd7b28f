"""Asides: a stretch set off by commas between a subject and its verb (a relative clause, a
time, a short note) that negation reads past (:func:`_asides`).
"""

from __future__ import annotations

import re

from pytest_compaction.prose._cue_words import NEGATORS

__all__ = ["_asides"]


_ASIDE = re.compile(r"\((?P<paren>[^()]{1,60})\)|,\s(?P<comma>(?:[^,;:()]|(?<=\d):(?=\d)){1,120}),")
_ASIDE_WORDS = 6
_RELATIVES = frozenset({"which", "who", "whose"})
_RELATIVE_WORDS = 16
"""A relative clause set off by commas may be longer: "the microchipping, *which had been
planned for while she was under*, did not go ahead"."""
_ASIDE_STOPS = NEGATORS | {
    "and",
    "or",
    "but",
    "nor",
    "so",
    "which",
    "who",
    "that",
    "because",
    "since",
    "although",
}
_VERB_OPENERS = frozenset(
    [
        "is",
        "are",
        "was",
        "were",
        "has",
        "have",
        "had",
        "will",
        "would",
        "can",
        "could",
        "must",
        "may",
        "might",
        "shall",
        "should",
        "does",
        "did",
        # negated: "the pool (piscina) won't be heated" keeps the pool under the negation
        *("isn't", "aren't", "wasn't", "weren't", "won't", "can't", "cannot", "doesn't", "didn't"),
        *("hasn't", "haven't", "hadn't", "wouldn't", "shouldn't", "mustn't", "couldn't", "never"),
    ]
)
"""The words a subject's verb opens with, right after an aside."""


def _asides(text: str) -> list[tuple[int, int]]:
    """Where an aside stands between a subject and its verb (from its opening bracket or
    comma to its closing one): "Gareth Prosser *(from the chapel)* is barred", "the permit*,
    issued in March,* was not renewed". A short insert with no negator or conjunction of its
    own; it cuts no negation segment, so the verb's negator still reaches the subject."""
    out = []
    for match in _ASIDE.finditer(text):
        inner = match.group("paren") or match.group("comma") or ""
        words = inner.lower().split()
        after = text[match.end() :].split(None, 1)
        before = text[: match.start()].rstrip()
        relative = bool(words) and words[0] in _RELATIVES  # ", which had been planned for ...,"
        participle = bool(words) and words[0].endswith(("ed", "en")) and len(words[0]) > 3
        verb = bool(after) and (
            after[0].lower() in _VERB_OPENERS
            # a subjunctive after "that": "asked that Quillmark, her old employer, *not be* named"
            or (after[0].lower() == "not" and len(after) > 1 and after[1].lower().startswith("be "))
            # ", forwarded to us, asserts that ...": a participle's aside before a lexical verb;
            # a bracket is an aside whatever it holds ("neither junior (Tess, Tom) merges")
            or (
                (participle or match.group("paren") is not None)
                and re.fullmatch(r"[a-z]{3,}(?:s|ed)", after[0]) is not None
            )
        )
        if (
            words
            and len(words) <= (_RELATIVE_WORDS if relative else _ASIDE_WORDS)
            and not (NEGATORS if relative else _ASIDE_STOPS) & set(words)
            and "n't" not in inner
            and before[-1:].isalnum()
            and verb
        ):
            out.append((match.start(), match.end()))
    return out
