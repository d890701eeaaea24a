#if hasFeature(Embedded)
    /// Embedded Swift has no `Codable`. The reports and options conform to it natively (the command line and the web app
    /// print them with Foundation's encoder); in WebAssembly this name stands for an empty protocol, so that the same
    /// declarations compile, and the reports' JSON is written through `JSONRepresentable` instead.
    package protocol Codable {}
#endif
