#include "storage/Database.h"

#include "storage/HostSettingsTable.h"
#include "storage/HostTable.h"
#include "storage/RunTable.h"
#include "storage/Schema.h"
#include "storage/ShootoutTable.h"

#include <QAtomicInteger>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QSqlError>
#include <QSqlQuery>
#include <QStorageInfo>
#include <QVariant>

#include <type_traits>
#include <variant>

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

// The server settings, each declared once: its key in the table `settings`
// and the member of model::ServerConfig it holds. serverConfig() reads and
// saveServerConfig() writes them from this table (as KeePassXC's Config.cpp
// declares its keys), so a new setting is one line here. Numbers are stored
// as decimal text, booleans as "1" and "0". A stored value that does not
// read as its type, or a non-positive one where `positive` is set, gives the
// member's default.
struct ServerSetting
{
    QLatin1String key;
    std::variant<QString model::ServerConfig::*, quint16 model::ServerConfig::*, int model::ServerConfig::*,
        bool model::ServerConfig::*>
        member;
    bool positive = false;
};

const ServerSetting kServerSettings[] = {
    { QLatin1String("server.listen_address"), &model::ServerConfig::listenAddress },
    { QLatin1String("server.port"), &model::ServerConfig::port },
    { QLatin1String("server.threads"), &model::ServerConfig::threads },
    { QLatin1String("server.port_fallback"), &model::ServerConfig::portFallback },
    { QLatin1String("server.header_timeout_ms"), &model::ServerConfig::headerTimeoutMs, true },
    { QLatin1String("server.keep_alive_timeout_ms"), &model::ServerConfig::keepAliveTimeoutMs, true },
    { QLatin1String("server.send_timeout_ms"), &model::ServerConfig::sendTimeoutMs, true },
    { QLatin1String("server.max_connections_per_worker"), &model::ServerConfig::maxConnectionsPerWorker,
        true },
};

// The member's value as stored.
QString settingText(const model::ServerConfig &config, const ServerSetting &setting)
{
    return std::visit(
        [&config](auto member) -> QString {
            const auto &value = config.*member;
            using T = std::decay_t<decltype(value)>;
            if constexpr (std::is_same_v<T, QString>)
                return value;
            else if constexpr (std::is_same_v<T, bool>)
                return value ? u"1"_s : u"0"_s;
            else
                return QString::number(value);
        },
        setting.member);
}

