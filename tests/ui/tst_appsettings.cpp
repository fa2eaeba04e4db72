// AppSettings in a real SQLite file: a form field saved with saveField()
// comes back with restoreField() into a new widget of its kind, a field with
// nothing (or nothing readable) stored gets its default, and the keys live
// under "gui/" in the table `settings`.
#include "storage/Database.h"
#include "ui/AppSettings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
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
    settings.saveField(u"t/combo"_s, &combo);
    settings.saveField(u"t/edit"_s, &edit);
    settings.saveField(u"t/box"_s, &box);
    settings.saveField(u"t/check"_s, &check);
    settings.saveField(u"t/radio"_s, &radio);
    QCOMPARE(database.setting(u"gui/t/combo"_s), u"http://127.0.0.1:8080/x"_s); // trimmed
    QCOMPARE(database.setting(u"gui/t/box"_s), u"4242"_s);
    QCOMPARE(database.setting(u"gui/t/check"_s), u"1"_s);
    QCOMPARE(database.setting(u"gui/t/radio"_s), u"0"_s);

    QComboBox combo2;
    combo2.setEditable(true);
    QLineEdit edit2;
    QSpinBox box2;
    box2.setRange(0, 100000);
    QCheckBox check2;
    QRadioButton radio2; // unchecked; the fallback (true) is not taken

    settings.restoreField(u"t/combo"_s, &combo2, u"fallback"_s);
    settings.restoreField(u"t/edit"_s, &edit2, u"fallback"_s);
    settings.restoreField(u"t/box"_s, &box2, 7);
    settings.restoreField(u"t/check"_s, &check2, false);
    settings.restoreField(u"t/radio"_s, &radio2, true);
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

QTEST_MAIN(TestAppSettings)
#include "tst_appsettings.moc"
