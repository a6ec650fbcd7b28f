"""Bindings: reassigned, unresolvable and collapsed references after compaction."""

from __future__ import annotations

import pytest

from pytest_compaction.core.errors import PayloadError
from pytest_compaction.prose.bindings import Binding, BindingSet, Reference, check_bindings


def session() -> BindingSet:
    return BindingSet.from_dict(
        [
            {
                "id": "migration-target",
                "canonical_id": "db-staging",
                "phrase": "the staging database",
                "aliases": ["staging db"],
                "ambiguous": ["the database", "the db"],
                "anchors": ["migration"],
            },
            {
                "canonical_id": "db-prod",
                "phrase": "the production database",
                "aliases": ["prod db"],
                "ambiguous": ["the database"],
            },
            {"canonical_id": "task-14", "phrase": "T-14", "anchors": ["login test"]},
            {"canonical_id": "task-41", "phrase": "T-41", "anchors": ["billing export"]},
        ]
    )


def names(summary: str) -> tuple[str, ...]:
    return check_bindings(session(), summary).names


# -- binding_reassigned ---------------------------------------------------------------


def test_reassigned_when_the_statement_names_another_resource() -> None:
    verdict = check_bindings(session(), "Run the migration on the production database.")
    assert verdict.names == ("migration-target:binding_reassigned",)
    violation = verdict.violations[0]
    assert (violation.expected, violation.observed) == ("db-staging", "db-prod")
    assert violation.detail == (
        "sentence 1: 'the production database' (db-prod) stands where 'the staging database' (db-staging) was"
    )


def test_reassigned_through_an_ambiguous_phrase_bound_to_the_wrong_antecedent() -> None:
    # "the staging database" became "the database"; a later pass put production before it.
    verdict = check_bindings(
        session(), "The production database is read-only. Run the migration on the database."
    )
    assert verdict.names == ("migration-target:binding_reassigned",)
    assert verdict.violations[0].detail == (
        "sentence 2: 'the database' (after 'The production database', so db-prod) stands where "
        "'the staging database' (db-staging) was"
    )


@pytest.mark.parametrize(
    "summary",
    [
        "Run the migration on the staging database. The production database is read-only.",
        "Run the migration on staging db.",
        "Run the migration on Staging DB.",
        "For the migration, use the staging database, not the production database.",
        "Set up the staging database. Then run the migration on the database.",
    ],
)
def test_faithful_references_pass(summary: str) -> None:
    assert names(summary) == ()


# -- binding_unresolvable -------------------------------------------------------------


def test_unresolvable_when_only_the_ambiguous_phrase_is_left() -> None:
    verdict = check_bindings(session(), "Run the migration on the database.")
    assert verdict.names == ("migration-target:binding_unresolvable",)
    violation = verdict.violations[0]
    assert violation.observed == "the database"
    assert violation.detail == (
        "sentence 1: 'the database' could be db-staging or db-prod, and none of them is named before it; "
        "say 'the staging database'"
    )


def test_unresolvable_when_the_statement_no_longer_names_its_target() -> None:
    verdict = check_bindings(session(), "Run the migration tonight.")
    assert verdict.names == ("migration-target:binding_unresolvable",)
    assert verdict.violations[0].detail == (
        "sentence 1 still makes the statement ('migration') but no longer names 'the staging database'"
    )


def test_unanchored_binding_flags_an_ambiguous_phrase_no_one_resolves() -> None:
    assert names("The database is slow.") == ("db-prod:binding_unresolvable",)


def test_an_ambiguous_phrase_after_a_precise_one_resolves_to_it() -> None:
    assert names("The production database is slow; the database needs an index.") == ()


def test_a_statement_the_summary_dropped_is_not_a_binding_violation() -> None:
    assert names("The user prefers short answers.") == ()


# -- identifier_collapsed -------------------------------------------------------------


def test_identifiers_kept_apart_pass() -> None:
    assert names("T-14 tracks the flaky login test; T-41 tracks the billing export.") == ()


def test_identifiers_merged() -> None:
    verdict = check_bindings(session(), "T-14 tracks the flaky login test and the billing export.")
    assert verdict.names == ("task-41:identifier_collapsed",)
    assert verdict.violations[0].detail == "sentence 1: 'T-41' was merged into 'T-14'"


def test_identifiers_swapped() -> None:
    verdict = check_bindings(session(), "T-41 tracks the flaky login test; T-14 tracks the billing export.")
    assert verdict.names == ("task-14:identifier_collapsed", "task-41:identifier_collapsed")
    assert [v.detail for v in verdict] == [
        "sentence 1: 'T-14' was swapped with 'T-41'",
        "sentence 1: 'T-41' was swapped with 'T-14'",
    ]


