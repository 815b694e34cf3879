import Foundation

/// Another program a test compares the build with (Python's `json`, `gzip`): bytes in on
/// standard input, its standard output and exit status back.
public enum ChildProcess {
    /// Runs `executable` with `arguments`, writes `input` to it and closes it, then reads
    /// everything it writes before it ends. For outputs a pipe holds while the input is
    /// still being written (a program that reads all its input first, or writes little).
    public static func run(_ executable: URL, _ arguments: [String], input: Data) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
