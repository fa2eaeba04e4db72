// How the window writes figures (ui::Format), in English and German: sizes
// in IEC units (a GiB is 1,024^3 bytes and says so), measured lengths not
// truncated to whole seconds. Issue #20: "Sent 27.2 GB" for 29.18e9 bytes,
// and "Finished in 1 s" for a 1.967 s run.
#include "ui/Format.h"
#include "ui/ReportText.h"

#include <QLocale>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::ui::Format;

class TestFormat final : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { QLocale::setDefault(QLocale::c()); }
    void bytes_data();
    void bytes();
    void elapsed_data();
    void elapsed();
    void rate_data();
    void rate();
    void reportInMicroseconds();
};

void TestFormat::bytes_data()
{
    QTest::addColumn<QString>("locale");
    QTest::addColumn<quint64>("value");
    QTest::addColumn<QString>("expected");
    QTest::newRow("en 900 B") << u"en_US"_s << quint64(900) << u"900 bytes"_s;
    QTest::newRow("en 45,056 B") << u"en_US"_s << quint64(45'056) << u"44.0 KiB"_s;
    QTest::newRow("en W3 1,414,000 B") << u"en_US"_s << quint64(1'414'000) << u"1.3 MiB"_s;
    QTest::newRow("en 29.18e9 B") << u"en_US"_s << quint64(29'180'000'000) << u"27.2 GiB"_s;
    QTest::newRow("de 29.18e9 B") << u"de_DE"_s << quint64(29'180'000'000) << u"27,2 GiB"_s;
}

void TestFormat::bytes()
{
    QFETCH(QString, locale);
    QFETCH(quint64, value);
    QLocale::setDefault(QLocale(locale));
    QTEST(Format::bytes(value), "expected");
}

void TestFormat::elapsed_data()
{
    QTest::addColumn<QString>("locale");
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("expected");
    QTest::newRow("en 850 ms") << u"en_US"_s << qint64(850) << u"850 ms"_s;
    QTest::newRow("en 1.967 s") << u"en_US"_s << qint64(1967) << u"1.97 s"_s;
    QTest::newRow("en 2.8 s") << u"en_US"_s << qint64(2800) << u"2.8 s"_s;
    QTest::newRow("en 10 s") << u"en_US"_s << qint64(10'000) << u"10 s"_s;
    QTest::newRow("en 12.34 s") << u"en_US"_s << qint64(12'340) << u"12.3 s"_s;
    QTest::newRow("en 3 min 5 s") << u"en_US"_s << qint64(185'000) << u"3 min 05 s"_s;
    QTest::newRow("de 1.967 s") << u"de_DE"_s << qint64(1967) << u"1,97 s"_s;
}

void TestFormat::elapsed()
{
    QFETCH(QString, locale);
    QFETCH(qint64, ms);
    QLocale::setDefault(QLocale(locale));
    QTEST(Format::elapsed(ms), "expected");
}

void TestFormat::rate_data()
{
    // Tester's report: Req/s showed "100" or "100.0" as the run ended
    // (finished at 100/s, stopped at 99.96/s): one format for one figure.
    QTest::addColumn<QString>("locale");
    QTest::addColumn<double>("perSecond");
    QTest::addColumn<QString>("expected");
    QTest::newRow("en 0") << u"en_US"_s << 0.0 << u"0.0"_s;
    QTest::newRow("en 12.34") << u"en_US"_s << 12.34 << u"12.3"_s;
    QTest::newRow("en 99.94") << u"en_US"_s << 99.94 << u"99.9"_s;
    QTest::newRow("en 99.95") << u"en_US"_s << 99.95 << u"100"_s;
    QTest::newRow("en 99.96 (stopped)") << u"en_US"_s << 99.96 << u"100"_s;
    QTest::newRow("en 100 (finished)") << u"en_US"_s << 100.0 << u"100"_s;
    QTest::newRow("en 100.4") << u"en_US"_s << 100.4 << u"100"_s;
    QTest::newRow("en 12345.6") << u"en_US"_s << 12345.6 << u"12,346"_s;
    QTest::newRow("de 99.96") << u"de_DE"_s << 99.96 << u"100"_s;
    QTest::newRow("de 12.34") << u"de_DE"_s << 12.34 << u"12,3"_s;
    QTest::newRow("de 12345.6") << u"de_DE"_s << 12345.6 << u"12.346"_s;
}

void TestFormat::rate()
{
    QFETCH(QString, locale);
    QFETCH(double, perSecond);
    QLocale::setDefault(QLocale(locale));
    QTEST(Format::rate(perSecond), "expected");
}

QTEST_GUILESS_MAIN(TestFormat)
// Issue #20: "The ab-style percentile table shows all '0' ms for runs under a
// millisecond: give µs there, as the rest of the window does." The window's
// report (Benchmark and Runs pages) writes those tables in whole µs.
void TestFormat::reportInMicroseconds()
{
    hostbench::model::RunSummary s;
    s.completed = 500;
    s.concurrency = 4;
    s.timeTakenSec = 0.1;
    s.total = { 0.04, 0.09, 0.02, 0.085, 0.7 };
    s.percentiles = { { 50, 0.085 }, { 90, 0.12 }, { 100, 0.7 } };
    const QString text = hostbench::ui::ReportText::ab({}, s);
    QVERIFY2(text.contains(u"Percentage of the requests served within a certain time (µs)\n  50%     85\n"_s),
        qPrintable(text));
    QVERIFY2(text.contains(u"Connection Times (µs)"_s), qPrintable(text));

    s.total.medianMs = 85;
    s.percentiles = { { 50, 85 }, { 90, 120 }, { 100, 700 } };
    const QString slow = hostbench::ui::ReportText::ab({}, s);
    QVERIFY2(slow.contains(u"certain time (ms)\n  50%     85\n"_s), qPrintable(slow));
}

#include "tst_format.moc"
