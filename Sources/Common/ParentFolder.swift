/// `path` without its last component (`/a/b/c` → `/a/b`, `/a` → `/`, `/` → `/`, `a` → ``;
/// slashes at the end, and those before the last component, dropped with it), read off the
/// bytes: a fetch asks it twice for every file it stores, and `NSString`'s
/// `deletingLastPathComponent` was a fortieth of a cold fetch's CPU (and traps on Linux
/// for `a`). It agrees with `NSString` except that slashes doubled further up are kept:
/// `/a//b/c` → `/a//b`, where `NSString` also tidies them to `/a/b`.
package func parentFolder(of path: String) -> String {
    let slash = UInt8(ascii: "/")
    let bytes = path.utf8
    var end = bytes.endIndex
    // Trailing slashes are not a component ("/a/b/" is "/a/b").
    while end > bytes.startIndex, bytes[bytes.index(before: end)] == slash, bytes.distance(from: bytes.startIndex, to: end) > 1 {
        end = bytes.index(before: end)
    }
    guard let last = bytes[..<end].lastIndex(of: slash) else { return "" }
    // The slashes before the last component go with it ("/a//b" is "/a").
    var cut = last
    while cut > bytes.startIndex, bytes[bytes.index(before: cut)] == slash { cut = bytes.index(before: cut) }
    return cut == bytes.startIndex ? "/" : String(path[..<cut])
}
