// ShootoutReport's tables of a proxied workload (W6p, issue #24): the
// upstream measured alone is a reference line, listed with its figures but
// neither ranked nor taken as the best, in the text table, Markdown and
// JSON; and the two sites a shootout serves (Workload::makeSite for the
// files and fixed routes, makeProxySite for the proxied workloads), written
// into a real temporary folder.
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
        = Workload::makeSite(dir.path(), { *Workload::find(u"W5"_s), *Workload::find(u"W6p"_s) }, &error);
    QVERIFY2(site, qPrintable(error));
    QCOMPARE(site->routes.size(), 1); // W5's; W6p has none there
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

QTEST_GUILESS_MAIN(TestShootoutReport)
#include "tst_shootoutreport.moc"
