// Bad input on every field of the window and of the site dialog. Each
// editable field is listed in kFields with how it takes bad input, and a
// field the list does not name fails everyFieldListed(), so that a new field
// has to say how it does:
//  - Number: a spin box refuses bad text as it is typed; after "-1", "abc",
//    "99999999999", "1e9", "0x10" and an empty text the value is inside the
//    field's range;
//  - Text: bad text gets a message under the field (FieldError: the field's
//    "fieldError" property and a visible label named FIELDError) when the form
//    is used, and nothing happens: no engine started, no run stored, no site
//    accepted;
//  - Choice: an editable list or a filter field whose every text is
//    accepted (the Logs page's text filter, the Benchmark page's body and
//    content type).
// The rows of tst_sitedialog and tst_mainwindow check the messages' words;
// these check that no field takes bad input silently.
#include "model/VirtualHost.h"
#include "storage/DataFolder.h"
#include "storage/Database.h"
#include "ui/MainWindow.h"
#include "ui/SiteDialog.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <memory>
#include <tuple>

using namespace Qt::StringLiterals;
using namespace hostbench;

namespace {

constexpr int kTimeoutMs = 30000; // generous: the suite runs on two busy cores

enum class Kind { Number, Text, Choice };

// Every editable field, by object name (a spin box's or an editable combo
// box's own name, not its inner line edit's).
const std::map<QString, Kind> kFields {
    // Server page
    { u"serverAddress"_s, Kind::Text },
    { u"serverPort"_s, Kind::Number },
    { u"serverThreads"_s, Kind::Number },
    { u"serverHeaderTimeout"_s, Kind::Number },
    { u"serverKeepAliveTimeout"_s, Kind::Number },
    { u"serverSendTimeout"_s, Kind::Number },
    { u"serverMaxConnections"_s, Kind::Number },
    { u"serverTlsPort"_s, Kind::Number },
    { u"serverControlPort"_s, Kind::Number },
    // Benchmark page
    { u"benchUrl"_s, Kind::Text },
    { u"benchConcurrency"_s, Kind::Number },
    { u"benchRequests"_s, Kind::Number },
    { u"benchDuration"_s, Kind::Number },
    { u"benchThreads"_s, Kind::Number },
    { u"benchStreams"_s, Kind::Number },
    { u"benchRate"_s, Kind::Text },
    { u"benchStages"_s, Kind::Text },
    { u"benchWarmup"_s, Kind::Text },
    { u"benchTimeout"_s, Kind::Text },
    { u"benchThresholds"_s, Kind::Text },
    // The capacity finder's SLOs (Find capacity), its step length and precision.
    { u"benchSlo"_s, Kind::Text },
    { u"benchStepDuration"_s, Kind::Number },
    { u"benchCapacityPrecision"_s, Kind::Number },
    { u"benchMethod"_s, Kind::Text },
    { u"benchHeaders"_s, Kind::Text },
    { u"benchBodyFile"_s, Kind::Text },
    // Any text is a body, any type a Content-Type (as bench -T takes it)
    { u"benchBody"_s, Kind::Choice },
    { u"benchContentType"_s, Kind::Choice },
    // Shootout page
    { u"shootoutConcurrency"_s, Kind::Number },
    { u"shootoutRate"_s, Kind::Number },
    { u"shootoutDuration"_s, Kind::Number },
    { u"shootoutRounds"_s, Kind::Number },
    { u"shootoutStep"_s, Kind::Number },
    { u"shootoutSlo"_s, Kind::Text },
    // Site dialog, General and Advanced
    { u"siteHostName"_s, Kind::Text },
    { u"siteAliases"_s, Kind::Text },
    { u"siteDocumentRoot"_s, Kind::Text },
    { u"siteIndexFiles"_s, Kind::Text },
    { u"siteAccessLogPath"_s, Kind::Text },
    { u"siteErrorLogPath"_s, Kind::Text },
    { u"siteLogRotateKiB"_s, Kind::Number },
    { u"siteLogRotateKeep"_s, Kind::Number },
    { u"siteMaxRequestLine"_s, Kind::Number },
    { u"siteMaxHeader"_s, Kind::Number },
    { u"siteMaxHeaderFields"_s, Kind::Number },
    { u"siteMaxBodyKiB"_s, Kind::Number },
    // Site dialog, Proxy
    { u"siteUpstreamTimeout"_s, Kind::Number },
    { u"siteAppStopGrace"_s, Kind::Number },
    { u"siteAppCommand"_s, Kind::Text },
    { u"siteAppFolder"_s, Kind::Text },
    { u"siteAppEnvironment"_s, Kind::Text },
    // Site dialog, PHP
    { u"sitePhpAddress"_s, Kind::Text },
    { u"sitePhpPrefix"_s, Kind::Text },
    { u"sitePhpTimeout"_s, Kind::Number },
    // Site dialog, HTTP&S
    { u"siteTlsCertificate"_s, Kind::Text },
    { u"siteTlsKey"_s, Kind::Text },
    { u"siteTlsHsts"_s, Kind::Number },
    // Logs page: any text filters the lines
    { u"logsText"_s, Kind::Choice },
};

// The editable fields under `root`: spin boxes, editable combo boxes, line
// edits that are not part of either, and text edits that are not read-only.
QList<QWidget *> editableFields(QWidget *root)
{
    QList<QWidget *> fields;
    for (QWidget *widget : root->findChildren<QWidget *>()) {
        if (qobject_cast<QAbstractSpinBox *>(widget)) {
            fields.append(widget);
        } else if (auto *combo = qobject_cast<QComboBox *>(widget)) {
            if (combo->isEditable())
                fields.append(widget);
        } else if (auto *edit = qobject_cast<QLineEdit *>(widget)) {
            QWidget *parent = edit->parentWidget();
            if (!qobject_cast<QAbstractSpinBox *>(parent) && !qobject_cast<QComboBox *>(parent))
                fields.append(widget);
        } else if (auto *text = qobject_cast<QPlainTextEdit *>(widget)) {
            if (!text->isReadOnly())
                fields.append(widget);
        }
    }
    return fields;
}

QLineEdit *lineEditOf(QWidget *field)
{
    if (auto *edit = qobject_cast<QLineEdit *>(field))
        return edit;
    if (auto *combo = qobject_cast<QComboBox *>(field))
        return combo->lineEdit();
    return field->findChild<QLineEdit *>();
}

// Replaces the field's text as a user would: select all, delete, type.
void typeInto(QWidget *field, const QString &text)
{
    if (auto *lines = qobject_cast<QPlainTextEdit *>(field)) {
        lines->setFocus();
        lines->selectAll();
        QTest::keyClick(lines, Qt::Key_Backspace);
        QTest::keyClicks(lines, text);
        return;
    }
    QLineEdit *edit = lineEditOf(field);
    QVERIFY(edit);
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
}

QString fieldError(QWidget *field)
{
    return field->property("fieldError").toString();
}

} // namespace

