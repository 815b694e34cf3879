import Synchronization
import TemplateEngine

/// A theme's templates, one copy per render task in flight (``TemplateLibrary/copy()``):
/// tasks on different cores then never change the same reference counts.
///
/// A task takes a spare copy, or makes one when none is spare, and gives it back when done,
/// so a build holds as many copies as it ever had tasks rendering at once.
final class TemplateCopies: Sendable {
    private let original: TemplateLibrary
    private let spare: Mutex<[TemplateLibrary]>

    init(_ original: TemplateLibrary) {
        self.original = original
        spare = Mutex([])
    }

    /// Runs `body` with a copy no other task holds meanwhile.
    func withCopy<Value, Failure: Error>(_ body: (TemplateLibrary) throws(Failure) -> Value) throws(Failure) -> Value {
        let library = spare.withLock { $0.popLast() } ?? original.copy()
        defer { spare.withLock { $0.append(library) } }
        return try body(library)
    }

    /// How many copies are spare: every copy made, once no task holds one.
    var spareCount: Int { spare.withLock { $0.count } }
}
