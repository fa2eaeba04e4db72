#include "cli/BenchFlags.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <limits>

using namespace Qt::StringLiterals;
using hostbench::cli::BenchFlags;

namespace {

// A flag left out of the command line, in the tables' text columns.
const QString kAbsent = u"(absent)"_s;

std::optional<QString> given(const QString &text)
{
    return text == kAbsent ? std::nullopt : std::optional<QString>(text);
}

const QString kSeconds = u"%1 must be a number of seconds (e.g. 10 or 0.5), not \"%2\""_s;

} // namespace

class TestBenchFlags final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void url_data();
    void url();
    void length_data();
    void length();
    void connections_data();
    void connections();
    void rate_data();
    void rate();
    void warmup_data();
    void warmup();
    void timeout_data();
    void timeout();
    void headers_data();
    void headers();
    void request_data();
    void request();
    void outputFile_data();
    void outputFile();
    void k6File_data();
    void k6File();
    void k6P99Ms_data();
    void k6P99Ms();
    void wrkFormat_data();
    void wrkFormat();

private:
    // DIR in a table's text: this folder, which holds body.txt ("hello")
    // and a plain file "file".
    QString resolved(QString text) const { return text.replace(u"DIR"_s, m_dir.path()); }

    QTemporaryDir m_dir;
};

void TestBenchFlags::initTestCase()
{
    QVERIFY(m_dir.isValid());
    for (const auto &[name, content] : { std::pair { "body.txt", "hello" }, std::pair { "file", "x" } }) {
        QFile file(m_dir.filePath(QString::fromLatin1(name)));
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.write(content) > 0);
    }
}

void TestBenchFlags::url_data()
{
    QTest::addColumn<QStringList>("positional");
    QTest::addColumn<QString>("error"); // empty: valid, the URL as given
    QTest::newRow("ipv4") << QStringList { u"http://127.0.0.1:8080/"_s } << QString();
    QTest::newRow("name and query") << QStringList { u"http://example.test/a?b=c"_s } << QString();
    QTest::newRow("ipv6") << QStringList { u"http://[::1]:8080/x"_s } << QString();
    QTest::newRow("no path") << QStringList { u"http://example.test"_s } << QString();
    QTest::newRow("missing") << QStringList()
                             << u"give the URL to load-test (see hostbench-cli bench --help)"_s;
    QTest::newRow("two") << QStringList { u"http://a.test/"_s, u"http://b.test/"_s }
                         << u"give one URL, not 2"_s;
    QTest::newRow("three") << QStringList { u"a"_s, u"b"_s, u"c"_s } << u"give one URL, not 3"_s;
    const QString badUrl = u"bad URL \"%1\": expected http://host[:port]/path or https://"_s;
    for (const QString &text : { u"ftp://127.0.0.1/"_s, u"http:///x"_s, u"not a url"_s, u"127.0.0.1:8080"_s,
             u"http://exa mple.test/"_s, u""_s })
        QTest::newRow(qPrintable(u"bad "_s + text)) << QStringList { text } << badUrl.arg(text);
}

void TestBenchFlags::url()
{
    QFETCH(QStringList, positional);
    QFETCH(QString, error);
    QString why;
    const std::optional<QString> url = BenchFlags::url(positional, &why);
    QCOMPARE(why, error);
    QCOMPARE(url.has_value(), error.isEmpty());
    if (url)
        QCOMPARE(*url, positional.constFirst());
}

