"""Helpers the test folders share (the games' scenario modules import them from here)."""