class TestBadInput final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void everyFieldListed();
    void numberFieldsRefuse();
    void listenAddress_data();
    void listenAddress();
    void benchmarkUrl_data();
    void benchmarkUrl();
    void benchmarkFields_data();
    void benchmarkFields();
    void siteText_data();
    void siteText();
    void shootoutSlo_data();
    void shootoutSlo();

private:
    QWidget *field(const QString &name) const;
    void showPage(const QString &pageName);
    std::unique_ptr<ui::SiteDialog> siteDialog() const;

    QTemporaryDir m_dir;
    std::unique_ptr<storage::DataFolder> m_folder;
    std::unique_ptr<ui::MainWindow> m_window;
};

void TestBadInput::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(QDir(m_dir.path()).mkpath(u"www"_s));
    m_folder = std::make_unique<storage::DataFolder>();
    QString error;
    QVERIFY2(m_folder->open(m_dir.filePath(u"data"_s), &error), qPrintable(error));
    m_window = std::make_unique<ui::MainWindow>(*m_folder);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestBadInput::cleanupTestCase()
{
    m_window.reset(); // before the folder whose database it uses
    m_folder.reset();
}

QWidget *TestBadInput::field(const QString &name) const
{
    return m_window->findChild<QWidget *>(name);
}

void TestBadInput::showPage(const QString &pageName)
{
    auto *tabs = m_window->findChild<QTabWidget *>(u"mainTabs"_s);
    QVERIFY(tabs);
    QWidget *page = m_window->findChild<QWidget *>(pageName);
    QVERIFY2(page, qPrintable(pageName));
    tabs->setCurrentWidget(page);
    QTRY_VERIFY(page->isVisible());
}

