#include "model/LoadStages.h"

#include "model/BenchInput.h"

#include <QStringList>

#include <cmath>

namespace hostbench::model {

using namespace Qt::StringLiterals;

namespace {

// "1.5s", "500ms", "2m", "1h": as ms, or nullopt; *why says what is wrong.
std::optional<double> durationMs(const QString &text, QString *why)
{
    qsizetype i = 0;
    if (i < text.size() && (text[i] == u'-' || text[i] == u'+'))
        ++i;
    while (i < text.size() && (text[i].isDigit() || text[i] == u'.'))
        ++i;
    bool ok = false;
    const double number = text.left(i).toDouble(&ok);
    const QString unit = text.mid(i).trimmed().toLower();
    if (!ok || !std::isfinite(number)) {
        *why = u"the duration \"%1\" is not a number with a unit (ms, s, m or h)"_s.arg(text);
        return std::nullopt;
    }
    double scale = 0;
    if (unit == u"ms"_s)
        scale = 1;
    else if (unit == u"s"_s)
        scale = 1000;
    else if (unit == u"m"_s)
        scale = 60'000;
    else if (unit == u"h"_s)
        scale = 3'600'000;
    if (scale == 0) {
        *why = unit.isEmpty() ? u"the duration \"%1\" has no unit (ms, s, m or h)"_s.arg(text)
                              : u"the duration's unit is ms, s, m or h, not \"%1\""_s.arg(unit);
        return std::nullopt;
    }
    const double ms = number * scale;
    if (!(ms >= 1)) {
        *why = number <= 0 ? u"the duration %1 is not above 0"_s.arg(text)
                           : u"the duration %1 is under 1 ms"_s.arg(text);
        return std::nullopt;
    }
    return ms;
}

} // namespace

QString LoadStages::form()
{
    return u"DURATION:RATE[,DURATION:RATE...], such as 10s:1000,30s:5000,10s:0 (DURATION with ms, s, m "
           "or h; RATE requests/s, 0 or more)"_s;
}

std::optional<QList<LoadStage>> LoadStages::parse(
    const QString &text, double startRate, QString *error, int *stageAtFault)
{
    if (stageAtFault)
        *stageAtFault = -1;
    const QStringList parts = text.split(u',');
    QList<LoadStage> stages;
    double totalMs = 0;
    for (qsizetype n = 0; n < parts.size(); ++n) {
        const QString part = parts[n].trimmed();
        const auto fail = [&](const QString &why) {
            *error = u"stage %1 (\"%2\"): %3; the form is %4"_s.arg(n + 1).arg(part, why, form());
            if (stageAtFault)
                *stageAtFault = int(n);
            return std::nullopt;
        };
        if (part.isEmpty())
            return fail(text.trimmed().isEmpty() ? u"no stage is given"_s : u"the stage is empty"_s);
        if (parts.size() > kMaxStages)
            return fail(u"more than %1 stages"_s.arg(kMaxStages));
        const qsizetype colon = part.indexOf(u':');
        if (colon < 0)
            return fail(u"a colon between the duration and the rate is missing"_s);
        QString why;
        const std::optional<double> ms = durationMs(part.left(colon).trimmed(), &why);
        if (!ms)
            return fail(why);
        const QString rateText = part.mid(colon + 1).trimmed();
        bool ok = false;
        const double rate = rateText.toDouble(&ok);
        if (!ok || !std::isfinite(rate))
            return fail(u"the rate \"%1\" is not a number"_s.arg(rateText));
        if (rate < 0)
            return fail(u"the rate %1 is negative"_s.arg(rateText));
        if (rate > BenchInput::kMaxRate)
            return fail(
                u"the rate %1 is above %2 requests/s"_s.arg(rateText).arg(BenchInput::kMaxRate, 0, 'f', 0));
        totalMs += *ms;
        if (totalMs > BenchInput::kMaxSeconds * 1000.0)
            return fail(u"the stages last more than a year"_s);
        stages.append({ qint64(std::llround(*ms)), rate });
    }
    if (plannedRequests(stages, startRate) < 1) {
        *error = u"the stages plan fewer than one request (%1 in all: the rates and durations are too "
                 "small); the form is %2"_s.arg(
                     QString::number(plannedRequests(stages, startRate), 'g', 3), form());
        return std::nullopt;
    }
    return stages;
}

QString LoadStages::format(const QList<LoadStage> &stages)
{
    QStringList parts;
    for (const LoadStage &stage : stages) {
        const QString duration = stage.durationMs % 1000 == 0 ? u"%1s"_s.arg(stage.durationMs / 1000)
                                                              : u"%1ms"_s.arg(stage.durationMs);
        parts.append(duration + u':' + QString::number(stage.rate, 'g', 12));
    }
    return parts.join(u',');
}

qint64 LoadStages::totalMs(const QList<LoadStage> &stages)
{
    qint64 total = 0;
    for (const LoadStage &stage : stages)
        total += stage.durationMs;
    return total;
}

double LoadStages::rateAt(const QList<LoadStage> &stages, double startRate, double ms)
{
    double from = startRate;
    double begin = 0;
    if (ms < 0)
        return startRate;
    for (const LoadStage &stage : stages) {
        const double end = begin + double(stage.durationMs);
        if (ms <= end)
            return from + (stage.rate - from) * (ms - begin) / double(stage.durationMs);
        from = stage.rate;
        begin = end;
    }
    return 0;
}

double LoadStages::plannedRequests(const QList<LoadStage> &stages, double startRate)
{
    double from = startRate;
    double count = 0;
    for (const LoadStage &stage : stages) {
        count += (from + stage.rate) / 2.0 * double(stage.durationMs) / 1000.0;
        from = stage.rate;
    }
    return count;
}

} // namespace hostbench::model
