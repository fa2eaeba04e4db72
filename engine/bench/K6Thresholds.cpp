#include "K6Thresholds.h"

#include "model/Threshold.h"

#include <QJsonArray>

#include <optional>

namespace hostbench::bench {

using namespace Qt::StringLiterals;

namespace {

using Op = model::Threshold::Op;

const QString kDuration = u"http_req_duration{scenario:bench}"_s;
const QString kRequests = u"http_reqs{scenario:bench}"_s;
const QString kFailed = u"http_req_failed{scenario:bench}"_s;

QString opText(Op op)
{
    switch (op) {
    case Op::Less:
        return u"<"_s;
    case Op::LessOrEqual:
        return u"<="_s;
    case Op::Greater:
        return u">"_s;
    case Op::GreaterOrEqual:
        return u">="_s;
    case Op::Equal:
        return u"=="_s;
    case Op::NotEqual:
        break;
    }
    return u"!="_s;
}

QString number(double value)
{
    return QString::number(value, 'g', 12);
}

// A count threshold that holds exactly when the count is 0.
bool meansNone(const model::Threshold &t)
{
    return (t.op == Op::Equal && t.value == 0) || (t.op == Op::LessOrEqual && t.value < 1)
        || (t.op == Op::Less && t.value > 0 && t.value <= 1);
}

struct Mapped
{
    QString metric; // k6's metric with its tags
    QString expression; // "p(99)<50"
};

// The k6 form of `t`, or nullopt with *why.
std::optional<Mapped> mapOne(const model::Threshold &t, QString *why)
{
    if (t.baseline) {
        *why = u"k6 compares no runs with a baseline (bench --compare-baseline does)"_s;
        return std::nullopt;
    }
    const QString op = opText(t.op);
    if (t.metric.startsWith(u'p'))
        return Mapped { kDuration, u"p(%1)%2%3"_s.arg(number(t.percentile), op, number(t.value)) };
    if (t.metric == u"mean"_s || t.metric == u"min"_s || t.metric == u"max"_s)
        return Mapped { kDuration, (t.metric == u"mean"_s ? u"avg"_s : t.metric) + op + number(t.value) };
    if (t.metric == u"rps"_s)
        return Mapped { kRequests, u"rate"_s + op + number(t.value) };
    if (t.metric == u"errors"_s && t.share)
        return Mapped { kFailed, u"rate"_s + op + number(t.value) };
    if (t.metric == u"errors"_s && meansNone(t))
        return Mapped { kFailed, u"rate==0"_s };
    if (t.metric == u"non2xx"_s && meansNone(t))
        return Mapped { u"checks{check:%1}"_s.arg(QString::fromUtf16(K6Thresholds::kStatusCheck)),
            u"rate==1"_s };
    if (t.metric == u"unfinished"_s)
        *why = u"k6 counts no request left under way at the end"_s;
    else
        *why = u"k6 has %1 as a rate only, not as a count other than none; give it as a share (%) or ==0"_s
                   .arg(t.metric == u"errors"_s ? u"failed requests"_s : u"non-2xx responses"_s);
    return std::nullopt;
}

} // namespace

K6Thresholds K6Thresholds::map(const QStringList &texts, bool abortOnFail, double p99Ms)
{
    K6Thresholds out;
    QMap<QString, QJsonArray> byMetric;
    const auto add = [&](const QString &metric, const QString &expression) {
        if (!abortOnFail) {
            byMetric[metric].append(expression);
            return;
        }
        byMetric[metric].append(QJsonObject {
            { u"threshold"_s, expression }, { u"abortOnFail"_s, true }, { u"delayAbortEval"_s, u"1s"_s } });
    };
    for (const QString &text : texts) {
        QString why;
        const std::optional<model::Threshold> threshold = model::Threshold::parse(text, &why);
        const std::optional<Mapped> mapped = threshold ? mapOne(*threshold, &why) : std::nullopt;
        if (!mapped) {
            out.unmapped.append(text + u": "_s + why);
            continue;
        }
        add(mapped->metric, mapped->expression);
        out.needsStatusCheck = out.needsStatusCheck || mapped->metric.startsWith(u"checks"_s);
    }
    if (p99Ms > 0)
        add(kDuration, u"p(99)<"_s + number(p99Ms));
    for (auto it = byMetric.cbegin(); it != byMetric.cend(); ++it)
        out.thresholds.insert(it.key(), it.value());
    return out;
}

} // namespace hostbench::bench
