package import PortableFoundation

/// What a Takeout sidecar says of a file, to be written into it.
package struct TakeoutFacts: Sendable, Equatable {
    package var captureTime: Date?
    package var place: TakeoutSidecar.Place?
    package var description: String?
    package var favorited: Bool
    package var people: [String]

    package init(captureTime: Date? = nil, place: TakeoutSidecar.Place? = nil, description: String? = nil, favorited: Bool = false, people: [String] = []) {
        self.captureTime = captureTime
        self.place = place
        self.description = description
        self.favorited = favorited
        self.people = people
    }

    package init(_ media: TakeoutSidecar.Media) {
        self.init(captureTime: media.captureTime, place: media.place, description: media.description, favorited: media.favorited, people: media.people)
    }
}

/// Placeholder until the writer lands.
package enum TakeoutStamp {
    package static func apply(to path: String, facts: TakeoutFacts, prefersSidecar: Bool) throws(LivePhotoError) -> [String] { [] }
    package static func captureTime(of path: String) -> Date? { nil }
}
