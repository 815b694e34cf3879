/// A tag found by `TagScanner`, with the source extents that standalone rules adjust.
struct Tag {
    enum Kind: Equatable {
        case variable, unescaped, section, inverted, close, comment, partial, parent, block, delimiters

        /// Whether a tag of this kind disappears with its line when it stands alone.
        var canStandAlone: Bool { self != .variable && self != .unescaped }
        /// Whether this kind opens content that a close tag ends.
        var opens: Bool { self == .section || self == .inverted || self == .parent || self == .block }
    }

    let kind: Kind
    let name: String
    let isDynamic: Bool
    /// Byte offsets of the tag itself, delimiters included.
    let tagStart: Int
    let tagEnd: Int
    /// Offset of the first byte of the tag's line.
    let lineStart: Int
    /// Offset after the line's trailing blanks, and after its newline.
    let blanksEnd: Int
    let lineEnd: Int
    /// Only blanks precede the tag on its line / follow it before the newline.
    let blankBefore: Bool
    let blankAfter: Bool
    let position: Position
    /// Delimiters in force after this tag.
    let delimiters: Delimiters
    /// The extent that text around the tag skips; widened to whole lines when standalone.
    var start: Int
    var end: Int
    var isStandalone: Bool

    var standsAloneOnItsLine: Bool { blankBefore && blankAfter }
}
