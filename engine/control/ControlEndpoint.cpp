#include "control/ControlEndpoint.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>

namespace hostbench::control {

using namespace Qt::StringLiterals;

QString ControlEndpoint::filePath(const QString &folder)
{
    return QDir(folder).filePath(QString::fromLatin1(kFileName));
}

bool ControlEndpoint::write(
    const QString &folder, const QHostAddress &listening, quint16 port, QString *error)
{
    QHostAddress reachable = listening;
    if (listening == QHostAddress::Any || listening == QHostAddress::AnyIPv4)
        reachable = QHostAddress::LocalHost;
    else if (listening == QHostAddress::AnyIPv6)
        reachable = QHostAddress::LocalHostIPv6;
    QString host = reachable.toString();
    if (reachable.protocol() == QAbstractSocket::IPv6Protocol)
        host = u'[' + host + u']';
    QSaveFile file(filePath(folder));
    if (!file.open(QIODevice::WriteOnly) || file.write(u"%1:%2\n"_s.arg(host).arg(port).toUtf8()) < 0
        || !file.commit()) {
        *error = u"Cannot write %1: %2"_s.arg(filePath(folder), file.errorString());
        return false;
    }
    return true;
}

std::optional<ControlEndpoint::Address> ControlEndpoint::read(const QString &folder)
{
    QFile file(filePath(folder));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QString line = QString::fromUtf8(file.readLine(256)).trimmed();
    const qsizetype colon = line.lastIndexOf(u':');
    if (colon <= 0)
        return std::nullopt;
    QString host = line.left(colon);
    if (host.startsWith(u'[') && host.endsWith(u']'))
        host = host.mid(1, host.size() - 2);
    bool ok = false;
    const uint port = line.mid(colon + 1).toUInt(&ok);
    Address result { QHostAddress(host), quint16(port) };
    if (!ok || port == 0 || port > 65535 || result.address.isNull())
        return std::nullopt;
    return result;
}

void ControlEndpoint::remove(const QString &folder, quint16 port)
{
    const std::optional<Address> current = read(folder);
    if (current && current->port == port)
        QFile::remove(filePath(folder));
}

} // namespace hostbench::control
