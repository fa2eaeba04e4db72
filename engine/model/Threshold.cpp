#include "model/Threshold.h"

#include <QRegularExpression>

#include <cmath>
#include <limits>

namespace hostbench::model {

using namespace Qt::StringLiterals;

namespace {

const QString kForm
    = u"METRIC OPERATOR VALUE, such as p99<50ms, rps>=20000, errors<0.1% or rps>=0.95*baseline"_s;
const QString kMetrics
    = u"p50, p90, p95, p99, p99.9 (any pN), mean, min, max, rps, errors, non2xx, unfinished"_s;

bool isLatency(const QString &metric)
{
    return metric.startsWith(u'p') || metric == u"mean"_s || metric == u"min"_s || metric == u"max"_s;
}

QString opText(Threshold::Op op)
{
    switch (op) {
    case Threshold::Op::Less:
        return u"<"_s;
    case Threshold::Op::LessOrEqual:
        return u"<="_s;
    case Threshold::Op::Greater:
        return u">"_s;
    case Threshold::Op::GreaterOrEqual:
        return u">="_s;
    case Threshold::Op::Equal:
        return u"=="_s;
    case Threshold::Op::NotEqual:
        return u"!="_s;
    }
    return {};
}

// Whether VALUE is FACTOR*baseline (or baseline alone): found at `at` of `text`.
bool startsWithBaseline(const QString &text, qsizetype at)
{
    return text.mid(at).trimmed().compare(u"baseline"_s, Qt::CaseInsensitive) == 0;
}

quint64 attempted(const RunSummary &s)
{
    // A length failure is a complete response too (ab), counted once.
    return s.completed + s.failed - s.failedLength + s.unfinished;
}

// A FACTOR*baseline threshold is for rps and the latencies only.
std::optional<Threshold> checkBaseline(const Threshold &t, QString *error)
{
    if (t.metric == u"rps"_s || isLatency(t.metric))
        return t;
    *error = u"\"%1\": %2 cannot be compared with a baseline; rps and the latencies (pN, mean, min, max) "
             "can, as in rps>=0.95*baseline or p99<=1.1*baseline"_s.arg(t.text, t.metric);
    return std::nullopt;
}

double ratio(double measured, double baseline)
{
    return baseline > 0 ? measured / baseline : std::numeric_limits<double>::quiet_NaN();
}

} // namespace

std::optional<Threshold> Threshold::parse(const QString &given, QString *error)
{
    const QString text = given.trimmed();
    const auto fail = [&](qsizetype at, const QString &why) {
        *error
            = u"\"%1\": %2 at character %3; the form is %4"_s.arg(text, why, QString::number(at + 1), kForm);
        return std::nullopt;
    };
    qsizetype i = 0;
    while (i < text.size() && (text[i].isLetterOrNumber() || text[i] == u'.'))
        ++i;
    Threshold t;
    t.text = text;
    t.metric = text.left(i).toLower();
    if (t.metric.isEmpty())
        return fail(0, u"a metric is missing"_s);
    static const QRegularExpression percentile(u"^p(\\d+(?:\\.\\d+)?)$"_s);
    const QRegularExpressionMatch p = percentile.match(t.metric);
    if (p.hasMatch()) {
        t.percentile = p.captured(1).toDouble();
        if (!(t.percentile > 0 && t.percentile <= 100))
            return fail(0, u"the percentile %1 is not above 0 and at most 100"_s.arg(p.captured(1)));
    } else if (!QStringList {
                   u"mean"_s, u"min"_s, u"max"_s, u"rps"_s, u"errors"_s, u"non2xx"_s, u"unfinished"_s }
                    .contains(t.metric)) {
        *error = u"\"%1\": unknown metric \"%2\"; the metrics are %3"_s.arg(text, text.left(i), kMetrics);
        return std::nullopt;
    }
    while (i < text.size() && text[i].isSpace())
        ++i;
    const std::pair<QString, Op> ops[] = { { u"<="_s, Op::LessOrEqual }, { u">="_s, Op::GreaterOrEqual },
        { u"=="_s, Op::Equal }, { u"!="_s, Op::NotEqual }, { u"<"_s, Op::Less }, { u">"_s, Op::Greater } };
    bool found = false;
    for (const auto &[symbol, op] : ops) {
        if (text.mid(i, symbol.size()) == symbol) {
            t.op = op;
            i += symbol.size();
            found = true;
            break;
        }
    }
    if (!found)
        return fail(i, u"an operator (<, <=, >, >=, ==, !=) is expected"_s);
    while (i < text.size() && text[i].isSpace())
        ++i;
    const qsizetype numberAt = i;
    if (startsWithBaseline(text, numberAt)) {
        t.baseline = true;
        t.value = 1.0;
        return checkBaseline(t, error);
    }
    while (i < text.size() && (text[i].isDigit() || text[i] == u'.'))
        ++i;
    bool ok = false;
    const double number = text.mid(numberAt, i - numberAt).toDouble(&ok);
    if (!ok || !std::isfinite(number))
        return fail(numberAt, u"a number is expected"_s);
    const qsizetype unitAt = i;
    const qsizetype star = text.indexOf(u'*', i);
    if (star >= 0) {
        // FACTOR*baseline: a plain factor, then baseline.
        const QString unit = text.mid(i, star - i).trimmed();
        if (!unit.isEmpty())
            return fail(unitAt,
                u"a baseline's factor is a plain number, not \"%1\""_s.arg(
                    text.mid(numberAt, star - numberAt).trimmed()));
        if (!startsWithBaseline(text, star + 1))
            return fail(star + 1, u"baseline is expected after *"_s);
        t.baseline = true;
        t.value = number;
        return checkBaseline(t, error);
    }
    const QString unit = text.mid(i).trimmed().toLower();
    if (isLatency(t.metric)) {
        if (unit.isEmpty() || unit == u"ms"_s)
            t.value = number;
        else if (unit == u"us"_s || unit == u"µs"_s)
            t.value = number / 1000.0;
        else if (unit == u"s"_s)
            t.value = number * 1000.0;
        else
            return fail(unitAt, u"a latency's unit is us, ms or s, not \"%1\""_s.arg(unit));
    } else if (t.metric == u"errors"_s && unit == u"%"_s) {
        t.share = true;
        t.value = number / 100.0;
    } else if (!unit.isEmpty()) {
        return fail(unitAt,
            t.metric == u"errors"_s ? u"errors take a count or a share with %, not \"%1\""_s.arg(unit)
                                    : u"%1 takes a plain number, not \"%2\""_s.arg(t.metric, unit));
    } else {
        t.value = number;
    }
    return t;
}

double Threshold::measure(
    const RunSummary &s, const LatencyHistogram &histogram, const ThresholdBaseline *against) const
{
    if (baseline) {
        if (!against)
            return std::numeric_limits<double>::quiet_NaN();
        Threshold plain = *this;
        plain.baseline = false;
        return ratio(plain.measure(s, histogram), plain.measure(against->summary, against->histogram));
    }
    if (percentile > 0)
        return double(histogram.valueAtPercentile(percentile)) / 1000.0;
    if (metric == u"mean"_s)
        return s.latencyMeanMs;
    if (metric == u"min"_s)
        return s.latencyMinMs;
    if (metric == u"max"_s)
        return s.latencyMaxMs;
    if (metric == u"rps"_s)
        return s.requestsPerSecond;
    if (metric == u"non2xx"_s)
        return double(s.non2xx);
    if (metric == u"unfinished"_s)
        return double(s.unfinished);
    // errors
    const quint64 all = attempted(s);
    const quint64 bad = all - std::min(all, s.succeeded());
    if (!share)
        return double(bad);
    return all == 0 ? 1.0 : double(bad) / double(all);
}

bool Threshold::passes(double measured) const
{
    if (std::isnan(measured))
        return false; // a baseline threshold without a baseline figure
    switch (op) {
    case Op::Less:
        return measured < value;
    case Op::LessOrEqual:
        return measured <= value;
    case Op::Greater:
        return measured > value;
    case Op::GreaterOrEqual:
        return measured >= value;
    case Op::Equal:
        return measured == value;
    case Op::NotEqual:
        return measured != value;
    }
    return false;
}

QString Threshold::describe(double measured) const
{
    if (baseline) {
        const QString factor = QString::number(value, 'g', 12);
        if (std::isnan(measured))
            return u"%1: no baseline figure to compare with (%2 %3 × baseline), FAIL"_s.arg(
                text, opText(op), factor);
        return u"%1: %2 × baseline (%3 %4 × baseline), %5"_s.arg(text, QString::number(measured, 'f', 3),
            opText(op), factor, passes(measured) ? u"pass"_s : u"FAIL"_s);
    }
    QString figure;
    if (metric == u"rps"_s)
        figure = u"%1 requests/s"_s.arg(measured, 0, 'f', 2);
    else if (isLatency(metric))
        figure = u"%1 ms"_s.arg(measured, 0, 'f', 3);
    else if (share)
        figure = u"%1%"_s.arg(measured * 100.0, 0, 'f', 3);
    else
        figure = QString::number(qint64(measured));
    // 'g' with 12 digits: 10000000, not QString::number's 1e+07.
    const QString limit = QString::number(share ? value * 100.0 : value, 'g', 12)
        + (share                    ? u"%"_s
                : isLatency(metric) ? u" ms"_s
                                    : QString());
    return u"%1: %2 (%3 %4), %5"_s.arg(
        text, figure, opText(op), limit, passes(measured) ? u"pass"_s : u"FAIL"_s);
}

ThresholdVerdict ThresholdVerdict::check(const QList<Threshold> &thresholds, const RunSummary &summary,
    const LatencyHistogram &histogram, const ThresholdBaseline *baseline)
{
    ThresholdVerdict verdict;
    for (const Threshold &t : thresholds) {
        if (t.baseline && !baseline) {
            // A stored run read again: its baseline was the one of its time.
            verdict.results.append({ t.text, 0, true, false });
            verdict.lines.append(
                u"%1: not checked here (bench checks it against the baseline)"_s.arg(t.text));
            continue;
        }
        const double measured = t.measure(summary, histogram, baseline);
        bool passed = t.passes(measured);
        QString line = t.describe(measured);
        if (!summary.abortedBy.isEmpty() && t.text == summary.abortedBy) {
            // It stopped the run (--abort-on-fail): failed, whatever the last figures say.
            passed = false;
            line = u"%1 after %2 s: the run was aborted (--abort-on-fail)"_s.arg(
                summary.abortedFigure, QString::number(double(summary.abortedAtMs) / 1000.0, 'f', 1));
        }
        verdict.results.append({ t.text, measured, passed });
        verdict.lines.append(line);
        verdict.passed = verdict.passed && passed;
    }
    return verdict;
}

ThresholdVerdict ThresholdVerdict::check(const QStringList &texts, const RunSummary &summary,
    const LatencyHistogram &histogram, const ThresholdBaseline *baseline)
{
    ThresholdVerdict verdict;
    for (const QString &text : texts) {
        QString error;
        const std::optional<Threshold> threshold = Threshold::parse(text, &error);
        if (!threshold) {
            verdict.results.append({ text, 0, false });
            verdict.lines.append(u"%1: %2, FAIL"_s.arg(text, error));
            verdict.passed = false;
            continue;
        }
        const ThresholdVerdict one = check(QList<Threshold> { *threshold }, summary, histogram, baseline);
        verdict.results += one.results;
        verdict.lines += one.lines;
        verdict.passed = verdict.passed && one.passed;
    }
    return verdict;
}

} // namespace hostbench::model
