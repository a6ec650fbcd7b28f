"""Metamorphic relations and repeated compression."""
