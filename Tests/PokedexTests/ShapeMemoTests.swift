import Common
import Foundation
import PokeAPISchema
import Testing
import TestSupport
@testable import Pokedex

/// The shapes an executable probed, kept under its build ID and taken only by the same
/// executable.
@Suite("Shape memo")
struct ShapeMemoTests {
    static let readelf = ["/usr/bin/readelf", "/bin/readelf"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("this executable has a build ID, in lowercase hex")
    func buildID() throws {
        let id = try #require(RunningExecutable.buildID, "the test executable has a GNU build ID")
        #expect(id.count >= 16 && id.allSatisfy(\.isHexDigit) && id == id.lowercased())
    }

    @Test("the build ID is the one readelf reads from the executable's notes",
          .enabled(if: readelf != nil, "skipped: no readelf (binutils) on this machine"))
    func buildIDAsReadelfReadsIt() throws {
        let id = try #require(RunningExecutable.buildID)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.readelf))
        process.arguments = ["-n", RunningExecutable.url.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text.contains("Build ID: \(id)"), "\(text)")
    }

    @Test("a memo is read back by the executable that wrote it, never by another; it is written only where the records are")
    func sameExecutableOnly() throws {
        let folder = try TemporaryFolder()
        let types = DerivedShapes.warmed
        let shapes = types.map { SchemaProbe.signature(of: $0) }
        let memo = try #require(ShapeMemo(schema: Wire.shapeKey, types: types, shapes: shapes, build: "0a1b"))
        // No records folder yet: nothing is made for the memo.
        memo.write(in: folder.url)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".pokedex").path))
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".pokedex"), withIntermediateDirectories: true)
        memo.write(in: folder.url)
        let read = try #require(ShapeMemo.read(in: folder.url, build: "0a1b"))
        #expect(read == memo)
        #expect(read.shapes(of: types) == shapes)
        #expect(read.shapes(of: [Wire.Named.self] + types) == nil, "a type it does not hold")
        #expect(ShapeMemo.read(in: folder.url, build: "0a1c") == nil, "another executable's")
        #expect(ShapeMemo.read(in: folder.url, build: nil) == nil, "an executable with no build ID")
        #expect(ShapeMemo(schema: "x", types: types, shapes: shapes, build: nil) == nil)
        // Nothing left beside it but the memo.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent(".pokedex").path) == ["shapes.json"])
        // A damaged memo is none.
        try Data("{".utf8).write(to: ShapeMemo.file(in: folder.url))
        #expect(ShapeMemo.read(in: folder.url, build: "0a1b") == nil)
    }
}
