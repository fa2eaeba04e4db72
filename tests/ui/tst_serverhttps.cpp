// HTTPS from the window (#26), driven as a user would: "HTTPS on port" ticked
// on the Server page, the engine started, the https:// address shown and
// answered (curl trusting the data folder's root certificate only), a
// benchmark of it from the Benchmark page, and "Trust the CA" putting the root
// into a browser's NSS database (certutil, in a HOME of the test's own; the
// system store is left alone: HOSTBENCH_TRUST_STORES=browsers).
#include "WindowTest.h"
#include "model/VirtualHost.h"
#include "storage/Database.h"
#include "tls/LocalCa.h"
#include "tls/TrustStores.h"
#include "ui/BenchmarkPage.h"
#include "ui/EngineController.h"
#include "ui/MainWindow.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <QUrl>

using namespace Qt::StringLiterals;
using namespace hostbench;

namespace {
constexpr int kTimeoutMs = 30000;

// Runs `program` with `arguments`; its standard output, or a failed QVERIFY.
QByteArray run(const QString &program, const QStringList &arguments, int *exitCode)
{
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForFinished(kTimeoutMs)) {
        process.kill();
        process.waitForFinished();
    }
    *exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    return process.readAllStandardOutput() + process.readAllStandardError();
}
} // namespace

class TestServerHttps final : public QObject, private test::WindowTest
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void httpsFromServerPage();
    void trustButtonFillsBrowserStore();

private:
    // Ticks HTTPS (any free port) and starts the engine from the Server page.
    void startWithHttps();
};

void TestServerHttps::init()
{
    openFolder();
    openWindow();
}

void TestServerHttps::cleanup()
{
    closeAll();
}

void TestServerHttps::startWithHttps()
{
    // A site besides the default, offered over HTTPS as a.test.localhost: a
    // name no resolver knows (in CI's fresh root not even "localhost" is in
    // /etc/hosts), which the page and the load generator send to 127.0.0.1
    // themselves (RFC 6761 §6.3).
    const QString root = m_dir->filePath(u"a-www"_s);
    QVERIFY(QDir().mkpath(root));
    QFile index(root + u"/index.html"_s);
    QVERIFY(index.open(QIODevice::WriteOnly) && index.write("site a\n") == 7);
    index.close();
    model::VirtualHost site;
    site.hostName = u"a.test"_s;
    site.documentRoot = root;
    QVERIFY(m_folder->database().saveVirtualHost(site));
    showTab(u"serverPage"_s);
    auto *tls = widget<QCheckBox>(u"serverTlsEnabled"_s);
    auto *tlsPort = widget<QSpinBox>(u"serverTlsPort"_s);
    QVERIFY(tls && tlsPort);
    QVERIFY(!tls->isChecked() && !tlsPort->isEnabled()); // off by default, and its port with it
    QTest::mouseClick(tls, Qt::LeftButton, {}, QPoint(4, tls->height() / 2));
    QVERIFY(tls->isChecked() && tlsPort->isEnabled());
    tlsPort->setValue(0);
    QTest::mouseClick(widget<QPushButton>(u"serverStart"_s), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->engine().isRunning(), kTimeoutMs);
}

