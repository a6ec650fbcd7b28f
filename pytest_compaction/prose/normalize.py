"""Normalized tokens: the words of a summary in the form two wordings share.

"Mondays" and "Monday", "twice" and "two times" and "2x", "9 am" and "09:00",
"2,000 euros" and "EUR 2000", "March 3" and "3 March" read as the same tokens, so a
prose form written one way finds a summary that says it another. Everything here is
hand-written and deterministic: inflection is folded by suffix rules plus a table of
common irregular English verbs and nouns (see ``docs/prose-compressors.md`` for why a
lemmatization library was measured and not chosen).

Numbers, amounts, times and dates become *typed* tokens (``#5``, ``#2000 ¤eur``,
``@09:00``, ``%3-03``), so a value check can tell "50 mg" from "5 mg" and "10:00" from
"9:00" by kind.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from pytest_compaction.prose._spoken import clock_phrases, digit_group, digit_groups, hour_minutes

__all__ = [
    "Token",
    "base_form",
    "clean",
    "derived",
    "irregular_forms",
    "is_year",
    "kind_of",
    "participles",
    "phrase",
    "stem",
    "tokens",
]

_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2014": " - "})


def clean(text: str) -> str:
    """NFKC, straight quotes and apostrophes, so "don\u2019t" reads as "don't"."""
    return unicodedata.normalize("NFKC", text).translate(_QUOTES)


_IRREGULAR_VERBS = {
    # verbs: past and participle forms to the base form
    "went": "go",
    "gone": "go",
    "goes": "go",
    "was": "be",
    "were": "be",
    "been": "be",
    "is": "be",
    "are": "be",
    "am": "be",
    "'s": "be",
    "had": "have",
    "has": "have",
    "did": "do",
    "does": "do",
    "done": "do",
    "made": "make",
    "took": "take",
    "taken": "take",
    "gave": "give",
    "given": "give",
    "got": "get",
    "gotten": "get",
    "came": "come",
    "saw": "see",
    "seen": "see",
    "said": "say",
    "says": "say",
    "told": "tell",
    "thought": "think",
    "knew": "know",
    "known": "know",
    "left": "leave",
    "felt": "feel",
    "kept": "keep",
    "paid": "pay",
    "sent": "send",
    "spent": "spend",
    "bought": "buy",
    "brought": "bring",
    "began": "begin",
    "begun": "begin",
    "ran": "run",
    "wrote": "write",
    "written": "write",
    "met": "meet",
    "found": "find",
    "held": "hold",
    "lost": "lose",
    "ate": "eat",
    "eaten": "eat",
    "drove": "drive",
    "driven": "drive",
    "flew": "fly",
    "flown": "fly",
    "chose": "choose",
    "chosen": "choose",
    "broke": "break",
    "broken": "break",
    "forgot": "forget",
    "forgotten": "forget",
    "sold": "sell",
    "stood": "stand",
    "understood": "understand",
    "meant": "mean",
    "built": "build",
    "set": "set",
    "put": "put",
    "read": "read",
    "let": "let",
    "cut": "cut",
    "quit": "quit",
    "became": "become",
    "slept": "sleep",
    "led": "lead",
    "fell": "fall",
    "fallen": "fall",
    "rang": "ring",
    "rung": "ring",
    "spoke": "speak",
    "spoken": "speak",
    "wore": "wear",
    "worn": "wear",
    "threw": "throw",
    "thrown": "throw",
    "grew": "grow",
    "grown": "grow",
    "drew": "draw",
    "drawn": "draw",
    "froze": "freeze",
    "frozen": "freeze",
    "hid": "hide",
    "hidden": "hide",
    "rode": "ride",
    "won": "win",
    "taught": "teach",
    "caught": "catch",
    "sought": "seek",
    "fought": "fight",
    "heard": "hear",
    "shown": "show",
    "proven": "prove",
    "laid": "lay",
    "fed": "feed",
    "fled": "flee",
    "bled": "bleed",
    "bred": "breed",
    "misled": "mislead",
    "dealt": "deal",
    "hung": "hang",
    "stuck": "stick",
    "struck": "strike",
    "stung": "sting",
    "swung": "swing",
    "clung": "cling",
    "flung": "fling",
    "wrung": "wring",
    "spun": "spin",
    "dug": "dig",
    "slid": "slide",
    "sped": "speed",
    "swept": "sweep",
    "wept": "weep",
    "crept": "creep",
    "knelt": "kneel",
    "lent": "lend",
    "lit": "light",
    "bent": "bend",
    "blew": "blow",
    "blown": "blow",
    "burnt": "burn",
    "learnt": "learn",
    "dreamt": "dream",
    "spilt": "spill",
    "leapt": "leap",
    "drank": "drink",
    "drunk": "drink",
    "sang": "sing",
    "sung": "sing",
    "sank": "sink",
    "sunk": "sink",
    "swam": "swim",
    "swum": "swim",
    "sprang": "spring",
    "sprung": "spring",
    "shook": "shake",
    "shaken": "shake",
    "stole": "steal",
    "stolen": "steal",
    "swore": "swear",
    "sworn": "swear",
    "tore": "tear",
    "torn": "tear",
    "woke": "wake",
    "woken": "wake",
    "ridden": "ride",
    "risen": "rise",
    "arose": "arise",
    "arisen": "arise",
    "beaten": "beat",
    "bitten": "bite",
    "forbade": "forbid",
    "forbidden": "forbid",
    "forgave": "forgive",
    "forgiven": "forgive",
    "mistook": "mistake",
    "mistaken": "mistake",
    "overtook": "overtake",
    "overtaken": "overtake",
    "undertook": "undertake",
    "undertaken": "undertake",
    "withdrew": "withdraw",
    "withdrawn": "withdraw",
    "withheld": "withhold",
    "upheld": "uphold",
    "overheard": "overhear",
    "overran": "overrun",
    "overrode": "override",
    "overridden": "override",
    "rewrote": "rewrite",
    "rewritten": "rewrite",
    "rebuilt": "rebuild",
    "reran": "rerun",
    "redid": "redo",
    "redone": "redo",
    "undid": "undo",
    "undone": "undo",
    "outgrew": "outgrow",
    "outgrown": "outgrow",
}
_IRREGULAR_NOUNS = {
    # nouns with irregular plurals
    "children": "child",
    "people": "person",
    "men": "man",
    "women": "woman",
    "mice": "mouse",
    "feet": "foot",
    "teeth": "tooth",
    "geese": "goose",
    "data": "datum",
    "criteria": "criterion",
    "wives": "wife",
    "knives": "knife",
    "halves": "half",
    "shelves": "shelf",
    "analyses": "analysis",
    "crises": "crisis",
    "theses": "thesis",
    "diagnoses": "diagnosis",
    "indices": "index",
    "matrices": "matrix",
    "phenomena": "phenomenon",
}
_IRREGULAR = {**_IRREGULAR_VERBS, **_IRREGULAR_NOUNS}
_FORMS: dict[str, set[str]] = {}
for _form, _base in _IRREGULAR.items():
    if _base not in ("be", "have", "do") and _form != _base:
        _FORMS.setdefault(_base, {_base}).add(_form)


def participles() -> frozenset[str]:
    """The irregular past forms ("sent", "written", "kept"): a present passive is built on them."""
    return _PAST_FORMS - {"was", "were", "had", "did", "used"}


def base_form(word: str) -> str:
    """The base of an irregular form ("sent" -> "send", "children" -> "child"); other words as given."""
    lower = word.lower()
    return _IRREGULAR.get(lower, lower)


def irregular_forms(word: str) -> frozenset[str]:
    """Every irregular form that shares ``word``'s base, the base included ("sent" and
    "send" both give send, sends, sent; "children" gives child, children), or nothing
    when the word has no irregular forms."""
    lower = word.lower()
    return frozenset(_FORMS.get(_IRREGULAR.get(lower, lower), ()))


# A past form: an irregular verb's past or participle, unless it reads the same as its base
# ("set", "put", "read" are as often present) or is a present form ("says", "goes").
_PAST_FORMS = frozenset(
    {"was", "were", "had", "did", "used"}
    | {k for k, v in _IRREGULAR_VERBS.items() if v not in ("be", "have", "do", k) and not k.endswith("s")}
)
_KEEP = frozenset(
    {"this", "his", "has", "is", "was", "us", "yes", "its", "bus", "gas", "plus", "thus"}
    | {"none", "nothing", "nobody", "nowhere", "neither", "never"}  # negators stay whole
)
_FUNCTION_WORDS = frozenset({"no", "not", "nor", "her", "for", "the", "them"})
"""Closed-class words a content word's suffixes can fold onto once its final "e" is dropped
("noted", "notes", "noting" would read as "not", "here" as "her", "themes" as "them"). A
content word never folds onto one: it keeps its "e" ("note", "here", "theme")."""
_NUMBER_WORDS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "hundred": 100,
    "thousand": 1000,
    "million": 1000000,
    "dozen": 12,
}
_TENS = frozenset({20, 30, 40, 50, 60, 70, 80, 90})
_ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twentieth": 20,
    "thirtieth": 30,
    "fortieth": 40,
    "fiftieth": 50,
    "sixtieth": 60,
    "seventieth": 70,
    "eightieth": 80,
    "ninetieth": 90,
    "hundredth": 100,
}
"""Ordinal words read as their number ("the third floor" is "the 3rd floor")."""
_PLAIN_ORDINALS = frozenset({"first", "second"})
"""Ordinals that are also plain words ("first of all", "a second", "second opinion"): they
are numbers only after "every" or "each", in a compound ("twenty-first"), or before a
weekday, a month or a counted unit ("first Monday", "second of May", "the first week",
"second floor"); "the first-aid kit" and "first of all" stay words."""
_ORDINAL_CONTEXT = re.compile(
    r"\s+(?:(?:of\s+(?:(?:the|each|every|this|next|last)\s+)?)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|"
    r"month|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
    r"|(?:day|week|month|year|quarter|floor|dose|round|shift|semester|term)s?)\b(?!-)",
    re.IGNORECASE,
)
_ORDINAL_RAW = re.compile(r"(?:\d(?:st|nd|rd|th)|first|second|third|[a-z]th)$", re.IGNORECASE)
_CLOCK_WORDS = {"noon": "@12:00", "midday": "@12:00", "midnight": "@00:00"}
_TIMES_WORDS = {"once": 1, "twice": 2, "thrice": 3}
_ONCE_CLAUSE = re.compile(
    r"\s+(?:the|this|that|these|those|it|its|it's|he|she|they|we|you|i|his|her|their|our|my|your)\b",
    re.IGNORECASE,
)
"""After "once", the subject of a clause: "once the courier scans it" is "when", not "one
time" ("once a day" is)."""
_MONTHS = {
    name: index
    for index, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_CURRENCY = {
    "$": "usd",
    "usd": "usd",
    "dollar": "usd",
    "dollars": "usd",
    "€": "eur",
    "eur": "eur",
    "euro": "eur",
    "euros": "eur",
    "£": "gbp",
    "gbp": "gbp",
    "pound": "gbp",
    "pounds": "gbp",
    "¥": "jpy",
    "jpy": "jpy",
    "yen": "jpy",
    "chf": "chf",
    "francs": "chf",
    "franc": "chf",
}
_UNITS = {
    "mg": "mg",
    "milligram": "mg",
    "milligrams": "mg",
    "mcg": "mcg",
    "\u00b5g": "mcg",
    "\u03bcg": "mcg",
    "ug": "mcg",
    "microgram": "mcg",
    "micrograms": "mcg",
    "g": "g",
    "gram": "g",
    "grams": "g",
    "kg": "kg",
    "kilo": "kg",
    "kilos": "kg",
    "kilogram": "kg",
    "kilograms": "kg",
    "t": "tonne",
    "tonne": "tonne",
    "tonnes": "tonne",
    "ml": "ml",
    "millilitre": "ml",
    "millilitres": "ml",
    "milliliter": "ml",
    "milliliters": "ml",
    "l": "l",
    "litre": "l",
    "liter": "l",
    "litres": "l",
    "liters": "l",
    "km": "km",
    "kilometre": "km",
    "kilometres": "km",
    "kilometer": "km",
    "kilometers": "km",
    "m": "m",
    "metre": "m",
    "metres": "m",
    "meter": "m",
    "meters": "m",
    "cm": "cm",
    "centimetre": "cm",
    "centimetres": "cm",
    "centimeter": "cm",
    "centimeters": "cm",
    "mm": "mm",
    "millimetre": "mm",
    "millimetres": "mm",
    "millimeter": "mm",
    "millimeters": "mm",
    "mile": "mile",
    "miles": "mile",
    "%": "percent",
    "percent": "percent",
    "per cent": "percent",
    "gb": "gb",
    "mb": "mb",
    "tb": "tb",
    "kb": "kb",
    "ms": "ms",
    "x": "time",
    "\u00d7": "time",
    "h": "hour",
    "hr": "hour",
    "hrs": "hour",
    "hour": "hour",
    "hours": "hour",
    "min": "minute",
    "mins": "minute",
    "minute": "minute",
    "minutes": "minute",
    "day": "day",
    "days": "day",
    "week": "week",
    "weeks": "week",
    "month": "month",
    "months": "month",
    "year": "year",
    "years": "year",
    "k": "thousand",
    "degree": "degree",
    "degrees": "degree",
}

_ABBREVIATED = {"lb": "pounds", "lbs": "pounds"}
"""Unit abbreviations whose word this module reads, after a number: "lb" (Latin *libra*)
is the pound, read as the word "pounds" is (the word does not tell weight from money)."""

_SLASHED = re.compile(r"[A-Za-z]{3,}(?:/[A-Za-z]{3,})+")
"""Words joined by a slash ("Tuesday/Thursday", "tea/coffee"): each is a word. A part with
a digit or under three letters keeps the whole an identifier ("24/7", "A/B", "km/h")."""
_LETTERS = re.compile(r"[A-Za-z]+")

_TOKEN = re.compile(
    r"""
    (?P<email>(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+)
  | (?P<url>https?://\S+?(?=[.,;:!?)]*(?:\s|$)))
  | (?P<iso>\b\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])\b(?!-\d))
  | (?P<dotdate>\b(?:0?[1-9]|[12]\d|3[01])\.(?:0?[1-9]|1[0-2])\.(?:19|20)\d\d\b(?![.-]?\d))
  | (?P<comma>(?<![\d.,])\d{1,3}(?:[.\u00a0\u202f ]\d{3})*,\d{2}(?![\d,]|\.\d))
  | (?P<clock>\b\d{1,2}:\d{2}(?:\s*(?:[ap]\.?m\.?)(?![a-z]))?|\b(?:0?[1-9]|1[0-2])\.[0-5]\d\s*[ap]\.?m\b\.?
                |\b(?:[01]\d|2[0-3])h[0-5]\d\b)
  | (?P<ampm>\b\d{1,2}\s*(?:[ap]\.m\.|[ap]m\b))
  | (?P<power>(?:(?<=\d)|(?<=\d\s))(?:mm|cm|km|m)[23](?!\w))
  | (?P<version>\b[vV]\d+(?:\.\d+)+\b(?![.-]\d))
  | (?P<ident>\b[A-Za-z]+(?:[-_][A-Za-z0-9]+)*[-_]?\d[\w-]*|\b\d+(?:-\d+)+\b|\b[\w-]*[=/][\w=/.-]*\w)
  | (?P<dotted>\b\d+(?:\.\d+){2,}\b)
  | (?P<money>[$€£¥]\s?(?:\d{1,3}(?:\.\d{3})*,\d{2}(?![\d,]|\.\d)|\d[\d,]*(?:\.\d+)?)(?:\s?[kK]\b)?)
  | (?P<num>\d[\d,]*(?:\.\d+)?(?:st|nd|rd|th)?(?![\w])(?![.,]\d))
  | (?P<unitnum>\d+(?:\.\d+)?(?=[a-zA-Z%\u00d7]))
  | (?P<word>[^\W\d_]+(?:'[a-z]+)?)
  | (?P<deg>\u00b0\s?(?:[CF](?![A-Za-z]))?)
  | (?P<sym>[%\u00d7€$£])
  | (?P<amp>(?<=[^\W\d_])\s+[&+]\s+(?=[^\W\d_]))
    """,
    re.VERBOSE,
)
_CONTRACTIONS = {"ll": "will", "re": "be", "ve": "have", "d": "would", "m": "be"}
_CODES = frozenset({"usd", "eur", "gbp", "jpy", "chf"})
_ISO_CODES = frozenset(
    {
        "nok",
        "sek",
        "dkk",
        "isk",
        "cad",
        "aud",
        "nzd",
        "inr",
        "cny",
        "hkd",
        "sgd",
        "zar",
        "brl",
        "mxn",
        "pln",
        "czk",
        "huf",
        "ron",
        "bgn",
        "krw",
        "thb",
        "ils",
        "aed",
        "sar",
        "rub",
        "uah",
        "idr",
        "myr",
        "vnd",
        "ngn",
        "kes",
        "egp",
        "ars",
        "clp",
        "cop",
        "twd",
        "qar",
        "kwd",
    }
)
"""ISO 4217 codes of currencies without a symbol here, read as a currency when written in capitals
next to an amount ("3,500 NOK", "SEK 1200"). Codes that are also English words or names
("ALL", "CUP", "TOP", "TRY", "PHP") are left out."""
_STRIP_ZERO = re.compile(r"(\.\d*?)0+$")


@dataclass(frozen=True, slots=True)
class Token:
    """One normalized token and where it came from."""

    norm: str
    """The shared form: a stem (``liv``), or a typed value (``#5``, ``@09:00``, ``¤eur``)."""
    raw: str
    """The words as written."""
    start: int
    end: int
    past: bool = False
    """A past-tense verb form ("moved", "lived", "went", "was")."""


def kind_of(norm: str) -> str:
    """``number``, ``time``, ``date``, ``currency``, ``unit``, ``identifier`` or ``word``."""
    return {"#": "number", "@": "time", "%": "date", "¤": "currency", "~": "unit", "!": "identifier"}.get(
        norm[:1], "word"
    )


@functools.lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """The shared form of an English word: "lives", "lived", "living" -> "liv"; a word and
    its everyday clipping share one ("telephoned" and "phoned", :data:`_CLIPPINGS`)."""
    plain = _plain_stem(word)
    return _CLIPPED.get(plain, plain)


def _plain_stem(word: str) -> str:
    w = word.lower().replace("\u2019", "'")
    if w.endswith("'s"):
        w = w[:-2]
    if w in _IRREGULAR:
        w = _IRREGULAR[w]
    if len(w) <= 3 or w in _KEEP:
        return w
    for suffix, repl in (("ies", "y"), ("ied", "y"), ("ying", "y"), ("ing", ""), ("ed", "")):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)] + repl
            break
    else:
        if (w.endswith("es") and w[-3:-2] in ("s", "x", "z")) or w.endswith(("ches", "shes")):
            w = w[:-2]
        elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
            w = w[:-1]
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiouls":
        w = w[:-1]  # stopped -> stopp -> stop
    elif len(w) > 4 and w.endswith("ll"):
        w = w[:-1]  # cancelled -> cancell -> cancel, as "canceled"; "install" and "instal" alike
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    if w in _FUNCTION_WORDS and w != word.lower():
        return w + "e"  # "noted" is "note", never the negator "not"
    return w


