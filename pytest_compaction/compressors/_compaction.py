"""Compaction blocks (``{"type": "compaction", "content": ...}``) as a memory."""

from __future__ import annotations

from collections.abc import Mapping

from pytest_compaction.compressors._chat import _content_text
from pytest_compaction.compressors._normalized import Normalized, _artifact, _event_ids
from pytest_compaction.compressors._records import _from_text
from pytest_compaction.compressors.request import CompressionRequest

__all__ = ["_from_compaction", "_is_compaction"]


def _is_compaction(data: object) -> bool:
    kind = data.get("type") if isinstance(data, Mapping) else getattr(data, "type", None)
    return isinstance(kind, str) and kind.startswith("compaction")


def _from_compaction(content: object, request: CompressionRequest) -> Normalized:
    if content is None:
        # A failed compaction: no summary was produced. The guard names it.
        return Normalized(
            shape="compaction",
            artifact=_artifact(request, summary=None, facts=(), used=_event_ids(request)),
            summarized=_event_ids(request),
            summaries=(None,),
        )
    if isinstance(content, list):
        content = _content_text(content)
    if not isinstance(content, str):
        return Normalized(
            shape="compaction",
            problem=f"returned a compaction block whose content is {type(content).__name__}",
        )
    return _from_text(content, request, "compaction")
