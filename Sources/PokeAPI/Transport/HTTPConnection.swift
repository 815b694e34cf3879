import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `close(2)`, out of reach of ``HTTPConnection/close()`` inside the class.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

/// One plain HTTP/1.1 connection, used by one thread at a time (``SocketHTTPTransport``).
///
/// Every wait is bounded by the request's deadline, in slices of 100 ms so a cancelled
/// request is noticed: a connected socket blocks in `recv` and `send` for at most a slice
/// (`SO_RCVTIMEO`, `SO_SNDTIMEO`), so an answer that is not there yet costs one call, not a
/// `recv` that finds nothing, a `poll` and a second `recv` (a third of the socket calls of a
/// cold fetch). A socket that does not take the timeouts stays non-blocking and waits in
/// `poll`. What the server sends is hostile until parsed: the head is capped, lengths are
/// digits that fit, a body never grows past the caller's cap, and anything malformed ends
/// the connection.
final class HTTPConnection {
    /// Why an exchange ended without a response.
    enum Failure: Error {
        /// The connection was closed or reset before any byte of an answer: on a kept
        /// connection, the server closed it while it was idle, and the request may go again.
        case stale
        case failed(TransportFailure)

        var transport: TransportFailure {
            switch self {
            case .stale: .connection("the server closed the connection without answering")
            case let .failed(failure): failure
            }
        }
    }

    static let capacity = 64 * 1024
    /// The most a response's head (status line and headers) or a chunk's size line may take.
    static let maxHead = 64 * 1024

    let authority: String
    private var descriptor: Int32
    /// Whether the socket blocks for a slice at most (``sliced(_:)``); if not, it is
    /// non-blocking and waits in `poll`.
    private let blocksForSlices: Bool
    private let buffer: UnsafeMutableRawPointer
    /// The unread bytes are `buffer[start..<end]`.
    private var start = 0
    private var end = 0

    private init(descriptor: Int32, authority: String) {
        self.descriptor = descriptor
        self.authority = authority
        blocksForSlices = Self.sliced(descriptor)
        buffer = UnsafeMutableRawPointer.allocate(byteCount: Self.capacity, alignment: 16)
    }

    deinit {
        close()
        buffer.deallocate()
    }

    func close() {
        if descriptor >= 0 { closeDescriptor(descriptor) }
        descriptor = -1
    }

    /// Connects to `target`'s host, trying each address it resolves to.
    static func open(_ target: HTTPTarget, deadline: ContinuousClock.Instant, cancelled: () -> Bool) -> Result<HTTPConnection, TransportFailure> {
        let addresses: NameLookup.Addresses
        switch resolve(target, deadline: deadline, cancelled: cancelled) {
        case let .success(resolved): addresses = resolved
        case let .failure(failure): return .failure(failure)
        }
        // The loop walks pointers into the list, which is freed with its last reference.
        defer { withExtendedLifetime(addresses) {} }
        var errors: [Int32] = []
        var entry: UnsafeMutablePointer<addrinfo>? = addresses.list
        while let info = entry?.pointee {
            entry = info.ai_next
            let socket = socket(info.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard socket >= 0 else { errors.append(errno); continue }
            var error: Int32 = 0
            if connect(socket, info.ai_addr, info.ai_addrlen) != 0 {
                error = errno
                if error == EINPROGRESS {
                    switch wait(socket, for: Int16(POLLOUT), until: deadline, cancelled: cancelled) {
                    case .ready:
                        var length = socklen_t(MemoryLayout<Int32>.size)
                        if getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length) != 0 { error = errno }
                    case .timeout:
                        closeDescriptor(socket)
                        return .failure(.timeout)
                    case .cancelled:
                        closeDescriptor(socket)
                        return .failure(.connection("cancelled"))
                    }
                }
            }
            guard error == 0 else {
                errors.append(error)
                closeDescriptor(socket)
                continue
            }
            var on: Int32 = 1
            _ = setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            return .success(HTTPConnection(descriptor: socket, authority: target.authority))
        }
        let noRoute: Set<Int32> = [ENETUNREACH, EHOSTUNREACH, ENETDOWN]
        if !errors.isEmpty, errors.allSatisfy(noRoute.contains) {
            return .failure(.unreachable(host: target.host, reason: "no route to \(target.host)"))
        }
        if Self.isDown(errors) {
            return .failure(.down(host: target.authority))
        }
        let reason = errors.last.map { String(cString: strerror($0)) } ?? "no address"
        return .failure(.connection("cannot connect to \(target.authority): \(reason.lowercased())"))
    }

