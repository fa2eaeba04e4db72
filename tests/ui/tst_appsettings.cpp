// AppSettings in a real SQLite file: a form field saved with saveField()
// comes back with restoreField() into a new widget of its kind, a field with
// nothing (or nothing readable) stored gets its default, and the keys live
// under "gui/" in the table `settings`; each declared setting reads its
// default, stores what is written in its type's form, and reads its default
// again from a stored value that does not read.
#include "storage/Database.h"
#include "ui/AppSettings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRadioButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace hostbench;

class TestAppSettings final : public QObject
{
    Q_OBJECT

private slots:
    void fieldsRoundTrip();
    void defaultsWhenNothingReadable();
    void declaredSettings_data();
    void declaredSettings();
};

void TestAppSettings::fieldsRoundTrip()
{
    QTemporaryDir dir;
    storage::Database database;
    QVERIFY(database.open(dir.filePath(u"h.sqlite"_s)));
    ui::AppSettings settings(database);

    QComboBox combo;
    combo.setEditable(true);
    combo.setCurrentText(u"  http://127.0.0.1:8080/x  "_s);
    QLineEdit edit(u"text"_s);
    QSpinBox box;
    box.setRange(0, 100000);
    box.setValue(4242);
    QCheckBox check;
    check.setChecked(true);
    QRadioButton radio;
    radio.setChecked(false);
    // A body or headers: kept as typed, blanks and line ends included.
    const QString lines = u"  {\"a\": 1}\n\tX-B: 2\n\n"_s;
    QPlainTextEdit text(lines);
    settings.saveField(u"t/text"_s, &text);
    settings.saveField(u"t/combo"_s, &combo);
    settings.saveField(u"t/edit"_s, &edit);
    settings.saveField(u"t/box"_s, &box);
    settings.saveField(u"t/check"_s, &check);
    settings.saveField(u"t/radio"_s, &radio);
    QCOMPARE(database.setting(u"gui/t/combo"_s), u"http://127.0.0.1:8080/x"_s); // trimmed
    QCOMPARE(database.setting(u"gui/t/box"_s), u"4242"_s);
    QCOMPARE(database.setting(u"gui/t/check"_s), u"1"_s);
    QCOMPARE(database.setting(u"gui/t/radio"_s), u"0"_s);
    QCOMPARE(database.setting(u"gui/t/text"_s), lines);

    QComboBox combo2;
    combo2.setEditable(true);
    QLineEdit edit2;
    QSpinBox box2;
    box2.setRange(0, 100000);
    QCheckBox check2;
    QRadioButton radio2; // unchecked; the fallback (true) is not taken
    QPlainTextEdit text2;

    settings.restoreField(u"t/combo"_s, &combo2, u"fallback"_s);
    settings.restoreField(u"t/edit"_s, &edit2, u"fallback"_s);
    settings.restoreField(u"t/box"_s, &box2, 7);
    settings.restoreField(u"t/check"_s, &check2, false);
    settings.restoreField(u"t/radio"_s, &radio2, true);
    settings.restoreField(u"t/text"_s, &text2, u"fallback"_s);
    QCOMPARE(text2.toPlainText(), lines);
    QCOMPARE(combo2.currentText(), u"http://127.0.0.1:8080/x"_s);
    QCOMPARE(edit2.text(), u"text"_s);
    QCOMPARE(box2.value(), 4242);
    QVERIFY(check2.isChecked());
    QVERIFY(!radio2.isChecked());
}

void TestAppSettings::defaultsWhenNothingReadable()
{
    QTemporaryDir dir;
    storage::Database database;
    QVERIFY(database.open(dir.filePath(u"h.sqlite"_s)));
    ui::AppSettings settings(database);
    QVERIFY(database.setSetting(u"gui/t/box"_s, u"many"_s));

    QSpinBox box;
    box.setRange(0, 100);
    settings.restoreField(u"t/box"_s, &box, 9); // stored, but not a number
    QCOMPARE(box.value(), 9);
    QCheckBox check;
    settings.restoreField(u"t/never"_s, &check, true); // nothing stored
    QVERIFY(check.isChecked());
    QLineEdit edit(u"old"_s);
    settings.restoreField(u"t/never"_s, &edit, u"new"_s);
    QCOMPARE(edit.text(), u"new"_s);
}

using Key = ui::AppSettings::Key;
Q_DECLARE_METATYPE(Key)

