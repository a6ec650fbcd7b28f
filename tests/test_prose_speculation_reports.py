"""A doubt reported by its speaker, and names written with or without their accents.

- A plain verb of saying ("said", "reported", "mentioned") tells what was said as it was
  said: "Ines said the depot is closing in March" for "the depot might close in March"
  drops the doubt (``unsupported_fact``), even with the speaker named. A question, a
  request, or a verb that keeps the doubt ("suggested", "claimed", "estimated") reports it.
- A consequence after ", so" keeps its own hedge: "the boiler has failed, so the gym would
  have to close" states the failure as settled.
- A possessed subject before the doubt is given: "the vet thinks Pepper's limp could be a
  hip problem" doubts the cause, not the limp.
- Words with accents read the same written without them ("Zoë" / "Zoe", "Søren" / "Soren");
  letters outside A-Z are words, not gaps ("Lucía" is one name, not "Luc" and "a").
"""

from __future__ import annotations

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.normalize import tokens
from tests._prose_facts import events, fact, names


def _depot() -> Ledger:
    ledger = events(
        "INES: The night shift starts at 22:00 from Monday.",
        "INES: I've heard the Fenwick depot might close in March, nothing official.",
    )
    ledger.fact("f1", "shift.night_start", "22:00", sources=["e1"], prose={"names": ["night shift"]})
    return ledger


def test_a_doubt_said_without_its_hedge_is_settled_even_with_its_speaker_named() -> None:
    ledger = _depot()
    assert names(
        ledger, "Night shift starts 22:00 from Monday. Ines said the Fenwick depot is closing in March."
    ) == ("unsupported_fact",)
    assert names(
        ledger, "Night shift at 22:00 from Monday; Ines reported that the Fenwick depot has closed."
    ) == ("unsupported_fact",)


def test_a_doubt_reported_with_its_hedge_or_a_doubting_verb_passes() -> None:
    ledger = _depot()
    assert (
        names(
            ledger, "Night shift starts 22:00 from Monday. Ines said the Fenwick depot might close in March."
        )
        == ()
    )
    assert (
        names(
            ledger,
            "Night shift at 22:00 from Monday; Ines heard an unofficial rumour the Fenwick depot may close.",
        )
        == ()
    )
    assert (
        names(
            ledger, "Night shift at 22:00 from Monday. Ines suggested the Fenwick depot could close in March."
        )
        == ()
    )


def test_a_hedge_after_so_does_not_reach_back() -> None:
    ledger = events(
        "The sports hall opens at 07:30.",
        "The caretaker thinks the boiler might fail this winter.",
    )
    ledger.fact("f1", "hall.opens", "07:30", sources=["e1"], prose={"names": ["sports hall"]})
    drifted = (
        "Sports hall opens 07:30. The caretaker reported that the boiler has failed, so the hall would close."
    )
    assert names(ledger, drifted) == ("unsupported_fact",)
    faithful = (
        "Sports hall opens 07:30. The caretaker thinks the boiler might fail this winter, "
        "so the hall could close."
    )
    assert names(ledger, faithful) == ()


def test_a_possessed_subject_before_the_doubt_is_given() -> None:
    ledger = events(
        "Pepper's X-rays are booked for Monday at 09:00.",
        "Dr. Amsel thinks Pepper's limp could be a hip problem.",
    )
    ledger.fact("f1", "pet.xray", "Monday", sources=["e1"], prose={"names": ["X-rays"]})
    assert names(ledger, "Owner reports Pepper is limping. X-rays Monday 09:00.") == ()
    assert names(ledger, "Pepper is limping. X-rays Monday 09:00; Dr. Amsel suspects a hip problem.") == ()
    assert names(ledger, "X-rays Monday 09:00. Dr. Amsel has found a hip problem.") == ("unsupported_fact",)


def test_accented_letters_are_words_and_read_without_their_accents() -> None:
    def norms(text: str) -> list[str]:
        return [t.norm for t in tokens(text)]

    assert norms("Zoë met Søren at the Straße") == norms("Zoe met Soren at the Strasse")
    assert "lucia" in norms("Lucía's follow-up")
    assert "hallgrimsdottir" in norms("PROF. HALLGRÍMSDÓTTIR: the grant went in.")


def test_a_name_written_without_its_accents_states_the_fact() -> None:
    ledger = fact(
        "Renée Okonkwo-Müller collects the keys on Thursday.",
        "keys.collected_by",
        "Renée Okonkwo-Müller",
        {"names": ["keys"], "value": ["Renée Okonkwo-Müller"]},
    )
    assert names(ledger, "Keys: collected Thursday by Renee Okonkwo-Muller.") == ()
    assert names(ledger, "Keys: collected Thursday by Renée Okonkwo-Müller.") == ()
    assert names(ledger, "Keys: collected Thursday.") != ()
