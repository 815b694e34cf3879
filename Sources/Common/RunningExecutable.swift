import CSystemExtras
import Foundation

/// The file this process runs, symlinks resolved. `argv[0]` says only how the user typed it:
/// `pokedex` found on the PATH is a bare name, which read against the current folder names a
/// file that is not there, so the theme beside the executable was not found and the build's
/// tool key fell back to the bare version (two builds of one version trusting each other's
/// kept pages). The kernel's `/proc/self/exe` names the file itself; where there is none,
/// `argv[0]` is looked up on the PATH as the shell did.
package enum RunningExecutable {
    /// The kernel's link to the file this process runs (Linux).
    static let procLink = "/proc/self/exe"

    package static let url: URL = locate(
        procLink: procLink, argument: CommandLine.arguments.first ?? "",
        path: ProcessInfo.processInfo.environment["PATH"] ?? "")

    /// What `stat(2)` says of the running file: through the kernel's link, which leads to the
    /// file this process runs even after a new build has replaced the one at its path; else
    /// of ``url``.
    package static var stamp: FileStamp? { FileStamp.of(procLink) ?? FileStamp.of(url.path) }

    /// `procLink` when it can be read, else `argument` as a path when it has a slash, else
    /// the first executable of that name in a folder of `path`.
    package static func locate(procLink: String, argument: String, path: String) -> URL {
        let manager = FileManager.default
        if let target = try? manager.destinationOfSymbolicLink(atPath: procLink), target.hasPrefix("/") {
            return URL(fileURLWithPath: target)
        }
        if argument.contains("/") || argument.isEmpty {
            return URL(fileURLWithPath: argument.isEmpty ? "." : argument).resolvingSymlinksInPath()
        }
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(argument)
            var isFolder: ObjCBool = false
            // A folder is "executable" too (it can be entered): the shell skips it, and so does this.
            if manager.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
               manager.isExecutableFile(atPath: candidate.path) {
                return candidate.resolvingSymlinksInPath()
            }
        }
        return URL(fileURLWithPath: argument).resolvingSymlinksInPath()
    }

    /// The GNU build ID the linker wrote into this executable (a hash of its bytes, as hex),
    /// read from its notes in memory; nil where there is none (another platform, or a linker
    /// told not to). Two executables of one ID are the same program, so what one of them
    /// worked out from its own code alone (its schema's shape) holds for the other.
    package static let buildID: String? = {
        var bytes = [UInt8](repeating: 0, count: 64)
        let length = Int(pokedex_build_id(&bytes, Int32(bytes.count)))
        guard length > 0 else { return nil }
        return bytes.prefix(length).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }()
}