void TestAppSettings::declaredSettings_data()
{
    // Each declared setting: its stored key, its default, a value written and
    // how it is stored, and a stored text that does not read (its default then).
    QTest::addColumn<Key>("key");
    QTest::addColumn<QString>("storedKey");
    QTest::addColumn<QVariant>("fallback");
    QTest::addColumn<QVariant>("written");
    QTest::addColumn<QString>("stored");
    QTest::addColumn<QString>("unreadable");
    QTest::newRow("start engine") << Key::StartEngineAtLaunch << u"gui/startEngineAtLaunch"_s
                                  << QVariant(true) << QVariant(false) << u"0"_s << u""_s;
    QTest::newRow("control api") << Key::ControlApiEnabled << u"gui/controlApiEnabled"_s << QVariant(true)
                                 << QVariant(false) << u"0"_s << u""_s;
    QTest::newRow("control port") << Key::ControlApiPort << u"gui/controlApiPort"_s << QVariant(8079)
                                  << QVariant(9100) << u"9100"_s << u"70000"_s;
    QTest::newRow("control port text") << Key::ControlApiPort << u"gui/controlApiPort"_s << QVariant(8079)
                                       << QVariant(0) << u"0"_s << u"eighty"_s;
    QTest::newRow("language") << Key::Language << u"gui/language"_s << QVariant(QString())
                              << QVariant(u"pt_BR"_s) << u"pt_BR"_s << u""_s;
    QTest::newRow("tray") << Key::KeepInTray << u"gui/keepInTray"_s << QVariant(true) << QVariant(false)
                          << u"0"_s << u""_s;
    QTest::newRow("tray notice") << Key::TrayNoticeShown << u"gui/trayNoticeShown"_s << QVariant(false)
                                 << QVariant(true) << u"1"_s << u""_s;
    QTest::newRow("geometry") << Key::WindowGeometry << u"gui/windowGeometry"_s << QVariant(QByteArray())
                              << QVariant(QByteArray("\x01\xd9\xd0\xcb", 4)) << u"AdnQyw=="_s << u""_s;
    QTest::newRow("latency log scale") << Key::LatencyLogScale << u"gui/latencyLogScale"_s << QVariant(false)
                                       << QVariant(true) << u"1"_s << u""_s;
    // The Shootout page's form (the lists, free text, are the page test's).
    QTest::newRow("shootout open model") << Key::ShootoutOpenModel << u"gui/shootout/openModel"_s
                                         << QVariant(false) << QVariant(true) << u"1"_s << u""_s;
    QTest::newRow("shootout connections") << Key::ShootoutConnections << u"gui/shootout/connections"_s
                                          << QVariant(0) << QVariant(64) << u"64"_s << u"10001"_s;
    QTest::newRow("shootout keep-alive") << Key::ShootoutKeepAlive << u"gui/shootout/keepAlive"_s
                                         << QVariant(true) << QVariant(false) << u"0"_s << u""_s;
    QTest::newRow("shootout rate") << Key::ShootoutRate << u"gui/shootout/rate"_s << QVariant(1000)
                                   << QVariant(25000) << u"25000"_s << u"0"_s;
    QTest::newRow("shootout duration") << Key::ShootoutDurationMs << u"gui/shootout/durationMs"_s
                                       << QVariant(5000) << QVariant(2500) << u"2500"_s << u"99"_s;
    QTest::newRow("shootout rounds") << Key::ShootoutRounds << u"gui/shootout/rounds"_s << QVariant(3)
                                     << QVariant(7) << u"7"_s << u"fifty"_s;
}

void TestAppSettings::declaredSettings()
{
    QFETCH(Key, key);
    QFETCH(QString, storedKey);
    QFETCH(QVariant, fallback);
    QFETCH(QVariant, written);
    QFETCH(QString, stored);
    QFETCH(QString, unreadable);
    QTemporaryDir dir;
    storage::Database database;
    QVERIFY(database.open(dir.filePath(u"h.sqlite"_s)));
    ui::AppSettings settings(database);
    QCOMPARE(ui::AppSettings::storedKey(key), storedKey);
    QCOMPARE(settings.get(key), fallback); // nothing stored
    settings.set(key, written);
    QCOMPARE(database.setting(storedKey), stored);
    QCOMPARE(settings.get(key), written);
    QVERIFY(database.setSetting(storedKey, unreadable));
    QCOMPARE(settings.get(key), fallback);
}

QTEST_MAIN(TestAppSettings)
#include "tst_appsettings.moc"
