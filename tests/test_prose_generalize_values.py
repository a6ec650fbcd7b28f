"""How values read in prose, one test per rule (session 5, values).

Each rule was revealed by a held-out triple of ``tests/prose_open/round6{a,c}.yaml`` and is
tested here in other words and domains: faithful readings it must keep and drifts it must
catch. No test reuses the wording of the triple that revealed its rule.
"""

from __future__ import annotations

import pytest

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.facts import check_facts_in_prose
from pytest_compaction.prose.normalize import tokens
from pytest_compaction.prose.statements import read_statements


def norms(text: str) -> list[str]:
    return [t.norm for t in tokens(text)]


def one(text: str, value: object, prose: dict[str, object]) -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", text)
    ledger.fact("f1", "x.y", value, sources=["e1"], prose=prose)  # type: ignore[arg-type]
    return ledger


# -- a negator in a coordinated predicate negates that predicate ---------------------------


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("The refund is 40 euros and won't be reversed.", "#40"),
        ("The order ships on Friday and cannot be tracked.", "friday"),
        ("The kiln reaches 1200 degrees or does not fire at all.", "#1200"),
        ("The lease ends on 30 June and is not renewable.", "%6-30"),
    ],
)
def test_a_negator_after_and_or_belongs_to_its_own_predicate(text: str, word: str) -> None:
    (statement,) = read_statements(text)
    assert statement.negated(statement.norms.index(word)) is None


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Peanuts and cashews are not allowed.", "peanut"),
        ("Tea and coffee are not served after six.", "tea"),
        ("The lift is not working.", "lift"),
    ],
)
def test_a_negator_after_a_coordinated_subject_still_negates_it(text: str, word: str) -> None:
    (statement,) = read_statements(text)
    assert statement.negated(statement.norms.index(word)) is not None


def test_a_value_before_a_coordinated_negated_predicate_is_stated() -> None:
    ledger = one("The deposit is 300 euros.", 300, {"names": ["deposit"], "value": ["300 euros"]})
    assert check_facts_in_prose(ledger, "The deposit is 300 euros and won't be refunded early.").ok
    assert check_facts_in_prose(ledger, "Deposit: 300 euros, and it cannot be split.").ok
    drifted = check_facts_in_prose(ledger, "The deposit is 350 euros and won't be refunded early.")
    assert drifted.names == ("f1:value_changed",)
    negated = check_facts_in_prose(ledger, "The deposit is not 300 euros.")
    assert negated.names == ("f1:value_changed",)


# -- clock phrases are times ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "time"),
    [
        ("half past six in the evening", "@18:30"),
        ("a quarter past nine", "@09:15"),
        ("a quarter to one in the afternoon", "@12:45"),
        ("twenty to seven in the evening", "@18:40"),
        ("ten past eight", "@08:10"),
        ("at ten to four", "@03:50"),
        ("eleven at night", "@23:00"),
        ("two at night", "@02:00"),
        ("seven this morning", "@07:00"),
        ("six tonight", "@18:00"),
        ("4:15 in the afternoon", "@16:15"),
        ("twelve noon", "@12:00"),
        ("12 midnight", "@00:00"),
    ],
)
def test_clock_phrases_are_times(text: str, time: str) -> None:
    assert time in norms(text)


@pytest.mark.parametrize(
    "text",
    [
        "from ten to twelve guests",
        "at ten to twelve percent",
        "the quarter to 12 March",
        "20:15 in the evening",
        "half to six",
    ],
)
def test_ranges_and_dates_are_not_clock_phrases(text: str) -> None:
    if text.startswith("20:15"):
        assert norms(text)[0] == "@20:15"  # a 24-hour time keeps its hour
        return
    assert not [n for n in norms(text) if n.startswith("@")]


def test_a_spoken_time_states_the_value_and_another_spoken_time_changes_it() -> None:
    ledger = one("The choir rehearses at 18:30.", "18:30", {"names": ["rehearses"], "value": ["18:30"]})
    assert check_facts_in_prose(ledger, "The choir rehearses at half past six in the evening.").ok
    assert check_facts_in_prose(ledger, "Rehearses at 6:30 in the evening, in the crypt.").ok
    for drift in (
        "The choir rehearses at half past seven in the evening.",
        "The choir rehearses at a quarter to seven in the evening.",
    ):
        assert check_facts_in_prose(ledger, drift).names == ("f1:value_changed",), drift


