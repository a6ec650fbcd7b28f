"""Spec variants beyond the scenario as written: metamorphic relations and repeated compression."""

from __future__ import annotations
