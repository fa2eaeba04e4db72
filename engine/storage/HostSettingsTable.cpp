#include "storage/HostSettingsTable.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace hostbench::storage {

using namespace Qt::StringLiterals;

namespace {

bool failQuery(const QString &what, const QSqlQuery &query, QString *error)
{
    *error = what + u": "_s + query.lastError().text();
    return false;
}

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
    return true;
}

bool HostSettingsTable::readInto(const QSqlDatabase &db, QList<model::VirtualHost> *hosts, QString *error)
{
    QHash<qint64, qsizetype> indexById;
    for (qsizetype i = 0; i < hosts->size(); ++i)
        indexById.insert(hosts->at(i).id, i);
    QSqlQuery query(db);
    if (!query.exec(
            u"SELECT host_id, index_files, directory_listing, follow_symlinks, max_request_line_bytes, "
            "max_header_bytes, max_header_fields, max_body_bytes, access_log_enabled, access_log_path, "
            "error_log_enabled, error_log_path, log_rotate_bytes, log_rotate_keep, log_load_generator, "
            "serve_hidden_files FROM host_settings"_s))
        return failQuery(u"Cannot read the virtual host settings"_s, query, error);
    while (query.next()) {
        const auto found = indexById.constFind(query.value(0).toLongLong());
        if (found == indexById.constEnd())
            continue;
        model::VirtualHost &host = (*hosts)[*found];
        host.indexFiles = indexFilesFromJson(query.value(1).toString());
        host.directoryListing = query.value(2).toBool();
        host.followSymlinks = query.value(3).toBool();
        host.limits.maxRequestLineBytes = query.value(4).toInt();
        host.limits.maxHeaderBytes = query.value(5).toInt();
        host.limits.maxHeaderFields = query.value(6).toInt();
        host.limits.maxBodyBytes = query.value(7).toLongLong();
        host.accessLogEnabled = query.value(8).toBool();
        host.accessLogPath = query.value(9).toString();
        host.errorLogEnabled = query.value(10).toBool();
        host.errorLogPath = query.value(11).toString();
        host.logRotateBytes = query.value(12).toLongLong();
        host.logRotateKeep = query.value(13).toInt();
        host.logLoadGenerator = query.value(14).toBool();
        host.serveHiddenFiles = query.value(15).toBool();
    }
    if (!query.exec(u"SELECT host_id, status, path FROM error_pages ORDER BY host_id, status"_s))
        return failQuery(u"Cannot read the error pages"_s, query, error);
    while (query.next()) {
        const auto found = indexById.constFind(query.value(0).toLongLong());
        if (found != indexById.constEnd())
            (*hosts)[*found].errorPages.insert(query.value(1).toInt(), query.value(2).toString());
    }
    return true;
}

bool HostSettingsTable::write(const QSqlDatabase &db, const model::VirtualHost &host, QString *error)
{
    const QString failure = u"Cannot save the settings of \"%1\""_s.arg(host.hostName);
    QSqlQuery query(db);
    query.prepare(
        u"INSERT OR REPLACE INTO host_settings (host_id, index_files, directory_listing, "
        "follow_symlinks, max_request_line_bytes, max_header_bytes, max_header_fields, max_body_bytes, "
        "access_log_enabled, access_log_path, error_log_enabled, error_log_path, log_rotate_bytes, "
        "log_rotate_keep, log_load_generator, serve_hidden_files) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
        "?, ?, "
        "?, ?, ?)"_s);
    for (const QVariant &value :
        { QVariant(host.id), QVariant(indexFilesJson(host.indexFiles)), QVariant(int(host.directoryListing)),
            QVariant(int(host.followSymlinks)), QVariant(host.limits.maxRequestLineBytes),
            QVariant(host.limits.maxHeaderBytes), QVariant(host.limits.maxHeaderFields),
            QVariant(host.limits.maxBodyBytes), QVariant(int(host.accessLogEnabled)),
            QVariant(host.accessLogPath.isNull() ? u""_s : host.accessLogPath),
            QVariant(int(host.errorLogEnabled)),
            QVariant(host.errorLogPath.isNull() ? u""_s : host.errorLogPath), QVariant(host.logRotateBytes),
            QVariant(host.logRotateKeep), QVariant(int(host.logLoadGenerator)),
            QVariant(int(host.serveHiddenFiles)) })
        query.addBindValue(value);
    if (!query.exec())
        return failQuery(failure, query, error);
    query.prepare(u"DELETE FROM error_pages WHERE host_id = ?"_s);
    query.addBindValue(host.id);
    if (!query.exec())
        return failQuery(failure, query, error);
    query.prepare(u"INSERT INTO error_pages (host_id, status, path) VALUES (?, ?, ?)"_s);
    for (auto it = host.errorPages.cbegin(); it != host.errorPages.cend(); ++it) {
        query.addBindValue(host.id);
        query.addBindValue(it.key());
        query.addBindValue(it.value());
        if (!query.exec())
            return failQuery(failure, query, error);
    }
    return true;
}

} // namespace hostbench::storage
