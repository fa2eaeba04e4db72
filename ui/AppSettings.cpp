#include "ui/AppSettings.h"

#include "storage/Database.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QLineEdit>
#include <QSpinBox>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

AppSettings::AppSettings(storage::Database &database)
    : m_database(database)
{ }

bool AppSettings::startEngineAtLaunch() const
{
    return boolValue(u"startEngineAtLaunch"_s, true);
}

void AppSettings::setStartEngineAtLaunch(bool on)
{
    setValue(u"startEngineAtLaunch"_s, on ? u"1"_s : u"0"_s);
}

bool AppSettings::controlApiEnabled() const
{
    return boolValue(u"controlApiEnabled"_s, true);
}

void AppSettings::setControlApiEnabled(bool on)
{
    setValue(u"controlApiEnabled"_s, on ? u"1"_s : u"0"_s);
}

quint16 AppSettings::controlApiPort() const
{
    const int port = intValue(u"controlApiPort"_s, kDefaultControlApiPort);
    return port >= 0 && port <= 65535 ? quint16(port) : kDefaultControlApiPort;
}

void AppSettings::setControlApiPort(quint16 port)
{
    setValue(u"controlApiPort"_s, QString::number(port));
}

QString AppSettings::language() const
{
    return value(u"language"_s);
}

void AppSettings::setLanguage(const QString &code)
{
    setValue(u"language"_s, code);
}

bool AppSettings::keepInTray() const
{
    return boolValue(u"keepInTray"_s, true);
}

void AppSettings::setKeepInTray(bool on)
{
    setValue(u"keepInTray"_s, on ? u"1"_s : u"0"_s);
}

bool AppSettings::trayNoticeShown() const
{
    return boolValue(u"trayNoticeShown"_s, false);
}

void AppSettings::setTrayNoticeShown(bool shown)
{
    setValue(u"trayNoticeShown"_s, shown ? u"1"_s : u"0"_s);
}

QByteArray AppSettings::windowGeometry() const
{
    return QByteArray::fromBase64(value(u"windowGeometry"_s).toLatin1());
}

void AppSettings::setWindowGeometry(const QByteArray &geometry)
{
    setValue(u"windowGeometry"_s, QString::fromLatin1(geometry.toBase64()));
}

QString AppSettings::value(const QString &key, const QString &fallback) const
{
    return m_database.setting(u"gui/"_s + key, fallback);
}

void AppSettings::setValue(const QString &key, const QString &value)
{
    // Best effort: a setting that cannot be stored is not worth a dialog.
    m_database.setSetting(u"gui/"_s + key, value);
}

void AppSettings::saveField(const QString &key, const QWidget *field)
{
    if (const auto *combo = qobject_cast<const QComboBox *>(field))
        setValue(key, combo->currentText().trimmed());
    else if (const auto *edit = qobject_cast<const QLineEdit *>(field))
        setValue(key, edit->text().trimmed());
    else if (const auto *box = qobject_cast<const QSpinBox *>(field))
        setValue(key, QString::number(box->value()));
    else if (const auto *button = qobject_cast<const QAbstractButton *>(field))
        setValue(key, button->isChecked() ? u"1"_s : u"0"_s);
    else
        Q_ASSERT_X(false, "AppSettings::saveField", "a kind of field it does not know");
}

void AppSettings::restoreField(const QString &key, QWidget *field, const QVariant &fallback) const
{
    if (auto *combo = qobject_cast<QComboBox *>(field))
        combo->setCurrentText(value(key, fallback.toString()));
    else if (auto *edit = qobject_cast<QLineEdit *>(field))
        edit->setText(value(key, fallback.toString()));
    else if (auto *box = qobject_cast<QSpinBox *>(field))
        box->setValue(intValue(key, fallback.toInt()));
    else if (auto *button = qobject_cast<QAbstractButton *>(field))
        button->setChecked(boolValue(key, fallback.toBool()));
    else
        Q_ASSERT_X(false, "AppSettings::restoreField", "a kind of field it does not know");
}

int AppSettings::intValue(const QString &key, int fallback) const
{
    bool ok = false;
    const int result = value(key).toInt(&ok);
    return ok ? result : fallback;
}

bool AppSettings::boolValue(const QString &key, bool fallback) const
{
    const QString text = value(key);
    return text.isEmpty() ? fallback : text == u"1"_s;
}

} // namespace hostbench::ui
