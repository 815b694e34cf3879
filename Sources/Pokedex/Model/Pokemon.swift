import Common
/// One pokemon: a species' default variety or an alternate one (a mega, a regional form...).
package struct Pokemon: Sendable, Hashable, Codable, Identifiable {
    /// PokeAPI's pokemon id (above 10000 for alternate varieties); not a dex number.
    package var id: Int
    package var slug: String
    /// The species' national-dex number.
    package var speciesID: Int
    /// The display name of this variety ("Pikachu", "Alolan Raichu", "Mega Charizard X").
    package var name: String
    /// The form's own name when it has one ("Alolan Form"), for labels beside the species name.
    package var formName: String?
    package var isDefault: Bool
    /// Type slugs in slot order.
    package var types: [String]
    /// Height in decimetres and weight in hectograms, as PokeAPI gives them.
    package var height: Int
    package var weight: Int
    package var baseExperience: Int?
    package var abilities: [AbilitySlot]
    /// Base stats in PokeAPI's order (hp, attack, defense, special-attack, special-defense, speed).
    package var stats: [BaseStat]
    package var sprites: Sprites
    /// The version group its moves come from: the newest one it has moves in.
    package var movesVersionGroup: String?
    /// Its moves in that group, each once, sorted by method, level and slug: as given (the
    /// bundled sample lists them), else read from ``learnset`` when asked for. A catalog
    /// built from PokeAPI keeps none of its own: at ten times the dex they were 30 MB.
    package var moves: [LearnedMove] {
        get { givenMoves ?? learnset.learnedMoves(in: movesVersionGroup) }
        set { givenMoves = newValue }
    }
    private var givenMoves: [LearnedMove]?
    /// Slugs of every move it can learn in any version group, by any method, sorted: as
    /// given, else read from ``learnset``.
    package var learnableMoves: [String] {
        get { givenLearnable ?? learnset.learnable }
        set { givenLearnable = newValue }
    }
    private var givenLearnable: [String]?
    package var heldItems: [String]
    /// The effort values a defeated one gives, per stat (those above zero).
    package var effort: [BaseStat] = []
    /// Every move it learns in every version group.
    package var learnset = Learnset()
    package var media = Media()
    package var encounters = EncounterList()
    package var heldItemRarities: [HeldItemRarity] = []
    package var form = FormInfo()
    /// Its cosmetic forms beyond the first (none for most).
    package var cosmeticForms: [CosmeticForm] = []
    /// Its names in the search's other languages (English, kana and romaji for a Japanese
    /// site), plain text; nil when the catalog's language needs none.
    package var searchNames: [String]?

    package init(
        id: Int, slug: String, speciesID: Int, name: String, formName: String? = nil,
        isDefault: Bool, types: [String], height: Int, weight: Int, baseExperience: Int? = nil,
        abilities: [AbilitySlot], stats: [BaseStat], sprites: Sprites,
        movesVersionGroup: String? = nil, moves: [LearnedMove]? = [], learnableMoves: [String]? = [],
        heldItems: [String] = []
    ) {
        self.id = id
        self.slug = slug
        self.speciesID = speciesID
        self.name = name
        self.formName = formName
        self.isDefault = isDefault
        self.types = types
        self.height = height
        self.weight = weight
        self.baseExperience = baseExperience
        self.abilities = abilities
        self.stats = stats
        self.sprites = sprites
        self.movesVersionGroup = movesVersionGroup
        givenMoves = moves
        givenLearnable = learnableMoves
        self.heldItems = heldItems
    }
}

extension Pokemon {
    /// Its stored fields, the given moves under the names they always had.
    enum CodingKeys: String, CodingKey {
        case id, slug, speciesID, name, formName, isDefault, types, height, weight, baseExperience, abilities, stats,
             sprites, movesVersionGroup, givenMoves = "moves", givenLearnable = "learnableMoves", heldItems, effort,
             learnset, media, encounters, heldItemRarities, form, cosmeticForms, searchNames
    }
}

/// An ability a pokemon can have, and whether it is its hidden one.
package struct AbilitySlot: Sendable, Hashable, Codable {
    package var ability: String
    package var isHidden: Bool
    package var slot: Int

    package init(ability: String, isHidden: Bool, slot: Int) {
        self.ability = ability
        self.isHidden = isHidden
        self.slot = slot
    }
}

