/// Schema migrations, each applied once, in order, and recorded in the database.
extension SQLiteConnection {
    /// A named change of the schema.
    typealias Migration = (identifier: String, migrate: (SQLiteConnection) throws -> Void)

    /// Applies the `migrations` the database has not recorded yet, each in its own immediate transaction with its
    /// record, so that two processes opening a new database apply each once. The record is GRDB's table,
    /// `grdb_migrations`, which wrote the databases of earlier versions: those are read as they are.
    func migrate(_ migrations: [Migration]) throws {
        try execute("CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        for migration in migrations {
            try write {
                let applied = try statement("SELECT 1 FROM grdb_migrations WHERE identifier = ?").first([migration.identifier]) { _ in true
                }
                guard applied == nil else { return }
                try migration.migrate(self)
                try execute("INSERT INTO grdb_migrations (identifier) VALUES (?)", [migration.identifier])
            }
        }
    }
}
