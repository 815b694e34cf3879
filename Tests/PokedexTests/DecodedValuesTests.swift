import Common
import Foundation
import Testing
import TestSupport
@testable import Pokedex

/// What a process decoded, held for the next catalog of the same records file (`serve`'s
/// rebuilds, a build's languages): taken instead of the record, and the record still kept.
@Suite("Values decoded earlier in the process")
struct DecodedValuesTests {
    /// A class: the same instance back is the held value, a new one the record read again.
    final class Box: Codable, Sendable {
        let text: String
        init(_ text: String) { self.text = text }
    }

    static let stamp = FileStamp(size: 10, modified: 1, inode: 1)

    @Test("a value held for the same records file is taken without reading its record, which still goes into the next file")
    func takenAndCarried() throws {
        let folder = try TemporaryFolder()
        let values = DecodedValues()
        let first = RecordCache(folder: folder.url, values: values)
        let made = try first.record(Box.self, path: "box/1", stamp: Self.stamp) { () throws(CatalogIssue) in Box("one") }
        first.save()
        #expect(values.count == 1)
        let second = RecordCache(folder: folder.url, values: values)
        let taken = try #require(second.kept(Box.self, path: "box/1", stamp: Self.stamp))
        #expect(taken === made, "the held value, not its record read again")
        #expect(second.kept(Box.self, path: "box/1", stamp: FileStamp(size: 11, modified: 1, inode: 1)) == nil, "another stamp: not taken")
        second.save()
        // Kept in the file the second cache wrote, though that cache never read it.
        let third = RecordCache(folder: folder.url)
        let read = try #require(third.kept(Box.self, path: "box/1", stamp: Self.stamp))
        #expect(read !== made && read.text == "one")
    }

    @Test("a held value whose record the file does not have is not taken: it is decoded again, and so kept")
    func notTakenWithoutRecord() throws {
        let folder = try TemporaryFolder()
        let values = DecodedValues()
        let first = RecordCache(folder: folder.url, values: values)
        _ = try first.record(Box.self, path: "box/1", stamp: Self.stamp) { () throws(CatalogIssue) in Box("one") }
        // Never saved: no file holds its record.
        let second = RecordCache(folder: folder.url, values: values)
        #expect(second.kept(Box.self, path: "box/1", stamp: Self.stamp) == nil)
        let again = try second.record(Box.self, path: "box/1", stamp: Self.stamp) { () throws(CatalogIssue) in Box("one again") }
        #expect(again.text == "one again" && second.decoded == 1)
    }

    @Test("values held are let go once another build wrote the records file: its records are read instead")
    func otherBuildWrote() throws {
        let folder = try TemporaryFolder()
        let values = DecodedValues()
        let first = RecordCache(folder: folder.url, values: values)
        _ = try first.record(Box.self, path: "box/1", stamp: Self.stamp) { () throws(CatalogIssue) in Box("one") }
        first.save()
        // Another build, in another process, decodes the file again (`--verify`: the same
        // stamp, other bytes read) and writes the records file anew.
        let other = RecordCache(folder: folder.url, verify: true)
        _ = try other.record(Box.self, path: "box/1", stamp: Self.stamp) { () throws(CatalogIssue) in Box("two") }
        other.save()
        let next = RecordCache(folder: folder.url, values: values)
        #expect(values.count == 0, "the held values are let go")
        #expect(next.kept(Box.self, path: "box/1", stamp: Self.stamp)?.text == "two", "the other build's record is read")
    }

    @Test("values held for another records file (other languages' texts) are let go")
    func otherFileLetGo() throws {
        let folder = try TemporaryFolder()
        let values = DecodedValues()
        let english = RecordCache(folder: folder.url, languages: ["en"], values: values)
        _ = try english.record(Box.self, path: "box/1", stamp: Self.stamp) { () throws(CatalogIssue) in Box("one") }
        #expect(values.count == 1)
        _ = RecordCache(folder: folder.url, languages: ["en"], values: values)
        #expect(values.count == 1, "the same file: kept")
        _ = RecordCache(folder: folder.url, languages: ["en", "fr"], values: values)
        #expect(values.count == 0, "another file: let go")
    }
}
