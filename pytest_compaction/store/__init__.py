"""Storage, retrieval and the storage contract."""
