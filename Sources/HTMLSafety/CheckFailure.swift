/// Why a check could not run at all, with the path involved.
enum CheckFailure: Error, Sendable, Hashable {
    case rootMissing(path: String)
    case rootNotADirectory(path: String)
    case unlistable(path: String, reason: String)

    /// The wording, kept in one place.
    var message: String {
        switch self {
        case .rootMissing(let path):
            "no site at \(path): build it first (pokedex build) or pass the folder to check"
        case .rootNotADirectory(let path):
            "\(path) is a file, not a site folder: pass the folder that holds index.html"
        case .unlistable(let path, let reason):
            "cannot list the files under \(path) (\(reason)): check its permissions"
        }
    }
}
