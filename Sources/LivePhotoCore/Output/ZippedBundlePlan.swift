import MediaFormats

/// A `.pvt.zip` planned without reading its members (docs/formats/bundles.md#the-zip-a-browser-writes): the bundle's
/// folder, the still, the movie and `metadata.plist`, all stored, each member's CRC-32 left for the shell that reads
/// its bytes (a browser, through a stream) to fill in. The still and the movie are the pair's bytes; the files once
/// unzipped are the command line's, byte for byte (which deflates the property list).
package struct ZippedBundlePlan {
    /// A file of the bundle.
    package struct Member {
        /// Its name in the bundle's folder.
        package let name: String
        /// Its bytes.
        package let content: SplicedFile
        /// Its modification time, in seconds since 1970.
        package let modificationTime: Int64
    }

    /// The still, the movie and `metadata.plist`, in the zip's order.
    package let members: [Member]
    /// The zip, with every CRC-32 zero.
    package let archive: SplicedFile
    /// For each of ``members``, the offsets in ``archive`` of the 4-byte little-endian fields its CRC-32 goes in.
    package let checksumOffsets: [[Int64]]

    /// - Parameters:
    ///   - bundleName: the folder in the zip, `STEM.pvt`.
    ///   - still: the still's name and bytes, and its time (the folder's and the property list's too, as the command
    ///     line dates them).
    ///   - movie: the movie's name, bytes and time.
    package init(
        bundleName: String, still: (name: String, content: SplicedFile, modificationTime: Int64),
        movie: (name: String, content: SplicedFile, modificationTime: Int64)
    ) throws(LivePhotoError) {
        var plist = SplicedFile()
        plist.append(PhotoBundleMetadata.bytes)
        let members = [
            Member(name: still.name, content: still.content, modificationTime: still.modificationTime),
            Member(name: movie.name, content: movie.content, modificationTime: movie.modificationTime),
            Member(name: PhotoBundleMetadata.fileName, content: plist, modificationTime: still.modificationTime),
        ]
        let folder = StoredZipLayout.Member(name: "\(bundleName)/", size: 0, modificationTime: still.modificationTime)
        let files = members.map {
            StoredZipLayout.Member(name: "\(bundleName)/\($0.name)", size: UInt64($0.content.size), modificationTime: $0.modificationTime)
        }
        let layout: StoredZipLayout
        do { layout = try StoredZipLayout(members: [folder] + files) } catch { throw .invalidArgument("\(bundleName).zip: \(error)") }
        var archive = SplicedFile()
        for piece in layout.pieces {
            switch piece {
            case .bytes(let bytes): archive.append(bytes)
            case .member(let index): archive.append(members[index - 1].content)
            }
        }
        self.members = members
        self.archive = archive
        self.checksumOffsets = layout.checksumOffsets.dropFirst().map { $0.map { Int64($0) } }
    }
}
