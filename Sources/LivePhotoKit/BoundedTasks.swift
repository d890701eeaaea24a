/// Work on many items at once, at most so many at a time: each item's result is handed back in the caller's task as
/// it finishes, with the item's position; the first error stops the others and is thrown.
enum BoundedTasks {
    static func run<Item: Sendable, Output: Sendable, Failure: Error>(
        _ items: [Item], limit: Int, _ body: @escaping @Sendable (Item) async throws(Failure) -> Output,
        collect: (_ index: Int, _ output: Output) -> Void
    ) async throws(Failure) {
        let failure: Failure? = await withTaskGroup(of: (Int, Result<Output, Failure>).self) { group in
            var next = 0
            func start() {
                guard next < items.count else { return }
                let (index, item) = (next, items[next])
                next += 1
                group.addTask {
                    do throws(Failure) { return (index, .success(try await body(item))) } catch { return (index, .failure(error)) }
                }
            }
            for _ in 0..<max(1, limit) { start() }
            for await (index, result) in group {
                switch result {
                case .success(let output):
                    collect(index, output)
                    start()
                case .failure(let error):
                    group.cancelAll()
                    return error
                }
            }
            return nil
        }
        if let failure { throw failure }
    }
}