_CLIPPINGS = (
    ("telephone", "phone"),
    ("photograph", "photo"),
    ("refrigerator", "fridge"),
    ("laboratory", "lab"),
    ("examination", "exam"),
    ("advertisement", "advert"),
    ("influenza", "flu"),
    ("veterinarian", "vet"),
    ("gymnasium", "gym"),
    ("memorandum", "memo"),
    ("aeroplane", "plane"),
    ("airplane", "plane"),
    ("bicycle", "bike"),
    ("mathematics", "maths"),
)
"""Everyday English clippings: the long word and its short form name one thing, so "has
telephoned the office" keeps "has phoned the office" and "the lab" is "the laboratory"."""
_CLIPPED = {_plain_stem(long): _plain_stem(short) for long, short in _CLIPPINGS}
_PARTNERS: dict[str, tuple[str, ...]] = {}
for _long, _short in _CLIPPINGS:
    _PARTNERS[_plain_stem(_long)] = (*_PARTNERS.get(_plain_stem(_long), ()), _short)
    _PARTNERS[_plain_stem(_short)] = (*_PARTNERS.get(_plain_stem(_short), ()), _long)


def clippings(word: str) -> tuple[str, ...]:
    """The other words of ``word``'s clipping pair ("laboratory" -> "lab", "labs" ->
    "laboratory"; :data:`_CLIPPINGS`), in their base form, or nothing."""
    return _PARTNERS.get(_plain_stem(word), ())


