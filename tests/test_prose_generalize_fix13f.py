"""Rules from round 13's held-out fact triples and a new user's trial (fix13f), each tested
in other words than the triples': faithful readings it must keep and drifts it must catch.
"""

from __future__ import annotations

from _prose_facts import events as _events
from _prose_facts import fact as _fact
from _prose_facts import names

from pytest_compaction.core.ledger import Ledger

# -- a verb of remaining or leaving with "behind" tells what does not go along -------------


def _trip() -> Ledger:
    return _fact(
        "The kayak won't come on the camping trip, Ingrid is borrowing it that week.",
        "trip.kayak_packed",
        False,
        {"names": ["kayak"]},
    )


def test_staying_or_left_behind_is_not_going_along() -> None:
    ledger = _trip()
    assert names(ledger, "Gear: tent, stove and bikes. The kayak stays behind (Ingrid has it).") == ()
    assert names(ledger, "Packing for the trip: we leave the kayak behind.") == ()
    assert names(ledger, "The kayak is left behind for Ingrid.") == ()
    assert names(ledger, "Gear: tent, stove, bikes and the kayak.") == ("f1:value_changed",)
    assert names(ledger, "The kayak comes along on the roof rack.") == ("f1:value_changed",)


def test_behind_with_an_object_is_a_place() -> None:
    ledger = _trip()
    assert names(ledger, "The kayak stays behind the tent on the roof rack.") == ("f1:value_changed",)
    assert names(ledger, "The kayak remains behind the van, packed for the trip.") == ("f1:value_changed",)


# -- a verb of saying does not report what the source only believed -----------------------


def _damp() -> Ledger:
    return _events(
        "There's a damp patch on the bedroom ceiling.",
        "My neighbour reckons the damp could be a roof leak from the storm.",
    )


def test_a_belief_reported_as_a_saying_is_settled() -> None:
    ledger = _damp()
    assert names(ledger, "Damp patch on the bedroom ceiling; the neighbour says it is a roof leak.") == (
        "unsupported_fact",
    )
    assert names(ledger, "Damp patch on the ceiling. Per the neighbour, a roof leak from the storm.") == (
        "unsupported_fact",
    )
    assert names(ledger, "Damp patch on the ceiling; the neighbour thinks it may be a roof leak.") == ()
    assert names(ledger, "Damp patch on the ceiling (a roof leak, possibly, in the neighbour's view).") == ()


def test_a_saying_reported_as_a_saying_is_still_reported() -> None:
    ledger = _events("The courier said the parcel could be held at the depot over the weekend.")
    assert names(ledger, "The courier said the parcel might be held at the depot.") == ()
    assert names(ledger, "Parcel held at the depot over the weekend.") == ("unsupported_fact",)


# -- a capitalized "Wed", "Sat", "Sun" where a time adverbial stands is a weekday ------------


def test_a_weekday_abbreviation_in_a_time_slot_is_a_weekday() -> None:
    from pytest_compaction.prose.normalize import tokens

    def norms(text: str) -> list[str]:
        return [t.norm for t in tokens(text)]

    assert "saturday" in norms("Plumber returning Sat to fit the tap.")
    assert "sunday" in norms("Library open until Sun.")
    assert "sun" in norms("Sat in the rising Sun with a coffee.")
    assert "wed" in norms("They wed in June.")


def _plumber() -> Ledger:
    return _events(
        "The kitchen mixer tap is leaking.",
        "The plumber could return on Saturday to fit a new one, nothing booked yet.",
    )


def test_a_doubted_visit_told_with_an_abbreviated_day() -> None:
    ledger = _plumber()
    assert names(ledger, "Mixer tap leaking; plumber returning Sat, booked.") == ("unsupported_fact",)
    assert names(ledger, "Mixer tap leaking. Plumber back by Sat.") == ("unsupported_fact",)
    assert names(ledger, "Mixer tap leaking; plumber maybe returning Sat, nothing booked yet.") == ()
    assert names(ledger, "Mixer tap leaking; the plumber might return Sat (not booked).") == ()


# -- "w/" is "with", and note style drops the article of "as (a) fallback" ----------------


def _workshop() -> Ledger:
    ledger = _events("The pottery workshop is in Room 4.", "Update: the pottery workshop moves to Room 9.")
    prose = {"names": ["pottery workshop", "workshop"]}
    ledger.fact("f1", "class.room", "4", sources=["e1"], prose={**prose, "value": ["Room 4"]})
    ledger.fact("f2", "class.room", "9", sources=["e2"], prose={**prose, "value": ["Room 9"]})
    ledger.supersede("f1", "f2")
    return ledger


def test_the_old_value_with_the_new_as_a_fallback_is_current() -> None:
    ledger = _workshop()
    assert names(ledger, "Pottery workshop in Room 4, w/ Room 9 as backup if it fills up.") == (
        "f1:forbidden_superseded_fact",
    )
    assert names(ledger, "Workshop: Room 4, with Room 9 as fallback if the kilns need space.") == (
        "f1:forbidden_superseded_fact",
    )
    assert names(ledger, "Pottery workshop now in Room 9, w/ the kilns as before.") == ()
    assert names(ledger, "Workshop moved from Room 4 to Room 9.") == ()


# -- a bare reading told with a unit of measure: another number with a unit is another value --


def _weight() -> Ledger:
    return _fact(
        "he weighed um seventy two point five on the bathroom scale this morning",
        "health.weight_kg",
        72.5,
        {"names": ["weight", "weighed"], "value": ["seventy two point five", "72.5"]},
    )


def test_another_measured_number_is_another_reading() -> None:
    ledger = _weight()
    assert names(ledger, "Weight this morning: 75.2 kg (bathroom scale).") == ("f1:value_changed",)
    assert names(ledger, "Weighed 27.5 kg on the bathroom scale.") == ("f1:value_changed",)
    assert names(ledger, "Weight this morning: 72.5 kg (bathroom scale).") == ()
    assert names(ledger, "Weighed 72.5 kg this morning, 2 kg less than last month.") == ()


def test_a_span_of_time_is_no_reading() -> None:
    ledger = _weight()
    assert names(ledger, "Weighed this morning after 3 days of fasting.") == ("f1:missing",)


def test_a_whole_number_may_count_things() -> None:
    ledger = _fact("the minibus takes fourteen", "trip.minibus_seats", 14, {"names": ["minibus"]})
    assert names(ledger, "The minibus is 6 metres long.") == ("f1:missing",)
    assert names(ledger, "The minibus takes 41.") == ("f1:value_changed",)


# -- the alternative the source ruled out ("X, not the Y one") told as the value -------------


def _sofa() -> Ledger:
    return _fact(
        "could you deliver the sofa to the Oakfield depot not the city centre store thanks",
        "order.sofa_delivery_site",
        "Oakfield",
        {"names": ["deliver", "delivery"], "value": ["Oakfield"]},
    )


def test_the_ruled_out_alternative_is_another_value() -> None:
    ledger = _sofa()
    assert names(ledger, "Sofa delivery to the city centre store.") == ("f1:value_changed",)
    assert names(ledger, "Sofa: we deliver it to the city store on Monday.") == ("f1:value_changed",)
    assert names(ledger, "Sofa delivery to the Oakfield depot, not the city centre store.") == ()
    assert names(ledger, "Deliver the sofa to Oakfield (not city centre).") == ()
