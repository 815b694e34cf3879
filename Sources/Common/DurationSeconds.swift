extension Duration {
    /// The duration in seconds, fractions included: what reports and summaries print.
    package var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
