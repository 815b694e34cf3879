/// One thing a fetch gets: a resource, a sprite, or a whole list endpoint.
enum WorkItem: Hashable, Sendable {
    case resource(APIResourcePath)
    case sprite(SpritePath)
    /// A list whose every entry is then fetched.
    case list(String)
}

/// How one work item ended, and what it leads to.
struct ItemResult: Sendable {
    enum Outcome: Sendable, Equatable {
        case downloaded
        case notModified
        case cached
        case missingSprite
        /// An optional resource (see ``Reach/optionalResources``) upstream does not have.
        case missingResource
        case failed(FetchFailure)
        case offlineMiss(String)
        /// The host cannot be reached at all: the crawl stops.
        case unreachable(PokeAPIFailure)
    }

    let item: WorkItem
    var outcome: Outcome
    var reach = Reach()
    var bytes = 0
}
