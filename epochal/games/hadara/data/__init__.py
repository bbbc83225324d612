"""Built-in Hadara data (hadara.json) and the script that generates it."""
