#include "instance/PhpFpmPool.h"

#include "instance/PhpFpmSetup.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>

#include <grp.h>
#include <pwd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>

namespace hostbench::service {

using namespace Qt::StringLiterals;

namespace {

// Whether php-fpm listens on `path`: a connect succeeds (a Unix socket's
// connect is immediate, never blocks). Its file alone is not enough: php-fpm
// binds (the file is there) before it listens (connect refused until then).
bool listensOn(const QString &path)
{
    const QByteArray name = QFile::encodeName(path);
    sockaddr_un address = {};
    if (size_t(name.size()) >= sizeof address.sun_path)
        return false;
    address.sun_family = AF_UNIX;
    std::memcpy(address.sun_path, name.constData(), size_t(name.size()));
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return false;
    const bool connected = ::connect(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address) == 0;
    ::close(fd);
    return connected;
}

// A command line that QProcess::splitCommand gives back as `arguments`
// (none of them holds a '"': PhpFpmSetup refuses such paths).
QString commandLine(const QString &program, const QStringList &arguments)
{
    QString line = u'"' + program + u'"';
    for (const QString &argument : arguments)
        line += u" \""_s + argument + u'"';
    return line;
}

// Who the pool runs as when php-fpm starts as root: the effective user (the
// one serve --user dropped to, or root itself).
QString effectiveUser()
{
    const passwd *user = ::getpwuid(::geteuid());
    return user ? QString::fromLocal8Bit(user->pw_name) : QString::number(::geteuid());
}

QString effectiveGroup()
{
    const group *entry = ::getgrgid(::getegid());
    return entry ? QString::fromLocal8Bit(entry->gr_name) : QString::number(::getegid());
}

} // namespace

PhpFpmPool::PhpFpmPool(QObject *parent)
    : QObject(parent)
{
    m_socketTimer.setInterval(kSocketPollMs);
    connect(&m_socketTimer, &QTimer::timeout, this, &PhpFpmPool::pollSocket);
}

PhpFpmPool::~PhpFpmPool()
{
    if (m_versionProcess) {
        m_versionProcess->disconnect(this);
        m_versionProcess->kill();
        m_versionProcess->waitForFinished(1000);
    }
    if (m_process)
        m_process->disconnect(this);
    m_process.reset(); // SIGQUIT to its group, the grace period's wait, SIGKILL
}

qint64 PhpFpmPool::pid() const
{
    return m_process ? m_process->pid() : 0;
}

QString PhpFpmPool::socketPath() const
{
    return PhpFpmSetup::socketPath(m_dataFolder);
}

QString PhpFpmPool::logPath() const
{
    return PhpFpmSetup::logPath(m_dataFolder);
}

void PhpFpmPool::apply(const QList<model::VirtualHost> &sites, int workers)
{
    m_autoSites.clear();
    for (const model::VirtualHost &site : sites) {
        if (PhpFpmSetup::isAuto(site))
            m_autoSites << site;
    }
    if (m_autoSites.isEmpty()) {
        stop();
        return;
    }
    if (m_binary.isEmpty() || !QFile::exists(m_binary))
        m_binary = PhpFpmSetup::findBinary();
    if (m_binary.isEmpty()) {
        if (m_process)
            m_process->stop();
        setState(State::NotInstalled, PhpFpmSetup::notInstalledMessage());
        tellSites(m_message);
        return;
    }
    readVersion();
    start(workers);
}

void PhpFpmPool::start(int workers)
{
    const bool asRoot = ::geteuid() == 0;
    QString error;
    const QString text = PhpFpmSetup::configText(m_dataFolder, workers, asRoot ? effectiveUser() : QString(),
        asRoot ? effectiveGroup() : QString(), &error);
    if (error.isEmpty() && m_binary.contains(u'"'))
        error = u"the path of php-fpm %1 holds a '\"'"_s.arg(m_binary);
    using P = AppProcess::State;
    const P now = m_process ? m_process->state() : P::Stopped;
    const bool active = now == P::Starting || now == P::Running || now == P::Waiting;
    if (error.isEmpty() && active && text == m_config)
        return; // running as it should
    if (error.isEmpty())
        writeConfig(text, &error);
    if (!error.isEmpty()) {
        if (m_process)
            m_process->stop();
        const QString message = u"PHP-FPM cannot be started: "_s + error;
        setState(State::Failed, message);
        tellSites(message);
        return;
    }
    m_config = text;
    AppSpec spec;
    spec.site = u"PHP-FPM"_s;
    spec.app.command = commandLine(m_binary, PhpFpmSetup::arguments(m_dataFolder, asRoot));
    spec.app.stopGraceMs = kStopGraceMs;
    spec.workingDir = PhpFpmSetup::folderPath(m_dataFolder);
    spec.logPath = logPath();
    spec.stopSignal = SIGQUIT; // graceful: the workers finish their requests
    spec.deathSignal = SIGTERM; // Hostbench killed: the master stops its workers at once, none is orphaned
    if (!m_process) {
        m_process = std::make_unique<AppProcess>(spec, m_timing);
        connect(m_process.get(), &AppProcess::stateChanged, this, &PhpFpmPool::onProcessChanged);
    }
    if (now == P::Stopped || now == P::GaveUp) {
        m_process->update(spec);
        m_process->start();
    } else {
        m_process->restartWith(spec);
    }
}

bool PhpFpmPool::writeConfig(const QString &text, QString *error)
{
    const QString folder = PhpFpmSetup::folderPath(m_dataFolder);
    const QString logs = QFileInfo(logPath()).absolutePath();
    if (!QDir().mkpath(folder) || !QDir().mkpath(logs)) {
        *error = u"cannot make the folders %1 and %2"_s.arg(folder, logs);
        return false;
    }
    if (!QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner)) {
        *error = u"cannot make %1 private (mode 0700)"_s.arg(folder);
        return false;
    }
    QFile file(PhpFpmSetup::configPath(m_dataFolder));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || !file.setPermissions(QFile::ReadOwner | QFile::WriteOwner) || file.write(text.toUtf8()) < 0
        || !file.flush()) {
        *error = u"cannot write %1: %2"_s.arg(file.fileName(), file.errorString());
        return false;
    }
    return true;
}

