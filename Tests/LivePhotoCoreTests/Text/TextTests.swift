import Foundation
import LivePhotoCore
import PortableFoundation
import Testing

@Suite("numbers and names as the command line writes them, without Foundation")
struct TextTests {
    @Test("fixed decimals: the exact binary value rounded half to even, as printf's %.Nf")
    func fixed() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [
            0, -0.0, 0.5, 1.5, 2.5, 1.0625, 0.0005, -0.0004, 1e-300, 123_456.789_5, 29.97, 1.0 / 3, 9_999_999.999_5, -2.675,
        ]
        for _ in 0..<5000 {
            let magnitude = Double.random(in: 0..<1, using: &generator) * pow(10, Double(Int.random(in: -6...9, using: &generator)))
            values.append(Bool.random(using: &generator) ? magnitude : -magnitude)
            // Ties at every number of digits: multiples of a power of two, which %.Nf rounds to even.
            values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 64)
        }
        for value in values {
            for digits in 0...6 {
                #expect(DecimalText.fixed(value, digits: digits) == String(cFormat: "%.\(digits)f", value), "\(value) to \(digits)")
            }
        }
        #expect(DecimalText.fixed(.infinity, digits: 2) == String(cFormat: "%.2f", Double.infinity))
        #expect(DecimalText.hex(0xF) == String(cFormat: "%X", 0xF))
    }

    @Test("a path's last component, extension and stem as Foundation's URL gives them")
    func pathNames() {
        for path in [
            "a/b.tar.gz", ".bashrc", "dir/", "x", "a.b/c", "IMG_1.MP.jpg", "/x/y.", "a/.hidden.jpg", "a..b", "dir//f.JPG", "é/ü.HEIC",
        ] {
            let url = URL(fileURLWithPath: path)
            #expect(PathName.lastComponent(path) == url.lastPathComponent, "\(path)")
            #expect(PathName.pathExtension(path) == url.pathExtension, "\(path)")
            #expect(PathName.stem(path) == url.deletingPathExtension().lastPathComponent, "\(path)")
        }
        #expect(PathName.deletingExtension("a/b.tar.gz") == "a/b.tar")
    }

    @Test("content identifiers: any case parses to the upper-case form, new ones are version 4 UUIDs, others refused")
    func identifiers() throws {
        let id = try #require(ContentIdentifier("71dca213-5710-4a6c-bc6d-ce6306aeb8d8"))
        #expect(id.rawValue == "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8")
        for bad in [
            "", "71DCA213-5710-4A6C-BC6D-CE6306AEB8D", "71DCA213_5710-4A6C-BC6D-CE6306AEB8D8", "G1DCA213-5710-4A6C-BC6D-CE6306AEB8D8",
        ] {
            #expect(ContentIdentifier(bad) == nil, "\(bad)")
        }
        let made = (0..<100).map { _ in ContentIdentifier() }
        #expect(Set(made).count == 100)
        for new in made {
            let uuid = try #require(UUID(uuidString: new.rawValue))
            #expect(uuid.uuidString == new.rawValue)
            #expect(Array(new.rawValue)[14] == "4")
            #expect("89AB".contains(Array(new.rawValue)[19]))
        }
    }
}
