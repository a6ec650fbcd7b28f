"""The core: facts, the ledger, artifacts, scenarios and the checker. Standard library only."""