def test_identifier_renumbered() -> None:
    verdict = check_bindings(session(), "T-15 tracks the flaky login test; T-41 tracks the billing export.")
    assert verdict.names == ("task-14:identifier_collapsed",)
    assert verdict.violations[0].observed == "T-15"
    assert (
        verdict.violations[0].detail == "sentence 1: 'T-14' was renumbered as 'T-15', which no binding knows"
    )


def test_unanchored_identifier_renumbered_anywhere() -> None:
    table = BindingSet((Binding(canonical_id="task-14", phrase="T-14"),))
    assert check_bindings(table, "Ticket T-140 is open; T-14 is closed.").ok
    assert check_bindings(table, "Ticket T-41 is closed.").names == ("task-14:identifier_collapsed",)
    assert check_bindings(table, "Nothing about tickets.").ok


def test_identifiers_match_exactly() -> None:
    table = BindingSet((Binding(canonical_id="task-14", phrase="T-14", anchors=("login",)),))
    assert check_bindings(table, "T-141 is the login bug.").names == ("task-14:identifier_collapsed",)
    assert check_bindings(table, "The login bug is T-14.").ok


# -- the binding table ------------------------------------------------------------------


def test_references_prefer_the_longest_phrase() -> None:
    refs = session().references("Use the staging database, not the database.")
    assert [(r.text, r.canonical_id, r.candidates) for r in refs] == [
        ("the staging database", "db-staging", ()),
        ("the database", None, ("db-staging", "db-prod")),
    ]
    assert isinstance(refs[0], Reference)


def test_resolve_ignores_case_and_article_for_word_phrases() -> None:
    table = session()
    assert table.resolve("Staging DB") == "db-staging"
    assert table.resolve("production database") == "db-prod"
    assert table.resolve("t-14") is None
    assert table.resolve("T-14") == "task-14"


def test_binding_round_trips_and_defaults_its_id() -> None:
    binding = Binding.from_dict({"canonical_id": "task-14", "phrase": "T-14", "anchors": ["login test"]})
    assert binding.id == "task-14"
    assert binding.is_identifier
    assert Binding.from_dict(binding.to_dict()) == binding
    assert BindingSet.from_dict(session().to_dict()) == session()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"bindings": "db"}, "bindings: expected a list, got 'db' (str)"),
        ([{"phrase": "T-14"}], "bindings[0].canonical_id: required key is missing"),
        (
            [{"canonical_id": "x", "phrase": ""}],
            "bindings[0].phrase: expected a non-empty string, got '' (str)",
        ),
        (
            [{"canonical_id": "x", "phrase": "T-1", "anchor": ["a"]}],
            "bindings[0].anchor: unknown key; did you mean 'anchors'?",
        ),
        (
            [{"canonical_id": "x", "phrase": "T-1", "aliases": [3]}],
            "bindings[0].aliases[0]: expected a non-empty string, got 3 (int)",
        ),
        (
            [{"canonical_id": "db", "phrase": "the database", "ambiguous": ["database"]}],
            "bindings[0].ambiguous[0]: 'database' is also one of the binding's precise phrases; "
            "a phrase is precise or ambiguous, not both",
        ),
        (
            [
                {"canonical_id": "db-a", "phrase": "the main database"},
                {"canonical_id": "db-b", "phrase": "The main database"},
            ],
            "bindings[1].phrase: 'The main database' resolves to both 'db-a' and 'db-b'; "
            "list it under 'ambiguous' instead",
        ),
        (
            [
                {"canonical_id": "db-a", "phrase": "the database"},
                {"canonical_id": "db-b", "phrase": "the db b", "ambiguous": ["the database"]},
            ],
            "bindings[1].ambiguous[0]: 'the database' is ambiguous here but resolves precisely to 'db-a' "
            "in another binding",
        ),
        (
            [{"canonical_id": "db-a", "phrase": "db a"}, {"canonical_id": "db-a", "phrase": "db A2"}],
            "bindings[1].id: 'db-a' names two bindings; give each its own id (it defaults to canonical_id)",
        ),
    ],
)
def test_from_dict_names_the_bad_field(data: object, message: str) -> None:
    if isinstance(data, dict):
        data = data["bindings"]
    with pytest.raises(PayloadError) as info:
        BindingSet.from_dict(data)
    assert str(info.value) == message


def test_check_bindings_accepts_plain_lists() -> None:
    verdict = check_bindings(
        [Binding(canonical_id="db-staging", phrase="staging db", ambiguous=("the db",))], "Use the db."
    )
    assert verdict.names == ("db-staging:binding_unresolvable",)
