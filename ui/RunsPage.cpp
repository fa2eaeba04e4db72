#include "ui/RunsPage.h"

#include "storage/Database.h"
#include "storage/RunReader.h"
#include "ui/BenchCharts.h"
#include "ui/ButtonTexts.h"
#include "ui/CapacityStepModel.h"
#include "ui/Format.h"
#include "ui/ReportText.h"
#include "ui/RunCompareDialog.h"
#include "ui/RunExportDialog.h"
#include "ui/RunListModel.h"
#include "ui/RunListView.h"

#include <QAction>
#include <QDir>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QShowEvent>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

RunsPage::RunsPage(storage::Database &database, QWidget *parent)
    : QWidget(parent)
    , m_database(database)
    , m_reader(new storage::RunReader(this))
    , m_model(new RunListModel(this))
    , m_table(new RunListView(m_model, this))
    , m_count(new QLabel(this))
    , m_exported(new QLabel(this))
    , m_refresh(new QPushButton(style()->standardIcon(QStyle::SP_BrowserReload), tr("&Refresh"), this))
    , m_delete(new QPushButton(style()->standardIcon(QStyle::SP_TrashIcon), tr("&Delete"), this))
    , m_compare(new QPushButton(tr("&Compare"), this))
    , m_export(new QPushButton(style()->standardIcon(QStyle::SP_DialogSaveButton), tr("E&xport..."), this))
    , m_exportReport(new QPushButton(tr("Export re&port…"), this))
    , m_baseline(new QPushButton(tr("Set as &baseline"), this))
    , m_title(new QLabel(this))
    // Side by side: the list above keeps its rows at 1024x700 (one above
    // the other, the two charts' least height took all but two and a half).
    , m_charts(new BenchCharts(u"run"_s, Qt::Horizontal, this))
    , m_report(new QPlainTextEdit(this))
{
    nameWidgets();
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(listPane());
    split->addWidget(detailPane());
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({ 320, 400 });
    split->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(split);
    connectActions();
    refresh();
}

void RunsPage::nameWidgets()
{
    setObjectName(u"runsPage"_s);
    m_count->setObjectName(u"runsCount"_s);
    m_exported->setObjectName(u"runsExported"_s);
    m_exported->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_exported->hide();
    m_refresh->setObjectName(u"runsRefresh"_s);
    m_refresh->setToolTip(tr("Read the list again, with runs stored by hostbench-cli (F5)"));
    m_delete->setObjectName(u"runsDelete"_s);
    m_compare->setObjectName(u"runsCompare"_s);
    m_compare->setToolTip(tr("Compare the selected runs side by side (select several with Ctrl or Shift)"));
    m_export->setObjectName(u"runsExport"_s);
    m_export->setToolTip(tr("Write the selected runs to a JSON file (one object per run) and a CSV file "
                            "(one line per 100 ms sample)"));
    m_exportReport->setObjectName(u"runsExportReport"_s);
    m_exportReport->setToolTip(
        tr("Write the selected run's report to share: an HTML page that a browser shows "
           "offline, or Markdown for a pull-request comment (by the file's suffix)"));
    m_baseline->setObjectName(u"runsBaseline"_s);
    m_baseline->setToolTip(tr("Make the selected run the baseline of its method and URL: hostbench-cli bench "
                              "--compare-baseline compares new runs with it"));
    m_title->setObjectName(u"runTitle"_s);
    m_report->setObjectName(u"runReport"_s);
}

QWidget *RunsPage::listPane()
{
    auto *listBar = new QHBoxLayout;
    listBar->addWidget(m_count);
    listBar->addWidget(m_exported, 1);
    listBar->addWidget(m_refresh);
    listBar->addWidget(m_compare);
    listBar->addWidget(m_export);
    listBar->addWidget(m_exportReport);
    listBar->addWidget(m_baseline);
    listBar->addWidget(m_delete);
    auto *pane = new QWidget(this);
    auto *layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table, 1);
    layout->addLayout(listBar);
    return pane;
}

QWidget *RunsPage::detailPane()
{
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_report->setReadOnly(true);
    m_report->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_report->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_report->setPlaceholderText(tr("Select a run to see its report."));

    // A capacity search's steps over its report.
    m_steps = new CapacityStepModel(this);
    m_stepTable = CapacityStepModel::makeView(m_steps, u"runSteps"_s, this);
    m_stepTable->hide();
    auto *text = new QSplitter(Qt::Vertical, this);
    text->addWidget(m_stepTable);
    text->addWidget(m_report);
    text->setChildrenCollapsible(false);

    auto *details = new QSplitter(Qt::Horizontal, this);
    details->addWidget(m_charts);
    details->addWidget(text);
    details->setStretchFactor(0, 1);
    details->setStretchFactor(1, 1);
    details->setSizes({ 560, 440 }); // the charts at their least width at 1024x700, the report's lines whole
    details->setChildrenCollapsible(false);
    auto *pane = new QWidget(this);
    auto *layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(details, 1);
    return pane;
}

