"""Safe, source-mapped YAML: plain types only, bounded aliases, a line for every path.

Imports PyYAML when called, never at import time. Uses libyaml's C parser when
it is available, with YAML 1.2 core rules for plain scalars instead of PyYAML's
YAML 1.1 ones:

* ``true``/``false`` are booleans, ``null``/``~``/nothing is null, decimal and ``0x``
  hex integers and decimal floats (``1e3`` too) are numbers;
* ``18:00`` and ``2024-05-01`` stay the strings they look like (YAML 1.1 reads
  ``18:00`` as the integer 1080);
* forms that YAML 1.1 and 1.2 read differently and a reader could take either way
  are refused with a did-you-mean-a-string error: ``yes``/``no``/``on``/``off``,
  ``012`` (octal 10 in 1.1), ``0o12``, ``0b101``, ``1_000``. As mapping keys they are strings.

:attr:`SourceMap.notes` lists the scalars kept as strings that YAML 1.1 tools would
read as something else, for ``compaction lint``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pytest_compaction.core._fields import join
from pytest_compaction.core.errors import PayloadError

MAX_DEPTH = 64
"""The deepest nesting a spec or payload may have."""

__all__ = ["MAX_DEPTH", "MAX_NODES", "Flow", "SourceMap", "dump_yaml", "load_yaml", "load_yaml_mapped"]

MAX_NODES = 200_000
"""How many values one document may expand to, aliases included ("billion laughs" guard)."""


MAX_EXPANDED_BYTES = 4 * 1024 * 1024
"""How many bytes of scalar text one document may expand to through its aliases."""

MAX_NUMBER_CHARS = 100
"""The longest number a spec may write (a longer one is an id or a mistake: quote it)."""

_PLAIN = "tag:yaml.org,2002:"
_STR = _PLAIN + "str"
_SCALAR_TAGS = {"str", "int", "float", "bool", "null", "timestamp", "binary"}


@dataclass
class SourceMap:
    """The 1-based line of every path in a loaded document (``steps[2].fact_id`` -> 14)."""

    source: str
    lines: dict[str, int] = field(default_factory=dict)
    notes: list[tuple[int, str, str]] = field(default_factory=list)
    """``(line, path, message)`` for each plain scalar YAML 1.1 tools would read differently."""

    def line_of(self, path: str) -> int | None:
        """The line of ``path`` or of its nearest enclosing value."""
        while True:
            if path in self.lines:
                return self.lines[path]
            if not path:
                return None
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""

    def error(self, exc: PayloadError) -> PayloadError:
        """The same error, located at this file and the line of its path."""
        return exc.located(self.source, self.line_of(exc.path))


def load_yaml(text: str, *, source: str = "<string>") -> Any:
    return load_yaml_mapped(text, source=source)[0]


def _colon_hint(text: str, line: int) -> str:
    """The fix for a plain value holding ': ' (``description: My memory: allergy``): quote it."""
    lines = text.splitlines()
    row = lines[line] if 0 <= line < len(lines) else ""
    key, sep, value = row.strip().removeprefix("- ").partition(": ")
    if not sep or not value or value[0] in "\"'[{|>":
        return "; a value that holds ': ' must be quoted"
    quoted = value.replace("\\", "\\\\").replace('"', '\\"')
    return f"; a value that holds ': ' must be quoted: {key}: \"{_short(quoted)}\""


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def load_yaml_mapped(text: str, *, source: str = "<string>") -> tuple[Any, SourceMap]:
    """Parse one YAML document into plain data and its source map."""
    import yaml

    loader_cls = _loader(yaml)
    try:
        node = yaml.compose(text, Loader=loader_cls)
    except RecursionError:
        raise PayloadError(
            "", f"values nest deeper than {MAX_DEPTH} levels", source=source, line=None
        ) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = exc.problem or exc.context or "cannot be parsed"
        if "cannot start any token" in problem and mark is not None and mark.index < len(text):
            # libyaml leaves the character out, PyYAML's pure-Python parser names it: name it always.
            problem = f"found character {text[mark.index]!r} that cannot start any token"
        elif exc.problem and exc.context and exc.context_mark is not None:
            # "found unexpected end of stream" alone hides where the unclosed quote began.
            problem += f" ({exc.context} that starts on line {exc.context_mark.line + 1})"
        if "mapping values are not allowed" in problem and mark is not None:
            problem += _colon_hint(text, mark.line)
        raise PayloadError("", f"invalid YAML: {problem}", source=source, line=line) from None
    except yaml.YAMLError as exc:
        raise PayloadError("", f"invalid YAML: {exc}", source=source) from None
    mapping = SourceMap(source)
    if node is None:
        return None, mapping
    if "&" in text:  # no anchor, no alias: nothing can expand
        _check_expansion(node, source)
    builder = _Builder(mapping)
    return builder.build(node, ""), mapping


_AMBIGUOUS = "tag:pytest-compaction:ambiguous"
_LOADERS: dict[int, Any] = {}

# YAML 1.2 core schema, plain scalars only (a quoted scalar is always a string).
_RESOLVERS: tuple[tuple[str, str, str], ...] = (
    # Read differently by YAML 1.1 and 1.2, and by people: refused as values.
    (
        "ambiguous",
        r"^(?:yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF|[-+]?0[0-9_]+|0o[0-7_]+|0b[01_]+"
        r"|[-+]?[0-9][0-9]*(?:_[0-9]+)+(?:\.[0-9_]*)?)$",
        "yYnNoO-+0123456789",
    ),
    ("merge", r"^<<$", "<"),
    ("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("null", r"^(?:~|null|Null|NULL|)$", "~nN"),
    ("int", r"^(?:[-+]?(?:0|[1-9][0-9]*)|0x[0-9a-fA-F]+)$", "-+0123456789"),
    (
        "float",
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        "-+.0123456789",
    ),
)
# Plain scalars YAML 1.1 reads as numbers or timestamps that stay strings here.
_YAML11_NUMBER = r"^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$"
_YAML11_TIMESTAMP = r"^[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?"


def _loader(yaml: Any) -> Any:
    """A safe loader with the YAML 1.2 core resolvers; libyaml's C parser when it can be used."""
    import re

    cached = _LOADERS.get(id(yaml))
    if cached is not None:
        return cached
    base: Any = yaml.SafeLoader
    c_parser = getattr(yaml, "_yaml", None)
    # libyaml's extension keeps the node and error classes of the first `import yaml`: after
    # yaml is imported again (pytester's in-process runs drop it from sys.modules) they no
    # longer match, so its nodes would be "unsupported" and its errors escape as tracebacks.
    if c_parser is not None and getattr(c_parser, "ScalarNode", None) is yaml.ScalarNode:
        base = yaml.CSafeLoader
    loader: Any = type("Yaml12Loader", (base,), {"yaml_implicit_resolvers": {}})
    for name, pattern, first in _RESOLVERS:
        tag = _AMBIGUOUS if name == "ambiguous" else _PLAIN + name
        loader.add_implicit_resolver(
            tag, re.compile(pattern), list(first) + ([None] if name == "null" else [])
        )
    _LOADERS[id(yaml)] = loader
    return loader


