#include "shootout/Workload.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>

namespace hostbench::shootout {

using namespace Qt::StringLiterals;

const QList<Workload> &Workload::all()
{
    // Concurrency as in tests/perf/servers.sh: 50 for the small answers,
    // fewer for the large ones, whose answers take long on one core.
    static const QList<Workload> workloads {
        { u"W1"_s, u"/x.txt"_s, u"4,070-byte text file"_s, 4070, 50, {}, false },
        { u"W2"_s, u"/photo.jpg"_s, u"45,056-byte JPEG"_s, 45056, 50, {}, false },
        { u"W3"_s, u"/archive.zip"_s, u"1,414,000-byte zip"_s, 1414000, 10, {}, false },
        { u"W4"_s, u"/huge.bin"_s, u"128 MiB file"_s, 134217728, 4, {}, false },
        { u"W5"_s, u"/hello"_s, u"tiny dynamic page (hello)"_s, 5, 50, QByteArray("hello"), false },
        { u"W6"_s, u"/ok"_s, u"2-byte answer (OK)"_s, 2, 10, QByteArray("OK"), false },
        // As the issue measures it: -c 50 keep-alive, through the front server's proxy.
        { u"W6p"_s, u"/ok"_s, u"2-byte answer (OK) from an app behind the server"_s, 2, 50, QByteArray("OK"),
            true },
    };
    return workloads;
}

QString Workload::upstreamId()
{
    return u"upstream"_s;
}

std::optional<Workload> Workload::find(const QString &id)
{
    for (const Workload &workload : all())
        if (workload.id.compare(id, Qt::CaseInsensitive) == 0)
            return workload;
    return std::nullopt;
}

QStringList Workload::ids()
{
    return idsOf(all());
}

QStringList Workload::idsOf(const QList<Workload> &workloads)
{
    QStringList ids;
    for (const Workload &workload : workloads)
        ids.append(workload.id);
    return ids;
}

namespace {

bool writeFile(const QString &path, const Workload &workload, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        *error = u"cannot write %1: %2"_s.arg(path, file.errorString());
        return false;
    }
    bool ok = true;
    if (!workload.fixedBody.isEmpty()) {
        ok = file.write(workload.fixedBody) == workload.fixedBody.size();
    } else if (workload.bytes > 16 * 1024 * 1024) {
        ok = file.resize(workload.bytes); // sparse: quick, and only the size matters
    } else {
        QByteArray bytes(workload.bytes, Qt::Uninitialized);
        const bool text = path.endsWith(u".txt"_s);
        auto *random = QRandomGenerator::global();
        static const char kLetters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 \n";
        for (char &c : bytes)
            c = text ? kLetters[random->bounded(int(sizeof(kLetters) - 1))] : char(random->bounded(256));
        ok = file.write(bytes) == bytes.size();
    }
    if (!ok || !file.flush()) {
        *error = u"cannot write %1: %2"_s.arg(path, file.errorString());
        return false;
    }
    // Servers whose workers drop privileges (nginx, Apache started as root) must read it.
    file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    return true;
}

} // namespace

std::optional<model::VirtualHost> Workload::makeSite(
    const QString &documentRoot, const QList<Workload> &workloads, QString *error)
{
    const QDir root(documentRoot);
    model::VirtualHost site;
    site.hostName = u"localhost"_s;
    site.documentRoot = root.absolutePath();
    site.isDefault = true;
    for (const Workload &workload : workloads) {
        if (workload.proxied)
            continue;
        if (!writeFile(root.filePath(workload.path.mid(1)), workload, error))
            return std::nullopt;
        if (!workload.fixedBody.isEmpty()) {
            model::Route route;
            route.path = workload.path;
            route.body = workload.fixedBody;
            site.routes.append(route);
        }
    }
    return site;
}

std::optional<model::VirtualHost> Workload::makeProxySite(
    const QString &documentRoot, const QString &upstreamUrl, QString *error)
{
    if (!QDir().mkpath(documentRoot)) {
        *error = u"cannot create %1"_s.arg(documentRoot);
        return std::nullopt;
    }
    QFile::setPermissions(documentRoot,
        QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup
            | QFile::ReadOther | QFile::ExeOther);
    model::VirtualHost site;
    site.hostName = u"localhost"_s;
    site.documentRoot = QDir(documentRoot).absolutePath();
    site.isDefault = true;
    site.accessLogEnabled = false;
    site.errorLogEnabled = false;
    site.proxy.routes.append({ u"/"_s, upstreamUrl });
    return site;
}

} // namespace hostbench::shootout
