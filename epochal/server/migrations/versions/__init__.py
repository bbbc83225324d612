"""Migration scripts, oldest first (a package only so that setuptools installs them)."""
