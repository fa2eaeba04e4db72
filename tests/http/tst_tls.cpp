#include "RawClient.h"

#include "bench/LoadGenerator.h"
#include "http/HttpServer.h"
#include "model/RunSummary.h"
#include "tls/ClientContext.h"
#include "tls/LocalCa.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <openssl/ssl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

using hostbench::http::HttpServer;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;
using hostbench::tls::LocalCa;

using namespace Qt::StringLiterals;

// The TLS listener (issue #26) with real clients: curl and openssl s_client
// (Debian's curl and openssl), Hostbench's own load generator, and raw
// sockets for what no client sends on purpose (plain HTTP, garbage, silence).
class TestTls final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void curlVerifiesWithTheLocalCaAlone();
    void serverNameChoosesTheCertificate();
    void hostOtherThanServerNameIs421();
    void onlyTls12And13AndAlpnHttp11();
    void ticketsResumeSessions();
    void largeFileOverTls();
    void plainHttpOnTheTlsPortIs400();
    void garbageAndSilenceAreClosed();
    void caFilesAreKeptPrivate();
    void brokenCaIsReportedNotReplaced();
    void loadGeneratorMeasuresHandshakes();
    void loadGeneratorSaysWhyVerificationFailed();
    void rememberedCertificateStillChecksTheName();

private:
    struct Run
    {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };
    static Run run(const QString &program, const QStringList &arguments, const QByteArray &input = {});
    QStringList curlArguments(const QString &name) const;
    QString rootPath() const { return LocalCa::folderIn(m_data.path()) + u"/rootCA.pem"_s; }
    QString url(const QString &name, const QString &path = u"/"_s) const
    {
        return u"https://%1:%2%3"_s.arg(name).arg(m_server->tlsPort()).arg(path);
    }
    QList<VirtualHost> sites() const;

    QTemporaryDir m_dir;
    QTemporaryDir m_data;
    std::unique_ptr<HttpServer> m_server;
    QByteArray m_large;
    bool m_haveCurl = false;
    bool m_haveOpenssl = false;
};

TestTls::Run TestTls::run(const QString &program, const QStringList &arguments, const QByteArray &input)
{
    QProcess process;
    process.start(program, arguments);
    Run result;
    if (!process.waitForStarted(10000))
        return result;
    if (!input.isEmpty())
        process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(30000)) {
        process.kill();
        process.waitForFinished();
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

void TestTls::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(m_data.isValid());
    for (const char *name : { "a", "b" }) {
        QVERIFY(QDir(m_dir.path()).mkpath(QString::fromLatin1(name)));
        QFile index(m_dir.filePath(QString::fromLatin1(name) + u"/index.html"_s));
        QVERIFY(index.open(QIODevice::WriteOnly));
        index.write(QByteArray("site ") + name + '\n');
    }
    // Beyond the inline limit and a TLS piece (64 KiB): read and encrypted in pieces.
    m_large.resize(3 * 1024 * 1024 + 123);
    for (qsizetype i = 0; i < m_large.size(); ++i)
        m_large[i] = char((i * 131) ^ (i >> 9));
    QFile large(m_dir.filePath(u"a/large.bin"_s));
    QVERIFY(large.open(QIODevice::WriteOnly));
    QCOMPARE(large.write(m_large), m_large.size());
    // W2's size: cached with its descriptor (FileCache::kSendfileMinBytes),
    // sent from the cached bytes over TLS, by sendfile over cleartext.
    QFile medium(m_dir.filePath(u"a/medium.bin"_s));
    QVERIFY(medium.open(QIODevice::WriteOnly));
    QCOMPARE(medium.write(m_large.left(45056)), 45056);
    m_haveCurl = !QStandardPaths::findExecutable(u"curl"_s).isEmpty();
    m_haveOpenssl = !QStandardPaths::findExecutable(u"openssl"_s).isEmpty();
}

QList<VirtualHost> TestTls::sites() const
{
    VirtualHost a;
    a.hostName = u"a.test"_s;
    a.isDefault = true;
    a.documentRoot = m_dir.filePath(u"a"_s);
    a.accessLogEnabled = false;
    a.errorLogEnabled = false;
    VirtualHost b = a;
    b.hostName = u"b.test"_s;
    b.aliases = { u"www.b.test"_s };
    b.isDefault = false;
    b.documentRoot = m_dir.filePath(u"b"_s);
    return { a, b };
}

