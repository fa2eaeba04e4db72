#include "storage/PhpTable.h"

#include "storage/SqlColumn.h"

#include <QHash>
#include <QSqlQuery>
#include <QVariant>

namespace hostbench::storage {

using namespace Qt::StringLiterals;
using namespace sql;

namespace {

namespace phpTable {
const QString name = u"php_settings"_s;
const Column hostId = column(u"host_id"_s);
const Column address = column(u"address"_s);
const Column pathPrefix = column(u"path_prefix"_s);
const Column frontController = column(u"front_controller"_s);
const Column timeoutMs = column(u"timeout_ms"_s);
} // namespace phpTable

// The stored timeout: an integer in PhpSettings' range, else nullopt.
std::optional<int> storedTimeout(const QVariant &value)
{
    // SQLite hands back an integer as one; text or a real stays what it is.
    const bool isInteger = value.typeId() == QMetaType::LongLong || value.typeId() == QMetaType::Int;
    const qlonglong ms = value.toLongLong();
    if (!isInteger || ms < model::PhpSettings::kMinTimeoutMs || ms > model::PhpSettings::kMaxTimeoutMs)
        return std::nullopt;
    return int(ms);
}

// One php_settings row as it was stored, or false with a sentence naming the
// site, the column and the value: nothing the engine cannot use is read.
bool readRow(const QSqlQuery &query, const Fields &field, const QString &hostName, model::PhpSettings *php,
    QString *error)
{
    namespace p = phpTable;
    const QString where = u"The stored PHP settings of \"%1\""_s.arg(hostName);
    const QVariant timeout = query.value(field(p::timeoutMs));
    const std::optional<int> timeoutMs = storedTimeout(timeout);
    if (!timeoutMs) {
        *error = u"%1: its timeout_ms \"%2\" is not a whole number of milliseconds from %3 to %4"_s.arg(where,
            timeout.toString(), QString::number(model::PhpSettings::kMinTimeoutMs),
            QString::number(model::PhpSettings::kMaxTimeoutMs));
        return false;
    }
    model::PhpSettings read;
    read.address = query.value(field(p::address)).toString();
    read.pathPrefix = query.value(field(p::pathPrefix)).toString();
    read.frontController = query.value(field(p::frontController)).toInt() == 1;
    read.timeoutMs = *timeoutMs;
    const QString problem = model::PhpCheck::check(read);
    if (!problem.isEmpty()) {
        *error = u"%1 (address \"%2\", path_prefix \"%3\"): %4"_s.arg(
            where, read.address, read.pathPrefix, problem);
        return false;
    }
    *php = read;
    return true;
}

} // namespace

bool PhpTable::normalise(model::VirtualHost &host, QString *error)
{
    host.php.address = host.php.address.trimmed();
    host.php.pathPrefix = host.php.pathPrefix.trimmed();
    const QString problem = model::PhpCheck::check(host.php);
    if (problem.isEmpty())
        return true;
    *error = u"The PHP settings of \"%1\": %2"_s.arg(host.hostName, problem);
    return false;
}

bool PhpTable::readInto(const QSqlDatabase &db, QList<model::VirtualHost> *hosts, QString *error)
{
    QHash<qint64, qsizetype> index;
    for (qsizetype i = 0; i < hosts->size(); ++i)
        index.insert(hosts->at(i).id, i);
    namespace p = phpTable;
    QSqlQuery query(db);
    if (!query.exec(
            select(p::name, { p::hostId, p::address, p::pathPrefix, p::frontController, p::timeoutMs })))
        return fail(u"Cannot read the sites' PHP settings"_s, query, error);
    const Fields field(query);
    while (query.next()) {
        const auto found = index.constFind(query.value(field(p::hostId)).toLongLong());
        if (found == index.constEnd())
            continue;
        model::VirtualHost &host = (*hosts)[*found];
        if (!readRow(query, field, host.hostName, &host.php, error))
            return false;
    }
    return true;
}

bool PhpTable::write(const QSqlDatabase &db, const model::VirtualHost &host, QString *error)
{
    namespace p = phpTable;
    const QString failure = u"Cannot save the PHP settings of \"%1\""_s.arg(host.hostName);
    QSqlQuery query(db);
    query.prepare(
        u"DELETE FROM "_s + p::name + u" WHERE "_s + p::hostId.name + u" = "_s + p::hostId.placeholder);
    query.bindValue(p::hostId.placeholder, host.id);
    if (!query.exec())
        return fail(failure, query, error);
    const model::PhpSettings &php = host.php;
    if (php == model::PhpSettings())
        return true;
    const ColumnValues row { { p::hostId, QVariant(host.id) }, { p::address, text(php.address) },
        { p::pathPrefix, text(php.pathPrefix) }, { p::frontController, QVariant(int(php.frontController)) },
        { p::timeoutMs, QVariant(php.timeoutMs) } };
    query.prepare(insert(p::name, row));
    bindAll(query, row);
    return query.exec() || fail(failure, query, error);
}

} // namespace hostbench::storage
