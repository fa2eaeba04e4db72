#include "shootout/ShootoutOptions.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace hostbench::shootout {

namespace {

// The stored settings' keys.
const QString kServers = u"servers"_s;
const QString kWorkloads = u"workloads"_s;
const QString kDuration = u"duration_s"_s;
const QString kRounds = u"rounds"_s;
const QString kConcurrency = u"concurrency"_s;
const QString kKeepAlive = u"keep_alive"_s;
const QString kRate = u"rate"_s;
const QString kWorkers = u"workers"_s;
const QString kCapacity = u"capacity"_s; // {"slo": [...], "step_s"}
const QString kSlo = u"slo"_s;
const QString kStep = u"step_s"_s;

QStringList stringList(const QJsonValue &value)
{
    QStringList list;
    for (const QJsonValue &item : value.toArray())
        list.append(item.toString());
    return list;
}

// Round-trips through QString::toDouble: 2.5, 25000, 0.3.
QString number(double value)
{
    return QString::number(value, 'g', 15);
}

} // namespace

QStringList ShootoutOptions::defaultWorkloads()
{
    // W5r is the former W5 (a fixed answer); the PHP pages W5 and W7p are asked for by name.
    return { u"W1"_s, u"W2"_s, u"W3"_s, u"W5r"_s, u"W6"_s };
}

QStringList ShootoutOptions::arguments() const
{
    const ShootoutOptions defaults;
    QStringList out { u"shootout"_s, u"--servers"_s, servers.join(u','), u"--workloads"_s,
        workloads.join(u',') };
    if (capacity()) {
        out << u"--capacity"_s;
        for (const QString &slo : capacitySlo)
            out << u"--slo"_s << slo;
        out << u"--step-duration"_s << number(double(stepMs) / 1000.0);
    } else {
        out << u"-t"_s << number(double(durationMs) / 1000.0);
    }
    out << u"--rounds"_s << QString::number(rounds);
    if (concurrency > 0)
        out << u"-c"_s << QString::number(concurrency);
    if (!keepAlive)
        out << u"--no-keep-alive"_s;
    if (rate > 0)
        out << u"--rate"_s << number(rate);
    if (workers != defaults.workers)
        out << u"--workers"_s << QString::number(workers);
    if (firstPort != defaults.firstPort)
        out << u"--port"_s << QString::number(firstPort);
    if (!dataDir.isEmpty())
        out << u"--data-dir"_s << dataDir;
    if (!store)
        out << u"--no-store"_s;
    if (!jsonFile.isEmpty())
        out << u"--json"_s << jsonFile;
    if (progress == Progress::Json)
        out << u"--progress"_s << u"json"_s;
    return out;
}

QJsonObject ShootoutOptions::settings() const
{
    QJsonObject o { { kServers, QJsonArray::fromStringList(servers) },
        { kWorkloads, QJsonArray::fromStringList(workloads) }, { kDuration, double(durationMs) / 1000.0 },
        { kRounds, rounds }, { kConcurrency, concurrency }, { kKeepAlive, keepAlive }, { kRate, rate },
        { kWorkers, workers } };
    if (capacity())
        o.insert(kCapacity,
            QJsonObject {
                { kSlo, QJsonArray::fromStringList(capacitySlo) }, { kStep, double(stepMs) / 1000.0 } });
    return o;
}

ShootoutOptions ShootoutOptions::fromSettings(const QJsonObject &settings)
{
    ShootoutOptions o;
    o.servers = stringList(settings.value(kServers));
    o.workloads = stringList(settings.value(kWorkloads));
    o.durationMs = qint64(settings.value(kDuration).toDouble(double(o.durationMs) / 1000.0) * 1000.0 + 0.5);
    o.rounds = settings.value(kRounds).toInt(o.rounds);
    o.concurrency = settings.value(kConcurrency).toInt(o.concurrency);
    o.keepAlive = settings.value(kKeepAlive).toBool(o.keepAlive);
    o.rate = settings.value(kRate).toDouble(o.rate);
    o.workers = settings.value(kWorkers).toInt(o.workers);
    const QJsonObject capacity = settings.value(kCapacity).toObject();
    o.capacitySlo = stringList(capacity.value(kSlo));
    o.stepMs = qint64(capacity.value(kStep).toDouble(double(o.stepMs) / 1000.0) * 1000.0 + 0.5);
    return o;
}

} // namespace hostbench::shootout
