// Pokedex stage; see docs/ARCHITECTURE.md.
