import Common
import Foundation

extension SiteChecker {
    /// A page parsed, or why it could not be read.
    enum PageOutcome: Sendable {
        case parsed(PageFacts)
        case unreadable(CheckFinding)
    }

    /// Every regular file under `root`, as `/`-separated paths relative to it.
    func listFiles() throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            throw HTMLSafetyError(.rootMissing(path: root.path))
        }
        guard isDirectory.boolValue else { throw HTMLSafetyError(.rootNotADirectory(path: root.path)) }
        let base = root.standardizedFileURL.resolvingSymlinksInPath().path
        guard let enumerator = FileManager.default.enumerator(atPath: base) else {
            throw HTMLSafetyError(.unlistable(path: root.path, reason: "not listable"))
        }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            let full = base + "/" + relative
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(relative)
            }
        }
        return files
    }

    /// Parses the pages in a task group that never holds more than `concurrency` tasks.
    func parsePages(_ paths: [String]) async -> [PageOutcome] {
        let base = root.standardizedFileURL.resolvingSymlinksInPath()
        var outcomes: [PageOutcome] = []
        outcomes.reserveCapacity(paths.count)
        await BoundedConcurrency.forEach(paths, width: concurrency, { Self.parsePage($0, in: base) }) { outcomes.append($0) }
        return outcomes
    }

    static func parsePage(_ path: String, in base: URL) -> PageOutcome {
        do {
            let bytes = [UInt8](try Data(contentsOf: base.appendingPathComponent(path)))
            var facts = PageFacts(path: path, tree: HTMLTree(bytes: bytes))
            // libxml2 closes an unclosed inline element quietly; the balance check does not.
            facts.problems = (facts.problems + TagBalance.issues(in: bytes)).sorted { ($0.line, $0.column) < ($1.line, $1.column) }
            return .parsed(facts)
        } catch {
            return .unreadable(CheckFinding(
                kind: .unreadablePage, file: path, line: 1,
                message: "cannot read the page (\(error.localizedDescription)): check the file's permissions"
            ))
        }
    }
}
