// The box the window shows instead of itself when its data folder cannot be
// opened: real widgets (offscreen), a real damaged file in a temporary folder.
#include "storage/DataFolder.h"
#include "ui/DataFolderErrorBox.h"

#include <QFile>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace hostbench;

class TestDataFolderError final : public QObject
{
    Q_OBJECT

private slots:
    void saveCopyKeepsTheBoxAndTheFile();
    void noCopyButtonWithoutAFile();
};

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

void TestDataFolderError::saveCopyKeepsTheBoxAndTheFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QByteArray garbage = QByteArray("SQLite format 3\0 but damaged after", 35).repeated(100);
    const QString file = dir.filePath(u"hostbench.sqlite"_s);
    {
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(garbage);
    }
    storage::DataFolder folder;
    QString error;
    QVERIFY(!folder.open(dir.path(), &error));

    ui::DataFolderErrorBox box(dir.path(), folder.databasePath(), error);
    box.show();
    QVERIFY(QTest::qWaitForWindowExposed(&box));
    QVERIFY2(box.informativeText().contains(error), qPrintable(box.informativeText()));
    QVERIFY(box.informativeText().contains(u"Nothing was changed"_s));
    auto *saveCopy = box.findChild<QPushButton *>(u"saveCopy"_s);
    QVERIFY(saveCopy);
    QTest::mouseClick(saveCopy, Qt::LeftButton);

    QVERIFY2(box.isVisible(), "the copy closed the box");
    QVERIFY(!box.copyPath().isEmpty());
    QVERIFY2(box.informativeText().contains(box.copyPath()), qPrintable(box.informativeText()));
    QCOMPARE(readAll(box.copyPath()), garbage);
    QCOMPARE(readAll(file), garbage); // never reset
    QVERIFY(!saveCopy->isEnabled());
    box.close();
}

void TestDataFolderError::noCopyButtonWithoutAFile()
{
    // A folder that cannot be made has no database to copy.
    QTemporaryDir dir;
    const QString blocked = dir.filePath(u"file"_s);
    {
        QFile out(blocked);
        QVERIFY(out.open(QIODevice::WriteOnly));
    }
    storage::DataFolder folder;
    QString error;
    QVERIFY(!folder.open(blocked, &error));
    ui::DataFolderErrorBox box(blocked, folder.databasePath(), error);
    QVERIFY(!box.findChild<QPushButton *>(u"saveCopy"_s));
    QVERIFY2(box.informativeText().contains(u"is a file, not a folder"_s), qPrintable(box.informativeText()));
}

QTEST_MAIN(TestDataFolderError)
#include "tst_datafoldererror.moc"
