#include "sys/PortHolder.h"

#include <QDir>
#include <QFile>
#include <QSet>

#if defined(Q_OS_LINUX)
#include <unistd.h>
#endif

using namespace Qt::StringLiterals;

namespace hostbench::sys {

namespace {

constexpr auto kListenState = "0A"; // TCP_LISTEN in /proc/net/tcp's "st" column

// The inodes of the sockets listening on `port` in one /proc/net/tcp-format
// file; false when the file cannot be read. Lines look like
//   sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode ...
//   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000 1000 0 123456 ...
bool listeningInodes(const QString &path, quint16 port, QSet<QByteArray> *inodes)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return false;
    file.readLine(); // the header
    while (!file.atEnd()) {
        const QList<QByteArray> fields = file.readLine().simplified().split(' ');
        if (fields.size() < 10 || fields.at(3) != kListenState)
            continue;
        const QByteArray &local = fields.at(1);
        const qsizetype colon = local.lastIndexOf(':');
        bool ok = false;
        if (colon < 0 || local.mid(colon + 1).toUInt(&ok, 16) != port || !ok)
            continue;
        if (fields.at(9) != "0") // 0: a socket being torn down, owned by no one
            inodes->insert(fields.at(9));
    }
    return true;
}

} // namespace

PortHolder PortHolder::find(quint16 port)
{
    PortHolder holder;
#if defined(Q_OS_LINUX)
    QSet<QByteArray> inodes;
    const bool v4 = listeningInodes(u"/proc/net/tcp"_s, port, &inodes);
    const bool v6 = listeningInodes(u"/proc/net/tcp6"_s, port, &inodes);
    if (!v4 && !v6) {
        holder.result = Result::Unsupported;
        return holder;
    }
    if (inodes.isEmpty())
        return holder; // NotFound

    QSet<QByteArray> links;
    for (const QByteArray &inode : std::as_const(inodes))
        links.insert("socket:[" + inode + ']');
    const QDir proc(u"/proc"_s);
    for (const QString &entry : proc.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool isPid = false;
        const qint64 pid = entry.toLongLong(&isPid);
        if (!isPid)
            continue;
        // Another user's fd folder lists nothing; a process may also end meanwhile.
        const QDir fds(proc.filePath(entry + u"/fd"_s));
        for (const QString &fd : fds.entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot)) {
            char target[64];
            const ssize_t length
                = ::readlink(QFile::encodeName(fds.filePath(fd)).constData(), target, sizeof target);
            if (length <= 0 || !links.contains(QByteArray(target, length)))
                continue;
            holder.result = Result::Found;
            holder.pid = pid;
            QFile comm(proc.filePath(entry + u"/comm"_s));
            if (comm.open(QIODevice::ReadOnly))
                holder.program = QString::fromLocal8Bit(comm.readAll()).trimmed();
            return holder;
        }
    }
    holder.result = Result::Hidden;
#else
    Q_UNUSED(port);
    holder.result = Result::Unsupported;
#endif
    return holder;
}

QString PortHolder::describe() const
{
    switch (result) {
    case Result::Found:
        return u"%1 (PID %2)"_s.arg(program.isEmpty() ? u"a process"_s : program).arg(pid);
    case Result::Hidden:
        return u"a process that cannot be told (another user's, or one outside this container)"_s;
    case Result::NotFound:
        return u"no process now (it may have closed the port)"_s;
    case Result::Unsupported:
        break;
    }
    return u"a process that cannot be told on this system"_s;
}

} // namespace hostbench::sys
