import Common

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
    /// ``Reach/key`` of the file as read (carried over from the index when it was not read);
    /// 0 when unknown (a list).
    var reachKey: UInt64 = 0
    /// The stamp of the resource's file as this item stored or checked it, when known: the
    /// source index takes it rather than stat every path again at the end of the crawl.
    var stamp: FileStamp?
    var bytes = 0
}
