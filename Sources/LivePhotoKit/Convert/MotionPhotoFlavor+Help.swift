extension MotionPhotoFlavor {
    /// `--flavor`'s choices as `convert --help` lists them, from the declarations: each flavour in declaration order,
    /// what its row's help says, that it takes JPEG only, and which is the default, said once after the last of a run
    /// of flavours that share it ("oppo, vivo, vivo-pair, xiaomi (JPEG only)").
    package static var commandLineChoices: String {
        let standard = MotionConversionOptions().flavor
        let described = allCases.map { flavor in
            let notes = [flavor.declaration.help, flavor.takesJPEGOnly ? "JPEG only" : nil, flavor == standard ? "the default" : nil]
            return (name: flavor.rawValue, note: notes.compactMap { $0 }.joined(separator: "; "))
        }
        let names = described.indices.map { index in
            let (name, note) = described[index]
            let lastOfRun = index == described.count - 1 || described[index + 1].note != note
            return note.isEmpty || !lastOfRun ? name : "\(name) (\(note))"
        }
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : "\(names.dropLast().joined(separator: ", ")) or \(last)"
    }
}
