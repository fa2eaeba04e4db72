// ShootoutReport's tables of a proxied workload (W6p, issue #24): the
// upstream measured alone is a reference line, listed with its figures but
// neither ranked nor taken as the best, in the text table, Markdown and
// JSON; a PHP workload's tables (W5, W7p, issue #25) with the PHP-FPM
// pool's CPU per request beside each server's, in every format, kept by a
// stored shootout's notes and by the progress events; and the two sites a shootout serves (Workload::makeSite
// for the files and fixed routes, makeProxySite for the proxied workloads), written into a real temporary
// folder.
#include "shootout/ServerNote.h"
#include "shootout/ShootoutEvent.h"
#include "shootout/ShootoutReport.h"
#include "shootout/Workload.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::model::ShootoutEntry;
using hostbench::shootout::ServerNote;
using hostbench::shootout::ShootoutCell;
using hostbench::shootout::ShootoutEvent;
using hostbench::shootout::ShootoutReport;
using hostbench::shootout::ShootoutWorkloadResult;
using hostbench::shootout::Workload;

namespace {

ShootoutEntry entry(const QString &server, const QString &workload, int round, double rps, double cpu)
{
    ShootoutEntry e;
    e.server = server;
    e.workload = workload;
    e.round = round;
    e.summary.requestsPerSecond = rps;
    e.summary.completed = quint64(rps);
    e.summary.latencyP50Ms = 1.0;
    e.summary.latencyP99Ms = 2.0;
    e.cpuUsPerRequest = cpu;
    return e;
}

// W6p over two rounds: nginx the best front server, the upstream alone faster than both.
QList<ShootoutWorkloadResult> w6p()
{
    const QList<ShootoutEntry> entries { entry(u"hostbench"_s, u"W6p"_s, 1, 30'000, 20),
        entry(u"upstream"_s, u"W6p"_s, 1, 90'000, 8), entry(u"nginx"_s, u"W6p"_s, 1, 40'000, 25),
        entry(u"hostbench"_s, u"W6p"_s, 2, 30'000, 20), entry(u"upstream"_s, u"W6p"_s, 2, 90'000, 8),
        entry(u"nginx"_s, u"W6p"_s, 2, 40'000, 25) };
    return ShootoutReport::aggregate(entries, { u"hostbench"_s, u"nginx"_s }, { u"W6p"_s });
}

// W5 (PHP) over two rounds and W1 (a file) once: PHP-FPM's CPU beside the servers'.
QList<ShootoutEntry> phpEntries()
{
    QList<ShootoutEntry> entries { entry(u"hostbench"_s, u"W5"_s, 1, 20'000, 15),
        entry(u"nginx"_s, u"W5"_s, 1, 16'000, 20), entry(u"hostbench"_s, u"W5"_s, 2, 20'000, 15),
        entry(u"nginx"_s, u"W5"_s, 2, 16'000, 20), entry(u"hostbench"_s, u"W1"_s, 1, 50'000, 10) };
    const double php[] = { 40, 44, 42, 46, 0 };
    for (qsizetype i = 0; i < entries.size(); ++i) {
        entries[i].phpFpmCpuUsPerRequest = php[i];
        entries[i].runId = 100 + i;
    }
    return entries;
}

} // namespace

class TestShootoutReport final : public QObject
{
    Q_OBJECT

private slots:
    void upstreamIsAReferenceNotTheBest();
    void upstreamLineInEveryFormat_data();
    void upstreamLineInEveryFormat();
    void noReferenceWithoutAnUpstream();
    void w6pIsProxiedAndFindable();
    void filesSiteLeavesTheProxiedWorkloadOut();
    void proxySiteProxiesTheWholePath();
    void phpFpmCpuBesideTheServers();
    void phpFpmCpuInEveryFormat_data();
    void phpFpmCpuInEveryFormat();
    void phpFpmCpuKeptByTheStoredNotes();
    void phpFpmCpuInTheResultEvent();
};

void TestShootoutReport::upstreamIsAReferenceNotTheBest()
{
    const QList<ShootoutWorkloadResult> results = w6p();
    QCOMPARE(results.size(), 1);
    const auto &cells = results.constFirst().cells;
    QCOMPARE(cells.size(), 3);
    // The servers in their order, the upstream (not a --servers id) last.
    QCOMPARE(cells.at(0).server, u"hostbench"_s);
    QCOMPARE(cells.at(1).server, u"nginx"_s);
    QCOMPARE(cells.at(2).server, Workload::upstreamId());
    QVERIFY(!cells.at(0).reference);
    QVERIFY(!cells.at(1).reference);
    QVERIFY(cells.at(2).reference);
    // Ranked against the best front server, not against the upstream.
    QCOMPARE(cells.at(1).ratioToBest, 1.0);
    QCOMPARE(cells.at(0).ratioToBest, 0.75);
    QCOMPARE(cells.at(2).ratioToBest, 0.0);
    // Its own figures stay: its rate and its CPU per request.
    QCOMPARE(cells.at(2).requestsPerSecond, 90'000.0);
    QCOMPARE(cells.at(2).cpuUsPerRequest, 8.0);
    QCOMPARE(cells.at(2).rounds, 2);
}

void TestShootoutReport::upstreamLineInEveryFormat_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("line"); // a text the upstream's line holds
    QTest::addColumn<QString>("note"); // under the table
    QTest::newRow("text") << u"text"_s << u"  upstream             90000 (±0%)     ref     1.000"_s
                          << u"(upstream is the app behind the servers measured alone, for reference"_s;
    QTest::newRow("markdown") << u"markdown"_s << u"| upstream | 90000 (±0%) | ref | 1.000 |"_s
                              << u"upstream is the app behind the servers measured alone, for reference"_s;
    QTest::newRow("json") << u"json"_s << u"\"reference\":true"_s << u"\"ratio_to_best\":0"_s;
}

void TestShootoutReport::upstreamLineInEveryFormat()
{
    QFETCH(QString, format);
    QFETCH(QString, line);
    QFETCH(QString, note);
    const QList<ShootoutWorkloadResult> results = w6p();
    QString out;
    if (format == u"text"_s) {
        out = ShootoutReport::text(results);
        QVERIFY2(out.contains(u"  nginx                40000 (±0%)    1.00"_s), qPrintable(out));
        QVERIFY(out.contains(u"not the upstream's"_s));
    } else if (format == u"markdown"_s) {
        out = ShootoutReport::markdown(results);
        QVERIFY2(out.contains(u"| nginx | 40000 (±0%) | 1.00 |"_s), qPrintable(out));
    } else {
        const QJsonObject servers = ShootoutReport::workloadsJson(results).value(u"W6p"_s).toObject();
        QVERIFY(!servers.value(u"nginx"_s).toObject().contains(u"reference"_s));
        QCOMPARE(servers.value(u"nginx"_s)[u"ratio_to_best"_s].toDouble(), 1.0);
        out = QString::fromUtf8(
            QJsonDocument(servers.value(u"upstream"_s).toObject()).toJson(QJsonDocument::Compact));
    }
    QVERIFY2(out.contains(line), qPrintable(out));
    QVERIFY2(out.contains(note), qPrintable(out));
}

void TestShootoutReport::noReferenceWithoutAnUpstream()
{
    const QList<ShootoutWorkloadResult> results = ShootoutReport::aggregate(
        { entry(u"hostbench"_s, u"W6"_s, 1, 50'000, 10), entry(u"nginx"_s, u"W6"_s, 1, 40'000, 12) });
    QCOMPARE(results.constFirst().cells.at(0).ratioToBest, 1.0);
    QVERIFY(!results.constFirst().cells.at(0).reference);
    const QString text = ShootoutReport::text(results);
    QVERIFY(!text.contains(u"ref"_s));
    QVERIFY(!text.contains(u"for reference"_s));
}

void TestShootoutReport::w6pIsProxiedAndFindable()
{
    const std::optional<Workload> workload = Workload::find(u"w6p"_s);
    QVERIFY(workload);
    QCOMPARE(workload->id, u"W6p"_s);
    QVERIFY(workload->proxied);
    QCOMPARE(workload->fixedBody, QByteArray("OK"));
    QCOMPARE(workload->concurrency, 50); // the issue's -c 50 keep-alive
    QVERIFY(Workload::ids().contains(u"W6p"_s));
    for (const Workload &other : Workload::all())
        QCOMPARE(other.proxied, other.id == u"W6p"_s);
}

void TestShootoutReport::filesSiteLeavesTheProxiedWorkloadOut()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QString error;
    const auto site
        = Workload::makeSite(dir.path(), { *Workload::find(u"W5r"_s), *Workload::find(u"W6p"_s) }, &error);
    QVERIFY2(site, qPrintable(error));
    QCOMPARE(site->routes.size(), 1); // W5r's; W6p has none there
    QCOMPARE(site->routes.constFirst().path, u"/hello"_s);
    QVERIFY(site->proxy.routes.isEmpty());
    QVERIFY(QFile::exists(dir.filePath(u"hello"_s)));
    QVERIFY(!QFile::exists(dir.filePath(u"ok"_s)));
}

void TestShootoutReport::proxySiteProxiesTheWholePath()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QString error;
    const QString root = dir.filePath(u"proxied"_s);
    const auto site = Workload::makeProxySite(root, u"http://127.0.0.1:9"_s, &error);
    QVERIFY2(site, qPrintable(error));
    QVERIFY(site->isDefault);
    QCOMPARE(site->documentRoot, root);
    QCOMPARE(site->proxy.routes.size(), 1);
    QCOMPARE(site->proxy.routes.constFirst().pathPrefix, u"/"_s);
    QCOMPARE(site->proxy.routes.constFirst().upstream, u"http://127.0.0.1:9"_s);
    QVERIFY(site->routes.isEmpty());
    QVERIFY(!site->accessLogEnabled);
    QVERIFY(!site->errorLogEnabled);
    // Created and empty: a server that does not proxy answers 404, not the bytes.
    QVERIFY(QDir(root).exists());
    QVERIFY(QDir(root).isEmpty());

    // A folder that cannot be made is an error that names it.
    QFile file(dir.filePath(u"file"_s));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    QVERIFY(!Workload::makeProxySite(dir.filePath(u"file/sub"_s), u"http://127.0.0.1:9"_s, &error));
    QVERIFY2(error.contains(dir.filePath(u"file/sub"_s)), qPrintable(error));
}

void TestShootoutReport::phpFpmCpuBesideTheServers()
{
    const QList<ShootoutWorkloadResult> results
        = ShootoutReport::aggregate(phpEntries(), { u"hostbench"_s, u"nginx"_s }, { u"W5"_s, u"W1"_s });
    QCOMPARE(results.size(), 2);
    const auto &w5 = results.at(0).cells;
    QCOMPARE(results.at(0).workload, u"W5"_s);
    QVERIFY(w5.at(0).php && w5.at(1).php);
    // The median of the rounds, the server's own CPU apart.
    QCOMPARE(w5.at(0).phpFpmCpuUsPerRequest, 41.0);
    QCOMPARE(w5.at(1).phpFpmCpuUsPerRequest, 45.0);
    QCOMPARE(w5.at(0).cpuUsPerRequest, 15.0);
    QCOMPARE(w5.at(0).ratioToBest, 1.0); // ranked as any workload
    QCOMPARE(w5.at(1).ratioToBest, 0.8);
    const ShootoutCell &w1 = results.at(1).cells.at(0);
    QVERIFY(!w1.php);
    QCOMPARE(w1.phpFpmCpuUsPerRequest, 0.0);
}

void TestShootoutReport::phpFpmCpuInEveryFormat_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("head"); // W5's table head
    QTest::addColumn<QString>("line"); // hostbench's W5 line
    QTest::addColumn<QString>("w1line"); // hostbench's W1 line: no such column
    QTest::newRow("text")
        << u"text"_s
        << u"  server       requests/s (spread)   ratio    p50 ms    p99 ms  CPU us/req   errors  PHP-FPM us/req\n"_s
        << u"  hostbench            20000 (±0%)    1.00     1.000     2.000        15.0        0            41.0\n"_s
        << u"  hostbench            50000 (±0%)    1.00     1.000     2.000        10.0        0\n"_s;
    QTest::newRow("markdown") << u"markdown"_s << u"| errors | PHP-FPM CPU µs/request |\n|---|---:|"_s
                              << u"| hostbench | 20000 (±0%) | 1.00 | 1.000 | 2.000 | 15.0 | 0 | 41.0 |\n"_s
                              << u"| hostbench | 50000 (±0%) | 1.00 | 1.000 | 2.000 | 10.0 | 0 |\n"_s;
    // The last two columns, a --capacity shootout's, are empty here.
    QTest::newRow("csv")
        << u"csv"_s
        << u",cpu_us_per_request,errors,php_fpm_cpu_us_per_request,capacity,capacity_lower_bound\n"_s
        << u"W5,hostbench,2,20000.00,20000.00,20000.00,0.0,1.000,1.000,2.000,15.0,0,41.0,,\n"_s
        << u"W1,hostbench,1,50000.00,50000.00,50000.00,0.0,1.000,1.000,2.000,10.0,0,,,\n"_s;
    QTest::newRow("json") << u"json"_s << u"\"W5\""_s << u"\"php_fpm_cpu_us_per_request\":41"_s << QString();
}

void TestShootoutReport::phpFpmCpuInEveryFormat()
{
    QFETCH(QString, format);
    QFETCH(QString, head);
    QFETCH(QString, line);
    QFETCH(QString, w1line);
    const QList<ShootoutWorkloadResult> results
        = ShootoutReport::aggregate(phpEntries(), { u"hostbench"_s, u"nginx"_s }, { u"W5"_s, u"W1"_s });
    QString out;
    if (format == u"text"_s)
        out = ShootoutReport::text(results);
    else if (format == u"markdown"_s)
        out = ShootoutReport::markdown(results);
    else if (format == u"csv"_s)
        out = ShootoutReport::csv(results);
    else
        out = QString::fromUtf8(
            QJsonDocument(ShootoutReport::workloadsJson(results)).toJson(QJsonDocument::Compact));
    QVERIFY2(out.contains(head), qPrintable(out));
    QVERIFY2(out.contains(line), qPrintable(out));
    if (!w1line.isEmpty())
        QVERIFY2(out.contains(w1line), qPrintable(out));
    if (format == u"text"_s || format == u"markdown"_s) {
        // Said once, under W5's table only.
        QCOMPARE(out.count(u"PHP-FPM us/req is the CPU of the one PHP-FPM pool behind every server"_s), 1);
        QVERIFY(out.indexOf(u"one PHP-FPM pool"_s) < out.indexOf(u"W1"_s));
    }
    if (format == u"json"_s) {
        const QJsonObject json = ShootoutReport::workloadsJson(results);
        QCOMPARE(json[u"W5"_s][u"nginx"_s][u"php_fpm_cpu_us_per_request"_s].toDouble(), 45.0);
        QVERIFY(!json[u"W1"_s][u"hostbench"_s].toObject().contains(u"php_fpm_cpu_us_per_request"_s));
    }
}

void TestShootoutReport::phpFpmCpuKeptByTheStoredNotes()
{
    // shootout_runs has no column for it: the shootout's notes keep it per run id.
    const QList<ShootoutEntry> entries = phpEntries();
    QMap<QString, ServerNote> servers;
    servers[u"php-fpm"_s].status = u"measured"_s;
    const QJsonObject notes = ServerNote::shootoutNotes(servers, false, entries);
    QCOMPARE(ServerNote::ofShootout(notes), servers);
    QVERIFY(!ServerNote::interrupted(notes));
    QCOMPARE(notes[u"php_fpm_cpu_us_per_request"_s].toObject().size(), 4); // W1's run has none
    QList<ShootoutEntry> stored = entries;
    for (ShootoutEntry &e : stored)
        e.phpFpmCpuUsPerRequest = 0; // as read back from shootout_runs
    ServerNote::restorePhpFpmCpu(notes, &stored);
    for (qsizetype i = 0; i < entries.size(); ++i)
        QCOMPARE(stored.at(i).phpFpmCpuUsPerRequest, entries.at(i).phpFpmCpuUsPerRequest);
    // Without a PHP workload the notes are as before.
    QCOMPARE(ServerNote::shootoutNotes(servers, true, { entry(u"nginx"_s, u"W1"_s, 1, 1000, 1) }),
        ServerNote::shootoutNotes(servers, true));
}

void TestShootoutReport::phpFpmCpuInTheResultEvent()
{
    ShootoutEvent event;
    event.kind = ShootoutEvent::Kind::Result;
    event.server = u"nginx"_s;
    event.workload = u"W7p"_s;
    event.round = 1;
    event.entry = entry(u"nginx"_s, u"W7p"_s, 1, 3000, 30);
    event.entry.phpFpmCpuUsPerRequest = 250.5;
    const QJsonObject json = event.toJson();
    QCOMPARE(json[u"php_fpm_cpu_us_per_request"_s].toDouble(), 250.5);
    const std::optional<ShootoutEvent> back
        = ShootoutEvent::fromJson(QJsonDocument(json).toJson(QJsonDocument::Compact));
    QVERIFY(back);
    QCOMPARE(back->entry.phpFpmCpuUsPerRequest, 250.5);
    QCOMPARE(back->entry.cpuUsPerRequest, 30.0);
    // A workload without PHP says nothing of it.
    event.entry.phpFpmCpuUsPerRequest = 0;
    QVERIFY(!event.toJson().contains(u"php_fpm_cpu_us_per_request"_s));
}

QTEST_GUILESS_MAIN(TestShootoutReport)
#include "tst_shootoutreport.moc"