void TestBenchFlags::length_data()
{
    QTest::addColumn<QString>("requests");
    QTest::addColumn<QString>("duration");
    QTest::addColumn<qint64>("expectedRequests");
    QTest::addColumn<qint64>("durationMs");
    QTest::addColumn<QString>("error");
    QTest::newRow("defaults") << kAbsent << kAbsent << qint64(1) << qint64(0) << QString();
    QTest::newRow("-n 100") << u"100"_s << kAbsent << qint64(100) << qint64(0) << QString();
    QTest::newRow("-n spaced") << u" 5 "_s << kAbsent << qint64(5) << qint64(0) << QString();
    QTest::newRow("-n max") << u"9223372036854775807"_s << kAbsent << std::numeric_limits<qint64>::max()
                            << qint64(0) << QString();
    QTest::newRow("-t 10") << kAbsent << u"10"_s << qint64(0) << qint64(10'000) << QString();
    QTest::newRow("-t 0.5") << kAbsent << u"0.5"_s << qint64(0) << qint64(500) << QString();
    QTest::newRow("-t a year") << kAbsent << u"31536000"_s << qint64(0) << qint64(31'536'000'000)
                               << QString();

    const auto bad
        = [](const char *name, const QString &requests, const QString &duration, const QString &error) {
              QTest::newRow(name) << requests << duration << qint64(0) << qint64(0) << error;
          };
    bad("both", u"10"_s, u"1"_s, u"give -n or -t, not both"_s);
    bad("both bad", u"x"_s, u"x"_s, u"give -n or -t, not both"_s);
    const QString atLeast = u"-n must be a whole number of at least 1, not \"%1\""_s;
    for (const QString &text : { u"0"_s, u"-1"_s, u""_s, u"abc"_s, u"1.5"_s, u"99999999999999999999"_s })
        bad(qPrintable(u"-n "_s + text), text, kAbsent, atLeast.arg(text));
    bad("-t 0", kAbsent, u"0"_s, u"-t must be more than 0 seconds"_s);
    bad("-t rounds to 0", kAbsent, u"0.0004"_s, u"-t must be more than 0 seconds"_s);
    for (const QString &text : { u"-1"_s, u""_s, u"abc"_s, u"nan"_s, u"inf"_s, u"31536001"_s })
        bad(qPrintable(u"-t "_s + text), kAbsent, text, kSeconds.arg(u"-t"_s, text));
}

void TestBenchFlags::length()
{
    QFETCH(QString, requests);
    QFETCH(QString, duration);
    QFETCH(qint64, expectedRequests);
    QFETCH(qint64, durationMs);
    QFETCH(QString, error);
    QString why;
    const std::optional<BenchFlags::Length> length
        = BenchFlags::length(given(requests), given(duration), &why);
    QCOMPARE(why, error);
    QCOMPARE(length.has_value(), error.isEmpty());
    if (!length)
        return;
    QCOMPARE(length->requests, expectedRequests);
    QCOMPARE(length->durationMs, durationMs);
}

void TestBenchFlags::connections_data()
{
    QTest::addColumn<QString>("concurrency");
    QTest::addColumn<QString>("threads");
    QTest::addColumn<qint64>("requests"); // 0: a run of -t
    QTest::addColumn<int>("expectedConcurrency");
    QTest::addColumn<int>("expectedThreads");
    QTest::addColumn<QString>("error");
    QTest::newRow("defaults") << kAbsent << kAbsent << qint64(1) << 1 << 1 << QString();
    QTest::newRow("-c 10") << u"10"_s << kAbsent << qint64(100) << 10 << 1 << QString();
    QTest::newRow("-c as -n") << u"5"_s << kAbsent << qint64(5) << 5 << 1 << QString();
    QTest::newRow("-c max, -t run") << u"100000"_s << kAbsent << qint64(0) << 100'000 << 1 << QString();
    QTest::newRow("threads") << u"8"_s << u"4"_s << qint64(0) << 8 << 4 << QString();
    QTest::newRow("threads max") << kAbsent << u"1024"_s << qint64(1) << 1 << 1024 << QString();

    const auto bad = [](const char *name, const QString &concurrency, const QString &threads, qint64 requests,
                         const QString &error) {
        QTest::newRow(name) << concurrency << threads << requests << 0 << 0 << error;
    };
    const QString cRange = u"-c must be a whole number from 1 to 100000, not \"%1\""_s;
    for (const QString &text : { u"0"_s, u"-2"_s, u"100001"_s, u"abc"_s, u""_s, u"99999999999999999999"_s })
        bad(qPrintable(u"-c "_s + text), text, kAbsent, 0, cRange.arg(text));
    bad("-c over -n", u"5"_s, kAbsent, 4, u"-c 5 is more than the 4 requests of -n"_s);
    bad("-c over default -n", u"2"_s, kAbsent, 1, u"-c 2 is more than the 1 requests of -n"_s);
    const QString tRange = u"--threads must be a whole number from 1 to 1024, not \"%1\""_s;
    for (const QString &text : { u"0"_s, u"-1"_s, u"1025"_s, u"x"_s, u""_s })
        bad(qPrintable(u"--threads "_s + text), kAbsent, text, 0, tRange.arg(text));
    // The first bad flag is said: -c, then -c against -n, then --threads.
    bad("-c and threads bad", u"0"_s, u"0"_s, 0, cRange.arg(u"0"_s));
    bad("-c over -n, threads bad", u"5"_s, u"0"_s, 4, u"-c 5 is more than the 4 requests of -n"_s);
}

void TestBenchFlags::connections()
{
    QFETCH(QString, concurrency);
    QFETCH(QString, threads);
    QFETCH(qint64, requests);
    QFETCH(int, expectedConcurrency);
    QFETCH(int, expectedThreads);
    QFETCH(QString, error);
    QString why;
    const std::optional<BenchFlags::Connections> connections
        = BenchFlags::connections(given(concurrency), given(threads), requests, &why);
    QCOMPARE(why, error);
    QCOMPARE(connections.has_value(), error.isEmpty());
    if (!connections)
        return;
    QCOMPARE(connections->concurrency, expectedConcurrency);
    QCOMPARE(connections->threads, expectedThreads);
}

void TestBenchFlags::rate_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("rate");
    QTest::addColumn<QString>("error");
    QTest::newRow("absent: closed model") << kAbsent << 0.0 << QString();
    QTest::newRow("100") << u"100"_s << 100.0 << QString();
    QTest::newRow("fraction") << u"0.5"_s << 0.5 << QString();
    QTest::newRow("max") << u"100000000"_s << 1e8 << QString();
    QTest::newRow("max, exponent") << u"1e8"_s << 1e8 << QString();
    QTest::newRow("spaces") << u" 100 "_s << 100.0 << QString();
    const QString range
        = u"--rate must be a number of requests per second above 0 and at most 100000000, not \"%1\""_s;
    for (const QString &text :
        { u"0"_s, u"-5"_s, u"abc"_s, u""_s, u"nan"_s, u"inf"_s, u"100000001"_s, u"1e400"_s })
        QTest::newRow(qPrintable(u"bad "_s + text)) << text << 0.0 << range.arg(text);
}

void TestBenchFlags::rate()
{
    QFETCH(QString, text);
    QFETCH(double, rate);
    QFETCH(QString, error);
    QString why;
    const std::optional<double> result = BenchFlags::rate(given(text), &why);
    QCOMPARE(why, error);
    QCOMPARE(result.has_value(), error.isEmpty());
    if (result)
        QCOMPARE(*result, rate);
}

void TestBenchFlags::warmup_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("error");
    QTest::newRow("absent") << kAbsent << qint64(0) << QString();
    QTest::newRow("0") << u"0"_s << qint64(0) << QString();
    QTest::newRow("2") << u"2"_s << qint64(2000) << QString();
    QTest::newRow("0.25") << u"0.25"_s << qint64(250) << QString();
    for (const QString &text : { u"-1"_s, u"abc"_s, u""_s, u"nan"_s, u"31536001"_s })
        QTest::newRow(qPrintable(u"bad "_s + text)) << text << qint64(0) << kSeconds.arg(u"--warmup"_s, text);
}

