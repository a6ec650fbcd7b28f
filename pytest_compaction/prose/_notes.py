"""The note forms a summary's line is read through before it is split into sentences: a
graph-memory edge read as the sentence it stands for (:func:`edges`), a key=value assignment
read as a label and its answer (:func:`assignments`), the shorthand "w/" and "w/o"
(:func:`note_line`), and a question-and-answer pair, each answer read under its question
(:func:`answered`).
"""

from __future__ import annotations

import re

__all__ = ["answered", "assignments", "edges", "note_line", "unheld"]


_EDGE = re.compile(
    r"(?:\((?P<head>[^()\n]{1,80})\)|(?P<bare>\b[^\s()][^()\n]{0,80}?))\s*"
    r"(?:-\[(?P<bracketed>[A-Za-z][\w ]{0,60})\]->|--(?P<dashed>[A-Za-z][\w]{0,60})-->)\s*"
    r"(?:\((?P<tail>[^()\n]{1,80})\))?"
)
_SNAKE_RELATION = re.compile(r"\b(?P<label>[a-z]+(?:_[a-z]+)+)\s*(?:->|\u2192)\s*")
"""A graph-memory edge, as memory layers write one: "(Ana) -[ALLERGIC_TO]-> (latex)", "Ana
--WORKS_AT--> Halden Bank", "relations: may_transfer_to -> Tallinn office"."""


_WITH_SHORT = re.compile(r"(?<![\w/])[wW]/(?P<out>[oO](?![\w/]))?(?=[\s,;:.)]|$)")
"""The shorthand "w/" and "w/o" of notes ("OK w/ a committee member on site", "w/o a helmet")."""


def _with_words(match: re.Match[str]) -> str:
    return "without" if match.group("out") else "with"


def _relation(label: str) -> str:
    return " ".join(label.replace("_", " ").split()).lower()


def edges(line: str) -> str:
    """``line`` with each graph-memory edge read as the sentence it stands for: "(Ana)
    -[ALLERGIC_TO]-> (latex)" is "Ana allergic to latex", "may_transfer_to -> Tallinn
    office" is "may transfer to Tallinn office"."""
    if "->" not in line and "\u2192" not in line:
        return line

    def edge(match: re.Match[str]) -> str:
        head = match.group("head") or match.group("bare") or ""
        label = match.group("bracketed") or match.group("dashed") or ""
        tail = match.group("tail")
        return f"{head.strip()} {_relation(label)} " + (tail.strip() if tail else "")

    line = _EDGE.sub(edge, line)
    return _SNAKE_RELATION.sub(lambda m: _relation(m.group("label")) + " ", line)


def note_line(line: str) -> str:
    """``line`` with its graph-memory edges, its key=value assignments and its "w/" / "w/o"
    read as words."""
    return _WITH_SHORT.sub(_with_words, assignments(edges(line)))


_ASSIGNMENT = re.compile(
    r"(?<![\w.=<>!/?&:-])(?P<key>[a-z][a-z0-9]*(?:[._-][a-z0-9]+)*)"
    r"(?:\[(?P<scope>[^\]\n]{1,40})\])?\s*(?P<op><=|>=|!=|=(?!=)|<(?![-=/a-zA-Z])|>(?!=))\s*(?=[^\s=])"
)
"""A key and its value as a tool-using agent writes memory: "user.allergy=penicillin",
"diet!=pork", "fluids<=1.5 L/day", "expense_approver[Porto team]=Ines". Keys are lower-case
words joined by dots, underscores or hyphens; an upper-case setting ("FEATURE_X=1") is a code
and stays one."""
_OPERATORS = {
    **{"=": " is ", "!=": " is not ", "<=": " up to ", ">=": " at least "},
    **{"<": " under ", ">": " over "},
}


def assignments(line: str) -> str:
    """``line`` with each key=value assignment read as the sentence it stands for:
    "user.allergy=penicillin" is "user allergy is penicillin", "diet!=pork" is "diet is not
    pork", "budget<=2000 EUR" is "budget up to 2000 EUR"; a dotted or snake-case key before a
    colon is its words ("work.q2_review: 14 May" is "work q2 review: 14 May")."""

    def said(match: re.Match[str]) -> str:
        key = _key_words(match.group("key"))
        scope = f" ({match.group('scope')})" if match.group("scope") else ""
        return f"{key}{scope}{_OPERATORS[match.group('op')]}"

    if "=" in line or "<" in line or ">" in line:
        line = _ASSIGNMENT.sub(said, line)
    if ":" not in line or ("_" not in line and _DOTTED.search(line) is None):
        return line  # the cheap test first: most lines hold no dotted or snake-case key
    return _KEYED.sub(lambda m: _key_words(m.group("key")), line)