# -- digit groups are one identifier however they are joined -------------------------------------


def test_digit_groups_are_one_identifier_however_joined() -> None:
    same = {
        norms(t)[0]
        for t in ("0161 496 0735", "0161 4960735", "0161-496-0735", "0161.496.0735", "01614960735")
    }
    assert same == {"#01614960735"}
    assert norms("sort 1234 5678")[1] == "#12345678"
    assert norms("rooms 101 102 103")[1:] == ["#101", "#102", "#103"]  # short groups: numbers
    assert norms("from 2019 2024")[1:] == ["#2019", "#2024"]  # two years
    assert norms("in 2024 12000 people")[1:3] == ["#2024", "#12000"]  # a year and a count
    assert norms("2,400 3,600") == ["#2400", "#3600"]  # thousands commas: quantities


def _deleted_phone() -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "Mr. Okoro's landline is 0161 496 0735.")
    ledger.fact(
        "f1",
        "contact.landline",
        "0161 496 0735",
        sources=["e1"],
        prose={"names": ["landline", "phone"], "value": ["0161 496 0735"]},
    )
    ledger.event("e2", "Mr. Okoro walks with a frame.")
    ledger.fact(
        "f2", "ward.mobility", "frame", sources=["e2"], prose={"names": ["walks"], "value": ["frame"]}
    )
    ledger.delete("f1")
    return ledger


def test_a_deleted_number_restated_in_other_groups_is_caught() -> None:
    ledger = _deleted_phone()
    assert check_facts_in_prose(ledger, "Mr. Okoro walks with a frame.").ok
    assert check_facts_in_prose(ledger, "Mr. Okoro walks with a frame; beds 101 102 are free.").ok
    for drift in (
        "Mr. Okoro walks with a frame. Family can ring 01614960735.",
        "Mr. Okoro walks with a frame; try 0161-496-0735 first.",
    ):
        assert check_facts_in_prose(ledger, drift).names == ("f1:forbidden_deleted_fact",), drift


def test_an_identifier_in_other_groups_states_it_and_a_renumbered_one_changes_it() -> None:
    ledger = one(
        "Pay into account 4417 8823 90.",
        "4417882390",
        {"names": ["account"], "value": ["4417 8823 90"]},
    )
    assert check_facts_in_prose(ledger, "Payments go to account 44178823 90.").ok
    assert check_facts_in_prose(ledger, "Account: 4417-8823-90.").ok
    assert check_facts_in_prose(ledger, "Payments go to account 4417 8823 09.").names == ("f1:value_changed",)
    assert check_facts_in_prose(ledger, "Account: 4471-8823-90.").names == ("f1:value_changed",)


# -- a bare number takes the unit its source states it with ---------------------------------------


def _cistern() -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "The rain cistern holds 3,200 litres, enough for 12 days of watering.")
    ledger.fact("f1", "garden.cistern_litres", 3200, sources=["e1"], prose={"names": ["cistern"]})
    return ledger


def test_a_bare_value_competes_with_numbers_in_its_source_unit() -> None:
    ledger = _cistern()
    assert check_facts_in_prose(ledger, "The cistern holds 3,200 litres, about 12 days of watering.").ok
    assert check_facts_in_prose(
        ledger, "Cistern: three thousand two hundred litres; refill every 2 weeks."
    ).ok
    for drift in ("The cistern holds 2,300 litres.", "Cistern: two thousand litres, 12 days of watering."):
        assert check_facts_in_prose(ledger, drift).names == ("f1:value_changed",), drift


def test_a_number_in_another_unit_is_no_rival_of_a_bare_value() -> None:
    ledger = _cistern()
    assert check_facts_in_prose(ledger, "The cistern lasts 12 days.").names == ("f1:missing",)
    bare = one("The hall seats 240.", 240, {"names": ["hall"]})  # no unit in the source
    assert check_facts_in_prose(bare, "The hall is 30 metres long.").names == ("f1:missing",)
    assert check_facts_in_prose(bare, "The hall seats 420.").names == ("f1:value_changed",)


# -- an old value stated with its replacement untold ------------------------------------------------


