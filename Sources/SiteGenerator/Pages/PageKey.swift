import Common

/// A page's key, kept for it in the manifest: a hash of the bytes its file holds.
///
/// A page whose view model is built (what it read changed, or its template, or the site's
/// settings) is rendered, and its file is taken from the last build when the bytes hash the
/// same, so an unchanged page is not written again. Keying the view model instead meant
/// walking it once more to hash it, and making a long list's rows twice: a tenth of a
/// full build, to save rendering the few pages whose reads changed but not their content
/// (19 of the mirror's 2,376 after one species' text is edited).
enum PageKey {
    static let format = "page-key-3"

    static func hex(of bytes: [UInt8]) -> String {
        var hash = Fingerprint()
        hash.add(format)
        bytes.withUnsafeBytes { hash.addWords($0) }
        return hash.hex
    }
}
