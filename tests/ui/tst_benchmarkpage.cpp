// The Benchmark page's form (BenchmarkForm) builds its named fields on its
// own, and the page's colours: every text on it is drawn in a colour taken
// from the palette, so that a dark palette, applied while the window is open
// as a desktop's theme switch does, leaves each text readable on what is
// behind it, and nothing on the page carries a style sheet of its own.
// Real widgets on the offscreen platform, a real SQLite file; the engine is
// not started. Set HOSTBENCH_SCREENSHOTS to a folder to look at the page in
// both palettes (Screenshots.h).
#include "Contrast.h"
#include "Screenshots.h"
#include "storage/DataFolder.h"
#include "ui/AppSettings.h"
#include "ui/BenchCharts.h"
#include "ui/BenchmarkForm.h"
#include "ui/BenchmarkPage.h"
#include "ui/EngineController.h"
#include "ui/ErrorNote.h"
#include "ui/FieldError.h"
#include "ui/Translations.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QPalette>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <memory>

using namespace Qt::StringLiterals;
using namespace hostbench;
using hostbench::test::contrast;
using hostbench::test::darkPalette;

class TestBenchmarkPage final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void formBuildsNamedFields();
    void textReadableInEitherPalette_data();
    void textReadableInEitherPalette();
    void badUrlIsASentence_data();
    void badUrlIsASentence();

private:
    // Every label's text against what is behind it; empty when all read.
    QStringList unreadableTexts() const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<storage::DataFolder> m_folder;
    std::unique_ptr<ui::AppSettings> m_settings;
    std::unique_ptr<ui::EngineController> m_engine;
    std::unique_ptr<ui::BenchmarkPage> m_page;
    QPalette m_appPalette;
};

void TestBenchmarkPage::init()
{
    m_appPalette = QApplication::palette();
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_folder = std::make_unique<storage::DataFolder>();
    QString error;
    QVERIFY2(m_folder->open(m_dir->filePath(u"data"_s), &error), qPrintable(error));
    m_settings = std::make_unique<ui::AppSettings>(m_folder->database());
    m_engine = std::make_unique<ui::EngineController>(m_folder->database(), *m_settings);
    m_page = std::make_unique<ui::BenchmarkPage>(m_folder->database(), *m_settings, *m_engine);
    m_page->resize(1100, 700);
    m_page->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
}

void TestBenchmarkPage::cleanup()
{
    m_page.reset();
    m_engine.reset();
    m_settings.reset();
    m_folder.reset();
    m_dir.reset();
    QApplication::setPalette(m_appPalette);
}

QStringList TestBenchmarkPage::unreadableTexts() const
{
    QStringList problems;
    const QColor pageBack = m_page->palette().color(QPalette::Window);
    for (QLabel *label : m_page->findChildren<QLabel *>()) {
        if (!label->styleSheet().isEmpty())
            problems << u"%1 has a style sheet: %2"_s.arg(label->objectName(), label->styleSheet());
        const QPalette palette = label->palette();
        // A label that sets its own background (a tinted note) is read against it.
        const QColor back = palette.isBrushSet(QPalette::Active, label->backgroundRole())
            ? palette.color(label->backgroundRole())
            : pageBack;
        const QColor text = palette.color(label->foregroundRole());
        const double ratio = contrast(text, back);
        // 3:1, WCAG's floor for large text and for user interface parts.
        if (ratio < 3.0) {
            problems << u"%1 (\"%2\"): %3 on %4, contrast %5"_s.arg(label->objectName(),
                label->text().left(30), text.name(QColor::HexArgb), back.name(),
                QString::number(ratio, 'f', 2));
        }
    }
    return problems;
}

