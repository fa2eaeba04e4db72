#pragma once

#include "instance/AppProcess.h"
#include "model/VirtualHost.h"

#include <QList>
#include <QObject>
#include <QSet>
#include <QString>
#include <QTimer>

#include <memory>

class QProcess;

namespace hostbench::service {

/*
 * The PHP-FPM pool Hostbench runs for the sites whose PHP address is "auto"
 * (issue #25), one per data folder, owned by service::Instance beside the
 * sites' apps so that the window and `hostbench-cli serve` share it.
 *
 * apply() is given the sites at each engine start and reload: while one of
 * them is "auto", the pool runs; when none is (or stop(): the engine
 * stopped), it stops. It runs the php-fpm that PhpFpmSetup::findBinary()
 * finds, with the php-fpm.conf of PhpFpmSetup::configText() written under
 * the data folder (DATA/php, 0700; the file 0600), as an AppProcess: no
 * shell, a process group of its own, dead with Hostbench, never a daemon
 * (--nodaemonize), started again after the app supervisor's backoff when it
 * exits, stopped with SIGQUIT (PHP-FPM's graceful stop), SIGKILL to the
 * group after the grace period. It runs as whoever runs Hostbench when it
 * starts, after the engine gave root up (serve --user): as root (serve
 * --user root) the pool says `user = root` and php-fpm gets
 * --allow-to-run-as-root. php-fpm's own log and its output go to
 * DATA/logs/php-fpm.log (the Logs page's "PHP-FPM").
 *
 * Nothing waits: the socket is tried (a connect) every kSocketPollMs for up
 * to socketWaitMs (state Starting, then Ready once php-fpm listens; a pool
 * that never makes it says so in message()), the version (`php-fpm -v`) is read by a QProcess once.
 * The engine serves meanwhile (502 on the PHP sites until the socket is
 * there). No PHP-FPM installed: state NotInstalled, message()
 * PhpFpmSetup::notInstalledMessage(), the same line in each "auto" site's
 * error log; the other sites serve as ever.
 *
 * The destructor stops a pool still running and waits for it (up to the
 * grace period): it is for Hostbench's exit.
 *
 * Thread: the thread that owns service::Instance (the GUI thread, serve's
 * main thread); every signal comes there.
 */
class PhpFpmPool final : public QObject
{
    Q_OBJECT

public:
    static constexpr int kSocketPollMs = 50;
    static constexpr int kStopGraceMs = 8000; // php-fpm's process_control_timeout is 5 s

    enum class State {
        Off, // no site is "auto" (or stopped)
        NotInstalled, // no php-fpm found: message() says which package to install
        Failed, // its configuration could not be written: message() says why
        Starting, // php-fpm started, its socket not there yet
        Ready, // its socket is there
        Waiting, // php-fpm exited; started again after the backoff
        GaveUp, // it exited AppTiming::maxFailures times in a row
    };

    explicit PhpFpmPool(QObject *parent = nullptr);
    ~PhpFpmPool() override;

    // The data folder whose php/ the pool uses (Instance: the engine's
    // ServerConfig::dataFolder); read at the next start.
    void setDataFolder(const QString &folder) { m_dataFolder = folder; }
    const QString &dataFolder() const { return m_dataFolder; }
    // For tests: shorter backoffs (AppTiming) and socket wait; for pools started after.
    void setTiming(const AppTiming &timing) { m_timing = timing; }
    void setSocketWaitMs(int ms) { m_socketWaitMs = ms; }

    // Starts the pool if a site of `sites` is "auto" and it does not run,
    // restarts it if its configuration changed (`workers`, the engine's
    // thread count, sizes it), stops it if no site is "auto".
    void apply(const QList<model::VirtualHost> &sites, int workers);
    void stop(); // asynchronous; idempotent

    State state() const { return m_state; }
    // What happened last, or why it is down, in English (for the window's
    // and serve's status): "PHP-FPM is not installed: install Debian's
    // package php8.2-fpm ..." and such.
    const QString &message() const { return m_message; }
    // The PHP version in use, as the first line of `php-fpm -v` says it:
    // "PHP 8.2.7 (fpm-fcgi)"; empty until read (versionChanged()), or when
    // none is installed.
    const QString &phpVersion() const { return m_version; }
    // The php-fpm run (empty: none found yet, or none installed).
    const QString &binary() const { return m_binary; }
    // The master's pid while it runs; 0 otherwise.
    qint64 pid() const;
    // Where it listens and logs (for the data folder set); the engine's
    // sites get "unix:" + socketPath() for "auto" (PhpFpmSetup::resolved).
    QString socketPath() const;
    QString logPath() const;
    // The process that php-fpm runs as (null while Off, NotInstalled, Failed).
    const AppProcess *process() const { return m_process.get(); }

signals:
    // state() or message() changed.
    void changed();
    // phpVersion() is known.
    void versionChanged(const QString &version);

private:
    void start(int workers);
    bool writeConfig(const QString &text, QString *error);
    void onProcessChanged();
    void pollSocket();
    void readVersion();
    void tellSites(const QString &text);
    void setState(State state, const QString &message);

    QString m_dataFolder;
    AppTiming m_timing;
    int m_socketWaitMs = 10'000;
    State m_state = State::Off;
    QString m_message;
    QString m_binary;
    QString m_version;
    QString m_config; // the text php-fpm runs with
    QList<model::VirtualHost> m_autoSites; // of the last apply(), for their error logs
    QSet<QString> m_told; // sites whose error log has the current message
    std::unique_ptr<AppProcess> m_process;
    std::unique_ptr<QProcess> m_versionProcess;
    QTimer m_socketTimer;
    int m_socketPolls = 0;
};

} // namespace hostbench::service
