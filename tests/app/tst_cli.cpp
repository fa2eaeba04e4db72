// End-to-end tests of hostbench-cli: the built executable run with QProcess,
// real sockets on 127.0.0.1, real SQLite files in temporary folders.
#include "../FreePort.h"
#include "CliProcess.h"
#include "TestHttpServer.h"
#include "storage/Database.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>

using namespace Qt::StringLiterals;
using hostbench::storage::Database;

namespace {

constexpr int kTimeoutMs = 30'000;

using Result = hostbench::test::CliResult;

struct HttpReply
{
    QByteArray head;
    QByteArray body;
};

// GET over a raw socket, so that the Host header is ours to choose.
HttpReply httpGet(quint16 port, const QByteArray &host, const QByteArray &path)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(kTimeoutMs))
        return {};
    socket.write("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
    QByteArray data;
    while (socket.state() == QAbstractSocket::ConnectedState && socket.waitForReadyRead(kTimeoutMs))
        data += socket.readAll();
    data += socket.readAll();
    const qsizetype split = data.indexOf("\r\n\r\n");
    if (split < 0)
        return { data, {} };
    return { data.left(split), data.mid(split + 4) };
}

// One request on a kept-alive socket; returns the status line, or empty
// when the connection was refused or closed before a whole response.
QByteArray keptAliveGet(QTcpSocket &socket, const QByteArray &host, const QByteArray &path)
{
    socket.write("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n");
    QByteArray data;
    static const QRegularExpression length(
        u"\r\nContent-Length: (\\d+)\r\n"_s, QRegularExpression::CaseInsensitiveOption);
    while (socket.waitForReadyRead(kTimeoutMs)) {
        data += socket.readAll();
        const qsizetype split = data.indexOf("\r\n\r\n");
        if (split < 0)
            continue;
        const QRegularExpressionMatch match = length.match(QString::fromLatin1(data.left(split + 2)));
        if (match.hasMatch() && data.size() - split - 4 >= match.captured(1).toLongLong())
            return data.left(data.indexOf("\r\n"));
    }
    return {};
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestCli final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void helpAndVersion();
    void badFlagsFail_data();
    void badFlagsFail();
    void numericFlagsRefuseBadValues_data();
    void numericFlagsRefuseBadValues();
    void serveSitesRoutesStatusAndSigterm();
    void serveStoredDefaultSite();
    void secondServeOnFolderRefused();
    void killedServeLeavesFolderFree();
    void serveWritesAccessLog();
    void serveReloadsOnSighup();
    void serveAppliesStoredServerSettings();
    void takenListenPortIsAnError();
    void defaultPortFallsBack();
    void takenControlPortIsAnError();
    void statusNamesAnotherProgramOnThePort();
    void benchStoresRunAndWritesJson();
    void runsExportReport();
    void benchNoStore();
    void benchThresholds();
    void benchStagesFollowTheRamp();
    void benchStagesBadInput_data();
    void benchStagesBadInput();
    void benchAbortOnFail();
    void benchWrkFormat();
    void benchSendsRequestAsGiven_data();
    void benchSendsRequestAsGiven();
    void benchCsvAndPercentileFiles();
    void benchOpenModelReportsBothLatencies();
    void benchBrokenDataFolderSendsNothing_data();
    void benchBrokenDataFolderSendsNothing();
    void benchInterruptedBySigint();
    void benchUnreachableTarget();
    void benchExitStatus_data();
    void benchExitStatus();
    void benchTimeoutFlag();
    void benchSaysItsReachabilityCheck();
    void benchReportsUnfinished_data();
    void benchReportsUnfinished();
    void benchIpv6TargetInBrackets();
    void benchAboveOpenFileLimit();
    void damagedDatabaseErrorNamesTheFile();
    void statusWithNothingListening();
    void controlTokenInTheDataFolder();
    void controlOnAnyAddressNeedsTokenEverywhere();
    void serveSitesThroughControlApi();
    void serveEngineStopAndStartThroughControlApi();
    void serveEngineSettingsThroughControlApi();
    void sitesOnTheFileWhenNothingRuns();
    void sitesThroughTheRunningInstance();
    void failedReloadKeepsTheLastGoodSites();
    void sitesIgnoreAStaleEndpoint();
    void sitesRefusedBesideASilentInstance();
    void serveWritesAndRemovesPidFile();
    void serveRunsThroughControlApi();
    void stderrCarriesPrioritiesForTheJournal();
    void exportWritesServerConfiguration();
    void benchExportsK6Script_data();
    void benchExportsK6Script();
    void benchExportsK6ScriptForHttp2();
    void benchExportsK6Thresholds_data();
    void benchExportsK6Thresholds();
    void benchExportsK6ScriptWord_data();
    void benchExportsK6ScriptWord();
    void importK6Result();
    void importK6ResultBounded();
    void sitesRefuseExposedRoots_data();
    void sitesRefuseExposedRoots();
    void serveRefusesAStoredExposedSite();
    void serveAsRoot_data();
    void serveAsRoot();
    void serveAsRootHandsTheCaOver();
    void serveHiddenFilesFlag();
    void sitesTlsFlags();
    void serveSiteTlsFlags();
    void sitesProxyFlag();
    void serveProxyFlag();
    void sitesAppFlags();
    void sitesAppThroughTheRunningInstance();
    void serveAppFlag();
    void serveStartsTheAppItProxiesTo();
    void damagedStoredAppIsReported();
    void sitesPhpFlags();
    void sitesPhpThroughTheRunningInstance();
    void servePhpFlag();
    void servePhpAutoRunsThePool();
    void damagedStoredPhpIsReported();

private:
    // `arguments` of a command; for serve run as root (as here, in CI),
    // "--user root" after "serve" unless the test gives --user itself:
    // serve refuses root without it, and only serveAsRoot is about that.
    static QStringList asRootWhereNeeded(const QStringList &arguments);
    QProcessEnvironment environment() const;
    Result runCli(const QStringList &arguments);
    // Starts `serve` and waits for its "Serving http://127.0.0.1:PORT/" line.
    bool startServe(
        QProcess &process, const QStringList &arguments, quint16 *port, quint16 *controlPort = nullptr);
    bool stopServe(QProcess &process);
    QString makeSite(const QString &name, const QByteArray &index);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_serveOutput; // what the last startServe() read from stdout
};

void TestCli::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(QFile::exists(QStringLiteral(HOSTBENCH_CLI_PATH)));
}

void TestCli::cleanup()
{
    m_dir.reset();
}

QProcessEnvironment TestCli::environment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // Never the real user's data folder, even where a test forgets --data-dir.
    env.insert(u"HOSTBENCH_DATA_DIR"_s, m_dir->filePath(u"default-data"_s));
    env.remove(u"http_proxy"_s);
    return env;
}

QStringList TestCli::asRootWhereNeeded(const QStringList &arguments)
{
    if (::geteuid() != 0 || arguments.value(0) != u"serve"_s || arguments.contains(u"--user"_s))
        return arguments;
    QStringList withUser = arguments;
    withUser.insert(1, u"--user"_s);
    withUser.insert(2, u"root"_s);
    return withUser;
}

Result TestCli::runCli(const QStringList &arguments)
{
    return hostbench::test::runProcess(
        QStringLiteral(HOSTBENCH_CLI_PATH), asRootWhereNeeded(arguments), environment(), kTimeoutMs);
}

bool TestCli::startServe(QProcess &process, const QStringList &arguments, quint16 *port, quint16 *controlPort)
{
    process.setProcessEnvironment(environment());
    process.start(
        QStringLiteral(HOSTBENCH_CLI_PATH), asRootWhereNeeded(QStringList { u"serve"_s } + arguments));
    if (!process.waitForStarted(kTimeoutMs))
        return false;
    static const QRegularExpression serving(
        u"^Serving http://127\\.0\\.0\\.1:(\\d+)/"_s, QRegularExpression::MultilineOption);
    static const QRegularExpression control(
        u"^Control API on http://127\\.0\\.0\\.1:(\\d+)/"_s, QRegularExpression::MultilineOption);
    QByteArray out;
    QDeadlineTimer deadline(kTimeoutMs);
    // "Press Ctrl+C" comes last, after the site and control lines.
    while (!out.contains("Press Ctrl+C") && process.state() == QProcess::Running && !deadline.hasExpired()) {
        process.waitForReadyRead(100);
        out += process.readAllStandardOutput();
    }
    const QString text = QString::fromLocal8Bit(out);
    m_serveOutput = text;
    const QRegularExpressionMatch match = serving.match(text);
    if (!match.hasMatch()) {
        qWarning().noquote() << "serve did not start:" << text << process.readAllStandardError();
        return false;
    }
    *port = quint16(match.captured(1).toUInt());
    if (controlPort) {
        const QRegularExpressionMatch controlMatch = control.match(text);
        *controlPort = controlMatch.hasMatch() ? quint16(controlMatch.captured(1).toUInt()) : 0;
    }
    return *port != 0;
}

bool TestCli::stopServe(QProcess &process)
{
    process.terminate(); // SIGTERM
    if (!process.waitForFinished(kTimeoutMs)) {
        process.kill();
        process.waitForFinished();
        return false;
    }
    return process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
}

QString TestCli::makeSite(const QString &name, const QByteArray &index)
{
    const QString root = m_dir->filePath(u"sites/"_s + name);
    QDir().mkpath(root);
    QFile file(root + u"/index.html"_s);
    if (!file.open(QIODevice::WriteOnly) || file.write(index) != index.size())
        return {};
    return root;
}

void TestCli::helpAndVersion()
{
    Result r = runCli({ u"--version"_s });
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral(HOSTBENCH_VERSION)), qPrintable(r.out));
    r = runCli({ u"--help"_s });
    QCOMPARE(r.exitCode, 0);
    for (const QString &command : { u"serve"_s, u"bench"_s, u"status"_s, u"runs"_s })
        QVERIFY2(r.out.contains(command), qPrintable(r.out));
    for (const QString &command : { u"serve"_s, u"bench"_s, u"status"_s, u"runs"_s }) {
        r = runCli({ command, u"--help"_s });
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(u"Usage: hostbench-cli "_s + command), qPrintable(r.out));
    }
    r = runCli({});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains(u"Usage"_s));
}

void TestCli::badFlagsFail_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QString url = u"http://127.0.0.1:1/"_s;
    QTest::newRow("unknown command") << QStringList { u"frobnicate"_s } << u"unknown command"_s;
    QTest::newRow("serve: unknown flag") << QStringList { u"serve"_s, u"--bogus"_s } << u"bogus"_s;
    QTest::newRow("serve: bad listen")
        << QStringList { u"serve"_s, u"--listen"_s, u"nowhere"_s } << u"bad address"_s;
    QTest::newRow("serve: port too big")
        << QStringList { u"serve"_s, u"--listen"_s, u"127.0.0.1:70000"_s } << u"0 to 65535"_s;
    QTest::newRow("serve: zero threads")
        << QStringList { u"serve"_s, u"--threads"_s, u"0"_s } << u"--threads"_s;
    QTest::newRow("serve: missing site dir")
        << QStringList { u"serve"_s, u"--site"_s, u"a.test=/nonexistent/hostbench"_s } << u"does not exist"_s;
    QTest::newRow("serve: missing default dir")
        << QStringList { u"serve"_s, u"--default"_s, u"/nonexistent/hostbench"_s } << u"does not exist"_s;
    // A file where a folder is expected: the file exists, it is not a folder.
    const QString file = QStringLiteral(HOSTBENCH_CLI_PATH);
    QTest::newRow("serve: site dir is a file")
        << QStringList { u"serve"_s, u"--site"_s, u"a.test="_s + file } << u"is not a folder"_s;
    QTest::newRow("serve: default dir is a file")
        << QStringList { u"serve"_s, u"--default"_s, file } << u"is not a folder"_s;
    QTest::newRow("serve: bad route")
        << QStringList { u"serve"_s, u"--route"_s, u"hello"_s } << u"bad route"_s;
    QTest::newRow("serve: public control")
        << QStringList { u"serve"_s, u"--control"_s, u"0.0.0.0:8079"_s } << u"--control-token-required"_s;
    QTest::newRow("serve: log without sites")
        << QStringList { u"serve"_s, u"--access-log"_s, u"/tmp/x.log"_s } << u"--site"_s;
    QTest::newRow("serve: empty log") << QStringList { u"serve"_s, u"--default"_s, u"/tmp"_s,
        u"--error-log"_s, u""_s } << u"needs a file"_s;
    // Log files are checked at start, as nginx does; a missing folder is not created.
    const QStringList serveTmp { u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s, u"--control"_s, u"off"_s,
        u"--default"_s, u"/tmp"_s };
    QTest::newRow("serve: access log in a missing folder")
        << serveTmp + QStringList { u"--access-log"_s, u"/nonexistent/hostbench/a.log"_s }
        << u"the folder /nonexistent/hostbench does not exist"_s;
    QTest::newRow("serve: access log is a folder")
        << serveTmp + QStringList { u"--access-log"_s, u"/tmp"_s } << u"is a folder, not a file"_s;
    QTest::newRow("serve: error log on /proc")
        << serveTmp + QStringList { u"--error-log"_s, u"/proc/version"_s } << u"error log /proc/version"_s;
    // Proxies and the app command (issue #24).
    QTest::newRow("serve: a path proxied twice") << QStringList { u"serve"_s, u"--proxy"_s,
        u"/x=http://a.test"_s, u"--proxy"_s, u"/x=http://b.test"_s }
                                                 << u"--proxy: Proxy 2: The path “/x” is proxied twice."_s;
    QTest::newRow("serve: proxy off with a route")
        << QStringList { u"serve"_s, u"--proxy"_s, u"off"_s, u"--proxy"_s, u"/a=http://a.test"_s }
        << u"--proxy off (no proxied path) cannot be combined with PATH=URL routes"_s;
    QTest::newRow("serve: empty app")
        << QStringList { u"serve"_s, u"--app"_s, u""_s } << u"--app needs a command"_s;
    QTest::newRow("serve: app off") << QStringList { u"serve"_s, u"--app"_s, u"off"_s }
                                    << u"belongs to sites edit"_s;
    QTest::newRow("serve: app twice")
        << QStringList { u"serve"_s, u"--app"_s, u"a"_s, u"--app"_s, u"b"_s } << u"--app is given 2 times"_s;
    QTest::newRow("serve: app folder without app")
        << QStringList { u"serve"_s, u"--app-dir"_s, u"/tmp"_s } << u"need --app \"CMD\""_s;
    QTest::newRow("serve: app folder missing")
        << QStringList { u"serve"_s, u"--app"_s, u"a"_s, u"--app-dir"_s, u"/nonexistent/hostbench"_s }
        << u"--app-dir: the folder"_s;
    QTest::newRow("serve: app env without =") << QStringList { u"serve"_s, u"--app"_s, u"a"_s, u"--app-env"_s,
        u"PORT"_s } << u"--app-env: \"PORT\""_s;
    QTest::newRow("serve: app grace too short") << QStringList { u"serve"_s, u"--app"_s, u"a"_s,
        u"--app-grace"_s, u"10"_s } << u"--app-grace must be"_s;
    QTest::newRow("sites: app on list") << QStringList { u"sites"_s, u"list"_s, u"--app"_s, u"a"_s }
                                        << u"belong to sites add and sites edit"_s;
    QTest::newRow("sites: app grace on remove") << QStringList { u"sites"_s, u"remove"_s, u"a.test"_s,
        u"--app-grace"_s, u"200"_s } << u"belong to sites add and sites edit"_s;
    QTest::newRow("sites: add with app off") << QStringList { u"sites"_s, u"add"_s, u"a.test=/tmp"_s,
        u"--app"_s, u"off"_s } << u"belongs to sites edit"_s;
    QTest::newRow("sites: add app env without app") << QStringList { u"sites"_s, u"add"_s, u"a.test=/tmp"_s,
        u"--app-env"_s, u"A=1"_s } << u"need --app"_s;
    QTest::newRow("sites: edit app off with a folder")
        << QStringList { u"sites"_s, u"edit"_s, u"a.test"_s, u"--app"_s, u"off"_s, u"--app-dir"_s, u"/tmp"_s }
        << u"--app off removes the app: it cannot be combined"_s;
    QTest::newRow("sites: edit app env off with entries") << QStringList {
        u"sites"_s, u"edit"_s, u"a.test"_s, u"--app-env"_s, u"off"_s, u"--app-env"_s, u"A=1"_s
    } << u"--app-env off (no environment) cannot be combined"_s;
    QTest::newRow("sites: edit grace with a unit")
        << QStringList { u"sites"_s, u"edit"_s, u"a.test"_s, u"--app-grace"_s, u"5s"_s } << u"--app-grace"_s;
    QTest::newRow("serve: php with a scheme")
        << QStringList { u"serve"_s, u"--php"_s, u"http://127.0.0.1:9000"_s }
        << u"--php \"http://127.0.0.1:9000\": The PHP-FPM address has no scheme"_s;
    QTest::newRow("serve: php off") << QStringList { u"serve"_s, u"--php"_s, u"off"_s }
                                    << u"belongs to sites edit"_s;
    QTest::newRow("serve: php timeout without php")
        << QStringList { u"serve"_s, u"--php-timeout"_s, u"500"_s } << u"need --php ADDR"_s;
    QTest::newRow("sites: php on list") << QStringList { u"sites"_s, u"list"_s, u"--php"_s, u"auto"_s }
                                        << u"belong to sites add and sites edit"_s;
    QTest::newRow("sites: proxy log times on remove") << QStringList { u"sites"_s, u"remove"_s, u"a.test"_s,
        u"--proxy-log-times"_s, u"on"_s } << u"belong to sites add and sites edit"_s;
    QTest::newRow("sites: proxy log times yes") << QStringList { u"sites"_s, u"edit"_s, u"a.test"_s,
        u"--proxy-log-times"_s, u"yes"_s } << u"--proxy-log-times takes on or off, not \"yes\""_s;
    QTest::newRow("sites: add php prefix without php")
        << QStringList { u"sites"_s, u"add"_s, u"a.test=/tmp"_s, u"--php-prefix"_s, u"/blog"_s }
        << u"need --php ADDR"_s;
    QTest::newRow("sites: edit php without a port") << QStringList { u"sites"_s, u"edit"_s, u"a.test"_s,
        u"--php"_s, u"localhost"_s } << u"--php \"localhost\": The PHP-FPM address needs its port"_s;
    QTest::newRow("sites: edit php front controller yes") << QStringList { u"sites"_s, u"edit"_s, u"a.test"_s,
        u"--php-front-controller"_s, u"yes"_s } << u"--php-front-controller takes on or off"_s;
    QTest::newRow("sites: edit php timeout too short") << QStringList { u"sites"_s, u"edit"_s, u"a.test"_s,
        u"--php-timeout"_s, u"10"_s } << u"--php-timeout 10: The PHP timeout must be from 100 ms"_s;
    QTest::newRow("sites: edit php relative prefix") << QStringList { u"sites"_s, u"edit"_s, u"a.test"_s,
        u"--php-prefix"_s, u"blog"_s } << u"--php-prefix \"blog\": The PHP path:"_s;
    QTest::newRow("sites: proxy twice") << QStringList { u"sites"_s, u"edit"_s, u"a.test"_s, u"--proxy"_s,
        u"/x=http://a.test"_s, u"--proxy"_s, u"/x/=http://b.test"_s }
                                        << u"is proxied twice"_s;
    QTest::newRow("sites: proxy off with a route") << QStringList { u"sites"_s, u"edit"_s, u"a.test"_s,
        u"--proxy"_s, u"off"_s, u"--proxy"_s, u"/x=http://a.test"_s }
                                                   << u"cannot be combined with PATH=URL"_s;
    QTest::newRow("serve: stray argument") << QStringList { u"serve"_s, u"extra"_s } << u"unexpected"_s;
    QTest::newRow("bench: no URL") << QStringList { u"bench"_s, u"-n"_s, u"1"_s } << u"URL"_s;
    // https:// is spoken (issue #26): refused here only because nothing listens.
    QTest::newRow("bench: https") << QStringList { u"bench"_s, u"https://127.0.0.1:1/"_s }
                                  << u"cannot connect to 127.0.0.1:1"_s;
    QTest::newRow("bench: ftp") << QStringList { u"bench"_s, u"ftp://127.0.0.1/"_s } << u"bad URL"_s;
    // Port 1 has no listener here; an IPv6 literal is written back with its brackets.
    QTest::newRow("bench: IPv6 target") << QStringList { u"bench"_s, u"-n"_s, u"1"_s, u"http://[::1]:1/"_s }
                                        << u"cannot connect to [::1]:1"_s;
    QTest::newRow("bench: zero concurrency") << QStringList { u"bench"_s, u"-c"_s, u"0"_s, url } << u"-c"_s;
    QTest::newRow("bench: c above n")
        << QStringList { u"bench"_s, u"-n"_s, u"5"_s, u"-c"_s, u"10"_s, url } << u"more than"_s;
    QTest::newRow("bench: n and t") << QStringList { u"bench"_s, u"-n"_s, u"5"_s, u"-t"_s, u"1"_s, url }
                                    << u"not both"_s;
    QTest::newRow("bench: bad header")
        << QStringList { u"bench"_s, u"-H"_s, u"no colon"_s, url } << u"bad header"_s;
    QTest::newRow("bench: bad format")
        << QStringList { u"bench"_s, u"--format"_s, u"xml"_s, url } << u"--format"_s;
    QTest::newRow("bench: bad rate") << QStringList { u"bench"_s, u"--rate"_s, u"-5"_s, url } << u"--rate"_s;
    QTest::newRow("bench: --csv in a missing folder")
        << QStringList { u"bench"_s, u"--csv"_s, u"/nonexistent/hostbench/s.csv"_s, url } << u"--csv"_s;
    QTest::newRow("bench: -e in a missing folder")
        << QStringList { u"bench"_s, u"-e"_s, u"/nonexistent/hostbench/p.csv"_s, url } << u"-e"_s;
    QTest::newRow("bench: missing body file")
        << QStringList { u"bench"_s, u"-p"_s, u"/nonexistent/body"_s, url } << u"-p"_s;
    QTest::newRow("status: bad control")
        << QStringList { u"status"_s, u"--control"_s, u"x"_s } << u"bad address"_s;
    QTest::newRow("runs: bad limit") << QStringList { u"runs"_s, u"--limit"_s, u"0"_s } << u"--limit"_s;
    QTest::newRow("runs: unknown action") << QStringList { u"runs"_s, u"frob"_s } << u"unknown action"_s;
    QTest::newRow("runs: show without id") << QStringList { u"runs"_s, u"show"_s } << u"one run ID"_s;
    QTest::newRow("runs: bad id") << QStringList { u"runs"_s, u"show"_s, u"x"_s } << u"ID"_s;
    QTest::newRow("runs: export nothing") << QStringList { u"runs"_s, u"export"_s, u"1"_s } << u"--json"_s;
    QTest::newRow("runs: bad format")
        << QStringList { u"runs"_s, u"show"_s, u"1"_s, u"--format"_s, u"csv"_s } << u"--format"_s;
    const QStringList exportTmp { u"export"_s, u"nginx"_s, u"--default"_s, u"/tmp"_s };
    QTest::newRow("export: no server") << QStringList { u"export"_s } << u"which server?"_s;
    QTest::newRow("export: two servers")
        << QStringList { u"export"_s, u"nginx"_s, u"caddy"_s } << u"unexpected argument \"caddy\""_s;
    QTest::newRow("export: bad flavour")
        << exportTmp + QStringList { u"--flavour"_s, u"fast"_s } << u"--flavour: expected production"_s;
    QTest::newRow("export: zero threads")
        << exportTmp + QStringList { u"--threads"_s, u"0"_s } << u"--threads"_s;
    QTest::newRow("export: bad listen")
        << exportTmp + QStringList { u"--listen"_s, u"nowhere"_s } << u"--listen: "_s;
    QTest::newRow("export: bad site")
        << QStringList { u"export"_s, u"nginx"_s, u"--route"_s, u"hello"_s } << u"bad route"_s;
    QTest::newRow("export: bad user")
        << exportTmp + QStringList { u"--user"_s, u"Root User"_s } << u"is not a user name"_s;
}

void TestCli::badFlagsFail()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Result r = runCli(arguments);
    QVERIFY2(r.exitCode != 0, qPrintable(r.out));
    QVERIFY2(r.err.startsWith(u"hostbench-cli "_s), qPrintable(r.err));
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY(!r.out.contains(u"Serving"_s));
}

void TestCli::numericFlagsRefuseBadValues_data()
{
    // Every flag that takes a number, with each kind of bad value: each is
    // refused before anything is served or sent, with a message naming the flag.
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("flag");
    // A closed port: a value that slipped through would end in "cannot connect", not in the flag's error.
    const QString url = u"http://127.0.0.1:1/"_s;
    const QList<QPair<QString, QStringList>> flags = {
        { u"--threads"_s, { u"serve"_s, u"--default"_s, u"/tmp"_s } },
        { u"-n"_s, { u"bench"_s, url } },
        { u"-t"_s, { u"bench"_s, url } },
        { u"-c"_s, { u"bench"_s, url } },
        { u"--threads"_s, { u"bench"_s, url } },
        { u"--rate"_s, { u"bench"_s, url } },
        { u"--warmup"_s, { u"bench"_s, url } },
        { u"--timeout"_s, { u"bench"_s, url } },
        { u"--limit"_s, { u"runs"_s } },
    };
    const QStringList values
        = { u"-5"_s, u"99999999999999999999"_s, u"1e999"_s, u"abc"_s, u""_s, u"nan"_s, u"3x"_s };
    for (const auto &[flag, command] : flags) {
        for (const QString &value : values) {
            QTest::addRow("%s %s %s", qPrintable(command.first()), qPrintable(flag), qPrintable(value))
                << (command + QStringList { flag, value }) << flag;
        }
        QTest::addRow("%s %s missing", qPrintable(command.first()), qPrintable(flag))
            << (command + QStringList { flag }) << flag;
    }
    QTest::newRow("serve --listen port -1")
        << QStringList { u"serve"_s, u"--listen"_s, u"127.0.0.1:-1"_s } << u"--listen"_s;
    QTest::newRow("serve --listen port huge")
        << QStringList { u"serve"_s, u"--listen"_s, u"127.0.0.1:99999999999999999999"_s } << u"--listen"_s;
    QTest::newRow("serve --listen port abc")
        << QStringList { u"serve"_s, u"--listen"_s, u"127.0.0.1:abc"_s } << u"--listen"_s;
    QTest::newRow("serve --listen missing") << QStringList { u"serve"_s, u"--listen"_s } << u"--listen"_s;
}

void TestCli::numericFlagsRefuseBadValues()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, flag);
    const Result r = runCli(arguments);
    QVERIFY2(r.exitCode != 0, qPrintable(r.out));
    QVERIFY2(r.err.startsWith(u"hostbench-cli "_s), qPrintable(r.err));
    QVERIFY2(r.err.contains(flag), qPrintable(r.err));
    QVERIFY2(!r.err.contains(u"cannot connect"_s), qPrintable(r.err));
    QVERIFY(!r.out.contains(u"Serving"_s));
}