void TestTls::init()
{
    m_server = std::make_unique<HttpServer>();
    ServerConfig config;
    config.port = 0;
    config.threads = 2;
    config.headerTimeoutMs = 1000;
    config.tlsEnabled = true;
    config.tlsPort = 0;
    config.dataFolder = m_data.path();
    QString error;
    QVERIFY2(m_server->start(config, sites(), &error), qPrintable(error));
    QVERIFY(m_server->tlsPort() != 0);
    QVERIFY(m_server->tlsPort() != m_server->port());
    QCOMPARE(m_server->tlsUrl(), u"https://127.0.0.1:%1/"_s.arg(m_server->tlsPort()));
    QVERIFY2(m_server->tlsWarnings().isEmpty(), qPrintable(m_server->tlsWarnings().join(u'\n')));
}

void TestTls::cleanup()
{
    m_server.reset();
}

QStringList TestTls::curlArguments(const QString &name) const
{
    // --resolve: no resolver needed for the test names; --cacert: the local CA and nothing else.
    return { u"-sS"_s, u"--resolve"_s, u"%1:%2:127.0.0.1"_s.arg(name).arg(m_server->tlsPort()), u"--cacert"_s,
        rootPath(), u"--capath"_s, m_dir.path() };
}

void TestTls::curlVerifiesWithTheLocalCaAlone()
{
    if (!m_haveCurl)
        QSKIP("curl is not installed (apt-get install curl)");
    Run verified = run(u"curl"_s, curlArguments(u"a.test.localhost"_s) << url(u"a.test.localhost"_s));
    QVERIFY2(verified.exitCode == 0, verified.err.constData());
    QCOMPARE(verified.out, QByteArray("site a\n"));

    // Without the local CA the same certificate is refused: curl's 60, an unknown issuer.
    Run refused = run(u"curl"_s,
        { u"-sS"_s, u"--resolve"_s, u"a.test:%1:127.0.0.1"_s.arg(m_server->tlsPort()), u"--cacert"_s,
            u"/etc/ssl/certs/ca-certificates.crt"_s, url(u"a.test"_s) });
    QCOMPARE(refused.exitCode, 60);
    QVERIFY2(refused.err.contains("issuer"), refused.err.constData());

    // The cleartext listener still answers beside it.
    RawClient plain(m_server->port());
    QCOMPARE(plain.request("GET / HTTP/1.1\r\nHost: b.test\r\n\r\n").body, QByteArray("site b\n"));
}

void TestTls::serverNameChoosesTheCertificate()
{
    if (!m_haveCurl)
        QSKIP("curl is not installed (apt-get install curl)");
    // Each name of b (its alias, NAME.localhost) verifies: its certificate covers them.
    for (const QString &name :
        { u"b.test"_s, u"www.b.test"_s, u"b.test.localhost"_s, u"www.b.test.localhost"_s }) {
        Run got = run(u"curl"_s, curlArguments(name) << url(name));
        QVERIFY2(got.exitCode == 0, qPrintable(name + u": "_s + QString::fromUtf8(got.err)));
        QCOMPARE(got.out, QByteArray("site b\n"));
    }
    if (!m_haveOpenssl)
        return;
    // The certificate sent for b's server name names b, and a's names a.
    for (const auto &[name, expected] :
        { std::pair { "b.test", "DNS:b.test" }, { "a.test", "DNS:a.test" } }) {
        Run handshake = run(u"openssl"_s,
            { u"s_client"_s, u"-connect"_s, u"127.0.0.1:%1"_s.arg(m_server->tlsPort()), u"-servername"_s,
                QString::fromLatin1(name) },
            "Q\n");
        const int begin = handshake.out.indexOf("-----BEGIN CERTIFICATE-----");
        const int end = handshake.out.indexOf("-----END CERTIFICATE-----");
        QVERIFY2(begin >= 0 && end > begin, handshake.err.constData());
        const QByteArray pem = handshake.out.mid(begin, end - begin + 26);
        Run text = run(u"openssl"_s, { u"x509"_s, u"-noout"_s, u"-ext"_s, u"subjectAltName"_s }, pem);
        QVERIFY2(text.out.contains(expected), text.out.constData());
    }
}