_NOUN_SUFFIXES = (("ation", 5), ("ion", 5), ("al", 5), ("ement", 4), ("ment", 4))
"""The suffixes that make a noun of an English verb ("reserve" -> "reservation", "delete" ->
"deletion", "rehearse" -> "rehearsal", "settle" -> "settlement", "ship" -> "shipment"), each
with the shortest stem it is read on: "station" and "comment" are no nouns of "state" and
"come"."""


_CONSONANTS = "bcdfghjklmnpqrstvwxz"
_BEFORE_SUFFIX = {
    "ation": _CONSONANTS,
    "ion": "ts",
    "al": "svw",
    "ement": _CONSONANTS,
    "ment": _CONSONANTS,
}
"""The letters a verb's stem ends in before each suffix: "reserv-ation", "delet-ion",
"rehears-al", "arriv-al", "renew-al" (not "sever-al"), "settl-ement", "ship-ment". Two
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
            if len(norm) < shortest or norm[-1] not in _BEFORE_SUFFIX[suffix]:
                continue
            out.add(norm + suffix)
            if suffix in ("ation", "al") and norm[-1] not in "aeiouy":
                out.add(norm + norm[-1] + suffix)  # "cancel" -> "cancellation", "refer" -> "referral"
            if suffix == "ation" and norm.endswith("il"):
                out.add(norm + "i" + suffix)  # "reconcile" -> "reconciliation"
        if norm.endswith("fy") and len(norm) >= _NOUN_SUFFIXES[0][1]:
            out.add(norm[:-1] + "ication")  # "certify" -> "certification", "notify" -> "notification"
    out.discard(norm)
    return frozenset(w for w in out if len(w) >= 4)


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


def is_year(norm: str) -> bool:
    """Whether a number token can be a calendar year (1900 to 2099), as after a date."""
    return len(norm) == 5 and norm[0] == "#" and norm[1:3] in ("19", "20") and norm[1:].isdigit()


_DECIMAL_COMMA = re.compile(r",\d{2}$")


def _decimal_comma(raw: str) -> str:
    """An amount written with a decimal comma ("1.480,50", "1 284,50", "95,00") in the
    point form: a last comma group of two digits is no thousands group (those have three),
    so it is the decimals, and the dots or spaces before it group thousands."""
    return re.sub(r"[.\u00a0\u202f ]", "", raw).replace(",", ".")


_AGE_BAND = re.compile(r"(under|over|Under|Over|UNDER|OVER)-(\d{1,3})s")
"""An age band written with its number: "under-12s", "Over-65s"."""
_BAND_BOUNDS = frozenset({"under", "over"})


def _number(text: str) -> str:
    digits = text.replace(",", "")
    if "." in digits:
        digits = _STRIP_ZERO.sub(r"\1", digits).rstrip(".")
    return "#" + (digits.lstrip("0") or "0") if "." not in digits else "#" + digits


def _clock(hours: int, minutes: int, meridiem: str) -> str:
    if meridiem.startswith("p") and hours < 12:
        hours += 12
    if meridiem.startswith("a") and hours == 12:
        hours = 0
    return f"@{hours:02d}:{minutes:02d}"


def _is_past(word: str) -> bool:
    lower = word.lower()
    return lower in _PAST_FORMS or (lower.endswith("ed") and len(lower) > 4 and lower not in ("need", "feed"))


@functools.lru_cache(maxsize=1024)
def _tokens(text: str) -> tuple[Token, ...]:
    out: list[Token] = []

    def add(norm: str, match: re.Match[str], *, past: bool = False) -> None:
        out.append(Token(norm, match.group(), match.start(), match.end(), past))

    for match in _TOKEN.finditer(text):
        kind = match.lastgroup
        raw = match.group()
        if kind in ("email", "url"):
            add("!" + raw.lower(), match)
        elif kind == "iso":
            year, month, day = raw.split("-")
            add(f"%{int(month)}-{int(day):02d}", match)
            add("#" + year, match)
        elif kind == "dotdate":
            day, month, year = raw.split(".")  # "12.09.2026": day first wherever dates take dots
            add(f"%{int(month)}-{int(day):02d}", match)
            add("#" + year, match)
        elif kind == "comma":
            add(_number(_decimal_comma(raw)), match)
        elif kind == "clock":
            hours, rest = re.split(
                r"[:.h]", raw, maxsplit=1
            )  # "7:45", "7.45 a.m." (dotted: only with a.m./p.m.), "06h30" (two-digit hours)
            meridiem = re.sub(r"[^apm]", "", rest[2:].lower())
            add(_clock(int(hours), int(rest[:2]), meridiem), match)
        elif kind == "ampm":
            hour = int(raw[: len(raw) - len(raw.lstrip("0123456789"))])
            add(_clock(hour, 0, re.sub(r"[^apm]", "", raw.lower())), match)
        elif kind == "power":
            after_number = bool(out) and kind_of(out[-1].norm) == "number"
            add(("~" if after_number else "!") + raw.lower(), match)
        elif kind == "ident" and _SLASHED.fullmatch(raw):
            for part in _LETTERS.finditer(text, match.start(), match.end()):
                _word(out, part)  # "Tuesday/Thursday" is two words, "24/7" an identifier
        elif kind == "ident" and (dated := _numeric_date(raw, out, match)) is not None:
            for date_norm in dated:
                add(date_norm, match)
        elif kind == "ident" and (band := _AGE_BAND.fullmatch(raw)) is not None:
            # "under-12s", "over-65s": an age band, the bound and its number ("under 12").
            bound = band.group(1)
            out.append(Token(bound.lower(), bound, match.start(), match.start() + len(bound)))
            at = match.start() + band.start(2)
            out.append(Token(_number(band.group(2)), raw[band.start(2) :], at, match.end()))
        elif kind == "ident":
            add(digit_group(raw) or "!" + raw.lower(), match)
        elif kind == "version":
            # "v4.12.0" is release 4.12.0, "v2.3" release 2.3: the "v" only says "version".
            digits = raw[1:]
            add("!" + digits if digits.count(".") > 1 else _number(digits), match)
        elif kind == "dotted":
            add(digit_group(raw) or "!" + raw, match)  # "07700.900.412", "1.2.3"
        elif kind == "money":
            symbol, amount = raw[0], raw[1:].strip()
            if _DECIMAL_COMMA.search(amount):
                amount = _decimal_comma(amount)
            thousands = amount.lower().endswith("k")
            value = _number(amount.rstrip("kK").strip())
            if thousands:
                value = _number(str(float(value[1:]) * 1000).removesuffix(".0"))
            add(value, match)
            add("¤" + _CURRENCY[symbol], match)
        elif kind in ("num", "unitnum"):
            add(digit_group(raw) or _number(re.sub(r"(?:st|nd|rd|th)$", "", raw)), match)
        elif kind == "deg":
            _after_number(out, "degree", match)  # "17 °C", "64°F": a measure, not a count
        elif kind == "amp":
            add("and", match)  # "Mon + Thu", "tea & coffee": a list of two, as "and" joins it
        elif kind == "sym":
            norm = _CURRENCY.get(raw) or _UNITS.get(raw)
            if norm:
                _after_number(out, norm, match)
        else:
            _word(out, match)
    return _per_period(
        _fold(_keyed_units(_said_decimals(clock_phrases(digit_groups(out, text), text), text), text))
    )


_NUMERIC_DATE = re.compile(r"(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?")
_DATE_BEFORE = frozenset(
    {"on", "by", "from", "until", "till", "til", "since", "before", "after", "due", "for", "to", "dated"}
)
_WEEKDAYS = re.compile(
    r"(?:mon|tue|tues|weds?|thu|thur|thurs|fri|sat|sun)(?:day|nesday|rsday|urday)?\.?$", re.IGNORECASE
)


def _numeric_date(raw: str, out: Sequence[Token], match: re.Match[str]) -> tuple[str, ...] | None:
    """The date tokens of a numeric date ("14/7", "5/5", "31/01/2026"), or None.

    Only a reading no one can take the other way: the day first when the first number is
    over 12 ("14/7" is the 14th of July), the month first when the second is ("7/14"),
    either when both are the same ("5/5"). "3/6" is the 3rd of June to a British reader
    and March 6 to an American one: it stays an identifier, so it never passes for
    either date. A count reads the same way ("5/5 passed", "7/14 done"), so the slash
    is a date only with a year after it, a date word before it ("on", "by", "until",
    "due", a weekday) or alone as a value's words, or when its first number is over 12
    (no count has more done than asked); "24/7" is "always".
    """
    found = _NUMERIC_DATE.fullmatch(raw)
    if found is None or raw == "24/7":
        return None
    first, second = int(found.group(1)), int(found.group(2))
    if not (1 <= first <= 31 and 1 <= second <= 31):
        return None
    if first > 12 and second <= 12:
        month, day = second, first
    elif second > 12 and first <= 12:
        month, day = first, second
    elif first == second:
        month = day = first
    else:
        return None
    previous = out[-1].raw if out else ""
    alone = not match.string[: match.start()].strip() and not match.string[match.end() :].strip()
    said = previous.lower() in _DATE_BEFORE or bool(_WEEKDAYS.match(previous)) or alone
    year = found.group(3)
    if not (year or said or (first > 12 and second <= 12)):
        return None
    if year:
        return (f"%{month}-{day:02d}", "#" + (year if len(year) == 4 else "20" + year))
    return (f"%{month}-{day:02d}",)


def _after_number(out: list[Token], norm: str, match: re.Match[str]) -> None:
    if norm in ("usd", "eur", "gbp", "jpy", "chf"):
        out.append(Token("¤" + norm, match.group(), match.start(), match.end()))
    else:
        out.append(Token("~" + norm, match.group(), match.start(), match.end()))


_LENGTHS = frozenset({"mm", "cm", "m", "km"})
_POWERS = {"square": 2, "cubic": 3}
"""A unit of length raised to a power is a unit of its own, however it is written: "84
cubic metres", "84 m3" and "84m³" (NFKC reads "³" as "3") are one volume, "12 square
metres" and "12m²" one area; the digit glued to the unit is its power, never a number."""


