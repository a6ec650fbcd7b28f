"""Hypothesis strategies, the memory state machine and the fuzz properties."""
