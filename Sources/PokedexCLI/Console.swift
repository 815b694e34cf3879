import Common
import Foundation

/// Where the commands write text: every line passes through `TerminalText`, so a name,
/// nickname or path that came from a file or the network shows its control characters
/// spelled out instead of acting on the terminal (no retitled window, cleared screen or
/// reversed line from a crafted export).
enum Console {
    /// A line (or lines) on standard output.
    static func out(_ text: String, terminator: String = "\n") {
        FileHandle.standardOutput.write(Data((TerminalText.escaped(text, keepLines: true) + terminator).utf8))
    }

    /// Text on standard error, escaped like ``out(_:terminator:)``.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data(TerminalText.escaped(text, keepLines: true).utf8))
    }

    /// The tool's own terminal controls (clearing the progress line), written as they are.
    static func control(_ sequence: String, then text: String = "") {
        FileHandle.standardError.write(Data((sequence + TerminalText.escaped(text, keepLines: true)).utf8))
    }
}
