// model::BenchInput: what hostbench-cli bench's -m, -H, --rate, -t/--warmup
// and --timeout take, and the Benchmark page's fields with them (one rule
// each; tst_benchflags and tst_cliparse check the CLI's sentences on top).
#include "model/BenchInput.h"

#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::model::BenchInput;

Q_DECLARE_METATYPE(BenchInput::HeaderProblem)

class TestBenchInput final : public QObject
{
    Q_OBJECT

private slots:
    void method_data();
    void method();
    void header_data();
    void header();
    void rate_data();
    void rate();
    void seconds_data();
    void seconds();
    void timeout_data();
    void timeout();
};

void TestBenchInput::method_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    for (const QString &good :
        { u"GET"_s, u"POST"_s, u"PATCH"_s, u"get"_s, u"M-SEARCH"_s, u"X_1!#$%&'*+.^`|~"_s })
        QTest::newRow(qPrintable(good)) << good << true;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("blank inside") << u"GET POST"_s << false;
    QTest::newRow("blank around") << u" GET"_s << false;
    QTest::newRow("separator") << u"GE/T"_s << false;
    QTest::newRow("colon") << u"GET:"_s << false;
    QTest::newRow("non-ASCII letter") << u"GÉT"_s << false;
    QTest::newRow("line break") << u"GET\r\n"_s << false;
}

void TestBenchInput::method()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QCOMPARE(BenchInput::isMethod(text), valid);
}

void TestBenchInput::header_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<BenchInput::HeaderProblem>("problem");
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<QByteArray>("value");
    using P = BenchInput::HeaderProblem;
    QTest::newRow("plain") << u"Accept: text/html"_s << P::None << QByteArray("Accept")
                           << QByteArray("text/html");
    QTest::newRow("no blank") << u"X-A:1"_s << P::None << QByteArray("X-A") << QByteArray("1");
    QTest::newRow("blanks around the value")
        << u"X-A:   1 2  "_s << P::None << QByteArray("X-A") << QByteArray("1 2");
    QTest::newRow("colon in value") << u"X-Time: 12:30"_s << P::None << QByteArray("X-Time")
                                    << QByteArray("12:30");
    QTest::newRow("empty value") << u"X-Empty:"_s << P::None << QByteArray("X-Empty") << QByteArray();
    QTest::newRow("UTF-8 value") << u"X-Name: Jürgen"_s << P::None << QByteArray("X-Name")
                                 << QByteArray("J\xc3\xbcrgen");
    QTest::newRow("no colon") << u"Accept text/html"_s << P::BadName << QByteArray() << QByteArray();
    QTest::newRow("blank in name") << u"Bad Name: x"_s << P::BadName << QByteArray() << QByteArray();
    QTest::newRow("blank before colon") << u"Accept : x"_s << P::BadName << QByteArray() << QByteArray();
    QTest::newRow("no name") << u": x"_s << P::BadName << QByteArray() << QByteArray();
    QTest::newRow("empty") << QString() << P::BadName << QByteArray() << QByteArray();
    QTest::newRow("line break") << u"X-A: 1\r\nX-B: 2"_s << P::LineBreak << QByteArray() << QByteArray();
    QTest::newRow("bare LF") << u"X-A: 1\nX-B: 2"_s << P::LineBreak << QByteArray() << QByteArray();
}

void TestBenchInput::header()
{
    QFETCH(QString, text);
    QFETCH(BenchInput::HeaderProblem, problem);
    QFETCH(QByteArray, name);
    QFETCH(QByteArray, value);
    BenchInput::HeaderProblem why = BenchInput::HeaderProblem::LineBreak;
    const auto header = BenchInput::header(text, &why);
    QCOMPARE(why, problem);
    QCOMPARE(header.has_value(), problem == BenchInput::HeaderProblem::None);
    QCOMPARE(BenchInput::header(text).has_value(), header.has_value()); // no problem asked for
    if (!header)
        return;
    QCOMPARE(header->first, name);
    QCOMPARE(header->second, value);
}

void TestBenchInput::rate_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("rate"); // 0: refused
    QTest::newRow("whole") << u"100"_s << 100.0;
    QTest::newRow("fraction") << u"0.5"_s << 0.5;
    QTest::newRow("max") << u"100000000"_s << 1e8;
    QTest::newRow("exponent") << u"1e3"_s << 1000.0;
    QTest::newRow("blanks") << u" 100 "_s << 100.0;
    for (const QString &bad :
        { u"0"_s, u"-5"_s, u"abc"_s, u""_s, u"nan"_s, u"inf"_s, u"100000001"_s, u"1e400"_s, u"12,5"_s })
        QTest::newRow(qPrintable(u"bad "_s + bad)) << bad << 0.0;
}

void TestBenchInput::rate()
{
    QFETCH(QString, text);
    QFETCH(double, rate);
    const std::optional<double> result = BenchInput::rate(text);
    QCOMPARE(result.has_value(), rate > 0);
    if (result)
        QCOMPARE(*result, rate);
}

void TestBenchInput::seconds_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("ms"); // -1: refused
    QTest::newRow("whole") << u"10"_s << qint64(10'000);
    QTest::newRow("fraction") << u"0.25"_s << qint64(250);
    QTest::newRow("rounded") << u"0.0004"_s << qint64(0);
    QTest::newRow("rounded up") << u"0.0005"_s << qint64(1);
    QTest::newRow("zero") << u"0"_s << qint64(0);
    QTest::newRow("blanks") << u" 2 "_s << qint64(2000);
    QTest::newRow("a year") << u"31536000"_s << qint64(31'536'000'000);
    QTest::newRow("over a year") << u"31536001"_s << qint64(-1);
    QTest::newRow("negative") << u"-1"_s << qint64(-1);
    QTest::newRow("text") << u"ten"_s << qint64(-1);
    QTest::newRow("with a unit") << u"10s"_s << qint64(-1);
    QTest::newRow("empty") << QString() << qint64(-1);
    QTest::newRow("nan") << u"nan"_s << qint64(-1);
    QTest::newRow("inf") << u"inf"_s << qint64(-1);
}

void TestBenchInput::seconds()
{
    QFETCH(QString, text);
    QFETCH(qint64, ms);
    QCOMPARE(BenchInput::seconds(text).value_or(-1), ms);
}

void TestBenchInput::timeout_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("ms"); // 0: refused
    QTest::newRow("number is ms") << u"500"_s << 500;
    QTest::newRow("ms") << u"500ms"_s << 500;
    QTest::newRow("s") << u"5s"_s << 5000;
    QTest::newRow("fraction of s") << u"1.5s"_s << 1500;
    QTest::newRow("m") << u"2m"_s << 120'000;
    QTest::newRow("1 ms") << u"1"_s << 1;
    QTest::newRow("rounded") << u"1.4"_s << 1;
    QTest::newRow("24 h") << u"1440m"_s << 86'400'000;
    QTest::newRow("blanks") << u" 2s "_s << 2000;
    for (const QString &bad : { u"0"_s, u"0.9"_s, u"1441m"_s, u"-5s"_s, u"+5s"_s, u"1e3"_s, u"s"_s, u""_s,
             u"5 s"_s, u"5h"_s, u"inf"_s, u"nan"_s, u"five"_s })
        QTest::newRow(qPrintable(u"bad \""_s + bad + u'"')) << bad << 0;
}

void TestBenchInput::timeout()
{
    QFETCH(QString, text);
    QFETCH(int, ms);
    QCOMPARE(BenchInput::timeout(text).value_or(0), ms);
}

QTEST_GUILESS_MAIN(TestBenchInput)
#include "tst_benchinput.moc"
