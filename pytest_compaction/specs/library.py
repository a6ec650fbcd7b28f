"""Where the bundled fixture library lives (installed wheel or source checkout)."""

from __future__ import annotations

from pathlib import Path

__all__ = ["library_path"]


def library_path() -> Path:
    """The ``fixture_library`` folder: inside the package when installed, at the repo root in a checkout."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "fixture_library", package.parent / "fixture_library"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        "the bundled fixture library is missing from this installation of pytest-compaction"
    )
