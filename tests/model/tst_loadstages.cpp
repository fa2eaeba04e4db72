// model::LoadStages: bench --stages' text form (each bad stage named, with
// the form), its length and the planned rate at a time.
#include "model/LoadStages.h"

#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::model::LoadStage;
using hostbench::model::LoadStages;

class TestLoadStages final : public QObject
{
    Q_OBJECT

private slots:
    void parses_data();
    void parses();
    void refuses_data();
    void refuses();
    void rampsLinearly();
};

void TestLoadStages::parses_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<LoadStage>>("stages");
    QTest::addColumn<QString>("formatted");
    QTest::newRow("k6's example") << u"10s:1000,30s:5000,10s:0"_s
                                  << QList<LoadStage> { { 10'000, 1000 }, { 30'000, 5000 }, { 10'000, 0 } }
                                  << u"10s:1000,30s:5000,10s:0"_s;
    QTest::newRow("units and blanks")
        << u" 500ms : 20 , 1.5s:12.5, 2m:0,1h:1"_s
        << QList<LoadStage> { { 500, 20 }, { 1500, 12.5 }, { 120'000, 0 }, { 3'600'000, 1 } }
        << u"500ms:20,1500ms:12.5,120s:0,3600s:1"_s;
    QTest::newRow("one stage") << u"1s:10"_s << QList<LoadStage> { { 1000, 10 } } << u"1s:10"_s;
}

void TestLoadStages::parses()
{
    QFETCH(QString, text);
    QFETCH(QList<LoadStage>, stages);
    QFETCH(QString, formatted);
    QString error;
    const std::optional<QList<LoadStage>> parsed = LoadStages::parse(text, 0, &error);
    QVERIFY2(parsed, qPrintable(error));
    QCOMPARE(*parsed, stages);
    QCOMPARE(LoadStages::format(*parsed), formatted);
    QCOMPARE(LoadStages::parse(formatted, 0, &error), parsed); // read back
}

void TestLoadStages::refuses_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("startRate");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("stage"); // 0-based, -1: the whole list
    QTest::newRow("zero duration") << u"0s:100"_s << 0.0
                                   << u"stage 1 (\"0s:100\"): the duration 0s is not above 0"_s << 0;
    QTest::newRow("negative duration")
        << u"10s:100,-5s:10"_s << 0.0 << u"stage 2 (\"-5s:10\"): the duration -5s is not above 0"_s << 1;
    QTest::newRow("negative rate") << u"10s:100,5s:-1"_s << 0.0
                                   << u"stage 2 (\"5s:-1\"): the rate -1 is negative"_s << 1;
    QTest::newRow("no colon") << u"10s"_s << 0.0
                              << u"stage 1 (\"10s\"): a colon between the duration and the rate is missing"_s
                              << 0;
    QTest::newRow("no unit") << u"10:100"_s << 0.0
                             << u"stage 1 (\"10:100\"): the duration \"10\" has no unit"_s << 0;
    QTest::newRow("unknown unit")
        << u"10d:100"_s << 0.0 << u"stage 1 (\"10d:100\"): the duration's unit is ms, s, m or h, not \"d\""_s
        << 0;
    QTest::newRow("rate no number") << u"1s:lots"_s << 0.0
                                    << u"stage 1 (\"1s:lots\"): the rate \"lots\" is not a number"_s << 0;
    QTest::newRow("rate too high") << u"1s:1e9"_s << 0.0 << u"stage 1 (\"1s:1e9\"): the rate 1e9 is above"_s
                                   << 0;
    QTest::newRow("empty stage") << u"1s:10,,2s:0"_s << 0.0 << u"stage 2 (\"\"): the stage is empty"_s << 1;
    QTest::newRow("empty list") << u""_s << 0.0 << u"stage 1 (\"\"): no stage is given"_s << 0;
    QTest::newRow("under a millisecond")
        << u"0.5ms:10"_s << 0.0 << u"stage 1 (\"0.5ms:10\"): the duration 0.5ms is under 1 ms"_s << 0;
    QTest::newRow("plans nothing") << u"5s:0,5s:0"_s << 0.0
                                   << u"the stages plan fewer than one request (0 in all"_s << -1;
}

void TestLoadStages::refuses()
{
    QFETCH(QString, text);
    QFETCH(double, startRate);
    QFETCH(QString, message);
    QFETCH(int, stage);
    QString error;
    int atFault = -2;
    QVERIFY(!LoadStages::parse(text, startRate, &error, &atFault));
    QVERIFY2(error.startsWith(message), qPrintable(error));
    // Each names the form expected.
    QVERIFY2(
        error.contains(u"; the form is DURATION:RATE[,DURATION:RATE...], such as 10s:1000,30s:5000,10s:0"_s),
        qPrintable(error));
    QCOMPARE(atFault, stage);
}

void TestLoadStages::rampsLinearly()
{
    QString error;
    const QList<LoadStage> stages = *LoadStages::parse(u"10s:1000,30s:5000,10s:0"_s, 200, &error);
    QCOMPARE(LoadStages::totalMs(stages), 50'000);
    QCOMPARE(LoadStages::rateAt(stages, 200, 0), 200.0); // from --rate
    QCOMPARE(LoadStages::rateAt(stages, 200, 5'000), 600.0);
    QCOMPARE(LoadStages::rateAt(stages, 200, 10'000), 1000.0);
    QCOMPARE(LoadStages::rateAt(stages, 200, 25'000), 3000.0);
    QCOMPARE(LoadStages::rateAt(stages, 200, 45'000), 2500.0);
    QCOMPARE(LoadStages::rateAt(stages, 200, 50'001), 0.0); // past the end
    // The area under the ramps: 6000 + 90000 + 25000.
    QCOMPARE(LoadStages::plannedRequests(stages, 200), 121'000.0);
    // From 0 without --rate: the same plan less the start's 200 over the first stage.
    QCOMPARE(LoadStages::plannedRequests(stages, 0), 120'000.0);
    // A ramp that starts at --rate and plans nothing after it is still a plan.
    QVERIFY(LoadStages::parse(u"5s:0"_s, 100, &error));
}

QTEST_GUILESS_MAIN(TestLoadStages)
#include "tst_loadstages.moc"
