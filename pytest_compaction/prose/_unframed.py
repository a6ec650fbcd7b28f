"""A rule's text as it is read: without a frame that reports it ("The assistant should
remember that ..."), without the hesitation sounds of speech ("uh", "um"), and with the
note abbreviations "w/o" and "w/" and a comma's "save" of exception written out.
"""

from __future__ import annotations

import re

from pytest_compaction.prose._text import normalize

__all__ = ["fluent", "spelled", "unframed"]


# A frame that reports a rule to the reader ("The assistant should remember that X may ...",
# "We need to keep in mind to run ..."): its modal belongs to the summary, not to the rule.
# The rule is what follows; after "to" its infinitive is the command.
_FRAME = re.compile(
    r"^[^,;:.!?]{0,60}?\b(?:(?:should|must|shall|will|needs?\s+to|has\s+to|have\s+to|ought\s+to|"
    r"(?:make|be)\s+sure\s+to)\s+)?(?:always\s+)?(?:remember|bear\s+in\s+mind|keep\s+in\s+mind|note|"
    r"agreed|decided|promised|committed|undertook|resolved)"
    r"\s+(?:that\s+|to\s+(?=[a-z]))",
    re.IGNORECASE,
)


# Hesitation sounds of speech ("uh", "um", "erm"; "like" set off by commas) are no words of
# the sentence: a rule said aloud ("uh before you quote ..., get ...", "you can um waive the
# fee") is read as if written without them. Capitals of an acronym ("UM") are a word.
_FILLER = re.compile(
    r"(?<![\w'-])(?:[Uu]h+|[Uu]m+|[Uu]hm+|[Ee]rm+|[Ee]r|[Hh]mm+)(?![\w'-])\s*,?\s*"
    r"|(?:(?<=,)|^)\s*[Ll]ike\s*,\s*"
)


def fluent(text: str) -> str:
    """``text`` without the hesitation sounds of speech (:data:`_FILLER`)."""
    if not _FILLER.search(text):
        return text
    return _FILLER.sub(lambda m: " " if m.start() and not text[m.start() - 1].isspace() else "", text)


# The slash abbreviations of "with" and "without" in notes ("w/o the meds", "w/ a gown"):
# the connective they stand for is read.
_SLASHED = re.compile(r"(?<![\w/])[Ww]/(?:(?P<out>[Oo])(?![\w/-])|(?=\s))")


# "Save" as the preposition of exception in formal English (", save in the case of
# emergency", ", save where the tenant consents"): after a comma and before the phrase it
# excepts, it is "except"; "save it in the folder" and a leading "Save for later" are the verb.
_SAVE = re.compile(r"(?<=,)(\s+)save(?=\s+(?:in|for|where|when|that|as|if|on|with|by)\b)", re.IGNORECASE)


def spelled(text: str) -> str:
    """``text`` with "w/o" and "w/" written out as "without" and "with" (:data:`_SLASHED`),
    and a comma's "save" of exception as "except" (:data:`_SAVE`)."""
    if "/" in text:
        text = _SLASHED.sub(lambda m: "without" if m.group("out") else "with", text)
    if "save" in text.lower():
        text = _SAVE.sub(lambda m: m.group(1) + "except", text)
    return text


def unframed(text: str) -> str:
    """``text`` without a frame that reports its rule ("The assistant should remember that"),
    without hesitation sounds (:func:`fluent`) and with "w/o" spelled out (:func:`spelled`)."""
    clean = spelled(fluent(normalize(text)))
    match = _FRAME.match(clean)
    return clean[match.end() :] if match else clean
