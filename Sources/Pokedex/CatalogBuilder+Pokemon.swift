import PokeAPI
import Common
/// A pokemon normalized, with the moves, abilities, items and stats it refers to.
struct DecodedPokemon: Codable, Sendable {
    var pokemon: Pokemon
    var references: References
}

extension CatalogBuilder {
    /// How many pokemon are decoded before their references are merged.
    static let pokemonChunk = 256

    /// Decodes the varieties of the selected species, grouped per species in variety order,
    /// and adds what they refer to to `references` (in that order: the first link to a slug wins).
    ///
    /// A pokemon's references (every move it learns, with its id) are merged a chunk at a
    /// time, not held for every pokemon until the last is decoded: at ten times the dex they
    /// were 30 MB waiting to be merged.
    func loadPokemon(of selected: [SpeciesDraft], order: VersionOrder, references: inout References) async throws(CatalogIssue) -> [[Pokemon]] {
        struct Job: Sendable {
            var speciesIndex: Int
            var link: Wire.Link
            var species: Species
            var speciesInputs: UInt64
        }
        var jobs: [Job] = []
        for (index, draft) in selected.enumerated() {
            for link in draft.varieties {
                jobs.append(Job(speciesIndex: index, link: link, species: draft.species, speciesInputs: draft.inputs))
            }
        }
        let store = self.store
        let localized = self.localized
        let base = DerivedRecord<DecodedPokemon>.base(language: localized.language, order: order)
        let width = self.width
        @Sendable func decode(_ chunk: [Job]) async -> Result<[DecodedPokemon], CatalogIssue> {
            do throws(CatalogIssue) {
                return .success(try await BoundedConcurrency.map(chunk, width: width) { job throws(CatalogIssue) in
                    guard let id = job.link.id else {
                        throw .malformedResource(
                            path: store.file("pokemon-species", job.species.id),
                            jsonPath: "$.varieties[].pokemon.url", detail: "no id in \"\(job.link.url)\"")
                    }
                    // Normalized for this species (whose draft gives it its name and more): named
                    // by both, and made again when the draft was.
                    var inputs = base
                    inputs.add(Int(truncatingIfNeeded: job.speciesInputs))
                    return try store.derived(DecodedPokemon.self, name: "pokemon/\(id)/\(job.species.id)@\(localized.language)", base: inputs) { store throws(CatalogIssue) in
                        let raw = try store.load(Wire.Pokemon.self, "pokemon", id, neededBy: "species \(job.species.slug)")
                        return try Self.normalize(raw, species: job.species, store: store, localized: localized, order: order)
                    }.value
                })
            } catch {
                return .failure(error)
            }
        }
        var grouped = Array(repeating: [Pokemon](), count: selected.count)
        func merge(_ chunk: [Job], _ decoded: [DecodedPokemon]) {
            for (job, result) in zip(chunk, decoded) {
                grouped[job.speciesIndex].append(result.pokemon)
                references.merge(result.references)
            }
        }
        // Each chunk's results are merged while the next chunk decodes: merged between
        // chunks, the second core waited for them.
        var previous: (chunk: [Job], decoded: [DecodedPokemon])?
        for start in stride(from: 0, to: jobs.count, by: Self.pokemonChunk) {
            let chunk = Array(jobs[start..<min(start + Self.pokemonChunk, jobs.count)])
            async let next = decode(chunk)
            if let (chunk, decoded) = previous { merge(chunk, decoded) }
            previous = (chunk, try await next.get())
        }
        if let (chunk, decoded) = previous { merge(chunk, decoded) }
        return grouped
    }

