import MediaFormats
import Testing

/// Exif's eight orientations and HEIF's `irot`/`imir` as one kind of transform (docs/formats/heic.md#orientation).
@Suite("Image transform")
struct ImageTransformTests {
    @Test("each Exif value round-trips, and the turns swap the sides of 5 to 8 only")
    func exifValues() {
        for value in 1...8 {
            let transform = ImageTransform(exifOrientation: value)
            #expect(transform?.exifOrientation == value)
            #expect(transform?.swapsSides == (value >= 5))
        }
        #expect(ImageTransform(exifOrientation: 0) == nil && ImageTransform(exifOrientation: 9) == nil)
    }

    @Test("irot 3 is Exif 6, as iPhones write both; irot 1 is 8; mirrors and their compositions match Exif's table")
    func heifProperties() {
        #expect(ImageTransform.heifRotation(anticlockwiseQuarterTurns: 3).exifOrientation == 6)
        #expect(ImageTransform.heifRotation(anticlockwiseQuarterTurns: 1).exifOrientation == 8)
        #expect(ImageTransform.heifRotation(anticlockwiseQuarterTurns: 2).exifOrientation == 3)
        #expect(ImageTransform.heifMirror(axis: 0).exifOrientation == 2)
        #expect(ImageTransform.heifMirror(axis: 1).exifOrientation == 4)
        // A mirror then a quarter turn clockwise is Exif 7; a quarter turn then the mirror is Exif 5.
        let quarter = ImageTransform.heifRotation(anticlockwiseQuarterTurns: 3)
        #expect(ImageTransform.heifMirror(axis: 0).then(quarter).exifOrientation == 7)
        #expect(quarter.then(.heifMirror(axis: 0)).exifOrientation == 5)
        #expect(quarter.then(quarter).then(quarter).then(quarter) == .identity)
    }
}
