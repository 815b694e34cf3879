import Common
import Foundation
import Testing
import TestSupport
@testable import PokeAPI

/// The source index's entries write themselves field by field: the bytes must stay the ones
/// `Codable` writes, so an index reads back either way.
@Suite("Source index entries write what Codable writes")
struct SourceIndexRecordTests {
    @Test("an entry with every field, one with the fewest, a sprite and a stamp")
    func recordForms() throws {
        let stamp = FileStamp(size: 12_345, modified: 1_764_000_000_123_456_789, inode: UInt64.max - 7)
        let full = SourceIndex.Entry(path: "pokemon/25/encounters", stamp: stamp, links: [0, 3, 9_999], sprites: [1, 2],
                                     name: "pikachu", absent: ["location/48", "sprites/pokemon/10304.png"], reachKey: 0xDEAD_BEEF_CAFE_F00D)
        let bare = SourceIndex.Entry(path: "pokemon", stamp: FileStamp(size: 0, modified: -1, inode: 0), links: [], sprites: [], name: nil)
        let entries = [full, bare]
        let bytes = try BinaryCoder.encode(entries, format: "t")
        #expect(bytes == (try BinaryCoder.encode(CodableForm(entries.map(CodableForm.init)), format: "t")))
        #expect(try BinaryCoder.decode([SourceIndex.Entry].self, from: bytes, format: "t") == entries)

        let media = [SourceIndex.Media(path: "sprites/pokemon/25.png", stamp: stamp)]
        let mediaBytes = try BinaryCoder.encode(media, format: "t")
        #expect(mediaBytes == (try BinaryCoder.encode(CodableForm(media.map(CodableForm.init)), format: "t")))
        #expect(try BinaryCoder.decode([SourceIndex.Media].self, from: mediaBytes, format: "t") == media)

        let stampBytes = try BinaryCoder.encode(stamp, format: "t")
        #expect(stampBytes == (try BinaryCoder.encode(CodableForm(stamp), format: "t")))
        #expect(try BinaryCoder.decode(FileStamp.self, from: stampBytes, format: "t") == stamp)
    }
}
