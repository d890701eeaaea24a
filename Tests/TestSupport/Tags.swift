import Testing

extension Tag {
    /// Suites that take minutes (thousands of mutated files, a 4 GiB movie): `swift test --skip tag:slow` leaves them out.
    @Tag public static var slow: Self
    /// Suites that drive headless Chromium or attack a running server: `--skip tag:browser` leaves them out.
    @Tag public static var browser: Self
}