def _powered(out: Sequence[Token]) -> bool:
    """Whether the last token is "square"/"cubic" right after a number (a unit's power)."""
    return (
        len(out) >= 2
        and out[-1].raw.lower() in _POWERS
        and kind_of(out[-2].norm) == "number"
        and out[-1].start - out[-2].end <= 1
    )


_COUNTRY_CURRENCY = {"us": "usd", "american": "usd", "swiss": "chf", "japanese": "jpy", "british": "gbp"}
"""A country word that can stand between an amount and its currency name ("US dollars")."""


def _qualified_currency(out: list[Token], currency: str, start: int) -> bool:
    if len(out) < 2 or kind_of(out[-2].norm) != "number":
        return False
    country = out[-1].raw.lower().replace(".", "")
    return _COUNTRY_CURRENCY.get(country) == _CURRENCY[currency] and start - out[-1].end <= 1


_UNDECOMPOSED = str.maketrans(
    {"ß": "ss", "ø": "o", "æ": "ae", "œ": "oe", "ð": "d", "þ": "th", "ł": "l", "đ": "d"}
)
"""Letters that carry no separable accent, as they are written without one."""


def ascii_folded(word: str) -> str:
    """``word`` without its accents ("Hallgrímsdóttir" -> "Hallgrimsdottir", "Søren" ->
    "Soren"): a summary that drops them writes the same name. Letters of other scripts
    stay as they are."""
    if word.isascii():
        return word
    parts = unicodedata.normalize("NFKD", word.translate(_UNDECOMPOSED))
    return unicodedata.normalize("NFKC", "".join(c for c in parts if not unicodedata.combining(c)))


