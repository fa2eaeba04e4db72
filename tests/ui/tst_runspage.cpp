// The Runs page on a real SQLite file: runs stored through a second
// connection (as hostbench-cli does from another process) appear when the
// page is shown again or Refresh is clicked, and the run list's cells (the
// results and what was asked: model, length, keep-alive, concurrency,
// threads) and the note written in the table, stored at once; exporting selected runs to JSON and CSV files
// read back; deleting several after the question; comparing runs (the figures table and the overlaid charts);
// the run id column (#N, as Compare names runs), a URL column as wide as its
// URLs where there is room, and a shootout's runs named by their server.
#include "Screenshots.h"
#include "bench/RunReport.h"
#include "storage/Database.h"
#include "ui/BenchCharts.h"
#include "ui/ChartLegend.h"
#include "ui/RunCompareDialog.h"
#include "ui/RunExportDialog.h"
#include "ui/RunListModel.h"
#include "ui/RunsPage.h"
#include "ui/Translations.h"

#include <QAbstractItemModel>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLegend>
#include <QLineEdit>
#include <QLineSeries>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace hostbench;

class TestRunsPage final : public QObject
{
    Q_OBJECT

private slots:
    void lengthTextOfARunNotFinished_data();
    void lengthTextOfARunNotFinished();
    void init();
    void cleanup();
    void refreshButtonShowsOtherConnectionsRuns();
    void showingThePageRefreshes();
    void refreshKeepsSelection();
    void latencyCells_data();
    void latencyCells();
    void parameterColumns_data();
    void parameterColumns();
    void parameterHeadersAreWhole();
    void stoppedAndBrokenOffRunsSaySo();
    void exportWritesSelectedRuns();
    void exportErrorStaysInTheDialog();
    void exportKeepsWhatWasSent();
    void deleteSeveralAfterAsking();
    void contextMenuHasTheActions();
    void noteWrittenInTheTableIsStored();
    void compareNeedsTwoRuns();
    void compareShowsFiguresAndSeries();
    void runIdColumnNamesRunsAsCompareDoes();
    void urlColumnTakesTheRoomItNeeds();
    void shootoutRunsNameTheirServer();
    void baselineButtonMarksTheRun();
    void exportReportWritesWhatRunsExportWrites();
    void compareSaysTheVerdict();

private:
    // A finished run of `url` with `samples` samples of `perSample`
    // requests and a histogram of latencies around `p99Us`; returns its id.
    qint64 storeRunWithHistogram(const QString &url, quint64 perSample, int samples, quint64 p99Us);
    // Accepts the next QFileDialog with `path`; true once it did.
    void acceptFileDialog(const QString &path, bool *done);
    // Stores a run through its own connection, with `samples` samples of
    // 100 ms at `completed` / 10 requests each; returns its id.
    qint64 storeRun(const QString &url, quint64 completed, int samples = 0);
    // The same with these parameters (url and the rest as given).
    qint64 storeRun(const model::BenchParameters &parameters, quint64 completed, int samples = 0);
    // refresh(), then waits for the list, which the page reads on its reader's thread.
    void reload(qint64 runId = 0);
    // Selects the runs with these ids, in this order, as Ctrl-clicks do.
    void selectRuns(const QList<qint64> &ids);
    QTableView *table() const { return m_page->findChild<QTableView *>(u"runsTable"_s); }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<storage::Database> m_database;
    std::unique_ptr<ui::RunsPage> m_page;
    qint64 m_clock = 0;
};

void TestRunsPage::init()
{
    // English as the window has it: its plural forms ("%n run(s)") come from hostbench_en.
    ui::Translations::install(*QCoreApplication::instance(), u"en"_s);
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_database = std::make_unique<storage::Database>();
    QVERIFY2(m_database->open(m_dir->filePath(u"hostbench.sqlite"_s)), qPrintable(m_database->lastError()));
    m_page = std::make_unique<ui::RunsPage>(*m_database);
    m_page->resize(900, 600);
    m_page->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
    QTRY_VERIFY(!m_page->isLoading());
    m_clock = QDateTime::currentMSecsSinceEpoch();
}