void TestBenchFlags::warmup()
{
    QFETCH(QString, text);
    QFETCH(qint64, ms);
    QFETCH(QString, error);
    QString why;
    const std::optional<qint64> result = BenchFlags::warmup(given(text), &why);
    QCOMPARE(why, error);
    QCOMPARE(result.has_value(), error.isEmpty());
    if (result)
        QCOMPARE(*result, ms);
}

void TestBenchFlags::timeout_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("ms");
    QTest::addColumn<QString>("error");
    QTest::newRow("absent: 30 s") << kAbsent << 30000 << QString();
    QTest::newRow("plain number is ms") << u"500"_s << 500 << QString();
    QTest::newRow("ms") << u"500ms"_s << 500 << QString();
    QTest::newRow("s") << u"5s"_s << 5000 << QString();
    QTest::newRow("fraction of s") << u"1.5s"_s << 1500 << QString();
    QTest::newRow("m") << u"2m"_s << 120000 << QString();
    QTest::newRow("1 ms") << u"1"_s << 1 << QString();
    QTest::newRow("24 hours") << u"1440m"_s << 86400000 << QString();
    QTest::newRow("spaces") << u" 250ms "_s << 250 << QString();
    const QString range
        = u"--timeout must be a time from 1 ms to 24 hours, in ms or with a unit (500, 500ms, "
          u"1.5s, 2m), not \"%1\""_s;
    for (const QString &text :
        { u"0"_s, u"0s"_s, u"0.4"_s, u"-5"_s, u"-5s"_s, u"+5s"_s, u"abc"_s, u""_s, u"s"_s, u"nan"_s, u"inf"_s,
            u"1e3"_s, u"5h"_s, u"5 s"_s, u"5sec"_s, u"1441m"_s, u"86400001"_s, u"99999999999999999999"_s })
        QTest::newRow(qPrintable(u"bad "_s + text)) << text << 0 << range.arg(text);
}

