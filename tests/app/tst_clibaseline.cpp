// hostbench-cli's baselines end to end (issue #28): the built executable run
// with QProcess against `serve` (the real engine) on 127.0.0.1, with a real
// SQLite file: runs baseline ID [--clear], bench --compare-baseline, the
// FACTOR*baseline thresholds, and exit 3 for a target without a baseline.
#include "CliProcess.h"
#include "ControlCall.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

constexpr int kTimeoutMs = 60'000;

using Result = hostbench::test::CliResult;

using hostbench::test::controlCall;

// A verdict object of "baseline_comparison": a verdict, a ratio inside its interval.
bool isEstimate(const QJsonObject &e)
{
    static const QStringList verdicts { u"faster"_s, u"slower"_s, u"no significant change"_s };
    const double ratio = e[u"ratio"_s].toDouble();
    return verdicts.contains(e[u"verdict"_s].toString()) && ratio > 0 && e[u"low"_s].toDouble() <= ratio
        && ratio <= e[u"high"_s].toDouble() && e[u"value"_s].toDouble() > 0
        && e[u"baseline_value"_s].toDouble() > 0;
}

} // namespace

class TestCliBaseline final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void noBaselineStopsBeforeTheRun();
    void baselineSetShownAndCompared();
    void baselineOfAnotherTarget();
    void ratioThresholds();
    void jsonCarriesTheVerdict();
    void controlApiRunsCheckTheBaseline();
    void clearAndReplace();
    void refusals();

private:
    Result cli(const QStringList &arguments);
    Result bench(const QStringList &flags, const QString &url);
    qint64 storedId(const Result &result);

    QTemporaryDir m_dir;
    QProcess m_serve;
    QString m_url;
    QString m_data;
    qint64 m_first = 0;
};

Result TestCliBaseline::cli(const QStringList &arguments)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"HOSTBENCH_DATA_DIR"_s, m_dir.filePath(u"default-data"_s));
    return hostbench::test::runProcess(QStringLiteral(HOSTBENCH_CLI_PATH), arguments, env, kTimeoutMs);
}

Result TestCliBaseline::bench(const QStringList &flags, const QString &url)
{
    // 1.5 s: 15 samples of 100 ms, above the comparison's least 10.
    return cli(
        QStringList { u"bench"_s, u"-t"_s, u"1.5"_s, u"-c"_s, u"2"_s, u"-k"_s, u"--data-dir"_s, m_data }
        + flags + QStringList { url });
}

qint64 TestCliBaseline::storedId(const Result &result)
{
    const QRegularExpressionMatch id = QRegularExpression(u"Stored as run (\\d+)"_s).match(result.err);
    return id.hasMatch() ? id.captured(1).toLongLong() : 0;
}

void TestCliBaseline::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_data = m_dir.filePath(u"data"_s);
    const QString site = m_dir.filePath(u"site"_s);
    QVERIFY(QDir().mkpath(site));
    QFile index(site + u"/index.html"_s);
    QVERIFY(index.open(QIODevice::WriteOnly) && index.write("OK") == 2);
    index.close();
    QStringList serve { u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s, u"--default"_s, site, u"--control"_s,
        u"off"_s };
    if (::geteuid() == 0)
        serve << u"--user"_s << u"root"_s;
    m_serve.start(QStringLiteral(HOSTBENCH_CLI_PATH), serve);
    QVERIFY(m_serve.waitForStarted(kTimeoutMs));
    QByteArray out;
    QDeadlineTimer deadline(kTimeoutMs);
    while (!out.contains("Press Ctrl+C") && m_serve.state() == QProcess::Running && !deadline.hasExpired()) {
        m_serve.waitForReadyRead(100);
        out += m_serve.readAllStandardOutput();
    }
    const QRegularExpressionMatch port
        = QRegularExpression(u"Serving http://127\\.0\\.0\\.1:(\\d+)/"_s).match(QString::fromLocal8Bit(out));
    QVERIFY2(port.hasMatch(), out.constData());
    m_url = u"http://127.0.0.1:%1/"_s.arg(port.captured(1));
    const Result first = bench({}, m_url);
    QVERIFY2(first.exitCode == 0, qPrintable(first.err + first.out));
    m_first = storedId(first);
    QVERIFY(m_first > 0);
}

