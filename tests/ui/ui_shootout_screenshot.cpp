// Not a test: a tool that runs a shootout from the real window's Shootout
// page and saves a picture of the page with its results (QWidget::grab).
// Build the target hostbench_shootout_screenshot and run it under xvfb-run:
//   HOSTBENCH_CLI=build/app/cli/hostbench-cli hostbench_shootout_screenshot OUT.png DATA_DIR SERVERS
//   WORKLOADS SECONDS ROUNDS
// e.g. ... /tmp/shootout.png /tmp/data hostbench,nginx,lighttpd,h2o W1,W6 5 3
#include "storage/DataFolder.h"
#include "ui/MainWindow.h"
#include "ui/ShootoutPage.h"
#include "ui/Translations.h"

#include <QApplication>
#include <QCheckBox>
#include <QDeadlineTimer>
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>
#include <QTextStream>

using namespace Qt::StringLiterals;
using namespace hostbench;

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"hostbench"_s);
    ui::Translations::install(app);
    if (argc < 7) {
        QTextStream(stderr)
            << "usage: hostbench_shootout_screenshot OUT.png DATA_DIR SERVERS WORKLOADS SECONDS ROUNDS\n";
        return 2;
    }
    const QStringList args = app.arguments();
    storage::DataFolder folder;
    QString error;
    if (!folder.open(args.at(2), &error)) {
        QTextStream(stderr) << error << "\n";
        return 1;
    }
    ui::MainWindow window(folder);
    window.resize(1280, 860);
    window.show();
    auto *tabs = window.findChild<QTabWidget *>(u"mainTabs"_s);
    auto *page = window.findChild<ui::ShootoutPage *>(u"shootoutPage"_s);
    tabs->setCurrentWidget(page);
    const QStringList servers = args.at(3).split(u',');
    const QStringList workloads = args.at(4).split(u',');
    for (QCheckBox *box : page->findChildren<QCheckBox *>()) {
        const QString name = box->objectName();
        if (name.startsWith(u"shootoutServer_"_s))
            box->setChecked(servers.contains(name.mid(15)));
        else if (name.startsWith(u"shootoutWorkload_"_s))
            box->setChecked(workloads.contains(name.mid(17)));
    }
    page->findChild<QDoubleSpinBox *>(u"shootoutDuration"_s)->setValue(args.at(5).toDouble());
    page->findChild<QSpinBox *>(u"shootoutRounds"_s)->setValue(args.at(6).toInt());
    QTest::qWait(300);
    QTest::mouseClick(page->findChild<QPushButton *>(u"shootoutRun"_s), Qt::LeftButton);
    const QDeadlineTimer deadline(30 * 60 * 1000);
    while (page->isRunning() && !deadline.hasExpired())
        QTest::qWait(200);
    QTest::qWait(500);
    window.grab().save(args.at(1));
    QTextStream(stdout) << args.at(1) << " (shootout " << page->shownShootoutId() << ")\n";
    return page->shownShootoutId() > 0 ? 0 : 1;
}
