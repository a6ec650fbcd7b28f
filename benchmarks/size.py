"""Count the package's lines: physical, and logical (code without blanks, comments, docstrings).

Run from the repository root: ``python benchmarks/size.py`` prints one row per subpackage and
a total. "Logical" lines are the physical lines that still hold a token once comments, blank
lines and docstrings (a string expression that opens a module, class or function body) are
taken away, so shortening a docstring or a comment shows in the first column only.
"""

from __future__ import annotations

import ast
import io
import sys
import tokenize
from collections import defaultdict
from pathlib import Path

__all__ = ["count", "main"]


def _docstring_lines(tree: ast.Module) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(getattr(first.value, "value", None), str):
                lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def count(source: str) -> tuple[int, int]:
    """Return ``(physical, logical)`` line counts of one module's source."""
    physical = len(source.splitlines())
    docstrings = _docstring_lines(ast.parse(source))
    code: set[int] = set()
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in skip or token.type == tokenize.ENDMARKER:
            continue
        for line in range(token.start[0], token.end[0] + 1):
            if line not in docstrings:
                code.add(line)
    return physical, len(code)


def main(root: str = "pytest_compaction") -> None:
    """Print physical and logical lines per subpackage of *root*, then the total."""
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    base = Path(root)
    for path in sorted(base.rglob("*.py")):
        parts = path.relative_to(base).parts
        group = parts[0] if len(parts) > 1 else "(top)"
        physical, logical = count(path.read_text(encoding="utf-8"))
        totals[group][0] += physical
        totals[group][1] += logical
    print(f"{'subpackage':<14}{'physical':>10}{'logical':>10}")
    for group, (physical, logical) in sorted(totals.items()):
        print(f"{group:<14}{physical:>10}{logical:>10}")
    physical = sum(v[0] for v in totals.values())
    logical = sum(v[1] for v in totals.values())
    print(f"{'total':<14}{physical:>10}{logical:>10}")


if __name__ == "__main__":
    main(*sys.argv[1:])
