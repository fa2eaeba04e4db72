#pragma once

#include "shootout/ShootoutEvent.h"
#include "shootout/ShootoutOptions.h"

#include <QByteArray>
#include <QObject>
#include <QProcess>
#include <QStringList>

namespace hostbench::shootout {

/*
 * `hostbench-cli shootout` as a child process, the way the Shootout page
 * runs one: started with options.arguments() and --progress json, its
 * stderr read line by line as ShootoutEvent objects (event()); a line that
 * is no event (a warning of Qt's, say) comes as text (line()), as does
 * what it printed on stdout (the tables), once it has ended. The window
 * never waits on it: everything arrives through the event loop.
 *
 * Thread: the thread that creates it (it needs a running event loop).
 */
class ShootoutJob final : public QObject
{
    Q_OBJECT

public:
    explicit ShootoutJob(QObject *parent = nullptr);
    // A shootout under way is stopped (SIGTERM: it stops its servers and
    // removes its folder), waited for up to 15 s, then killed.
    ~ShootoutJob() override;

    // Starts `program` (a hostbench-cli) for `options`; false with the
    // reason in *error when it is running already or cannot be started.
    bool start(const QString &program, ShootoutOptions options, QString *error);
    // SIGTERM: it stops the run under way and stores what it measured.
    void stop();
    bool isRunning() const;
    // The arguments of the last start.
    QStringList arguments() const { return m_arguments; }

signals:
    void event(const hostbench::shootout::ShootoutEvent &event);
    void line(const QString &text);
    // It ended: its exit code (1: failed, see the error event), or crashed.
    void finished(int exitCode, bool crashed);

private:
    void readErrors();
    void handleLine(const QByteArray &line);
    void processFinished(int exitCode, QProcess::ExitStatus status);

    QProcess *m_process = nullptr;
    QByteArray m_pending; // stderr not yet a whole line
    QStringList m_arguments;
};

} // namespace hostbench::shootout