void TestCli::serveSitesRoutesStatusAndSigterm()
{
    const QString a = makeSite(u"a"_s, "site A\n");
    const QString b = makeSite(u"b"_s, "site B\n");
    QProcess serve;
    quint16 port = 0;
    quint16 controlPort = 0;
    QVERIFY(startServe(serve,
        { u"--listen"_s, u"127.0.0.1:0"_s, u"--threads"_s, u"2"_s, u"--site"_s, u"a.test,www.a.test="_s + a,
            u"--site"_s, u"b.test="_s + b, u"--route"_s, u"/hello=hello"_s, u"--control"_s,
            u"127.0.0.1:0"_s },
        &port, &controlPort));
    QVERIFY(controlPort != 0);

    QCOMPARE(httpGet(port, "a.test", "/").body, QByteArray("site A\n"));
    QCOMPARE(httpGet(port, "www.a.test", "/").body, QByteArray("site A\n"));
    QCOMPARE(httpGet(port, "b.test", "/").body, QByteArray("site B\n"));
    QCOMPARE(
        httpGet(port, "unknown.test", "/").body, QByteArray("site A\n")); // the first --site is the default
    for (const QByteArray &host : { "a.test"_ba, "b.test"_ba }) {
        const HttpReply reply = httpGet(port, host, "/hello");
        QVERIFY2(reply.head.startsWith("HTTP/1.1 200"), reply.head.constData());
        QVERIFY2(reply.head.toLower().contains("content-type: text/plain"), reply.head.constData());
        QCOMPARE(reply.body, QByteArray("hello"));
    }

    const Result status = runCli({ u"status"_s, u"--control"_s, u"127.0.0.1:%1"_s.arg(controlPort) });
    QCOMPARE(status.exitCode, 0);
    QVERIFY2(status.out.contains(u"running at http://127.0.0.1:%1/"_s.arg(port)), qPrintable(status.out));
    QVERIFY2(status.out.contains(u"a.test"_s) && status.out.contains(u"b.test"_s), qPrintable(status.out));
    const Result json
        = runCli({ u"status"_s, u"--json"_s, u"--control"_s, u"127.0.0.1:%1"_s.arg(controlPort) });
    QCOMPARE(json.exitCode, 0);
    const QJsonObject object = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(object[u"requests"_s].toInteger(), 6);

    QVERIFY(stopServe(serve));
    QVERIFY(QString::fromLocal8Bit(serve.readAllStandardOutput()).contains(u"Stopped."_s));
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    QVERIFY(!socket.waitForConnected(2000)); // the port was closed
}

void TestCli::serveStoredDefaultSite()
{
    const QString data = m_dir->filePath(u"data"_s);
    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(
        serve, { u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, data, u"--control"_s, u"off"_s }, &port));
    // The welcome page, copied from the executable's resources on first open.
    const HttpReply reply = httpGet(port, "localhost", "/");
    QVERIFY2(reply.head.startsWith("HTTP/1.1 200"), reply.head.constData());
    QCOMPARE(reply.body, readFile(data + u"/sites/default/index.html"_s));
    QVERIFY(reply.body.contains("Hostbench"));
    QVERIFY(stopServe(serve));
    QVERIFY(QFile::exists(data + u"/hostbench.sqlite"_s));
}

void TestCli::secondServeOnFolderRefused()
{
    const QString data = m_dir->filePath(u"data"_s);
    QProcess first;
    quint16 port = 0;
    QVERIFY(startServe(
        first, { u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, data, u"--control"_s, u"off"_s }, &port));
    // Another spelling of the same folder: refused, naming the first.
    const Result second = runCli({ u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s,
        data + u"/./"_s, u"--control"_s, u"off"_s });
    QCOMPARE(second.exitCode, 1);
    QVERIFY2(second.err.contains(u"in use by"_s), qPrintable(second.err));
    QVERIFY2(second.err.contains(u"(PID %1)"_s.arg(first.processId())), qPrintable(second.err));
#if defined(Q_OS_LINUX)
    QVERIFY2(second.err.contains(u"hostbench-cli (PID %1)"_s.arg(first.processId())), qPrintable(second.err));
#endif
    QVERIFY(!second.out.contains(u"Serving"_s));
    // The first goes on serving; once it is gone, the folder is free again.
    QCOMPARE(httpGet(port, "localhost", "/").body, readFile(data + u"/sites/default/index.html"_s));
    QVERIFY(stopServe(first));
    QProcess third;
    QVERIFY(startServe(
        third, { u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, data, u"--control"_s, u"off"_s }, &port));
    QVERIFY(stopServe(third));
}

void TestCli::killedServeLeavesFolderFree()
{
    // SIGKILL leaves the lock file behind; its process is gone, so it is taken over.
    const QString data = m_dir->filePath(u"data"_s);
    QProcess first;
    quint16 port = 0;
    QVERIFY(startServe(
        first, { u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, data, u"--control"_s, u"off"_s }, &port));
    first.kill();
    QVERIFY(first.waitForFinished(kTimeoutMs));
    QVERIFY(QFile::exists(data + u"/hostbench.lock"_s));
    QProcess second;
    QVERIFY2(startServe(second,
                 { u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, data, u"--control"_s, u"off"_s }, &port),
        qPrintable(m_serveOutput));
    QVERIFY(stopServe(second));
}

void TestCli::serveReloadsOnSighup()
{
    // Stored sites: a site stored while serve runs is served after SIGHUP
    // (nginx -s reload), on a kept-alive connection opened before it, too.
    const QString data = m_dir->filePath(u"reload-data"_s);
    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(
        serve, { u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, data, u"--control"_s, u"off"_s }, &port));
    QVERIFY2(m_serveOutput.contains(u"send SIGHUP to reload"_s), qPrintable(m_serveOutput));
    const QString root = makeSite(u"later"_s, "later site\n");
    QVERIFY(httpGet(port, "later.test", "/").body != "later site\n"); // the default site answers
    {
        Database db;
        QVERIFY(db.open(data + u"/hostbench.sqlite"_s));
        hostbench::model::VirtualHost later;
        later.hostName = u"later.test"_s;
        later.documentRoot = root;
        QVERIFY2(db.saveVirtualHost(later), qPrintable(db.lastError()));
    }
    ::kill(pid_t(serve.processId()), SIGHUP);
    QByteArray out;
    QDeadlineTimer deadline(kTimeoutMs);
    while (
        !out.contains("Reloaded: 2 sites") && serve.state() == QProcess::Running && !deadline.hasExpired()) {
        serve.waitForReadyRead(100);
        out += serve.readAllStandardOutput();
    }
    QVERIFY2(out.contains("Reloaded: 2 sites"), out.constData());
    QCOMPARE(httpGet(port, "later.test", "/").body, QByteArray("later site\n"));
    QVERIFY(stopServe(serve)); // still stops on SIGTERM, exit 0
}

void TestCli::serveWritesAccessLog()
{
    const QString a = makeSite(u"logged"_s, "logged site\n");
    const QString log = m_dir->filePath(u"logs/access.log"_s);
    QVERIFY(QDir().mkpath(m_dir->filePath(u"logs"_s))); // serve creates no log folder, as nginx
    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(serve,
        { u"--listen"_s, u"127.0.0.1:0"_s, u"--site"_s, u"logged.test="_s + a, u"--access-log"_s, log,
            u"--error-log"_s, u"off"_s, u"--control"_s, u"off"_s },
        &port));
    QVERIFY2(m_serveOutput.contains(u"access log "_s + log), qPrintable(m_serveOutput));
    QCOMPARE(httpGet(port, "logged.test", "/").body, QByteArray("logged site\n"));
    QVERIFY(httpGet(port, "logged.test", "/missing").head.startsWith("HTTP/1.1 404"));
    QVERIFY(stopServe(serve)); // stopping flushes the log

    // Two lines; the workers' batches are not merged by time, so in either order.
    QList<QByteArray> lines = readFile(log).split('\n');
    QCOMPARE(lines.size(), 3); // and the empty rest after the last newline
    if (lines[0].contains("/missing"))
        std::swap(lines[0], lines[1]);
    for (const QByteArray &line : { lines[0], lines[1] })
        QVERIFY2(line.startsWith("127.0.0.1 - - ["), line.constData());
    QVERIFY2(lines[0].endsWith("\"GET / HTTP/1.1\" 200 12 \"-\" \"-\""), lines[0].constData());
    QVERIFY2(lines[1].contains("\"GET /missing HTTP/1.1\" 404 "), lines[1].constData());
    QVERIFY(QDir(m_dir->filePath(u"logs"_s)).entryList(QDir::Files)
        == QStringList { u"access.log"_s }); // no error log
}

void TestCli::serveAppliesStoredServerSettings()
{
    // Stored: a keep-alive timeout of 10 min (the default is 5 s) and one
    // connection per worker; listen address and port stay the command line's.
    const QString data = m_dir->filePath(u"data"_s);
    QVERIFY(QDir().mkpath(data));
    {
        Database database;
        QVERIFY2(database.open(data + u"/hostbench.sqlite"_s), qPrintable(database.lastError()));
        hostbench::model::VirtualHost host;
        host.hostName = u"stored.test"_s;
        host.documentRoot = makeSite(u"stored"_s, "stored site\n");
        host.isDefault = true;
        QVERIFY2(database.saveVirtualHost(host), qPrintable(database.lastError()));
        hostbench::model::ServerConfig config;
        config.listenAddress = u"127.0.0.2"_s;
        config.port = 1;
        config.keepAliveTimeoutMs = 600'000;
        config.maxConnectionsPerWorker = 1;
        QVERIFY2(database.saveServerConfig(config), qPrintable(database.lastError()));
    }

    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(serve,
        { u"--listen"_s, u"127.0.0.1:0"_s, u"--threads"_s, u"1"_s, u"--data-dir"_s, data, u"--control"_s,
            u"off"_s },
        &port));
    QVERIFY2(m_serveOutput.contains(u"keep-alive 600000 ms"_s), qPrintable(m_serveOutput));
    QVERIFY2(m_serveOutput.contains(u"at most 1 connections per worker"_s), qPrintable(m_serveOutput));

    QTcpSocket kept;
    kept.connectToHost(QHostAddress::LocalHost, port);
    QVERIFY(kept.waitForConnected(kTimeoutMs));
    QCOMPARE(keptAliveGet(kept, "stored.test", "/"), QByteArray("HTTP/1.1 200 OK"));

    // The cap: a second connection is answered 503 at once, without a request, and closed.
    QTcpSocket refused;
    refused.connectToHost(QHostAddress::LocalHost, port);
    QVERIFY(refused.waitForConnected(kTimeoutMs));
    QByteArray answer;
    while (refused.state() == QAbstractSocket::ConnectedState && refused.waitForReadyRead(kTimeoutMs))
        answer += refused.readAll();
    answer += refused.readAll();
    QVERIFY2(answer.startsWith("HTTP/1.1 503 "), answer.constData());

    // Past the default keep-alive timeout (5 s, closed by 7 s at the latest)
    // the idle connection is still open and answers.
    QTest::qWait(8000);
    QCOMPARE(kept.state(), QAbstractSocket::ConnectedState);
    QCOMPARE(keptAliveGet(kept, "stored.test", "/"), QByteArray("HTTP/1.1 200 OK"));
    kept.close();
    QVERIFY(stopServe(serve));
}

void TestCli::takenListenPortIsAnError()
{
    QTcpServer occupier;
    QVERIFY(occupier.listen(QHostAddress::LocalHost, 0));
    const QString site = makeSite(u"a"_s, "A");
    const Result r = runCli({ u"serve"_s, u"--listen"_s, u"127.0.0.1:%1"_s.arg(occupier.serverPort()),
        u"--default"_s, site, u"--control"_s, u"off"_s });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QString::number(occupier.serverPort())), qPrintable(r.err));
    QVERIFY2(r.err.contains(u"in use"_s), qPrintable(r.err));
#if defined(Q_OS_LINUX)
    // The holder, by program name and PID: this test.
    QVERIFY2(r.err.contains(u"in use by tst_cli (PID %1)"_s.arg(QCoreApplication::applicationPid())),
        qPrintable(r.err));
#endif
}

void TestCli::takenControlPortIsAnError()
{
    // --control given: that port or nothing, as for --listen; the holder named.
    QTcpServer occupier;
    QVERIFY(occupier.listen(QHostAddress::LocalHost, 0));
    const QString site = makeSite(u"a"_s, "A");
    const Result r
        = runCli({ u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s, u"--default"_s, site, u"--control"_s,
            u"127.0.0.1:%1"_s.arg(occupier.serverPort()), u"--data-dir"_s, m_dir->filePath(u"data"_s) });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"control API not started"_s), qPrintable(r.err));
#if defined(Q_OS_LINUX)
    QVERIFY2(r.err.contains(u"port %1 is in use by tst_cli (PID %2)"_s.arg(occupier.serverPort())
                                .arg(QCoreApplication::applicationPid())),
        qPrintable(r.err));
#endif
}

void TestCli::statusNamesAnotherProgramOnThePort()
{
    // Another web server on the control port answers "File not found": status
    // says that it is not Hostbench, and whose port it is.
    const QString python = QStandardPaths::findExecutable(u"python3"_s);
    if (python.isEmpty())
        QSKIP("python3 is not installed (package python3): it plays the other program");
    const quint16 port = hostbench::test::freePort();
    QVERIFY(port != 0);
    QProcess other;
    other.setProcessChannelMode(QProcess::MergedChannels);
    other.start(python,
        { u"-u"_s, u"-m"_s, u"http.server"_s, u"--bind"_s, u"127.0.0.1"_s, QString::number(port),
            u"--directory"_s, m_dir->path() });
    QVERIFY(other.waitForStarted(kTimeoutMs));
    QByteArray said;
    while (!said.contains("Serving HTTP") && other.waitForReadyRead(kTimeoutMs))
        said += other.readAll();
    QVERIFY2(said.contains("Serving HTTP"), said.constData());
    const qint64 otherPid = other.processId();
    const Result r = runCli({ u"status"_s, u"--control"_s, u"127.0.0.1:%1"_s.arg(port), u"--data-dir"_s,
        m_dir->filePath(u"data"_s) });
    other.kill();
    other.waitForFinished();
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(
        r.err.contains(u"did not answer as Hostbench's control API does (HTTP 404)"_s), qPrintable(r.err));
#if defined(Q_OS_LINUX)
    QVERIFY2(
        r.err.contains(u"port %1 is held by python3 (PID %2)"_s.arg(port).arg(otherPid)), qPrintable(r.err));
#endif
}

void TestCli::defaultPortFallsBack()
{
    // 8080 is taken, by us or by someone else: either way serve moves on.
    QTcpServer occupier;
    occupier.listen(QHostAddress::LocalHost, 8080);
    const QString site = makeSite(u"a"_s, "A");
    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(serve, { u"--default"_s, site, u"--control"_s, u"off"_s }, &port));
    QVERIFY(port != 8080);
    // Said, with the holder (this test or another program).
    QVERIFY2(m_serveOutput.contains(u"Serving http://127.0.0.1:%1/ (8080 is in use by "_s.arg(port)),
        qPrintable(m_serveOutput));
    QCOMPARE(httpGet(port, "localhost", "/").body, QByteArray("A"));
    QVERIFY(stopServe(serve));
}

void TestCli::benchStoresRunAndWritesJson()
{
    const QString site = makeSite(u"a"_s, QByteArray(4070, 'x'));
    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(
        serve, { u"--listen"_s, u"127.0.0.1:0"_s, u"--default"_s, site, u"--control"_s, u"off"_s }, &port));
    const QString data = m_dir->filePath(u"bench-data"_s);
    const QString jsonFile = m_dir->filePath(u"run.json"_s);
    const QString url = u"http://127.0.0.1:%1/index.html"_s.arg(port);
    const Result r = runCli({ u"bench"_s, u"-n"_s, u"200"_s, u"-c"_s, u"4"_s, u"--json"_s, jsonFile,
        u"--data-dir"_s, data, url });
    QVERIFY(stopServe(serve));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.startsWith(u"This is Hostbench-cli, Version "_s), qPrintable(r.out));
    QVERIFY2(r.out.contains(u"Benchmarking 127.0.0.1 (be patient)"_s), qPrintable(r.out));
    for (const QString &line : { u"Server Software:        Hostbench"_s,
             u"Document Path:          /index.html"_s, u"Document Length:        4070 bytes"_s,
             u"Concurrency Level:      4"_s, u"Complete requests:      200"_s, u"Failed requests:        0"_s,
             u"Requests per second:"_s, u"Percentage of the requests served"_s })
        QVERIFY2(r.out.contains(line), qPrintable(r.out));

    const QJsonObject json = QJsonDocument::fromJson(readFile(jsonFile)).object();
    QVERIFY2(!json.isEmpty(), readFile(jsonFile).constData());
    QCOMPARE(json[u"completed"_s].toInteger(), 200);
    QCOMPARE(json[u"failed"_s].toInteger(), 0);
    QCOMPARE(json[u"parameters"_s][u"url"_s].toString(), url);

    Database db;
    QVERIFY2(db.open(data + u"/hostbench.sqlite"_s), qPrintable(db.lastError()));
    const QList<hostbench::storage::StoredRun> runs = db.runs();
    QCOMPARE(runs.size(), 1);
    QCOMPARE(runs.constFirst().parameters.url, url);
    QCOMPARE(runs.constFirst().parameters.requests, 200);
    QCOMPARE(runs.constFirst().parameters.concurrency, 4);
    QCOMPARE(runs.constFirst().summary.completed, quint64(200));
    QCOMPARE(runs.constFirst().summary.documentLength, 4070);
    // The histogram is stored with the run, as the JSON has it.
    const std::optional<hostbench::model::LatencyHistogram> histogram = db.histogram(runs.constFirst().id);
    QVERIFY2(histogram.has_value(), qPrintable(db.lastError()));
    QCOMPARE(histogram->count(), quint64(200));
    QCOMPARE(json[u"percentile_spectrum"_s].toArray().last()[u"latency_ms"_s].toDouble(),
        double(histogram->maxUs()) / 1000.0);
    QVERIFY(json[u"ttfb_ms"_s][u"median"_s].toDouble() > 0);
    const QList<hostbench::model::BenchSample> samples = db.samples(runs.constFirst().id);
    QVERIFY(!samples.isEmpty());
    quint64 completed = 0;
    for (const hostbench::model::BenchSample &sample : samples)
        completed += sample.completed;
    QCOMPARE(completed, quint64(200));
    // A note written on the Runs page shows in list and show.
    QVERIFY2(db.setRunNote(runs.constFirst().id, u"before the cache change"_s), qPrintable(db.lastError()));
    db.close();

    const Result list = runCli({ u"runs"_s, u"--data-dir"_s, data });
    QCOMPARE(list.exitCode, 0);
    QVERIFY2(list.out.contains(url), qPrintable(list.out));
    QVERIFY2(list.out.contains(u"  # before the cache change\n"_s), qPrintable(list.out));

    // show prints the stored run's report as bench did; export writes what
    // bench --json and --csv wrote; delete removes it.
    const QString id = QString::number(runs.constFirst().id);
    const Result shown = runCli({ u"runs"_s, u"show"_s, id, u"--data-dir"_s, data });
    QCOMPARE(shown.exitCode, 0);
    QVERIFY2(shown.out.contains(u"Complete requests:      200\n"_s), qPrintable(shown.out));
    QVERIFY2(shown.out.contains(u"Document Length:        4070 bytes\n"_s), qPrintable(shown.out));
    QVERIFY2(shown.out.contains(u"Note: before the cache change\n"_s), qPrintable(shown.out));
    const QString exportedJson = m_dir->filePath(u"exported.json"_s);
    const QString exportedCsv = m_dir->filePath(u"exported.csv"_s);
    const Result exported = runCli({ u"runs"_s, u"export"_s, id, u"--json"_s, exportedJson, u"--csv"_s,
        exportedCsv, u"--data-dir"_s, data });
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
    const QJsonObject again = QJsonDocument::fromJson(readFile(exportedJson)).object();
    QCOMPARE(again[u"completed"_s].toInteger(), 200);
    // Which stored run it is, and the user's note (issue #20).
    QCOMPARE(again[u"run_id"_s].toInteger(), runs.constFirst().id);
    QCOMPARE(again[u"note"_s].toString(), u"before the cache change"_s);
    QCOMPARE(again[u"percentile_spectrum"_s].toArray().last()[u"latency_ms"_s].toDouble(),
        double(histogram->maxUs()) / 1000.0);
    QCOMPARE(readFile(exportedCsv).count('\n'), samples.size() + 1); // a header, then one line per sample
    const Result missing = runCli({ u"runs"_s, u"show"_s, u"999"_s, u"--data-dir"_s, data });
    QCOMPARE(missing.exitCode, 1);
    QVERIFY2(missing.err.contains(u"999"_s), qPrintable(missing.err));
    const Result deleted = runCli({ u"runs"_s, u"delete"_s, id, u"--data-dir"_s, data });
    QVERIFY2(deleted.exitCode == 0, qPrintable(deleted.err));
    const Result none = runCli({ u"runs"_s, u"--data-dir"_s, data });
    QVERIFY2(none.out.contains(u"No runs stored"_s), qPrintable(none.out));
}

void TestCli::runsExportReport()
{
    // A real run of bench against serve, stored with thresholds and a note;
    // runs export writes its HTML report and Markdown summary (issue #28).
    const QString site = makeSite(u"a"_s, QByteArray(512, 'x'));
    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(
        serve, { u"--listen"_s, u"127.0.0.1:0"_s, u"--default"_s, site, u"--control"_s, u"off"_s }, &port));
    const QString data = m_dir->filePath(u"report-data"_s);
    const QString url = u"http://127.0.0.1:%1/index.html"_s.arg(port);
    const Result r = runCli({ u"bench"_s, u"-t"_s, u"1"_s, u"-c"_s, u"2"_s, u"-k"_s, u"--threshold"_s,
        u"p99<60s"_s, u"--threshold"_s, u"rps>=100000000"_s, u"--data-dir"_s, data, url });
    QVERIFY(stopServe(serve));
    QVERIFY2(r.exitCode == 99, qPrintable(r.err + r.out)); // the second threshold fails
    Database db;
    QVERIFY2(db.open(data + u"/hostbench.sqlite"_s), qPrintable(db.lastError()));
    const QList<hostbench::storage::StoredRun> runs = db.runs();
    QCOMPARE(runs.size(), 1);
    const hostbench::storage::StoredRun run = runs.constFirst();
    QVERIFY(db.setRunNote(run.id, u"<script>alert(1)</script> | after"_s));
    const qsizetype samples = db.samples(run.id).size();
    QVERIFY(samples >= 5);
    db.close();

    // Written 0644 whatever the umask.
    const QString id = QString::number(run.id);
    const QString html = m_dir->filePath(u"report.html"_s);
    const QString md = m_dir->filePath(u"report.md"_s);
    const mode_t umaskBefore = ::umask(077);
    const Result exported
        = runCli({ u"runs"_s, u"export"_s, id, u"--html"_s, html, u"--md"_s, md, u"--data-dir"_s, data });
    ::umask(umaskBefore);
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
    QVERIFY2(
        exported.out.contains(u"Run %1 written to %2 and %3"_s.arg(id, html, md)), qPrintable(exported.out));
    for (const QString &file : { html, md }) {
        struct stat info
        {
        };
        QCOMPARE(::stat(QFile::encodeName(file).constData(), &info), 0);
        QCOMPARE(info.st_mode & 0777, mode_t(0644));
    }
    const QString page = QString::fromUtf8(readFile(html));
    QVERIFY2(page.startsWith(u"<!DOCTYPE html>"_s), qPrintable(page.left(200)));
    QVERIFY(page.contains(u"content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\""_s));
    QVERIFY(!page.contains(u"<script"_s));
    QVERIFY(page.contains(u"&lt;script&gt;alert(1)&lt;/script&gt; | after"_s));
    for (const QString &chart : { u"chart-rps"_s, u"chart-latency"_s, u"chart-spectrum"_s })
        QVERIFY2(page.contains(u"<svg id=\"%1\""_s.arg(chart)), qPrintable(chart));
    // One point per stored sample on the requests/s line.
    const QRegularExpressionMatch rps
        = QRegularExpression(u"<path class=\"series rps\" d=\"([^\"]+)\""_s).match(page);
    QVERIFY(rps.hasMatch());
    QCOMPARE(rps.captured(1).count(u'L') + 1, samples);
    // The stored figures.
    const auto figure = [&](const QString &name, const QString &value) -> QString {
        return u"<tr><th scope=\"row\">%1</th><td>%2</td></tr>"_s.arg(name, value);
    };
    QVERIFY(page.contains(
        figure(u"Requests per second"_s, QString::number(run.summary.requestsPerSecond, 'f', 2))));
    QVERIFY(page.contains(figure(u"Complete requests"_s, QString::number(run.summary.completed))));
    QVERIFY(page.contains(u"Thresholds: <span class=\"fail\">FAIL</span>"_s));
    QVERIFY(page.contains(u"Server Software:        Hostbench"_s)); // ab's report
    const QString summary = QString::fromUtf8(readFile(md));
    QVERIFY2(summary.startsWith(u"### Hostbench run %1: GET %2\n"_s.arg(id, url)), qPrintable(summary));
    QVERIFY2(
        summary.contains(u"| Requests per second | %1 |\n"_s.arg(run.summary.requestsPerSecond, 0, 'f', 2)),
        qPrintable(summary));
    QVERIFY2(
        summary.contains(u"| p99&lt;60s | "_s) && summary.contains(u"| **FAIL** |\n"_s), qPrintable(summary));
    QVERIFY2(summary.contains(u"> &lt;script&gt;alert\\(1\\)&lt;/script&gt; \\| after"_s)
            || summary.contains(u"> &lt;script&gt;alert(1)&lt;/script&gt; \\| after"_s),
        qPrintable(summary));

    // --md - writes to stdout, the line that says so (none here) to stderr.
    const Result toStdout = runCli({ u"runs"_s, u"export"_s, id, u"--md"_s, u"-"_s, u"--data-dir"_s, data });
    QCOMPARE(toStdout.exitCode, 0);
    QCOMPARE(toStdout.out, summary);
    // No such run; a file that cannot be written; both to stdout.
    const Result missing
        = runCli({ u"runs"_s, u"export"_s, u"999"_s, u"--html"_s, html, u"--data-dir"_s, data });
    QCOMPARE(missing.exitCode, 1);
    QVERIFY2(missing.err.contains(u"There is no run with id 999"_s), qPrintable(missing.err));
    const QString unwritable = m_dir->filePath(u"no-such-folder/report.html"_s);
    const Result failed
        = runCli({ u"runs"_s, u"export"_s, id, u"--html"_s, unwritable, u"--data-dir"_s, data });
    QCOMPARE(failed.exitCode, 1);
    QVERIFY2(failed.err.contains(u"--html: cannot write %1"_s.arg(unwritable)), qPrintable(failed.err));
    QVERIFY(!QFile::exists(unwritable));
    const Result twice = runCli(
        { u"runs"_s, u"export"_s, id, u"--html"_s, u"-"_s, u"--md"_s, u"-"_s, u"--data-dir"_s, data });
    QCOMPARE(twice.exitCode, 1);
}

void TestCli::benchNoStore()
{
    const QString site = makeSite(u"a"_s, "OK");
    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(
        serve, { u"--listen"_s, u"127.0.0.1:0"_s, u"--default"_s, site, u"--control"_s, u"off"_s }, &port));
    const QString data = m_dir->filePath(u"no-store"_s);
    const Result r = runCli({ u"bench"_s, u"-n"_s, u"20"_s, u"-k"_s, u"--no-store"_s, u"--data-dir"_s, data,
        u"http://127.0.0.1:%1/"_s.arg(port) });
    QVERIFY(stopServe(serve));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(!QFile::exists(data + u"/hostbench.sqlite"_s));
}

