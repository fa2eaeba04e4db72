// A Hostbench in a process of its own for tst_appsupervisor::appDiesWithHostbench:
// an AppSupervisor (as service::Instance owns one) running one site's app,
// `appsupervisor_child FOLDER COMMAND`: the app's folder and log folder,
// and its command. Says "app PID" on stdout once the app runs, then waits
// for the test to kill it (SIGKILL: no destructor, no stop).
#include "instance/AppSupervisor.h"

#include <QCoreApplication>

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace hostbench;

int main(int argc, char **argv)
{
    QCoreApplication application(argc, argv);
    const QStringList arguments = QCoreApplication::arguments();
    if (arguments.size() != 3) {
        std::fprintf(stderr, "usage: appsupervisor_child FOLDER COMMAND\n");
        return 2;
    }
    model::VirtualHost site;
    site.hostName = u"localhost"_s;
    site.documentRoot = arguments.at(1);
    site.proxy.app.command = arguments.at(2);
    service::AppSupervisor apps;
    apps.setLogsFolder(arguments.at(1));
    QObject::connect(&apps, &service::AppSupervisor::appChanged, &apps, [&apps] {
        const service::AppProcess *app = apps.app(u"localhost"_s);
        if (app && app->state() == service::AppProcess::State::Running) {
            std::printf("app %lld\n", static_cast<long long>(app->pid()));
            std::fflush(stdout);
        }
    });
    apps.apply({ site });
    return QCoreApplication::exec();
}
