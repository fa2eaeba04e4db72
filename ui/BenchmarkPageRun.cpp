#include "ui/BenchmarkPage.h"

#include "instance/ConnectProbe.h"
#include "runs/BaselineCheck.h"
#include "runs/RecordedRun.h"
#include "runs/RunService.h"
#include "storage/Database.h"
#include "storage/RunReader.h"
#include "storage/RunWriter.h"
#include "ui/BenchCharts.h"
#include "ui/EngineController.h"
#include "ui/ErrorNote.h"
#include "ui/FieldError.h"
#include "ui/Format.h"
#include "ui/ReportText.h"
#include "ui/Tint.h"

#include "model/Threshold.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>

#include <algorithm>

using namespace Qt::StringLiterals;

// BenchmarkPage's run: started (launch()), polled, stopped and ended, its
// figures, its charts and its report; the form's side is BenchmarkPage.cpp.

namespace hostbench::ui {

void BenchmarkPage::readBaseline(const model::BenchParameters &wanted)
{
    m_baseline.reset();
    if (!m_baselineReader) {
        auto reader = std::make_unique<storage::RunReader>();
        QString ignored;
        if (!m_database.filePath().isEmpty() && reader->open(m_database.filePath(), &ignored))
            m_baselineReader = std::move(reader);
    }
    auto baseline = std::make_shared<runs::BaselineCheck>();
    if (!m_baselineReader) {
        // No reader (the file could not be opened a second time): read here, as before.
        QString why;
        const bool loaded = baseline->load(m_database, wanted, &why);
        baselineRead(wanted, loaded ? std::move(baseline) : nullptr);
        return;
    }
    const quint64 ticket = ++m_baselineTicket;
    m_readingBaseline = true;
    setState(tr("Reading the baseline…"));
    updateState();
    auto loaded = std::make_shared<bool>(false);
    m_baselineReader->perform(
        [baseline, loaded, wanted](storage::Database &database) {
            QString why;
            *loaded = baseline->load(database, wanted, &why);
        },
        [this, ticket, baseline, loaded, wanted] {
            if (!m_readingBaseline || ticket != m_baselineTicket)
                return; // stopped while it was read
            m_readingBaseline = false;
            baselineRead(wanted, *loaded ? baseline : nullptr);
        });
}

void BenchmarkPage::baselineRead(model::BenchParameters wanted, std::shared_ptr<runs::BaselineCheck> baseline)
{
    if (!baseline) {
        // Beside the field that asked for it, as a bad threshold is (its tab shown).
        m_thresholdsError->setMessage(tr("No baseline for %1: set one on the Runs page (Set as baseline).")
                                          .arg(model::runTarget(wanted)));
        m_fieldTabs->setCurrentIndex(BenchmarkForm::kThresholdsTab);
        setState(tr("Ready."));
        updateState();
        return;
    }
    wanted.baselineRunId = baseline->baselineRunId();
    m_baseline = std::move(baseline);
    launchRun(wanted);
}

void BenchmarkPage::launch(const model::BenchParameters &wanted)
{
    if (wanted.isCapacitySearch()) {
        launchSearch(wanted);
        return;
    }
    // The baseline before the first request: without one the run would be for nothing.
    if (runs::BaselineCheck::needed(wanted, wanted.compareBaseline)) {
        readBaseline(wanted);
        return;
    }
    m_baseline.reset();
    launchRun(wanted);
}

void BenchmarkPage::launchRun(const model::BenchParameters &wanted)
{
    // The engine's counters and the run's clock from before the first request.
    const bool watchEngine = m_engineWatch.targets(wanted);
    m_engineWatch.start();
    // Stored as it goes, as bench stores it: a window killed midway keeps the run as broken off.
    // The writes after the row's go to the writer's thread; without one (it
    // could not open the file) they are made here, as before.
    if (!m_writer) {
        auto writer = std::make_unique<storage::RunWriter>();
        QString writerError;
        if (!m_database.filePath().isEmpty() && writer->open(m_database.filePath(), &writerError)) {
            connect(writer.get(), &storage::RunWriter::stored, this, &BenchmarkPage::runStored);
            m_writer = std::move(writer);
        }
    }
    auto run = std::make_unique<runs::RecordedRun>(&m_database, m_writer.get());
    QString error;
    if (run->start(wanted, &error) != runs::RecordedRun::Start::Started) {
        showError(tr("The run did not start: %1").arg(error));
        setState(tr("Ready."));
        updateState();
        return;
    }
    saveForm();
    showError({});
    m_run = std::move(run);
    m_running = wanted;
    m_completed = 0;
    m_failed = 0;
    m_runClock.start();
    m_controlled = false;
    m_rateSet.reset();
    m_stepTable->hide();
    m_charts->clear(wanted.durationMs);
    // The plan under the measured line (the open model): the rate at each
    // stage's end, straight lines between, or the constant rate.
    if (wanted.isOpenModel())
        showPlanFrom(0);
    m_charts->setLive(true);
    m_watchEngine = watchEngine;
    if (m_watchEngine)
        m_charts->showEngine(true);
    showEngineFigures(-1, -1, -1);
    m_report->clear();
    m_progress->setValue(0);
    setState(tr("Running…"));
    showFigures(0, 0, 0, 0, 0);
    m_poll.start();
    updateState();
    emit runningChanged(true);
}

void BenchmarkPage::stopRun()
{
    if (m_probe->isActive()) {
        m_probe->cancel();
        setState(tr("Ready."));
        updateState();
        return;
    }
    if (m_readingBaseline) {
        m_readingBaseline = false; // its answer, when it comes, counts for nothing
        setState(tr("Ready."));
        updateState();
        return;
    }
    if (m_searchId != 0) {
        // It ends at the service's next poll, stored as interrupted (searchEnded()).
        QString ignored;
        m_service->remove(m_searchId, &ignored);
        m_stop->setEnabled(false);
        setState(tr("Stopping…"));
        return;
    }
    if (!m_run)
        return;
    // The generator winds down on its threads; poll() sees it finish.
    m_run->stop();
    m_stop->setEnabled(false);
    setState(tr("Stopping…"));
}

void BenchmarkPage::poll()
{
    if (m_searchId != 0) {
        pollSearch();
        return;
    }
    if (!m_run)
        return;
    const QList<model::BenchSample> samples = m_run->poll();
    m_charts->append(samples);
    if (m_watchEngine)
        sampleEngine(samples);
    for (const model::BenchSample &sample : samples) {
        m_completed += sample.completed;
        m_failed += sample.failed;
    }
    m_progress->setValue(int(qBound(0.0, m_run->progress(), 1.0) * 1000));
    if (!samples.isEmpty()) {
        // The latest interval: what the load looks like now, not averaged away.
        const model::BenchSample &last = samples.constLast();
        showFigures(
            m_completed, last.requestsPerSecond(), last.p50Us / 1000.0, last.p99Us / 1000.0, m_failed);
    }
    if (m_run->isFinished())
        finish();
}

void BenchmarkPage::finish()
{
    m_poll.stop();
    // Finished: the threads have ended or are ending, so this returns at once.
    const runs::RecordedRun::Result result = m_run->finish();
    m_run.reset();
    const model::RunSummary &summary = result.summary;
    m_lastSummary = summary;
    const QList<model::BenchSample> &samples = result.samples;
    // The engine's side up to the run's end, its last responses included.
    if (m_watchEngine)
        sampleEngine({}, true);

    m_charts->setLive(false);
    // Paused or given a new rate: the plan is the samples' (the pauses at 0, the steps).
    if (m_controlled)
        m_charts->setPlannedRate({});
    m_charts->setSamples(samples, m_running.durationMs);
    // A run stopped early shows how far it got (2.8 s of 10: 28%), not 100%.
    double reached = 1.0;
    if (summary.interrupted) {
        reached = m_running.requests > 0
            ? double(summary.completed) / double(m_running.requests)
            : summary.timeTakenSec * 1000.0 / double(qMax<qint64>(1, m_running.durationMs));
    }
    m_progress->setValue(int(qBound(0.0, reached, 1.0) * m_progress->maximum()));
    m_report->setPlainText(ReportText::ab(m_running, summary));
    const auto takenMs = qint64(summary.timeTakenSec * 1000 + 0.5);
    setState(summary.interrupted ? tr("Stopped after %1.").arg(Format::elapsed(takenMs))
                                 : tr("Finished in %1.").arg(Format::elapsed(takenMs)));
    showFigures(summary.completed, summary.requestsPerSecond, summary.latencyP50Ms, summary.latencyP99Ms,
        summary.failed);
    // The whole run: the engine's percentiles of the responses served since its start.
    if (const auto service = m_engineWatch.wholeRun(); m_watchEngine && service)
        showEngineFigures(service->first, service->second, summary.latencyP50Ms);
    // A proxied site: where the time went, under the report (a figure row more would grow the
    // page past 1024x700).
    if (const auto upstream = m_engineWatch.upstreamWholeRun(); m_watchEngine && upstream) {
        m_report->appendPlainText(
            tr("\nUpstream time (mean): %1 of %2 proxied responses, as the engine "
               "measured it (client latency = network + engine + upstream)")
                .arg(Format::milliseconds(upstream->upstreamMs()), Format::count(upstream->responses)));
    }

    showVerdicts(summary, result.histogram, samples, takenMs);

    // A run that broke off (no descriptors left) has figures that say little: shown, not stored.
    const qint64 runId = result.runId;
    if (!result.error.isEmpty()) {
        setState(tr("The run broke off."));
        showError(tr("The run broke off and was not stored: %1").arg(result.error));
    } else if (runId == 0) {
        showError(tr("The run could not be stored: %1").arg(result.storeError));
    } else if (const QString none = noneSucceeded(summary); !none.isEmpty()) {
        // As bench's exit status 2: "Failed: 0" alone would read as a
        // success. Said in the state line (one line: a note would grow the
        // page past 1024x700) and, with the statuses, atop the report.
        setState(summary.interrupted
                ? tr("Stopped after %1: no request succeeded.").arg(Format::elapsed(takenMs))
                : tr("Finished in %1: no request succeeded.").arg(Format::elapsed(takenMs)));
        m_report->setPlainText(none + u"\n\n"_s + m_report->toPlainText());
    }
    updateState();
    emit runningChanged(false);
    // Stored by the writer: runFinished comes with its answer (runStored).
    if (!result.storePending)
        emit runFinished(runId);
}

void BenchmarkPage::showVerdicts(const model::RunSummary &summary, const model::LatencyHistogram &histogram,
    const QList<model::BenchSample> &samples, qint64 takenMs)
{
    const runs::BaselineCheck *baseline = m_baseline.get();
    // The verdict against the baseline, as bench --compare-baseline prints it after its report.
    if (baseline && baseline->isLoaded())
        m_report->appendPlainText(u"\n"_s + baseline->lines(m_running, { samples, histogram }).join(u'\n'));
    if (m_running.thresholds.isEmpty())
        return;
    // The thresholds, as bench prints them after its report, and their verdict in the state line.
    const model::ThresholdVerdict verdict = model::ThresholdVerdict::check(
        m_running.thresholds, summary, histogram, baseline ? baseline->thresholdBaseline() : nullptr);
    m_report->appendPlainText(u"\n"_s + tr("Thresholds:"));
    for (const QString &line : verdict.lines)
        m_report->appendPlainText(u"  "_s + line);
    const qsizetype failed = std::count_if(verdict.results.begin(), verdict.results.end(),
        [](const model::ThresholdVerdict::Result &r) { return !r.passed; });
    const QString taken = Format::elapsed(takenMs);
    const int count = int(failed == 0 ? verdict.results.size() : failed);
    if (!summary.abortedBy.isEmpty())
        setState(tr("Aborted after %1: the threshold %2 failed.").arg(taken, summary.abortedBy));
    else if (failed == 0)
        setState(summary.interrupted
                ? tr("Stopped after %1: all %n threshold(s) held.", nullptr, count).arg(taken)
                : tr("Finished in %1: all %n threshold(s) held.", nullptr, count).arg(taken));
    else
        setState(summary.interrupted
                ? tr("Stopped after %1: %n threshold(s) failed.", nullptr, count).arg(taken)
                : tr("Finished in %1: %n threshold(s) failed.", nullptr, count).arg(taken));
}

QString BenchmarkPage::noneSucceeded(const model::RunSummary &summary)
{
    if (summary.completed + summary.failed == 0 || summary.succeeded() > 0)
        return {};
    QStringList statuses; // those that came instead, the first three
    for (auto it = summary.statusCounts.cbegin(); it != summary.statusCounts.cend() && statuses.size() < 3;
         ++it)
        statuses << tr("%1 × %2").arg(Format::count(it.value())).arg(it.key());
    if (statuses.isEmpty())
        return tr("No request succeeded: none got a complete answer.");
    return tr("No request succeeded: no answer had a 2xx or 3xx status (%1).").arg(statuses.join(u", "_s));
}

void BenchmarkPage::runStored(qint64 runId, const QString &error)
{
    if (!error.isEmpty())
        showError(tr("The run could not be stored: %1").arg(error));
    emit runFinished(error.isEmpty() ? runId : 0);
}

void BenchmarkPage::sampleEngine(const QList<model::BenchSample> &samples, bool last)
{
    const std::optional<BenchCharts::EnginePoint> point = m_engineWatch.sample(samples, last);
    if (!point)
        return;
    m_charts->appendEngine({ *point });
    if (m_engineWatch.lastServed())
        showEngineFigures(point->serviceP50Ms, point->serviceP99Ms, m_engineWatch.clientP50Ms());
}

void BenchmarkPage::showEngineFigures(double serviceP50Ms, double serviceP99Ms, double clientP50Ms)
{
    if (serviceP50Ms < 0 || !m_watchEngine) {
        m_liveService->setText(u"–"_s);
        m_liveGap->setText(u"–"_s);
        return;
    }
    m_liveService->setText(
        tr("%1 / %2").arg(Format::milliseconds(serviceP50Ms), Format::milliseconds(serviceP99Ms)));
    m_liveGap->setText(Format::milliseconds(clientP50Ms - serviceP50Ms));
}

void BenchmarkPage::showFigures(quint64 requests, double rate, double p50Ms, double p99Ms, quint64 failed)
{
    m_liveRequests->setText(Format::count(requests));
    m_liveRate->setText(Format::rate(rate));
    m_liveLatency->setText(
        requests > 0 ? tr("%1 / %2").arg(Format::milliseconds(p50Ms), Format::milliseconds(p99Ms)) : u"–"_s);
    m_liveFailed->setText(Format::count(failed));
    // Failures in the error colour of the palette of the moment; none, in the inherited text colour.
    if (failed > 0) {
        QPalette palette = m_liveFailed->palette();
        palette.setColor(QPalette::WindowText, Tint::errorText(this->palette()));
        m_liveFailed->setPalette(palette);
    } else {
        m_liveFailed->setPalette(QPalette()); // no role of its own: the page's
    }
}

} // namespace hostbench::ui
