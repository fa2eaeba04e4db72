// The two executables that serve, as real processes: the window (`hostbench`,
// offscreen) and `hostbench-cli serve`, each on a temporary data folder and a
// free port, under clients that hang up, half-close or reset during a 1.4 MB
// download or an upload (tests/http/PeerHangups.h). After every case the
// process still runs and serves the whole file. Issue #20: the window ended
// with status 141 (SIGPIPE) within a few such rounds; `serve` survived.
#include "PeerHangups.h"
#include "storage/DataFolder.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace Qt::StringLiterals;
using namespace hostbench;

namespace {

constexpr int kTimeoutMs = 30'000;
constexpr qint64 kFileBytes = 1'414'000; // W3
constexpr int kRounds = 5;

void stop(QProcess &process)
{
    process.terminate();
    if (!process.waitForFinished(kTimeoutMs)) {
        process.kill();
        process.waitForFinished();
    }
}

} // namespace

class TestPeerHangups final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void window_data();
    void window();
    void serve();

private:
    QProcessEnvironment environment() const;
    bool writeFile(const QString &folder);
    // Every case, kRounds times; after each, `process` still runs and the file comes whole.
    void survives(QProcess &process, const peer_hangups::Target &target);
    // The window's engine URL, from its control API's /api/status (the endpoint and the token in `folder`).
    static quint16 enginePortOfWindow(const QString &folder, QProcess &process);

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestPeerHangups::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

QProcessEnvironment TestPeerHangups::environment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    env.insert(u"HOSTBENCH_DATA_DIR"_s, m_dir->filePath(u"data"_s));
    env.remove(u"DISPLAY"_s);
    env.remove(u"WAYLAND_DISPLAY"_s);
    return env;
}

bool TestPeerHangups::writeFile(const QString &folder)
{
    QDir().mkpath(folder);
    QFile file(folder + u"/w3.zip"_s);
    return file.open(QIODevice::WriteOnly) && file.write(QByteArray(kFileBytes, 'z')) == kFileBytes;
}

void TestPeerHangups::survives(QProcess &process, const peer_hangups::Target &target)
{
    for (peer_hangups::Case c : peer_hangups::kAllCases) {
        for (int round = 0; round < kRounds; ++round) {
            const bool connected = peer_hangups::run(target, c);
            process.waitForFinished(50); // lets QProcess see an end that came
            QVERIFY2(process.state() == QProcess::Running,
                qPrintable(
                    u"ended in the case \"%1\" (exit status %2, %3): %4"_s
                        .arg(QString::fromLatin1(peer_hangups::name(c)))
                        .arg(process.exitCode())
                        .arg(process.exitStatus() == QProcess::CrashExit ? u"a signal"_s : u"an exit"_s)
                        .arg(QString::fromLocal8Bit(process.readAllStandardError()))));
            QVERIFY2(connected, peer_hangups::name(c));
        }
        const auto [status, bodyBytes] = peer_hangups::fetch(target);
        QVERIFY2(status == 200, peer_hangups::name(c));
        QCOMPARE(bodyBytes, kFileBytes);
    }
    // Give a late signal time to land before the last look.
    QTest::qWait(300);
    QCOMPARE(process.state(), QProcess::Running);
}