def _bay() -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "Ines Varga: I'd like parking bay B12, please.")
    ledger.fact("f1", "parking.bay", "B12", sources=["e1"], prose={"names": ["bay"], "value": ["B12"]})
    ledger.event("e2", "Ines Varga: make that bay C7 instead, it is closer to the lift.")
    ledger.fact("f2", "parking.bay", "C7", sources=["e2"], prose={"names": ["bay"], "value": ["C7"]})
    ledger.supersede("f1", "f2")
    return ledger


@pytest.mark.parametrize(
    "summary",
    [
        "Ines Varga requested bay B12 and said it is close to the lift.",
        "Parking bay: B12; the lift is no longer out of order.",
    ],
)
def test_an_old_value_told_in_the_past_without_its_replacement_is_current(summary: str) -> None:
    assert check_facts_in_prose(_bay(), summary).names == ("f1:forbidden_superseded_fact", "f2:missing")


@pytest.mark.parametrize(
    "summary",
    [
        "Ines Varga moved her parking from bay B12 to bay C7, closer to the lift.",
        "Ines Varga parks in bay C7 now; she first asked for bay B12.",
        "Ines Varga now has bay C7 (she previously asked for bay B12).",
    ],
)
def test_an_old_value_told_with_its_change_passes(summary: str) -> None:
    assert check_facts_in_prose(_bay(), summary).ok


def test_an_old_value_told_as_history_without_its_replacement_is_only_missing() -> None:
    verdict = check_facts_in_prose(_bay(), "Ines Varga previously asked for bay B12.")
    assert verdict.names == ("f2:missing",)


# -- round 7: dotted clock times, fractions of an hour, "Nov. 1" ----------------------------


def test_a_dotted_time_with_am_or_pm_is_a_clock_time() -> None:
    assert norms("Doors open at 6.30 p.m.") == ["door", "open", "at", "@18:30"]
    assert norms("Pickup 9.15am sharp") == ["pickup", "@09:15", "sharp"]
    assert norms("It costs 6.30 in total") == ["it", "cost", "#6.3", "in", "total"]  # no meridiem: a number
    ledger = one(
        "The ferry leaves at 6:30 in the evening.", "18:30", {"names": ["ferry"], "value": ["6:30 pm"]}
    )
    assert check_facts_in_prose(ledger, "Ferry departs 6.30 p.m.").ok
    assert check_facts_in_prose(ledger, "Ferry: 6.30pm from pier 2.").ok
    assert check_facts_in_prose(ledger, "Ferry departs 7.30 p.m.").names == ("f1:value_changed",)
    assert check_facts_in_prose(ledger, "Ferry: 6.30am from pier 2.").names == ("f1:value_changed",)


def test_fractions_of_an_hour_are_minutes() -> None:
    assert norms("a quarter of an hour") == norms("15 minutes") == ["#900", "~second"]
    assert norms("three-quarters of an hour") == norms("45 minutes")
    assert norms("an hour and a half") == norms("90 minutes")
    assert norms("a quarter past nine") == ["@09:15"]  # a clock time, not a duration
    assert norms("three quarters of the budget")[:2] == ["#3", "quarter"]
    ledger = one(
        "Each kiln firing cools for 90 minutes.", 90, {"names": ["cools", "cooling"], "value": ["90 minutes"]}
    )
    assert check_facts_in_prose(ledger, "The kiln cools for an hour and a half after each firing.").ok
    assert check_facts_in_prose(ledger, "Cooling: one and a half hours.").ok
    for drift in ("The kiln cools for three-quarters of an hour.", "Cooling: a quarter of an hour."):
        assert check_facts_in_prose(ledger, drift).names == ("f1:value_changed",), drift


def test_an_abbreviated_month_with_its_dot_is_a_date() -> None:
    assert norms("renewal due Sept. 14") == ["renewal", "due", "%9-14"]
    assert [s.text for s in read_statements("Renewal due Sept. 14. Bring the form.")] == [
        "Renewal due Sept. 14.",
        "Bring the form.",
    ]
    ledger = one(
        "The visa renewal is due on 14 September.", "09-14", {"names": ["renewal"], "value": ["14 September"]}
    )
    assert check_facts_in_prose(ledger, "Visa renewal: due Sept. 14.").ok
    assert check_facts_in_prose(ledger, "Visa renewal: Sep. 14, at the consulate.").ok
    assert check_facts_in_prose(ledger, "Visa renewal: due Sept. 24.").names == ("f1:value_changed",)
    assert check_facts_in_prose(ledger, "Visa renewal: due Oct. 14.").names == ("f1:value_changed",)


