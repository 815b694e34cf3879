/// What went wrong inside the PokeAPI module, with the context to say where.
///
/// Internal: the CLI and other modules see ``PokeAPIError``, whose wording comes
/// from `PokeAPIFailure+Wording.swift`.
enum PokeAPIFailure: Error, Equatable {
    /// JSON that does not match a model; `codingPath` is the JSON path that failed.
    case decoding(url: String, codingPath: String, detail: String)
    /// Bytes that are not JSON at all.
    case invalidJSON(url: String)
    /// A sprite or cry whose bytes are not the image or sound its name promises.
    case notAnImage(url: String)
    /// A symlink in a local source that leads out of it, or a path that is not a file.
    case confined(path: String, reason: String)
    /// A local source has no file for the resource.
    case missingFile(path: String)
    /// A local file exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// A local file cannot be written.
    case unwritable(path: String, reason: String)
    /// A file the cache would write or remove lies in a folder that leads out of the cache
    /// (to `target`): a symlink inside it. Nothing is written or removed through it.
    case escapesCache(path: String, target: String)
    /// The server answered with a status that is not success.
    case status(url: String, code: Int)
    /// The connection failed or broke.
    case transport(url: String, reason: String)
    /// The host cannot be reached at all (no network, a name that does not resolve).
    case unreachable(url: String, host: String, reason: String)
    /// Every attempt at a request was refused a connection: no server listens at `host`
    /// (with the port, when the URL gives one). Like ``unreachable``, it ends the fetch.
    case serverDown(url: String, host: String, attempts: Int)
    /// No answer within the per-request timeout.
    case timeout(url: String, seconds: Double)
    /// The body grew past the size cap.
    case tooLarge(url: String, limit: Int)
    /// The body ended before its announced length.
    case truncated(url: String)
    /// A redirect pointed away from the API and sprite hosts.
    case redirectRefused(url: String, location: String)
    /// A link that is not a PokeAPI resource or sprite link.
    case badLink(String)
    /// Another fetch holds the cache lock.
    case cacheLocked(path: String)
    /// `--offline` and the cache lacks what the selection needs; `folder`: a data folder read
    /// in place (`--api FOLDER`) lacks it, which no fetch fills.
    case offlineMisses([String], folder: String? = nil)
    /// Offline, and the cache holds no data at all.
    case offlineEmptyCache(path: String)
    /// A pokemon name or id that does not exist.
    case unknownPokemon(name: String, suggestions: [String])
    /// A generation the source does not have; `available` says which it has ("1-9").
    case unknownGeneration(Int, available: String)
    /// A selection that cannot be parsed (`--generations 1-x`).
    case badSelection(text: String, reason: String)
    /// A base URL or path that cannot be used.
    case badBase(String)

    /// Whether the failure of one request ends the whole fetch: nothing else from that host
    /// can succeed now.
    var endsFetch: Bool {
        switch self {
        case .unreachable, .serverDown: true
        default: false
        }
    }
}
