import Synchronization

/// A section's array item met again on the same page renders from the bytes it gave the
/// first time, when everything it read from outside itself reads the same.
///
/// A page lists the same rows over and over: the every-game moves page shows a move learned
/// at the same level, by machine or by egg in game after game, and its tables' rows are the
/// same view model each time (the page shares them).
///
/// An item is a dictionary, and a dictionary's storage does not change while anything else
/// holds it (copy on write): the replay keeps the item, so its storage stays the same and
/// cannot be freed and its address reused. What the item's bytes depend on beyond its
/// storage is what its body looked up below it on the context stack (`{{root}}`, a table's
/// `hasFirst`): each such name is kept with the value it had, and compared before a replay.
/// Anything else that could change the bytes keeps an item from being replayed: a lambda,
/// a block or parent tag (the overrides in force), an object asked (it computes its values),
/// an indentation in force (standalone partials), a nesting depth other than the first time's.
///
/// A replay is two ranges: of the page's own buffer for its bytes, of one array a page for
/// its readings; keeping one is a slot-table insert, with no allocation of its own.
extension Renderer {
    struct ReplayKey: Equatable {
        let section: ObjectIdentifier
        let storage: ObjectIdentifier

        /// Where probing starts: the two addresses multiplied into one word's high bits.
        var start: UInt {
            (UInt(bitPattern: section) &* 0x9E37_79B9_7F4A_7C15 ^ UInt(bitPattern: storage) &* 0xC2B2_AE3D_27D4_EB4F) >> 20
        }
    }

    struct Replay {
        /// Holds the storage, so no other dictionary can take its address.
        let item: TemplateDictionary
        let bytes: Range<Int>
        let readings: Range<Int>
        let depth: Int
        let atLineStart: Bool
    }

    /// A name found below an item on the stack (or nowhere) while the item rendered, with
    /// its value and the level it was found at (-1 for nowhere).
    struct Reading {
        let name: Name
        let value: TemplateValue?
        let level: Int
    }

    /// An item rendering now: where it stands on the stack, where its bytes and readings
    /// start, and whether its bytes can be replayed.
    struct Recording {
        let level: Int
        let start: Int
        let readings: Int
        var replayable = true
    }

    /// What a page's replays keep: where their bytes are in the page, and the readings each
    /// must find the same.
    struct ReplayStore {
        private var keys: [ReplayKey] = []
        private var replays: [Replay] = []
        /// Each slot a place in ``keys`` plus one (0 for none), by linear probing; at most
        /// half full. (A Swift dictionary hashed each key with SipHash, twice an item.)
        private var slots: [Int32] = []
        var readings: [Reading] = []
        /// The names items rendering now read from outside themselves, innermost last; a
        /// reading is outside every recording standing above its level.
        var log: [Reading] = []

        subscript(key: ReplayKey) -> Replay? {
            place(of: key).map { replays[$0] }
        }

        /// Keeps `replay` under `key`, in place of one kept there before.
        mutating func keep(_ replay: Replay, at key: ReplayKey) {
            if let place = place(of: key) { return replays[place] = replay }
            keys.append(key)
            replays.append(replay)
            if slots.count < keys.count * 2 {
                slots = Array(repeating: 0, count: max(64, slots.count * 2))
                for place in keys.indices { settle(place) }
            } else {
                settle(keys.count - 1)
            }
        }

        private func place(of key: ReplayKey) -> Int? {
            guard !slots.isEmpty else { return nil }
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: key.start) & mask
            while slots[slot] != 0 {
                let place = Int(slots[slot]) - 1
                if keys[place] == key { return place }
                slot = (slot + 1) & mask
            }
            return nil
        }

