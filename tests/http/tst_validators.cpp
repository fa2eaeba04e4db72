#include "http/Request.h"
#include "http/Validators.h"

#include <QTest>

using namespace hostbench::http;

// Entity-tags, HTTP dates and the precondition order of RFC 9110 §13.2.2.
class TestValidators final : public QObject
{
    Q_OBJECT

private slots:
    void etag();
    void parseDate_data();
    void parseDate();
    void listMatches_data();
    void listMatches();
    void evaluate_data();
    void evaluate();
    void ifRange_data();
    void ifRange();
};

Q_DECLARE_METATYPE(Validators::Outcome)

namespace {
// Sun, 06 Nov 1994 08:49:37 GMT
constexpr std::time_t kDate = 784111777;
const std::string kTag = "\"1-2-3\"";
} // namespace

void TestValidators::etag()
{
    std::string out;
    Validators::formatETag(0x1a2b, 1024, 1700000000123456789, {}, out);
    QCOMPARE(QByteArray::fromStdString(out), QByteArray("\"1a2b-400-17979cfe3d85cd15\""));
    std::string br;
    Validators::formatETag(0x1a2b, 1024, 1700000000123456789, "br", br);
    QCOMPARE(QByteArray::fromStdString(br), QByteArray("\"1a2b-400-17979cfe3d85cd15-br\""));
    // One nanosecond is another tag.
    std::string later;
    Validators::formatETag(0x1a2b, 1024, 1700000000123456790, {}, later);
    QVERIFY(later != out);
}

void TestValidators::parseDate_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<qint64>("time");
    QTest::newRow("imf-fixdate") << QByteArray("Sun, 06 Nov 1994 08:49:37 GMT") << true << qint64(kDate);
    QTest::newRow("rfc850") << QByteArray("Sunday, 06-Nov-94 08:49:37 GMT") << true << qint64(kDate);
    QTest::newRow("asctime") << QByteArray("Sun Nov  6 08:49:37 1994") << true << qint64(kDate);
    QTest::newRow("surrounding space")
        << QByteArray(" Sun, 06 Nov 1994 08:49:37 GMT ") << true << qint64(kDate);
    QTest::newRow("epoch") << QByteArray("Thu, 01 Jan 1970 00:00:00 GMT") << true << qint64(0);
    QTest::newRow("not gmt") << QByteArray("Sun, 06 Nov 1994 08:49:37 UTC") << false << qint64(0);
    QTest::newRow("bad month") << QByteArray("Sun, 06 Nox 1994 08:49:37 GMT") << false << qint64(0);
    QTest::newRow("bad hour") << QByteArray("Sun, 06 Nov 1994 28:49:37 GMT") << false << qint64(0);
    QTest::newRow("number") << QByteArray("784111777") << false << qint64(0);
    QTest::newRow("empty") << QByteArray() << false << qint64(0);
    QTest::newRow("two dates") << QByteArray("Sun, 06 Nov 1994 08:49:37 GMT, Sun, 06 Nov 1994 08:49:37 GMT")
                               << false << qint64(0);
}

void TestValidators::parseDate()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, valid);
    QFETCH(qint64, time);
    std::time_t parsed = 0;
    QCOMPARE(Validators::parseDate(text.toStdString(), parsed), valid);
    if (valid)
        QCOMPARE(qint64(parsed), time);
}

void TestValidators::listMatches_data()
{
    QTest::addColumn<QByteArray>("list");
    QTest::addColumn<bool>("weak");
    QTest::addColumn<bool>("matches");
    QTest::newRow("same") << QByteArray("\"1-2-3\"") << false << true;
    QTest::newRow("other") << QByteArray("\"1-2-4\"") << true << false;
    QTest::newRow("star") << QByteArray("*") << false << true;
    QTest::newRow("in list") << QByteArray("\"a\", \"1-2-3\" ,\"b\"") << false << true;
    QTest::newRow("weak tag, weak comparison") << QByteArray("W/\"1-2-3\"") << true << true;
    QTest::newRow("weak tag, strong comparison") << QByteArray("W/\"1-2-3\"") << false << false;
    QTest::newRow("unquoted") << QByteArray("1-2-3") << true << false;
    QTest::newRow("malformed list") << QByteArray("\"a\" junk, \"1-2-3\"") << true << false;
    QTest::newRow("empty elements") << QByteArray(", ,\"1-2-3\"") << true << true;
    QTest::newRow("prefix only") << QByteArray("\"1-2-\"") << true << false;
}

void TestValidators::listMatches()
{
    QFETCH(QByteArray, list);
    QFETCH(bool, weak);
    QFETCH(bool, matches);
    QCOMPARE(Validators::listMatches(list.toStdString(), kTag, weak), matches);
}

