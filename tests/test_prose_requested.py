"""What someone asked for is not what is so: "asked for the boiler to be serviced, but the
landlord said it will not be serviced" states the service refused (``value_changed``),
though the request comes first and nearer the name; a request granted passes."""

from __future__ import annotations

from tests._prose_facts import fact, names

LEDGER = fact(
    "Tenant: can the boiler be serviced this week? Landlord: Yes, the boiler will be serviced on Wednesday.",
    "flat.boiler_service_booked",
    True,
    {"names": ["boiler"], "value": ["serviced"]},
)


def test_a_request_then_a_refusal_states_the_refusal() -> None:
    refused = "The tenant asked for the boiler to be serviced, but the landlord said it will not be serviced."
    assert names(LEDGER, refused) == ("f1:value_changed",)
    refused = "The tenant wants the landlord to get the boiler serviced; the boiler is not being serviced."
    assert names(LEDGER, refused) == ("f1:value_changed",)


def test_a_request_then_its_granting_passes() -> None:
    granted = (
        "The tenant asked for the boiler to be serviced, and the landlord confirmed it will be "
        "serviced Wednesday."
    )
    assert names(LEDGER, granted) == ()
    assert names(LEDGER, "Boiler to be serviced on Wednesday, as the tenant asked.") == ()
