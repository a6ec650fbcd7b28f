"""Word forms: the shared stem of an English word's inflections, the irregular verbs and
nouns folded onto their base form, and the everyday clippings that name one thing
("phone" and "telephone").
"""

from __future__ import annotations

import functools
import re

__all__ = ["base_form", "clippings", "irregular_forms", "participles", "stem"]


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
_EE_VERBS = frozenset(
    {"agree", "disagree", "free", "guarantee", "referee", "decree", "oversee", "foresee", "flee", "emcee"}
)
"""Verbs that end in "-ee", whose past ends in "-eed" ("agreed", "freed"): other words in
"-eed" keep it as their own ("bleed", "speed", "exceed")."""
_FUNCTION_WORDS = frozenset({"no", "not", "nor", "her", "for", "the", "them"})
"""Closed-class words a content word's suffixes can fold onto once its final "e" is dropped
("noted", "notes", "noting" would read as "not", "here" as "her", "themes" as "them"). A
content word never folds onto one: it keeps its "e" ("note", "here", "theme")."""


@functools.lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """The shared form of an English word: "lives", "lived", "living" -> "liv"; a word and
    its everyday clipping share one ("telephoned" and "phoned", :data:`_CLIPPINGS`)."""
    plain = _plain_stem(word)
    return _CLIPPED.get(plain, plain)


_ISE = re.compile(r"(?<=[a-z]{3})(i|y)s(e|ed|es|ing|ation|ations)$")
_TRE = re.compile(r"(?<=[a-z]{2})([tb])re(s?)$")
"""The British "-tre" and "-bre" ("centre", "fibres"), written "-ter" and "-ber"."""
"""The British "-ise" / "-yse" ("organise", "realisation", "analysed"), written with a "z"
before the stem is taken, so "Boris" and "Paris" keep their "s"."""


_VERB_PREFIXES = ("pre", "re", "over", "under", "mis", "out")
_PREFIXED_PASTS = frozenset(
    {"paid", "sold", "built", "bought", "made", "written", "taken", "given", "done", "told", "run"}
    | {"spent", "kept", "held", "laid", "led", "drawn", "grown", "thought", "caught", "brought"}
    | {"taught", "stood", "fed", "won", "lost"}
)
"""Irregular pasts a prefix of repetition, time or degree is put before ("*pre*paid",
"*re*sold", "*over*paid", "*under*sold", "*mis*led"): read as the prefixed verb. Not "sent"
("present", "resent" are words of their own)."""


def _prefixed_irregular(w: str) -> str:
    """``w`` with an irregular past after a prefix read as the prefix and the base verb
    ("prepaid" -> "prepay", "undersold" -> "undersell"); other words as given."""
    for prefix in _VERB_PREFIXES:
        rest = w[len(prefix) :]
        if w.startswith(prefix) and rest in _PREFIXED_PASTS and rest in _IRREGULAR_VERBS:
            return prefix + _IRREGULAR_VERBS[rest]
    return w


def _plain_stem(word: str) -> str:
    w = word.lower().replace("\u2019", "'")
    if w.endswith("'s"):
        w = w[:-2]  # before the spelling folds: "Centre's" is "centre", so "center"
    w = _TRE.sub(r"\1er\2", _ISE.sub(r"\1z\2", w))
    w = _IRREGULAR[w] if w in _IRREGULAR else _prefixed_irregular(w)
    if len(w) <= 3 or w in _KEEP:
        return w
    if (
        w[0] in "aeiou"
        and w[:2] != "us"
        and ((len(w) == 4 and w.endswith("ed")) or (len(w) == 5 and w.endswith("ing")))
    ):
        # a three-letter verb in "-e": "iced", "icing" -> "ice", "aged" -> "age"; never "used",
        # whose "used to" tells history
        return w[:2] + "e"
    if w.endswith("ings") and len(w) >= 7 and w[:-1] not in _KEEP:
        w = w[:-1]  # a plural noun in "-ing" stems as its singular: "mornings", "meetings"
    for suffix, repl in (("ies", "y"), ("ied", "y"), ("ying", "y"), ("ing", ""), ("ed", "")):
        if suffix == "ed" and w.endswith("eed"):
            if w[:-1] in _EE_VERBS:
                w = w[:-1]  # "agreed" is "agree" and its "d", as "agrees" is its "s"
                break
            continue  # "bleed", "speed", "proceed": the "-eed" is the word's own
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
    return _one_spelling(w)


