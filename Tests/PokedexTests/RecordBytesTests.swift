import Common
import Foundation
import Testing
import TestSupport
@testable import Pokedex

@Suite("Records made by a build are kept in blocks and written from them")
struct RecordBytesTests {
    /// `count` bytes that differ with `seed` and with their place.
    static func bytes(_ count: Int, seed: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed &* 7 &+ ($0 >> 8)) }
    }

    @Test("bytes kept from many threads, small, empty and larger than a block, land in the file as they were")
    func keptFromThreads() async throws {
        let folder = try TemporaryFolder()
        let store = RecordBytes(folder: folder.url.appendingPathComponent("records"))
        let sizes = [0, 1, 7, 4096, 100_000, 3]
        // Three larger than a quarter of a block (written on their own), one larger than a block,
        // and enough small ones to fill many blocks (each written once full, its memory used again).
        let large = [5: RecordBytes.blockSize / 4 + 1, 90: RecordBytes.blockSize + 3, 200: RecordBytes.blockSize / 2,
                     201: RecordBytes.blockSize / 4, 202: RecordBytes.blockSize / 4 - 1]
        let jobs = (0..<600).map { (index: $0, size: large[$0] ?? (sizes[$0 % sizes.count] + $0 % 5)) }
        let places = try await BoundedConcurrency.map(jobs, width: 4) { job throws(CancellationError) in
            Self.bytes(job.size, seed: job.index).withUnsafeBytes { store.keep($0) }
        }
        let finished = try #require(store.finish())
        defer { close(finished.descriptor) }
        let file = try Data(contentsOf: URL(fileURLWithPath: finished.path))
        #expect(file.count == finished.end)
        #expect(file.count == jobs.map(\.size).reduce(0, +), "no gaps between records")
        for (job, place) in zip(jobs, places) {
            let place = try #require(place)
            #expect(place.length == job.size)
            let offset = finished.offset(of: place)
            #expect(Array(file[offset..<offset + place.length]) == Self.bytes(job.size, seed: job.index), "record \(job.index)")
        }
        #expect(store.finish() == nil, "the file is handed over once")
        unlink(finished.path)
    }

    @Test("a store never finished leaves no file behind")
    func unfinishedRemoved() throws {
        let folder = try TemporaryFolder()
        let records = folder.url.appendingPathComponent("records")
        do {
            let store = RecordBytes(folder: records)
            _ = Self.bytes(1000, seed: 1).withUnsafeBytes { store.keep($0) }
            let made = try FileManager.default.contentsOfDirectory(atPath: records.path)
            withExtendedLifetime(store) { #expect(made.count == 1) }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: records.path).isEmpty)
    }

    @Test("a store's file is locked while it is open: a save's sweep keeps it then, and takes it once let go, as a killed build's")
    func lockedWhileOpen() throws {
        let folder = try TemporaryFolder()
        let records = folder.url.appendingPathComponent("records")
        let store = RecordBytes(folder: records)
        _ = Self.bytes(1000, seed: 1).withUnsafeBytes { store.keep($0) }
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: records.path).first)
        let file = records.appendingPathComponent(name)
        func age(_ seconds: TimeInterval) throws {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -seconds)], ofItemAtPath: file.path)
        }
        try age(7200)
        #expect(!RecordCache.isStale(file), "locked by the store writing it, however old")
        let finished = try #require(store.finish())
        try age(7200)
        #expect(!RecordCache.isStale(file), "still open, handed over to the save")
        // What the kernel does for a build killed with its file open.
        close(finished.descriptor)
        try age(120)
        #expect(RecordCache.isStale(file), "no one holds it, and it was last written two minutes ago")
        try age(10)
        #expect(!RecordCache.isStale(file), "written to in the last minute: maybe made and not locked yet")
        unlink(file.path)
    }

    @Test("where no file can be made, nothing is kept and finishing says so")
    func noFolder() throws {
        let folder = try TemporaryFolder()
        let blocker = folder.url.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let store = RecordBytes(folder: blocker)
        #expect(Self.bytes(1000, seed: 1).withUnsafeBytes { store.keep($0) } == nil)
        #expect(Self.bytes(RecordBytes.blockSize, seed: 2).withUnsafeBytes { store.keep($0) } == nil)
        #expect(store.finish() == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["not-a-folder"])
    }

    @Test("a read at an offset fills the whole buffer from there, and one past the end of the file says so")
    func readAtOffset() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("bytes").path
        let written = Self.bytes(300_000, seed: 3)
        try Data(written).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 200_000, alignment: 1)
        defer { buffer.deallocate() }
        #expect(WholeFile.read(descriptor, into: buffer, at: 99_999))
        #expect(Array(buffer) == Array(written[99_999..<299_999]))
        // The descriptor's own position is left where it was: a plain read starts at 0.
        #expect(WholeFile.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<10])))
        #expect(Array(buffer[..<10]) == Array(written[..<10]))
        #expect(!WholeFile.read(descriptor, into: buffer, at: 100_001), "200,000 bytes from 100,001 run past the end")
    }

    struct Value: Codable, Sendable, Equatable {
        var name: String
        var numbers: [Int]
    }

    /// Every 997th record is over a megabyte: a run of kept records copied in several reads.
    static func value(_ index: Int, version: Int) -> Value {
        let name = "value \(index) v\(version)"
        return Value(name: index % 997 == 5 ? name + String(repeating: "x", count: 1_200_000 + index) : name,
                     numbers: Array(repeating: index &* 3 &+ version, count: index % 40))
    }

    /// Records `paths` in `cache`, as `version`, at stamps that say so.
    static func record(_ cache: RecordCache, _ indexes: some Sequence<Int>, version: Int) throws {
        for index in indexes {
            let made = try cache.record(Value.self, path: "values/\(index)", stamp: FileStamp(size: Int64(index), modified: Int64(version), inode: 1)) {
                () throws(CatalogIssue) in Self.value(index, version: version)
            }
            #expect(made == Self.value(index, version: version))
        }
    }

    @Test("thousands of records, made anew, kept, or some of each in runs, are all read back by the next build")
    func savedAndReadBack() throws {
        let folder = try TemporaryFolder()
        let count = 3_000
        // Thousands of records: many blocks, written as they fill.
        let first = RecordCache(folder: folder.url)
        try Self.record(first, 0..<count, version: 1)
        first.save()
        // Every third record changed: the rest are copied from the last file in runs.
        let second = RecordCache(folder: folder.url)
        for index in 0..<count {
            let version = index % 3 == 0 ? 2 : 1
            let stamp = FileStamp(size: Int64(index), modified: Int64(version), inode: 1)
            if version == 1 {
                #expect(second.kept(Value.self, path: "values/\(index)", stamp: stamp) == Self.value(index, version: 1), "record \(index)")
            } else {
                #expect(second.kept(Value.self, path: "values/\(index)", stamp: stamp) == nil)
                try Self.record(second, [index], version: 2)
            }
        }
        #expect(second.decoded == count / 3)
        // A file read again in the same build is decoded again; its record still reads back.
        try Self.record(second, [0], version: 2)
        #expect(second.decoded == count / 3 + 1)
        second.save()
        let third = RecordCache(folder: folder.url)
        for index in 0..<count {
            let version = index % 3 == 0 ? 2 : 1
            let stamp = FileStamp(size: Int64(index), modified: Int64(version), inode: 1)
            #expect(third.kept(Value.self, path: "values/\(index)", stamp: stamp) == Self.value(index, version: version), "record \(index)")
        }
        // No temporary file is left beside the records.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent(".pokedex").path)
        #expect(left.count == 1 && left.allSatisfy { $0.hasPrefix("records-") && $0.hasSuffix(".bin") }, "\(left)")
    }
}
