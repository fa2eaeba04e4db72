#include "storage/Database.h"

#include "storage/Schema.h"

#include <QAtomicInteger>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QSqlError>
#include <QSqlQuery>
#include <QStorageInfo>

namespace hostbench::storage {

using namespace Qt::StringLiterals;

namespace {

const QLatin1String kDriver("QSQLITE");
// Every SQLite file starts with these 16 bytes (sqlite.org/fileformat.html §1.3).
const QByteArray kSqliteMagic("SQLite format 3\0", 16);

QString uniqueConnectionName()
{
    static QAtomicInteger<quint64> counter;
    return u"hostbench-storage-"_s + QString::number(counter.fetchAndAddRelaxed(1) + 1);
}

} // namespace

Database::Database() = default;

Database::~Database()
{
    close();
}

QSqlDatabase Database::connection() const
{
    return QSqlDatabase::database(m_connectionName, false);
}

bool Database::fail(const QString &what, const QString &detail)
{
    m_lastError = detail.isEmpty() ? what : what + u": "_s + detail;
    // A message shown far from here (a dialog, the CLI) names the file it is about.
    if (!m_filePath.isEmpty() && !m_lastError.contains(m_filePath))
        m_lastError = m_filePath + u": "_s + m_lastError;
    return false;
}

bool Database::ensureOpen()
{
    return isOpen() || fail(u"The database is not open"_s, {});
}

bool Database::inTransaction(const QString &what, const std::function<bool(QString *error)> &work)
{
    QSqlDatabase db = connection();
    if (!db.transaction())
        return fail(what, db.lastError().text());
    QString error;
    if (!work(&error)) {
        db.rollback();
        return fail(error, {});
    }
    if (!db.commit()) {
        const QString detail = db.lastError().text();
        db.rollback();
        return fail(what, detail);
    }
    return true;
}

namespace {

// The database files this process has open, by canonical path, with how
// many connections each (the window has two: its own and RunWriter's).
// close() on any descriptor of a file drops every POSIX lock the process
// holds on it (https://sqlite.org/howtocorrupt.html, 2.2): reading the header
// of a file that a connection of this process has open would drop that
// connection's SHARED lock, and another process closing the file would then
// think itself the last one and delete the WAL under it. Such a file is
// known to be SQLite's already: its header is not read again.
QMutex g_openFilesMutex;
QHash<QString, int> g_openFiles; // guarded by g_openFilesMutex

bool openInThisProcess(const QString &canonicalPath)
{
    QMutexLocker lock(&g_openFilesMutex);
    return g_openFiles.value(canonicalPath) > 0;
}

void countOpen(const QString &canonicalPath, int delta)
{
    QMutexLocker lock(&g_openFilesMutex);
    if ((g_openFiles[canonicalPath] += delta) <= 0)
        g_openFiles.remove(canonicalPath);
}

} // namespace

bool Database::open(const QString &filePath)
{
    close();
    m_lastError.clear();
    const QFileInfo info(filePath);
    const QString path = info.absoluteFilePath();

    if (!QDir().mkpath(info.absolutePath()))
        return fail(u"Cannot create the folder %1"_s.arg(info.absolutePath()), {});
    if (info.exists()) {
        if (!info.isFile())
            return fail(u"%1 is not a file"_s.arg(path), {});
        // An empty file is an empty database to SQLite; anything else must
        // carry SQLite's header. Checked before SQLite sees the file, unless
        // this process has it open already (g_openFiles says why).
        if (info.size() > 0 && !openInThisProcess(info.canonicalFilePath())) {
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly))
                return fail(u"Cannot read %1"_s.arg(path), file.errorString());
            if (file.read(kSqliteMagic.size()) != kSqliteMagic)
                return fail(u"%1 is not a SQLite database; it was left untouched"_s.arg(path), {});
        }
    }
    if (!QSqlDatabase::isDriverAvailable(kDriver))
        return fail(u"The Qt SQLite driver (QSQLITE) is not installed"_s, {});

    m_connectionName = uniqueConnectionName();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(kDriver, m_connectionName);
        db.setDatabaseName(path);
        // The GUI and the CLI may share the file: wait for the other's write lock.
        db.setConnectOptions(u"QSQLITE_BUSY_TIMEOUT=5000"_s);
        if (!db.open()) {
            const QString detail = db.lastError().text();
            close();
            return fail(u"Cannot open %1"_s.arg(path), detail);
        }
    }
    m_filePath = path;
    m_canonicalPath = QFileInfo(path).canonicalFilePath();
    countOpen(m_canonicalPath, +1);
    if (!migrate()) {
        close();
        return false;
    }
    return true;
}

