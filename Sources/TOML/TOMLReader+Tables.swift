extension TOMLReader {
    /// Creates the tables along `path` (for a `[a.b]` header).
    static func ensureTable(in root: inout TOMLTable, at path: [String], line: Int, column: Int) throws(TOMLError) {
        try modify(&root, path: path, line: line, column: column) { (table: inout TOMLTable, key: String) throws(TOMLError) in
            switch table[key]?.kind {
            case nil: table.set(key, TOMLValue(.table(TOMLTable(line: line, column: column)), line: line, column: column))
            case .table: break
            default: throw TOMLError(line: line, column: column, message: "\"\(key)\" is already a value, not a table")
            }
        }
    }

    /// Adds a new table to the array at `path` (for a `[[a]]` header).
    static func appendTable(to root: inout TOMLTable, at path: [String], line: Int, column: Int) throws(TOMLError) {
        try modify(&root, path: path, line: line, column: column) { (table: inout TOMLTable, key: String) throws(TOMLError) in
            let fresh = TOMLValue(.table(TOMLTable(line: line, column: column)), line: line, column: column)
            switch table[key]?.kind {
            case nil: table.set(key, TOMLValue(.array([fresh]), line: line, column: column))
            case .array(var items) where items.allSatisfy({ if case .table = $0.kind { true } else { false } }):
                items.append(fresh)
                table.set(key, TOMLValue(.array(items), line: line, column: column))
            default: throw TOMLError(line: line, column: column, message: "\"\(key)\" is already a value, not an array of tables")
            }
        }
    }

    /// Sets `value` at `path`, refusing to redefine a key.
    static func assign(_ value: TOMLValue, to path: [String], in root: inout TOMLTable, line: Int, column: Int) throws(TOMLError) {
        try modify(&root, path: path, line: line, column: column) { (table: inout TOMLTable, key: String) throws(TOMLError) in
            guard table[key] == nil else {
                throw TOMLError(line: line, column: column, message: "the key \"\(path.joined(separator: "."))\" is set twice")
            }
            table.set(key, value, keyLine: line, keyColumn: column)
        }
    }

    /// Walks to the table holding the last key of `path` (into the newest table of an
    /// array of tables, as TOML says) and runs `body` there.
    private static func modify(
        _ table: inout TOMLTable, path: [String], line: Int, column: Int,
        _ body: (inout TOMLTable, String) throws(TOMLError) -> Void
    ) throws(TOMLError) {
        guard let first = path.first else { return }
        if path.count == 1 { return try body(&table, first) }
        let rest = Array(path.dropFirst())
        switch table[first]?.kind {
        case nil:
            var child = TOMLTable(line: line, column: column)
            try modify(&child, path: rest, line: line, column: column, body)
            table.set(first, TOMLValue(.table(child), line: line, column: column))
        case .table(var child):
            try modify(&child, path: rest, line: line, column: column, body)
            table.set(first, TOMLValue(.table(child), line: table[first]?.line ?? line, column: table[first]?.column ?? column))
        case .array(var items):
            guard let last = items.last, case .table(var child) = last.kind else {
                throw TOMLError(line: line, column: column, message: "\"\(first)\" is an array of values, not of tables")
            }
            try modify(&child, path: rest, line: line, column: column, body)
            items[items.count - 1] = TOMLValue(.table(child), line: last.line, column: last.column)
            table.set(first, TOMLValue(.array(items), line: table[first]?.line ?? line, column: table[first]?.column ?? column))
        default:
            throw TOMLError(line: line, column: column, message: "\"\(first)\" is already a value, not a table")
        }
    }
}
