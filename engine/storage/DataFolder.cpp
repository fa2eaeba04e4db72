#include "storage/DataFolder.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace hostbench::storage {

using namespace Qt::StringLiterals;

namespace {

const QString kDatabaseFile = u"hostbench.sqlite"_s;
const QString kDefaultSiteDir = u"sites/default"_s;
const QString kLogsDir = u"logs"_s;
const QString kWelcomePage = u":/hostbench/site/index.html"_s;
const QString kSeededKey = u"seeded"_s;

// Copies the welcome page unless the folder already has an index.html:
// the user's own page always wins.
bool writeWelcomePage(const QString &documentRoot, QString *error)
{
    if (!QDir().mkpath(documentRoot)) {
        *error = u"Cannot create the folder %1"_s.arg(documentRoot);
        return false;
    }
    const QString target = QDir(documentRoot).filePath(u"index.html"_s);
    if (QFileInfo::exists(target))
        return true;
    QFile source(kWelcomePage);
    if (!source.open(QIODevice::ReadOnly)) {
        *error = u"The welcome page %1 is missing from this build"_s.arg(kWelcomePage);
        return false;
    }
    // Read and write rather than QFile::copy, which would keep the
    // resource's read-only permissions.
    QFile page(target);
    if (!page.open(QIODevice::WriteOnly) || page.write(source.readAll()) < 0) {
        *error = u"Cannot write %1: %2"_s.arg(target, page.errorString());
        return false;
    }
    return true;
}

} // namespace

QString DataFolder::resolve(const QString &explicitDir)
{
    QString dir = explicitDir;
    if (dir.isEmpty())
        dir = qEnvironmentVariable("HOSTBENCH_DATA_DIR");
    if (dir.isEmpty()) {
        // AppDataLocation is <data>/<organization>/<application>. Without
        // those names (no executable of ours set them) it would be the bare
        // data folder, so name ours explicitly then.
        if (QCoreApplication::organizationName().isEmpty() || QCoreApplication::applicationName().isEmpty())
            dir = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
                + u"/Hostbench/hostbench"_s;
        else
            dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    }
    return QDir::cleanPath(QDir(dir).absolutePath());
}

bool DataFolder::open(const QString &explicitDir, QString *error)
{
    m_database.close();
    m_path = resolve(explicitDir);
    const QFileInfo info(m_path);
    if (info.exists() && !info.isDir()) {
        *error = u"The data folder %1 is a file, not a folder"_s.arg(m_path);
        return false;
    }
    if (!QDir().mkpath(m_path)) {
        *error = u"Cannot create the data folder %1"_s.arg(m_path);
        return false;
    }
    if (!QDir().mkpath(logsPath())) {
        *error = u"Cannot create the log folder %1"_s.arg(logsPath());
        return false;
    }
    if (!m_database.open(databasePath())) {
        *error = m_database.lastError();
        return false;
    }
    return ensureDefaultSite(error);
}

QString DataFolder::databasePath() const
{
    return QDir(m_path).filePath(kDatabaseFile);
}

QString DataFolder::copyAside(const QString &databaseFile, QString *error)
{
    if (!QFileInfo(databaseFile).isFile()) {
        *error = u"%1 is not a file"_s.arg(databaseFile);
        return {};
    }
    const QString copy
        = databaseFile + u".copy-"_s + QDateTime::currentDateTime().toString(u"yyyyMMdd-HHmmss"_s);
    for (const QString &suffix : { QString(), u"-wal"_s, u"-shm"_s }) {
        const QString from = databaseFile + suffix;
        if (!suffix.isEmpty() && !QFileInfo::exists(from))
            continue;
        QFile source(from);
        if (QFileInfo::exists(copy + suffix) || !source.copy(copy + suffix)) {
            *error = u"Cannot copy %1 to %2: %3"_s.arg(from, copy + suffix,
                QFileInfo::exists(copy + suffix) ? u"it exists"_s : source.errorString());
            return {};
        }
    }
    return copy;
}

QString DataFolder::defaultDocumentRoot() const
{
    return QDir(m_path).filePath(kDefaultSiteDir);
}

QString DataFolder::logsPath() const
{
    return QDir(m_path).filePath(kLogsDir);
}

void DataFolder::applyDefaultLogPaths(QList<model::VirtualHost> &hosts) const
{
    applyDefaultLogPaths(hosts, logsPath());
}

void DataFolder::applyDefaultLogPaths(QList<model::VirtualHost> &hosts, const QString &logsFolder)
{
    const QDir logs(logsFolder);
    for (model::VirtualHost &host : hosts) {
        // A host name is a DNS name, so it is a safe file name; guard anyway.
        QString name = host.hostName;
        name.replace(u'/', u'_');
        if (host.accessLogEnabled && host.accessLogPath.trimmed().isEmpty())
            host.accessLogPath = logs.filePath(name + u".access.log"_s);
        if (host.errorLogEnabled && host.errorLogPath.trimmed().isEmpty())
            host.errorLogPath = logs.filePath(name + u".error.log"_s);
    }
}

// Seeds once: a user who removed or renamed the default host keeps it so.
// A host still serving the default folder gets its welcome page back if the
// folder went missing.
bool DataFolder::ensureDefaultSite(QString *error)
{
    const QString root = defaultDocumentRoot();
    if (m_database.setting(kSeededKey) == u"1"_s) {
        const QList<model::VirtualHost> hosts = m_database.virtualHosts();
        for (const model::VirtualHost &host : hosts) {
            if (QDir::cleanPath(host.documentRoot) == root && !QFileInfo::exists(root))
                return writeWelcomePage(root, error);
        }
        return true;
    }
    if (!writeWelcomePage(root, error))
        return false;
    model::VirtualHost host;
    host.hostName = u"localhost"_s;
    host.documentRoot = root;
    host.isDefault = true;
    // A database that already has hosts (copied from elsewhere, say) keeps them as they are.
    if (m_database.virtualHosts().isEmpty() && !m_database.saveVirtualHost(host)) {
        *error = m_database.lastError();
        return false;
    }
    if (!m_database.setSetting(kSeededKey, u"1"_s)) {
        *error = m_database.lastError();
        return false;
    }
    return true;
}

} // namespace hostbench::storage
