/// Where a build is, reported as a value the command line renders.
package struct BuildProgress: Sendable, Hashable {
    /// The stages of a build, in order.
    package enum Stage: String, Sendable, Hashable, CaseIterable {
        case preparing = "Preparing"
        case rendering = "Rendering pages"
        case copyingAssets = "Copying assets"
        case copyingSprites = "Copying sprites"
        case writingIndexes = "Writing indexes"
        case finishing = "Finishing"
    }

    package var stage: Stage
    package var done: Int
    package var total: Int

    package init(stage: Stage, done: Int, total: Int) {
        self.stage = stage
        self.done = done
        self.total = total
    }
}

/// What a finished build produced.
package struct BuildSummary: Sendable, Hashable {
    /// Every page in the site.
    package var pages: Int
    /// Pages written this time; the rest were unchanged and reused (taken by their reads, or
    /// rendered to the bytes the last build wrote).
    package var pagesRendered: Int
    package var sprites: Int
    /// Sprites the cache lacked (the placeholder stands in).
    package var spritesMissing: Int
    /// Total size of the site in bytes.
    package var bytes: Int
    package var seconds: Double
    /// Whether sitemap.xml was written (it needs a base URL).
    package var wroteSitemap: Bool
    /// Where the site now is.
    package var output: String
    /// What each stage did, a line each, for `--verbose`.
    package var stages: [String] = []
    /// What the build refused or could not use, each said in a sentence.
    package var warnings: [String] = []
    /// The search files' sizes, raw and gzipped, against their budgets.
    package var searchFiles: [SearchFileSize] = []
}

/// A search file's size: what a browser downloads (gzip) against the budget docs/search-index.md states.
package struct SearchFileSize: Sendable, Hashable, Codable {
    package var name: String
    package var bytes: Int
    package var gzip: Int
    package var budget: Int

    package var isOverBudget: Bool { gzip > budget }
}