# -- round 7: a markdown table cell answers its row's label ---------------------------------


def test_a_table_cell_answering_no_negates_its_label() -> None:
    ledger = one(
        "The cabin has no wifi; guests use the cafe in the village.",
        False,
        {"names": ["wifi"]},
    )
    table = "| Item | Detail |\n|---|---|\n| Cabin | Pine Lodge |\n"
    assert check_facts_in_prose(ledger, table + "| Wifi | No, use the village cafe |").ok
    assert check_facts_in_prose(ledger, table + "| Wifi | None at the cabin |").ok
    for drift in ("| Wifi | Yes, in the lounge |", "| Wifi | Free for guests |"):
        assert check_facts_in_prose(ledger, table + drift).names == ("f1:value_changed",), drift
    positive = one("The cabin has wifi in the lounge.", True, {"names": ["wifi"]})
    assert check_facts_in_prose(positive, table + "| Wifi | Yes, in the lounge |").ok
    assert check_facts_in_prose(positive, table + "| Wifi | No |").names == ("f1:value_changed",)


# -- round 7: a sentence that tells a deletion names the fact without restating it ----------


def _deleted_diagnosis() -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "My diagnosis is type 2 diabetes, found in March.")
    ledger.event("e2", "The pharmacy is on Alder Street.")
    ledger.fact(
        "f1",
        "health.diagnosis",
        "type 2 diabetes",
        sources=["e1"],
        prose={"names": ["diagnosis"], "value": ["diabetes"]},
    )
    ledger.fact(
        "f2",
        "health.pharmacy",
        "Alder Street",
        sources=["e2"],
        prose={"names": ["pharmacy"], "value": ["Alder Street"]},
    )
    ledger.delete("f1")
    return ledger


def test_a_sentence_telling_a_deletion_may_name_the_deleted_fact() -> None:
    ledger = _deleted_diagnosis()
    for summary in (
        "Pharmacy: Alder Street. The diagnosis was removed at the user's request.",
        "Pharmacy on Alder Street; the user asked to forget their diagnosis, so it is left out.",
    ):
        assert check_facts_in_prose(ledger, summary).ok, summary
    for drift in (
        "Pharmacy: Alder Street. Diagnosis: diabetes.",
        "Pharmacy: Alder Street. The diabetes diagnosis was removed at the user's request.",
    ):
        assert check_facts_in_prose(ledger, drift).names == ("f1:forbidden_deleted_fact",), drift


# -- round 7: a prohibition verb negates what it forbids -------------------------------------


def test_a_prohibition_verb_negates_what_it_forbids() -> None:
    ledger = one("The landlord bans smoking on the balcony.", False, {"names": ["smoking"]})
    assert check_facts_in_prose(ledger, "No smoking on the balcony.").ok
    assert check_facts_in_prose(ledger, "Smoking is prohibited on the balcony.").ok
    for drift in ("Smoking is fine on the balcony.", "The landlord no longer bans smoking on the balcony."):
        assert check_facts_in_prose(ledger, drift).names == ("f1:value_changed",), drift


# -- a word value's rival: a noun phrase in its slot that the conversation never used ---------


def _codes(ledger: Ledger, summary: str) -> list[str]:
    return [v.code.value for v in check_facts_in_prose(ledger, summary).violations]


@pytest.mark.parametrize(
    ("text", "value", "prose", "drifted"),
    [
        (
            "Ines Duarte takes her coffee with oat milk.",
            "oat milk",
            {"names": ["coffee"], "value": ["oat milk"]},
            "Ines Duarte: coffee with soya cream.",
        ),
        (
            "The lab ships frozen samples by courier.",
            "courier",
            {"names": ["frozen samples", "ship"], "value": ["courier"]},
            "Frozen samples are shipped through the post office.",
        ),
        (
            "Tomasz parks in the north garage.",
            "north garage",
            {"names": ["park"], "value": ["north garage"]},
            "Tomasz parks at the riverside lot.",
        ),
    ],
)
def test_a_rival_noun_phrase_in_the_value_slot_is_another_value(
    text: str, value: str, prose: dict[str, object], drifted: str
) -> None:
    assert _codes(one(text, value, prose), drifted) == ["value_changed"]


