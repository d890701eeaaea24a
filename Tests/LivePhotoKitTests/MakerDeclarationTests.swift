import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// Every family and flavour is declared once (`PhotoFamily+Declarations.swift`, `MotionPhotoFlavor+Declarations.swift`):
/// the rows agree with one another, and what lists the flavours by hand elsewhere (the web page, its scripts, the ES
/// module's types, the manual page, the JSON reference) lists the declared ones.
@Suite("makers: each declared once, and listed from the declaration")
struct MakerDeclarationTests {
    static func text(_ path: String) throws -> Substring {
        Substring(try String(contentsOfFile: "\(ProjectPaths.root)/\(path)", encoding: .utf8))
    }

    /// The text from `start` to the first `end` after it.
    static func block(_ text: Substring, from start: String, to end: String) throws -> Substring {
        let from = try #require(text.range(of: start), "no \(start)")
        let to = try #require(text.range(of: end, range: from.upperBound..<text.endIndex), "no \(end) after \(start)")
        return text[from.lowerBound..<to.upperBound]
    }

    /// Every match of `pattern` in `text`, each as its capture groups (nil where a group took no part).
    static func matches(_ pattern: String, in text: Substring) throws -> [[String?]] {
        text.matches(of: try Regex(pattern)).map { match in
            (1..<match.output.count).map { match.output[$0].substring.map(String.init) }
        }
    }

    @Test("the reading order: one place a recognition, Apple's none, Google's last, as docs/formats/makers.md reads")
    func readingOrder() {
        let order = PhotoFamily.readingOrder
        #expect(Set(order.map(\.order)).count == order.count, "two recognitions share a place in the reading order")
        #expect(order.map(\.family) == [.honor, .huawei, .samsung, .oppo, .vivo, .xiaomi, .samsung, .microvideo, .google])
        #expect(PhotoFamily.apple.declaration.recognisedBy.isEmpty)
        #expect(order.last?.anyOf == [.video], "Google's format is what any Motion Photo is when it carries no other mark")
        for family in PhotoFamily.allCases where family != .apple {
            #expect(order.contains { $0.family == family }, "\(family) is never recognised")
        }
    }

    @Test("each flavour's row: its layout, marks and constraints agree with its family's")
    func flavourRows() {
        for flavor in MotionPhotoFlavor.allCases {
            let row = flavor.declaration
            let family = row.family.declaration
            #expect(row.family != .apple, "\(flavor)")
            // A maker's marks are written into a JPEG's Exif and XMP only.
            #expect(row.marks.isEmpty || flavor.takesJPEGOnly, "\(flavor): marks on a HEIC")
            #expect(!row.stills.isEmpty && row.stills.allSatisfy { $0 == .jpeg || $0 == .heic }, "\(flavor)")
            #expect(!row.videoCodecs.isEmpty, "\(flavor)")
            #expect(flavor.takesJPEGOnly == (row.stills == [.jpeg]) && flavor.needsH264 == (row.videoCodecs == [.h264]))
            // The tail's version tag is the one the family is recognised by, when it is recognised by one.
            if case .movingPhotoTail(let version) = row.layout {
                let versions = family.recognisedBy.flatMap(\.anyOf).compactMap { mark -> Int?? in
                    if case .movingPhotoTail(let v) = mark { return .some(v) } else { return nil }
                }
                #expect(versions.allSatisfy { $0 == nil || $0 == version }, "\(flavor): written as v\(version), read as \(versions)")
                #expect(!versions.isEmpty, "\(flavor): a tail its family is not recognised by")
            }
            // `livephoto formats` says which command writes the family.
            let write = family.catalog.write ?? ""
            let named =
                write.contains("--flavor \(flavor.rawValue)")
                || (flavor == MotionConversionOptions().flavor && write.hasPrefix("convert --to motion (the default"))
            #expect(named, "\(row.family)'s write (\(write)) does not name --flavor \(flavor.rawValue)")
        }
        #expect(Set(PhotoFamily.catalog.map(\.family)) == Set(PhotoFamily.allCases))
    }

    @Test("the web page's choices: every flavour, in order, with its declared label; the default chosen")
    func pageChoices() throws {
        let select = try Self.block(
            Self.text("Sources/LivePhotoServer/Resources/index.html"), from: #"<select id="convert-flavor">"#, to: "</select>")
        let options = try Self.matches(#"<option value="([^"]+)"( selected)?>([^<]+)</option>"#, in: select)
        #expect(options.map { $0[0] } == MotionPhotoFlavor.allCases.map(\.rawValue))
        #expect(options.map { $0[2] } == MotionPhotoFlavor.allCases.map(\.declaration.choice))
        #expect(options.filter { $0[1] != nil }.map { $0[0] } == [MotionConversionOptions().flavor.rawValue])
    }

    @Test("the scripts' labels: convert's maker of each flavour, disassemble's name of each split kind")
    func scriptLabels() throws {
        let families = try Self.block(
            Self.text("Sources/LivePhotoServer/Resources/js/convert.js"), from: "const families = {", to: "};")
        let labels = try Self.matches(#"(?:"([^"]+)"|([a-z0-9]+)): "([^"]+)""#, in: families)
        let byFlavor = Dictionary(uniqueKeysWithValues: labels.map { (($0[0] ?? $0[1]) ?? "", $0[2] ?? "") })
        let declared = Dictionary(uniqueKeysWithValues: MotionPhotoFlavor.allCases.map { ($0.rawValue, $0.family.declaration.label) })
        #expect(byFlavor == declared)

        let kinds = try Self.block(Self.text("Sources/LivePhotoServer/Resources/js/disassemble.js"), from: "const kinds = {", to: "};")
        let named = try Self.matches(#"(?:"([^"]+)"|([a-z0-9]+)): "[^"]+""#, in: kinds).map { ($0[0] ?? $0[1]) ?? "" }
        #expect(Set(named) == Set(SplitResult.Kind.allCases.map(\.rawValue)) && named.count == SplitResult.Kind.allCases.count)
    }

    @Test("livephoto.d.ts, the manual page and the JSON reference list the declared flavours")
    func typesAndDocs() throws {
        let declared = MotionPhotoFlavor.allCases.map(\.rawValue)
        let options = try Self.block(Self.text("Web/module/livephoto.d.ts"), from: "export interface ConvertToMotionOptions", to: "}")
        let union = try Self.block(options, from: "flavor?:", to: ";")
        #expect(try Self.matches("'([^']+)'", in: union).map { $0[0] ?? "" } == declared)

        // The manual page (scripts/manual.sh) holds --flavor's help as the command line makes it from the rows.
        let help = "--to motion: \(MotionPhotoFlavor.commandLineChoices); see 'livephoto formats'."
        #expect(try Self.text("docs/livephoto.1").contains(help), "docs/livephoto.1 lacks: \(help)")

        let row = try Self.block(Self.text("docs/reference/json.md"), from: "| `flavor` | `samsung`", to: "|\n")
        #expect(try Self.matches("`([a-z0-9-]+)`", in: row).map { $0[0] ?? "" }.dropFirst().elementsEqual(declared))
    }
}
