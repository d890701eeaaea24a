// SQLite's C API, for the scan index (Sources/LivePhotoKit/Library/SQLite/): the system's library, as GRDB linked it.
#include <sqlite3.h>
