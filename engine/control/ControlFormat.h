#pragma once

#include "model/MetricsSnapshot.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace hostbench::control {

/*
 * The bodies the control API answers, built from MetricsSnapshots without
 * any socket, so that they can be tested alone:
 *   - /api/status: a JSON object (keys in snake_case, counters as numbers);
 *   - /metrics: Prometheus' text exposition format 0.0.4
 *     (prometheus.io/docs/instrumenting/exposition_formats), one HELP and
 *     one TYPE line per metric family, label values escaped.
 * Units: ms in JSON, seconds in Prometheus (its convention). Thread: any.
 */
class ControlFormat final
{
public:
    static constexpr char kPrometheusContentType[] = "text/plain; version=0.0.4; charset=utf-8";

    // Requests per second between two snapshots of the same engine run,
    // timed by the engine's own uptime; `wallIntervalMs` (the time between
    // the two reads) when the engine was stopped in either. 0 when the
    // counters went backwards (the engine restarted) or no time passed.
    static double requestsPerSecond(
        const model::MetricsSnapshot &earlier, const model::MetricsSnapshot &later, qint64 wallIntervalMs);

    static QJsonObject statusJson(
        const model::MetricsSnapshot &now, double requestsPerSecond, const QString &engineUrl);
    static QByteArray prometheusText(const model::MetricsSnapshot &now);
    // Escapes \, " and newline for a Prometheus label value.
    static QByteArray escapeLabelValue(const QString &value);

    static constexpr char kProblemContentType[] = "application/problem+json";
    // RFC 9110 section 15's reason phrase of `status` ("Content Too Large"),
    // "Error" for a status the API never answers.
    static QString reasonPhrase(int status);
    // An RFC 9457 problem details object: {type: "about:blank", title (the
    // status' reason phrase), status, detail} and, when given, "field": the
    // request member at fault (JSON name, as sent).
    static QJsonObject problem(int status, const QString &detail, const QString &field = {});
};

} // namespace hostbench::control
