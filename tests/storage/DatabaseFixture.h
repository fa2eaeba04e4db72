#pragma once

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QTemporaryDir>
#include <QVariant>

#include <memory>

/*
 * What the Database tests share (tst_database, tst_databaseruns,
 * tst_schemaupgrade): a fresh temporary folder per test function with the
 * file's path in it, and a raw SQLite connection for what Database does not
 * expose. A base next to QObject, not a QObject itself. Thread: the test's.
 */
class DatabaseFixture
{
protected:
    // Call from the test's init(): false when no folder could be made.
    bool makeFolder()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        return m_dir->isValid();
    }
    QString path() const { return m_dir->filePath(QStringLiteral("test.sqlite")); }

    // The first column of the first row of `sql`, run on a separate raw
    // connection to `file` (closed again); invalid on any error.
    static QVariant rawQuery(const QString &file, const QString &sql)
    {
        const QString name = QStringLiteral("raw");
        QVariant result;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
            db.setDatabaseName(file);
            if (db.open()) {
                QSqlQuery query(db);
                if (query.exec(sql) && query.next())
                    result = query.value(0);
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(name);
        return result;
    }
    QVariant rawQuery(const QString &sql) const { return rawQuery(path(), sql); }

    std::unique_ptr<QTemporaryDir> m_dir;
};
