// shootout::ShootoutOptions::arguments() (the Shootout page's command line)
// read back by cli::ShootoutFlags::parse (hostbench-cli shootout's): every
// option comes back as it was, and the stored settings come back from
// ShootoutOptions::settings() through fromSettings(), the servers' notes
// from ServerNote's JSON.
#include "cli/ShootoutFlags.h"
#include "shootout/ServerNote.h"

#include <QCommandLineParser>
#include <QDir>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::cli::ShootoutFlags;
using hostbench::shootout::ServerNote;
using hostbench::shootout::ShootoutOptions;

Q_DECLARE_METATYPE(ShootoutOptions)

namespace {

std::optional<ShootoutOptions> parse(const QStringList &arguments, QString *error)
{
    const ShootoutFlags flags;
    QCommandLineParser parser;
    parser.addOptions(flags.options());
    if (!parser.parse(arguments)) {
        *error = parser.errorText();
        return std::nullopt;
    }
    return flags.parse(parser, error);
}

QString describe(const ShootoutOptions &o)
{
    return o.arguments().join(u' ');
}

} // namespace

class TestShootoutFlags final : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void settingsRoundTrip_data() { roundTrip_data(); }
    void settingsRoundTrip();
    void defaultsWhenAbsent();
    void badValues_data();
    void badValues();
    void serverNotes_data();
    void serverNotes();
};

void TestShootoutFlags::roundTrip_data()
{
    QTest::addColumn<ShootoutOptions>("options");
    ShootoutOptions o;
    o.servers = { u"hostbench"_s, u"nginx"_s };
    o.workloads = { u"W1"_s, u"W6"_s };
    QTest::newRow("closed model, defaults") << o;
    ShootoutOptions open = o;
    open.rate = 25'000;
    open.concurrency = 64;
    open.keepAlive = false;
    QTest::newRow("open model, 64 connections, no keep-alive") << open;
    ShootoutOptions fractions = o;
    fractions.durationMs = 2500;
    fractions.rate = 0.5;
    QTest::newRow("fractions of a second and of a request") << fractions;
    ShootoutOptions short_ = o;
    short_.durationMs = 300;
    short_.rounds = 7;
    QTest::newRow("0.3 s, 7 rounds") << short_;
    ShootoutOptions servers = o;
    servers.servers = { u"caddy"_s, u"lighttpd"_s, u"h2o"_s, u"apache"_s };
    servers.workloads = { u"W5"_s, u"W2"_s, u"W3"_s, u"W4"_s };
    QTest::newRow("servers and workloads in their order") << servers;
    ShootoutOptions where = o;
    where.workers = 4;
    where.firstPort = 20'000;
    where.dataDir = QDir::tempPath() + u"/data dir"_s;
    where.jsonFile = QDir::tempPath() + u"/out.json"_s;
    QTest::newRow("workers, port, data folder, --json") << where;
    ShootoutOptions quiet = o;
    quiet.store = false;
    quiet.progress = ShootoutOptions::Progress::Json;
    QTest::newRow("--no-store, --progress json") << quiet;
    ShootoutOptions large = o;
    large.rate = 10'000'000;
    large.durationMs = 3'600'000;
    QTest::newRow("the form's largest rate and duration") << large;
    ShootoutOptions capacity = o;
    capacity.capacitySlo = { u"p99<10ms"_s, u"errors<0.1%"_s };
    capacity.stepMs = 1500;
    capacity.rate = 200;
    QTest::newRow("--capacity, two SLOs, 1.5 s steps, from 200/s") << capacity;
}

void TestShootoutFlags::roundTrip()
{
    QFETCH(ShootoutOptions, options);
    QString error;
    const std::optional<ShootoutOptions> parsed = parse(options.arguments(), &error);
    QVERIFY2(parsed, qPrintable(error + u": "_s + describe(options)));
    QVERIFY2(*parsed == options, qPrintable(describe(*parsed) + u" != "_s + describe(options)));
}

