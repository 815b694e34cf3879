// PokeAPI stage; see docs/ARCHITECTURE.md.
