#pragma once

#include <QColor>
#include <QObject>

class QAction;
class QMenu;
class QSystemTrayIcon;

namespace hostbench::ui {

class BenchmarkPage;
class EngineController;

/*
 * Hostbench in the system tray: an icon whose dot says the state (grey:
 * engine stopped, green: serving, orange: a benchmark running), a tooltip
 * with the served URL, and a menu: Start or Stop the engine, Show Window,
 * Quit. The actions only ask (signals): the window does the work, with its
 * error messages. Shown only where the desktop has a tray
 * (QSystemTrayIcon::isSystemTrayAvailable()). GUI thread.
 */
class TrayIcon final : public QObject
{
    Q_OBJECT

public:
    enum class State { Stopped, Serving, Benchmarking };

    TrayIcon(EngineController &engine, BenchmarkPage &benchmark, QObject *parent = nullptr);
    ~TrayIcon() override;

    // Shows the icon if the desktop has a tray; false if it has none.
    bool showIfAvailable();
    bool isVisible() const;
    // A desktop notification from the icon (where the tray supports them);
    // notified() says what was shown.
    void notify(const QString &title, const QString &message);

    State state() const { return m_state; }
    static QColor color(State state);
    QSystemTrayIcon *systemTrayIcon() const { return m_tray; }
    QMenu *menu() const { return m_menu; }
    QAction *startStopAction() const { return m_startStop; }
    QAction *showWindowAction() const { return m_showWindow; }
    QAction *quitAction() const { return m_quit; }

signals:
    void startRequested();
    void stopRequested();
    void showWindowRequested();
    void quitRequested();
    void notified(const QString &title, const QString &message);

private:
    void update();

    EngineController &m_engine;
    BenchmarkPage &m_benchmark;
    State m_state = State::Stopped;
    QMenu *m_menu = nullptr; // no parent widget: deleted by ~TrayIcon()
    QSystemTrayIcon *m_tray = nullptr;
    QAction *m_startStop = nullptr;
    QAction *m_showWindow = nullptr;
    QAction *m_quit = nullptr;
};

} // namespace hostbench::ui
