import Foundation
import Hummingbird
import HummingbirdTesting
import LivePhotoKit
import TestSupport
import Testing

@testable import LivePhotoServer

/// Byte ranges and download names.
extension ServerTests {
    @Test("byte ranges and names")
    func helpers() {
        #expect(RangeRequest("bytes=0-99", size: 1000) == .part(0...99))
        #expect(RangeRequest("bytes=900-", size: 1000) == .part(900...999))
        #expect(RangeRequest("bytes=-100", size: 1000) == .part(900...999))
        #expect(RangeRequest("bytes=990-2000", size: 1000) == .part(990...999))
        #expect(RangeRequest("bytes=1000-", size: 1000) == .unsatisfiable)
        #expect(RangeRequest("bytes=-0", size: 1000) == .unsatisfiable)
        #expect(RangeRequest("bytes=0-", size: 0) == .unsatisfiable)
        // Several ranges, a backward range and a malformed header are ignored: the whole file is sent.
        #expect(RangeRequest("bytes=0-1,5-6", size: 1000) == .whole)
        #expect(RangeRequest("bytes=9-5", size: 1000) == .whole)
        #expect(RangeRequest("items=0-5", size: 1000) == .whole)
        #expect(RangeRequest(nil, size: 1000) == .whole)
        #expect(UploadStore.safeName("../../etc/passwd") == "passwd")
        #expect(UploadStore.safeName(".hidden") == "hidden")
        #expect(UploadStore.safeName("a/<b>?.jpg") == "_b__.jpg")
        #expect(UploadStore.safeName("") == "upload")
    }
}
