/// Height and weight in metric and imperial, from PokeAPI's decimetres and hectograms.
enum Measures {
    /// "0.4 m (1′04″)".
    static func height(decimetres: Int) -> String {
        let totalInches = Int((Double(decimetres) * 3.937_007_874).rounded())
        let inches = totalInches % 12
        return "\(decimal(decimetres)) m (\(totalInches / 12)′\(inches < 10 ? "0" : "")\(inches)″)"
    }

    /// "6.0 kg (13.2 lb)".
    static func weight(hectograms: Int) -> String {
        let tenthsOfPounds = Int((Double(hectograms) * 2.204_622_62).rounded())
        return "\(decimal(hectograms)) kg (\(decimal(tenthsOfPounds)) lb)"
    }

    /// Tenths as a one-decimal number: 69 -> "6.9".
    private static func decimal(_ tenths: Int) -> String {
        "\(tenths / 10).\(tenths % 10)"
    }
}
