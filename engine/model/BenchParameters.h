#pragma once

#include "model/LoadStages.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

namespace hostbench::model {

/*
 * What a load-generator run does, as ab, wrk and wrk2 spell it.
 * Plain value; any thread.
 */
struct BenchParameters
{
    QString url; // http://host[:port]/path[?query], or https://
    QByteArray method = "GET"; // -m
    QList<QPair<QByteArray, QByteArray>> headers; // -H "Name: value", in order
    QByteArray body; // -p FILE contents
    QByteArray contentType; // -T
    QString hostOverride; // Host header instead of the URL's authority
    int concurrency = 1; // -c: connections
    qint64 requests = 0; // -n: total requests; 0 = use durationMs
    qint64 durationMs = 0; // -t: run length (ms); used when requests == 0
    bool keepAlive = false; // -k
    int threads = 1; // --threads: generator threads
    double rate = 0; // --rate: requests/s (open model); 0 = closed model
    qint64 warmupMs = 0; // --warmup: not counted
    int sampleIntervalMs = 100; // live sample period
    int timeoutMs = 30000; // a request without an answer by then fails (timeout)
    // https:// only. tlsVerify: the server's certificate is checked against
    // the system store and tlsRoots (--insecure: not at all); tlsResume: a
    // new connection resumes the session of the one before it (a ticket),
    // else every connection pays a full handshake.
    bool tlsVerify = true;
    bool tlsResume = true;
    QStringList tlsRoots; // further trusted roots (PEM files): the data folder's local CA
    // --threshold texts (model::Threshold's grammar, each parsed before the
    // run), checked on the finished run: stored with it, printed after its
    // report, the exit status of bench.
    QStringList thresholds;
    // --abort-on-fail: the run stops at the first interval sample after which
    // a threshold fails on the figures so far (bench/ThresholdWatch.h says
    // when they are checked); RunSummary::abortedBy then names it.
    bool abortOnFail = false;
    // Compared with the baseline of its target after the run (bench
    // --compare-baseline, "compare_baseline", the Benchmark page's box).
    // baselineRunId: the baseline run that the comparison and the
    // FACTOR*baseline thresholds use, set when the run starts (the window's
    // and the control API's runs; runs::BaselineCheck), so that they are
    // checked against the same run when it is read again; 0: none.
    bool compareBaseline = false;
    qint64 baselineRunId = 0;
    // --stages: the open model's rate ramped stage by stage (model::LoadStages),
    // from `rate` (0 without --rate); the run lasts their sum (durationMs),
    // after the warm-up, which is sent at `rate`. Empty: a constant rate.
    QList<LoadStage> stages;
    // --h2: HTTP/2 (RFC 9113) instead of HTTP/1.1: h2 by ALPN for https://,
    // h2c with prior knowledge for http://. streams (--streams, h2load's -m):
    // requests in flight at a time on each connection (1..1000); HTTP/2 only.
    bool http2 = false;
    int streams = 1;
    // --find-capacity (model::CapacitySearch): the SLOs every step is judged
    // by (empty: no search; model::Threshold's grammar), the judged part of
    // each step (ms; each step first runs warmupMs unjudged) and the
    // precision (a share of the rate). `rate` is the search's start rate.
    struct CapacityPlan
    {
        QStringList slo;
        qint64 stepMs = 3000;
        double precision = 0.05;

        bool operator==(const CapacityPlan &) const = default;
    };
    CapacityPlan findCapacity;

    // The open model: a rate, or stages (with or without one).
    bool isOpenModel() const { return rate > 0 || !stages.isEmpty(); }
    bool isCapacitySearch() const { return !findCapacity.slo.isEmpty(); }
};

} // namespace hostbench::model
