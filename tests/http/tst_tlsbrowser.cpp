#include "http/HttpServer.h"
#include "tls/LocalCa.h"
#include "tls/TrustStores.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using hostbench::http::HttpServer;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;
using hostbench::tls::LocalCa;
using hostbench::tls::TrustStores;

using namespace Qt::StringLiterals;

// Issue #26's "done when": a browser loads a site over HTTPS without a
// warning once the local CA is in its NSS database. Debian's Chromium,
// headless, with HOME in a temporary folder, so that its NSS database
// (~/.pki/nssdb) is the test's own; the CA goes in there through
// TrustStores (certutil, libnss3-tools), the browsers' stores only, never the system's.
class TestTlsBrowser final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void chromiumAcceptsTheSiteOnceTheCaIsTrusted();

private:
    // The page Chromium renders, its DOM as text.
    QByteArray dumpDom(const QString &url);

    QTemporaryDir m_dir;
    QString m_chromium;
};

void TestTlsBrowser::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_chromium = QStandardPaths::findExecutable(u"chromium"_s);
    if (m_chromium.isEmpty())
        QSKIP("chromium is not installed (apt-get install chromium)");
    if (QStandardPaths::findExecutable(u"certutil"_s).isEmpty())
        QSKIP("certutil is not installed (apt-get install libnss3-tools)");
    QVERIFY(QDir(m_dir.path()).mkpath(u"site"_s));
    QVERIFY(QDir(m_dir.path()).mkpath(u"home"_s));
    QFile index(m_dir.filePath(u"site/index.html"_s));
    QVERIFY(index.open(QIODevice::WriteOnly));
    index.write("<!doctype html><title>a</title><p id=\"greeting\">served over TLS</p>\n");
}

QByteArray TestTlsBrowser::dumpDom(const QString &url)
{
    QProcess chromium;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"HOME"_s, m_dir.filePath(u"home"_s));
    chromium.setProcessEnvironment(environment);
    QStringList arguments { u"--headless"_s, u"--disable-gpu"_s, u"--no-first-run"_s,
        u"--user-data-dir=%1"_s.arg(m_dir.filePath(u"profile"_s)), u"--virtual-time-budget=3000"_s,
        u"--dump-dom"_s, url };
    if (::geteuid() == 0)
        arguments.prepend(u"--no-sandbox"_s); // Chromium refuses root without it
    chromium.start(m_chromium, arguments);
    if (!chromium.waitForFinished(60000)) {
        chromium.kill();
        chromium.waitForFinished();
        return {};
    }
    return chromium.readAllStandardOutput();
}

void TestTlsBrowser::chromiumAcceptsTheSiteOnceTheCaIsTrusted()
{
    HttpServer server;
    ServerConfig config;
    config.port = 0;
    config.threads = 1;
    config.tlsEnabled = true;
    config.tlsPort = 0;
    config.dataFolder = m_dir.filePath(u"data"_s);
    VirtualHost site;
    site.hostName = u"a.test"_s;
    site.isDefault = true;
    site.documentRoot = m_dir.filePath(u"site"_s);
    site.accessLogEnabled = false;
    site.errorLogEnabled = false;
    QString error;
    QVERIFY2(server.start(config, { site }, &error), qPrintable(error));
    // Chromium resolves *.localhost to loopback by itself.
    const QString url = u"https://a.test.localhost:%1/"_s.arg(server.tlsPort());

    // Not trusted yet: Chromium's interstitial, not the page.
    const QByteArray refused = dumpDom(url);
    QVERIFY2(!refused.contains("served over TLS"), refused.left(400).constData());

    const std::optional<LocalCa> ca = LocalCa::open(LocalCa::folderIn(config.dataFolder), false, &error);
    QVERIFY2(ca, qPrintable(error));
    const TrustStores stores(*ca, m_dir.filePath(u"home"_s), m_dir.filePath(u"no-system"_s),
        m_dir.filePath(u"no-system/bundle.crt"_s));
    QStringList report;
    QVERIFY2(stores.trust(&report, TrustStores::Scope::Browsers), qPrintable(report.join(u'\n')));
    const QList<TrustStores::Store> after = stores.stores(TrustStores::Scope::Browsers);
    QVERIFY(!after.isEmpty());
    QVERIFY2(after.front().trusted, qPrintable(report.join(u'\n')));

    const QByteArray page = dumpDom(url);
    QVERIFY2(page.contains("<p id=\"greeting\">served over TLS</p>"), page.left(400).constData());

    // Untrusted again: refused again.
    QVERIFY2(stores.untrust(&report, TrustStores::Scope::Browsers), qPrintable(report.join(u'\n')));
    QVERIFY(!stores.stores(TrustStores::Scope::Browsers).front().trusted);
}

QTEST_GUILESS_MAIN(TestTlsBrowser)
#include "tst_tlsbrowser.moc"
