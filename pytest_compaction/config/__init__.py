"""Configuration helpers shared by the front ends."""
