"""Simulation: self-play series, benchmarks."""
