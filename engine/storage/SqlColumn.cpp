#include "storage/SqlColumn.h"

#include <QSqlError>
#include <QStringList>

namespace hostbench::storage::sql {

using namespace Qt::StringLiterals;

Column column(const QString &name)
{
    return { name, u':' + name };
}

QString names(const QList<Column> &columns)
{
    QStringList list;
    for (const Column &column : columns)
        list.append(column.name);
    return list.join(u", "_s);
}

QString names(const ColumnValues &columns)
{
    QStringList list;
    for (const auto &column : columns)
        list.append(column.first.name);
    return list.join(u", "_s);
}

QString placeholders(const ColumnValues &columns)
{
    QStringList list;
    for (const auto &column : columns)
        list.append(column.first.placeholder);
    return list.join(u", "_s);
}

QString assignments(const ColumnValues &columns)
{
    QStringList list;
    for (const auto &column : columns)
        list.append(column.first.name + u" = "_s + column.first.placeholder);
    return list.join(u", "_s);
}

QString insert(const QString &table, const ColumnValues &columns, const QString &verb)
{
    return verb + u" INTO "_s + table + u" ("_s + names(columns) + u") VALUES ("_s + placeholders(columns)
        + u')';
}

QString select(const QString &table, const QList<Column> &columns)
{
    return u"SELECT "_s + names(columns) + u" FROM "_s + table + u' ';
}

void bindAll(QSqlQuery &query, const ColumnValues &columns)
{
    for (const auto &[column, value] : columns)
        query.bindValue(column.placeholder, value);
}

QVariant integer(quint64 value)
{
    return QVariant(qint64(value));
}

QVariant text(const QString &value)
{
    return QVariant(value.isNull() ? QString(u""_s) : value);
}

QVariant blob(const QByteArray &value)
{
    return QVariant(value.isNull() ? QByteArray("") : value);
}

bool fail(const QString &what, const QSqlQuery &query, QString *error)
{
    *error = what + u": "_s + query.lastError().text();
    return false;
}

} // namespace hostbench::storage::sql