void TestCli::benchThresholds()
{
    const QString site = makeSite(u"a"_s, "OK");
    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(
        serve, { u"--listen"_s, u"127.0.0.1:0"_s, u"--default"_s, site, u"--control"_s, u"off"_s }, &port));
    const QString url = u"http://127.0.0.1:%1/"_s.arg(port);
    const QString missing = u"http://127.0.0.1:%1/missing"_s.arg(port);
    const auto bench = [&](const QString &target, const QStringList &thresholds) {
        QStringList args { u"bench"_s, u"-n"_s, u"200"_s, u"-c"_s, u"2"_s, u"-k"_s, u"--no-store"_s };
        for (const QString &t : thresholds)
            args << u"--threshold"_s << t;
        return runCli(args << target);
    };
    // All hold: exit 0, a line each with the figure measured.
    const Result held = bench(url,
        { u"p99<60s"_s, u"rps>0"_s, u"errors==0"_s, u"errors<0.1%"_s, u"non2xx == 0"_s, u"unfinished==0"_s,
            u"p50 <= 60000ms"_s });
    QVERIFY2(held.exitCode == 0, qPrintable(held.err + held.out));
    QVERIFY2(held.out.contains(u"Thresholds:"_s), qPrintable(held.out));
    QCOMPARE(held.out.count(u", pass\n"_s), 7);
    QVERIFY2(held.out.contains(u"errors==0: 0 (== 0), pass"_s), qPrintable(held.out));
    // One fails: exit 99, the line says FAIL with what was measured.
    const Result broken = bench(url, { u"rps>0"_s, u"p99<1us"_s });
    QVERIFY2(broken.exitCode == 99, qPrintable(broken.err + broken.out));
    QVERIFY2(broken.out.contains(u"p99<1us: "_s) && broken.out.contains(u"(< 0.001 ms), FAIL"_s),
        qPrintable(broken.out));
    QVERIFY2(broken.err.contains(u"a threshold failed (exit 99)"_s), qPrintable(broken.err));
    // 404s: non2xx and errors count them (99 before the no-success 2).
    const Result notFound = bench(missing, { u"non2xx==0"_s });
    QCOMPARE(notFound.exitCode, 99);
    QVERIFY2(notFound.out.contains(u"non2xx==0: 200 (== 0), FAIL"_s), qPrintable(notFound.out));
    QCOMPARE(bench(missing, {}).exitCode, 2);

    // A stored run keeps its thresholds: runs show prints the verdict again, --json carries it.
    const QString data = m_dir->filePath(u"thresholds-data"_s);
    const QString json = m_dir->filePath(u"thresholds.json"_s);
    const Result stored = runCli({ u"bench"_s, u"-n"_s, u"50"_s, u"-k"_s, u"--data-dir"_s, data, u"--json"_s,
        json, u"--threshold"_s, u"errors==0"_s, u"--threshold"_s, u"p99<1us"_s, url });
    QVERIFY2(stored.exitCode == 99, qPrintable(stored.err + stored.out));
    const QRegularExpressionMatch id = QRegularExpression(u"Stored as run (\\d+)"_s).match(stored.err);
    QVERIFY2(id.hasMatch(), qPrintable(stored.err));
    const Result shown = runCli({ u"runs"_s, u"show"_s, id.captured(1), u"--data-dir"_s, data });
    QCOMPARE(shown.exitCode, 0);
    QVERIFY2(shown.out.contains(u"Thresholds:\n  errors==0: 0 (== 0), pass\n  p99<1us: "_s)
            && shown.out.contains(u"(< 0.001 ms), FAIL\n"_s),
        qPrintable(shown.out));
    const QJsonObject report = QJsonDocument::fromJson(readFile(json)).object();
    const QJsonObject verdict = report[u"thresholds"_s].toObject();
    QCOMPARE(verdict[u"passed"_s].toBool(true), false);
    const QJsonArray results = verdict[u"results"_s].toArray();
    QCOMPARE(results.size(), 2);
    QCOMPARE(results[0][u"threshold"_s].toString(), u"errors==0"_s);
    QCOMPARE(results[0][u"passed"_s].toBool(), true);
    QCOMPARE(results[1][u"threshold"_s].toString(), u"p99<1us"_s);
    QVERIFY(results[1][u"measured"_s].toDouble() > 0.001);
    QVERIFY(stopServe(serve));

    // Refused before any request: the position and the form, or the known metrics.
    const Result badOp = runCli({ u"bench"_s, u"--threshold"_s, u"p99=>5ms"_s, url });
    QCOMPARE(badOp.exitCode, 1);
    QVERIFY2(
        badOp.err.contains(u"at character 4"_s) && badOp.err.contains(u"p99<50ms"_s), qPrintable(badOp.err));
    const Result unknown = runCli({ u"bench"_s, u"--threshold"_s, u"latency<5ms"_s, url });
    QCOMPARE(unknown.exitCode, 1);
    QVERIFY2(unknown.err.contains(u"unknown metric \"latency\""_s) && unknown.err.contains(u"non2xx"_s),
        qPrintable(unknown.err));
    const Result badUnit = runCli({ u"bench"_s, u"--threshold"_s, u"p99<5min"_s, url });
    QCOMPARE(badUnit.exitCode, 1);
    QVERIFY2(badUnit.err.contains(u"us, ms or s"_s), qPrintable(badUnit.err));
    const Result badPercentile = runCli({ u"bench"_s, u"--threshold"_s, u"p101<5ms"_s, url });
    QCOMPARE(badPercentile.exitCode, 1);
}

void TestCli::benchStagesFollowTheRamp()
{
    const QString site = makeSite(u"a"_s, "OK");
    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(
        serve, { u"--listen"_s, u"127.0.0.1:0"_s, u"--default"_s, site, u"--control"_s, u"off"_s }, &port));
    const QString data = m_dir->filePath(u"stages-data"_s);
    const QString jsonFile = m_dir->filePath(u"stages.json"_s);
    // Up from 0 to 600/s over 1 s, held 1 s, down to 0 over 1 s: N(t) = 300 t² in
    // the first second, then 600 a second, then 600 u - 300 u²; 1200 requests planned.
    const Result r = runCli({ u"bench"_s, u"--stages"_s, u"1s:600,1s:600,1s:0"_s, u"-c"_s, u"4"_s, u"-k"_s,
        u"--data-dir"_s, data, u"--json"_s, jsonFile, u"http://127.0.0.1:%1/"_s.arg(port) });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    const auto planned = [](double t) {
        if (t <= 1)
            return 300 * t * t;
        if (t <= 2)
            return 300 + 600 * (t - 1);
        const double u = std::min(t, 3.0) - 2;
        return 900 + 600 * u - 300 * u * u;
    };
    const auto plannedRate = [](double t) { return t <= 1 ? 600 * t : t <= 2 ? 600.0 : 600 * (3 - t); };
    const QJsonObject json = QJsonDocument::fromJson(readFile(jsonFile)).object();
    QCOMPARE(json[u"parameters"_s][u"duration_ms"_s].toInteger(), 3000); // the stages' sum
    QCOMPARE(json[u"parameters"_s][u"stages"_s].toArray().size(), 3);
    // Every send time of the plan went out, or is counted as not sent or unfinished.
    const qint64 scheduled = json[u"completed"_s].toInteger() + json[u"failed"_s].toInteger()
        + json[u"unfinished"_s].toInteger() + json[u"not_sent"_s].toInteger();
    QVERIFY2(std::abs(scheduled - 1200) <= 8, qPrintable(QString::number(scheduled)));
    // The samples follow the ramp: the requests answered by the end of each
    // within 40 of the plan's, and each sample's rate within 150/s of the
    // plan's in its middle (a stall of the machine may move a few).
    const QJsonArray samples = json[u"samples"_s].toArray();
    QVERIFY2(samples.size() >= 29, qPrintable(QString::number(samples.size())));
    double answered = 0;
    int off = 0;
    QString trace;
    for (const QJsonValue &value : samples) {
        const QJsonObject sample = value.toObject();
        const double end = sample[u"elapsed_ms"_s].toDouble() / 1000;
        const double interval = sample[u"interval_ms"_s].toDouble() / 1000;
        answered += sample[u"completed"_s].toDouble();
        trace += u"%1s: %2 (%3 planned), %4/s (%5)\n"_s.arg(end)
                     .arg(answered)
                     .arg(planned(end), 0, 'f', 0)
                     .arg(sample[u"requests_per_second"_s].toDouble(), 0, 'f', 0)
                     .arg(plannedRate(end - interval / 2), 0, 'f', 0);
        QVERIFY2(std::abs(answered - planned(end)) <= 40, qPrintable(trace));
        if (interval >= 0.05
            && std::abs(sample[u"requests_per_second"_s].toDouble() - plannedRate(end - interval / 2)) > 150)
            ++off;
    }
    QVERIFY2(off <= 3, qPrintable(trace));
    // Kept with the stored run.
    {
        Database db;
        QVERIFY(db.open(data + u"/hostbench.sqlite"_s));
        const QList<hostbench::storage::StoredRun> runs = db.runs();
        QCOMPARE(runs.size(), 1);
        const QList<hostbench::model::LoadStage> stages { { 1000, 600 }, { 1000, 600 }, { 1000, 0 } };
        QCOMPARE(runs.constFirst().parameters.stages, stages);
    }
    QVERIFY(stopServe(serve));
}

void TestCli::benchStagesBadInput_data()
{
    QTest::addColumn<QStringList>("flags");
    QTest::addColumn<QString>("message");
    QTest::newRow("zero duration") << QStringList { u"--stages"_s, u"10s:100,0s:50"_s }
                                   << u"--stages stage 2 (\"0s:50\"): the duration 0s is not above 0"_s;
    QTest::newRow("negative duration") << QStringList { u"--stages"_s, u"-5s:10"_s }
                                       << u"--stages stage 1 (\"-5s:10\"): the duration -5s is not above 0"_s;
    QTest::newRow("negative rate") << QStringList { u"--stages"_s, u"10s:100,5s:-1"_s }
                                   << u"--stages stage 2 (\"5s:-1\"): the rate -1 is negative"_s;
    QTest::newRow("no colon") << QStringList { u"--stages"_s, u"10s"_s }
                              << u"--stages stage 1 (\"10s\"): a colon between the duration and the rate"_s;
    QTest::newRow("no unit") << QStringList { u"--stages"_s, u"10:100"_s }
                             << u"--stages stage 1 (\"10:100\"): the duration \"10\" has no unit"_s;
    QTest::newRow("empty stage") << QStringList { u"--stages"_s, u"10s:100,,5s:0"_s }
                                 << u"--stages stage 2 (\"\"): the stage is empty"_s;
    QTest::newRow("nothing planned") << QStringList { u"--stages"_s, u"5s:0"_s }
                                     << u"--stages the stages plan fewer than one request"_s;
    QTest::newRow("with -t") << QStringList { u"--stages"_s, u"5s:10"_s, u"-t"_s, u"5"_s }
                             << u"--stages sets the run's length (the sum of the stages): give no -n or -t"_s;
    QTest::newRow("abort without threshold")
        << QStringList { u"-n"_s, u"5"_s, u"--abort-on-fail"_s } << u"--abort-on-fail needs a --threshold"_s;
}

void TestCli::benchStagesBadInput()
{
    QFETCH(QStringList, flags);
    QFETCH(QString, message);
    // Nothing listens on port 1: a run that went ahead would fail to connect
    // instead; refused first, no request is sent.
    const Result r = runCli(QStringList { u"bench"_s, u"--no-store"_s } + flags << u"http://127.0.0.1:1/"_s);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY2(!r.err.contains(u"cannot connect"_s) && !r.err.contains(u"Reached"_s), qPrintable(r.err));
    if (flags.contains(u"--stages"_s) && !flags.contains(u"-t"_s))
        QVERIFY2(r.err.contains(u"the form is DURATION:RATE[,DURATION:RATE...]"_s), qPrintable(r.err));
}

void TestCli::benchAbortOnFail()
{
    const QString site = makeSite(u"a"_s, "OK");
    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(
        serve, { u"--listen"_s, u"127.0.0.1:0"_s, u"--default"_s, site, u"--control"_s, u"off"_s }, &port));
    const QString url = u"http://127.0.0.1:%1/"_s.arg(port);
    const QString data = m_dir->filePath(u"abort-data"_s);
    const QString jsonFile = m_dir->filePath(u"abort.json"_s);
    // A 10 s run that cannot hold p99<1us stops after the first second's
    // sample (the checks begin there), exit 99, the report naming the threshold.
    const Result open = runCli({ u"bench"_s, u"-t"_s, u"10"_s, u"--rate"_s, u"200"_s, u"-c"_s, u"2"_s,
        u"-k"_s, u"--threshold"_s, u"errors==0"_s, u"--threshold"_s, u"p99<1us"_s, u"--abort-on-fail"_s,
        u"--data-dir"_s, data, u"--json"_s, jsonFile, url });
    QVERIFY2(open.exitCode == 99, qPrintable(open.err + open.out));
    QVERIFY2(open.err.contains(u"aborted after 1.0 s: the threshold p99<1us failed (exit 99)"_s),
        qPrintable(open.err));
    QVERIFY2(open.out.contains(u"errors==0: 0 (== 0), pass\n"_s), qPrintable(open.out));
    QVERIFY2(open.out.contains(u"(< 0.001 ms), FAIL after 1.0 s: the run was aborted (--abort-on-fail)\n"_s),
        qPrintable(open.out));
    const QJsonObject json = QJsonDocument::fromJson(readFile(jsonFile)).object();
    QCOMPARE(json[u"aborted"_s][u"threshold"_s].toString(), u"p99<1us"_s);
    QCOMPARE(json[u"aborted"_s][u"at_ms"_s].toInteger(), 1000);
    QCOMPARE(json[u"interrupted"_s].toBool(), true);
    QVERIFY2(json[u"time_taken_sec"_s].toDouble() < 9,
        qPrintable(QString::number(json[u"time_taken_sec"_s].toDouble())));
    // Stored as aborted: the list says by which threshold, runs show says it again.
    const Result listed = runCli({ u"runs"_s, u"--data-dir"_s, data });
    QVERIFY2(listed.out.contains(u"(aborted: p99<1us)"_s), qPrintable(listed.out));
    const QRegularExpressionMatch id = QRegularExpression(u"Stored as run (\\d+)"_s).match(open.err);
    QVERIFY2(id.hasMatch(), qPrintable(open.err));
    const Result shown = runCli({ u"runs"_s, u"show"_s, id.captured(1), u"--data-dir"_s, data });
    QVERIFY2(shown.out.contains(u"FAIL after 1.0 s: the run was aborted (--abort-on-fail)"_s),
        qPrintable(shown.out));

    // The closed model too (rps>=1e9 cannot hold), and stages.
    const Result closed = runCli({ u"bench"_s, u"-t"_s, u"10"_s, u"-c"_s, u"2"_s, u"-k"_s, u"--no-store"_s,
        u"--threshold"_s, u"rps>=1000000000"_s, u"--abort-on-fail"_s, url });
    QVERIFY2(closed.exitCode == 99, qPrintable(closed.err + closed.out));
    QVERIFY2(closed.err.contains(u"aborted after 1.0 s: the threshold rps>=1000000000 failed"_s),
        qPrintable(closed.err));
    const Result staged = runCli({ u"bench"_s, u"--stages"_s, u"10s:300"_s, u"-c"_s, u"2"_s, u"-k"_s,
        u"--no-store"_s, u"--threshold"_s, u"p99<1us"_s, u"--abort-on-fail"_s, url });
    QVERIFY2(staged.exitCode == 99 && staged.err.contains(u"aborted after 1.0 s"_s),
        qPrintable(staged.err + staged.out));

    // A threshold that holds lets the run end at its end; without
    // --abort-on-fail a failing one is only the verdict.
    const QString heldFile = m_dir->filePath(u"held.json"_s);
    const Result held
        = runCli({ u"bench"_s, u"-t"_s, u"1.5"_s, u"--rate"_s, u"100"_s, u"-k"_s, u"--no-store"_s,
            u"--threshold"_s, u"errors==0"_s, u"--abort-on-fail"_s, u"--json"_s, heldFile, url });
    QVERIFY2(held.exitCode == 0, qPrintable(held.err + held.out));
    const QJsonObject heldJson = QJsonDocument::fromJson(readFile(heldFile)).object();
    QVERIFY(!heldJson.contains(u"aborted"_s));
    QCOMPARE(heldJson[u"interrupted"_s].toBool(true), false);
    const QString verdictFile = m_dir->filePath(u"verdict.json"_s);
    const Result verdict = runCli({ u"bench"_s, u"-t"_s, u"1.5"_s, u"--rate"_s, u"100"_s, u"-k"_s,
        u"--no-store"_s, u"--threshold"_s, u"p99<1us"_s, u"--json"_s, verdictFile, url });
    QCOMPARE(verdict.exitCode, 99);
    QVERIFY2(!verdict.err.contains(u"aborted"_s), qPrintable(verdict.err));
    QCOMPARE(QJsonDocument::fromJson(readFile(verdictFile)).object()[u"interrupted"_s].toBool(true), false);
    QVERIFY(stopServe(serve));
}

void TestCli::benchWrkFormat()
{
    const QString site = makeSite(u"a"_s, "OK");
    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(
        serve, { u"--listen"_s, u"127.0.0.1:0"_s, u"--default"_s, site, u"--control"_s, u"off"_s }, &port));
    const QString url = u"http://127.0.0.1:%1/"_s.arg(port);
    const Result r = runCli({ u"bench"_s, u"-t"_s, u"0.5"_s, u"-c"_s, u"2"_s, u"-k"_s, u"--format"_s,
        u"wrk"_s, u"--no-store"_s, url });
    QVERIFY(stopServe(serve));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.startsWith(u"Running "_s), qPrintable(r.out));
    QVERIFY2(r.out.contains(u" test @ "_s + url), qPrintable(r.out));
    QVERIFY2(r.out.contains(u"Thread Stats"_s) && r.out.contains(u"Requests/sec:"_s), qPrintable(r.out));
    QVERIFY(!r.out.contains(u"This is Hostbench-cli"_s));
}

void TestCli::benchSendsRequestAsGiven_data()
{
    QTest::addColumn<QStringList>("flags");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("requestLine");
    QTest::addColumn<QList<QByteArray>>("headerLines");

    // -p alone: POST, text/plain (as ab).
    QTest::newRow("-p") << QStringList {} << QByteArray("name=value&x=1")
                        << QByteArray("POST /ok?a=b HTTP/1.1")
                        << QList<QByteArray> { "Content-Type: text/plain", "Content-Length: 14",
                               "Host: 127.0.0.1:%PORT%", "User-Agent: Hostbench/" HOSTBENCH_VERSION };
    QTest::newRow("-m -H -T --host") << QStringList { u"-m"_s, u"PUT"_s, u"-H"_s, u"X-One: 1"_s, u"-H"_s,
        u"X-Two: two words"_s, u"-T"_s, u"application/json"_s, u"--host"_s, u"example.test"_s }
                                     << QByteArray("{\"a\": 1}") << QByteArray("PUT /ok?a=b HTTP/1.1")
                                     << QList<QByteArray> { "X-One: 1", "X-Two: two words",
                                            "Content-Type: application/json", "Content-Length: 8",
                                            "Host: example.test" };
    QTest::newRow("-m DELETE, no body")
        << QStringList { u"-m"_s, u"DELETE"_s, u"-H"_s, u"Authorization: Bearer abc"_s } << QByteArray()
        << QByteArray("DELETE /ok?a=b HTTP/1.1")
        << QList<QByteArray> { "Authorization: Bearer abc", "Content-Length: 0", "Host: 127.0.0.1:%PORT%" };
    // As ab's -H: the user's User-Agent replaces the default one.
    QTest::newRow("-H User-Agent") << QStringList { u"-H"_s, u"User-Agent: mine/1.0"_s } << QByteArray()
                                   << QByteArray("GET /ok?a=b HTTP/1.1")
                                   << QList<QByteArray> { "User-Agent: mine/1.0", "Host: 127.0.0.1:%PORT%" };
}

void TestCli::benchSendsRequestAsGiven()
{
    QFETCH(QStringList, flags);
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, requestLine);
    QFETCH(QList<QByteArray>, headerLines);

    TestHttpServer server;
    QStringList arguments { u"bench"_s, u"-n"_s, u"3"_s, u"-k"_s, u"--no-store"_s };
    arguments += flags;
    if (!body.isEmpty()) {
        const QString bodyFile = m_dir->filePath(u"body"_s);
        QFile file(bodyFile);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(body);
        file.close();
        arguments += { u"-p"_s, bodyFile };
    }
    arguments += u"http://127.0.0.1:%1/ok?a=b"_s.arg(server.port());
    const Result r = runCli(arguments);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(u"Complete requests:      3"_s), qPrintable(r.out));
    QVERIFY2(r.out.contains(u"Failed requests:        0"_s), qPrintable(r.out));
    QCOMPARE(server.requests(), quint64(3));

    const QByteArray seen = server.lastRequest();
    const qsizetype split = seen.indexOf("\r\n\r\n");
    QVERIFY2(split > 0, seen.constData());
    QCOMPARE(seen.mid(split + 4), body);
    const QList<QByteArray> lines = seen.left(split).replace("\r\n", "\n").split('\n');
    QCOMPARE(lines.first(), requestLine);
    for (QByteArray line : headerLines) {
        line.replace("%PORT%", QByteArray::number(server.port()));
        QVERIFY2(lines.contains(line), QByteArray(line + "\n---\n" + seen).constData());
    }
    // Exactly one User-Agent: the default (ab sends ApacheBench/2.3), or the user's instead of it.
    const auto userAgents = std::count_if(lines.cbegin(), lines.cend(),
        [](const QByteArray &line) { return line.toLower().startsWith("user-agent:"); });
    QCOMPARE(userAgents, 1);
}

void TestCli::benchCsvAndPercentileFiles()
{
    TestHttpServer server;
    const QString csvFile = m_dir->filePath(u"samples.csv"_s);
    const QString percentFile = m_dir->filePath(u"percent.csv"_s);
    const Result r = runCli({ u"bench"_s, u"-n"_s, u"300"_s, u"-c"_s, u"3"_s, u"-k"_s, u"--no-store"_s,
        u"--csv"_s, csvFile, u"-e"_s, percentFile, u"http://127.0.0.1:%1/delay/1"_s.arg(server.port()) });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));

    // --csv: the interval series; the samples add up to the run.
    const QList<QByteArray> rows = readFile(csvFile).trimmed().split('\n');
    QVERIFY2(rows.size() >= 2, readFile(csvFile).constData());
    QCOMPARE(rows.first(),
        QByteArray("index,elapsed_ms,interval_ms,completed,failed,bytes,requests_per_second,"
                   "p50_us,p90_us,p99_us,max_us,open_connections"));
    qint64 completed = 0;
    for (qsizetype i = 1; i < rows.size(); ++i) {
        const QList<QByteArray> fields = rows[i].split(',');
        QCOMPARE(fields.size(), 12);
        QCOMPARE(fields[0].toInt(), int(i - 1));
        completed += fields[3].toLongLong();
    }
    QCOMPARE(completed, 300);

    // -e: ab's percentile file, 0..100, non-decreasing, at least the 1 ms the server waits.
    const QList<QByteArray> lines = readFile(percentFile).split('\n');
    QCOMPARE(lines.size(), 103); // header, 101 lines, the empty tail
    QCOMPARE(lines.first(), QByteArray("Percentage served,Time in ms"));
    double previous = 0;
    for (int percent = 0; percent <= 100; ++percent) {
        const QList<QByteArray> fields = lines[percent + 1].split(',');
        QCOMPARE(fields.size(), 2);
        QCOMPARE(fields[0].toInt(), percent);
        const double ms = fields[1].toDouble();
        QVERIFY2(ms >= previous && ms >= 1.0, lines[percent + 1].constData());
        previous = ms;
    }
    // The longest request, as the report's "100%" line has it (whole ms there).
    static const QRegularExpression longest(u" 100%\\s+(\\d+) \\(longest request\\)"_s);
    const QRegularExpressionMatch match = longest.match(r.out);
    QVERIFY2(match.hasMatch(), qPrintable(r.out));
    QCOMPARE(qRound(lines[101].split(',').at(1).toDouble()), match.captured(1).toInt());
}

void TestCli::benchOpenModelReportsBothLatencies()
{
    TestHttpServer server;
    const QString url = u"http://127.0.0.1:%1/ok"_s.arg(server.port());
    const QString jsonFile = m_dir->filePath(u"rate.json"_s);
    Result r = runCli({ u"bench"_s, u"-t"_s, u"1"_s, u"--rate"_s, u"100"_s, u"-c"_s, u"2"_s, u"-k"_s,
        u"--no-store"_s, u"--json"_s, jsonFile, url });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(u"Open model at 100.00 [#/sec]: latency (ms)"_s), qPrintable(r.out));
    QVERIFY2(r.out.contains(u"\nCorrected: "_s) && r.out.contains(u"\nUncorrected: "_s), qPrintable(r.out));
    const QJsonObject json = QJsonDocument::fromJson(readFile(jsonFile)).object();
    QVERIFY(json[u"uncorrected_latency_ms"_s][u"p99"_s].toDouble() > 0);
    QVERIFY(json[u"latency_ms"_s][u"p99"_s].toDouble() > 0);
    QCOMPARE(json[u"parameters"_s][u"rate"_s].toDouble(), 100.0);

    r = runCli({ u"bench"_s, u"-t"_s, u"1"_s, u"--rate"_s, u"100"_s, u"-c"_s, u"2"_s, u"-k"_s,
        u"--no-store"_s, u"--format"_s, u"wrk"_s, url });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(u"Uncorrected Latency"_s), qPrintable(r.out));
}

void TestCli::benchBrokenDataFolderSendsNothing_data()
{
    QTest::addColumn<QString>("name"); // under the temporary folder
    QTest::addColumn<bool>("isFile"); // the --data-dir is a file, else a folder with a broken database
    QTest::addColumn<QString>("reason");
    QTest::newRow("garbage database") << u"broken"_s << false << u"not a SQLite database"_s;
    QTest::newRow("data dir is a file") << u"a-file"_s << true << u"is a file, not a folder"_s;
}

void TestCli::benchBrokenDataFolderSendsNothing()
{
    QFETCH(QString, name);
    QFETCH(bool, isFile);
    QFETCH(QString, reason);
    // The target sees whether a request arrives: the run must not begin.
    QTcpServer target;
    QVERIFY(target.listen(QHostAddress::LocalHost, 0));
    const QString data = m_dir->filePath(name);
    const QString file = isFile ? data : data + u"/hostbench.sqlite"_s;
    if (!isFile)
        QVERIFY(QDir().mkpath(data));
    const QByteArray garbage("this is not a database\n");
    {
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(garbage);
    }
    const Result r = runCli({ u"bench"_s, u"-n"_s, u"10"_s, u"--data-dir"_s, data,
        u"http://127.0.0.1:%1/"_s.arg(target.serverPort()) });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(
        r.err.contains(reason) && r.err.contains(u"--no-store runs without storing"_s), qPrintable(r.err));
    QVERIFY2(!r.out.contains(u"Complete requests"_s), qPrintable(r.out));
    // The reachability check connects; no request may follow it.
    while (target.waitForNewConnection(200)) {
        std::unique_ptr<QTcpSocket> socket(target.nextPendingConnection());
        socket->waitForReadyRead(200);
        QVERIFY2(socket->readAll().isEmpty(), "a request was sent");
    }
    QCOMPARE(readFile(file), garbage);
}