void TestCliBaseline::cleanupTestCase()
{
    m_serve.terminate();
    if (!m_serve.waitForFinished(kTimeoutMs))
        m_serve.kill();
}

void TestCliBaseline::noBaselineStopsBeforeTheRun()
{
    const int before = int(cli({ u"runs"_s, u"--data-dir"_s, m_data }).out.count(u'\n'));
    const Result r = bench({ u"--compare-baseline"_s }, m_url);
    QVERIFY2(r.exitCode == 3, qPrintable(r.err + r.out));
    QVERIFY2(
        r.err.contains(
            u"no baseline for GET %1 (runs baseline ID sets one); no target has one (exit 3)"_s.arg(m_url)),
        qPrintable(r.err));
    // No request sent, nothing stored.
    QVERIFY2(!r.out.contains(u"Requests per second"_s), qPrintable(r.out));
    QCOMPARE(int(cli({ u"runs"_s, u"--data-dir"_s, m_data }).out.count(u'\n')), before);
    // A URL's own percent escapes are not placeholders of the message.
    const Result escaped = bench({ u"--compare-baseline"_s }, m_url + u"%31%32%2F"_s);
    QCOMPARE(escaped.exitCode, 3);
    QVERIFY2(escaped.err.contains(u"no baseline for GET "_s + m_url + u"%31%32%2F (runs baseline ID"_s)
            && escaped.err.contains(u"(exit 3)"_s),
        qPrintable(escaped.err));
}

void TestCliBaseline::baselineSetShownAndCompared()
{
    const Result set = cli({ u"runs"_s, u"baseline"_s, QString::number(m_first), u"--data-dir"_s, m_data });
    QVERIFY2(set.exitCode == 0, qPrintable(set.err));
    QCOMPARE(set.out, u"Run %1 is the baseline of GET %2\n"_s.arg(m_first).arg(m_url));
    const Result list = cli({ u"runs"_s, u"--data-dir"_s, m_data });
    QVERIFY2(list.out.contains(u"GET %1 (baseline)"_s.arg(m_url)), qPrintable(list.out));
    const Result show = cli({ u"runs"_s, u"show"_s, QString::number(m_first), u"--data-dir"_s, m_data });
    QVERIFY2(show.out.contains(u"\nBaseline of GET %1\n"_s.arg(m_url)), qPrintable(show.out));

    const Result compared = bench({ u"--compare-baseline"_s }, m_url);
    QVERIFY2(compared.exitCode == 0, qPrintable(compared.err + compared.out));
    QVERIFY2(
        compared.out.contains(
            u"\nCompared with the baseline, run %1 (GET %2), at 95% confidence:\n"_s.arg(m_first).arg(m_url)),
        qPrintable(compared.out));
    // A verdict, a ratio and its interval for each, whatever the machine's noise.
    const QString number = u"\\d+\\.\\d+"_s;
    for (const QString &metric : { u"requests/s"_s, u"p99"_s }) {
        const QRegularExpression line(
            u"\n  %1: (faster|slower|no significant change), ×%2 \\(95%% interval ×%2 to ×%2; "_s
                .arg(QRegularExpression::escape(metric), number)
                .replace(u"%%"_s, u"%"_s));
        QVERIFY2(line.match(compared.out).hasMatch(), qPrintable(metric + u'\n' + compared.out));
    }
    QVERIFY2(!compared.out.contains(u"unlike runs"_s), qPrintable(compared.out));
    // Other parameters: said beside the verdict.
    const Result unlike = cli({ u"bench"_s, u"-t"_s, u"1.5"_s, u"-c"_s, u"3"_s, u"-k"_s, u"--data-dir"_s,
        m_data, u"--compare-baseline"_s, m_url });
    QVERIFY2(unlike.exitCode == 0, qPrintable(unlike.err));
    QVERIFY2(
        unlike.out.contains(u"  Note: unlike runs, -c: baseline 2, this run 3\n"_s), qPrintable(unlike.out));
    const qint64 later = storedId(compared);
    const Result shown = cli({ u"runs"_s, u"show"_s, QString::number(later), u"--data-dir"_s, m_data });
    QVERIFY2(shown.out.contains(u"\nBaseline of GET %1: run %2\n"_s.arg(m_url).arg(m_first)),
        qPrintable(shown.out));
}