std::unique_ptr<ui::SiteDialog> TestBadInput::siteDialog() const
{
    model::VirtualHost taken;
    taken.id = 1;
    taken.hostName = u"taken.test"_s;
    taken.documentRoot = m_dir.filePath(u"www"_s);
    taken.isDefault = true;
    auto dialog = std::make_unique<ui::SiteDialog>(
        model::VirtualHost {}, QList<model::VirtualHost> { taken }, QString());
    dialog->show();
    return dialog;
}

void TestBadInput::everyFieldListed()
{
    auto dialog = siteDialog();
    QList<QWidget *> found = editableFields(m_window.get()) + editableFields(dialog.get());
    QSet<QString> seen;
    for (QWidget *widget : found) {
        const QString name = widget->objectName();
        QVERIFY2(!name.isEmpty(),
            qPrintable(u"an editable %1 without an object name in %2: name it and list it in kFields"_s.arg(
                QString::fromLatin1(widget->metaObject()->className()),
                widget->parentWidget() ? widget->parentWidget()->objectName() : QString())));
        QVERIFY2(kFields.count(name),
            qPrintable(u"the field %1 (%2) is not in kFields: say how it takes bad input"_s.arg(
                name, QString::fromLatin1(widget->metaObject()->className()))));
        seen.insert(name);
    }
    // And the list names no field that is gone.
    for (const auto &[name, kind] : kFields)
        QVERIFY2(seen.contains(name), qPrintable(u"kFields lists %1, which no page has"_s.arg(name)));
}

void TestBadInput::numberFieldsRefuse()
{
    auto dialog = siteDialog();
    auto *tabs = dialog->findChild<QTabWidget *>(u"siteTabs"_s);
    QVERIFY(tabs);
    tabs->setCurrentIndex(tabs->count() - 1); // the limits are on Advanced, the last tab
    int checked = 0;
    for (const auto &[name, kind] : kFields) {
        if (kind != Kind::Number)
            continue;
        QWidget *widget = field(name);
        if (!widget)
            widget = dialog->findChild<QWidget *>(name);
        // A QSpinBox or a QDoubleSpinBox (the Shootout page's duration and rate).
        auto *box = qobject_cast<QAbstractSpinBox *>(widget);
        QVERIFY2(qobject_cast<QSpinBox *>(box) || qobject_cast<QDoubleSpinBox *>(box), qPrintable(name));
        const auto value = [box] {
            if (auto *integer = qobject_cast<QSpinBox *>(box))
                return std::tuple(
                    double(integer->value()), double(integer->minimum()), double(integer->maximum()));
            auto *real = qobject_cast<QDoubleSpinBox *>(box);
            return std::tuple(real->value(), real->minimum(), real->maximum());
        };
        if (!box->isEnabled())
            box->setEnabled(true); // the control port is off until the API is
        // Shown where the user would type into it.
        QWidget *page = box->window() == dialog.get() ? static_cast<QWidget *>(dialog.get()) : m_window.get();
        if (page == m_window.get()) {
            for (QWidget *up = box->parentWidget(); up; up = up->parentWidget()) {
                if (up->objectName().endsWith(u"Page"_s)) {
                    showPage(up->objectName());
                    break;
                }
            }
        }
        const double before = std::get<0>(value());
        for (const QString &bad : { u"-1"_s, u"abc"_s, u"99999999999"_s, u"1e9"_s, u"0x10"_s, QString() }) {
            typeInto(box, bad);
            // Editing finished: the box takes or corrects the text (to the last good value).
            QTest::keyClick(lineEditOf(box), Qt::Key_Return);
            const auto [now, minimum, maximum] = value();
            QVERIFY2(now >= minimum && now <= maximum,
                qPrintable(u"%1 took \"%2\" as %3"_s.arg(name, bad).arg(now)));
            QVERIFY2(box->hasAcceptableInput(),
                qPrintable(u"%1 shows \"%2\" for the value %3"_s.arg(name, box->text()).arg(now)));
        }
        if (auto *integer = qobject_cast<QSpinBox *>(box))
            integer->setValue(int(before));
        else
            qobject_cast<QDoubleSpinBox *>(box)->setValue(before);
        ++checked;
    }
    QVERIFY(checked > 10);
}

