// The BoringSSL that swift-nio-ssl builds for TLS also makes the LAN certificate: its C module is visible to every
// target that depends on NIOSSL (SwiftPM passes a product's C module maps down), though swift-nio-ssl does not
// publish it as a product. One BoringSSL instead of two (swift-crypto's) halves what a first build compiles for
// TLS; Package.swift pins swift-nio-ssl to the minor version whose C names this file uses, and the TLS tests check
// the certificate that comes out.
import CNIOBoringSSL

/// A self-signed certificate and its key for `serve --tls`, made with BoringSSL.
enum SelfSignedCertificate {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// A P-256 key and a v3 certificate for it, signed by itself with ECDSA-SHA256: CN "livephoto serve", valid from an
    /// hour ago for `days`, CA:FALSE (critical), serverAuth, and subject alternative names `localhost`, `127.0.0.1`
    /// and `hosts` (IPv4 addresses as addresses, anything else as a DNS name).
    /// - Returns: the certificate and the key (PKCS#8), in PEM.
    static func make(hosts: [String], days: Int) throws(Failure) -> (certificatePEM: String, keyPEM: String) {
        guard let ec = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1) else { throw Failure(description: "no P-256 key") }
        guard let pkey = EVP_PKEY_new() else {
            EC_KEY_free(ec)
            throw Failure(description: "no key container")
        }
        defer { EVP_PKEY_free(pkey) }
        try check(EVP_PKEY_assign_EC_KEY(pkey, ec) == 1, "holding the key")
        try check(EC_KEY_generate_key(ec) == 1, "generating the key")
        guard let x509 = X509_new() else { throw Failure(description: "no certificate") }
        defer { X509_free(x509) }
        try check(X509_set_version(x509, Int(X509_VERSION_3)) == 1, "the version")
        var serial = [UInt8](repeating: 0, count: 8)
        try check(RAND_bytes(&serial, serial.count) == 1, "a random serial number")
        // Positive and non-zero, as RFC 5280 asks.
        let number = serial.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } >> 1 | 1
        try check(ASN1_INTEGER_set_uint64(X509_get_serialNumber(x509), number) == 1, "the serial number")
        try check(X509_gmtime_adj(X509_getm_notBefore(x509), -3600) != nil, "the start of validity")
        try check(X509_gmtime_adj(X509_getm_notAfter(x509), days * 86400) != nil, "the end of validity")
        let name = X509_get_subject_name(x509)
        try check(X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, "livephoto serve", -1, -1, 0) == 1, "the name")
        try check(X509_set_issuer_name(x509, name) == 1, "the issuer")
        try check(X509_set_pubkey(x509, pkey) == 1, "the public key")
        var names = ["DNS:localhost", "IP:127.0.0.1"]
        for host in hosts where !host.isEmpty && host != "0.0.0.0" && host != "::" {
            let parts = host.split(separator: ".", omittingEmptySubsequences: false)
            names.append((parts.count == 4 && parts.allSatisfy { UInt8($0) != nil } ? "IP:" : "DNS:") + host)
        }
        let extensions = [
            (NID_basic_constraints, "critical,CA:FALSE"), (NID_ext_key_usage, "serverAuth"),
            (NID_subject_alt_name, names.joined(separator: ",")),
        ]
        for (nid, value) in extensions {
            guard let ext = X509V3_EXT_nconf_nid(nil, nil, nid, value) else { throw Failure(description: "the extension \(value)") }
            defer { X509_EXTENSION_free(ext) }
            try check(X509_add_ext(x509, ext, -1) == 1, "adding the extension \(value)")
        }
        try check(X509_sign(x509, pkey, EVP_sha256()) > 0, "signing")
        return (try pem { PEM_write_bio_X509($0, x509) }, try pem { PEM_write_bio_PrivateKey($0, pkey, nil, nil, 0, nil, nil) })
    }

    /// SHA-256 of `bytes`.
    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        _ = SHA256(bytes, bytes.count, &digest)
        return digest
    }

    private static func check(_ ok: Bool, _ what: String) throws(Failure) {
        if !ok { throw Failure(description: "BoringSSL failed at \(what)") }
    }

    /// What `write` puts into a memory BIO, as text.
    private static func pem(_ write: (OpaquePointer) -> Int32) throws(Failure) -> String {
        guard let bio = BIO_new(BIO_s_mem()) else { throw Failure(description: "no memory buffer") }
        defer { BIO_free(bio) }
        try check(write(bio) == 1, "writing PEM")
        var pointer: UnsafePointer<UInt8>? = nil
        var length = 0
        try check(BIO_mem_contents(bio, &pointer, &length) == 1, "reading PEM back")
        guard let pointer else { throw Failure(description: "an empty PEM") }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
}
