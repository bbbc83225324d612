"""Built-in Guns & Steel card data (guns_and_steel.json) and the script that generates it."""