void TestBadInput::listenAddress_data()
{
    QTest::addColumn<QString>("address");
    QTest::newRow("a host name") << u"localhost"_s;
    QTest::newRow("octet too big") << u"999.1.1.1"_s;
    // inet_aton's short forms ("127.0.0" would be completed to 127.0.0.1 from the list).
    QTest::newRow("two parts") << u"10.1"_s;
    QTest::newRow("one number") << u"2130706433"_s;
    QTest::newRow("empty") << QString();
    QTest::newRow("bad IPv6") << u"::g"_s;
    QTest::newRow("shell text") << u"127.0.0.1; rm -rf /"_s;
    QTest::newRow("with a port") << u"127.0.0.1:8080"_s;
}

void TestBadInput::listenAddress()
{
    QFETCH(QString, address);
    showPage(u"serverPage"_s);
    QWidget *addressField = field(u"serverAddress"_s);
    auto *start = m_window->findChild<QPushButton *>(u"serverStart"_s);
    auto *stop = m_window->findChild<QPushButton *>(u"serverStop"_s);
    QVERIFY(addressField && start && stop);
    if (stop->isEnabled()) { // an earlier row that failed started it
        QTest::mouseClick(stop, Qt::LeftButton);
        QTRY_VERIFY(!stop->isEnabled());
    }
    const model::ServerConfig stored = m_folder->database().serverConfig();

    typeInto(addressField, address);
    QTest::mouseClick(start, Qt::LeftButton);

    QTRY_VERIFY2(!fieldError(addressField).isEmpty(), qPrintable(address));
    auto *label = m_window->findChild<QLabel *>(u"serverAddressError"_s);
    QVERIFY(label);
    QVERIFY(label->isVisible());
    QVERIFY(!stop->isEnabled()); // not started
    QCOMPARE(m_folder->database().serverConfig(), stored); // nothing saved

    // Typing clears the message; a good address then starts the engine.
    typeInto(addressField, u"127.0.0.1"_s);
    QVERIFY(fieldError(addressField).isEmpty());
}

void TestBadInput::benchmarkUrl_data()
{
    QTest::addColumn<QString>("url");
    // A port nothing listens on: a QTcpServer that is closed again.
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost));
    const quint16 closed = server.serverPort();
    server.close();

    QTest::newRow("empty") << QString();
    QTest::newRow("ftp") << u"ftp://127.0.0.1/"_s;
    QTest::newRow("https") << u"https://127.0.0.1/"_s;
    QTest::newRow("no host") << u"http://"_s;
    QTest::newRow("words") << u"not a url at all"_s;
    QTest::newRow("port too big") << u"http://127.0.0.1:99999/"_s;
    QTest::newRow("nothing listens") << u"http://127.0.0.1:%1/"_s.arg(closed);
}

