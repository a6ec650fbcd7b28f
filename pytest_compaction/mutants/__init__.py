"""Drift mutants and the mutation run."""
