/// A compiled Mustache template: parse once, render many times, from any task.
///
/// Compiling checks the whole template (sections closed and matched, tags terminated,
/// delimiters valid) and throws `TemplateError` with the spot otherwise.
public struct Template: Sendable {
    /// The name used in error messages and by partial look-up.
    public let name: String
    let source: String
    let nodes: [Node]

    /// Compiles `source`; `name` appears in error messages.
    public init(source: String, name: String = "template") throws(TemplateError) {
        try self.init(source: source, name: name, delimiters: .standard)
    }

    init(source: String, name: String, delimiters: Delimiters) throws(TemplateError) {
        var parser = Parser(source: source)
        do {
            self.nodes = try parser.parse(delimiters: delimiters)
        } catch {
            throw TemplateError(error, file: name, source: source)
        }
        self.name = name
        self.source = source
    }

    /// The same template compiled again, sharing no storage with this one: new nodes, and
    /// its name and source in new strings, since the renderer holds the template (and so
    /// retains both) for every partial it enters (see ``TemplateLibrary/copy()``).
    ///
    /// A library's templates all start with the standard delimiters; only a lambda's
    /// result is compiled with others, and it is never copied.
    public func copy() -> Template {
        let name = String(decoding: Array(name.utf8), as: UTF8.self)
        let source = String(decoding: Array(source.utf8), as: UTF8.self)
        // It compiled once; compiling the same text cannot fail, and if it somehow did, the
        // shared template still renders the same bytes.
        return (try? Template(source: source, name: name, delimiters: .standard)) ?? self
    }

    /// Renders against `context`, finding `{{>name}}` and `{{<name}}` in `partials`.
    public func render(
        _ context: TemplateValue,
        partials: [String: Template] = [:],
        options: RenderOptions = RenderOptions()
    ) throws(TemplateError) -> String {
        try render(context, options: options, partial: { partials[$0] })
    }

    /// Renders against `context`, asking `partial` for each partial or parent by name.
    public func render(
        _ context: TemplateValue,
        options: RenderOptions = RenderOptions(),
        partial: @escaping (String) -> Template?
    ) throws(TemplateError) -> String {
        String(decoding: try renderBytes(context, options: options, partial: partial), as: UTF8.self)
    }

    /// Renders as ``render(_:options:partial:)`` does, into UTF-8 bytes: what is written to
    /// a file need not be made a `String`, which checks every byte.
    public func renderBytes(
        _ context: TemplateValue,
        options: RenderOptions = RenderOptions(),
        partial: @escaping (String) -> Template?
    ) throws(TemplateError) -> [UInt8] {
        var renderer = Renderer(root: self, context: context, options: options, partial: partial)
        try renderer.render(nodes)
        return renderer.buffer
    }
}
