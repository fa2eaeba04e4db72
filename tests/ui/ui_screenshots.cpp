// Not a test: a tool that drives the real window and saves a picture of each
// page (QWidget::grab), for reviewing the look. Build the target
// hostbench_ui_screenshots and run, for instance under xvfb-run:
//   hostbench_ui_screenshots OUT_DIR [DATA_DIR]
#include "storage/DataFolder.h"
#include "storage/Database.h"
#include "ui/AppSettings.h"
#include "ui/EngineController.h"
#include "ui/MainWindow.h"
#include "ui/SiteDialog.h"
#include "ui/SitesPage.h"
#include "ui/Translations.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QScreen>
#include <QSpinBox>
#include <QTabWidget>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>
#include <QTimer>
#include <QUrl>

using namespace Qt::StringLiterals;
using namespace hostbench;

namespace {

void save(QWidget *widget, const QString &dir, const QString &name)
{
    QApplication::processEvents();
    const QString path = QDir(dir).filePath(name + u".png"_s);
    widget->grab().save(path);
    QTextStream(stdout) << path << Qt::endl;
}

void setText(QWidget *root, const QString &name, const QString &text)
{
    if (auto *combo = root->findChild<QComboBox *>(name))
        combo->setCurrentText(text);
    else if (auto *spin = root->findChild<QSpinBox *>(name))
        spin->setValue(text.toInt());
    else if (auto *edit = root->findChild<QLineEdit *>(name))
        edit->setText(text);
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"hostbench"_s);
    ui::Translations::install(app);
    if (argc < 2) {
        QTextStream(stderr) << "usage: hostbench_ui_screenshots OUT_DIR [DATA_DIR]\n";
        return 2;
    }
    const QString out = QString::fromLocal8Bit(argv[1]);
    QDir().mkpath(out);
    QTemporaryDir temp;
    const QString dataDir = argc > 2 ? QString::fromLocal8Bit(argv[2]) : temp.filePath(u"data"_s);

    storage::DataFolder folder;
    QString error;
    if (!folder.open(dataDir, &error)) {
        QTextStream(stderr) << error << "\n";
        return 1;
    }
    // A second site with routes, as a user would have.
    const QString root = QDir(dataDir).filePath(u"sites/example"_s);
    QDir().mkpath(root);
    if (folder.database().virtualHosts().size() < 2) {
        model::VirtualHost example;
        example.hostName = u"example.test"_s;
        example.aliases = { u"www.example.test"_s, u"example.local"_s };
        example.documentRoot = root;
        example.routes = { { u"/hello"_s, 200, u"text/plain"_s, "hello" },
            { u"/ok"_s, 200, u"text/plain"_s, "OK" }, { u"/gone"_s, 410, u"text/html"_s, "<h1>Gone</h1>" } };
        folder.database().saveVirtualHost(example);
    }

    // Free ports: at launch a taken 8080 or 8079 would bring up the question.
    model::ServerConfig config = folder.database().serverConfig();
    config.port = 0;
    folder.database().saveServerConfig(config);
    ui::AppSettings(folder.database()).setControlApiPort(0);

    ui::MainWindow window(folder);
    window.resize(1280, 800);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return 1;
    window.startEngineAtLaunch();
    auto *tabs = window.findChild<QTabWidget *>(u"mainTabs"_s);
    QTest::qWait(300);

    tabs->setCurrentIndex(0);
    save(&window, out, u"1-sites"_s);

    auto *sites = window.findChild<ui::SitesPage *>();
    auto *table = sites->findChild<QWidget *>(u"sitesTable"_s);
    Q_UNUSED(table);
    ui::SiteDialog *dialog = sites->addSite();
    if (!QTest::qWaitForWindowExposed(dialog))
        return 1;
    setText(dialog, u"siteHostName"_s, u"www.example.test"_s);
    setText(dialog, u"siteAliases"_s, u"shop.test, bad_name"_s);
    setText(dialog, u"siteDocumentRoot"_s, u"/srv/www/missing"_s);
    dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
    QTest::qWait(100);
    save(dialog, out, u"2-site-dialog-errors"_s);
    // The HTTP&S tab with a certificate file that is not there.
    if (auto *siteTabs = dialog->findChild<QTabWidget *>(u"siteTabs"_s)) {
        setText(dialog, u"siteAliases"_s, u"shop.test"_s);
        setText(dialog, u"siteTlsCertificate"_s, u"/etc/ssl/missing.pem"_s);
        dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
        QWidget *https = dialog->findChild<QWidget *>(u"siteHttpsPage"_s);
        for (int i = 0; i < siteTabs->count(); ++i) {
            if (siteTabs->widget(i) == https || siteTabs->widget(i)->isAncestorOf(https))
                siteTabs->setCurrentIndex(i);
        }
        QTest::qWait(100);
        save(dialog, out, u"2b-site-dialog-https"_s);
    }
    dialog->reject();

