# ruff: noqa: E501  (the user modules and spec below are written as a user writes them)
"""A pass with nothing new (a second `compress` with no events added) keeps what the memory
holds: LangMem's `summarize_messages` then returns no messages and its running summary as it
stands, and LlamaIndex's `Memory` is not handed an empty `put_messages` (its SQL store
refuses one). Both run through a real pytest session against the real libraries with their
own fake models."""

from __future__ import annotations

import textwrap

import pytest

SPEC = """\
description: A pass with nothing new keeps the memory.
events:
  - id: e1
    text: "I am allergic to peanuts."
    facts:
      - {id: fact-allergy-1, predicate: food.peanuts_allowed, value: false, prose: {names: [peanuts], value: [allergic]}}
  - {id: e2, text: "Lovely weather today."}
  - {id: e3, text: "And tomorrow too."}
steps: [{add: [e1, e2, e3]}, compress, compress]
"""

LANGMEM = """
import functools
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from langmem.short_term import summarize_messages

summarize = functools.partial(
    summarize_messages,
    model=FakeListChatModel(responses=["The user is allergic to peanuts."] * 10),
    max_tokens=20,
    max_summary_tokens=10,
)
"""

LLAMA = """
from typing import Any

from llama_index.core.llms import CompletionResponse, CustomLLM, LLMMetadata
from llama_index.core.llms.callbacks import llm_completion_callback
from llama_index.core.memory import FactExtractionMemoryBlock, Memory


class FixedFacts(CustomLLM):
    facts: list = []

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(model_name="fixed-facts")

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return CompletionResponse(text="<facts>" + "".join(f"<fact>{f}</fact>" for f in self.facts) + "</facts>")

    @llm_completion_callback()
    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any):
        yield self.complete(prompt)


block = FactExtractionMemoryBlock(name="extracted_info", llm=FixedFacts(facts=["The user is allergic to peanuts."]))
memory = Memory.from_defaults(token_limit=200, chat_history_token_ratio=0.05, token_flush_size=10, memory_blocks=[block])
"""


def _session(pytester: pytest.Pytester, module: str, compressor: str) -> pytest.RunResult:
    pytester.makefile(".compaction.yaml", quiet=SPEC)
    pytester.makepyfile(agent_memory=textwrap.dedent(module))
    pytester.syspathinsert()
    return pytester.runpytest(
        "--compaction-contract",
        f"--compaction-compressor=agent_memory:{compressor}",
        "-p",
        "no:cacheprovider",
    )


def test_langmem_keeps_its_running_summary_on_a_quiet_pass(pytester: pytest.Pytester) -> None:
    pytest.importorskip("langmem")
    _session(pytester, LANGMEM, "summarize").assert_outcomes(passed=1)


def test_llamaindex_memory_takes_a_quiet_pass(pytester: pytest.Pytester) -> None:
    pytest.importorskip("llama_index.core")
    _session(pytester, LLAMA, "memory").assert_outcomes(passed=1)
