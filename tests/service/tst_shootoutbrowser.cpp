// A shootout's HTML report (ShootoutHtml, `shootout export --format html`,
// issue #28) opened in headless Chromium (Debian's chromium): the page
// parses to a chart per workload with a bar per server, the stored texts
// stay text, the page's policy refuses nothing (it loads nothing), and the
// screenshot shows the bars in their colours. HOSTBENCH_REPORT_SCREENSHOT
// names a file to keep the screenshot in (review).
#include "HeadlessChromium.h"
#include "bench/ReportFile.h"
#include "shootout/ServerNote.h"
#include "shootout/ShootoutHtml.h"
#include "shootout/ShootoutOptions.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::model::ShootoutEntry;
using hostbench::shootout::ServerNote;
using hostbench::shootout::ShootoutHtml;
using hostbench::shootout::ShootoutOptions;

namespace {

ShootoutEntry entry(const QString &server, const QString &workload, int round, double rps)
{
    ShootoutEntry e;
    e.server = server;
    e.workload = workload;
    e.round = round;
    e.summary.requestsPerSecond = rps;
    e.summary.completed = quint64(rps);
    e.summary.latencyP50Ms = 0.4;
    e.summary.latencyP99Ms = 1.9;
    e.cpuUsPerRequest = 12;
    return e;
}

} // namespace

class TestShootoutBrowser final : public QObject
{
    Q_OBJECT

private slots:
    void chromiumDrawsTheBars();

private:
    QTemporaryDir m_dir;
};

void TestShootoutBrowser::chromiumDrawsTheBars()
{
    const QString executable = HeadlessChromium::find();
    if (executable.isEmpty())
        QSKIP("chromium is not installed (apt-get install chromium)");
    QVERIFY(m_dir.isValid());
    ShootoutOptions o;
    o.servers = { u"hostbench"_s, u"nginx"_s };
    o.workloads = { u"W1"_s, u"W6"_s };
    hostbench::storage::StoredShootout s;
    s.id = 3;
    s.startedAtMs = 1'764'000'000'000;
    s.finished = true;
    s.settings = o.settings();
    QMap<QString, ServerNote> notes;
    notes[u"caddy"_s].status = u"failed"_s;
    notes[u"caddy"_s].message = u"<script>document.title='owned'</script>"_s;
    s.notes = ServerNote::shootoutNotes(notes, false);
    for (int round = 1; round <= 2; ++round)
        s.entries += QList<ShootoutEntry> { entry(u"hostbench"_s, u"W1"_s, round, 48'000),
            entry(u"nginx"_s, u"W1"_s, round, 40'000), entry(u"hostbench"_s, u"W6"_s, round, 61'000),
            entry(u"nginx"_s, u"W6"_s, round, 66'000) };
    const QString page = m_dir.filePath(u"shootout.html"_s);
    QString error;
    QVERIFY2(
        hostbench::bench::ReportFile::write(page, ShootoutHtml::page(s).toUtf8(), &error), qPrintable(error));

    HeadlessChromium chromium(executable, m_dir.filePath(u"chromium"_s));
    QString log;
    const QString dom = QString::fromUtf8(chromium.dumpDom(page, &log));
    for (const QString &workload : { u"W1"_s, u"W6"_s }) {
        QVERIFY2(dom.contains(u"<svg id=\"chart-%1\""_s.arg(workload)), qPrintable(log + dom.left(2000)));
        for (const QString &server : { u"hostbench"_s, u"nginx"_s })
            QVERIFY2(dom.contains(QRegularExpression(
                         u"<rect class=\"bar %1\" x=\"[0-9.]+\" y=\"[0-9.]+\" width=\"[1-9][0-9.]*\""_s.arg(
                             server))),
                qPrintable(workload + u' ' + server));
    }
    QVERIFY(!dom.contains(u"<script"_s));
    QVERIFY(dom.contains(u"&lt;script&gt;document.title='owned'&lt;/script&gt;"_s));
    QVERIFY(dom.contains(u"<title>Shootout 3: W1, W6</title>"_s));
    QVERIFY2(!log.contains(u"Content Security Policy"_s), qPrintable(log));

    const QString png = m_dir.filePath(u"shootout.png"_s);
    QVERIFY2(chromium.screenshot(page, png, 1000, 1400, &log), qPrintable(log));
    const QImage image(png);
    const qsizetype blue = HeadlessChromium::pixelsNear(image, QColor(0x1f, 0x77, 0xb4)); // hostbench
    const qsizetype orange = HeadlessChromium::pixelsNear(image, QColor(0xff, 0x7f, 0x0e)); // nginx
    QVERIFY2(blue > 2000 && orange > 2000, qPrintable(u"blue %1, orange %2"_s.arg(blue).arg(orange)));
    const QString keep = qEnvironmentVariable("HOSTBENCH_REPORT_SCREENSHOT");
    if (!keep.isEmpty()) {
        QFile::remove(keep);
        QVERIFY(QFile::copy(png, keep));
    }
}

QTEST_GUILESS_MAIN(TestShootoutBrowser)
#include "tst_shootoutbrowser.moc"
