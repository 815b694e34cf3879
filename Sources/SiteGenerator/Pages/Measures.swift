import Pokedex

/// Height and weight in metric and imperial, from PokeAPI's decimetres and hectograms,
/// with the language's decimal mark.
enum Measures {
    /// "0.4 m (1′04″)", "0,4 m (1′04″)".
    static func height(decimetres: Int, language: SiteLanguage = .english) -> String {
        let totalInches = Int((Double(decimetres) * 3.937_007_874).rounded())
        let inches = totalInches % 12
        return "\(language.decimal(tenths: decimetres)) m (\(totalInches / 12)′\(inches < 10 ? "0" : "")\(inches)″)"
    }

    /// "6.0 kg (13.2 lb)", "6,0 kg (13,2 lb)".
    static func weight(hectograms: Int, language: SiteLanguage = .english) -> String {
        let tenthsOfPounds = Int((Double(hectograms) * 2.204_622_62).rounded())
        return "\(language.decimal(tenths: hectograms)) kg (\(language.decimal(tenths: tenthsOfPounds)) lb)"
    }
}
