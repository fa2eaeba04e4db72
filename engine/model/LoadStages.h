#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace hostbench::model {

/*
 * One stage of an open-model load shape (bench --stages, k6's
 * ramping-arrival-rate): over `durationMs` the planned rate goes in a
 * straight line from where the stage before it ended (the first stage: from
 * the run's --rate, or 0 without one) to `rate` requests/s.
 * Plain value; any thread.
 */
struct LoadStage
{
    qint64 durationMs = 0; // above 0
    double rate = 0; // requests/s reached at the stage's end, 0 .. BenchInput::kMaxRate

    bool operator==(const LoadStage &) const = default;
};

/*
 * The text form of a load shape, "DURATION:RATE[,DURATION:RATE...]" such as
 * "10s:1000,30s:5000,10s:0", and what the plan gives at a time. DURATION is
 * a number with a unit: ms, s, m or h ("500ms", "1.5s", "2m"); RATE
 * requests/s, a number from 0 to BenchInput::kMaxRate. Blanks around the
 * parts are ignored. Pure functions; any thread.
 */
class LoadStages final
{
public:
    static constexpr int kMaxStages = 1000;
    // The form as parse()'s errors and the fields' tips give it.
    static QString form();
    // The stages of `text`, or nullopt with *error naming the stage (1-based,
    // quoted) and what is wrong with it, then the expected form: a missing
    // colon, a duration without a unit, a zero or negative duration, a
    // negative rate, an empty list or stage; also a plan that sends nothing
    // (every rate 0 and `startRate` 0) or lasts more than a year.
    // *stageAtFault (may be null): the 0-based index of the stage at fault, -1
    // for the whole list.
    static std::optional<QList<LoadStage>> parse(
        const QString &text, double startRate, QString *error, int *stageAtFault = nullptr);
    // The text form again ("10s:1000,30s:5000,10s:0"), which parse() reads back.
    static QString format(const QList<LoadStage> &stages);
    // The run's length: the stages' durations summed (ms).
    static qint64 totalMs(const QList<LoadStage> &stages);
    // The planned rate (requests/s) at `ms` into the stages, ramping from `startRate`; 0 past the end.
    static double rateAt(const QList<LoadStage> &stages, double startRate, double ms);
    // The requests the plan sends in all: the area under its rate.
    static double plannedRequests(const QList<LoadStage> &stages, double startRate);
};

} // namespace hostbench::model
