import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

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
            throw ServerError.tls("cannot read \(certificate) and \(key): \(error.localizedDescription)")
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
            let key = P256.Signing.PrivateKey()
            let name = try DistinguishedName { CommonName("livephoto serve") }
            var names: [GeneralName] = [.dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))]
            for host in hosts where !host.isEmpty && host != "0.0.0.0" && host != "::" {
                if let v4 = IPv4(host) {
                    names.append(.ipAddress(ASN1OctetString(contentBytes: v4[...])))
                } else {
                    names.append(.dnsName(host))
                }
            }
            let now = Date()
            let certificate = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
                notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(825 * 86400), issuer: name,
                subject: name, signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.notCertificateAuthority)
                    try ExtendedKeyUsage([.serverAuth])
                    SubjectAlternativeNames(names)
                }, issuerPrivateKey: .init(key))
            let certificatePEM = try certificate.serializeAsPEM().pemString + "\n"
            // The key first, created private: the certificate is what says the pair is complete.
            guard
                FileManager.default.createFile(
                    atPath: keyPath, contents: Data(key.pemRepresentation.utf8), attributes: [.posixPermissions: 0o600]),
                FileManager.default.createFile(atPath: certificatePath, contents: Data(certificatePEM.utf8))
            else { throw ServerError.tls("cannot write the certificate into \(folder)") }
            return try TLSIdentity(certificatePEM: certificatePEM, keyPEM: key.pemRepresentation)
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
            fingerprint = SHA256.hash(data: der).map { String(format: "%02X", $0) }.joined(separator: ":")
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

    /// The 4 bytes of a dotted IPv4 address.
    private static func IPv4(_ text: String) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).compactMap { UInt8($0) }
        return parts.count == 4 && text.split(separator: ".", omittingEmptySubsequences: false).count == 4 ? parts : nil
    }
}
