#include "shootout/ShootoutPhp.h"

#include "shootout/ServerCatalog.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocalSocket>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>

#include <unistd.h>

#include <algorithm>
#include <functional>

namespace hostbench::shootout {

using namespace Qt::StringLiterals;

namespace {

constexpr qsizetype kMaxSocketPath = 107; // sockaddr_un's sun_path, less its NUL

QString logTail(const QString &file)
{
    QFile input(file);
    if (!input.open(QIODevice::ReadOnly))
        return {};
    if (input.size() > 2000)
        input.seek(input.size() - 2000);
    return QString::fromUtf8(input.readAll()).trimmed();
}

bool socketAccepts(const QString &path)
{
    QLocalSocket socket;
    socket.connectToServer(path);
    const bool connected = socket.waitForConnected(200);
    socket.abort();
    return connected;
}

// "PHP 8.2.7 (fpm-fcgi) ..." of `program -v`; empty when it says nothing of the kind.
QString versionOf(const QString &program)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, { u"-v"_s });
    if (!process.waitForFinished(5000)) {
        process.kill();
        process.waitForFinished();
        return {};
    }
    static const QRegularExpression pattern(u"PHP (\\d+\\.\\d+\\.\\d+\\S*)"_s);
    return pattern.match(QString::fromUtf8(process.readAll())).captured(1);
}

} // namespace

QString ShootoutPhp::locate()
{
    const QStringList path = ServerCatalog::searchPath();
    for (const QString &name : { u"php-fpm8.2"_s, u"php-fpm"_s })
        if (const QString found = QStandardPaths::findExecutable(name, path); !found.isEmpty())
            return found;
    // Another version (php-fpm8.3, php-fpm7.4, ...): the newest by name.
    for (const QString &dir : path) {
        QStringList names = QDir(dir).entryList({ u"php-fpm*"_s }, QDir::Files | QDir::Executable);
        std::sort(names.begin(), names.end(), std::greater<>());
        if (!names.isEmpty())
            return QDir(dir).filePath(names.constFirst());
    }
    return {};
}

double ShootoutPhp::usPerRequest(qint64 ticks, quint64 requests)
{
    return requests > 0 ? double(ticks) / ServerProcess::ticksPerSecond() * 1e6 / double(requests) : 0.0;
}

bool ShootoutPhp::writeConf(const QString &conf, QString *error) const
{
    const QDir prefix(m_prefix);
    QString text
        = u"; The shootout's PHP-FPM pool (hostbench-cli shootout): one for every server.\n"
          "[global]\npid = %1\nerror_log = %2\ndaemonize = no\nlog_level = notice\n\n"
          "[shootout]\nlisten = %3\nlisten.mode = 0666\nlisten.backlog = 4096\n"
          "pm = static\npm.max_children = %4\npm.max_requests = 0\n"_s
              .arg(prefix.filePath(u"php-fpm.pid"_s), prefix.filePath(u"logs/php-fpm.log"_s), m_socket)
              .arg(kChildren);
    if (::geteuid() == 0)
        text += u"user = root\ngroup = root\n"_s;
    QFile file(conf);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text.toUtf8()) < 0
        || !file.flush()) {
        *error = u"cannot write %1: %2"_s.arg(conf, file.errorString());
        return false;
    }
    return true;
}

bool ShootoutPhp::start(const QString &program, const QString &prefix, int cpu, int readyMs, QString *error)
{
    m_program = program;
    m_prefix = QDir(prefix).absolutePath();
    m_socket = QDir(m_prefix).filePath(u"php-fpm.sock"_s);
    if (m_socket.toLocal8Bit().size() > kMaxSocketPath) {
        *error = u"PHP-FPM's socket path %1 is longer than a unix socket's %2 bytes"_s.arg(m_socket).arg(
            kMaxSocketPath);
        return false;
    }
    QDir().mkpath(QDir(m_prefix).filePath(u"logs"_s));
    const QString conf = QDir(m_prefix).filePath(u"php-fpm.conf"_s);
    if (!writeConf(conf, error))
        return false;
    m_version = versionOf(program);
    QStringList arguments { u"--nodaemonize"_s, u"--fpm-config"_s, conf, u"-p"_s, m_prefix };
    if (::geteuid() == 0)
        arguments << u"--allow-to-run-as-root"_s;
    const QString log = QDir(m_prefix).filePath(u"output.log"_s);
    const QString socket = m_socket;
    if (m_process.start(
            program, arguments, m_prefix, log, cpu, [socket] { return socketAccepts(socket); }, socket,
            readyMs, error))
        return true;
    const QString tail = logTail(log) + u'\n' + logTail(QDir(m_prefix).filePath(u"logs/php-fpm.log"_s));
    *error = u"PHP-FPM (%1) did not start: %2"_s.arg(QFileInfo(program).fileName(), *error);
    if (!tail.trimmed().isEmpty())
        *error += u'\n' + tail.trimmed();
    return false;
}

void ShootoutPhp::stop()
{
    m_process.stop();
}

QString ShootoutPhp::describe() const
{
    return u"%1 (PHP %2, pm static, %3 children) on %4, pid %5"_s.arg(QFileInfo(m_program).fileName(),
        m_version.isEmpty() ? u"?"_s : m_version, QString::number(kChildren), address(),
        QString::number(m_process.pid()));
}

} // namespace hostbench::shootout