    static func normalize(
        _ raw: Wire.Pokemon, species: Species, store: ResourceStore, localized: Localized, order: VersionOrder
    ) throws(CatalogIssue) -> DecodedPokemon {
        var references = References()
        let isDefault = raw.isDefault ?? (species.varieties.first == raw.name)
        var name = species.name
        var formName: String?
        var searchNames = localized.searchNames(species.names.map { ($0.language, $0.name) }, display: species.name)
        var form = FormInfo()
        var cosmetic: [CosmeticForm] = []
        for (index, link) in (raw.forms ?? []).enumerated() {
            guard let formID = link.id, let record = try store.loadIfPresent(Wire.PokemonForm.self, "pokemon-form", formID) else { continue }
            if index == 0 {
                form.formName = record.formName ?? ""
                form.isMega = record.isMega ?? false
                form.isBattleOnly = record.isBattleOnly ?? false
                if !isDefault {
                    formName = localized.name(record.formNames)
                    // The full name in the site's language; else the species' name and the form's
                    // in it ("ピカチュウ (ハードロック)"); only then English standing in.
                    let fullName = localized.name(record.names)
                    let composed = formName.map { "\(species.name) (\($0))" }
                    if let fullName, !LanguageMark.isMarked(fullName) {
                        name = fullName
                    } else if let composed, let formName, !LanguageMark.isMarked(formName), !LanguageMark.isMarked(species.name) {
                        name = composed
                    } else {
                        name = fullName ?? composed ?? species.name
                    }
                    searchNames = localized.searchNames(record.names, display: name)
                }
            } else {
                // A cosmetic form of this pokemon (Unown's letters): its own name and picture.
                let label = localized.name(record.formNames) ?? localized.name(record.names) ?? Localized.words(record.formName ?? record.name)
                cosmetic.append(CosmeticForm(slug: record.name, name: label, sprite: ResourceURL.spritePath(record.sprites?.frontDefault?.url)))
            }
        }

        let abilities = (raw.abilities ?? []).compactMap { entry -> AbilitySlot? in
            guard let link = entry.ability, let slug = link.name else { return nil }
            References.note(link, in: &references.abilities)
            return AbilitySlot(ability: slug, isHidden: entry.isHidden, slot: entry.slot)
        }.sorted { $0.slot < $1.slot }
        let stats = (raw.stats ?? []).compactMap { entry -> BaseStat? in
            guard let slug = entry.stat.name else { return nil }
            References.note(entry.stat, in: &references.stats)
            return BaseStat(stat: slug, value: entry.baseStat)
        }
        let effort = (raw.stats ?? []).compactMap { entry -> BaseStat? in
            guard let slug = entry.stat.name, let value = entry.effort, value > 0 else { return nil }
            return BaseStat(stat: slug, value: value)
        }
        var rarities: [HeldItemRarity] = []
        for held in raw.heldItems ?? [] {
            guard let item = held.item.name else { continue }
            for detail in held.versionDetails ?? [] {
                guard let version = detail.version.name else { continue }
                rarities.append(HeldItemRarity(item: item, version: version, rarity: detail.rarity ?? 0))
            }
        }
        var encounters = EncounterList()
        if let link = raw.locationAreaEncounters, let path = APIResourcePath(link: link.url), let id = path.identifier.flatMap({ Int($0) }),
           let found = try store.loadIfPresent(Wire.Encounters.self, APIResourcePath.encounters, id) {
            encounters = Self.encounters(found, references: &references)
        }
        let heldItems = (raw.heldItems ?? []).compactMap { entry -> String? in
            References.note(entry.item, in: &references.items)
            return entry.item.name
        }
        let learnset = raw.moves ?? Wire.Learnset()
        let group = newestGroup(learnset, order: order)
        var moveIndices = Set<Int>()
        for word in learnset.packed { moveIndices.insert(Int(word >> 32)) }
        for index in moveIndices.sorted() where learnset.moves[index].name != nil {
            References.note(learnset.moves[index], in: &references.moves)
        }
        let sprites = raw.sprites
        let pokemon = Pokemon(
            id: raw.id,
            slug: raw.name,
            speciesID: species.id,
            name: name,
            formName: formName,
            isDefault: isDefault,
            types: (raw.types ?? []).sorted { $0.slot < $1.slot }.compactMap(\.type.name),
            height: raw.height ?? 0,
            weight: raw.weight ?? 0,
            baseExperience: raw.baseExperience,
            abilities: abilities,
            stats: stats,
            sprites: Sprites(
                frontDefault: ResourceURL.spritePath(sprites?.frontDefault?.url),
                frontShiny: ResourceURL.spritePath(sprites?.frontShiny?.url),
                frontFemale: ResourceURL.spritePath(sprites?.frontFemale?.url),
                frontShinyFemale: ResourceURL.spritePath(sprites?.frontShinyFemale?.url)
            ),
            movesVersionGroup: group,
            // Both read from the learnset when asked for.
            moves: nil,
            learnableMoves: nil,
            heldItems: heldItems
        )
        var complete = pokemon
        complete.searchNames = searchNames
        complete.effort = effort
        complete.learnset = Learnset(
            moves: learnset.moves.map { $0.name ?? "" }, versionGroups: learnset.versionGroups.map { $0.name ?? "" },
            methods: learnset.methods.map { $0.name ?? "" }, packed: learnset.packed
        )
        complete.media = Self.media(raw.sprites, cries: raw.cries)
        complete.encounters = encounters
        complete.heldItemRarities = rarities
        complete.form = form
        complete.cosmeticForms = cosmetic
        return DecodedPokemon(pokemon: complete, references: references)
    }