void TestRunsPage::reload(qint64 runId)
{
    QSignalSpy loaded(m_page.get(), &ui::RunsPage::runsLoaded);
    m_page->refresh(runId);
    QVERIFY(loaded.wait(10'000));
}

void TestRunsPage::cleanup()
{
    m_page.reset();
    m_database.reset();
    m_dir.reset();
}

qint64 TestRunsPage::storeRun(const QString &url, quint64 completed, int samples)
{
    model::BenchParameters parameters;
    parameters.url = url;
    parameters.concurrency = 2;
    parameters.requests = 100;
    return storeRun(parameters, completed, samples);
}

qint64 TestRunsPage::storeRun(const model::BenchParameters &parameters, quint64 completed, int samples)
{
    storage::Database other;
    if (!other.open(m_database->filePath()))
        return 0;
    model::RunSummary summary;
    summary.startedAtMs = (m_clock += 1000); // newest last
    summary.concurrency = parameters.concurrency;
    summary.timeTakenSec = 1;
    summary.completed = completed;
    summary.failed = 100 - completed;
    summary.failedConnect = summary.failed;
    summary.requestsPerSecond = double(completed);
    summary.latencyP50Ms = completed > 0 ? 1.5 : 0;
    summary.latencyP99Ms = completed > 0 ? 4.25 : 0;
    summary.latencyP90Ms = completed > 0 ? 3.0 : 0;
    QList<model::BenchSample> stored;
    for (int i = 0; i < samples; ++i) {
        model::BenchSample sample;
        sample.index = i;
        sample.elapsedMs = (i + 1) * sample.intervalMs;
        sample.completed = completed / 10;
        sample.p50Us = 1500;
        sample.p99Us = 4250 + quint64(i) * 10;
        stored.append(sample);
    }
    return other.saveRun(parameters, summary, stored);
}

void TestRunsPage::selectRuns(const QList<qint64> &ids)
{
    QItemSelectionModel *selection = table()->selectionModel();
    selection->clearSelection();
    for (const qint64 id : ids) {
        QModelIndex found;
        for (int row = 0; row < table()->model()->rowCount() && !found.isValid(); ++row) {
            const QModelIndex index = table()->model()->index(row, 0);
            if (index.data(ui::RunListModel::kRunIdRole).toLongLong() == id)
                found = index;
        }
        QVERIFY2(found.isValid(), qPrintable(QString::number(id)));
        selection->select(found, QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
}

void TestRunsPage::refreshButtonShowsOtherConnectionsRuns()
{
    QCOMPARE(table()->model()->rowCount(), 0);
    QVERIFY(storeRun(u"http://127.0.0.1:1/a"_s, 100) > 0);
    QCOMPARE(table()->model()->rowCount(), 0); // not read yet

    auto *refresh = m_page->findChild<QPushButton *>(u"runsRefresh"_s);
    QVERIFY(refresh);
    QTest::mouseClick(refresh, Qt::LeftButton);
    QTRY_COMPARE(table()->model()->rowCount(), 1);
    QVERIFY(table()->model()->index(0, ui::RunListModel::UrlColumn).data().toString().contains(u"/a"_s));
}

void TestRunsPage::showingThePageRefreshes()
{
    m_page->hide();
    QVERIFY(storeRun(u"http://127.0.0.1:1/b"_s, 100) > 0);
    QCOMPARE(table()->model()->rowCount(), 0);
    m_page->show();
    QTRY_COMPARE(table()->model()->rowCount(), 1);
}

void TestRunsPage::refreshKeepsSelection()
{
    const qint64 older = storeRun(u"http://127.0.0.1:1/older"_s, 100);
    QVERIFY(storeRun(u"http://127.0.0.1:1/newer"_s, 100) > 0);
    reload();
    QCOMPARE(table()->model()->rowCount(), 2);
    reload(older);
    QCOMPARE(m_page->selectedRunId(), older);

    QVERIFY(storeRun(u"http://127.0.0.1:1/newest"_s, 100) > 0);
    QTest::mouseClick(m_page->findChild<QPushButton *>(u"runsRefresh"_s), Qt::LeftButton);
    QTRY_COMPARE(table()->model()->rowCount(), 3);
    QCOMPARE(m_page->selectedRunId(), older);
}

void TestRunsPage::latencyCells_data()
{
    QTest::addColumn<quint64>("completed");
    QTest::addColumn<bool>("dash");
    QTest::newRow("no request answered") << quint64(0) << true;
    QTest::newRow("one answered") << quint64(1) << false;
    QTest::newRow("all answered") << quint64(100) << false;
}

void TestRunsPage::latencyCells()
{
    QFETCH(quint64, completed);
    QFETCH(bool, dash);
    QVERIFY(storeRun(u"http://127.0.0.1:1/"_s, completed) > 0);
    reload();
    QAbstractItemModel *model = table()->model();
    QCOMPARE(model->rowCount(), 1);
    for (const int column : { int(ui::RunListModel::P50Column), int(ui::RunListModel::P99Column) }) {
        const QString cell = model->index(0, column).data().toString();
        if (dash)
            QCOMPARE(cell, u"–"_s);
        else
            QVERIFY2(cell.contains(u"ms"_s), qPrintable(cell));
    }
}

void TestRunsPage::parameterColumns_data()
{
    QTest::addColumn<qint64>("requests");
    QTest::addColumn<qint64>("durationMs");
    QTest::addColumn<double>("rate");
    QTest::addColumn<bool>("keepAlive");
    QTest::addColumn<int>("concurrency");
    QTest::addColumn<int>("threads");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("length");
    QTest::addColumn<QString>("keepAliveText");
    QTest::newRow("closed, timed, keep-alive")
        << qint64(0) << qint64(10'000) << 0.0 << true << 50 << 2 << u"closed"_s << u"10 s"_s << u"yes"_s;
    QTest::newRow("closed, request count")
        << qint64(10'000) << qint64(0) << 0.0 << false << 8 << 1 << u"closed"_s
        << QLocale().toString(10'000) + u" requests"_s << u"no"_s;
    QTest::newRow("open at a rate") << qint64(0) << qint64(30'000) << 5000.0 << true << 100 << 4
                                    << u"open, "_s + QLocale().toString(5000) + u" req/s"_s << u"30 s"_s
                                    << u"yes"_s;
}

void TestRunsPage::parameterColumns()
{
    QFETCH(qint64, requests);
    QFETCH(qint64, durationMs);
    QFETCH(double, rate);
    QFETCH(bool, keepAlive);
    QFETCH(int, concurrency);
    QFETCH(int, threads);
    model::BenchParameters parameters;
    parameters.url = u"http://127.0.0.1:1/columns"_s;
    parameters.requests = requests;
    parameters.durationMs = durationMs;
    parameters.rate = rate;
    parameters.keepAlive = keepAlive;
    parameters.concurrency = concurrency;
    parameters.threads = threads;
    const qint64 id = storeRun(parameters, 100);
    QVERIFY(id > 0);
    reload();
    QAbstractItemModel *model = table()->model();
    QCOMPARE(model->rowCount(), 1);
    using Model = ui::RunListModel;
    const auto cell = [model](int column) { return model->index(0, column).data().toString(); };
    QTEST(cell(Model::ModelColumn), "model");
    QTEST(cell(Model::LengthColumn), "length");
    QTEST(cell(Model::KeepAliveColumn), "keepAliveText");
    QCOMPARE(cell(Model::ConcurrencyColumn), QString::number(concurrency));
    QCOMPARE(cell(Model::ThreadsColumn), QString::number(threads));
    QVERIFY(!model->index(0, Model::ModelColumn).data(Qt::ToolTipRole).toString().isEmpty());
}

void TestRunsPage::stoppedAndBrokenOffRunsSaySo()
{
    // Issue #20: a run stopped at 2.8 s of 10 said "10 s"; one whose process
    // ended mid-run (kill -9) showed 0 requests though its samples were stored.
    model::BenchParameters parameters;
    parameters.url = u"http://127.0.0.1:1/ended"_s;
    parameters.durationMs = 10'000;
    parameters.concurrency = 2;
    model::RunSummary stopped;
    stopped.startedAtMs = (m_clock += 1000);
    stopped.timeTakenSec = 2.8;
    stopped.completed = 5600;
    stopped.requestsPerSecond = 2000;
    stopped.interrupted = true;
    storage::Database other;
    QVERIFY(other.open(m_database->filePath()));
    const qint64 stoppedId = other.saveRun(parameters, stopped, {});
    QVERIFY(stoppedId > 0);

    // Broken off: begun, 39 samples of 100 ms at 150 requests each, never finished.
    const qint64 brokenId = other.beginRun(parameters, (m_clock += 1000));
    QVERIFY(brokenId > 0);
    QList<model::BenchSample> samples;
    for (int i = 0; i < 39; ++i) {
        model::BenchSample sample;
        sample.index = i;
        sample.elapsedMs = (i + 1) * 100;
        sample.completed = 150;
        sample.failed = i == 0 ? 3 : 0;
        sample.bytes = 150 * 1000;
        samples.append(sample);
    }
    QVERIFY(other.appendSamples(brokenId, samples));

    reload();
    QAbstractItemModel *model = table()->model();
    QCOMPARE(model->rowCount(), 2);
    using Model = ui::RunListModel;
    const auto rowOf = [model](qint64 id) {
        for (int row = 0; row < model->rowCount(); ++row) {
            if (model->index(row, 0).data(Model::kRunIdRole).toLongLong() == id)
                return row;
        }
        return -1;
    };
    const auto cell = [model](int row, int column) { return model->index(row, column).data().toString(); };
    const QLocale locale;
    const int stoppedRow = rowOf(stoppedId);
    QVERIFY(stoppedRow >= 0);
    QCOMPARE(cell(stoppedRow, Model::LengthColumn),
        u"stopped at %1 s of 10 s"_s.arg(locale.toString(2.8, 'g', 3)));
    const int brokenRow = rowOf(brokenId);
    QVERIFY(brokenRow >= 0);
    QCOMPARE(cell(brokenRow, Model::LengthColumn),
        u"broken off at %1 s of 10 s"_s.arg(locale.toString(3.9, 'g', 3)));
    // The figures of what was stored: 39 x 150 requests in 3.9 s.
    QCOMPARE(cell(brokenRow, Model::RequestsColumn), locale.toString(5850));
    QCOMPARE(model->index(brokenRow, Model::RequestsColumn).data(Model::kSortRole).toULongLong(), 5850ULL);
    QCOMPARE(cell(brokenRow, Model::FailedColumn), locale.toString(3));
    // Its percentiles were never computed: a dash, not "0.00 ms".
    QCOMPARE(cell(brokenRow, Model::P50Column), u"–"_s);
    QCOMPARE(cell(brokenRow, Model::P99Column), u"–"_s);
    QVERIFY2(cell(brokenRow, Model::RateColumn).startsWith(locale.toString(1500)),
        qPrintable(cell(brokenRow, Model::RateColumn)));
    // Both stand out from the finished runs.
    QVERIFY(model->index(stoppedRow, Model::LengthColumn).data(Qt::ForegroundRole).isValid());
    QVERIFY(model->index(brokenRow, Model::LengthColumn).data(Qt::ForegroundRole).isValid());
    m_page->resize(1024, 700);
    table()->resizeColumnsToContents();
    test::Screenshots::save(m_page.get(), u"runs-stopped-and-broken-off"_s);

    // The same runs in German, on a page made after the translator (its
    // buttons take their texts when built): the words the page uses there.
    ui::Translations::install(*QCoreApplication::instance(), u"de"_s);
    QLocale::setDefault(QLocale(u"de_DE"_s)); // as a German desktop has it
    m_page = std::make_unique<ui::RunsPage>(*m_database);
    m_page->resize(1024, 700);
    m_page->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
    reload();
    QAbstractItemModel *german = table()->model();
    int germanStopped = -1;
    for (int row = 0; row < german->rowCount(); ++row) {
        if (german->index(row, 0).data(Model::kRunIdRole).toLongLong() == stoppedId)
            germanStopped = row;
    }
    QVERIFY(germanStopped >= 0);
    const QString stoppedText = german->index(germanStopped, Model::LengthColumn).data().toString();
    QVERIFY2(!stoppedText.startsWith(u"stopped"_s), qPrintable(stoppedText));
    table()->resizeColumnsToContents();
    test::Screenshots::save(m_page.get(), u"runs-stopped-and-broken-off-de"_s);
    QLocale::setDefault(QLocale::c());
    ui::Translations::install(*QCoreApplication::instance(), u"en"_s);
}

void TestRunsPage::parameterHeadersAreWhole()
{
    // At the main window's smallest size every header is shown whole (the
    // table scrolls sideways past the parameters if it must), and says more
    // in its tool tip; the results come before the parameters.
    m_page->resize(1024, 700);
    model::BenchParameters open;
    open.url = u"http://127.0.0.1:8080/a/rather/long/path/to/a/page.html"_s;
    open.durationMs = 10'000;
    open.rate = 12'500;
    open.concurrency = 1000;
    QVERIFY(storeRun(open, 100) > 0);
    model::BenchParameters counted;
    counted.url = u"http://127.0.0.1:8080/"_s;
    counted.requests = 1'000'000;
    const qint64 noted = storeRun(counted, 100);
    QVERIFY(noted > 0);
    QVERIFY(m_database->setRunNote(noted, u"nginx beside it, sendfile on"_s));
    reload();
    QHeaderView *header = table()->horizontalHeader();
    const QFontMetrics metrics(header->font());
    for (int column = 0; column < ui::RunListModel::ColumnCount; ++column) {
        const QString title = table()->model()->headerData(column, Qt::Horizontal).toString();
        QVERIFY2(header->sectionSize(column) >= metrics.horizontalAdvance(title), qPrintable(title));
        // URL and note: a width of their own, the whole text in the tool tip.
        if (column != ui::RunListModel::UrlColumn && column != ui::RunListModel::NoteColumn)
            QVERIFY2(header->sectionSize(column)
                    >= static_cast<QAbstractItemView *>(table())->sizeHintForColumn(column),
                qPrintable(title));
        if (column >= ui::RunListModel::ModelColumn)
            QVERIFY2(
                !table()->model()->headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty(),
                qPrintable(title));
    }
    QVERIFY(header->sectionSize(ui::RunListModel::UrlColumn) >= 120);
    // The selected run's note is under the list, on a line of its own that the layout makes room for.
    auto *title = m_page->findChild<QLabel *>(u"runTitle"_s);
    QCOMPARE(m_page->selectedRunId(), noted);
    QVERIFY2(title->text().endsWith(u"\nNote: nginx beside it, sendfile on"_s), qPrintable(title->text()));
    QTRY_VERIFY(title->height() >= 2 * title->fontMetrics().lineSpacing());

    // For review of the look, not checked (Screenshots.h).
    if (test::Screenshots::wanted()) {
        QVERIFY(test::Screenshots::save(m_page.get(), u"runs-page"_s));
        table()->horizontalScrollBar()->setValue(table()->horizontalScrollBar()->maximum());
        QVERIFY(test::Screenshots::save(m_page.get(), u"runs-page-scrolled"_s));
        table()->horizontalScrollBar()->setValue(0);
    }
    QVERIFY(header->sectionViewportPosition(ui::RunListModel::FailedColumn)
            + header->sectionSize(ui::RunListModel::FailedColumn)
        <= table()->viewport()->width());
}

void TestRunsPage::exportWritesSelectedRuns()
{
    const qint64 first = storeRun(u"http://127.0.0.1:1/first"_s, 40, 3);
    QVERIFY(storeRun(u"http://127.0.0.1:1/unselected"_s, 50, 2) > 0);
    const qint64 second = storeRun(u"http://127.0.0.1:1/second"_s, 80, 5);
    reload();
    auto *exportButton = m_page->findChild<QPushButton *>(u"runsExport"_s);
    QVERIFY(exportButton);
    selectRuns({ second, first });
    QVERIFY(exportButton->isEnabled());
    QTest::mouseClick(exportButton, Qt::LeftButton);
    ui::RunExportDialog *dialog = nullptr;
    QTRY_VERIFY(
        (dialog = m_page->findChild<ui::RunExportDialog *>(u"runsExportDialog"_s)) && dialog->isVisible());

    const QString jsonPath = m_dir->filePath(u"runs.json"_s);
    const QString csvPath = m_dir->filePath(u"picked/runs.csv"_s);
    QVERIFY(QDir().mkpath(m_dir->filePath(u"picked"_s)));
    auto *json = dialog->findChild<QLineEdit *>(u"runsExportJson"_s);
    json->selectAll();
    QTest::keyClicks(json, jsonPath);
    // The CSV file through Browse, in Qt's (non-native) file dialog.
    bool picked = false;
    QTimer poll;
    connect(&poll, &QTimer::timeout, this, [&] {
        if (auto *files = qobject_cast<QFileDialog *>(QApplication::activeModalWidget())) {
            poll.stop();
            files->selectFile(csvPath);
            // As typed: selectFile() alone may lose to the directory still loading.
            if (auto *name = files->findChild<QLineEdit *>(u"fileNameEdit"_s))
                name->setText(csvPath);
            QMetaObject::invokeMethod(files, "accept", Qt::QueuedConnection);
            picked = true;
        }
    });
    poll.start(50);
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"runsExportCsvBrowse"_s), Qt::LeftButton);
    QTRY_VERIFY(picked);
    QTRY_COMPARE(
        QDir::fromNativeSeparators(dialog->findChild<QLineEdit *>(u"runsExportCsv"_s)->text()), csvPath);
    QTest::mouseClick(
        dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Save), Qt::LeftButton);
    QTRY_VERIFY(!m_page->findChild<ui::RunExportDialog *>(u"runsExportDialog"_s)); // closed and deleted

    // JSON: one object per selected run, in the order selected, as `runs export --json`.
    QFile jsonFile(jsonPath);
    QVERIFY(jsonFile.open(QIODevice::ReadOnly));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(jsonFile.readAll(), &parseError);
    QCOMPARE(parseError.error, QJsonParseError::NoError);
    QVERIFY(document.isArray());
    const QJsonArray array = document.array();
    QCOMPARE(array.size(), 2);
    const QList<std::pair<QString, int>> expected { { u"/second"_s, 5 }, { u"/first"_s, 3 } };
    for (int i = 0; i < 2; ++i) {
        const QJsonObject run = array.at(i).toObject();
        QVERIFY(run.value(u"parameters"_s).toObject().value(u"url"_s).toString().endsWith(expected[i].first));
        QCOMPARE(run.value(u"samples"_s).toArray().size(), expected[i].second);
        QCOMPARE(run.value(u"completed"_s).toInteger(), i == 0 ? 80 : 40);
        // Issue #20: the export had no run id, so it could not be told which stored run it was.
        QCOMPARE(run.value(u"run_id"_s).toInteger(), i == 0 ? second : first);
        QVERIFY(run.contains(u"note"_s));
    }
    // And the page says what was written (it said nothing on success).
    auto *exported = m_page->findChild<QLabel *>(u"runsExported"_s);
    QVERIFY(exported && exported->isVisible());
    QVERIFY2(exported->text().startsWith(u"Exported 2 runs to "_s) && exported->text().contains(jsonPath)
            && exported->text().contains(csvPath),
        qPrintable(exported->text()));
    const std::optional<storage::StoredRun> stored = m_database->run(second);
    QVERIFY(stored);
    QCOMPARE(array.at(0).toObject().value(u"started_at_ms"_s).toInteger(), stored->summary.startedAtMs);

    // CSV: a line per sample, the run's id first, runs in the order selected.
    QFile csvFile(csvPath);
    QVERIFY(csvFile.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(csvFile.readAll()).split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1 + 5 + 3);
    QVERIFY2(lines[0].startsWith(u"run_id,index,elapsed_ms,"_s), qPrintable(lines[0]));
    for (int i = 1; i < lines.size(); ++i)
        QCOMPARE(lines[i].section(u',', 0, 0).toLongLong(), i <= 5 ? second : first);
    // 100 ms samples of completed / 10 requests: `completed` requests/s.
    QCOMPARE(lines[1].section(u',', 7, 7), u"80.0"_s);
}

void TestRunsPage::exportErrorStaysInTheDialog()
{
    const qint64 id = storeRun(u"http://127.0.0.1:1/one"_s, 40, 3);
    reload(id);
    m_page->exportSelectedRuns();
    ui::RunExportDialog *dialog = nullptr;
    QTRY_VERIFY(
        (dialog = m_page->findChild<ui::RunExportDialog *>(u"runsExportDialog"_s)) && dialog->isVisible());
    // A file under a plain file cannot be written: the error shows under its field.
    QFile blocker(m_dir->filePath(u"blocker"_s));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    auto *json = dialog->findChild<QLineEdit *>(u"runsExportJson"_s);
    auto *csv = dialog->findChild<QLineEdit *>(u"runsExportCsv"_s);
    json->setText(blocker.fileName() + u"/runs.json"_s);
    csv->setText(m_dir->filePath(u"runs.csv"_s));
    auto *save = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Save);
    QTest::mouseClick(save, Qt::LeftButton);
    auto *jsonError = dialog->findChild<QLabel *>(u"runsExportJsonError"_s);
    auto *csvError = dialog->findChild<QLabel *>(u"runsExportCsvError"_s);
    QTRY_VERIFY(jsonError->isVisible() && jsonError->text().contains(u"cannot write"_s));
    QVERIFY(jsonError->text().contains(blocker.fileName()));
    QVERIFY(csvError->text().isEmpty());
    QVERIFY(dialog->isVisible());
    QVERIFY(QFileInfo::exists(m_dir->filePath(u"runs.csv"_s)));
    // The CSV was written all the same, and the dialog says so (it did not).
    auto *result = dialog->findChild<QLabel *>(u"runsExportResult"_s);
    QVERIFY(result && result->isVisible());
    QVERIFY2(result->text().contains(m_dir->filePath(u"runs.csv"_s)), qPrintable(result->text()));

    // Neither file: said under the first field.
    json->clear();
    csv->clear();
    QTest::mouseClick(save, Qt::LeftButton);
    QTRY_VERIFY(!jsonError->text().isEmpty());
    QVERIFY(dialog->isVisible());
    dialog->reject();
}

void TestRunsPage::exportKeepsWhatWasSent()
{
    // Issue #20: the JSON said the URL (127.0.0.1:8082) and lost the Host
    // header, so a replay hit the default site; nor had it the note.
    model::BenchParameters parameters;
    parameters.url = u"http://127.0.0.1:1/form"_s;
    parameters.hostOverride = u"shop.test:8082"_s;
    parameters.method = "POST";
    parameters.headers = { { "X-Trace", "on" } };
    parameters.contentType = "application/x-www-form-urlencoded";
    parameters.body = "a=1&b=\xff";
    parameters.concurrency = 2;
    parameters.requests = 100;
    const qint64 id = storeRun(parameters, 100, 1);
    QVERIFY(id > 0);
    QVERIFY(m_database->setRunNote(id, u"after the cache change"_s));
    reload(id);
    m_page->exportSelectedRuns();
    ui::RunExportDialog *dialog = nullptr;
    QTRY_VERIFY(
        (dialog = m_page->findChild<ui::RunExportDialog *>(u"runsExportDialog"_s)) && dialog->isVisible());
    const QString jsonPath = m_dir->filePath(u"sent.json"_s);
    dialog->findChild<QLineEdit *>(u"runsExportJson"_s)->setText(jsonPath);
    dialog->findChild<QLineEdit *>(u"runsExportCsv"_s)->clear();
    QTest::mouseClick(
        dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Save), Qt::LeftButton);
    QTRY_VERIFY(!m_page->findChild<ui::RunExportDialog *>(u"runsExportDialog"_s));
    QFile file(jsonPath);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject run = QJsonDocument::fromJson(file.readAll()).array().at(0).toObject();
    QCOMPARE(run.value(u"run_id"_s).toInteger(), id);
    QCOMPARE(run.value(u"note"_s).toString(), u"after the cache change"_s);
    const QJsonObject p = run.value(u"parameters"_s).toObject();
    QCOMPARE(p.value(u"host"_s).toString(), u"shop.test:8082"_s);
    QCOMPARE(p.value(u"method"_s).toString(), u"POST"_s);
    QCOMPARE(p.value(u"content_type"_s).toString(), u"application/x-www-form-urlencoded"_s);
    const QJsonArray headers = p.value(u"headers"_s).toArray();
    QCOMPARE(headers.size(), 1);
    QCOMPARE(headers.at(0).toObject().value(u"name"_s).toString(), u"X-Trace"_s);
    QCOMPARE(headers.at(0).toObject().value(u"value"_s).toString(), u"on"_s);
    QCOMPARE(p.value(u"body_bytes"_s).toInteger(), parameters.body.size());
    QCOMPARE(QByteArray::fromBase64(p.value(u"body_base64"_s).toString().toLatin1()), parameters.body);
}

void TestRunsPage::deleteSeveralAfterAsking()
{
    const qint64 a = storeRun(u"http://127.0.0.1:1/a"_s, 40, 2);
    const qint64 b = storeRun(u"http://127.0.0.1:1/b"_s, 40, 2);
    const qint64 c = storeRun(u"http://127.0.0.1:1/c"_s, 40, 2);
    reload();
    selectRuns({ a, c });
    auto *remove = m_page->findChild<QPushButton *>(u"runsDelete"_s);
    QVERIFY(remove->isEnabled());

    // Cancel keeps them all.
    QTest::mouseClick(remove, Qt::LeftButton);
    QMessageBox *confirm = nullptr;
    QTRY_VERIFY((confirm = m_page->findChild<QMessageBox *>(u"runsDeleteConfirm"_s)) && confirm->isVisible());
    QVERIFY2(confirm->text().contains(u"2"_s), qPrintable(confirm->text()));
    confirm->button(QMessageBox::Cancel)->click();
    QTRY_VERIFY(!m_page->findChild<QMessageBox *>(u"runsDeleteConfirm"_s));
    QCOMPARE(m_database->runs().size(), 3);

    QTest::mouseClick(remove, Qt::LeftButton);
    QTRY_VERIFY((confirm = m_page->findChild<QMessageBox *>(u"runsDeleteConfirm"_s)) && confirm->isVisible());
    QAbstractButton *destroy = nullptr;
    for (QAbstractButton *button : confirm->buttons()) {
        if (confirm->buttonRole(button) == QMessageBox::DestructiveRole)
            destroy = button;
    }
    QVERIFY(destroy);
    QTest::mouseClick(destroy, Qt::LeftButton);
    QTRY_COMPARE(table()->model()->rowCount(), 1);
    const QList<storage::StoredRun> left = m_database->runs();
    QCOMPARE(left.size(), 1);
    QCOMPARE(left.first().id, b);
    QVERIFY(m_database->samples(a).isEmpty());
    QVERIFY(m_database->samples(c).isEmpty());
    QCOMPARE(m_database->samples(b).size(), 2);
    QCOMPARE(m_page->selectedRunId(), b);
}

void TestRunsPage::contextMenuHasTheActions()
{
    const qint64 a = storeRun(u"http://127.0.0.1:1/a"_s, 40);
    const qint64 b = storeRun(u"http://127.0.0.1:1/b"_s, 40);
    reload();
    selectRuns({ a, b });
    const QPoint where = table()->visualRect(table()->model()->index(0, 0)).center();
    emit table()->customContextMenuRequested(where);
    QMenu *menu = nullptr;
    QTRY_VERIFY((menu = m_page->findChild<QMenu *>(u"runsContextMenu"_s)) && menu->isVisible());
    QStringList texts;
    for (QAction *action : menu->actions()) {
        QVERIFY(action->isEnabled());
        texts.append(action->text());
    }
    QCOMPARE(texts,
        (QStringList {
            u"&Compare"_s, u"E&xport..."_s, u"Export re&port…"_s, u"Set as &baseline"_s, u"&Delete"_s }));
    menu->actions().at(1)->trigger();
    QTRY_VERIFY(m_page->findChild<ui::RunExportDialog *>(u"runsExportDialog"_s));
    menu->close();
}

void TestRunsPage::noteWrittenInTheTableIsStored()
{
    const qint64 first = storeRun(u"http://127.0.0.1:1/a"_s, 40);
    const qint64 second = storeRun(u"http://127.0.0.1:1/b"_s, 40);
    reload(first);
    QModelIndex cell;
    for (int row = 0; row < table()->model()->rowCount(); ++row) {
        const QModelIndex index = table()->model()->index(row, ui::RunListModel::NoteColumn);
        if (index.data(ui::RunListModel::kRunIdRole).toLongLong() == first)
            cell = index;
    }
    QVERIFY(cell.isValid());
    QVERIFY(cell.data().toString().isEmpty());
    QVERIFY(cell.flags() & Qt::ItemIsEditable);
    QVERIFY(!(table()->model()->index(cell.row(), ui::RunListModel::UrlColumn).flags() & Qt::ItemIsEditable));

    // Double-click the cell, type, Enter: as a user writes it.
    table()->scrollTo(cell);
    const QPoint centre = table()->visualRect(cell).center();
    QTest::mouseClick(table()->viewport(), Qt::LeftButton, {}, centre);
    QTest::mouseDClick(table()->viewport(), Qt::LeftButton, {}, centre);
    QLineEdit *editor = nullptr;
    QTRY_VERIFY((editor = table()->viewport()->findChild<QLineEdit *>()) && editor->isVisible());
    QTest::keyClicks(editor, u"  sendfile on, 4 workers  "_s);
    QTest::keyClick(editor, Qt::Key_Return);
    const QString note = u"sendfile on, 4 workers"_s; // trimmed
    QTRY_COMPARE(cell.data().toString(), note);
    // Stored at once: another connection reads it.
    storage::Database other;
    QVERIFY(other.open(m_database->filePath()));
    QCOMPARE(other.run(first)->note, note);
    QCOMPARE(other.run(second)->note, QString());
    QVERIFY(m_page->findChild<QLabel *>(u"runTitle"_s)->text().contains(note));

    // Kept by a refresh, and shown in full in the tool tip.
    reload(first);
    QModelIndex again;
    for (int row = 0; row < table()->model()->rowCount(); ++row) {
        const QModelIndex index = table()->model()->index(row, ui::RunListModel::NoteColumn);
        if (index.data(ui::RunListModel::kRunIdRole).toLongLong() == first)
            again = index;
    }
    QCOMPARE(again.data().toString(), note);
    QCOMPARE(again.data(Qt::ToolTipRole).toString(), note);

    // Cleared by writing nothing.
    QVERIFY(table()->model()->setData(again, QString()));
    QCOMPARE(other.run(first)->note, QString());
}

void TestRunsPage::compareNeedsTwoRuns()
{
    const qint64 first = storeRun(u"http://127.0.0.1:1/one"_s, 100, 3);
    const qint64 second = storeRun(u"http://127.0.0.1:1/two"_s, 50, 3);
    reload(first);
    auto *compare = m_page->findChild<QPushButton *>(u"runsCompare"_s);
    QVERIFY(compare);
    QVERIFY(!compare->isEnabled());
    selectRuns({ first, second });
    QVERIFY(compare->isEnabled());
    QCOMPARE(m_page->selectedRunIds(), (QList<qint64> { first, second }));
    selectRuns({ second });
    QVERIFY(!compare->isEnabled());
    QTest::mouseClick(compare, Qt::LeftButton);
    QVERIFY(!m_page->findChild<ui::RunCompareDialog *>());
}

void TestRunsPage::compareShowsFiguresAndSeries()
{
    // Reference first, then one twice as fast and one at a quarter, each
    // with its own number of samples.
    const QList<quint64> completed { 40, 80, 10 };
    const QList<int> sampleCounts { 5, 8, 3 };
    QList<qint64> ids;
    // Each with its own model and length: a request count, closed; 10 s,
    // closed; 30 s, open at 5,000 requests/s.
    QList<model::BenchParameters> asked(3);
    for (int i = 0; i < completed.size(); ++i) {
        asked[i].url = u"http://127.0.0.1:1/run%1"_s.arg(i);
        asked[i].concurrency = 2;
        asked[i].threads = i + 1;
    }
    asked[0].requests = 100;
    asked[1].durationMs = 10'000;
    asked[2].durationMs = 30'000;
    asked[2].rate = 5000;
    for (int i = 0; i < completed.size(); ++i)
        ids.append(storeRun(asked[i], completed[i], sampleCounts[i]));
    QVERIFY(!ids.contains(0));
    reload();
    selectRuns(ids);

    QTest::mouseClick(m_page->findChild<QPushButton *>(u"runsCompare"_s), Qt::LeftButton);
    auto *dialog = m_page->findChild<ui::RunCompareDialog *>(u"runsCompareDialog"_s);
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    // Issue #20: it opened at 1120x740 whatever the screen, its Close button
    // off a 1024x700 one. The offscreen screen here is smaller still.
    const QRect screen = dialog->screen()->availableGeometry();
    QVERIFY2(dialog->width() <= screen.width() && dialog->height() <= screen.height(),
        qPrintable(u"dialog %1x%2 on a %3x%4 screen"_s.arg(dialog->width())
                       .arg(dialog->height())
                       .arg(screen.width())
                       .arg(screen.height())));
    auto *figures = dialog->findChild<QTableView *>(u"compareTable"_s);
    QVERIFY(figures);
    QCOMPARE(figures->model()->columnCount(), int(ids.size()));

    using Dialog = ui::RunCompareDialog;
    for (int column = 0; column < ids.size(); ++column) {
        QVERIFY(figures->model()
                    ->headerData(column, Qt::Horizontal)
                    .toString()
                    .contains(QString::number(ids[column])));
        QVERIFY(figures->model()
                    ->index(Dialog::UrlRow, column)
                    .data()
                    .toString()
                    .contains(u"/run%1"_s.arg(column)));
        QCOMPARE(figures->model()->index(Dialog::ModelRow, column).data().toString(),
            ui::RunListModel::modelText(asked[column]));
        QCOMPARE(figures->model()->index(Dialog::LengthRow, column).data().toString(),
            ui::RunListModel::lengthText(asked[column]));
        QCOMPARE(figures->model()->index(Dialog::ThreadsRow, column).data(Dialog::kValueRole).toDouble(),
            column + 1.0);
        const QModelIndex rate = figures->model()->index(Dialog::RateRow, column);
        QCOMPARE(rate.data(Dialog::kValueRole).toDouble(), double(completed[column]));
        QVERIFY2(rate.data().toString().startsWith(QString::number(completed[column])),
            qPrintable(rate.data().toString()));
        const QModelIndex failed = figures->model()->index(Dialog::FailedRow, column);
        QCOMPARE(failed.data(Dialog::kValueRole).toDouble(), double(100 - completed[column]));
        if (column == 0) {
            QVERIFY(!rate.data(Dialog::kRatioRole).isValid());
            continue;
        }
        const double ratio = double(completed[column]) / double(completed[0]);
        QCOMPARE(rate.data(Dialog::kRatioRole).toDouble(), ratio);
        const QString shown = QLocale().toString(ratio, 'f', 2);
        QVERIFY2(rate.data().toString().contains(u"×"_s + shown), qPrintable(rate.data().toString()));
        // Same latency in every run: the ratio is 1.
        QCOMPARE(figures->model()->index(Dialog::P99Row, column).data(Dialog::kRatioRole).toDouble(), 1.0);
        QCOMPARE(failed.data(Dialog::kRatioRole).toDouble(),
            double(100 - completed[column]) / (100 - completed[0]));
    }

    auto *charts = dialog->findChild<ui::BenchCharts *>(u"compareCharts"_s);
    QVERIFY(charts);
    const QList<QLineSeries *> rates = charts->overlayThroughputSeries();
    const QList<QLineSeries *> p99s = charts->overlayP99Series();
    QCOMPARE(rates.size(), ids.size());
    QCOMPARE(p99s.size(), ids.size());
    for (int i = 0; i < ids.size(); ++i) {
        QCOMPARE(rates[i]->count(), sampleCounts[i]);
        QCOMPARE(p99s[i]->count(), sampleCounts[i]);
        QVERIFY(rates[i]->isVisible());
        // Legends name the run by id, length and model.
        QVERIFY(rates[i]->name().startsWith(u"#"_s + QString::number(ids[i]) + u" "_s));
        for (QLineSeries *line : { rates[i], p99s[i] }) {
            QVERIFY2(line->name().contains(ui::RunListModel::lengthText(asked[i])), qPrintable(line->name()));
            QVERIFY2(
                line->name().contains(asked[i].rate > 0 ? u"open"_s : u"closed"_s), qPrintable(line->name()));
        }
        // 100 ms samples of completed / 10 requests: completed requests/s.
        QCOMPARE(rates[i]->at(0).y(), double(completed[i]));
        QCOMPARE(p99s[i]->at(sampleCounts[i] - 1).y(), (4250 + (sampleCounts[i] - 1) * 10) / 1000.0);
    }
    QVERIFY(!charts->throughputSeries()->isVisible());
    // The legends are under the charts, where the names have the width.
    const QList<QChartView *> views = charts->findChildren<QChartView *>();
    QCOMPARE(views.size(), 2);
    for (QChartView *view : views) {
        auto *legend = view->findChild<ui::ChartLegend *>();
        QVERIFY(legend && legend->isVisible());
        QVERIFY(legend->geometry().top() >= view->chart()->plotArea().bottom());
        QCOMPARE(legend->entries().size(), ids.size());
    }
    QVERIFY(rates[0]->name().startsWith(u"#"_s + QString::number(ids[0]) + u" · 100 requests · closed"_s));
    QCOMPARE(p99s[2]->name(),
        u"#"_s + QString::number(ids[2]) + u" · 30 s · open "_s + QLocale().toString(5000) + u"/s"_s);
    // The table has every row in view, without a scroll bar.
    QVERIFY(!figures->verticalScrollBar()->isVisible());

    // For review of the look, not checked (Screenshots.h).
    QVERIFY(test::Screenshots::save(dialog, u"runs-compare-stored"_s));
}

void TestRunsPage::runIdColumnNamesRunsAsCompareDoes()
{
    const qint64 a = storeRun(u"http://127.0.0.1:1/a"_s, 40, 2);
    const qint64 b = storeRun(u"http://127.0.0.1:1/b"_s, 40, 2);
    reload();
    QAbstractItemModel *model = table()->model();
    QCOMPARE(model->headerData(ui::RunListModel::IdColumn, Qt::Horizontal).toString(), u"Run"_s);
    QVERIFY(!table()->isColumnHidden(ui::RunListModel::IdColumn));
    for (int row = 0; row < model->rowCount(); ++row) {
        const qint64 id = model->index(row, 0).data(ui::RunListModel::kRunIdRole).toLongLong();
        QCOMPARE(model->index(row, ui::RunListModel::IdColumn).data().toString(), u"#%1"_s.arg(id));
    }
    // Compare's columns start with the same "#N".
    selectRuns({ b, a });
    m_page->compareSelectedRuns();
    ui::RunCompareDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = m_page->findChild<ui::RunCompareDialog *>()) && dialog->isVisible());
    auto *figures = dialog->findChild<QTableView *>(u"compareTable"_s);
    QVERIFY(figures);
    QVERIFY2(figures->model()->headerData(0, Qt::Horizontal).toString().startsWith(u"#%1 "_s.arg(b)),
        qPrintable(figures->model()->headerData(0, Qt::Horizontal).toString()));
    QVERIFY(figures->model()->headerData(1, Qt::Horizontal).toString().startsWith(u"#%1 "_s.arg(a)));
    delete dialog;
    // Sorting by it sorts by number, not text (#10 after #9).
    table()->sortByColumn(ui::RunListModel::IdColumn, Qt::AscendingOrder);
    QCOMPARE(model->index(0, 0).data(ui::RunListModel::kRunIdRole).toLongLong(), qMin(a, b));
    // The selected run's title names it so too.
    selectRuns({ a });
    QVERIFY2(m_page->findChild<QLabel *>(u"runTitle"_s)->text().startsWith(u"#%1 "_s.arg(a)),
        qPrintable(m_page->findChild<QLabel *>(u"runTitle"_s)->text()));
}

void TestRunsPage::urlColumnTakesTheRoomItNeeds()
{
    model::BenchParameters parameters;
    parameters.url = u"http://127.0.0.1:8082/downloads/releases/hostbench-1.4.2-amd64.tar.gz"_s;
    parameters.hostOverride = u"downloads.example.test:8082"_s;
    parameters.concurrency = 2;
    parameters.requests = 100;
    QVERIFY(storeRun(parameters, 90, 2) > 0);
    QVERIFY(storeRun(u"http://127.0.0.1:1/a"_s, 40, 2) > 0);
    const QString url = ui::RunListModel::displayUrl(parameters);
    QHeaderView *header = table()->horizontalHeader();
    const auto textWidth = [this, &url] { return table()->fontMetrics().horizontalAdvance(url); };

    // At 1280 wide there is room: the whole URL, no "…".
    m_page->resize(1280, 600);
    reload();
    QTRY_VERIFY2(header->sectionSize(ui::RunListModel::UrlColumn) > textWidth(),
        qPrintable(u"%1 px for a text of %2 px"_s.arg(header->sectionSize(ui::RunListModel::UrlColumn))
                       .arg(textWidth())));
    // ...and the results stay in view beside it.
    const int failedRight = header->sectionViewportPosition(ui::RunListModel::FailedColumn)
        + header->sectionSize(ui::RunListModel::FailedColumn);
    QVERIFY2(failedRight <= table()->viewport()->width(), qPrintable(QString::number(failedRight)));
    int row = -1;
    for (int r = 0; r < table()->model()->rowCount(); ++r)
        if (table()->model()->index(r, ui::RunListModel::UrlColumn).data().toString() == url)
            row = r;
    QVERIFY(row >= 0);
    QCOMPARE(table()->model()->index(row, ui::RunListModel::UrlColumn).data(Qt::ToolTipRole).toString(), url);
    QCOMPARE(table()->textElideMode(), Qt::ElideRight);
    QVERIFY(test::Screenshots::save(m_page.get(), u"runs-url-1280"_s));

    // Narrow, it gives way to the results (never under 200 px); the tool tip keeps it whole.
    m_page->resize(760, 600);
    QTRY_VERIFY(header->sectionSize(ui::RunListModel::UrlColumn) < textWidth());
    QVERIFY(header->sectionSize(ui::RunListModel::UrlColumn) >= 200);
    QCOMPARE(table()->model()->index(row, ui::RunListModel::UrlColumn).data(Qt::ToolTipRole).toString(), url);
    // Wide again: it takes the room back, unless the user sized it.
    m_page->resize(1280, 600);
    QTRY_VERIFY(header->sectionSize(ui::RunListModel::UrlColumn) > textWidth());
    header->resizeSection(ui::RunListModel::UrlColumn, 250); // as a drag does
    m_page->resize(1200, 600);
    QTest::qWait(50);
    QCOMPARE(header->sectionSize(ui::RunListModel::UrlColumn), 250);
}

void TestRunsPage::shootoutRunsNameTheirServer()
{
    storage::Database other;
    QVERIFY(other.open(m_database->filePath()));
    const qint64 shootout = other.beginShootout({}, m_clock);
    QVERIFY(shootout > 0);
    QMap<QString, qint64> runOf;
    int port = 18081;
    for (const QString &server : { u"nginx"_s, u"lighttpd"_s }) {
        model::BenchParameters parameters;
        parameters.url = u"http://127.0.0.1:%1/1k.bin"_s.arg(port++);
        model::RunSummary summary;
        summary.startedAtMs = (m_clock += 1000);
        summary.completed = 500;
        model::ShootoutEntry entry;
        entry.runId = other.saveRun(parameters, summary, {});
        entry.server = server;
        entry.workload = u"W2"_s;
        entry.round = 1;
        entry.summary = summary;
        QVERIFY(entry.runId > 0);
        QVERIFY(other.addShootoutRun(shootout, entry));
        runOf.insert(server, entry.runId);
    }
    QVERIFY(other.finishShootout(shootout, {}));
    const qint64 own = storeRun(u"http://127.0.0.1:8080/"_s, 40, 2);
    reload();
    QAbstractItemModel *model = table()->model();
    QCOMPARE(model->rowCount(), 3);
    for (int row = 0; row < model->rowCount(); ++row) {
        const qint64 id = model->index(row, 0).data(ui::RunListModel::kRunIdRole).toLongLong();
        const QModelIndex cell = model->index(row, ui::RunListModel::UrlColumn);
        const QString text = cell.data().toString();
        const QString tip = cell.data(Qt::ToolTipRole).toString();
        if (id == own) {
            QCOMPARE(text, u"http://127.0.0.1:8080/"_s);
            continue;
        }
        const QString server = runOf.key(id);
        QVERIFY(!server.isEmpty());
        // The server first, then the URL (its port alone said nothing).
        QVERIFY2(text.startsWith(server + u" "_s) && text.contains(u"http://127.0.0.1:"_s), qPrintable(text));
        QVERIFY2(tip.contains(u"Shootout %1"_s.arg(shootout)) && tip.contains(server) && tip.contains(u"W2"_s)
                && tip.contains(u"round 1"_s),
            qPrintable(tip));
    }
    selectRuns({ runOf.value(u"nginx"_s) });
    QVERIFY2(m_page->findChild<QLabel *>(u"runTitle"_s)->text().contains(u"nginx"_s),
        qPrintable(m_page->findChild<QLabel *>(u"runTitle"_s)->text()));
}

// A run not finished is still going while its samples keep up with the
// clock (here or in another process), and broken off once they fall behind.
void TestRunsPage::lengthTextOfARunNotFinished_data()
{
    QTest::addColumn<bool>("finished");
    QTest::addColumn<qint64>("startedAgoMs");
    QTest::addColumn<qint64>("warmupMs");
    QTest::addColumn<double>("reachedSec");
    QTest::addColumn<QString>("text");
    QTest::newRow("running") << false << qint64(2500) << qint64(0) << 1.5 << u"running, at 1.5 s of 10 s"_s;
    QTest::newRow("in its warm-up") << false << qint64(3000) << qint64(5000) << 0.0 << u"starting (10 s)"_s;
    QTest::newRow("just begun") << false << qint64(100) << qint64(0) << 0.0 << u"starting (10 s)"_s;
    QTest::newRow("samples behind") << false << qint64(60'000) << qint64(0) << 3.9
                                    << u"broken off at 3.9 s of 10 s"_s;
    QTest::newRow("nothing stored, long ago")
        << false << qint64(60'000) << qint64(0) << 0.0 << u"broken off, nothing stored (10 s)"_s;
    QTest::newRow("finished") << true << qint64(2500) << qint64(0) << 10.0 << u"10 s"_s;
}

void TestRunsPage::lengthTextOfARunNotFinished()
{
    QFETCH(bool, finished);
    QFETCH(qint64, startedAgoMs);
    QFETCH(qint64, warmupMs);
    QFETCH(double, reachedSec);
    QFETCH(QString, text);
    QLocale::setDefault(QLocale::c());
    const qint64 now = 1'790'000'000'000;
    storage::StoredRun run;
    run.finished = finished;
    run.startedAtMs = now - startedAgoMs;
    run.parameters.durationMs = 10'000;
    run.parameters.warmupMs = warmupMs;
    run.summary.timeTakenSec = reachedSec;
    QCOMPARE(ui::RunListModel::lengthText(run, now), text);
}

qint64 TestRunsPage::storeRunWithHistogram(const QString &url, quint64 perSample, int samples, quint64 p99Us)
{
    storage::Database other;
    if (!other.open(m_database->filePath()))
        return 0;
    model::BenchParameters parameters;
    parameters.url = url;
    parameters.durationMs = samples * 100;
    model::RunSummary summary;
    summary.startedAtMs = (m_clock += 1000);
    summary.timeTakenSec = samples / 10.0;
    summary.completed = perSample * quint64(samples);
    summary.requestsPerSecond = double(summary.completed) / summary.timeTakenSec;
    summary.statusCounts[200] = summary.completed;
    QList<model::BenchSample> stored;
    model::LatencyHistogram histogram;
    for (int i = 0; i < samples; ++i) {
        model::BenchSample sample;
        sample.index = i;
        sample.elapsedMs = (i + 1) * sample.intervalMs;
        sample.completed = perSample + quint64(i % 3); // a little noise
        sample.p99Us = p99Us;
        stored.append(sample);
        histogram.record(p99Us / 4 + quint64(i % 7), sample.completed - sample.completed / 50);
        histogram.record(p99Us + quint64(i % 5), sample.completed / 50);
    }
    return other.saveRun(parameters, summary, stored, &histogram);
}

void TestRunsPage::acceptFileDialog(const QString &path, bool *done)
{
    auto *poll = new QTimer(this);
    connect(poll, &QTimer::timeout, this, [poll, path, done] {
        if (auto *files = qobject_cast<QFileDialog *>(QApplication::activeModalWidget())) {
            poll->deleteLater();
            poll->stop();
            files->selectFile(path);
            if (auto *name = files->findChild<QLineEdit *>(u"fileNameEdit"_s))
                name->setText(path);
            QMetaObject::invokeMethod(files, "accept", Qt::QueuedConnection);
            *done = true;
        }
    });
    poll->start(50);
}

void TestRunsPage::baselineButtonMarksTheRun()
{
    const QString url = u"http://127.0.0.1:1/same"_s;
    const qint64 first = storeRunWithHistogram(url, 100, 12, 4000);
    const qint64 second = storeRunWithHistogram(url, 100, 12, 4000);
    reload();
    auto *button = m_page->findChild<QPushButton *>(u"runsBaseline"_s);
    QVERIFY(button);
    selectRuns({ first });
    QCOMPARE(button->text(), u"Set as &baseline"_s);
    QVERIFY(button->isEnabled());
    const auto idCell = [this](qint64 id) {
        for (int row = 0; row < table()->model()->rowCount(); ++row) {
            const QModelIndex index = table()->model()->index(row, ui::RunListModel::IdColumn);
            if (index.data(ui::RunListModel::kRunIdRole).toLongLong() == id)
                return index.data().toString();
        }
        return QString();
    };
    QSignalSpy loaded(m_page.get(), &ui::RunsPage::runsLoaded);
    QTest::mouseClick(button, Qt::LeftButton);
    QVERIFY(loaded.wait(10'000));
    QCOMPARE(m_database->baseline("GET", url)->id, first);
    QCOMPARE(idCell(first), u"#%1 ★"_s.arg(first));
    QCOMPARE(idCell(second), u"#%1"_s.arg(second));
    QCOMPARE(m_page->selectedRunId(), first);
    QCOMPARE(button->text(), u"Clear base&line"_s);
    // Another run of the same target takes its place.
    selectRuns({ second });
    QCOMPARE(button->text(), u"Set as &baseline"_s);
    QTest::mouseClick(button, Qt::LeftButton);
    QVERIFY(loaded.wait(10'000));
    QCOMPARE(m_database->baseline("GET", url)->id, second);
    QCOMPARE(idCell(first), u"#%1"_s.arg(first));
    QCOMPARE(idCell(second), u"#%1 ★"_s.arg(second));
    // And Clear baseline leaves the target without one.
    QTest::mouseClick(button, Qt::LeftButton);
    QVERIFY(loaded.wait(10'000));
    QVERIFY(!m_database->baseline("GET", url));
    QCOMPARE(idCell(second), u"#%1"_s.arg(second));
    // A run broken off cannot be one.
    storage::Database other;
    QVERIFY(other.open(m_database->filePath()));
    model::BenchParameters parameters;
    parameters.url = url;
    const qint64 broken = other.beginRun(parameters, m_clock += 1000);
    QVERIFY(broken > 0);
    reload(broken);
    QCOMPARE(m_page->selectedRunId(), broken);
    QVERIFY(!button->isEnabled());
}

void TestRunsPage::exportReportWritesWhatRunsExportWrites()
{
    const qint64 id = storeRunWithHistogram(u"http://127.0.0.1:1/report"_s, 50, 12, 3000);
    reload();
    selectRuns({ id });
    auto *button = m_page->findChild<QPushButton *>(u"runsExportReport"_s);
    QVERIFY(button && button->isEnabled());
    // What `runs export ID --html/--md` writes, from the same stored run.
    bench::ReportRun report;
    const std::optional<storage::StoredRun> run = m_database->run(id);
    QVERIFY(run);
    report.id = id;
    report.parameters = run->parameters;
    report.summary = run->summary;
    report.histogram = *m_database->histogram(id);
    report.samples = m_database->samples(id);
    for (const auto &[name, markdown] :
        { std::pair { u"report.md"_s, true }, std::pair { u"report.html"_s, false } }) {
        const QString path = m_dir->filePath(name);
        bool picked = false;
        acceptFileDialog(path, &picked);
        QTest::mouseClick(button, Qt::LeftButton);
        QTRY_VERIFY(picked);
        QFile file(path);
        QTRY_VERIFY(file.exists());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray expected
            = (markdown ? bench::RunReport::markdown(report) : bench::RunReport::html(report)).toUtf8();
        QCOMPARE(file.readAll(), expected);
        auto *exported = m_page->findChild<QLabel *>(u"runsExported"_s);
        QVERIFY(exported->isVisible());
        QVERIFY2(exported->text().contains(u"Report of run #%1 written to"_s.arg(id)),
            qPrintable(exported->text()));
    }
    // A file that cannot be written: the page says why.
    QVERIFY(!m_page->exportReport(id, m_dir->filePath(u"missing/folder/report.html"_s), false));
    QVERIFY2(m_page->findChild<QLabel *>(u"runsExported"_s)->text().contains(u"not written"_s),
        qPrintable(m_page->findChild<QLabel *>(u"runsExported"_s)->text()));
}

void TestRunsPage::compareSaysTheVerdict()
{
    const qint64 base = storeRunWithHistogram(u"http://127.0.0.1:1/v"_s, 100, 30, 4000);
    const qint64 twice = storeRunWithHistogram(u"http://127.0.0.1:1/v"_s, 200, 30, 4000);
    const qint64 same = storeRunWithHistogram(u"http://127.0.0.1:1/v"_s, 100, 30, 4000);
    reload();
    selectRuns({ base, twice, same });
    QTest::mouseClick(m_page->findChild<QPushButton *>(u"runsCompare"_s), Qt::LeftButton);
    auto *dialog = m_page->findChild<ui::RunCompareDialog *>(u"runsCompareDialog"_s);
    QVERIFY(dialog);
    auto *verdict = dialog->findChild<QLabel *>(u"compareVerdict"_s);
    QVERIFY(verdict);
    const QStringList lines = verdict->text().split(u'\n');
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines[0].startsWith(
                 u"#%1 against #%2, at 95% confidence: requests/s faster, ×1.9"_s.arg(twice).arg(base))
            && lines[0].contains(u"; p99 no significant change, ×1.00 ("_s),
        qPrintable(lines[0]));
    QVERIFY2(
        lines[1].startsWith(
            u"#%1 against #%2, at 95% confidence: requests/s no significant change, ×1.00 ("_s.arg(same).arg(
                base)),
        qPrintable(lines[1]));
    dialog->close();
}

QTEST_MAIN(TestRunsPage)
#include "tst_runspage.moc"
