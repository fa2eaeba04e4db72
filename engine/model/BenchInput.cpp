#include "model/BenchInput.h"

#include <algorithm>
#include <utility>

namespace hostbench::model {

using namespace Qt::StringLiterals;

namespace {

// RFC 9110 §5.6.2 tchar.
bool isTokenChar(QChar c)
{
    return c.unicode() < 128 && (c.isLetterOrNumber() || u"!#$%&'*+-.^_`|~"_s.contains(c));
}

bool isToken(const QString &text)
{
    return !text.isEmpty() && std::all_of(text.cbegin(), text.cend(), isTokenChar);
}

} // namespace

bool BenchInput::isMethod(const QString &text)
{
    return isToken(text);
}

std::optional<QPair<QByteArray, QByteArray>> BenchInput::header(const QString &text, HeaderProblem *problem)
{
    const auto fail = [problem](HeaderProblem why) {
        if (problem)
            *problem = why;
        return std::nullopt;
    };
    const qsizetype colon = text.indexOf(u':');
    const QString name = colon > 0 ? text.left(colon) : QString();
    if (!isToken(name))
        return fail(HeaderProblem::BadName);
    const QString value = text.mid(colon + 1).trimmed();
    if (value.contains(u'\r') || value.contains(u'\n'))
        return fail(HeaderProblem::LineBreak);
    if (problem)
        *problem = HeaderProblem::None;
    return QPair<QByteArray, QByteArray> { name.toLatin1(), value.toUtf8() };
}

std::optional<double> BenchInput::rate(const QString &text)
{
    bool ok = false;
    const double rate = text.toDouble(&ok);
    if (!ok || !(rate > 0) || rate > kMaxRate)
        return std::nullopt;
    return rate;
}

std::optional<qint64> BenchInput::seconds(const QString &text)
{
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (!ok || !(value >= 0) || value > kMaxSeconds)
        return std::nullopt;
    return qint64(value * 1000.0 + 0.5);
}

std::optional<int> BenchInput::timeout(const QString &text)
{
    QString number = text.trimmed();
    double unitMs = 1;
    for (const auto &[suffix, ms] :
        { std::pair { u"ms"_s, 1.0 }, std::pair { u"s"_s, 1000.0 }, std::pair { u"m"_s, 60'000.0 } }) {
        if (number.endsWith(suffix)) {
            number.chop(suffix.size());
            unitMs = ms;
            break;
        }
    }
    bool ok = false;
    // Digits and a point only: no sign, no exponent, no "inf" or "nan".
    const bool plain = !number.isEmpty() && std::all_of(number.cbegin(), number.cend(), [](QChar c) {
        return (c >= u'0' && c <= u'9') || c == u'.';
    });
    const double ms = plain ? number.toDouble(&ok) * unitMs : 0;
    if (!ok || !(ms >= 1) || ms > kMaxTimeoutMs)
        return std::nullopt;
    return int(ms + 0.5);
}

} // namespace hostbench::model