void TestTls::hostOtherThanServerNameIs421()
{
    if (!m_haveCurl)
        QSKIP("curl is not installed (apt-get install curl)");
    Run misdirected = run(u"curl"_s,
        curlArguments(u"b.test"_s) << u"-H"_s << u"Host: a.test"_s << u"-o"_s << u"/dev/null"_s << u"-w"_s
                                   << u"%{http_code}"_s << url(u"b.test"_s));
    QVERIFY2(misdirected.exitCode == 0, misdirected.err.constData());
    QCOMPARE(misdirected.out, QByteArray("421"));
    // The same Host with a port, and the .localhost form, are the same site: answered.
    Run same = run(u"curl"_s,
        curlArguments(u"b.test"_s) << u"-H"_s << u"Host: b.test.localhost:1"_s << url(u"b.test"_s));
    QCOMPARE(same.out, QByteArray("site b\n"));
}

void TestTls::onlyTls12And13AndAlpnHttp11()
{
    if (!m_haveOpenssl)
        QSKIP("openssl is not installed (apt-get install openssl)");
    const QString address = u"127.0.0.1:%1"_s.arg(m_server->tlsPort());
    Run old = run(u"openssl"_s,
        { u"s_client"_s, u"-connect"_s, address, u"-servername"_s, u"a.test"_s, u"-tls1_1"_s, u"-cipher"_s,
            u"DEFAULT@SECLEVEL=0"_s },
        "Q\n");
    QVERIFY2(old.exitCode != 0, old.out.constData());
    for (const QString &version : { u"-tls1_2"_s, u"-tls1_3"_s }) {
        Run modern = run(u"openssl"_s,
            { u"s_client"_s, u"-connect"_s, address, u"-servername"_s, u"a.test"_s, version, u"-alpn"_s,
                u"h2,http/1.1"_s, u"-CAfile"_s, rootPath(), u"-verify_return_error"_s },
            "Q\n");
        QVERIFY2(modern.exitCode == 0, modern.err.constData());
        // HTTP/2 when offered (issue #27), the server's preference over the client's order.
        QVERIFY2(modern.out.contains("ALPN protocol: h2"), modern.out.constData());
        QVERIFY2(modern.out.contains("Verify return code: 0 (ok)"), modern.out.constData());
        Run http11 = run(u"openssl"_s,
            { u"s_client"_s, u"-connect"_s, address, u"-servername"_s, u"a.test"_s, version, u"-alpn"_s,
                u"http/1.1"_s, u"-CAfile"_s, rootPath(), u"-verify_return_error"_s },
            "Q\n");
        QVERIFY2(http11.out.contains("ALPN protocol: http/1.1"), http11.out.constData());
    }
    // A TLS 1.2 suite without forward secrecy is not offered.
    Run weak = run(u"openssl"_s,
        { u"s_client"_s, u"-connect"_s, address, u"-tls1_2"_s, u"-cipher"_s, u"AES128-SHA"_s }, "Q\n");
    QVERIFY2(weak.exitCode != 0, weak.out.constData());
}

void TestTls::ticketsResumeSessions()
{
    if (!m_haveOpenssl)
        QSKIP("openssl is not installed (apt-get install openssl)");
    const QString address = u"127.0.0.1:%1"_s.arg(m_server->tlsPort());
    const QString session = m_dir.filePath(u"session.pem"_s);
    // TLS 1.2: the ticket comes within the handshake. Two workers: the
    // second connection may land on the other one, which must take the ticket too.
    Run first = run(u"openssl"_s,
        { u"s_client"_s, u"-connect"_s, address, u"-servername"_s, u"a.test"_s, u"-tls1_2"_s, u"-sess_out"_s,
            session },
        "Q\n");
    QVERIFY2(first.exitCode == 0, first.err.constData());
    QVERIFY(first.out.contains("New, TLSv1.2"));
    for (int i = 0; i < 4; ++i) {
        Run again = run(u"openssl"_s,
            { u"s_client"_s, u"-connect"_s, address, u"-servername"_s, u"a.test"_s, u"-tls1_2"_s,
                u"-sess_in"_s, session },
            "Q\n");
        QVERIFY2(again.out.contains("Reused, TLSv1.2"), again.out.constData());
    }
    const hostbench::model::MetricsSnapshot metrics = m_server->metrics();
    QCOMPARE(metrics.tlsHandshakes, quint64(5));
    QCOMPARE(metrics.tlsResumed, quint64(4));
    // A reload loads every certificate again, into new contexts: the ticket
    // keys are the process's, so the session still resumes.
    m_server->reload(sites());
    QTest::qWait(200);
    Run afterReload = run(u"openssl"_s,
        { u"s_client"_s, u"-connect"_s, address, u"-servername"_s, u"a.test"_s, u"-tls1_2"_s, u"-sess_in"_s,
            session },
        "Q\n");
    QVERIFY2(afterReload.out.contains("Reused, TLSv1.2"), afterReload.out.constData());
}

