#pragma once

#include "model/BenchInput.h"
#include "model/LoadStages.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <optional>

namespace hostbench::cli {

/*
 * The parsers behind `hostbench-cli bench`'s flags, one per concern, as ab
 * and wrk spell them. Each takes the flags' values as given (nullopt: the
 * flag is absent) and returns the value, or std::nullopt with the sentence
 * bench prints in *error. What -m, -H, --rate, -t, --warmup and --timeout
 * take is model::BenchInput's, the rules the Benchmark page reads its
 * fields with. Thread: any.
 */
class BenchFlags final
{
public:
    // How long a run is: -n requests, or -t seconds (then requests is 0).
    struct Length
    {
        qint64 requests = 1;
        qint64 durationMs = 0;
    };

    // Connections at a time (-c) and generator threads (--threads).
    struct Connections
    {
        int concurrency = 1;
        int threads = 1;
    };

    // What each request carries beyond its headers: -p FILE's body (which
    // makes it a POST of text/plain), -m METHOD, -T TYPE.
    struct Request
    {
        QByteArray method = "GET";
        QByteArray body;
        QByteArray contentType;
    };

    // The one positional argument: an http:// URL with a host (https is
    // refused with its own sentence).
    static std::optional<QString> url(const QStringList &positional, QString *error);
    // -n N (at least 1; 1 when absent) or -t SECONDS (more than 0), not both.
    static std::optional<Length> length(
        const std::optional<QString> &requests, const std::optional<QString> &duration, QString *error);
    // -c 1..100000, not more than `requests` (0: a run of -t); --threads 1..1024.
    static std::optional<Connections> connections(const std::optional<QString> &concurrency,
        const std::optional<QString> &threads, qint64 requests, QString *error);
    // --rate R: requests/s in all, above 0 and at most 1e8; 0 (the closed model) when absent.
    static std::optional<double> rate(const std::optional<QString> &text, QString *error);
    // --stages DURATION:RATE,... (model::LoadStages), ramping from `startRate`
    // (--rate, or 0); refused beside -n or -t (the run lasts the stages' sum),
    // with the stage at fault named. An empty list when absent.
    static std::optional<QList<model::LoadStage>> stages(
        const std::optional<QString> &text, double startRate, bool lengthGiven, QString *error);
    // --warmup SECONDS, as ms; 0 when absent.
    static std::optional<qint64> warmup(const std::optional<QString> &text, QString *error);
    // --timeout T: how long one request may take before it fails as a
    // timeout, in ms. T is a number of milliseconds, or one with a unit: ms,
    // s or m ("500", "500ms", "1.5s", "2m"); 1 ms to 24 hours; 30000 when absent.
    static constexpr int kDefaultTimeoutMs = model::BenchInput::kDefaultTimeoutMs;
    static constexpr int kMaxTimeoutMs = model::BenchInput::kMaxTimeoutMs;
    static std::optional<int> timeout(const std::optional<QString> &text, QString *error);
    // -H "Name: value", each in order.
    static std::optional<QList<QPair<QByteArray, QByteArray>>> headers(
        const QStringList &texts, QString *error);
    // -p FILE (read now), -m METHOD (an RFC 9110 token), -T TYPE.
    static std::optional<Request> request(const std::optional<QString> &postFile,
        const std::optional<QString> &method, const std::optional<QString> &contentType, QString *error);
    // --json, --csv or -e FILE (`flag`): FILE whose folder exists, or an
    // empty string (none).
    static std::optional<QString> outputFile(const QString &flag, const QString &file, QString *error);
    // --export-k6 FILE: FILE whose folder exists; an empty string when absent.
    static std::optional<QString> k6File(const std::optional<QString> &file, QString *error);
    // --k6-p99-ms MS, above 0; 1000 when absent.
    static std::optional<double> k6P99Ms(const std::optional<QString> &text, QString *error);
    // --format ab|wrk: true for wrk.
    static std::optional<bool> wrkFormat(const QString &text, QString *error);
};

} // namespace hostbench::cli
