"""Spec files: safe YAML, the spec format, its schema, the writer and the linter."""