void TestCliBaseline::baselineOfAnotherTarget()
{
    QCOMPARE(
        cli({ u"runs"_s, u"baseline"_s, QString::number(m_first), u"--data-dir"_s, m_data }).exitCode, 0);
    // Another URL, another method: other targets.
    for (const QStringList &flags : { QStringList { u"--compare-baseline"_s },
             QStringList { u"--compare-baseline"_s, u"-m"_s, u"HEAD"_s } }) {
        const QString url = flags.contains(u"HEAD"_s) ? m_url : m_url + u"other"_s;
        const Result r = bench(flags, url);
        QVERIFY2(r.exitCode == 3, qPrintable(r.err + r.out));
        QVERIFY2(
            r.err.contains(
                u"the baselines are of other targets: GET %1 (run %2) (exit 3)"_s.arg(m_url).arg(m_first)),
            qPrintable(r.err));
    }
    // A ratio threshold needs it too.
    const Result threshold = bench({ u"--threshold"_s, u"rps>=0.5*baseline"_s }, m_url + u"other"_s);
    QVERIFY2(threshold.exitCode == 3, qPrintable(threshold.err));
}

void TestCliBaseline::ratioThresholds()
{
    QCOMPARE(
        cli({ u"runs"_s, u"baseline"_s, QString::number(m_first), u"--data-dir"_s, m_data }).exitCode, 0);
    // No machine runs 1000 times faster than itself a moment ago.
    const Result failed
        = bench({ u"--threshold"_s, u"rps>=1000*baseline"_s, u"--threshold"_s, u"p99<60s"_s }, m_url);
    QVERIFY2(failed.exitCode == 99, qPrintable(failed.err + failed.out));
    QVERIFY2(QRegularExpression(
                 u"\n  rps>=1000\\*baseline: \\d+\\.\\d{3} × baseline \\(>= 1000 × baseline\\), FAIL\n"_s)
                 .match(failed.out)
                 .hasMatch(),
        qPrintable(failed.out));
    QVERIFY2(failed.err.contains(u"a threshold failed (exit 99)"_s), qPrintable(failed.err));
    const QString json = m_dir.filePath(u"held.json"_s);
    const QString baseJson = m_dir.filePath(u"base.json"_s);
    const Result held = bench({ u"--json"_s, json, u"--threshold"_s, u"rps >= 0.001 * baseline"_s,
                                  u"--threshold"_s, u"p99<=1000*baseline"_s },
        m_url);
    QVERIFY2(held.exitCode == 0, qPrintable(held.err + held.out));
    QCOMPARE(held.out.count(u" × baseline), pass\n"_s), 2);
    // The figure is this run's requests/s over the baseline's, as their JSON give them.
    QCOMPARE(cli({ u"runs"_s, u"export"_s, QString::number(m_first), u"--json"_s, baseJson, u"--data-dir"_s,
                     m_data })
                 .exitCode,
        0);
    const auto rps = [](const QString &path) {
        QFile file(path);
        return file.open(QIODevice::ReadOnly)
            ? QJsonDocument::fromJson(file.readAll()).object().value(u"requests_per_second"_s).toDouble()
            : 0.0;
    };
    QVERIFY(rps(baseJson) > 0);
    const QRegularExpressionMatch printed
        = QRegularExpression(u"rps >= 0\\.001 \\* baseline: (\\d+\\.\\d{3}) × baseline"_s).match(held.out);
    QVERIFY2(printed.hasMatch(), qPrintable(held.out));
    QVERIFY2(std::abs(printed.captured(1).toDouble() - rps(json) / rps(baseJson)) < 0.0006,
        qPrintable(u"%1 against %2 / %3"_s.arg(printed.captured(1)).arg(rps(json)).arg(rps(baseJson))));
    // Read again later, a ratio threshold says it is not checked there.
    const Result shown
        = cli({ u"runs"_s, u"show"_s, QString::number(storedId(held)), u"--data-dir"_s, m_data });
    QVERIFY2(shown.out.contains(u"rps >= 0.001 * baseline: not checked here"_s), qPrintable(shown.out));
    // With --abort-on-fail it is checked at the end, against the baseline:
    // it stopped every run at 1 s before (the run has no baseline figures).
    const Result watched = bench({ u"--abort-on-fail"_s, u"--threshold"_s, u"rps>=0.001*baseline"_s }, m_url);
    QVERIFY2(watched.exitCode == 0, qPrintable(watched.err + watched.out));
    QVERIFY2(!watched.out.contains(u"aborted"_s) && watched.out.contains(u" × baseline), pass\n"_s),
        qPrintable(watched.out));
}

