#include "instance/AppProcess.h"

#include <QDateTime>
#include <QDeadlineTimer>
#include <QFile>
#include <QProcessEnvironment>
#include <QThread>

#include <fcntl.h>
#include <linux/close_range.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <algorithm>

namespace hostbench::service {

using namespace Qt::StringLiterals;

namespace {

// In the child, between fork and exec: only async-signal-safe calls.
void prepareChild(pid_t parent, int deathSignal)
{
    ::setsid(); // a process group (and session) of its own: stop() signals all of it
    ::prctl(PR_SET_PDEATHSIG, deathSignal); // Hostbench gone, the app goes too (AppSpec::deathSignal)
    if (::getppid() != parent)
        ::_exit(127); // Hostbench died before the line above
    // The engine's sockets and Hostbench's files are not the app's: every
    // descriptor past stderr closes at exec (QProcess's own pipe to learn of
    // a failed exec is close-on-exec already).
    if (::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) != 0) {
        for (int fd = 3; fd < 4096; ++fd)
            ::fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
}

QString signalName(int signal)
{
    const char *name = ::sigabbrev_np(signal);
    return name ? u"SIG"_s + QString::fromLatin1(name) : u"signal %1"_s.arg(signal);
}

QString seconds(qint64 ms)
{
    return QString::number(double(ms) / 1000.0, 'f', ms < 10'000 ? 1 : 0);
}

} // namespace

AppProcess::AppProcess(AppSpec spec, AppTiming timing, QObject *parent)
    : QObject(parent)
    , m_spec(std::move(spec))
    , m_timing(timing)
    , m_log(std::make_unique<AppLog>(m_spec.logPath, m_spec.rotateBytes, m_spec.rotateKeep))
{
    m_backoff.setSingleShot(true);
    m_grace.setSingleShot(true);
    // Never early (a coarse timer may fire 5% before): the gaps are promised.
    m_backoff.setTimerType(Qt::PreciseTimer);
    m_grace.setTimerType(Qt::PreciseTimer);
    connect(&m_backoff, &QTimer::timeout, this, &AppProcess::launch);
    connect(&m_grace, &QTimer::timeout, this, &AppProcess::onGraceOver);
}

AppProcess::~AppProcess()
{
    terminate();
}

void AppProcess::update(const AppSpec &spec)
{
    if (!m_log->hasSettings(spec.logPath, spec.rotateBytes, spec.rotateKeep)) {
        m_log->flush();
        m_log = std::make_unique<AppLog>(spec.logPath, spec.rotateBytes, spec.rotateKeep);
    }
    m_spec = spec;
}

void AppProcess::start()
{
    if (m_state != State::Stopped && m_state != State::GaveUp)
        return;
    m_failures = 0;
    launch();
}

void AppProcess::launch()
{
    dropProcess();
    QStringList arguments = QProcess::splitCommand(m_spec.app.command);
    if (arguments.isEmpty()) {
        giveUp(u"the command is empty"_s);
        return;
    }
    auto process = std::make_unique<QProcess>();
    process->setProgram(arguments.takeFirst());
    process->setArguments(arguments);
    process->setWorkingDirectory(m_spec.workingDir);
    process->setStandardInputFile(QProcess::nullDevice()); // a dev server reads no terminal
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &entry : std::as_const(m_spec.app.environment)) {
        const qsizetype equals = entry.indexOf(u'=');
        if (equals > 0)
            environment.insert(entry.left(equals), entry.mid(equals + 1));
    }
    process->setProcessEnvironment(environment);
    const pid_t parent = ::getpid();
    const int deathSignal = m_spec.deathSignal;
    process->setChildProcessModifier([parent, deathSignal] { prepareChild(parent, deathSignal); });
    QProcess *p = process.get();
    connect(p, &QProcess::started, this, &AppProcess::onStarted);
    connect(p, &QProcess::errorOccurred, this, [this, p](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            onEnded(u"cannot start %1 in %2: %3"_s.arg(p->program(), m_spec.workingDir, p->errorString()));
    });
    connect(p, &QProcess::finished, this, [this](int code, QProcess::ExitStatus status) {
        onEnded(status == QProcess::CrashExit ? u"killed by signal %1"_s.arg(code)
                                              : u"exited with code %1"_s.arg(code));
    });
    connect(p, &QProcess::readyReadStandardOutput, this, [this] { onOutput(QProcess::StandardOutput); });
    connect(p, &QProcess::readyReadStandardError, this, [this] { onOutput(QProcess::StandardError); });
    m_process = std::move(process);
    m_pid = 0;
    m_leaderGone = false;
    m_ran.invalidate();
    setState(State::Starting, {});
    m_process->start(QIODevice::ReadOnly);
}

void AppProcess::dropProcess()
{
    // Never deleted inside its own signal: it goes from the event loop.
    if (!m_process)
        return;
    m_process->disconnect(this);
    if (m_process->state() != QProcess::NotRunning)
        m_process->kill();
    m_process.release()->deleteLater();
}

void AppProcess::onStarted()
{
    m_pid = m_process->processId();
    m_ran.start();
    if (m_state == State::Stopping)
        return; // stopped while starting: SIGTERM went to its pid, the grace timer runs
    m_log->note(u"started %1 (pid %2) in %3"_s.arg(m_spec.app.command).arg(m_pid).arg(m_spec.workingDir));
    setState(State::Running, u"running (pid %1)"_s.arg(m_pid));
}

void AppProcess::onOutput(QProcess::ProcessChannel channel)
{
    if (channel == QProcess::StandardOutput)
        m_log->append(AppLog::Stream::Out, m_process->readAllStandardOutput());
    else
        m_log->append(AppLog::Stream::Err, m_process->readAllStandardError());
}

void AppProcess::onEnded(const QString &reason)
{
    // What it wrote last, then what became of it.
    if (m_process) {
        m_log->append(AppLog::Stream::Out, m_process->readAllStandardOutput());
        m_log->append(AppLog::Stream::Err, m_process->readAllStandardError());
    }
    m_log->flush();
    m_leaderGone = true;
    if (m_state == State::Stopping) {
        if (!m_grace.isActive() || !groupAlive())
            finishStop();
        return; // the grace period ends it (SIGKILL to what is left)
    }
    if (m_state != State::Starting && m_state != State::Running)
        return;
    // Exited on its own: what is left of its group goes (a dev server's
    // children would hold its port), and it starts again after a while.
    signalGroup(SIGKILL);
    const qint64 ran = m_ran.isValid() ? m_ran.elapsed() : 0;
    if (m_state == State::Running && ran >= m_timing.stableMs)
        m_failures = 0;
    else
        ++m_failures;
    if (m_failures >= m_timing.maxFailures) {
        giveUp(reason);
        return;
    }
    qint64 delay = m_timing.firstBackoffMs;
    for (int i = 1; i < m_failures && delay < m_timing.maxBackoffMs; ++i)
        delay *= 2;
    delay = std::min<qint64>(delay, m_timing.maxBackoffMs);
    const QString message
        = u"%1 after %2 s; starting again in %3 s"_s.arg(reason, seconds(ran), seconds(delay));
    m_log->note(message);
    m_pid = 0;
    setState(State::Waiting, message);
    m_backoff.start(int(delay));
}

void AppProcess::giveUp(const QString &reason)
{
    const QString message
        = u"gave up after %1 failed starts in a row (the last: %2)"_s.arg(m_failures).arg(reason);
    m_log->note(message);
    writeErrorLog(u"app \"%1\": %2"_s.arg(m_spec.app.command, message));
    m_pid = 0;
    setState(State::GaveUp, message);
}

void AppProcess::stop()
{
    m_next.reset();
    m_backoff.stop();
    if (m_state == State::Stopping)
        return;
    if (!m_process || m_leaderGone || m_process->state() == QProcess::NotRunning) {
        signalGroup(SIGKILL); // anything left of an app that exited
        finishStop();
        return;
    }
    if (m_pid == 0)
        m_pid = m_process->processId();
    m_log->note(u"stopping: %1 to its process group, SIGKILL after %2 ms"_s.arg(signalName(m_spec.stopSignal))
                    .arg(m_spec.app.stopGraceMs));
    setState(State::Stopping, u"stopping"_s);
    signalGroup(m_spec.stopSignal);
    m_grace.start(m_spec.app.stopGraceMs);
}

void AppProcess::restartWith(const AppSpec &spec)
{
    stop();
    if (m_state == State::Stopped) {
        update(spec);
        start();
        return;
    }
    m_next = spec; // once the old group is gone
}

void AppProcess::onGraceOver()
{
    if (!m_leaderGone || groupAlive()) {
        m_log->note(
            u"still running %1 ms after %2: SIGKILL to its process group"_s.arg(m_spec.app.stopGraceMs)
                .arg(signalName(m_spec.stopSignal)));
        signalGroup(SIGKILL);
    }
    if (m_leaderGone)
        finishStop(); // else when the leader's end is seen
}

void AppProcess::finishStop()
{
    m_grace.stop();
    m_backoff.stop();
    const bool wasRunning = m_state == State::Stopping;
    if (wasRunning)
        m_log->note(u"stopped"_s);
    m_pid = 0;
    dropProcess();
    setState(State::Stopped, u"stopped"_s);
    emit stopped();
    if (m_next) {
        const AppSpec next = *std::exchange(m_next, std::nullopt);
        update(next);
        start();
    }
}

void AppProcess::terminate()
{
    finishTerminate(beginTerminate());
}

QDeadlineTimer AppProcess::beginTerminate()
{
    m_backoff.stop();
    m_grace.stop();
    m_next.reset();
    m_terminating = m_process && !m_leaderGone && m_process->state() != QProcess::NotRunning;
    if (!m_terminating) {
        signalGroup(SIGKILL); // anything left of an app that exited
        return QDeadlineTimer(0);
    }
    m_process->disconnect(this);
    if (m_pid == 0)
        m_pid = m_process->processId();
    m_log->note(u"stopping (Hostbench exits): %1 to its process group"_s.arg(signalName(m_spec.stopSignal)));
    signalGroup(m_spec.stopSignal);
    return QDeadlineTimer(m_spec.app.stopGraceMs);
}

void AppProcess::finishTerminate(const QDeadlineTimer &deadline)
{
    if (m_terminating) {
        m_process->waitForFinished(int(std::max<qint64>(1, deadline.remainingTime())));
        while (groupAlive() && !deadline.hasExpired())
            QThread::msleep(10);
        if (m_process->state() != QProcess::NotRunning || groupAlive()) {
            m_log->note(u"SIGKILL to its process group"_s);
            signalGroup(SIGKILL);
        }
        m_process->waitForFinished(2000);
        m_log->append(AppLog::Stream::Out, m_process->readAllStandardOutput());
        m_log->append(AppLog::Stream::Err, m_process->readAllStandardError());
        m_log->flush();
        m_log->note(u"stopped"_s);
    }
    m_terminating = false;
    m_process.reset();
    m_pid = 0;
    m_leaderGone = true;
    m_state = State::Stopped;
}

void AppProcess::signalGroup(int signal) const
{
    if (m_pid <= 0)
        return;
    // Before its setsid() the child has no group of its own yet.
    if (::kill(-pid_t(m_pid), signal) != 0 && !m_leaderGone)
        ::kill(pid_t(m_pid), signal);
}

bool AppProcess::groupAlive() const
{
    return m_pid > 0 && ::kill(-pid_t(m_pid), 0) == 0;
}

void AppProcess::writeErrorLog(const QString &text) const
{
    // The error log's layout (http::LogFormat); appended in one write, as the
    // engine's log thread appends its own lines (O_APPEND).
    if (m_spec.errorLogPath.isEmpty())
        return;
    QFile file(m_spec.errorLogPath);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append))
        return;
    file.write((QDateTime::currentDateTime().toString(u"yyyy/MM/dd HH:mm:ss"_s) + u" [error] "_s + text
        + u", server: "_s + m_spec.site + u'\n')
                   .toUtf8());
}

void AppProcess::setState(State state, const QString &message)
{
    m_state = state;
    if (!message.isEmpty())
        m_message = message;
    emit stateChanged();
}

} // namespace hostbench::service