void RunsPage::connectActions()
{
    connect(
        m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &RunsPage::showSelectedRun);
    connect(m_delete, &QPushButton::clicked, this, &RunsPage::deleteSelectedRuns);
    connect(m_compare, &QPushButton::clicked, this, &RunsPage::compareSelectedRuns);
    connect(m_export, &QPushButton::clicked, this, &RunsPage::exportSelectedRuns);
    connect(m_exportReport, &QPushButton::clicked, this, &RunsPage::exportSelectedReport);
    connect(m_baseline, &QPushButton::clicked, this, &RunsPage::toggleBaseline);
    connect(m_model, &RunListModel::noteEdited, this, &RunsPage::storeNote);
    connect(m_reader, &storage::RunReader::runsRead, this, &RunsPage::showRuns);
    // The same actions on a right click, for the rows under it.
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_table, &QTableView::customContextMenuRequested, this, &RunsPage::showContextMenu);
    connect(m_refresh, &QPushButton::clicked, this, [this] { refresh(); });
    // F5 while the page is shown; the button keeps its Alt+R mnemonic.
    auto *refreshAction = new QAction(this);
    refreshAction->setShortcut(QKeySequence::Refresh);
    refreshAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(refreshAction, &QAction::triggered, this, [this] { refresh(); });
    addAction(refreshAction);
}

void RunsPage::showContextMenu(const QPoint &position)
{
    if (!m_table->indexAt(position).isValid())
        return;
    auto *menu = new QMenu(m_table);
    menu->setObjectName(u"runsContextMenu"_s);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    for (QPushButton *button : { m_compare, m_export, m_exportReport, m_baseline, m_delete }) {
        QAction *action = menu->addAction(button->icon(), button->text(), button, &QPushButton::click);
        action->setEnabled(button->isEnabled());
    }
    menu->popup(m_table->viewport()->mapToGlobal(position));
}

void RunsPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // Another process (hostbench-cli bench) may have stored runs meanwhile.
    if (!event->spontaneous())
        refresh();
}

void RunsPage::refresh(qint64 runId)
{
    // A refresh asked while a list is on its way keeps what that one was to select.
    if (runId != 0)
        m_keepRunId = runId;
    else if (!m_loading)
        m_keepRunId = selectedRunId();
    if (runId != 0 || !m_loading)
        m_keepSortedRow = -1;
    startLoading();
}

void RunsPage::startLoading()
{
    QString error;
    if (!m_reader->isOpen() && !m_reader->open(m_database.filePath(), &error)) {
        m_loading = false;
        m_count->setText(tr("The runs cannot be read: %1").arg(error));
        return;
    }
    m_loading = true;
    m_count->setText(tr("Loading…"));
    m_ticket = m_reader->readRuns(kRunLimit);
}

void RunsPage::showRuns(quint64 ticket, const QList<storage::StoredRun> &runs, const QString &error)
{
    if (ticket != m_ticket)
        return; // a later refresh() asked again
    m_loading = false;
    m_model->setRuns(runs);
    m_table->fitUrlColumn();
    const int count = m_model->rowCount();
    if (!error.isEmpty())
        m_count->setText(tr("The runs cannot be read: %1").arg(error));
    else
        m_count->setText(
            count >= kRunLimit ? tr("The newest %1 runs").arg(kRunLimit) : tr("%n run(s)", nullptr, count));
    if (count == 0)
        showSelectedRun();
    else if (m_keepSortedRow >= 0)
        m_table->selectSortedRow(m_keepSortedRow); // the deleted rows' neighbour
    else if (!m_table->selectRun(m_keepRunId))
        m_table->selectRun(m_model->run(0).id); // the newest
    m_keepRunId = 0;
    m_keepSortedRow = -1;
    emit runsLoaded();
}

qint64 RunsPage::selectedRunId() const
{
    const QList<qint64> ids = selectedRunIds();
    return ids.isEmpty() ? 0 : ids.first();
}

QList<qint64> RunsPage::selectedRunIds() const
{
    return m_table->selectedRunIds();
}

QList<storage::StoredRun> RunsPage::selectedRuns() const
{
    QList<storage::StoredRun> runs;
    for (const qint64 id : selectedRunIds()) {
        const int row = m_model->rowOf(id);
        if (row >= 0)
            runs.append(m_model->run(row));
    }
    return runs;
}

