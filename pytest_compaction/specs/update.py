"""Rewrite what a spec expects (``expect: violations:``) in place, keeping everything else.

Line-level editing guided by the YAML source map: comments, key order, quoting and
blank lines outside the one list stay as they were. The edited text is loaded again
and must read back as the new list before anything is written.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pytest_compaction.core.errors import PayloadError

__all__ = ["ExpectChange", "rewrite_expected", "rewrite_expected_text"]

_PLAIN = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.:/\-]*$")
_KEY = re.compile(r"^(?P<indent>\s*)(?P<key>[A-Za-z_][\w-]*|\"[^\"]*\"|'[^']*')\s*:(?P<rest>.*)$")


@dataclass(frozen=True, slots=True)
class ExpectChange:
    """What an update changed in one spec."""

    path: str
    added: tuple[str, ...]
    removed: tuple[str, ...]

    @property
    def changed(self) -> bool:
        return bool(self.added or self.removed)

    def describe(self) -> str:
        parts = [f"+{name}" for name in self.added] + [f"-{name}" for name in self.removed]
        return f"{self.path}: {' '.join(parts)}"


def rewrite_expected(path: str | Path, names: list[str] | tuple[str, ...]) -> ExpectChange:
    """Make the spec at ``path`` expect exactly ``names``; the file changes only if they differ."""
    from pytest_compaction.specs.safeyaml import load_yaml_mapped

    target = Path(path)
    text = target.read_text(encoding="utf-8")
    data, _ = load_yaml_mapped(text, source=str(target))
    before = _current(data)
    wanted = tuple(sorted(set(names)))
    change = ExpectChange(
        str(target),
        added=tuple(n for n in wanted if n not in before),
        removed=tuple(n for n in before if n not in wanted),
    )
    if not change.changed:
        return change
    new_text = rewrite_expected_text(text, wanted, source=str(target))
    fd, temporary = tempfile.mkstemp(prefix=".compaction-update-", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(new_text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return change


def _current(data: object) -> tuple[str, ...]:
    expect = data.get("expect") if isinstance(data, dict) else None
    violations = expect.get("violations") if isinstance(expect, dict) else None
    return tuple(sorted({str(v) for v in violations})) if isinstance(violations, list) else ()


def rewrite_expected_text(text: str, names: tuple[str, ...], *, source: str = "<string>") -> str:
    """``text`` with its top-level ``expect: violations:`` list replaced by ``names``."""
    from pytest_compaction.specs.safeyaml import load_yaml_mapped

    lines = text.splitlines(keepends=True)
    newline = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    flow = "[" + ", ".join(_scalar(n) for n in names) + "]"
    expect = _key_in(lines, 0, len(lines), "expect", indent=0)
    if expect is None:
        if lines and not lines[-1].endswith(("\n", "\r")):
            lines[-1] += newline
        lines += [f"expect:{newline}", f"  violations: {flow}{newline}"]
    else:
        end = _block_end(lines, expect, indent=0)
        inline = _KEY.match(lines[expect])
        assert inline is not None
        rest = _strip_comment(inline.group("rest")).strip()
        if rest.startswith("{"):
            lines[expect] = f"expect:{_comment(inline.group('rest'))}{newline}"
            lines.insert(expect + 1, f"  violations: {flow}{newline}")
        else:
            child = _child_indent(lines, expect + 1, end)
            key = _key_in(lines, expect + 1, end, "violations", indent=child)
            if key is None:
                lines.insert(expect + 1, f"{' ' * child}violations: {flow}{newline}")
            else:
                match = _KEY.match(lines[key])
                assert match is not None
                value_end = _block_end(lines, key, indent=child)
                # Keep comment lines of the old list; drop its items.
                old = lines[key + 1 : value_end]
                kept = [line for line in old if line.strip().startswith("#")]
                items = [line for line in old if line.lstrip().startswith("-")]
                comment = _comment(match.group("rest"))
                if items and names:  # a block list stays a block list
                    dash = " " * _indent(items[0])
                    lines[key:value_end] = [
                        f"{' ' * child}violations:{comment}{newline}",
                        *kept,
                        *(f"{dash}- {_scalar(n)}{newline}" for n in names),
                    ]
                else:
                    lines[key:value_end] = [f"{' ' * child}violations: {flow}{comment}{newline}", *kept]
    new_text = "".join(lines)
    data, _ = load_yaml_mapped(new_text, source=source)
    if _current(data) != tuple(sorted(set(names))):
        raise PayloadError(
            "expect.violations",
            "cannot be rewritten in place (an unusual layout); edit the list by hand",
            source=source,
        )
    return new_text


def _scalar(name: str) -> str:
    return name if _PLAIN.match(name) else json.dumps(name)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _meaningful(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def _block_end(lines: list[str], start: int, *, indent: int) -> int:
    """The index after the last line of the value of the key at ``start`` (indented deeper,
    or a ``- `` item at the key's own indent); trailing comments and blank lines stay outside."""
    last = start + 1
    for index in range(start + 1, len(lines)):
        line = lines[index]
        if not _meaningful(line):
            continue
        deeper = _indent(line) > indent
        same_level_item = _indent(line) == indent and line.lstrip().startswith("-")
        if not (deeper or same_level_item):
            break
        last = index + 1
    return last


def _child_indent(lines: list[str], start: int, end: int) -> int:
    for line in lines[start:end]:
        if _meaningful(line):
            return _indent(line)
    return 2


def _key_in(lines: list[str], start: int, end: int, key: str, *, indent: int) -> int | None:
    """The index of the line in ``lines[start:end]`` that holds ``key`` at ``indent``, or None."""
    for index in range(start, end):
        match = _KEY.match(lines[index].rstrip("\r\n"))
        if match and len(match.group("indent")) == indent and match.group("key").strip("\"'") == key:
            return index
    return None


def _strip_comment(rest: str) -> str:
    return re.sub(r"\s+#.*$", "", rest)


def _comment(rest: str) -> str:
    found = re.search(r"\s+#.*$", rest.rstrip("\r\n"))
    return found.group() if found else ""
