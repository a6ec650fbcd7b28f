"""Rendering of run results for people and machines: escaping, annotations, SARIF, HTML.

Pure Python, pytest-free: the plugin and the command line both call these.
"""

from __future__ import annotations

__all__: list[str] = []
