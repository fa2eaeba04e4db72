#pragma once

#include "instance/AppLog.h"
#include "model/ProxyRoute.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QTimer>

#include <csignal>
#include <memory>
#include <optional>

namespace hostbench::service {

// What one site's app runs as: the command, its resolved folder, its logs.
struct AppSpec
{
    QString site; // host name
    model::AppCommand app;
    QString workingDir; // app.workingDir, or the site's document root
    QString logPath; // AppLog::pathFor(); empty: no app log
    qint64 rotateBytes = 0; // the site's logRotateBytes
    int rotateKeep = 0; // the site's logRotateKeep
    QString errorLogPath; // the site's error log, for the give-up line; empty: none
    int stopSignal = SIGTERM; // what stop() sends first (PHP-FPM's graceful stop: SIGQUIT)
    // What the app gets when Hostbench dies without stopping it (PR_SET_PDEATHSIG).
    // SIGKILL by default; a master that must take its workers with it (PHP-FPM)
    // needs one it can catch: a SIGKILLed php-fpm master leaves its workers running.
    int deathSignal = SIGKILL;

    // The same process: a change of anything else needs no restart.
    bool sameProcess(const AppSpec &other) const
    {
        return app.command == other.app.command && workingDir == other.workingDir
            && app.environment == other.app.environment;
    }
};

// The supervisor's clock: how long it waits before a restart, and when it
// gives up. The defaults are the product's; tests scale them down
// (AppSupervisor::setTiming), nothing else changes them.
struct AppTiming
{
    int firstBackoffMs = 1000; // after the first failed start; doubled after each next one
    int maxBackoffMs = 30 * 1000;
    int stableMs = 60 * 1000; // a run this long resets the count of failed starts
    int maxFailures = 5; // failed starts in a row, then no more tries
};

/*
 * One site's app server (model::AppCommand), run and watched: no shell
 * (QProcess::splitCommand), its folder, Hostbench's environment plus the
 * command's entries. The app leads a process group (and session) of its own
 * (setsid in the child), dies with Hostbench (PR_SET_PDEATHSIG, SIGKILL) and
 * inherits no descriptor beyond stdin, stdout and stderr (the engine's
 * listening sockets stay Hostbench's). stop(): SIGTERM (AppSpec::stopSignal) to the group, SIGKILL
 * to the group after stopGraceMs if any of it is left, so that the children
 * of `npm run dev` go too. When the app exits on its own, what is left of its
 * group is killed and it is started again after a backoff (AppTiming: 1 s,
 * 2 s, 4 s ... 30 s; a run of stableMs resets it); after maxFailures failed
 * starts in a row (a program that cannot be started, or a run shorter than
 * stableMs) it stays down (GaveUp) with the reason in message(), a line in
 * the app log and one in the site's error log. stdout and stderr go to the
 * app log (AppLog), with Hostbench's own lines on what happens.
 *
 * Never blocks its thread but in terminate(), which waits (up to the grace
 * period and a little more) and is for Hostbench's exit.
 *
 * Thread: the thread that owns the supervisor (the GUI thread, serve's main
 * thread); QProcess forks from it, so the death signal follows that thread.
 */
class AppProcess final : public QObject
{
    Q_OBJECT

public:
    enum class State {
        Starting, // the program is being started
        Running, // started, its pid known
        Waiting, // exited; started again after the backoff
        Stopping, // SIGTERM sent; SIGKILL after the grace period
        Stopped, // stopped by stop(), or never started
        GaveUp, // maxFailures failed starts in a row; message() says why
    };

    AppProcess(AppSpec spec, AppTiming timing, QObject *parent = nullptr);
    ~AppProcess() override; // terminate()

    const AppSpec &spec() const { return m_spec; }
    State state() const { return m_state; }
    // The app's pid (its process group's id) while it runs; 0 otherwise.
    qint64 pid() const { return m_state == State::Running || m_state == State::Stopping ? m_pid : 0; }
    // Why it stays down (GaveUp), or what happened last, in English.
    const QString &message() const { return m_message; }
    int failures() const { return m_failures; }
    // For the app log only; no restart (the grace period, the log's settings).
    void update(const AppSpec &spec);

    void start(); // from Stopped or GaveUp; the count of failures starts again
    void stop(); // asynchronous; stopped() when the whole group is gone
    // stop(), then start with `spec` once the old process group is gone.
    void restartWith(const AppSpec &spec);
    // Blocking: SIGTERM to the group, up to the grace period's wait, SIGKILL.
    void terminate();
    // terminate() in two halves, so that many apps are signalled at once and
    // waited for together: the first sends SIGTERM and says until when to
    // wait, the second waits, then SIGKILLs what is left. No signal comes after.
    QDeadlineTimer beginTerminate();
    void finishTerminate(const QDeadlineTimer &deadline);

signals:
    void stateChanged();
    void stopped();

private:
    void launch();
    void dropProcess();
    void signalGroup(int signal) const;
    void onStarted();
    void onEnded(const QString &reason);
    void onOutput(QProcess::ProcessChannel channel);
    void onGraceOver();
    void finishStop();
    void giveUp(const QString &reason);
    void writeErrorLog(const QString &text) const;
    void setState(State state, const QString &message);
    bool groupAlive() const;

    AppSpec m_spec;
    AppTiming m_timing;
    std::unique_ptr<AppLog> m_log;
    std::unique_ptr<QProcess> m_process;
    State m_state = State::Stopped;
    QString m_message;
    qint64 m_pid = 0;
    int m_failures = 0;
    QElapsedTimer m_ran;
    QTimer m_backoff;
    QTimer m_grace;
    bool m_leaderGone = true;
    bool m_terminating = false; // between beginTerminate() and finishTerminate()
    std::optional<AppSpec> m_next; // restartWith()'s, once stopped
};

} // namespace hostbench::service