void TestValidators::evaluate_data()
{
    QTest::addColumn<QByteArray>("ifMatch");
    QTest::addColumn<QByteArray>("ifUnmodifiedSince");
    QTest::addColumn<QByteArray>("ifNoneMatch");
    QTest::addColumn<QByteArray>("ifModifiedSince");
    QTest::addColumn<Validators::Outcome>("outcome");

    const QByteArray same = "Sun, 06 Nov 1994 08:49:37 GMT";
    const QByteArray before = "Sun, 06 Nov 1994 08:49:36 GMT";
    const QByteArray after = "Sun, 06 Nov 1994 08:49:38 GMT";
    const QByteArray tag = QByteArray::fromStdString(kTag);
    using O = Validators::Outcome;
    QTest::newRow("none") << QByteArray() << QByteArray() << QByteArray() << QByteArray() << O::Proceed;
    QTest::newRow("inm match") << QByteArray() << QByteArray() << tag << QByteArray() << O::NotModified;
    QTest::newRow("inm weak match") << QByteArray() << QByteArray() << "W/" + tag << QByteArray()
                                    << O::NotModified;
    QTest::newRow("inm star") << QByteArray() << QByteArray() << QByteArray("*") << QByteArray()
                              << O::NotModified;
    QTest::newRow("inm other") << QByteArray() << QByteArray() << QByteArray("\"x\"") << QByteArray()
                               << O::Proceed;
    QTest::newRow("ims same") << QByteArray() << QByteArray() << QByteArray() << same << O::NotModified;
    QTest::newRow("ims later") << QByteArray() << QByteArray() << QByteArray() << after << O::NotModified;
    QTest::newRow("ims earlier") << QByteArray() << QByteArray() << QByteArray() << before << O::Proceed;
    QTest::newRow("ims invalid") << QByteArray() << QByteArray() << QByteArray() << QByteArray("yesterday")
                                 << O::Proceed;
    QTest::newRow("inm takes precedence over ims")
        << QByteArray() << QByteArray() << QByteArray("\"x\"") << same << O::Proceed;
    QTest::newRow("inm match beats old ims")
        << QByteArray() << QByteArray() << tag << before << O::NotModified;
    QTest::newRow("if-match ok") << tag << QByteArray() << QByteArray() << QByteArray() << O::Proceed;
    QTest::newRow("if-match star") << QByteArray("*") << QByteArray() << QByteArray() << QByteArray()
                                   << O::Proceed;
    QTest::newRow("if-match other") << QByteArray("\"x\"") << QByteArray() << QByteArray() << QByteArray()
                                    << O::PreconditionFailed;
    QTest::newRow("if-match weak") << "W/" + tag << QByteArray() << QByteArray() << QByteArray()
                                   << O::PreconditionFailed;
    QTest::newRow("ius earlier") << QByteArray() << before << QByteArray() << QByteArray()
                                 << O::PreconditionFailed;
    QTest::newRow("ius same") << QByteArray() << same << QByteArray() << QByteArray() << O::Proceed;
    QTest::newRow("ius invalid") << QByteArray() << QByteArray("soon") << QByteArray() << QByteArray()
                                 << O::Proceed;
    QTest::newRow("if-match beats ius") << tag << before << QByteArray() << QByteArray() << O::Proceed;
    QTest::newRow("412 before 304") << QByteArray("\"x\"") << QByteArray() << tag << QByteArray()
                                    << O::PreconditionFailed;
}

void TestValidators::evaluate()
{
    QFETCH(QByteArray, ifMatch);
    QFETCH(QByteArray, ifUnmodifiedSince);
    QFETCH(QByteArray, ifNoneMatch);
    QFETCH(QByteArray, ifModifiedSince);
    QFETCH(Validators::Outcome, outcome);
    Request request;
    request.ifMatch = ifMatch.toStdString();
    request.ifUnmodifiedSince = ifUnmodifiedSince.toStdString();
    request.ifNoneMatch = ifNoneMatch.toStdString();
    request.ifModifiedSince = ifModifiedSince.toStdString();
    QCOMPARE(Validators::hasConditions(request),
        !(ifMatch.isEmpty() && ifUnmodifiedSince.isEmpty() && ifNoneMatch.isEmpty()
            && ifModifiedSince.isEmpty()));
    QCOMPARE(Validators::evaluate(request, kTag, kDate), outcome);
}

void TestValidators::ifRange_data()
{
    QTest::addColumn<QByteArray>("ifRange");
    QTest::addColumn<bool>("holds");
    QTest::newRow("same tag") << QByteArray::fromStdString(kTag) << true;
    QTest::newRow("other tag") << QByteArray("\"x\"") << false;
    QTest::newRow("weak tag") << "W/" + QByteArray::fromStdString(kTag) << false;
    QTest::newRow("same date") << QByteArray("Sun, 06 Nov 1994 08:49:37 GMT") << true;
    QTest::newRow("later date") << QByteArray("Sun, 06 Nov 1994 08:49:38 GMT") << false;
    QTest::newRow("garbage") << QByteArray("whenever") << false;
}

void TestValidators::ifRange()
{
    QFETCH(QByteArray, ifRange);
    QFETCH(bool, holds);
    QCOMPARE(Validators::ifRangeHolds(ifRange.toStdString(), kTag, kDate), holds);
}

QTEST_GUILESS_MAIN(TestValidators)
#include "tst_validators.moc"
