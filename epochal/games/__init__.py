"""The games: one package each, of the same shape (docs/engine.md, "Adding a game")."""
