#pragma once

#include <QList>
#include <QPair>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QString>
#include <QVariant>

namespace hostbench::storage::sql {

/*
 * A column of a table (Schema), named once as qBittorrent's
 * dbresumedatastorage.cpp does: statements are written with its name, values
 * bound to its placeholder (:name) and read by its name, never by position.
 * Every table class (RunTable, HostTable, HostSettingsTable, ShootoutTable)
 * declares its columns with column() and builds its statements from them.
 *
 * Plain values and functions; any thread (a QSqlQuery stays on the thread of
 * its connection).
 */
struct Column
{
    QString name;
    QString placeholder;
};

Column column(const QString &name);

// A statement's columns with the values they get.
using ColumnValues = QList<QPair<Column, QVariant>>;

// "a, b, c".
QString names(const QList<Column> &columns);
QString names(const ColumnValues &columns);
// ":a, :b, :c".
QString placeholders(const ColumnValues &columns);
// "a = :a, b = :b".
QString assignments(const ColumnValues &columns);
// "INSERT INTO table (a, b) VALUES (:a, :b)"; `verb` may be "INSERT OR REPLACE".
QString insert(
    const QString &table, const ColumnValues &columns, const QString &verb = QStringLiteral("INSERT"));
// "SELECT a, b FROM table " (a trailing space, for a WHERE or ORDER BY).
QString select(const QString &table, const QList<Column> &columns);

void bindAll(QSqlQuery &query, const ColumnValues &columns);

// SQLite integers are signed 64-bit; Qt's driver would bind quint64 as text.
QVariant integer(quint64 value);
// A null QString binds as NULL; the text columns are NOT NULL.
QVariant text(const QString &value);
// A null QByteArray binds as NULL; the blob columns are NOT NULL.
QVariant blob(const QByteArray &value);

// A result row's field by the column's name: record.indexOf() once per query.
class Fields
{
public:
    explicit Fields(const QSqlQuery &query)
        : m_record(query.record())
    { }
    int operator()(const Column &column) const { return m_record.indexOf(column.name); }

private:
    QSqlRecord m_record;
};

// Sets *error to "what: the driver's message" and returns false.
bool fail(const QString &what, const QSqlQuery &query, QString *error);

} // namespace hostbench::storage::sql