void TestCli::benchInterruptedBySigint()
{
    const QString site = makeSite(u"a"_s, "OK");
    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(
        serve, { u"--listen"_s, u"127.0.0.1:0"_s, u"--default"_s, site, u"--control"_s, u"off"_s }, &port));
    const QString data = m_dir->filePath(u"interrupted"_s);
    QProcess bench;
    bench.setProcessEnvironment(environment());
    bench.start(QStringLiteral(HOSTBENCH_CLI_PATH),
        { u"bench"_s, u"-t"_s, u"120"_s, u"-c"_s, u"2"_s, u"--data-dir"_s, data,
            u"http://127.0.0.1:%1/"_s.arg(port) });
    QVERIFY(bench.waitForStarted(kTimeoutMs));
    QByteArray out;
    QDeadlineTimer deadline(kTimeoutMs);
    while (!out.contains("(be patient)") && bench.state() == QProcess::Running && !deadline.hasExpired()) {
        bench.waitForReadyRead(100);
        out += bench.readAllStandardOutput();
    }
    QVERIFY2(out.contains("(be patient)"), out.constData());
    // Some requests first: with 300 ms a full parallel test run once saw none
    // answered yet (bench's exit 2, "no request succeeded").
    QTest::qWait(1000);
    QCOMPARE(::kill(pid_t(bench.processId()), SIGINT), 0);
    QVERIFY(bench.waitForFinished(kTimeoutMs));
    out += bench.readAllStandardOutput();
    QVERIFY(stopServe(serve));
    QCOMPARE(bench.exitStatus(), QProcess::NormalExit);
    QCOMPARE(bench.exitCode(), 0);
    QVERIFY2(out.contains("Complete requests:"), out.constData());

    Database db;
    QVERIFY2(db.open(data + u"/hostbench.sqlite"_s), qPrintable(db.lastError()));
    const QList<hostbench::storage::StoredRun> runs = db.runs();
    QCOMPARE(runs.size(), 1);
    QVERIFY(runs.constFirst().summary.interrupted);
    QVERIFY(runs.constFirst().summary.timeTakenSec < 100);
}

void TestCli::benchUnreachableTarget()
{
    // A port that was free a moment ago: nothing accepts there.
    const quint16 port = hostbench::test::freePort();
    QVERIFY(port != 0);
    const QString data = m_dir->filePath(u"unreachable"_s);
    const Result r = runCli(
        { u"bench"_s, u"-n"_s, u"10"_s, u"--data-dir"_s, data, u"http://127.0.0.1:%1/"_s.arg(port) });
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains(u"cannot connect"_s), qPrintable(r.err));
    QVERIFY(!r.out.contains(u"Complete requests"_s));
    QVERIFY(!QFile::exists(data + u"/hostbench.sqlite"_s));
}

void TestCli::benchExitStatus_data()
{
    // 0 when a request succeeded (a complete 2xx or 3xx response), 2 when
    // the run ran and none did: a script sees a dead or broken target.
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<int>("status"); // the one status of every response
    QTest::newRow("200") << u"/ok"_s << 0 << 200;
    QTest::newRow("301") << u"/status/301"_s << 0 << 301;
    QTest::newRow("404") << u"/status/404"_s << 2 << 404;
    QTest::newRow("500") << u"/status/500"_s << 2 << 500;
    QTest::newRow("503") << u"/status/503"_s << 2 << 503;
    // The 103 is skipped; the 200 after it is the response.
    QTest::newRow("103 Early Hints, then 200") << u"/interim/103"_s << 0 << 200;
    QTest::newRow("100 Continue unasked, then 200") << u"/interim/100"_s << 0 << 200;
}

void TestCli::benchExitStatus()
{
    QFETCH(QString, path);
    QFETCH(int, exitCode);
    QFETCH(int, status);
    TestHttpServer server;
    const QString jsonFile = m_dir->filePath(u"exit.json"_s);
    const Result r = runCli({ u"bench"_s, u"-n"_s, u"3"_s, u"-k"_s, u"--no-store"_s, u"--json"_s, jsonFile,
        u"http://127.0.0.1:%1%2"_s.arg(server.port()).arg(path) });
    QVERIFY2(r.exitCode == exitCode, qPrintable(QString::number(r.exitCode) + u' ' + r.err));
    QCOMPARE(r.err.contains(u"no request succeeded"_s), exitCode == 2);
    QVERIFY2(r.out.contains(u"Complete requests:      3\n"_s), qPrintable(r.out));
    const QJsonObject counts
        = QJsonDocument::fromJson(readFile(jsonFile)).object()[u"status_counts"_s].toObject();
    QCOMPARE(counts.keys(), QStringList { QString::number(status) });
    QCOMPARE(counts[QString::number(status)].toInteger(), 3);
}

void TestCli::benchTimeoutFlag()
{
    // --timeout 200ms against a server that never answers: two timeouts
    // within seconds (the default 30 s would outlast this test's wait), and
    // exit 2, since nothing succeeded.
    TestHttpServer server;
    const QString jsonFile = m_dir->filePath(u"timeout.json"_s);
    QElapsedTimer clock;
    clock.start();
    const Result r = runCli({ u"bench"_s, u"-n"_s, u"2"_s, u"-k"_s, u"--timeout"_s, u"200ms"_s,
        u"--no-store"_s, u"--json"_s, jsonFile, u"http://127.0.0.1:%1/silent"_s.arg(server.port()) });
    QVERIFY2(r.exitCode == 2, qPrintable(QString::number(r.exitCode) + u' ' + r.err));
    QVERIFY(clock.elapsed() < 15000);
    QVERIFY2(r.out.contains(u"Failed requests:        2\n"_s), qPrintable(r.out));
    const QJsonObject json = QJsonDocument::fromJson(readFile(jsonFile)).object();
    QCOMPARE(json[u"failures"_s][u"timeout"_s].toInteger(), 2);
    QCOMPARE(json[u"parameters"_s][u"timeout_ms"_s].toInteger(), 200);
    QCOMPARE(server.requests(), quint64(2));
    // --help names the flag and the exit status.
    const Result help = runCli({ u"bench"_s, u"--help"_s });
    QCOMPARE(help.exitCode, 0);
    QVERIFY2(help.out.contains(u"--timeout <T>"_s), qPrintable(help.out));
    QVERIFY2(help.out.contains(u"\n2 when the run ran but none did"_s), qPrintable(help.out));
}

void TestCli::benchAboveOpenFileLimit()
{
    // bash's ulimit -n lowers the soft and the hard limit: the generator
    // cannot raise them, so 400 connections cannot have 400 sockets.
    QTcpServer target; // accepts in the kernel's backlog: the CLI's reachability check passes
    QVERIFY(target.listen(QHostAddress::LocalHost, 0));
    QProcess bench;
    bench.setProcessEnvironment(environment());
    bench.start(u"bash"_s,
        { u"-c"_s, u"ulimit -n 256 && exec \"$0\" \"$@\""_s, QStringLiteral(HOSTBENCH_CLI_PATH), u"bench"_s,
            u"-c"_s, u"400"_s, u"-n"_s, u"400"_s, u"--no-store"_s,
            u"http://127.0.0.1:%1/"_s.arg(target.serverPort()) });
    QVERIFY(bench.waitForFinished(kTimeoutMs));
    const QString err = QString::fromLocal8Bit(bench.readAllStandardError());
    const QString out = QString::fromLocal8Bit(bench.readAllStandardOutput());
    QCOMPARE(bench.exitStatus(), QProcess::NormalExit);
    QVERIFY2(bench.exitCode() == 1, qPrintable(err));
    QVERIFY2(err.contains(u"400 connections need 400 sockets"_s) && err.contains(u"open-file limit is 256"_s)
            && err.contains(u"ulimit -n"_s),
        qPrintable(err));
    QVERIFY(!out.contains(u"Complete requests"_s));
}

void TestCli::damagedDatabaseErrorNamesTheFile()
{
    // A valid SQLite header over damaged pages: it opens, then a statement fails.
    const QString data = m_dir->filePath(u"damaged"_s);
    QVERIFY(QDir().mkpath(data));
    const QString path = data + u"/hostbench.sqlite"_s;
    {
        Database db;
        QVERIFY2(db.open(path), qPrintable(db.lastError()));
    }
    QByteArray bytes = readFile(path);
    QVERIFY(bytes.size() > 4096);
    for (qsizetype i = 100; i < bytes.size(); ++i)
        bytes[i] = 'Z';
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(bytes);
    }
    for (const QString &command : { u"runs"_s, u"serve"_s }) {
        const Result r = runCli({ command, u"--data-dir"_s, data });
        QVERIFY2(r.exitCode == 1, qPrintable(r.out));
        QVERIFY2(r.err.contains(QDir::cleanPath(QFileInfo(path).absoluteFilePath())), qPrintable(r.err));
        QVERIFY2(r.err.contains(u"malformed"_s), qPrintable(r.err));
    }
}

void TestCli::statusWithNothingListening()
{
    const quint16 port = hostbench::test::freePort();
    QVERIFY(port != 0);
    const Result r = runCli({ u"status"_s, u"--control"_s, u"127.0.0.1:%1"_s.arg(port) });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"nothing listens"_s), qPrintable(r.err));
}

// A raw GET to the control API, with the Authorization field when given;
// done at the end of the body (QtHttpServer keeps the connection open).
static HttpReply controlGet(quint16 port, const QByteArray &path, const QByteArray &token = {})
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(kTimeoutMs))
        return {};
    QByteArray request = "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
    if (!token.isEmpty())
        request += "Authorization: Bearer " + token + "\r\n";
    socket.write(request + "\r\n");
    static const QRegularExpression length(
        u"\r\nContent-Length: (\\d+)\r\n"_s, QRegularExpression::CaseInsensitiveOption);
    QByteArray data;
    while (socket.waitForReadyRead(kTimeoutMs)) {
        data += socket.readAll();
        const qsizetype split = data.indexOf("\r\n\r\n");
        if (split < 0)
            continue;
        const QRegularExpressionMatch match = length.match(QString::fromLatin1(data.left(split + 2)));
        if (match.hasMatch() && data.size() - split - 4 >= match.captured(1).toLongLong())
            return { data.left(split), data.mid(split + 4) };
    }
    return {};
}

void TestCli::controlTokenInTheDataFolder()
{
    // serve makes the token in its data folder, private to the user; status
    // reads it there; the API refuses requests without it.
    const QString data = m_dir->filePath(u"token-data"_s);
    QProcess serve;
    quint16 port = 0;
    quint16 controlPort = 0;
    QVERIFY(startServe(serve,
        { u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, data, u"--control"_s, u"127.0.0.1:0"_s }, &port,
        &controlPort));
    QVERIFY(controlPort != 0);
    const QString tokenFile = data + u"/control.token"_s;
    QVERIFY2(m_serveOutput.contains(tokenFile), qPrintable(m_serveOutput));
    QCOMPARE(QFile::permissions(tokenFile) & ~(QFileDevice::ReadUser | QFileDevice::WriteUser),
        QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    const QByteArray token = readFile(tokenFile).trimmed();
    QCOMPARE(token.size(), 64);

    QVERIFY(controlGet(controlPort, "/api/status").head.startsWith("HTTP/1.1 401"));
    QVERIFY(controlGet(controlPort, "/api/status", QByteArray(64, '0')).head.startsWith("HTTP/1.1 401"));
    QVERIFY(controlGet(controlPort, "/api/status", token).head.startsWith("HTTP/1.1 200"));
    QVERIFY(controlGet(controlPort, "/metrics").head.startsWith("HTTP/1.1 200")); // open by default

    const QString control = u"127.0.0.1:%1"_s.arg(controlPort);
    const Result status = runCli({ u"status"_s, u"--control"_s, control, u"--data-dir"_s, data });
    QVERIFY2(status.exitCode == 0, qPrintable(status.err));
    QVERIFY2(status.out.contains(u"running at http://127.0.0.1:%1/"_s.arg(port)), qPrintable(status.out));

    // Another data folder's token is refused, and status says why.
    const QString other = m_dir->filePath(u"other-data"_s);
    QVERIFY(QDir().mkpath(other));
    const Result noToken = runCli({ u"status"_s, u"--control"_s, control, u"--data-dir"_s, other });
    QCOMPARE(noToken.exitCode, 1);
    QVERIFY2(noToken.err.contains(u"no control token"_s), qPrintable(noToken.err));
    QFile otherToken(other + u"/control.token"_s);
    QVERIFY(otherToken.open(QIODevice::WriteOnly, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    otherToken.write(QByteArray(64, '1'));
    otherToken.close();
    const Result wrongToken = runCli({ u"status"_s, u"--control"_s, control, u"--data-dir"_s, other });
    QCOMPARE(wrongToken.exitCode, 1);
    QVERIFY2(wrongToken.err.contains(u"refused the token"_s), qPrintable(wrongToken.err));

    // A token others may read is not sent, and reload says so, not that the
    // instance refused it (a tester's report); private again, reload works.
    QVERIFY(QFile::setPermissions(
        tokenFile, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadOther));
    const Result exposed = runCli({ u"reload"_s, u"--data-dir"_s, data });
    QVERIFY(exposed.exitCode != 0);
    QVERIFY2(exposed.err.contains(u"may be read by other users"_s), qPrintable(exposed.err));
    QVERIFY2(!exposed.err.contains(u"refused"_s), qPrintable(exposed.err));
    QVERIFY(QFile::setPermissions(tokenFile, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    const Result reloaded = runCli({ u"reload"_s, u"--data-dir"_s, data });
    QVERIFY2(reloaded.exitCode == 0, qPrintable(reloaded.err));
    QVERIFY(stopServe(serve));

    // The next start keeps the token.
    QVERIFY(startServe(serve,
        { u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, data, u"--control"_s, u"127.0.0.1:0"_s }, &port,
        &controlPort));
    QCOMPARE(readFile(tokenFile).trimmed(), token);
    QVERIFY(controlGet(controlPort, "/api/status", token).head.startsWith("HTTP/1.1 200"));
    QVERIFY(stopServe(serve));
}

void TestCli::controlOnAnyAddressNeedsTokenEverywhere()
{
    const QString data = m_dir->filePath(u"any-data"_s);
    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(serve,
        { u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, data, u"--control"_s, u"0.0.0.0:0"_s,
            u"--control-token-required"_s },
        &port));
    static const QRegularExpression control(
        u"^Control API on http://0\\.0\\.0\\.0:(\\d+)/"_s, QRegularExpression::MultilineOption);
    const QRegularExpressionMatch match = control.match(m_serveOutput);
    QVERIFY2(match.hasMatch(), qPrintable(m_serveOutput));
    QVERIFY2(m_serveOutput.contains(u"other machines may reach"_s), qPrintable(m_serveOutput));
    const quint16 controlPort = quint16(match.captured(1).toUInt());
    const QByteArray token = readFile(data + u"/control.token"_s).trimmed();
    QVERIFY(controlGet(controlPort, "/metrics").head.startsWith("HTTP/1.1 401"));
    QVERIFY(controlGet(controlPort, "/metrics", token).head.startsWith("HTTP/1.1 200"));
    QVERIFY(stopServe(serve));
}

// A request with a JSON body to the control API; returns the status line and body.
static HttpReply controlSend(quint16 port, const QByteArray &method, const QByteArray &path,
    const QByteArray &token, const QByteArray &body)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(kTimeoutMs))
        return {};
    socket.write(method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + token
        + "\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size())
        + "\r\n\r\n" + body);
    static const QRegularExpression length(
        u"\r\nContent-Length: (\\d+)\r\n"_s, QRegularExpression::CaseInsensitiveOption);
    QByteArray data;
    while (socket.waitForReadyRead(kTimeoutMs)) {
        data += socket.readAll();
        const qsizetype split = data.indexOf("\r\n\r\n");
        if (split < 0)
            continue;
        const QRegularExpressionMatch match = length.match(QString::fromLatin1(data.left(split + 2)));
        const qint64 expected = match.hasMatch() ? match.captured(1).toLongLong() : 0;
        if (data.size() - split - 4 >= expected)
            return { data.left(split), data.mid(split + 4) };
    }
    return {};
}

void TestCli::serveSitesThroughControlApi()
{
    // serve on the stored sites: a site added through the API is stored and
    // served at once (the reload that SIGHUP does), a bad one changes nothing.
    const QString data = m_dir->filePath(u"api-data"_s);
    QProcess serve;
    quint16 port = 0;
    quint16 controlPort = 0;
    QVERIFY(startServe(serve,
        { u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, data, u"--control"_s, u"127.0.0.1:0"_s }, &port,
        &controlPort));
    const QByteArray token = readFile(data + u"/control.token"_s).trimmed();
    const QString root = makeSite(u"api"_s, "api site\n");

    const HttpReply bad = controlSend(controlPort, "POST", "/api/sites", token,
        R"({"host": "api.test", "document_root": ")" + root.toUtf8() + "/missing\"}");
    QVERIFY2(bad.head.startsWith("HTTP/1.1 422"), bad.head.constData());
    QVERIFY2(bad.body.contains("\"field\":\"document_root\""), bad.body.constData());

    const HttpReply created = controlSend(controlPort, "POST", "/api/sites", token,
        R"({"host": "api.test", "document_root": ")" + root.toUtf8() + "\"}");
    QVERIFY2(created.head.startsWith("HTTP/1.1 201"), created.head.constData());
    QCOMPARE(httpGet(port, "api.test", "/").body, QByteArray("api site\n"));
    {
        Database db;
        QVERIFY(db.open(data + u"/hostbench.sqlite"_s));
        QCOMPARE(db.virtualHosts().size(), 2);
    }
    const HttpReply removed = controlSend(controlPort, "DELETE", "/api/sites/api.test", token, {});
    QVERIFY2(removed.head.startsWith("HTTP/1.1 204"), removed.head.constData());
    QVERIFY(httpGet(port, "api.test", "/").body != "api site\n"); // the default site answers again

    const HttpReply reloaded = controlSend(controlPort, "POST", "/api/engine/reload", token, {});
    QVERIFY2(reloaded.head.startsWith("HTTP/1.1 200"), reloaded.head.constData());
    QVERIFY(stopServe(serve));
    const QString out = QString::fromLocal8Bit(serve.readAllStandardOutput());
    QCOMPARE(out.count(u"Reloaded: "_s), 3);
}

void TestCli::serveEngineStopAndStartThroughControlApi()
{
    const QString data = m_dir->filePath(u"engine-data"_s);
    QProcess serve;
    quint16 port = 0;
    quint16 controlPort = 0;
    QVERIFY(startServe(serve,
        { u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, data, u"--control"_s, u"127.0.0.1:0"_s }, &port,
        &controlPort));
    const QByteArray token = readFile(data + u"/control.token"_s).trimmed();
    QVERIFY(httpGet(port, "localhost", "/").head.startsWith("HTTP/1.1 200"));

    const HttpReply stopped = controlSend(controlPort, "POST", "/api/engine/stop", token, {});
    QVERIFY2(stopped.head.startsWith("HTTP/1.1 200"), stopped.head.constData());
    QCOMPARE(QJsonDocument::fromJson(stopped.body)[u"running"_s].toBool(), false);
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    QVERIFY(!socket.waitForConnected(2000)); // the engine's port is closed
    const Result status
        = runCli({ u"status"_s, u"--control"_s, u"127.0.0.1:%1"_s.arg(controlPort), u"--data-dir"_s, data });
    QVERIFY2(status.exitCode == 0, qPrintable(status.err));
    QVERIFY2(status.out.contains(u"stopped"_s), qPrintable(status.out));
    const HttpReply noReload = controlSend(controlPort, "POST", "/api/engine/reload", token, {});
    QVERIFY2(noReload.head.startsWith("HTTP/1.1 409"), noReload.head.constData());

    const HttpReply started = controlSend(controlPort, "POST", "/api/engine/start", token, {});
    QVERIFY2(started.head.startsWith("HTTP/1.1 200"), started.head.constData());
    const QJsonObject state = QJsonDocument::fromJson(started.body).object();
    QCOMPARE(state[u"running"_s].toBool(), true);
    const QUrl url(state[u"url"_s].toString());
    QVERIFY2(url.port() > 0, started.body.constData());
    QVERIFY(httpGet(quint16(url.port()), "localhost", "/").head.startsWith("HTTP/1.1 200"));
    // Starting a running engine changes nothing.
    QVERIFY(controlSend(controlPort, "POST", "/api/engine/start", token, {}).head.startsWith("HTTP/1.1 200"));
    QVERIFY(httpGet(quint16(url.port()), "localhost", "/").head.startsWith("HTTP/1.1 200"));
    QVERIFY(stopServe(serve));
}

static quint16 freeLoopbackPort()
{
    return hostbench::test::freePort();
}

void TestCli::serveEngineSettingsThroughControlApi()
{
    const QString data = m_dir->filePath(u"engine-settings-data"_s);
    QProcess serve;
    quint16 port = 0;
    quint16 controlPort = 0;
    QVERIFY(startServe(serve,
        { u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, data, u"--control"_s, u"127.0.0.1:0"_s }, &port,
        &controlPort));
    const QByteArray token = readFile(data + u"/control.token"_s).trimmed();

    const HttpReply shown = controlSend(controlPort, "GET", "/api/engine/settings", token, {});
    QVERIFY2(shown.head.startsWith("HTTP/1.1 200"), shown.head.constData());
    QJsonObject settings = QJsonDocument::fromJson(shown.body).object();
    QCOMPARE(settings[u"listen"_s].toString(), u"127.0.0.1"_s);
    QCOMPARE(settings[u"tls"_s][u"enabled"_s].toBool(), false);

    // A new port, two workers and HTTPS on any free port: the engine restarts on them.
    // The TLS port is named too: port 0 could be given the cleartext port just closed.
    const quint16 wanted = freeLoopbackPort();
    const quint16 wantedTls = freeLoopbackPort();
    QVERIFY(wanted != 0 && wanted != port && wantedTls != 0 && wantedTls != port && wantedTls != wanted);
    const HttpReply changed = controlSend(controlPort, "PUT", "/api/engine/settings", token,
        R"({"port": )" + QByteArray::number(wanted) + R"(, "threads": 2, "tls": {"enabled": true, "port": )"
            + QByteArray::number(wantedTls) + "}}");
    QVERIFY2(changed.head.startsWith("HTTP/1.1 200"), changed.body.constData());
    settings = QJsonDocument::fromJson(changed.body).object();
    QCOMPARE(settings[u"restarted"_s].toBool(), true);
    QCOMPARE(settings[u"port"_s].toInt(), int(wanted));
    QCOMPARE(settings[u"threads"_s].toInt(), 2);
    QCOMPARE(settings[u"tls"_s][u"enabled"_s].toBool(), true);
    QCOMPARE(QUrl(settings[u"url"_s].toString()).port(), int(wanted));
    QVERIFY(httpGet(wanted, "localhost", "/").head.startsWith("HTTP/1.1 200"));
    QTcpSocket old;
    old.connectToHost(QHostAddress::LocalHost, port);
    QVERIFY(!old.waitForConnected(2000)); // the former port is closed

    // Refusals name the member; nothing changes.
    const struct
    {
        QByteArray body;
        const char *status;
        QString field;
    } refused[] = {
        { R"({"port": "80"})", "HTTP/1.1 400", u"port"_s },
        { R"({"threads": 100000})", "HTTP/1.1 422", u"threads"_s },
        { R"({"listen": "localhost"})", "HTTP/1.1 422", u"listen"_s },
        { R"({"tls": {"port": 70000}})", "HTTP/1.1 422", u"tls.port"_s },
        { R"({"tls": {"cert": "x"}})", "HTTP/1.1 400", u"tls.cert"_s },
        { R"({"keep_alive_timeout_ms": 0})", "HTTP/1.1 422", u"keep_alive_timeout_ms"_s },
        { R"({"workers": 2})", "HTTP/1.1 400", u"workers"_s },
    };
    for (const auto &r : refused) {
        const HttpReply reply = controlSend(controlPort, "PUT", "/api/engine/settings", token, r.body);
        QVERIFY2(reply.head.startsWith(r.status), QByteArray(r.body + " -> " + reply.head).constData());
        QCOMPARE(QJsonDocument::fromJson(reply.body)[u"field"_s].toString(), r.field);
    }

    // A port that is taken, with no fallback: 409 naming it, and the engine
    // serves on its former settings again.
    QTcpServer occupier;
    QVERIFY(occupier.listen(QHostAddress::LocalHost, 0));
    const HttpReply taken = controlSend(controlPort, "PUT", "/api/engine/settings", token,
        R"({"port": )" + QByteArray::number(occupier.serverPort()) + R"(, "port_fallback": false})");
    QVERIFY2(taken.head.startsWith("HTTP/1.1 409"), taken.head.constData());
    const QString detail = QJsonDocument::fromJson(taken.body)[u"detail"_s].toString();
    QVERIFY2(detail.contains(QString::number(occupier.serverPort())), qPrintable(detail));
    QVERIFY2(detail.contains(u"former settings again"_s), qPrintable(detail));
    QVERIFY(httpGet(wanted, "localhost", "/").head.startsWith("HTTP/1.1 200"));
    settings
        = QJsonDocument::fromJson(controlSend(controlPort, "GET", "/api/engine/settings", token, {}).body)
              .object();
    QCOMPARE(settings[u"port"_s].toInt(), int(wanted));
    QCOMPARE(settings[u"port_fallback"_s].toBool(), false); // --listen named the port

    // While stopped, settings are kept for the next start.
    QVERIFY(controlSend(controlPort, "POST", "/api/engine/stop", token, {}).head.startsWith("HTTP/1.1 200"));
    const quint16 later = freeLoopbackPort();
    const HttpReply kept = controlSend(
        controlPort, "PUT", "/api/engine/settings", token, R"({"port": )" + QByteArray::number(later) + "}");
    QVERIFY2(kept.head.startsWith("HTTP/1.1 200"), kept.body.constData());
    QCOMPARE(QJsonDocument::fromJson(kept.body)[u"restarted"_s].toBool(), false);
    const HttpReply started = controlSend(controlPort, "POST", "/api/engine/start", token, {});
    QCOMPARE(QUrl(QJsonDocument::fromJson(started.body)[u"url"_s].toString()).port(), int(later));
    QVERIFY(httpGet(later, "localhost", "/").head.startsWith("HTTP/1.1 200"));
    QVERIFY(stopServe(serve));
}

static QStringList storedHostNames(const QString &data)
{
    Database db;
    if (!db.open(data + u"/hostbench.sqlite"_s))
        return { u"(cannot open)"_s };
    QStringList names;
    for (const hostbench::model::VirtualHost &site : db.virtualHosts())
        names.append(site.hostName + u'=' + site.documentRoot + u'+' + site.aliases.join(u',') + u'+'
            + (site.isDefault ? u"default"_s : QString()));
    return names;
}

