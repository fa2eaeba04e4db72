// hostbench: the manager GUI. Opens the data folder (--data-dir,
// $HOSTBENCH_DATA_DIR or the user's data location) unless another process
// has it (a window there is brought to the front), shows the main window
// in the language stored there (else the system's) and starts the engine on
// the stored configuration. --help and --version need no display; with none,
// it says what to run instead and exits 1.
#include "storage/DataFolder.h"
#include "sys/InstanceLock.h"
#include "sys/PeerSignals.h"
#include "ui/AppIcon.h"
#include "ui/AppSettings.h"
#include "ui/ButtonTexts.h"
#include "ui/DataFolderErrorBox.h"
#include "ui/MainWindow.h"
#include "ui/Translations.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QMessageBox>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>

using namespace Qt::StringLiterals;
using namespace hostbench;

namespace {

void setApplicationNames()
{
    QCoreApplication::setOrganizationName(u"Hostbench"_s);
    QCoreApplication::setApplicationName(u"hostbench"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(HOSTBENCH_VERSION));
}

// Declared after an application object exists, so that the texts are translated.
QCommandLineOption addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Web server, load generator and manager."));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption dataDir(u"data-dir"_s,
        QCoreApplication::translate("main",
            "Keep the database and the default site in DIR "
            "(default: $HOSTBENCH_DATA_DIR, else the user's data folder)."),
        QCoreApplication::translate("main", "DIR"));
    parser.addOption(dataDir);
    return dataDir;
}

// True when argv asks only for text (help or version): answered with a
// QCoreApplication, so that no platform plugin and no display are needed.
bool asksForTextOnly(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        for (const char *flag : { "-h", "--help", "-?", "--help-all", "-v", "--version" }) {
            if (std::strcmp(argv[i], flag) == 0)
                return true;
        }
    }
    return false;
}

constexpr const char *kNoDisplayHint
    = "hostbench: the window needs a display (X11 or Wayland).\n"
      "  To serve the sites without a window: hostbench-cli serve [--data-dir DIR]\n"
      "  To benchmark without a window:       hostbench-cli bench --help\n"
      "  To run the window anyway: start it in a desktop session, under xvfb-run,\n"
      "  or with QT_QPA_PLATFORM=offscreen.\n";

// Linux and the BSDs: no platform chosen and no display to connect to. Qt would
// abort in its platform plugin; we say what to do instead.
bool lacksDisplay(int argc, char *argv[])
{
#if defined(Q_OS_UNIX) && !defined(Q_OS_DARWIN)
    if (!qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        return false;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "-platform") == 0)
            return false;
    }
    return qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
#else
    Q_UNUSED(argc);
    Q_UNUSED(argv);
    return false;
#endif
}

// While QApplication starts, a fatal message is the platform plugin failing
// (a DISPLAY that no server answers, a missing plugin): print it with the
// hint and exit 1, instead of the abort and core dump that Qt would make.
void startupMessageHandler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    std::fprintf(stderr, "%s\n", qPrintable(qFormatLogMessage(type, context, message)));
    if (type == QtFatalMsg) {
        std::fputs(kNoDisplayHint, stderr);
        std::fflush(stderr);
        std::_Exit(1);
    }
}

// Locks the data folder for this window. An exit code when another process
// has it: 0 when its window was brought to the front, else 1 after saying so.
// Not locked for another reason (a folder we cannot write): the data
// folder's own error says why, later.
std::optional<int> lockDataFolder(sys::InstanceLock &lock, const QString &folderPath)
{
    if (QDir().mkpath(folderPath) && !lock.tryLock() && lock.heldByAnother()) {
        if (lock.activate()) {
            std::printf("hostbench: %s is open in %s; brought its window to the front.\n",
                qPrintable(QDir::toNativeSeparators(folderPath)), qPrintable(lock.describeHolder()));
            return 0;
        }
        const QString holder = lock.holderPid() != 0 ? lock.describeHolder()
                                                     : QCoreApplication::translate("main", "another process");
        QMessageBox box(QMessageBox::Critical, QCoreApplication::translate("main", "Hostbench"),
            QCoreApplication::translate("main", "The data folder is in use by %1.").arg(holder),
            QMessageBox::Close);
        box.setInformativeText(QCoreApplication::translate("main",
            "Folder: %1\n\nOne Hostbench at a time serves a "
            "data folder. Stop the other one first, or start "
            "Hostbench with --data-dir on another folder.")
                                   .arg(QDir::toNativeSeparators(folderPath)));
        ui::ButtonTexts::translate(&box);
        box.exec();
        return 1;
    }
    if (lock.isLocked())
        lock.listen();
    return std::nullopt;
}

} // namespace

int main(int argc, char *argv[])
{
    // A peer that hangs up must not end the window: the engine's threads block
    // SIGPIPE themselves; this covers every other writer (pipes to child processes).
    sys::PeerSignals::ignoreInProcess();
    if (asksForTextOnly(argc, argv)) {
        QCoreApplication core(argc, argv);
        setApplicationNames();
        ui::Translations::install(core);
        QCommandLineParser parser;
        addOptions(parser);
        parser.process(core); // prints the help or the version and exits
        return 0;
    }
    if (lacksDisplay(argc, argv)) {
        std::fputs(kNoDisplayHint, stderr);
        return 1;
    }

    const QtMessageHandler previousHandler = qInstallMessageHandler(startupMessageHandler);
    QApplication app(argc, argv);
    qInstallMessageHandler(previousHandler);
    setApplicationNames();
    QGuiApplication::setApplicationDisplayName(u"Hostbench"_s);
    // Matches installer/org.hostbench.Hostbench.desktop (Wayland app id, taskbar grouping).
    QGuiApplication::setDesktopFileName(u"org.hostbench.Hostbench"_s);
    QApplication::setWindowIcon(ui::AppIcon::icon());
    ui::Translations::install(app);

    QCommandLineParser parser;
    const QCommandLineOption dataDir = addOptions(parser);
    parser.process(app);

    // One Hostbench per data folder: a second start brings the first window
    // to the front instead of serving the same sites again on the next port.
    const QString folderPath = storage::DataFolder::resolve(parser.value(dataDir));
    sys::InstanceLock lock(folderPath);
    if (const std::optional<int> done = lockDataFolder(lock, folderPath))
        return *done;

    storage::DataFolder folder;
    QString error;
    if (!folder.open(parser.value(dataDir), &error)) {
        // Never start on a fresh database in place of one we cannot read: say
        // where and why, offer a copy of the file, and stop.
        ui::DataFolderErrorBox box(
            storage::DataFolder::resolve(parser.value(dataDir)), folder.databasePath(), error);
        box.exec();
        return 1;
    }
    // The language chosen in the window replaces the system's from here on.
    const QString language = ui::AppSettings(folder.database()).language();
    if (!language.isEmpty())
        ui::Translations::install(app, language);

    ui::MainWindow window(folder);
    QObject::connect(&lock, &sys::InstanceLock::activationRequested, &window, &ui::MainWindow::bringToFront);
    window.show();
    window.startEngineAtLaunch();
    return app.exec();
}
