#include "http/Ranges.h"

#include <QTest>

#include <limits>

using namespace hostbench::http;

// Range field parsing against a representation length (RFC 9110 §14.1.1, §14.2).
class TestRanges final : public QObject
{
    Q_OBJECT

private slots:
    void parse_data();
    void parse();
    void tooMany();
    void coalescedNeverExceedsLength();
};

using Result = Ranges::Result;
Q_DECLARE_METATYPE(Ranges::Result)

void TestRanges::parse_data()
{
    QTest::addColumn<QByteArray>("field");
    QTest::addColumn<quint64>("length");
    QTest::addColumn<Ranges::Result>("result");
    QTest::addColumn<QString>("ranges"); // "first-last,..." after clipping and coalescing

    const quint64 max = std::numeric_limits<quint64>::max();
    QTest::newRow("single") << QByteArray("bytes=0-99") << quint64(1000) << Result::Satisfiable
                            << QStringLiteral("0-99");
    QTest::newRow("unit case") << QByteArray("Bytes=1-1") << quint64(10) << Result::Satisfiable
                               << QStringLiteral("1-1");
    QTest::newRow("open") << QByteArray("bytes=500-") << quint64(1000) << Result::Satisfiable
                          << QStringLiteral("500-999");
    QTest::newRow("suffix") << QByteArray("bytes=-500") << quint64(1000) << Result::Satisfiable
                            << QStringLiteral("500-999");
    QTest::newRow("suffix longer than file")
        << QByteArray("bytes=-5000") << quint64(1000) << Result::Satisfiable << QStringLiteral("0-999");
    QTest::newRow("last clipped") << QByteArray("bytes=900-2000") << quint64(1000) << Result::Satisfiable
                                  << QStringLiteral("900-999");
    QTest::newRow("first at end") << QByteArray("bytes=1000-") << quint64(1000) << Result::Unsatisfiable
                                  << QString();
    QTest::newRow("suffix zero") << QByteArray("bytes=-0") << quint64(1000) << Result::Unsatisfiable
                                 << QString();
    QTest::newRow("empty file") << QByteArray("bytes=0-") << quint64(0) << Result::Unsatisfiable << QString();
    QTest::newRow("empty file suffix")
        << QByteArray("bytes=-1") << quint64(0) << Result::Unsatisfiable << QString();
    QTest::newRow("one of two satisfiable") << QByteArray("bytes=2000-3000, 5-9") << quint64(1000)
                                            << Result::Satisfiable << QStringLiteral("5-9");
    QTest::newRow("two") << QByteArray("bytes=0-9,20-29") << quint64(100) << Result::Satisfiable
                         << QStringLiteral("0-9,20-29");
    QTest::newRow("sorted") << QByteArray("bytes=20-29,0-9") << quint64(100) << Result::Satisfiable
                            << QStringLiteral("0-9,20-29");
    QTest::newRow("overlap merged") << QByteArray("bytes=0-50,10-20,40-60") << quint64(100)
                                    << Result::Satisfiable << QStringLiteral("0-60");
    QTest::newRow("adjacent merged") << QByteArray("bytes=0-9,10-19") << quint64(100) << Result::Satisfiable
                                     << QStringLiteral("0-19");
    QTest::newRow("suffix and open merged")
        << QByteArray("bytes=-10, 80-") << quint64(100) << Result::Satisfiable << QStringLiteral("80-99");
    QTest::newRow("spaces and empty elements") << QByteArray("bytes= 0-1 ,, 4-5 ,") << quint64(10)
                                               << Result::Satisfiable << QStringLiteral("0-1,4-5");
    QTest::newRow("huge last") << QByteArray("bytes=0-99999999999999999999999") << quint64(10)
                               << Result::Satisfiable << QStringLiteral("0-9");
    QTest::newRow("max last") << QByteArray("bytes=0-18446744073709551615") << quint64(10)
                              << Result::Satisfiable << QStringLiteral("0-9");
    QTest::newRow("huge first") << QByteArray("bytes=99999999999999999999999-") << quint64(10)
                                << Result::Unsatisfiable << QString();
    QTest::newRow("huge suffix") << QByteArray("bytes=-99999999999999999999999") << quint64(10)
                                 << Result::Satisfiable << QStringLiteral("0-9");
    QTest::newRow("huge length") << QByteArray("bytes=-1") << max << Result::Satisfiable
                                 << QStringLiteral("%1-%1").arg(max - 1);
    QTest::newRow("other unit") << QByteArray("items=0-1") << quint64(10) << Result::Ignore << QString();
    QTest::newRow("no equals") << QByteArray("bytes 0-1") << quint64(10) << Result::Ignore << QString();
    QTest::newRow("empty set") << QByteArray("bytes=") << quint64(10) << Result::Ignore << QString();
    QTest::newRow("only commas") << QByteArray("bytes=,,") << quint64(10) << Result::Ignore << QString();
    QTest::newRow("first after last")
        << QByteArray("bytes=5-1") << quint64(10) << Result::Ignore << QString();
    QTest::newRow("no numbers") << QByteArray("bytes=-") << quint64(10) << Result::Ignore << QString();
    QTest::newRow("negative") << QByteArray("bytes=--1") << quint64(10) << Result::Ignore << QString();
    QTest::newRow("garbage after") << QByteArray("bytes=0-1x") << quint64(10) << Result::Ignore << QString();
    QTest::newRow("plus sign") << QByteArray("bytes=+1-2") << quint64(10) << Result::Ignore << QString();
    QTest::newRow("one bad spec spoils all")
        << QByteArray("bytes=0-1,a-b") << quint64(10) << Result::Ignore << QString();
}

void TestRanges::parse()
{
    QFETCH(QByteArray, field);
    QFETCH(quint64, length);
    QFETCH(Ranges::Result, result);
    QFETCH(QString, ranges);

    std::vector<Ranges::Range> out { { 7, 7 } }; // cleared by parse
    QCOMPARE(Ranges::parse(std::string_view(field.constData(), size_t(field.size())), length, out), result);
    QStringList actual;
    for (const Ranges::Range &range : out)
        actual << QStringLiteral("%1-%2").arg(range.first).arg(range.last);
    QCOMPARE(actual.join(QLatin1Char(',')), ranges);
}

void TestRanges::tooMany()
{
    QByteArray field = "bytes=";
    for (size_t i = 0; i < Ranges::kMaxRanges; ++i)
        field += QByteArray::number(quint64(i) * 2) + '-' + QByteArray::number(quint64(i) * 2) + ',';
    std::vector<Ranges::Range> out;
    QCOMPARE(Ranges::parse(field.toStdString(), 1000000, out), Result::Satisfiable);
    QCOMPARE(out.size(), Ranges::kMaxRanges);
    field += "9999-9999";
    QCOMPARE(Ranges::parse(field.toStdString(), 1000000, out), Result::Ignore);
}

void TestRanges::coalescedNeverExceedsLength()
{
    // The same bytes asked for many times are sent once.
    QByteArray field = "bytes=";
    for (int i = 0; i < 90; ++i)
        field += "0-,";
    std::vector<Ranges::Range> out;
    QCOMPARE(Ranges::parse(field.toStdString(), 4096, out), Result::Satisfiable);
    QCOMPARE(out.size(), size_t(1));
    QCOMPARE(out.front().size(), quint64(4096));
}

QTEST_GUILESS_MAIN(TestRanges)
#include "tst_ranges.moc"