void TestCli::sitesOnTheFileWhenNothingRuns()
{
    const QString data = m_dir->filePath(u"sites-data"_s);
    const QString a = makeSite(u"a"_s, "a\n");
    const QString b = makeSite(u"b"_s, "b\n");
    const Result added = runCli({ u"sites"_s, u"add"_s, u"A.test,www.a.test="_s + a, u"--data-dir"_s, data });
    QVERIFY2(added.exitCode == 0, qPrintable(added.err));
    QVERIFY2(added.out.contains(u"no instance runs"_s), qPrintable(added.out));
    QCOMPARE(storedHostNames(data).size(), 2);
    QVERIFY(storedHostNames(data).contains(u"a.test="_s + a + u"+www.a.test+"_s));

    const Result listed = runCli({ u"sites"_s, u"list"_s, u"--json"_s, u"--data-dir"_s, data });
    QCOMPARE(listed.exitCode, 0);
    const QJsonArray sites = QJsonDocument::fromJson(listed.out.toUtf8()).array();
    QCOMPARE(sites.size(), 2);
    QCOMPARE(sites[1][u"host"_s].toString(), u"a.test"_s);
    const Result table = runCli({ u"sites"_s, u"list"_s, u"--data-dir"_s, data });
    QVERIFY2(
        table.out.contains(u"localhost *"_s) && table.out.contains(u"www.a.test"_s), qPrintable(table.out));

    // Refused changes leave the file as it was.
    const QStringList before = storedHostNames(data);
    for (const QStringList &bad :
        { QStringList { u"add"_s, u"www.a.test="_s + b }, QStringList { u"add"_s, u"bad_name="_s + b },
            QStringList { u"add"_s, u"c.test=/nonexistent/hostbench"_s },
            QStringList { u"edit"_s, u"a.test"_s, u"--host"_s, u"localhost"_s },
            QStringList { u"edit"_s, u"nothing.test"_s, u"--root"_s, b },
            QStringList { u"remove"_s, u"localhost"_s }, QStringList { u"remove"_s, u"nothing.test"_s } }) {
        const Result r = runCli(QStringList { u"sites"_s } + bad + QStringList { u"--data-dir"_s, data });
        QVERIFY2(r.exitCode == 1, qPrintable(bad.join(u' ') + u": "_s + r.out));
        QVERIFY2(!r.err.isEmpty(), qPrintable(bad.join(u' ')));
        QCOMPARE(storedHostNames(data), before);
    }

    QCOMPARE(runCli({ u"sites"_s, u"edit"_s, u"a.test"_s, u"--root"_s, b, u"--aliases"_s, u""_s,
                        u"--data-dir"_s, data })
                 .exitCode,
        0);
    QVERIFY(storedHostNames(data).contains(u"a.test="_s + b + u"++"_s));
    QCOMPARE(runCli({ u"sites"_s, u"remove"_s, u"a.test"_s, u"--data-dir"_s, data }).exitCode, 0);
    QCOMPARE(storedHostNames(data).size(), 1);
    const Result reload = runCli({ u"reload"_s, u"--data-dir"_s, data });
    QCOMPARE(reload.exitCode, 1);
    QVERIFY2(reload.err.contains(u"no instance runs"_s), qPrintable(reload.err));
}

void TestCli::sitesThroughTheRunningInstance()
{
    // serve runs on the data folder: the commands find it through
    // control.endpoint and go through its API, so that it serves the change.
    const QString data = m_dir->filePath(u"running-data"_s);
    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(serve,
        { u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, data, u"--control"_s, u"127.0.0.1:0"_s }, &port));
    QVERIFY(QFile::exists(data + u"/control.endpoint"_s));
    const QString a = makeSite(u"a"_s, "site a\n");
    const QString b = makeSite(u"b"_s, "site b\n");

    const Result added = runCli({ u"sites"_s, u"add"_s, u"a.test,www.a.test="_s + a, u"--data-dir"_s, data });
    QVERIFY2(added.exitCode == 0, qPrintable(added.err));
    QVERIFY2(added.out.contains(u"through the running instance"_s), qPrintable(added.out));
    QCOMPARE(httpGet(port, "www.a.test", "/").body, QByteArray("site a\n"));

    const Result refused = runCli({ u"sites"_s, u"add"_s, u"www.a.test="_s + b, u"--data-dir"_s, data });
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains(u"host: "_s) && refused.err.contains(u"already used"_s),
        qPrintable(refused.err));

    const Result edited
        = runCli({ u"sites"_s, u"edit"_s, u"a.test"_s, u"--root"_s, b, u"--data-dir"_s, data });
    QVERIFY2(edited.exitCode == 0, qPrintable(edited.err));
    QCOMPARE(httpGet(port, "a.test", "/").body, QByteArray("site b\n"));
    const Result listed = runCli({ u"sites"_s, u"list"_s, u"--data-dir"_s, data });
    QVERIFY2(listed.out.contains(u"a.test"_s) && listed.out.contains(b), qPrintable(listed.out));

    // status finds the instance without --control.
    const Result status = runCli({ u"status"_s, u"--data-dir"_s, data });
    QVERIFY2(status.exitCode == 0, qPrintable(status.err));
    QVERIFY2(status.out.contains(u"running at http://127.0.0.1:%1/"_s.arg(port)), qPrintable(status.out));

    const Result removed = runCli({ u"sites"_s, u"remove"_s, u"a.test"_s, u"--data-dir"_s, data });
    QVERIFY2(removed.exitCode == 0, qPrintable(removed.err));
    QVERIFY(httpGet(port, "a.test", "/").body != "site b\n");
    const Result reload = runCli({ u"reload"_s, u"--data-dir"_s, data });
    QVERIFY2(reload.exitCode == 0, qPrintable(reload.err));
    QVERIFY(stopServe(serve));
    QCOMPARE(QString::fromLocal8Bit(serve.readAllStandardOutput()).count(u"Reloaded: "_s), 4);
    QVERIFY(!QFile::exists(data + u"/control.endpoint"_s)); // gone with the instance
}

void TestCli::failedReloadKeepsTheLastGoodSites()
{
    // A log path in a missing folder is refused when stored. One whose
    // folder goes away later makes every reload fail: each says so (exit 1,
    // a 409), and serve goes on serving the sites it had.
    const QString data = m_dir->filePath(u"reload-data"_s);
    QProcess serve;
    quint16 port = 0;
    quint16 controlPort = 0;
    QVERIFY(startServe(serve,
        { u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, data, u"--control"_s, u"127.0.0.1:0"_s }, &port,
        &controlPort));
    const QByteArray token = readFile(data + u"/control.token"_s).trimmed();
    const QString a = makeSite(u"ra"_s, "site a\n");
    const QString b = makeSite(u"rb"_s, "site b\n");
    const QString logs = m_dir->filePath(u"reload-logs"_s);

    const HttpReply refused = controlSend(controlPort, "POST", "/api/sites", token,
        R"({"host": "a.test", "document_root": ")" + a.toUtf8() + R"(", "access_log_path": ")" + logs.toUtf8()
            + R"(/a.log"})");
    QVERIFY2(refused.head.startsWith("HTTP/1.1 422"), refused.head.constData());
    QVERIFY2(refused.body.contains("\"field\":\"access_log_path\""), refused.body.constData());

    QVERIFY(QDir().mkpath(logs));
    const HttpReply created = controlSend(controlPort, "POST", "/api/sites", token,
        R"({"host": "a.test", "document_root": ")" + a.toUtf8() + R"(", "access_log_path": ")" + logs.toUtf8()
            + R"(/a.log"})");
    QVERIFY2(created.head.startsWith("HTTP/1.1 201"), created.head.constData());
    QCOMPARE(httpGet(port, "a.test", "/").body, QByteArray("site a\n"));

    // The folder made unusable: a plain file in its place. (Removed alone, it
    // came back before the reload below in the ASan build; by whom is not
    // known yet, and a file in its place cannot be made a folder again.)
    QVERIFY(QDir(logs).removeRecursively());
    {
        QFile blocker(logs);
        QVERIFY(blocker.open(QIODevice::WriteOnly));
    }
    const Result added = runCli({ u"sites"_s, u"add"_s, u"b.test="_s + b, u"--data-dir"_s, data });
    QCOMPARE(added.exitCode, 1);
    QVERIFY2(added.err.contains(u"stored, but the engine did not reload: "_s) && added.err.contains(logs)
            && added.err.contains(u"it still serves the previous configuration"_s),
        qPrintable(added.err));
    QVERIFY2(!added.out.contains(u"reloaded"_s), qPrintable(added.out));
    QCOMPARE(httpGet(port, "a.test", "/").body, QByteArray("site a\n")); // the last good sites
    QVERIFY(httpGet(port, "b.test", "/").body != "site b\n"); // stored, not served
    const Result listed = runCli({ u"sites"_s, u"list"_s, u"--data-dir"_s, data });
    QVERIFY2(listed.out.contains(u"b.test"_s), qPrintable(listed.out));

    const Result reload = runCli({ u"reload"_s, u"--data-dir"_s, data });
    QCOMPARE(reload.exitCode, 1);
    QVERIFY2(reload.err.contains(u"did not reload"_s) && reload.err.contains(u"previous configuration"_s),
        qPrintable(reload.err));
    const HttpReply api = controlSend(controlPort, "POST", "/api/engine/reload", token, {});
    QVERIFY2(api.head.startsWith("HTTP/1.1 409"), api.head.constData());
    QCOMPARE(httpGet(port, "a.test", "/").body, QByteArray("site a\n"));

    // The folder back: the next reload takes the stored sites.
    QVERIFY(QFile::remove(logs));
    QVERIFY(QDir().mkpath(logs));
    const Result again = runCli({ u"reload"_s, u"--data-dir"_s, data });
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    QCOMPARE(httpGet(port, "b.test", "/").body, QByteArray("site b\n"));
    QVERIFY(stopServe(serve));
}

void TestCli::sitesIgnoreAStaleEndpoint()
{
    // An instance killed with SIGKILL leaves control.endpoint behind.
    const QString data = m_dir->filePath(u"stale-data"_s);
    QVERIFY(QDir().mkpath(data));
    quint16 closedPort = 0;
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        closedPort = probe.serverPort();
    }
    QFile endpoint(data + u"/control.endpoint"_s);
    QVERIFY(endpoint.open(QIODevice::WriteOnly));
    endpoint.write("127.0.0.1:" + QByteArray::number(closedPort) + '\n');
    endpoint.close();
    const Result added
        = runCli({ u"sites"_s, u"add"_s, u"a.test="_s + makeSite(u"a"_s, "a\n"), u"--data-dir"_s, data });
    QVERIFY2(added.exitCode == 0, qPrintable(added.err));
    QVERIFY2(added.out.contains(u"no instance answers"_s), qPrintable(added.out));
    QCOMPARE(storedHostNames(data).size(), 2);
}

void TestCli::sitesRefusedBesideASilentInstance()
{
    // serve holds the folder with its control API off: the change cannot
    // reach it, so it is not made on the file behind its back either.
    const QString data = m_dir->filePath(u"silent-data"_s);
    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(
        serve, { u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, data, u"--control"_s, u"off"_s }, &port));
    const QStringList before = storedHostNames(data);
    const Result refused
        = runCli({ u"sites"_s, u"add"_s, u"b.test="_s + makeSite(u"b"_s, "b\n"), u"--data-dir"_s, data });
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains(u"in use by hostbench-cli (PID %1)"_s.arg(serve.processId())),
        qPrintable(refused.err));
    QCOMPARE(storedHostNames(data), before);
    QVERIFY(stopServe(serve));

    // Once it has stopped, the same change is made on the file.
    const Result added
        = runCli({ u"sites"_s, u"add"_s, u"b.test="_s + makeSite(u"b"_s, "b\n"), u"--data-dir"_s, data });
    QVERIFY2(added.exitCode == 0, qPrintable(added.err));
    QCOMPARE(storedHostNames(data).size(), before.size() + 1);
}

void TestCli::serveWritesAndRemovesPidFile()
{
    const QString pidFile = m_dir->filePath(u"run/serve.pid"_s);
    QVERIFY(QDir().mkpath(m_dir->filePath(u"run"_s)));
    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(serve,
        { u"--listen"_s, u"127.0.0.1:0"_s, u"--default"_s, makeSite(u"pid"_s, "pid\n"), u"--control"_s,
            u"off"_s, u"--pid-file"_s, pidFile },
        &port));
    QCOMPARE(readFile(pidFile), QByteArray::number(serve.processId()) + '\n');
    QVERIFY(stopServe(serve));
    QVERIFY(!QFile::exists(pidFile));

    // A pid file that cannot be written stops serve before it says it serves.
    const Result r
        = runCli({ u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s, u"--default"_s, m_dir->filePath(u"run"_s),
            u"--control"_s, u"off"_s, u"--pid-file"_s, m_dir->filePath(u"missing/serve.pid"_s) });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"--pid-file"_s), qPrintable(r.err));
    QVERIFY(!r.out.contains(u"Press Ctrl+C"_s));
}

// GET /api/runs/ID until its state is not "running" or "stopping" (30 s at most).
static QJsonObject waitForRun(quint16 controlPort, const QByteArray &token, qint64 id)
{
    QJsonObject run;
    QDeadlineTimer deadline(kTimeoutMs);
    do {
        run = QJsonDocument::fromJson(
            controlGet(controlPort, "/api/runs/" + QByteArray::number(id), token).body)
                  .object();
        const QString state = run[u"state"_s].toString();
        if (state != u"running"_s && state != u"stopping"_s)
            break;
        QTest::qWait(50);
    } while (!deadline.hasExpired());
    return run;
}

void TestCli::serveRunsThroughControlApi()
{
    const QString data = m_dir->filePath(u"runs-data"_s);
    QProcess serve;
    quint16 port = 0;
    quint16 controlPort = 0;
    QVERIFY(startServe(serve,
        { u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, data, u"--control"_s, u"127.0.0.1:0"_s }, &port,
        &controlPort));
    const QByteArray token = readFile(data + u"/control.token"_s).trimmed();
    const QByteArray url = "http://127.0.0.1:" + QByteArray::number(port) + "/";

    // Bad requests start nothing.
    for (const auto &[body, status] : { std::pair { QByteArray(R"({"requests": 5})"), QByteArray("422") },
             std::pair {
                 QByteArray(R"({"url": ")" + url + R"(", "requests": 5, "colour": 1})"), QByteArray("400") },
             std::pair { QByteArray(R"({"url": "ftp://127.0.0.1/", "requests": 5})"), QByteArray("422") },
             std::pair { QByteArray(R"({"url": ")" + url + R"(", "requests": 5, "duration_s": 1})"),
                 QByteArray("422") },
             std::pair { QByteArray(R"({"url": ")" + url + R"(", "requests": "5"})"), QByteArray("400") },
             std::pair { QByteArray(R"({"url": ")" + url + R"(", "requests": 5, "thresholds": ["p99~1ms"]})"),
                 QByteArray("422") } }) {
        const HttpReply refused = controlSend(controlPort, "POST", "/api/runs", token, body);
        QVERIFY2(refused.head.startsWith(QByteArray("HTTP/1.1 " + status)),
            QByteArray(body + " -> " + refused.head).constData());
    }
    QCOMPARE(QJsonDocument::fromJson(controlGet(controlPort, "/api/runs", token).body).array().size(), 0);

    // A short run: 202 and a location, then finished with its summary and samples, stored.
    const HttpReply accepted = controlSend(controlPort, "POST", "/api/runs", token,
        R"({"url": ")" + url
            + R"(", "requests": 40, "concurrency": 2, "thresholds": ["errors==0", "p99<1us"]})");
    QVERIFY2(accepted.head.startsWith("HTTP/1.1 202"), accepted.head.constData());
    const qint64 id = QJsonDocument::fromJson(accepted.body)[u"id"_s].toInteger();
    QVERIFY(id > 0);
    const QByteArray location = "\r\nLocation: /api/runs/" + QByteArray::number(id);
    QVERIFY2(accepted.head.contains(location), accepted.head.constData());
    const QJsonObject finished = waitForRun(controlPort, token, id);
    QCOMPARE(finished[u"state"_s].toString(), u"finished"_s);
    QCOMPARE(finished[u"summary"_s][u"completed"_s].toInteger(), 40);
    QVERIFY(finished[u"samples"_s].isArray());
    QCOMPARE(finished[u"parameters"_s][u"url"_s].toString(), QString::fromLatin1(url));
    // Its thresholds, checked on the finished run: one holds, one (1 µs) cannot.
    const QJsonObject verdict = finished[u"thresholds"_s].toObject();
    QCOMPARE(verdict[u"passed"_s].toBool(true), false);
    QCOMPARE(verdict[u"results"_s][0][u"threshold"_s].toString(), u"errors==0"_s);
    QCOMPARE(verdict[u"results"_s][0][u"passed"_s].toBool(), true);
    QCOMPARE(verdict[u"results"_s][1][u"passed"_s].toBool(true), false);
    QCOMPARE(finished[u"parameters"_s][u"thresholds"_s].toArray().size(), 2);
    const Result listed = runCli({ u"runs"_s, u"--data-dir"_s, data });
    QVERIFY2(listed.out.contains(QString::fromLatin1(url)), qPrintable(listed.out));

    // Baselines (issue #28): PUT /api/runs/ID/baseline marks it, GET shows it,
    // runs lists it; DELETE clears its target's; an unknown run is a 404.
    QCOMPARE(finished[u"baseline"_s].toBool(true), false);
    const QByteArray baselinePath = "/api/runs/" + QByteArray::number(id) + "/baseline";
    const HttpReply marked = controlSend(controlPort, "PUT", baselinePath, token, {});
    QVERIFY2(marked.head.startsWith("HTTP/1.1 200"), QByteArray(marked.head + marked.body).constData());
    QCOMPARE(QJsonDocument::fromJson(marked.body)[u"baseline"_s].toBool(), true);
    QCOMPARE(QJsonDocument::fromJson(
                 controlGet(controlPort, "/api/runs/" + QByteArray::number(id), token).body)[u"baseline"_s]
                 .toBool(),
        true);
    QVERIFY(runCli({ u"runs"_s, u"--data-dir"_s, data }).out.contains(u"(baseline)"_s));
    QVERIFY(controlSend(controlPort, "PUT", "/api/runs/99999/baseline", token, {})
                .head.startsWith("HTTP/1.1 404"));
    QVERIFY(controlSend(controlPort, "PUT", baselinePath, {}, {}).head.startsWith("HTTP/1.1 401"));
    const HttpReply cleared = controlSend(controlPort, "DELETE", baselinePath, token, {});
    QVERIFY2(cleared.head.startsWith("HTTP/1.1 200"), QByteArray(cleared.head + cleared.body).constData());
    QCOMPARE(QJsonDocument::fromJson(
                 controlGet(controlPort, "/api/runs/" + QByteArray::number(id), token).body)[u"baseline"_s]
                 .toBool(true),
        false);

    // A long one, stopped by DELETE: stored as interrupted.
    const HttpReply longRun = controlSend(controlPort, "POST", "/api/runs", token,
        R"({"url": ")" + url + R"(", "duration_s": 120, "concurrency": 1})");
    QVERIFY2(longRun.head.startsWith("HTTP/1.1 202"), longRun.head.constData());
    const qint64 longId = QJsonDocument::fromJson(longRun.body)[u"id"_s].toInteger();
    const HttpReply stopping
        = controlSend(controlPort, "DELETE", "/api/runs/" + QByteArray::number(longId), token, {});
    QVERIFY2(stopping.head.startsWith("HTTP/1.1 202"), stopping.head.constData());
    const QJsonObject interrupted = waitForRun(controlPort, token, longId);
    QCOMPARE(interrupted[u"state"_s].toString(), u"interrupted"_s);
    QCOMPARE(interrupted[u"summary"_s][u"interrupted"_s].toBool(), true);
    QCOMPARE(QJsonDocument::fromJson(controlGet(controlPort, "/api/runs", token).body).array().size(), 2);

    // DELETE of a finished run removes it.
    const HttpReply removed
        = controlSend(controlPort, "DELETE", "/api/runs/" + QByteArray::number(id), token, {});
    QVERIFY2(removed.head.startsWith("HTTP/1.1 204"), removed.head.constData());
    QVERIFY(controlGet(controlPort, "/api/runs/" + QByteArray::number(id), token)
                .head.startsWith("HTTP/1.1 404"));
    QVERIFY(controlGet(controlPort, "/api/runs/nothing", token).head.startsWith("HTTP/1.1 404"));
    QVERIFY(controlGet(controlPort, "/api/runs").head.startsWith("HTTP/1.1 401"));

    // Stages and abortOnFail (issue #28): a bad stage is named; a 3 s ramp that
    // cannot hold p99<1us stops after its first second, stored as aborted.
    const HttpReply badStage = controlSend(controlPort, "POST", "/api/runs", token,
        R"({"url": ")" + url
            + R"(", "stages": [{"duration": "1s", "rate": 10}, {"duration": "0s", "rate": 5}]})");
    QVERIFY2(badStage.head.startsWith("HTTP/1.1 422") && badStage.body.contains(R"("stages[1]")"),
        QByteArray(badStage.head + badStage.body).constData());
    const HttpReply staged = controlSend(controlPort, "POST", "/api/runs", token,
        R"({"url": ")" + url
            + R"(", "concurrency": 2, "stages": [{"duration": "3s", "rate": 300}], "thresholds": ["p99<1us"],
            "abortOnFail": true})");
    QVERIFY2(staged.head.startsWith("HTTP/1.1 202"), QByteArray(staged.head + staged.body).constData());
    const QJsonObject aborted
        = waitForRun(controlPort, token, QJsonDocument::fromJson(staged.body)[u"id"_s].toInteger());
    QCOMPARE(aborted[u"state"_s].toString(), u"aborted"_s);
    QCOMPARE(aborted[u"summary"_s][u"aborted"_s][u"threshold"_s].toString(), u"p99<1us"_s);
    QCOMPARE(aborted[u"summary"_s][u"aborted"_s][u"at_ms"_s].toInteger(), 1000);
    QCOMPARE(aborted[u"parameters"_s][u"stages"_s][0][u"duration"_s].toString(), u"3s"_s);
    QCOMPARE(aborted[u"parameters"_s][u"abort_on_fail"_s].toBool(), true);
    QCOMPARE(aborted[u"thresholds"_s][u"passed"_s].toBool(true), false);
    QVERIFY(stopServe(serve));
}

void TestCli::stderrCarriesPrioritiesForTheJournal()
{
    // As systemd runs it: $JOURNAL_STREAM names stderr (its device and inode).
    QProcess process;
    process.setProcessEnvironment(environment());
    process.start(u"bash"_s,
        { u"-c"_s, u"export JOURNAL_STREAM=$(stat -L -c %d:%i /proc/self/fd/2); exec \"$0\" \"$@\""_s,
            QStringLiteral(HOSTBENCH_CLI_PATH), u"serve"_s, u"--route"_s, u"hello"_s });
    QVERIFY(process.waitForFinished(kTimeoutMs));
    QCOMPARE(process.exitCode(), 1);
    const QByteArray err = process.readAllStandardError();
    QVERIFY2(err.startsWith("<3>hostbench-cli serve: --route: bad route"), err.constData());

    // Elsewhere (a terminal, a pipe, a stale variable), no prefix.
    QProcess plain;
    QProcessEnvironment env = environment();
    env.insert(u"JOURNAL_STREAM"_s, u"1:1"_s);
    plain.setProcessEnvironment(env);
    plain.start(QStringLiteral(HOSTBENCH_CLI_PATH), { u"serve"_s, u"--route"_s, u"hello"_s });
    QVERIFY(plain.waitForFinished(kTimeoutMs));
    QVERIFY2(
        plain.readAllStandardError().startsWith("hostbench-cli serve: --route"), "prefix without journal");
}

void TestCli::benchSaysItsReachabilityCheck()
{
    // The check before the run costs the server one connection: the CLI says
    // so, and it is the only connection the user did not ask for.
    TestHttpServer server;
    const Result r = runCli({ u"bench"_s, u"-n"_s, u"10"_s, u"-c"_s, u"2"_s, u"-k"_s, u"--no-store"_s,
        u"http://127.0.0.1:%1/ok"_s.arg(server.port()) });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(u"Reached 127.0.0.1:%1 with 1 connection before the run"_s.arg(server.port())),
        qPrintable(r.err));
    QCOMPARE(server.requests(), quint64(10));
    QCOMPARE(server.connectionsAccepted(), quint64(3)); // the check's, then the run's two
    QVERIFY2(r.out.contains(u"Complete requests:      10\n"_s), qPrintable(r.out));
}

void TestCli::benchReportsUnfinished_data()
{
    QTest::addColumn<QStringList>("model");
    QTest::addColumn<int>("minNotSent");
    QTest::addColumn<int>("maxNotSent");
    QTest::newRow("closed") << QStringList {} << 0 << 0;
    // 50/s for 1 s over 4 connections: 51 send times, 4 sent (see tst_loadgenerator).
    QTest::newRow("open") << QStringList { u"--rate"_s, u"50"_s } << 46 << 48;
}

void TestCli::benchReportsUnfinished()
{
    // A listener that accepts and never answers: the requests under way when
    // the run stops are in the text, the JSON and the stored run alike, and
    // there is no latency to report rather than a latency of 0.
    QFETCH(QStringList, model);
    QFETCH(int, minNotSent);
    QFETCH(int, maxNotSent);
    TestHttpServer server;
    const QString jsonFile = m_dir->filePath(u"unfinished.json"_s);
    const QString data = m_dir->filePath(u"unfinished-data"_s);
    const Result r = runCli(QStringList { u"bench"_s, u"-t"_s, u"1"_s, u"-c"_s, u"4"_s, u"-k"_s, u"--json"_s,
                                jsonFile, u"--data-dir"_s, data }
        + model + QStringList { u"http://127.0.0.1:%1/silent"_s.arg(server.port()) });
    // Reported in full, and exit 2: not one request succeeded.
    QVERIFY2(r.exitCode == 2, qPrintable(r.err));
    QVERIFY2(r.out.contains(u"Complete requests:      0\n"_s), qPrintable(r.out));
    QVERIFY2(r.out.contains(u"Failed requests:        0\n"_s), qPrintable(r.out));
    QVERIFY2(r.out.contains(u"Unfinished requests:    4 "_s), qPrintable(r.out));
    QCOMPARE(r.out.contains(u"Requests not sent:"_s), maxNotSent > 0);

    const QJsonObject json = QJsonDocument::fromJson(readFile(jsonFile)).object();
    QCOMPARE(json[u"unfinished"_s].toInteger(), 4);
    QVERIFY(json[u"not_sent"_s].toInteger() >= minNotSent && json[u"not_sent"_s].toInteger() <= maxNotSent);
    QVERIFY2(json[u"latency_ms"_s].isNull(), readFile(jsonFile).constData());

    Database db;
    QVERIFY(db.open(data + u"/hostbench.sqlite"_s));
    const QList<hostbench::storage::StoredRun> runs = db.runs();
    QCOMPARE(runs.size(), 1);
    QCOMPARE(runs.constFirst().summary.unfinished, quint64(4));
    QCOMPARE(runs.constFirst().summary.notSent, quint64(json[u"not_sent"_s].toInteger()));
}

