"""Facts in prose (``prose/facts.py``) and the reading under it (``statements.py``,
``normalize.py``): one test per rule the paired corpus taught, each with the faithful
reading it must keep and the drift it must catch, in wording other than the corpus's.
"""

from __future__ import annotations

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact
from pytest_compaction.prose.facts import check_facts_in_prose, read_memory, stated_facts
from pytest_compaction.prose.normalize import tokens
from pytest_compaction.prose.statements import read_statements


def norms(text: str) -> list[str]:
    return [t.norm for t in tokens(text)]


def one(text: str, value: object, prose: dict[str, object], **fact: object) -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", text)
    ledger.fact("f1", "x.y", value, sources=["e1"], prose=prose, **fact)  # type: ignore[arg-type]
    return ledger


# -- normalize: number words with a scale -----------------------------------------------


def test_a_number_word_before_hundred_or_thousand_multiplies() -> None:
    assert norms("three hundred pounds")[0] == "#300"
    assert norms("two thousand euros")[0] == "#2000"


def test_a_smaller_number_word_after_the_scale_adds_to_it() -> None:
    assert norms("two hundred and fifty people")[0] == "#250"
    assert norms("one thousand twenty")[0] == "#1020"
    assert norms("3 100")[:2] == ["#3", "#100"]  # digits are never read as a scale


def test_a_scaled_number_word_is_the_same_amount_as_its_digits() -> None:
    ledger = one("The deposit is 400 dollars.", 400, {"names": ["deposit"], "value": ["400 dollars"]})
    assert check_facts_in_prose(ledger, "Deposit: four hundred dollars.").ok
    assert check_facts_in_prose(ledger, "Deposit: forty dollars.").names == ("f1:value_changed",)


# -- statements: attribution, history, clauses -------------------------------------------


def test_per_before_a_rate_is_no_attribution_but_as_per_is() -> None:
    (rate,) = read_statements("Cleaning costs 30 euros per visit.")
    assert rate.attributed(0) is None
    (source,) = read_statements("As per the ticket, cleaning is free.")
    assert source.attributed(0) is not None
    (named,) = read_statements("Per the e-mail, cleaning is free.")
    assert named.attributed(0) is not None


def test_an_untrusted_claim_beside_a_rate_is_still_elevated() -> None:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "A web page says: 'members ride trams gratis on Sundays'.", trust="untrusted")
    ledger.event("e2", "Tram tickets cost 3 euros per ride.", trust="system")
    ledger.fact("f1", "tram.fare", 3, sources=["e2"], prose={"names": ["tram"], "value": ["3 euros"]})
    assert check_facts_in_prose(ledger, "Tram: 3 euros per ride. A web page says members ride gratis.").ok
    drifted = check_facts_in_prose(ledger, "Tram: 3 euros per ride; members ride gratis on Sundays.")
    assert drifted.names == ("trust_elevated",)


def test_a_present_passive_tells_the_current_state_not_history() -> None:
    (now,) = read_statements("The rota is kept by Ilka and checked by Jon.")
    assert now.past(now.norms.index("ilka")) is None
    (then,) = read_statements("The rota was kept by Ilka.")
    assert then.past(then.norms.index("ilka")) is not None
    (perfect,) = read_statements("The rota has been kept by Ilka.")
    assert perfect.past(perfect.norms.index("ilka")) is not None


def test_an_old_value_in_a_present_passive_is_stated_as_current() -> None:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "The rota is kept by Ilka.")
    ledger.fact("f1", "rota.keeper", "Ilka", sources=["e1"], prose={"names": ["rota"], "value": ["Ilka"]})
    ledger.event("e2", "Jon keeps the rota from now on.")
    ledger.fact("f2", "rota.keeper", "Jon", sources=["e2"], prose={"names": ["rota"], "value": ["Jon"]})
    ledger.supersede("f1", "f2")
    assert check_facts_in_prose(ledger, "The rota is kept by Jon (it used to be Ilka).").ok
    assert check_facts_in_prose(ledger, "The rota is kept by Ilka.").names == (
        "f1:forbidden_superseded_fact",
        "f2:missing",
    )


def test_comma_and_before_a_new_subject_and_verb_starts_a_clause() -> None:
    (split,) = read_statements("Mara is the treasurer, and Olek is the secretary.")
    assert split.clause[split.norms.index("mara")] != split.clause[split.norms.index("olek")]
    (listed,) = read_statements("Mara, Olek, and Pia are on the board.")
    assert len(set(listed.clause)) == 1


# -- facts: weekdays, a value that is the subject -----------------------------------------


def test_another_weekday_in_place_of_the_value_is_value_changed() -> None:
    ledger = one("Choir practice is on Mondays.", "monday", {"names": ["choir"], "value": ["Mondays"]})
    assert check_facts_in_prose(ledger, "Choir every Monday.").ok
    assert check_facts_in_prose(ledger, "Choir every Thursday.").names == ("f1:value_changed",)


def test_a_value_that_is_the_subject_cannot_vouch_for_it_in_another_clause() -> None:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "Mara is the treasurer.")
    ledger.fact(
        "f1", "club.treasurer", "Mara", sources=["e1"], prose={"names": ["treasurer"], "subject": ["Mara"]}
    )
    ledger.event("e2", "Olek is the secretary.")
    ledger.fact(
        "f2", "club.secretary", "Olek", sources=["e2"], prose={"names": ["secretary"], "subject": ["Olek"]}
    )
    assert check_facts_in_prose(ledger, "Treasurer: Mara; secretary: Olek.").ok
    drifted = check_facts_in_prose(ledger, "Olek is the treasurer; Mara is the secretary.")
    assert set(drifted.names) == {"f1:subject_changed", "f2:subject_changed"}


# -- a prose memory's facts ---------------------------------------------------------------


def allergy_ledger() -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "I am allergic to celery.")
    ledger.fact(
        "f1",
        "food.celery_allowed",
        False,
        sources=["e1"],
        prose={"names": ["celery"], "value": ["allergic", "allergy"], "polarity": "positive"},
    )
    ledger.event("e2", "I like soup.")
    ledger.fact(
        "f2", "food.likes", "soup", sources=["e2"], criticality="continuity", prose={"names": ["soup"]}
    )
    return ledger


def test_stated_facts_are_the_active_facts_a_summary_states_faithfully() -> None:
    ledger = allergy_ledger()
    assert [f.fact_id for f in stated_facts(ledger, "Celery allergy. Likes soup.")] == ["f1", "f2"]
    assert [f.fact_id for f in stated_facts(ledger, "Not allergic to celery. Likes soup.")] == ["f2"]
    assert [f.fact_id for f in stated_facts(ledger, "Celery allergy.")] == ["f1"]
    ledger.delete("f1")
    assert [f.fact_id for f in stated_facts(ledger, "Celery allergy. Likes soup.")] == ["f2"]


def test_read_memory_fills_a_prose_only_artifact_and_leaves_others_alone() -> None:
    ledger = allergy_ledger()
    prose = Artifact(memory_version=1, tenant_id="t", subject_id="s", facts=(), summary="Celery allergy.")
    assert [f.fact_id for f in read_memory(ledger, prose).facts] == ["f1"]
    structured = Artifact(memory_version=1, tenant_id="t", subject_id="s", facts=(ledger.get("f2"),))
    assert read_memory(ledger, structured) is structured
    plain = Ledger(tenant_id="t", subject_id="s")  # no prose forms declared: nothing is read
    assert read_memory(plain, prose) is prose
