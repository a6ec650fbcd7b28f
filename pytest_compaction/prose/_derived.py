"""Derived forms: the nouns of action of a verb ("reserve" -> "reservation") and the "-ly"
adverb of an adjective ("severe" -> "severely"), and back, read off the spelling.
"""

from __future__ import annotations

import functools

from pytest_compaction.prose._token import kind_of
from pytest_compaction.prose._word_forms import _FUNCTION_WORDS, stem

__all__ = ["adverb_family", "derived"]


_NOUN_SUFFIXES = (("ation", 5), ("ion", 5), ("al", 5), ("ement", 4), ("ment", 4), ("anc", 5), ("enc", 5))
"""The suffixes that make a noun of an English verb ("reserve" -> "reservation", "delete" ->
"deletion", "rehearse" -> "rehearsal", "settle" -> "settlement", "ship" -> "shipment",
"accept" -> "acceptance", "refer" -> "reference"), each
with the shortest stem it is read on: "station" and "comment" are no nouns of "state" and
"come"."""


_CONSONANTS = "bcdfghjklmnpqrstvwxz"
_BEFORE_SUFFIX = {
    "ation": _CONSONANTS,
    "ion": "ts",
    "al": "svw",
    "ement": _CONSONANTS,
    "ment": _CONSONANTS,
    "anc": "ptrwdm",  # the norm of "acceptance" is "acceptanc"
    "enc": "rtd",
}
"""The letters a verb's stem ends in before each suffix: "reserv-ation", "delet-ion",
"rehears-al", "arriv-al", "renew-al" (not "sever-al"), "settl-ement", "ship-ment",
"accept-ance", "clear-ance", "allow-ance", "exist-ence", "depend-ence". Two
verb classes take a longer suffix: a verb in "-fy" its "-fication" ("certify",
"certification"; "notify", "notification") and a verb in "-ile" its "-iliation"
("reconcile", "reconciliation"), read both ways."""


@functools.lru_cache(maxsize=8192)
def derived(norm: str) -> frozenset[str]:
    """The norms of the words derived from the same verb as ``norm`` (itself left out): its
    nouns of action ("reservation", "cancellation", "rehearsal", "shipment") for a verb, the
    verb for such a noun ("rehearsals" -> "rehearse"). A word that one wording says with the
    verb ("the choir *rehearses* at 19:30") another says with its noun ("*rehearsals* are at
    19:30"). Only words of five letters or more (four before "-ment") that are no function
    words; a noun's verb is read only off its suffix, so some candidates are no words at all
    (they match nothing)."""
    if kind_of(norm) != "word" or not norm.isalpha() or len(norm) < 4:
        return frozenset()
    out: set[str] = set()
    noun = False
    for suffix, shortest in _NOUN_SUFFIXES:
        root = norm[: -len(suffix)]
        if norm.endswith(suffix) and len(root) >= shortest:
            noun = True
            out.add(_stem_tail(root))
            if suffix == "ation":
                out.add(_stem_tail(root + "at"))  # "donation" -> "donate"
                if root.endswith("ic") and len(root) > shortest:
                    out.add(root[:-2] + "y")  # "certification" -> "certify"
                elif root.endswith("i") and len(root) > shortest:
                    out.add(root[:-1])  # "reconciliation" -> "reconcile"
    if not noun:
        for suffix, shortest in _NOUN_SUFFIXES:
            if len(norm) < shortest:
                continue
            if suffix == "al" and norm.endswith(("er", "ur")):
                out.add(norm + "r" + suffix)  # "refer" -> "referral", "defer" -> "deferral"
            if norm[-1] not in _BEFORE_SUFFIX[suffix]:
                continue
            out.add(norm + suffix)
            if suffix == "ation" and norm[-1] not in "aeiouy":
                out.add(norm + norm[-1] + suffix)  # "cancel" -> "cancellation"
            if suffix == "ation" and norm.endswith("il"):
                out.add(norm + "i" + suffix)  # "reconcile" -> "reconciliation"
        if norm.endswith("fy") and len(norm) >= _NOUN_SUFFIXES[0][1]:
            out.add(norm[:-1] + "ication")  # "certify" -> "certification", "notify" -> "notification"
    out |= _sion_family(norm)
    if norm.endswith("ver") and len(norm) >= 6:
        out.add(norm + "y")  # "deliver" / "delivery", "recover" / "recovery", "discover" / "discovery"
    elif norm.endswith("very") and len(norm) >= 7:
        out.add(norm[:-1])
    out.discard(norm)
    return frozenset(w for w in out if len(w) >= 4)


