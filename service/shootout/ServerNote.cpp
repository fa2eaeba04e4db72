#include "shootout/ServerNote.h"

using namespace Qt::StringLiterals;

namespace hostbench::shootout {

namespace {

const QString kStatus = u"status"_s;
const QString kPackage = u"package"_s;
const QString kPort = u"port"_s;
const QString kMessage = u"message"_s;
const QString kLog = u"log"_s;
const QString kPortNote = u"port_note"_s;
// Of a stored shootout's notes.
const QString kServers = u"servers"_s;
const QString kInterrupted = u"interrupted"_s;
const QString kPhpFpmCpu = u"php_fpm_cpu_us_per_request"_s;

} // namespace

QJsonObject ServerNote::toJson() const
{
    QJsonObject o;
    const auto put = [&o](const QString &key, const QString &value) {
        if (!value.isEmpty())
            o.insert(key, value);
    };
    put(kStatus, status);
    put(kPackage, package);
    if (port != 0)
        o.insert(kPort, port);
    put(kMessage, message);
    put(kLog, log);
    put(kPortNote, portNote);
    return o;
}

ServerNote ServerNote::fromJson(const QJsonObject &object)
{
    ServerNote note;
    note.status = object.value(kStatus).toString();
    note.package = object.value(kPackage).toString();
    note.port = quint16(object.value(kPort).toInt());
    note.message = object.value(kMessage).toString();
    note.log = object.value(kLog).toString();
    note.portNote = object.value(kPortNote).toString();
    return note;
}

QJsonObject ServerNote::toJson(const QMap<QString, ServerNote> &notes)
{
    QJsonObject o;
    for (auto it = notes.cbegin(); it != notes.cend(); ++it)
        o.insert(it.key(), it.value().toJson());
    return o;
}

QMap<QString, ServerNote> ServerNote::fromJson(const QJsonValue &servers)
{
    QMap<QString, ServerNote> notes;
    const QJsonObject object = servers.toObject();
    for (auto it = object.constBegin(); it != object.constEnd(); ++it)
        notes.insert(it.key(), fromJson(it.value().toObject()));
    return notes;
}

QMap<QString, ServerNote> ServerNote::ofShootout(const QJsonObject &shootoutNotes)
{
    return fromJson(shootoutNotes.value(kServers));
}

QJsonObject ServerNote::serversJson(const QJsonObject &shootoutNotes)
{
    return shootoutNotes.value(kServers).toObject();
}

bool ServerNote::interrupted(const QJsonObject &shootoutNotes)
{
    return shootoutNotes.value(kInterrupted).toBool();
}

QJsonObject ServerNote::shootoutNotes(const QMap<QString, ServerNote> &servers, bool interrupted)
{
    return QJsonObject { { kServers, toJson(servers) }, { kInterrupted, interrupted } };
}

QJsonObject ServerNote::shootoutNotes(
    const QMap<QString, ServerNote> &servers, bool interrupted, const QList<model::ShootoutEntry> &entries)
{
    QJsonObject notes = shootoutNotes(servers, interrupted);
    QJsonObject php;
    for (const model::ShootoutEntry &entry : entries)
        if (entry.runId > 0 && entry.phpFpmCpuUsPerRequest > 0)
            php.insert(QString::number(entry.runId), entry.phpFpmCpuUsPerRequest);
    if (!php.isEmpty())
        notes.insert(kPhpFpmCpu, php);
    return notes;
}

void ServerNote::restorePhpFpmCpu(const QJsonObject &shootoutNotes, QList<model::ShootoutEntry> *entries)
{
    const QJsonObject php = shootoutNotes.value(kPhpFpmCpu).toObject();
    if (php.isEmpty())
        return;
    for (model::ShootoutEntry &entry : *entries)
        if (const QJsonValue value = php.value(QString::number(entry.runId)); value.isDouble())
            entry.phpFpmCpuUsPerRequest = value.toDouble();
}

} // namespace hostbench::shootout
