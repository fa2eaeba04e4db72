#include "HeadlessChromium.h"

#include "bench/LoadGenerator.h"
#include "bench/ReportFile.h"
#include "bench/RunReport.h"
#include "http/HttpServer.h"
#include "storage/Database.h"

#include <QFile>
#include <QImage>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using hostbench::bench::LoadGenerator;
using hostbench::bench::ReportFile;
using hostbench::bench::ReportRun;
using hostbench::bench::RunReport;
using hostbench::http::HttpServer;
using hostbench::model::BenchParameters;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;
using hostbench::storage::Database;
using namespace Qt::StringLiterals;

// Issue #28: the HTML report of a run, as a browser that is offline draws
// it. A run of the load generator against the real engine, stored in a real
// SQLite file and read back, its report written as `runs export --html`
// writes it and opened in Debian's Chromium, headless: the DOM Chromium
// parsed holds the three charts with their lines, no script, and its
// screenshot shows the lines in their colours. HOSTBENCH_REPORT_SCREENSHOT
// names a file to keep the screenshot in (README, review).
class TestReportBrowser final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void chromiumDrawsTheCharts();

private:
    QTemporaryDir m_dir;
    QString m_chromium;
};

void TestReportBrowser::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_chromium = HeadlessChromium::find();
    if (m_chromium.isEmpty())
        QSKIP("chromium is not installed (apt-get install chromium)");
}

void TestReportBrowser::chromiumDrawsTheCharts()
{
    // The run: 1.5 s against the engine, stored with a threshold and a note.
    VirtualHost host;
    host.hostName = u"localhost"_s;
    host.documentRoot = m_dir.path();
    host.isDefault = true;
    host.routes = { hostbench::model::Route { u"/ok"_s, 200, u"text/plain"_s, "OK" } };
    ServerConfig config;
    config.listenAddress = u"127.0.0.1"_s;
    config.port = 0;
    config.threads = 1;
    HttpServer server;
    QString error;
    QVERIFY2(server.start(config, { host }, &error), qPrintable(error));
    BenchParameters parameters;
    parameters.url = u"http://127.0.0.1:%1/ok"_s.arg(server.port());
    parameters.concurrency = 4;
    parameters.keepAlive = true;
    parameters.durationMs = 1500;
    parameters.thresholds = { u"p99<60s"_s, u"non2xx==0"_s };
    LoadGenerator generator;
    QVERIFY2(generator.start(parameters, &error), qPrintable(error));
    generator.wait();
    server.stop();
    QVERIFY(generator.summary().completed > 0);

    Database database;
    QVERIFY2(database.open(m_dir.filePath(u"hostbench.sqlite"_s)), qPrintable(database.lastError()));
    const qint64 id
        = database.saveRun(parameters, generator.summary(), generator.allSamples(), &generator.histogram());
    QVERIFY2(id > 0, qPrintable(database.lastError()));
    QVERIFY(database.setRunNote(id, u"<script>document.title='owned'</script> before the cache change"_s));
    const std::optional<hostbench::storage::StoredRun> stored = database.run(id);
    QVERIFY(stored);
    ReportRun run;
    run.id = id;
    run.note = stored->note;
    run.parameters = stored->parameters;
    run.summary = stored->summary;
    run.samples = database.samples(id);
    run.histogram = database.histogram(id).value_or(hostbench::model::LatencyHistogram());
    QVERIFY(run.samples.size() >= 10);
    QCOMPARE(run.histogram.count(), run.summary.completed);
    const QString page = m_dir.filePath(u"report.html"_s);
    QVERIFY2(ReportFile::write(page, RunReport::html(run).toUtf8(), &error), qPrintable(error));

    HeadlessChromium chromium(m_chromium, m_dir.filePath(u"chromium"_s));
    QString log;
    const QString dom = QString::fromUtf8(chromium.dumpDom(page, &log));
    QVERIFY2(dom.contains(u"<svg id=\"chart-rps\""_s), qPrintable(log + dom.left(2000)));
    // Each chart's lines, as Chromium parsed them: a path with points.
    for (const QString &series : { u"rps"_s, u"p50"_s, u"p90"_s, u"p99"_s, u"spectrum"_s }) {
        const QRegularExpression path(
            u"<path class=\"series %1\" d=\"M[0-9.]+,[0-9.]+( L[0-9.]+,[0-9.]+)+\""_s.arg(series));
        QVERIFY2(dom.contains(path), qPrintable(series));
    }
    // The note stayed text: no script in the DOM, the title is the report's.
    QVERIFY(!dom.contains(u"<script"_s));
    QVERIFY(dom.contains(u"&lt;script&gt;document.title='owned'&lt;/script&gt; before the cache change"_s));
    QVERIFY(dom.contains(u"<title>Benchmark run %1: GET "_s.arg(id)));
    // Nothing refused by the page's policy (an inline style, a load).
    QVERIFY2(!log.contains(u"Content Security Policy"_s), qPrintable(log));

    // Drawn: the lines' colours are on the screenshot (rps blue, p99 red,
    // spectrum purple), on a page that is not blank.
    const QString png = m_dir.filePath(u"report.png"_s);
    QVERIFY2(chromium.screenshot(page, png, 1000, 2400, &log), qPrintable(log));
    const QImage image(png);
    QCOMPARE(image.size(), QSize(1000, 2400));
    const qsizetype blue = HeadlessChromium::pixelsNear(image, QColor(0x1f, 0x77, 0xb4));
    const qsizetype red = HeadlessChromium::pixelsNear(image, QColor(0xd6, 0x27, 0x28));
    const qsizetype purple = HeadlessChromium::pixelsNear(image, QColor(0x94, 0x67, 0xbd));
    QVERIFY2(blue > 300 && red > 300 && purple > 300,
        qPrintable(u"blue %1, red %2, purple %3"_s.arg(blue).arg(red).arg(purple)));
    const qsizetype white = HeadlessChromium::pixelsNear(image, Qt::white, 2);
    QVERIFY2(
        white < qsizetype(image.width()) * image.height() * 97 / 100, qPrintable(QString::number(white)));
    const QString keep = qEnvironmentVariable("HOSTBENCH_REPORT_SCREENSHOT");
    if (!keep.isEmpty()) {
        QFile::remove(keep);
        QVERIFY(QFile::copy(png, keep));
    }
}

QTEST_GUILESS_MAIN(TestReportBrowser)
#include "tst_reportbrowser.moc"