void TestCli::benchIpv6TargetInBrackets()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHostIPv6, 0))
        QSKIP("no IPv6 loopback here");
    probe.close();
    const QString site = makeSite(u"v6"_s, "OK");
    QProcess serve;
    serve.setProcessEnvironment(environment());
    serve.start(QStringLiteral(HOSTBENCH_CLI_PATH),
        asRootWhereNeeded(
            { u"serve"_s, u"--listen"_s, u"[::1]:0"_s, u"--default"_s, site, u"--control"_s, u"off"_s }));
    QVERIFY(serve.waitForStarted(kTimeoutMs));
    static const QRegularExpression serving(u"Serving http://\\[::1\\]:(\\d+)/"_s);
    QByteArray out;
    QDeadlineTimer deadline(kTimeoutMs);
    while (!out.contains("Press Ctrl+C") && serve.state() == QProcess::Running && !deadline.hasExpired()) {
        serve.waitForReadyRead(100);
        out += serve.readAllStandardOutput();
    }
    const QRegularExpressionMatch match = serving.match(QString::fromLocal8Bit(out));
    QVERIFY2(match.hasMatch(), out.constData());
    const QString port = match.captured(1);
    const Result r
        = runCli({ u"bench"_s, u"-n"_s, u"4"_s, u"--no-store"_s, u"http://[::1]:%1/"_s.arg(port) });
    QVERIFY(stopServe(serve));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    // As in the URL and the other messages: the IPv6 literal in brackets.
    QVERIFY2(r.out.contains(u"Benchmarking [::1] (be patient)"_s), qPrintable(r.out));
    QVERIFY2(r.out.contains(u"Server Hostname:        [::1]\n"_s), qPrintable(r.out));
    QVERIFY2(r.err.contains(u"Reached [::1]:%1 with 1 connection"_s.arg(port)), qPrintable(r.err));
}

void TestCli::exportWritesServerConfiguration()
{
    Result r = runCli({ u"export"_s, u"iis"_s });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"unknown server \"iis\": expected one of nginx, caddy, lighttpd, apache"_s),
        qPrintable(r.err));

    // The flags of serve: exactly these sites, the route on each, to stdout.
    const QString a = makeSite(u"a"_s, "site A\n");
    const QString b = makeSite(u"b"_s, "site B\n");
    r = runCli({ u"export"_s, u"nginx"_s, u"--default"_s, a, u"--site"_s, u"b.test,www.b.test="_s + b,
        u"--route"_s, u"/ok=OK"_s, u"--listen"_s, u"127.0.0.1:9123"_s });
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(
                 u"listen 127.0.0.1:9123 default_server;\n        server_name localhost;\n        root \""_s
                 + a + u"\";"_s),
        qPrintable(r.out));
    QVERIFY(r.out.contains(u"server_name b.test www.b.test;"_s));
    QCOMPARE(r.out.count(u"return 200 \"OK\";"_s), 2);

    // --proxy as serve takes it (tests/perf/servers.sh's W6p): the whole site to the upstream, with its pool.
    r = runCli({ u"export"_s, u"nginx"_s, u"--flavour"_s, u"benchmark"_s, u"--default"_s, a, u"--proxy"_s,
        u"/=http://127.0.0.1:9000"_s, u"--prefix"_s, m_dir->filePath(u"nginx-prefix"_s) });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(u"server 127.0.0.1:9000;"_s), qPrintable(r.out));
    QVERIFY(r.out.contains(u"proxy_pass http://hostbench_upstream_0"_s));
    r = runCli({ u"export"_s, u"nginx"_s, u"--default"_s, a, u"--proxy"_s, u"/=ftp://127.0.0.1"_s });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"ftp://127.0.0.1"_s), qPrintable(r.err));

    // The stored sites, to a file; route files beside it.
    const QString data = m_dir->filePath(u"data"_s);
    QCOMPARE(runCli({ u"sites"_s, u"add"_s, u"c.test="_s + b, u"--data-dir"_s, data }).exitCode, 0);
    const QString out = m_dir->filePath(u"conf/lighttpd.conf"_s);
    QVERIFY(QDir().mkpath(m_dir->filePath(u"conf"_s)));
    r = runCli({ u"export"_s, u"lighttpd"_s, u"--data-dir"_s, data, u"--route"_s, u"/hi=Hi there"_s,
        u"--out"_s, out });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QString text = QString::fromUtf8(readFile(out));
    QVERIFY2(text.startsWith(u"# lighttpd configuration written by Hostbench"_s), qPrintable(text));
    QVERIFY(text.contains(u"$HTTP[\"host\"] =~ \"^(c\\.test)(:[0-9]+)?$\""_s));
    QCOMPARE(readFile(out + u".d/routes/c.test/%2Fhi"_s), QByteArray("Hi there"));
    QVERIFY(r.err.contains(u"lighttpd -D -f "_s + out));

    // --listen-tls (issue #26): a TLS listener; the site without a certificate of its own gets the
    // local CA's leaf from --data-dir (allowed beside --site then), said on stderr.
    const QString caData = m_dir->filePath(u"ca-data"_s);
    r = runCli({ u"export"_s, u"nginx"_s, u"--default"_s, a, u"--listen-tls"_s, u"127.0.0.1:9443"_s,
        u"--data-dir"_s, caData });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(
        r.out.contains(u"listen 127.0.0.1:9443 ssl http2 default_server;\n        server_name localhost;\n"
                       "        ssl_certificate \""_s
            + caData + u"/ca/sites/localhost.pem\";"_s),
        qPrintable(r.out));
    QVERIFY2(
        r.err.contains(u"TLS: localhost uses the local CA's certificate "_s + caData), qPrintable(r.err));
    QVERIFY(QFileInfo::exists(caData + u"/ca/rootCA.pem"_s));
    r = runCli({ u"export"_s, u"nginx"_s, u"--default"_s, a, u"--listen-tls"_s, u"nowhere"_s });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"--listen-tls"_s), qPrintable(r.err));

    // --data-dir beside --site (without --listen-tls), and an empty --out, are refused.
    QCOMPARE(
        runCli({ u"export"_s, u"caddy"_s, u"--site"_s, u"x.test="_s + a, u"--data-dir"_s, data }).exitCode,
        1);
    QCOMPARE(runCli({ u"export"_s, u"caddy"_s, u"--out"_s, u""_s }).exitCode, 1);
}

void TestCli::benchExportsK6Script_data()
{
    QTest::addColumn<QStringList>("flags");
    QTest::addColumn<QString>("executor");
    QTest::addColumn<QString>("expected"); // the scenario's other options, as JSON
    QTest::newRow("closed model, -t") << QStringList { u"-c"_s, u"8"_s, u"-t"_s, u"12"_s, u"-k"_s }
                                      << u"constant-vus"_s << uR"({"vus": 8, "duration": "12s"})"_s;
    QTest::newRow("closed model, -n") << QStringList { u"-c"_s, u"4"_s, u"-n"_s, u"1000"_s }
                                      << u"shared-iterations"_s << uR"({"vus": 4, "iterations": 1000})"_s;
    QTest::newRow("open model")
        << QStringList { u"-c"_s, u"20"_s, u"-t"_s, u"30"_s, u"--rate"_s, u"500"_s }
        << u"constant-arrival-rate"_s
        << uR"({"rate": 500, "timeUnit": "1s", "duration": "30s", "preAllocatedVUs": 20})"_s;
    QTest::newRow("stages") << QStringList { u"-c"_s, u"20"_s, u"--rate"_s, u"50"_s, u"--stages"_s,
        u"10s:1000,1500ms:5000,10s:0"_s }
                            << u"ramping-arrival-rate"_s
                            << uR"({"startRate": 50, "timeUnit": "1s", "preAllocatedVUs": 20, "stages": [
                                   {"duration": "10s", "target": 1000}, {"duration": "1500ms", "target": 5000},
                                   {"duration": "10s", "target": 0}]})"_s;
    // A fractional rate: every rate per 1000 s, whole numbers as k6 wants (0.5/s was 1/s).
    QTest::newRow("stages, fractional rates")
        << QStringList { u"-c"_s, u"2"_s, u"--stages"_s, u"10s:0.5,1.5m:10.5"_s } << u"ramping-arrival-rate"_s
        << uR"({"startRate": 0, "timeUnit": "1000s", "stages": [
               {"duration": "10s", "target": 500}, {"duration": "90s", "target": 10500}]})"_s;
}

// --export-k6 writes the script and runs nothing (the target does not even exist).
void TestCli::benchExportsK6Script()
{
    QFETCH(QStringList, flags);
    QFETCH(QString, executor);
    QFETCH(QString, expected);
    const QString script = m_dir->filePath(u"load.js"_s);
    const QString data = m_dir->filePath(u"data"_s);
    const Result r = runCli(QStringList { u"bench"_s } + flags
        + QStringList { u"-H"_s, u"X-Test: yes"_s, u"--host"_s, u"example.test"_s, u"--k6-p99-ms"_s, u"250"_s,
            u"--data-dir"_s, data, u"--export-k6"_s, script, u"http://127.0.0.1:1/path?q=1"_s });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(u"did not run"_s), qPrintable(r.err));
    QVERIFY(!r.out.contains(u"Requests per second"_s));
    QVERIFY(!QFile::exists(data + u"/hostbench.sqlite"_s)); // nothing stored

    const QString text = QString::fromUtf8(readFile(script));
    const qsizetype start = text.indexOf(u"export const options =\n"_s);
    QVERIFY(start >= 0);
    const qsizetype from = start + qsizetype(qstrlen("export const options =\n"));
    const qsizetype end = text.indexOf(u"\n};\n"_s, from);
    QVERIFY(end > from);
    QJsonParseError error;
    const QJsonObject options
        = QJsonDocument::fromJson(text.mid(from, end - from + 2).toUtf8(), &error).object();
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    const QJsonObject bench = options.value(u"scenarios"_s).toObject().value(u"bench"_s).toObject();
    QCOMPARE(bench.value(u"executor"_s).toString(), executor);
    const QJsonObject want = QJsonDocument::fromJson(expected.toUtf8()).object();
    for (auto it = want.begin(); it != want.end(); ++it)
        QCOMPARE(bench.value(it.key()), it.value());
    QCOMPARE(
        options.value(u"thresholds"_s).toObject().value(u"http_req_duration{scenario:bench}"_s).toArray(),
        QJsonArray { u"p(99)<250"_s });
    QCOMPARE(options.value(u"noConnectionReuse"_s).toBool(), !flags.contains(u"-k"_s));
    QVERIFY(text.contains(u"const url = \"http://127.0.0.1:1/path?q=1\";"_s));
    QVERIFY(text.contains(u"\"Host\":\"example.test\""_s));
    QVERIFY(text.contains(u"\"X-Test\":\"yes\""_s));
    QVERIFY(text.contains(u"http.request(\"GET\", url, body, params);"_s));

    // Syntax, by Debian's nodejs (as an ES module, as k6 reads it).
    const QString node = QStandardPaths::findExecutable(u"node"_s);
    if (node.isEmpty())
        QSKIP("node is not installed (apt-get install nodejs): the syntax check is skipped");
    QFile::remove(script + u".mjs"_s);
    QVERIFY(QFile::copy(script, script + u".mjs"_s));
    QProcess check;
    check.setProcessChannelMode(QProcess::MergedChannels);
    check.start(node, { u"--check"_s, script + u".mjs"_s });
    QVERIFY(check.waitForFinished(kTimeoutMs));
    QVERIFY2(check.exitCode() == 0, check.readAll().constData());
}

// --export-k6 with --h2: over TLS k6's own HTTP/2, each response checked to
// be HTTP/2.0, --insecure as insecureSkipTLSVerify; over http:// (h2c) the
// script says k6 runs it over HTTP/1.1.
void TestCli::benchExportsK6ScriptForHttp2()
{
    const QString script = m_dir->filePath(u"h2.js"_s);
    const QString data = m_dir->filePath(u"data"_s);
    Result r
        = runCli({ u"bench"_s, u"--h2"_s, u"--streams"_s, u"4"_s, u"--insecure"_s, u"-c"_s, u"3"_s, u"-n"_s,
            u"30"_s, u"-k"_s, u"--data-dir"_s, data, u"--export-k6"_s, script, u"https://127.0.0.1:1/x"_s });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QString text = QString::fromUtf8(readFile(script));
    QVERIFY2(text.contains(u"\"insecureSkipTLSVerify\": true"_s), qPrintable(text));
    QVERIFY(text.contains(u"import { check } from 'k6';"_s));
    QVERIFY(text.contains(u"check(res, { 'HTTP/2': (r) => r.proto === 'HTTP/2.0' });"_s));
    QVERIFY(text.contains(u"--streams 4 has no k6 equivalent"_s));
    const QString node = QStandardPaths::findExecutable(u"node"_s);
    if (!node.isEmpty()) {
        QFile::remove(script + u".mjs"_s);
        QVERIFY(QFile::copy(script, script + u".mjs"_s));
        QProcess check;
        check.setProcessChannelMode(QProcess::MergedChannels);
        check.start(node, { u"--check"_s, script + u".mjs"_s });
        QVERIFY(check.waitForFinished(kTimeoutMs));
        QVERIFY2(check.exitCode() == 0, check.readAll().constData());
    }

    r = runCli({ u"bench"_s, u"--h2"_s, u"-n"_s, u"10"_s, u"--data-dir"_s, data, u"--export-k6"_s, script,
        u"http://127.0.0.1:1/x"_s });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    text = QString::fromUtf8(readFile(script));
    QVERIFY2(text.contains(u"this script\n// runs over HTTP/1.1"_s), qPrintable(text));
    QVERIFY(!text.contains(u"insecureSkipTLSVerify"_s));
    QVERIFY(!text.contains(u"r.proto"_s));
}

namespace {

// The options object of a script --export-k6 wrote (the JSON between "export const options =" and ";").
QJsonObject k6Options(const QString &text)
{
    const qsizetype start = text.indexOf(u"export const options =\n"_s);
    if (start < 0)
        return {};
    const qsizetype from = start + qsizetype(qstrlen("export const options =\n"));
    const qsizetype end = text.indexOf(u"\n};\n"_s, from);
    return QJsonDocument::fromJson(text.mid(from, end - from + 2).toUtf8()).object();
}

// node --check on the script as an ES module (as k6 reads it); empty when it
// passes or node is not installed, else node's complaint.
QString nodeCheck(const QString &script)
{
    const QString node = QStandardPaths::findExecutable(u"node"_s);
    if (node.isEmpty())
        return {};
    QFile::remove(script + u".mjs"_s);
    QFile::copy(script, script + u".mjs"_s);
    QProcess check;
    check.setProcessChannelMode(QProcess::MergedChannels);
    check.start(node, { u"--check"_s, script + u".mjs"_s });
    check.waitForFinished(60'000);
    return check.exitCode() == 0 ? QString() : QString::fromUtf8(check.readAll());
}

} // namespace

// --threshold as k6's options.thresholds (issue #28), on the measured
// scenario only; those k6 cannot say listed in the head comment with why.
void TestCli::benchExportsK6Thresholds_data()
{
    QTest::addColumn<QStringList>("flags");
    QTest::addColumn<QString>("thresholds"); // options.thresholds, as JSON
    QTest::addColumn<QStringList>("comments"); // lines of the head comment
    QTest::newRow("latencies") << QStringList { u"--threshold"_s, u"p99<50ms"_s, u"--threshold"_s,
        u"p50 <= 2ms"_s, u"--threshold"_s, u"p99.9<1s"_s, u"--threshold"_s, u"mean<500us"_s, u"--threshold"_s,
        u"max!=0"_s } << uR"({"http_req_duration{scenario:bench}":
                                      ["p(99)<50", "p(50)<=2", "p(99.9)<1000", "avg<0.5", "max!=0"]})"_s
                               << QStringList {};
    QTest::newRow("rps, errors, non2xx") << QStringList { u"--threshold"_s, u"rps>=20000"_s, u"--threshold"_s,
        u"errors<0.1%"_s, u"--threshold"_s, u"non2xx==0"_s }
                                         << uR"({"http_reqs{scenario:bench}": ["rate>=20000"],
                                                "http_req_failed{scenario:bench}": ["rate<0.001"],
                                                "checks{check:status is 2xx}": ["rate==1"]})"_s
                                         << QStringList {};
    QTest::newRow("--abort-on-fail") << QStringList { u"--threshold"_s, u"p99<50ms"_s, u"--threshold"_s,
        u"errors==0"_s, u"--abort-on-fail"_s }
                                     << uR"({"http_req_duration{scenario:bench}":
                   [{"threshold": "p(99)<50", "abortOnFail": true, "delayAbortEval": "1s"}],
               "http_req_failed{scenario:bench}":
                   [{"threshold": "rate==0", "abortOnFail": true, "delayAbortEval": "1s"}]})"_s
                                     << QStringList {};
    QTest::newRow("no k6 equivalent")
        << QStringList { u"--threshold"_s, u"rps>=0.95*baseline"_s, u"--threshold"_s, u"unfinished==0"_s,
               u"--threshold"_s, u"errors<10"_s, u"--threshold"_s, u"p99<50ms"_s }
        << uR"({"http_req_duration{scenario:bench}": ["p(99)<50"]})"_s
        << QStringList {
               u"// Not a k6 threshold here: rps>=0.95*baseline: k6 compares no runs with a baseline"_s,
               u"// Not a k6 threshold here: unfinished==0: k6 counts no request left under way"_s,
               u"// Not a k6 threshold here: errors<10: k6 has failed requests as a rate only"_s
           };
    QTest::newRow("explicit --k6-p99-ms beside")
        << QStringList { u"--threshold"_s, u"p90<20ms"_s, u"--k6-p99-ms"_s, u"300"_s }
        << uR"({"http_req_duration{scenario:bench}": ["p(90)<20", "p(99)<300"]})"_s << QStringList {};
    // A line break in a threshold (blanks may part its pieces) must not end the head comment.
    QTest::newRow("threshold with a line break")
        << QStringList { u"--threshold"_s, u"unfinished\n==0"_s } << u"{}"_s
        << QStringList { u"// Not a k6 threshold here: unfinished ==0: k6 counts"_s };
}

void TestCli::benchExportsK6Thresholds()
{
    QFETCH(QStringList, flags);
    QFETCH(QString, thresholds);
    QFETCH(QStringList, comments);
    const QString script = m_dir->filePath(u"thresholds.js"_s);
    const Result r = runCli(QStringList { u"bench"_s, u"-c"_s, u"4"_s, u"-t"_s, u"10"_s } + flags
        + QStringList { u"--export-k6"_s, script, u"http://127.0.0.1:1/"_s });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QString text = QString::fromUtf8(readFile(script));
    const QJsonObject options = k6Options(text);
    QVERIFY2(!options.isEmpty(), qPrintable(text));
    QCOMPARE(
        options.value(u"thresholds"_s).toObject(), QJsonDocument::fromJson(thresholds.toUtf8()).object());
    for (const QString &line : comments)
        QVERIFY2(text.contains(line), qPrintable(text));
    if (flags.contains(u"non2xx==0"_s)) {
        // The check behind the non2xx threshold, on the measured scenario only.
        QVERIFY2(text.contains(u"import exec from 'k6/execution';"_s), qPrintable(text));
        QVERIFY(text.contains(u"if (exec.scenario.name === 'bench')"_s));
        QVERIFY(
            text.contains(u"check(res, { 'status is 2xx': (r) => r.status >= 200 && r.status < 300 });"_s));
    }
    const QString complaint = nodeCheck(script);
    QVERIFY2(complaint.isEmpty(), qPrintable(complaint + text));
}

// The script's head names the command line, each word as a shell reads it
// back (pasted, it asks for the same script); a header's value goes out as
// its UTF-8 text, not its bytes read as Latin-1.
void TestCli::benchExportsK6ScriptWord_data()
{
    QTest::addColumn<QString>("header"); // -H's value
    QTest::addColumn<QString>("quoted"); // how the -H word is quoted in the head
    QTest::newRow("blanks") << u"X-Test: a b"_s << u"-H 'X-Test: a b'"_s;
    QTest::newRow("a quote") << u"X-Test: it's"_s << u"-H 'X-Test: it'\\''s'"_s;
    // No blank, yet words the shell would read: quoted all the same.
    QTest::newRow("a dollar and a backquote") << u"X-Test:$HOME`id`"_s << u"-H 'X-Test:$HOME`id`'"_s;
    QTest::newRow("non-ASCII") << u"X-Test: café ☕"_s << u"-H 'X-Test: café ☕'"_s;
}

void TestCli::benchExportsK6ScriptWord()
{
    QFETCH(QString, header);
    QFETCH(QString, quoted);
    const QString script = m_dir->filePath(u"quoted k6.js"_s);
    const Result r = runCli({ u"bench"_s, u"-n"_s, u"10"_s, u"-H"_s, header, u"--export-k6"_s, script,
        u"http://127.0.0.1:1/"_s });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QString text = QString::fromUtf8(readFile(script));
    const QString head = text.section(u'\n', 1, 1);
    QVERIFY2(head.startsWith(u"//   hostbench-cli bench "_s), qPrintable(head));
    QVERIFY2(head.contains(quoted), qPrintable(head));
    QVERIFY2(head.contains(u"--export-k6 '%1'"_s.arg(script)), qPrintable(head));
    // The header's value as sent: its text, UTF-8 in the file.
    const QString value = header.section(u':', 1).trimmed();
    QVERIFY2(text.contains(QString::fromUtf8(
                 QJsonDocument(QJsonObject { { u"X-Test"_s, value } }).toJson(QJsonDocument::Compact))
                               .mid(1)
                               .chopped(1)),
        qPrintable(text));
    // The shell reads the line back into the same words.
    QProcess echo;
    echo.start(u"/bin/sh"_s,
        { u"-c"_s,
            u"set -- "_s + head.mid(qsizetype(qstrlen("//   hostbench-cli bench ")))
                + u"; printf '%s\\n' \"$4\""_s });
    QVERIFY(echo.waitForFinished(kTimeoutMs));
    QCOMPARE(QString::fromUtf8(echo.readAllStandardOutput()), header + u'\n');
    const QString complaint = nodeCheck(script);
    QVERIFY2(complaint.isEmpty(), qPrintable(complaint + text));
}

// A result file built to k6's documented --out json format: Metric lines,
// Point lines with RFC 3339 nanosecond times, values in ms, status tags.
void TestCli::importK6Result()
{
    const auto point
        = [](const char *metric, const char *time, const char *value, const char *tags) -> QByteArray {
        return QByteArray(R"({"type":"Point","data":{"time":")") + time + R"(","value":)" + value
            + R"(,"tags":)" + tags + R"(},"metric":")" + metric + "\"}\n";
    };
    const QByteArray ok
        = R"({"method":"GET","status":"200","url":"http://127.0.0.1:8080/hello?x=1","scenario":"bench"})";
    const QByteArray missing = R"({"method":"GET","status":"404","url":"http://127.0.0.1:8080/hello?x=1"})";
    const QByteArray refused
        = R"({"method":"GET","status":"0","error_code":"1212","url":"http://127.0.0.1:8080/hello?x=1"})";
    QByteArray file;
    file
        += R"({"type":"Metric","data":{"type":"trend","contains":"time","tainted":null,"thresholds":["p(99)<1000"],"submetrics":null},"metric":"http_req_duration"})"
           "\n";
    file += point("vus", "2026-11-30T10:00:00.000000000+01:00", "3", "null");
    // Interval 0 (from the first request, 10.000123 ms after 09:00:00Z): four 200s.
    file += point("http_req_duration", "2026-11-30T10:00:00.010000123+01:00", "0.5", ok);
    file += point("http_req_duration", "2026-11-30T10:00:00.020000000+01:00", "1", ok);
    file += point("http_req_duration", "2026-11-30T10:00:00.030000000+01:00", "1.5", ok);
    file += point("http_req_duration", "2026-11-30T09:00:00.040Z", "2.0", ok);
    file += point("http_req_waiting", "2026-11-30T09:00:00.040Z", "1.9", ok);
    file += point("http_req_connecting", "2026-11-30T09:00:00.010Z", "0.05", ok);
    file += point("http_req_connecting", "2026-11-30T09:00:00.020Z", "0", ok);
    file += point("http_req_connecting", "2026-11-30T09:00:00.030Z", "0", ok);
    file += point("data_received", "2026-11-30T09:00:00.040Z", "1000", "{}");
    // Interval 1: nothing. Interval 2: two 404s and a refused connection.
    file += point("http_req_duration", "2026-11-30T09:00:00.260Z", "0.25", missing);
    file += point("http_req_duration", "2026-11-30T09:00:00.270Z", "0.25", missing);
    file += point("http_req_duration", "2026-11-30T09:00:00.280Z", "0", refused);
    file += point("data_received", "2026-11-30T09:00:00.280Z", "24", "{}");
    const QString path = m_dir->filePath(u"k6.json"_s);
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(file);
    out.close();

    const QString data = m_dir->filePath(u"data"_s);
    Result r = runCli({ u"import"_s, u"k6"_s, path, u"--data-dir"_s, data });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    static const QRegularExpression idPattern(u"as run (\\d+)"_s);
    const qint64 id = idPattern.match(r.out).captured(1).toLongLong();
    QVERIFY2(id > 0, qPrintable(r.out));

    Database db;
    QVERIFY(db.open(data + u"/hostbench.sqlite"_s));
    const std::optional<hostbench::storage::StoredRun> run = db.run(id);
    QVERIFY(run);
    const hostbench::model::RunSummary &s = run->summary;
    QCOMPARE(run->parameters.url, u"http://127.0.0.1:8080/hello?x=1"_s);
    QCOMPARE(run->parameters.concurrency, 3);
    QCOMPARE(s.startedAtMs, QDateTime(QDate(2026, 11, 30), QTime(9, 0, 0, 10), Qt::UTC).toMSecsSinceEpoch());
    QCOMPARE(s.completed, 6u);
    QCOMPARE(s.failed, 1u);
    QCOMPARE(s.failedConnect, 1u);
    QCOMPARE(s.non2xx, 2u);
    QCOMPARE(s.statusCounts, (QMap<int, quint64> { { 200, 4 }, { 404, 2 } }));
    QCOMPARE(s.totalBytes, 1024u);
    QCOMPARE(s.timeTakenSec, 0.3);
    QCOMPARE(s.requestsPerSecond, 6 / 0.3);
    QCOMPARE(s.latencyMinMs, 0.25);
    QCOMPARE(s.latencyP50Ms, 0.5); // 3rd of 250, 250, 500, 1000, 1500, 2000 µs
    QCOMPARE(s.latencyP90Ms, 2.0);
    QCOMPARE(s.latencyP99Ms, 2.0);
    QCOMPARE(s.latencyMaxMs, 2.0);
    QCOMPARE(s.waiting.maxMs, 1.9);

    const QList<hostbench::model::BenchSample> samples = db.samples(id);
    QCOMPARE(samples.size(), 3);
    QCOMPARE(samples.at(0).completed, 4u);
    QCOMPARE(samples.at(0).requestsPerSecond(), 40.0);
    QCOMPARE(samples.at(0).p50Us, 1000u);
    QCOMPARE(samples.at(0).p90Us, 2000u);
    QCOMPARE(samples.at(0).maxUs, 2000u);
    QCOMPARE(samples.at(1).completed, 0u);
    QCOMPARE(samples.at(1).p99Us, 0u);
    QCOMPARE(samples.at(2).completed, 2u);
    QCOMPARE(samples.at(2).failed, 1u);
    QCOMPARE(samples.at(2).p50Us, 250u);
    QCOMPARE(samples.at(2).elapsedMs, 300);
    // Each sample's bytes, from the data_received points of its interval.
    QCOMPARE(samples.at(0).bytes, 1000u);
    QCOMPARE(samples.at(1).bytes, 0u);
    QCOMPARE(samples.at(2).bytes, 24u);
    // Two requests came on a reused connection (http_req_connecting 0).
    QCOMPARE(s.keepAliveRequests, 2u);
    QVERIFY(s.keepAlive);
    const std::optional<hostbench::model::LatencyHistogram> histogram = db.histogram(id);
    QVERIFY(histogram);
    QCOMPARE(histogram->count(), 6u);
    QCOMPARE(histogram->valueAtPercentile(100), 2000u);

    // runs show prints it as any run.
    r = runCli({ u"runs"_s, u"show"_s, QString::number(id), u"--data-dir"_s, data });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(u"Complete requests:      6"_s), qPrintable(r.out));
    QVERIFY2(r.out.contains(u"Requests per second:    20.00"_s), qPrintable(r.out));

    // Not k6's format: the line is named, nothing is stored.
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write("{\"type\":\"Point\"}\nnot json\n");
    out.close();
    r = runCli({ u"import"_s, u"k6"_s, path, u"--data-dir"_s, data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"line 1"_s) || r.err.contains(u"line 2"_s), qPrintable(r.err));
    QCOMPARE(db.runs().size(), 1);
}

