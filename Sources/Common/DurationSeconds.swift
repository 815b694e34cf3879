extension Duration {
    /// The duration in seconds, fractions included: what reports and summaries print.
    package var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

extension Double {
    /// The number with `digits` digits after the point (at most 9), rounded half away from
    /// zero: what `%.2f` prints (but on an exact half, which it rounds to even), without
    /// `String(format:)`, whose first use in a process
    /// looks up its arguments' conformances across the whole binary (a hundredth of a
    /// one-resource rebuild, on the thread everything else waited for).
    package func fixed(_ digits: Int) -> String {
        let digits = Swift.max(0, Swift.min(9, digits))
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        guard isFinite, abs(self) * Double(scale) < 9e18 else { return "\(self)" }
        let scaled = Int((abs(self) * Double(scale)).rounded())
        let whole = "\(scaled / scale)"
        let sign = self < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return sign + whole }
        let fraction = "\(scaled % scale)"
        return sign + whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
