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
    void rfc850Year_data();
    void rfc850Year();
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

// The week from Sun, 06 Nov 1994 to Sat, 12 Nov 1994, 08:49:37 each day, in
// the three forms of RFC 9110 §5.6.7.
struct WeekDay
{
    const char *name;
    QByteArray imfFixdate, rfc850, asctime;
    std::time_t time;
};

QList<WeekDay> week()
{
    static const char *const kShort[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
    static const char *const kLong[]
        = { "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday" };
    QList<WeekDay> days;
    for (int i = 0; i < 7; ++i) {
        const QByteArray day = QByteArray::number(6 + i).rightJustified(2, '0');
        const QByteArray asctimeDay = QByteArray::number(6 + i).rightJustified(2, ' ');
        days.append({ kLong[i], QByteArray(kShort[i]) + ", " + day + " Nov 1994 08:49:37 GMT",
            QByteArray(kLong[i]) + ", " + day + "-Nov-94 08:49:37 GMT",
            QByteArray(kShort[i]) + " Nov " + asctimeDay + " 08:49:37 1994", kDate + i * 86400 });
    }
    return days;
}
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
    // Every weekday in every form: the day name is read by the grammar, not
    // by its first letter or its length.
    for (const WeekDay &day : week()) {
        QTest::addRow("%s, IMF-fixdate", day.name) << day.imfFixdate << true << qint64(day.time);
        QTest::addRow("%s, RFC 850", day.name) << day.rfc850 << true << qint64(day.time);
        QTest::addRow("%s, asctime", day.name) << day.asctime << true << qint64(day.time);
    }
    QTest::newRow("asctime, two-digit day")
        << QByteArray("Sun Nov 06 08:49:37 1994") << true << qint64(kDate);
    QTest::newRow("surrounding space")
        << QByteArray(" Sun, 06 Nov 1994 08:49:37 GMT ") << true << qint64(kDate);
    QTest::newRow("epoch") << QByteArray("Thu, 01 Jan 1970 00:00:00 GMT") << true << qint64(0);
    QTest::newRow("29 February of a leap year")
        << QByteArray("Tue, 29 Feb 2000 00:00:00 GMT") << true << qint64(951782400);
    QTest::newRow("leap second") << QByteArray("Sat, 31 Dec 2016 23:59:60 GMT") << true << qint64(1483228800);
    // The grammar names the day; whether it is that date's weekday is not
    // part of it (RFC 9110 §5.6.7 asks no recipient to check), as in nginx.
    QTest::newRow("weekday of another date")
        << QByteArray("Mon, 06 Nov 1994 08:49:37 GMT") << true << qint64(kDate);
    QTest::newRow("not gmt") << QByteArray("Sun, 06 Nov 1994 08:49:37 UTC") << false << qint64(0);
    QTest::newRow("bad month") << QByteArray("Sun, 06 Nox 1994 08:49:37 GMT") << false << qint64(0);
    QTest::newRow("bad hour") << QByteArray("Sun, 06 Nov 1994 28:49:37 GMT") << false << qint64(0);
    QTest::newRow("number") << QByteArray("784111777") << false << qint64(0);
    QTest::newRow("empty") << QByteArray() << false << qint64(0);
    QTest::newRow("two dates") << QByteArray("Sun, 06 Nov 1994 08:49:37 GMT, Sun, 06 Nov 1994 08:49:37 GMT")
                               << false << qint64(0);
    // What the grammar refuses (names and GMT are case-sensitive, %s"...";
    // numbers are DIGITs, no sign; a day exists in its month).
    QTest::newRow("no such day name") << QByteArray("Sux, 06 Nov 1994 08:49:37 GMT") << false << qint64(0);
    QTest::newRow("day name in lower case")
        << QByteArray("sun, 06 Nov 1994 08:49:37 GMT") << false << qint64(0);
    QTest::newRow("month in lower case") << QByteArray("Sun, 06 nov 1994 08:49:37 GMT") << false << qint64(0);
    QTest::newRow("gmt in lower case") << QByteArray("Sun, 06 Nov 1994 08:49:37 gmt") << false << qint64(0);
    QTest::newRow("IMF-fixdate with a long day name")
        << QByteArray("Sunday, 06 Nov 1994 08:49:37 GMT") << false << qint64(0);
    QTest::newRow("RFC 850 with a short day name")
        << QByteArray("Sun, 06-Nov-94 08:49:37 GMT") << false << qint64(0);
    QTest::newRow("RFC 850 with a made-up long name")
        << QByteArray("Someday, 06-Nov-94 08:49:37 GMT") << false << qint64(0);
    QTest::newRow("asctime with a long day name")
        << QByteArray("Sunday Nov  6 08:49:37 1994") << false << qint64(0);
    QTest::newRow("negative hour") << QByteArray("Sun, 06 Nov 1994 -1:49:37 GMT") << false << qint64(0);
    QTest::newRow("negative day") << QByteArray("Sun, -6 Nov 1994 08:49:37 GMT") << false << qint64(0);
    QTest::newRow("signed year") << QByteArray("Sun, 06 Nov +994 08:49:37 GMT") << false << qint64(0);
    QTest::newRow("RFC 850 negative year")
        << QByteArray("Sunday, 06-Nov--4 08:49:37 GMT") << false << qint64(0);
    QTest::newRow("asctime space in the year")
        << QByteArray("Sun Nov  6 08:49:37  994") << false << qint64(0);
    QTest::newRow("30 February") << QByteArray("Wed, 30 Feb 1994 08:49:37 GMT") << false << qint64(0);
    QTest::newRow("29 February of a common year")
        << QByteArray("Tue, 29 Feb 1994 08:49:37 GMT") << false << qint64(0);
    QTest::newRow("31 November") << QByteArray("Thu, 31 Nov 1994 08:49:37 GMT") << false << qint64(0);
    QTest::newRow("day 00") << QByteArray("Sun, 00 Nov 1994 08:49:37 GMT") << false << qint64(0);
    QTest::newRow("minute 60") << QByteArray("Sun, 06 Nov 1994 08:60:37 GMT") << false << qint64(0);
    QTest::newRow("second 61") << QByteArray("Sun, 06 Nov 1994 08:49:61 GMT") << false << qint64(0);
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

void TestValidators::rfc850Year_data()
{
    // RFC 9110 §5.6.7: a two-digit year that appears to be more than 50 years
    // in the future is the most recent past year with those two digits.
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<qint64>("now");
    QTest::addColumn<qint64>("time");
    const qint64 now = 1796126400; // Tue, 01 Dec 2026 12:00:00 GMT
    QTest::newRow("this year") << QByteArray("Tuesday, 01-Dec-26 11:00:00 GMT") << now << qint64(1796122800);
    QTest::newRow("years ago") << QByteArray("Wednesday, 01-Dec-10 11:00:00 GMT") << now
                               << qint64(1291201200);
    QTest::newRow("2000") << QByteArray("Friday, 01-Dec-00 11:00:00 GMT") << now << qint64(975668400);
    QTest::newRow("99 is 1999") << QByteArray("Wednesday, 01-Dec-99 11:00:00 GMT") << now
                                << qint64(944046000);
    QTest::newRow("69 is 2069") << QByteArray("Sunday, 01-Dec-69 11:00:00 GMT") << now << qint64(3153121200);
    QTest::newRow("70 is 2070") << QByteArray("Monday, 01-Dec-70 11:00:00 GMT") << now << qint64(3184657200);
    QTest::newRow("50 years ahead less an hour")
        << QByteArray("Tuesday, 01-Dec-76 11:00:00 GMT") << now << qint64(3374046000);
    QTest::newRow("50 years ahead and an hour")
        << QByteArray("Wednesday, 01-Dec-76 13:00:00 GMT") << now << qint64(218293200);
    QTest::newRow("77 is 1977") << QByteArray("Thursday, 01-Dec-77 11:00:00 GMT") << now << qint64(249822000);
    // Late in a century the next one's years are the near future.
    const qint64 late = 3799958400; // Thu, 01 Jun 2090 00:00:00 GMT
    QTest::newRow("in 2090, 10 is 2110")
        << QByteArray("Monday, 01-Dec-10 11:00:00 GMT") << late << qint64(4446874800);
    QTest::newRow("in 2090, 50 is 2050")
        << QByteArray("Thursday, 01-Dec-50 11:00:00 GMT") << late << qint64(2553505200);
}

void TestValidators::rfc850Year()
{
    QFETCH(QByteArray, text);
    QFETCH(qint64, now);
    QFETCH(qint64, time);
    std::time_t parsed = 0;
    QVERIFY(Validators::parseDate(text.toStdString(), parsed, std::time_t(now)));
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
    // etagc (RFC 9110 §8.8.3) is %x21 / %x23-7E / obs-text: a list with a
    // tag outside it is malformed and matches nothing.
    QTest::newRow("space inside a tag") << QByteArray("\"a b\", \"1-2-3\"") << true << false;
    QTest::newRow("tab inside a tag") << QByteArray("\"a\tb\", \"1-2-3\"") << true << false;
    QTest::newRow("control inside a tag") << QByteArray("\"a\x01\", \"1-2-3\"") << true << false;
    QTest::newRow("DEL inside a tag") << QByteArray("\"a\x7f\", \"1-2-3\"") << true << false;
    QTest::newRow("obs-text inside a tag") << QByteArray("\"\xe9t\xe9\", \"1-2-3\"") << true << true;
    QTest::newRow("weak prefix in lower case") << QByteArray("w/\"1-2-3\"") << true << false;
    QTest::newRow("star in a list") << QByteArray("*, \"1-2-3\"") << true << false;
    QTest::newRow("unterminated") << QByteArray("\"1-2-3\", \"b") << true << false;
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
    QTest::addColumn<qint64>("lastModified");
    QTest::addColumn<bool>("holds");
    QTest::newRow("same tag") << QByteArray::fromStdString(kTag) << qint64(kDate) << true;
    QTest::newRow("other tag") << QByteArray("\"x\"") << qint64(kDate) << false;
    QTest::newRow("weak tag") << "W/" + QByteArray::fromStdString(kTag) << qint64(kDate) << false;
    QTest::newRow("same date") << QByteArray("Sun, 06 Nov 1994 08:49:37 GMT") << qint64(kDate) << true;
    QTest::newRow("later date") << QByteArray("Sun, 06 Nov 1994 08:49:38 GMT") << qint64(kDate) << false;
    QTest::newRow("garbage") << QByteArray("whenever") << qint64(kDate) << false;
    QTest::newRow("W without slash") << QByteArray("W\"1-2-3\"") << qint64(kDate) << false;
    QTest::newRow("tag and more") << QByteArray::fromStdString(kTag + " x") << qint64(kDate) << false;
    // entity-tag / HTTP-date (RFC 9110 §13.1.5): a date on a Wednesday is a
    // date, not a weak tag because it starts with 'W'.
    for (const WeekDay &day : week()) {
        QTest::addRow("%s, IMF-fixdate", day.name) << day.imfFixdate << qint64(day.time) << true;
        QTest::addRow("%s, RFC 850", day.name) << day.rfc850 << qint64(day.time) << true;
        QTest::addRow("%s, asctime", day.name) << day.asctime << qint64(day.time) << true;
        QTest::addRow("%s, a second later", day.name) << day.imfFixdate << qint64(day.time + 1) << false;
    }
}

void TestValidators::ifRange()
{
    QFETCH(QByteArray, ifRange);
    QFETCH(qint64, lastModified);
    QFETCH(bool, holds);
    QCOMPARE(Validators::ifRangeHolds(ifRange.toStdString(), kTag, std::time_t(lastModified)), holds);
}

QTEST_GUILESS_MAIN(TestValidators)
#include "tst_validators.moc"
