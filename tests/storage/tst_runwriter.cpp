// storage::RunWriter: a run's samples and end written on a thread of its own
// with its own connection to the same SQLite file, in the order given, while
// the caller's connection reads; failures reported by stored(), never lost
// silently; what is queued when it is destroyed is still written. A real
// SQLite file (WAL), real threads.
#include "DatabaseFixture.h"
#include "storage/Database.h"
#include "storage/RunWriter.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace hostbench;

class TestRunWriter final : public QObject, private DatabaseFixture
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(makeFolder()); }
    void storesInOrderWhileTheCallerReads();
    void appendFailureIsReportedAtTheEnd();
    void queuedWritesSurviveDestruction();
    void unopenableFileIsAnError();
    void anotherProcessLeavesTheWal();

private:
    static model::BenchSample sample(int index);
};

model::BenchSample TestRunWriter::sample(int index)
{
    model::BenchSample s;
    s.index = index;
    s.elapsedMs = (index + 1) * 100;
    s.intervalMs = 100;
    s.completed = 10 + quint64(index);
    s.bytes = 1000;
    s.p50Us = 100;
    s.p99Us = 900;
    s.maxUs = 1000;
    return s;
}

void TestRunWriter::storesInOrderWhileTheCallerReads()
{
    storage::Database db;
    QVERIFY2(db.open(path()), qPrintable(db.lastError()));
    model::BenchParameters parameters;
    parameters.url = u"http://127.0.0.1:8080/"_s;
    const qint64 runId = db.beginRun(parameters, 1000);
    QVERIFY(runId != 0);

    storage::RunWriter writer;
    QString error;
    QVERIFY2(writer.open(path(), &error), qPrintable(error));
    QSignalSpy stored(&writer, &storage::RunWriter::stored);
    quint64 completed = 0;
    for (int i = 0; i < 50; ++i) {
        writer.appendSamples(runId, { sample(i) });
        completed += sample(i).completed;
        // The caller's connection reads meanwhile (the Runs page): never refused.
        QVERIFY2(db.run(runId).has_value(), qPrintable(db.lastError()));
    }
    model::RunSummary summary;
    summary.completed = completed;
    summary.timeTakenSec = 5;
    writer.finishRun(runId, summary, model::LatencyHistogram());
    QTRY_COMPARE(stored.count(), 1); // delivered on this thread's event loop
    QCOMPARE(stored.at(0).at(0).toLongLong(), runId);
    QCOMPARE(stored.at(0).at(1).toString(), QString());

    const QList<model::BenchSample> samples = db.samples(runId);
    QCOMPARE(samples.size(), 50);
    for (int i = 0; i < 50; ++i)
        QCOMPARE(samples.at(i).index, i);
    const std::optional<storage::StoredRun> run = db.run(runId);
    QVERIFY(run && run->finished);
    QCOMPARE(run->summary.completed, completed);
}

void TestRunWriter::appendFailureIsReportedAtTheEnd()
{
    storage::Database db;
    QVERIFY2(db.open(path()), qPrintable(db.lastError()));
    storage::RunWriter writer;
    QString error;
    QVERIFY2(writer.open(path(), &error), qPrintable(error));
    QSignalSpy stored(&writer, &storage::RunWriter::stored);
    // No such run: the samples' foreign key refuses them.
    const qint64 missing = 4242;
    writer.appendSamples(missing, { sample(0) });
    writer.appendSamples(missing, { sample(1) });
    writer.finishRun(missing, model::RunSummary(), model::LatencyHistogram());
    QTRY_COMPARE(stored.count(), 1);
    QCOMPARE(stored.at(0).at(0).toLongLong(), missing);
    QVERIFY2(!stored.at(0).at(1).toString().isEmpty(), "a failed write was not reported");
    QVERIFY(db.samples(missing).isEmpty());
}

void TestRunWriter::queuedWritesSurviveDestruction()
{
    storage::Database db;
    QVERIFY2(db.open(path()), qPrintable(db.lastError()));
    const qint64 runId = db.beginRun(model::BenchParameters(), 1000);
    QVERIFY(runId != 0);
    {
        storage::RunWriter writer;
        QString error;
        QVERIFY2(writer.open(path(), &error), qPrintable(error));
        for (int i = 0; i < 200; ++i)
            writer.appendSamples(runId, { sample(i) });
    } // the window closing with a run's last samples queued
    QCOMPARE(db.samples(runId).size(), 200);
}

void TestRunWriter::unopenableFileIsAnError()
{
    storage::RunWriter writer;
    QString error;
    const QString missing = m_dir->filePath(u"no/such/folder/x.sqlite"_s);
    QVERIFY(!writer.open(missing, &error));
    QVERIFY2(error.contains(missing), qPrintable(error));
    QVERIFY(!writer.isOpen());
    QVERIFY(!QFileInfo::exists(missing)); // none made

    // Not a database: Database's own reason, and the file left as it was.
    QFile text(path());
    QVERIFY(text.open(QIODevice::WriteOnly));
    text.write(QByteArray(4096, 'x'));
    text.close();
    error.clear();
    QVERIFY(!writer.open(path(), &error));
    QVERIFY2(!error.isEmpty(), "no reason given");
    QVERIFY(!writer.isOpen());
    QCOMPARE(QFileInfo(path()).size(), 4096);
}

void TestRunWriter::anotherProcessLeavesTheWal()
{
    // The window holds the file twice (its own connection and the writer's);
    // another process that opens and closes it (hostbench-cli runs list)
    // must find it in use and leave the WAL alone: deleting it under the
    // window's connections corrupted the file (a tester's report). The
    // second Database::open read the file's header with a descriptor of its
    // own, and closing that dropped the first connection's POSIX locks.
    const QString python = QStandardPaths::findExecutable(u"python3"_s);
    if (python.isEmpty())
        QSKIP("python3 is not installed");
    storage::Database db;
    QVERIFY2(db.open(path()), qPrintable(db.lastError()));
    const qint64 runId = db.beginRun(model::BenchParameters(), 1000);
    QVERIFY(runId != 0);
    storage::RunWriter writer;
    QString error;
    QVERIFY2(writer.open(path(), &error), qPrintable(error));
    writer.appendSamples(runId, { sample(0) });
    QVERIFY(writer.waitForIdle(10'000));
    QVERIFY(QFileInfo::exists(path() + u"-wal"_s));
    QProcess other;
    other.start(python,
        { u"-c"_s,
            u"import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('select count(*) from runs').fetchall(); c.close()"_s,
            path() });
    QVERIFY(other.waitForFinished(20'000));
    QCOMPARE(other.exitCode(), 0);
    QVERIFY2(QFileInfo::exists(path() + u"-wal"_s),
        "the other process deleted the WAL under two open connections");
    writer.appendSamples(runId, { sample(1) });
    QVERIFY(writer.waitForIdle(10'000));
    QCOMPARE(db.samples(runId).size(), 2);
}

QTEST_MAIN(TestRunWriter)
#include "tst_runwriter.moc"
