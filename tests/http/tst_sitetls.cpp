// A site's own HTTPS settings (model::SiteTls, issue #26) in the real
// engine, with curl (Debian's) over TLS and raw sockets over cleartext:
// its own certificate and key served by SNI, files that went bad since they
// were saved (the local CA's certificate stands in, with a warning), the
// 308 redirect from http:// and HSTS on static, proxied (a raw upstream)
// and PHP answers (PHP-FPM as the test's child). And SiteValidator's
// checks of the files, each naming the file and the reason beside its field.
#include "PhpFpm.h"
#include "RawClient.h"
#include "Upstreams.h"

#include "http/HttpServer.h"
#include "model/SiteValidator.h"
#include "tls/LocalCa.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <memory>

using hostbench::http::HttpServer;
using hostbench::model::ServerConfig;
using hostbench::model::SiteValidator;
using hostbench::model::VirtualHost;
using hostbench::tls::LocalCa;

using namespace Qt::StringLiterals;

namespace {

// A self-signed ECDSA P-256 certificate for `name` valid from now + fromS to now + untilS
// seconds, and its key, as PEM files. False when OpenSSL or the files fail.
bool writeSelfSigned(
    const QString &certificatePath, const QString &keyPath, const char *name, long fromS, long untilS)
{
    std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(EVP_EC_gen("P-256"), EVP_PKEY_free);
    std::unique_ptr<X509, decltype(&X509_free)> cert(X509_new(), X509_free);
    if (!key || !cert)
        return false;
    X509_set_version(cert.get(), 2);
    ASN1_INTEGER_set(X509_get_serialNumber(cert.get()), 4242);
    X509_gmtime_adj(X509_getm_notBefore(cert.get()), fromS);
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), untilS);
    X509_NAME *subject = X509_get_subject_name(cert.get());
    X509_NAME_add_entry_by_txt(
        subject, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char *>(name), -1, -1, 0);
    X509_set_issuer_name(cert.get(), subject);
    X509_set_pubkey(cert.get(), key.get());
    const QByteArray san = "DNS:" + QByteArray(name);
    X509_EXTENSION *extension = X509V3_EXT_conf_nid(nullptr, nullptr, NID_subject_alt_name, san.constData());
    if (!extension)
        return false;
    X509_add_ext(cert.get(), extension, -1);
    X509_EXTENSION_free(extension);
    if (X509_sign(cert.get(), key.get(), EVP_sha256()) <= 0)
        return false;
    auto write = [](const QString &path, auto writer) {
        FILE *file = std::fopen(QFile::encodeName(path).constData(), "w");
        if (!file)
            return false;
        const bool ok = writer(file);
        return std::fclose(file) == 0 && ok;
    };
    return write(certificatePath, [&](FILE *f) { return PEM_write_X509(f, cert.get()) == 1; })
        && write(keyPath, [&](FILE *f) {
               return PEM_write_PrivateKey(f, key.get(), nullptr, nullptr, 0, nullptr, nullptr) == 1;
           });
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

} // namespace

class TestSiteTls final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void ownCertificateIsServed();
    void badOwnFilesLeaveTheSiteOnTheCa();
    void cleartextIsRedirectedTo308();
    void hstsOnlyOverTls();
    void hstsOnProxiedAndPhpAnswers();
    void validatorNamesTheFileAndTheReason_data();
    void validatorNamesTheFileAndTheReason();

private:
    struct Curl
    {
        int exitCode = -1;
        QByteArray head;
        QByteArray body;
    };
    // GET https://NAME:TLSPORT/path with curl, the certificate checked against `caFile` alone.
    // HTTP/1.1 unless `http2` (ALPN would choose h2 by default, issue #27).
    Curl curl(const QString &name, const QString &path, const QString &caFile, bool http2 = false) const;
    QString rootPath() const { return LocalCa::folderIn(m_data.path()) + u"/rootCA.pem"_s; }
    VirtualHost site(const QString &name) const;

    QTemporaryDir m_dir;
    QTemporaryDir m_data;
    std::unique_ptr<RawUpstream> m_upstream;
    std::unique_ptr<PhpFpm> m_fpm;
    HttpServer m_server;
    bool m_haveCurl = false;
};