void TestServerHttps::httpsFromServerPage()
{
    startWithHttps();
    if (QTest::currentTestFailed())
        return;
    const QString url = m_window->engine().tlsUrl();
    QVERIFY2(url.startsWith(u"https://127.0.0.1:"_s), qPrintable(url));
    const int port = QUrl(url).port();
    QVERIFY(port > 0);
    // Stored, and shown beside the http:// address.
    QVERIFY(m_folder->database().serverConfig().tlsEnabled);
    const QString status = widget<QLabel>(u"serverStatus"_s)->text();
    QVERIFY2(status.contains(url) && status.contains(m_window->engine().url()), qPrintable(status));
    QVERIFY(!widget<QCheckBox>(u"serverTlsEnabled"_s)->isEnabled()); // not while running

    // curl, trusting only the data folder's root, gets the default site by its name.
    const QString root = tls::LocalCa::folderIn(m_folder->path()) + u"/rootCA.pem"_s;
    QVERIFY(QFile::exists(root));
    int exit = 0;
    const QByteArray answer = run(u"curl"_s,
        { u"-sS"_s, u"--cacert"_s, root, u"--resolve"_s, u"localhost:%1:127.0.0.1"_s.arg(port), u"-o"_s,
            u"/dev/null"_s, u"-w"_s, u"%{http_code} %{ssl_verify_result}"_s,
            u"https://localhost:%1/index.html"_s.arg(port) },
        &exit);
    QCOMPARE(exit, 0);
    QCOMPARE(answer, QByteArray("200 0"));

    // The Benchmark page offers the site over HTTPS and runs it, with the
    // handshakes in its report and no failure.
    showTab(u"benchmarkPage"_s);
    auto *urls = widget<QComboBox>(u"benchUrl"_s);
    const QString offered = u"https://a.test.localhost:%1/"_s.arg(port);
    QVERIFY2(urls->findText(offered) >= 0, qPrintable(offered));
    urls->setCurrentText(offered);
    widget<QSpinBox>(u"benchConcurrency"_s)->setValue(2);
    widget<QRadioButton>(u"benchByRequests"_s)->setChecked(true);
    widget<QSpinBox>(u"benchRequests"_s)->setValue(40);
    widget<QSpinBox>(u"benchThreads"_s)->setValue(1);
    auto *page = widget<ui::BenchmarkPage>(u"benchmarkPage"_s);
    QSignalSpy finished(page, &ui::BenchmarkPage::runFinished);
    QTest::mouseClick(widget<QPushButton>(u"benchStart"_s), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kTimeoutMs);
    QVERIFY2(
        !widget<QLabel>(u"benchError"_s)->isVisible(), qPrintable(widget<QLabel>(u"benchError"_s)->text()));
    const QString report = widget<QPlainTextEdit>(u"benchReport"_s)->toPlainText();
    QVERIFY2(
        report.contains(u"TLS"_s) && report.contains(u"Complete requests:      40"_s), qPrintable(report));
    QVERIFY2(report.contains(u"Failed requests:        0"_s), qPrintable(report));

    // The Server page's live counters: the handshakes (curl's one and the
    // benchmark's, one per connection), none failed.
    showTab(u"serverPage"_s);
    auto *tlsFigures = widget<QLabel>(u"metricsTls"_s);
    QVERIFY(tlsFigures->isVisible() && widget<QLabel>(u"metricsTlsRate"_s)->isVisible());
    static const QRegularExpression figures(u"^(\\d+)%\\x{a0}of\\x{a0}(\\d+) / (\\d+)$"_s);
    QTRY_VERIFY_WITH_TIMEOUT(figures.match(tlsFigures->text()).hasMatch()
            && figures.match(tlsFigures->text()).captured(2).toInt() >= 3,
        kTimeoutMs);
    QCOMPARE(figures.match(tlsFigures->text()).captured(3), u"0"_s);
    // HTTP/2 (on by default): curl took h2 by ALPN, one connection of one
    // stream, none reset; the benchmark spoke HTTP/1.1.
    auto *http2 = widget<QLabel>(u"metricsHttp2"_s);
    QVERIFY(http2->isVisible());
    static const QRegularExpression oneStream(u"^1 / 1[.,]0 / 0$"_s);
    QTRY_VERIFY2_WITH_TIMEOUT(
        oneStream.match(http2->text()).hasMatch(), qPrintable(http2->text()), kTimeoutMs);

    // The Benchmark page over HTTP/2 (bench --h2 --streams 4): h2 by ALPN,
    // in its report; the Server page counts its connections.
    showTab(u"benchmarkPage"_s);
    auto *streamsField = widget<QSpinBox>(u"benchStreams"_s);
    QVERIFY(!streamsField->isEnabled()); // HTTP/1.1: no streams
    widget<QComboBox>(u"benchProtocol"_s)->setCurrentText(u"HTTP/2"_s);
    QVERIFY(streamsField->isEnabled());
    streamsField->setValue(4);
    QTest::mouseClick(widget<QPushButton>(u"benchStart"_s), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, kTimeoutMs);
    const QString h2Report = widget<QPlainTextEdit>(u"benchReport"_s)->toPlainText();
    QVERIFY2(h2Report.contains(u"HTTP/2 (h2 by ALPN), 4 streams per connection"_s), qPrintable(h2Report));
    QVERIFY2(h2Report.contains(u"Complete requests:      40"_s), qPrintable(h2Report));
    QVERIFY2(h2Report.contains(u"Failed requests:        0"_s), qPrintable(h2Report));
    showTab(u"serverPage"_s);
    // curl's connection and at least the benchmark's two (-c 2).
    QTRY_VERIFY2_WITH_TIMEOUT(
        http2->text().section(u" / "_s, 0, 0).toInt() >= 3, qPrintable(http2->text()), kTimeoutMs);
}