    tabs->setCurrentIndex(1);
    QTest::qWait(1200);
    save(&window, out, u"3-server"_s);

    tabs->setCurrentIndex(2);
    auto *bench = tabs->currentWidget();
    setText(bench, u"benchConcurrency"_s, u"20"_s);
    bench->findChild<QRadioButton *>(u"benchByDuration"_s)->setChecked(true);
    setText(bench, u"benchDuration"_s, u"6"_s);
    bench->findChild<QPushButton *>(u"benchStart"_s)->click();
    QTest::qWait(3000);
    save(&window, out, u"4-benchmark-live"_s);
    auto *stop = bench->findChild<QPushButton *>(u"benchStop"_s);
    if (!QTest::qWaitFor([stop] { return !stop->isEnabled(); }, 30000))
        return 1;
    QTest::qWait(300);
    save(&window, out, u"5-benchmark-report"_s);

    // A second, shorter run by requests, so that the list has two.
    // With thresholds (issue #28), one of them out of reach: the verdict in the state line and the report.
    bench->findChild<QRadioButton *>(u"benchByRequests"_s)->setChecked(true);
    setText(bench, u"benchRequests"_s, u"20000"_s);
    bench->findChild<QTabWidget *>(u"benchFieldTabs"_s)->setCurrentIndex(3);
    setText(bench, u"benchThresholds"_s, u"p99<50ms, errors==0, rps>=10000000"_s);
    bench->findChild<QPushButton *>(u"benchStart"_s)->click();
    if (!QTest::qWaitFor([stop] { return !stop->isEnabled(); }, 60000))
        return 1;
    QTest::qWait(300);
    save(&window, out, u"5b-benchmark-thresholds"_s);

    tabs->setCurrentIndex(3);
    QTest::qWait(300);
    save(&window, out, u"6-runs"_s);

    // Some real traffic, for the Logs page: a page, a missing file, a route.
    const quint16 port = quint16(QUrl(window.engine().url()).port());
    for (const QByteArray &request : { QByteArray("GET / HTTP/1.1\r\nHost: localhost\r\n"),
             QByteArray("GET /favicon.ico HTTP/1.1\r\nHost: localhost\r\n"),
             QByteArray("GET /hello HTTP/1.1\r\nHost: example.test\r\n"),
             QByteArray("GET /gone HTTP/1.1\r\nHost: example.test\r\n"),
             QByteArray("GET /missing.css HTTP/1.1\r\nHost: example.test.localhost\r\n") }) {
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, port);
        if (socket.waitForConnected(5000)) {
            socket.write(
                request + "User-Agent: Mozilla/5.0 (X11; Linux x86_64)\r\nConnection: close\r\n\r\n");
            while (socket.waitForReadyRead(5000))
                socket.readAll();
        }
    }
    tabs->setCurrentIndex(4);
    QTest::qWait(1500);
    save(&window, out, u"7-logs"_s);

    // A start on a taken port: the question, with who holds it.
    tabs->setCurrentIndex(1);
    auto *server = tabs->currentWidget();
    server->findChild<QPushButton *>(u"serverStop"_s)->click();
    QTcpServer occupier;
    if (!occupier.listen(QHostAddress::LocalHost, 0))
        return 1;
    setText(server, u"serverPort"_s, QString::number(occupier.serverPort()));
    QTimer::singleShot(800, &window, [&] {
        if (auto *question = qobject_cast<QDialog *>(QApplication::activeModalWidget())) {
            save(question, out, u"8-port-conflict"_s);
            // The whole screen, the question over the window, for the look of both.
            if (QScreen *screen = QGuiApplication::primaryScreen())
                screen->grabWindow(0).save(QDir(out).filePath(u"8-port-conflict-screen.png"_s));
            question->reject();
        }
    });
    server->findChild<QPushButton *>(u"serverStart"_s)->click();
    QTest::qWait(300);
    save(&window, out, u"9-server-port-declined"_s);
    return 0;
}