VirtualHost TestSiteTls::site(const QString &name) const
{
    VirtualHost host;
    host.hostName = name;
    host.documentRoot = m_dir.filePath(u"root"_s);
    host.accessLogEnabled = false;
    host.errorLogEnabled = false;
    return host;
}

void TestSiteTls::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(m_data.isValid());
    m_haveCurl = !QStandardPaths::findExecutable(u"curl"_s).isEmpty();
    QVERIFY(writeFile(m_dir.filePath(u"root/index.html"_s), "hello\n"));
    QVERIFY(writeFile(m_dir.filePath(u"root/php/hello.php"_s), "<?php echo 'php';"));
    QVERIFY(writeFile(m_dir.filePath(u"root/php/hsts.php"_s),
        "<?php header('Strict-Transport-Security: max-age=7'); echo 'own';"));
    QVERIFY(
        writeSelfSigned(m_dir.filePath(u"own.crt"_s), m_dir.filePath(u"own.key"_s), "own.test", -60, 86400));
    QVERIFY(writeFile(m_dir.filePath(u"notpem.crt"_s), "this is no certificate\n"));

    // The upstream: HSTS of its own under /api/own, none elsewhere.
    m_upstream = std::make_unique<RawUpstream>([](RawUpstream &upstream, int fd, int) {
        for (;;) {
            const QByteArray request = upstream.readRequest(fd, 5000);
            if (request.isEmpty())
                return;
            const QByteArray own
                = request.startsWith("GET /api/own") ? "Strict-Transport-Security: max-age=5\r\n" : "";
            if (!RawUpstream::sendAll(fd, "HTTP/1.1 200 OK\r\n" + own + "Content-Length: 2\r\n\r\nup"))
                return;
        }
    });
    QVERIFY(m_upstream->port() != 0);

    VirtualHost a = site(u"a.test"_s);
    a.isDefault = true;
    VirtualHost own = site(u"own.test"_s);
    own.tls.certificatePath = m_dir.filePath(u"own.crt"_s);
    own.tls.keyPath = m_dir.filePath(u"own.key"_s);
    // Saved while good, then the file went bad: the engine must still serve the site.
    VirtualHost broken = site(u"broken.test"_s);
    broken.tls.certificatePath = m_dir.filePath(u"notpem.crt"_s);
    broken.tls.keyPath = m_dir.filePath(u"own.key"_s);
    VirtualHost redirect = site(u"r.test"_s);
    redirect.tls.redirectToHttps = true;
    VirtualHost hsts = site(u"h.test"_s);
    hsts.tls.hstsMaxAgeSeconds = 600;
    hsts.proxy.routes = { { u"/api"_s, u"http://127.0.0.1:%1"_s.arg(m_upstream->port()) } };
    if (!PhpFpm::binary().isEmpty()) {
        QVERIFY(QDir().mkpath(m_dir.filePath(u"fpm"_s)));
        m_fpm = std::make_unique<PhpFpm>(m_dir.filePath(u"fpm"_s), 2);
        QString error;
        QVERIFY2(m_fpm->start(&error), qPrintable(error));
        hsts.php.address = m_fpm->address();
        hsts.php.pathPrefix = u"/php"_s;
    }

    ServerConfig config;
    config.port = 0;
    config.threads = 2;
    config.tlsEnabled = true;
    config.tlsPort = 0;
    config.dataFolder = m_data.path();
    QString error;
    QVERIFY2(m_server.start(config, { a, own, broken, redirect, hsts }, &error), qPrintable(error));
}

void TestSiteTls::cleanupTestCase()
{
    m_server.stop();
    m_fpm.reset();
    m_upstream.reset();
}