@pytest.mark.parametrize(
    ("text", "value", "prose", "faithful"),
    [
        (
            "Ines Duarte takes her coffee with oat milk.",
            "oat milk",
            {"names": ["coffee"], "value": ["oat milk"]},
            "Ines Duarte likes her coffee made with oat milk every morning.",
        ),
        (
            "The lab ships frozen samples by courier.",
            "courier",
            {"names": ["frozen samples", "ship"], "value": ["courier"]},
            "In the lab, frozen samples go out by courier.",
        ),
    ],
)
def test_the_value_in_new_surroundings_is_stated(
    text: str, value: str, prose: dict[str, object], faithful: str
) -> None:
    assert _codes(one(text, value, prose), faithful) == []


@pytest.mark.parametrize(
    ("text", "value", "prose", "drifted"),
    [
        # a verb in the value's place is another relation: the fact is left out
        (
            "Priya waters the ferns.",
            "waters",
            {"names": ["ferns"], "value": ["waters"]},
            "The ferns are repotted by Priya.",
        ),
        # a name's rival is a name, not a common noun
        (
            "Mateus coaches the under-twelves.",
            "Mateus",
            {"names": ["under-twelves"], "value": ["Mateus"]},
            "The under-twelves are coached by a parent.",
        ),
        # words before any name hold none of its slots
        (
            "Ana Ruiz keeps the spare key.",
            "spare key",
            {"names": ["keep"], "value": ["spare key"]},
            "The caretaker told Ana where to keep things.",
        ),
    ],
)
def test_words_outside_a_value_slot_leave_the_fact_missing(
    text: str, value: str, prose: dict[str, object], drifted: str
) -> None:
    assert _codes(one(text, value, prose), drifted) == ["missing"]


# -- round 8: speculation, quotation and history read from English ----------------------------


def _heard(first: str, second: str, summary: str) -> list[str]:
    """The codes for ``summary`` of a conversation: a settled fact in ``first``, then ``second``."""
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", first)
    ledger.fact("f1", "x.day", "friday", sources=["e1"], prose={"names": ["opens"], "value": ["Friday"]})
    ledger.event("e2", second)
    return _codes(ledger, summary)


_OPENS = "The clinic opens on Friday."


@pytest.mark.parametrize(
    ("second", "summary", "caught"),
    [
        # a leaning and a theory are possibilities
        (
            "We're leaning towards the coastal route for the rally.",
            "Picked the coastal route for the rally.",
            True,
        ),
        (
            "We're leaning towards the coastal route for the rally.",
            "Leaning towards the coastal route for the rally.",
            False,
        ),
        ("One hypothesis is that the pump seals wore out.", "The pump seals wore out.", True),
        ("The pump seals might have worn out.", "The cause is open; one theory is worn pump seals.", False),
        # a future with a repeated occasion is a habit; a future alone or a hedged habit is not
        (
            "Dr. Okafor will check the dressing every morning.",
            "Dr. Okafor checks the dressing every morning.",
            False,
        ),
        ("The warden will always lock the gate.", "The warden locks the gate.", False),
        ("The plumber will bring the spare valve.", "The plumber brought the spare valve.", True),
        ("The warden will probably lock the gate each night.", "The warden locks the gate each night.", True),
        # "and" before a noun phrase and its verb, after a clause with a verb, opens a clause
        (
            "Deliveries are due at noon and the courier might bring the forms.",
            "The courier brings the forms.",
            True,
        ),
        (
            "Deliveries are due at noon and the courier might bring the forms.",
            "The courier may bring the forms.",
            False,
        ),
        # a predicate joined by a comma, subject left out, holds its own hedge
        ("We usually deliver Tuesdays, might manage Monday.", "They usually deliver Tuesdays.", False),
        ("We usually deliver Tuesdays, might manage Monday.", "They manage Monday deliveries.", True),
    ],
)
def test_what_a_source_only_supposed_is_read_from_its_english(
    second: str, summary: str, caught: bool
) -> None:
    codes = _heard(_OPENS, second, f"{_OPENS} {summary}")
    assert ("unsupported_fact" in codes) is caught, codes


