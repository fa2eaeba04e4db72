#pragma once

#include <QByteArray>
#include <QPair>
#include <QString>

#include <optional>

namespace hostbench::model {

/*
 * The rules for what a benchmark run sends and how it is timed, read from
 * text: `hostbench-cli bench`'s flags (-m, -H, --rate, -t, --warmup,
 * --timeout; app/cli) and the Benchmark page's fields (ui/) both read their
 * values with these, so that the window takes what the CLI takes. Each
 * returns the value, or std::nullopt for text it does not take; the
 * sentence for the user is the caller's (the CLI's names its flag, the
 * window's is translated and names its field).
 * Pure functions; any thread.
 */
class BenchInput final
{
public:
    // A request method: an RFC 9110 §9.1 token, one or more tchar (§5.6.2:
    // ASCII letters and digits and !#$%&'*+-.^_`|~). Case is kept.
    static bool isMethod(const QString &text);

    enum class HeaderProblem {
        None,
        BadName, // no colon, nothing before it, or a name that is no token
        LineBreak, // a CR or LF in the value
    };
    // "Name: value" (RFC 9110 §5.1: a field name token, a colon, the value
    // with the blanks around it removed): the name as Latin-1, the value as
    // UTF-8. *problem (may be null) says why not.
    static std::optional<QPair<QByteArray, QByteArray>> header(
        const QString &text, HeaderProblem *problem = nullptr);

    // Requests per second of the open model (--rate): a number above 0 and at
    // most kMaxRate, written as QString::toDouble reads it ("50", "12.5",
    // "1e3"; blanks around it ignored). Up to 100 million: far above what one
    // machine sends, and a pace per connection that the clock still resolves.
    static constexpr double kMaxRate = 1e8;
    static std::optional<double> rate(const QString &text);

    // A non-negative number of seconds, fractions allowed ("10", "0.5"), at
    // most kMaxSeconds (a year: far from overflowing ms in 64 bits): as ms,
    // rounded. -t, --warmup and the shootout's -t read it.
    static constexpr double kMaxSeconds = 365.0 * 24 * 3600;
    static std::optional<qint64> seconds(const QString &text);

    // How long one request may take before it fails as a timeout
    // (--timeout): a number of milliseconds, or one with a unit, ms, s or m
    // ("500", "500ms", "1.5s", "2m"; digits and a point only, no sign or
    // exponent), from 1 ms to kMaxTimeoutMs: as ms, rounded.
    static constexpr int kDefaultTimeoutMs = 30'000;
    static constexpr int kMaxTimeoutMs = 24 * 3600 * 1000;
    static std::optional<int> timeout(const QString &text);
};

} // namespace hostbench::model
