import Common
import Foundation
import Testing

/// `InputFolder` resolves each folder once and `lstat`s the file: the same answers as
/// resolving every path in full, for every way a path can lead out or go nowhere.
@Suite("Input folders resolve each folder once, never leaving the folder")
struct InputFolderTests {
    let base: URL
    var root: URL { base.appendingPathComponent("root") }
    var outside: URL { base.appendingPathComponent("outside") }

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("pokedex-input-folder-\(UUID().uuidString)")
        let manager = FileManager.default
        for folder in ["root/real", "root/plain", "root/nested/deeper", "outside"] {
            try manager.createDirectory(at: base.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in ["root/real/a.json", "root/real/b.json", "root/plain/a.json", "root/nested/deeper/a.json", "outside/a.json", "outside/b.json"] {
            try Data("{}".utf8).write(to: base.appendingPathComponent(file))
        }
        // A folder leading out, a folder leading inside, a file leading out, a file leading inside.
        try manager.createSymbolicLink(at: root.appendingPathComponent("out"), withDestinationURL: outside)
        try manager.createSymbolicLink(at: root.appendingPathComponent("in"), withDestinationURL: root.appendingPathComponent("real"))
        try manager.createSymbolicLink(at: root.appendingPathComponent("plain/secret.json"), withDestinationURL: outside.appendingPathComponent("a.json"))
        try manager.createSymbolicLink(at: root.appendingPathComponent("plain/alias.json"), withDestinationURL: root.appendingPathComponent("real/b.json"))
        try manager.createSymbolicLink(at: root.appendingPathComponent("plain/dangling.json"), withDestinationURL: base.appendingPathComponent("gone.json"))
    }

    func remove() { try? FileManager.default.removeItem(at: base) }

    var realRoot: String { InputFolder.realPath(root.path) ?? root.path }

    @Test("every file of a folder leading out is refused, the second as the first")
    func folderOut() {
        defer { remove() }
        let folder = InputFolder(root: root)
        for name in ["a.json", "b.json", "a.json"] {
            guard case let .escapes(target) = folder.resolve("out/" + name) else {
                Issue.record("out/\(name) was not refused: \(folder.resolve("out/" + name))")
                continue
            }
            #expect(target.hasSuffix("/outside/" + name))
        }
    }

    @Test("a folder leading inside is followed to the real file")
    func folderIn() {
        defer { remove() }
        let folder = InputFolder(root: root)
        #expect(folder.resolve("in/a.json") == .file(path: realRoot + "/real/a.json", size: 2))
        #expect(folder.resolve("in/b.json") == .file(path: realRoot + "/real/b.json", size: 2))
        #expect(folder.resolve("nested/deeper/a.json") == .file(path: realRoot + "/nested/deeper/a.json", size: 2))
    }

    @Test("in a plain folder, a file leading out is refused, one leading inside followed, a dangling one missing")
    func filesInPlainFolder() {
        defer { remove() }
        let folder = InputFolder(root: root)
        #expect(folder.resolve("plain/a.json") == .file(path: realRoot + "/plain/a.json", size: 2))
        guard case .escapes = folder.resolve("plain/secret.json") else {
            Issue.record("plain/secret.json was not refused")
            return
        }
        #expect(folder.resolve("plain/alias.json") == .file(path: realRoot + "/real/b.json", size: 2))
        #expect(folder.resolve("plain/dangling.json") == .missing)
    }

    @Test("missing folders, a file taken as a folder and a folder taken as a file")
    func nothingThere() {
        defer { remove() }
        let folder = InputFolder(root: root)
        #expect(folder.resolve("nope/a.json") == .missing)
        #expect(folder.resolve("nope/b.json") == .missing)
        #expect(folder.resolve("plain/a.json/x") == .missing)
        #expect(folder.resolve("nested/deeper") == .notAFile)
        #expect(folder.resolve("nested") == .notAFile)
        #expect(folder.resolve("../outside/a.json") == .unsafePath)
    }

    /// The definition, on bytes: split on the byte `/`, and no component empty, `.` or
    /// `..`; no NUL or backslash anywhere. (The check this replaced split on `Character`s,
    /// so a `/` followed by a combining mark, one `Character`, was no separator: it let
    /// `../\u{301}x` through, which the folder's lookup then resolved above the root.)
    static func plainOnBytes(_ relative: String) -> Bool {
        let bytes = Array(relative.utf8)
        guard !bytes.isEmpty, !bytes.contains(0), !bytes.contains(UInt8(ascii: "\\")) else { return false }
        return bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && !$0.elementsEqual([UInt8(ascii: ".")]) && !$0.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")])
        }
    }

