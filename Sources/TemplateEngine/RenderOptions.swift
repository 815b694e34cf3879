/// How a template renders.
public struct RenderOptions: Sendable {
    /// Report missing names and partials as errors instead of rendering them empty.
    public var strict: Bool
    /// How deep partials and parents may nest before rendering stops with an error.
    public var maxDepth: Int

    public init(strict: Bool = false, maxDepth: Int = 100) {
        self.strict = strict
        self.maxDepth = maxDepth
    }
}
