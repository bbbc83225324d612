"""Agents: generic over the engine protocol. ``make_agent`` turns a name into an agent."""

from .base import Agent, RandomAgent, make_agent, parse_agents

__all__ = ["Agent", "RandomAgent", "make_agent", "parse_agents"]
