"""The prose checks' caches: bounded, and never a different answer from a fresh reading.

A new summary of a rolling session reads only its new sentences (each sentence's reading
is cached by its text), a pin's spot is judged once per sentence texts, a fact's prose form
is resolved once. These tests hold the caches to what they promise: a cached answer equals
the one computed afresh, a check after other summaries equals a check with every cache
cleared, and no cache grows without bound.
"""

from __future__ import annotations

import importlib
import itertools
import pkgutil
from collections.abc import Iterator

import pytest
from test_prose_corpus import CASES, Case

import pytest_compaction.prose as prose
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose import _text, forms, statements, summary
from pytest_compaction.prose.facts import check_facts_in_prose
from pytest_compaction.prose.invariants import Invariant, InvariantRegister
from pytest_compaction.prose.statements import READING_CACHE_SIZE, holding_any, read_statements, reading
from pytest_compaction.prose.summary import check_prose


def _caches() -> Iterator[tuple[str, object]]:
    for info in pkgutil.iter_modules(prose.__path__):
        module = importlib.import_module(f"{prose.__name__}.{info.name}")
        for name, value in vars(module).items():
            if (
                callable(getattr(value, "cache_clear", None))
                and getattr(value, "__module__", "") == module.__name__
            ):
                yield f"{module.__name__}.{name}", value


def _clear() -> None:
    for _, cache in _caches():
        cache.cache_clear()  # type: ignore[attr-defined]
    _text._last_index.clear()


SAMPLE = sorted(
    {s.text for case in CASES[::3] for text in (case.faithful, case.drifted) for s in _text.sentences(text)}
)


def test_every_prose_cache_is_bounded() -> None:
    found = dict(_caches())
    assert "pytest_compaction.prose.statements.reading" in found
    assert "pytest_compaction.prose.forms._resolve" in found
    assert "pytest_compaction.prose.summary._judged" in found
    infos = {name: cache.cache_info() for name, cache in found.items()}  # type: ignore[attr-defined]
    unbounded = [name for name, info in infos.items() if info.maxsize is None]
    assert unbounded == []


def test_the_sentence_reading_cache_drops_the_least_recently_used() -> None:
    _clear()
    for i in range(READING_CACHE_SIZE + 50):
        reading(f"Client {i} keeps the key.")
    info = reading.cache_info()
    assert info.currsize == READING_CACHE_SIZE
    assert info.misses == READING_CACHE_SIZE + 50
    reading("Client 0 keeps the key.")  # the oldest was dropped: read again
    assert reading.cache_info().misses == READING_CACHE_SIZE + 51


def test_a_cached_sentence_reading_equals_a_fresh_one() -> None:
    assert len(SAMPLE) > 50
    for text in SAMPLE:
        reading(text)
    for text in SAMPLE:
        assert reading(text) == reading.__wrapped__(text), text


def test_statements_read_through_the_cache_equal_statements_read_afresh() -> None:
    texts = [case.faithful for case in CASES[::4]] + [case.drifted for case in CASES[1::4]]
    cached = [read_statements(text) for text in texts]
    _clear()
    fresh = [read_statements.__wrapped__(text) for text in texts]
    assert cached == fresh


def test_a_resolved_form_from_the_cache_equals_a_fresh_one_and_carries_the_very_fact() -> None:
    for case in CASES:
        if "register" in case.data:
            continue
        ledger = case.ledger()
        for fact in ledger:
            form = ledger.prose_forms.get(fact.fact_id)
            cached = forms.resolve(fact, form, ledger)
            assert cached == forms.resolve(fact, form, ledger)
            texts = "\n".join(ledger.event_by_id(e).text for e in fact.source_event_ids)
            assert cached == forms._resolve.__wrapped__(fact, form, texts)
            assert cached.fact is fact
        # an equal fact of another ledger (a rebuilt spec) gets its own fact back
        again = case.ledger()
        for fact in again:
            assert forms.resolve(fact, again.prose_forms.get(fact.fact_id), again).fact is fact


def test_a_cached_spot_judgement_equals_a_fresh_one() -> None:
    judged = 0
    for case in CASES:
        if "register" not in case.data:
            continue
        register = InvariantRegister.coerce(case.data["register"])
        for text in (case.faithful, case.drifted):
            sentences = _text.sentences(text)
            for invariant in register.invariants():
                for spot in _text.windows(sentences, invariant.markers):
                    texts = tuple(sentences[i].text for i in spot)
                    assert summary._judged(invariant, texts) == summary._judged.__wrapped__(invariant, texts)
                    judged += 1
    assert judged > 20


@pytest.mark.parametrize("order", ["faithful first", "drifted first"])
def test_a_check_after_other_summaries_equals_a_check_with_every_cache_cleared(order: str) -> None:
    def verdict(case: Case, text: str) -> list[tuple[str, str]]:
        return [(v.name, v.detail) for v in case.check(text).violations]

    warm: dict[str, list[tuple[str, str]]] = {}
    for case in CASES:  # one after another: the corpus shares words, pins and sentences
        pair = (case.faithful, case.drifted) if order == "faithful first" else (case.drifted, case.faithful)
        for text in pair:
            warm[f"{case.id}:{text}"] = verdict(case, text)
    for case in CASES:
        for text in (case.faithful, case.drifted):
            _clear()
            assert verdict(case, text) == warm[f"{case.id}:{text}"], case.id


