"""The project's pytest configuration as ``compaction lint`` reads it, without running pytest.

The plugin reads the ini keys of spec loading (``compaction_use``, ``compaction_spec_roots``)
through pytest; a linter has no pytest session, so this module finds the configuration file
the way pytest does (the first of ``pytest.ini``, ``.pytest.ini``, ``pyproject.toml`` with
``[tool.pytest.ini_options]``, ``tox.ini`` with ``[pytest]``, ``setup.cfg`` with
``[tool:pytest]`` in the specs' directory or above) and reads the same keys. Names a
``conftest.py`` registers with ``register_use("name", ...)`` are read from its source, never
by importing it.
"""

from __future__ import annotations

import ast
import configparser
import importlib
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_compaction.config.references import SPEC_ROOTS_INI, USE_INI, parse_ini_uses

__all__ = ["ProjectConfig", "conftest_uses", "project_config"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ProjectConfig:
    """What the project's configuration file says about spec loading."""

    inifile: Path | None = None
    uses: dict[str, str] = field(default_factory=dict)
    """The ``compaction_use`` lines: name -> ``package.module:attribute``."""
    spec_roots: tuple[Path, ...] = ()
    """The ``compaction_spec_roots`` directories, relative to the configuration file."""

    @property
    def rootdir(self) -> Path | None:
        return None if self.inifile is None else self.inifile.parent


def project_config(paths: Sequence[str | Path]) -> ProjectConfig:
    """The configuration pytest would use for ``paths`` (an empty one when there is none)."""
    absolute = [os.path.abspath(p) for p in paths] or [os.getcwd()]
    common = Path(os.path.commonpath(absolute))
    start = common if common.is_dir() else common.parent
    for directory in (start, *start.parents):
        found = _read(directory)
        if found is not None:
            inifile, values = found
            uses = parse_ini_uses(_lines(values.get(USE_INI)))
            roots = tuple(inifile.parent / line for line in _lines(values.get(SPEC_ROOTS_INI)))
            return ProjectConfig(inifile=inifile, uses=uses, spec_roots=roots)
    return ProjectConfig()


def _read(directory: Path) -> tuple[Path, dict[str, object]] | None:
    for name, section in (("pytest.ini", "pytest"), (".pytest.ini", "pytest")):
        path = directory / name
        if path.is_file():
            return path, _ini_section(path, section) or {}
    path = directory / "pyproject.toml"
    if path.is_file():
        # tomllib, or on Python 3.10 tomli (which pytest itself depends on there).
        toml: Any = importlib.import_module("tomllib" if sys.version_info >= (3, 11) else "tomli")
        try:
            data = toml.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, toml.TOMLDecodeError):
            data = {}
        options = data.get("tool", {}).get("pytest", {}).get("ini_options")
        if isinstance(options, dict):
            return path, options
    for name, section in (("tox.ini", "pytest"), ("setup.cfg", "tool:pytest")):
        path = directory / name
        values = _ini_section(path, section) if path.is_file() else None
        if values is not None:
            return path, values
    return None


def _ini_section(path: Path, section: str) -> dict[str, object] | None:
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read(path, encoding="utf-8")
    except (OSError, UnicodeDecodeError, configparser.Error):
        return None
    return dict(parser[section]) if parser.has_section(section) else None


def _lines(value: object) -> list[str]:
    """An ini ``linelist`` (one string of lines) or a TOML list, as pytest reads both."""
    if value is None:
        return []
    items = value.splitlines() if isinstance(value, str) else [str(item) for item in value]  # type: ignore[attr-defined]
    return [line.strip() for line in items if line.strip()]


def conftest_uses(
    spec: Path, rootdir: Path | None, *, register: str = "register_use"
) -> tuple[frozenset[str], tuple[str, ...]]:
    """The names the ``conftest.py`` files over ``spec`` register with a literal name by
    calling ``register`` (``register_use``, ``register_relation``), and where one registers
    a name lint cannot read (``conftest.py:12``)."""
    names: set[str] = set()
    unknown: list[str] = []
    directory = spec.resolve().parent
    top = rootdir.resolve() if rootdir is not None else None
    for folder in (directory, *directory.parents):
        conftest = folder / "conftest.py"
        if conftest.is_file():
            _scan(conftest, register, names, unknown)
        if top is None or folder == top:
            break
    return frozenset(names), tuple(unknown)


def _scan(conftest: Path, register: str, names: set[str], unknown: list[str]) -> None:
    try:
        tree = ast.parse(conftest.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError):
        unknown.append(str(conftest))
        return
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if called != register:
            continue
        first = node.args[0] if node.args else None
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            names.add(first.value)
        else:
            unknown.append(f"{conftest}:{node.lineno}")