void TestServerHttps::trustButtonFillsBrowserStore()
{
    const QString certutil = QStandardPaths::findExecutable(u"certutil"_s);
    if (certutil.isEmpty())
        QFAIL("certutil not found (package libnss3-tools; ./hostbench.sh test installs it)");
    // A Chromium profile's NSS database in a HOME of the test's own.
    const QString home = m_dir->filePath(u"home"_s);
    const QString nssdb = home + u"/.pki/nssdb"_s;
    QVERIFY(QDir().mkpath(nssdb));
    int exit = 0;
    run(certutil, { u"-N"_s, u"-d"_s, u"sql:"_s + nssdb, u"--empty-password"_s }, &exit);
    QCOMPARE(exit, 0);
    const QByteArray oldHome = qgetenv("HOME");
    qputenv("HOME", home.toUtf8());
    qputenv("HOSTBENCH_TRUST_STORES", "browsers");

    showTab(u"serverPage"_s);
    auto *button = widget<QPushButton>(u"serverTrustCa"_s);
    QTest::mouseClick(button, Qt::LeftButton);
    // Off the GUI thread: the window goes on while certutil runs.
    QVERIFY(!button->isEnabled());
    QMessageBox *box = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((box = m_window->findChild<QMessageBox *>(u"serverTrustReport"_s)), kTimeoutMs);
    qputenv("HOME", oldHome);
    qunsetenv("HOSTBENCH_TRUST_STORES");
    QVERIFY(button->isEnabled());
    QVERIFY2(box->icon() == QMessageBox::Information, qPrintable(box->informativeText()));
    QVERIFY2(box->informativeText().contains(u"Chromium and Chrome: now trusted"_s),
        qPrintable(box->informativeText()));

    // The root is in the database now, as a CA trusted for TLS servers (C).
    const std::optional<tls::LocalCa> ca
        = tls::LocalCa::open(tls::LocalCa::folderIn(m_folder->path()), false, nullptr);
    QVERIFY(ca);
    const QString nickname = tls::TrustStores(*ca, home).nssNickname();
    const QByteArray listed = run(certutil, { u"-L"_s, u"-d"_s, u"sql:"_s + nssdb }, &exit);
    QCOMPARE(exit, 0);
    QVERIFY2(listed.contains(nickname.toUtf8()), listed.constData());
    const QByteArray line = listed.mid(listed.indexOf(nickname.toUtf8()));
    QVERIFY2(line.left(line.indexOf('\n')).contains("C,"), line.constData());
    box->close();
}

QTEST_MAIN(TestServerHttps)
#include "tst_serverhttps.moc"