void TestBadInput::benchmarkUrl()
{
    QFETCH(QString, url);
    showPage(u"benchmarkPage"_s);
    QWidget *urlField = field(u"benchUrl"_s);
    auto *start = m_window->findChild<QPushButton *>(u"benchStart"_s);
    QVERIFY(urlField && start);
    const qsizetype runsBefore = m_folder->database().runs().size();

    typeInto(urlField, url);
    QTRY_VERIFY(start->isEnabled());
    QTest::mouseClick(start, Qt::LeftButton);

    QTRY_VERIFY_WITH_TIMEOUT(!fieldError(urlField).isEmpty(), kTimeoutMs);
    auto *label = m_window->findChild<QLabel *>(u"benchUrlError"_s);
    QVERIFY(label && label->isVisible());
    QTRY_VERIFY(start->isEnabled()); // ready again, no run under way
    QCOMPARE(m_folder->database().runs().size(), runsBefore);
}

void TestBadInput::benchmarkFields_data()
{
    // The fields of bench's --rate, --warmup, --timeout, -m, -H and -p.
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("value"); // "@" stands for the temporary folder
    QTest::newRow("rate: zero") << u"benchRate"_s << u"0"_s;
    QTest::newRow("rate: words") << u"benchRate"_s << u"fast"_s;
    QTest::newRow("rate: too high") << u"benchRate"_s << u"100000001"_s;
    QTest::newRow("warm-up: negative") << u"benchWarmup"_s << u"-2"_s;
    QTest::newRow("warm-up: a unit") << u"benchWarmup"_s << u"2s"_s;
    QTest::newRow("timeout: zero") << u"benchTimeout"_s << u"0ms"_s;
    QTest::newRow("timeout: hours") << u"benchTimeout"_s << u"2h"_s;
    QTest::newRow("stages: zero duration") << u"benchStages"_s << u"10s:100,0s:5"_s;
    QTest::newRow("stages: no unit") << u"benchStages"_s << u"10:100"_s;
    QTest::newRow("threshold: no operator") << u"benchThresholds"_s << u"p99 50ms"_s;
    QTest::newRow("threshold: unknown metric") << u"benchThresholds"_s << u"rps>1, speed>5"_s;
    QTest::newRow("SLO: no operator") << u"benchSlo"_s << u"p99 50ms"_s;
    QTest::newRow("SLO: unfinished") << u"benchSlo"_s << u"unfinished==0"_s;
    QTest::newRow("method: two words") << u"benchMethod"_s << u"GET POST"_s;
    QTest::newRow("method: empty") << u"benchMethod"_s << QString();
    QTest::newRow("header: no colon") << u"benchHeaders"_s << u"Accept"_s;
    QTest::newRow("header: blank in name") << u"benchHeaders"_s << u"X A: 1"_s;
    QTest::newRow("body file: missing") << u"benchBodyFile"_s << u"@/missing.bin"_s;
    QTest::newRow("body file: a folder") << u"benchBodyFile"_s << u"@"_s;
}

void TestBadInput::benchmarkFields()
{
    QFETCH(QString, name);
    QFETCH(QString, value);
    showPage(u"benchmarkPage"_s);
    QWidget *bad = field(name);
    auto *start = m_window->findChild<QPushButton *>(u"benchStart"_s);
    auto *tabs = m_window->findChild<QTabWidget *>(u"benchFieldTabs"_s);
    QVERIFY(bad && start && tabs);
    // The SLOs count (and can be typed) with Find capacity ticked.
    auto *search = m_window->findChild<QAbstractButton *>(u"benchFindCapacity"_s);
    QVERIFY(search);
    search->setChecked(name == u"benchSlo"_s);
    for (int i = 0; i < tabs->count() && !bad->isVisible(); ++i)
        tabs->setCurrentIndex(i);
    QTRY_VERIFY(bad->isVisible());
    typeInto(field(u"benchUrl"_s), u"http://127.0.0.1:1/"_s);
    const qsizetype runsBefore = m_folder->database().runs().size();

    typeInto(bad, QString(value).replace(u"@"_s, m_dir.path()));
    QTest::mouseClick(start, Qt::LeftButton);

    QVERIFY2(!fieldError(bad).isEmpty(), qPrintable(name));
    auto *label = m_window->findChild<QLabel *>(name + u"Error"_s);
    QVERIFY(label && label->isVisible());
    QVERIFY(!start->isEnabled()); // and it says why
    QVERIFY(start->toolTip().contains(fieldError(bad)));
    QCOMPARE(m_folder->database().runs().size(), runsBefore);

    // Emptied (bench's default) or put right: nothing is wrong any more.
    typeInto(bad, name == u"benchMethod"_s ? u"GET"_s : name == u"benchSlo"_s ? u"p99<10ms"_s : QString());
    QVERIFY(fieldError(bad).isEmpty());
    QVERIFY(start->isEnabled());
    search->setChecked(false);
}

