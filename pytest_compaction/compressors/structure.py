"""The message structure contract: what a provider rejects, or what silently replaces the history.

Deterministic checks on what a compressor returned, named:

- ``tool_result_orphaned``: a tool result is kept but the call it answers was dropped
  (the next request is rejected: every tool message must follow its call);
- ``tool_call_unanswered``: a tool call is kept but its result, which the input had, was
  dropped;
- ``system_message_dropped``: a system message of the input is not kept;
- ``summary_empty``: a summary that replaces history is empty;
- ``summary_is_error``: an error text (an exception, a refusal, a rate-limit reply) stands
  where the summary should be;
- ``compaction_failed``: a compaction block came back without content.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pytest_compaction.compressors.base import CompressionRequest
from pytest_compaction.compressors.shapes import Message, Normalized, event_role
from pytest_compaction.core.model import Trust
from pytest_compaction.core.violations import Violation, ViolationCode

__all__ = ["check_structure", "looks_like_error"]

# Replies that are an error, not a summary: an exception's name or traceback, a provider's
# error words, a model's refusal. Matched at the start of the text, or anywhere for a traceback.
_ERROR_START = re.compile(
    r"^\W{0,3}(?:"
    r"(?:error|exception|failure|fatal)\s*(?:[:\-\[(]|code\b)"
    r"|[\w.]+(?:Error|Exception)\s*[:(]"
    r"|failed to (?:summari[sz]e|generate|compact|process|complete|call|connect)"
    r"|unable to (?:summari[sz]e|generate|compact|process|complete)"
    r"|(?:an?\s+)?(?:unexpected\s+|internal\s+)?(?:server\s+)?error (?:occurred|has occurred)"
    r"|i(?:'m| am) sorry,? (?:but )?i (?:can(?:no|')t|am unable|was unable)"
    r"|i can(?:no|')t (?:help|assist|summari[sz]e)"
    r"|rate limit (?:reached|exceeded)|too many requests|request timed out"
    r"|(?:maximum )?context(?:_length| length)?(?: window)? exceeded"
    r"|(?:4\d\d|5\d\d)\b[ :-]+(?:bad request|unauthorized|forbidden|not found|too many requests"
    r"|internal server error|service unavailable|bad gateway|gateway timeout)"
    r")",
    re.IGNORECASE,
)
_TRACEBACK = re.compile(r"Traceback \(most recent call last\)")


# A framework's preamble before the summary ("Here is a summary of the conversation to date:").
_PREAMBLE = re.compile(r"^\s*(?:here is |here's )?(?:a |the )?summary\b[^\n:]{0,60}:\s*", re.IGNORECASE)


def looks_like_error(text: str) -> bool:
    """True when ``text`` reads as an error reply rather than a summary."""
    body = _PREAMBLE.sub("", text, count=1)
    return bool(_ERROR_START.match(body) or _TRACEBACK.search(body))


def check_structure(normalized: Normalized, request: CompressionRequest, name: str) -> list[Violation]:
    """The structure violations of one output (empty for a well-formed one)."""
    found: list[Violation] = []
    for text in normalized.summaries:
        if text is None:
            found.append(
                Violation(
                    code=ViolationCode.COMPACTION_FAILED,
                    detail=f"compression: {name} returned a compaction block without content: the "
                    f"history was dropped and nothing replaces it",
                )
            )
        elif not text.strip():
            if request.events or request.prior_summary:
                found.append(
                    Violation(
                        code=ViolationCode.SUMMARY_EMPTY,
                        detail=f"compression: {name} returned an empty summary in place of "
                        f"{len(request.events)} event(s)",
                    )
                )
        elif looks_like_error(text):
            found.append(
                Violation(
                    code=ViolationCode.SUMMARY_IS_ERROR,
                    observed=text[:120],
                    detail=f"compression: {name} returned an error text where the summary should be; "
                    f"the history would be replaced by it",
                )
            )
    messages = normalized.messages
    if messages is None:
        return found
    calls_kept = {call for m in messages if m.role == "assistant" for call in m.tool_call_ids}
    results_kept = {m.tool_call_id for m in messages if m.role == "tool" and m.tool_call_id}
    orphaned = sorted(r for r in results_kept if r not in calls_kept)
    if orphaned:
        found.append(
            Violation(
                code=ViolationCode.TOOL_RESULT_ORPHANED,
                observed=tuple(orphaned),
                detail=f"selection: {name} kept the tool result(s) of call(s) {', '.join(orphaned)} but "
                f"dropped the call(s): a provider rejects a tool message that follows no tool call",
            )
        )
    answered = {getattr(e, "tool_call_id", None) for e in request.events if event_role(e) == "tool"}
    unanswered = sorted(c for c in calls_kept if c in answered and c not in results_kept)
    if unanswered:
        found.append(
            Violation(
                code=ViolationCode.TOOL_CALL_UNANSWERED,
                observed=tuple(unanswered),
                detail=f"selection: {name} kept tool call(s) {', '.join(unanswered)} but dropped their "
                f"result(s): a provider rejects a tool call with no result",
            )
        )
    found.extend(_elevated(messages, request, name))
    kept_text = {(m.role, m.content) for m in messages}
    dropped = [
        e.event_id
        for e in request.events
        if event_role(e) == "system" and ("system", e.text) not in kept_text
    ]
    if dropped:
        found.append(
            Violation(
                code=ViolationCode.SYSTEM_MESSAGE_DROPPED,
                observed=tuple(dropped),
                detail=f"selection: {name} dropped the system message(s) {', '.join(dropped)}; keep "
                f"system messages (e.g. trim_messages(include_system=True))",
            )
        )
    return found


def _elevated(messages: Sequence[Message], request: CompressionRequest, name: str) -> list[Violation]:
    """``trust_elevated`` for untrusted content kept word for word under a role with more
    authority than its own.

    A quoted ticket or a tool result re-sent as the system prompt has become an instruction;
    a tool result re-sent as a user or assistant turn reads as the user's own words or the
    assistant's own (a provider no longer sees a tool's output). Its text is kept, its trust
    has risen.
    """
    untrusted = {e.text: e for e in request.events if e.trust is Trust.UNTRUSTED and e.text.strip()}
    raised: dict[str, list[str]] = {}
    for m in messages:
        event = untrusted.get(m.content or "")
        if event is None:
            continue
        if m.role == "system" or (event_role(event) == "tool" and m.role in ("user", "assistant")):
            raised.setdefault(m.role, [])
            if event.event_id not in raised[m.role]:
                raised[m.role].append(event.event_id)
    found: list[Violation] = []
    for role, ids in raised.items():
        what = (
            "quoted or retrieved content became an instruction"
            if role == "system"
            else f"a tool's output now reads as the {role}'s own words"
        )
        found.append(
            Violation(
                code=ViolationCode.TRUST_ELEVATED,
                expected="untrusted",
                observed=role,
                detail=f"selection: {name} kept the untrusted event(s) {', '.join(sorted(ids))} as a {role} "
                f"message: {what}",
            )
        )
    return found