    @Test("a plain relative path is told by its bytes, combining marks after a slash included")
    func plainRelative() {
        // The suite's folder is made for every test, this one's too.
        defer { remove() }
        let refused = ["", "/", "/a", "a/", "a//b", ".", "..", "./a", "../a", "a/.", "a/..", "a/./b", "a/../b",
                       "a\\b", "a\u{0}b", "\u{0}", "a/b/", "../\u{301}x", "/\u{301}x", "a//\u{301}b", "./\u{301}x"]
        let allowed = ["a", "a.json", "api/v2/pokemon/25/index.json", "...", "a/.../b", ".a", "a.", "..a", "a..",
                       ".hidden/x", "é/ü.json", "a/.b/..c/d..", "x.\u{301}/y", ".\u{301}/y", "日本/語"]
        for path in refused { #expect(!InputFolder.isPlainRelative(path), "\(path.debugDescription) must be refused") }
        for path in allowed { #expect(InputFolder.isPlainRelative(path), "\(path.debugDescription) must be allowed") }
        // Every path of up to five pieces from an alphabet of the bytes that matter.
        let alphabet: [String] = ["a", ".", "/", "\\", "\u{0}", "é", "\u{301}"]
        var paths = [""]
        for _ in 0..<5 {
            paths = Array(Set(paths + paths.flatMap { path in alphabet.map { path + $0 } }))
        }
        var disagreements: [String] = []
        for path in paths where InputFolder.isPlainRelative(path) != Self.plainOnBytes(path) {
            disagreements.append(path.debugDescription)
        }
        #expect(paths.count > 10_000)
        #expect(disagreements.isEmpty, "told apart differently: \(disagreements.prefix(10))")
    }

    @Test("a file read by its resolved path: a symlink or folder put there since is refused, a file gone is nil")
    func readResolved() throws {
        defer { remove() }
        let folder = InputFolder(root: root)
        guard case let .file(real, _) = folder.resolve("plain/a.json") else {
            Issue.record("plain/a.json did not resolve to a file")
            return
        }
        #expect(try folder.read(resolved: real, shownAs: "plain/a.json") == Data("{}".utf8))
        // Swapped for a link out of the folder after the look: refused, the outside file unread.
        try FileManager.default.removeItem(atPath: real)
        try FileManager.default.createSymbolicLink(atPath: real, withDestinationPath: outside.appendingPathComponent("a.json").path)
        #expect(throws: InputFolderError(path: root.path + "/plain/a.json", problem: .notAFile)) {
            try folder.read(resolved: real, shownAs: "plain/a.json")
        }
        try FileManager.default.removeItem(atPath: real)
        #expect(try folder.read(resolved: real, shownAs: "plain/a.json") == nil)
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: false)
        #expect(throws: InputFolderError(path: root.path + "/plain/a.json", problem: .notAFile)) {
            try folder.read(resolved: real, shownAs: "plain/a.json")
        }
    }

    @Test("stamped all at once, a big folder listed: the answers and stamps of one at a time, for every kind of entry")
    func stampedAll() throws {
        defer { remove() }
        let manager = FileManager.default
        // A resource folder of many ids (listed), with every odd thing an id can be.
        let resource = root.appendingPathComponent("api/v2/pokemon")
        for id in 1...40 {
            try manager.createDirectory(at: resource.appendingPathComponent("\(id)"), withIntermediateDirectories: true)
            try Data(String(repeating: "x", count: id).utf8).write(to: resource.appendingPathComponent("\(id)/index.json"))
        }
        try manager.createDirectory(at: resource.appendingPathComponent("1/encounters"), withIntermediateDirectories: true)
        try Data("[]".utf8).write(to: resource.appendingPathComponent("1/encounters/index.json"))
        try manager.removeItem(at: resource.appendingPathComponent("2/index.json"))  // an id without its file
        try manager.removeItem(at: resource.appendingPathComponent("3/index.json"))
        try manager.createDirectory(at: resource.appendingPathComponent("3/index.json"), withIntermediateDirectories: true)  // a folder as the file
        try manager.removeItem(at: resource.appendingPathComponent("4/index.json"))
        try manager.createSymbolicLink(at: resource.appendingPathComponent("4/index.json"), withDestinationURL: outside.appendingPathComponent("a.json"))  // the file leads out
        try manager.removeItem(at: resource.appendingPathComponent("5/index.json"))
        try manager.createSymbolicLink(at: resource.appendingPathComponent("5/index.json"), withDestinationURL: resource.appendingPathComponent("6/index.json"))  // the file leads inside
        try manager.removeItem(at: resource.appendingPathComponent("7"))
        try Data("{}".utf8).write(to: outside.appendingPathComponent("index.json"))
        try manager.createSymbolicLink(at: resource.appendingPathComponent("7"), withDestinationURL: outside)  // the id folder leads out
        try manager.removeItem(at: resource.appendingPathComponent("8"))
        try manager.createSymbolicLink(at: resource.appendingPathComponent("8"), withDestinationURL: resource.appendingPathComponent("9"))  // the id folder leads inside
        try manager.removeItem(at: resource.appendingPathComponent("10"))
        try Data("{}".utf8).write(to: resource.appendingPathComponent("10"))  // a file as the id folder
        try manager.removeItem(at: resource.appendingPathComponent("11/index.json"))
        try manager.createSymbolicLink(at: resource.appendingPathComponent("11/index.json"), withDestinationURL: base.appendingPathComponent("gone.json"))  // dangling

        // Two names `String` calls equal and the file system does not: `é` a folder, `e` and
        // a combining accent a link out. The link must be refused, not taken for the folder.
        try manager.createDirectory(at: resource.appendingPathComponent("\u{E9}"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: resource.appendingPathComponent("\u{E9}/index.json"))
        let decomposed = resource.path + "/e\u{301}"
        #expect(symlink(outside.path, decomposed) == 0)
        var status = stat()
        let twoNames = lstat(decomposed, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
        if !twoNames { print("InputFolderTests.stampedAll: this file system makes one name of é and e+accent; that case is not tried") }

        var paths = (1...45).map { "api/v2/pokemon/\($0)/index.json" }  // 41-45: no such id
        paths += ["api/v2/pokemon/1/encounters/index.json", "plain/a.json", "plain/secret.json", "out/a.json", "in/b.json", "real/a.json",
                  "../outside/a.json", "api/v2/pokemon/../pokemon/1/index.json", "/etc/passwd", "api/v2/pokemon/12", "a.json", "",
                  "api/v2/pokemon/\u{E9}/index.json", "api/v2/pokemon/e\u{301}/index.json"]
        let all = InputFolder(root: root).stamped(all: paths)
        let one = InputFolder(root: root)
        #expect(all.count == paths.count)
        for (path, answer) in zip(paths, all) {
            let expected = one.stamped(path)
            #expect(answer.resolution == expected.resolution, "\(path)")
            #expect(answer.stamp == expected.stamp, "\(path)")
        }
        // What the cases are, so the comparison above cannot pass on answers all alike.
        #expect(all[0].resolution == .file(path: realRoot + "/api/v2/pokemon/1/index.json", size: 1))
        #expect(all[0].stamp == FileStamp.of(realRoot + "/api/v2/pokemon/1/index.json"))
        #expect(all[1].resolution == .missing && all[1].stamp == nil)
        #expect(all[2].resolution == .notAFile)
        guard case .escapes = all[3].resolution else { Issue.record("a file leading out was not refused: \(all[3])"); return }
        #expect(all[4].resolution == .file(path: realRoot + "/api/v2/pokemon/6/index.json", size: 6))
        guard case .escapes = all[6].resolution else { Issue.record("an id folder leading out was not refused: \(all[6])"); return }
        #expect(all[7].resolution == .file(path: realRoot + "/api/v2/pokemon/9/index.json", size: 9))
        #expect(all[9].resolution == .missing && all[10].resolution == .missing && all[44].resolution == .missing)
        #expect(all[51].resolution == .unsafePath && all[52].resolution == .unsafePath)
        #expect(all[57].resolution == .file(path: realRoot + "/api/v2/pokemon/\u{E9}/index.json", size: 2))
        if twoNames {
            guard case .escapes = all[58].resolution else { Issue.record("a link spelled like a listed folder was followed: \(all[58])"); return }
        }
    }
}