    /// Whether the connect errors of a host's addresses say nothing listens there: some
    /// address refused, and every other could not be used from here (`localhost` is `::1`
    /// and `127.0.0.1`, and a machine without IPv6 cannot even try the first).
    static func isDown(_ errors: [Int32]) -> Bool {
        let unusable: Set<Int32> = [EADDRNOTAVAIL, EAFNOSUPPORT, ENETUNREACH, EHOSTUNREACH, ENETDOWN]
        return errors.contains(ECONNREFUSED) && errors.allSatisfy { $0 == ECONNREFUSED || unusable.contains($0) }
    }

    /// The addresses of `target`'s host, looked up on a thread of its own (``NameLookup``):
    /// the wait ends when the request is cancelled or its connect deadline passes (a crawl
    /// worker makes its requests on its own thread, and a fetch cancelled with Ctrl-C must
    /// not wait for a resolver). An address literal is read at once, without a thread.
    static func resolve(_ target: HTTPTarget, deadline: ContinuousClock.Instant, cancelled: () -> Bool) -> Result<NameLookup.Addresses, TransportFailure> {
        let host = target.host, port = String(target.port)
        let unresolved = TransportFailure.unreachable(host: host, reason: "the name \(host) does not resolve")
        guard let answer = NameLookup(host: host, port: port).wait(until: deadline, cancelled: cancelled) else {
            return .failure(cancelled() ? .connection("cancelled") : .timeout)
        }
        return answer.mapError { _ in unresolved }
    }

    /// Whether the connection, idle between requests, can carry another: the server has not
    /// closed it and sent nothing unasked (a `408` before closing, the late body of a `304`),
    /// which the next request would otherwise read as its answer.
    var isQuiet: Bool {
        guard descriptor >= 0, start == end else { return false }
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
        return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
    }

    /// Sends a request and reads its response; `keep` says whether the connection can carry
    /// another. The body is as the server sent it (not inflated).
    func exchange(_ message: [UInt8], deadline: ContinuousClock.Instant, maxBytes: Int, cancelled: () -> Bool) -> Result<(response: TransportResponse, keep: Bool), Failure> {
        do throws(Failure) {
            try write(message, deadline: deadline, cancelled: cancelled)
            var head = try readHead(deadline: deadline, cancelled: cancelled)
            // Interim answers (100 Continue, 103 Early Hints) come before the real one.
            while (100..<200).contains(head.status) {
                guard head.status != 101 else { throw Failure.failed(.connection("the server switched protocols")) }
                head = try readHead(deadline: deadline, cancelled: cancelled, answered: true)
            }
            let body: Data
            var keep = head.keepAlive
            if head.status == 204 || head.status == 304 {
                body = Data()
            } else if let coding = head.headers["transfer-encoding"] {
                // Only plain chunks: a body also gzipped or otherwise coded *in transfer*
                // (not Content-Encoding) is something no server of PokeAPI's sends.
                guard coding.trimmingCharacters(in: .whitespaces).lowercased() == "chunked" else {
                    throw Failure.failed(.connection("the server sent a transfer coding pokedex does not read: \(coding.prefix(40))"))
                }
                body = try readChunked(deadline: deadline, maxBytes: maxBytes, cancelled: cancelled)
                // Both framings at once is how requests get smuggled: answer this one, then close.
                if head.headers["content-length"] != nil { keep = false }
            } else if let length = head.headers["content-length"] {
                guard !length.isEmpty, length.utf8.count <= 18, length.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let count = Int(length) else {
                    throw Failure.failed(.connection("the server sent a bad Content-Length: \(length.prefix(40))"))
                }
                guard count <= maxBytes else { throw Failure.failed(.tooLarge) }
                body = try read(count, deadline: deadline, cancelled: cancelled)
            } else {
                body = try readToEnd(deadline: deadline, maxBytes: maxBytes, cancelled: cancelled)
                keep = false
            }
            // Bytes after the response were never asked for: the connection is not reused.
            if start != end { keep = false }
            return .success((TransportResponse(status: head.status, headers: head.headers, body: body), keep))
        } catch {
            return .failure(error)
        }
    }
}

extension HTTPConnection {
    /// Whether a comma-separated header value (`Connection: Keep-Alive, close`) lists
    /// `token`, in any case (RFC 9110 §5.6.1, §7.6.1). A loop over the bytes: the generic
    /// `firstRange(of:)` it replaces built type metadata at every call and was 4% of a
    /// cold fetch's CPU, for one header of every answer.
    static func lists(_ value: String, _ token: StaticString) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                var end = index
                while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
                var first = index, last = end
                while first < last, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") { first += 1 }
                while last > first, bytes[last - 1] == UInt8(ascii: " ") || bytes[last - 1] == UInt8(ascii: "\t") { last -= 1 }
                if last - first == token.utf8CodeUnitCount,
                   (0..<(last - first)).allSatisfy({ HTTPTarget.lowercased(bytes[first + $0]) == token.utf8Start[$0] }) {
                    return true
                }
                index = end + 1
            }
            return false
        }
    }
}

