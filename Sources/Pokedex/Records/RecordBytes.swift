import Synchronization

/// The bytes of the records a build made, packed end to end in blocks of a few MB and
/// written out from where they lie.
///
/// A build from nothing makes about 10,000 records (26 MB for the mirror). Held as one
/// `Data` each, saving them copied every one into a write buffer, and freeing them
/// afterwards took as long again, both on the one thread the build's end waits on: a
/// tenth of a catalog built on two cores. Here a record is copied once, on the thread
/// that made it, and the blocks go back in a handful of calls.
final class RecordBytes: Sendable {
    /// Where one record's bytes are: an address inside a block this store owns (as a
    /// number, so it can be handed between threads), and their length.
    struct Place: Sendable {
        fileprivate let address: UInt
        let length: Int
    }

    /// The size of a block; a record of more than a quarter of it gets a block of its own.
    static let blockSize = 4 << 20

    private struct Blocks {
        /// Every block's address, to free.
        var addresses: [UInt] = []
        /// Where the next record goes in the block being filled, and the room left there.
        var next: UInt = 0
        var room = 0
    }

    private let blocks = Mutex(Blocks())

    init() {}

    deinit {
        blocks.withLock { blocks in
            for address in blocks.addresses { UnsafeMutableRawPointer(bitPattern: address)?.deallocate() }
        }
    }

    /// Copies `bytes` in and says where they are. Only the room is taken under the lock;
    /// the copy runs beside other threads' copies.
    func keep(_ bytes: UnsafeRawBufferPointer) -> Place {
        let count = bytes.count
        guard count > 0, let source = bytes.baseAddress else { return Place(address: 0, length: 0) }
        let address: UInt = blocks.withLock { blocks in
            if count > Self.blockSize / 4 {
                let own = UInt(bitPattern: UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16))
                blocks.addresses.append(own)
                return own
            }
            if count > blocks.room {
                let block = UInt(bitPattern: UnsafeMutableRawPointer.allocate(byteCount: Self.blockSize, alignment: 16))
                blocks.addresses.append(block)
                blocks.next = block
                blocks.room = Self.blockSize
            }
            let at = blocks.next
            blocks.next += UInt(count)
            blocks.room -= count
            return at
        }
        UnsafeMutableRawPointer(bitPattern: address)!.copyMemory(from: source, byteCount: count)
        return Place(address: address, length: count)
    }

    /// The bytes at `place`, valid while this store lives.
    func bytes(at place: Place) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: place.address), count: place.length)
    }
}