// bench --json with --compare-baseline: the verdict as "baseline_comparison", and
// the FACTOR*baseline thresholds checked against the baseline (not "not checked").
void TestCliBaseline::jsonCarriesTheVerdict()
{
    QCOMPARE(
        cli({ u"runs"_s, u"baseline"_s, QString::number(m_first), u"--data-dir"_s, m_data }).exitCode, 0);
    const QString json = m_dir.filePath(u"verdict.json"_s);
    const Result r = bench(
        { u"--compare-baseline"_s, u"--json"_s, json, u"--threshold"_s, u"rps>=0.001*baseline"_s }, m_url);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    const QJsonObject verdict = root[u"baseline_comparison"_s].toObject();
    QCOMPARE(verdict[u"baseline_run"_s].toInteger(), m_first);
    QCOMPARE(verdict[u"target"_s].toString(), u"GET "_s + m_url);
    QCOMPARE(verdict[u"confidence"_s].toDouble(), 0.95);
    QVERIFY2(isEstimate(verdict[u"requests_per_second"_s].toObject()),
        QJsonDocument(verdict).toJson().constData());
    QVERIFY2(isEstimate(verdict[u"p99_ms"_s].toObject()), QJsonDocument(verdict).toJson().constData());
    QCOMPARE(verdict[u"differences"_s].toArray().size(), 0);
    const QJsonObject threshold = root[u"thresholds"_s][u"results"_s][0].toObject();
    QVERIFY2(!threshold.contains(u"checked"_s) && threshold[u"passed"_s].toBool(),
        QJsonDocument(root[u"thresholds"_s].toObject()).toJson().constData());
    // Without --compare-baseline: no such member.
    const Result plain = bench({ u"--json"_s, json }, m_url);
    QCOMPARE(plain.exitCode, 0);
    QFile again(json);
    QVERIFY(again.open(QIODevice::ReadOnly));
    QVERIFY(!QJsonDocument::fromJson(again.readAll()).object().contains(u"baseline_comparison"_s));
}