// Imports are bounded by their points, not their time span (two points an
// hour apart once took 6 GB; a point dated 1970 crashed it), and what is set
// aside or reordered is said, with counts and first lines.
void TestCli::importK6ResultBounded()
{
    const auto point = [](const char *time, const char *value) -> QByteArray {
        return QByteArray(R"({"type":"Point","data":{"time":")") + time + R"(","value":)" + value
            + R"(,"tags":{"status":"200","url":"http://127.0.0.1:8080/"}},"metric":"http_req_duration"})"
              "\n";
    };
    QByteArray file;
    file += point("1970-01-01T00:00:00Z", "1"); // line 1: skipped
    file += point("2026-11-30T09:00:00Z", "1");
    file += point("2026-11-30T10:00:00Z", "2"); // an hour later
    file += point("2026-11-30T09:59:00Z", "3"); // line 4: a minute back, sorted in
    file += point("2026-11-30T09:00:00.05Z", "-1"); // line 5: skipped
    file += point("2026-11-30T09:00:00.06Z", "1").left(30); // line 6: cut short
    const QString path = m_dir->filePath(u"k6.json"_s);
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(file);
    out.close();

    const QString data = m_dir->filePath(u"data"_s);
    Result r = runCli({ u"import"_s, u"k6"_s, path, u"--data-dir"_s, data });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(u"Imported 3 requests (0 failed)"_s), qPrintable(r.out));
    const QStringList expected = {
        u"1 point skipped (first at line 1): dated before 2000-01-01 or after 2099-12-31 (UTC)"_s,
        u"1 point skipped (first at line 5): value out of range"_s,
        u"1 point dated more than 10 s before a point of an earlier line (first at line 4): sorted into place"_s,
        u"the last line (6) is cut short (no newline, not JSON): skipped"_s,
    };
    for (const QString &line : expected)
        QVERIFY2(r.err.contains(u"hostbench-cli import: "_s + path + u": "_s + line), qPrintable(r.err));
    static const QRegularExpression idPattern(u"as run (\\d+)"_s);
    const qint64 id = idPattern.match(r.out).captured(1).toLongLong();
    QVERIFY2(id > 0, qPrintable(r.out));
    Database db;
    QVERIFY(db.open(data + u"/hostbench.sqlite"_s));
    const QList<hostbench::model::BenchSample> samples = db.samples(id);
    // Intervals 0, 35400 and 36000 with a zero beside each gap: 7 samples, not 36,001.
    QCOMPARE(samples.size(), 7);
    QCOMPARE(samples.last().index, 36000);
    QCOMPARE(samples.last().completed, 1u);
    QCOMPARE(db.run(id)->summary.timeTakenSec, 3600.1);

    // Nothing left: an error that says why, and nothing stored.
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(point("1970-01-01T00:00:00Z", "1") + point("1980-01-01T00:00:00Z", "1"));
    out.close();
    r = runCli({ u"import"_s, u"k6"_s, path, u"--data-dir"_s, data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"no http_req_duration points"_s), qPrintable(r.err));
    QVERIFY2(
        r.err.contains(u"2 points skipped (first at line 1): dated before 2000-01-01"_s), qPrintable(r.err));
    QCOMPARE(db.runs().size(), 1);
}

void TestCli::sitesRefuseExposedRoots_data()
{
    QTest::addColumn<QString>("root"); // %DATA% is the data folder, %DIR% the folder that holds it
    QTest::addColumn<QString>("reason");

    const QString system = u"is or contains the system folder %1"_s;
    QTest::newRow("/") << u"/"_s << system.arg(u"/"_s);
    QTest::newRow("/etc/") << u"/etc/"_s << system.arg(u"/etc"_s);
    QTest::newRow("/etc/..//etc") << u"/etc/..//etc"_s << system.arg(u"/etc"_s);
    QTest::newRow("/root") << u"/root"_s << system.arg(u"/root"_s);
    QTest::newRow("/var (holds /var/lib)") << u"/var"_s << system.arg(u"/var/lib"_s);
    QTest::newRow("a link to /") << u"%DIR%/link-to-root"_s << system.arg(u"/"_s);
    QTest::newRow("the data folder") << u"%DATA%"_s << u"is or contains Hostbench's data folder"_s;
    QTest::newRow("the data folder/") << u"%DATA%/"_s << u"is or contains Hostbench's data folder"_s;
    QTest::newRow("a folder holding the data folder")
        << u"%DIR%"_s << u"is or contains Hostbench's data folder"_s;
    QTest::newRow("the data folder's logs") << u"%DATA%/logs"_s << u"is inside Hostbench's data folder"_s;
}

void TestCli::sitesRefuseExposedRoots()
{
    QFETCH(QString, root);
    QFETCH(QString, reason);
    const QString data = m_dir->filePath(u"data"_s);
    Result r = runCli({ u"sites"_s, u"list"_s, u"--data-dir"_s, data });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(QFile::link(u"/"_s, m_dir->filePath(u"link-to-root"_s)));
    root.replace(u"%DATA%"_s, data).replace(u"%DIR%"_s, m_dir->path());

    // sites add and sites edit, on the SQLite file: exit 1, the reason, nothing stored.
    r = runCli({ u"sites"_s, u"add"_s, u"bad.test="_s + root, u"--data-dir"_s, data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(reason), qPrintable(r.err));
    r = runCli({ u"sites"_s, u"edit"_s, u"localhost"_s, u"--root"_s, root, u"--data-dir"_s, data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(reason), qPrintable(r.err));
    r = runCli({ u"sites"_s, u"list"_s, u"--json"_s, u"--data-dir"_s, data });
    const QJsonArray sites = QJsonDocument::fromJson(r.out.toUtf8()).array();
    QCOMPARE(sites.size(), 1);
    QCOMPARE(sites[0][u"document_root"_s].toString(), data + u"/sites/default"_s);

    // serve --default / --site: refused before anything is served.
    for (const QStringList &site :
        { QStringList { u"--default"_s, root }, QStringList { u"--site"_s, u"bad.test="_s + root } }) {
        r = runCli(QStringList { u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s, u"--control"_s, u"off"_s,
                       u"--data-dir"_s, data }
            + site);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(reason), qPrintable(r.err));
        QVERIFY2(!r.out.contains(u"Serving"_s), qPrintable(r.out));
    }
}

void TestCli::serveRefusesAStoredExposedSite()
{
    // A site stored before the rule (or written into the file by hand) is
    // refused when serve loads it, naming the site and the reason.
    const QString data = m_dir->filePath(u"data"_s);
    Result r = runCli({ u"sites"_s, u"list"_s, u"--data-dir"_s, data });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    {
        Database db;
        QVERIFY2(db.open(data + u"/hostbench.sqlite"_s), qPrintable(db.lastError()));
        hostbench::model::VirtualHost bad;
        bad.hostName = u"bad.test"_s;
        bad.documentRoot = u"/"_s;
        QVERIFY2(db.saveVirtualHost(bad), qPrintable(db.lastError()));
    }
    r = runCli(
        { u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s, u"--control"_s, u"off"_s, u"--data-dir"_s, data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"bad.test"_s) && r.err.contains(u"is or contains the system folder /"_s),
        qPrintable(r.err));
    QVERIFY2(!r.out.contains(u"Serving http"_s), qPrintable(r.out));
}

namespace {

// The real, effective, saved and filesystem ids of every thread of `pid`
// ("Uid:" or "Gid:" lines of /proc/PID/task/*/status), as "A B C D" each.
QStringList idsOfEveryThread(qint64 pid, const QByteArray &field)
{
    QStringList ids;
    const QDir tasks(u"/proc/%1/task"_s.arg(pid));
    for (const QString &task : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile status(tasks.filePath(task + u"/status"_s));
        if (!status.open(QIODevice::ReadOnly))
            continue;
        for (const QByteArray &line : status.readAll().split('\n')) {
            if (line.startsWith(field))
                ids.append(QString::fromLatin1(line.mid(field.size()).simplified()));
        }
    }
    return ids;
}

} // namespace

void TestCli::serveAsRoot_data()
{
    QTest::addColumn<QStringList>("flags");
    QTest::addColumn<QString>("sudoUser"); // empty: unset
    QTest::addColumn<QString>("user"); // whom it serves as; empty: refused
    QTest::addColumn<QString>("message"); // on stdout when served, on stderr when refused

    QTest::newRow("--user nobody") << QStringList { u"--user"_s, u"nobody"_s } << QString() << u"nobody"_s
                                   << u"Serving as user nobody"_s;
    QTest::newRow("$SUDO_USER nobody")
        << QStringList() << u"nobody"_s << u"nobody"_s << u"Serving as user nobody"_s;
    QTest::newRow("--user wins over $SUDO_USER") << QStringList { u"--user"_s, u"nobody"_s } << u"root"_s
                                                 << u"nobody"_s << u"Serving as user nobody"_s;
    QTest::newRow("--user root") << QStringList { u"--user"_s, u"root"_s } << QString() << u"root"_s
                                 << u"Serving as root (--user root)"_s;
    QTest::newRow("neither: refused") << QStringList() << QString() << QString() << u"give --user NAME"_s;
    QTest::newRow("$SUDO_USER root: refused")
        << QStringList() << u"root"_s << QString() << u"$SUDO_USER names root"_s;
    QTest::newRow("no such user") << QStringList { u"--user"_s, u"no-such-user-hb"_s } << QString()
                                  << QString() << u"there is no user \"no-such-user-hb\""_s;
}

void TestCli::serveAsRoot()
{
    QFETCH(QStringList, flags);
    QFETCH(QString, sudoUser);
    QFETCH(QString, user);
    QFETCH(QString, message);
    if (::geteuid() != 0)
        QSKIP("needs root: serve gives root up only when it has it");
    const passwd *entry = ::getpwnam(user.isEmpty() ? "root" : user.toLocal8Bit().constData());
    QVERIFY(entry);
    const uint uid = entry->pw_uid;
    const uint gid = entry->pw_gid;

    // A site that anyone may read, with one file only root may: served
    // as root, refused (403) once root is given up.
    QTemporaryDir open;
    QVERIFY(open.isValid());
    QVERIFY(QFile::setPermissions(open.path(),
        QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup
            | QFile::ReadOther | QFile::ExeOther));
    for (const auto &[name, content, mode] : { std::tuple { "index.html", QByteArray("open site\n"), 0644 },
             std::tuple { "root-only.txt", QByteArray("R"), 0600 } }) {
        QFile file(open.filePath(QString::fromLatin1(name)));
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(content) == content.size());
        file.close();
        QCOMPARE(::chmod(QFile::encodeName(file.fileName()).constData(), mode_t(mode)), 0);
    }

    QProcessEnvironment env = environment();
    env.remove(u"SUDO_USER"_s);
    if (!sudoUser.isEmpty())
        env.insert(u"SUDO_USER"_s, sudoUser);
    QProcess serve;
    serve.setProcessEnvironment(env);
    serve.start(QStringLiteral(HOSTBENCH_CLI_PATH),
        QStringList { u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s, u"--control"_s, u"off"_s, u"--default"_s,
            open.path() }
            + flags);
    QVERIFY(serve.waitForStarted(kTimeoutMs));
    if (user.isEmpty()) {
        QVERIFY(serve.waitForFinished(kTimeoutMs));
        QCOMPARE(serve.exitCode(), 1);
        const QString err = QString::fromLocal8Bit(serve.readAllStandardError());
        QVERIFY2(err.contains(message), qPrintable(err));
        QVERIFY(!serve.readAllStandardOutput().contains("Serving http"));
        return;
    }
    QByteArray out;
    QDeadlineTimer deadline(kTimeoutMs);
    while (!out.contains("Press Ctrl+C") && serve.state() == QProcess::Running && !deadline.hasExpired()) {
        serve.waitForReadyRead(100);
        out += serve.readAllStandardOutput();
    }
    QVERIFY2(out.contains(message.toLocal8Bit()), out.constData());
    static const QRegularExpression serving(u"Serving http://127\\.0\\.0\\.1:(\\d+)/"_s);
    const QRegularExpressionMatch match = serving.match(QString::fromLocal8Bit(out));
    QVERIFY2(match.hasMatch(), out.constData());
    const quint16 port = quint16(match.captured(1).toUInt());

    // Every thread (the workers started before the switch too) runs as the
    // user: real, effective, saved and filesystem ids alike.
    const QString uids = u"%1 %1 %1 %1"_s.arg(uid);
    const QString gids = u"%1 %1 %1 %1"_s.arg(gid);
    const QStringList threadUids = idsOfEveryThread(serve.processId(), "Uid:");
    const QStringList threadGids = idsOfEveryThread(serve.processId(), "Gid:");
    QVERIFY(threadUids.size() > 1);
    for (const QString &ids : threadUids)
        QCOMPARE(ids, uids);
    for (const QString &ids : threadGids)
        QCOMPARE(ids, gids);

    QVERIFY(httpGet(port, "localhost", "/").body == "open site\n");
    const HttpReply rootOnly = httpGet(port, "localhost", "/root-only.txt");
    QVERIFY2(rootOnly.head.startsWith(uid == 0 ? "HTTP/1.1 200" : "HTTP/1.1 403"), rootOnly.head.constData());
    QVERIFY(stopServe(serve));
}

void TestCli::serveAsRootHandsTheCaOver()
{
    // The local CA is made as root at the start, before root is given up:
    // in a data folder of the user's, it becomes the user's (so that the
    // user's reloads can issue certificates with its key), modes kept; in
    // root's own data folder it stays root's.
    if (::geteuid() != 0)
        QSKIP("needs root: serve gives root up only when it has it");
    const passwd *nobody = ::getpwnam("nobody");
    QVERIFY(nobody);
    for (const bool users : { true, false }) {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QCOMPARE(::chmod(QFile::encodeName(dir.path()).constData(), 0755), 0);
        const QString data = dir.filePath(u"data"_s);
        const QString site = dir.filePath(u"site"_s);
        QVERIFY(QDir().mkpath(data) && QDir().mkpath(site));
        QCOMPARE(::chmod(QFile::encodeName(site).constData(), 0755), 0);
        if (users)
            QCOMPARE(::chown(QFile::encodeName(data).constData(), nobody->pw_uid, nobody->pw_gid), 0);
        QFile index(site + u"/index.html"_s);
        QVERIFY(index.open(QIODevice::WriteOnly) && index.write("tls\n") == 4);
        index.close();
        QCOMPARE(::chmod(QFile::encodeName(index.fileName()).constData(), 0644), 0);

        QProcess serve;
        quint16 port = 0;
        QVERIFY(startServe(serve,
            { u"--listen"_s, u"127.0.0.1:0"_s, u"--listen-tls"_s, u"127.0.0.1:0"_s, u"--control"_s, u"off"_s,
                u"--data-dir"_s, data, u"--site"_s, u"a.test="_s + site, u"--user"_s, u"nobody"_s },
            &port));
        QVERIFY2(m_serveOutput.contains(u"Serving as user nobody"_s)
                && m_serveOutput.contains(u"(TLS; certificates"_s),
            qPrintable(m_serveOutput));
        const uid_t owner = users ? nobody->pw_uid : 0;
        const QString ca = data + u"/ca"_s; // tls::LocalCa::folderIn
        for (const auto &[path, mode] : { std::pair<QString, int> { ca, 0700 },
                 std::pair<QString, int> { ca + u"/rootCA-key.pem"_s, 0600 },
                 std::pair<QString, int> { ca + u"/rootCA.pem"_s, 0644 },
                 std::pair<QString, int> { ca + u"/sites/a.test-key.pem"_s, 0600 } }) {
            struct stat info
            {
            };
            QVERIFY2(::stat(QFile::encodeName(path).constData(), &info) == 0, qPrintable(path));
            QVERIFY2(info.st_uid == owner, qPrintable(u"%1: owner %2"_s.arg(path).arg(info.st_uid)));
            QVERIFY2(int(info.st_mode & 07777) == mode,
                qPrintable(u"%1: mode %2"_s.arg(path).arg(info.st_mode, 0, 8)));
        }
        QVERIFY(stopServe(serve));
    }
}

void TestCli::sitesTlsFlags()
{
    // sites add/edit --tls-cert/--tls-key/--https-redirect/--hsts store model::SiteTls;
    // a bad file is refused naming it and the reason, and nothing is stored.
    if (QStandardPaths::findExecutable(u"openssl"_s).isEmpty())
        QSKIP("openssl is not installed (apt-get install openssl)");
    const QString cert = m_dir->filePath(u"own.pem"_s);
    const QString key = m_dir->filePath(u"own-key.pem"_s);
    QProcess openssl;
    openssl.start(u"openssl"_s,
        { u"req"_s, u"-x509"_s, u"-newkey"_s, u"ec"_s, u"-pkeyopt"_s, u"ec_paramgen_curve:P-256"_s,
            u"-nodes"_s, u"-keyout"_s, key, u"-out"_s, cert, u"-subj"_s, u"/CN=own.test"_s, u"-days"_s,
            u"3"_s });
    QVERIFY(openssl.waitForFinished(30000) && openssl.exitCode() == 0);
    const QString root = makeSite(u"own"_s, "own\n");
    const QString data = m_dir->filePath(u"data"_s);
    const auto tlsOf = [&](const QString &host) {
        const Result list = runCli({ u"sites"_s, u"list"_s, u"--json"_s, u"--data-dir"_s, data });
        for (const QJsonValue &site : QJsonDocument::fromJson(list.out.toUtf8()).array()) {
            if (site[u"host"_s].toString() == host)
                return site[u"tls"_s].toObject();
        }
        return QJsonObject();
    };

    // The key where the certificate belongs: refused, naming the file; the site is not added.
    Result r = runCli({ u"sites"_s, u"add"_s, u"own.test="_s + root, u"--tls-cert"_s, key, u"--tls-key"_s,
        key, u"--data-dir"_s, data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(key) && r.err.contains(u"not a PEM certificate"_s), qPrintable(r.err));
    QVERIFY(tlsOf(u"own.test"_s).isEmpty());
    r = runCli({ u"sites"_s, u"add"_s, u"own.test="_s + root, u"--tls-cert"_s, cert, u"--data-dir"_s, data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"--tls-cert and --tls-key go together"_s), qPrintable(r.err));

    // Relative paths are taken from the working folder, as --root's.
    QProcess add;
    add.setWorkingDirectory(m_dir->path());
    add.start(QStringLiteral(HOSTBENCH_CLI_PATH),
        { u"sites"_s, u"add"_s, u"own.test="_s + root, u"--tls-cert"_s, u"own.pem"_s, u"--tls-key"_s,
            u"own-key.pem"_s, u"--https-redirect"_s, u"on"_s, u"--hsts"_s, u"600"_s, u"--data-dir"_s, data });
    QVERIFY(add.waitForFinished(30000));
    QVERIFY2(add.exitCode() == 0, add.readAllStandardError().constData());
    QJsonObject tls = tlsOf(u"own.test"_s);
    QCOMPARE(tls[u"certificate"_s].toString(), cert);
    QCOMPARE(tls[u"key"_s].toString(), key);
    QCOMPARE(tls[u"redirect_http"_s].toBool(), true);
    QCOMPARE(tls[u"hsts_max_age"_s].toInteger(), 600);

    r = runCli({ u"sites"_s, u"edit"_s, u"own.test"_s, u"--tls-key"_s, cert, u"--data-dir"_s, data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(cert) && r.err.contains(u"not a PEM private key"_s), qPrintable(r.err));
    QCOMPARE(tlsOf(u"own.test"_s)[u"key"_s].toString(), key);
    r = runCli({ u"sites"_s, u"edit"_s, u"own.test"_s, u"--hsts"_s, u"-5"_s, u"--data-dir"_s, data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"--hsts takes 0 (off)"_s), qPrintable(r.err));
    r = runCli({ u"sites"_s, u"edit"_s, u"own.test"_s, u"--tls-cert"_s, u"off"_s, u"--tls-key"_s, u"off"_s,
        u"--https-redirect"_s, u"off"_s, u"--hsts"_s, u"0"_s, u"--data-dir"_s, data });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    tls = tlsOf(u"own.test"_s);
    QCOMPARE(tls[u"certificate"_s].toString(u"x"_s), QString());
    QCOMPARE(tls[u"key"_s].toString(u"x"_s), QString());
    QCOMPARE(tls[u"redirect_http"_s].toBool(true), false);
    QCOMPARE(tls[u"hsts_max_age"_s].toInteger(-1), 0);
}

void TestCli::serveSiteTlsFlags()
{
    // serve --site with --tls-cert/--tls-key/--https-redirect/--hsts: curl trusting only the site's
    // own certificate fetches it over HTTPS with HSTS, cleartext answers 308; a bad pair, the
    // flags without --listen-tls or without --site are refused naming the flag.
    for (const char *tool : { "openssl", "curl" }) {
        if (QStandardPaths::findExecutable(QString::fromLatin1(tool)).isEmpty())
            QSKIP(qPrintable(u"%1 is not installed"_s.arg(QString::fromLatin1(tool))));
    }
    const QString cert = m_dir->filePath(u"own.pem"_s);
    const QString key = m_dir->filePath(u"own-key.pem"_s);
    const QString otherKey = m_dir->filePath(u"other-key.pem"_s);
    for (const QString &keyFile : { key, otherKey }) {
        QProcess openssl;
        openssl.start(u"openssl"_s,
            { u"req"_s, u"-x509"_s, u"-newkey"_s, u"ec"_s, u"-pkeyopt"_s, u"ec_paramgen_curve:P-256"_s,
                u"-nodes"_s, u"-keyout"_s, keyFile, u"-out"_s, keyFile == key ? cert : keyFile + u".crt"_s,
                u"-subj"_s, u"/CN=own.test"_s, u"-addext"_s, u"subjectAltName=DNS:own.test"_s, u"-days"_s,
                u"3"_s });
        QVERIFY(openssl.waitForFinished(30000) && openssl.exitCode() == 0);
    }
    const QString root = makeSite(u"own"_s, "own site\n");
    const QString data = m_dir->filePath(u"data"_s);
    const QStringList base { u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s, u"--control"_s, u"off"_s,
        u"--data-dir"_s, data };

    Result r = runCli(base + QStringList { u"--site"_s, u"own.test="_s + root, u"--hsts"_s, u"600"_s });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"need --listen-tls"_s), qPrintable(r.err));
    r = runCli(base + QStringList { u"--listen-tls"_s, u"127.0.0.1:0"_s, u"--https-redirect"_s, u"on"_s });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"stored sites use their own settings"_s), qPrintable(r.err));
    r = runCli(base
        + QStringList { u"--listen-tls"_s, u"127.0.0.1:0"_s, u"--site"_s, u"own.test="_s + root,
            u"--tls-cert"_s, cert, u"--tls-key"_s, otherKey });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"--tls-key: "_s + otherKey) && r.err.contains(u"does not match"_s),
        qPrintable(r.err));
    r = runCli(base
        + QStringList { u"--listen-tls"_s, u"127.0.0.1:0"_s, u"--site"_s, u"own.test="_s + root,
            u"--tls-cert"_s, cert, u"--tls-key"_s, key, u"--https-redirect"_s, u"yes"_s });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"--https-redirect takes on or off, not \"yes\""_s), qPrintable(r.err));

    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(serve,
        base.mid(1)
            + QStringList { u"--listen-tls"_s, u"127.0.0.1:0"_s, u"--site"_s, u"own.test="_s + root,
                u"--tls-cert"_s, cert, u"--tls-key"_s, key, u"--https-redirect"_s, u"on"_s, u"--hsts"_s,
                u"600"_s },
        &port));
    const QRegularExpressionMatch tls = QRegularExpression(
        u"^Serving https://127\\.0\\.0\\.1:(\\d+)/ \\(TLS; the sites' own certificates\\)"_s,
        QRegularExpression::MultilineOption)
                                            .match(m_serveOutput);
    QVERIFY2(tls.hasMatch(), qPrintable(m_serveOutput));
    const QString tlsPort = tls.captured(1);
    QProcess curl;
    curl.start(u"curl"_s,
        { u"-sS"_s, u"-i"_s, u"--http1.1"_s, u"--cacert"_s, cert, u"--resolve"_s,
            u"own.test:%1:127.0.0.1"_s.arg(tlsPort), u"https://own.test:%1/"_s.arg(tlsPort) });
    QVERIFY(curl.waitForFinished(kTimeoutMs));
    const QByteArray fetched = curl.readAllStandardOutput();
    QVERIFY2(curl.exitCode() == 0, curl.readAllStandardError().constData());
    QVERIFY2(fetched.startsWith("HTTP/1.1 200")
            && fetched.contains("\r\nStrict-Transport-Security: max-age=600\r\n")
            && fetched.endsWith("\r\n\r\nown site\n"),
        fetched.constData());
    const HttpReply redirect = httpGet(port, "own.test", "/a?b");
    QVERIFY2(redirect.head.startsWith("HTTP/1.1 308")
            && redirect.head.contains(
                QByteArray("\r\nLocation: https://own.test:" + tlsPort.toLatin1() + "/a?b")),
        redirect.head.constData());
    QVERIFY(stopServe(serve));
}

void TestCli::serveHiddenFilesFlag()
{
    // Dotfiles answer 404 unless --hidden-files; /.well-known/ is always served;
    // `sites edit --hidden-files on` stores the switch.
    const QString site = makeSite(u"dots"_s, "index\n");
    for (const auto &[name, content] : { std::pair { ".env", "ENV" }, std::pair { ".well-known/x", "WK" } }) {
        QVERIFY(QDir().mkpath(QFileInfo(site + u'/' + QLatin1String(name)).absolutePath()));
        QFile file(site + u'/' + QLatin1String(name));
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(content) > 0);
    }
    for (const bool hidden : { false, true }) {
        QProcess serve;
        quint16 port = 0;
        QStringList arguments { u"--listen"_s, u"127.0.0.1:0"_s, u"--control"_s, u"off"_s, u"--default"_s,
            site };
        if (hidden)
            arguments.append(u"--hidden-files"_s);
        QVERIFY(startServe(serve, arguments, &port));
        const HttpReply env = httpGet(port, "localhost", "/.env");
        QVERIFY2(env.head.startsWith(hidden ? "HTTP/1.1 200" : "HTTP/1.1 404"), env.head.constData());
        QCOMPARE(env.body.contains("ENV"), hidden);
        QCOMPARE(httpGet(port, "localhost", "/.well-known/x").body, QByteArray("WK"));
        QVERIFY(stopServe(serve));
    }
    const Result refused = runCli({ u"serve"_s, u"--hidden-files"_s });
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(
        refused.err.contains(u"--hidden-files applies to the sites of --site"_s), qPrintable(refused.err));

    const QString data = m_dir->filePath(u"data"_s);
    Result r = runCli(
        { u"sites"_s, u"edit"_s, u"localhost"_s, u"--hidden-files"_s, u"on"_s, u"--data-dir"_s, data });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    r = runCli({ u"sites"_s, u"list"_s, u"--json"_s, u"--data-dir"_s, data });
    QCOMPARE(QJsonDocument::fromJson(r.out.toUtf8()).array()[0][u"serve_hidden_files"_s].toBool(), true);
    r = runCli(
        { u"sites"_s, u"edit"_s, u"localhost"_s, u"--hidden-files"_s, u"maybe"_s, u"--data-dir"_s, data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"--hidden-files takes on or off"_s), qPrintable(r.err));
}

