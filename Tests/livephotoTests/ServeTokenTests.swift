import Foundation
import TestSupport
import Testing

/// `serve` listening beyond this machine: another host gets in only with the printed token.
@Suite("serve: the access token and TLS")
struct ServeTokenTests {
    @Test(
        "off loopback: this machine needs no token; another host gets 403 without it, in with ?token= (which sets a cookie) and with the cookie"
    )
    func token() async throws {
        let other = try #require(Self.nonLoopbackAddress(), "this test needs a network address besides loopback, to be the other host")
        let ws = try Workspace()
        try await Tool.whileRunning(
            ProjectPaths.executable, ["serve", "--host", "0.0.0.0", "--port", "0", "--json", "--no-index"],
            environment: ["TMPDIR": ws.path + "/"]
        ) { line in
            // The first line says where it listens and the token.
            let printed = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let port = try #require(printed["port"] as? Int), token = try #require(printed["token"] as? String)
            #expect(token.count == 32 && (printed["url"] as? String)?.hasSuffix("/?token=\(token)") == true, "\(line)")

            #expect(try Self.get("127.0.0.1", port, "/").status == 200)
            #expect(try Self.get(other, port, "/").status == 403)
            #expect(try Self.get(other, port, "/?token=0123").status == 403)
            let first = try Self.get(other, port, "/?token=\(token)")
            #expect(first.status == 200)
            let cookie = try #require(first.head.split(separator: "\r\n").first { $0.hasPrefix("Set-Cookie: livephoto-token=\(token);") })
            #expect(["Path=/", "HttpOnly", "SameSite=Strict"].allSatisfy(cookie.contains), "\(cookie)")
            #expect(try Self.get(other, port, "/app.js", headers: ["Cookie: livephoto-token=\(token)"]).status == 200)
            #expect(
                try Self.get(other, port, "/app.js", headers: ["Cookie: livephoto-token=\(String(token.reversed()))"]).status == 403)
        }
    }

    @Test(
        "--tls with a certificate made on first use: HTTPS answers with the certificate whose fingerprint was printed; a restart keeps it; the key is private"
    )
    func tls() async throws {
        let ws = try Workspace()
        var fingerprints: [String] = []
        for _ in 0..<2 {
            let fingerprint = try await Tool.whileRunning(
                ProjectPaths.executable, ["serve", "--tls", "--port", "0", "--json", "--no-index"],
                environment: ["TMPDIR": ws.path + "/", "XDG_STATE_HOME": ws.file("state")]
            ) { line in
                let printed = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let port = try #require(printed["port"] as? Int), fingerprint = try #require(printed["fingerprint"] as? String)
                #expect((printed["url"] as? String)?.hasPrefix("https://") == true)
                // Python's TLS client, not ours: the status, and the SHA-256 of the certificate the server presented.
                let fetched = try await Tool.run(
                    "python3",
                    [
                        "-c",
                        """
                        import ssl, hashlib, http.client, sys
                        context = ssl.create_default_context(); context.check_hostname = False; context.verify_mode = ssl.CERT_NONE
                        connection = http.client.HTTPSConnection("127.0.0.1", int(sys.argv[1]), context=context)
                        connection.request("GET", "/"); status = connection.getresponse().status
                        print(status, ":".join("%02X" % b for b in hashlib.sha256(connection.sock.getpeercert(binary_form=True)).digest()))
                        """,
                        String(port),
                    ])
                #expect(fetched.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "200 \(fingerprint)")
                return fingerprint
            }
            fingerprints.append(fingerprint)
        }
        #expect(fingerprints.count == 2 && fingerprints[0] == fingerprints[1])
        let key = try FileManager.default.attributesOfItem(atPath: ws.file("state/livephoto/tls/key.pem"))
        #expect((key[.posixPermissions] as? Int) == 0o600)
        // The certificate as OpenSSL reads it: a P-256 key signed by itself with ECDSA-SHA256, for a server only, naming
        // this machine, valid for 825 days from an hour ago.
        let certificate = ws.file("state/livephoto/tls/certificate.pem")
        let text = try await Tool.run("openssl", ["x509", "-in", certificate, "-noout", "-text"]).stdout
        for expected in [
            "Subject: CN = livephoto serve", "Issuer: CN = livephoto serve", "ASN1 OID: prime256v1", "ecdsa-with-SHA256",
            "X509v3 Basic Constraints: critical", "CA:FALSE", "TLS Web Server Authentication", "DNS:localhost",
            "IP Address:127.0.0.1",
        ] {
            #expect(text.contains(expected), "openssl does not read \(expected)")
        }
        let days = { (n: Int) in ["x509", "-in", certificate, "-noout", "-checkend", String(n * 86400)] }
        #expect(try await Tool.run("openssl", days(824), check: false).status == 0)
        #expect(try await Tool.run("openssl", days(826), check: false).status == 1)
    }

    /// The first IPv4 address of an interface that is up and not loopback.
    static func nonLoopbackAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                entry.pointee.ifa_flags & UInt32(IFF_UP) != 0, entry.pointee.ifa_flags & UInt32(IFF_LOOPBACK) == 0
            else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0
            else { continue }
            return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }

    /// A GET over a plain socket, from this machine's `host` address to the server: its status and header lines.
    static func get(_ host: String, _ port: Int, _ path: String, headers: [String] = []) throws -> (status: Int, head: String) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        let request = (["GET \(path) HTTP/1.1", "Host: \(host):\(port)", "Connection: close"] + headers + ["", ""]).joined(
            separator: "\r\n")
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        var response = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            response += buffer[0..<n]
        }
        let text = String(decoding: response, as: UTF8.self)
        let head = text.components(separatedBy: "\r\n\r\n").first ?? ""
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, head)
    }
}