void TestShootoutFlags::settingsRoundTrip()
{
    QFETCH(ShootoutOptions, options);
    // What a stored shootout keeps: the run's options, not where it went.
    ShootoutOptions kept = options;
    const ShootoutOptions defaults;
    kept.firstPort = defaults.firstPort;
    kept.dataDir.clear();
    kept.jsonFile.clear();
    kept.store = defaults.store;
    kept.progress = defaults.progress;
    const ShootoutOptions back = ShootoutOptions::fromSettings(options.settings());
    QVERIFY2(back == kept, qPrintable(describe(back) + u" != "_s + describe(kept)));
}

void TestShootoutFlags::defaultsWhenAbsent()
{
    QString error;
    const std::optional<ShootoutOptions> parsed = parse({ u"shootout"_s }, &error);
    QVERIFY2(parsed, qPrintable(error));
    QCOMPARE(parsed->servers,
        (QStringList { u"hostbench"_s, u"nginx"_s, u"lighttpd"_s, u"h2o"_s, u"apache"_s, u"caddy"_s }));
    QCOMPARE(parsed->workloads, ShootoutOptions::defaultWorkloads());
    QCOMPARE(parsed->durationMs, 5000);
    QCOMPARE(parsed->rounds, 3);
    QCOMPARE(parsed->progress, ShootoutOptions::Progress::Text);
    // Read from stored settings without keys: the same defaults.
    const ShootoutOptions empty = ShootoutOptions::fromSettings({});
    QCOMPARE(empty.durationMs, 5000);
    QCOMPARE(empty.rounds, 3);
    QVERIFY(empty.keepAlive);
}

void TestShootoutFlags::badValues_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("--progress xml") << QStringList { u"--progress"_s, u"xml"_s }
                                    << u"--progress must be text or json, not \"xml\""_s;
    QTest::newRow("unknown server") << QStringList { u"--servers"_s, u"iis"_s }
                                    << u"unknown server \"iis\""_s;
    QTest::newRow("unknown workload")
        << QStringList { u"--workloads"_s, u"W9"_s } << u"unknown workload \"W9\""_s;
    QTest::newRow("no servers") << QStringList { u"--servers"_s, u","_s }
                                << u"--servers and --workloads need at least one name each"_s;
    QTest::newRow("0 s") << QStringList { u"-t"_s, u"0"_s } << u"-t must be more than 0 seconds"_s;
    QTest::newRow("-t soon") << QStringList { u"-t"_s, u"soon"_s } << u"-t must be a number of seconds"_s;
    QTest::newRow("0 rounds") << QStringList { u"--rounds"_s, u"0"_s }
                              << u"--rounds must be a whole number from 1 to 1000, not \"0\""_s;
    QTest::newRow("-c 0") << QStringList { u"-c"_s, u"0"_s } << u"-c must be a whole number from 1"_s;
    QTest::newRow("--workers 0") << QStringList { u"--workers"_s, u"0"_s } << u"--workers must be"_s;
    QTest::newRow("--port 70000") << QStringList { u"--port"_s, u"70000"_s } << u"--port must be"_s;
    QTest::newRow("--rate 0") << QStringList { u"--rate"_s, u"0"_s } << u"--rate must be a number"_s;
    // --capacity: bench --slo's grammar and messages, and the flags it needs or refuses.
    const QStringList capacity { u"--capacity"_s, u"--slo"_s, u"p99<10ms"_s };
    QTest::newRow("--slo alone") << QStringList { u"--slo"_s, u"p99<1ms"_s } << u"--slo needs --capacity"_s;
    QTest::newRow("--step-duration alone")
        << QStringList { u"--step-duration"_s, u"2"_s } << u"--step-duration needs --capacity"_s;
    QTest::newRow("--capacity without --slo")
        << QStringList { u"--capacity"_s } << u"--capacity needs at least one --slo"_s;
    QTest::newRow("bad slo") << QStringList { u"--capacity"_s, u"--slo"_s, u"p99 10ms"_s }
                             << u"--slo \"p99 10ms\": an operator (<, <=, >, >=, ==, !=) is expected at "
                                "character 5; the form is METRIC OPERATOR VALUE"_s;
    QTest::newRow("unknown metric") << QStringList { u"--capacity"_s, u"--slo"_s, u"p99x<1ms"_s }
                                    << u"unknown metric \"p99x\"; the metrics are p50"_s;
    QTest::newRow("baseline slo") << QStringList { u"--capacity"_s, u"--slo"_s, u"rps>=baseline"_s }
                                  << u"cannot be against a baseline"_s;
    QTest::newRow("unfinished slo") << QStringList { u"--capacity"_s, u"--slo"_s, u"unfinished==0"_s }
                                    << u"no per-step figure"_s;
    QTest::newRow("--capacity with -t") << capacity + QStringList { u"-t"_s, u"5"_s }
                                        << u"--capacity runs steps of --step-duration: leave out -t"_s;
    QTest::newRow("step 0.2 s") << capacity + QStringList { u"--step-duration"_s, u"0.2"_s }
                                << u"--step-duration must be from 0.5 to 3600 seconds, not \"0.2\""_s;
    QTest::newRow("--json in no folder") << QStringList { u"--json"_s,
        u"/no/such/folder/x.json"_s } << u"--json: the folder of \"/no/such/folder/x.json\" does not exist"_s;
}

