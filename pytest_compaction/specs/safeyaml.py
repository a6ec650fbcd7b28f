"""Safe, source-mapped YAML: plain types only, bounded aliases, a line for every path.

Imports PyYAML when called, never at import time. Uses libyaml's C parser when
it is available.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pytest_compaction.core._fields import join
from pytest_compaction.core.errors import PayloadError

__all__ = ["MAX_DEPTH", "MAX_NODES", "SourceMap", "load_yaml", "load_yaml_mapped"]

MAX_NODES = 200_000
"""How many values one document may expand to, aliases included ("billion laughs" guard)."""

MAX_DEPTH = 64
"""How deep values may nest."""

_PLAIN = "tag:yaml.org,2002:"
_STR = _PLAIN + "str"
_SCALAR_TAGS = {"str", "int", "float", "bool", "null", "timestamp", "binary"}


@dataclass
class SourceMap:
    """The 1-based line of every path in a loaded document (``steps[2].fact_id`` -> 14)."""

    source: str
    lines: dict[str, int] = field(default_factory=dict)

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


def load_yaml_mapped(text: str, *, source: str = "<string>") -> tuple[Any, SourceMap]:
    """Parse one YAML document into plain data and its source map."""
    import yaml

    loader_cls: Any = yaml.SafeLoader
    c_parser = getattr(yaml, "_yaml", None)
    # libyaml's extension keeps the node and error classes of the first `import yaml`: after
    # yaml is imported again (pytester's in-process runs drop it from sys.modules) they no
    # longer match, so its nodes would be "unsupported" and its errors escape as tracebacks.
    if c_parser is not None and getattr(c_parser, "ScalarNode", None) is yaml.ScalarNode:
        loader_cls = yaml.CSafeLoader
    try:
        node = yaml.compose(text, Loader=loader_cls)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = exc.problem or exc.context or "cannot be parsed"
        if exc.problem and exc.context and exc.context_mark is not None:
            # "found unexpected end of stream" alone hides where the unclosed quote began.
            problem += f" ({exc.context} that starts on line {exc.context_mark.line + 1})"
        raise PayloadError("", f"invalid YAML: {problem}", source=source, line=line) from None
    except yaml.YAMLError as exc:
        raise PayloadError("", f"invalid YAML: {exc}", source=source) from None
    mapping = SourceMap(source)
    if node is None:
        return None, mapping
    if "&" in text:  # no anchor, no alias: nothing can expand
        _check_expansion(node, source)
    builder = _Builder(mapping, yaml.SafeLoader(""))
    return builder.build(node, ""), mapping


class _Builder:
    def __init__(self, mapping: SourceMap, constructor: Any) -> None:
        self.map = mapping
        self.constructor = constructor
        self.count = 0

    def build(self, node: Any, path: str, depth: int = 0) -> Any:
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
            if tag == _STR:  # the common case; the constructor would return node.value as well
                return node.value
            name = tag[len(_PLAIN) :] if tag.startswith(_PLAIN) else None
            if name not in _SCALAR_TAGS:
                raise self._err(node, path, _refused(tag))
            if name in ("timestamp", "binary"):
                return str(node.value)
            return self.constructor.construct_object(node, deep=True)
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
                key = self.build(key_node, path, depth + 1)
                if not isinstance(key, str):
                    raise self._err(
                        key_node,
                        path,
                        # YAML reads yes/no/on/off/null and numbers as non-strings.
                        f"keys must be strings, got {key!r} ({type(key).__name__}); quote the key",
                    )
                if key in out:
                    raise self._err(key_node, join(path, key), "key is given twice")
                # A field's line is its key's: a block value starts on the line below.
                self.map.lines.setdefault(join(path, key), key_node.start_mark.line + 1)
                out[key] = self.build(value_node, join(path, key), depth + 1)
            return out
        raise self._err(node, path, "unsupported YAML node")  # pragma: no cover

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


def _refused(tag: str) -> str:
    # Shown as written in the file (!!python/object:os.system), not as the resolved URI.
    shown = "!!" + tag[len(_PLAIN) :] if tag.startswith(_PLAIN) else tag
    return (
        f"the tag {shown} is not allowed; use plain values only "
        "(strings, numbers, booleans, null, lists and mappings)"
    )
