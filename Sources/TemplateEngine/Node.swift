import Synchronization

/// One piece of a compiled template: the tree that rendering walks with a `switch`.
///
/// Each case holds one reference (an array's buffer or a class), so a node is one word
/// with its case in the pointer's spare bits and an array of nodes is an array of words:
/// rendering reads a node without following a box first. (As an `indirect` enum each node
/// was a box of its own, and loading it before the switch was a tenth of the renderer's
/// own time.)
enum Node: Sendable {
    /// Literal bytes (UTF-8), written as they are.
    case text([UInt8])
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}`.
    case variable(Variable)
    /// `{{#name}}` or `{{^name}}` with its content.
    case section(Section)
    /// `{{>name}}`.
    case partial(Partial)
    /// `{{<name}}` with the blocks it overrides.
    case parent(Parent)
    /// `{{$name}}` with its default content.
    case block(Block)
}

/// An interpolation tag.
final class Variable: Sendable {
    let name: Name
    let escaped: Bool
    let position: Position

    init(_ name: Name, escaped: Bool, _ position: Position) {
        self.name = name
        self.escaped = escaped
        self.position = position
    }
}

/// A partial tag; `indentation` is set when the tag stands alone on its line.
final class Partial: Sendable {
    let reference: Reference
    let indentation: [UInt8]?
    let position: Position

    init(_ reference: Reference, indentation: [UInt8]?, _ position: Position) {
        self.reference = reference
        self.indentation = indentation
        self.position = position
    }
}

/// A parent tag with the blocks it overrides, by name.
final class Parent: Sendable {
    let reference: Reference
    let overrides: [String: [Node]]
    let indentation: [UInt8]?
    let position: Position

    init(_ reference: Reference, overrides: [String: [Node]], indentation: [UInt8]?, _ position: Position) {
        self.reference = reference
        self.overrides = overrides
        self.indentation = indentation
        self.position = position
    }
}

/// A block tag with its default content.
final class Block: Sendable {
    let name: String
    let defaults: [Node]
    let indentation: [UInt8]?
    let position: Position

    init(_ name: String, _ defaults: [Node], indentation: [UInt8]?, _ position: Position) {
        self.name = name
        self.defaults = defaults
        self.indentation = indentation
        self.position = position
    }
}

/// Where a tag starts in its template (1-based).
struct Position: Sendable, Equatable {
    let line: Int
    let column: Int
}

/// A dotted name, split once at compile time; `.` is the empty path.
///
/// A class, so rendering retains one reference per tag instead of each field.
final class Name: Sendable {
    /// Each part with its hash, made once here rather than at every look-up.
    let parts: [TemplateKey]
    let source: String

    init(_ source: String) {
        self.source = source
        self.parts = source == "." ? [] : source.split(separator: ".", omittingEmptySubsequences: false).map { TemplateKey(String($0)) }
    }
}

/// A partial or parent name, either literal or looked up in the context (`{{>*name}}`).
struct Reference: Sendable, Equatable {
    let name: String
    let isDynamic: Bool
}

/// A section's content and what lambdas need to see of it.
///
/// A class, so rendering retains one reference per section instead of each field.
final class Section: Sendable {
    let name: Name
    let nodes: [Node]
    let isInverted: Bool
    /// The raw text between the tags, handed to lambdas.
    let rawText: String
    /// The delimiters in force inside the section, for parsing a lambda's result.
    let delimiters: Delimiters
    let position: Position
    /// How many of its items were rendered to be kept, and how many replayed (see
    /// `Renderer+Replay.swift`): counted across the pages a library renders, so a section
    /// whose items do not repeat stops paying for keeping them.
    let replayTries = Atomic<Int>(0)
    let replayHits = Atomic<Int>(0)

    init(name: Name, nodes: [Node], isInverted: Bool, rawText: String, delimiters: Delimiters, position: Position) {
        self.name = name
        self.nodes = nodes
        self.isInverted = isInverted
        self.rawText = rawText
        self.delimiters = delimiters
        self.position = position
    }
}

/// The open and close delimiters, `{{` and `}}` by default.
struct Delimiters: Sendable, Equatable {
    var open: [UInt8]
    var close: [UInt8]

    static let standard = Delimiters(open: Array("{{".utf8), close: Array("}}".utf8))
}
