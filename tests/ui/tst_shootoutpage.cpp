// The Shootout page on a real data folder: a tiny shootout of Hostbench and
// nginx (W6, 1 s, 1 round) run from the page through the built
// hostbench-cli, real servers on 127.0.0.1; the table, the charts and the
// stored comparison. The servers the page finds are those in
// HOSTBENCH_SERVER_PATH: here nginx alone (a link to Debian's), so the
// others show as missing with their packages.
#include "storage/Database.h"
#include "ui/ShootoutCharts.h"
#include "ui/ShootoutPage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace hostbench;

class TestShootoutPage final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void missingServersAreDisabledWithTheirPackage();
    void emptyChoiceIsRefusedNextToTheField();
    void tinyShootoutFromThePage();

private:
    template <typename T> T *find(ui::ShootoutPage &page, const QString &name)
    {
        T *widget = page.findChild<T *>(name);
        if (!widget)
            qWarning("no %s", qPrintable(name));
        return widget;
    }

    QTemporaryDir m_dir;
    QString m_nginx;
};

void TestShootoutPage::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("HOSTBENCH_CLI", HOSTBENCH_CLI_PATH);
    qputenv("TMPDIR", m_dir.filePath(u"tmp"_s).toLocal8Bit());
    QVERIFY(QDir().mkpath(m_dir.filePath(u"tmp"_s)));
    QStringList path = qEnvironmentVariable("PATH").split(u':', Qt::SkipEmptyParts);
    path << u"/usr/local/sbin"_s << u"/usr/sbin"_s << u"/sbin"_s;
    m_nginx = QStandardPaths::findExecutable(u"nginx"_s, path);
    const QString bin = m_dir.filePath(u"bin"_s);
    QVERIFY(QDir().mkpath(bin));
    if (!m_nginx.isEmpty())
        QVERIFY(QFile::link(m_nginx, bin + u"/nginx"_s));
    qputenv("HOSTBENCH_SERVER_PATH", bin.toLocal8Bit());
}

void TestShootoutPage::missingServersAreDisabledWithTheirPackage()
{
    storage::Database database;
    QVERIFY(database.open(m_dir.filePath(u"missing/hostbench.sqlite"_s)));
    ui::ShootoutPage page(database);
    auto *caddy = find<QCheckBox>(page, u"shootoutServer_caddy"_s);
    QVERIFY(caddy);
    QVERIFY(!caddy->isEnabled());
    QVERIFY2(caddy->text().contains(u"apt-get install caddy"_s), qPrintable(caddy->text()));
    auto *hostbench = find<QCheckBox>(page, u"shootoutServer_hostbench"_s);
    QVERIFY(hostbench && hostbench->isEnabled() && hostbench->isChecked());
    // A missing server is never on the command line, even if checked.
    caddy->setChecked(true);
    QVERIFY(!page.arguments().join(u' ').contains(u"caddy"_s));
}

void TestShootoutPage::emptyChoiceIsRefusedNextToTheField()
{
    storage::Database database;
    QVERIFY(database.open(m_dir.filePath(u"empty/hostbench.sqlite"_s)));
    ui::ShootoutPage page(database);
    for (QCheckBox *box : page.findChildren<QCheckBox *>())
        if (box->objectName().startsWith(u"shootoutWorkload_"_s))
            box->setChecked(false);
    QVERIFY(!page.startShootout());
    QVERIFY(!page.isRunning());
    bool shown = false;
    for (QLabel *label : page.findChildren<QLabel *>())
        shown = shown || label->text() == u"Pick at least one workload."_s;
    QVERIFY(shown);
}

void TestShootoutPage::tinyShootoutFromThePage()
{
    if (m_nginx.isEmpty())
        QSKIP("nginx is not installed (apt-get install nginx-light)");
    storage::Database database;
    QVERIFY(database.open(m_dir.filePath(u"data/hostbench.sqlite"_s)));
    ui::ShootoutPage page(database);
    page.resize(1200, 800);
    page.show();
    find<QCheckBox>(page, u"shootoutServer_nginx"_s)->setChecked(true);
    find<QCheckBox>(page, u"shootoutServer_hostbench"_s)->setChecked(true);
    for (QCheckBox *box : page.findChildren<QCheckBox *>())
        if (box->objectName().startsWith(u"shootoutWorkload_"_s))
            box->setChecked(box->objectName().endsWith(u"W6"_s));
    find<QDoubleSpinBox>(page, u"shootoutDuration"_s)->setValue(1);
    find<QSpinBox>(page, u"shootoutRounds"_s)->setValue(1);

    QTest::mouseClick(find<QPushButton>(page, u"shootoutRun"_s), Qt::LeftButton);
    QVERIFY(page.isRunning());
    QVERIFY(!find<QPushButton>(page, u"shootoutRun"_s)->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(!page.isRunning(), 120'000);
    const QString log = find<QPlainTextEdit>(page, u"shootoutLog"_s)->toPlainText();
    QVERIFY2(page.shownShootoutId() > 0, qPrintable(log));

    auto *results = find<QTableWidget>(page, u"shootoutResults"_s);
    QCOMPARE(results->rowCount(), 2);
    QStringList servers;
    for (int row = 0; row < results->rowCount(); ++row) {
        QCOMPARE(results->item(row, 0)->text(), u"W6"_s);
        servers.append(results->item(row, 1)->text());
        QVERIFY(!results->item(row, 2)->text().isEmpty());
        QCOMPARE(results->item(row, 8)->text(), u"0"_s);
    }
    QCOMPARE(servers, (QStringList { u"hostbench"_s, u"nginx"_s }));
    QCOMPARE(page.findChild<ui::ShootoutCharts *>()->barSetCount(), 2);
    QCOMPARE(find<QTableWidget>(page, u"shootoutList"_s)->rowCount(), 1);

    const auto stored = database.shootout(page.shownShootoutId());
    QVERIFY(stored);
    QVERIFY(stored->finished);
    QCOMPARE(stored->entries.size(), 2);
    for (const auto &entry : stored->entries)
        QVERIFY(entry.summary.completed > 0);
    // Nothing of the servers is left in the temporary folder.
    QTRY_VERIFY(QDir(m_dir.filePath(u"tmp"_s)).isEmpty());
}

QTEST_MAIN(TestShootoutPage)
#include "tst_shootoutpage.moc"
