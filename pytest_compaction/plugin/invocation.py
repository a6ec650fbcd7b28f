"""How the session was started, so that a printed ``reproduce:`` line runs when pasted.

Node ids are relative to pytest's rootdir; a person pastes the line into the directory
they ran pytest from. The command keeps what the session needed to import the
compressor: ``python -m pytest`` when only the current directory made it importable,
``PYTHONPATH=...`` when only that variable did.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Invocation", "invocation_of", "rootdir_on_path"]

_SAFE = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:=@%+,[]")


@dataclass(frozen=True, slots=True)
class Invocation:
    """The directories and launcher of a session (plain data: it travels to xdist workers)."""

    rootdir: str
    invocation_dir: str
    launcher: str = "pytest"
    """``pytest``, ``python -m pytest``, or either preceded by ``PYTHONPATH=...``."""

    def node_argument(self, nodeid: str, file: Path | None = None) -> str:
        """``nodeid`` as a path that works from the invocation directory, quoted for a shell;
        ``file`` is the item's own file, when known (a file outside the rootdir has a node
        id that is not a path under it)."""
        path, sep, rest = nodeid.partition("::")
        if path:
            target = file if file is not None else Path(self.rootdir, path)
            try:
                path = os.path.relpath(target, self.invocation_dir)
            except ValueError:  # another drive on Windows
                path = str(target)
            if path.startswith(".." + os.sep + ".." + os.sep):
                path = str(target)
            if os.sep != "/":
                path = path.replace(os.sep, "/")
        return quote(f"{path}{sep}{rest}", always=True)

    def command(self, nodeid: str | None, options: list[str], file: Path | None = None) -> str:
        parts = [self.launcher]
        if nodeid is not None:
            parts.append(self.node_argument(nodeid, file))
        parts.extend(quote(option) for option in options)
        return " ".join(parts)


def quote(argument: str, *, always: bool = False) -> str:
    """A shell word: as it is when safe, else in double quotes with ``"$`\\`` escaped. A word
    with a "!" goes in single quotes instead: inside double quotes a backslash before "!"
    stays in the word (and an interactive shell expands "!" from its history)."""
    if not always and argument and set(argument) <= _SAFE and "[" not in argument:
        return argument
    if "!" in argument:
        return "'" + argument.replace("'", "'\\''") + "'"
    escaped = "".join("\\" + c if c in '"$`\\' else c for c in argument)
    return f'"{escaped}"'


def invocation_of(rootdir: Path, invocation_dir: Path, module: str | None) -> Invocation:
    """The invocation of this process; ``module`` is the compressor's module, if any."""
    launcher = "pytest"
    if module is not None:
        launcher = _launcher_for(module.partition(".")[0], rootdir, invocation_dir)
    return Invocation(str(rootdir), str(invocation_dir), launcher)


def _launcher_for(package: str, rootdir: Path, invocation_dir: Path) -> str:
    """The shortest command under which ``package`` is importable, judged from ``sys.path``."""
    import importlib.machinery

    pythonpath = [entry for entry in os.environ.get("PYTHONPATH", "").split(os.pathsep) if entry]
    plain = [
        entry for entry in sys.path if entry not in ("", ".", str(invocation_dir)) and entry not in pythonpath
    ]
    plain.append(str(rootdir))
    if importlib.machinery.PathFinder.find_spec(package, plain) is not None:
        return "pytest"
    if pythonpath and importlib.machinery.PathFinder.find_spec(package, [*plain, *pythonpath]):
        return f"PYTHONPATH={quote(os.pathsep.join(pythonpath))} pytest"
    if importlib.machinery.PathFinder.find_spec(package, [str(invocation_dir)]) is not None:
        return "python -m pytest"
    return "pytest"


def rootdir_on_path(rootdir: Path) -> str | None:
    """Put ``rootdir`` first on ``sys.path`` (as ``pythonpath = .`` would); the entry added, or None."""
    entry = str(rootdir)
    if entry in sys.path:
        return None
    sys.path.insert(0, entry)
    return entry
