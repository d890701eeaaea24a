/// Numbers in words as C's `printf` writes them, without C: reports are built the same way natively and in Embedded
/// Swift (which has no `vsnprintf`), and read the same.
package enum DecimalText {
    /// `value` with `digits` digits after the point, as `%.Nf` writes it: the exact binary value rounded half to even,
    /// `-` kept for a negative value that rounds to zero (`-0.000`), `inf` and `nan` as C spells them.
    /// - Parameter digits: 0 to 9 (0 writes no point).
    package static func fixed(_ value: Double, digits: Int) -> String {
        let digits = min(max(digits, 0), 9)
        let sign = value.sign == .minus ? "-" : ""
        guard value.isFinite else { return value.isNaN ? "\(sign)nan" : "\(sign)inf" }
        let magnitude = value.magnitude
        // Past 2^64 the rounding no longer matters to any report; the shortest form says the number.
        guard magnitude < 0x1p64 else { return "\(value)" }
        var power: UInt128 = 1
        for _ in 0..<digits { power *= 10 }
        let significand: UInt128, exponent: Int
        if magnitude.exponentBitPattern == 0 {
            significand = UInt128(magnitude.significandBitPattern)
            exponent = -1074
        } else {
            significand = UInt128(magnitude.significandBitPattern) | (1 << 52)
            exponent = Int(magnitude.exponentBitPattern) - 1075
        }
        // The value times 10^digits, exactly (significand × 10^digits fits in 83 bits), then rounded to a whole number.
        let scaled = significand * power
        var whole: UInt128
        if exponent >= 0 {
            whole = scaled << UInt128(exponent)
        } else if -exponent >= 127 {
            whole = 0
        } else {
            let shift = UInt128(-exponent)
            whole = scaled >> shift
            let remainder = scaled & ((1 << shift) - 1)
            let half: UInt128 = 1 << (shift - 1)
            if remainder > half || (remainder == half && whole & 1 == 1) { whole += 1 }
        }
        let integerPart = whole / power, fraction = whole % power
        guard digits > 0 else { return sign + "\(integerPart)" }
        var fractionText = "\(fraction)"
        while fractionText.utf8.count < digits { fractionText = "0" + fractionText }
        return sign + "\(integerPart)." + fractionText
    }

    /// `value` in upper-case hexadecimal, as `%X` writes it.
    package static func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }
}
