#include "storage/RunReader.h"

#include <QFileInfo>
#include <QMetaObject>

namespace hostbench::storage {

RunReader::RunReader(QObject *parent)
    : QObject(parent)
{
    m_thread.setObjectName(QStringLiteral("hostbench run reader"));
}

RunReader::~RunReader()
{
    if (!m_thread.isRunning())
        return;
    // After the reads queued before it; a QSqlDatabase connection is closed
    // on the thread that opened it.
    QMetaObject::invokeMethod(
        m_context, [this] { m_database.reset(); }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
    delete m_context;
}

bool RunReader::open(const QString &filePath, QString *error)
{
    if (m_database)
        return true;
    // It reads the caller's database: never a new one where that is not.
    if (!QFileInfo(filePath).isFile()) {
        *error = QStringLiteral("There is no database at %1").arg(filePath);
        return false;
    }
    if (!m_context) {
        m_context = new QObject;
        m_context->moveToThread(&m_thread);
        m_thread.start();
    }
    QString failure;
    QMetaObject::invokeMethod(
        m_context,
        [this, &filePath, &failure] {
            auto database = std::make_unique<Database>();
            if (database->open(filePath)) {
                m_database = std::move(database);
                return;
            }
            failure = database->lastError().isEmpty() ? QStringLiteral("cannot open ") + filePath
                                                      : database->lastError();
        },
        Qt::BlockingQueuedConnection);
    if (failure.isEmpty())
        return true;
    *error = failure;
    return false;
}

quint64 RunReader::readRuns(int limit)
{
    const quint64 ticket = ++m_lastTicket;
    if (!m_database) {
        QMetaObject::invokeMethod(
            this, [this, ticket] { emit runsRead(ticket, {}, QStringLiteral("The run list is not open")); },
            Qt::QueuedConnection);
        return ticket;
    }
    QMetaObject::invokeMethod(m_context, [this, ticket, limit] {
        // Database::runs() sets lastError() only when it fails.
        const QString before = m_database->lastError();
        const QList<StoredRun> runs = m_database->runs(limit);
        const QString error = m_database->lastError() != before ? m_database->lastError() : QString();
        // Emitted on the owner's thread; dropped if the reader is gone by then.
        QMetaObject::invokeMethod(
            this, [this, ticket, runs, error] { emit runsRead(ticket, runs, error); }, Qt::QueuedConnection);
    });
    return ticket;
}

void RunReader::perform(std::function<void(Database &)> work, std::function<void()> done)
{
    if (!m_database) {
        QMetaObject::invokeMethod(this, std::move(done), Qt::QueuedConnection);
        return;
    }
    QMetaObject::invokeMethod(m_context, [this, work = std::move(work), done = std::move(done)]() mutable {
        work(*m_database);
        // On the owner's thread; dropped if the reader is gone by then.
        QMetaObject::invokeMethod(this, std::move(done), Qt::QueuedConnection);
    });
}

} // namespace hostbench::storage
