import NIOCore
import NIOHTTP1
import NIOPosix

/// Turns each request into the ``LoopbackServer/Reply`` the test's handler chose.
final class ReplyHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let handler: @Sendable (LoopbackServer.Request) -> LoopbackServer.Reply
    private let log: RequestLog
    private var head: HTTPRequestHead?

    init(handler: @escaping @Sendable (LoopbackServer.Request) -> LoopbackServer.Reply, log: RequestLog) {
        self.handler = handler
        self.log = log
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(head):
            self.head = head
        case .body:
            break
        case .end:
            guard let head else { return }
            self.head = nil
            var headers: [String: String] = [:]
            for (name, value) in head.headers { headers[name.lowercased()] = value }
            let request = LoopbackServer.Request(method: "\(head.method)", uri: head.uri, headers: headers)
            log.append(request)
            answer(handler(request), context: context)
        }
    }
}

private extension ReplyHandler {
    func answer(_ reply: LoopbackServer.Reply, context: ChannelHandlerContext) {
        switch reply {
        case let .respond(status, headers, body):
            var fields = HTTPHeaders(headers.map { ($0.key, $0.value) })
            fields.replaceOrAdd(name: "content-length", value: String(body.count))
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .init(statusCode: status), headers: fields))), promise: nil)
            if !body.isEmpty { context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil) }
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        case .reset:
            let channel = context.channel
            guard let provider = channel as? any SocketOptionProvider else {
                context.close(promise: nil)
                return
            }
            provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
        case let .delayed(duration, reply):
            let loop = context.eventLoop.assumeIsolated()
            let context = NIOLoopBound(context, eventLoop: context.eventLoop)
            loop.scheduleTask(in: Self.timeAmount(duration)) {
                self.answer(reply, context: context.value)
            }
        case let .truncated(declaredLength, body):
            var fields = HTTPHeaders()
            fields.add(name: "content-length", value: String(declaredLength))
            fields.add(name: "content-type", value: "application/json")
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: fields))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
            context.close(promise: nil)
        case let .trickle(interval, body):
            var fields = HTTPHeaders()
            fields.add(name: "content-length", value: String(body.count))
            fields.add(name: "content-type", value: "application/json")
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: fields))), promise: nil)
            trickle(body[...], every: interval, context: context)
        }
    }

    /// Sends the first byte now and the rest one per `interval`, while the connection is open.
    func trickle(_ rest: ArraySlice<UInt8>, every interval: Duration, context: ChannelHandlerContext) {
        guard let byte = rest.first, context.channel.isActive else {
            if context.channel.isActive { context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil) }
            return
        }
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: [byte])))), promise: nil)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.eventLoop.assumeIsolated().scheduleTask(in: Self.timeAmount(interval)) {
            self.trickle(rest.dropFirst(), every: interval, context: bound.value)
        }
    }

    static func timeAmount(_ duration: Duration) -> TimeAmount {
        .nanoseconds(Int64(duration.components.seconds) * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }
}
