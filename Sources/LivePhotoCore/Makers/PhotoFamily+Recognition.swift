import MediaFormats

extension PhotoFamily {
    /// Every family's recognitions, in the order they are weighed (docs/formats/makers.md#reading-order).
    package static var readingOrder: [(order: Int, family: PhotoFamily, anyOf: [MotionPhotoFile.Mark])] {
        allCases.flatMap { family in family.declaration.recognisedBy.map { (order: $0.order, family: family, anyOf: $0.anyOf) } }
            .sorted { $0.order < $1.order }
    }

    /// The family whose marks `motion` carries: the first in the reading order; nil when it holds no video.
    package init?(recognising motion: MotionPhotoFile) {
        guard let first = Self.readingOrder.first(where: { $0.anyOf.contains { motion.carries($0) } }) else { return nil }
        self = first.family
    }
}