/// One base stat of a pokemon.
package struct BaseStat: Sendable, Hashable, Codable {
    package var stat: String
    package var value: Int

    package init(stat: String, value: Int) {
        self.stat = stat
        self.value = value
    }
}

/// A move in a pokemon's learnset for one version group.
package struct LearnedMove: Sendable, Hashable, Codable {
    package enum Method: String, Sendable, Hashable, Codable, CaseIterable {
        case levelUp = "level-up", machine, egg, tutor, other
    }

    package var move: String
    package var method: Method
    /// The level it is learned at, for level-up moves (0 or nil when PokeAPI has none).
    package var level: Int?

    package init(move: String, method: Method, level: Int? = nil) {
        self.move = move
        self.method = method
        self.level = level
    }
}

/// Sprite references as paths under the sprites root.
///
/// A path is what follows PokeAPI's sprite prefix
/// (`https://raw.githubusercontent.com/PokeAPI/sprites/master/`), e.g.
/// `sprites/pokemon/25.png`; the cache keeps the file at `<cache>/<path>`, and the
/// site copies it to `<output>/<path>`. Nil means PokeAPI has no such sprite.
package struct Sprites: Sendable, Hashable, Codable {
    package var frontDefault: String?
    package var frontShiny: String?
    package var frontFemale: String?
    package var frontShinyFemale: String?

    package init(
        frontDefault: String? = nil, frontShiny: String? = nil,
        frontFemale: String? = nil, frontShinyFemale: String? = nil
    ) {
        self.frontDefault = frontDefault
        self.frontShiny = frontShiny
        self.frontFemale = frontFemale
        self.frontShinyFemale = frontShinyFemale
    }

    /// The sprites present, keyed as PokeAPI keys them (`front_default`, `front_shiny`, ...).
    package var byKey: [(key: String, path: String)] {
        [("front_default", frontDefault), ("front_shiny", frontShiny),
         ("front_female", frontFemale), ("front_shiny_female", frontShinyFemale)]
            .compactMap { key, path in path.map { (key, $0) } }
    }
}

/// Field by field, in declaration (so `CodingKeys`) order: the bytes `Codable` writes, in
/// either form. Every build fingerprints every pokemon for the pages' reads, in the kept
/// form (its learnset's and encounters' compressed bytes as they are, not inflated to be
/// hashed), and a derived record keeps every normalized pokemon (read back field by field).
extension Pokemon: BinaryRecord {
    package func write(record writer: BinaryRecordWriter) {
        writer.int(id)
        writer.string(slug)
        writer.int(speciesID)
        writer.string(name)
        writer.optional(formName)
        writer.bool(isDefault)
        writer.strings(types)
        writer.int(height)
        writer.int(weight)
        writer.optional(baseExperience)
        writer.value(abilities)
        writer.value(stats)
        writer.value(sprites)
        writer.optional(movesVersionGroup)
        // As stored: moves read from the learnset are hashed as the learnset they come from.
        writer.optional(givenMoves)
        writer.optional(givenLearnable)
        writer.strings(heldItems)
        writer.value(effort)
        if writer.kept {
            writer.value(learnset)
        } else {
            writer.strings(learnset.moves)
            writer.strings(learnset.versionGroups)
            writer.strings(learnset.methods)
            learnset.packed.write(record: writer)
        }
        writer.value(media)
        if writer.kept {
            encounters.write(kept: writer)
        } else {
            encounters.write(record: writer)
        }
        writer.value(heldItemRarities)
        writer.value(form)
        writer.value(cosmeticForms)
        writer.optional(searchNames)
    }

    package init(record reader: BinaryRecordReader) throws {
        id = try reader.int()
        slug = try reader.string()
        speciesID = try reader.int()
        name = try reader.string()
        formName = try reader.optional()
        isDefault = try reader.bool()
        types = try reader.strings()
        height = try reader.int()
        weight = try reader.int()
        baseExperience = try reader.optionalInt()
        abilities = try reader.value()
        stats = try reader.value()
        sprites = try reader.value()
        movesVersionGroup = try reader.optional()
        givenMoves = try reader.optionalRecords()
        givenLearnable = try reader.optionalStrings()
        heldItems = try reader.strings()
        effort = try reader.value()
        learnset = try reader.value()
        media = try reader.value()
        encounters = try reader.kept ? EncounterList(kept: reader) : reader.value()
        heldItemRarities = try reader.value()
        form = try reader.value()
        cosmeticForms = try reader.value()
        searchNames = try reader.optionalStrings()
    }
}