        private mutating func settle(_ place: Int) {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: keys[place].start) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(place + 1)
        }
    }

    /// Renders `section`'s body for one item: replayed when it rendered before on this
    /// page and reads the same outside itself, else rendered and, when it can be, kept.
    mutating func renderItem(_ item: TemplateDictionary, of section: Section) throws(TemplateError) {
        let key = ReplayKey(section: ObjectIdentifier(section), storage: ObjectIdentifier(item.storage))
        push(.dictionary(item))
        defer { pop() }
        if let replay = store[key], replay.depth == depth, readsTheSame(replay.readings) {
            // The bytes are earlier in the page's own buffer: room is made at its end, then
            // they are copied there (the buffer only grows while no lambda renders).
            let end = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: replay.bytes.count))
            buffer.withUnsafeMutableBufferPointer { page in
                guard let base = page.baseAddress else { return }
                (base + end).update(from: base + replay.bytes.lowerBound, count: replay.bytes.count)
            }
            // What the first rendering left; unread while no indentation is in force (and
            // set again by whatever brings one), so the same as rendering it again.
            atLineStart = replay.atLineStart
            section.replayHits.add(1, ordering: .relaxed)
            return
        }
        section.replayTries.add(1, ordering: .relaxed)
        let level = stack.count - 1
        recordings.append(Recording(level: level, start: buffer.count, readings: store.log.count))
        var finished = false
        defer {
            if !finished {
                recordings.removeLast()
                if recordings.isEmpty { store.log.removeAll(keepingCapacity: true) }
            }
        }
        try render(section.nodes)
        finished = true
        let recording = recordings.removeLast()
        if recording.replayable {
            let readingsStart = store.readings.count
            for reading in store.log[recording.readings...] where reading.level < level { store.readings.append(reading) }
            store.keep(Replay(item: item, bytes: recording.start..<buffer.count, readings: readingsStart..<store.readings.count,
                              depth: depth, atLineStart: atLineStart), at: key)
        }
        if recordings.isEmpty { store.log.removeAll(keepingCapacity: true) }
    }

    /// Whether a section's items are worth keeping: not once 512 were kept and fewer than one
    /// in sixteen replayed (a detail page's items, a page's games and tables). Keeping an item
    /// that never repeats cost about 0.36 µs, a tenth of rendering a table row.
    static func worthReplaying(_ section: Section) -> Bool {
        let tries = section.replayTries.load(ordering: .relaxed)
        return tries < 512 || section.replayHits.load(ordering: .relaxed) * 16 >= tries
    }

    /// Whether each name reads as it did (looking them up tells enclosing recordings too).
    private mutating func readsTheSame(_ readings: Range<Int>) -> Bool {
        for index in readings {
            let reading = store.readings[index]
            guard Self.same(find(reading.name), reading.value) else { return false }
        }
        return true
    }

    /// Tells the items recording now that `name` was found at `level`.
    mutating func note(_ name: Name, _ value: TemplateValue?, level: Int, asked: Bool) {
        guard let innermost = recordings.last else { return }
        if asked { return spoilRecordings() }
        // Only items standing above the level read it from outside; the innermost stands highest.
        guard innermost.level > level else { return }
        guard Self.comparable(value) else { return spoilRecordings() }
        store.log.append(Reading(name: name, value: value, level: level))
    }

    /// Something whose bytes cannot be told by the item and its readings rendered: no
    /// item rendering now is kept.
    mutating func spoilRecordings() {
        for index in recordings.indices { recordings[index].replayable = false }
    }

    /// Values a reading can be compared by: leaves by value, a dictionary by its storage
    /// (held by the reading), not an array, list, object or lambda.
    static func comparable(_ value: TemplateValue?) -> Bool {
        switch value {
        case nil, .null?, .bool?, .int?, .double?, .string?, .dictionary?: return true
        case .array?, .list?, .object?, .lambda?: return false
        }
    }

    static func same(_ lhs: TemplateValue?, _ rhs: TemplateValue?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil), (.null?, .null?): return true
        case let (.bool(a)?, .bool(b)?): return a == b
        case let (.int(a)?, .int(b)?): return a == b
        case let (.double(a)?, .double(b)?): return a.bitPattern == b.bitPattern
        // Byte for byte: `==` also matches canonical equivalents ("é" as one scalar or two),
        // which render differently.
        case let (.string(a)?, .string(b)?): return a.utf8.elementsEqual(b.utf8)
        case let (.dictionary(a)?, .dictionary(b)?): return a.storage === b.storage
        default: return false
        }
    }
}
