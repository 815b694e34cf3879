/// Where a build is, reported as a value the command line renders.
public struct BuildProgress: Sendable, Hashable {
    /// The stages of a build, in order.
    public enum Stage: String, Sendable, Hashable, CaseIterable {
        case preparing = "Preparing"
        case rendering = "Rendering pages"
        case copyingAssets = "Copying assets"
        case copyingSprites = "Copying sprites"
        case writingIndexes = "Writing indexes"
        case finishing = "Finishing"
    }

    public var stage: Stage
    public var done: Int
    public var total: Int

    public init(stage: Stage, done: Int, total: Int) {
        self.stage = stage
        self.done = done
        self.total = total
    }
}

/// What a finished build produced.
public struct BuildSummary: Sendable, Hashable {
    /// Every page in the site.
    public var pages: Int
    /// Pages rendered this time; the rest were unchanged and reused.
    public var pagesRendered: Int
    public var sprites: Int
    /// Sprites the cache lacked (the placeholder stands in).
    public var spritesMissing: Int
    /// Total size of the site in bytes.
    public var bytes: Int
    public var seconds: Double
    /// Whether sitemap.xml was written (it needs a base URL).
    public var wroteSitemap: Bool
    /// Where the site now is.
    public var output: String
    /// What the build refused or could not use, each said in a sentence.
    public var warnings: [String] = []
}