namespace {

// Why the first read of a file failed, in the user's terms: a full disk and
// a read-only folder (WAL needs to write beside the file even to read) are
// not a damaged database. SQLite's primary result codes (sqlite3.h).
QString unreadable(const QString &file, const QSqlError &error)
{
    constexpr int kSqliteReadOnly = 8;
    constexpr int kSqliteIoError = 10;
    constexpr int kSqliteFull = 13;
    constexpr int kSqliteCantOpen = 14;
    const int code = error.nativeErrorCode().toInt() & 0xff;
    const QString folder = QFileInfo(file).absolutePath();
    if (code == kSqliteFull
        || ((code == kSqliteIoError || code == kSqliteCantOpen)
            && QStorageInfo(folder).bytesAvailable() == 0))
        return u"Cannot use %1: the disk is full; it was left untouched"_s.arg(file);
    if ((code == kSqliteReadOnly || code == kSqliteCantOpen || code == kSqliteIoError)
        && !QFileInfo(folder).isWritable())
        return u"Cannot use %1: its folder is read-only; it was left untouched"_s.arg(file);
    return u"%1 is not a readable SQLite database; it was left untouched"_s.arg(file);
}

} // namespace

// Reads before it writes: a file this build must not change is refused
// before the first statement that could change it.
bool Database::migrate()
{
    QSqlDatabase db = connection();
    QSqlQuery query(db);
    if (!query.exec(u"PRAGMA user_version"_s) || !query.next())
        return fail(unreadable(m_filePath, query.lastError()), query.lastError().text());
    const int version = query.value(0).toInt();
    if (version > kSchemaVersion)
        return fail(u"%1 was written by a newer Hostbench (schema version %2; this build knows up to %3); "
                    "it was left untouched"_s.arg(m_filePath)
                        .arg(version)
                        .arg(kSchemaVersion),
            {});
    if (version == 0) {
        // Version 0 with tables is another application's database.
        if (!query.exec(u"SELECT count(*) FROM sqlite_master"_s) || !query.next())
            return fail(u"Cannot read the schema of %1"_s.arg(m_filePath), query.lastError().text());
        if (query.value(0).toInt() > 0)
            return fail(
                u"%1 is a SQLite database of another application; it was left untouched"_s.arg(m_filePath),
                {});
    }
    if (!query.exec(u"PRAGMA foreign_keys = ON"_s))
        return fail(u"Cannot enable foreign keys"_s, query.lastError().text());
    // Two connections may write the file (the window's and its RunWriter's,
    // or the window and a hostbench-cli): one waits for the other's
    // transaction, a few ms, instead of failing with "database is locked".
    if (!query.exec(u"PRAGMA busy_timeout = 5000"_s))
        return fail(u"Cannot set the busy timeout"_s, query.lastError().text());

    QString error;
    if (!Schema::upgrade(db, version, &error))
        return fail(u"Cannot upgrade %1 from schema version %2"_s.arg(m_filePath).arg(version), error);

    // WAL lets readers (the GUI's run list) go on while a run is written.
    // The journal mode cannot change inside a transaction, hence after the upgrade.
    if (!query.exec(u"PRAGMA journal_mode = WAL"_s) || !query.next())
        return fail(u"Cannot enable WAL"_s, query.lastError().text());
    return true;
}

void Database::close()
{
    if (m_connectionName.isEmpty())
        return;
    {
        QSqlDatabase db = connection();
        if (db.isValid())
            db.close();
    }
    QSqlDatabase::removeDatabase(m_connectionName);
    m_connectionName.clear();
    m_filePath.clear();
    if (!m_canonicalPath.isEmpty())
        countOpen(m_canonicalPath, -1);
    m_canonicalPath.clear();
}

bool Database::isOpen() const
{
    return !m_connectionName.isEmpty() && connection().isOpen();
}

QString Database::filePath() const
{
    return m_filePath;
}

QString Database::lastError() const
{
    return m_lastError;
}

int Database::schemaVersion() const
{
    if (!isOpen())
        return 0;
    QSqlQuery query(connection());
    if (!query.exec(u"PRAGMA user_version"_s) || !query.next())
        return 0;
    return query.value(0).toInt();
}

} // namespace hostbench::storage
