#pragma once

#include "model/ServerConfig.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QVariant>

class QWidget;

namespace hostbench::storage {
class Database;
}

namespace hostbench::ui {

/*
 * The GUI's own settings, kept in the data folder's database (table
 * `settings`, keys under "gui/") so that a data folder carries everything
 * and tests with a temporary folder never touch the user's configuration.
 * GUI thread (the thread that owns the Database).
 */
class AppSettings final
{
public:
    static constexpr quint16 kDefaultControlApiPort = model::ServerConfig::kDefaultControlPort;

    explicit AppSettings(storage::Database &database);

    // The window's own settings. Each is declared once, with its key and
    // default, in AppSettings.cpp's table; get() and set() derive reading and
    // writing from its declaration. A stored value that does not read gives
    // the default.
    enum class Key {
        StartEngineAtLaunch, // bool
        // The control API listens on 127.0.0.1:ControlApiPort while the engine
        // runs, if enabled; port 0 picks a free one.
        ControlApiEnabled, // bool
        ControlApiPort, // int, 0..65535
        // The language of the window's texts: a code of Translations::languages()
        // ("de", "pt_BR"), or empty for the system locale's (the default). Read
        // once at start (main.cpp); a change takes effect at the next start.
        Language, // QString
        // Closing the window leaves Hostbench in the system tray (where there
        // is one), serving; said once, the first time (TrayNoticeShown).
        KeepInTray, // bool
        TrayNoticeShown, // bool
        WindowGeometry, // QByteArray (QWidget::saveGeometry)
        // The run charts' latency axis is logarithmic (BenchCharts::setLogScale),
        // on the Benchmark and Runs pages alike.
        LatencyLogScale, // bool
        // The Shootout page's form (shootoutForm() reads them together).
        ShootoutServers, // QString: server ids, comma-separated
        ShootoutWorkloads, // QString: workload ids, comma-separated
        ShootoutOpenModel, // bool: the open model (a rate), else the closed one
        ShootoutConnections, // int, 0..10000; 0: each workload's own
        ShootoutKeepAlive, // bool
        ShootoutRate, // int, requests/s, 1..10'000'000
        ShootoutDurationMs, // int, per run, 100..3'600'000
        ShootoutRounds, // int, 1..100
        ShootoutCapacity, // bool: rank by capacity at the SLOs (shootout --capacity)
        ShootoutSlo, // QString: the SLOs as typed, parted by commas
        ShootoutStepMs, // int, each step's judged part, 500..3'600'000
    };
    QVariant get(Key key) const; // of the declared type
    void set(Key key, const QVariant &value); // converted to the declared type
    // The stored key of a setting, under "gui/" in the table `settings`.
    static QString storedKey(Key key);

    bool startEngineAtLaunch() const { return get(Key::StartEngineAtLaunch).toBool(); }
    void setStartEngineAtLaunch(bool on) { set(Key::StartEngineAtLaunch, on); }
    bool controlApiEnabled() const { return get(Key::ControlApiEnabled).toBool(); }
    void setControlApiEnabled(bool on) { set(Key::ControlApiEnabled, on); }
    quint16 controlApiPort() const { return quint16(get(Key::ControlApiPort).toInt()); }
    void setControlApiPort(quint16 port) { set(Key::ControlApiPort, int(port)); }
    QString language() const { return get(Key::Language).toString(); }
    void setLanguage(const QString &code) { set(Key::Language, code); }
    bool keepInTray() const { return get(Key::KeepInTray).toBool(); }
    void setKeepInTray(bool on) { set(Key::KeepInTray, on); }
    bool trayNoticeShown() const { return get(Key::TrayNoticeShown).toBool(); }
    void setTrayNoticeShown(bool shown) { set(Key::TrayNoticeShown, shown); }
    QByteArray windowGeometry() const { return get(Key::WindowGeometry).toByteArray(); }
    void setWindowGeometry(const QByteArray &geometry) { set(Key::WindowGeometry, geometry); }
    bool latencyLogScale() const { return get(Key::LatencyLogScale).toBool(); }
    void setLatencyLogScale(bool on) { set(Key::LatencyLogScale, on); }

    // The Shootout page's form as last left; the defaults where nothing (or
    // nothing readable) is stored. Servers and workloads keep their order.
    struct ShootoutForm
    {
        QStringList servers { QStringLiteral("hostbench"), QStringLiteral("nginx") };
        QStringList workloads { QStringLiteral("W1"), QStringLiteral("W6") };
        bool openModel = false;
        int connections = 0; // 0: each workload's own
        bool keepAlive = true;
        int rate = 1000; // requests/s, with openModel
        double durationSeconds = 5; // per run; stored to the millisecond
        int rounds = 3;
        bool capacity = false; // --capacity, with the SLOs and the step below
        QString slo; // as typed: "p99<10ms, errors<0.1%"
        double stepSeconds = 3; // --step-duration; stored to the millisecond
    };
    ShootoutForm shootoutForm() const;
    void setShootoutForm(const ShootoutForm &form);

    // Free-form values of the pages (last benchmark parameters and the like).
    QString value(const QString &key, const QString &fallback = {}) const;
    void setValue(const QString &key, const QString &value);
    int intValue(const QString &key, int fallback) const;
    // A form field's value under `key`: the text of a combo box or line edit
    // (trimmed), of a plain text edit (as it is), a spin box's number, whether a button is checked ("1" or
    // "0"). restoreField sets `fallback` when nothing (or nothing readable) is stored.
    void saveField(const QString &key, const QWidget *field);
    void restoreField(const QString &key, QWidget *field, const QVariant &fallback) const;
    bool boolValue(const QString &key, bool fallback) const;

private:
    storage::Database &m_database;
};

} // namespace hostbench::ui
