import Common

// A pokemon's parts, field by field in declaration (so `CodingKeys`) order: the bytes
// `Codable` writes. Every pokemon's record is read on every build and every pokemon is
// hashed for the pages' read fingerprints; through the generic containers, these small
// values (and the arrays of them) were a third of reading a pokemon.
// `PokemonPartsRecordTests` compares each with its `Codable` form.

extension AbilitySlot: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        self.init(ability: try reader.string(), isHidden: try reader.bool(), slot: try reader.int())
    }

    package func write(record writer: BinaryRecordWriter) {
        writer.string(ability)
        writer.bool(isHidden)
        writer.int(slot)
    }
}

extension BaseStat: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        self.init(stat: try reader.string(), value: try reader.int())
    }

    package func write(record writer: BinaryRecordWriter) {
        writer.string(stat)
        writer.int(value)
    }
}

extension HeldItemRarity: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        self.init(item: try reader.string(), version: try reader.string(), rarity: try reader.int())
    }

    package func write(record writer: BinaryRecordWriter) {
        writer.string(item)
        writer.string(version)
        writer.int(rarity)
    }
}

extension CosmeticForm: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        self.init(slug: try reader.string(), name: try reader.string(), sprite: try reader.optional())
    }

    package func write(record writer: BinaryRecordWriter) {
        writer.string(slug)
        writer.string(name)
        writer.optional(sprite)
    }
}

extension Sprites: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        self.init(frontDefault: try reader.optional(), frontShiny: try reader.optional(),
                  frontFemale: try reader.optional(), frontShinyFemale: try reader.optional())
    }

    package func write(record writer: BinaryRecordWriter) {
        writer.optional(frontDefault)
        writer.optional(frontShiny)
        writer.optional(frontFemale)
        writer.optional(frontShinyFemale)
    }
}

extension FormInfo: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        self.init()
        formName = try reader.string()
        isMega = try reader.bool()
        isBattleOnly = try reader.bool()
        region = try reader.optional()
    }

    package func write(record writer: BinaryRecordWriter) {
        writer.string(formName)
        writer.bool(isMega)
        writer.bool(isBattleOnly)
        writer.optional(region)
    }
}

extension Media: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        self.init()
        sprites = try reader.value()
        cries = try reader.value()
        artwork = try reader.value()
        home = try reader.value()
    }

    package func write(record writer: BinaryRecordWriter) {
        writer.value(sprites)
        writer.value(cries)
        writer.value(artwork)
        writer.value(home)
    }
}

extension References: BinaryRecord {
    init(record reader: BinaryRecordReader) throws {
        self.init()
        moves = try reader.value()
        abilities = try reader.value()
        items = try reader.value()
        stats = try reader.value()
        species = try reader.value()
        locations = try reader.value()
        regions = try reader.value()
        areas = try reader.value()
    }

    func write(record writer: BinaryRecordWriter) {
        writer.value(moves)
        writer.value(abilities)
        writer.value(items)
        writer.value(stats)
        writer.value(species)
        writer.value(locations)
        writer.value(regions)
        writer.value(areas)
    }
}

extension DecodedPokemon: BinaryRecord {
    init(record reader: BinaryRecordReader) throws {
        self.init(pokemon: try Pokemon(record: reader), references: try References(record: reader))
    }

    func write(record writer: BinaryRecordWriter) {
        pokemon.write(record: writer)
        references.write(record: writer)
    }
}
