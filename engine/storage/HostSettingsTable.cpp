#include "storage/HostSettingsTable.h"

#include "storage/SqlColumn.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace hostbench::storage {

using namespace Qt::StringLiterals;
using namespace sql;

namespace {

// The tables' columns (Schema), named once.
namespace settingsTable {
const QString name = u"host_settings"_s;
const Column hostId = column(u"host_id"_s);
const Column indexFiles = column(u"index_files"_s);
const Column directoryListing = column(u"directory_listing"_s);
const Column followSymlinks = column(u"follow_symlinks"_s);
const Column maxRequestLineBytes = column(u"max_request_line_bytes"_s);
const Column maxHeaderBytes = column(u"max_header_bytes"_s);
const Column maxHeaderFields = column(u"max_header_fields"_s);
const Column maxBodyBytes = column(u"max_body_bytes"_s);
const Column accessLogEnabled = column(u"access_log_enabled"_s);
const Column accessLogPath = column(u"access_log_path"_s);
const Column errorLogEnabled = column(u"error_log_enabled"_s);
const Column errorLogPath = column(u"error_log_path"_s);
const Column logRotateBytes = column(u"log_rotate_bytes"_s);
const Column logRotateKeep = column(u"log_rotate_keep"_s);
const Column logLoadGenerator = column(u"log_load_generator"_s);
const Column serveHiddenFiles = column(u"serve_hidden_files"_s);
const Column tlsCertificatePath = column(u"tls_certificate_path"_s);
const Column tlsKeyPath = column(u"tls_key_path"_s);
const Column tlsRedirect = column(u"tls_redirect"_s);
const Column hstsMaxAge = column(u"hsts_max_age_s"_s);
} // namespace settingsTable

namespace errorPagesTable {
const QString name = u"error_pages"_s;
const Column hostId = column(u"host_id"_s);
const Column status = column(u"status"_s);
const Column path = column(u"path"_s);
} // namespace errorPagesTable

QString indexFilesJson(const QStringList &names)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(names)).toJson(QJsonDocument::Compact));
}

QStringList indexFilesFromJson(const QString &json)
{
    QStringList names;
    for (const QJsonValue &value : QJsonDocument::fromJson(json.toUtf8()).array())
        names.append(value.toString());
    return names;
}

// One host_settings row: what write() stores and readInto() reads back.
ColumnValues settingsColumns(const model::VirtualHost &host)
{
    namespace t = settingsTable;
    return { { t::hostId, QVariant(host.id) }, { t::indexFiles, QVariant(indexFilesJson(host.indexFiles)) },
        { t::directoryListing, QVariant(int(host.directoryListing)) },
        { t::followSymlinks, QVariant(int(host.followSymlinks)) },
        { t::maxRequestLineBytes, QVariant(host.limits.maxRequestLineBytes) },
        { t::maxHeaderBytes, QVariant(host.limits.maxHeaderBytes) },
        { t::maxHeaderFields, QVariant(host.limits.maxHeaderFields) },
        { t::maxBodyBytes, QVariant(host.limits.maxBodyBytes) },
        { t::accessLogEnabled, QVariant(int(host.accessLogEnabled)) },
        { t::accessLogPath, text(host.accessLogPath) },
        { t::errorLogEnabled, QVariant(int(host.errorLogEnabled)) },
        { t::errorLogPath, text(host.errorLogPath) }, { t::logRotateBytes, QVariant(host.logRotateBytes) },
        { t::logRotateKeep, QVariant(host.logRotateKeep) },
        { t::logLoadGenerator, QVariant(int(host.logLoadGenerator)) },
        { t::serveHiddenFiles, QVariant(int(host.serveHiddenFiles)) },
        { t::tlsCertificatePath, text(host.tls.certificatePath) }, { t::tlsKeyPath, text(host.tls.keyPath) },
        { t::tlsRedirect, QVariant(int(host.tls.redirectToHttps)) },
        { t::hstsMaxAge, QVariant(host.tls.hstsMaxAgeSeconds) } };
}

QList<Column> columnsOf(const ColumnValues &values)
{
    QList<Column> columns;
    for (const auto &value : values)
        columns.append(value.first);
    return columns;
}

} // namespace

