/// Follows every reference of every parsed page against the site's files and ids.
struct LinkAudit {
    let files: Set<String>
    let pages: [String: PageFacts]
    /// Pages reachable without a link.
    let entryPoints: Set<String>

    /// Every finding, and how many references pointed inside the site.
    func run() -> (findings: [CheckFinding], internalLinks: Int) {
        var findings: [CheckFinding] = []
        var internalLinks = 0
        var linked: Set<String> = []
        for page in pages.values {
            for problem in page.problems {
                findings.append(CheckFinding(kind: .parseError, file: page.path, line: max(1, problem.line), message: problem.message))
            }
            if let line = page.truncatedAtLine {
                findings.append(CheckFinding(
                    kind: .tooDeep, file: page.path, line: max(1, line),
                    message: "elements nest more than \(HTMLTree.maximumDepth) deep here; what is inside was not checked"
                ))
            }
            for script in page.inlineScripts {
                findings.append(CheckFinding(
                    kind: .inlineScript, file: page.path, line: max(1, script.line),
                    message: "\(script.what) runs code written into the page; scripts belong in files the site links (a planted page, or markup from data, can hide one)"
                ))
            }
            for duplicate in page.duplicateIDs {
                findings.append(CheckFinding(
                    kind: .duplicateID, file: page.path, line: max(1, duplicate.line),
                    message: "id \"\(duplicate.id)\" is used more than once on this page; ids must be unique"
                ))
            }
            for reference in page.references {
                let (target, finding, isInternal) = audit(reference, on: page)
                if isInternal { internalLinks += 1 }
                if let target, target != page.path { linked.insert(target) }
                if let finding { findings.append(finding) }
            }
        }
        for path in pages.keys where !linked.contains(path) && !entryPoints.contains(path) {
            findings.append(CheckFinding(
                kind: .orphanPage, file: path, line: 1,
                message: "no page links here; link it from a list or index page, or stop generating it"
            ))
        }
        return (findings, internalLinks)
    }
}

private extension LinkAudit {
    /// The file a reference reaches (if any), what is wrong with it (if anything), and
    /// whether it points inside the site.
    func audit(_ reference: PageFacts.Reference, on page: PageFacts) -> (String?, CheckFinding?, Bool) {
        func finding(_ kind: CheckFinding.Kind, _ message: String) -> CheckFinding {
            CheckFinding(kind: kind, file: page.path, line: max(1, reference.line), message: message)
        }
        let value = reference.value
        switch LinkResolver.resolve(value, from: page.path) {
        case .external:
            return (nil, nil, false)
        case .unsafeScheme(let scheme):
            return (nil, finding(.unsafeLink, "\(value): \(scheme): links do not belong on a published page"), false)
        case .rootRelative:
            return (nil, finding(.rootRelativeLink, "\(value) starts with /, which breaks from file:// and under a base URL; use a path relative to the page"), false)
        case .outsideSite:
            return (nil, finding(.brokenLink, "\(value) climbs above the site root"), false)
        case .file(let path, let fragment):
            guard files.contains(path) else {
                let hint = files.contains(path + "/index.html") ? " (it is a folder: end the link with /)" : ""
                return (nil, finding(.brokenLink, "\(value): no file \(path) in the site\(hint)"), true)
            }
            guard let fragment, !fragment.isEmpty, fragment != "top", let target = pages[path] else {
                return (path, nil, true)
            }
            guard target.ids.contains(fragment) else {
                return (path, finding(.brokenFragment, "\(value): no element with id \"\(fragment)\" on \(path)"), true)
            }
            return (path, nil, true)
        }
    }
}
