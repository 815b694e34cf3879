import Foundation
import FuzzSupport

/// Runs libFuzzer over one fuzz target's callback, with the process's arguments.
public enum FuzzDriver {
    /// Hands `callback` to libFuzzer and exits with its status; `callback` gets each input.
    public static func run(_ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv, callback)
        exit(status)
    }

    /// The input as text, invalid UTF-8 repaired the way `String(decoding:)` does.
    public static func text(_ data: UnsafePointer<UInt8>?, _ size: Int) -> String {
        guard let data else { return "" }
        return String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    }
}