void TestBenchFlags::timeout()
{
    QFETCH(QString, text);
    QFETCH(int, ms);
    QFETCH(QString, error);
    QString why;
    const std::optional<int> result = BenchFlags::timeout(given(text), &why);
    QCOMPARE(why, error);
    QCOMPARE(result.has_value(), error.isEmpty());
    if (result)
        QCOMPARE(*result, ms);
}

void TestBenchFlags::headers_data()
{
    QTest::addColumn<QStringList>("texts");
    QTest::addColumn<QStringList>("parsed"); // "Name|value", in order
    QTest::addColumn<QString>("error");
    QTest::newRow("none") << QStringList() << QStringList() << QString();
    QTest::newRow("two in order") << QStringList { u"Accept: text/html"_s, u"X-A:1"_s }
                                  << QStringList { u"Accept|text/html"_s, u"X-A|1"_s } << QString();
    QTest::newRow("repeated name") << QStringList { u"X-A: 1"_s, u"X-A: 2"_s }
                                   << QStringList { u"X-A|1"_s, u"X-A|2"_s } << QString();
    QTest::newRow("empty value") << QStringList { u"X-Empty:"_s } << QStringList { u"X-Empty|"_s }
                                 << QString();
    const QString form = u"-H: bad header \"%1\" (expected \"Name: value\", e.g. \"Accept: text/html\")"_s;
    QTest::newRow("no colon") << QStringList { u"bad"_s } << QStringList() << form.arg(u"bad"_s);
    QTest::newRow("space in name") << QStringList { u"Bad Name: x"_s } << QStringList()
                                   << form.arg(u"Bad Name: x"_s);
    QTest::newRow("second bad") << QStringList { u"X: ok"_s, u": x"_s } << QStringList()
                                << form.arg(u": x"_s);
    QTest::newRow("empty") << QStringList { u""_s } << QStringList() << form.arg(QString());
    QTest::newRow("line break") << QStringList { u"X-A: 1\r\nX-B: 2"_s } << QStringList()
                                << u"-H: bad header \"X-A\": the value has a line break"_s;
}

void TestBenchFlags::headers()
{
    QFETCH(QStringList, texts);
    QFETCH(QStringList, parsed);
    QFETCH(QString, error);
    QString why;
    const auto headers = BenchFlags::headers(texts, &why);
    QCOMPARE(why, error);
    QCOMPARE(headers.has_value(), error.isEmpty());
    if (!headers)
        return;
    QStringList got;
    for (const auto &[name, value] : *headers)
        got.append(QString::fromLatin1(name) + u'|' + QString::fromUtf8(value));
    QCOMPARE(got, parsed);
}