void TestBenchmarkPage::formBuildsNamedFields()
{
    // The form alone on a bare widget: every field that the page's code and
    // the GUI tests reach, under its name, laid out on the widget.
    QWidget bare;
    ui::BenchmarkForm form;
    form.setupForm(&bare);
    const std::pair<QWidget *, QString> fields[] = { { form.m_url, u"benchUrl"_s },
        { form.m_urlError, u"benchUrlError"_s }, { form.m_hint, u"benchTargetHint"_s },
        { form.m_concurrency, u"benchConcurrency"_s }, { form.m_byRequests, u"benchByRequests"_s },
        { form.m_requests, u"benchRequests"_s }, { form.m_byDuration, u"benchByDuration"_s },
        { form.m_duration, u"benchDuration"_s }, { form.m_keepAlive, u"benchKeepAlive"_s },
        { form.m_threads, u"benchThreads"_s }, { form.m_start, u"benchStart"_s },
        { form.m_stop, u"benchStop"_s }, { form.m_progress, u"benchProgress"_s },
        { form.m_state, u"benchState"_s }, { form.m_liveRequests, u"benchLiveRequests"_s },
        { form.m_liveRate, u"benchLiveRate"_s }, { form.m_liveLatency, u"benchLiveLatency"_s },
        { form.m_liveFailed, u"benchLiveFailed"_s }, { form.m_liveService, u"benchLiveService"_s },
        { form.m_liveGap, u"benchLiveGap"_s }, { form.m_error, u"benchError"_s },
        { form.m_charts, u"benchCharts"_s }, { form.m_report, u"benchReport"_s } };
    QCOMPARE(bare.objectName(), u"benchmarkPage"_s);
    QVERIFY(bare.layout());
    bare.resize(1100, 700);
    bare.show();
    QVERIFY(QTest::qWaitForWindowExposed(&bare));
    for (const auto &[field, name] : fields) {
        QVERIFY2(field, qPrintable(name));
        QCOMPARE(bare.findChild<QWidget *>(name), field);
        // Laid out: placed inside the widget with room of its own (the
        // run error is hidden until there is one).
        if (!field->isVisibleTo(&bare))
            continue;
        const QRect placed(field->mapTo(&bare, QPoint(0, 0)), field->size());
        QVERIFY2(!placed.isEmpty() && bare.rect().contains(placed), qPrintable(name));
    }
    // The page's own: the same names, found once each.
    for (const auto &[field, name] : fields)
        QCOMPARE(m_page->findChildren<QWidget *>(name).size(), 1);
    // The URL's label takes Alt+U to the field.
    bool urlLabel = false;
    for (QLabel *label : bare.findChildren<QLabel *>())
        urlLabel = urlLabel || (label->buddy() == form.m_url && label->text().contains(u"&U"_s));
    QVERIFY(urlLabel);
    QCOMPARE(form.m_concurrency->minimum(), 1);
    QCOMPARE(form.m_threads->maximum(), 256);
    QCOMPARE(form.m_progress->maximum(), 1000);
    // The hint's colour is a role of the palette, not a colour.
    QCOMPARE(form.m_hint->foregroundRole(), QPalette::PlaceholderText);
    QVERIFY(!form.m_hint->palette().isBrushSet(QPalette::Active, QPalette::WindowText));
    QVERIFY(!form.m_error->isVisible());
}

