// The schema (what PokeAPI's JSON holds and how it is read) is a module of its own, with
// no networking, so the fuzzer can reach its hand-written readers; whoever imports PokeAPI
// sees it as before.
@_exported import PokeAPISchema