class _Builder:
    def __init__(self, mapping: SourceMap) -> None:
        self.map = mapping
        self.count = 0
        self.expanded = 0

    def build(self, node: Any, path: str, depth: int = 0, *, as_key: bool = False) -> Any:
        import yaml

        self.count += 1
        if depth > MAX_DEPTH:
            raise self._err(node, path, f"values nest deeper than {MAX_DEPTH} levels")
        if self.count > MAX_NODES:
            raise self._err(
                node,
                path,
                f"the document expands to more than {MAX_NODES} values (alias expansion?); "
                "split it or remove the aliases",
            )
        self.map.lines.setdefault(path, node.start_mark.line + 1)
        tag: str = node.tag or ""
        if isinstance(node, yaml.ScalarNode):
            self.expanded += len(node.value)
            if self.expanded > MAX_EXPANDED_BYTES:
                # An alias's node starts at its anchor: name the line of the value that refers to it.
                cut = max(path.rfind("."), path.rfind("["))
                raise PayloadError(
                    path,
                    f"the document expands to more than {MAX_EXPANDED_BYTES} bytes of values; "
                    "split it or remove the aliases",
                    source=self.map.source,
                    line=self.map.line_of(path[:cut] if cut > 0 else ""),
                )
            if tag == _STR:  # the common case
                if not node.style:
                    self._note(node, path)
                return node.value
            if tag == _AMBIGUOUS:
                if as_key:
                    return node.value
                raise self._err(node, path, _ambiguous(node.value))
            name = tag[len(_PLAIN) :] if tag.startswith(_PLAIN) else None
            if name not in _SCALAR_TAGS:
                raise self._err(node, path, _refused(tag))
            if name in ("timestamp", "binary"):
                return str(node.value)
            return self._scalar(node, path, name)
        if isinstance(node, yaml.SequenceNode):
            if tag != _PLAIN + "seq":
                raise self._err(node, path, _refused(tag))
            return [self.build(item, join(path, i), depth + 1) for i, item in enumerate(node.value)]
        if isinstance(node, yaml.MappingNode):
            if tag != _PLAIN + "map":
                raise self._err(node, path, _refused(tag))
            out: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                if key_node.tag == _PLAIN + "merge":
                    raise self._err(key_node, path, "merge keys (<<) are not supported; write the keys out")
                key = self.build(key_node, path, depth + 1, as_key=True)
                if not isinstance(key, str):
                    raise self._err(
                        key_node,
                        path,
                        # YAML reads true/false, null and numbers as non-strings.
                        f"keys must be strings, got {key!r} ({type(key).__name__}); quote the key",
                    )
                if key in out:
                    raise self._err(key_node, join(path, key), "key is given twice")
                # A field's line is its key's: a block value starts on the line below.
                self.map.lines.setdefault(join(path, key), key_node.start_mark.line + 1)
                out[key] = self.build(value_node, join(path, key), depth + 1)
            return out
        raise self._err(node, path, "unsupported YAML node")  # pragma: no cover

    def _scalar(self, node: Any, path: str, name: str | None) -> Any:
        """A plain scalar under the YAML 1.2 core rules (``!!int``-style explicit tags too)."""
        value: str = node.value
        if name in ("int", "float") and len(value) > MAX_NUMBER_CHARS:
            raise self._err(
                node,
                path,
                f"a number of {len(value)} characters; numbers in a spec have at most {MAX_NUMBER_CHARS} "
                f"(quote it to keep it as a string)",
            )
        try:
            if name == "bool":
                return {"true": True, "false": False}[value.lower()]
            if name == "null":
                if value not in ("", "~") and value.lower() != "null":
                    raise KeyError(value)
                return None
            if name == "int":
                text = value.replace("_", "")
                return int(text, 16) if text.lower().startswith("0x") else int(text, 10)
            if name == "float":
                lowered = value.lower()
                if lowered.endswith((".inf", ".nan")):
                    return float(lowered.replace(".", ""))
                return float(value)
            return value
        except (KeyError, ValueError):
            raise self._err(
                node, path, f"{value!r} is not a valid !!{name}; quote it to keep it a string"
            ) from None

    def _note(self, node: Any, path: str) -> None:
        import re

        value: str = node.value
        for pattern, what in ((_YAML11_NUMBER, "a number"), (_YAML11_TIMESTAMP, "a date")):
            if re.match(pattern, value):
                message = f"{value!r} is the string {value!r} here, but YAML 1.1 tools read it as {what}"
                line = node.start_mark.line + 1
                self.map.notes.append((line, path, f"{message}; quote it so that every reader agrees"))
                return

    def _err(self, node: Any, path: str, message: str) -> PayloadError:
        return PayloadError(path, message, source=self.map.source, line=node.start_mark.line + 1)


