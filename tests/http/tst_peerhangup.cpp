// The engine in this process, with SIGPIPE at its default action (the
// process ends), under clients that hang up, half-close or reset during a
// download or an upload (tests/http/PeerHangups.h): the process lives on and
// the engine still serves the whole file afterwards. Without the workers'
// SIGPIPE mask (sys::PeerSignals) sendfile(2) to a peer that has gone ends
// this test within a few rounds, as it ended the window (issue #20).
#include "PeerHangups.h"
#include "http/HttpServer.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using hostbench::http::HttpServer;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;

namespace {

// The founding W3 file: 1,414,000 bytes.
constexpr qint64 kFileBytes = 1'414'000;
constexpr int kRounds = 8;

} // namespace

class TestPeerHangup final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void peersThatGoAwayNeverEndTheProcess_data();
    void peersThatGoAwayNeverEndTheProcess();
    void allCasesTogether();

private:
    QTemporaryDir m_dir;
    HttpServer m_server;
    peer_hangups::Target m_target;
};

void TestPeerHangup::initTestCase()
{
    // The default action, whatever the test runner set: a SIGPIPE that
    // reaches this process ends it, and the test with it.
    std::signal(SIGPIPE, SIG_DFL);
    QVERIFY(m_dir.isValid());
    QFile file(m_dir.filePath(QStringLiteral("w3.zip")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(QByteArray(kFileBytes, 'z')), kFileBytes);
    file.close();

    VirtualHost host;
    host.hostName = QStringLiteral("main.test");
    host.documentRoot = m_dir.path();
    host.isDefault = true;
    host.accessLogEnabled = false;
    host.errorLogEnabled = false;
    ServerConfig config;
    config.port = 0;
    config.threads = 2;
    QString error;
    QVERIFY2(m_server.start(config, { host }, &error), qPrintable(error));
    m_target = { m_server.port(), "main.test", "/w3.zip" };
}

void TestPeerHangup::cleanupTestCase()
{
    m_server.stop();
}

void TestPeerHangup::peersThatGoAwayNeverEndTheProcess_data()
{
    QTest::addColumn<int>("kind");
    for (peer_hangups::Case c : peer_hangups::kAllCases)
        QTest::newRow(peer_hangups::name(c)) << int(c);
}

void TestPeerHangup::peersThatGoAwayNeverEndTheProcess()
{
    QFETCH(int, kind);
    for (int round = 0; round < kRounds; ++round)
        QVERIFY(peer_hangups::run(m_target, peer_hangups::Case(kind)));
    const auto [status, bodyBytes] = peer_hangups::fetch(m_target);
    QCOMPARE(status, 200);
    QCOMPARE(bodyBytes, kFileBytes);
}

void TestPeerHangup::allCasesTogether()
{
    const quint64 acceptedBefore = m_server.metrics().connectionsAccepted;
    int opened = 0;
    for (int round = 0; round < kRounds; ++round) {
        for (peer_hangups::Case c : peer_hangups::kAllCases)
            QVERIFY(peer_hangups::run(m_target, c, 10, &opened));
    }
    // Every connection the cases opened was accepted (a reset one may wait in the
    // listen queue a while) and is gone again, and the engine serves.
    const auto allAcceptedAndClosed = [&] {
        const auto now = m_server.metrics();
        return now.connectionsAccepted - acceptedBefore >= quint64(opened) && now.openConnections == 0;
    };
    QTRY_VERIFY_WITH_TIMEOUT(allAcceptedAndClosed(), 15000);
    const auto [status, bodyBytes] = peer_hangups::fetch(m_target);
    QCOMPARE(status, 200);
    QCOMPARE(bodyBytes, kFileBytes);
}

QTEST_GUILESS_MAIN(TestPeerHangup)
#include "tst_peerhangup.moc"