bool HostSettingsTable::normalise(model::VirtualHost &host, QString *error)
{
    QStringList names;
    for (const QString &name : std::as_const(host.indexFiles)) {
        const QString trimmed = name.trimmed();
        if (trimmed.isEmpty() || names.contains(trimmed))
            continue;
        if (trimmed.contains(u'/') || trimmed == u"."_s || trimmed == u".."_s) {
            *error
                = u"The index file \"%1\" of \"%2\" must be a plain file name"_s.arg(trimmed, host.hostName);
            return false;
        }
        names.append(trimmed);
    }
    host.indexFiles = names;
    for (auto it = host.errorPages.begin(); it != host.errorPages.end(); ++it) {
        it.value() = it.value().trimmed();
        if (it.key() < 400 || it.key() > 599 || !it.value().startsWith(u'/')) {
            *error = u"The error page for %1 of \"%2\" must be a path starting with / for a status 400-599"_s
                         .arg(it.key())
                         .arg(host.hostName);
            return false;
        }
    }
    const model::RequestLimits &limits = host.limits;
    if (limits.maxRequestLineBytes <= 0 || limits.maxHeaderBytes <= 0 || limits.maxHeaderFields <= 0
        || limits.maxBodyBytes < 0) {
        *error = u"The request limits of \"%1\" must be positive"_s.arg(host.hostName);
        return false;
    }
    if (host.logRotateBytes < 0 || host.logRotateKeep < 0) {
        *error = u"The log rotation of \"%1\" cannot be negative"_s.arg(host.hostName);
        return false;
    }
    host.accessLogPath = host.accessLogPath.trimmed();
    host.errorLogPath = host.errorLogPath.trimmed();
    host.tls.certificatePath = host.tls.certificatePath.trimmed();
    host.tls.keyPath = host.tls.keyPath.trimmed();
    return true;
}

bool HostSettingsTable::readInto(const QSqlDatabase &db, QList<model::VirtualHost> *hosts, QString *error)
{
    QHash<qint64, qsizetype> indexById;
    for (qsizetype i = 0; i < hosts->size(); ++i)
        indexById.insert(hosts->at(i).id, i);
    QSqlQuery query(db);
    namespace t = settingsTable;
    if (!query.exec(select(t::name, columnsOf(settingsColumns({})))))
        return fail(u"Cannot read the virtual host settings"_s, query, error);
    {
        const Fields field(query);
        const auto value = [&](const Column &column) { return query.value(field(column)); };
        while (query.next()) {
            const auto found = indexById.constFind(value(t::hostId).toLongLong());
            if (found == indexById.constEnd())
                continue;
            model::VirtualHost &host = (*hosts)[*found];
            host.indexFiles = indexFilesFromJson(value(t::indexFiles).toString());
            host.directoryListing = value(t::directoryListing).toBool();
            host.followSymlinks = value(t::followSymlinks).toBool();
            host.limits.maxRequestLineBytes = value(t::maxRequestLineBytes).toInt();
            host.limits.maxHeaderBytes = value(t::maxHeaderBytes).toInt();
            host.limits.maxHeaderFields = value(t::maxHeaderFields).toInt();
            host.limits.maxBodyBytes = value(t::maxBodyBytes).toLongLong();
            host.accessLogEnabled = value(t::accessLogEnabled).toBool();
            host.accessLogPath = value(t::accessLogPath).toString();
            host.errorLogEnabled = value(t::errorLogEnabled).toBool();
            host.errorLogPath = value(t::errorLogPath).toString();
            host.logRotateBytes = value(t::logRotateBytes).toLongLong();
            host.logRotateKeep = value(t::logRotateKeep).toInt();
            host.logLoadGenerator = value(t::logLoadGenerator).toBool();
            host.serveHiddenFiles = value(t::serveHiddenFiles).toBool();
            host.tls.certificatePath = value(t::tlsCertificatePath).toString();
            host.tls.keyPath = value(t::tlsKeyPath).toString();
            host.tls.redirectToHttps = value(t::tlsRedirect).toBool();
            host.tls.hstsMaxAgeSeconds = value(t::hstsMaxAge).toLongLong();
        }
    }
    namespace e = errorPagesTable;
    if (!query.exec(select(e::name, { e::hostId, e::status, e::path }) + u"ORDER BY "_s + e::hostId.name
            + u", "_s + e::status.name))
        return fail(u"Cannot read the error pages"_s, query, error);
    const Fields field(query);
    while (query.next()) {
        const auto found = indexById.constFind(query.value(field(e::hostId)).toLongLong());
        if (found != indexById.constEnd())
            (*hosts)[*found].errorPages.insert(
                query.value(field(e::status)).toInt(), query.value(field(e::path)).toString());
    }
    return true;
}

bool HostSettingsTable::write(const QSqlDatabase &db, const model::VirtualHost &host, QString *error)
{
    const QString failure = u"Cannot save the settings of \"%1\""_s.arg(host.hostName);
    QSqlQuery query(db);
    const ColumnValues row = settingsColumns(host);
    query.prepare(insert(settingsTable::name, row, u"INSERT OR REPLACE"_s));
    bindAll(query, row);
    if (!query.exec())
        return fail(failure, query, error);
    namespace e = errorPagesTable;
    query.prepare(
        u"DELETE FROM "_s + e::name + u" WHERE "_s + e::hostId.name + u" = "_s + e::hostId.placeholder);
    query.bindValue(e::hostId.placeholder, host.id);
    if (!query.exec())
        return fail(failure, query, error);
    query.prepare(insert(e::name, { { e::hostId, {} }, { e::status, {} }, { e::path, {} } }));
    for (auto it = host.errorPages.cbegin(); it != host.errorPages.cend(); ++it) {
        bindAll(query,
            { { e::hostId, QVariant(host.id) }, { e::status, QVariant(it.key()) },
                { e::path, QVariant(it.value()) } });
        if (!query.exec())
            return fail(failure, query, error);
    }
    return true;
}

} // namespace hostbench::storage
