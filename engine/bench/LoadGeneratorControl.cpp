// LoadGenerator's open-model controls: pause, resume and a new rate while a
// run goes (LoadGenerator.h says what each does; RateControl holds the schedule).
#include "LoadGeneratorPrivate.h"

#include "model/BenchInput.h"

namespace hostbench::bench {

bool LoadGenerator::pause(QString *error)
{
    return control(Control::Pause, 0, error);
}

bool LoadGenerator::resume(QString *error)
{
    return control(Control::Resume, 0, error);
}

bool LoadGenerator::setRate(double rate, QString *error)
{
    return control(Control::Rate, rate, error);
}

bool LoadGenerator::control(Control what, double rate, QString *error)
{
    const auto refuse = [error](const QString &reason) {
        if (error)
            *error = reason;
        return false;
    };
    if (!d->run || d->threads.empty() || isFinished())
        return refuse(QStringLiteral("no run is going"));
    RunShared &run = *d->run;
    if (!run.paced())
        return refuse(QStringLiteral("a closed-model run sends as fast as it is answered: only an open-model "
                                     "run (a rate or stages) can be paused or given a rate"));
    if (what == Control::Rate && !(rate > 0 && rate <= model::BenchInput::kMaxRate))
        return refuse(QStringLiteral("the rate must be above 0 and at most %1 requests per second")
                          .arg(qint64(model::BenchInput::kMaxRate)));
    bool changed = false;
    switch (what) {
    case Control::Pause:
        changed = run.rates.pause();
        break;
    case Control::Resume:
        changed = run.rates.resume();
        break;
    case Control::Rate:
        changed = run.rates.setRate(rate);
        break;
    }
    // Each thread's connections read their next send times again; those
    // that wake first see the new epoch themselves.
    if (changed) {
        for (auto &worker : d->workers)
            worker->replan();
    }
    return true;
}

bool LoadGenerator::isPaused() const
{
    return d->run && d->run->paced() && d->run->schedule().isPaused();
}

double LoadGenerator::plannedRate() const
{
    if (!d->run || !d->run->paced())
        return -1;
    return d->run->schedule().rateAt(d->run->secondsSinceStart(Clock::now()));
}

} // namespace hostbench::bench