def _reported(text: str, word: str) -> str | None:
    statement = read_statements(text)[0]
    return statement.attributed(statement.norms.index(word))


@pytest.mark.parametrize(
    ("text", "word", "reported"),
    [
        # apostrophes of contractions and possessives open no quotation
        ("You've booked the hall; Ana's note still isn't in.", "hall", False),
        ("The roofer texted 'we can't start before Friday' this morning.", "start", True),
        # a reporting noun after a possessive, with a predicate of its own, is a thing
        ("The decorator's quote arrives on Monday.", "arriv", False),
        ("Raises the fee, per the broker's claim, not our policy.", "fee", True),
        # an aside between commas is not the speaker; a denied self word restates nothing
        ("A landlord's leaflet, forwarded by the user, claims tenants must repaint.", "repaint", True),
        ("A landlord's leaflet, forwarded by the user, says nothing of paint.", "paint", True),
        ("The user says the boiler is serviced.", "boiler", False),
    ],
)
def test_who_reports_a_sentence_is_read_from_its_punctuation(text: str, word: str, reported: bool) -> None:
    assert (_reported(text, word) is not None) is reported


def _schedule(old: str, new: str, names: list[str]) -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", f"It is {old}.")
    ledger.fact("f1", "x.y", old, sources=["e1"], prose={"names": names, "value": [old]})
    ledger.event("e2", f"It is {new} now.")
    ledger.fact("f2", "x.y", new, sources=["e2"], prose={"names": names, "value": [new]})
    ledger.supersede("f1", "f2")
    return ledger


@pytest.mark.parametrize(
    ("summary", "caught"),
    [
        # "changes" and "moves" as nouns or presents tell no history; "changed" does
        ("Filter changes are due every 6 months.", True),
        ("Filter changes are due every 6 months; the new rota moves nothing else.", True),
        ("Filter changes changed from every 6 months to every 12 months.", False),
        # a history word in a relative clause tells its own noun's history
        ("Filter changes are due every 6 months at the depot, which changed its owner.", True),
        ("Filter changes are due every 12 months, which replaced every 6 months.", False),
    ],
)
def test_history_is_told_by_a_history_verb_of_the_value(summary: str, caught: bool) -> None:
    ledger = _schedule("every 6 months", "every 12 months", ["filter changes"])
    codes = _codes(ledger, summary)
    assert ("forbidden_superseded_fact" in codes) is caught, codes


@pytest.mark.parametrize(
    ("value", "summary", "code"),
    [
        ("6 weeks", "The probation lasts six months.", "value_changed"),
        ("3 years", "The probation lasts 3 days.", "value_changed"),
        ("2 years", "The probation lasts 24 months.", None),
        ("18 months", "The probation lasts eighteen months.", None),
    ],
)
def test_a_span_of_time_in_another_unit_is_another_value(value: str, summary: str, code: str | None) -> None:
    ledger = one(f"The probation lasts {value}.", value, {"names": ["probation"], "value": [value]})
    assert _codes(ledger, summary) == ([code] if code else [])


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("Call back once the form is signed.", False),
        ("It renews once you confirm.", False),
        ("The filter is rinsed once a week.", True),
        ("She was reminded once.", True),
    ],
)
def test_once_before_a_subject_is_when_not_one_time(text: str, count: bool) -> None:
    assert ("#1" in norms(text)) is count


@pytest.mark.parametrize(
    ("text", "split"),
    [
        ("The audit is on Monday and the auditor may see the ledgers.", True),
        ("The kiln is lit at six and its door must stay shut.", True),
        ("The cat and the dog are booked for Friday.", False),
        ("Oats and the barley were sown in March.", False),
    ],
)
def test_and_before_a_noun_phrase_and_its_verb_opens_a_clause(text: str, split: bool) -> None:
    statement = read_statements(text)[0]
    assert (len(set(statement.clause)) > 1) is split, statement.clause


def test_a_hedge_inside_a_quotation_doubts_only_the_quotation() -> None:
    statement = read_statements("Note from the landlord: 'we might paint the hall.'")[0]
    assert statement.speculative(statement.norms.index("landlord")) is None
    assert statement.speculative(statement.norms.index("paint")) is not None