void PhpFpmPool::stop()
{
    m_socketTimer.stop();
    m_autoSites.clear();
    m_told.clear();
    if (m_process)
        m_process->stop(); // Stopped (-> Off) once its group is gone
    else if (m_state != State::Off)
        setState(State::Off, {});
}

void PhpFpmPool::onProcessChanged()
{
    using P = AppProcess::State;
    const AppProcess &process = *m_process;
    switch (process.state()) {
    case P::Starting:
        // Before php-fpm is forked: a socket there now is a dead master's, and Ready must mean the new one's.
        QFile::remove(socketPath());
        setState(State::Starting, u"starting %1"_s.arg(m_binary));
        break;
    case P::Running:
        m_socketPolls = 0;
        m_socketTimer.start();
        setState(State::Starting,
            u"started (pid %1), waiting for its socket %2"_s.arg(process.pid()).arg(socketPath()));
        break;
    case P::Waiting:
        m_socketTimer.stop();
        setState(State::Waiting, u"PHP-FPM "_s + process.message());
        break;
    case P::Stopping:
        m_socketTimer.stop();
        setState(m_state, u"stopping"_s);
        break;
    case P::Stopped:
        m_socketTimer.stop();
        if (m_state != State::NotInstalled && m_state != State::Failed) // stopped for that reason
            setState(State::Off, u"stopped"_s);
        break;
    case P::GaveUp: {
        m_socketTimer.stop();
        const QString message = u"PHP-FPM %1; see %2"_s.arg(process.message(), logPath());
        setState(State::GaveUp, message);
        tellSites(message);
        break;
    }
    }
}

void PhpFpmPool::pollSocket()
{
    if (!m_process || m_process->state() != AppProcess::State::Running) {
        m_socketTimer.stop();
        return;
    }
    if (listensOn(socketPath())) {
        m_socketTimer.stop();
        setState(
            State::Ready, u"running (pid %1), listening on %2"_s.arg(m_process->pid()).arg(socketPath()));
        return;
    }
    if (++m_socketPolls * kSocketPollMs < m_socketWaitMs)
        return;
    m_socketTimer.stop();
    setState(State::Starting,
        u"PHP-FPM runs (pid %1) but its socket %2 did not appear within %3 s; see %4"_s.arg(m_process->pid())
            .arg(socketPath())
            .arg(m_socketWaitMs / 1000.0)
            .arg(logPath()));
}

void PhpFpmPool::readVersion()
{
    if (!m_version.isEmpty() || m_versionProcess)
        return;
    m_versionProcess = std::make_unique<QProcess>();
    QProcess *process = m_versionProcess.get();
    process->setProgram(m_binary);
    process->setArguments({ u"-v"_s });
    process->setStandardInputFile(QProcess::nullDevice());
    const auto done = [this, process] {
        const QString version = PhpFpmSetup::versionFrom(process->readAllStandardOutput());
        process->disconnect(this);
        m_versionProcess.release()->deleteLater();
        if (version.isEmpty())
            return;
        m_version = version;
        emit versionChanged(m_version);
    };
    connect(process, &QProcess::finished, this, done);
    connect(process, &QProcess::errorOccurred, this, [done](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            done();
    });
    process->start(QIODevice::ReadOnly);
}

void PhpFpmPool::tellSites(const QString &text)
{
    // The error log's layout (http::LogFormat), one write per line (O_APPEND),
    // once per site and message.
    const QByteArray time = QDateTime::currentDateTime().toString(u"yyyy/MM/dd HH:mm:ss"_s).toUtf8();
    for (const model::VirtualHost &site : std::as_const(m_autoSites)) {
        const QString path = site.errorLogPath.trimmed();
        const QString key = site.hostName + u'\n' + text;
        if (!site.errorLogEnabled || path.isEmpty() || m_told.contains(key))
            continue;
        m_told.insert(key);
        QFile file(path);
        if (file.open(QIODevice::WriteOnly | QIODevice::Append))
            file.write(time + " [error] " + text.toUtf8() + ", server: " + site.hostName.toUtf8() + '\n');
    }
}

void PhpFpmPool::setState(State state, const QString &message)
{
    if (state == m_state && message == m_message)
        return;
    m_state = state;
    m_message = message;
    emit changed();
}

} // namespace hostbench::service
