/// The one error the PokeAPI module shows: what happened, where, and what to do.
package struct PokeAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What happened.
    package let summary: String
    /// The URL, file or JSON path concerned.
    package let location: String
    /// What the person can do about it.
    package let advice: String

    init(_ failure: PokeAPIFailure) {
        (summary, location, advice) = failure.wording
        self.failure = failure
    }

    let failure: PokeAPIFailure

    /// Another fetch holds the cache: nothing is wrong, it is busy (`pokedex serve` looks again later).
    package var isCacheLocked: Bool {
        if case .cacheLocked = failure { return true }
        return false
    }

    /// Any error from inside the module, worded; unexpected ones read as a transport failure.
    init(_ error: any Error) {
        if let error = error as? PokeAPIError {
            self = error
        } else if let failure = error as? PokeAPIFailure {
            self.init(failure)
        } else {
            self.init(PokeAPIFailure.transport(url: "", reason: String(describing: error)))
        }
    }

    package var description: String {
        var text = summary
        if !location.isEmpty { text += " (\(location))" }
        if !advice.isEmpty { text += ". " + advice }
        return text
    }
}
