// hostbench: the manager GUI. Opens the data folder (--data-dir,
// $HOSTBENCH_DATA_DIR or the user's data location), shows the main window
// and starts the engine on the stored configuration.
#include "storage/DataFolder.h"
#include "ui/AppIcon.h"
#include "ui/MainWindow.h"
#include "ui/Translations.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QMessageBox>

using namespace Qt::StringLiterals;
using namespace hostbench;

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(u"Hostbench"_s);
    QCoreApplication::setApplicationName(u"hostbench"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(HOSTBENCH_VERSION));
    QGuiApplication::setApplicationDisplayName(u"Hostbench"_s);
    // Matches installer/org.hostbench.Hostbench.desktop (Wayland app id, taskbar grouping).
    QGuiApplication::setDesktopFileName(u"org.hostbench.Hostbench"_s);
    QApplication::setWindowIcon(ui::AppIcon::icon());
    ui::Translations::install(app);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Web server, load generator and manager."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption dataDir(
        u"data-dir"_s,
        QCoreApplication::translate("main", "Keep the database and the default site in DIR "
                                            "(default: $HOSTBENCH_DATA_DIR, else the user's data folder)."),
        QCoreApplication::translate("main", "DIR"));
    parser.addOption(dataDir);
    parser.process(app);

    storage::DataFolder folder;
    QString error;
    if (!folder.open(parser.value(dataDir), &error)) {
        // Never start on a fresh database in place of one we cannot read: say where and why, and stop.
        const QString path = QDir::toNativeSeparators(storage::DataFolder::resolve(parser.value(dataDir)));
        QMessageBox box(QMessageBox::Critical, QCoreApplication::translate("main", "Hostbench"),
                        QCoreApplication::translate("main", "Hostbench cannot open its data folder."),
                        QMessageBox::Close);
        box.setObjectName(u"dataFolderError"_s);
        box.setInformativeText(QCoreApplication::translate("main", "Folder: %1\n\nReason: %2\n\n"
                                                                   "Nothing was changed. Fix or move the file, or "
                                                                   "start Hostbench with --data-dir on another folder.")
                                   .arg(path, error));
        box.exec();
        return 1;
    }

    ui::MainWindow window(folder);
    window.show();
    window.startEngineAtLaunch();
    return app.exec();
}