void RunsPage::compareSelectedRuns()
{
    const QList<storage::StoredRun> runs = selectedRuns();
    if (runs.size() < 2)
        return;
    auto *dialog = new RunCompareDialog(m_database, runs, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void RunsPage::exportSelectedRuns()
{
    const QList<storage::StoredRun> runs = selectedRuns();
    if (runs.isEmpty())
        return;
    auto *dialog = new RunExportDialog(m_database, runs, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_exported->hide();
    connect(dialog, &QDialog::accepted, this, [this, dialog, count = int(runs.size())] {
        QStringList paths;
        for (const QString &path : dialog->writtenPaths())
            paths.append(QDir::toNativeSeparators(path));
        m_exported->setText(tr("Exported %n run(s) to %1.", nullptr, count).arg(paths.join(tr(" and "))));
        m_exported->setToolTip(m_exported->text());
        m_exported->show();
    });
    dialog->open();
}

void RunsPage::toggleBaseline()
{
    const qint64 id = selectedRunId();
    const int row = m_model->rowOf(id);
    if (row < 0)
        return;
    qint64 cleared = 0;
    const bool done
        = m_model->run(row).baseline ? m_database.clearBaseline(id, &cleared) : m_database.setBaseline(id);
    if (!done)
        QMessageBox::warning(this, tr("Baseline Not Changed"), m_database.lastError());
    refresh(id);
}

void RunsPage::showSelectedRun()
{
    const QList<qint64> ids = selectedRunIds();
    const qint64 id = ids.isEmpty() ? 0 : ids.first();
    const int row = m_model->rowOf(id);
    // Delete asks first, naming how many, so a stray Shift-click costs nothing.
    m_delete->setEnabled(!ids.isEmpty());
    m_compare->setEnabled(ids.size() >= 2);
    m_export->setEnabled(!ids.isEmpty());
    m_exportReport->setEnabled(row >= 0);
    // A run broken off has no summary to compare with: Database::setBaseline refuses it.
    const bool isBaseline = row >= 0 && m_model->run(row).baseline;
    m_baseline->setText(isBaseline ? tr("Clear base&line") : tr("Set as &baseline"));
    m_baseline->setEnabled(row >= 0 && (isBaseline || m_model->run(row).finished));
    if (row < 0) {
        m_title->setText(
            m_model->rowCount() == 0 && !m_loading ? tr("No runs yet: start one in Benchmark.") : QString());
        m_charts->clear();
        m_report->clear();
        m_stepTable->hide();
        return;
    }
    const storage::StoredRun &run = m_model->run(row);
    showTitle(run);
    m_charts->setSamples(m_database.samples(id), run.parameters.durationMs);
    m_report->setPlainText(ReportText::ab(run.parameters, run.summary));
    // A capacity search: its steps over the report.
    m_steps->setSteps(run.summary.capacity.steps);
    m_stepTable->setVisible(!run.summary.capacity.steps.isEmpty());
}

void RunsPage::showTitle(const storage::StoredRun &run)
{
    QString title = tr("%1 · %2 — %3")
                        .arg(RunListModel::idText(run.id), Format::dateTime(run.startedAtMs),
                            RunListModel::displayUrl(run));
    if (!run.note.isEmpty())
        title += u'\n' + tr("Note: %1").arg(run.note);
    m_title->setText(title);
}

void RunsPage::storeNote(qint64 runId, const QString &note)
{
    if (!m_database.setRunNote(runId, note)) {
        QMessageBox::warning(this, tr("Note Not Saved"), m_database.lastError());
        refresh(runId); // back to what is stored
        return;
    }
    const int row = m_model->rowOf(runId);
    if (runId == selectedRunId() && row >= 0)
        showTitle(m_model->run(row));
}

void RunsPage::deleteSelectedRuns()
{
    const QList<qint64> ids = selectedRunIds();
    if (ids.isEmpty())
        return;
    const QString question = ids.size() == 1
        ? tr("Delete this run and its samples? This cannot be undone.")
        : tr("Delete these %1 runs and their samples? This cannot be undone.").arg(ids.size());
    auto *box = new QMessageBox(QMessageBox::Question, tr("Delete Run"), question, QMessageBox::Cancel, this);
    box->setObjectName(u"runsDeleteConfirm"_s);
    QPushButton *remove = box->addButton(tr("Delete"), QMessageBox::DestructiveRole);
    box->setDefaultButton(QMessageBox::Cancel);
    ButtonTexts::translate(box);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box, remove, ids] {
        if (box->clickedButton() == remove)
            deleteRuns(ids);
    });
    box->open();
}

void RunsPage::deleteRuns(const QList<qint64> &runIds)
{
    // Select the neighbour, as a list does after a deletion.
    const int sortedRow = m_table->firstSelectedSortedRow();
    QString error;
    for (const qint64 id : runIds) {
        if (!m_database.removeRun(id)) {
            error = m_database.lastError();
            break;
        }
    }
    m_keepRunId = 0;
    m_keepSortedRow = sortedRow;
    startLoading();
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Run Not Deleted"), error);
}

} // namespace hostbench::ui
