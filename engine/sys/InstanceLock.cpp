#include "sys/InstanceLock.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocalServer>
#include <QLocalSocket>

using namespace Qt::StringLiterals;

namespace hostbench::sys {

namespace {
constexpr auto kLockFile = "hostbench.lock";
constexpr char kActivate[] = "activate\n";

// One spelling per folder ("/srv/data/./" and a symbolic link to it are the
// same); a folder not there yet keeps its cleaned absolute path.
QString canonicalFolder(const QString &folder)
{
    const QString canonical = QFileInfo(folder).canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(QDir(folder).absolutePath()) : canonical;
}
} // namespace

InstanceLock::InstanceLock(const QString &folder, QObject *parent)
    : QObject(parent)
    , m_folder(canonicalFolder(folder))
    , m_lock(QDir(m_folder).filePath(QLatin1StringView(kLockFile)))
{
    // Held for as long as the process runs: never stale by age, only when
    // its process is gone.
    m_lock.setStaleLockTime(0);
}

InstanceLock::~InstanceLock() = default;

QString InstanceLock::lockFilePath() const
{
    return QDir(m_folder).filePath(QLatin1StringView(kLockFile));
}

bool InstanceLock::tryLock()
{
    if (m_lock.tryLock(0))
        return true;
    m_holderPid = 0;
    m_holderProgram.clear();
    if (!heldByAnother())
        return false;
    QString host;
    QString application;
    if (m_lock.getLockInfo(&m_holderPid, &host, &application)) {
        m_holderProgram = application;
#if defined(Q_OS_LINUX)
        // The executable's name tells the window (hostbench) from the command line (hostbench-cli).
        QFile comm(u"/proc/%1/comm"_s.arg(m_holderPid));
        if (comm.open(QIODevice::ReadOnly))
            m_holderProgram = QString::fromLocal8Bit(comm.readAll()).trimmed();
#endif
    }
    return false;
}

QString InstanceLock::errorString() const
{
    switch (m_lock.error()) {
    case QLockFile::NoError:
        return {};
    case QLockFile::LockFailedError:
        return u"in use by "_s + describeHolder();
    case QLockFile::PermissionError:
        return u"cannot create %1: permission denied"_s.arg(lockFilePath());
    case QLockFile::UnknownError:
        break;
    }
    return u"cannot create %1"_s.arg(lockFilePath());
}

QString InstanceLock::describeHolder() const
{
    if (m_holderPid == 0)
        return u"another process (which one cannot be told)"_s;
    return u"%1 (PID %2)"_s.arg(m_holderProgram.isEmpty() ? u"a process"_s : m_holderProgram)
        .arg(m_holderPid);
}

QString InstanceLock::serverName(const QString &folder)
{
    const QString path = canonicalFolder(folder);
    // A name, not a path: on Unix Qt makes it a socket in the temporary
    // folder (a data folder's own path could pass the 107 bytes a socket
    // path may have), one per data folder.
    const QByteArray hash
        = QCryptographicHash::hash(path.toUtf8(), QCryptographicHash::Sha1).toHex().left(16);
    return u"hostbench-"_s + QString::fromLatin1(hash);
}

bool InstanceLock::listen(QString *error)
{
    if (m_server)
        return true;
    auto server = std::make_unique<QLocalServer>();
    server->setSocketOptions(QLocalServer::UserAccessOption);
    const QString name = serverName(m_folder);
    // We hold the lock: a socket file left there is a dead holder's.
    QLocalServer::removeServer(name);
    if (!server->listen(name)) {
        if (error)
            *error = server->errorString();
        return false;
    }
    connect(server.get(), &QLocalServer::newConnection, this, [this] {
        while (QLocalSocket *socket = m_server->nextPendingConnection()) {
            connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
            connect(socket, &QLocalSocket::readyRead, this, [this, socket] {
                while (socket->canReadLine()) {
                    if (socket->readLine() == QByteArrayView(kActivate))
                        emit activationRequested();
                }
            });
        }
    });
    m_server = std::move(server);
    return true;
}

bool InstanceLock::activate(int timeoutMs) const
{
    QLocalSocket socket;
    socket.connectToServer(serverName(m_folder));
    if (!socket.waitForConnected(timeoutMs))
        return false;
    socket.write(kActivate);
    if (!socket.waitForBytesWritten(timeoutMs))
        return false;
    socket.disconnectFromServer();
    return true;
}

} // namespace hostbench::sys