void TestBadInput::shootoutSlo_data()
{
    QTest::addColumn<QString>("value");
    QTest::newRow("no operator") << u"p99 10ms"_s;
    QTest::newRow("unknown metric") << u"p99<10ms, speed>5"_s;
    QTest::newRow("against a baseline") << u"rps>=0.9*baseline"_s;
    QTest::newRow("unfinished") << u"unfinished==0"_s;
    QTest::newRow("empty") << QString();
}

// "Capacity at SLO" on the Shootout page: a bad SLO is said under the
// field, and no shootout starts.
void TestBadInput::shootoutSlo()
{
    QFETCH(QString, value);
    showPage(u"shootoutPage"_s);
    auto *capacity = m_window->findChild<QCheckBox *>(u"shootoutCapacity"_s);
    auto *run = m_window->findChild<QPushButton *>(u"shootoutRun"_s);
    QWidget *slo = field(u"shootoutSlo"_s);
    QVERIFY(capacity && run && slo);
    capacity->setChecked(true);
    const qsizetype before = m_folder->database().shootouts().size();
    typeInto(slo, value);
    QTest::mouseClick(run, Qt::LeftButton);
    QVERIFY2(!fieldError(slo).isEmpty(), qPrintable(value));
    auto *label = m_window->findChild<QLabel *>(u"shootoutSloError"_s);
    QVERIFY(label && label->isVisible());
    QVERIFY(run->isEnabled()); // nothing started
    QCOMPARE(m_folder->database().shootouts().size(), before);
    // Put right: the message goes as the field is edited.
    typeInto(slo, u"p99<10ms"_s);
    QVERIFY(fieldError(slo).isEmpty());
    capacity->setChecked(false);
}

void TestBadInput::siteText_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("value"); // "@" stands for the temporary folder
    const QString longLabel(64, u'a'); // a DNS label holds 63 octets
    QTest::newRow("host: empty") << u"siteHostName"_s << QString();
    QTest::newRow("host: space") << u"siteHostName"_s << u"my site"_s;
    QTest::newRow("host: slash") << u"siteHostName"_s << u"a/b"_s;
    QTest::newRow("host: 64-octet label") << u"siteHostName"_s << longLabel + u".test"_s;
    QTest::newRow("host: empty label") << u"siteHostName"_s << u"a..test"_s;
    QTest::newRow("host: leading hyphen") << u"siteHostName"_s << u"-a.test"_s;
    QTest::newRow("host: with port") << u"siteHostName"_s << u"a.test:8080"_s;
    QTest::newRow("host: taken") << u"siteHostName"_s << u"TAKEN.test"_s;
    QTest::newRow("aliases: bad one") << u"siteAliases"_s << u"ok.test, bad_name!"_s;
    QTest::newRow("aliases: the host itself") << u"siteAliases"_s << u"taken.test"_s;
    QTest::newRow("root: relative") << u"siteDocumentRoot"_s << u"relative/www"_s;
    QTest::newRow("root: a file") << u"siteDocumentRoot"_s << u"@/data/hostbench.sqlite"_s;
    QTest::newRow("index: a folder in it") << u"siteIndexFiles"_s << u"index.html, a/b.html"_s;
    QTest::newRow("index: dot-dot") << u"siteIndexFiles"_s << u".."_s;
    QTest::newRow("access log: relative") << u"siteAccessLogPath"_s << u"logs/a.log"_s;
    QTest::newRow("access log: a folder") << u"siteAccessLogPath"_s << u"@/www"_s;
    QTest::newRow("error log: relative") << u"siteErrorLogPath"_s << u"e.log"_s;
    // On the Proxy tab (the site proxied first): the app's command and its fields.
    QTest::newRow("app: quotes only") << u"siteAppCommand"_s << u"\"\""_s;
    QTest::newRow("app folder: relative") << u"siteAppFolder"_s << u"srv/app"_s;
    QTest::newRow("app environment: no =") << u"siteAppEnvironment"_s << u"PORT"_s;
    // On the PHP tab (the site serving PHP first).
    QTest::newRow("php address: no port") << u"sitePhpAddress"_s << u"127.0.0.1"_s;
    QTest::newRow("php address: empty") << u"sitePhpAddress"_s << QString();
    QTest::newRow("php prefix: relative") << u"sitePhpPrefix"_s << u"blog"_s;
    // On the HTTP&S tab: a certificate file that is not there, one that is not PEM.
    QTest::newRow("certificate: missing") << u"siteTlsCertificate"_s << u"@/no-such.pem"_s;
    QTest::newRow("certificate: not PEM") << u"siteTlsCertificate"_s << u"@/data/hostbench.sqlite"_s;
    QTest::newRow("key: missing") << u"siteTlsKey"_s << u"@/no-such.key"_s;
}