TestSiteTls::Curl TestSiteTls::curl(
    const QString &name, const QString &path, const QString &caFile, bool http2) const
{
    QProcess process;
    process.start(u"curl"_s,
        { u"-sS"_s, u"-i"_s, http2 ? u"--http2"_s : u"--http1.1"_s, u"--resolve"_s,
            u"%1:%2:127.0.0.1"_s.arg(name).arg(m_server.tlsPort()), u"--cacert"_s, caFile, u"--capath"_s,
            m_dir.path(), u"https://%1:%2%3"_s.arg(name).arg(m_server.tlsPort()).arg(path) });
    Curl result;
    if (!process.waitForFinished(30000)) {
        process.kill();
        process.waitForFinished();
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    const QByteArray out = process.readAllStandardOutput();
    const qsizetype end = out.indexOf("\r\n\r\n");
    result.head = out.left(end);
    result.body = end < 0 ? QByteArray() : out.mid(end + 4);
    return result;
}

void TestSiteTls::ownCertificateIsServed()
{
    if (!m_haveCurl)
        QSKIP("curl is not installed (apt-get install curl)");
    // Its own self-signed certificate verifies it, and the local CA does not: the site's file is served.
    const Curl own = curl(u"own.test"_s, u"/"_s, m_dir.filePath(u"own.crt"_s));
    QCOMPARE(own.exitCode, 0);
    QCOMPARE(own.body, QByteArray("hello\n"));
    QCOMPARE(curl(u"own.test"_s, u"/"_s, rootPath()).exitCode, 60);
    // The other sites keep the CA's certificates.
    QCOMPARE(curl(u"a.test"_s, u"/"_s, rootPath()).exitCode, 0);
    QCOMPARE(curl(u"a.test"_s, u"/"_s, m_dir.filePath(u"own.crt"_s)).exitCode, 60);
}

void TestSiteTls::badOwnFilesLeaveTheSiteOnTheCa()
{
    const QString warnings = m_server.tlsWarnings().join(u'\n');
    QVERIFY2(warnings.contains(u"broken.test"_s) && warnings.contains(m_dir.filePath(u"notpem.crt"_s)),
        qPrintable(warnings));
    QVERIFY2(!warnings.contains(u"own.test"_s), qPrintable(warnings));
    if (!m_haveCurl)
        QSKIP("curl is not installed (apt-get install curl)");
    const Curl got = curl(u"broken.test"_s, u"/"_s, rootPath());
    QCOMPARE(got.exitCode, 0);
    QCOMPARE(got.body, QByteArray("hello\n"));
}

void TestSiteTls::cleartextIsRedirectedTo308()
{
    const QByteArray tlsPort = QByteArray::number(m_server.tlsPort());
    RawClient client(m_server.port());
    RawClient::Reply reply = client.request("GET /docs/a%20b?x=1&y=2 HTTP/1.1\r\nHost: R.test:8080\r\n\r\n");
    QVERIFY(reply.complete);
    QCOMPARE(reply.status, 308);
    QCOMPARE(reply.field("Location"), "https://R.test:" + tlsPort + "/docs/a%20b?x=1&y=2");
    QVERIFY(reply.field("Strict-Transport-Security").isEmpty());

    // A POST keeps its method at the new URL (308); its body is not read, the connection closes.
    RawClient post(m_server.port());
    reply = post.request("POST /form HTTP/1.1\r\nHost: r.test\r\nContent-Length: 5\r\n\r\nhello");
    QCOMPARE(reply.status, 308);
    QCOMPARE(reply.field("Location"), "https://r.test:" + tlsPort + "/form");
    QVERIFY(post.waitForClose());

    // An absolute-form target: its authority names the site and the new URL (RFC 9112 §3.2.2).
    RawClient absolute(m_server.port());
    reply = absolute.request("GET http://r.test:81/abs?q HTTP/1.1\r\nHost: a.test\r\n\r\n");
    QCOMPARE(reply.status, 308);
    QCOMPARE(reply.field("Location"), "https://r.test:" + tlsPort + "/abs?q");

    // Other sites answer over cleartext; r.test itself answers over TLS (no loop).
    RawClient other(m_server.port());
    QCOMPARE(other.request("GET / HTTP/1.1\r\nHost: a.test\r\n\r\n").status, 200);
    if (!m_haveCurl)
        QSKIP("curl is not installed (apt-get install curl)");
    const Curl overTls = curl(u"r.test"_s, u"/"_s, rootPath());
    QCOMPARE(overTls.exitCode, 0);
    QVERIFY2(overTls.head.startsWith("HTTP/1.1 200"), overTls.head.constData());
}

void TestSiteTls::hstsOnlyOverTls()
{
    RawClient client(m_server.port());
    const RawClient::Reply plain = client.request("GET / HTTP/1.1\r\nHost: h.test\r\n\r\n");
    QCOMPARE(plain.status, 200);
    QVERIFY(plain.field("Strict-Transport-Security").isEmpty());
    if (!m_haveCurl)
        QSKIP("curl is not installed (apt-get install curl)");
    const Curl secure = curl(u"h.test"_s, u"/"_s, rootPath());
    QCOMPARE(secure.exitCode, 0);
    QVERIFY2(QByteArray(secure.head + "\r\n").contains("\r\nStrict-Transport-Security: max-age=600\r\n"),
        secure.head.constData());
    // Over HTTP/2 as well (RFC 9113 §8.2: the name in lower case).
    const Curl secure2 = curl(u"h.test"_s, u"/"_s, rootPath(), true);
    QVERIFY2(secure2.head.startsWith("HTTP/2 200"), secure2.head.constData());
    QVERIFY2(QByteArray(secure2.head + "\r\n").contains("\r\nstrict-transport-security: max-age=600\r\n"),
        secure2.head.constData());
    // A 404 of the site carries it too; a site without HSTS sends none.
    QVERIFY(
        curl(u"h.test"_s, u"/missing"_s, rootPath()).head.contains("Strict-Transport-Security: max-age=600"));
    QVERIFY(!curl(u"a.test"_s, u"/"_s, rootPath()).head.contains("Strict-Transport-Security"));
}

void TestSiteTls::hstsOnProxiedAndPhpAnswers()
{
    if (!m_haveCurl)
        QSKIP("curl is not installed (apt-get install curl)");
    const Curl proxied = curl(u"h.test"_s, u"/api/x"_s, rootPath());
    QCOMPARE(proxied.exitCode, 0);
    QCOMPARE(proxied.body, QByteArray("up"));
    QCOMPARE(proxied.head.count("Strict-Transport-Security"), 1);
    QVERIFY2(proxied.head.contains("Strict-Transport-Security: max-age=600"), proxied.head.constData());
    // The upstream's own field wins, and is not doubled.
    const Curl own = curl(u"h.test"_s, u"/api/own"_s, rootPath());
    QCOMPARE(own.head.count("Strict-Transport-Security"), 1);
    QVERIFY2(own.head.contains("Strict-Transport-Security: max-age=5"), own.head.constData());
    // Over cleartext the proxied answer has none.
    RawClient client(m_server.port());
    const RawClient::Reply plain = client.request("GET /api/x HTTP/1.1\r\nHost: h.test\r\n\r\n");
    QCOMPARE(plain.status, 200);
    QVERIFY(plain.field("Strict-Transport-Security").isEmpty());

    if (!m_fpm)
        QSKIP("no php-fpm installed (apt-get install php8.2-fpm)");
    const Curl php = curl(u"h.test"_s, u"/php/hello.php"_s, rootPath());
    QCOMPARE(php.body, QByteArray("php"));
    QCOMPARE(php.head.count("Strict-Transport-Security"), 1);
    QVERIFY2(php.head.contains("Strict-Transport-Security: max-age=600"), php.head.constData());
    const Curl phpOwn = curl(u"h.test"_s, u"/php/hsts.php"_s, rootPath());
    QCOMPARE(phpOwn.head.count("Strict-Transport-Security"), 1);
    QVERIFY2(phpOwn.head.contains("Strict-Transport-Security: max-age=7"), phpOwn.head.constData());
}

void TestSiteTls::validatorNamesTheFileAndTheReason_data()
{
    const QString own = m_dir.filePath(u"own.crt"_s);
    const QString ownKey = m_dir.filePath(u"own.key"_s);
    const QString expired = m_dir.filePath(u"expired.crt"_s);
    const QString expiredKey = m_dir.filePath(u"expired.key"_s);
    const QString future = m_dir.filePath(u"future.crt"_s);
    const QString futureKey = m_dir.filePath(u"future.key"_s);
    QVERIFY(writeSelfSigned(expired, expiredKey, "own.test", -7 * 86400, -86400));
    QVERIFY(writeSelfSigned(future, futureKey, "own.test", 86400, 7 * 86400));
    const QString missing = m_dir.filePath(u"missing.crt"_s);

    QTest::addColumn<QString>("certificate");
    QTest::addColumn<QString>("key");
    QTest::addColumn<qint64>("hsts");
    QTest::addColumn<QString>("certificateError"); // a part of the message; empty: none
    QTest::addColumn<QString>("keyError");
    QTest::addColumn<bool>("hstsError");
    QTest::newRow("none: the CA issues")
        << QString() << QString() << qint64(0) << QString() << QString() << false;
    QTest::newRow("good pair") << own << ownKey << qint64(31536000) << QString() << QString() << false;
    QTest::newRow("certificate alone")
        << own << QString() << qint64(0) << QString() << u"or neither"_s << false;
    QTest::newRow("key alone") << QString() << ownKey << qint64(0) << u"or neither"_s << QString() << false;
    QTest::newRow("relative") << u"own.crt"_s << ownKey << qint64(0) << u"absolute"_s << QString() << false;
    QTest::newRow("missing") << missing << ownKey << qint64(0) << missing << QString() << false;
    QTest::newRow("not PEM") << m_dir.filePath(u"notpem.crt"_s) << ownKey << qint64(0)
                             << m_dir.filePath(u"notpem.crt"_s) << QString() << false;
    QTest::newRow("expired") << expired << expiredKey << qint64(0) << u"expired on"_s << QString() << false;
    QTest::newRow("not yet valid") << future << futureKey << qint64(0) << u"not valid before"_s << QString()
                                   << false;
    QTest::newRow("another's key") << own << expiredKey << qint64(0) << QString() << u"does not match"_s
                                   << false;
    QTest::newRow("key is a certificate") << own << own << qint64(0) << QString() << own << false;
    QTest::newRow("negative HSTS") << QString() << QString() << qint64(-1) << QString() << QString() << true;
    QTest::newRow("HSTS over two years")
        << QString() << QString() << qint64(2LL * 365 * 24 * 3600 + 1) << QString() << QString() << true;
}

void TestSiteTls::validatorNamesTheFileAndTheReason()
{
    QFETCH(QString, certificate);
    QFETCH(QString, key);
    QFETCH(qint64, hsts);
    QFETCH(QString, certificateError);
    QFETCH(QString, keyError);
    QFETCH(bool, hstsError);
    VirtualHost host = site(u"own.test"_s);
    host.tls.certificatePath = certificate;
    host.tls.keyPath = key;
    host.tls.hstsMaxAgeSeconds = hsts;
    const SiteValidator::Errors errors = SiteValidator::validate(host, {}, m_data.path());
    if (certificateError.isEmpty())
        QVERIFY2(errors.tlsCertificate.isEmpty(), qPrintable(errors.tlsCertificate));
    else
        QVERIFY2(errors.tlsCertificate.contains(certificateError), qPrintable(errors.tlsCertificate));
    if (keyError.isEmpty())
        QVERIFY2(errors.tlsKey.isEmpty(), qPrintable(errors.tlsKey));
    else
        QVERIFY2(errors.tlsKey.contains(keyError), qPrintable(errors.tlsKey));
    QCOMPARE(!errors.hsts.isEmpty(), hstsError);
    QCOMPARE(errors.isEmpty(), certificateError.isEmpty() && keyError.isEmpty() && !hstsError);
}

QTEST_GUILESS_MAIN(TestSiteTls)
#include "tst_sitetls.moc"
