/// Where ``JSONValue/write(to:)`` puts JSON text: appended to an array, counted (``JSONTextCount``), or written into
/// memory sized for it (``JSONTextBuffer``), so that a large answer is written once, where it goes, and never held
/// twice.
public protocol JSONTextSink {
    /// Takes one byte of the text.
    mutating func append(_ byte: UInt8)
    /// Takes bytes of the text, in order.
    mutating func append<Bytes: Sequence>(contentsOf bytes: Bytes) where Bytes.Element == UInt8
}

extension Array: JSONTextSink where Element == UInt8 {}

/// Counts the text's bytes and keeps none of them.
public struct JSONTextCount: JSONTextSink {
    /// The bytes counted so far.
    public private(set) var count = 0

    /// A count of nothing yet.
    public init() {}

    /// Counts one byte.
    public mutating func append(_ byte: UInt8) {
        count += 1
    }

    /// Counts `bytes`.
    public mutating func append<Bytes: Sequence>(contentsOf bytes: Bytes) where Bytes.Element == UInt8 {
        for _ in bytes { count += 1 }
    }
}

/// Writes the text into memory that a count (``JSONValue/utf8Count``) sized: bytes past its end are not written, and
/// ``overflowed`` says so.
public struct JSONTextBuffer: JSONTextSink {
    private let memory: UnsafeMutableRawBufferPointer
    /// The bytes written so far.
    public private(set) var count = 0
    /// Whether the text ran past the memory's end (what was past it is not written).
    public private(set) var overflowed = false

    /// Text to be written from the start of `memory`.
    /// - Parameter memory: where the text goes.
    public init(_ memory: UnsafeMutableRawBufferPointer) {
        self.memory = memory
    }

    /// Writes one byte after the last, where the memory holds it.
    public mutating func append(_ byte: UInt8) {
        guard count < memory.count else {
            overflowed = true
            return
        }
        memory[count] = byte
        count += 1
    }

    /// Writes `bytes` after the last, as many as the memory holds.
    public mutating func append<Bytes: Sequence>(contentsOf bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { append(byte) }
    }
}