def _word(out: list[Token], match: re.Match[str]) -> None:
    raw = match.group()
    lower = ascii_folded(raw.lower())
    start, end = match.start(), match.end()
    previous = out[-1] if out else None
    after_number = (
        previous is not None
        and (kind_of(previous.norm) == "number" or previous.norm == "~thousand")
        and start - previous.end <= 1
        and not _ORDINAL_RAW.search(previous.raw)  # "the 3rd week" counts no weeks
    )
    if "'" in lower and lower.split("'", 1)[1] in _CONTRACTIONS:
        head, tail = lower.split("'", 1)
        out.append(Token(stem(head), raw, start, end))
        out.append(Token(_CONTRACTIONS[tail], raw, start, end))
        return
    if lower.endswith("n't"):
        base = {"won't": "will", "can't": "can", "shan't": "shall", "ain't": "be"}.get(lower, lower[:-3])
        out.append(Token(stem(base), raw, start, end, _is_past(base)))
        out.append(Token("not", raw, start, end))
        return
    if lower in ("cannot",):
        out.extend((Token("can", raw, start, end), Token("not", raw, start, end)))
        return
    if lower in _ISO_CODES and raw.isupper():
        # "3,500 NOK" is an amount in its currency; "NOK 3500" is folded the same way (:func:`_fold`).
        out.append(Token("¤" + lower if after_number else lower, raw, start, end))
        return
    if lower in _CURRENCY and _qualified_currency(out, lower, start):
        # "4,318.20 US dollars": a currency name qualified by its country after a number is
        # the currency, the same as "USD 4318.20" or "$4,318.20".
        country = out[-1]
        out[-1] = Token("¤" + _CURRENCY[lower], match.string[country.start : end], country.start, end)
        return
    if lower in _UNITS and _UNITS[lower] in _LENGTHS and _powered(out):
        # "84 cubic metres" is the unit "84 m3" and "84m³" are, "12 square metres" "12 m2".
        power = out[-1]
        norm = f"~{_UNITS[lower]}{_POWERS[power.raw.lower()]}"
        out[-1] = Token(norm, match.string[power.start : end], power.start, end)
        return
    if after_number and previous is not None and _seconds(out, lower, start):
        out.append(Token("~second", raw, start, end))
        return
    if after_number and lower in _ABBREVIATED:
        lower = _ABBREVIATED[lower]  # "2400 lb" reads as "2400 pounds" does
    if (after_number and (lower in _CURRENCY or lower in _UNITS)) or lower in _TIME_UNITS:
        # A time unit spelled out is a unit with or without a number before it, so a name
        # "days a week" finds "three days a week".
        unit = _CURRENCY.get(lower)
        out.append(Token("¤" + unit if unit else "~" + _UNITS[lower], raw, start, end))
        return
    if lower in ("am", "pm") and after_number:
        # "9 am" is read by the clock patterns; "nine am" is a number word and its meridiem.
        said = hour_minutes(out, len(out) - 2) if len(out) >= 2 else None
        if said is not None and said[2] == len(out):  # "seven thirty pm"
            first = out[-2]
            out[-2:] = [
                Token(_clock(said[0], said[1], lower), match.string[first.start : end], first.start, end)
            ]
        elif previous is not None and _is_word_number(previous) and 1 <= float(previous.norm[1:]) <= 12:
            out[-1] = Token(
                _clock(int(previous.norm[1:]), 0, lower),
                match.string[previous.start : end],
                previous.start,
                end,
            )
        return
    if lower == "o'clock" and after_number and previous is not None and 0 <= float(previous.norm[1:]) <= 24:
        hours = float(previous.norm[1:])
        if hours.is_integer():  # "nine o'clock", "9 o'clock": the hour as said
            out[-1] = Token(
                _clock(int(hours), 0, ""), match.string[previous.start : end], previous.start, end
            )
            return
    if lower in _CLOCK_WORDS:
        out.append(Token(_CLOCK_WORDS[lower], raw, start, end))
        return
    if lower in _WEEKDAY_ABBREVIATIONS and _weekday_abbreviation(out, match):
        out.append(Token(stem(_WEEKDAY_ABBREVIATIONS[lower]), raw, start, end))
        return
    if lower in _TIMES_WORDS and not (lower == "once" and _ONCE_CLAUSE.match(match.string, end)):
        out.append(Token(f"#{_TIMES_WORDS[lower]}", raw, start, end))
        out.append(Token("~time", raw, start, end))
        return
    if lower in ("time", "times") and after_number:
        out.append(Token("~time", raw, start, end))
        return
    if lower in _MONTHS and (lower != "may" or raw[0].isupper()) and _date_context(out, match):
        out.append(Token(f"%{_MONTHS[lower]}", raw, start, end))
        return
    if _per_cent(out, lower):  # "5 per cent"
        out[-1] = Token("~percent", match.string[out[-1].start : end], out[-1].start, end)
        return
    if lower in ("a", "an", "of") and previous is not None and previous.end >= end:
        return  # absorbed: "half an hour" is read as "0.5 hour", "a quarter of an hour" as "0.25 hour"
    if lower == "half":
        _half(out, match)
        return
    if lower in ("quarter", "quarters") and _quarter(out, match):
        return
    if (
        lower == "and"
        and previous is not None
        and _is_word_number(previous)
        and _NUMBER_AFTER.match(match.string, end)
    ):
        return  # "two hundred and fifty": the "and" belongs to the number
    value = _number_word(lower, out, match)
    if value is not None:
        _add_number_word(out, value, match)
        return
    if lower == "left" and _remaining(previous, match):
        out.append(Token(stem("remain"), raw, start, end))  # "seven instalments left": remaining
        return
    out.append(Token(stem(lower), raw, start, end, _is_past(lower)))


_QUANTIFIERS = frozenset({"nothing", "none", "any", "some", "much", "little", "few", "plenty", "enough"})
PARTICLES = frozenset(
    {"up", "down", "in", "out", "on", "off", "over", "back", "away", "through", "about", "along"}
)
"""The particles of phrasal verbs ("drop off", "pick up", "hand back")."""
OBJECT_PRONOUNS = frozenset({"it", "them", "him", "her", "me", "us", "you", "this", "that"})
"""Pronouns that stand as a verb's object: a phrasal verb's particle follows them ("drop it off")."""
_PRONOUNS = frozenset({"i", "you", "he", "she", "it", "we", "they", "us", "them", "this", "that", "who"})
_REMAINING_AFTER = re.compile(r"\s*(?:[.,;:!?)\]]|$|(?:over|to|of|in|on|for|until|till)\b)", re.IGNORECASE)


