"""Round 47's rules of English (LangChain and mem0-style memory; coding-agent compaction
notes), each tested in other words than the held-out set that showed the need:

- "get approval from Ms. Ortiz before ..." is a command (a verb of getting, a bare noun and
  a name);
- "must be kept away from" forbids, and keeps a duty written as "Keep X out of Y";
- a next step suggested after ", so" does not make the attempt before it a suggestion;
- a web address names its host's words ("https://docs.quillmark.io" names "docs.quillmark.io").
"""

from __future__ import annotations

from _prose_rules import failure, passes, rule, weakened

from tests._prose_facts import fact, names


def test_a_command_to_get_something_from_someone() -> None:
    register = rule(
        "Get approval from Ms. Ortiz before ordering any laptop over approx. $1,200.",
        ["laptop"],
        "obligation",
    )
    assert passes(
        register, "- Must get approval from Ms. Ortiz before ordering any laptop over approx. $1,200"
    )
    assert weakened(
        register, "- Could get approval from Ms. Ortiz before ordering any laptop over approx. $1,200"
    )


def test_kept_away_in_the_passive_forbids() -> None:
    register = rule("Never give Pepper chocolate or xylitol.", ["chocolate"], "prohibition")
    assert passes(register, "Pepper must be kept away from chocolate and xylitol at all times.")
    assert weakened(register, "Chocolate and xylitol aren't great for Pepper.")
    duty = rule(
        "Keep the toddler out of the garage whenever the saw is plugged in.", ["garage"], "obligation"
    )
    assert passes(duty, "The toddler must be kept out of the garage whenever the saw is plugged in.")


def test_a_next_step_after_so_is_not_the_attempt() -> None:
    register = failure(
        "Reinstalling the printer driver was tried twice; the print queue stayed stuck both times.",
        ["printer driver"],
        ["stayed stuck"],
    )
    told = (
        "They reinstalled the printer driver twice, and the print queue stayed stuck both times, "
        "so the AI suggested a new cable."
    )
    assert passes(register, told)
    assert not passes(
        register, "The AI suggested a few options, such as reinstalling the printer driver or a new cable."
    )


def test_a_web_address_names_its_host() -> None:
    ledger = fact(
        "The docs live at https://docs.quillmark.io.",
        "repo.docs_url",
        "docs.quillmark.io",
        {"names": ["docs"], "value": ["docs.quillmark.io"]},
    )
    assert names(ledger, "Docs live at `https://docs.quillmark.io`.") == ()
    assert names(ledger, "Docs live at `https://docs.inkwell.io`.") == ("f1:value_changed",)
