"""Alembic migrations of the web table's database, applied by the server at start-up."""