void TestBenchFlags::request_data()
{
    QTest::addColumn<QString>("postFile"); // DIR: the test's folder
    QTest::addColumn<QString>("method");
    QTest::addColumn<QString>("contentType");
    QTest::addColumn<QByteArray>("expectedMethod");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("expectedType");
    QTest::addColumn<QString>("error");
    QTest::newRow("none") << kAbsent << kAbsent << kAbsent << QByteArray("GET") << QByteArray()
                          << QByteArray() << QString();
    QTest::newRow("-p") << u"DIR/body.txt"_s << kAbsent << kAbsent << QByteArray("POST")
                        << QByteArray("hello") << QByteArray("text/plain") << QString();
    QTest::newRow("-p -m PUT") << u"DIR/body.txt"_s << u"PUT"_s << kAbsent << QByteArray("PUT")
                               << QByteArray("hello") << QByteArray("text/plain") << QString();
    QTest::newRow("-p -T") << u"DIR/body.txt"_s << kAbsent << u"application/json"_s << QByteArray("POST")
                           << QByteArray("hello") << QByteArray("application/json") << QString();
    QTest::newRow("-m only") << kAbsent << u"DELETE"_s << kAbsent << QByteArray("DELETE") << QByteArray()
                             << QByteArray() << QString();
    QTest::newRow("-m token chars") << kAbsent << u"M-SEARCH"_s << kAbsent << QByteArray("M-SEARCH")
                                    << QByteArray() << QByteArray() << QString();
    QTest::newRow("-T only") << kAbsent << kAbsent << u"text/html"_s << QByteArray("GET") << QByteArray()
                             << QByteArray("text/html") << QString();
    QTest::newRow("-T empty") << u"DIR/body.txt"_s << kAbsent << u""_s << QByteArray("POST")
                              << QByteArray("hello") << QByteArray() << QString();

    const auto bad
        = [](const char *name, const QString &postFile, const QString &method, const QString &error) {
              QTest::newRow(name) << postFile << method << kAbsent << QByteArray() << QByteArray()
                                  << QByteArray() << error;
          };
    bad("-p missing", u"DIR/missing"_s, kAbsent,
        u"-p: cannot read \"DIR/missing\": No such file or directory"_s);
    bad("-p folder", u"DIR"_s, kAbsent, u"-p: cannot read \"DIR\": file to open is a directory"_s);
    bad("-p empty", u""_s, kAbsent, u"-p: cannot read \"\": No file name specified"_s);
    bad("-m space", kAbsent, u"GE T"_s, u"-m: bad method \"GE T\""_s);
    bad("-m empty", kAbsent, u""_s, u"-m: bad method \"\""_s);
    bad("-m non-ascii", kAbsent, u"GÉT"_s, u"-m: bad method \"GÉT\""_s);
    bad("-m colon", kAbsent, u"GET:"_s, u"-m: bad method \"GET:\""_s);
    // -p is said before -m.
    bad("-p and -m bad", u"DIR/missing"_s, u"GE T"_s,
        u"-p: cannot read \"DIR/missing\": No such file or directory"_s);
}

void TestBenchFlags::request()
{
    QFETCH(QString, postFile);
    QFETCH(QString, method);
    QFETCH(QString, contentType);
    QFETCH(QByteArray, expectedMethod);
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, expectedType);
    QFETCH(QString, error);
    QString why;
    const std::optional<BenchFlags::Request> request
        = BenchFlags::request(given(resolved(postFile)), given(method), given(contentType), &why);
    QCOMPARE(why, resolved(error));
    QCOMPARE(request.has_value(), error.isEmpty());
    if (!request)
        return;
    QCOMPARE(request->method, expectedMethod);
    QCOMPARE(request->body, body);
    QCOMPARE(request->contentType, expectedType);
}

void TestBenchFlags::outputFile_data()
{
    QTest::addColumn<QString>("flag");
    QTest::addColumn<QString>("file"); // DIR: the test's folder
    QTest::addColumn<QString>("error"); // empty: valid, the file as given
    QTest::newRow("empty: none") << u"--json"_s << u""_s << QString();
    QTest::newRow("in a folder") << u"--json"_s << u"DIR/run.json"_s << QString();
    QTest::newRow("existing file") << u"--csv"_s << u"DIR/file"_s << QString();
    QTest::newRow("relative") << u"-e"_s << u"p.csv"_s << QString();
    QTest::newRow("--json missing folder") << u"--json"_s << u"DIR/no/run.json"_s
                                           << u"--json: the folder of \"DIR/no/run.json\" does not exist"_s;
    QTest::newRow("--csv missing folder")
        << u"--csv"_s << u"DIR/no/s.csv"_s << u"--csv: the folder of \"DIR/no/s.csv\" does not exist"_s;
    QTest::newRow("-e under a file") << u"-e"_s << u"DIR/file/p.csv"_s
                                     << u"-e: the folder of \"DIR/file/p.csv\" does not exist"_s;
}

