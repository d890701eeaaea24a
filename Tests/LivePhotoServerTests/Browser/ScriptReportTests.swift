import TestSupport
import Testing

/// The browser suites pass only on a script's own closing count: `10 failed` holds the text `0 failed`, and a
/// script that stopped early prints no count at all.
@Suite("browser scripts' closing line")
struct ScriptReportTests {
    @Test("0 failed passes; 10 failed, a FAIL line, or no closing line does not")
    func closingLine() {
        #expect(ScriptReport("ok   upload\nok   viewer\n0 failed\n").passed)
        #expect(ScriptReport("ok   a\ncamera: 0 failed\n", prefix: "camera").passed)
        #expect(ScriptReport("FAIL a\n10 failed\n").failedCount == 10)
        #expect(!ScriptReport("FAIL a\n10 failed\n").passed)
        #expect(!ScriptReport("ok   a\ncamera: 10 failed\n", prefix: "camera").passed)
        #expect(!ScriptReport("ok   a\n").passed)
        #expect(!ScriptReport("FAIL b\n0 failed\n").passed)
        #expect(!ScriptReport("ok   a\n0 failed\n", prefix: "camera").passed)
    }
}
