import Foundation
import Hummingbird
import HummingbirdTesting
import LivePhotoKit
import TestSupport
import Testing

@testable import LivePhotoServer

/// The HTTP interface, through Hummingbird's router test client (no port, no browser).
@Suite("serve: the HTTP interface")
struct ServerTests {
    static func server(limit: Int64 = 1 << 20, gallery: String? = nil) throws -> (LivePhotoServer, Workspace) {
        let ws = try Workspace()
        let server = LivePhotoServer(
            options: ServerOptions(directory: gallery, maxUploadBytes: limit, workDirectory: ws.file("work")))
        try server.prepare()
        return (server, ws)
    }

    static func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }
}

/// Counts runs.
actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}

/// Holds jobs until opened.
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    var waiting: Int { waiters.count }

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters = []
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async -> T) async -> [T] {
        var out: [T] = []
        for e in self { out.append(await transform(e)) }
        return out
    }
}