void TestShootoutFlags::badValues()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    QString error;
    QVERIFY(!parse(QStringList { u"shootout"_s } + arguments, &error));
    QVERIFY2(error.contains(message), qPrintable(error));
}

void TestShootoutFlags::serverNotes_data()
{
    QTest::addColumn<QString>("json"); // a stored shootout's notes, as the runner stores them
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("package");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("log");
    QTest::addColumn<QString>("portNote");
    QTest::addColumn<bool>("interrupted");
    QTest::newRow("measured")
        << uR"({"interrupted":false,"servers":{"nginx":{"package":"nginx-light","port":18081,"status":"measured"}}})"_s
        << u"measured"_s << u"nginx-light"_s << 18081 << QString() << QString() << QString() << false;
    QTest::newRow("missing")
        << uR"({"interrupted":false,"servers":{"nginx":{"package":"nginx-light","status":"missing"}}})"_s
        << u"missing"_s << u"nginx-light"_s << 0 << QString() << QString() << QString() << false;
    QTest::newRow("failed, with its log")
        << uR"({"interrupted":true,"servers":{"nginx":{"log":"--- output.log\n[emerg]","message":"exited with code 1","package":"nginx-light","port":18080,"status":"failed"}}})"_s
        << u"failed"_s << u"nginx-light"_s << 18080 << u"exited with code 1"_s << u"--- output.log\n[emerg]"_s
        << QString() << true;
    QTest::newRow("port in use")
        << uR"({"interrupted":false,"servers":{"nginx":{"port":18082,"port_note":"nginx: port 18081 is in use","status":"wrong bytes","message":"GET /ok"}}})"_s
        << u"wrong bytes"_s << QString() << 18082 << u"GET /ok"_s << QString()
        << u"nginx: port 18081 is in use"_s << false;
}

void TestShootoutFlags::serverNotes()
{
    QFETCH(QString, json);
    QFETCH(QString, status);
    QFETCH(QString, package);
    QFETCH(int, port);
    QFETCH(QString, message);
    QFETCH(QString, log);
    QFETCH(QString, portNote);
    QFETCH(bool, interrupted);
    const QJsonObject stored = QJsonDocument::fromJson(json.toUtf8()).object();
    QVERIFY(!stored.isEmpty());
    const QMap<QString, ServerNote> notes = ServerNote::ofShootout(stored);
    QCOMPARE(notes.keys(), QStringList { u"nginx"_s });
    const ServerNote note = notes.value(u"nginx"_s);
    QCOMPARE(note.status, status);
    QCOMPARE(note.package, package);
    QCOMPARE(int(note.port), port);
    QCOMPARE(note.message, message);
    QCOMPARE(note.log, log);
    QCOMPARE(note.portNote, portNote);
    QCOMPARE(ServerNote::interrupted(stored), interrupted);
    // Written again: the same object.
    QCOMPARE(ServerNote::shootoutNotes(notes, interrupted), stored);
    QCOMPARE(ServerNote::serversJson(stored), stored.value(u"servers"_s).toObject());
}

QTEST_GUILESS_MAIN(TestShootoutFlags)
#include "tst_shootoutflags.moc"