def _remaining(previous: Token | None, match: re.Match[str]) -> bool:
    """Whether "left" at ``match`` is the adjective "remaining", not the past of "leave":
    right after a count, a quantifier or a plural noun, and ending its phrase ("seven
    instalments *left*;", "two days *left* to pay", "nothing *left* over", "3 *left* in
    stock"). "She left", "Tom left the firm", "left 3 messages" are the verb."""
    if previous is None or not _REMAINING_AFTER.match(match.string, match.end()):
        return False
    if match.start() - previous.end > 1:
        return False  # a comma or a dash between: "..., left at noon"
    word = previous.raw.lower()
    if kind_of(previous.norm) in ("number", "unit") or word in _QUANTIFIERS:
        return True
    return (
        previous.raw[:1].islower()
        and word.endswith("s")
        and not word.endswith(("ss", "'s", "us", "is"))
        and word not in _PRONOUNS
        and word not in _KEEP
    )


_WEEKDAY_ABBREVIATIONS = {
    "mon": "monday",
    "tue": "tuesday",
    "tues": "tuesday",
    "wed": "wednesday",
    "weds": "wednesday",
    "thu": "thursday",
    "thur": "thursday",
    "thurs": "thursday",
    "fri": "friday",
    "sat": "saturday",
    "sun": "sunday",
}
_WORD_ABBREVIATIONS = frozenset({"wed", "weds", "sat", "sun"})
"""Weekday abbreviations that are also English words ("sat down", "the sun"): a weekday only
before a day number or date ("Sun 25/05", "Sat 3 May") or next to another weekday
("Sat/Sun", "Mon-Sat")."""
_DAY_NUMBER_AFTER = re.compile(r"\.?,?\s*\d")
_TIME_PREPOSITIONS = frozenset(
    {"on", "by", "until", "till", "from", "before", "after", "since", "next", "this", "every", "each", "last"}
    | {"due"}
)
"""Words a weekday follows as a time adverbial: "by Wed", "until Sun", "every Sat", "due Wed."."""
_ARTICLES = frozenset({"the", "a", "an"})
_WEEKDAY_NORMS = frozenset(("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"))


def _weekday_abbreviation(out: Sequence[Token], match: re.Match[str]) -> bool:
    """Whether the word at ``match`` is a weekday's abbreviation ("Mon", "Fri", "Thurs"): written
    with a capital, and for the ones that are also words (:data:`_WORD_ABBREVIATIONS`) told by
    a day number or another weekday beside it."""
    raw = match.group()
    if not raw[:1].isupper():
        return False
    if raw.lower() not in _WORD_ABBREVIATIONS:
        return True
    if _DAY_NUMBER_AFTER.match(match.string, match.end()):
        return True
    previous = out[-1] if out else None
    if previous is not None and previous.norm in _WEEKDAY_NORMS and match.start() - previous.end <= 2:
        return True
    if previous is not None and _time_slot(out, match):
        return True
    after = re.match(r"\s*[-/\u2013,]\s*([A-Za-z]+)", match.string[match.end() :])
    return after is not None and after.group(1).lower() in (_WEEKDAY_ABBREVIATIONS.keys() | _WEEKDAY_NORMS)


def _time_slot(out: Sequence[Token], match: re.Match[str]) -> bool:
    """Whether a capitalized "Wed", "Sat" or "Sun" in mid-sentence stands where a time
    adverbial does: right after a time preposition ("by Wed", "until Sun") or after a verb
    in "-ing" or "-ed" with no article before it ("arriving Wed", "closed Sat"; not "the
    rising Sun"). A noun after an article ("the Sun") or a verb ("they wed") is no weekday."""
    previous = out[-1]
    between = match.string[previous.end : match.start()]
    if between.strip() or "\n" in between:
        return False
    word = previous.raw.lower()
    if word in _TIME_PREPOSITIONS:
        return True
    before = match.string[: previous.start].split()
    article = bool(before) and before[-1].lower() in _ARTICLES
    return word.endswith(("ing", "ed")) and len(word) > 4 and not article


def _per_cent(out: Sequence[Token], lower: str) -> bool:
    """Whether ``lower`` is the "cent" of a number's "per cent"."""
    if lower != "cent" or len(out) < 2 or out[-1].norm != "per":
        return False
    return kind_of(out[-2].norm) == "number" and out[-1].start - out[-2].end <= 1


_NUMBER_AFTER = re.compile(
    r"\s+(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|twenty|thirty|forty|"
    r"fifty|sixty|seventy|eighty|ninety)\b",
    re.IGNORECASE,
)
_GLUE = re.compile(r"^(?:\s+|\s*-\s*|\s+and\s+)$", re.IGNORECASE)
"""What may stand between two words of one number: "twenty five", "twenty-five", "hundred and fifty"."""


def _is_word_number(token: Token) -> bool:
    return kind_of(token.norm) == "number" and token.raw[:1].isalpha()


def _number_word(lower: str, out: list[Token], match: re.Match[str]) -> int | None:
    """The number a word names, or None: cardinals ("twelve"), scales ("hundred"), and
    ordinals ("third"); "first" and "second" only where they cannot be plain words. A
    cardinal's plural after "under" or "over" is an age band's number ("the under-twelves",
    "over-sixties")."""
    if lower in _NUMBER_WORDS:
        return _NUMBER_WORDS[lower]
    if out and out[-1].norm in _BAND_BOUNDS and lower.endswith("s"):
        for single in (lower[:-1], lower[:-2], lower[:-3] + "y"):
            if single in _NUMBER_WORDS and single not in _SCALE_WORDS:
                return _NUMBER_WORDS[single]
    if lower not in _ORDINALS:
        return None
    if lower in _PLAIN_ORDINALS:
        previous = out[-1] if out else None
        after_tens = previous is not None and _is_word_number(previous) and float(previous.norm[1:]) % 10 == 0
        if not (
            (previous is not None and previous.norm in ("every", "each"))
            or after_tens
            or _ORDINAL_CONTEXT.match(match.string, match.end())
        ):
            return None
    return _ORDINALS[lower]


def _add_number_word(out: list[Token], value: int, match: re.Match[str]) -> None:
    """Append a number word, merged into the number words just before it when together they
    name one number ("twenty-five" is 25, "two hundred and fifty" 250, "two dozen" 24)."""
    text, start, end = match.string, match.start(), match.end()
    previous = out[-1] if out else None
    if previous is not None and _is_word_number(previous) and _GLUE.match(text[previous.end : start]):
        words = re.findall(r"[a-z]+", text[previous.start : end].lower())
        total = _count(words)
        if total is not None:
            out[-1] = Token(_number(str(total)), text[previous.start : end], previous.start, end)
            return
    scaled = (
        previous is not None
        and kind_of(previous.norm) == "number"
        and match.group().lower() in _SCALE_WORDS
        and start - previous.end <= 1
        and not previous.raw[:1].isalpha()
    )
    if scaled and previous is not None:  # "2 thousand", "1.5 million"
        total_f = float(previous.norm[1:]) * _SCALE_WORDS[match.group().lower()]
        shown = str(int(total_f)) if total_f.is_integer() else str(total_f)
        out[-1] = Token(_number(shown), text[previous.start : end], previous.start, end)
        return
    out.append(Token(f"#{value}", match.group(), start, end))


_SCALE_WORDS = {"hundred": 100, "thousand": 1000, "million": 1000000, "dozen": 12}


