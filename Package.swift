// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "livephoto",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "MediaFormats", targets: ["MediaFormats"]),
        .library(name: "LivePhotoKit", targets: ["LivePhotoKit"]),
        .executable(name: "livephoto", targets: ["livephoto"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // No default traits: they add form coding and configuration the server does not use, through full Foundation.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // TLS, and the BoringSSL that makes the LAN certificate (SelfSignedCertificate.swift uses its C names: pinned).
        .package(url: "https://github.com/apple/swift-nio-ssl", .upToNextMinor(from: "2.37.6")),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // copy_file_range for the lossless copy, malloc_trim for the server (Swift's Glibc module exposes neither).
        .target(name: "CSystemShims"),
        // SQLite's C API for the scan index: the system's library (libsqlite3-dev on Debian; macOS's SDK has it).
        .systemLibrary(name: "CLivePhotoSQLite", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        // zlib's C API for deflate, inflate and CRC-32 in zip members (zlib1g-dev on Debian; macOS's SDK has it).
        .systemLibrary(name: "CLivePhotoZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // Byte-level formats: ISO-BMFF/QuickTime boxes, TIFF/Exif, Apple MakerNote, JPEG, HEIF. Knows nothing of Live Photos.
        .target(name: "MediaFormats", dependencies: ["CLivePhotoZlib"]),
        // The Foundation every module uses: FoundationEssentials on Linux (no ICU data), the system's on macOS; and
        // stand-ins for the little of full Foundation the modules need (printf formats, system error text).
        .target(name: "PortableFoundation", dependencies: ["MediaFormats"]),
        // Pixel work through ffmpeg, ffprobe, heif-enc and heif-convert, behind one narrow interface: probe, frames, image conversion,
        // transcoding, HEIC encoding (and decoding, for previews).
        .target(
            name: "LivePhotoMedia",
            dependencies: [
                "PortableFoundation",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // The operations' lossless core: what the inputs are, and the plan of every output (new header bytes and runs of
        // the inputs), the reports and the errors. No Foundation, no I/O of its own: the same sources compile as Embedded
        // Swift for wasm32 (scripts/wasm.sh), where the browser reads and writes.
        .target(name: "LivePhotoCore", dependencies: ["MediaFormats"]),
        // Live Photo operations built on LivePhotoCore's plans (lossless) and LivePhotoMedia (only when pixels must change):
        // files opened and written, ffmpeg run, folders walked.
        .target(
            name: "LivePhotoKit",
            dependencies: [
                "LivePhotoCore",
                "MediaFormats",
                "LivePhotoMedia",
                "PortableFoundation",
                "CSystemShims",
                "CLivePhotoSQLite",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The local web app (`livephoto serve`): uploads, jobs with server-sent progress, previews, the gallery. Only
        // through LivePhotoKit; the page, its script and style are compiled into the binary (no Bundle, so no full Foundation).
        .target(
            name: "LivePhotoServer",
            dependencies: [
                "LivePhotoKit",
                "PortableFoundation",
                "CSystemShims",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("Resources")]
        ),
        // The command-line shell: parses, calls LivePhotoKit, prints (standard streams through swift-system).
        .executableTarget(
            name: "livephoto",
            dependencies: [
                "LivePhotoKit",
                "LivePhotoServer",
                "PortableFoundation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Helpers shared by the test targets: running tools, making clips with ffmpeg, temporary folders.
        .target(
            name: "TestSupport",
            dependencies: [
                "MediaFormats", .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Tests/TestSupport"),
        .testTarget(name: "MediaFormatsTests", dependencies: ["MediaFormats", "TestSupport"]),
        .testTarget(name: "PortableFoundationTests", dependencies: ["PortableFoundation"]),
        .testTarget(name: "LivePhotoCoreTests", dependencies: ["LivePhotoCore", "MediaFormats", "PortableFoundation", "TestSupport"]),
        .testTarget(name: "LivePhotoMediaTests", dependencies: ["LivePhotoMedia", "TestSupport"]),
        .testTarget(
            name: "LivePhotoKitTests",
            dependencies: [
                "LivePhotoKit", "LivePhotoCore", "LivePhotoMedia", "MediaFormats", "TestSupport",
            ]
        ),
        .testTarget(name: "livephotoTests", dependencies: ["TestSupport", "MediaFormats", "LivePhotoKit"]),
        .testTarget(
            name: "LivePhotoServerTests",
            dependencies: [
                "LivePhotoServer", "LivePhotoKit", "MediaFormats", "TestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
    ]
)