    /// Every sprite, cry and large image the data names, as paths under the media root.
    static func media(_ sprites: Wire.Pokemon.Sprites?, cries: Wire.Pokemon.Cries?) -> Media {
        var media = Media()
        let keyed: [(String, Wire.SpriteURL?)] = [
            ("front_default", sprites?.frontDefault), ("front_shiny", sprites?.frontShiny), ("front_female", sprites?.frontFemale),
            ("front_shiny_female", sprites?.frontShinyFemale), ("back_default", sprites?.backDefault), ("back_shiny", sprites?.backShiny),
            ("back_female", sprites?.backFemale), ("back_shiny_female", sprites?.backShinyFemale),
        ]
        for (key, url) in keyed { if let path = ResourceURL.spritePath(url?.url) { media.sprites[key] = path } }
        for (key, url) in [("latest", cries?.latest), ("legacy", cries?.legacy)] {
            if let path = ResourceURL.spritePath(url?.url) { media.cries[key] = path }
        }
        let artwork = sprites?.other?.officialArtwork, home = sprites?.other?.home
        for (key, url) in [("front_default", artwork?.frontDefault?.url), ("front_shiny", artwork?.frontShiny?.url)] {
            if let path = ResourceURL.spritePath(url) { media.artwork[key] = path }
        }
        for (key, url) in [("front_default", home?.frontDefault?.url), ("front_shiny", home?.frontShiny?.url)] {
            if let path = ResourceURL.spritePath(url) { media.home[key] = path }
        }
        return media
    }

    /// Encounters merged per game, area, method and level range (PokeAPI lists one per
    /// slot): their chances add up, their conditions are kept apart.
    static func encounters(_ found: Wire.Encounters, references: inout References) -> EncounterList {
        var merger = EncounterList.Merger()
        // The few methods, found by comparing (short texts compare as two words), not hashed.
        var methods: [(name: String, index: UInt32)] = []
        for area in found.areas {
            guard let areaSlug = area.locationArea.name else { continue }
            References.note(area.locationArea, in: &references.areas)
            let areaIndex = merger.index(of: areaSlug)
            for version in area.versionDetails {
                guard let versionSlug = version.version.name else { continue }
                let versionIndex = merger.index(of: versionSlug)
                for detail in version.encounterDetails {
                    guard let method = detail.method.name else { continue }
                    let methodIndex: UInt32
                    if let known = methods.first(where: { $0.name == method }) {
                        methodIndex = known.index
                    } else {
                        methodIndex = merger.index(of: method)
                        methods.append((method, methodIndex))
                    }
                    let conditions = detail.conditionValues.map { $0.compactMap(\.name).sorted() } ?? []
                    let minLevel = detail.minLevel ?? 0
                    merger.add(version: versionIndex, area: areaIndex, method: methodIndex, minLevel: minLevel,
                               maxLevel: detail.maxLevel ?? minLevel, chance: detail.chance ?? 0, conditions: conditions)
                }
            }
        }
        return merger.list
    }

    /// The newest version group the pokemon has moves in: the one its newest moves
    /// (``Learnset/learnedMoves(in:)``) are read from.
    ///
    /// Groups where it learns moves by level, machine, egg or tutor come first: a group that
    /// only lists special methods (PokeAPI's "train", "form-change"...) makes a poor table,
    /// so it is used only when no group has the usual methods.
    static func newestGroup(_ learnset: Wire.Learnset, order: VersionOrder) -> String? {
        // Ranks and methods per table position, once: the words only hold positions.
        let groupRanks = learnset.versionGroups.map { order.rank(group: $0) }
        let methods = learnset.methods.map { LearnedMove.Method(rawValue: $0.name ?? "") ?? .other }
        var newest: (group: Int, usual: Int, rank: Int)?
        for word in learnset.packed {
            let group = Int((word >> 20) & 0xFFF), method = methods[Int((word >> 8) & 0xFFF)]
            let usual = method == .other ? 0 : 1
            let rank = groupRanks[group]
            if let current = newest, (current.usual, current.rank) >= (usual, rank) { continue }
            newest = (group, usual, rank)
        }
        return newest.flatMap { learnset.versionGroups[$0.group].name }
    }
}
