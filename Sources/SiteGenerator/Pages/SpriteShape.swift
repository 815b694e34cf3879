/// How a sprite image is laid out, which decides how the theme scales and places it.
///
/// The theme's CSS was drawn for the 68x56 box sprites; other sets (PokeAPI's 96x96
/// sprites, official artwork) need their own treatment, learned from each file's size.
enum SpriteShape: Sendable, Hashable {
    /// A 68x56 box sprite: the Pokémon stands on the bottom rows, centred across.
    case box
    /// Pixel art on another small canvas: shown whole at a whole-number scale, crisp.
    case canvas(width: Int, height: Int)
    /// Artwork, or an image of unknown size: shown whole, smoothly scaled.
    case art

    /// The longest side, in pixels, that is still taken for pixel art.
    static let largestCanvas = 128

    /// The shape of an image of this size; nil (not a PNG, unreadable) is artwork.
    init(size: PNGSize?) {
        switch size {
        case .some(let size) where size.width == 68 && size.height == 56:
            self = .box
        case .some(let size) where max(size.width, size.height) <= Self.largestCanvas:
            self = .canvas(width: size.width, height: size.height)
        default:
            self = .art
        }
    }

    /// The class giving a canvas its size (`cv-96x96`): `assets/sizes.css` defines one per
    /// size the site has, so no page needs an inline style (the pages' CSP forbids them).
    static func sizeClass(width: Int, height: Int) -> String { "cv-\(width)x\(height)" }

    /// `assets/sizes.css`: the `--w`/`--h` of every canvas size among `shapes`, and a
    /// width class per percent (`w-0` ... `w-100`) for bars.
    static func stylesheet(for shapes: some Sequence<SpriteShape>) -> String {
        var sizes = Set<[Int]>()
        for case let .canvas(width, height) in shapes { sizes.insert([width, height]) }
        var css = "/* Written by the build: sizes the pages name by class (no inline styles under the pages' CSP). */\n"
        for size in sizes.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            css += ".\(sizeClass(width: size[0], height: size[1])) { --w: \(size[0]); --h: \(size[1]); }\n"
        }
        for percent in 0...100 { css += ".w-\(percent) { width: \(percent)%; }\n" }
        return css
    }

    /// The size of pixel art in pixels (a box sprite's 68x56, a canvas' own); nil for artwork.
    var pixelSize: (width: Int, height: Int)? {
        switch self {
        case .box: (68, 56)
        case let .canvas(width, height): (width, height)
        case .art: nil
        }
    }

    /// The class the templates add beside `sprite`; nil for box sprites, which keep the plain one.
    var className: String? {
        switch self {
        case .box: nil
        case .canvas: "is-canvas"
        case .art: "is-art"
        }
    }
}
