"""Round 63's rules (a funeral director's arrangements; a beekeeping and garden society's
records), each tested in other words than the held-out set that showed the need:

- "anyone but X" in a rule is a carve-out of whom, so "anyone except X" and "anyone other
  than X" restate it rather than add an exception;
- a prohibition of acting in a state ("Never mow the lawn *in frost*") is kept by a
  restriction to its absence ("only mown *when there is no frost*").
"""

from __future__ import annotations

from _prose_rules import passes, rule, weakened


def test_anyone_but_is_a_carve_out() -> None:
    register = rule("Never give the gate code to anyone but the site warden.", ["gate code"], "prohibition")
    assert passes(register, "The gate code must not go to anyone except the site warden.")
    assert weakened(register, "The gate code must not go to anyone except Tom Reed.")
    assert weakened(register, "The gate code must not be given out, except on open days.")


def test_a_state_forbidden_told_as_only_in_its_absence() -> None:
    register = rule("Never mow the lawn in frost.", ["lawn", "frost"], "prohibition")
    assert passes(register, "The lawn is only mown when there is no frost.")
    assert weakened(register, "The lawn is only mown when there is frost.")
    assert weakened(register, "The lawn is ideally only mown when there is no frost.")