def _count(words: Sequence[str]) -> int | None:
    """The number a run of number words names, or None when they do not name one number
    ("twenty five" is 25; "five twenty" and "two three" are two numbers)."""
    total, current, last = 0, 0, ""
    for word in words:
        if word == "and":
            if last not in ("hundred", "big"):
                return None
            last = "and"
            continue
        n = _NUMBER_WORDS.get(word, _ORDINALS.get(word))
        if n is None:
            return None
        if word in ("hundred", "dozen"):
            if last not in ("", "unit", "teen", "tens"):
                return None
            current, last = (current or 1) * n, "hundred"
        elif n >= 1000:
            if last in ("and", "big"):
                return None
            total, current, last = total + (current or 1) * n, 0, "big"
        elif n in _TENS:
            if last not in ("", "hundred", "big", "and"):
                return None
            current, last = current + n, "tens"
        elif n < 10:
            if last not in ("", "tens", "hundred", "big", "and"):
                return None
            current, last = current + n, "unit"
        else:
            if last not in ("", "hundred", "big", "and"):
                return None
            current, last = current + n, "teen"
    return None if last == "and" else total + current


_HALF_ARTICLE = re.compile(r"\s+an?\b", re.IGNORECASE)


def _half(out: list[Token], match: re.Match[str]) -> None:
    """ "half an hour" is 0.5 hour; "two and a half" is 2.5. Otherwise "half" is a word."""
    text, start, end = match.string, match.start(), match.end()
    if len(out) >= 3 and [t.norm for t in out[-2:]] == ["and", "a"] and kind_of(out[-3].norm) == "number":
        number = out[-3]
        out[-3:] = [
            Token(_number(str(float(number.norm[1:]) + 0.5)), text[number.start : end], number.start, end)
        ]
        return
    if len(out) >= 4 and [t.norm for t in out[-2:]] == ["and", "a"] and out[-3].norm in _DURATIONS:
        # "an hour and a half" is 1.5 hour, "two weeks and a half" 2.5 weeks
        count, unit = out[-4], out[-3]
        if count.norm in ("a", "an") or _is_word_number(count) or kind_of(count.norm) == "number":
            whole = 1.0 if count.norm in ("a", "an") else float(count.norm[1:])
            out[-4:] = [
                Token(_number(str(whole + 0.5)), text[count.start : end], count.start, unit.start),
                Token(unit.norm, text[unit.start : end], unit.start, end),
            ]
            return
    article = _HALF_ARTICLE.match(text, end)
    if article:
        out.append(Token("#0.5", text[start : article.end()], start, article.end()))
        return
    out.append(Token(stem("half"), match.group(), start, end))


_QUARTER_OF = re.compile(r"\s+of\s+an?\s+(?=(?:hour|day|week)\b)", re.IGNORECASE)


def _quarter(out: list[Token], match: re.Match[str]) -> bool:
    """ "a quarter of an hour" is 0.25 hour, "three-quarters of an hour" 0.75 hour, "every
    quarter of an hour" every 0.25 hour; only before "of a(n)" and a time unit, so "a
    quarter past nine" stays a clock time."""
    text, start, end = match.string, match.start(), match.end()
    of = _QUARTER_OF.match(text, end)
    previous = out[-1] if out else None
    if of is None or previous is None:
        return False
    if previous.norm in ("every", "each", "per"):
        # "every quarter of an hour" is every 15 minutes: the quarter is its own count.
        out.append(Token(_number("0.25"), text[start : of.end()], start, of.end()))
        return True
    if previous.norm in ("a", "an", "one") and start - previous.end <= 1:
        count = 1.0
    elif _is_word_number(previous) and re.fullmatch(r"\s*-?\s*", text[previous.end : start]):
        count = float(previous.norm[1:])
    else:
        return False
    out[-1] = Token(_number(str(count * 0.25)), text[previous.start : of.end()], previous.start, of.end())
    return True


def _date_context(out: Sequence[Token], match: re.Match[str]) -> bool:
    """A month name is a date next to a day number: "March 3", "Nov. 1", "3 March", "the 3rd of March"."""
    text = match.string
    after = text[match.end() : match.end() + 6]
    previous = out[-1] if out else None
    if previous is not None and previous.norm == "of" and len(out) > 1:
        previous = out[-2]
    return bool(re.match(r"\.?\s+\d", after)) or (previous is not None and previous.norm.startswith("#"))


_TIME_UNITS = frozenset({"hour", "hours", "minute", "minutes", "day", "days", "week", "weeks"})
_DURATIONS = {
    "~hour": ("~second", 3600),
    "~minute": ("~second", 60),
    "~week": ("~day", 7),
    "~year": ("~month", 12),
}
"""Durations in the smaller unit, so "half an hour" is "1800 seconds" as "30 minutes" and
"30 min" are, "60s" is "one minute", "two weeks" "14 days" and "two years" "24 months" (a
month is no fixed count of days: it stays a month; a day is a date's unit as much as a
duration's: it stays a day)."""

_SECOND_WORDS = frozenset({"sec", "secs", "second", "seconds"})
_DECADE_BEFORE = frozenset({"the", "her", "his", "their", "my", "your", "our", "early", "late", "mid", "in"})


def _seconds(out: Sequence[Token], lower: str, start: int) -> bool:
    """Whether the word after a number is seconds: "90 sec", "10 seconds", and an "s" glued
    to a number below 1000 ("60s", "a 5s delay"); not a decade or an age ("the 1960s", "in
    her 80s")."""
    if lower in _SECOND_WORDS:
        return True
    number = out[-1]
    if lower != "s" or start != number.end or not number.norm[1:].replace(".", "", 1).isdigit():
        return False
    before = out[-2].norm if len(out) >= 2 else ""
    return float(number.norm[1:]) < 1000 and before not in _DECADE_BEFORE


def _is_code(token: Token) -> bool:
    """A currency code that gives the number after it its currency ("EUR 40", "usd 5")."""
    return token.norm in _CODES or (token.norm in _ISO_CODES and token.raw.isupper())


def _fold(out: list[Token]) -> tuple[Token, ...]:
    """Merge number runs into typed values: "#3 %5" -> "%5-03"; "#2 ~time" stays; "#2 x" -> "#2 ~time"."""
    folded: list[Token] = []
    i = 0
    while i < len(out):
        token = out[i]
        nxt = out[i + 1] if i + 1 < len(out) else None
        if (
            token.norm.startswith("%")
            and "-" not in token.norm
            and nxt is not None
            and nxt.norm.startswith("#")
        ):
            day = nxt.norm[1:]
            if day.isdigit() and 1 <= int(day) <= 31:
                folded.append(Token(f"{token.norm}-{int(day):02d}", token.raw, token.start, nxt.end))
                i += 2
                continue
        if (
            token.norm.startswith("#")
            and nxt is not None
            and nxt.norm.startswith("%")
            and "-" not in nxt.norm
        ):
            day = token.norm[1:]
            if day.isdigit() and 1 <= int(day) <= 31:
                folded.append(Token(f"{nxt.norm}-{int(day):02d}", token.raw, token.start, nxt.end))
                i += 2
                continue
        if _is_code(token) and nxt is not None and kind_of(nxt.norm) == "number":
            folded.extend((nxt, Token("¤" + token.norm, token.raw, token.start, token.end)))
            i += 2
            continue
        if token.norm == "~thousand" and folded and folded[-1].norm.startswith("#"):
            prev = folded.pop()
            folded.append(
                Token(_number(str(int(float(prev.norm[1:]) * 1000))), prev.raw, prev.start, token.end)
            )
            i += 1
            continue
        if (
            token.norm in _DURATIONS
            and folded
            and kind_of(folded[-1].norm) == "number"
            and token.start - folded[-1].end <= 1
            and not _ORDINAL_RAW.search(folded[-1].raw)
        ):
            unit, factor = _DURATIONS[token.norm]
            prev = folded.pop()
            total = float(prev.norm[1:]) * factor
            folded.append(
                Token(
                    _number(str(int(total)) if total.is_integer() else str(total)),
                    prev.raw,
                    prev.start,
                    prev.end,
                )
            )
            folded.append(Token(unit, token.raw, token.start, token.end))
            i += 1
            continue
        if (  # "the 3rd of March", "the third of March"
            token.norm.startswith("#")
            and nxt is not None
            and nxt.norm == "of"
            and i + 2 < len(out)
            and out[i + 2].norm.startswith("%")
            and "-" not in out[i + 2].norm
            and token.norm[1:].isdigit()
            and 1 <= int(token.norm[1:]) <= 31
        ):
            month = out[i + 2]
            folded.append(Token(f"{month.norm}-{int(token.norm[1:]):02d}", token.raw, token.start, month.end))
            i += 3
            continue
        folded.append(token)
        i += 1
    return tuple(folded)


