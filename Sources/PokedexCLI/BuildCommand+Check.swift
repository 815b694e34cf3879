import Foundation
import SiteGenerator

extension BuildCommand {
    /// What `--strict` runs over the staged site: every relative link and image must resolve.
    ///
    /// The HTML validator (HTMLSafety's site checker) plugs in here when it lands.
    static let strictCheck = SiteCheck { folder in
        SiteLinkCheck.brokenLinks(in: folder)
    }
}
