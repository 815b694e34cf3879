/// The one error `HTMLSafety` throws: what went wrong, where, and what to do.
public struct HTMLSafetyError: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String

    init(_ failure: CheckFailure) {
        description = failure.message
    }
}
