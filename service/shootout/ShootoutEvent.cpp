#include "shootout/ShootoutEvent.h"

#include "model/CapacitySearch.h"
#include "shootout/ShootoutOptions.h"

#include <QJsonDocument>

#include <array>
#include <utility>

using namespace Qt::StringLiterals;

namespace hostbench::shootout {

namespace {

using Kind = ShootoutEvent::Kind;

const std::array<std::pair<Kind, const char16_t *>, 10> kKinds { {
    { Kind::Started, u"started" },
    { Kind::Message, u"message" },
    { Kind::ServerStarting, u"server_starting" },
    { Kind::ServerReady, u"server_ready" },
    { Kind::ServerFailed, u"server_failed" },
    { Kind::RunStarting, u"run_starting" },
    { Kind::Result, u"result" },
    { Kind::CapacityStep, u"capacity_step" },
    { Kind::Done, u"done" },
    { Kind::Error, u"error" },
} };

// The keys, named once for toJson() and fromJson().
const QString kEvent = u"event"_s;
const QString kText = u"text"_s;
const QString kMessage = u"message"_s;
const QString kServer = u"server"_s;
const QString kWorkload = u"workload"_s;
const QString kProgram = u"program"_s;
const QString kStatus = u"status"_s;
const QString kPackage = u"package"_s;
const QString kLog = u"log"_s;
const QString kDatabase = u"database"_s;
const QString kPort = u"port"_s;
const QString kTls = u"tls"_s;
const QString kRound = u"round"_s;
const QString kRounds = u"rounds"_s;
const QString kDone = u"done"_s;
const QString kTotal = u"total"_s;
const QString kStopped = u"stopped"_s;
const QString kShootoutId = u"shootout_id"_s;
const QString kSettings = u"settings"_s;
const QString kRunId = u"run_id"_s;
const QString kCompleted = u"completed"_s;
const QString kRequestsPerSecond = u"requests_per_second"_s;
const QString kP50 = u"p50_ms"_s;
const QString kP99 = u"p99_ms"_s;
const QString kCpu = u"cpu_us_per_request"_s;
const QString kPhpFpmCpu = u"php_fpm_cpu_us_per_request"_s;
const QString kErrors = u"errors"_s;
const QString kCapacity = u"capacity"_s;
const QString kLowerBound = u"capacity_lower_bound"_s;
const QString kStep = u"step"_s;
const QString kRate = u"rate"_s;
const QString kAchieved = u"achieved"_s;
const QString kRequests = u"requests"_s;
const QString kPassed = u"passed"_s;
const QString kFailedSlo = u"failed_slo"_s;

QString startedLine(const QJsonObject &settings)
{
    const ShootoutOptions o = ShootoutOptions::fromSettings(settings);
    if (o.capacity())
        return u"Shootout: %1 on %2, capacity at %3 (steps of %4 s), %5 round(s)"_s
            .arg(o.servers.join(u", "_s), o.workloads.join(u", "_s), o.capacitySlo.join(u", "_s))
            .arg(double(o.stepMs) / 1000.0)
            .arg(o.rounds);
    return u"Shootout: %1 on %2, %3 s per run, %4 round(s)%5"_s
        .arg(o.servers.join(u", "_s), o.workloads.join(u", "_s))
        .arg(double(o.durationMs) / 1000.0)
        .arg(o.rounds)
        .arg(o.rate > 0 ? u", open model at %1 requests/s"_s.arg(o.rate) : QString());
}

QString failedLine(const ShootoutEvent &e)
{
    if (e.status == u"missing"_s)
        return u"%1: not installed (apt-get install %2)"_s.arg(e.server, e.package);
    if (e.status == u"wrong bytes"_s)
        return u"%1: left out, %2"_s.arg(e.server, e.text);
    const QString head = e.round > 0
        ? u"%1: failed to start in round %2: %3"_s.arg(e.server).arg(e.round).arg(e.text)
        : u"%1: failed to start: %2"_s.arg(e.server, e.text);
    return e.log.isEmpty() && e.round == 0 ? head : head + u'\n' + e.log;
}

void putSummary(QJsonObject &o, const ShootoutEvent &e)
{
    const model::RunSummary &s = e.entry.summary;
    o.insert(kRunId, e.entry.runId);
    o.insert(kCompleted, qint64(s.completed));
    o.insert(kRequestsPerSecond, s.requestsPerSecond);
    o.insert(kP50, s.latencyP50Ms);
    o.insert(kP99, s.latencyP99Ms);
    o.insert(kCpu, e.entry.cpuUsPerRequest);
    if (e.entry.phpFpmCpuUsPerRequest > 0)
        o.insert(kPhpFpmCpu, e.entry.phpFpmCpuUsPerRequest);
    o.insert(kErrors, qint64(s.failed + s.non2xx));
    if (!s.capacity.isEmpty()) {
        o.insert(kCapacity, model::CapacitySearch::toJson(s.capacity));
        o.insert(kLowerBound, s.capacity.lowerBound(s.interrupted));
    }
}

QString stepLine(const ShootoutEvent &e)
{
    const model::CapacityStep &step = e.capacityStep;
    return u"  %1 %2, step %3: %4 requests/s asked, %5 achieved, p99 %6 ms: %7"_s.arg(e.server, e.workload)
        .arg(e.step)
        .arg(QString::number(step.rate, 'f', 1), QString::number(step.achieved, 'f', 1),
            QString::number(step.p99Ms, 'f', 3), step.passed ? u"pass"_s : u"FAIL: "_s + step.failedFigure);
}

void putStep(QJsonObject &o, const ShootoutEvent &e)
{
    const model::CapacityStep &step = e.capacityStep;
    o.insert(kStep, e.step);
    o.insert(kRate, step.rate);
    o.insert(kAchieved, step.achieved);
    o.insert(kP50, step.p50Ms);
    o.insert(kP99, step.p99Ms);
    o.insert(kRequests, qint64(step.requests));
    o.insert(kErrors, qint64(step.errors));
    o.insert(kPassed, step.passed);
    if (!step.passed)
        o.insert(kFailedSlo, step.failedFigure);
}

void takeStep(const QJsonObject &o, ShootoutEvent &e)
{
    model::CapacityStep &step = e.capacityStep;
    e.step = o.value(kStep).toInt();
    step.rate = o.value(kRate).toDouble();
    step.achieved = o.value(kAchieved).toDouble();
    step.p50Ms = o.value(kP50).toDouble();
    step.p99Ms = o.value(kP99).toDouble();
    step.requests = quint64(o.value(kRequests).toInteger());
    step.errors = quint64(o.value(kErrors).toInteger());
    step.passed = o.value(kPassed).toBool();
    step.failedFigure = o.value(kFailedSlo).toString();
}

void takeSummary(const QJsonObject &o, ShootoutEvent &e)
{
    model::RunSummary &s = e.entry.summary;
    e.entry.runId = o.value(kRunId).toInteger();
    e.entry.server = e.server;
    e.entry.workload = e.workload;
    e.entry.round = e.round;
    s.completed = quint64(o.value(kCompleted).toInteger());
    s.requestsPerSecond = o.value(kRequestsPerSecond).toDouble();
    s.latencyP50Ms = o.value(kP50).toDouble();
    s.latencyP99Ms = o.value(kP99).toDouble();
    s.failed = quint64(o.value(kErrors).toInteger());
    e.entry.cpuUsPerRequest = o.value(kCpu).toDouble();
    e.entry.phpFpmCpuUsPerRequest = o.value(kPhpFpmCpu).toDouble();
    if (o.contains(kCapacity))
        s.capacity = model::CapacitySearch::fromJson(o.value(kCapacity).toObject());
}

} // namespace

QString ShootoutEvent::kindName(Kind kind)
{
    for (const auto &[k, name] : kKinds)
        if (k == kind)
            return QString::fromUtf16(name);
    return {};
}

QString ShootoutEvent::textLine() const
{
    switch (kind) {
    case Kind::Started:
        return startedLine(settings);
    case Kind::Message:
    case Kind::Error:
        return text;
    case Kind::ServerReady:
        return round > 0
            ? QString()
            : u"%1: %2 on %3 answers every %4workload URL with the file's bytes"_s.arg(server, program,
                (tls ? u"https://127.0.0.1:"_s : u"127.0.0.1:"_s) + QString::number(port),
                tls ? u"HTTPS "_s : QString());
    case Kind::ServerFailed:
        return failedLine(*this);
    case Kind::RunStarting:
        return u"[%1/%2] round %3 of %4: %5 %6"_s.arg(done).arg(total).arg(round).arg(rounds).arg(
            server, workload);
    case Kind::CapacityStep:
        return stepLine(*this);
    case Kind::Done:
        return u"[%1/%2] %3"_s.arg(done).arg(total).arg(stopped ? u"stopped"_s : u"done"_s);
    case Kind::ServerStarting:
    case Kind::Result:
        break;
    }
    return {};
}

QJsonObject ShootoutEvent::toJson() const
{
    QJsonObject o { { kEvent, kindName(kind) } };
    const auto put = [&o](const QString &key, const QString &value) {
        if (!value.isEmpty())
            o.insert(key, value);
    };
    put(kind == Kind::Message ? kText : kMessage, text);
    put(kServer, server);
    put(kWorkload, workload);
    put(kProgram, program);
    put(kStatus, status);
    put(kPackage, package);
    put(kLog, log);
    put(kDatabase, database);
    if (port != 0)
        o.insert(kPort, port);
    if (tls)
        o.insert(kTls, true);
    if (kind == Kind::ServerStarting || kind == Kind::ServerReady || kind == Kind::ServerFailed
        || kind == Kind::RunStarting || kind == Kind::Result || kind == Kind::CapacityStep)
        o.insert(kRound, round);
    if (kind == Kind::RunStarting)
        o.insert(kRounds, rounds);
    if (kind == Kind::RunStarting || kind == Kind::Result || kind == Kind::Done) {
        o.insert(kDone, done);
        o.insert(kTotal, total);
    }
    if (kind == Kind::Done) {
        o.insert(kStopped, stopped);
        o.insert(kShootoutId, shootoutId);
    }
    if (kind == Kind::Started)
        o.insert(kSettings, settings);
    if (kind == Kind::Result)
        putSummary(o, *this);
    if (kind == Kind::CapacityStep)
        putStep(o, *this);
    return o;
}

std::optional<ShootoutEvent> ShootoutEvent::fromJson(const QByteArray &line)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return std::nullopt;
    const QJsonObject o = document.object();
    const QString name = o.value(kEvent).toString();
    ShootoutEvent e;
    bool known = false;
    for (const auto &[k, kindText] : kKinds)
        if (name == QString::fromUtf16(kindText)) {
            e.kind = k;
            known = true;
        }
    if (!known)
        return std::nullopt;
    e.text = o.value(e.kind == Kind::Message ? kText : kMessage).toString();
    e.server = o.value(kServer).toString();
    e.workload = o.value(kWorkload).toString();
    e.program = o.value(kProgram).toString();
    e.status = o.value(kStatus).toString();
    e.package = o.value(kPackage).toString();
    e.log = o.value(kLog).toString();
    e.database = o.value(kDatabase).toString();
    e.port = quint16(o.value(kPort).toInt());
    e.tls = o.value(kTls).toBool();
    e.round = o.value(kRound).toInt();
    e.rounds = o.value(kRounds).toInt();
    e.done = o.value(kDone).toInt();
    e.total = o.value(kTotal).toInt();
    e.stopped = o.value(kStopped).toBool();
    e.shootoutId = o.value(kShootoutId).toInteger();
    e.settings = o.value(kSettings).toObject();
    if (e.kind == Kind::Result)
        takeSummary(o, e);
    if (e.kind == Kind::CapacityStep)
        takeStep(o, e);
    return e;
}

} // namespace hostbench::shootout
