// BenchmarkPage's controls of an open-model run going: Pause and Resume, a
// new rate (Apply), and the plan the charts draw after each (BenchmarkPage.h).
#include "ui/BenchmarkPage.h"

#include "model/LoadStages.h"
#include "model/RunChange.h"
#include "runs/RecordedRun.h"
#include "ui/BenchCharts.h"
#include "ui/FieldError.h"
#include "ui/Format.h"

#include <QLineEdit>
#include <QPushButton>
#include <QStyle>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {

// The plan of `p` from `at` seconds (into the measured part) to its end: a
// rate given (`rate`) holds to the end; else stages ramp on (a point where
// each ends), a constant rate holds. Empty for a run of a number of
// requests, whose end is not a time.
QList<QPointF> planFrom(const model::BenchParameters &p, std::optional<double> rate, double at)
{
    const double end = double(p.durationMs) / 1000.0;
    if (p.requests > 0 || !(end > at))
        return {};
    if (rate || p.stages.isEmpty()) {
        const double held = rate.value_or(p.rate);
        return { { at, held }, { end, held } };
    }
    QList<QPointF> plan { { at, model::LoadStages::rateAt(p.stages, p.rate, at * 1000.0) } };
    qint64 stageEndMs = 0;
    for (const model::LoadStage &stage : p.stages) {
        stageEndMs += stage.durationMs;
        if (double(stageEndMs) / 1000.0 > at)
            plan.append({ double(stageEndMs) / 1000.0, stage.rate });
    }
    return plan;
}

} // namespace

bool BenchmarkPage::isPaused() const
{
    return m_run && m_run->isPaused();
}

double BenchmarkPage::runSeconds() const
{
    return double(m_runClock.elapsed() - m_running.warmupMs) / 1000.0;
}

bool BenchmarkPage::togglePause()
{
    if (!m_run || !m_running.isOpenModel())
        return false;
    model::RunChange change;
    change.paused = !m_run->isPaused();
    QString error;
    if (!m_run->change(change, &error)) {
        showError(error);
        return false;
    }
    m_controlled = true;
    showPlanFrom(runSeconds());
    updateRunControls();
    setState(m_run->isPaused() ? tr("Paused: no request is sent until Resume.") : tr("Running…"));
    return true;
}

bool BenchmarkPage::applyRate()
{
    if (!m_run || !m_running.isOpenModel())
        return false;
    // The Rate as typed (read as the form reads it): a bad one is said under it.
    const std::optional<double> rate = BenchmarkFields::newRate(m_rate->text());
    if (!rate) {
        m_rateError->setMessage(BenchmarkFields::newRateProblem());
        return false;
    }
    model::RunChange change;
    change.rate = *rate;
    QString error;
    if (!m_run->change(change, &error)) {
        m_rateError->setMessage(error);
        return false;
    }
    m_rateError->setMessage({});
    m_controlled = true;
    m_rateSet = *rate;
    showPlanFrom(runSeconds());
    updateRunControls();
    if (!m_run->isPaused())
        setState(tr("Running at %1 requests/s…").arg(Format::rate(*rate)));
    return true;
}

void BenchmarkPage::showPlanFrom(double atSeconds)
{
    // While paused nothing is planned ahead: the samples' planned rate (0) is drawn as it comes.
    if (m_run && m_run->isPaused())
        m_charts->setPlannedRate({});
    else
        m_charts->setPlannedRate(planFrom(m_running, m_rateSet, qMax(0.0, atSeconds)));
}

void BenchmarkPage::updateRunControls()
{
    // Only an open-model run has a schedule to pause or pace (a search sets its own).
    const bool open = m_run && m_running.isOpenModel();
    const bool paused = open && m_run->isPaused();
    m_pause->setEnabled(open);
    m_pause->setText(paused ? tr("R&esume") : tr("&Pause"));
    m_pause->setIcon(style()->standardIcon(paused ? QStyle::SP_MediaPlay : QStyle::SP_MediaPause));
    m_applyRate->setVisible(open);
}

} // namespace hostbench::ui
