import ServiceLifecycle

/// Removes uploads and job results older than the retention, once a minute, until the server shuts down.
struct ExpirySweeper: Service {
    let state: ServerState

    func run() async {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(60))
                await state.uploads.expire(olderThan: state.options.retention)
                await state.jobs.expire(olderThan: state.options.retention)
            }
        }
    }
}
