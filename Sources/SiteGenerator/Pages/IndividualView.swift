import HTMLSafety
import Pokedex
import TemplateEngine

/// One caught individual as a page shows it: names resolved, its chosen sprite.
struct IndividualView: Sendable, Hashable {
    var id: String
    var nickname: String
    var speciesName: String
    var dexNumber: Int
    var level: Int?
    var levelText: String?
    var experience: String?
    var moves: [String]
    var heldItem: String?
    var sprite: SpriteRef
    var spriteLabel: String
    var page: String
    /// The notes as HTML: Markdown rendered by Ink, then through the sanitizer.
    var notesHTML: String?
}

extension IndividualView {
    init?(_ caught: SiteCollection.Caught, index: CatalogIndex, strings: SiteStrings) {
        guard let pokemon = index.catalog.pokemon[caught.pokemon] else { return nil }
        let key = caught.sprite ?? "front_default"
        let path = pokemon.sprites.byKey.first { $0.key == key }?.path
        id = caught.id
        speciesName = pokemon.name
        nickname = caught.nickname ?? pokemon.name
        dexNumber = pokemon.speciesID
        level = caught.level
        levelText = caught.level.map { strings.format("mine_level", ["level": String($0)]) }
        experience = caught.experience.map { strings.format("mine_experience", ["experience": String($0)]) }
        moves = caught.moves.map { index.catalog.moves[$0]?.name ?? $0 }
        heldItem = caught.heldItem.map { index.catalog.items[$0]?.name ?? $0 }
        sprite = index.sprite(path ?? pokemon.sprites.frontDefault)
        spriteLabel = strings["sprite_\(key)"]
        page = CatalogIndex.page(of: pokemon.slug)
        notesHTML = caught.notes.map(TrainerMarkdown.html(from:)).flatMap { $0.isEmpty ? nil : $0 }
    }
}

extension IndividualView: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .dictionary([
            "id": .string(id),
            "nickname": .string(nickname),
            "speciesName": .string(speciesName),
            "dexNumber": .int(dexNumber),
            "number": .string(CatalogIndex.number(dexNumber)),
            "level": level.map(TemplateValue.int) ?? .null,
            "levelText": levelText.map(TemplateValue.string) ?? .null,
            "experience": experience.map(TemplateValue.string) ?? .null,
            "moves": .array(moves.map(TemplateValue.string)),
            "hasMoves": .bool(!moves.isEmpty),
            "heldItem": heldItem.map(TemplateValue.string) ?? .null,
            "sprite": sprite.templateValue,
            "spriteLabel": .string(spriteLabel),
            "page": .string(page),
            "notesHTML": notesHTML.map(TemplateValue.string) ?? .null,
        ])
    }
}