void TestBenchFlags::outputFile()
{
    QFETCH(QString, flag);
    QFETCH(QString, file);
    QFETCH(QString, error);
    QString why;
    const std::optional<QString> result = BenchFlags::outputFile(flag, resolved(file), &why);
    QCOMPARE(why, resolved(error));
    QCOMPARE(result.has_value(), error.isEmpty());
    if (result)
        QCOMPARE(*result, resolved(file));
}

void TestBenchFlags::k6File_data()
{
    QTest::addColumn<QString>("file"); // DIR: the test's folder
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("error");
    QTest::newRow("absent") << kAbsent << QString() << QString();
    QTest::newRow("in a folder") << u"DIR/run.js"_s << u"DIR/run.js"_s << QString();
    QTest::newRow("relative") << u"run.js"_s << u"run.js"_s << QString();
    QTest::newRow("missing folder") << u"DIR/no/run.js"_s << QString()
                                    << u"--export-k6: the folder of \"DIR/no/run.js\" does not exist"_s;
    QTest::newRow("empty") << u""_s << QString() << u"--export-k6: the folder of \"\" does not exist"_s;
}

void TestBenchFlags::k6File()
{
    QFETCH(QString, file);
    QFETCH(QString, path);
    QFETCH(QString, error);
    QString why;
    const std::optional<QString> result = BenchFlags::k6File(given(resolved(file)), &why);
    QCOMPARE(why, resolved(error));
    QCOMPARE(result.has_value(), error.isEmpty());
    if (result)
        QCOMPARE(*result, resolved(path));
}

void TestBenchFlags::k6P99Ms_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("ms");
    QTest::addColumn<QString>("error");
    QTest::newRow("absent") << kAbsent << 1000.0 << QString();
    QTest::newRow("250") << u"250"_s << 250.0 << QString();
    QTest::newRow("fraction") << u"0.5"_s << 0.5 << QString();
    const QString above = u"--k6-p99-ms must be a number of milliseconds above 0, not \"%1\""_s;
    for (const QString &text : { u"0"_s, u"-1"_s, u"abc"_s, u""_s, u"nan"_s, u"1e400"_s })
        QTest::newRow(qPrintable(u"bad "_s + text)) << text << 0.0 << above.arg(text);
}

void TestBenchFlags::k6P99Ms()
{
    QFETCH(QString, text);
    QFETCH(double, ms);
    QFETCH(QString, error);
    QString why;
    const std::optional<double> result = BenchFlags::k6P99Ms(given(text), &why);
    QCOMPARE(why, error);
    QCOMPARE(result.has_value(), error.isEmpty());
    if (result)
        QCOMPARE(*result, ms);
}

void TestBenchFlags::wrkFormat_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("wrk");
    QTest::addColumn<QString>("error");
    QTest::newRow("ab") << u"ab"_s << false << QString();
    QTest::newRow("wrk") << u"wrk"_s << true << QString();
    const QString either = u"--format must be ab or wrk, not \"%1\""_s;
    for (const QString &text : { u"xml"_s, u""_s, u"WRK"_s, u" ab"_s })
        QTest::newRow(qPrintable(u"bad "_s + text)) << text << false << either.arg(text);
}

void TestBenchFlags::wrkFormat()
{
    QFETCH(QString, text);
    QFETCH(bool, wrk);
    QFETCH(QString, error);
    QString why;
    const std::optional<bool> result = BenchFlags::wrkFormat(text, &why);
    QCOMPARE(why, error);
    QCOMPARE(result.has_value(), error.isEmpty());
    if (result)
        QCOMPARE(*result, wrk);
}

QTEST_GUILESS_MAIN(TestBenchFlags)
#include "tst_benchflags.moc"