_SPELLINGS = (
    (re.compile(r"(?<=[a-z]{2})our(?=$|it|abl|ist|er)"), "or"),  # colour, favourite, behaviour
    (re.compile(r"(?<=[a-z]{2})ogu$"), "og"),  # catalogu(e), dialogu(e)
    (re.compile(r"(?<=[a-z])enc$"), "ens"),  # licenc(e), defenc(e), offenc(e)
    (re.compile(r"^(paed|haem|anaem|anaesth|orthopaed|gynaec|caes|encyclopaed|aetiol)"), None),
    (re.compile(r"^(oesophag|oestr|foet)"), None),
)
"""British spellings folded into the American ones a stem already has (a summary in one
variety of English restates a source in the other): "-our", "-ogue", "-ence" nouns, and
the "ae" and "oe" of medical words ("-ise" and "-tre" are folded before the stem is
taken: :data:`_ISE`, :data:`_TRE`). Both sides are folded alike, so a fold that meets no
real word merges nothing."""
_WORDS = {
    "programm": "program",
    "tyr": "tir",
    "grey": "gray",
    "kerb": "curb",
    "aluminium": "aluminum",
    "pyjama": "pajama",
    "plough": "plow",
    "mould": "mold",
    "jewellery": "jewelry",
    "storey": "story",
    "enroll": "enrol",
    "fulfill": "fulfil",
    "instalment": "installment",
    "skilful": "skillful",
    "judgement": "judgment",
    "acknowledgement": "acknowledgment",
    "practis": "practic",
    "manoeuvr": "maneuver",
    "diarrhoea": "diarrhea",
    "sceptical": "skeptical",
    "cosy": "cozy",
    "draught": "draft",
}
"""Single words spelled apart in the two varieties ("programme", "tyre", "grey", "kerb")."""


def _one_spelling(w: str) -> str:
    """The stem ``w`` in one spelling for both varieties of English (:data:`_SPELLINGS`)."""
    if w in _WORDS:
        return _WORDS[w]
    for pattern, repl in _SPELLINGS:
        if repl is None:
            w = pattern.sub(lambda m: m.group().replace("ae", "e").replace("oe", "e"), w)
        else:
            w = pattern.sub(repl, w)
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
_NOTE_FORMS = (
    ("weekday", "wkday"),
    ("weekend", "wknd"),
    ("meeting", "mtg"),
    ("appointment", "appt"),
    ("manager", "mgr"),
    ("approximately", "approx"),
    ("birthday", "bday"),
    ("message", "msg"),
    ("information", "info"),
    ("department", "dept"),
    ("schedule", "sched"),
    ("previously", "prev"),
    ("cancelled", "cxl"),
    ("cancelled", "canx"),
    ("cancelled", "canc"),
    ("received", "rec"),
    ("customer", "cust"),
)
"""The short forms of notes and chats, read as their long words ("wkday mornings" is
"weekday mornings", "mtg" a meeting)."""
_CLIPPED = {
    **{_plain_stem(long): _plain_stem(short) for long, short in _CLIPPINGS},
    **{_plain_stem(short): _plain_stem(long) for long, short in _NOTE_FORMS},
}
_PARTNERS: dict[str, tuple[str, ...]] = {}
for _long, _short in _CLIPPINGS:
    _PARTNERS[_plain_stem(_long)] = (*_PARTNERS.get(_plain_stem(_long), ()), _short)
    _PARTNERS[_plain_stem(_short)] = (*_PARTNERS.get(_plain_stem(_short), ()), _long)


def clippings(word: str) -> tuple[str, ...]:
    """The other words of ``word``'s clipping pair ("laboratory" -> "lab", "labs" ->
    "laboratory"; :data:`_CLIPPINGS`), in their base form, or nothing."""
    return _PARTNERS.get(_plain_stem(word), ())


_EED_PAST = frozenset({"agreed", "disagreed", "freed", "guaranteed", "decreed", "refereed", "emceed"})
"""Past forms in "-eed" (a verb in "-ee" and its "-d"); "speed", "seed", "breed", "exceed"
and "proceed" end the same way and are no past."""
_ED_WORDS = frozenset(
    {"hundred", "sacred", "naked", "wicked", "hatred", "kindred", "ragged", "rugged", "jagged", "beloved"}
)
"""Words in "-ed" that are no verb's past: "a hundred", "sacred", "hatred"."""


def _is_past(word: str) -> bool:
    lower = word.lower()
    if lower in _PAST_FORMS:
        return True
    if not lower.endswith("ed") or len(lower) <= 4 or lower in _ED_WORDS:
        return False
    return not lower.endswith("eed") or lower in _EED_PAST
