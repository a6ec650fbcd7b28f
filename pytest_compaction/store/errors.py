"""The errors of a memory store that cannot be used, and how SQLite's are named.

A store database that is corrupt, locked, read-only, in a missing directory or not a
database at all is one :class:`StoreDatabaseError` that names the file and what to do,
never a raw :mod:`sqlite3` traceback.
"""

from __future__ import annotations

import os
import sqlite3
import stat

from pytest_compaction.core.errors import ConfigError

__all__ = ["StoreConfigError", "StoreDatabaseError", "check_database_file", "database_error"]


class StoreConfigError(ConfigError):
    """A store reference (``module:factory``) or a database that cannot be used."""


class StoreDatabaseError(StoreConfigError):
    """A database file the store cannot use, named with what to do about it.

    ``reason`` is one of ``missing-directory``, ``not-a-file``, ``unreadable``,
    ``not-a-database``, ``corrupt``, ``locked``, ``read-only``, ``io`` or ``schema``
    (``failed`` for any other SQLite error); ``path`` is the database file. Never a raw
    :mod:`sqlite3` traceback: every SQLite error of :class:`SQLiteStore` becomes one.
    """

    def __init__(self, path: str, reason: str, message: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(message)


_HEADER = b"SQLite format 3\x00"


def check_database_file(path: str) -> None:
    """Refuse, before SQLite opens it, a path no database can live at."""
    directory = os.path.dirname(os.path.abspath(path))

    def fail(reason: str, problem: str, fix: str) -> StoreDatabaseError:
        return StoreDatabaseError(path, reason, f"store database {path}: {problem}; {fix}")

    if not os.path.isdir(directory):
        raise fail(
            "missing-directory",
            f"the directory {directory} does not exist",
            "create it, or point the store at a file in an existing directory",
        )
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if not os.access(directory, os.W_OK | os.X_OK):
            raise fail(
                "read-only",
                f"the directory {directory} is not writable, so the database cannot be created",
                "make the directory writable, or point the store at a writable place",
            ) from None
        return
    except OSError as exc:
        raise fail(
            "unreadable", f"cannot be read ({exc.strerror})", "check the path and its permissions"
        ) from None
    if stat.S_ISDIR(info.st_mode):
        raise fail("not-a-file", "is a directory", "point the store at a file inside it, such as memory.db")
    if not stat.S_ISREG(info.st_mode):
        raise fail("not-a-file", "is not a regular file", "point the store at a regular file")
    if not os.access(path, os.R_OK):
        raise fail("unreadable", "is not readable", "make it readable by this user, or use another file")
    if info.st_size:
        try:
            with open(path, "rb") as handle:
                header = handle.read(len(_HEADER))
        except OSError as exc:
            raise fail("unreadable", f"cannot be read ({exc.strerror})", "check its permissions") from None
        if header != _HEADER:
            raise fail(
                "not-a-database",
                "is not an SQLite database (its first bytes are not the SQLite header)",
                "point the store at a new file, or move this one away",
            )
    if not os.access(path, os.W_OK) or not os.access(directory, os.W_OK | os.X_OK):
        raise fail(
            "read-only",
            "is read-only (the store writes to it, and keeps its journal in files beside it)",
            "make the file and its directory writable, or copy the file somewhere writable",
        )


_SQLITE_PROBLEMS = (
    ("locked", ("database is locked", "database table is locked", "busy")),
    ("not-a-database", ("file is not a database", "file is encrypted")),
    ("corrupt", ("malformed", "corrupt")),
    ("read-only", ("readonly", "read-only")),
    ("io", ("disk i/o error", "database or disk is full")),
    ("unreadable", ("unable to open database file", "cannot open")),
)


def database_error(path: str, exc: sqlite3.Error, timeout: float) -> StoreDatabaseError:
    text = str(exc)
    lowered = text.lower()
    reason = next((name for name, words in _SQLITE_PROBLEMS if any(w in lowered for w in words)), "failed")
    fixes = {
        "locked": f"another connection held it for more than {timeout:g}s; let the other writer finish, "
        f"or give SQLiteStore(path, timeout=...) more seconds",
        "not-a-database": "it is not an SQLite database: point the store at a new file, or move "
        "this one away",
        "corrupt": "it is damaged: restore it from a backup, or start a new file "
        "(`sqlite3 FILE .recover` may save what is left)",
        "read-only": "it cannot be written: make the file and its directory writable, or copy it somewhere "
        "writable",
        "io": "the disk failed or is full: free space or move the file",
        "unreadable": "SQLite cannot open it: check that the directory exists and that the file and the "
        "directory are readable and writable",
        "failed": "check the file with `sqlite3 FILE 'PRAGMA integrity_check'`",
    }
    return StoreDatabaseError(path, reason, f"store database {path}: SQLite says {text!r}; {fixes[reason]}")
