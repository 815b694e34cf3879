import Common
import Pokedex
import TemplateEngine

/// A Pokémon as a card: sprite, number, name, type badges and captured mark.
struct Card: Sendable, Hashable {
    var slug: String
    var number: String
    var name: String
    var form: String?
    /// Relative to the site root; nil when the Pokémon has no page in this site.
    var page: String?
    var sprite: SpriteRef
    var types: [TypeBadge]
    var captured: Bool
    /// "+15 forms": the forms folded into this card (``TypePage``), said under it.
    var moreForms: String?
    /// Their slugs: a form marked caught in the browser marks this card (`site.js`).
    var forms: [String] = []
}

/// A type's badge: slug for its color, display name for its label, and its page.
struct TypeBadge: Sendable, Hashable {
    var slug: String
    var name: String
}

/// An image path relative to the site root, whether it is the placeholder, and its shape.
struct SpriteRef: Sendable, Hashable {
    static let placeholderPath = "assets/pokeball.svg"
    var path: String
    var isPlaceholder: Bool
    /// The placeholder keeps `.box`: its own CSS places it.
    var shape: SpriteShape = .box
    /// An emblem drawn for a Pokémon with no image.
    var isEmblem = false
    /// Where a pixel-art canvas' opaque pixels lie, when known (the hero crops to it).
    var content: PNGContent?
    /// What leads from a language's pages to the shared media (`../` in a site of several
    /// languages, where sprites and assets are stored once at the top).
    var prefix = ""

    /// The path as pages link it: relative to the language's root.
    var href: String { prefix + path }
}

extension Card: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .dictionary([
            "slug": .string(slug),
            "number": .string(number),
            "name": .string(name),
            "form": form.map(TemplateValue.string) ?? .null,
            "page": page.map(TemplateValue.string) ?? .null,
            "sprite": sprite.templateValue,
            "types": .array(types.map(\.templateValue)),
            "typeList": .string(types.map(\.slug).joined(separator: " ")),
            "captured": .bool(captured),
            "moreForms": moreForms.map(TemplateValue.string) ?? .null,
            "forms": forms.isEmpty ? .null : .string(forms.joined(separator: " ")),
        ])
    }
}

extension TypeBadge: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .dictionary(["slug": .string(slug), "name": .string(name), "page": .string("types/\(slug).html")])
    }
}

extension SpriteRef: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var canvas = TemplateValue.null
        if case .canvas(let width, let height) = shape {
            canvas = .dictionary(["width": .int(width), "height": .int(height), "class": .string(SpriteShape.sizeClass(width: width, height: height))])
        }
        // "x y width height canvasWidth canvasHeight": where the opaque pixels are, for site.js to crop the hero to.
        var crop = TemplateValue.null
        if let content, !isEmblem, !isPlaceholder, let size = shape.pixelSize {
            crop = .string("\(content.x) \(content.y) \(content.width) \(content.height) \(size.width) \(size.height)")
        }
        return .dictionary([
            "path": .string(href), "placeholder": .bool(isPlaceholder),
            "shape": (isEmblem ? "is-emblem" : shape.className).map(TemplateValue.string) ?? .null, "canvas": canvas, "crop": crop,
        ])
    }
}

extension CatalogIndex {
    /// "#025": three digits at least, four for the later generations.
    static func number(_ id: Int) -> String {
        let digits = String(id)
        return "#" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }

    /// A file-name-safe form of a slug (PokeAPI slugs already are; anything else becomes "-").
    static func fileName(_ slug: String) -> String {
        // PokeAPI's slugs already are: keep them as they are, without building a new string.
        if slug.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }) { return slug }
        return String(slug.lowercased().map { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" ? $0 : "-" })
    }

    /// The page of a pokemon, relative to the site root.
    static func page(of slug: String) -> String {
        "pokemon/\(fileName(slug)).html"
    }

    /// The sprite to show for a path, or the placeholder when the sprites root lacks it.
    func sprite(_ path: String?) -> SpriteRef {
        guard let path, let shape = spriteShapes[path] else {
            return SpriteRef(path: SpriteRef.placeholderPath, isPlaceholder: true, prefix: mediaRoot)
        }
        return SpriteRef(path: path, isPlaceholder: false, shape: shape, prefix: mediaRoot)
    }

    /// The sprite at `path` when the site has it (nil, not the placeholder, when not).
    func spriteIfPresent(_ path: String?) -> SpriteRef? {
        guard let path, let shape = spriteShapes[path] else { return nil }
        return SpriteRef(path: path, isPlaceholder: false, shape: shape, prefix: mediaRoot)
    }

    /// A media file's path as pages link it (sprites, cries, artwork are shared).
    func media(_ path: String) -> String {
        mediaRoot + path
    }

    /// The image a pokemon leads with: the chosen large image (artwork, HOME) when the
    /// site has it, else its sprite, else an emblem drawn from its name and types.
    func image(of pokemon: Pokemon) -> SpriteRef {
        image(of: PokemonFace(pokemon))
    }

    func image(of face: PokemonFace) -> SpriteRef {
        let large = images == "artwork" ? face.artwork : images == "home" ? face.home : nil
        for path in [large, face.sprite].compactMap({ $0 }) {
            if let shape = spriteShapes[path] {
                return SpriteRef(path: path, isPlaceholder: false, shape: shape, content: spriteContent[path], prefix: mediaRoot)
            }
        }
        return SpriteRef(path: Emblem.path(pokemon: face.slug), isPlaceholder: false, shape: .art, isEmblem: true)
    }

    /// The card of a pokemon.
    func card(_ pokemon: Pokemon, captured: Set<String>) -> Card {
        card(PokemonFace(pokemon), captured: captured)
    }

    func card(_ face: PokemonFace, captured: Set<String>) -> Card {
        Card(
            slug: face.slug,
            number: Self.number(face.speciesID),
            name: face.name,
            // The form's name under the card's, unless the card's already says it ("Pikachu Rockeur"),
            // compared without the machine's locale: the same data gives the same page anywhere.
            form: face.isDefault ? nil : face.formName.flatMap { form in
                LanguageMark.plain(face.name).range(of: LanguageMark.plain(form), options: .caseInsensitive) != nil ? nil : form
            },
            page: Self.page(of: face.slug),
            sprite: image(of: face),
            types: face.types.map(badge),
            captured: captured.contains(face.slug)
        )
    }

    func badge(_ slug: String) -> TypeBadge {
        TypeBadge(slug: slug, name: typeName(slug))
    }
}
