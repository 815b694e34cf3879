import Common
import Foundation
import Synchronization

/// The bytes of the records a build makes, written to the next records file while the
/// build runs, through a few blocks of memory used again and again.
///
/// A build from nothing makes about 10,000 records (26 MB for the mirror, ten times that
/// at ten times the dex). Held in memory until the build's end, they were a third of the
/// mirror's first-build peak and over two thirds at ten times the dex, every page of them
/// was a fresh page fault, and writing them out was part of the build's serial end. Here a record is copied
/// into a block, on the thread that made it; a full block is written to the file at once
/// and its memory takes the next records; a record larger than a quarter of a block is
/// written straight from where it was made.
///
/// The file (`.records-<uuid>.tmp` beside the records) is made at the first record.
/// ``finish()`` hands it over, with where each record landed, to the one who completes it
/// (the last build's records and the table after them, ``RecordCache/save()``); a store
/// released unfinished removes it. It is locked (`flock`) while open: one left by a killed
/// build, whose lock the kernel let go, is removed by the next save a minute after its last
/// write (an hour, where locks do not work).
final class RecordBytes: Sendable {
    /// Where one record's bytes are: in a block (whose place in the file is known once the
    /// block is full), or, for a large one (no block), in the file itself.
    struct Place: Sendable {
        fileprivate let block: Int
        fileprivate let offset: Int
        let length: Int
    }

    /// The file, written and handed over: its descriptor (open for reading and writing),
    /// its path, where its records end, and where each block went.
    struct Finished {
        let descriptor: Int32
        let path: String
        let end: Int
        fileprivate let blockOffsets: [Int]

        /// Where the record at `place` begins in the file.
        func offset(of place: Place) -> Int {
            place.block < 0 ? place.offset : blockOffsets[place.block] + place.offset
        }
    }

    /// The size of a block; a record of more than a quarter of it is written on its own.
    static let blockSize = 1 << 20
    /// Blocks kept for the next records once written (more are freed).
    private static let spareBlocks = 4

    private struct Block {
        var address: UInt
        /// Bytes given out, and bytes copied in: equal once every writer is done.
        var reserved = 0
        var filled = 0
        /// Full (or the store finished): no more records go in; written once filled.
        var sealed = false
    }

    private struct State {
        var descriptor: Int32 = -1
        var path: String?
        /// Nothing more is written: the file could not be made or written, or was handed over.
        var closed = false
        /// Where the next block or large record goes in the file.
        var end = 0
        /// The blocks not yet written, by number, and the one being filled.
        var open: [Int: Block] = [:]
        var current: Int?
        /// Every block's place in the file, by number (-1 until it is sealed).
        var offsets: [Int] = []
        var spare: [UInt] = []
        /// Large records being written outside the lock.
        var writing = 0
    }

    private let folder: URL
    private let state: Mutex<State>
    /// Where the first record goes (bytes before it are left for a header).
    private let reserving: Int

    /// A store whose file goes in `folder` (made, with its parents, at the first record),
    /// its records after `reserving` bytes left for whoever completes the file (a header).
    init(folder: URL, reserving: Int = 0) {
        self.folder = folder
        self.reserving = reserving
        var state = State()
        state.end = reserving
        self.state = Mutex(state)
    }

    deinit {
        state.withLock { state in
            for block in state.open.values { UnsafeMutableRawPointer(bitPattern: block.address)?.deallocate() }
            for address in state.spare { UnsafeMutableRawPointer(bitPattern: address)?.deallocate() }
            if state.descriptor >= 0 { close(state.descriptor) }
            if let path = state.path { unlink(path) }
        }
    }

