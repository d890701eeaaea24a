// swift-tools-version: 6.2
// libFuzzer targets, one per parser, and two over LivePhotoKit (the `.pvt.zip` reader, the whole `make` plan).
// Built and run by scripts/fuzz.sh (`swift build --sanitize=fuzzer --sanitize=address`); never part of the product.
import PackageDescription

let parserTargets = ["jpeg", "isobmff", "heif", "quicktime_metadata", "xmp", "motion_photo", "tar", "zip_stream", "property_list", "json", "csv"]
let kitTargets = ["pvt_zip", "make"]
// libFuzzer supplies `main`; each target only defines LLVMFuzzerTestOneInput.
let entryPointless: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "livephoto-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "livephoto", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "MediaFormats", package: "livephoto")])
    ]
        + parserTargets.map { name in
            .executableTarget(
                name: "fuzz_\(name)", dependencies: ["FuzzSupport", .product(name: "MediaFormats", package: "livephoto")],
                swiftSettings: entryPointless)
        }
        + kitTargets.map { name in
            .executableTarget(
                name: "fuzz_\(name)", dependencies: ["FuzzSupport", .product(name: "LivePhotoKit", package: "livephoto")],
                swiftSettings: entryPointless)
        }
)