void TestTls::largeFileOverTls()
{
    if (!m_haveCurl)
        QSKIP("curl is not installed (apt-get install curl)");
    // Keep-alive: the large file, then a small one on the same connection,
    // then one of W2's size twice (checked, then from the cache).
    Run got = run(u"curl"_s,
        curlArguments(u"a.test"_s) << url(u"a.test"_s, u"/large.bin"_s) << u"--next"_s << u"--cacert"_s
                                   << rootPath() << url(u"a.test"_s) << u"--next"_s << u"--cacert"_s
                                   << rootPath() << url(u"a.test"_s, u"/medium.bin"_s) << u"--next"_s
                                   << u"--cacert"_s << rootPath() << url(u"a.test"_s, u"/medium.bin"_s));
    QVERIFY2(got.exitCode == 0, got.err.constData());
    QCOMPARE(got.out.size(), m_large.size() + 7 + 2 * 45056);
    QVERIFY(got.out.right(2 * 45056) == m_large.left(45056).repeated(2));
    got.out.chop(2 * 45056);
    QCOMPARE(QCryptographicHash::hash(got.out.left(m_large.size()), QCryptographicHash::Sha256),
        QCryptographicHash::hash(m_large, QCryptographicHash::Sha256));
    QCOMPARE(got.out.mid(m_large.size()), QByteArray("site a\n"));
    // A range of it, across a piece boundary.
    Run range = run(u"curl"_s,
        curlArguments(u"a.test"_s) << u"-r"_s << u"65530-65545"_s << url(u"a.test"_s, u"/large.bin"_s));
    QCOMPARE(range.out, m_large.mid(65530, 16));
}

void TestTls::plainHttpOnTheTlsPortIs400()
{
    RawClient client(m_server->tlsPort());
    QVERIFY(client.isConnected());
    const RawClient::Reply reply = client.request("GET / HTTP/1.1\r\nHost: a.test\r\n\r\n");
    QCOMPARE(reply.status, 400);
    QVERIFY2(reply.body.contains("plain HTTP request was sent to an HTTPS port"), reply.body.constData());
    QVERIFY(client.waitForClose());
    QVERIFY(m_server->metrics().tlsErrors >= 1);
}

void TestTls::garbageAndSilenceAreClosed()
{
    // A handshake record of garbage: closed, counted, the worker goes on.
    {
        RawClient client(m_server->tlsPort());
        QVERIFY(client.send(QByteArray("\x16\x03\x01\x00\x20", 5) + QByteArray(32, 'x')));
        // OpenSSL's alert record (content type 21), then the close.
        const QByteArray answer = client.readAll();
        QVERIFY(client.hasClosed());
        QVERIFY2(answer.startsWith('\x15'), answer.toHex().constData());
    }
    // Half a ClientHello, then nothing: closed within the header timeout (1 s, on a 1 s tick).
    {
        RawClient client(m_server->tlsPort());
        QElapsedTimer clock;
        clock.start();
        QVERIFY(client.send(QByteArray("\x16\x03\x01\x02\x00\x01", 6)));
        QVERIFY(client.waitForClose(8000));
        QVERIFY2(clock.elapsed() < 6000, qPrintable(QString::number(clock.elapsed())));
    }
    // Nothing at all: TCP_DEFER_ACCEPT, then the header timeout.
    {
        RawClient client(m_server->tlsPort());
        QVERIFY(client.waitForClose(10000));
    }
    QVERIFY(m_server->metrics().tlsErrors >= 1);
    if (m_haveCurl) {
        Run after = run(u"curl"_s, curlArguments(u"a.test"_s) << url(u"a.test"_s));
        QCOMPARE(after.out, QByteArray("site a\n"));
    }
}

