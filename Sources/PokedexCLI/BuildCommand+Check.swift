import Foundation
import HTMLSafety
import SiteGenerator

extension BuildCommand {
    /// What `--strict` runs over the staged site: HTMLSafety's checker (every page parses,
    /// every internal link, image and fragment resolves, every page is linked).
    static let strictCheck = SiteCheck { folder in
        let report = try await SiteChecker(root: folder).check()
        return report.findings.map(\.description)
    }
}
