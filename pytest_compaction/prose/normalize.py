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
from collections.abc import Sequence
from dataclasses import dataclass

from pytest_compaction.prose._text import normalize as _clean

__all__ = ["Token", "kind_of", "phrase", "stem", "tokens"]

_IRREGULAR = {
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
}
_PAST_FORMS = frozenset(
    {"was", "were", "had", "did", "used"}
    | {k for k, v in _IRREGULAR.items() if v not in ("be", "have", "do") and not k.endswith("s")}
)
_KEEP = frozenset({"this", "his", "has", "is", "was", "us", "yes", "its", "bus", "gas", "plus", "thus"})
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
    "dozen": 12,
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "tenth": 10,
}
# "second" and "first" are also plain words ("a second", "first of all"): they count as
# numbers only right before a unit or a time word ("the first week").
_ORDINAL_WORDS = frozenset({"first", "second", "third", "fourth", "fifth", "tenth"})
_TIMES_WORDS = {"once": 1, "twice": 2, "thrice": 3}
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
    "g": "g",
    "gram": "g",
    "grams": "g",
    "kg": "kg",
    "kilo": "kg",
    "kilos": "kg",
    "kilogram": "kg",
    "kilograms": "kg",
    "ml": "ml",
    "l": "l",
    "litre": "l",
    "liter": "l",
    "litres": "l",
    "liters": "l",
    "km": "km",
    "m": "m",
    "cm": "cm",
    "mm": "mm",
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
    "min": "minute",
    "mins": "minute",
    "k": "thousand",
}

_TOKEN = re.compile(
    r"""
    (?P<email>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)
  | (?P<url>https?://\S+?(?=[.,;:!?)]*(?:\s|$)))
  | (?P<iso>\b\d{4}-\d{2}-\d{2}\b)
  | (?P<clock>\b\d{1,2}:\d{2}(?:\s*(?:[ap]\.?m\.?)(?![a-z]))?)
  | (?P<ampm>\b\d{1,2}\s*(?:[ap]\.m\.|[ap]m\b))
  | (?P<ident>\b[A-Za-z]+(?:[-_][A-Za-z0-9]+)*[-_]?\d[\w-]*|\b\d+(?:-\d+)+\b|\b[\w-]*[=/][\w=/.-]*\w)
  | (?P<money>[$€£¥]\s?\d[\d,]*(?:\.\d+)?(?:\s?[kK]\b)?)
  | (?P<num>\d[\d,]*(?:\.\d+)?(?:st|nd|rd|th)?(?![\w])(?![.,]\d))
  | (?P<unitnum>\d+(?:\.\d+)?(?=[a-zA-Z%\u00d7]))
  | (?P<word>[A-Za-z]+(?:'[a-z]+)?)
  | (?P<sym>[%\u00d7€$£])
    """,
    re.VERBOSE,
)
_CONTRACTIONS = {"ll": "will", "re": "be", "ve": "have", "d": "would", "m": "be"}
_CODES = frozenset({"usd", "eur", "gbp", "jpy", "chf"})
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
    """The shared form of an English word: "lives", "lived", "living" -> "liv"."""
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
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    return w


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
        elif kind == "clock":
            hours, rest = raw.split(":", 1)
            meridiem = re.sub(r"[^apm]", "", rest[2:].lower())
            add(_clock(int(hours), int(rest[:2]), meridiem), match)
        elif kind == "ampm":
            hour = int(raw[: len(raw) - len(raw.lstrip("0123456789"))])
            add(_clock(hour, 0, re.sub(r"[^apm]", "", raw.lower())), match)
        elif kind == "ident":
            add("!" + raw.lower(), match)
        elif kind == "money":
            symbol, amount = raw[0], raw[1:].strip()
            thousands = amount.lower().endswith("k")
            value = _number(amount.rstrip("kK").strip())
            if thousands:
                value = _number(str(float(value[1:]) * 1000).removesuffix(".0"))
            add(value, match)
            add("¤" + _CURRENCY[symbol], match)
        elif kind in ("num", "unitnum"):
            add(_number(re.sub(r"(?:st|nd|rd|th)$", "", raw)), match)
        elif kind == "sym":
            norm = _CURRENCY.get(raw) or _UNITS.get(raw)
            if norm:
                _after_number(out, norm, match)
        else:
            _word(out, match)
    return _fold(out)


def _after_number(out: list[Token], norm: str, match: re.Match[str]) -> None:
    if norm in ("usd", "eur", "gbp", "jpy", "chf"):
        out.append(Token("¤" + norm, match.group(), match.start(), match.end()))
    else:
        out.append(Token("~" + norm, match.group(), match.start(), match.end()))


def _word(out: list[Token], match: re.Match[str]) -> None:
    raw = match.group()
    lower = raw.lower()
    start, end = match.start(), match.end()
    previous = out[-1] if out else None
    after_number = (
        previous is not None
        and (kind_of(previous.norm) == "number" or previous.norm == "~thousand")
        and start - previous.end <= 1
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
    if after_number and (lower in _CURRENCY or lower in _UNITS):
        unit = _CURRENCY.get(lower)
        out.append(Token("¤" + unit if unit else "~" + _UNITS[lower], raw, start, end))
        return
    if lower in ("am", "pm") and after_number:
        return  # handled by the clock patterns; a stray one is noise
    if lower in _TIMES_WORDS:
        out.append(Token(f"#{_TIMES_WORDS[lower]}", raw, start, end))
        out.append(Token("~time", raw, start, end))
        return
    if lower in ("time", "times") and after_number:
        out.append(Token("~time", raw, start, end))
        return
    if lower in _MONTHS and (lower != "may" or raw[0].isupper()) and _date_context(previous, match):
        out.append(Token(f"%{_MONTHS[lower]}", raw, start, end))
        return
    if lower in _NUMBER_WORDS and lower not in _ORDINAL_WORDS:
        out.append(Token(f"#{_NUMBER_WORDS[lower]}", raw, start, end))
        return
    out.append(Token(stem(lower), raw, start, end, _is_past(lower)))


def _date_context(previous: Token | None, match: re.Match[str]) -> bool:
    text = match.string
    after = text[match.end() : match.end() + 6]
    return bool(re.match(r"\s+\d", after)) or (previous is not None and previous.norm.startswith("#"))


_SCALES = {"#100": 100, "#1000": 1000}
"""Number words that multiply the number before them ("three hundred", "two thousand")."""


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
        if token.norm in _CODES and nxt is not None and kind_of(nxt.norm) == "number":
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
        scale = _SCALES.get(token.norm) if token.raw.isalpha() else None
        if scale and folded and folded[-1].norm.startswith("#"):
            prev = folded.pop()  # "two thousand" -> 2000, "three hundred" -> 300
            total, end = int(float(prev.norm[1:]) * scale), token.end
            i += 1
            # "two hundred (and) fifty": a smaller number word after the scale adds to it.
            j = i + 1 if i < len(out) and out[i].norm == "and" else i
            if j < len(out) and out[j].raw.isalpha() and out[j].norm.startswith("#"):
                part = float(out[j].norm[1:])
                if part.is_integer() and 0 < part < scale:
                    total, end, i = total + int(part), out[j].end, j + 1
            folded.append(Token(_number(str(total)), prev.raw, prev.start, end))
            continue
        folded.append(token)
        i += 1
    return tuple(folded)


def tokens(text: str) -> tuple[Token, ...]:
    """The normalized tokens of ``text`` (NFKC, straight quotes, then as described above)."""
    return _tokens(_clean(text))


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
