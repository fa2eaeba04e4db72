#pragma once

#include "model/ServerConfig.h"

#include <QByteArray>
#include <QString>
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

    bool startEngineAtLaunch() const;
    void setStartEngineAtLaunch(bool on);

    // The control API listens on 127.0.0.1:controlApiPort() while the engine
    // runs, if enabled; port 0 picks a free one.
    bool controlApiEnabled() const;
    void setControlApiEnabled(bool on);
    quint16 controlApiPort() const;
    void setControlApiPort(quint16 port);

    // The language of the window's texts: a code of Translations::languages()
    // ("de", "pt_BR"), or empty for the system locale's (the default). Read
    // once at start (main.cpp); a change takes effect at the next start.
    QString language() const;
    void setLanguage(const QString &code);

    // Closing the window leaves Hostbench in the system tray (where there is
    // one), serving; said once, the first time (trayNoticeShown()).
    bool keepInTray() const;
    void setKeepInTray(bool on);
    bool trayNoticeShown() const;
    void setTrayNoticeShown(bool shown);

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray &geometry);

    // Free-form values of the pages (last benchmark parameters and the like).
    QString value(const QString &key, const QString &fallback = {}) const;
    void setValue(const QString &key, const QString &value);
    int intValue(const QString &key, int fallback) const;
    // A form field's value under `key`: the text of a combo box or line edit,
    // a spin box's number, whether a button is checked ("1" or "0"). restoreField
    // sets `fallback` when nothing (or nothing readable) is stored.
    void saveField(const QString &key, const QWidget *field);
    void restoreField(const QString &key, QWidget *field, const QVariant &fallback) const;
    bool boolValue(const QString &key, bool fallback) const;

private:
    storage::Database &m_database;
};

} // namespace hostbench::ui