void TestTls::caFilesAreKeptPrivate()
{
    const QString folder = LocalCa::folderIn(m_data.path());
    struct stat info
    {
    };
    QCOMPARE(::stat(QFile::encodeName(folder).constData(), &info), 0);
    QCOMPARE(info.st_mode & 0777, 0700u);
    QCOMPARE(::stat(QFile::encodeName(folder + u"/rootCA-key.pem"_s).constData(), &info), 0);
    QCOMPARE(info.st_mode & 0777, 0600u);
    for (const QString &key : QDir(folder + u"/sites"_s).entryList({ u"*-key.pem"_s })) {
        QCOMPARE(::stat(QFile::encodeName(folder + u"/sites/"_s + key).constData(), &info), 0);
        QCOMPARE(info.st_mode & 0777, 0600u);
    }
    // A second start keeps the root and the leaves (nothing issued again).
    const QByteArray root = [&] {
        QFile file(rootPath());
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }();
    QString error;
    const std::optional<LocalCa> ca = LocalCa::open(folder, false, &error);
    QVERIFY2(ca, qPrintable(error));
    const auto leaf = ca->leafFor(u"a.test"_s, { u"a.test"_s, u"a.test.localhost"_s }, &error);
    QVERIFY2(leaf, qPrintable(error));
    QVERIFY(!leaf->issued);
    // New names: issued again.
    const auto renamed
        = ca->leafFor(u"a.test"_s, { u"a.test"_s, u"a.test.localhost"_s, u"c.test"_s }, &error);
    QVERIFY(renamed && renamed->issued);
    QFile again(rootPath());
    QVERIFY(again.open(QIODevice::ReadOnly));
    QCOMPARE(again.readAll(), root);
    // Never served: the data folder is guarded, and the CA is not in a document root.
    QVERIFY(!QFileInfo(folder).absoluteFilePath().startsWith(m_dir.path()));
}

void TestTls::brokenCaIsReportedNotReplaced()
{
    QTemporaryDir data;
    const QString folder = LocalCa::folderIn(data.path());
    QVERIFY(QDir().mkpath(folder));
    QFile broken(folder + u"/rootCA.pem"_s);
    QVERIFY(broken.open(QIODevice::WriteOnly));
    broken.write("not a certificate\n");
    broken.close();
    QFile key(folder + u"/rootCA-key.pem"_s);
    QVERIFY(key.open(QIODevice::WriteOnly));
    key.write("not a key\n");
    key.close();

    HttpServer server;
    ServerConfig config;
    config.port = 0;
    config.tlsEnabled = true;
    config.tlsPort = 0;
    config.dataFolder = data.path();
    QString error;
    QVERIFY(!server.start(config, sites(), &error));
    QVERIFY2(error.contains(folder + u"/rootCA.pem"_s) && error.contains(u"not a PEM certificate"_s),
        qPrintable(error));
    QVERIFY(broken.open(QIODevice::ReadOnly));
    QCOMPARE(broken.readAll(), QByteArray("not a certificate\n"));

    // Half an authority (the key gone) is refused too, never made again over the other file.
    QVERIFY(QFile::remove(folder + u"/rootCA-key.pem"_s));
    QVERIFY(!server.start(config, sites(), &error));
    QVERIFY2(error.contains(u"incomplete"_s), qPrintable(error));
    QVERIFY(!QFile::exists(folder + u"/rootCA-key.pem"_s));
}

void TestTls::loadGeneratorMeasuresHandshakes()
{
    using hostbench::bench::LoadGenerator;
    hostbench::model::BenchParameters parameters;
    parameters.url = u"https://a.test.localhost:%1/"_s.arg(m_server->tlsPort());
    parameters.requests = 200;
    parameters.concurrency = 2;
    parameters.keepAlive = false; // a handshake per request
    parameters.tlsRoots = { rootPath() };
    for (const bool resume : { true, false }) {
        parameters.tlsResume = resume;
        LoadGenerator generator;
        QString error;
        QVERIFY2(generator.start(parameters, &error), qPrintable(error));
        generator.wait();
        const hostbench::model::RunSummary s = generator.summary();
        QCOMPARE(s.failed, quint64(0));
        QCOMPARE(s.completed, quint64(200));
        QCOMPARE(s.statusCounts.value(200), quint64(200));
        QCOMPARE(s.tlsHandshakes, quint64(200));
        QVERIFY2(s.tlsProtocol == u"TLSv1.3"_s, qPrintable(s.tlsProtocol));
        QVERIFY(!s.tlsCipher.isEmpty());
        QVERIFY(s.handshake.meanMs > 0);
        if (resume)
            QVERIFY2(s.tlsResumed >= 190,
                qPrintable(QString::number(s.tlsResumed))); // all but the first of each connection
        else
            QCOMPARE(s.tlsResumed, quint64(0));
    }
    // Keep-alive: one handshake per connection.
    parameters.keepAlive = true;
    LoadGenerator generator;
    QString error;
    QVERIFY2(generator.start(parameters, &error), qPrintable(error));
    generator.wait();
    const hostbench::model::RunSummary s = generator.summary();
    QCOMPARE(s.completed, quint64(200));
    QCOMPARE(s.keepAliveRequests, quint64(200));
    QVERIFY2(s.tlsHandshakes <= 2, qPrintable(QString::number(s.tlsHandshakes)));
}