def _sion_family(norm: str) -> set[str]:
    """The "-sion" nouns of verbs in "-nd", "-ide"/"-ude" and "-mit", and back: "suspend" /
    "suspension", "extend" / "extension", "decide" / "decision", "include" / "inclusion",
    "permit" / "permission", "admit" / "admission" (stems of six letters or more for "-nd",
    five for the others, so "tend" is no "tension" and "vision" no "vid")."""
    if norm.endswith("nsion") and len(norm) >= 9:
        return {norm[:-5] + "nd"}
    if norm.endswith(("ision", "usion")) and len(norm) >= 8:
        return {norm[:-4] + "d"}
    if norm.endswith("mission") and len(norm) >= 9:
        return {norm[:-7] + "mit"}
    if norm.endswith("nd") and len(norm) >= 6:
        return {norm[:-1] + "sion"}
    if norm.endswith(("id", "ud")) and len(norm) >= 5:
        return {norm[:-1] + "sion"}
    if norm.endswith("mit") and len(norm) >= 5:
        return {norm[:-3] + "mission"}
    return set()


_PARTED_ADVERBS = frozenset(
    {
        "hardly",
        "lately",
        "shortly",
        "nearly",
        "barely",
        "scarcely",
        "mostly",
        "justly",
        "presently",
        "fairly",
        "pretty",
    }
)
"""Adverbs whose sense parted from their adjective's: "hardly" is no "hard", "lately" no
"late", "barely" no "bare"; they never stand for the adjective (nor it for them)."""


@functools.lru_cache(maxsize=8192)
def adverb_family(norm: str) -> frozenset[str]:
    """The norms of the adjective and its "-ly" adverb, the other one of ``norm``'s pair
    (itself left out): "severely" for "severe", "seriously" for "serious", "gently" for
    "gentle", "happily" for "happy", "basically" for "basic", and back. Read off the
    spelling alone, so some candidates are no words (they match nothing); roots under four
    letters ("only", "early") and the adverbs of :data:`_PARTED_ADVERBS` are left out."""
    if kind_of(norm) != "word" or not norm.isalpha() or len(norm) < 4:
        return frozenset()
    out: set[str] = set()
    if norm.endswith("ly") and len(norm) >= 5:
        if norm in _PARTED_ADVERBS:
            return frozenset()
        root = norm[:-2]
        out.add(stem(root))  # "severely" -> "sever", "seriously" -> "serious"
        if root.endswith("i"):
            out.add(stem(root[:-1] + "y"))  # "happily" -> "happy"
        if root.endswith("al") and root[:-2].endswith("ic"):
            out.add(stem(root[:-2]))  # "basically" -> "basic"
        if root.endswith("l"):
            out.add(stem(root + "l"))  # "fully" -> "full"
        else:
            out.add(stem(root + "le"))  # "gently" -> "gentle"
    else:
        out.update({norm + "ly", norm + "ely"})  # "serious" -> "seriously", "sever" -> "severely"
        if norm.endswith("y"):
            out.add(norm[:-1] + "ily")  # "happy" -> "happily"
        if norm.endswith("l"):
            out.add(norm + "y")  # "gentl" -> "gently", "full" -> "fully"
        if norm.endswith("ic"):
            out.add(norm + "ally")  # "basic" -> "basically"
        out -= _PARTED_ADVERBS
    out.discard(norm)
    return frozenset(w for w in out if len(w) >= 4 and w not in _FUNCTION_WORDS)


def _stem_tail(w: str) -> str:
    """The end rules of :func:`stem` on a word whose suffix is gone: a doubled consonant
    undoubled ("referr", "cancell"), a final "e" dropped ("settle", "agree")."""
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeious":
        w = w[:-1]
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    return w