quint16 TestPeerHangups::enginePortOfWindow(const QString &folder, QProcess &process)
{
    const QString endpointPath = folder + u"/control.endpoint"_s;
    const QString tokenPath = folder + u"/control.token"_s;
    QDeadlineTimer deadline(kTimeoutMs);
    while (!(QFile::exists(endpointPath) && QFile::exists(tokenPath)) && process.state() == QProcess::Running
        && !deadline.hasExpired())
        QTest::qWait(50);
    QFile endpoint(endpointPath);
    QFile token(tokenPath);
    if (!endpoint.open(QIODevice::ReadOnly) || !token.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray address = endpoint.readAll().trimmed(); // "127.0.0.1:PORT"
    const quint16 controlPort = quint16(address.mid(address.lastIndexOf(':') + 1).toUInt());
    const QByteArray secret = token.readAll().trimmed();
    // The engine may start a moment after the control API: ask until it says a URL.
    while (!deadline.hasExpired()) {
        const int fd = peer_hangups::connectTo(controlPort);
        if (fd >= 0) {
            peer_hangups::sendAll(fd,
                "GET /api/status HTTP/1.1\r\nHost: " + address + "\r\nAuthorization: Bearer " + secret
                    + "\r\nConnection: close\r\n\r\n");
            const QByteArray reply = peer_hangups::readUntilClosed(fd, 10000);
            ::close(fd);
            const QJsonObject status
                = QJsonDocument::fromJson(reply.mid(reply.indexOf("\r\n\r\n") + 4)).object();
            const QUrl url(status.value(u"url"_s).toString());
            if (url.isValid() && url.port() > 0)
                return quint16(url.port());
        }
        QTest::qWait(100);
    }
    return 0;
}

void TestPeerHangups::window_data()
{
    // With its control API on, the window holds a QTcpServer, and Qt's socket
    // engine sets SIGPIPE to SIG_IGN for the whole process as a side effect;
    // with it off (Server page), nothing did, and sendfile's SIGPIPE ended the
    // window. Both must survive on the engine's own mask.
    QTest::addColumn<bool>("controlApi");
    QTest::newRow("control API on") << true;
    QTest::newRow("control API off") << false;
}

void TestPeerHangups::window()
{
    QFETCH(bool, controlApi);
    const QString folder = m_dir->filePath(u"data"_s);
    quint16 port = 0;
    if (!controlApi) {
        // The folder made beforehand, as an earlier start leaves it: the API
        // off, the engine on a port found free just now.
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        port = probe.serverPort();
        probe.close();
        storage::DataFolder data;
        QString error;
        QVERIFY2(data.open(folder, &error), qPrintable(error));
        model::ServerConfig config = data.database().serverConfig();
        config.listenAddress = u"127.0.0.1"_s;
        config.port = port;
        QVERIFY(data.database().saveServerConfig(config));
        QVERIFY(data.database().setSetting(u"gui/controlApiEnabled"_s, u"0"_s));
    }
    QProcess window;
    window.setProcessEnvironment(environment());
    window.start(QStringLiteral(HOSTBENCH_GUI_PATH), { u"--data-dir"_s, folder });
    QVERIFY(window.waitForStarted(kTimeoutMs));
    if (controlApi) {
        port = enginePortOfWindow(folder, window);
    } else {
        QTRY_VERIFY_WITH_TIMEOUT(
            peer_hangups::fetch({ port, "localhost", "/" }).first != 0 || window.state() != QProcess::Running,
            kTimeoutMs);
    }
    QVERIFY2(port != 0 && window.state() == QProcess::Running, window.readAllStandardError().constData());
    // The default site's document root, made by the first start.
    QVERIFY(writeFile(folder + u"/sites/default"_s));
    survives(window, { port, "localhost", "/w3.zip" });
    stop(window);
}

void TestPeerHangups::serve()
{
    const QString root = m_dir->filePath(u"site"_s);
    QVERIFY(writeFile(root));
    QProcess serve;
    serve.setProcessEnvironment(environment());
    QStringList arguments { u"serve"_s, u"--data-dir"_s, m_dir->filePath(u"data"_s), u"--listen"_s,
        u"127.0.0.1:0"_s, u"--threads"_s, u"2"_s, u"--site"_s, u"main.test="_s + root };
    // serve as root gives root up or refuses (issue #21); the temporary folders here are root's.
    if (::geteuid() == 0)
        arguments += { u"--user"_s, u"root"_s };
    serve.start(QStringLiteral(HOSTBENCH_CLI_PATH), arguments);
    QVERIFY(serve.waitForStarted(kTimeoutMs));
    static const QRegularExpression serving(
        u"^Serving http://127\\.0\\.0\\.1:(\\d+)/"_s, QRegularExpression::MultilineOption);
    QByteArray out;
    QDeadlineTimer deadline(kTimeoutMs);
    while (!serving.match(QString::fromLocal8Bit(out)).hasMatch() && serve.state() == QProcess::Running
        && !deadline.hasExpired()) {
        serve.waitForReadyRead(100);
        out += serve.readAllStandardOutput();
    }
    const QRegularExpressionMatch match = serving.match(QString::fromLocal8Bit(out));
    QVERIFY2(match.hasMatch(), serve.readAllStandardError().constData());
    survives(serve, { quint16(match.captured(1).toUInt()), "main.test", "/w3.zip" });
    stop(serve);
}

QTEST_GUILESS_MAIN(TestPeerHangups)
#include "tst_peerhangups.moc"
