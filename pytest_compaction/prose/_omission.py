"""Rules about leaving something out: forbidding an omission is a duty to do the thing
("Never skip the evening dose" is "always take the evening dose"; "don't forget to log it"
is "always log it"), and a duty stated that way forbids the omission.
"""

from __future__ import annotations

import re

__all__ = ["forbids_omission", "names_omission_at", "states_omission"]


_OMITTING = (
    r"(?:skip(?:s|ped|ping)?|miss(?:es|ed|ing)?|forget(?:s|ting)?|forgot|omit(?:s|ted|ting)?|"
    r"neglect(?:s|ed|ing)?|fail(?:s|ed|ing)?\s+to|leave\s+out|leav(?:es|ing)\s+out|left\s+out|"
    r"go(?:es)?\s+without|went\s+without|"
    # "self-harm disclosures never wait till morning", "the key never leaves your person":
    # the act put off, or the thing parted from
    r"wait(?:s|ed|ing)?\s+(?:till|until|for)|put(?:s|ting)?\s+off|"
    r"leav(?:e|es|ing)\s+(?:your|his|her|their|my|our)\s+(?:person|side|sight|hands?))"
)
_FORBIDDEN_OMISSION = re.compile(
    r"\b(?:never|don't|do\s+not|must\s+not|mustn't|shall\s+not|should\s+never|cannot|can't|"
    r"may\s+not|is\s+not\s+to|are\s+not\s+to|"
    # a note's "no" before the act of omission ("careful check before every climb, *no
    # skipping* it"), as a sign's "no smoking" forbids smoking
    r"no(?=\s+\w+ing\b))\s+(?:ever\s+)?"
    # "don't let me forget", "never let them skip it": the omission forbidden through someone
    r"(?:let\s+(?:me|us|him|her|them|you|anyone|anybody)\s+)?(?:be\s+)?" + _OMITTING + r"\b",
    re.IGNORECASE,
)
_OMISSION = re.compile(r"\b" + _OMITTING + r"\b", re.IGNORECASE)


def forbids_omission(text: str) -> bool:
    """Whether ``text`` forbids leaving something out: a prohibition word right before a verb
    of omission ("never skip", "do not forget", "must not miss", "never fail to", "don't
    let me forget", "no skipping")."""
    return _FORBIDDEN_OMISSION.search(text) is not None


def states_omission(text: str) -> bool:
    """Whether ``text`` holds a verb of omission that no prohibition word forbids ("always
    skip it", "the dose is missed"): a duty told with it is a duty to leave the thing out."""
    forbidden = {m.span() for m in _FORBIDDEN_OMISSION.finditer(text)}
    return any(
        not any(start <= m.start() and m.end() <= end for start, end in forbidden)
        for m in _OMISSION.finditer(text)
    )


_UNDONE_AT = re.compile(
    r"\W+(?:[\w']+\s+){0,2}?(?:" + _OMITTING + r"|wait\w*|delay\w*|backlogs?|gaps?|excuses?|exceptions?|"
    r"leav\w*\s+it|later)\b",
    re.IGNORECASE,
)


def names_omission_at(text: str, at: int) -> bool:
    """Whether the words right after position ``at`` of ``text`` (within two words) name
    leaving something undone or late: a verb of omission, waiting or delay, or "backlog",
    "gap", "excuse", "exception", "later" ("no *backlog*", "don't *wait* for the morning",
    "never *miss* it")."""
    return _UNDONE_AT.match(text, at) is not None
