#include "sys/Machine.h"

#include <QFile>
#include <QStringList>
#include <QSysInfo>
#include <QThread>

#include <sched.h>

using namespace Qt::StringLiterals;

namespace hostbench::sys {

QString Machine::cpuModel()
{
    QFile info(u"/proc/cpuinfo"_s);
    if (!info.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    // A /proc file reports no size (atEnd() is true at once): read until a read gives nothing.
    for (QByteArray line = info.readLine(); !line.isEmpty(); line = info.readLine()) {
        if (!line.startsWith("model name"))
            continue;
        const qsizetype colon = line.indexOf(':');
        return colon < 0 ? QString() : QString::fromUtf8(line.mid(colon + 1)).simplified();
    }
    return {};
}

QString Machine::describe()
{
    QStringList parts;
    const QString model = cpuModel();
    parts.append(model.isEmpty() ? QSysInfo::currentCpuArchitecture() : model);
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    const int cpus = ::sched_getaffinity(0, sizeof allowed, &allowed) == 0 ? CPU_COUNT(&allowed)
                                                                           : QThread::idealThreadCount();
    parts.append(cpus == 1 ? u"1 CPU"_s : u"%1 CPUs"_s.arg(cpus));
    const QString kernel = QSysInfo::kernelVersion();
    if (!kernel.isEmpty())
        parts.append(u"Linux "_s + kernel);
    return parts.join(u", "_s);
}

} // namespace hostbench::sys
