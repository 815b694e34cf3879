import Common
import Foundation
import PokeAPI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shows fetch progress on standard error: a live bar on a terminal, a line every few seconds otherwise.
final class FetchProgressRenderer: @unchecked Sendable {
    enum Style {
        case bar
        case lines
        case silent

        static func forStandardError() -> Style { isatty(STDERR_FILENO) == 1 ? .bar : .lines }
    }

    private let style: Style
    private let lock = NSLock()
    private var lastDrawn: ContinuousClock.Instant?
    /// The newest state seen: workers report after they let the books go, so two reports
    /// may arrive out of order, and the one with fewer entries done is the older.
    private var latest: FetchProgress?

    /// ``latest``, read under the lock.
    var newest: FetchProgress? { lock.withLock { latest } }

    init(style: Style) {
        self.style = style
    }

    func update(_ progress: FetchProgress) {
        guard style != .silent else { return }
        let now = ContinuousClock.now
        let interval: Duration = style == .bar ? .milliseconds(100) : .seconds(5)
        let line: String? = lock.withLock {
            if let latest, latest.done > progress.done { return nil }
            latest = progress
            if let lastDrawn, now - lastDrawn < interval { return nil }
            lastDrawn = now
            return Self.line(progress, bar: style == .bar)
        }
        if let line {
            if style == .bar { Console.control("\r\u{1B}[2K", then: line) } else { write(line + "\n") }
        }
    }

    func finish() {
        guard style == .bar, let latest = lock.withLock({ latest }) else { return }
        Console.control("\r\u{1B}[2K", then: Self.line(latest, bar: true) + "\n")
    }

    private func write(_ text: String) {
        Console.error(text)
    }

    static func line(_ progress: FetchProgress, bar: Bool) -> String {
        let seconds = max(0.001, progress.elapsed.inSeconds)
        let rate = Double(progress.bytes) / seconds
        let fraction = progress.total == 0 ? 0 : Double(progress.done) / Double(progress.total)
        let remaining = progress.done == 0 ? nil : Int(seconds / Double(progress.done) * Double(progress.total - progress.done))
        var text = "\(progress.done)/\(progress.total) entries, \(FetchByteFormat.string(progress.bytes)), \(FetchByteFormat.string(Int(rate)))/s"
        if let remaining { text += ", ETA \(remaining) s" }
        if progress.failed > 0 { text += ", \(progress.failed) failed" }
        guard bar else { return "fetch: " + text }
        let width = 24
        let filled = min(width, Int(fraction * Double(width)))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] " + text
    }
}