void TestBadInput::siteText()
{
    QFETCH(QString, name);
    QFETCH(QString, value);
    auto dialog = siteDialog();
    QVERIFY(QTest::qWaitForWindowExposed(dialog.get()));
    // A good site first, then the one bad field.
    typeInto(dialog->findChild<QWidget *>(u"siteHostName"_s), u"new.test"_s);
    typeInto(dialog->findChild<QWidget *>(u"siteDocumentRoot"_s), m_dir.filePath(u"www"_s));
    QWidget *bad = dialog->findChild<QWidget *>(name);
    QVERIFY2(bad, qPrintable(name));
    auto *tabs = dialog->findChild<QTabWidget *>(u"siteTabs"_s);
    QVERIFY(tabs);
    if (name.startsWith(u"siteApp"_s)) { // the Proxy tab is open to a proxied site only
        auto *serves = dialog->findChild<QComboBox *>(u"siteServes"_s);
        QVERIFY(serves);
        serves->setCurrentIndex(serves->findText(u"Proxy to an app"_s));
        if (name != u"siteAppCommand"_s) // a folder or environment needs a command
            typeInto(dialog->findChild<QWidget *>(u"siteAppCommand"_s), u"python3 -m http.server 3000"_s);
    }
    if (name.startsWith(u"sitePhp"_s)) { // the PHP tab is open to a PHP site only
        auto *serves = dialog->findChild<QComboBox *>(u"siteServes"_s);
        QVERIFY(serves);
        serves->setCurrentIndex(serves->findText(u"PHP"_s));
    }
    for (int tab = 0; tab < tabs->count() && !bad->isVisible(); ++tab) {
        if (tabs->widget(tab)->isAncestorOf(bad))
            tabs->setCurrentIndex(tab); // the tab that holds the field
    }
    QTRY_VERIFY(bad->isVisible());
    typeInto(bad, QString(value).replace(u"@"_s, m_dir.path()));
    tabs->setCurrentIndex(0);

    auto *buttons = dialog->findChild<QDialogButtonBox *>(u"siteButtons"_s);
    QVERIFY(buttons);
    QTest::mouseClick(buttons->button(QDialogButtonBox::Ok), Qt::LeftButton);

    QVERIFY(dialog->isVisible()); // refused
    QVERIFY(dialog->result() != QDialog::Accepted);
    QVERIFY2(!fieldError(bad).isEmpty(), qPrintable(name));
    auto *label = dialog->findChild<QLabel *>(name + u"Error"_s);
    QVERIFY(label);
    QTRY_VERIFY(label->isVisible()); // shown: the dialog turned to the field's tab
    QVERIFY(!label->text().isEmpty());
}

QTEST_MAIN(TestBadInput)
#include "tst_badinput.moc"