    /// Copies `bytes` toward the file and says where they are; nil when the file cannot be
    /// made or written (the records are then not kept). Only the room is taken under the
    /// lock; the copy runs beside other threads' copies.
    func keep(_ bytes: UnsafeRawBufferPointer) -> Place? {
        let count = bytes.count
        guard count > 0, let source = bytes.baseAddress else { return Place(block: -1, offset: reserving, length: 0) }
        enum Room { case file(Int, Int32), block(Int, UInt, Int) }
        let room: Room? = state.withLock { state in
            guard Self.opened(&state, in: folder) else { return nil }
            if count > Self.blockSize / 4 {
                state.end += count
                state.writing += 1
                return .file(state.end - count, state.descriptor)
            }
            if let current = state.current, let block = state.open[current], Self.blockSize - block.reserved >= count {
                state.open[current]!.reserved += count
                return .block(current, block.address, block.reserved)
            }
            if let current = state.current { Self.seal(&state, current) }
            let number = state.offsets.count
            state.offsets.append(-1)
            let address = state.spare.popLast() ?? UInt(bitPattern: UnsafeMutableRawPointer.allocate(byteCount: Self.blockSize, alignment: 16))
            state.open[number] = Block(address: address, reserved: count)
            state.current = number
            return .block(number, address, 0)
        }
        switch room {
        case nil:
            return nil
        case let .file(offset, descriptor)?:
            let written = WholeFile.write(descriptor, bytes, at: offset)
            state.withLock { state in
                state.writing -= 1
                if !written { state.closed = true }
            }
            return written ? Place(block: -1, offset: offset, length: count) : nil
        case let .block(number, address, offset)?:
            (UnsafeMutableRawPointer(bitPattern: address)! + offset).copyMemory(from: source, byteCount: count)
            state.withLock { state in
                state.open[number]!.filled += count
                Self.writeIfDone(&state, number)
            }
            return Place(block: number, offset: offset, length: count)
        }
    }

    /// Writes what is left and hands the file over (made now when no record was); nil when
    /// it could not be made or written whole, and then it is gone. Call it once every
    /// ``keep(_:)`` has returned. The blocks' memory is freed either way.
    func finish() -> Finished? {
        state.withLock { state -> Finished? in
            defer {
                for address in state.spare { UnsafeMutableRawPointer(bitPattern: address)?.deallocate() }
                state.spare = []
            }
            let opened = Self.opened(&state, in: folder)
            if let current = state.current { Self.seal(&state, current) }
            let finished = opened && !state.closed && state.open.isEmpty && state.writing == 0
                ? state.path.map { Finished(descriptor: state.descriptor, path: $0, end: state.end, blockOffsets: state.offsets) }
                : nil
            if finished == nil {
                if state.descriptor >= 0 { close(state.descriptor) }
                if let path = state.path { unlink(path) }
            }
            state.descriptor = -1
            state.path = nil
            state.closed = true
            return finished
        }
    }

    /// Whether the file is open for writing (made now when there is none yet).
    private static func opened(_ state: inout State, in folder: URL) -> Bool {
        if state.descriptor >= 0, !state.closed { return true }
        guard !state.closed else { return false }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(".records-\(UUID().uuidString).tmp").path
        // Read as well as written: an append to the last records file copies from it.
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            state.closed = true
            return false
        }
        // Held while the file is open, and let go by the kernel if the build is killed: a
        // later save tells a dead build's file from a live one's by taking it
        // (``RecordCache``'s sweep). A new file (O_EXCL) no one else has open.
        _ = flock(descriptor, LOCK_EX | LOCK_NB)
        state.descriptor = descriptor
        state.path = path
        return true
    }

    /// Takes no more records into block `number`: its place in the file is set, and it is
    /// written if every copy into it is done (else by the last copier).
    private static func seal(_ state: inout State, _ number: Int) {
        guard let block = state.open[number] else { return }
        state.open[number]!.sealed = true
        state.offsets[number] = state.end
        state.end += block.reserved
        if state.current == number { state.current = nil }
        writeIfDone(&state, number)
    }

    /// Writes block `number` once it is sealed and filled, and keeps its memory for the next.
    /// Under the lock: a megabyte's write, a few dozen times a build.
    private static func writeIfDone(_ state: inout State, _ number: Int) {
        guard let block = state.open[number], block.sealed, block.filled == block.reserved else { return }
        state.open[number] = nil
        let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: block.address), count: block.reserved)
        if !state.closed, !WholeFile.write(state.descriptor, bytes, at: state.offsets[number]) { state.closed = true }
        if state.spare.count < spareBlocks {
            state.spare.append(block.address)
        } else {
            UnsafeMutableRawPointer(bitPattern: block.address)?.deallocate()
        }
    }
}