# -- round 9: currency codes, dates without their year, counts per period ------------------


@pytest.mark.parametrize(
    ("summary", "code"),
    [
        ("The bond is 12,000 SEK, paid before moving in.", None),
        ("Bond: SEK 12000, paid before moving in.", None),
        ("The bond is 15,000 SEK, paid before moving in.", "value_changed"),
        ("Bond: DKK 12000, paid before moving in.", "value_changed"),
    ],
)
def test_a_currency_code_in_capitals_next_to_an_amount_is_its_currency(
    summary: str, code: str | None
) -> None:
    ledger = one("bond_amount: SEK 12000", 12000, {"names": ["bond"], "value": ["SEK 12000"]})
    assert _codes(ledger, summary) == ([code] if code else [])


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("try 3 times", ["try", "#3", "~time"]),  # a word that is a code only in capitals
        ("cad 40 each", ["cad", "#40", "each"]),
        ("40 CAD", ["#40", "¤cad"]),
        ("CAD 40", ["#40", "¤cad"]),
    ],
)
def test_a_currency_code_is_read_only_in_capitals(text: str, wanted: list[str]) -> None:
    assert norms(text) == wanted


def _dated(value: str) -> Ledger:
    return one(f"appointment_date={value}", value, {"names": ["hearing"], "value": [value]})


@pytest.mark.parametrize(
    ("summary", "code"),
    [
        ("The hearing is on Tuesday 3 March, in room 4.", None),
        ("Hearing: March 3rd, room 4.", None),
        ("The hearing is on 3 March 2026, in room 4.", None),
        ("The hearing is on Tuesday 10 March, in room 4.", "value_changed"),
        ("The hearing is on 3 March 2027, in room 4.", "value_changed"),
        ("The hearing is on 3 April, in room 4.", "value_changed"),
    ],
)
def test_a_date_without_its_year_is_the_iso_date_with_that_month_and_day(
    summary: str, code: str | None
) -> None:
    assert _codes(_dated("2026-03-03"), summary) == ([code] if code else [])


def test_a_date_without_its_year_in_a_superseded_value() -> None:
    ledger = _schedule("2026-03-03", "2026-03-17", ["hearing"])
    assert "forbidden_superseded_fact" in _codes(ledger, "The hearing is on 3 March.")
    assert _codes(ledger, "The hearing is on 17 March (moved from 3 March).") == []


@pytest.mark.parametrize(
    ("summary", "code"),
    [
        ("Biscuit gets three meals a day.", None),
        ("Biscuit: 3 small meals daily.", None),
        ("Biscuit gets two meals a day.", "value_changed"),
        ("Biscuit: one meal daily.", "value_changed"),
    ],
)
def test_a_count_of_things_done_each_period_is_how_many_times(summary: str, code: str | None) -> None:
    ledger = one("Biscuit is fed three times a day.", 3, {"names": ["Biscuit"], "value": ["three times"]})
    assert _codes(ledger, summary) == ([code] if code else [])


@pytest.mark.parametrize(
    ("text", "counted"),
    [
        ("two rinses per week", True),
        ("1 tablet every night", True),
        ("10 minutes a day", False),  # a span, not a count of things
        ("the 2nd dose daily", False),  # an ordinal counts nothing
        ("in 2026 walks daily", False),  # a year counts nothing
    ],
)
def test_a_count_per_period_reads_as_times(text: str, counted: bool) -> None:
    assert ("~time" in norms(text)) is counted


@pytest.mark.parametrize(
    ("summary", "caught"),
    [
        # "until" before a time of day ends the day's span: the old start stays stated as current
        ("The sprinklers come on at 05:30 and run until 06:15.", True),
        ("Sprinklers: start at 05:30 and stay on until 6:15 am.", True),
        # history words still tell the change
        ("The sprinklers run from 06:00 (previously 05:30) until 06:15.", False),
        ("The sprinklers used to start at 05:30; they now start at 06:00 and run until 06:15.", False),
    ],
)
def test_until_before_a_time_of_day_tells_no_history(summary: str, caught: bool) -> None:
    ledger = _schedule("05:30", "06:00", ["sprinklers"])
    codes = _codes(ledger, summary)
    assert ("forbidden_superseded_fact" in codes) is caught, codes