// POST /api/runs with "compare_baseline" and FACTOR*baseline thresholds
// (serve's control API on the same data folder): refused with 422 naming
// the member for a target without a baseline, else checked against it, the
// verdict in GET /api/runs/{id}.
void TestCliBaseline::controlApiRunsCheckTheBaseline()
{
    QCOMPARE(
        cli({ u"runs"_s, u"baseline"_s, QString::number(m_first), u"--data-dir"_s, m_data }).exitCode, 0);
    QProcess serve;
    QStringList arguments { u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, m_data,
        u"--control"_s, u"127.0.0.1:0"_s };
    if (::geteuid() == 0)
        arguments << u"--user"_s << u"root"_s;
    serve.start(QStringLiteral(HOSTBENCH_CLI_PATH), arguments);
    QVERIFY(serve.waitForStarted(kTimeoutMs));
    QByteArray out;
    QDeadlineTimer deadline(kTimeoutMs);
    while (!out.contains("Press Ctrl+C") && serve.state() == QProcess::Running && !deadline.hasExpired()) {
        serve.waitForReadyRead(100);
        out += serve.readAllStandardOutput();
    }
    const QRegularExpressionMatch control
        = QRegularExpression(u"Control API on http://127\\.0\\.0\\.1:(\\d+)/"_s)
              .match(QString::fromLocal8Bit(out));
    QVERIFY2(control.hasMatch(), out.constData());
    const quint16 port = quint16(control.captured(1).toUInt());
    QFile tokenFile(m_data + u"/control.token"_s);
    QVERIFY(tokenFile.open(QIODevice::ReadOnly));
    const QByteArray token = tokenFile.readAll().trimmed();
    const QByteArray url = m_url.toUtf8();

    const auto refused = controlCall(port, "POST", "/api/runs", token,
        R"({"url": ")" + url + R"(other", "duration_s": 1, "compare_baseline": true})");
    QVERIFY2(refused.first.startsWith("HTTP/1.1 422"), refused.first.constData());
    QCOMPARE(QJsonDocument::fromJson(refused.second)[u"field"_s].toString(), u"compare_baseline"_s);
    QVERIFY2(refused.second.contains(QByteArray("no baseline for GET " + url + "other")),
        refused.second.constData());
    const auto threshold = controlCall(port, "POST", "/api/runs", token,
        R"({"url": ")" + url + R"(other", "duration_s": 1, "thresholds": ["p99<60s", "rps>=0.5*baseline"]})");
    QVERIFY2(threshold.first.startsWith("HTTP/1.1 422"), threshold.first.constData());
    QCOMPARE(QJsonDocument::fromJson(threshold.second)[u"field"_s].toString(), u"thresholds[1]"_s);

    const auto accepted = controlCall(port, "POST", "/api/runs", token,
        R"({"url": ")" + url + R"(", "duration_s": 1.5, "concurrency": 2, "keep_alive": true,
            "compare_baseline": true, "thresholds": ["rps>=0.001*baseline", "p99<=1000*baseline"]})");
    QVERIFY2(
        accepted.first.startsWith("HTTP/1.1 202"), QByteArray(accepted.first + accepted.second).constData());
    const QByteArray id = QByteArray::number(QJsonDocument::fromJson(accepted.second)[u"id"_s].toInteger());
    QJsonObject run;
    deadline.setRemainingTime(kTimeoutMs);
    do {
        QTest::qWait(200);
        run = QJsonDocument::fromJson(controlCall(port, "GET", "/api/runs/" + id, token).second).object();
    } while ((run[u"state"_s] == u"running"_s || run[u"state"_s] == u"stopping"_s) && !deadline.hasExpired());
    QVERIFY2(run[u"state"_s] == u"finished"_s, QJsonDocument(run).toJson().constData());
    QCOMPARE(run[u"parameters"_s][u"compare_baseline"_s].toBool(), true);
    const QJsonObject verdict = run[u"baseline_comparison"_s].toObject();
    QCOMPARE(verdict[u"baseline_run"_s].toInteger(), m_first);
    QVERIFY2(
        isEstimate(verdict[u"requests_per_second"_s].toObject()), QJsonDocument(run).toJson().constData());
    QVERIFY(isEstimate(verdict[u"p99_ms"_s].toObject()));
    const QJsonArray results = run[u"thresholds"_s][u"results"_s].toArray();
    QCOMPARE(results.size(), 2);
    for (const QJsonValue &result : results)
        QVERIFY2(!result.toObject().contains(u"checked"_s) && result[u"passed"_s].toBool(),
            QJsonDocument(run[u"thresholds"_s].toObject()).toJson().constData());
    QVERIFY(run[u"thresholds"_s][u"passed"_s].toBool());
    serve.terminate();
    QVERIFY(serve.waitForFinished(kTimeoutMs));
}

