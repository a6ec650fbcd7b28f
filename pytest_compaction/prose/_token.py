"""The normalized token: one word or value of a text in the form two wordings share, and
the kind its typed form names (``#5`` a number, ``@09:00`` a time, ``%3-03`` a date,
``¤eur`` a currency, ``~mg`` a unit, ``!v-12`` an identifier, anything else a word).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Token", "kind_of"]


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
