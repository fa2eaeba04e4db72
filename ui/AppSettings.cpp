#include "ui/AppSettings.h"

#include "storage/Database.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSpinBox>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

AppSettings::AppSettings(storage::Database &database)
    : m_database(database)
{ }

namespace {

struct Declaration
{
    AppSettings::Key key;
    QString name; // under "gui/"
    QVariant fallback; // its type is the setting's
    qint64 minimum = 0; // for an int
    qint64 maximum = 0;
};

// Every setting of AppSettings::Key, once: its stored name, type and default.
const Declaration &declaration(AppSettings::Key key)
{
    using Key = AppSettings::Key;
    static const Declaration kDeclarations[] = {
        { Key::StartEngineAtLaunch, u"startEngineAtLaunch"_s, true },
        { Key::ControlApiEnabled, u"controlApiEnabled"_s, true },
        { Key::ControlApiPort, u"controlApiPort"_s, int(AppSettings::kDefaultControlApiPort), 0, 65535 },
        { Key::Language, u"language"_s, QString() },
        { Key::KeepInTray, u"keepInTray"_s, true },
        { Key::TrayNoticeShown, u"trayNoticeShown"_s, false },
        { Key::WindowGeometry, u"windowGeometry"_s, QByteArray() },
        { Key::LatencyLogScale, u"latencyLogScale"_s, false },
        { Key::ShootoutServers, u"shootout/servers"_s, u"hostbench,nginx"_s },
        { Key::ShootoutWorkloads, u"shootout/workloads"_s, u"W1,W6"_s },
        { Key::ShootoutOpenModel, u"shootout/openModel"_s, false },
        { Key::ShootoutConnections, u"shootout/connections"_s, 0, 0, 10'000 },
        { Key::ShootoutKeepAlive, u"shootout/keepAlive"_s, true },
        { Key::ShootoutRate, u"shootout/rate"_s, 1000, 1, 10'000'000 },
        { Key::ShootoutDurationMs, u"shootout/durationMs"_s, 5000, 100, 3'600'000 },
        { Key::ShootoutRounds, u"shootout/rounds"_s, 3, 1, 100 },
        { Key::ShootoutCapacity, u"shootout/capacity"_s, false },
        { Key::ShootoutSlo, u"shootout/slo"_s, u"p99<10ms"_s },
        { Key::ShootoutStepMs, u"shootout/stepMs"_s, 3000, 500, 3'600'000 },
    };
    const Declaration &found = kDeclarations[int(key)];
    Q_ASSERT(found.key == key); // the table is in the enum's order
    return found;
}

} // namespace

QString AppSettings::storedKey(Key key)
{
    return u"gui/"_s + declaration(key).name;
}

QVariant AppSettings::get(Key key) const
{
    const Declaration &d = declaration(key);
    switch (d.fallback.typeId()) {
    case QMetaType::Bool:
        return boolValue(d.name, d.fallback.toBool());
    case QMetaType::Int: {
        const int number = intValue(d.name, d.fallback.toInt());
        return number >= d.minimum && number <= d.maximum ? number : d.fallback.toInt();
    }
    case QMetaType::QByteArray:
        return QByteArray::fromBase64(value(d.name).toLatin1());
    default:
        return value(d.name, d.fallback.toString());
    }
}

void AppSettings::set(Key key, const QVariant &stored)
{
    const Declaration &d = declaration(key);
    switch (d.fallback.typeId()) {
    case QMetaType::Bool:
        setValue(d.name, stored.toBool() ? u"1"_s : u"0"_s);
        break;
    case QMetaType::Int:
        setValue(d.name, QString::number(stored.toInt()));
        break;
    case QMetaType::QByteArray:
        setValue(d.name, QString::fromLatin1(stored.toByteArray().toBase64()));
        break;
    default:
        setValue(d.name, stored.toString());
        break;
    }
}

AppSettings::ShootoutForm AppSettings::shootoutForm() const
{
    const auto ids = [this](Key key) {
        QStringList list;
        for (const QString &id : get(key).toString().split(u',', Qt::SkipEmptyParts))
            if (!id.trimmed().isEmpty())
                list.append(id.trimmed());
        return list;
    };
    ShootoutForm form;
    form.servers = ids(Key::ShootoutServers);
    form.workloads = ids(Key::ShootoutWorkloads);
    form.openModel = get(Key::ShootoutOpenModel).toBool();
    form.connections = get(Key::ShootoutConnections).toInt();
    form.keepAlive = get(Key::ShootoutKeepAlive).toBool();
    form.rate = get(Key::ShootoutRate).toInt();
    form.durationSeconds = get(Key::ShootoutDurationMs).toInt() / 1000.0;
    form.rounds = get(Key::ShootoutRounds).toInt();
    form.capacity = get(Key::ShootoutCapacity).toBool();
    form.slo = get(Key::ShootoutSlo).toString();
    form.stepSeconds = get(Key::ShootoutStepMs).toInt() / 1000.0;
    return form;
}

void AppSettings::setShootoutForm(const ShootoutForm &form)
{
    set(Key::ShootoutServers, form.servers.join(u','));
    set(Key::ShootoutWorkloads, form.workloads.join(u','));
    set(Key::ShootoutOpenModel, form.openModel);
    set(Key::ShootoutConnections, form.connections);
    set(Key::ShootoutKeepAlive, form.keepAlive);
    set(Key::ShootoutRate, form.rate);
    set(Key::ShootoutDurationMs, int(form.durationSeconds * 1000 + 0.5));
    set(Key::ShootoutRounds, form.rounds);
    set(Key::ShootoutCapacity, form.capacity);
    set(Key::ShootoutSlo, form.slo);
    set(Key::ShootoutStepMs, int(form.stepSeconds * 1000 + 0.5));
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
    else if (const auto *text = qobject_cast<const QPlainTextEdit *>(field))
        setValue(key, text->toPlainText()); // as typed: a body's blanks are part of it
    else if (const auto *box = qobject_cast<const QSpinBox *>(field))
        setValue(key, QString::number(box->value()));
    else if (const auto *box = qobject_cast<const QDoubleSpinBox *>(field))
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
    else if (auto *text = qobject_cast<QPlainTextEdit *>(field))
        text->setPlainText(value(key, fallback.toString()));
    else if (auto *box = qobject_cast<QSpinBox *>(field))
        box->setValue(intValue(key, fallback.toInt()));
    else if (auto *box = qobject_cast<QDoubleSpinBox *>(field)) {
        bool ok = false;
        const double stored = value(key).toDouble(&ok);
        box->setValue(ok ? stored : fallback.toDouble());
    } else if (auto *button = qobject_cast<QAbstractButton *>(field))
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