void TestCliBaseline::clearAndReplace()
{
    QCOMPARE(
        cli({ u"runs"_s, u"baseline"_s, QString::number(m_first), u"--data-dir"_s, m_data }).exitCode, 0);
    const qint64 second = storedId(bench({}, m_url));
    QVERIFY(second > 0);
    const Result replaced
        = cli({ u"runs"_s, u"baseline"_s, QString::number(second), u"--data-dir"_s, m_data });
    QCOMPARE(replaced.out,
        u"Run %1 is the baseline of GET %2 (instead of run %3)\n"_s.arg(second).arg(m_url).arg(m_first));
    const Result list = cli({ u"runs"_s, u"--data-dir"_s, m_data });
    QCOMPARE(list.out.count(u"(baseline)"_s), 1);
    // --clear with any run of the target.
    const Result cleared
        = cli({ u"runs"_s, u"baseline"_s, QString::number(m_first), u"--clear"_s, u"--data-dir"_s, m_data });
    QCOMPARE(cleared.out, u"Run %1 is no longer the baseline of GET %2\n"_s.arg(second).arg(m_url));
    QCOMPARE(cli({ u"runs"_s, u"--data-dir"_s, m_data }).out.count(u"(baseline)"_s), 0);
    QCOMPARE(bench({ u"--compare-baseline"_s }, m_url).exitCode, 3);
    const Result again
        = cli({ u"runs"_s, u"baseline"_s, QString::number(m_first), u"--clear"_s, u"--data-dir"_s, m_data });
    QCOMPARE(again.out, u"GET %1 had no baseline\n"_s.arg(m_url));
}

void TestCliBaseline::refusals()
{
    const Result unknown = cli({ u"runs"_s, u"baseline"_s, u"9999"_s, u"--data-dir"_s, m_data });
    QCOMPARE(unknown.exitCode, 1);
    QVERIFY2(
        unknown.err.contains(u"no run 9999"_s) || unknown.err.contains(u"There is no run with id 9999"_s),
        qPrintable(unknown.err));
    const Result clearElsewhere
        = cli({ u"runs"_s, u"show"_s, u"1"_s, u"--clear"_s, u"--data-dir"_s, m_data });
    QCOMPARE(clearElsewhere.exitCode, 1);
    const Result errors = bench({ u"--threshold"_s, u"errors<2*baseline"_s }, m_url);
    QCOMPARE(errors.exitCode, 1);
    QVERIFY2(errors.err.contains(u"errors cannot be compared with a baseline"_s), qPrintable(errors.err));
    const Result unit = bench({ u"--threshold"_s, u"p99<=1.1ms*baseline"_s }, m_url);
    QCOMPARE(unit.exitCode, 1);
    QVERIFY2(
        unit.err.contains(u"a baseline's factor is a plain number, not \"1.1ms\""_s), qPrintable(unit.err));
    // A run without one success (all 404), or one a threshold aborted, compares with nothing.
    const Result missing = bench({}, m_url + u"no-such-file"_s);
    QCOMPARE(missing.exitCode, 2);
    const Result noSuccess
        = cli({ u"runs"_s, u"baseline"_s, QString::number(storedId(missing)), u"--data-dir"_s, m_data });
    QCOMPARE(noSuccess.exitCode, 1);
    QVERIFY2(noSuccess.err.contains(u"has no successful request: it cannot be a baseline"_s),
        qPrintable(noSuccess.err));
    const Result aborted = bench({ u"--abort-on-fail"_s, u"--threshold"_s, u"p99<1us"_s }, m_url);
    QCOMPARE(aborted.exitCode, 99);
    const Result abortedBase
        = cli({ u"runs"_s, u"baseline"_s, QString::number(storedId(aborted)), u"--data-dir"_s, m_data });
    QCOMPARE(abortedBase.exitCode, 1);
    QVERIFY2(
        abortedBase.err.contains(u"was aborted by its threshold p99<1us"_s), qPrintable(abortedBase.err));
}

QTEST_GUILESS_MAIN(TestCliBaseline)
#include "tst_clibaseline.moc"