private extension UInt8 {
    var isHexDigit: Bool { (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self) }
}

private extension HTTPConnection {
    enum Wait { case ready, timeout, cancelled }

    /// Waits for `events` on `socket`, in slices of at most 100 ms so a cancelled request ends soon.
    static func wait(_ socket: Int32, for events: Int16, until deadline: ContinuousClock.Instant, cancelled: () -> Bool) -> Wait {
        while true {
            if cancelled() { return .cancelled }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return .timeout }
            var entry = pollfd(fd: socket, events: events, revents: 0)
            let result = poll(&entry, 1, Int32(max(1, min(100, remaining.milliseconds))))
            // An error on the socket is ready too: the next call reports it.
            if result > 0 || (result < 0 && errno != EINTR) { return .ready }
        }
    }

    struct Head {
        var status: Int
        var headers: [String: String]
        var keepAlive: Bool
    }

    func write(_ message: [UInt8], deadline: ContinuousClock.Instant, cancelled: () -> Bool) throws(Failure) {
        var sent = 0
        while sent < message.count {
            let count = message.withUnsafeBytes { bytes in send(descriptor, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if count > 0 { sent += count; continue }
            let error = errno
            if error == EINTR { continue }
            if error == EAGAIN || error == EWOULDBLOCK {
                try again(for: Int16(POLLOUT), until: deadline, cancelled: cancelled)
                continue
            }
            // Closed by the server while idle: nothing of this request was answered.
            if error == EPIPE || error == ECONNRESET { throw .stale }
            throw .failed(.connection(String(cString: strerror(error)).lowercased()))
        }
    }

    /// Makes a connected socket block, for one slice of 100 ms at most per call; false,
    /// leaving it non-blocking, if it does not take that.
    static func sliced(_ socket: Int32) -> Bool {
        var slice = timeval(tv_sec: 0, tv_usec: 100_000)
        let size = socklen_t(MemoryLayout<timeval>.size)
        guard setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &slice, size) == 0,
              setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &slice, size) == 0
        else { return false }
        let flags = fcntl(socket, F_GETFL)
        return flags >= 0 && fcntl(socket, F_SETFL, flags & ~O_NONBLOCK) == 0
    }

    /// After a `recv` or `send` that could not go on (`EAGAIN`): a blocking socket's slice
    /// ran out, so the deadline and a cancel are checked; a non-blocking one waits in `poll`.
    func again(for events: Int16, until deadline: ContinuousClock.Instant, cancelled: () -> Bool) throws(Failure) {
        if blocksForSlices {
            try Self.check(deadline, cancelled)
        } else {
            try Self.ready(descriptor, for: events, until: deadline, cancelled: cancelled)
        }
    }

    /// ``wait(_:for:until:cancelled:)`` for a request in progress: its deadline or cancel ends it.
    static func ready(_ socket: Int32, for events: Int16, until deadline: ContinuousClock.Instant, cancelled: () -> Bool) throws(Failure) {
        switch wait(socket, for: events, until: deadline, cancelled: cancelled) {
        case .ready: return
        case .timeout: throw .failed(.timeout)
        case .cancelled: throw .failed(.connection("cancelled"))
        }
    }

    enum Fill { case data, end, reset }

    /// A server that never stops sending never lets a read wait out its slice: the deadline
    /// and a cancel are checked before every read too.
    static func check(_ deadline: ContinuousClock.Instant, _ cancelled: () -> Bool) throws(Failure) {
        if cancelled() { throw .failed(.connection("cancelled")) }
        if ContinuousClock.now >= deadline { throw .failed(.timeout) }
    }

    /// Reads what the socket has into the buffer's free space, moving unread bytes to its start first.
    func fill(deadline: ContinuousClock.Instant, cancelled: () -> Bool) throws(Failure) -> Fill {
        if start == end {
            start = 0
            end = 0
        } else if end == Self.capacity {
            buffer.copyMemory(from: buffer + start, byteCount: end - start)
            end -= start
            start = 0
        }
        while true {
            try Self.check(deadline, cancelled)
            let count = recv(descriptor, buffer + end, Self.capacity - end, 0)
            if count > 0 { end += count; return .data }
            if count == 0 { return .end }
            let error = errno
            if error == EINTR { continue }
            if error == EAGAIN || error == EWOULDBLOCK {
                try again(for: Int16(POLLIN), until: deadline, cancelled: cancelled)
                continue
            }
            if error == ECONNRESET { return .reset }
            throw .failed(.connection(String(cString: strerror(error)).lowercased()))
        }
    }

    /// Reads a head up to its blank line. A connection that ends before the first byte of
    /// the first head is ``Failure/stale``; one that ends within a head failed.
    func readHead(deadline: ContinuousClock.Instant, cancelled: () -> Bool, answered: Bool = false) throws(Failure) -> Head {
        var searched = start
        while true {
            if let blank = Self.find([13, 10, 13, 10], in: buffer, from: searched, to: end) {
                let head = try parseHead(UnsafeRawBufferPointer(start: buffer + start, count: blank - start))
                start = blank + 4
                return head
            }
            guard end - start < Self.maxHead else { throw .failed(.connection("the server's response head is over 64 KiB")) }
            let before = end - start
            if try fill(deadline: deadline, cancelled: cancelled) != .data {
                if before == 0, !answered { throw .stale }
                throw .failed(.connection("the server closed the connection within a response head"))
            }
            // The bytes already searched may have moved to the buffer's start.
            searched = start + max(0, before - 3)
        }
    }

    /// Parses a head over its bytes: the status line, then `name: value` lines (names
    /// lowercased, values without surrounding blanks; a repeated name keeps its last value).
    func parseHead(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> Head {
        let bytes = bytes.bindMemory(to: UInt8.self)
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), colon = UInt8(ascii: ":")
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        // "HTTP/1.x NNN reason"
        let lineEnd = Self.find([13, 10], in: UnsafeMutableRawPointer(mutating: bytes.baseAddress!), from: 0, to: bytes.count) ?? bytes.count
        guard lineEnd >= 12, bytes[0..<7].elementsEqual("HTTP/1.".utf8), isDigit(bytes[7]), bytes[8] == space,
              isDigit(bytes[9]), isDigit(bytes[10]), isDigit(bytes[11]), lineEnd == 12 || bytes[12] == space
        else {
            throw .failed(.connection("the server did not answer in HTTP/1.1: \(String(decoding: bytes[0..<min(lineEnd, 40)], as: UTF8.self))"))
        }
        let status = Int(bytes[9] - 0x30) * 100 + Int(bytes[10] - 0x30) * 10 + Int(bytes[11] - 0x30)
        guard status >= 100 else { throw .failed(.connection("the server sent status \(status)")) }
        // Room for a server's usual dozen headers: grown from empty, the table was rehashed
        // three times per answer.
        var headers: [String: String] = [:]
        headers.reserveCapacity(16)
        var index = lineEnd + 2
        while index < bytes.count {
            var next = index
            while next + 1 < bytes.count, !(bytes[next] == 13 && bytes[next + 1] == 10) { next += 1 }
            if next + 1 >= bytes.count { next = bytes.count }
            // "name: value"; a line starting with a blank (obsolete folding) or without a colon is refused.
            guard let separator = bytes[index..<next].firstIndex(of: colon), separator > index,
                  !bytes[index..<separator].contains(where: { $0 == space || $0 == tab })
            else { throw .failed(.connection("the server sent a malformed header line")) }
            var valueStart = separator + 1, valueEnd = next
            while valueStart < valueEnd, bytes[valueStart] == space || bytes[valueStart] == tab { valueStart += 1 }
            while valueEnd > valueStart, bytes[valueEnd - 1] == space || bytes[valueEnd - 1] == tab { valueEnd -= 1 }
            // Lowered straight into the string's storage: decoding a lazy map went through
            // the generic path, with a runtime conformance lookup per header.
            let name = String(unsafeUninitializedCapacity: separator - index) { name in
                for offset in 0..<(separator - index) { name[offset] = HTTPTarget.lowercased(bytes[index + offset]) }
                return separator - index
            }
            let value = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
            if name == "content-length", let earlier = headers[name], earlier != value {
                throw .failed(.connection("the server sent two different Content-Length headers"))
            }
            headers[name] = value
            index = next + 2
        }
        let connection = headers["connection"] ?? ""
        // `close` wins over anything else listed (RFC 9112 §9.3).
        let keepAlive = !Self.lists(connection, "close") && (bytes[7] != UInt8(ascii: "0") || Self.lists(connection, "keep-alive"))
        return Head(status: status, headers: headers, keepAlive: keepAlive)
    }

    /// Exactly `count` body bytes, straight into the body once the buffer's are used.
    func read(_ count: Int, deadline: ContinuousClock.Instant, cancelled: () -> Bool) throws(Failure) -> Data {
        guard count > 0 else { return Data() }
        // Filled in uninitialized memory the Data then owns: `Data(count:)` zeroed every
        // body before it was overwritten (1% of a cold fetch's CPU).
        let storage = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        var filled = min(count, end - start)
        storage.copyMemory(from: buffer + start, byteCount: filled)
        start += filled
        do throws(Failure) {
            while filled < count {
                try Self.check(deadline, cancelled)
                let received = recv(descriptor, storage + filled, count - filled, 0)
                if received > 0 { filled += received; continue }
                if received == 0 { throw .failed(.truncated) }
                let error = errno
                if error == EINTR { continue }
                if error == EAGAIN || error == EWOULDBLOCK {
                    try again(for: Int16(POLLIN), until: deadline, cancelled: cancelled)
                    continue
                }
                throw .failed(.truncated)
            }
        } catch {
            storage.deallocate()
            throw error
        }
        return Data(bytesNoCopy: storage, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }

    /// A chunked body (RFC 9112 §7.1): sizes in hex, extensions ignored, trailers read and dropped.
    func readChunked(deadline: ContinuousClock.Instant, maxBytes: Int, cancelled: () -> Bool) throws(Failure) -> Data {
        var body = Data()
        while true {
            let line = try readLine(deadline: deadline, cancelled: cancelled)
            let digits = line.prefix(while: { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") })
            // Hex digits only (`Int(_:radix:)` alone would also take a sign), leading zeros
            // as many as the server likes, and a size that fits.
            let significant = digits.drop(while: { $0 == UInt8(ascii: "0") })
            guard !digits.isEmpty, significant.count <= 15, digits.allSatisfy(\.isHexDigit),
                  let size = significant.isEmpty ? 0 : Int(String(decoding: significant, as: UTF8.self), radix: 16)
            else {
                throw .failed(.connection("the server sent a bad chunk size"))
            }
            if size == 0 {
                // Trailer fields until the blank line.
                while try !readLine(deadline: deadline, cancelled: cancelled).isEmpty {}
                return body
            }
            guard size <= maxBytes - body.count else { throw .failed(.tooLarge) }
            body.append(try read(size, deadline: deadline, cancelled: cancelled))
            guard try readLine(deadline: deadline, cancelled: cancelled).isEmpty else {
                throw .failed(.connection("the server sent a chunk longer than its size"))
            }
        }
    }

    /// The next line of a chunked body, without its CRLF; the connection ending first is a cut-off body.
    func readLine(deadline: ContinuousClock.Instant, cancelled: () -> Bool) throws(Failure) -> [UInt8] {
        var searched = start
        while true {
            if let crlf = Self.find([13, 10], in: buffer, from: searched, to: end) {
                let line = Array(UnsafeRawBufferPointer(start: buffer + start, count: crlf - start))
                start = crlf + 2
                return line
            }
            guard end - start < Self.maxHead else { throw .failed(.connection("the server sent a chunk line over 64 KiB")) }
            let before = end - start
            if try fill(deadline: deadline, cancelled: cancelled) != .data { throw .failed(.truncated) }
            searched = start + max(0, before - 1)
        }
    }

    /// A body that ends when the server closes the connection.
    func readToEnd(deadline: ContinuousClock.Instant, maxBytes: Int, cancelled: () -> Bool) throws(Failure) -> Data {
        var body = Data()
        while true {
            if end > start {
                guard end - start <= maxBytes - body.count else { throw .failed(.tooLarge) }
                body.append(UnsafeRawBufferPointer(start: buffer + start, count: end - start).bindMemory(to: UInt8.self))
                start = end
            }
            switch try fill(deadline: deadline, cancelled: cancelled) {
            case .data: continue
            case .end: return body
            // A reset, unlike a close, does not say the body is whole.
            case .reset: throw .failed(.truncated)
            }
        }
    }

    /// Where `pattern` first starts in `buffer[from..<to]`.
    static func find(_ pattern: [UInt8], in buffer: UnsafeMutableRawPointer, from: Int, to: Int) -> Int? {
        let bytes = buffer.assumingMemoryBound(to: UInt8.self)
        var index = from
        let last = to - pattern.count
        while index <= last {
            if bytes[index] == pattern[0] {
                var matched = 1
                while matched < pattern.count, bytes[index + matched] == pattern[matched] { matched += 1 }
                if matched == pattern.count { return index }
            }
            index += 1
        }
        return nil
    }
}
