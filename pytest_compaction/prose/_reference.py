"""Reference across words: a summary's "the former" / "the latter", and a "he" or "she"
that stands for the one person named before it, read as the words they stand for.

Fluent summaries name a thing once and then point back to it ("Mochi and Juniper are both
in. *The former* is on methimazole"; "Helen has the under-14s, and *she* also runs the
first-aid checks"). The checker matches a fact's words, so a pointer hides the fact from
it and a pointer that points at the wrong one hides the drift. Only what the ledger knows
is resolved: a pointer is replaced by the words of a known subject or value, and only when
the text before it leaves one reading:

- "the former" / "the latter": the first / the last of two or more known subjects or values
  the sentence before names (or the same sentence, before the pointer);
- "he" / "she" as a clause's subject: the one known subject named before it in its
  sentence, else the one the sentence before names (a sentence naming two is left as it is).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pytest_compaction.prose.forms import Alias
from pytest_compaction.prose.statements import Statement, Statements, rewritten

__all__ = ["resolve_references"]


_FORMER_LATTER = re.compile(r"\bthe\s+(?P<which>former|latter)\b", re.IGNORECASE)
_PERSONAL = re.compile(
    r"(?:^\W*|(?<=[;,]\s)(?:and\s+|but\s+|so\s+)?|(?<=\band\s)|(?<=\bbut\s))(?P<pronoun>he|she)\b(?!')",
    re.IGNORECASE,
)
"""A "he" or "she" that opens a sentence or a clause ("..., and she also runs ..."): the
subject of what follows."""


def resolve_references(
    statements: Statements, subjects: Sequence[Sequence[Alias]], values: Sequence[Sequence[Alias]]
) -> Statements:
    """``statements`` with each pointer the ledger can resolve replaced by the words it
    stands for (:mod:`module docs <pytest_compaction.prose._reference>`); the same object
    when there is none, which is the common case."""
    if not any(_FORMER_LATTER.search(s.text) or _PERSONAL.search(s.text) for s in statements):
        return statements
    out: list[Statement] = []
    changed = False
    for k, statement in enumerate(statements):
        before = statements[k - 1] if k > 0 else None
        text = _resolve_former_latter(statement, before, [*subjects, *values])
        text = _resolve_personal(statement, text, before, subjects)
        if text != statement.text:
            changed = True
            out.append(rewritten(statement, text))
        else:
            out.append(statement)
    return Statements(out) if changed else statements


def _mentions(
    statement: Statement, groups: Sequence[Sequence[Alias]], end: int | None = None
) -> list[tuple[int, int, int]]:
    """The known referents ``statement`` names before character ``end``: (first token,
    last token, group) for each, in order, the longest alias at a place, one per group."""
    found: list[tuple[int, int, int]] = []
    for g, group in enumerate(groups):
        spans = [(at, at + len(alias) - 1) for alias in group if alias for at in statement.positions(alias)]
        spans = [s for s in spans if end is None or statement.tokens[s[1]].end <= end]
        if spans:
            first = min(spans, key=lambda s: (s[0], -s[1]))
            found.append((first[0], first[1], g))
    found.sort()
    kept: list[tuple[int, int, int]] = []
    for span in found:  # overlapping mentions ("Helen" inside "Helen Achebe"): the earlier, longer one
        if kept and span[0] <= kept[-1][1]:
            continue
        kept.append(span)
    return kept


def _words(statement: Statement, span: tuple[int, int, int]) -> str:
    return statement.text[statement.tokens[span[0]].start : statement.tokens[span[1]].end]


def _resolve_former_latter(
    statement: Statement, before: Statement | None, groups: Sequence[Sequence[Alias]]
) -> str:
    text = statement.text
    match = _FORMER_LATTER.search(text)
    if match is None:
        return text
    own = _mentions(statement, groups, match.start())
    source, mentions = (statement, own) if len({g for *_, g in own}) >= 2 else (before, [])
    if source is before and before is not None:
        mentions = _mentions(before, groups)
    if source is None or len({g for *_, g in mentions}) < 2:
        return text

    def pointed(m: re.Match[str]) -> str:
        return _words(source, mentions[0] if m.group("which").lower() == "former" else mentions[-1])

    return _FORMER_LATTER.sub(pointed, text)


def _resolve_personal(
    statement: Statement, text: str, before: Statement | None, subjects: Sequence[Sequence[Alias]]
) -> str:
    if text != statement.text:
        return text  # one rewrite per sentence: positions below are the statement's own
    out: list[str] = []
    last = 0
    for match in _PERSONAL.finditer(text):
        at = match.start("pronoun")
        own = _mentions(statement, subjects, at)
        if own:
            names = own if len({g for *_, g in own}) == 1 else []
            source = statement
        elif before is not None and not text[:at].strip(" \t-*\u2022"):  # "She ..." opens it
            names = _mentions(before, subjects)
            names = names if len({g for *_, g in names}) == 1 else []
            source = before
        else:
            names = []
            source = statement
        if names:
            out.append(text[last:at])
            out.append(_words(source, names[0]))
            last = match.end("pronoun")
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)
