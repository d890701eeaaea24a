// The Foundation this package's modules use: FoundationEssentials on Linux, Apple's Foundation where it is the
// system's. Full Foundation on Linux brings ICU's data (47 MB of the binary) for the formatting and parsing this
// package never needs; what it did need has stand-ins beside this file. `scripts/essentials-check.sh` fails when a
// module links full Foundation again.

#if canImport(FoundationEssentials)
    @_exported public import FoundationEssentials
#else
    @_exported public import Foundation
#endif
