// RunsPage's report to share: the selected run's HTML page or Markdown
// summary, written where the user says (RunsPage.h).
#include "ui/RunsPage.h"

#include "bench/ReportFile.h"
#include "bench/RunReport.h"
#include "storage/Database.h"
#include "ui/RunListModel.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

void RunsPage::exportSelectedReport()
{
    const qint64 id = selectedRunId();
    if (id == 0)
        return;
    const QString html = tr("HTML page (*.html *.htm)");
    const QString markdown = tr("Markdown (*.md *.markdown)");
    // Qt's own dialog: the same everywhere, and drivable by tests.
    QFileDialog dialog(this, tr("Export Report of Run %1").arg(id));
    dialog.setObjectName(u"runsReportFile"_s);
    dialog.setOption(QFileDialog::DontUseNativeDialog);
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setNameFilters({ html, markdown });
    dialog.setDefaultSuffix(u"html"_s);
    dialog.setDirectory(QDir::home());
    dialog.selectFile(u"run-%1.html"_s.arg(id));
    connect(&dialog, &QFileDialog::filterSelected, &dialog,
        [&](const QString &filter) { dialog.setDefaultSuffix(filter == markdown ? u"md"_s : u"html"_s); });
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    const QString path = dialog.selectedFiles().constFirst();
    // The file's own suffix, when it names a format; else the filter's.
    const QString suffix = QFileInfo(path).suffix().toLower();
    const bool isMarkdown = suffix == u"md"_s || suffix == u"markdown"_s
        || (suffix != u"html"_s && suffix != u"htm"_s && dialog.selectedNameFilter() == markdown);
    exportReport(id, path, isMarkdown);
}

bool RunsPage::exportReport(qint64 runId, const QString &path, bool markdown)
{
    m_exported->hide();
    const std::optional<storage::StoredRun> run = m_database.run(runId);
    QString error;
    if (run) {
        // What `hostbench-cli runs export --html/--md` writes.
        bench::ReportRun report;
        report.id = run->id;
        report.note = run->note;
        report.finished = run->finished;
        report.parameters = run->parameters;
        report.summary = run->summary;
        report.histogram = m_database.histogram(run->id).value_or(model::LatencyHistogram());
        report.samples = m_database.samples(run->id);
        const QString text = markdown ? bench::RunReport::markdown(report) : bench::RunReport::html(report);
        // A report to share is read by others: 0644 whatever the umask, as runs export writes it.
        bench::ReportFile::write(path, text.toUtf8(), &error,
            QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup
                | QFileDevice::ReadOther);
    } else {
        error = m_database.lastError();
    }
    m_exported->setText(error.isEmpty()
            ? tr("Report of run %1 written to %2.")
                  .arg(RunListModel::idText(runId), QDir::toNativeSeparators(path))
            : tr("Report of run %1 not written: %2").arg(RunListModel::idText(runId), error));
    m_exported->setToolTip(m_exported->text());
    m_exported->show();
    return error.isEmpty();
}

} // namespace hostbench::ui