def _check_expansion(root: Any, source: str) -> None:
    """Refuse a document whose aliases expand past MAX_NODES, before expanding anything.

    Sizes are computed once per distinct node, so a "billion laughs" file costs as
    many steps as it has lines instead of the billion values it would expand to.
    """
    sizes: dict[int, int] = {}
    shared = False
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if key in sizes and not done:
            shared = True
            continue
        children = _children(node)
        if not done:
            sizes[key] = -1  # in progress: met again below itself means a recursive alias
            stack.append((node, True))
            for child in children:
                if sizes.get(id(child)) == -1:
                    raise PayloadError(
                        "",
                        "an alias refers to a value that contains it (a recursive alias); "
                        "a spec holds plain, finite data",
                        source=source,
                        line=child.start_mark.line + 1,
                    )
                stack.append((child, False))
            continue
        sizes[key] = 1 + sum(max(sizes.get(id(child), 1), 1) for child in children)
    if shared and sizes[id(root)] > MAX_NODES:
        raise PayloadError(
            "",
            f'the document expands to more than {MAX_NODES} values through its aliases (a "billion '
            'laughs" file?); write the values out or remove the aliases',
            source=source,
            line=root.start_mark.line + 1,
        )


def _children(node: Any) -> list[Any]:
    value = node.value
    if isinstance(value, list):
        return [part for item in value for part in (item if isinstance(item, tuple) else (item,))]
    return []