void TestTls::loadGeneratorSaysWhyVerificationFailed()
{
    using hostbench::bench::LoadGenerator;
    hostbench::model::BenchParameters parameters;
    parameters.url = u"https://a.test.localhost:%1/"_s.arg(m_server->tlsPort());
    parameters.requests = 5;
    {
        // The system store alone does not know the local CA.
        LoadGenerator generator;
        QString error;
        QVERIFY2(generator.start(parameters, &error), qPrintable(error));
        generator.wait();
        const hostbench::model::RunSummary s = generator.summary();
        QCOMPARE(s.failedTls, quint64(5));
        QVERIFY2(s.tlsFailure.contains(u"local issuer"_s), qPrintable(s.tlsFailure));
    }
    {
        // A name the certificate does not hold: the default site's certificate, refused by name.
        parameters.url = u"https://127.0.0.1:%1/"_s.arg(m_server->tlsPort());
        parameters.tlsRoots = { rootPath() };
        LoadGenerator generator;
        QString error;
        QVERIFY2(generator.start(parameters, &error), qPrintable(error));
        generator.wait();
        const hostbench::model::RunSummary s = generator.summary();
        QCOMPARE(s.failedTls, quint64(5));
        QVERIFY2(s.tlsFailure.contains(u"mismatch"_s), qPrintable(s.tlsFailure));
    }
    {
        // --insecure: no check at all.
        parameters.tlsVerify = false;
        LoadGenerator generator;
        QString error;
        QVERIFY2(generator.start(parameters, &error), qPrintable(error));
        generator.wait();
        QCOMPARE(generator.summary().completed, quint64(5));
    }
}

void TestTls::rememberedCertificateStillChecksTheName()
{
    // tls::ClientContext remembers a verified leaf (as Chromium's
    // CachingCertVerifier): the same certificate for another name must still
    // be refused. Blocking handshakes on one context, in this order: a.test
    // verified (and remembered); then a name no site has, for which the server
    // presents the default site's certificate, the same leaf: refused by
    // name; then a.test again, accepted; and a name the leaf holds as an
    // alias form (a.test, without .localhost), accepted.
    QString error;
    const std::shared_ptr<hostbench::tls::ClientContext> context
        = hostbench::tls::ClientContext::make(true, { rootPath() }, &error);
    QVERIFY2(context, qPrintable(error));
    const auto handshake = [&](const QByteArray &name, QString *failure) {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address {};
        address.sin_family = AF_INET;
        address.sin_port = htons(m_server->tlsPort());
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (fd < 0 || ::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0) {
            *failure = u"no connection"_s;
            if (fd >= 0)
                ::close(fd);
            return false;
        }
        SSL *ssl = context->newConnection(name, nullptr);
        SSL_set_fd(ssl, fd);
        const bool done = SSL_connect(ssl) == 1;
        *failure = hostbench::tls::ClientContext::verifyFailure(ssl);
        SSL_free(ssl);
        ::close(fd);
        return done;
    };
    QString failure;
    QVERIFY2(handshake("a.test.localhost", &failure), qPrintable(failure));
    QVERIFY(failure.isEmpty());
    QVERIFY(!handshake("unknown.example", &failure));
    QVERIFY2(failure.contains(u"mismatch"_s), qPrintable(failure));
    QVERIFY2(handshake("a.test.localhost", &failure), qPrintable(failure));
    QVERIFY2(handshake("a.test", &failure), qPrintable(failure));
    QVERIFY(!handshake("unknown.example", &failure));
    QVERIFY2(failure.contains(u"mismatch"_s), qPrintable(failure));
}

QTEST_GUILESS_MAIN(TestTls)
#include "tst_tls.moc"