void TestCli::sitesProxyFlag()
{
    // `sites add/edit --proxy PATH=URL` stores a site's proxy routes (issue
    // #24); a bad one is refused naming the flag; `off` removes them.
    const QString data = m_dir->filePath(u"data"_s);
    const QString root = makeSite(u"app"_s, "app\n");
    Result r = runCli({ u"sites"_s, u"add"_s, u"app.test="_s + root, u"--proxy"_s,
        u"/api=http://127.0.0.1:9000/v1"_s, u"--proxy"_s, u"/=unix:/run/app.sock"_s, u"--data-dir"_s, data });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const auto proxyOf = [&](const QString &host) {
        const Result list = runCli({ u"sites"_s, u"list"_s, u"--json"_s, u"--data-dir"_s, data });
        for (const QJsonValue site : QJsonDocument::fromJson(list.out.toUtf8()).array()) {
            if (site[u"host"_s].toString() == host)
                return site[u"proxy"_s].toObject();
        }
        return QJsonObject();
    };
    QJsonArray routes = proxyOf(u"app.test"_s)[u"routes"_s].toArray();
    QCOMPARE(routes.size(), 2);
    QCOMPARE(routes[0][u"path"_s].toString(), u"/api"_s);
    QCOMPARE(routes[0][u"upstream"_s].toString(), u"http://127.0.0.1:9000/v1"_s);
    QCOMPARE(routes[1][u"upstream"_s].toString(), u"unix:/run/app.sock"_s);

    r = runCli({ u"sites"_s, u"edit"_s, u"app.test"_s, u"--proxy"_s, u"/=http://[::1]:3000"_s,
        u"--data-dir"_s, data });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    routes = proxyOf(u"app.test"_s)[u"routes"_s].toArray();
    QCOMPARE(routes.size(), 1);
    QCOMPARE(routes[0][u"upstream"_s].toString(), u"http://[::1]:3000"_s);

    r = runCli({ u"sites"_s, u"edit"_s, u"app.test"_s, u"--proxy"_s, u"/=ftp://x"_s, u"--data-dir"_s, data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"--proxy: bad proxy"_s), qPrintable(r.err));
    QCOMPARE(proxyOf(u"app.test"_s)[u"routes"_s].toArray().size(), 1); // unchanged
    r = runCli({ u"sites"_s, u"remove"_s, u"app.test"_s, u"--proxy"_s, u"/=http://x.test"_s, u"--data-dir"_s,
        data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"--proxy belongs to sites add and sites edit"_s), qPrintable(r.err));
    r = runCli({ u"sites"_s, u"edit"_s, u"app.test"_s, u"--proxy"_s, u"off"_s, u"--data-dir"_s, data });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(proxyOf(u"app.test"_s)[u"routes"_s].toArray().isEmpty());
    // serve checks its --proxy before it serves anything.
    r = runCli({ u"serve"_s, u"--proxy"_s, u"api=http://x.test"_s, u"--data-dir"_s, data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"--proxy: bad proxy \"api=http://x.test\""_s), qPrintable(r.err));
}

void TestCli::serveProxyFlag()
{
    // `serve --proxy /app=URL` sends /app and below to python3's http.server, the rest stays files.
    const QString app = makeSite(u"pyapp"_s, "python index\n");
    QVERIFY(QDir().mkpath(app + u"/app"_s));
    QFile page(app + u"/app/page.txt"_s);
    QVERIFY(page.open(QIODevice::WriteOnly) && page.write("from python\n") > 0);
    page.close();
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost));
    const quint16 appPort = probe.serverPort();
    probe.close();
    QProcess python;
    python.start(u"python3"_s,
        { u"-m"_s, u"http.server"_s, QString::number(appPort), u"--bind"_s, u"127.0.0.1"_s, u"--directory"_s,
            app });
    QVERIFY(python.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(httpGet(appPort, "x", "/app/page.txt").body == "from python\n", 15000);
    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(serve,
        { u"--listen"_s, u"127.0.0.1:0"_s, u"--control"_s, u"off"_s, u"--default"_s,
            makeSite(u"front"_s, "front\n"), u"--proxy"_s, u"/app=http://127.0.0.1:%1"_s.arg(appPort) },
        &port));
    QCOMPARE(httpGet(port, "localhost", "/app/page.txt").body, QByteArray("from python\n"));
    QCOMPARE(httpGet(port, "localhost", "/").body, QByteArray("front\n"));
    QVERIFY(stopServe(serve));
    ::kill(pid_t(python.processId()), SIGTERM);
    QVERIFY(python.waitForFinished(5000));
}

void TestCli::sitesAppFlags()
{
    // `sites add/edit --app ...` store a site's app command on the SQLite
    // file (issue #24); `sites list` shows it and the proxied paths.
    const QString data = m_dir->filePath(u"data"_s);
    const QString root = makeSite(u"app"_s, "app\n");
    const QString dir = makeSite(u"app-dir"_s, "x\n");
    Result r = runCli({ u"sites"_s, u"add"_s, u"app.test="_s + root, u"--proxy"_s,
        u"/api=http://127.0.0.1:9000"_s, u"--proxy"_s, u"/ws=http://127.0.0.1:9001"_s, u"--app"_s,
        u"python3 -m http.server 9000"_s, u"--app-dir"_s, dir, u"--app-env"_s, u"PORT=9000"_s, u"--app-env"_s,
        u"MODE=dev"_s, u"--app-grace"_s, u"1500"_s, u"--data-dir"_s, data });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const auto appOf = [&] {
        const Result list = runCli({ u"sites"_s, u"list"_s, u"--json"_s, u"--data-dir"_s, data });
        for (const QJsonValue site : QJsonDocument::fromJson(list.out.toUtf8()).array()) {
            if (site[u"host"_s].toString() == u"app.test"_s)
                return site[u"proxy"_s][u"app"_s].toObject();
        }
        return QJsonObject();
    };
    QJsonObject app = appOf();
    QCOMPARE(app[u"command"_s].toString(), u"python3 -m http.server 9000"_s);
    QCOMPARE(app[u"dir"_s].toString(), dir);
    QCOMPARE(app[u"env"_s].toArray(), (QJsonArray { u"PORT=9000"_s, u"MODE=dev"_s }));
    QCOMPARE(app[u"stop_grace_ms"_s].toInt(), 1500);

    // The table: the old columns first, then the proxied paths and the app command ("-": none).
    r = runCli({ u"sites"_s, u"list"_s, u"--data-dir"_s, data });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QStringList lines = r.out.split(u'\n');
    QVERIFY2(lines.constFirst().simplified() == u"host aliases document root proxied php app"_s,
        qPrintable(r.out));
    const auto lineOf = [&](const QString &host) {
        for (const QString &line : lines) {
            if (line.startsWith(host + u' '))
                return line.simplified();
        }
        return QString();
    };
    QCOMPARE(lineOf(u"app.test"_s), u"app.test %1 /api,/ws - python3 -m http.server 9000"_s.arg(root));
    QCOMPARE(lineOf(u"localhost"_s), u"localhost * %1/sites/default - - -"_s.arg(data));

    // edit changes only what it is given.
    r = runCli({ u"sites"_s, u"edit"_s, u"app.test"_s, u"--app-grace"_s, u"300"_s, u"--app-env"_s, u"off"_s,
        u"--data-dir"_s, data });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    app = appOf();
    QCOMPARE(app[u"command"_s].toString(), u"python3 -m http.server 9000"_s);
    QCOMPARE(app[u"dir"_s].toString(), dir);
    QCOMPARE(app[u"env"_s].toArray(), QJsonArray());
    QCOMPARE(app[u"stop_grace_ms"_s].toInt(), 300);
    // A value the rules refuse is named and changes nothing.
    r = runCli({ u"sites"_s, u"edit"_s, u"app.test"_s, u"--app"_s, u"\"\""_s, u"--data-dir"_s, data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"names no program"_s), qPrintable(r.err));
    QCOMPARE(appOf()[u"stop_grace_ms"_s].toInt(), 300);
    // off removes it.
    r = runCli({ u"sites"_s, u"edit"_s, u"app.test"_s, u"--app"_s, u"off"_s, u"--data-dir"_s, data });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(appOf()[u"command"_s].toString(u"x"_s), QString());
    r = runCli({ u"sites"_s, u"list"_s, u"--data-dir"_s, data });
    QVERIFY2(r.out.contains(u" /api,/ws  -"_s), qPrintable(r.out));
    // Alone on a site without an app, a grace is refused by the rules.
    r = runCli({ u"sites"_s, u"edit"_s, u"app.test"_s, u"--app-env"_s, u"A=1"_s, u"--data-dir"_s, data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"need a command"_s), qPrintable(r.err));
}

void TestCli::sitesAppThroughTheRunningInstance()
{
    // Through a serve's control API: on loopback it takes the app command;
    // on 0.0.0.0 it refuses it (403, saying why), and list still reads it.
    const QString root = makeSite(u"app"_s, "app\n");
    for (const bool loopback : { true, false }) {
        const QString data = m_dir->filePath(loopback ? u"loopback-data"_s : u"any-data"_s);
        QProcess serve;
        quint16 port = 0;
        QStringList arguments { u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, data, u"--control"_s,
            loopback ? u"127.0.0.1:0"_s : u"0.0.0.0:0"_s };
        if (!loopback)
            arguments.append(u"--control-token-required"_s);
        QVERIFY(startServe(serve, arguments, &port));
        Result r = runCli({ u"sites"_s, u"add"_s, u"app.test="_s + root, u"--data-dir"_s, data });
        QVERIFY2(r.exitCode == 0 && r.out.contains(u"through the running instance"_s), qPrintable(r.err));
        r = runCli({ u"sites"_s, u"edit"_s, u"app.test"_s, u"--app"_s, u"sleep 60"_s, u"--app-grace"_s,
            u"200"_s, u"--data-dir"_s, data });
        if (loopback) {
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            QVERIFY2(r.out.contains(u"through the running instance"_s), qPrintable(r.out));
        } else {
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.contains(u"not on loopback"_s) && r.err.contains(u"runs programs as the user"_s),
                qPrintable(r.err));
        }
        r = runCli({ u"sites"_s, u"list"_s, u"--json"_s, u"--data-dir"_s, data });
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QString command = u"none"_s;
        for (const QJsonValue site : QJsonDocument::fromJson(r.out.toUtf8()).array()) {
            if (site[u"host"_s].toString() == u"app.test"_s)
                command = site[u"proxy"_s][u"app"_s][u"command"_s].toString();
        }
        QCOMPARE(command, loopback ? u"sleep 60"_s : QString());
        // Removing works on either.
        r = runCli({ u"sites"_s, u"edit"_s, u"app.test"_s, u"--app"_s, u"off"_s, u"--data-dir"_s, data });
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(stopServe(serve));
    }
}

void TestCli::serveAppFlag()
{
    // serve --app gives each --site the app command, as --proxy does; serve names it.
    QProcess serve;
    quint16 port = 0;
    const QString root = makeSite(u"front"_s, "front\n");
    QVERIFY(startServe(serve,
        { u"--listen"_s, u"127.0.0.1:0"_s, u"--control"_s, u"off"_s, u"--site"_s, u"a.test="_s + root,
            u"--site"_s, u"b.test="_s + root, u"--app"_s, u"sleep 60"_s, u"--app-env"_s, u"A=1"_s },
        &port));
    QCOMPARE(m_serveOutput.count(u"; app: sleep 60"_s), 2);
    QCOMPARE(httpGet(port, "a.test", "/").body, QByteArray("front\n"));
    QVERIFY(stopServe(serve));
}

// The issue's whole path from the CLI: serve starts the site's app (a real
// python3 http.server), proxies the site to it, and stops it on SIGTERM.
void TestCli::serveStartsTheAppItProxiesTo()
{
    if (QStandardPaths::findExecutable(u"python3"_s).isEmpty())
        QSKIP("python3 is not installed");
    quint16 appPort = 0;
    {
        QTcpServer probe; // a free port for the app, closed again before it starts
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        appPort = probe.serverPort();
    }
    const QString files = makeSite(u"appfiles"_s, "from the app\n");
    const QString front = makeSite(u"front"_s, "front\n");
    const QString upstream = u"http://127.0.0.1:%1"_s.arg(appPort);
    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(serve,
        { u"--listen"_s, u"127.0.0.1:0"_s, u"--control"_s, u"off"_s, u"--site"_s, u"app.test="_s + front,
            u"--proxy"_s, u"/=%1"_s.arg(upstream), u"--app"_s,
            u"python3 -m http.server %1 --bind 127.0.0.1"_s.arg(appPort), u"--app-dir"_s, files },
        &port));
    // The app's own index.html, through the engine, once it listens.
    QTRY_COMPARE_WITH_TIMEOUT(
        httpGet(port, "app.test", "/index.html").body, QByteArray("from the app\n"), 15000);
    QVERIFY(stopServe(serve));
    // serve stopped the app with itself: nothing listens on its port.
    QTcpSocket probe;
    probe.connectToHost(QHostAddress::LocalHost, appPort);
    QVERIFY(!probe.waitForConnected(2000));
}

void TestCli::damagedStoredAppIsReported()
{
    // A stored app whose grace is no number (written by hand): sites list and
    // serve say which site and why, rather than an empty list or "no sites".
    const QString data = m_dir->filePath(u"data"_s);
    Result r = runCli({ u"sites"_s, u"add"_s, u"app.test="_s + makeSite(u"app"_s, "app\n"), u"--app"_s,
        u"npm run dev"_s, u"--data-dir"_s, data });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"hand"_s);
        db.setDatabaseName(data + u"/hostbench.sqlite"_s);
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY(query.exec(u"UPDATE proxy_apps SET stop_grace_ms = 'soon'"_s));
        QCOMPARE(query.numRowsAffected(), 1);
        db.close();
    }
    QSqlDatabase::removeDatabase(u"hand"_s);
    r = runCli({ u"sites"_s, u"list"_s, u"--data-dir"_s, data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"cannot read the stored sites"_s) && r.err.contains(u"\"app.test\""_s)
            && r.err.contains(u"stop grace period is not a number"_s),
        qPrintable(r.err));
    r = runCli(
        { u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s, u"--control"_s, u"off"_s, u"--data-dir"_s, data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"\"app.test\""_s) && r.err.contains(u"stop grace period is not a number"_s),
        qPrintable(r.err));
    QVERIFY2(!r.out.contains(u"Serving"_s), qPrintable(r.out));
}

void TestCli::sitesPhpFlags()
{
    // `sites add/edit --php ...` and --proxy-log-times store a site's PHP
    // settings and its upstream-times switch on the SQLite file (issue #25,
    // #24); `sites list` shows the PHP address, with the prefix when not "/".
    const QString data = m_dir->filePath(u"data"_s);
    const QString root = makeSite(u"php"_s, "<?php echo 'hello';\n");
    Result r = runCli({ u"sites"_s, u"add"_s, u"php.test="_s + root, u"--php"_s,
        u"unix:/run/php/php8.2-fpm.sock"_s, u"--php-prefix"_s, u"/blog"_s, u"--php-front-controller"_s,
        u"on"_s, u"--php-timeout"_s, u"1500"_s, u"--proxy-log-times"_s, u"on"_s, u"--data-dir"_s, data });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const auto siteOf = [&] {
        const Result list = runCli({ u"sites"_s, u"list"_s, u"--json"_s, u"--data-dir"_s, data });
        for (const QJsonValue site : QJsonDocument::fromJson(list.out.toUtf8()).array()) {
            if (site[u"host"_s].toString() == u"php.test"_s)
                return site.toObject();
        }
        return QJsonObject();
    };
    QCOMPARE(siteOf()[u"php"_s].toObject(),
        (QJsonObject { { u"address"_s, u"unix:/run/php/php8.2-fpm.sock"_s }, { u"prefix"_s, u"/blog"_s },
            { u"front_controller"_s, true }, { u"timeout_ms"_s, 1500 } }));
    QCOMPARE(siteOf()[u"proxy"_s][u"log_upstream_times"_s].toBool(false), true);
    const auto lineOf = [&](const QString &host) {
        const Result list = runCli({ u"sites"_s, u"list"_s, u"--data-dir"_s, data });
        for (const QString &line : list.out.split(u'\n')) {
            if (line.startsWith(host + u' '))
                return line.simplified();
        }
        return QString();
    };
    QCOMPARE(lineOf(u"php.test"_s), u"php.test %1 - unix:/run/php/php8.2-fpm.sock (/blog) -"_s.arg(root));
    QCOMPARE(lineOf(u"localhost"_s), u"localhost * %1/sites/default - - -"_s.arg(data));

    // edit changes only what it is given; the prefix "/" is not shown.
    r = runCli({ u"sites"_s, u"edit"_s, u"php.test"_s, u"--php"_s, u"auto"_s, u"--php-prefix"_s, u"/"_s,
        u"--proxy-log-times"_s, u"off"_s, u"--data-dir"_s, data });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(siteOf()[u"php"_s].toObject(),
        (QJsonObject { { u"address"_s, u"auto"_s }, { u"prefix"_s, u"/"_s }, { u"front_controller"_s, true },
            { u"timeout_ms"_s, 1500 } }));
    QCOMPARE(siteOf()[u"proxy"_s][u"log_upstream_times"_s].toBool(true), false);
    QCOMPARE(lineOf(u"php.test"_s), u"php.test %1 - auto -"_s.arg(root));
    // A value the rules refuse is named and changes nothing.
    r = runCli(
        { u"sites"_s, u"edit"_s, u"php.test"_s, u"--php"_s, u"http://x.test:9000"_s, u"--data-dir"_s, data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"--php \"http://x.test:9000\": The PHP-FPM address has no scheme"_s),
        qPrintable(r.err));
    QCOMPARE(siteOf()[u"php"_s][u"address"_s].toString(), u"auto"_s);
    // off turns it off.
    r = runCli({ u"sites"_s, u"edit"_s, u"php.test"_s, u"--php"_s, u"off"_s, u"--data-dir"_s, data });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(siteOf()[u"php"_s][u"address"_s].toString(u"x"_s), QString());
    QCOMPARE(lineOf(u"php.test"_s), u"php.test %1 - - -"_s.arg(root));
}

void TestCli::sitesPhpThroughTheRunningInstance()
{
    // Through a serve's control API: sites add and edit send the "php" member; the change is served.
    const QString root = makeSite(u"php"_s, "static\n");
    const QString data = m_dir->filePath(u"data"_s);
    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(serve,
        { u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, data, u"--control"_s, u"127.0.0.1:0"_s }, &port));
    const QString socket = m_dir->filePath(u"php-fpm.sock"_s);
    Result r = runCli({ u"sites"_s, u"add"_s, u"php.test="_s + root, u"--php"_s, u"unix:"_s + socket,
        u"--php-timeout"_s, u"2000"_s, u"--data-dir"_s, data });
    QVERIFY2(r.exitCode == 0 && r.out.contains(u"through the running instance"_s), qPrintable(r.err + r.out));
    r = runCli({ u"sites"_s, u"edit"_s, u"php.test"_s, u"--php-front-controller"_s, u"on"_s, u"--data-dir"_s,
        data });
    QVERIFY2(r.exitCode == 0 && r.out.contains(u"through the running instance"_s), qPrintable(r.err + r.out));
    r = runCli({ u"sites"_s, u"list"_s, u"--json"_s, u"--data-dir"_s, data });
    QJsonObject php;
    for (const QJsonValue site : QJsonDocument::fromJson(r.out.toUtf8()).array()) {
        if (site[u"host"_s].toString() == u"php.test"_s)
            php = site[u"php"_s].toObject();
    }
    QCOMPARE(php,
        (QJsonObject { { u"address"_s, QString(u"unix:"_s + socket) }, { u"prefix"_s, u"/"_s },
            { u"front_controller"_s, true }, { u"timeout_ms"_s, 2000 } }));
    // A bad value is refused, naming the flag, before anything is sent.
    r = runCli({ u"sites"_s, u"edit"_s, u"php.test"_s, u"--php-prefix"_s, u"/a b"_s, u"--data-dir"_s, data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"--php-prefix"_s), qPrintable(r.err));
    QCOMPARE(httpGet(port, "php.test", "/index.html").body, QByteArray("static\n"));
    QVERIFY(stopServe(serve));
}

void TestCli::servePhpFlag()
{
    // serve --php gives each --site the PHP settings, as --proxy does; serve names them.
    QProcess serve;
    quint16 port = 0;
    const QString root = makeSite(u"front"_s, "front\n");
    const QString socket = m_dir->filePath(u"php-fpm.sock"_s);
    QVERIFY(startServe(serve,
        { u"--listen"_s, u"127.0.0.1:0"_s, u"--control"_s, u"off"_s, u"--site"_s, u"a.test="_s + root,
            u"--site"_s, u"b.test="_s + root, u"--php"_s, u"unix:"_s + socket, u"--php-prefix"_s, u"/app"_s },
        &port));
    QCOMPARE(m_serveOutput.count(u"; PHP /app at unix:%1"_s.arg(socket)), 2);
    QCOMPARE(httpGet(port, "a.test", "/").body, QByteArray("front\n"));
    QVERIFY(stopServe(serve));
}

void TestCli::servePhpAutoRunsThePool()
{
    // serve --php auto (issue #25): the data folder's PHP-FPM pool runs (a real
    // php-fpm8.2), serve says so, and it goes with serve. No PHP-FPM
    // ($HOSTBENCH_PHP_FPM names none): serve says which package to install
    // and serves the static files all the same.
    const QString root = makeSite(u"php"_s, "static\n");
    const QString data = m_dir->filePath(u"data"_s);
    const QStringList arguments { u"--listen"_s, u"127.0.0.1:0"_s, u"--control"_s, u"off"_s, u"--site"_s,
        u"php.test="_s + root, u"--php"_s, u"auto"_s, u"--data-dir"_s, data };
    QProcess serve;
    quint16 port = 0;
    QVERIFY(startServe(serve, arguments, &port));
    QByteArray out = m_serveOutput.toLocal8Bit();
    QDeadlineTimer deadline(kTimeoutMs);
    while (!out.contains("PHP-FPM") && serve.state() == QProcess::Running && !deadline.hasExpired()) {
        serve.waitForReadyRead(100);
        out += serve.readAllStandardOutput();
    }
    const QString socket = data + u"/php/php-fpm.sock"_s;
    QVERIFY2(out.contains("PHP-FPM (PHP 8.2."), out.constData());
    const QByteArray listening = "listening on " + socket.toLocal8Bit();
    QVERIFY2(out.contains(listening), out.constData());
    QCOMPARE(httpGet(port, "php.test", "/index.html").body, QByteArray("static\n"));
    const auto poolProcesses = [&data] {
        int count = 0;
        for (const QString &pid : QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            QFile cmdline(u"/proc/"_s + pid + u"/cmdline"_s);
            const QByteArray text = cmdline.open(QIODevice::ReadOnly) ? cmdline.readAll() : QByteArray();
            if (text.startsWith("php-fpm") && text.contains(data.toLocal8Bit()))
                ++count;
        }
        return count;
    };
    QCOMPARE(poolProcesses(), 1); // its master names its configuration
    QVERIFY(stopServe(serve));
    QCOMPARE(poolProcesses(), 0);

    // serve killed outright (no stop of its own): the master gets a signal it
    // can catch (AppSpec::deathSignal) and takes its workers with it; a
    // SIGKILLed master left them running, orphaned.
    QProcess killed;
    QVERIFY(startServe(killed, arguments, &port));
    QByteArray ready = m_serveOutput.toLocal8Bit();
    QDeadlineTimer readyBy(kTimeoutMs);
    while (!ready.contains(listening) && killed.state() == QProcess::Running && !readyBy.hasExpired()) {
        killed.waitForReadyRead(100);
        ready += killed.readAllStandardOutput();
    }
    QVERIFY2(ready.contains(listening), ready.constData());
    QFile pidFile(data + u"/php/php-fpm.pid"_s);
    QVERIFY(pidFile.open(QIODevice::ReadOnly));
    const QByteArray master = pidFile.readAll().trimmed();
    QStringList pool { QString::fromLatin1(master) };
    for (const QString &pid : QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile stat(u"/proc/"_s + pid + u"/stat"_s);
        const QByteArray text = stat.open(QIODevice::ReadOnly) ? stat.readAll() : QByteArray();
        const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
        if (fields.size() > 1 && fields.at(1) == master)
            pool.append(pid);
    }
    QVERIFY2(pool.size() > 1, qPrintable(pool.join(u' '))); // the master and its workers
    ::kill(pid_t(killed.processId()), SIGKILL);
    QVERIFY(killed.waitForFinished(kTimeoutMs));
    QDeadlineTimer goneBy(10 * 1000);
    const auto left = [&pool] {
        QStringList alive;
        for (const QString &pid : pool)
            if (QFileInfo::exists(u"/proc/"_s + pid))
                alive.append(pid);
        return alive;
    };
    while (!left().isEmpty() && !goneBy.hasExpired())
        QTest::qWait(100);
    QVERIFY2(left().isEmpty(), qPrintable(u"left running: "_s + left().join(u' ')));

    qputenv("HOSTBENCH_PHP_FPM", m_dir->filePath(u"nowhere/php-fpm8.2"_s).toLocal8Bit());
    QProcess without;
    const bool started = startServe(without, arguments, &port);
    qunsetenv("HOSTBENCH_PHP_FPM");
    QVERIFY(started);
    QCOMPARE(httpGet(port, "php.test", "/index.html").body, QByteArray("static\n"));
    QVERIFY(stopServe(without));
    const QString err = QString::fromLocal8Bit(without.readAllStandardError());
    QVERIFY2(err.contains(u"PHP-FPM is not installed: install Debian's package php8.2-fpm (apt-get install "
                          "php8.2-fpm)"_s),
        qPrintable(err));
}

void TestCli::damagedStoredPhpIsReported()
{
    // Stored PHP settings the engine cannot use (written by hand): sites list
    // and serve name the site and the value, rather than serving on a guess.
    const QString data = m_dir->filePath(u"data"_s);
    Result r = runCli({ u"sites"_s, u"add"_s, u"php.test="_s + makeSite(u"php"_s, "php\n"), u"--php"_s,
        u"auto"_s, u"--data-dir"_s, data });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"hand"_s);
        db.setDatabaseName(data + u"/hostbench.sqlite"_s);
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY(query.exec(u"UPDATE php_settings SET address = 'ftp://php.example:21'"_s));
        QCOMPARE(query.numRowsAffected(), 1);
        db.close();
    }
    QSqlDatabase::removeDatabase(u"hand"_s);
    r = runCli({ u"sites"_s, u"list"_s, u"--data-dir"_s, data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"cannot read the stored sites"_s) && r.err.contains(u"\"php.test\""_s)
            && r.err.contains(u"ftp://php.example:21"_s),
        qPrintable(r.err));
    r = runCli(
        { u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s, u"--control"_s, u"off"_s, u"--data-dir"_s, data });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(
        r.err.contains(u"\"php.test\""_s) && r.err.contains(u"ftp://php.example:21"_s), qPrintable(r.err));
    QVERIFY2(!r.out.contains(u"Serving"_s), qPrintable(r.out));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
