// zlib's C API, for deflate, inflate and CRC-32 (Sources/MediaFormats/Zip/Deflate.swift).
#include <zlib.h>