_DOTTED = re.compile(r"[a-z0-9]\.[a-z]")


_KEYED = re.compile(r"(?<![\w.=<>!/?&:-])(?P<key>[a-z][a-z0-9]*(?:[._][a-z0-9]+)+)(?=\s*:(?!//))")
"""A dotted or snake-case key before a colon: "work.q2_budget_review: 14 May"."""
_FILE_ENDINGS = frozenset(
    {"py", "md", "txt", "csv", "json", "yaml", "yml", "toml", "ini", "cfg", "js", "ts", "tsx", "jsx", "html"}
    | {"css", "sh", "sql", "lock", "log", "xml", "pdf", "doc", "docx", "xlsx"}
)


def _key_words(key: str) -> str:
    """A key's words: "user.allergy" is "user allergy", "door_code" is "door code"; a file's
    name ("pyproject.toml") stays as written."""
    if "." in key and key.rsplit(".", 1)[1] in _FILE_ENDINGS:
        return key
    return re.sub(r"[._]", " ", key)


_MARKUP = r"(?:\*\*|__)?"
_QUESTION = re.compile(
    rf"^{_MARKUP}Q(?:uestion)?\s*{_MARKUP}[:.]{_MARKUP}\s+(?P<q>[^\n]{{1,240}}?)\?{_MARKUP}\s*"
)
_BOLD_QUESTION = re.compile(r"^(?:\*\*|__)(?P<q>[^*_\n]{1,240}?)\?(?:\*\*|__)\s*$")
"""A question as a bold line of its own, its answer on the next line ("**Can Lucan still take
ibuprofen?**" / "Not anymore - ...")."""
_ANSWER = re.compile(rf"^{_MARKUP}A(?:nswer)?\s*{_MARKUP}[:.]{_MARKUP}\s*")
"""A question-and-answer note ("Q: Can Biscuit be given NSAIDs? A: No - ..."), the answer on
the question's line or the next: each sentence of the answer is read under its question,
as a bullet is under its heading ("Can Biscuit be given NSAIDs: No - ...")."""


_ASKED_ANSWERED = re.compile(
    r"^(?P<q>[^?.!:\n]{1,80}?)\?\s+(?=(?:yes|no|yep|nope|y|n)\b(?![-']))",
    re.IGNORECASE,
)
"""A short question a note answers with yes or no on its own line ("Dishwasher safe? No:
hand-wash only", "Gift wrap? Yes"): the answer is read under its question, as after "A:"."""


def answered(question: str, line: str, bare: str) -> tuple[str, str, str]:
    """The question ``line`` answers, the answer's words, and a question held from the line
    before that no answer followed (to be read as a sentence of its own), or ``""`` for each
    that is not there. ``question`` is the question held from the line before; ``bare`` is
    ``line`` without its bullet. A question whose answer is on the next line is held:
    ``(question, "", "")``."""
    asked = _QUESTION.match(bare)
    if asked is not None:
        rest = bare[asked.end() :]
        answer = _ANSWER.match(rest)
        if answer is not None:
            return asked.group("q"), rest[answer.end() :], unheld(question)
        if not rest:
            return asked.group("q"), "", unheld(question)
        return "", line, unheld(question)
    told = _ASKED_ANSWERED.match(bare)
    if told is not None:
        return told.group("q").strip(), bare[told.end() :], unheld(question)
    bold = _BOLD_QUESTION.match(bare)
    if bold is not None:
        return bold.group("q") + _BOLD_HELD, "", unheld(question)
    answer = _ANSWER.match(line) if question else None
    if answer is not None:
        return unheld(question), line[answer.end() :], ""
    if question.endswith(_BOLD_HELD):
        return unheld(question), line, ""  # a bold question's answer needs no "A:"
    return "", line, unheld(question)


_BOLD_HELD = "\u2063"
"""Marks a held question that was a bold line of its own: the next line answers it even
without an "A:" ("**Can Lucan still take ibuprofen?**" / "Not anymore"); after "Q: Any
news?" a line with no "A:" is read on its own."""


def unheld(question: str) -> str:
    """A held question as written (:func:`answered`)."""
    return question.removesuffix(_BOLD_HELD)