def _ambiguous(value: str) -> str:
    """The did-you-mean of a scalar YAML 1.1 and 1.2 (and people) read differently."""
    truth = {"yes": "true", "on": "true", "no": "false", "off": "false"}.get(value.lower())
    if truth is not None:
        return (
            f"{value!r} is {truth} in YAML 1.1 and a string in YAML 1.2; "
            f"write {truth}, or quote it ({value!r})"
        )
    digits = value.replace("_", "")
    number = ""
    try:
        if digits.lstrip("+-").startswith(("0o", "0b")):
            number = str(int(digits, 0))
        else:
            number = str(int(digits, 10)) if "." not in digits else str(float(digits))
    except ValueError:
        pass
    as_number = f"write {number} for the number, or " if number else ""
    return (
        f"{value!r} is a different number in YAML 1.1 and 1.2 (or an id with a leading zero); "
        f"{as_number}quote it ({value!r}) for the string"
    )


def _refused(tag: str) -> str:
    # Shown as written in the file (!!python/object:os.system), not as the resolved URI.
    shown = "!!" + tag[len(_PLAIN) :] if tag.startswith(_PLAIN) else tag
    return (
        f"the tag {shown} is not allowed; use plain values only "
        "(strings, numbers, booleans, null, lists and mappings)"
    )


class Flow(list):  # type: ignore[type-arg]
    """A short list written on one line by :func:`dump_yaml`: ``add: [e1, e2]``."""


def dump_yaml(data: Any, *, header: tuple[str, ...] | list[str] = ()) -> str:
    """``data`` as YAML that :func:`load_yaml` reads back to equal data, ``header`` lines as comments.

    The one YAML writer of the package (the scaffold and the fuzz counterexamples use it). A
    string that a YAML 1.2 or 1.1 reader would take for something else (``no``, ``012``,
    ``1e3``, ``18:00``) is quoted; a multi-line string is a literal block; a value shared by
    two places is written twice, never as an anchor a reader must chase; :class:`Flow`
    lists are written on one line.
    """
    import yaml

    rendered: str = yaml.dump(
        data, Dumper=_dumper(yaml), sort_keys=False, allow_unicode=True, default_flow_style=False, width=100
    )
    comments = "".join(f"# {line}\n" if line else "#\n" for line in header)
    return comments + rendered


_DUMPERS: dict[int, Any] = {}


def _needs_escape(char: str) -> bool:
    code = ord(char)
    return (
        (code < 0x20 and char != "\n")
        or 0x7F <= code <= 0x9F
        or char in "\u2028\u2029\ufeff"
        or (0xD800 <= code <= 0xDFFF)
    )


def _dumper(yaml: Any) -> Any:
    import re

    cached = _DUMPERS.get(id(yaml))
    if cached is not None:
        return cached
    plain_would_change = [re.compile(pattern) for _, pattern, _ in _RESOLVERS]
    plain_would_change += [re.compile(_YAML11_NUMBER), re.compile(_YAML11_TIMESTAMP)]

    class Dumper(yaml.SafeDumper):  # type: ignore[misc]
        def ignore_aliases(self, data: Any) -> bool:
            return True

    def text(dumper: Any, value: str) -> Any:
        if any(_needs_escape(char) for char in value):
            # Line separators and control characters survive only as escapes in double quotes.
            return dumper.represent_scalar(_STR, value, style='"')
        if "\n" in value and value == value.strip("\n") + "\n" * value.endswith("\n"):
            return dumper.represent_scalar(_STR, value, style="|")
        if any(pattern.match(value) for pattern in plain_would_change):
            return dumper.represent_scalar(_STR, value, style="'")
        return dumper.represent_scalar(_STR, value)

    def flow(dumper: Any, value: Flow) -> Any:
        return dumper.represent_sequence(_PLAIN + "seq", value, flow_style=True)

    Dumper.add_representer(str, text)
    Dumper.add_representer(Flow, flow)
    _DUMPERS[id(yaml)] = Dumper
    return Dumper