void TestBenchmarkPage::badUrlIsASentence_data()
{
    // Issue #20: "htp://" got QUrl's "Invalid port or port number out of
    // range; source was ...; scheme = ..." under the field.
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("expected"); // a part of the sentence
    QTest::newRow("empty") << QString() << QString() << u"Give the address to load-test"_s;
    QTest::newRow("no scheme") << QString() << u"127.0.0.1:8080/"_s << u"with http:// in front"_s;
    QTest::newRow("htp") << QString() << u"htp://127.0.0.1:8080/"_s << u"\"htp://\" is not a scheme"_s;
    QTest::newRow("https") << QString() << u"https://127.0.0.1/"_s << u"HTTPS is not supported yet"_s;
    QTest::newRow("port too big") << QString() << u"http://127.0.0.1:99999/"_s
                                  << u"from 1 to 65535, not \"99999\""_s;
    QTest::newRow("port not a number") << QString() << u"http://127.0.0.1:80a/"_s << u"not \"80a\""_s;
    QTest::newRow("port 0") << QString() << u"http://localhost:0/"_s << u"from 1 to 65535"_s;
    QTest::newRow("no host") << QString() << u"http://:8080/"_s << u"names no host"_s;
    QTest::newRow("blank") << QString() << u"http://127.0.0.1/a b"_s << u"has a blank in it"_s;
    QTest::newRow("stray character") << QString() << u"http://127.0.0.1/a<b"_s << u"cannot hold"_s;
    QTest::newRow("de: port") << u"de"_s << u"http://127.0.0.1:99999/"_s << u"65535"_s;
    QTest::newRow("de: scheme") << u"de"_s << u"htp://127.0.0.1/"_s << u"htp://"_s;
}

void TestBenchmarkPage::badUrlIsASentence()
{
    QFETCH(QString, language);
    QFETCH(QString, url);
    QFETCH(QString, expected);
    if (!language.isEmpty()) {
        // The window's language, then the page made again in it.
        ui::Translations::install(*qApp, language);
        m_page = std::make_unique<ui::BenchmarkPage>(m_folder->database(), *m_settings, *m_engine);
        m_page->show();
    }
    auto *field = m_page->findChild<QComboBox *>(u"benchUrl"_s);
    field->setEditText(url);
    m_page->startRun();
    const QString message = m_page->findChild<ui::FieldError *>(u"benchUrlError"_s)->text();
    if (!language.isEmpty())
        ui::Translations::install(*qApp, u"en"_s);
    QVERIFY2(message.contains(expected), qPrintable(message));
    // A sentence, never the parser's own words.
    for (const QString &parser : { u"source was"_s, u"scheme ="_s, u"Invalid"_s, u"invalid URL"_s })
        QVERIFY2(!message.contains(parser), qPrintable(message));
    QVERIFY(!m_page->isRunning());
    if (!language.isEmpty()) {
        // Not the English sentence.
        QVERIFY2(!message.contains(u"The port must"_s) && !message.contains(u"is not a scheme"_s),
            qPrintable(message));
    }
}

void TestBenchmarkPage::textReadableInEitherPalette_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

void TestBenchmarkPage::textReadableInEitherPalette()
{
    QFETCH(bool, dark);
    // The notes that are hidden until something goes wrong, shown as they would be.
    auto *urlError = m_page->findChild<ui::FieldError *>(u"benchUrlError"_s);
    QVERIFY(urlError);
    urlError->setMessage(u"Port 1 on 127.0.0.1 refused the connection."_s);
    auto *error = m_page->findChild<QLabel *>(u"benchError"_s);
    QVERIFY(error);
    error->setText(u"The run could not be stored: disk full"_s);
    error->show();
    // After the page was made, as when the desktop's theme changes under a running window.
    if (dark)
        QApplication::setPalette(darkPalette());
    QApplication::processEvents();
    QCOMPARE(m_page->palette().color(QPalette::Window), QApplication::palette().color(QPalette::Window));

    test::Screenshots::save(m_page.get(), dark ? u"benchmark-page-dark"_s : u"benchmark-page-light"_s);

    const QStringList problems = unreadableTexts();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    // The field's tint too: the URL typed over it reads.
    auto *url = m_page->findChild<QComboBox *>(u"benchUrl"_s);
    QVERIFY(url);
    const double fieldRatio
        = contrast(url->palette().color(QPalette::Text), url->palette().color(QPalette::Base));
    QVERIFY2(fieldRatio >= 4.5, qPrintable(QString::number(fieldRatio)));
}

QTEST_MAIN(TestBenchmarkPage)
#include "tst_benchmarkpage.moc"
