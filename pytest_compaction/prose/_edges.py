"""Graph memory read as the sentences it stands for: a fact line of a memory graph, its
subject, its relation in capitals and its object side by side ("Crew B - ROWS_IN - the
Harriet Bell [valid from 3 May]"), reads as the clause the relation names ("Crew B rows in
the Harriet Bell [valid from 3 May]"), so a relation that negates ("NOT_INSURED_UNDER",
"BANNED_FROM") negates, and a rule's edge ("Boathouse - RULE - log every outing") reads as
a labelled rule ("Boathouse rule: log every outing").
"""

from __future__ import annotations

import re

__all__ = ["edges_read"]


_EDGE = re.compile(
    r"^(?P<lead>[ \t]*(?:[-*+\u2022][ \t]+|\d{1,3}[.)][ \t]+)?)(?P<subject>[^\s][^\n]{0,79}?)[ \t]+"
    r"(?:-|->|\u2192)[ \t]+(?P<relation>[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{3,})"
    r"[ \t]+(?:-|->|\u2192)[ \t]+(?=\S)",
    re.MULTILINE,
)
"""A fact line of a memory graph: a subject, a relation in capitals (words joined by "_",
or one word of three letters or more) and the object after it, each part set off by a
dash or an arrow."""
_RULES = frozenset({"RULE", "RULES", "POLICY", "MUST", "REQUIREMENT"})
"""Relations that hold a rule: the object is the rule itself."""


def edges_read(text: str) -> str:
    """``text`` with each fact line of a memory graph read as a clause (:data:`_EDGE`);
    any other line as it was."""
    if " - " not in text and "->" not in text and "\u2192" not in text:
        return text  # the cheap test first: most summaries hold no graph
    return _EDGE.sub(_clause, text)


def _clause(match: re.Match[str]) -> str:
    relation = match.group("relation")
    subject = match.group("lead") + match.group("subject")
    if relation in _RULES:
        return f"{subject} rule: "
    return f"{subject} {relation.replace('_', ' ').lower()} "
