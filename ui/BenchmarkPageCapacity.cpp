// BenchmarkPage's capacity search (Find capacity, as bench --find-capacity):
// started, polled and ended through a runs::RunService of the page's own,
// as the control API runs one; its steps in a table as they end, and the
// capacity found at its end (BenchmarkPage.h).
#include "ui/BenchmarkPage.h"

#include "runs/RunService.h"
#include "storage/Database.h"
#include "ui/BenchCharts.h"
#include "ui/CapacityStepModel.h"
#include "ui/ErrorNote.h"
#include "ui/Format.h"
#include "ui/ReportText.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

void BenchmarkPage::launchSearch(const model::BenchParameters &wanted)
{
    if (!m_service) {
        m_service = std::make_unique<runs::RunService>(m_database);
        connect(m_service.get(), &runs::RunService::runEnded, this, &BenchmarkPage::searchEnded);
    }
    QString error;
    QString field;
    const qint64 id = m_service->start(wanted, &error, &field);
    if (id == 0) {
        showError(tr("The search did not start: %1").arg(error));
        setState(tr("Ready."));
        updateState();
        return;
    }
    saveForm();
    showError({});
    m_searchId = id;
    m_running = wanted;
    m_completed = 0;
    m_failed = 0;
    m_watchEngine = false;
    m_steps->setSteps({});
    m_stepTable->show();
    // Its length is what the search takes: the time axis grows with it.
    m_charts->clear();
    m_charts->setLive(true);
    showEngineFigures(-1, -1, -1);
    m_report->clear();
    // A search has no known end: the bar only says that it goes.
    m_progress->setRange(0, 0);
    setState(tr("Step 1 at %1 requests/s…").arg(Format::rate(wanted.rate)));
    showFigures(0, 0, 0, 0, 0);
    m_poll.start();
    updateState();
    emit runningChanged(true);
}

void BenchmarkPage::pollSearch()
{
    const std::optional<runs::RunService::CapacityProgress> progress
        = m_service->takeCapacityProgress(m_searchId);
    if (!progress)
        return; // ended: searchEnded() has it
    m_steps->appendSteps(progress->steps);
    m_charts->append(progress->samples);
    for (const model::BenchSample &sample : progress->samples) {
        m_completed += sample.completed;
        m_failed += sample.failed;
    }
    if (!progress->samples.isEmpty()) {
        const model::BenchSample &last = progress->samples.constLast();
        showFigures(
            m_completed, last.requestsPerSecond(), last.p50Us / 1000.0, last.p99Us / 1000.0, m_failed);
    }
    if (m_stop->isEnabled()) // not "Stopping…"
        setState(tr("Step %1 at %2 requests/s…")
                     .arg(m_steps->rowCount() + 1)
                     .arg(Format::rate(progress->stepRate)));
}

QString BenchmarkPage::searchOutcome(const model::RunSummary &summary) const
{
    const model::CapacityResult &result = summary.capacity;
    const QString slo = result.slo.join(u", "_s);
    if (result.steps.isEmpty())
        return tr("Stopped before the first step ended: no capacity found.");
    if (result.firstStepFailed()) {
        const model::CapacityStep &first = result.steps.constFirst();
        return tr(
            "No capacity found: the first step, at %1 requests/s, already failed (%2). Try a lower Rate.")
            .arg(Format::rate(first.rate),
                first.failedFigure.isEmpty() ? first.failedSlo : first.failedFigure);
    }
    // Stopped early, or no step failed (the search ran out of steps or rates): only a bound.
    const bool anyFailed = std::any_of(
        result.steps.begin(), result.steps.end(), [](const auto &step) { return !step.passed; });
    if (summary.interrupted)
        return tr("Stopped: the capacity at %1 is at least %2 requests/s.")
            .arg(slo, Format::rate(result.capacity));
    if (!anyFailed)
        return tr("Capacity at %1: at least %2 requests/s (no step failed).")
            .arg(slo, Format::rate(result.capacity));
    return tr("Capacity at %1: %2 requests/s.").arg(slo, Format::rate(result.capacity));
}

void BenchmarkPage::searchEnded(qint64 id, const runs::RecordedRun::Result &result)
{
    if (id != m_searchId)
        return;
    m_poll.stop();
    m_searchId = 0;
    m_progress->setRange(0, 1000);
    m_progress->setValue(1000);
    m_lastSummary = result.summary;
    m_steps->setSteps(result.summary.capacity.steps);
    m_charts->setLive(false);
    m_charts->setSamples(result.samples);
    const QString outcome = searchOutcome(result.summary);
    setState(outcome);
    // The report is the step at the capacity's (or the first step's, when none passed).
    m_report->setPlainText(outcome + u"\n\n"_s + ReportText::ab(m_running, result.summary));
    showFigures(result.summary.completed, result.summary.requestsPerSecond, result.summary.latencyP50Ms,
        result.summary.latencyP99Ms, result.summary.failed);
    if (!result.error.isEmpty()) {
        setState(tr("The search broke off."));
        showError(tr("The search broke off and was not stored: %1").arg(result.error));
    } else if (result.runId == 0) {
        showError(tr("The search could not be stored: %1").arg(result.storeError));
    }
    updateState();
    emit runningChanged(false);
    emit runFinished(result.runId);
}

} // namespace hostbench::ui
