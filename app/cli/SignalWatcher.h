#pragma once

#include <QObject>

#include <functional>
#include <memory>

class QSocketNotifier;

namespace hostbench::cli {

/*
 * Turns SIGINT and SIGTERM (and, when asked, SIGHUP) into a call on the Qt event loop (the self-pipe
 * trick: the handler only write()s the signal number to a socketpair, which
 * is async-signal-safe; a QSocketNotifier reads it on the owner's thread).
 * At most one watcher exists at a time; the destructor restores the
 * previous handlers. Thread: the main thread, with an event loop.
 */
class SignalWatcher final : public QObject
{
    Q_OBJECT

public:
    // `onSignal` receives the signal number, on this object's thread.
    // With `watchHangup`, SIGHUP comes too (serve reloads on it, as nginx).
    explicit SignalWatcher(
        std::function<void(int)> onSignal, bool watchHangup = false, QObject *parent = nullptr);
    ~SignalWatcher() override;

    // False when the socketpair or the handlers could not be set up.
    bool isActive() const { return m_active; }

private:
    static void handle(int signal);
    void readSignal();

    std::function<void(int)> m_onSignal;
    int m_fds[2] = { -1, -1 };
    std::unique_ptr<QSocketNotifier> m_notifier;
    bool m_active = false;
};

} // namespace hostbench::cli
