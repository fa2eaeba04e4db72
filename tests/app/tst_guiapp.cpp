// End-to-end tests of the hostbench executable's start: --help and --version
// without a display, a clear message (never an abort) where no display can be
// opened, an offscreen start that opens its data folder, and a second start
// on that folder that hands over to the first.
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

constexpr int kTimeoutMs = 30'000;

struct Result
{
    QProcess::ExitStatus status = QProcess::CrashExit;
    int exitCode = -1;
    QString out;
    QString err;
};

} // namespace

class TestGuiApp : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void textOptionsNeedNoDisplay_data();
    void textOptionsNeedNoDisplay();
    void noDisplaySaysWhatToDo();
    void unreachableDisplayExitsWithoutAbort();
    void offscreenStartOpensDataFolder();
    void secondStartBringsFirstToFront();

private:
    // The environment with no display at all: no X11, no Wayland, no platform chosen.
    QProcessEnvironment headless() const;
    Result run(const QStringList &arguments, const QProcessEnvironment &env);

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestGuiApp::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(QFile::exists(QStringLiteral(HOSTBENCH_GUI_PATH)));
}

QProcessEnvironment TestGuiApp::headless() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &name : { u"DISPLAY"_s, u"WAYLAND_DISPLAY"_s, u"QT_QPA_PLATFORM"_s })
        env.remove(name);
    // Never the real user's data folder.
    env.insert(u"HOSTBENCH_DATA_DIR"_s, m_dir->filePath(u"data"_s));
    return env;
}

Result TestGuiApp::run(const QStringList &arguments, const QProcessEnvironment &env)
{
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(HOSTBENCH_GUI_PATH), arguments);
    Result result;
    if (!process.waitForFinished(kTimeoutMs)) {
        process.kill();
        process.waitForFinished();
        result.err = u"timed out"_s;
        return result;
    }
    result.status = process.exitStatus();
    result.exitCode = process.exitCode();
    result.out = QString::fromLocal8Bit(process.readAllStandardOutput());
    result.err = QString::fromLocal8Bit(process.readAllStandardError());
    return result;
}

void TestGuiApp::textOptionsNeedNoDisplay_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("expected");
    QTest::newRow("--version") << u"--version"_s << u"hostbench " HOSTBENCH_VERSION "\n"_s;
    QTest::newRow("-v") << u"-v"_s << u"hostbench " HOSTBENCH_VERSION "\n"_s;
    QTest::newRow("--help") << u"--help"_s << u"--data-dir <DIR>"_s;
    QTest::newRow("-h") << u"-h"_s << u"Usage: "_s;
}

void TestGuiApp::textOptionsNeedNoDisplay()
{
    QFETCH(QString, option);
    QFETCH(QString, expected);
    const Result r = run({ option }, headless());
    QCOMPARE(r.status, QProcess::NormalExit);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(expected), qPrintable(r.out));
    if (option.startsWith(u"--v"_s) || option == u"-v"_s)
        QCOMPARE(r.out, expected);
    QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    QVERIFY2(!QFile::exists(m_dir->filePath(u"data"_s)), "help or version opened the data folder");
}

void TestGuiApp::noDisplaySaysWhatToDo()
{
    const Result r = run({}, headless());
    QCOMPARE(r.status, QProcess::NormalExit);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"needs a display"_s), qPrintable(r.err));
    QVERIFY2(r.err.contains(u"hostbench-cli serve"_s), qPrintable(r.err));
    QVERIFY2(r.err.contains(u"QT_QPA_PLATFORM=offscreen"_s), qPrintable(r.err));
    QVERIFY2(!QFile::exists(m_dir->filePath(u"data"_s)), "a start without a display opened the data folder");
}

void TestGuiApp::unreachableDisplayExitsWithoutAbort()
{
    // An X11 display that no server answers: Qt's platform plugin fails, which
    // would abort (SIGABRT, a core file) without the start-up message handler.
    const QString display = u":93"_s;
    if (QFile::exists(u"/tmp/.X11-unix/X93"_s))
        QSKIP("an X server listens on :93 here");
    QProcessEnvironment env = headless();
    env.insert(u"DISPLAY"_s, display);
    const Result r = run({}, env);
    QCOMPARE(r.status, QProcess::NormalExit);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"hostbench-cli serve"_s), qPrintable(r.err));
    QVERIFY2(!QFile::exists(m_dir->filePath(u"data"_s)), "a failed start opened the data folder");
}

void TestGuiApp::offscreenStartOpensDataFolder()
{
    QProcessEnvironment env = headless();
    env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(HOSTBENCH_GUI_PATH), { u"--data-dir"_s, m_dir->filePath(u"folder"_s) });
    QVERIFY(process.waitForStarted(kTimeoutMs));
    const QString database = m_dir->filePath(u"folder/hostbench.sqlite"_s);
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(database) || process.state() != QProcess::Running, kTimeoutMs);
    QVERIFY2(process.state() == QProcess::Running, process.readAllStandardError().constData());
    QVERIFY(QFile::exists(database));
    process.terminate();
    if (!process.waitForFinished(kTimeoutMs)) {
        process.kill();
        process.waitForFinished();
    }
}

void TestGuiApp::secondStartBringsFirstToFront()
{
    // Two real processes on one data folder: the second asks the first to
    // show its window and ends at once, before opening the folder.
    QProcessEnvironment env = headless();
    env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    const QString folder = m_dir->filePath(u"folder"_s);
    QProcess first;
    first.setProcessEnvironment(env);
    first.start(QStringLiteral(HOSTBENCH_GUI_PATH), { u"--data-dir"_s, folder });
    QVERIFY(first.waitForStarted(kTimeoutMs));
    const QString database = folder + u"/hostbench.sqlite"_s;
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(database) || first.state() != QProcess::Running, kTimeoutMs);
    QVERIFY2(first.state() == QProcess::Running, first.readAllStandardError().constData());
    QVERIFY(QFile::exists(folder + u"/hostbench.lock"_s));

    // Another spelling of the same folder.
    const Result second = run({ u"--data-dir"_s, folder + u"/./"_s }, env);
    QCOMPARE(second.status, QProcess::NormalExit);
    QCOMPARE(second.exitCode, 0);
    QVERIFY2(second.out.contains(u"brought its window to the front"_s), qPrintable(second.out + second.err));
    QVERIFY2(second.out.contains(u"(PID %1)"_s.arg(first.processId())), qPrintable(second.out));
    QCOMPARE(first.state(), QProcess::Running);

    first.terminate();
    if (!first.waitForFinished(kTimeoutMs)) {
        first.kill();
        first.waitForFinished();
    }
}

QTEST_GUILESS_MAIN(TestGuiApp)
#include "tst_guiapp.moc"