_EVERY = frozenset({"daily", "weekly", "nightly", "monthly", "hourly", "yearly", "fortnightly"})
_PER = frozenset({"a", "an", "per", "each", "every"})
_PERIODS = frozenset({"~day", "~week", "~hour", "month", "~month", "year", "~year", "night", "morn", "even"})
_NOT_COUNTED = frozenset(
    {"and", "or", "of", "at", "in", "on", "to", "for", "by", "with", "from", "is", "are"}
)


def _period_at(out: Sequence[Token], i: int) -> bool:
    """Whether a period of repetition starts at ``i``: "daily", "a day", "per week", "each morning"."""
    if i < len(out) and out[i].norm in _EVERY:
        return True
    return i + 1 < len(out) and out[i].norm in _PER and out[i + 1].norm in _PERIODS


def _per_period(out: tuple[Token, ...]) -> tuple[Token, ...]:
    """A count of things done in each period is how many times: "two walks daily", "three
    meals a day", "1 dose per day" read as "twice a day" does (``#2 ~time``), so "one walk
    daily" is another frequency where "twice" was. The "~time" token stands on the words counted."""
    added: list[Token] = []
    for i, token in enumerate(out):
        added.append(token)
        if kind_of(token.norm) != "number" or _ORDINAL_RAW.search(token.raw) or is_year(token.norm):
            continue
        for width in (1, 2):
            words = out[i + 1 : i + 1 + width]
            if len(words) < width or not all(
                kind_of(w.norm) == "word" and w.norm not in _NOT_COUNTED and w.norm not in _PER for w in words
            ):
                break
            if _period_at(out, i + 1 + width):
                first = words[0]
                added.append(Token("~time", first.raw, first.start, first.end))
                break
    return tuple(added)


_FIELD_END = re.compile(r"""[ \t"'`)\]]*(?:[,;|}\n]|$)""")
"""What may follow a field's value before the next field: closing quotes or brackets, then a
separator or the end of the text."""
_KEY_STOPS = (",", ";", "|", "{", "}", "\n", ": ")
"""What ends the key of a field before it: a separator, or the colon of the field before."""


def _said_decimals(out: list[Token], text: str) -> list[Token]:
    """A decimal said in words is its number: "ninety-eight point six" is 98.6, "a hundred
    and two point four" 102.4, "one point oh five" 1.05. The whole part and every digit
    after "point" are number words ("oh" for zero); "3 point 5" and "the point is five"
    are left as written."""
    result: list[Token] = []
    i = 0
    while i < len(out):
        token = out[i]
        j = i + 2
        digits = ""
        while (
            j < len(out)
            and (out[j].norm == "oh" or _said_digit(out[j]))
            and out[j].start - out[j - 1].end == 1
            and out[j - 1].raw.isalpha()
        ):
            digits += "0" if out[j].norm == "oh" else out[j].norm[1:]
            j += 1
        if (
            digits
            and _is_word_number(token)
            and token.norm[1:].isdigit()
            and out[i + 1].raw == "point"
            and out[i + 1].start - token.end == 1
        ):
            last = out[j - 1]
            result.append(
                Token(
                    _number(f"{token.norm[1:]}.{digits}"), text[token.start : last.end], token.start, last.end
                )
            )
            i = j
            continue
        result.append(token)
        i += 1
    return result


def _said_digit(token: Token) -> bool:
    return (
        _is_word_number(token) and token.norm[1:].isdigit() and len(token.norm) == 2 and "-" not in token.raw
    )


def _keyed_units(out: Sequence[Token], text: str) -> list[Token]:
    """A field whose key names a unit gives its bare number that unit: in
    ``food_budget_eur_per_week: 40``, ``weight (kg): 5`` or ``"hours_per_week": 10`` the
    number is ``40 eur``, ``5 kg``, ``10 hours``, as structured memories and profiles write
    it. The unit is the first unit or currency word of the key before a "per" (what comes
    after "per" is the period of a rate); one-letter words are not read as units there.
    A number followed by other words, or with its own unit, is left as it is; so is one
    right after a currency code, which :func:`_fold` reads as the amount's currency."""
    added: list[Token] = []
    for i, token in enumerate(out):
        added.append(token)
        nxt = out[i + 1] if i + 1 < len(out) else None
        if (
            kind_of(token.norm) != "number"
            or (nxt is not None and kind_of(nxt.norm) in ("unit", "currency"))
            or (i > 0 and _is_code(out[i - 1]))
        ):
            continue
        colon = text.rfind(":", 0, token.start)
        if colon < 0 or text[colon + 1 : token.start].strip(" \t\"'`(["):
            continue
        if token.raw[-1] not in ",;|" and not _FIELD_END.match(text, token.end):
            continue
        unit = _key_unit(out[:i], text, colon)
        if unit is not None:
            added.append(unit)
    return added


def _key_unit(before: Sequence[Token], text: str, colon: int) -> Token | None:
    """The unit token a field's key (the tokens right before ``colon``) names, or None."""
    key_start = max(
        (p + len(stop) for stop in _KEY_STOPS if (p := text.rfind(stop, 0, colon)) >= 0), default=0
    )
    key = [t for t in before if t.start >= key_start and t.end <= colon]
    for word in key:
        lower = word.raw.lower()
        if lower == "per":
            return None
        if len(lower) < 2 or kind_of(word.norm) not in ("word", "unit", "currency"):
            continue
        if kind_of(word.norm) in ("unit", "currency"):
            return Token(word.norm, word.raw, word.start, word.end)
        if lower in _CURRENCY:
            return Token("¤" + _CURRENCY[lower], word.raw, word.start, word.end)
        if lower in _ISO_CODES or lower in _CODES:
            return Token("¤" + lower, word.raw, word.start, word.end)
        if lower in _UNITS:
            return Token("~" + _UNITS[lower], word.raw, word.start, word.end)
    return None


def tokens(text: str) -> tuple[Token, ...]:
    """The normalized tokens of ``text`` (NFKC, straight quotes, then as described above)."""
    return _tokens(clean(text))


def clock_time(text: str) -> Token | None:
    """The one time ``text`` is when said as a time ("seven thirty", "half past nine",
    "7:30"), or None: read as after "at", where spoken hours and minutes are a time."""
    read = tokens("at " + text)[1:]
    return read[0] if len(read) == 1 and kind_of(read[0].norm) == "time" else None


_ARTICLES = frozenset({"the", "a", "an"})


@functools.lru_cache(maxsize=8192)
def phrase(text: str) -> tuple[str, ...]:
    """An alias as the token sequence a summary must hold, articles left out."""
    return tuple(t.norm for t in tokens(text) if t.norm not in _ARTICLES)


def find_phrase(norms: Sequence[str], wanted: Sequence[str]) -> int:
    """Where ``wanted`` starts in ``norms`` (articles already dropped from both), or -1."""
    n = len(wanted)
    if not n:
        return -1
    first = wanted[0]
    for i, norm in enumerate(norms):
        if norm == first and tuple(norms[i : i + n]) == tuple(wanted):
            return i
    return -1
