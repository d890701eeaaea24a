import NIOSSL
internal import PortableFoundation

/// The certificate and key `serve --tls` presents: the user's own files, or a self-signed certificate made on first
/// use and kept in a folder of the user's state (the key readable by the user alone), so a phone that trusted it
/// once keeps trusting it.
public struct TLSIdentity: Sendable {
    /// The certificate chain and key, in PEM.
    let certificatePEM: String
    let keyPEM: String
    /// SHA-256 of the certificate (DER), as colon-separated hex pairs, which browsers show for comparison.
    public let fingerprint: String

    /// Reads the user's PEM files.
    /// - Throws: ``ServerError`` naming the file that cannot be read or used.
    public static func load(certificate: String, key: String) throws(ServerError) -> TLSIdentity {
        let certificatePEM: String, keyPEM: String
        do {
            certificatePEM = try String(contentsOfFile: certificate, encoding: .utf8)
            keyPEM = try String(contentsOfFile: key, encoding: .utf8)
        } catch {
            throw ServerError.tls("cannot read \(certificate) and \(key): \(String(systemErrorOf: error))")
        }
        return try TLSIdentity(certificatePEM: certificatePEM, keyPEM: keyPEM)
    }

    /// The certificate kept in `folder` (`certificate.pem`, `key.pem`), made when missing: a P-256 key, valid for
    /// 825 days (what browsers accept), naming `localhost`, the loopback addresses and `hosts`.
    public static func selfSigned(in folder: String, hosts: [String]) async throws(ServerError) -> TLSIdentity {
        let certificatePath = folder + "/certificate.pem", keyPath = folder + "/key.pem"
        if FileManager.default.fileExists(atPath: certificatePath), FileManager.default.fileExists(atPath: keyPath) {
            return try load(certificate: certificatePath, key: keyPath)
        }
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let made = try SelfSignedCertificate.make(hosts: hosts, days: 825)
            let certificatePEM = made.certificatePEM + "\n"
            // The key first, created private: the certificate is what says the pair is complete.
            guard
                FileManager.default.createFile(
                    atPath: keyPath, contents: Data(made.keyPEM.utf8), attributes: [.posixPermissions: 0o600]),
                FileManager.default.createFile(atPath: certificatePath, contents: Data(certificatePEM.utf8))
            else { throw ServerError.tls("cannot write the certificate into \(folder)") }
            return try TLSIdentity(certificatePEM: certificatePEM, keyPEM: made.keyPEM)
        } catch let error as ServerError {
            throw error
        } catch {
            throw ServerError.tls("cannot make a certificate: \(error)")
        }
    }

    init(certificatePEM: String, keyPEM: String) throws(ServerError) {
        self.certificatePEM = certificatePEM
        self.keyPEM = keyPEM
        do {
            let chain = try NIOSSLCertificate.fromPEMBytes(Array(certificatePEM.utf8))
            guard let first = chain.first else { throw ServerError.tls("the certificate file holds no certificate") }
            let der = try first.toDERBytes()
            fingerprint = SelfSignedCertificate.sha256(der).map { String(cFormat: "%02X", $0) }.joined(separator: ":")
            _ = try NIOSSLPrivateKey(bytes: Array(keyPEM.utf8), format: .pem)
        } catch let error as ServerError {
            throw error
        } catch {
            throw ServerError.tls("the certificate or key cannot be used: \(error)")
        }
    }

    /// NIOSSL's server configuration for this identity.
    func configuration() throws -> TLSConfiguration {
        let chain = try NIOSSLCertificate.fromPEMBytes(Array(certificatePEM.utf8)).map { NIOSSLCertificateSource.certificate($0) }
        return TLSConfiguration.makeServerConfiguration(
            certificateChain: chain, privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(keyPEM.utf8), format: .pem)))
    }
}