def _rolling() -> tuple[Ledger, InvariantRegister, list[str]]:
    ledger = Ledger(tenant_id="t", subject_id="s")
    register = InvariantRegister()
    lines = []
    for i in range(12):
        ledger.event(f"e{i}", f"Guest {i}: severe sesame{i} allergy.")
        ledger.fact(
            f"f{i}",
            f"food.sesame{i}_allowed",
            False,
            sources=[f"e{i}"],
            qualifiers={"severity": "severe"},
            prose={"names": [f"sesame{i}"], "value": ["allergy"], "qualifiers": {"severity": ["severe"]}},
        )
        register.pin(
            f"inv-{i}", f"Never open vault-{i} before noon.", markers=[f"vault-{i}"], modality="prohibition"
        )
        lines += [f"Guest {i}: severe sesame{i} allergy.", f"Never open vault-{i} before noon."]
    passes = []
    for n in range(4):  # each pass: the oldest note dropped, a new one added, the rest kept
        notes = [f"Note {k}: the lobby was repainted in shade {k}." for k in range(n, n + 3)]
        passes.append("\n".join(lines + notes))
    return ledger, register, passes


def test_the_next_pass_of_a_rolling_summary_reads_only_its_new_sentences() -> None:
    ledger, register, passes = _rolling()
    check_facts_in_prose(ledger, passes[0])
    check_prose(register, passes[0])
    for previous, current in itertools.pairwise(passes):
        new = {s.text for s in _text.sentences(current)} - {s.text for s in _text.sentences(previous)}
        before = reading.cache_info().misses
        facts = check_facts_in_prose(ledger, current)
        rules = check_prose(register, current)
        assert reading.cache_info().misses - before == len(new) == 1
        assert facts.ok
        assert rules.ok


def test_the_norm_index_finds_what_a_scan_of_every_statement_finds() -> None:
    for case in CASES[::2]:
        found = read_statements(case.faithful + "\n" + case.drifted)
        words = sorted({n for s in found for n in s.norms})
        for probe in ([], words[:1], words[::3], words[1::2], ["no-such-norm"], words):
            wanted = set(probe)
            assert holding_any(found, probe) == [s for s in found if wanted & s.vocabulary]
            assert holding_any(list(found), probe) == holding_any(found, probe)


def test_windows_are_the_single_sentences_with_every_marker_else_adjacent_pairs() -> None:
    def reference(found: tuple[_text.Sentence, ...], markers: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
        per = [{m for m in markers if _text.contains(s.text, m)} for s in found]
        singles = tuple((i,) for i, got in enumerate(per) if got and set(markers) <= got)
        if singles:
            return singles
        return tuple(
            (i, i + 1)
            for i in range(len(per) - 1)
            if per[i] and per[i + 1] and set(markers) <= per[i] | per[i + 1]
        )

    checked = 0
    for case in CASES:
        if "register" not in case.data:
            continue
        register = InvariantRegister.coerce(case.data["register"])
        for text in (case.faithful, case.drifted, case.faithful.replace(". ", ".\n")):
            found = _text.sentences(text)
            for entry in register.active():
                markers = entry.markers if isinstance(entry, Invariant) else entry.approach
                assert _text.windows(found, markers) == reference(found, tuple(markers))
                checked += 1
    assert checked > 40
    pair = _text.sentences("Never call db-2 with dry_run=false. This applies to staging.")
    assert _text.windows(pair, ["db-2", "staging"]) == ((0, 1),)
    apart = _text.sentences("Never call db-2 today. Staging is fine. Keep dry_run=false.")
    markers = ["db-2", "staging", "dry_run=false"]
    assert _text.windows(apart, markers) == reference(apart, tuple(markers)) == ()
    assert _text.windows(apart, []) == ((0,), (1,), (2,))
    assert statements.Statements(()).holding_any(["x"]) == []


def test_the_ledgers_authorized_events_follow_every_change_after_a_read() -> None:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "Noa lives in Lisbon.")
    assert [e.event_id for e in ledger.authorized_events("t", "s")] == ["e1"]
    ledger.event("e2", "Noa moved to Berlin.")
    ledger.event("e3", "Noa's old address is 4 Sample Lane.")
    assert [e.event_id for e in ledger.authorized_events("t", "s")] == ["e1", "e2", "e3"]
    ledger.fact("f1", "home.city", "Lisbon", sources=["e1"])
    assert [c.fact_id for c in ledger.authorized_events("t", "s")[0].claims] == ["f1"]
    ledger.fact("f2", "home.city", "Berlin", sources=["e2"])
    ledger.supersede("f1", "f2")
    first, second, _ = ledger.authorized_events("t", "s")
    assert first.claims[0].current is False
    assert second.claims[0].supersedes == ("f1",)
    ledger.restate("f2", "e1")
    assert [c.fact_id for c in ledger.authorized_events("t", "s")[0].claims] == ["f1", "f2"]
    ledger.fact("f3", "home.address", "4 Sample Lane", sources=["e3"])
    ledger.delete("f3")
    assert [e.event_id for e in ledger.authorized_events("t", "s")] == ["e1", "e2"]
    assert ledger.authorized_events("t", "s") is ledger.authorized_events("t", "s")  # kept between changes
    assert [e.event_id for e in ledger.authorized_events()] == ["e1", "e2"]
    assert ledger.authorized_events("t", "other") == ()