// Sets the member from its stored text; leaves the default when the text does not fit.
void readSetting(model::ServerConfig &config, const ServerSetting &setting, const QString &text)
{
    std::visit(
        [&](auto member) {
            auto &value = config.*member;
            using T = std::decay_t<decltype(value)>;
            bool ok = false;
            if constexpr (std::is_same_v<T, QString>) {
                value = text;
            } else if constexpr (std::is_same_v<T, bool>) {
                if (text == u"1"_s || text == u"0"_s)
                    value = text == u"1"_s;
            } else if constexpr (std::is_same_v<T, quint16>) {
                const ushort number = text.toUShort(&ok);
                if (ok)
                    value = number;
            } else {
                const int number = text.toInt(&ok);
                if (ok && (!setting.positive || number > 0))
                    value = number;
            }
        },
        setting.member);
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

template <typename Work> bool Database::inTransaction(const QString &what, Work &&work)
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

// ---- virtual hosts ----------------------------------------------------------

QList<model::VirtualHost> Database::virtualHosts()
{
    QList<model::VirtualHost> hosts;
    QString error;
    if (ensureOpen()
        && !(HostTable::readAll(connection(), &hosts, &error)
            && HostSettingsTable::readInto(connection(), &hosts, &error))) {
        fail(error, {});
        hosts.clear();
    }
    return hosts;
}

bool Database::saveVirtualHost(model::VirtualHost &host)
{
    if (!ensureOpen())
        return false;
    model::VirtualHost normalised = host;
    QString error;
    if (!HostTable::normalise(normalised, &error) || !HostSettingsTable::normalise(normalised, &error))
        return fail(error, {});
    const bool saved = inTransaction(
        u"Cannot save the virtual host \"%1\""_s.arg(normalised.hostName), [&](QString *error) {
            return HostTable::write(connection(), normalised, error)
                && HostSettingsTable::write(connection(), normalised, error);
        });
    if (saved)
        host = normalised;
    return saved;
}

bool Database::removeVirtualHost(qint64 id)
{
    QString error;
    return ensureOpen() && (HostTable::remove(connection(), id, &error) || fail(error, {}));
}

// ---- settings ---------------------------------------------------------------

QString Database::setting(const QString &key, const QString &fallback)
{
    if (!ensureOpen())
        return fallback;
    QSqlQuery query(connection());
    query.prepare(u"SELECT value FROM settings WHERE key = :key"_s);
    query.bindValue(u":key"_s, key);
    if (!query.exec()) {
        fail(u"Cannot read the setting %1"_s.arg(key), query.lastError().text());
        return fallback;
    }
    return query.next() ? query.value(u"value"_s).toString() : fallback;
}

bool Database::setSetting(const QString &key, const QString &value)
{
    if (!ensureOpen())
        return false;
    QSqlQuery query(connection());
    query.prepare(u"INSERT INTO settings (key, value) VALUES (:key, :value) "
                  "ON CONFLICT (key) DO UPDATE SET value = excluded.value"_s);
    query.bindValue(u":key"_s, key);
    // A null QString binds as NULL, which the NOT NULL column refuses: empty is ''.
    query.bindValue(u":value"_s, value.isNull() ? u""_s : value);
    return query.exec() || fail(u"Cannot save the setting %1"_s.arg(key), query.lastError().text());
}

model::ServerConfig Database::serverConfig()
{
    model::ServerConfig config;
    const model::ServerConfig defaults;
    for (const ServerSetting &entry : kServerSettings)
        readSetting(config, entry, setting(entry.key, settingText(defaults, entry)));
    return config;
}

bool Database::saveServerConfig(const model::ServerConfig &config)
{
    return ensureOpen() && inTransaction(u"Cannot save the server settings"_s, [&](QString *error) {
        for (const ServerSetting &entry : kServerSettings) {
            if (!setSetting(entry.key, settingText(config, entry))) {
                *error = m_lastError;
                return false;
            }
        }
        return true;
    });
}

// ---- runs -------------------------------------------------------------------

qint64 Database::saveRun(const model::BenchParameters &parameters, const model::RunSummary &summary,
    const QList<model::BenchSample> &samples, const model::LatencyHistogram *histogram)
{
    qint64 runId = 0;
    const bool saved = ensureOpen() && inTransaction(u"Cannot save the run"_s, [&](QString *error) {
        runId = RunTable::insert(connection(), parameters, summary, samples, histogram, error);
        return runId != 0;
    });
    return saved ? runId : 0;
}

qint64 Database::beginRun(const model::BenchParameters &parameters, qint64 startedAtMs)
{
    qint64 runId = 0;
    const bool saved = ensureOpen() && inTransaction(u"Cannot save the run"_s, [&](QString *error) {
        runId = RunTable::begin(connection(), parameters, startedAtMs, error);
        return runId != 0;
    });
    return saved ? runId : 0;
}

bool Database::appendSamples(qint64 runId, const QList<model::BenchSample> &samples)
{
    return ensureOpen() && inTransaction(u"Cannot save the samples of the run"_s, [&](QString *error) {
        return RunTable::appendSamples(connection(), runId, samples, error);
    });
}

bool Database::finishRun(
    qint64 runId, const model::RunSummary &summary, const model::LatencyHistogram *histogram)
{
    return ensureOpen() && inTransaction(u"Cannot save the run"_s, [&](QString *error) {
        return RunTable::finish(connection(), runId, summary, histogram, error);
    });
}

QList<StoredRun> Database::runs(int limit)
{
    QList<StoredRun> runs;
    QString error;
    if (ensureOpen() && !RunTable::select(connection(), 0, limit, &runs, &error))
        fail(error, {});
    return runs;
}

std::optional<StoredRun> Database::run(qint64 id)
{
    QList<StoredRun> runs;
    QString error;
    if (!ensureOpen())
        return std::nullopt;
    if (!RunTable::select(connection(), id, 1, &runs, &error)) {
        fail(error, {});
        return std::nullopt;
    }
    if (runs.isEmpty()) {
        fail(u"There is no run with id %1"_s.arg(id), {});
        return std::nullopt;
    }
    return runs.constFirst();
}

QList<model::BenchSample> Database::samples(qint64 runId)
{
    QList<model::BenchSample> samples;
    QString error;
    if (ensureOpen() && !RunTable::selectSamples(connection(), runId, &samples, &error))
        fail(error, {});
    return samples;
}

std::optional<model::LatencyHistogram> Database::histogram(qint64 runId)
{
    m_lastError.clear();
    if (!ensureOpen())
        return std::nullopt;
    bool found = false;
    std::optional<model::LatencyHistogram> histogram;
    QString error;
    if (!RunTable::selectHistogram(connection(), runId, &found, &histogram, &error)) {
        fail(error, {});
        return std::nullopt;
    }
    if (!found)
        fail(u"There is no run with id %1"_s.arg(runId), {});
    return histogram;
}

bool Database::setRunNote(qint64 id, const QString &note)
{
    QString error;
    return ensureOpen() && (RunTable::setNote(connection(), id, note, &error) || fail(error, {}));
}

bool Database::removeRun(qint64 id)
{
    QString error;
    return ensureOpen() && (RunTable::remove(connection(), id, &error) || fail(error, {}));
}

// ---- shootouts --------------------------------------------------------------

qint64 Database::beginShootout(const QJsonObject &settings, qint64 startedAtMs)
{
    qint64 id = 0;
    const bool saved = ensureOpen() && inTransaction(u"Cannot save the shootout"_s, [&](QString *error) {
        id = ShootoutTable::begin(connection(), settings, startedAtMs, error);
        return id != 0;
    });
    return saved ? id : 0;
}

bool Database::addShootoutRun(qint64 shootoutId, const model::ShootoutEntry &entry)
{
    return ensureOpen() && inTransaction(u"Cannot save a run of the shootout"_s, [&](QString *error) {
        return ShootoutTable::addRun(connection(), shootoutId, entry, error);
    });
}

bool Database::finishShootout(qint64 shootoutId, const QJsonObject &notes)
{
    return ensureOpen() && inTransaction(u"Cannot save the shootout"_s, [&](QString *error) {
        return ShootoutTable::finish(connection(), shootoutId, notes, error);
    });
}

QList<StoredShootout> Database::shootouts(int limit)
{
    QList<StoredShootout> shootouts;
    QString error;
    if (ensureOpen() && !ShootoutTable::select(connection(), 0, limit, &shootouts, &error))
        fail(error, {});
    return shootouts;
}

std::optional<StoredShootout> Database::shootout(qint64 id)
{
    m_lastError.clear();
    QList<StoredShootout> shootouts;
    QString error;
    if (!ensureOpen())
        return std::nullopt;
    if (!ShootoutTable::select(connection(), id, 1, &shootouts, &error)) {
        fail(error, {});
        return std::nullopt;
    }
    if (shootouts.isEmpty()) {
        fail(u"There is no shootout with id %1"_s.arg(id), {});
        return std::nullopt;
    }
    return shootouts.constFirst();
}

bool Database::removeShootout(qint64 id)
{
    return ensureOpen() && inTransaction(u"Cannot remove shootout %1"_s.arg(id), [&](QString *error) {
        return ShootoutTable::remove(connection(), id, error);
    });
}

} // namespace hostbench::storage
